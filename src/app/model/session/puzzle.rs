//! A puzzle being solved on the board (Help → Puzzles): a position from an engine game in
//! which exactly one move wins against every defence. The board, the sowing and the
//! decisions are those of [`Play`]; the puzzle only says what the move played was: the
//! answer, or a move the opponent's proof refutes (taken back to try again).

use super::{Phase, Play, PlayKind, Session};
use crate::app::model::modal::Modal;
use crate::app::model::puzzle_run::{PuzzleFeedback, PuzzleRun};
use crate::game::Game;
use crate::puzzles::{Puzzle, Verdict};

impl PuzzleRun {
    /// The play of `puzzle` (number `index`), its position on the board.
    pub fn start(index: usize, puzzle: Puzzle) -> Play {
        let mut play = Play::new(Game::from_state(puzzle.state.clone()));
        play.kind = PlayKind::Puzzle(PuzzleRun { index, puzzle, feedback: None });
        play
    }
}

impl Play {
    /// In a puzzle: once the move has been sown, says what it was.
    pub fn judge_puzzle_move(&mut self) {
        let ready = self.ready();
        let PlayKind::Puzzle(run) = &mut self.kind else { return };
        if run.feedback.is_some() || !ready || self.game.cursor() != 1 {
            return;
        }
        let Some(played) = self.game.moves().first().and_then(|e| e.mv.as_ref()) else { return };
        run.feedback = match run.puzzle.verdict(played) {
            Some(Verdict::Solved) => Some(PuzzleFeedback::Solved),
            Some(Verdict::Refuted(w)) => {
                Some(PuzzleFeedback::Refuted { played: played.clone(), refutation: w.clone() })
            }
            // A checked puzzle answers every legal move; nothing to say otherwise.
            None => None,
        };
    }
}

impl Session {
    /// Starts puzzle `n` of the list: a board of its own, no computer, not a document.
    pub(super) fn start_puzzle(&mut self, n: usize) {
        let Some(puzzle) = crate::puzzles::course().ok().and_then(|p| p.get(n)).cloned() else { return };
        self.enter_teaching(Phase::Play(Box::new(PuzzleRun::start(n, puzzle))));
    }

    /// The puzzle just solved is kept as solved (between runs too).
    pub(super) fn note_solved_puzzle(&mut self) {
        if let Phase::Play(p) = &self.phase
            && let Some(run) = p.puzzle()
            && run.solved()
            && !self.settings.puzzles_solved.contains(&run.puzzle.id)
        {
            self.settings.puzzles_solved.push(run.puzzle.id.clone());
            self.touch();
        }
    }

    /// The next puzzle after `index` not solved yet (or the one after it), or the list when
    /// every puzzle has been solved.
    pub(super) fn puzzle_next(&mut self, index: usize) {
        let Ok(all) = crate::puzzles::course() else { return };
        let solved = |p: &Puzzle| self.settings.puzzles_solved.contains(&p.id);
        let next = (index + 1..all.len()).chain(0..index).find(|&i| !solved(&all[i]));
        match next {
            Some(n) => self.start_puzzle(n),
            None => self.modals.open(Modal::Puzzles),
        }
    }
}
