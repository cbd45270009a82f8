//! What the solver found about a position, as the analysis panel, the coach and the review
//! keep it ([`Proven`]); its own module so that the page's job worker
//! (`web/jobs.rs`) and the analysis' jobs (`analysis.rs`) both name it without importing
//! each other.

use omweso_rules::{Move, Side};

/// What the solver found about a position for the analysis panel: a proven win with its
/// length and main line, or a proven annulment (RULES.md 3.8: neither side can force a
/// win and every line ends annulled; no winner, no line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The side that wins against every defence; `None` when the game is annulled with
    /// best play.
    pub winner: Option<Side>,
    /// The proof's longest line, in moves of both players.
    pub moves: u32,
    /// The winner's moves and the loser's longest defence.
    pub line: Vec<Move>,
}

impl Proven {
    /// The winner's own moves to the end of the proof's longest line (the winner is to move
    /// where the panel and the coach ask).
    pub fn own_moves(&self) -> u32 {
        self.moves.div_ceil(2)
    }

    /// What the solver's answer on `state` says, for the analysis panel and the review.
    pub(crate) fn of(solution: omweso_engine::Solution) -> Option<Proven> {
        match solution.verdict {
            omweso_engine::Verdict::Win { winner, proof } => {
                Some(Proven { winner: Some(winner), moves: proof.moves, line: proof.line })
            }
            omweso_engine::Verdict::Annulled => Some(Proven { winner: None, moves: 0, line: Vec::new() }),
            omweso_engine::Verdict::Unknown { .. } => None,
        }
    }
}
