//! The engine's other jobs in the page (the analysis panel's and the coach's judgement of a
//! position, the solver's proof), off the page's thread: each job is a Web Worker of its
//! own running the program's module (`worker.js`), so that dropping the job ends its worker
//! at once, as a stop flag ends a job's thread on a computer. [`run`] is the worker's side;
//! the page's side is [`judging`] and [`proving`], jobs ([`Job::elsewhere`]) whose
//! messages come from a worker started by [`spawn`].
//!
//! The two copies share no memory: a request is JSON text (the position in the rules'
//! notation, the time in milliseconds), and so is each message back (moves in notation,
//! read again against the position asked about, so nothing the page did not check reaches
//! the model).

use crate::app::services::job::{Job, Message, Waker};
use crate::app::services::proof::Proven;
use omweso_engine::{Judgement, Limits, judge};
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Move};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// The prefix of a job's request to the worker (the computer seat's searches have none).
pub const JOB_PREFIX: &str = "job:";

/// A job asked of a worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JobRequest {
    /// Judge every move of the position, deepening for `time_ms` (`omweso_engine::judge`).
    Judge {
        /// The position, in the rules' notation.
        state: String,
        /// The time, in milliseconds.
        time_ms: u64,
    },
    /// Prove the position with the solver for `time_ms` (`omweso_engine::solve`).
    Prove {
        /// The position, in the rules' notation.
        state: String,
        /// The time, in milliseconds.
        time_ms: u64,
    },
}

impl JobRequest {
    /// The request as the worker reads it: [`JOB_PREFIX`] and JSON.
    pub fn to_text(&self) -> String {
        format!("{JOB_PREFIX}{}", serde_json::to_string(self).unwrap_or_default())
    }
}

/// A judgement on the wire: moves in notation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireJudgement {
    depth: u32,
    moves: Vec<(String, i32)>,
    pv: Vec<String>,
    nodes: u64,
}

/// A proof's answer on the wire: its line in notation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireProven {
    winner: Option<omweso_rules::Side>,
    moves: u32,
    line: Vec<String>,
}

/// What a job's worker sends back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JobMessage {
    /// A judgement at one depth (news).
    Judged(WireJudgement),
    /// The judgement's end: the deepest one (none when the position has no move).
    JudgeDone(Option<WireJudgement>),
    /// The proof's answer (none when nothing was proven in the time).
    Proved(Option<WireProven>),
    /// The request could not be read.
    Failed(String),
}

fn texts(moves: &[Move]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

impl WireJudgement {
    fn of(j: &Judgement) -> WireJudgement {
        WireJudgement {
            depth: j.depth,
            moves: j.moves.iter().map(|(m, s)| (m.to_string(), *s)).collect(),
            pv: texts(&j.pv),
            nodes: j.nodes,
        }
    }

    /// The judgement of `state` this is, every move read against it.
    ///
    /// # Errors
    /// A move that is not one of `state`'s (or of the line's positions).
    pub fn read(&self, state: &GameState) -> Result<Judgement, String> {
        let moves = self
            .moves
            .iter()
            .map(|(m, s)| parse_move(state, m).map(|m| (m, *s)).map_err(|e| format!("{m}: {e}")))
            .collect::<Result<Vec<_>, _>>()?;
        if moves.is_empty() {
            return Err("a judgement with no move".into());
        }
        Ok(Judgement { depth: self.depth, moves, pv: read_line(state, &self.pv)?, nodes: self.nodes })
    }
}

impl WireProven {
    /// The proof's answer on `state`, its line read move by move.
    ///
    /// # Errors
    /// A move of the line that does not follow.
    pub fn read(&self, state: &GameState) -> Result<Proven, String> {
        Ok(Proven { winner: self.winner, moves: self.moves, line: read_line(state, &self.line)? })
    }
}

/// A line of moves from `state`, each read in the position the one before gives.
fn read_line(state: &GameState, line: &[String]) -> Result<Vec<Move>, String> {
    let mut at = state.clone();
    let mut out = Vec::with_capacity(line.len());
    for text in line {
        let mv = parse_move(&at, text).map_err(|e| format!("{text}: {e}"))?;
        at = at.play(&mv).map_err(|e| format!("{text}: {e}"))?.0.state;
        out.push(mv);
    }
    Ok(out)
}

/// The worker's side: carries out the job in `text` (a [`JobRequest`]'s JSON), sending
/// each [`JobMessage`] as text through `post`; never panics on a request it cannot read.
pub fn run(text: &str, post: &mut dyn FnMut(String)) {
    let mut send = |m: &JobMessage| post(serde_json::to_string(m).unwrap_or_default());
    let request = match serde_json::from_str::<JobRequest>(text) {
        Ok(r) => r,
        Err(e) => return send(&JobMessage::Failed(format!("request: {e}"))),
    };
    let (JobRequest::Judge { state, time_ms } | JobRequest::Prove { state, time_ms }) = &request;
    let state = match state.parse::<GameState>() {
        Ok(s) => s,
        Err(e) => return send(&JobMessage::Failed(format!("state: {e}"))),
    };
    let time = Duration::from_millis(*time_ms);
    let stop = AtomicBool::new(false);
    match request {
        JobRequest::Judge { .. } => {
            let limits = Limits { time: Some(time), ..Limits::default() };
            let last = judge(&state, limits, &stop, &mut |j| send(&JobMessage::Judged(WireJudgement::of(j))));
            send(&JobMessage::JudgeDone(last.as_ref().map(WireJudgement::of)));
        }
        JobRequest::Prove { .. } => {
            let limits = omweso_engine::SolveLimits { time: Some(time), ..Default::default() };
            let proven = Proven::of(omweso_engine::solve(&state, limits, &stop));
            let wire = proven.map(|p| WireProven { winner: p.winner, moves: p.moves, line: texts(&p.line) });
            send(&JobMessage::Proved(wire));
        }
    }
}

/// A job in a worker of its own, asked `request`; `read` turns each message of the
/// worker into news or the answer. A worker that fails, or sends what `read` refuses
/// (logged), fails the job.
fn remote<N: Send + 'static, R: Send + 'static>(
    name: &str,
    waker: Option<Waker>,
    request: &str,
    read: impl Fn(&str) -> Result<Message<N, R>, String> + 'static,
) -> Job<N, R> {
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = Rc::new(RefCell::new(Some(tx)));
    let (heard_tx, failed_tx, wake) = (Rc::clone(&tx), tx, waker.clone());
    let job = name.to_string();
    let heard = move |text: &str| {
        match read(text) {
            Ok(message) => {
                if let Some(tx) = heard_tx.borrow().as_ref() {
                    let _ = tx.send(message);
                }
            }
            Err(why) => {
                log::error!("{job}: the worker sent {why}");
                heard_tx.borrow_mut().take();
            }
        }
        if let Some(w) = &wake {
            w();
        }
    };
    // The sender dropped: the job is over without its answer.
    let failed = move || {
        failed_tx.borrow_mut().take();
        if let Some(w) = &waker {
            w();
        }
    };
    match spawn(request, heard, failed) {
        Ok(worker) => Job::elsewhere(name, rx, Box::new(worker)),
        Err(why) => Job::failed(name, why),
    }
}

/// The judgement of `state` for `time`, in a worker (see [`crate::app::services::analysis::Judging`]).
pub fn judging(state: GameState, time: Duration, waker: Option<Waker>) -> Job<Judgement, Option<Judgement>> {
    let request = JobRequest::Judge { state: state.to_string(), time_ms: millis(time) };
    remote("judgement", waker, &request.to_text(), move |text| match message(text)? {
        JobMessage::Judged(j) => Ok(Message::News(j.read(&state)?)),
        JobMessage::JudgeDone(last) => Ok(Message::Answer(last.map(|j| j.read(&state)).transpose()?)),
        other => Err(format!("{other:?} to a judgement")),
    })
}

/// The proof of `state` for `time`, in a worker (see [`crate::app::services::analysis::Proving`]).
pub fn proving(state: GameState, time: Duration, waker: Option<Waker>) -> Job<(), Option<Proven>> {
    let request = JobRequest::Prove { state: state.to_string(), time_ms: millis(time) };
    remote("proof", waker, &request.to_text(), move |text| match message(text)? {
        JobMessage::Proved(p) => Ok(Message::Answer(p.map(|p| p.read(&state)).transpose()?)),
        other => Err(format!("{other:?} to a proof")),
    })
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

/// A worker's message read; its own failure as an `Err`.
fn message(text: &str) -> Result<JobMessage, String> {
    match serde_json::from_str::<JobMessage>(text).map_err(|e| format!("a message that is not a job's: {e}"))? {
        JobMessage::Failed(why) => Err(why),
        m => Ok(m),
    }
}

/// A job's worker, ended when dropped.
pub struct Remote {
    worker: web_sys::Worker,
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

impl Drop for Remote {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// Starts a worker on `request` (a [`JobRequest::to_text`]): `heard` is given each message
/// it sends, as text, and `failed` is called once if the worker fails (its script did not
/// load, or it ended on an error).
///
/// # Errors
/// The browser gave no worker.
pub fn spawn(
    request: &str,
    heard: impl FnMut(&str) + 'static,
    failed: impl FnOnce() + 'static,
) -> Result<Remote, String> {
    let options = web_sys::WorkerOptions::new();
    options.set_type(web_sys::WorkerType::Module);
    let worker = web_sys::Worker::new_with_options(super::engine::WORKER_SCRIPT, &options)
        .map_err(|e| format!("no worker: {e:?}"))?;
    let heard = Rc::new(RefCell::new(heard));
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
        if let Some(text) = event.data().as_string() {
            (heard.borrow_mut())(&text);
        }
    });
    let failed = RefCell::new(Some(failed));
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
        log::error!("a job's worker failed: {:?}", event.type_());
        if let Some(f) = failed.borrow_mut().take() {
            f();
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    worker.post_message(&request.into()).map_err(|e| format!("the worker took no request: {e:?}"))?;
    Ok(Remote { worker, _on_message: on_message, _on_error: on_error })
}
