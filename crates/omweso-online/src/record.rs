//! The record of an online game as the server keeps it and sends it: the rules, the two
//! layouts, the moves as text, the clock and how it ended. Whoever reads one replays it with
//! the rules ([`Record::replay`]): a position is never taken from it.

use crate::clock::{ClockSpec, ClockTimes};
use omweso_rules::notation::{LayoutTextError, MoveError, parse_layout, parse_move};
use omweso_rules::{GameState, IllegalMove, Layout, Move, Outcome, RuleOptions, Side};
use serde::{Deserialize, Serialize};

/// The side that moves first online (RULES.md §2: the winner of the toss is seated as Lower).
pub const FIRST_TO_MOVE: Side = Side::Lower;

/// The side that plays move `number` (from 0): the sides take turns,
/// [`FIRST_TO_MOVE`] first.
pub fn mover(number: usize) -> Side {
    if number.is_multiple_of(2) { FIRST_TO_MOVE } else { FIRST_TO_MOVE.opponent() }
}

/// The side that lays out first under `rules` (RULES.md §2: the loser of the toss, Upper,
/// unless the option has the first player lay out first).
pub fn first_to_lay_out(rules: &RuleOptions) -> Side {
    rules.lays_out_first(FIRST_TO_MOVE)
}

/// A game as the server keeps it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The join code.
    pub code: String,
    /// The rules.
    pub rules: RuleOptions,
    /// Lower's and Upper's players' names (empty until seated).
    pub names: [String; 2],
    /// Lower's and Upper's layouts (each side's half of a RULES.md §5 position), as far as
    /// they are in (and shown).
    pub layouts: [Option<String>; 2],
    /// The moves, canonical RULES.md §5 text, in order.
    pub moves: Vec<String>,
    /// The clock of tournament play, if any.
    pub clock: Option<ClockSpec>,
    /// The time each side had left after the last move, if timed.
    pub times: Option<ClockTimes>,
    /// How the game ended, once it has.
    pub end: Option<End>,
}

/// How an online game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case", deny_unknown_fields)]
pub enum End {
    /// By the rules (RULES.md §4, 3.8): the last move's state says so.
    Rules {
        /// The outcome.
        outcome: Outcome,
    },
    /// `side` resigned.
    Resigned {
        /// Who gave up.
        side: Side,
    },
    /// `side`'s time ran out on the server's clock.
    Time {
        /// Who ran out.
        side: Side,
    },
}

impl End {
    /// The winner, if any (an annulled game has none).
    pub fn winner(&self) -> Option<Side> {
        match self {
            End::Rules { outcome } => outcome.winner(),
            End::Resigned { side } | End::Time { side } => Some(side.opponent()),
        }
    }

    /// The outcome line as `omweso apply` prints it: `lower wins: normal`, `annulled`, and
    /// for the ends the rules do not make, `upper wins: resignation` or `lower wins: time`.
    pub fn line(&self) -> String {
        match self {
            End::Rules { outcome } => outcome.to_string(),
            End::Resigned { side } => format!("{} wins: resignation", side.opponent().name()),
            End::Time { side } => format!("{} wins: time", side.opponent().name()),
        }
    }
}

/// Why a record does not replay.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A layout that is not its side's half of a position.
    #[error("{side} layout: {error}", side = side.name())]
    Layout {
        /// Whose layout.
        side: Side,
        /// The notation's error.
        error: LayoutTextError,
    },
    /// Moves with a layout missing.
    #[error("{0} moves before both layouts are in")]
    MovesBeforeLayouts(usize),
    /// A move that is not a legal move where it stands.
    #[error("move {number} `{text}`: {error}")]
    Move {
        /// Its place (from 1).
        number: usize,
        /// Its text as kept.
        text: String,
        /// The notation's error.
        error: MoveError,
    },
    /// A move the rules refuse.
    #[error("move {number}: {error}")]
    Illegal {
        /// Its place (from 1).
        number: usize,
        /// The rules' error.
        error: IllegalMove,
    },
    /// The end kept is not what the moves give.
    #[error("the record ends {kept:?} but its moves end {played:?}")]
    WrongEnd {
        /// The end kept.
        kept: Option<End>,
        /// The outcome of the moves.
        played: Option<Outcome>,
    },
}

/// A record replayed by the rules.
#[derive(Clone, Debug)]
pub struct Replay {
    /// Lower's and Upper's layouts, as far as they are in.
    pub layouts: [Option<Layout>; 2],
    /// The state after both layouts, if both are in.
    pub start: Option<GameState>,
    /// Every move, as the rules read it.
    pub moves: Vec<Move>,
    /// The state after the last move (the start when there are none).
    pub state: Option<GameState>,
}

impl Record {
    /// A new game's record: no layouts, no moves.
    pub fn new(code: String, rules: RuleOptions, clock: Option<ClockSpec>) -> Record {
        Record {
            code,
            rules,
            names: [String::new(), String::new()],
            layouts: [None, None],
            moves: Vec::new(),
            clock,
            times: clock.map(|c| ClockTimes::start(&c)),
            end: None,
        }
    }

    /// Replays the record with the rules: each layout read for its side, every move read
    /// and played from the layouts, and the end checked against the moves.
    ///
    /// # Errors
    /// [`RecordError`] naming the first layout or move that is wrong.
    pub fn replay(&self) -> Result<Replay, RecordError> {
        let mut layouts = [None, None];
        for side in Side::BOTH {
            if let Some(text) = &self.layouts[side.index()] {
                layouts[side.index()] =
                    Some(parse_layout(text, side).map_err(|error| RecordError::Layout { side, error })?);
            }
        }
        let start = match layouts {
            [Some(lower), Some(upper)] => Some(GameState::from_layouts(&lower, &upper, FIRST_TO_MOVE, self.rules)),
            _ if !self.moves.is_empty() => return Err(RecordError::MovesBeforeLayouts(self.moves.len())),
            _ => None,
        };
        let mut moves = Vec::with_capacity(self.moves.len());
        let mut state = start.clone();
        if let Some(s) = state.as_mut() {
            for (i, text) in self.moves.iter().enumerate() {
                let mv = parse_move(s, text).map_err(|error| RecordError::Move {
                    number: i + 1,
                    text: text.clone(),
                    error,
                })?;
                *s = s.play(&mv).map_err(|error| RecordError::Illegal { number: i + 1, error })?.0.state;
                moves.push(mv);
            }
        }
        let played = state.as_ref().and_then(GameState::outcome);
        let consistent = match (self.end, played) {
            (Some(End::Rules { outcome }), Some(o)) => outcome == o,
            (_, Some(_)) | (Some(End::Rules { .. }), None) => false,
            (_, None) => true,
        };
        if !consistent {
            return Err(RecordError::WrongEnd { kept: self.end, played });
        }
        Ok(Replay { layouts, start, moves, state })
    }

    /// The record as `viewer` may see it: the layout of the side laying out second is
    /// hidden from the first until the first's own is in (it always is: the second lays out
    /// after it), and both are hidden from spectators (`None`) until both are in.
    pub fn seen_by(&self, viewer: Option<Side>) -> Record {
        let mut seen = self.clone();
        if viewer.is_none() && !self.layouts.iter().all(Option::is_some) {
            seen.layouts = [None, None];
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(moves: &[&str]) -> Record {
        let mut r = Record::new("ABCDEFGH".into(), RuleOptions::default(), None);
        r.layouts = [Some("4i-p".into()), Some("4I-P".into())];
        r.moves = moves.iter().map(|m| m.to_string()).collect();
        r
    }

    #[test]
    fn a_record_replays_by_the_rules() {
        let replay = record(&[]).replay().unwrap();
        let first = replay.state.unwrap().legal_moves()[0].to_string();
        let r = record(&[first.as_str()]).replay().unwrap();
        assert_eq!(r.moves.len(), 1);
        assert_eq!(r.state.unwrap().to_move(), Side::Upper);
    }

    #[test]
    fn a_bad_move_or_end_is_named() {
        let err = record(&["a"]).replay().unwrap_err();
        assert!(err.to_string().starts_with("move 1 `a`"), "{err}");
        let mut r = record(&[]);
        r.end = Some(End::Rules { outcome: Outcome::Annulled });
        assert!(matches!(r.replay(), Err(RecordError::WrongEnd { .. })));
        r.layouts[0] = Some("5i-p".into());
        assert!(matches!(r.replay(), Err(RecordError::Layout { side: Side::Lower, .. })));
    }

    #[test]
    fn spectators_see_no_layout_before_both_are_in() {
        let mut r = record(&[]);
        r.layouts[0] = None;
        assert_eq!(r.seen_by(None).layouts, [None, None]);
        assert_eq!(r.seen_by(Some(Side::Lower)).layouts[1].as_deref(), Some("4I-P"));
    }

    #[test]
    fn end_lines_read_as_apply_prints_them() {
        assert_eq!(End::Resigned { side: Side::Lower }.line(), "upper wins: resignation");
        assert_eq!(End::Rules { outcome: Outcome::Annulled }.line(), "annulled");
    }
}
