//! Game-state notation (RULES.md §5): `<position> / <L|U> <both|lower|upper|none> <l>,<u>`.

use super::position::PositionError;
use crate::{FirstMoves, GameState, Position, RuleOptions, Side, StateError};
use std::fmt;
use std::str::FromStr;

/// A game-state text that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateTextError {
    /// The ` / ` between the position and the rest is missing.
    #[error("game state: expected `<position> / <L|U> <both|lower|upper|none> <lower>,<upper>`, found no `/`")]
    MissingSlash,
    /// The position part is wrong.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The part after `/` is wrong.
    #[error("game state, after `/`: {0}")]
    Tail(#[from] TailError),
    /// The state read is impossible.
    #[error("game state: {0}")]
    Invalid(#[from] StateError),
}

/// What is wrong in the part of a game-state text after the `/`: the side to move, who has
/// still to make a first move, then the capture counts, read in that order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TailError {
    /// Nothing follows the `/`.
    #[error("the side to move (`L` or `U`) is missing")]
    MissingSideToMove,
    /// The first word is not `L` or `U`.
    #[error("the side to move is `L` or `U`, not `{found}`")]
    BadSideToMove {
        /// The word found.
        found: String,
    },
    /// Only the side to move follows the `/`.
    #[error("who has still to make a first move (`both`, `lower`, `upper`, `none`) is missing")]
    MissingFirstMoves,
    /// The second word is not `both`, `lower`, `upper` or `none`.
    #[error("who has still to make a first move is `both`, `lower`, `upper` or `none`, not `{found}`")]
    BadFirstMoves {
        /// The word found.
        found: String,
    },
    /// The capture counts are wrong.
    #[error(transparent)]
    Captures(#[from] CapturesError),
}

/// Why a text is not the capture counts `<lower>,<upper>` (see [`parse_captures`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CapturesError {
    /// There is no `,` between the two counts (or no counts at all).
    #[error("the capture counts are `<lower>,<upper>`, e.g. `1,0`, not `{found}`")]
    MissingComma {
        /// The whole text.
        found: String,
    },
    /// One count is not a whole number that fits a `u16`.
    #[error("`{found}` is not a capture count (a whole number up to 65535)")]
    NotACount {
        /// Whose count it is: the one before the `,` is Lower's.
        side: Side,
        /// The count as written, trimmed.
        found: String,
    },
}

impl FromStr for GameState {
    type Err = StateTextError;

    /// Reads `<position> / <L|U> <both|lower|upper|none> <l>,<u>` with default rule options
    /// (use [`GameState::with_options`] for others).
    fn from_str(text: &str) -> Result<GameState, StateTextError> {
        let (position, tail) = text.split_once('/').ok_or(StateTextError::MissingSlash)?;
        let position: Position = position.parse()?;
        let mut words = tail.split_whitespace();
        let to_move = match words.next() {
            Some("L" | "l") => Side::Lower,
            Some("U" | "u") => Side::Upper,
            Some(w) => return Err(TailError::BadSideToMove { found: w.to_string() }.into()),
            None => return Err(TailError::MissingSideToMove.into()),
        };
        let first_moves = match words.next() {
            Some(w) => match w.to_ascii_lowercase().as_str() {
                "both" => FirstMoves::Both,
                "lower" => FirstMoves::Lower,
                "upper" => FirstMoves::Upper,
                "none" => FirstMoves::None,
                _ => return Err(TailError::BadFirstMoves { found: w.to_string() }.into()),
            },
            None => return Err(TailError::MissingFirstMoves.into()),
        };
        let rest = words.collect::<Vec<_>>().join(" ");
        let captures = parse_captures(&rest).map_err(TailError::from)?;
        Ok(GameState::new(position, to_move, first_moves, captures, RuleOptions::default())?)
    }
}

/// Reads `<lower>,<upper>`: the number of moves in which each player has captured.
///
/// # Errors
/// [`CapturesError`] saying what is wrong.
pub fn parse_captures(text: &str) -> Result<[u16; 2], CapturesError> {
    let (l, u) = text.split_once(',').ok_or_else(|| CapturesError::MissingComma { found: text.to_string() })?;
    let read = |s: &str, side| {
        let s = s.trim();
        s.parse::<u16>().map_err(|_| CapturesError::NotACount { side, found: s.to_string() })
    };
    Ok([read(l, Side::Lower)?, read(u, Side::Upper)?])
}

/// Writes the canonical game-state text of `state` (RULES.md §5).
pub fn format_state(state: &GameState) -> String {
    state.to_string()
}

impl fmt::Display for GameState {
    /// `11a, 5b, …; 5DE, … / U none 1,0`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [l, u] = self.captures();
        write!(f, "{} / {} {} {},{}", self.position(), self.to_move().letter(), self.first_moves().name(), l, u)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_round_trips() {
        let text = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0";
        let s: GameState = text.parse().unwrap();
        assert_eq!(s.to_move(), Side::Upper);
        assert_eq!(s.captures(), [1, 0]);
        assert_eq!(s.to_string(), text);
    }

    #[test]
    fn state_errors() {
        assert_eq!("4i-p; 4I-P".parse::<GameState>().unwrap_err(), StateTextError::MissingSlash);
        let tail = |text: &str| match text.parse::<GameState>() {
            Err(StateTextError::Tail(e)) => e,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(tail("4i-p; 4I-P / "), TailError::MissingSideToMove);
        assert_eq!(tail("4i-p; 4I-P / X both 0,0"), TailError::BadSideToMove { found: "X".into() });
        assert_eq!(tail("4i-p; 4I-P / L"), TailError::MissingFirstMoves);
        assert_eq!(tail("4i-p; 4I-P / L Sometimes 0,0"), TailError::BadFirstMoves { found: "Sometimes".into() });
        assert_eq!(tail("4i-p; 4I-P / L both 0"), CapturesError::MissingComma { found: "0".into() }.into());
        assert_eq!(tail("4i-p; 4I-P / L both"), CapturesError::MissingComma { found: "".into() }.into());
        assert_eq!(
            tail("4i-p; 4I-P / L both 0,-1"),
            CapturesError::NotACount { side: Side::Upper, found: "-1".into() }.into()
        );
        assert_eq!(parse_captures("x,0"), Err(CapturesError::NotACount { side: Side::Lower, found: "x".into() }));
        assert_eq!(parse_captures(" 1 , 0 "), Ok([1, 0]));
        // The words a person reads.
        assert_eq!(
            "4i-p; 4I-P / L both 0".parse::<GameState>().unwrap_err().to_string(),
            "game state, after `/`: the capture counts are `<lower>,<upper>`, e.g. `1,0`, not `0`"
        );
        assert_eq!(
            "4i-p; 4I-P / X both 0,0".parse::<GameState>().unwrap_err().to_string(),
            "game state, after `/`: the side to move is `L` or `U`, not `X`"
        );
        assert_eq!(
            "4i-p; 4I-O / L both 0,0".parse::<GameState>().unwrap_err(),
            StateTextError::Invalid(StateError::WrongTotal { found: 60 })
        );
        assert_eq!(
            "4i-p; 4I-P / L both 1,0".parse::<GameState>().unwrap_err(),
            StateTextError::Invalid(StateError::CaptureBeforeFirstMove { side: Side::Lower })
        );
        assert!(matches!("4i-p; 4I-P / L upper 0,0".parse::<GameState>(), Err(StateTextError::Invalid(_))));
    }
}
