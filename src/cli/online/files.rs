//! `omweso serve`'s file descriptors: each connection holds one, so the server raises its
//! own soft limit (`RLIMIT_NOFILE`) to the hard limit at start and holds at most as many
//! connections as the limit leaves after a reserve for its store, its log and the listener.

/// The connections a server holds when the file limit is not known (not a Unix system).
pub const UNKNOWN_LIMIT_CONNECTIONS: usize = 4096;

/// The file limit at start: before and after raising the soft limit to the hard one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileLimit {
    /// The soft limit the server was started with.
    pub before: u64,
    /// The soft limit now (the hard limit, unless it could not be raised).
    pub now: u64,
}

/// Raises this process's soft limit of open files to its hard limit; `None` where the limit
/// cannot be read (not Unix).
pub fn raise_file_limit() -> Option<FileLimit> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes the struct it is given and nothing else.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            return None;
        }
        let before = limit.rlim_cur;
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            // SAFETY: setrlimit only reads the struct it is given.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
                limit.rlim_cur = limit.rlim_max;
            }
        }
        // An unlimited limit (RLIM_INFINITY) reads as u64::MAX.
        Some(FileLimit { before: u64_of(before), now: u64_of(limit.rlim_cur) })
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// `rlim_t` is `u64` on most Unix systems, narrower on a few.
#[cfg(unix)]
#[allow(clippy::useless_conversion)]
fn u64_of(n: libc::rlim_t) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// The connections `files` open files leave room for: all but a reserve of a sixteenth
/// (at least 64) for the store, the log and the listener.
pub fn connections_for(files: u64) -> usize {
    let reserve = (files / 16).max(64);
    usize::try_from(files.saturating_sub(reserve).max(1)).unwrap_or(usize::MAX)
}

/// The connections to hold: `given` (by `--max-connections`) when the file limit leaves
/// room for it, else the most it does; the limit's own when not given. The second value is
/// a warning when `given` was cut.
pub fn max_connections(given: Option<usize>, limit: Option<FileLimit>) -> (usize, Option<String>) {
    let room = limit.map(|l| connections_for(l.now));
    match (given, room) {
        (Some(n), Some(room)) if n > room => (
            room,
            Some(format!(
                "--max-connections {n} is more than the file limit ({}) leaves room for: {room} are held",
                limit.map_or(0, |l| l.now)
            )),
        ),
        (Some(n), _) => (n, None),
        (None, Some(room)) => (room, None),
        (None, None) => (UNKNOWN_LIMIT_CONNECTIONS, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_connections_fit_the_file_limit() {
        let limit = |n| Some(FileLimit { before: 1024, now: n });
        assert_eq!(connections_for(1024), 960);
        assert_eq!(connections_for(20_000), 18_750);
        assert_eq!(max_connections(None, limit(1024)), (960, None));
        assert_eq!(max_connections(Some(500), limit(1024)), (500, None));
        let (n, warning) = max_connections(Some(4096), limit(1024));
        assert_eq!(n, 960);
        assert!(warning.unwrap().contains("4096"));
        assert_eq!(max_connections(None, None), (UNKNOWN_LIMIT_CONNECTIONS, None));
    }

    #[cfg(unix)]
    #[test]
    fn the_soft_limit_is_raised_to_the_hard_one() {
        let limit = raise_file_limit().expect("a Unix system has a file limit");
        assert!(limit.now >= limit.before);
        let again = raise_file_limit().unwrap();
        assert_eq!(again.before, limit.now, "raised once, it stays");
    }
}
