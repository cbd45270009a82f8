//! The rules of Omweso as RULES.md states them: the single source of truth for the window,
//! the computer opponent, the notation, saved games and the command line.
//!
//! No UI, no I/O. The types follow the game's own terms: [`Side`] (Lower/Upper), [`Hole`],
//! [`Position`], [`GameState`], [`Move`], [`Trace`] and [`Outcome`].

mod hole;
mod moves;
mod options;
mod outcome;
mod position;
mod sowing;
mod state;
mod threats;
mod trace;

pub use hole::{Direction, Hole, Row, Side, column_partner_track, is_leftmost_track, opposite_tracks};
pub use moves::{Choice, Move};
pub use options::{Points, RuleOptions};
pub use outcome::{Outcome, WinKind};
pub use position::{Layout, LayoutError, Position, SEEDS_PER_SIDE, TOTAL_SEEDS};
pub use sowing::{DecisionPoint, Progress, Sowing};
pub use state::{FirstMoves, GameState, IllegalMove, Perft, StateError, Successor};
pub use threats::Threat;
pub use trace::{Event, Lap, LapEnd, LapSource, Trace};
