//! The processes a match starts end with it (issue 40.7). Each external engine runs in a
//! process group of its own, which `ExternalEngine`'s drop ends, and is told to die with
//! the match (`PR_SET_PDEATHSIG`), so that even a `kill -9` of the match ends it. While a
//! match runs, Ctrl+C, SIGTERM and SIGHUP end every engine's group before the match exits,
//! and on Linux the match is the subreaper of what its engines start: a program an engine
//! left running in a session of its own comes back to the match when its engine ends, and
//! is ended with the match. As each game's engine ends, what it left behind is ended too
//! ([`reap_orphans`]), so a long match piles nothing up and a `kill -9` of the match leaves
//! at most what the engines of the game then being played had started in sessions of their
//! own (those escape `PR_SET_PDEATHSIG`, which only the engine itself has).

use std::sync::Mutex;

/// The process groups of the engines running now (each led by its engine).
static GROUPS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Ends, when dropped (the match is over), whatever the engines left running.
pub struct Reaper(());

/// Makes this process the subreaper of its descendants and ends the engines' groups on
/// Ctrl+C, SIGTERM and SIGHUP before exiting (status 130). A handler that cannot be
/// installed (one is already) is logged: the engines still end with their games.
pub fn install() -> Reaper {
    #[cfg(target_os = "linux")]
    // SAFETY: prctl(2) with integer arguments only; it touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    }
    if let Err(e) = ctrlc::set_handler(|| {
        end_everything();
        std::process::exit(130);
    }) {
        log::warn!("no handler for Ctrl+C and the system's request to end: {e}");
    }
    Reaper(())
}

impl Drop for Reaper {
    fn drop(&mut self) {
        end_orphans();
    }
}

/// Has the child that `command` starts die with this process (Linux: `PR_SET_PDEATHSIG`,
/// SIGKILL), in a process group of its own.
#[cfg_attr(not(unix), expect(unused_variables, reason = "nothing to set off Unix"))]
pub fn dies_with_parent(command: &mut std::process::Command) {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getpid(2) has no arguments.
        let parent = unsafe { libc::getpid() };
        let set = move || {
            // SAFETY: between fork and exec only async-signal-safe calls: prctl(2) and
            // getppid(2) with integer arguments. A parent gone before the prctl took effect
            // would not be noticed by it: the child then ends at once.
            unsafe {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
                if libc::getppid() != parent {
                    libc::_exit(1);
                }
            }
            Ok(())
        };
        // SAFETY: `set` only makes the async-signal-safe calls above.
        unsafe { std::os::unix::process::CommandExt::pre_exec(command, set) };
    }
}

/// Starts an engine and notes its process group (its pid), to end it on a signal; the
/// two under one lock, so that [`reap_orphans`] never takes a new engine for an orphan.
///
/// # Errors
/// The program cannot be started (as [`std::process::Command::spawn`]).
pub fn spawn(command: &mut std::process::Command) -> std::io::Result<std::process::Child> {
    let mut groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
    let child = command.spawn()?;
    if let Ok(pid) = i32::try_from(child.id()) {
        groups.push(pid);
    }
    Ok(child)
}

/// Ends and reaps what an engine that has ended left behind (programs it started that came
/// back to this process, the subreaper), leaving the engines still running alone: called as
/// each game's engine ends, so that a long match piles nothing up (issue 48.7) and a
/// `kill -9` of the match can leave behind only what the engines of the games then being
/// played had started.
pub fn reap_orphans() {
    #[cfg(target_os = "linux")]
    {
        let groups = GROUPS.lock().unwrap_or_else(|e| e.into_inner());
        for pid in children().into_iter().filter(|pid| !groups.contains(pid)) {
            // SAFETY: kill(2) and waitpid(2) on a child of this process that no `Child`
            // handle owns (every engine started is in `groups` until it has been waited
            // for); a null status pointer is allowed.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The engine of that group has ended.
pub fn unregister(pid: u32) {
    GROUPS.lock().unwrap_or_else(|e| e.into_inner()).retain(|&p| i32::try_from(pid) != Ok(p));
}

/// Ends every engine's process group, then what they left behind.
/// On Windows the console's Ctrl+C reaches the engines as well (they share the match's
/// console), and each engine's process is ended by its `ExternalEngine`.
fn end_everything() {
    for group in GROUPS.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        // SAFETY: kill(2) with a negative pid signals that process group; no memory is involved.
        #[cfg(unix)]
        unsafe {
            libc::kill(-group, libc::SIGKILL)
        };
        #[cfg(not(unix))]
        let _ = group;
    }
    end_orphans();
}

/// Ends and reaps the children this process has that it did not start itself: the programs
/// engines left behind, given to this process as their subreaper.
fn end_orphans() {
    #[cfg(target_os = "linux")]
    for _ in 0..3 {
        let orphans = children();
        if orphans.is_empty() {
            return;
        }
        for pid in orphans {
            // SAFETY: kill(2) and waitpid(2) on a child of this process; a null status
            // pointer is allowed.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// The processes whose parent is this one (from `/proc/<pid>/stat`).
#[cfg(target_os = "linux")]
fn children() -> Vec<i32> {
    // SAFETY: getpid(2) has no arguments.
    let me = unsafe { libc::getpid() };
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| {
            let stat = crate::disk::read(
                &std::path::Path::new("/proc").join(pid.to_string()).join("stat"),
                4096,
                crate::disk::Links::Follow,
            );
            let stat = stat.map(|b| String::from_utf8_lossy(&b).into_owned()).unwrap_or_default();
            // `pid (name) state ppid …`: the name may hold anything, so read after its last `)`.
            stat.rsplit_once(") ").and_then(|(_, rest)| rest.split_whitespace().nth(1)?.parse::<i32>().ok()) == Some(me)
        })
        .collect()
}
