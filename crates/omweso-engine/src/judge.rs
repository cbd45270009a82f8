//! One judgement of a position: every legal move scored by one search at one depth
//! ([`super::judge`]). The window's hint, the coach, the analysis panel and the review of a
//! game all read a position's moves from its judgement, so that they never disagree about
//! which of two moves is better.

use omweso_rules::Move;

/// Every legal move of a position with its score, from one search at one depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// The depth at which every move was searched, in complete moves.
    pub depth: u32,
    /// Every legal move with its score for the side to move (hundredths of a seed; forced
    /// results near ±[`super::WIN`]), best first. Never empty.
    pub moves: Vec<(Move, i32)>,
    /// The best line, starting with the best move.
    pub pv: Vec<Move>,
    /// Nodes searched, all threads together.
    pub nodes: u64,
}

impl Judgement {
    /// The best move.
    pub fn best(&self) -> &Move {
        &self.moves[0].0
    }

    /// The score of the position for the side to move: the best move's.
    pub fn score(&self) -> i32 {
        self.moves[0].1
    }

    /// The score of `mv`, when it is one of the position's moves.
    pub fn score_of(&self, mv: &Move) -> Option<i32> {
        self.moves.iter().find(|(m, _)| m == mv).map(|&(_, s)| s)
    }
}
