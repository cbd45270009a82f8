#![doc = include_str!("../README.md")]
//!
//! A search engine beside the rules, as Pleco's engine sits beside
//! its board. It depends on the rules crate (`omweso-rules`) alone and sees only its public API.
//!
//! - [`search`]: iterative deepening (`deepening.rs`) of a negamax with alpha-beta and
//!   principal-variation search (`search.rs`), a transposition table keyed by a Zobrist
//!   hash of the full state (`tt.rs`) and shared without locks by the threads of a search
//!   (Lazy SMP), and an evaluation that knows the game (`eval.rs`).
//! - [`choose_layout`]: the computer's 32-seed setup (`layout.rs`).
//! - [`study`]: the layout study: a reply that wins by force to a first layout.
//! - [`worker`]: a background thread for the window.
//! - [`greedy_move`] and [`random_move`]: baselines.

mod deepening;
pub mod eval;
pub mod hunt;
mod judge;
mod layout;
pub mod review;
mod search;
mod solve;
pub mod study;
mod tt;
pub mod worker;

pub use deepening::{judge, search};
pub use eval::{SEED, evaluate};
pub use judge::Judgement;
pub use layout::{choose_layout, choose_layout_within};
pub use search::{PROVEN, WIN};
pub use solve::{
    Proof, ReplyBudget, ReplySearch, Solution, SolveLimits, Verdict, solve, solve_layout, solve_layout_nodes,
};
pub use tt::hash;

use omweso_rules::{GameState, Move};
use rand::RngExt;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Level {
    /// Judges one move ahead, with noise and random blunders, but sees a win in one for
    /// either side: a new player can win.
    Beginner,
    /// Two moves deep, with a little noise.
    Casual,
    /// Four moves deep.
    Strong,
    /// As deep as the time allows.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Casual, Level::Strong, Level::Master];

    /// `beginner`, `casual`, `strong` or `master`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// The time per move used when a search is given no limit at all.
    pub fn default_time(self) -> Duration {
        self.style().default_time
    }
}

impl fmt::Display for Level {
    /// `Beginner`, `Casual`, `Strong` or `Master`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Strong => "Strong",
            Level::Master => "Master",
        })
    }
}

/// A level name that is not one of `beginner`, `casual`, `strong`, `master`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level `{0}`: expected beginner, casual, strong or master")]
pub struct LevelError(pub String);

impl FromStr for Level {
    type Err = LevelError;

    /// `beginner`, `casual`, `strong` or `master`, in any case.
    fn from_str(text: &str) -> Result<Level, LevelError> {
        let t = text.trim();
        Level::ALL.into_iter().find(|l| l.name().eq_ignore_ascii_case(t)).ok_or_else(|| LevelError(t.to_string()))
    }
}

/// Limits of one search; the search stops at whichever comes first. With none given, the
/// level's default time ([`Level::default_time`]) applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Deepest iteration, in complete moves (the lower levels stop sooner: Beginner and
    /// Casual at 2, Strong at 4).
    pub depth: Option<u32>,
    /// Nodes of the main thread; with a node budget, no time limit and one thread the
    /// search is deterministic.
    pub nodes: Option<u64>,
    /// Threads searching together (Lazy SMP, sharing the transposition table); 0 and 1 both
    /// mean one thread, the only deterministic choice.
    pub threads: usize,
}

/// Progress report after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchInfo {
    /// Depth completed, in complete moves.
    pub depth: u32,
    /// Score for the side to move, in hundredths of a seed; wins are near ±[`WIN`].
    pub score: i32,
    /// Nodes searched so far, all threads together.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Principal variation, starting with the best move.
    pub pv: Vec<Move>,
}

/// The answer of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move chosen.
    pub best: Move,
    /// Its score for the side to move (hundredths of a seed; wins near ±[`WIN`]).
    pub score: i32,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

/// Baseline: the move that captures the most seeds this move (a win if there is one; the
/// first such move in generation order).
pub fn greedy_move(state: &GameState) -> Option<Move> {
    let mut best: Option<(u64, Move)> = None;
    for s in state.successors() {
        let key = match s.outcome() {
            Some(o) if o.winner() == Some(state.to_move()) => 1 << 40,
            _ => s.captured_seeds as u64 + 1,
        };
        if best.as_ref().is_none_or(|(k, _)| key > *k) {
            best = Some((key, s.mv));
        }
    }
    best.map(|(_, m)| m)
}

/// Baseline: a uniformly random legal move.
pub fn random_move<R: rand::Rng + ?Sized>(state: &GameState, rng: &mut R) -> Option<Move> {
    let mut moves = state.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let i = rng.random_range(0..moves.len());
    Some(moves.swap_remove(i))
}
