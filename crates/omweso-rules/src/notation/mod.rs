//! The notation of RULES.md §5, both ways: positions (`9a, 3b, 4d-fhm; 4A-F, 3G, 5P`),
//! game states (`… / U none 1,0`) and moves (`m`, `i3xF`, `D, J2xh`, `d3s`).
//!
//! Printing gives the canonical form; reading accepts any grouping and spacing. Every
//! reader returns a typed error that says what is wrong and where; none panics.

mod cursor;
mod layout;
mod moves;
mod position;
mod state;

pub use layout::{LayoutTextError, format_layout, parse_layout};
pub use moves::{MoveError, MoveItem, MoveText, SyntaxKind, parse_move};
pub use position::{PositionError, PositionErrorKind};
pub use state::{CapturesError, StateTextError, TailError, format_state, parse_captures};
