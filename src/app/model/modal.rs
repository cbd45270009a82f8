//! The windows that ask or tell the player something over the board, as one stack: the top
//! one answers Esc and Enter, and "is play paused?" is one question asked of the stack.

use crate::app::model::command::Command;
pub use crate::app::model::command::ModalKind;
use crate::app::model::setup::NewGameForm;
use crate::app::services::files::PathPrompt;
use omweso_rules::Side;

/// One window over the board.
#[derive(Clone, Debug, PartialEq)]
pub enum Modal {
    /// The New Game dialog with its form.
    NewGame(Box<NewGameForm>),
    /// "Unsaved changes": this command waits for Save, Discard or Cancel.
    Unsaved(Box<Command>),
    /// The prompt for a typed path, where no file dialog can be shown.
    Path(PathPrompt),
    /// The system's file dialog is open (on its own thread): play waits for it.
    FileDialog(crate::app::services::files::FileAction),
    /// "Resign?" asked of this side.
    Resign(Side),
    /// A problem to tell the player (a file that could not be read or written, a notice
    /// about the last session).
    Problem(String),
    /// The game's file changed on disk since this window read or wrote it: Save waits for
    /// Reload, Save as, Overwrite or Cancel.
    ChangedOnDisk(std::path::PathBuf),
    /// A typed path names a file that is not the game's own: "Replace …?" (Replace or
    /// Cancel, back to the path), as a file dialog asks.
    Replace(std::path::PathBuf),
    /// The keyboard help (it does not pause play).
    Help,
    /// Help → About: the version and where the log is (it does not pause play).
    About,
    /// The list of lessons (Help → Learn Omweso).
    Learn,
    /// The list of puzzles (Help → Puzzles).
    Puzzles,
    /// The rules book (it does not pause play).
    Rules,
    /// What the marks on the board mean (it does not pause play).
    Legend,
    /// Game → Play online…: the form, and what must be filled in first, if anything.
    Online(Box<(crate::app::model::online::OnlineForm, Option<String>)>),
    /// The one-page rules summary, to keep open during a game (it does not pause play).
    Summary,
    /// "Leave the game?": this command would leave an online game that is on (the seat is
    /// kept in Game → Online games); it waits for Leave, Resign instead or Stay.
    Leave(Box<Command>),
    /// Game → Online games: the player's unfinished online games, each to resume.
    OnlineGames,
}

impl Modal {
    /// Which window this is.
    pub fn kind(&self) -> ModalKind {
        match self {
            Modal::NewGame(_) => ModalKind::NewGame,
            Modal::Unsaved(_) => ModalKind::Unsaved,
            Modal::Path(_) => ModalKind::Path,
            Modal::FileDialog(_) => ModalKind::FileDialog,
            Modal::Resign(_) => ModalKind::Resign,
            Modal::Problem(_) => ModalKind::Problem,
            Modal::ChangedOnDisk(_) => ModalKind::ChangedOnDisk,
            Modal::Replace(_) => ModalKind::Replace,
            Modal::Help => ModalKind::Help,
            Modal::About => ModalKind::About,
            Modal::Learn => ModalKind::Learn,
            Modal::Puzzles => ModalKind::Puzzles,
            Modal::Rules => ModalKind::Rules,
            Modal::Legend => ModalKind::Legend,
            Modal::Online(_) => ModalKind::Online,
            Modal::Summary => ModalKind::Summary,
            Modal::Leave(_) => ModalKind::Leave,
            Modal::OnlineGames => ModalKind::OnlineGames,
        }
    }

    /// True when play pauses while this window is open: the animation stands still, the
    /// computer starts no search and its answer waits, and the board takes no clicks.
    pub fn pauses(&self) -> bool {
        !matches!(self, Modal::Help | Modal::About | Modal::Rules | Modal::Legend | Modal::Summary)
    }
}

/// The open windows, the newest on top.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Modals {
    /// The windows, bottom first.
    open: Vec<Modal>,
    /// The window that kept the board from taking the player's last click on it.
    blocked: Option<ModalKind>,
}

impl Modals {
    /// Opens `modal` on top (a window of the same kind already open is replaced and moved
    /// up, so that two New Game dialogs or two help windows never stack).
    pub fn open(&mut self, modal: Modal) {
        self.open.retain(|m| m.kind() != modal.kind());
        self.open.push(modal);
    }

    /// The window on top, which answers Esc and Enter.
    pub fn top(&self) -> Option<&Modal> {
        self.open.last()
    }

    /// Closes the top window and returns it.
    pub fn pop(&mut self) -> Option<Modal> {
        self.open.pop()
    }

    /// Closes every window that `matches` says, and returns the first closed.
    pub fn close(&mut self, matches: impl Fn(&Modal) -> bool) -> Option<Modal> {
        let i = self.open.iter().position(&matches)?;
        let m = self.open.remove(i);
        self.open.retain(|m| !matches(m));
        Some(m)
    }

    /// True while a window that pauses play is open.
    pub fn paused(&self) -> bool {
        self.open.iter().any(Modal::pauses)
    }

    /// The window that keeps the board from taking clicks: the newest that pauses play.
    pub fn blocking(&self) -> Option<ModalKind> {
        self.open.iter().rev().find(|m| m.pauses()).map(Modal::kind)
    }

    /// Notes that a click on the board was not taken, because of the window on top that
    /// pauses play ([`Modals::blocking`]).
    pub fn note_blocked_click(&mut self) {
        self.blocked = self.blocking();
    }

    /// The window that kept the board from taking the player's last click on it, while it
    /// is open (the board says so, rather than doing nothing silently).
    pub fn blocked_by(&self) -> Option<ModalKind> {
        self.blocked.filter(|kind| self.open.iter().any(|m| m.kind() == *kind))
    }

    /// The open windows, bottom first.
    pub fn iter(&self) -> impl Iterator<Item = &Modal> {
        self.open.iter()
    }

    /// The open windows, bottom first, to edit (a form's fields, a typed path).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut Modal> {
        self.open.iter_mut()
    }

    /// The New Game form, while the dialog is open.
    pub fn new_game(&self) -> Option<&NewGameForm> {
        self.open.iter().find_map(|m| match m {
            Modal::NewGame(f) => Some(&**f),
            _ => None,
        })
    }

    /// The New Game form to edit, while the dialog is open.
    pub fn new_game_mut(&mut self) -> Option<&mut NewGameForm> {
        self.open.iter_mut().find_map(|m| match m {
            Modal::NewGame(f) => Some(&mut **f),
            _ => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stack_answers_from_the_top_and_pauses_as_one() {
        let mut m = Modals::default();
        assert!(!m.paused());
        m.open(Modal::Help);
        assert!(!m.paused(), "help does not pause play");
        m.open(Modal::Resign(Side::Lower));
        assert!(m.paused());
        m.open(Modal::Problem("x".into()));
        assert_eq!(m.top(), Some(&Modal::Problem("x".into())));
        m.open(Modal::Help);
        assert_eq!(m.iter().count(), 3, "one help window, moved to the top");
        assert_eq!(m.pop(), Some(Modal::Help));
        assert_eq!(m.close(|m| matches!(m, Modal::Resign(_))), Some(Modal::Resign(Side::Lower)));
        assert_eq!(m.pop(), Some(Modal::Problem("x".into())));
        assert!(!m.paused() && m.top().is_none());
    }
}
