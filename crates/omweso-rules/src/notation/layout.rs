//! One side's layout as text: its half of a RULES.md §5 position (`4a-h`, `2A-P`), as the
//! engine protocol's `layout` request writes it.

use super::position::PositionError;
use crate::{Layout, LayoutError, Position, Side};

/// Why a text is not a side's layout.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutTextError {
    /// The text is not that side's half of a position (RULES.md §5).
    #[error("`{}` is not {side}'s half of a position: {error}", super::shown(text))]
    Notation {
        /// The text read.
        text: String,
        /// The side it was read for.
        side: Side,
        /// What is wrong, and where.
        error: PositionError,
    },
    /// The seeds do not make a layout (32 seeds, RULES.md §2).
    #[error(transparent)]
    Seeds(#[from] LayoutError),
}

/// `side`'s layout from its half of a RULES.md §5 position: lowercase letters for Lower,
/// uppercase for Upper.
///
/// # Errors
/// [`LayoutTextError`] when the text is not that half, or it does not hold 32 seeds.
pub fn parse_layout(text: &str, side: Side) -> Result<Layout, LayoutTextError> {
    let whole = match side {
        Side::Lower => format!("{text}; -"),
        Side::Upper => format!("-; {text}"),
    };
    let position: Position =
        whole.parse().map_err(|error| LayoutTextError::Notation { text: text.to_string(), side, error })?;
    Ok(Layout::from_position(&position, side)?)
}

/// `layout` as `side`'s half of a RULES.md §5 position, canonical (the inverse of
/// [`parse_layout`]).
pub fn format_layout(layout: &Layout, side: Side) -> String {
    let mut position = Position::empty();
    position.set_side(side, layout);
    let text = position.to_string();
    let (lower, upper) = text.split_once("; ").unwrap_or((&text, ""));
    match side {
        Side::Lower => lower.to_string(),
        Side::Upper => upper.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn layouts_round_trip_and_errors_are_typed() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        for side in Side::BOTH {
            for _ in 0..50 {
                let layout = Layout::random(&mut rng);
                let text = format_layout(&layout, side);
                assert_eq!(parse_layout(&text, side), Ok(layout), "{text}");
            }
        }
        assert_eq!(format_layout(&Layout::back_row_fours(), Side::Upper), "4I-P");
        assert!(matches!(parse_layout("4A-G", Side::Upper), Err(LayoutTextError::Seeds(_))));
        // Lower's letters are not Upper's layout.
        assert!(matches!(parse_layout("4a-h", Side::Upper), Err(LayoutTextError::Notation { .. })));
        assert!(matches!(parse_layout("4a-z", Side::Lower), Err(LayoutTextError::Notation { .. })));
    }
}
