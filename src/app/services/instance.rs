//! One window per account: the first window holds a lock in the data folder and listens on
//! a local socket, on which a second start hands its request (a saved game to open, or just
//! "come to the front") to the first window and ends, so that two windows never autosave
//! over each other and the game of the window closed last is never lost.
//!
//! The lock is the system's advisory lock on `instance.lock` (std's `File::try_lock`: `flock`
//! on Unix, `LockFileEx` on Windows): the system drops it when its holder ends in any way (a
//! crash or a kill too), so a dead window never leaves it stuck. The socket is `interprocess`'s
//! local socket: on Unix the file `instance.sock` beside the lock, made anew by the next
//! holder; on Windows a named pipe whose name is made from the data folder (one per account),
//! which goes with the process that made it.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// What a second start asks of the window already open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Come to the front.
    Raise,
    /// Open this saved game (after asking about unsaved changes, as Open does).
    Open(PathBuf),
    /// Start the lesson with this id (`omweso --lesson ID`), asking first as Open does.
    Lesson(String),
    /// Play on from this game state, in RULES.md §5 notation (`omweso --state`), asking
    /// first as Open does. The window reads it again: a request is never trusted.
    State(String),
}

impl Request {
    fn to_line(&self) -> String {
        match self {
            Request::Raise => "raise\n".into(),
            Request::Open(path) => format!("open {}\n", path.display()),
            Request::Lesson(id) => format!("lesson {id}\n"),
            Request::State(state) => format!("state {state}\n"),
        }
    }

    fn from_line(line: &str) -> Option<Request> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        match line.split_once(' ') {
            None if line == "raise" => Some(Request::Raise),
            Some(("open", path)) if !path.is_empty() => Some(Request::Open(PathBuf::from(path))),
            Some(("lesson", id)) if !id.is_empty() => Some(Request::Lesson(id.to_owned())),
            Some(("state", state)) if !state.is_empty() => Some(Request::State(state.to_owned())),
            _ => None,
        }
    }
}

/// What [`acquire`] found.
pub enum Instance {
    /// This is the first window: it holds the lock while this value lives, and receives
    /// the requests of later starts here.
    First(First),
    /// Another window holds the lock and took the request.
    Handed,
}

/// The first window's hold on the lock and its end of the socket.
pub struct First {
    // Held open for the lock; closing it releases the lock.
    _lock: std::fs::File,
    // None once the window is closing: later starts are then told "no", and wait for the
    // lock to come free (the lock itself is kept until the last write is done).
    requests: Option<mpsc::Receiver<Request>>,
    waker: std::sync::Arc<std::sync::OnceLock<egui::Context>>,
    // The socket's file (Unix), removed when the window ends, while the lock is still held.
    socket: PathBuf,
}

impl Drop for First {
    fn drop(&mut self) {
        // A named pipe (Windows) goes with its last handle; a Unix socket leaves a file.
        if cfg!(unix) {
            let _ = std::fs::remove_file(&self.socket);
        }
    }
}

impl First {
    /// The requests of later starts that came since the last call.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.as_ref().map_or_else(Vec::new, |r| r.try_iter().collect())
    }

    /// The window is closing: it takes no more requests (a start from now on waits until
    /// this window has ended and then opens a window of its own, so that the file it was
    /// asked to open is not handed to a window that will never open it). The lock is
    /// held on until this value is dropped.
    pub fn stop_taking_requests(&mut self) {
        self.requests = None;
    }

    /// Repaints `ctx` when a request comes, so that an idle window answers at once.
    pub fn wake(&self, ctx: &egui::Context) {
        let _ = self.waker.set(ctx.clone());
    }
}

/// Why neither the lock nor the first window could be had.
#[derive(Debug, thiserror::Error)]
pub enum InstanceError {
    /// The data folder, its lock file or its socket could not be used (a read-only or full
    /// folder, a file or a dangling link in its place, a folder at the lock's name…).
    #[error("cannot use the data folder: {0}")]
    Folder(#[from] crate::disk::DiskError),
    /// Another window holds the lock but did not take the request.
    #[error("another Omweso window is open but does not answer ({0}); close it and start again")]
    NoAnswer(std::io::Error),
}

/// How long a start waits for a window that holds the lock but takes no request (one
/// opening, or one closing: the system's request to end gives it 5 s).
pub const HAND_OVER_WAIT: std::time::Duration = std::time::Duration::from_secs(8);

/// How long the window gives one start, in all, to send its request: a client that sends
/// nothing (or drips) holds the others up no longer than this.
pub const REQUEST_WAIT: std::time::Duration = std::time::Duration::from_millis(500);

/// The most bytes a start may send (`open ` and a path, which Linux caps at 4096 bytes): a
/// client sending more without a newline is answered `no` and dropped, its bytes unread.
pub const MAX_REQUEST_BYTES: usize = 8 * 1024;

/// Takes the lock in `data_dir`, or hands `request` to the window that holds it; waits
/// (up to [`HAND_OVER_WAIT`]) while the window holding it takes no request.
///
/// # Errors
/// The folder cannot be made or the lock file opened (the window then opens without the
/// lock, keeping nothing), or the window holding the lock does not take the request.
pub fn acquire(data_dir: &Path, request: &Request) -> Result<Instance, InstanceError> {
    use interprocess::local_socket::{ListenerOptions, Stream, prelude::*};
    use std::io::Write;
    crate::disk::private_folder(data_dir)?;
    let lock_path = data_dir.join("instance.lock");
    let lock = crate::disk::open_lock(&lock_path)?;
    let socket = socket_path(data_dir);
    let hand = || -> std::io::Result<()> {
        let mut stream = Stream::connect(socket_name(&socket)?)?;
        stream.write_all(request.to_line().as_bytes())?;
        let answer = read_line_within(&stream, 16, ANSWER_WAIT)?;
        if answer == b"ok\n" { Ok(()) } else { Err(std::io::Error::other(format!("it answered {answer:?}"))) }
    };
    // A window that does not take the request is opening (no socket yet) or closing (it
    // answers "no"): try again until it has ended and the lock is free, for a while.
    let waiting_since = std::time::Instant::now();
    loop {
        match lock.try_lock() {
            Ok(()) => break,
            Err(std::fs::TryLockError::Error(source)) => {
                return Err(crate::disk::DiskError::Io { path: lock_path, source }.into());
            }
            Err(std::fs::TryLockError::WouldBlock) => match hand() {
                Ok(()) => return Ok(Instance::Handed),
                Err(e) if waiting_since.elapsed() > HAND_OVER_WAIT => return Err(InstanceError::NoAnswer(e)),
                Err(_) => std::thread::sleep(std::time::Duration::from_millis(50)),
            },
        }
    }
    let folder_error = |source| crate::disk::DiskError::Io { path: socket.clone(), source };
    // The last holder's socket, if it died, is only a name now (a file on Unix).
    let listener = socket_name(&socket)
        .and_then(|name| ListenerOptions::new().name(name).try_overwrite(true).create_sync())
        .map_err(folder_error)?;
    let (send, requests) = mpsc::channel();
    let waker = std::sync::Arc::new(std::sync::OnceLock::<egui::Context>::new());
    let wake = waker.clone();
    std::thread::Builder::new()
        .name("omweso-instance".into())
        .spawn(move || {
            // Each start is served on a thread of its own, so that a queue of silent clients
            // (each given REQUEST_WAIT) holds up no real start behind them; at most
            // MAX_CLIENTS at once, and a client past that is closed at once (a real start
            // tries again 50 ms later).
            let serving = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
            for stream in listener.incoming().flatten() {
                use std::sync::atomic::Ordering;
                if serving.fetch_add(1, Ordering::AcqRel) >= MAX_CLIENTS {
                    serving.fetch_sub(1, Ordering::AcqRel);
                    continue;
                }
                let (send, wake, done) = (send.clone(), wake.clone(), serving.clone());
                let served = std::thread::Builder::new().name("omweso-instance-client".into()).spawn(move || {
                    serve_one(&stream, &send, &wake);
                    done.fetch_sub(1, Ordering::AcqRel);
                });
                if served.is_err() {
                    serving.fetch_sub(1, Ordering::AcqRel);
                }
            }
        })
        .map_err(folder_error)?;
    Ok(Instance::First(First { _lock: lock, requests: Some(requests), waker, socket }))
}

/// How many starts the window serves at once: silent clients past this are closed at once.
pub const MAX_CLIENTS: usize = 16;

/// Reads one start's request from `stream`, hands it on and answers `ok` or `no`.
fn serve_one(
    stream: &interprocess::local_socket::Stream,
    send: &mpsc::Sender<Request>,
    wake: &std::sync::OnceLock<egui::Context>,
) {
    use std::io::Write;
    let taken = read_line_within(stream, MAX_REQUEST_BYTES, REQUEST_WAIT)
        .ok()
        .and_then(|line| Request::from_line(std::str::from_utf8(&line).ok()?))
        .is_some_and(|r| send.send(r).is_ok());
    // Non-blocking since the read: a client that reads nothing holds nothing up.
    let _ = (&*stream).write_all(if taken { b"ok\n" } else { b"no\n" });
    if let Some(ctx) = wake.get() {
        ctx.request_repaint();
    }
}

/// How long a start waits for the window's answer to its request.
const ANSWER_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// One line from `stream`, its newline included: at most `max` bytes, within `wait` in all;
/// an error for a silent, slow or endless peer. The stream is left non-blocking: named
/// pipes have no read timeout, so the wait is kept by polling, the same on every system.
///
/// On Windows a non-blocking read of a named pipe with nothing in it yet reads 0 bytes
/// (`ERROR_NO_DATA`, which `interprocess` reports as the end of the stream), so 0 bytes
/// there means "nothing yet" and the poll goes on: a peer that really closed costs the rest
/// of `wait`. (Taken as the end, a start read its answer before the window wrote it and
/// failed, under Wine every time once the window served each start on a thread.)
fn read_line_within(
    mut stream: &interprocess::local_socket::Stream,
    max: usize,
    wait: std::time::Duration,
) -> std::io::Result<Vec<u8>> {
    use interprocess::local_socket::traits::Stream as _;
    use std::io::{ErrorKind, Read};
    stream.set_nonblocking(true)?;
    let deadline = std::time::Instant::now() + wait;
    let mut line = Vec::new();
    let mut chunk = [0u8; 1024];
    loop {
        if let Some(end) = line.iter().position(|&b| b == b'\n') {
            line.truncate(end + 1);
            return Ok(line);
        }
        if line.len() > max {
            return Err(std::io::Error::other(format!("more than {max} bytes without a newline")));
        }
        match stream.read(&mut chunk) {
            Ok(0) if !cfg!(windows) => return Ok(line),
            Ok(n) if n > 0 => line.extend_from_slice(&chunk[..n]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if e.kind() != ErrorKind::WouldBlock => return Err(e),
            // Nothing yet (WouldBlock, or 0 bytes on Windows).
            _ => {
                if std::time::Instant::now() >= deadline {
                    return Err(ErrorKind::TimedOut.into());
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        }
    }
}

/// Where the first window listens: the file `instance.sock` in the data folder.
#[cfg(not(windows))]
fn socket_path(data_dir: &Path) -> PathBuf {
    data_dir.join("instance.sock")
}

/// Where the first window listens: the named pipe `\\.\pipe\omweso <data folder>`, the
/// folder's backslashes written as slashes (a pipe's name may hold any character but a
/// backslash), so that each account (each data folder) has its own.
#[cfg(windows)]
fn socket_path(data_dir: &Path) -> PathBuf {
    let folder = data_dir.to_string_lossy().replace('\\', "/");
    PathBuf::from(format!(r"\\.\pipe\omweso {folder}"))
}

/// The local socket's name for `path`, as `interprocess` takes it.
fn socket_name(path: &Path) -> std::io::Result<interprocess::local_socket::Name<'_>> {
    use interprocess::local_socket::{GenericFilePath, ToFsName};
    path.to_fs_name::<GenericFilePath>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_start_hands_its_file_to_the_first_window() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let Ok(Instance::First(first)) = acquire(dir.path(), &Request::Raise) else { panic!("the first") };
        let file = PathBuf::from("/some folder/game.omweso");
        assert!(matches!(acquire(dir.path(), &Request::Open(file.clone())), Ok(Instance::Handed)));
        assert!(matches!(acquire(dir.path(), &Request::Raise), Ok(Instance::Handed)));
        assert_eq!(first.requests(), vec![Request::Open(file), Request::Raise]);
        assert_eq!(first.requests(), vec![]);
        // The first window closes (or dies): the next start is the first again. A window
        // that closes leaves no socket file behind.
        drop(first);
        if cfg!(unix) {
            assert!(!socket_path(dir.path()).exists(), "the socket's file is gone");
        }
        assert!(matches!(acquire(dir.path(), &Request::Raise), Ok(Instance::First(_))));
    }

    #[test]
    fn a_start_while_the_window_closes_waits_and_opens_its_own() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let Ok(Instance::First(mut first)) = acquire(dir.path(), &Request::Raise) else { panic!("the first") };
        first.stop_taking_requests();
        let closing = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            drop(first);
        });
        let file = PathBuf::from("/some folder/game.omweso");
        let started = std::time::Instant::now();
        let second = acquire(dir.path(), &Request::Open(file));
        assert!(matches!(second, Ok(Instance::First(_))), "the file is not handed to a closing window");
        assert!(started.elapsed() >= std::time::Duration::from_millis(250), "it waited for the lock");
        closing.join().expect("the closing window");
    }

    /// A client of the window's socket in `dir`, as any process of the account may be.
    fn connect(dir: &Path) -> interprocess::local_socket::Stream {
        use interprocess::local_socket::traits::Stream as _;
        let socket = socket_path(dir);
        interprocess::local_socket::Stream::connect(socket_name(&socket).expect("a name")).expect("connects")
    }

    /// A start that hands its file to `first` within `limit`.
    fn handed_within(dir: &Path, first: &First, limit: std::time::Duration) {
        let started = std::time::Instant::now();
        let file = PathBuf::from("/some folder/game.omweso");
        assert!(matches!(acquire(dir, &Request::Open(file.clone())), Ok(Instance::Handed)));
        assert!(started.elapsed() < limit, "handed over in {:?}", started.elapsed());
        assert_eq!(first.requests(), vec![Request::Open(file)]);
    }

    #[test]
    fn a_silent_client_holds_up_no_later_start() {
        // Issue 38.2: a process connected to the socket that sent nothing made every later
        // start fail after 10 s.
        let dir = tempfile::tempdir().expect("temporary folder");
        let Ok(Instance::First(first)) = acquire(dir.path(), &Request::Raise) else { panic!("the first") };
        let _silent = connect(dir.path());
        let _another = connect(dir.path());
        handed_within(dir.path(), &first, std::time::Duration::from_secs(3));
    }

    #[test]
    fn thirty_silent_clients_hold_up_no_later_start() {
        // Issue 48.7: the window served one client at a time, each given REQUEST_WAIT, so
        // thirty silent clients made the next start fail after 10 s.
        let dir = tempfile::tempdir().expect("temporary folder");
        let Ok(Instance::First(first)) = acquire(dir.path(), &Request::Raise) else { panic!("the first") };
        let silent: Vec<_> = (0..30).map(|_| connect(dir.path())).collect();
        handed_within(dir.path(), &first, std::time::Duration::from_secs(3));
        drop(silent);
    }

    #[test]
    fn a_client_sending_100_mb_without_a_newline_is_cut_off() {
        // Issue 38.2: the listener read a line with no cap, so such a client grew the
        // window's memory.
        use std::io::Write;
        let dir = tempfile::tempdir().expect("temporary folder");
        let Ok(Instance::First(first)) = acquire(dir.path(), &Request::Raise) else { panic!("the first") };
        let mut flood = connect(dir.path());
        // A bound on the test itself, should the window never stop reading (Unix only:
        // named pipes have no timeouts).
        let _ = interprocess::local_socket::traits::Stream::set_send_timeout(
            &flood,
            Some(std::time::Duration::from_secs(10)),
        );
        let sender = std::thread::spawn(move || {
            let chunk = vec![b'x'; 1 << 20];
            let mut sent = 0usize;
            while sent < 100 << 20 {
                match flood.write(&chunk) {
                    Ok(n) => sent += n,
                    Err(_) => break,
                }
            }
            sent
        });
        let sent = sender.join().expect("the sender");
        assert!(sent < 1 << 20, "the window stopped reading after {sent} bytes, not 100 MB");
        assert_eq!(first.requests(), vec![], "nothing taken from it");
        handed_within(dir.path(), &first, std::time::Duration::from_secs(3));
    }

    #[test]
    fn requests_read_back_and_junk_is_refused() {
        for r in [
            Request::Raise,
            Request::Open(PathBuf::from("/a b/c.omweso")),
            Request::Lesson("sowing".into()),
            Request::State("4i-p; 4I-P / L both 0,0".into()),
        ] {
            assert_eq!(Request::from_line(&r.to_line()), Some(r));
        }
        for junk in ["", "open ", "lesson ", "state ", "raise now", "delete /"] {
            assert_eq!(Request::from_line(junk), None, "{junk:?}");
        }
    }
}
