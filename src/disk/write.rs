//! The one writer: a file replaced whole and atomically (a temporary file beside it, fsync,
//! rename, folder fsync), never a folder, named pipe or device, and never through a link the
//! program did not make, except a saved game's own path where the player put one.

use super::{DiskError, FileKind};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The mode of the data folder (owner only; folders have modes on Unix only).
#[cfg(unix)]
const PRIVATE_FOLDER: u32 = 0o700;
/// The mode of the data folder's files (owner only).
const PRIVATE_FILE: u32 = 0o600;
/// The mode of a new file the player asked for (less the umask), as `File::create` gives.
const NEW_FILE: u32 = 0o666;
/// The mode of the folders and files [`write_under`] makes (less the umask).
#[cfg(unix)]
const SHARED_FOLDER: u32 = 0o755;
const SHARED_FILE: u32 = 0o644;

/// Writes `bytes` to `path`, a path the player chose (a saved game, a proof), atomically.
/// When `path` is a symlink, the file it names is written (the link stays): the player's own
/// link. A fresh temporary file is created in that file's folder (random name, exclusive
/// creation: never an existing file or a planted link), given the permissions of the file
/// it replaces, written, flushed to disk (`fsync`) and renamed over it; the folder is then
/// flushed too, so that the rename survives a power cut.
///
/// # Errors
/// The I/O error of any step, or an error when `path` is a folder, a named pipe, a socket
/// or a device (never replaced); the file is then untouched and no temporary file is left.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let target = resolve_links(path)?;
    let keep = match fs::metadata(&target) {
        Ok(m) => match FileKind::of(m.file_type()) {
            Some(kind) => return Err(std::io::Error::other(format!("it is {kind}, not a file to replace"))),
            None => Some(m.permissions()),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    replace(&target, bytes, NEW_FILE, keep)
}

/// Writes `bytes` to `path`, one of the program's own files in its data folder, atomically
/// as [`write_atomically`] does, owner-only (0600); a link at `path` is refused, never
/// followed, and the folder is made (0700) when missing.
///
/// # Errors
/// [`DiskError::NotAFile`] when something other than a regular file is at `path` (a link,
/// a folder, a FIFO, a device), or the step that failed, naming the path.
pub fn write_private(path: &Path, bytes: &[u8]) -> Result<(), DiskError> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        private_folder(dir)?;
    }
    refuse_unless_file(path)?;
    replace(path, bytes, PRIVATE_FILE, None).map_err(DiskError::io(path))
}

/// Writes `bytes` to `root/relative` (a folder given on the command line, such as
/// `omweso desktop --share DIR`), atomically. The folders below `root` are made (0755)
/// where missing; none of them, nor the file, may be a link (a link planted in `root`
/// never sends the write elsewhere), and the file must be a regular file or missing.
/// Returns the path written.
///
/// # Errors
/// [`DiskError::NotAFile`] naming the link, FIFO, device or file in the way, or the step
/// that failed.
pub fn write_under(root: &Path, relative: &Path, bytes: &[u8]) -> Result<PathBuf, DiskError> {
    let mut folder = root.to_path_buf();
    fs::DirBuilder::new().recursive(true).create(root).map_err(DiskError::io(root))?;
    let parts: Vec<_> = relative.components().collect();
    let (name, folders) = parts
        .split_last()
        .ok_or_else(|| DiskError::Io { path: root.join(relative), source: std::io::Error::other("no file name") })?;
    for part in folders {
        folder.push(part);
        match fs::symlink_metadata(&folder) {
            Ok(m) if m.is_dir() => {}
            Ok(m) => return Err(DiskError::NotAFolder { path: folder, kind: FileKind::of(m.file_type()) }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                #[cfg_attr(not(unix), expect(unused_mut, reason = "the mode is set on Unix only"))]
                let mut builder = fs::DirBuilder::new();
                #[cfg(unix)]
                std::os::unix::fs::DirBuilderExt::mode(&mut builder, SHARED_FOLDER);
                builder.create(&folder).map_err(DiskError::io(&folder))?;
            }
            Err(e) => return Err(DiskError::Io { path: folder, source: e }),
        }
    }
    let path = folder.join(name);
    refuse_unless_file(&path)?;
    replace(&path, bytes, SHARED_FILE, None).map_err(DiskError::io(&path))?;
    Ok(path)
}

/// Makes the data folder `dir` (and any missing parent) owner-only (0700); an existing one
/// that others may read or enter is made owner-only too.
///
/// # Errors
/// The folder cannot be made, or is not a folder.
pub fn private_folder(dir: &Path) -> Result<(), DiskError> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, PRIVATE_FOLDER);
    if let Err(source) = builder.create(dir) {
        // Something else in its place (a file, a dangling link) is named as such.
        return Err(match fs::symlink_metadata(dir) {
            Ok(m) if !m.is_dir() => {
                DiskError::NotAFolder { path: dir.to_path_buf(), kind: FileKind::of(m.file_type()) }
            }
            _ => DiskError::Io { path: dir.to_path_buf(), source },
        });
    }
    let m = fs::metadata(dir).map_err(DiskError::io(dir))?;
    if !m.is_dir() {
        return Err(DiskError::NotAFolder { path: dir.to_path_buf(), kind: FileKind::of(m.file_type()) });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if m.permissions().mode() & 0o077 != 0 {
            // Best effort: a folder this account does not own stays as it is.
            let _ = fs::set_permissions(dir, fs::Permissions::from_mode(PRIVATE_FOLDER));
        }
    }
    Ok(())
}

/// Whether [`write_private`] could write `path` now: its folder is there (or made), nothing
/// but a regular file is at `path`, and the folder takes a new file.
///
/// # Errors
/// What would make the write fail.
pub fn probe_private(path: &Path) -> Result<(), DiskError> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    private_folder(dir)?;
    refuse_unless_file(path)?;
    tempfile::tempfile_in(dir).map(drop).map_err(DiskError::io(dir))
}

/// Creates the window's log at `path` anew, owner-only: exclusive creation, so whatever is
/// still there (a link, even a dangling one, a FIFO, a file) is refused, never followed or
/// opened. The caller moves the last run's log aside first.
///
/// # Errors
/// Something is at `path`, or the folder does not take the file.
pub fn create_private_log(path: &Path) -> Result<fs::File, DiskError> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(PRIVATE_FILE).custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK);
    }
    options.open(path).map_err(DiskError::io(path))
}

/// Moves whatever is at `path` to `to` by a rename, unopened: a file, a link (the link is
/// moved, never followed), a FIFO or a device, or a folder; a file at `to` is replaced.
/// Gives `false` when nothing is at `path`. The window's last log, a store that cannot be
/// read and a server archive's odd file are set aside this way.
///
/// # Errors
/// The rename fails (`to` is a folder, another file system, no permission).
pub fn move_aside(path: &Path, to: &Path) -> Result<bool, DiskError> {
    if fs::symlink_metadata(path).is_err() {
        return Ok(false);
    }
    fs::rename(path, to).map(|()| true).map_err(DiskError::io(to))
}

/// Opens (or makes) the lock file at `path` for an advisory lock, owner-only, never through
/// a link and without waiting; it must be a regular file.
///
/// # Errors
/// A link, folder, FIFO or device at `path`, or the folder does not take the file
/// (read-only, full, no permission).
pub fn open_lock(path: &Path) -> Result<fs::File, DiskError> {
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(PRIVATE_FILE).custom_flags(libc::O_NOFOLLOW | libc::O_CLOEXEC | libc::O_NONBLOCK);
    }
    let file = match options.open(path) {
        Ok(file) => file,
        // O_NOFOLLOW on a link, or a folder opened for writing: say what is there.
        Err(e) => {
            return Err(match fs::symlink_metadata(path).ok().and_then(|m| FileKind::of(m.file_type())) {
                Some(kind) => DiskError::NotAFile { path: path.to_path_buf(), kind },
                None => DiskError::Io { path: path.to_path_buf(), source: e },
            });
        }
    };
    match FileKind::of(file.metadata().map_err(DiskError::io(path))?.file_type()) {
        Some(kind) => Err(DiskError::NotAFile { path: path.to_path_buf(), kind }),
        None => Ok(file),
    }
}

/// Nothing, or a regular file (not a link), is at `path`.
fn refuse_unless_file(path: &Path) -> Result<(), DiskError> {
    match fs::symlink_metadata(path) {
        Ok(m) => match FileKind::of(m.file_type()) {
            Some(kind) => Err(DiskError::NotAFile { path: path.to_path_buf(), kind }),
            None => Ok(()),
        },
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(DiskError::Io { path: path.to_path_buf(), source: e }),
    }
}

/// Replaces `target` by `bytes`: a temporary file in its folder (mode `mode` less the umask,
/// or the permissions `keep`), written, fsynced, renamed over `target` (a rename replaces
/// a link put there since, never writes through it), then the folder fsynced.
fn replace(target: &Path, bytes: &[u8], mode: u32, keep: Option<fs::Permissions>) -> std::io::Result<()> {
    let folder = match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().ok_or_else(|| std::io::Error::other("no file name"))?;
    let prefix = format!(".{}.", name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(<fs::Permissions as std::os::unix::fs::PermissionsExt>::from_mode(mode));
    #[cfg(not(unix))]
    let _ = mode;
    // Said of the folder, never of the temporary file's random name the player never chose.
    let mut tmp = builder.tempfile_in(&folder).map_err(|e| {
        let kind = e.kind();
        match kind {
            std::io::ErrorKind::NotFound => {
                std::io::Error::new(kind, format!("the folder {} does not exist", folder.display()))
            }
            _ => std::io::Error::new(kind, format!("no file can be made in the folder {}: {kind}", folder.display())),
        }
    })?;
    if let Some(permissions) = keep {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(target).map_err(|e| e.error)?;
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

/// A file of lines that grows as work ends (a study's table): opened for appending, each
/// line written whole and flushed to the disk, so a run killed meanwhile loses only the
/// line under way.
pub struct Appender {
    file: fs::File,
    path: PathBuf,
}

impl Appender {
    /// Opens (or makes) the file at `path` for appending. A folder, a FIFO, a device or a
    /// link there is refused unopened; a last line cut short (a run killed while writing
    /// it) is ended first, so that it stands alone and a reader passes it over.
    ///
    /// # Errors
    /// [`DiskError::NotAFile`] or [`DiskError::Io`], naming `path`.
    pub fn open(path: &Path) -> Result<Appender, DiskError> {
        use std::io::{Read, Seek, SeekFrom};
        let io = |source| DiskError::Io { path: path.to_path_buf(), source };
        match fs::symlink_metadata(path) {
            Ok(m) => {
                if let Some(kind) = FileKind::of(m.file_type()) {
                    return Err(DiskError::NotAFile { path: path.to_path_buf(), kind });
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io(e)),
        }
        let mut options = fs::OpenOptions::new();
        options.create(true).append(true).read(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(
            &mut options,
            libc::O_NONBLOCK | libc::O_NOFOLLOW | libc::O_NOCTTY | libc::O_CLOEXEC,
        );
        let mut file = options.open(path).map_err(io)?;
        let metadata = file.metadata().map_err(io)?;
        if let Some(kind) = FileKind::of(metadata.file_type()) {
            return Err(DiskError::NotAFile { path: path.to_path_buf(), kind });
        }
        if metadata.len() > 0 {
            let mut last = [0u8];
            file.seek(SeekFrom::Start(metadata.len() - 1)).map_err(io)?;
            file.read_exact(&mut last).map_err(io)?;
            if last[0] != b'\n' {
                file.write_all(b"\n").map_err(io)?;
            }
        }
        Ok(Appender { file, path: path.to_path_buf() })
    }

    /// Appends `line` and a newline, and flushes them to the disk.
    ///
    /// # Errors
    /// [`DiskError::Io`] naming the file (a full disk…).
    pub fn append_line(&mut self, line: &str) -> Result<(), DiskError> {
        let io = |source| DiskError::Io { path: self.path.clone(), source };
        self.file.write_all(format!("{line}\n").as_bytes()).map_err(io)?;
        self.file.sync_data().map_err(|source| DiskError::Io { path: self.path.clone(), source })
    }
}
