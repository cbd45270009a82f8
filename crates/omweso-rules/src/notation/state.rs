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
    Tail(String),
    /// The state read is impossible.
    #[error("game state: {0}")]
    Invalid(#[from] StateError),
}

impl FromStr for GameState {
    type Err = StateTextError;

    /// Reads `<position> / <L|U> <both|lower|upper|none> <l>,<u>` with default rule options
    /// (use [`GameState::with_options`] for others).
    fn from_str(text: &str) -> Result<GameState, StateTextError> {
        let (position, tail) = text.split_once('/').ok_or(StateTextError::MissingSlash)?;
        let position: Position = position.parse()?;
        let tail_err = |what: String| StateTextError::Tail(what);
        let mut words = tail.split_whitespace();
        let to_move = match words.next() {
            Some("L" | "l") => Side::Lower,
            Some("U" | "u") => Side::Upper,
            Some(w) => return Err(tail_err(format!("the side to move is `L` or `U`, not `{w}`"))),
            None => return Err(tail_err("the side to move (`L` or `U`) is missing".into())),
        };
        let first_moves = match words.next().map(str::to_ascii_lowercase).as_deref() {
            Some("both") => FirstMoves::Both,
            Some("lower") => FirstMoves::Lower,
            Some("upper") => FirstMoves::Upper,
            Some("none") => FirstMoves::None,
            Some(w) => {
                return Err(tail_err(format!(
                    "who has still to make a first move is `both`, `lower`, `upper` or `none`, not `{w}`"
                )));
            }
            None => {
                return Err(tail_err(
                    "who has still to make a first move (`both`, `lower`, `upper`, `none`) is missing".into(),
                ));
            }
        };
        let rest = words.collect::<Vec<_>>().join(" ");
        let captures = parse_captures(&rest).map_err(tail_err)?;
        Ok(GameState::new(position, to_move, first_moves, captures, RuleOptions::default())?)
    }
}

/// Reads `<lower>,<upper>`: the number of moves in which each player has captured.
///
/// # Errors
/// A message saying what is wrong.
pub fn parse_captures(text: &str) -> Result<[u16; 2], String> {
    let (l, u) = text
        .split_once(',')
        .ok_or_else(|| format!("the capture counts are `<lower>,<upper>`, e.g. `1,0`, not `{text}`"))?;
    let read = |s: &str| {
        s.trim()
            .parse::<u16>()
            .map_err(|_| format!("`{}` is not a capture count (a whole number up to 65535)", s.trim()))
    };
    Ok([read(l)?, read(u)?])
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
        assert!(matches!("4i-p; 4I-P / X both 0,0".parse::<GameState>(), Err(StateTextError::Tail(_))));
        assert!(matches!("4i-p; 4I-P / L sometimes 0,0".parse::<GameState>(), Err(StateTextError::Tail(_))));
        assert!(matches!("4i-p; 4I-P / L both 0".parse::<GameState>(), Err(StateTextError::Tail(_))));
        assert!(matches!("4i-p; 4I-P / L both".parse::<GameState>(), Err(StateTextError::Tail(_))));
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
