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

    /// True when the best move forces a win (its score is a forced win for the side to
    /// move, [`super::PROVEN`] or more).
    pub fn wins(&self) -> bool {
        self.score() >= super::PROVEN
    }

    /// The moves as good as the best, best first (the best among them): when the best
    /// forces a win, every move that forces one (however fast, for however many points:
    /// each wins); otherwise every move with the best's score. Never empty. Where it holds
    /// more than one, the hint and the coach say so (issue 41), so that a newcomer never
    /// reads two right answers as a contradiction.
    pub fn as_good_as_best(&self) -> Vec<&Move> {
        let best = self.score();
        self.moves
            .iter()
            .filter(|&&(_, s)| if self.wins() { s >= super::PROVEN } else { s == best })
            .map(|(m, _)| m)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::GameState;

    fn judged(scores: &[i32]) -> Judgement {
        let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        let moves = state.legal_moves().into_iter().zip(scores.iter().copied()).collect();
        Judgement { depth: 1, moves, pv: Vec::new(), nodes: 0 }
    }

    #[test]
    fn the_moves_as_good_as_the_best_are_every_win_or_every_equal_score() {
        let win = crate::WIN + 1000;
        // Three forced wins, of different speed: all three win.
        let j = judged(&[win - 3, win - 5, crate::PROVEN, 120, -40]);
        assert!(j.wins());
        assert_eq!(j.as_good_as_best().len(), 3);
        assert_eq!(j.as_good_as_best()[0], j.best());
        // No forced win: the moves with the best's score exactly.
        let j = judged(&[120, 120, 119, -40]);
        assert!(!j.wins());
        assert_eq!(j.as_good_as_best().len(), 2);
        assert_eq!(judged(&[120, 80]).as_good_as_best(), vec![judged(&[120, 80]).best()]);
    }

    #[test]
    fn a_position_where_six_moves_win_by_akakyala_is_judged_so() {
        // Lesson "more-wins" step 1: g, c, h, n, o and b5xB each capture a second time
        // before Upper's first capture (RULES.md §4.3).
        let state: GameState =
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0".parse().unwrap();
        let limits = crate::Limits { depth: Some(1), threads: 1, ..Default::default() };
        let j = crate::judge(&state, limits, &std::sync::atomic::AtomicBool::new(false), &mut |_| {}).unwrap();
        let winning: Vec<String> = j.as_good_as_best().iter().map(ToString::to_string).collect();
        assert!(j.wins());
        for mv in ["g", "c", "h", "n", "o", "b5xB"] {
            assert!(winning.contains(&mv.to_string()), "{mv} wins: {winning:?}");
        }
    }
}
