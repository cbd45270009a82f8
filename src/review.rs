//! The engine's verdict on a move, as data kept with the game and in its saved file: the
//! score before it, the best move, what it gave away and a mark. The engine
//! ([`crate::ai::review`]) makes them and sets the marks' thresholds; the game record and the window keep and show them. Scores are in the units `omweso analyse` prints: hundredths of a seed for the
//! player to move, forced results near ±[`crate::ai::WIN`].

use std::fmt;

/// How good a move was against the engine's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum Mark {
    /// The engine's own choice.
    Best,
    /// Gave away less than one seed.
    Good,
    /// Gave away one to three seeds.
    Inaccuracy,
    /// Gave away three to eight seeds.
    Mistake,
    /// Gave away eight seeds or more, or handed the opponent a forced win when another move
    /// did not.
    Blunder,
}

impl Mark {
    /// All marks, best first.
    pub const ALL: [Mark; 5] = [Mark::Best, Mark::Good, Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The mark's name: `best`, `good`, `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// The move played, in canonical notation.
    pub played: String,
    /// The score before the move, for the player who made it.
    pub score_before: i32,
    /// The engine's best move there, in canonical notation.
    pub best: String,
    /// What the move gave away against the best (0 or more).
    pub loss: i32,
    /// The mark.
    pub mark: Mark,
}
