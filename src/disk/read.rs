//! The one reader: type check before open, a non-blocking open, the file opened checked
//! again, at most a cap read.

use super::{DiskError, FileKind};
use std::fs;
use std::io::Read;
use std::path::Path;

/// Whether a read or write goes through a symbolic link at the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// Follow it: a path the player chose (their own link to their own file).
    Follow,
    /// Refuse it ([`FileKind::Link`]): the program's own files, which it never makes as links.
    Refuse,
}

/// Reads the whole of the regular file at `path`, at most `limit` bytes.
///
/// What the path is is asked first, and a folder, a named pipe, a socket or a device (or a
/// link, with [`Links::Refuse`]) is refused unopened; the file is then opened without
/// waiting (`O_NONBLOCK`: a FIFO put there since never blocks) and asked again; the read
/// stops past `limit` bytes, so a file that grows meanwhile costs no more memory.
///
/// # Errors
/// [`DiskError::NotAFile`], [`DiskError::TooLarge`], or [`DiskError::Io`] (nothing there,
/// no permission…), each naming `path`.
pub fn read(path: &Path, limit: u64, links: Links) -> Result<Vec<u8>, DiskError> {
    let io = DiskError::io(path);
    let not_a_file = |kind| DiskError::NotAFile { path: path.to_path_buf(), kind };
    let too_large = || DiskError::TooLarge { path: path.to_path_buf(), limit };
    let metadata = match links {
        Links::Follow => fs::metadata(path),
        Links::Refuse => fs::symlink_metadata(path),
    }
    .map_err(io)?;
    if let Some(kind) = FileKind::of(metadata.file_type()) {
        return Err(not_a_file(kind));
    }
    if metadata.len() > limit {
        return Err(too_large());
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        let no_follow = if links == Links::Refuse { libc::O_NOFOLLOW } else { 0 };
        std::os::unix::fs::OpenOptionsExt::custom_flags(
            &mut options,
            libc::O_NONBLOCK | libc::O_NOCTTY | libc::O_CLOEXEC | no_follow,
        );
    }
    let file = options.open(path).map_err(DiskError::io(path))?;
    if let Some(kind) = FileKind::of(file.metadata().map_err(DiskError::io(path))?.file_type()) {
        return Err(not_a_file(kind));
    }
    let mut data = Vec::new();
    file.take(limit + 1).read_to_end(&mut data).map_err(DiskError::io(path))?;
    if data.len() as u64 > limit {
        return Err(too_large());
    }
    Ok(data)
}

/// [`read`], as UTF-8 text.
///
/// # Errors
/// Those of [`read`], and [`DiskError::NotText`] with the offset of the first byte that
/// is not UTF-8.
pub fn read_text(path: &Path, limit: u64, links: Links) -> Result<String, DiskError> {
    String::from_utf8(read(path, limit, links)?)
        .map_err(|e| DiskError::NotText { path: path.to_path_buf(), at: e.utf8_error().valid_up_to() })
}

/// The saved games directly in `dir`: regular files (not links, pipes or devices) whose name
/// ends in `.omweso`, newest first, at most `max`. At most 10,000 entries of the folder are
/// looked at, so a huge or hostile folder costs little; a folder that cannot be read gives
/// none. Names only: each is read later through [`read`], with its checks.
pub fn saved_games(dir: &Path, max: usize) -> Vec<std::path::PathBuf> {
    const LOOKED_AT: usize = 10_000;
    let Ok(entries) = fs::read_dir(dir) else { return Vec::new() };
    let mut games: Vec<(std::time::SystemTime, std::path::PathBuf)> = entries
        .take(LOOKED_AT)
        .flatten()
        // The entry's own type: a link is not followed.
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| e.path().extension().is_some_and(|x| x == "omweso"))
        .map(|e| (e.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH), e.path()))
        .collect();
    games.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    games.into_iter().take(max).map(|(_, p)| p).collect()
}
