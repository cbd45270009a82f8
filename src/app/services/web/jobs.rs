//! The engine's other jobs in the page (the analysis panel's and the coach's judgement of a
//! position, the solver's proof, the review of a whole game, the layout coach's search),
//! off the page's thread: each job is a Web Worker of its
//! own running the program's module (`worker.js`), so that dropping the job ends its worker
//! at once, as a stop flag ends a job's thread on a computer. [`run`] is the worker's side;
//! the page's side is [`judging`], [`proving`], [`reviewing`] and [`reply_search`], jobs ([`Job::elsewhere`]) whose
//! messages come from a worker started by [`spawn`].
//!
//! The two copies share no memory: a request is JSON text (the position in the rules'
//! notation, the time in milliseconds), and so is each message back (moves in notation,
//! read again against the position asked about, so nothing the page did not check reaches
//! the model).

use crate::app::services::job::{Job, Message, Waker};
use crate::app::services::proof::Proven;
use crate::app::services::review::{Judgements, ReviewDone, prove_positions};
use omweso_engine::study::Finding;
use omweso_engine::{Judgement, Limits, Proof, Solution, Verdict, judge};
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
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
    /// Review a game (Analyse game): judge the position before each move for `time_ms`
    /// (those the page has judged already, `known`, skipped), then give the solver
    /// `review::REVIEW_PROVE_TIME` on each position.
    Review {
        /// The game's start, in the rules' notation.
        start: String,
        /// Its moves, in notation.
        moves: Vec<String>,
        /// For each move, whether the page knows the judgement of the position before it.
        known: Vec<bool>,
        /// The time of each judgement, in milliseconds.
        time_ms: u64,
    },
    /// The layout coach's search: a reply layout of `side` to `first` that wins by force
    /// (`omweso_engine::study::reply_to`).
    Reply {
        /// The side of the reply.
        side: Side,
        /// The first layout's 16 counts, by track index.
        first: [u8; 16],
        /// The rules.
        options: RuleOptions,
        /// The time, in milliseconds.
        time_ms: u64,
        /// The seed of Master's reply layouts.
        seed: u64,
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

/// A review's answer on the wire: the judgement of the position before each move (none
/// where the page knew it, or the search judged nothing), and the positions proven by
/// their number (0 the start, `n` after move `n`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireReview {
    judged: Vec<Option<WireJudgement>>,
    proven: Vec<(usize, WireProven)>,
}

/// The layout coach's answer on the wire: the reply's counts, and the proof that it wins
/// by force when it does (its file form, `Proof::to_text`, and its main line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireFinding {
    reply: [u8; 16],
    proof: Option<WireProof>,
    nodes: u64,
    elapsed_ms: u64,
}

/// A proof on the wire.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WireProof {
    root: String,
    text: String,
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
    /// A review's progress: moves reviewed, and in all (news).
    Reviewing(usize, usize),
    /// The review's answer.
    Reviewed(WireReview),
    /// The layout coach's answer.
    Replied(WireFinding),
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
    fn of(p: &Proven) -> WireProven {
        WireProven { winner: p.winner, moves: p.moves, line: texts(&p.line) }
    }

    /// The proof's answer on `state`, its line read move by move.
    ///
    /// # Errors
    /// A move of the line that does not follow.
    pub fn read(&self, state: &GameState) -> Result<Proven, String> {
        Ok(Proven { winner: self.winner, moves: self.moves, line: read_line(state, &self.line)? })
    }
}

impl WireReview {
    /// The review of the game from `start` through `moves`: each judgement read against
    /// its position (or the page's own, from `known`), each verdict made here from it
    /// (`Judgement::review`, as the computer's review does), each proof read against its
    /// position.
    ///
    /// # Errors
    /// A judgement or a proof that does not fit its position, or a position that is not
    /// the game's.
    pub fn read(&self, start: &GameState, moves: &[Move], known: &Judgements) -> Result<ReviewDone, String> {
        let mut positions = vec![start.clone()];
        for mv in moves {
            let last = positions.last().cloned().unwrap_or_else(|| start.clone());
            positions.push(last.play(mv).map_err(|e| format!("{mv}: {e}"))?.0.state);
        }
        let mut done = ReviewDone::default();
        for (i, (mv, wire)) in moves.iter().zip(&self.judged).enumerate() {
            let state = &positions[i];
            let judgement = match wire {
                Some(w) => {
                    let j = w.read(state)?;
                    done.judged.push((state.clone(), j.clone()));
                    Some(j)
                }
                None => known.get(state).map(|j| Judgement::clone(j)),
            };
            done.verdicts.extend(judgement.and_then(|j| j.review(mv, i + 1)));
        }
        for (n, wire) in &self.proven {
            let state = positions.get(*n).ok_or_else(|| format!("a proof of position {n}, which the game has not"))?;
            done.proven.push((state.clone(), wire.read(state)?));
        }
        Ok(done)
    }
}

impl WireFinding {
    fn of(f: &Finding) -> WireFinding {
        WireFinding {
            reply: f.reply.counts(),
            proof: f.refutation().map(|p| WireProof {
                root: p.root.to_string(),
                text: p.to_text(),
                moves: p.moves,
                line: texts(&p.line),
            }),
            nodes: f.solution.nodes,
            elapsed_ms: millis(f.elapsed),
        }
    }

    /// The answer to the search for a reply of `side` to `first` under `options`: the
    /// reply a layout of 32 seeds, the proof's root the game from the two layouts, each
    /// of its steps a position under the rules and a legal move there, its line legal.
    ///
    /// # Errors
    /// What does not fit, in words.
    pub fn read(&self, side: Side, first: &Layout, options: RuleOptions) -> Result<Finding, String> {
        let reply = Layout::new(side, self.reply).map_err(|e| format!("the reply: {e}"))?;
        let state = |text: &str| -> Result<GameState, String> {
            let s: GameState = text.parse().map_err(|e| format!("{text}: {e}"))?;
            s.with_options(options).map_err(|e| format!("{text}: {e}"))
        };
        let verdict = match &self.proof {
            None => Verdict::Unknown { too_large: None },
            Some(p) => {
                let root = state(&p.root)?;
                let (lower, upper) = if side == Side::Lower { (&reply, first) } else { (first, &reply) };
                if *root.position() != omweso_rules::Position::from_layouts(lower, upper) {
                    return Err("a proof whose root is not the game from the two layouts".into());
                }
                let mut steps = Vec::new();
                for line in p.text.lines() {
                    let (at, mv) = line.split_once('\t').ok_or_else(|| format!("a step without a move: {line}"))?;
                    let at = state(at)?;
                    if mv.trim() != "*" {
                        let mv = parse_move(&at, mv).map_err(|e| format!("{mv}: {e}"))?;
                        steps.push((at, mv));
                    }
                }
                let proof =
                    Proof { root: root.clone(), winner: side, steps, moves: p.moves, line: read_line(&root, &p.line)? };
                Verdict::Win { winner: side, proof }
            }
        };
        let solution =
            Solution { verdict, nodes: self.nodes, elapsed: Duration::from_millis(self.elapsed_ms), exact: true };
        Ok(Finding { side, reply, solution, elapsed: Duration::from_millis(self.elapsed_ms) })
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
    let stop = AtomicBool::new(false);
    let done = match serde_json::from_str::<JobRequest>(text) {
        Err(e) => Err(format!("request: {e}")),
        Ok(JobRequest::Judge { state, time_ms }) => read_state(&state).map(|state| {
            let limits = Limits { time: Some(Duration::from_millis(time_ms)), ..Limits::default() };
            let last = judge(&state, limits, &stop, &mut |j| send(&JobMessage::Judged(WireJudgement::of(j))));
            send(&JobMessage::JudgeDone(last.as_ref().map(WireJudgement::of)));
        }),
        Ok(JobRequest::Prove { state, time_ms }) => read_state(&state).map(|state| {
            let limits =
                omweso_engine::SolveLimits { time: Some(Duration::from_millis(time_ms)), ..Default::default() };
            let proven = Proven::of(omweso_engine::solve(&state, limits, &stop));
            send(&JobMessage::Proved(proven.as_ref().map(WireProven::of)));
        }),
        Ok(JobRequest::Review { start, moves, known, time_ms }) => read_state(&start).and_then(|start| {
            let moves = read_line(&start, &moves)?;
            let limits = Limits { time: Some(Duration::from_millis(time_ms)), ..Limits::default() };
            let mut judged = Vec::with_capacity(moves.len());
            let mut state = start.clone();
            for (i, mv) in moves.iter().enumerate() {
                let skip = known.get(i).copied().unwrap_or(false);
                judged.push(
                    if skip { None } else { judge(&state, limits, &stop, &mut |_| {}) }.as_ref().map(WireJudgement::of),
                );
                state = state.play(mv).map_err(|e| format!("{mv}: {e}"))?.0.state;
                send(&JobMessage::Reviewing(i + 1, moves.len()));
            }
            let proven =
                prove_positions(&start, &moves, &stop).iter().map(|(n, _, p)| (*n, WireProven::of(p))).collect();
            send(&JobMessage::Reviewed(WireReview { judged, proven }));
            Ok(())
        }),
        Ok(JobRequest::Reply { side, first, options, time_ms, seed }) => {
            Layout::new(side.opponent(), first).map_err(|e| format!("the first layout: {e}")).map(|first| {
                let time = Duration::from_millis(time_ms);
                let finding = omweso_engine::study::reply_to(side, &first, &options, time, seed, &stop);
                send(&JobMessage::Replied(WireFinding::of(&finding)));
            })
        }
    };
    if let Err(why) = done {
        send(&JobMessage::Failed(why));
    }
}

fn read_state(text: &str) -> Result<GameState, String> {
    text.parse::<GameState>().map_err(|e| format!("state: {e}"))
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

/// The review of the game from `start` through `moves`, in a worker (see
/// [`crate::app::services::analysis::GameReview`]): the positions in `known` are not
/// judged again.
pub fn reviewing(
    start: GameState,
    moves: Vec<Move>,
    time: Duration,
    known: Judgements,
    waker: Option<Waker>,
) -> Job<(usize, usize), ReviewDone> {
    let mut state = start.clone();
    let mut knows = Vec::with_capacity(moves.len());
    for mv in &moves {
        knows.push(known.get(&state).is_some());
        match state.play(mv) {
            Ok((next, _)) => state = next.state,
            Err(_) => break,
        }
    }
    let request =
        JobRequest::Review { start: start.to_string(), moves: texts(&moves), known: knows, time_ms: millis(time) };
    remote("review", waker, &request.to_text(), move |text| match message(text)? {
        JobMessage::Reviewing(done, all) => Ok(Message::News((done, all))),
        JobMessage::Reviewed(review) => Ok(Message::Answer(review.read(&start, &moves, &known)?)),
        other => Err(format!("{other:?} to a review")),
    })
}

/// The layout coach's search, in a worker (see
/// [`crate::app::services::analysis::reply_search`]).
pub fn reply_search(
    side: Side,
    first: Layout,
    options: RuleOptions,
    time: Duration,
    seed: u64,
    waker: Option<Waker>,
) -> Job<(), Finding> {
    let request = JobRequest::Reply { side, first: first.counts(), options, time_ms: millis(time), seed };
    remote("layout coach", waker, &request.to_text(), move |text| match message(text)? {
        JobMessage::Replied(f) => Ok(Message::Answer(f.read(side, &first, options)?)),
        other => Err(format!("{other:?} to the layout coach")),
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
