//! Opening and saving games: the file dialogs sit behind [`FileDialogs`] so that tests can
//! stand in for them; the file format is [`crate::savefile`].

use std::path::{Path, PathBuf};
use std::sync::mpsc::Receiver;

/// What a file is now, asked without opening it ([`crate::disk::Stamp`]): the model keeps
/// the stamp of the document's file as data, and compares it with the one the service gives.
pub use crate::disk::Stamp;

/// What is at a path where a game is about to be saved, asked without opening it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// Something is there (a file, a folder, a link even to nothing).
    pub exists: bool,
    /// The stamp of what is there (through links), when it can be asked.
    pub stamp: Option<Stamp>,
}

/// Looks at `path` without opening it (a named pipe or a device there never blocks).
pub fn look(path: &Path) -> Look {
    Look { exists: std::fs::symlink_metadata(path).is_ok(), stamp: Stamp::of(path) }
}

/// Reads the saved game at `path`, with the file's stamp as read (in the page: the file
/// chosen in the browser's picker under that name, `web::picked`).
///
/// # Errors
/// What [`crate::savefile::SavedGame::load`] refuses (too large, not a file, not a saved
/// game…), in words that name the file.
pub fn read_game(path: &Path) -> Result<(crate::savefile::SavedGame, Option<Stamp>), String> {
    #[cfg(target_arch = "wasm32")]
    let read = crate::app::services::web::picked::read_chosen(path).map(|game| (game, None));
    #[cfg(not(target_arch = "wasm32"))]
    let read = crate::savefile::SavedGame::load(path).map_err(|e| e.to_string()).map(|game| (game, Stamp::of(path)));
    read
}

/// Writes `game` to `path` (atomically: a temporary file, fsync, rename), and gives the
/// file's stamp as written (in the page: a download named after `path`, no stamp).
///
/// # Errors
/// What [`crate::savefile::SavedGame::save`] meets (a folder that is not there, no room,
/// no right to write), in words that name the file.
pub fn write_game(path: &Path, game: &crate::savefile::SavedGame) -> Result<Option<Stamp>, String> {
    #[cfg(target_arch = "wasm32")]
    let written = crate::app::services::web::picked::download(path, game).map(|()| None);
    #[cfg(not(target_arch = "wasm32"))]
    let written = game.save(path).map_err(|e| e.to_string()).map(|()| Stamp::of(path));
    written
}

/// Asks the user for a file to open or a place to save.
pub trait FileDialogs {
    /// A saved game to open; `Ok(None)` when cancelled, `Err` (a message for the player)
    /// when no dialog can be shown.
    fn open(&mut self) -> Result<Option<PathBuf>, String>;
    /// Where to save, suggesting `name`; `Ok(None)` when cancelled, `Err` when no dialog
    /// can be shown.
    fn save(&mut self, name: &str) -> Result<Option<PathBuf>, String>;
    /// The dialog for `action` on a thread of its own, so that the window goes on drawing
    /// while it is open: `None` when these dialogs answer at once (the methods above are
    /// used then), `Some(Err)` when no dialog can be shown, else where the answer (a path,
    /// or `None` when cancelled) arrives.
    fn ask_later(&mut self, action: FileAction, name: &str) -> Option<Result<Receiver<DialogAnswer>, String>> {
        let _ = (action, name);
        None
    }
}

/// What the system's file dialog answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DialogAnswer {
    /// The file chosen.
    Chosen(PathBuf),
    /// The player cancelled it (or its thread ended without an answer).
    Cancelled,
    /// It came back empty at once: no dialog was shown (a session bus with no desktop
    /// portal behind it, where rfd returns as if cancelled). The typed-path prompt asks
    /// instead.
    NotShown,
}

/// An empty answer sooner than this after asking means no dialog was shown: no person
/// cancels a file dialog that fast.
#[cfg(not(target_arch = "wasm32"))]
const SHOWN_AT_LEAST: std::time::Duration = std::time::Duration::from_millis(400);

/// The system's file dialogs (rfd).
pub struct SystemDialogs;

#[cfg(not(target_arch = "wasm32"))]
impl SystemDialogs {
    /// On Linux rfd asks the desktop portal over D-Bus, then falls back to zenity; with
    /// neither it returns as if cancelled. Say so instead.
    fn available() -> Result<(), String> {
        if !cfg!(target_os = "linux") {
            return Ok(());
        }
        let portal = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some();
        let zenity = std::env::var_os("PATH")
            .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
        if portal || zenity {
            Ok(())
        } else {
            Err("No file dialog can be shown here: there is no desktop portal and no zenity \
                 (apt-get install zenity gives one)."
                .into())
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl FileDialogs for SystemDialogs {
    fn open(&mut self) -> Result<Option<PathBuf>, String> {
        SystemDialogs::available()?;
        Ok(rfd::FileDialog::new().add_filter("Omweso game", &["omweso"]).pick_file())
    }

    fn save(&mut self, name: &str) -> Result<Option<PathBuf>, String> {
        SystemDialogs::available()?;
        Ok(rfd::FileDialog::new().add_filter("Omweso game", &["omweso"]).set_file_name(name).save_file())
    }

    /// The desktop portal's dialog (rfd) on a thread: it may wait there as long as the
    /// player likes while the window draws on.
    fn ask_later(&mut self, action: FileAction, name: &str) -> Option<Result<Receiver<DialogAnswer>, String>> {
        if let Err(why) = SystemDialogs::available() {
            return Some(Err(why));
        }
        let (tx, rx) = std::sync::mpsc::channel();
        let name = name.to_string();
        let spawned = std::thread::Builder::new().name("omweso-file-dialog".into()).spawn(move || {
            let dialog = rfd::FileDialog::new().add_filter("Omweso game", &["omweso"]);
            let asked = std::time::Instant::now();
            let answer = match action {
                FileAction::Open => dialog.pick_file(),
                FileAction::Save => dialog.set_file_name(name).save_file(),
            };
            let _ = tx.send(match answer {
                Some(path) => DialogAnswer::Chosen(path),
                None if asked.elapsed() < SHOWN_AT_LEAST => {
                    log::warn!("the file dialog came back empty at once: no desktop portal answered");
                    DialogAnswer::NotShown
                }
                None => DialogAnswer::Cancelled,
            });
        });
        Some(spawned.map(|_| rx).map_err(|e| format!("No file dialog can be shown: {e}")))
    }
}

/// A file dialog open on its thread, and what its answer is for.
pub struct PendingDialog {
    /// Open or save.
    pub action: FileAction,
    answer: Receiver<DialogAnswer>,
}

impl PendingDialog {
    /// A dialog for `action` answering on `answer`.
    pub fn new(action: FileAction, answer: Receiver<DialogAnswer>) -> PendingDialog {
        PendingDialog { action, answer }
    }

    /// The answer once it has come ([`DialogAnswer::Cancelled`] when the dialog's thread
    /// ended without one).
    pub fn poll(&self) -> Option<DialogAnswer> {
        match self.answer.try_recv() {
            Ok(answer) => Some(answer),
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => Some(DialogAnswer::Cancelled),
        }
    }
}

/// A path as a person types it: surrounding spaces dropped and a leading `~` standing for
/// the home folder (`~/games/a.omweso`).
pub fn typed_path(text: &str) -> PathBuf {
    let t = text.trim();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    match (t.strip_prefix("~/").or(if t == "~" { Some("") } else { None }), home) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(t),
    }
}

/// What a typed path is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAction {
    /// Open a saved game.
    Open,
    /// Save the game.
    Save,
}

/// The prompt for a file's path, shown where no file dialog can be (no desktop portal and
/// no zenity), so that opening and saving still work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathPrompt {
    /// Open or save.
    pub action: FileAction,
    /// The path typed so far; it starts at the game's file or the games folder.
    pub text: String,
    /// Why the system's dialog could not be shown.
    pub why: String,
    /// The field has been given the keyboard (once, when the prompt opens).
    pub focused: bool,
    /// The folder the prompt starts in, and for Open the saved games in it (newest
    /// first, at most [`PathPrompt::LISTED`]), offered as one click each.
    pub folder: PathBuf,
    /// The saved games listed.
    pub games: Vec<PathBuf>,
}

impl PathPrompt {
    /// At most this many saved games are listed.
    pub const LISTED: usize = 12;

    /// A prompt for `action`, starting from `current` (the game's file) when there is one,
    /// else in the games folder ([`games_folder`], from `folder`: the last one a game was
    /// opened from or saved to), with `game.omweso` for a save.
    pub fn new(action: FileAction, current: Option<&Path>, folder: Option<&Path>, why: String) -> PathPrompt {
        let folder = current
            .and_then(Path::parent)
            .filter(|f| f.is_dir())
            .map_or_else(|| games_folder(folder), Path::to_path_buf);
        let text = match (current, action) {
            (Some(path), _) => path.display().to_string(),
            (None, FileAction::Open) => format!("{}{}", folder.display(), std::path::MAIN_SEPARATOR),
            (None, FileAction::Save) => folder.join("game.omweso").display().to_string(),
        };
        let games = match action {
            FileAction::Open => crate::disk::saved_games(&folder, Self::LISTED),
            FileAction::Save => Vec::new(),
        };
        PathPrompt { action, text, why, focused: false, folder, games }
    }
}

/// Where games are opened from and saved to when no file dialog can say: `last` (the folder
/// a game was last opened from or saved to) if it is still a folder, else the home folder's
/// `Documents`, else the home folder, and only then the working folder.
pub fn games_folder(last: Option<&Path>) -> PathBuf {
    let home = ["HOME", "USERPROFILE"]
        .iter()
        .find_map(std::env::var_os)
        .map(PathBuf::from)
        .filter(|h| h.is_absolute() && h.is_dir());
    last.filter(|f| f.is_dir())
        .map(Path::to_path_buf)
        .or_else(|| home.as_ref().map(|h| h.join("Documents")).filter(|d| d.is_dir()))
        .or(home)
        .unwrap_or_else(|| std::env::current_dir().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_path_expands_the_home_folder() {
        let home = PathBuf::from(std::env::var_os("HOME").expect("HOME"));
        assert_eq!(typed_path("  ~/g/a.omweso "), home.join("g/a.omweso"));
        assert_eq!(typed_path("/tmp/x.omweso"), PathBuf::from("/tmp/x.omweso"));
        assert_eq!(typed_path("~user/x"), PathBuf::from("~user/x"), "only ~/ is expanded");
    }

    /// Issue 41: the typed-path fallback starts in a games folder, not the working folder,
    /// and lists the saved games there for Open.
    #[test]
    fn the_path_prompt_starts_in_the_games_folder_and_lists_its_games() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.omweso"), "x").unwrap();
        std::fs::write(dir.path().join("b.txt"), "x").unwrap();
        let open = PathPrompt::new(FileAction::Open, None, Some(dir.path()), String::new());
        assert_eq!(open.folder, dir.path());
        assert_eq!(open.games, vec![dir.path().join("a.omweso")]);
        assert!(open.text.starts_with(&dir.path().display().to_string()));
        let save = PathPrompt::new(FileAction::Save, None, Some(dir.path()), String::new());
        assert_eq!(save.text, dir.path().join("game.omweso").display().to_string());
        assert!(save.games.is_empty());
        // A folder that has gone: the home folder's Documents or the home folder, never
        // the working folder while there is a home.
        let gone = dir.path().join("gone");
        let home = PathBuf::from(std::env::var_os("HOME").expect("HOME"));
        assert!(games_folder(Some(&gone)).starts_with(&home), "{}", games_folder(Some(&gone)).display());
        // The game's own file: its folder.
        let current = dir.path().join("a.omweso");
        let again = PathPrompt::new(FileAction::Open, Some(&current), None, String::new());
        assert_eq!((again.folder.as_path(), again.text.as_str()), (dir.path(), current.to_str().unwrap()));
    }
}
