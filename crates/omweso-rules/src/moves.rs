//! A complete move: its start and the player's choice at each decision point
//! (RULES.md 3.5, 3.7, §5).

use super::hole::{Direction, Hole};
use smallvec::SmallVec;

/// The choices of one move: almost every move has at most two decision points, kept
/// inline so that generating a move allocates nothing.
pub(crate) type Choices = SmallVec<[Choice; 2]>;

/// The player's choice at one decision point (RULES.md 3.5): a moment at which a clockwise
/// lap is allowed because it would capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Choice {
    /// The lap about to be sown (1 = the first lap of the move).
    pub lap: u32,
    /// The origin of that lap: one of the mover's holes a, b, i, j (A, B, I, J).
    pub hole: Hole,
    /// Seeds in hand for that lap.
    pub seeds: u32,
    /// What the player chose.
    pub direction: Direction,
    /// The opponent's front-row hole the clockwise lap takes (whether or not it was chosen).
    pub takes: Hole,
}

/// A complete legal move: the start hole, whether it is a tournament split (RULES.md 3.7),
/// and the choice made at every decision point, in order.
///
/// Moves are built by the engine ([`crate::GameState::legal_moves`],
/// [`crate::Sowing`]) or read from notation ([`crate::notation`]); two moves are
/// equal when they are the same move in the same position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) start: Hole,
    pub(crate) split: bool,
    pub(crate) choices: Choices,
}

impl Move {
    /// The hole the move starts from.
    pub fn start(&self) -> Hole {
        self.start
    }

    /// True for a tournament split (`d3s`).
    pub fn is_split(&self) -> bool {
        self.split
    }

    /// The choices at every decision point of the move, in order (anticlockwise ones too).
    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// The direction of the first lap.
    pub fn first_direction(&self) -> Direction {
        match self.choices.first() {
            Some(c) if c.lap == 1 => c.direction,
            _ => Direction::Anticlockwise,
        }
    }
}
