//! The computer's searches in the page, off the page's thread: a Web Worker runs a second
//! copy of the program's module (`worker.js`, `.ci/web`) and answers each search there, so
//! the board keeps drawing and answering while the computer thinks (issue 50: no frame over
//! 50 ms while Master searches). [`Worker`] is the page's side, with the same calls as the
//! computer's search thread (`omweso_engine::worker::Worker`) that the computer's seat uses
//! on a computer; [`answer`] is the worker's side.
//!
//! The two copies share no memory: a request goes as JSON text (the position in the rules'
//! notation, the level, the time in milliseconds, the seed) and the reply comes back the
//! same way (the move in notation, read again against the position asked about).

use omweso_engine::worker::{Reply, Request};
use omweso_engine::{Level, Limits, SearchResult, search};
use omweso_rules::GameState;
use omweso_rules::notation::parse_move;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The worker's script, beside the page (`.ci/web` writes it).
pub const WORKER_SCRIPT: &str = "./worker.js";

/// A search asked of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireRequest {
    /// Echoed in the reply.
    pub id: u64,
    /// The position, in the rules' notation (`GameState`'s text).
    pub state: String,
    /// The level.
    pub level: Level,
    /// The time for the move, in milliseconds.
    pub time_ms: u64,
    /// The seed of the level's randomness.
    pub seed: u64,
}

/// The worker's reply.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireReply {
    /// The request's id.
    pub id: u64,
    /// The move found, in notation; `None` when the position has no legal move.
    pub best: Option<String>,
    /// Its score (the engine's units, for the side to move).
    pub score: i32,
    /// The depth reached.
    pub depth: u32,
    /// The nodes searched.
    pub nodes: u64,
    /// Why the request could not be answered (a request the worker could not read).
    pub error: Option<String>,
}

/// The worker's side: searches the request in `text` (a [`WireRequest`]) and gives its
/// [`WireReply`] as text. A request it cannot read is answered with its error (id 0 when
/// even the id cannot be read), never a panic.
pub fn answer(text: &str) -> String {
    let reply = match serde_json::from_str::<WireRequest>(text) {
        Err(e) => WireReply { id: 0, best: None, score: 0, depth: 0, nodes: 0, error: Some(format!("request: {e}")) },
        Ok(r) => match r.state.parse::<GameState>() {
            Err(e) => {
                WireReply { id: r.id, best: None, score: 0, depth: 0, nodes: 0, error: Some(format!("state: {e}")) }
            }
            Ok(state) => {
                let limits =
                    Limits { time: Some(Duration::from_millis(r.time_ms)), depth: None, nodes: None, threads: 1 };
                let stop = AtomicBool::new(false);
                let found = search(&state, r.level, limits, r.seed, &stop, &mut |_| {});
                log::info!("search {} done in the worker: {:?} on {}", r.id, r.level, r.state);
                match found {
                    Some(f) => WireReply {
                        id: r.id,
                        best: Some(f.best.to_string()),
                        score: f.score,
                        depth: f.depth,
                        nodes: f.nodes,
                        error: None,
                    },
                    None => WireReply { id: r.id, best: None, score: 0, depth: 0, nodes: 0, error: None },
                }
            }
        },
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// The page's side: the worker and what it has answered. Requests are answered in order;
/// a cancelled one is not delivered.
pub struct Worker {
    inner: Rc<RefCell<Inner>>,
}

struct Inner {
    worker: Option<web_sys::Worker>,
    /// The requests sent and not answered yet, oldest first (to read the replies' moves
    /// against, and to search here should the worker fail).
    asked: VecDeque<Request>,
    replies: VecDeque<Reply>,
    /// Called after each reply (the window repaints).
    wake: Rc<dyn Fn()>,
    _on_message: Option<Closure<dyn FnMut(web_sys::MessageEvent)>>,
    _on_error: Option<Closure<dyn FnMut(web_sys::Event)>>,
}

impl Worker {
    /// A worker that wakes nobody.
    pub fn spawn() -> Worker {
        Worker::spawn_with_wake(Box::new(|| {}))
    }

    /// Starts the worker (its script loads in the background); `wake` is called after
    /// each reply.
    pub fn spawn_with_wake(wake: Box<dyn Fn() + Send>) -> Worker {
        let inner = Rc::new(RefCell::new(Inner {
            worker: None,
            asked: VecDeque::new(),
            replies: VecDeque::new(),
            wake: Rc::from(wake as Box<dyn Fn()>),
            _on_message: None,
            _on_error: None,
        }));
        start(&inner);
        Worker { inner }
    }

    /// Queues a search.
    pub fn request(&self, request: Request) {
        let wire = WireRequest {
            id: request.id,
            state: request.state.to_string(),
            level: request.level,
            time_ms: u64::try_from(request.time.as_millis()).unwrap_or(u64::MAX),
            seed: request.seed,
        };
        let mut inner = self.inner.borrow_mut();
        inner.asked.push_back(request);
        let sent = match (&inner.worker, serde_json::to_string(&wire)) {
            (Some(w), Ok(text)) => w.post_message(&text.into()).is_ok(),
            _ => false,
        };
        if !sent {
            drop(inner);
            search_here(&self.inner);
        }
    }

    /// Cancels every request made so far: the worker is ended (a search cannot be
    /// stopped from outside it) and a fresh one started for the next.
    pub fn cancel(&self) {
        let busy = !self.inner.borrow().asked.is_empty();
        let mut inner = self.inner.borrow_mut();
        inner.asked.clear();
        inner.replies.clear();
        if busy {
            if let Some(w) = inner.worker.take() {
                w.terminate();
            }
            drop(inner);
            start(&self.inner);
        }
    }

    /// The worker's search cannot be told to stop early: it answers when its time is up.
    pub fn move_now(&self) {
        log::info!("Move now: the page's search answers at the end of its time");
    }

    /// The page's worker searches on one thread.
    pub fn set_threads(&self, threads: usize) {
        let _ = threads;
    }

    /// A reply, if one is ready.
    pub fn try_recv(&self) -> Option<Reply> {
        self.inner.borrow_mut().replies.pop_front()
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Some(w) = self.inner.borrow_mut().worker.take() {
            w.terminate();
        }
    }
}

/// Starts a worker on [`WORKER_SCRIPT`] (a module worker) and listens to it; a page where
/// none starts searches on its own thread instead.
fn start(inner: &Rc<RefCell<Inner>>) {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = match web_sys::Worker::new_with_options(WORKER_SCRIPT, &options) {
        Ok(w) => w,
        Err(e) => {
            log::error!("no engine worker ({e:?}): the computer thinks on the page's thread");
            return;
        }
    };
    let weak = Rc::downgrade(inner);
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        let Some(inner) = weak.upgrade() else { return };
        let text = event.data().as_string().unwrap_or_default();
        take_reply(&inner, &text);
    });
    let weak = Rc::downgrade(inner);
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        log::error!("the engine worker failed ({:?}): the computer thinks on the page's thread", event.type_());
        let Some(inner) = weak.upgrade() else { return };
        if let Some(w) = inner.borrow_mut().worker.take() {
            w.terminate();
        }
        search_here(&inner);
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let mut i = inner.borrow_mut();
    i.worker = Some(worker);
    i._on_message = Some(on_message);
    i._on_error = Some(on_error);
}

/// The worker's reply in `text`, read against the oldest request not answered.
fn take_reply(inner: &Rc<RefCell<Inner>>, text: &str) {
    let wake = {
        let mut i = inner.borrow_mut();
        let Some(asked) = i.asked.pop_front() else { return };
        let result = match serde_json::from_str::<WireReply>(text) {
            Ok(r) if r.id == asked.id && r.error.is_none() => {
                r.best.and_then(|best| match parse_move(&asked.state, &best) {
                    Ok(mv) => {
                        Some(SearchResult { best: mv, score: r.score, depth: r.depth, nodes: r.nodes, pv: Vec::new() })
                    }
                    Err(e) => {
                        log::error!("the worker's move `{best}` is not one of {}: {e}", asked.state);
                        None
                    }
                })
            }
            Ok(r) => {
                log::error!("the worker answered {} to request {}: {:?}", r.id, asked.id, r.error);
                None
            }
            Err(e) => {
                log::error!("the worker's reply cannot be read: {e}");
                None
            }
        };
        // A reply that cannot be used is searched again here rather than never given.
        let result = result.or_else(|| {
            search(&asked.state, asked.level, limits_of(&asked), asked.seed, &AtomicBool::new(false), &mut |_| {})
        });
        i.replies.push_back(Reply { id: asked.id, result });
        Rc::clone(&i.wake)
    };
    wake();
}

/// Searches every request not answered on the page's own thread (no worker could start,
/// or it failed): the board waits, but the computer still moves.
fn search_here(inner: &Rc<RefCell<Inner>>) {
    let wake = {
        let mut i = inner.borrow_mut();
        while let Some(asked) = i.asked.pop_front() {
            let result =
                search(&asked.state, asked.level, limits_of(&asked), asked.seed, &AtomicBool::new(false), &mut |_| {});
            i.replies.push_back(Reply { id: asked.id, result });
        }
        Rc::clone(&i.wake)
    };
    wake();
}

fn limits_of(request: &Request) -> Limits {
    Limits { time: Some(request.time), depth: None, nodes: None, threads: 1 }
}
