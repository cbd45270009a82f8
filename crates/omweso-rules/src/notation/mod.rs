//! The notation of RULES.md §5, both ways: positions (`9a, 3b, 4d-fhm; 4A-F, 3G, 5P`),
//! game states (`… / U none 1,0`) and moves (`m`, `i3xF`, `D, J2xh`, `d3s`).
//!
//! Printing gives the canonical form; reading accepts any grouping and spacing. Every
//! reader returns a typed error that says what is wrong and where; none panics.

mod cursor;

/// Text from the input as an error quotes it: its first 60 characters, then `…`, with
/// control characters and the invisible ones that reorder text escaped (`\n`, `\u{202e}`),
/// so that an error is one short line whatever was typed or read.
pub(crate) fn shown(text: impl AsRef<str>) -> String {
    let text = text.as_ref();
    let mut out: String = text.chars().take(60).flat_map(char::escape_debug).collect();
    if text.chars().nth(60).is_some() {
        out.push('…');
    }
    out
}
mod layout;
mod moves;
mod position;
mod state;

pub use layout::{LayoutTextError, format_layout, parse_layout};
pub use moves::{MoveError, MoveItem, MoveText, SyntaxKind, parse_move};
pub use position::{PositionError, PositionErrorKind};
pub use state::{CapturesError, StateTextError, TailError, format_state, parse_captures};
