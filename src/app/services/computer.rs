//! The computer's seat: moves are searched on the [`omweso_engine`] worker thread. Every
//! request carries an id; a reply whose id is not the one awaited (the game moved on, was
//! undone or restarted) is dropped.

use crate::app::services::job::{Job, Waker};
#[cfg(target_arch = "wasm32")]
use crate::app::services::web::engine::Worker;
use omweso_engine::worker::Request;
#[cfg(not(target_arch = "wasm32"))]
use omweso_engine::worker::Worker;
use omweso_engine::{Level, choose_layout};
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The time Master, laying out second, gives the solver to find a reply layout with a
/// proven win (`omweso_engine::solve_layout`).
pub const PROVE_LAYOUT_TIME: Duration = Duration::from_secs(4);

/// Who the computer is in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Opponent {
    /// The computer's side.
    pub side: Side,
    /// How well it plays.
    pub level: Level,
}

/// The computer player and its worker thread.
pub struct Computer {
    /// Side and level.
    pub opponent: Opponent,
    worker: Option<Worker>,
    next_id: u64,
    /// The request awaited: its id and the state it is for.
    pending: Option<(u64, GameState)>,
    seed: u64,
    /// Called from the worker thread when a reply is ready (the window repaints).
    wake: Option<Waker>,
    /// Threads each search uses (the window's Threads setting).
    threads: usize,
    /// The layout being chosen on its own thread.
    layout_job: Option<LayoutJob>,
    /// When the computer's last layout came with a proven win for it: the proof's longest
    /// line, in moves of both players.
    pub layout_proof: Option<u32>,
}

/// A layout being chosen on a thread of its own: the question it answers (the layout seen
/// and the rule options) and where the answer arrives.
struct LayoutJob {
    question: (Option<Layout>, RuleOptions),
    job: Job<(), (Layout, Option<u32>)>,
}

/// The layout of `side` at `level`, seeing `seen` when it lays out second: Master then
/// looks for one with a proven win within [`PROVE_LAYOUT_TIME`] and says so (the proof's
/// length); otherwise the level's own layout. Only Master uses the solver's refutation
/// (the layout study's search): the lower levels lay out as people do.
fn layout_for(
    side: Side,
    level: Level,
    seen: Option<&Layout>,
    options: &RuleOptions,
    seed: u64,
    stop: &AtomicBool,
) -> (Layout, Option<u32>) {
    match seen {
        Some(first) if level == Level::Master => {
            let (layout, solution) = omweso_engine::solve_layout(side, first, options, PROVE_LAYOUT_TIME, seed, stop);
            let proof = match solution.verdict {
                omweso_engine::Verdict::Win { winner, proof } if winner == side => Some(proof.moves),
                _ => None,
            };
            (layout, proof)
        }
        _ => (choose_layout(side, level, seen, options, seed), None),
    }
}

/// A reply that arrived for the awaited request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The computer's move in `state`.
    Move(GameState, Move),
}

impl Computer {
    /// A computer player; the thread starts with the first request.
    pub fn new(opponent: Opponent) -> Computer {
        Computer {
            opponent,
            worker: None,
            next_id: 1,
            pending: None,
            seed: rand::random(),
            wake: None,
            threads: 1,
            layout_job: None,
            layout_proof: None,
        }
    }

    /// What to call when a reply is ready (the window would otherwise sleep until the next
    /// mouse move). Takes effect when the thread starts.
    pub fn set_waker(&mut self, wake: Waker) {
        if self.wake.is_none() {
            self.wake = Some(wake);
        }
    }

    /// The threads each search uses from now on (Lazy SMP; 1 searches alone).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
        if let Some(w) = &self.worker {
            w.set_threads(self.threads);
        }
    }

    /// True while a move is being searched.
    pub fn thinking(&self) -> bool {
        self.pending.is_some()
    }

    fn ask(&mut self, state: &GameState, level: Level, time: Duration) {
        if self.pending.as_ref().is_some_and(|(_, s)| s == state) {
            return;
        }
        self.cancel();
        let id = self.next_id;
        self.next_id += 1;
        let wake = self.wake.clone();
        let worker = self.worker.get_or_insert_with(|| match wake {
            Some(wake) => Worker::spawn_with_wake(Box::new(move || wake())),
            None => Worker::spawn(),
        });
        worker.set_threads(self.threads);
        worker.request(Request { id, state: state.clone(), level, time, seed: self.seed ^ id });
        self.pending = Some((id, state.clone()));
    }

    /// Asks for the computer's move in `state` (once per state), thinking at most `within`
    /// when the clock gives it that much (issue 21: its thinking time is inside the clock).
    pub fn ask_move(&mut self, state: &GameState, within: Option<Duration>) {
        let level = self.opponent.level;
        let time = level.default_time().min(Duration::from_secs(5));
        self.ask(state, level, within.map_or(time, |w| time.min(w)));
    }

    /// The awaited reply, if it has come; stale replies are dropped.
    pub fn poll(&mut self) -> Option<Answer> {
        let worker = self.worker.as_ref()?;
        while let Some(reply) = worker.try_recv() {
            let Some((id, state)) = self.pending.clone() else { continue };
            if reply.id != id {
                continue;
            }
            self.pending = None;
            let best = reply.result?.best;
            return Some(Answer::Move(state, best));
        }
        None
    }

    /// Stops waiting for the current request.
    pub fn cancel(&mut self) {
        if self.pending.take().is_some()
            && let Some(w) = &self.worker
        {
            w.cancel();
        }
    }

    /// Asks the search to answer now with its best move so far.
    pub fn move_now(&self) {
        if let Some(w) = &self.worker {
            w.move_now();
        }
    }

    /// The computer's layout, seeing `seen` when it lays out second (RULES.md §2), once it
    /// is ready: the first call starts choosing it on a thread of its own (Master plays
    /// candidate layouts out, and laying out second looks for a proven win for up to
    /// [`PROVE_LAYOUT_TIME`]; see [`Computer::layout_proof`]) and returns `None`, so
    /// that the window never waits; later calls with the same question return it when it
    /// has come (the waker repaints the window then). A call with another question starts
    /// again.
    pub fn poll_layout(&mut self, seen: Option<&Layout>, options: &RuleOptions) -> Option<Layout> {
        let question = (seen.copied(), *options);
        let (side, level, seed) = (self.opponent.side, self.opponent.level, self.seed);
        if self.layout_job.as_ref().is_none_or(|j| j.question != question) {
            self.layout_proof = None;
            let job = Job::start("layout", self.wake.clone(), move |cx| {
                layout_for(side, level, question.0.as_ref(), &question.1, seed, cx.stop)
            });
            self.layout_job = Some(LayoutJob { question, job });
        }
        let j = self.layout_job.as_mut()?;
        j.job.poll(|()| {});
        let outcome = j.job.take()?;
        self.layout_job = None;
        // A job that failed (no thread, or a panic): choose here rather than never.
        let (layout, proof) = outcome.unwrap_or_else(|_| (choose_layout(side, level, seen, options, seed), None));
        self.layout_proof = proof;
        Some(layout)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_master_the_computer_lays_out_as_people_do_not_with_the_refutation() {
        // Two in every hole, laid out first, is refuted in about 0.1 s (issue 43); a level
        // below Master seeing it lays out by its own search and claims no proven win.
        let (options, first, stop) = (RuleOptions::default(), Layout::twos(), AtomicBool::new(false));
        for level in [Level::Beginner, Level::Casual, Level::Strong] {
            let (layout, proof) = layout_for(Side::Lower, level, Some(&first), &options, 7, &stop);
            assert_eq!(proof, None, "{level}");
            assert_eq!(layout, choose_layout(Side::Lower, level, Some(&first), &options, 7), "{level}");
        }
        let (_, proof) = layout_for(Side::Lower, Level::Master, Some(&first), &options, 7, &stop);
        assert!(proof.is_some(), "Master finds the reply that wins by force");
    }
}
