//! How a game ends (RULES.md §4 and 3.8).

use super::hole::Side;
use std::fmt;

/// The kinds of win, highest precedence first (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinKind {
    /// Captured in all 8 columns in one move (§4.1).
    Akawumbi,
    /// Captured at both end columns in one move (§4.2).
    EmitweEbiri,
    /// Captured in two separate moves before the opponent captured at all (§4.3).
    Akakyala,
    /// The player to move has no hole with 2 or more seeds (§4.4).
    Normal,
}

impl WinKind {
    /// The name used by the notation and the command line: `normal`, `akakyala`,
    /// `emitwe-ebiri` or `akawumbi`.
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::Akawumbi => "akawumbi",
            WinKind::EmitweEbiri => "emitwe-ebiri",
            WinKind::Akakyala => "akakyala",
            WinKind::Normal => "normal",
        }
    }
}

/// The end of a game (RULES.md §4, 3.8).
///
/// ```
/// use omweso_rules::notation::parse_move;
/// use omweso_rules::{GameState, Outcome, Side, WinKind};
///
/// // Lower's o captures at both end columns in one move: emitwe-ebiri (RULES.md §4).
/// let state: GameState = "1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0".parse()?;
/// let (after, _) = state.play(&parse_move(&state, "o")?)?;
/// assert_eq!(after.outcome(), Some(Outcome::Win { winner: Side::Lower, kind: WinKind::EmitweEbiri }));
/// assert_eq!(after.outcome().unwrap().winner(), Some(Side::Lower));
/// assert!(after.state.legal_moves().is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// `winner` won by `kind`.
    Win {
        /// The winner.
        winner: Side,
        /// How.
        kind: WinKind,
    },
    /// A never-ending move stopped at the lap limit with no win holding (RULES.md 3.8).
    Annulled,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Annulled => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `lower wins: normal`, `upper wins: emitwe-ebiri`, … or `annulled`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, kind } => write!(f, "{} wins: {}", winner.name(), kind.name()),
            Outcome::Annulled => f.write_str("annulled"),
        }
    }
}

/// What the end of the game is decided from when a move ends, or when a state is built
/// from its parts (RULES.md §4 and 3.8).
#[derive(Clone, Copy, Debug)]
pub(crate) struct EndFacts {
    /// The player who made the last move (for a state built from its parts, the opponent
    /// of the player to move).
    pub mover: Side,
    /// Bit `c` set when the move captured from the mover's front hole of track `8 + c`;
    /// 0 when no move is known.
    pub captured_columns: u8,
    /// The mover's front-row track of the move's last capture.
    pub last_capture_track: u8,
    /// The player for whom akakyala holds (RULES.md §4.3), if the option is on and it does.
    pub akakyala: Option<Side>,
    /// True when the player to move now has a hole with 2 or more seeds.
    pub opponent_can_move: bool,
    /// True when the move stopped at the lap limit (RULES.md 3.8).
    pub cut: bool,
    /// RULES.md §4.1's option: akawumbi also needs the last capture at an end column.
    pub akawumbi_needs_end_column: bool,
}

/// The end of the game, if there is one: RULES.md §4's ends, highest first (akawumbi,
/// emitwe-ebiri, akakyala, the normal win), then an annulled never-ending move (3.8). The
/// one place the rule book's order is written: move generation, [`crate::Sowing`] and a
/// state read from text all ask it.
#[inline(always)]
pub(crate) fn end_of_game(facts: EndFacts) -> Option<Outcome> {
    // Tracks 8 (h) and 15 (a): the end columns.
    const END_COLUMNS: u8 = (1 << 0) | (1 << 7);
    let win = |winner, kind| Some(Outcome::Win { winner, kind });
    let columns = facts.captured_columns;
    if columns == 0xFF && (!facts.akawumbi_needs_end_column || matches!(facts.last_capture_track, 8 | 15)) {
        win(facts.mover, WinKind::Akawumbi)
    } else if columns & END_COLUMNS == END_COLUMNS {
        win(facts.mover, WinKind::EmitweEbiri)
    } else if let Some(winner) = facts.akakyala {
        win(winner, WinKind::Akakyala)
    } else if !facts.opponent_can_move {
        win(facts.mover, WinKind::Normal)
    } else if facts.cut {
        Some(Outcome::Annulled)
    } else {
        None
    }
}
