//! A puzzle under way (Help → Puzzles): which puzzle, and what was said of the move played.
//! Its play on the board is the session's ([`crate::app::model::session::Play`]), which
//! holds this in its kind; the session's `puzzle.rs` starts it and judges the move.

use crate::puzzles::{ProvenWin, Puzzle};
use omweso_rules::{Move, Side};

/// What the puzzle says of the move just played, once it is sown.
#[derive(Clone, Debug, PartialEq)]
pub enum PuzzleFeedback {
    /// The answer.
    Solved,
    /// Another move, and the opponent's proven win after it.
    Refuted {
        /// The move played.
        played: Move,
        /// The opponent's win after it.
        refutation: ProvenWin,
    },
}

/// A puzzle under way.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRun {
    /// The puzzle's number in the list (from 0).
    pub index: usize,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// What was said of the move played, once sown.
    pub feedback: Option<PuzzleFeedback>,
}

impl PuzzleRun {
    /// The side with the win to find.
    pub fn solver(&self) -> Side {
        self.puzzle.solver()
    }

    /// True once the answer has been played.
    pub fn solved(&self) -> bool {
        matches!(self.feedback, Some(PuzzleFeedback::Solved))
    }
}
