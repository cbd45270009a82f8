//! The storage the window keeps between runs (the settings, the game, the lesson and step,
//! the window's rectangle): a map of keys to RON texts in one file, `app.ron` in the data
//! folder, the format eframe's own storage reads. It is written whenever what it keeps
//! changes, on a thread of its own (never on the frame), atomically
//! ([`crate::disk::write_atomically`]: a temporary file, fsync, rename), so that a kill at
//! any moment leaves the last complete version; a write that fails is told to the player
//! once, until one succeeds again.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;
use web_time::Instant;

/// What the window keeps between runs, key by key (RON texts): the one interface the model
/// reads and writes its settings and its game through (issue 49), so that it names no
/// storage of a platform. Every `eframe::Storage` is one ([`Store`], the desktop's file
/// written on its own thread; [`Memory`], for tests); a browser's local storage would be
/// another.
pub trait Kept {
    /// The text kept under `key`, if any.
    fn kept(&self, key: &str) -> Option<String>;
    /// Keeps `value` under `key`.
    fn keep(&mut self, key: &str, value: String);
    /// Forgets what is kept under `key`.
    fn forget(&mut self, key: &str);
}

impl<S: eframe::Storage> Kept for S {
    fn kept(&self, key: &str) -> Option<String> {
        eframe::Storage::get_string(self, key)
    }
    fn keep(&mut self, key: &str, value: String) {
        eframe::Storage::set_string(self, key, value);
    }
    fn forget(&mut self, key: &str) {
        eframe::Storage::remove_string(self, key);
    }
}

/// Storage in memory, key by key: for tests (the model's own, and those of the program
/// that close a window and open it again from what it kept).
#[derive(Default)]
pub struct Memory(pub std::collections::HashMap<String, String>);

impl eframe::Storage for Memory {
    fn get_string(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn set_string(&mut self, key: &str, value: String) {
        self.0.insert(key.into(), value);
    }
    fn remove_string(&mut self, key: &str) {
        self.0.remove(key);
    }
    fn flush(&mut self) {}
}

/// The file in which eframe keeps the window's storage (`app.ron` in eframe's storage folder
/// for `app_id`), where there is one.
#[cfg(not(target_arch = "wasm32"))]
pub fn storage_file(app_id: &str) -> Option<PathBuf> {
    eframe::storage_dir(app_id).map(|dir| dir.join("app.ron"))
}

/// The key under which the settings keep the renderer (`model::settings` writes it there,
/// and its test holds the two together).
pub const RENDERER_KEY: &str = "omweso.settings.renderer";

/// The renderer setting kept in `storage_file` (read before the window opens, so before
/// the store): the default when there is none or it cannot be read.
pub fn remembered_renderer(storage_file: &Path) -> crate::app::services::renderer::RendererChoice {
    let read = || -> Option<crate::app::services::renderer::RendererChoice> {
        // Through the store's own reader: a FIFO or /dev/zero at the file neither hangs nor
        // grows the start (issue 40); what cannot be read is no choice.
        let text = crate::disk::read_text(storage_file, MAX_STORE_BYTES, crate::disk::Links::Refuse).ok()?;
        let map: std::collections::HashMap<String, String> = ron::from_str(&text).ok()?;
        ron::from_str(map.get(RENDERER_KEY)?).ok()
    };
    read().unwrap_or_default()
}

/// The window's storage: the values in memory, and the writer that puts them on disk.
pub struct Store {
    values: BTreeMap<String, String>,
    /// Values changed since the last [`Store::flush`].
    dirty: bool,
    /// Where the values go; `None` keeps them in memory only (tests, or no data folder).
    writer: Option<Handle>,
    /// Or where they are written at once, in the frame (the page's local storage, see
    /// [`Store::writing_to`]), and why its last write failed, if it did and was not told.
    sink: Option<Sink>,
    sink_failure: Option<String>,
    /// The sink's last write failed (a failure is told once, until a write succeeds).
    sink_failing: bool,
}

/// Writes the text of every value (RON) where it is kept, at once: the page's local
/// storage, which writes in memory and keeps it for the browser. Errors: why it could not
/// (the storage full or refused), said to the player once.
pub type Sink = Box<dyn FnMut(&str) -> Result<(), String> + Send>;

/// A handle on the store's writer, for the signal handler: it waits for the last version
/// to reach the disk before the process ends.
#[derive(Clone)]
pub struct Handle(Arc<Writer>);

struct Writer {
    file: PathBuf,
    state: Mutex<Pending>,
    changed: Condvar,
}

#[derive(Default)]
struct Pending {
    /// The newest text not yet written (an older one waiting is replaced: only the last
    /// version matters).
    text: Option<String>,
    /// A write is under way.
    busy: bool,
    /// Why the last write failed, while it has not been followed by one that succeeded.
    failure: Option<String>,
    /// The failure has been told to the player.
    told: bool,
    /// The store is gone: the thread ends once nothing is waiting.
    stop: bool,
}

impl Store {
    /// The values kept in `file` (an unreadable file has been set aside already, see
    /// [`super::set_aside::set_aside_unreadable`]), written back there as they change.
    /// Returns the store and, when the folder cannot be written, a notice for the player
    /// (the game will not be kept between runs).
    pub fn open(file: &Path) -> (Store, Option<String>) {
        let values = read_values(file);
        let notice = crate::disk::probe_private(file).err().map(|e| {
            log::warn!("storage {} cannot be written: {e}", file.display());
            format!("Omweso cannot keep your settings and game between runs ({e}). Save the game to a file to keep it.")
        });
        let writer = Arc::new(Writer { file: file.to_path_buf(), state: Mutex::default(), changed: Condvar::new() });
        let thread = Arc::clone(&writer);
        let spawned = std::thread::Builder::new().name("omweso-store".into()).spawn(move || thread.run());
        let (writer, notice) = match spawned {
            Ok(_) => (Some(Handle(writer)), notice),
            Err(e) => (None, Some(format!("Omweso cannot keep your settings and game between runs ({e})."))),
        };
        let mut store = Store::in_memory();
        store.values = values;
        store.writer = writer;
        (store, notice)
    }

    /// The values kept in `file`, never written back: the store of a window that could not
    /// take the data folder's lock (a read-only, full or unusable folder), which must not
    /// overwrite what another window keeps there.
    pub fn read_only(file: &Path) -> Store {
        let mut store = Store::in_memory();
        store.values = read_values(file);
        store
    }

    /// The window's store and what to tell the player about it, for `file` (`None`: the
    /// system has no data folder). A file that cannot be read is set aside first
    /// ([`super::set_aside::set_aside_unreadable`]: eframe's format would be replaced,
    /// losing the settings and the autosaved game). When the data folder cannot be used
    /// (`unusable`: the window holds no lock), the values are read but never written: a
    /// window without the lock must not overwrite another window's autosave, so this one
    /// keeps nothing, and says so once.
    pub fn for_window(file: Option<&Path>, unusable: Option<&crate::disk::DiskError>) -> (Store, Vec<String>) {
        match (file, unusable) {
            (Some(file), None) => {
                let mut notices: Vec<String> = super::set_aside::set_aside_unreadable(file, MAX_STORE_BYTES).into_iter().collect();
                let (store, notice) = Store::open(file);
                notices.extend(notice);
                (store, notices)
            }
            (Some(file), Some(why)) => {
                log::warn!("the data folder cannot be used ({why}): nothing is kept between runs");
                let notice = format!(
                    "Omweso cannot use its data folder ({why}). Nothing is autosaved and your settings and game \
                     will not be kept between runs: save the game to a file (Game → Save as) to keep it."
                );
                (Store::read_only(file), vec![notice])
            }
            (None, _) => (
                Store::in_memory(),
                vec!["This system has no folder for Omweso's settings and game between runs: save the game to a file to keep it.".into()],
            ),
        }
    }

    /// A store in memory only (tests; a system with no data folder).
    pub fn in_memory() -> Store {
        Store {
            values: BTreeMap::new(),
            dirty: false,
            writer: None,
            sink: None,
            sink_failure: None,
            sink_failing: false,
        }
    }

    /// The values kept in `text` (what `sink` wrote last time, or none), written back
    /// through `sink` as they change, within the frame that changed them (the page: the
    /// browser's local storage is written in memory, so no thread is needed).
    pub fn writing_to(text: Option<&str>, sink: Sink) -> Store {
        let mut store = Store::in_memory();
        store.values = text.and_then(|t| ron::from_str(t).ok()).unwrap_or_default();
        store.sink = Some(sink);
        store
    }

    /// The handle the signal handler waits on (`None` for a store in memory).
    pub fn handle(&self) -> Option<Handle> {
        self.writer.clone()
    }

    /// Why the last write failed, once per failure (a write that succeeds resets it).
    pub fn take_problem(&mut self) -> Option<String> {
        if let Some(failure) = self.sink_failure.take() {
            return Some(format!(
                "Omweso could not keep your settings and game between visits ({failure}). Save the game to a file to keep it."
            ));
        }
        let writer = self.writer.as_ref()?;
        let mut p = writer.0.lock();
        if p.told {
            return None;
        }
        let failure = p.failure.clone()?;
        p.told = true;
        // The failure names the file.
        Some(format!(
            "Omweso could not keep your settings and game between runs ({failure}). Save the game to a file to keep it."
        ))
    }

    /// Waits up to `limit` for every version handed to the writer to be written.
    pub fn wait(&self, limit: Duration) -> bool {
        self.writer.as_ref().is_none_or(|w| w.wait(limit))
    }
}

impl Handle {
    /// Waits up to `limit` for every version handed to the writer to be written; false
    /// when the time ran out.
    pub fn wait(&self, limit: Duration) -> bool {
        let end = Instant::now() + limit;
        let mut p = self.0.lock();
        while p.text.is_some() || p.busy {
            let left = end.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            p = self.0.changed.wait_timeout(p, left).unwrap_or_else(|e| e.into_inner()).0;
        }
        true
    }
}

impl Writer {
    fn lock(&self) -> std::sync::MutexGuard<'_, Pending> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The writer's thread: writes each newest version, until the store is dropped.
    fn run(&self) {
        let mut p = self.lock();
        loop {
            if let Some(text) = p.text.take() {
                p.busy = true;
                drop(p);
                let result = write(&self.file, &text);
                p = self.lock();
                p.busy = false;
                match result {
                    Ok(()) => {
                        p.failure = None;
                        p.told = false;
                    }
                    Err(e) => {
                        log::error!("storage {} not written: {e}", self.file.display());
                        p.failure = Some(e.to_string());
                    }
                }
                self.changed.notify_all();
            } else if p.stop {
                return;
            } else {
                p = self.changed.wait(p).unwrap_or_else(|e| e.into_inner());
            }
        }
    }
}

/// The most bytes the storage file may hold (the kept game, at most
/// [`crate::savefile::MAX_FILE_BYTES`], written as a string inside it, and the settings).
pub const MAX_STORE_BYTES: u64 = 4 * crate::savefile::MAX_FILE_BYTES;

/// The values in the storage file, or none when it cannot be read (a link, a FIFO, a device,
/// too large: never followed, waited on or read whole).
fn read_values(file: &Path) -> BTreeMap<String, String> {
    crate::disk::read_text(file, MAX_STORE_BYTES, crate::disk::Links::Refuse)
        .ok()
        .and_then(|t| ron::from_str(&t).ok())
        .unwrap_or_default()
}

/// Writes the storage file (owner-only, never through a link), making its folder first.
fn write(file: &Path, text: &str) -> Result<(), crate::disk::DiskError> {
    crate::disk::write_private(file, text.as_bytes())
}

impl eframe::Storage for Store {
    fn get_string(&self, key: &str) -> Option<String> {
        self.values.get(key).cloned()
    }

    fn set_string(&mut self, key: &str, value: String) {
        if self.values.get(key) != Some(&value) {
            self.values.insert(key.to_owned(), value);
            self.dirty = true;
        }
    }

    fn remove_string(&mut self, key: &str) {
        self.dirty |= self.values.remove(key).is_some();
    }

    /// Hands the values to the writer when they changed; returns at once.
    fn flush(&mut self) {
        if !self.dirty {
            return;
        }
        self.dirty = false;
        if let Some(sink) = &mut self.sink {
            match ron::to_string(&self.values).map_err(|e| e.to_string()).and_then(|text| sink(&text)) {
                Ok(()) => self.sink_failing = false,
                Err(e) => {
                    log::error!("storage not kept: {e}");
                    if !std::mem::replace(&mut self.sink_failing, true) {
                        self.sink_failure = Some(e);
                    }
                }
            }
            return;
        }
        let Some(writer) = &self.writer else { return };
        match ron::ser::to_string_pretty(&self.values, ron::ser::PrettyConfig::default()) {
            Ok(text) => {
                writer.0.lock().text = Some(text);
                writer.0.changed.notify_all();
            }
            Err(e) => log::error!("storage not serialised: {e}"),
        }
    }
}

impl Drop for Store {
    /// The last version reaches the disk before the window ends (up to ten seconds).
    fn drop(&mut self) {
        eframe::Storage::flush(self);
        if let Some(w) = &self.writer {
            if !w.wait(Duration::from_secs(10)) {
                log::error!("storage {}: the last write did not finish", w.0.file.display());
            }
            w.0.lock().stop = true;
            w.0.changed.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use eframe::Storage;

    #[test]
    fn values_are_written_atomically_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("omweso").join("app.ron");
        let (mut store, notice) = Store::open(&file);
        assert_eq!(notice, None);
        store.set_string("omweso.settings.letters", "false".into());
        store.flush();
        assert!(store.wait(Duration::from_secs(10)));
        let (back, _) = Store::open(&file);
        assert_eq!(back.get_string("omweso.settings.letters").as_deref(), Some("false"));
        // eframe reads the same file as its own storage: a map of strings.
        let map: std::collections::HashMap<String, String> =
            ron::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(map.len(), 1);
        let leftovers: Vec<_> = std::fs::read_dir(file.parent().unwrap()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no temporary file is left: {leftovers:?}");
    }

    #[test]
    fn a_storage_place_that_cannot_be_written_is_told() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("app.ron");
        std::fs::create_dir(&file).unwrap();
        let (mut store, notice) = Store::open(&file);
        assert!(notice.is_some_and(|n| n.contains("a folder")), "the folder in the way is named at the start");
        store.set_string("k", "v".into());
        store.flush();
        assert!(store.wait(Duration::from_secs(10)));
        let problem = store.take_problem().expect("the failed write is told");
        assert!(problem.contains("Save the game to a file"), "{problem}");
        assert_eq!(store.take_problem(), None, "told once");
        // Once the place is usable again, a write succeeds and a later failure is told anew.
        std::fs::remove_dir(&file).unwrap();
        store.set_string("k", "w".into());
        store.flush();
        assert!(store.wait(Duration::from_secs(10)));
        assert_eq!(store.take_problem(), None);
        assert_eq!(std::fs::read_to_string(&file).map(|t| t.contains("\"w\"")).ok(), Some(true));
    }

    #[test]
    fn an_unchanged_value_is_not_written_again() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("app.ron");
        let (mut store, _) = Store::open(&file);
        store.set_string("k", "v".into());
        store.flush();
        assert!(store.wait(Duration::from_secs(10)));
        std::fs::remove_file(&file).unwrap();
        store.set_string("k", "v".into());
        store.flush();
        assert!(store.wait(Duration::from_secs(10)));
        assert!(!file.exists(), "nothing changed, nothing written");
    }
}
