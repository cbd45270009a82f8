#![doc = include_str!("../README.md")]
//!
//! The rules are those of the rule book the program follows (RULES.md); each item says
//! which section it implements.

mod generate;
mod hole;
mod moves;
pub mod notation;
mod options;
mod outcome;
mod position;
mod setup;
mod sowing;
mod state;
mod threats;
mod trace;

pub use generate::{Generated, Perft};
pub use hole::{Direction, Hole, Row, Side, column_partner_track, is_leftmost_track, opposite_tracks};
pub use moves::{Choice, Move};
pub use options::{LapLimitError, MAX_LAP_LIMIT, Points, RuleOptions, check_lap_limit};
pub use outcome::{Outcome, WinKind};
pub use position::{Layout, LayoutError, Position, SEEDS_PER_SIDE, TOTAL_SEEDS};
pub use setup::{Setup, SetupError};
pub use sowing::{DecisionPoint, Progress, Sowing};
pub use state::{Child, ChoiceMismatch, FirstMoves, GameState, IllegalMove, StateError, Successor};
pub use threats::Threat;
pub use trace::{Event, Lap, LapEnd, LapSource, Trace};
