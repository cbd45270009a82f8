//! The file system's edges: every read and write of a path that the player or another program
//! can influence goes through here (saved games, the window's store, its log and lock, a
//! ballot of openings, the desktop files, a proof).
//!
//! - [`read`]/[`read_text`] ask what the path is before opening it, open it without waiting
//!   (a named pipe never blocks), ask the file opened again, and read at most a cap: a FIFO,
//!   a device (`/dev/zero`), a folder or a file too large is a [`DiskError`] naming the path
//!   and what it is, never a hang or a heap grown without bound.
//! - [`write_atomically`] (a path the player chose), [`write_private`] (the data folder's
//!   own files, 0600, never through a link) and [`write_under`] (a folder given on the command
//!   line, no link followed below it) replace a file whole: a temporary file beside it, fsync,
//!   rename, folder fsync; never a folder, pipe or device.
//! - [`move_aside`] renames whatever is at a path out of the way, never following a link.
//! - [`Stamp`]: what a file is now (size, time, identity) without opening it.

mod read;
mod write;

pub use read::{Links, read, read_text, saved_games};
pub use write::{
    Appender, create_private_log, move_aside, open_lock, private_folder, probe_private, write_atomically,
    write_private, write_under,
};

use std::fs;
use std::path::{Path, PathBuf};

/// What a path that is not a regular file is (`savefile::LoadError::NotAFile`, and what a save refuses to replace).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A folder.
    Folder,
    /// A named pipe: reading it would wait for a writer.
    Fifo,
    /// A Unix socket.
    Socket,
    /// A character device (a terminal, `/dev/zero`, …).
    CharDevice,
    /// A block device (a disk).
    BlockDevice,
    /// A symbolic link (where links are not followed).
    Link,
    /// Anything else that is not a regular file.
    Other,
}

impl FileKind {
    /// What `file_type` is, or `None` for a regular file.
    pub fn of(file_type: fs::FileType) -> Option<FileKind> {
        if file_type.is_file() {
            return None;
        }
        if file_type.is_dir() {
            return Some(FileKind::Folder);
        }
        if file_type.is_symlink() {
            return Some(FileKind::Link);
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if file_type.is_fifo() {
                return Some(FileKind::Fifo);
            }
            if file_type.is_socket() {
                return Some(FileKind::Socket);
            }
            if file_type.is_char_device() {
                return Some(FileKind::CharDevice);
            }
            if file_type.is_block_device() {
                return Some(FileKind::BlockDevice);
            }
        }
        Some(FileKind::Other)
    }
}

impl std::fmt::Display for FileKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FileKind::Folder => "a folder",
            FileKind::Fifo => "a named pipe (FIFO)",
            FileKind::Socket => "a socket",
            FileKind::CharDevice => "a character device",
            FileKind::BlockDevice => "a block device",
            FileKind::Link => "a symbolic link",
            FileKind::Other => "not a regular file",
        })
    }
}

/// Why a path could not be read or written. Each names the path; nothing was changed.
#[derive(Debug, thiserror::Error)]
pub enum DiskError {
    /// The path is not a regular file (a folder, a FIFO, a device, a link where none is
    /// followed); it was not opened, or not read.
    #[error("{} is {kind}, not a file Omweso reads or replaces", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// A folder was expected (the data folder, a folder on the way to a file) and something
    /// else is there: a file, a link where none is followed, a FIFO…
    #[error("{} is {}, not a folder", path.display(), kind.map_or("a file".to_string(), |k| k.to_string()))]
    NotAFolder {
        /// The path.
        path: PathBuf,
        /// What is there (`None`: a regular file).
        kind: Option<FileKind>,
    },
    /// The file holds more than the cap for what it should be.
    #[error("{} is larger than {limit} bytes", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The cap, in bytes.
        limit: u64,
    },
    /// The file is not UTF-8 text.
    #[error("{} is not text (invalid UTF-8 at byte {at})", path.display())]
    NotText {
        /// The file.
        path: PathBuf,
        /// The offset of the first byte that is not UTF-8.
        at: usize,
    },
    /// The system refused.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl DiskError {
    fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DiskError + '_ {
        move |source| DiskError::Io { path: path.to_path_buf(), source }
    }

    /// True when nothing is at the path (the system's "not found").
    pub fn not_found(&self) -> bool {
        matches!(self, DiskError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound)
    }

    /// The path the error is about.
    pub fn path(&self) -> &Path {
        match self {
            DiskError::NotAFile { path, .. }
            | DiskError::NotAFolder { path, .. }
            | DiskError::TooLarge { path, .. }
            | DiskError::NotText { path, .. }
            | DiskError::Io { path, .. } => path,
        }
    }
}

/// What a file is now, read from its metadata without opening it (a named pipe or a device
/// there never blocks): its kind, size, modification time and identity on its device. Two
/// stamps differ when another program wrote or replaced the file in between.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stamp {
    kind: Option<FileKind>,
    len: u64,
    modified: Option<std::time::SystemTime>,
    identity: (u64, u64),
}

impl Stamp {
    /// The stamp of what `path` names (through links), or `None` when nothing is there or
    /// it cannot be asked.
    pub fn of(path: &Path) -> Option<Stamp> {
        let m = fs::metadata(path).ok()?;
        #[cfg(unix)]
        let identity = {
            use std::os::unix::fs::MetadataExt;
            (m.dev(), m.ino())
        };
        #[cfg(not(unix))]
        let identity = (0, 0);
        Some(Stamp { kind: FileKind::of(m.file_type()), len: m.len(), modified: m.modified().ok(), identity })
    }
}

#[cfg(test)]
impl Stamp {
    /// A stamp for a file of a disk in memory, numbered by the write that made it (the
    /// model's tests: `app::model::test_disk`).
    pub(crate) fn numbered(n: u64) -> Stamp {
        Stamp { kind: None, len: n, modified: None, identity: (0, 0) }
    }
}

/// Helpers for the tests of the file system's edges here and in the modules that use them.
#[cfg(all(test, unix))]
pub(crate) mod testing {
    use std::path::Path;

    /// Makes a named pipe at `path`.
    pub fn fifo(path: &Path) {
        use std::os::unix::ffi::OsStrExt;
        let name = std::ffi::CString::new(path.as_os_str().as_bytes()).expect("a path without NUL");
        // SAFETY: mkfifo(3) reads the NUL-terminated name, which lives across the call.
        assert_eq!(unsafe { libc::mkfifo(name.as_ptr(), 0o600) }, 0, "mkfifo {}", path.display());
    }

    /// Runs `f` on a thread of its own and gives its answer, failing the test when it takes
    /// more than `seconds` (what hangs fails instead of hanging the test run).
    pub fn within<T: Send + 'static>(seconds: u64, f: impl FnOnce() -> T + Send + 'static) -> T {
        let (send, answer) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = send.send(f());
        });
        answer.recv_timeout(std::time::Duration::from_secs(seconds)).expect("it hangs")
    }
}

#[cfg(all(test, unix))]
mod tests;
