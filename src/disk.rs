//! The file system's edges, shared by everything the program writes: what a path is when it
//! is not a regular file, and the atomic replacement of a file's contents (a saved game, the
//! storage the window keeps between runs).

use std::fs;
use std::io::Write;
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
            FileKind::Other => "not a regular file",
        })
    }
}

/// Writes `bytes` to `path` atomically. When `path` is a symlink, the file it names is
/// written (the link stays). A fresh temporary file is created in that file's folder
/// (random name, exclusive creation: never an existing file or a planted link), given the
/// permissions of the file it replaces, written, flushed to disk (`fsync`) and renamed over
/// it; the folder is then flushed too, so that the rename survives a power cut.
///
/// # Errors
/// The I/O error of any step, or an error when `path` is a folder, a named pipe, a socket
/// or a device (never replaced); the file is then untouched and no temporary file is left.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = resolve_links(path)?;
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().ok_or_else(|| std::io::Error::other("no file name"))?;
    let replaced = match fs::metadata(&target) {
        // A named pipe, a device or a folder is never replaced by a regular file.
        Ok(m) => match FileKind::of(m.file_type()) {
            Some(kind) => return Err(std::io::Error::other(format!("it is {kind}, not a file to replace"))),
            None => Some(m.permissions()),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets what `File::create` would give (0666 less the umask), not 0600.
    #[cfg(unix)]
    let new_file = <fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(0o666);
    #[cfg(unix)]
    builder.permissions(new_file);
    let mut tmp = builder.tempfile_in(&folder)?;
    if let Some(permissions) = replaced {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(&target).map_err(|e| e.error)?;
    // The rename itself reaches the disk with the folder (best effort: not every system
    // can open a folder to flush it).
    if let Ok(dir) = fs::File::open(&folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

/// Follows `path` through symlinks to the file they name (which may not exist yet), as the
/// system would when opening it; at most 40 links, as Linux allows.
fn resolve_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..40 {
        match fs::symlink_metadata(&current) {
            Ok(m) if m.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(folder) if link.is_relative() => folder.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}
