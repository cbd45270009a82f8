//! A background thread that searches for the window: requests go in over a channel, each
//! tagged with an id so that a stale reply can be recognised; replies come back over
//! another channel and are polled with [`Worker::try_recv`].

use super::{Level, Limits, SearchResult, search};
use omweso_rules::GameState;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// A search to run.
#[derive(Clone, Debug)]
pub struct Request {
    /// Echoed in the reply.
    pub id: u64,
    /// The state to search; its player to move is the computer.
    pub state: GameState,
    /// The level.
    pub level: Level,
    /// Time for the move.
    pub time: Duration,
    /// Seed of the level's randomness.
    pub seed: u64,
}

/// The answer to a [`Request`].
#[derive(Clone, Debug)]
pub struct Reply {
    /// The request's id.
    pub id: u64,
    /// The move found; `None` when the state has no legal move.
    pub result: Option<SearchResult>,
}

/// Which requests (by internal sequence number) are cancelled or to be answered at once.
#[derive(Default)]
struct Control {
    cancel_upto: u64,
    now_upto: u64,
}

struct Shared {
    control: Mutex<Control>,
    stop: AtomicBool,
    /// Threads of each search ([`Limits::threads`]), set by [`Worker::set_threads`].
    threads: AtomicUsize,
}

/// The search thread. Dropping it stops the running search and ends the thread.
pub struct Worker {
    requests: Option<Sender<(u64, Request)>>,
    replies: Receiver<(u64, Reply)>,
    shared: Arc<Shared>,
    last_seq: AtomicU64,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts the thread.
    pub fn spawn() -> Worker {
        Worker::spawn_with_wake(Box::new(|| {}))
    }

    /// Starts the thread; it calls `wake` after sending each reply, so that a caller that
    /// is not waiting on the channel (a window asleep until its next event) can be woken.
    pub fn spawn_with_wake(wake: Box<dyn Fn() + Send>) -> Worker {
        let (req_tx, req_rx) = channel::<(u64, Request)>();
        let (rep_tx, rep_rx) = channel::<(u64, Reply)>();
        let shared = Arc::new(Shared {
            control: Mutex::new(Control::default()),
            stop: AtomicBool::new(false),
            threads: AtomicUsize::new(1),
        });
        let s = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("omweso-ai".into())
            .spawn(move || run(req_rx, rep_tx, s, wake))
            .expect("cannot start the computer player's thread");
        Worker { requests: Some(req_tx), replies: rep_rx, shared, last_seq: AtomicU64::new(0), thread: Some(thread) }
    }

    /// Queues a search. Requests are answered in order.
    pub fn request(&self, request: Request) {
        let seq = self.last_seq.fetch_add(1, Ordering::SeqCst) + 1;
        if let Some(tx) = &self.requests {
            let _ = tx.send((seq, request));
        }
    }

    /// Cancels every request made so far: the running search stops, and no reply to any of
    /// them is delivered (not even one already computed but not yet received).
    pub fn cancel(&self) {
        let mut c = lock(&self.shared);
        c.cancel_upto = self.last_seq.load(Ordering::SeqCst);
        self.shared.stop.store(true, Ordering::SeqCst);
    }

    /// Stops the running search (and any queued one) early: they reply with the best move
    /// found so far.
    pub fn move_now(&self) {
        let mut c = lock(&self.shared);
        c.now_upto = self.last_seq.load(Ordering::SeqCst);
        self.shared.stop.store(true, Ordering::SeqCst);
    }

    /// The threads each search from now on uses (Lazy SMP; 0 counts as 1, the default). The
    /// window's threads setting goes here; the search thread still never blocks the caller.
    pub fn set_threads(&self, threads: usize) {
        self.shared.threads.store(threads.max(1), Ordering::SeqCst);
    }

    /// A reply, if one is ready.
    pub fn try_recv(&self) -> Option<Reply> {
        while let Ok((seq, reply)) = self.replies.try_recv() {
            if !self.cancelled(seq) {
                return Some(reply);
            }
        }
        None
    }

    /// Waits up to `timeout` for a reply.
    pub fn recv_timeout(&self, timeout: Duration) -> Option<Reply> {
        let deadline = web_time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(web_time::Instant::now());
            let (seq, reply) = self.replies.recv_timeout(left).ok()?;
            if !self.cancelled(seq) {
                return Some(reply);
            }
        }
    }

    fn cancelled(&self, seq: u64) -> bool {
        seq <= lock(&self.shared).cancel_upto
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
        self.requests = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Control> {
    shared.control.lock().unwrap_or_else(|e| e.into_inner())
}

fn run(
    requests: Receiver<(u64, Request)>,
    replies: Sender<(u64, Reply)>,
    shared: Arc<Shared>,
    wake: Box<dyn Fn() + Send>,
) {
    while let Ok((seq, r)) = requests.recv() {
        {
            let c = lock(&shared);
            if seq <= c.cancel_upto {
                continue;
            }
            shared.stop.store(seq <= c.now_upto, Ordering::SeqCst);
        }
        let threads = shared.threads.load(Ordering::SeqCst);
        let limits = Limits { time: Some(r.time), depth: None, nodes: None, threads };
        log::debug!(
            "search {} started: {:?}, {} ms, {threads} threads, on {}",
            r.id,
            r.level,
            r.time.as_millis(),
            r.state
        );
        let result = search(&r.state, r.level, limits, r.seed, &shared.stop, &mut |_| {});
        let cancelled = seq <= lock(&shared).cancel_upto;
        log::info!("search {} {}: {:?} on {}", r.id, if cancelled { "cancelled" } else { "done" }, r.level, r.state);
        if !cancelled {
            if replies.send((seq, Reply { id: r.id, result })).is_err() {
                return;
            }
            wake();
        }
    }
}
