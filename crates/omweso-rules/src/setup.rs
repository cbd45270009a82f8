//! Setting out (RULES.md §2): each player places 32 seeds on their own 16 holes, one after
//! the other, before the first move. One model for every caller: the window's layout
//! editor, the saved file's setup, and the online archive's game waiting for its layouts.

use crate::{GameState, Hole, Layout, Position, RuleOptions, SEEDS_PER_SIDE, Side};

/// A setting-out in progress: who will move first, who is laying out now, the seeds placed
/// so far and the sides that are done (RULES.md §2). The layout order is the rule option
/// [`RuleOptions::first_player_lays_out_first`] (**\[choice\]**): by default the player who
/// does not move first lays out first.
///
/// [`Setup::new`] starts one; [`Setup::resume`] checks one read back (a saved file).
/// [`Setup::add`] and [`Setup::remove`] keep each side to at most 32 seeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The player who will make the first move.
    pub first: Side,
    /// The player laying out now.
    pub laying: Side,
    /// Seeds per hole for each side, indexed by [`Side::index`] and track index.
    pub counts: [[u8; 16]; 2],
    /// The sides whose layout is finished, indexed by [`Side::index`].
    pub done: [bool; 2],
    /// The rule options of the game to come.
    pub options: RuleOptions,
}

/// Why a setting-out read back cannot be resumed ([`Setup::resume`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A side holds more seeds than a layout.
    #[error("{side} has {seeds} seeds, more than {SEEDS_PER_SIDE}")]
    Overfull {
        /// The side.
        side: Side,
        /// Its seeds.
        seeds: u32,
    },
    /// The side that lays out first has not finished, yet the other is laying out.
    #[error("{side} laid out first but has {seeds} seeds, not {SEEDS_PER_SIDE}")]
    FirstUnfinished {
        /// The side that lays out first.
        side: Side,
        /// Its seeds.
        seeds: u32,
    },
    /// The side that lays out second has seeds while the first is still laying out.
    #[error("{side} has seeds before laying out")]
    SeedsBeforeTurn {
        /// The side that lays out second.
        side: Side,
        /// Its seeds.
        seeds: u32,
    },
}

impl Setup {
    /// A fresh setting-out: `first` moves first; the player given by
    /// [`RuleOptions::lays_out_first`] lays out first, on an empty board.
    pub fn new(first: Side, options: RuleOptions) -> Setup {
        let laying = options.lays_out_first(first);
        Setup { first, laying, counts: [[0; 16]; 2], done: [false; 2], options }
    }

    /// The setting-out whose board so far is `board` with `laying` laying out now (as a
    /// saved file keeps it), checked: no side over 32 seeds; while the second side lays
    /// out, the first has laid out all 32 (and is done); while the first lays out, the
    /// second has none.
    ///
    /// # Errors
    /// [`SetupError`] naming the side and its seeds.
    pub fn resume(first: Side, options: RuleOptions, board: &Position, laying: Side) -> Result<Setup, SetupError> {
        let lays_first = options.lays_out_first(first);
        for side in Side::BOTH {
            let seeds = board.side_total(side);
            if seeds > SEEDS_PER_SIDE {
                return Err(SetupError::Overfull { side, seeds });
            }
            if laying != lays_first && side == lays_first && seeds != SEEDS_PER_SIDE {
                return Err(SetupError::FirstUnfinished { side, seeds });
            }
            if side != lays_first && laying == lays_first && seeds > 0 {
                return Err(SetupError::SeedsBeforeTurn { side, seeds });
            }
        }
        let mut s = Setup::new(first, options);
        s.counts = [board.side_counts(Side::Lower), board.side_counts(Side::Upper)];
        s.laying = laying;
        let other = laying.opponent();
        s.done[other.index()] = s.placed(other) == SEEDS_PER_SIDE;
        Ok(s)
    }

    /// Seeds of the player laying out still in the pool.
    pub fn seeds_left(&self) -> u32 {
        SEEDS_PER_SIDE.saturating_sub(self.placed(self.laying))
    }

    /// Seeds `side` has placed.
    pub fn placed(&self, side: Side) -> u32 {
        self.counts[side.index()].iter().map(|&c| c as u32).sum()
    }

    /// Seeds in `hole` on the setup board.
    pub fn count(&self, hole: Hole) -> u8 {
        self.counts[hole.side().index()][hole.track()]
    }

    /// Adds a seed from the pool to `hole`, when it is the layer's and seeds are left.
    pub fn add(&mut self, hole: Hole) -> bool {
        if hole.side() != self.laying || self.seeds_left() == 0 {
            return false;
        }
        self.counts[hole.side().index()][hole.track()] += 1;
        true
    }

    /// Takes a seed from `hole` back to the pool.
    pub fn remove(&mut self, hole: Hole) -> bool {
        let c = &mut self.counts[hole.side().index()][hole.track()];
        if hole.side() != self.laying || *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Replaces the layer's counts by `counts` (by track index), e.g. a ready-made layout's.
    pub fn lay(&mut self, counts: [u8; 16]) {
        self.counts[self.laying.index()] = counts;
    }

    /// `side`'s layout, when it holds exactly 32 seeds.
    pub fn layout(&self, side: Side) -> Option<Layout> {
        Layout::new(side, self.counts[side.index()]).ok()
    }

    /// Finishes the layer's layout (nothing happens unless it holds 32 seeds). Returns the
    /// starting state when both are done; otherwise the other player lays out next.
    pub fn done(&mut self) -> Option<GameState> {
        self.layout(self.laying)?;
        self.done[self.laying.index()] = true;
        if let (Some(lower), Some(upper), [true, true]) =
            (self.layout(Side::Lower), self.layout(Side::Upper), self.done)
        {
            return Some(GameState::from_layouts(&lower, &upper, self.first, self.options));
        }
        self.laying = self.laying.opponent();
        None
    }

    /// The board so far, as 32 counts by [`Hole::index`].
    pub fn board(&self) -> [u8; 32] {
        let mut out = [0; 32];
        out[..16].copy_from_slice(&self.counts[0]);
        out[16..].copy_from_slice(&self.counts[1]);
        out
    }

    /// The board so far as a [`Position`] (what a saved file keeps).
    pub fn position(&self) -> Position {
        let mut board = Position::default();
        for (i, &c) in self.board().iter().enumerate() {
            board.set(Hole::from_index(i), c);
        }
        board
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(c: char) -> Hole {
        Hole::from_letter(c).unwrap()
    }

    #[test]
    fn the_loser_of_the_toss_lays_out_first() {
        let s = Setup::new(Side::Lower, RuleOptions::default());
        assert_eq!(s.laying, Side::Upper);
        let o = RuleOptions { first_player_lays_out_first: true, ..RuleOptions::default() };
        assert_eq!(Setup::new(Side::Lower, o).laying, Side::Lower);
    }

    #[test]
    fn add_remove_lay_and_done() {
        let mut s = Setup::new(Side::Lower, RuleOptions::default());
        assert!(!s.add(hole('a')), "not the layer's hole");
        assert!(s.add(hole('A')));
        assert_eq!(s.seeds_left(), 31);
        assert!(s.remove(hole('A')));
        assert!(!s.remove(hole('A')));
        assert!(s.done().is_none() && s.laying == Side::Upper, "not 32 seeds yet");
        s.lay([2; 16]);
        assert_eq!(s.seeds_left(), 0);
        assert!(!s.add(hole('B')), "pool empty");
        assert!(s.done().is_none());
        assert_eq!(s.laying, Side::Lower);
        s.lay(Layout::back_row_fours().counts());
        let state = s.done().expect("both done");
        assert_eq!(state.to_move(), Side::Lower);
        assert_eq!(state.to_string(), "4i-p; 2A-P / L both 0,0");
    }

    #[test]
    fn a_setup_read_back_is_checked_and_resumed_as_it_was() {
        let o = RuleOptions::default();
        let board: Position = "-; 2A-P".parse().unwrap();
        let s = Setup::resume(Side::Lower, o, &board, Side::Lower).expect("Upper laid out, Lower lays out");
        assert_eq!((s.laying, s.done), (Side::Lower, [false, true]));
        assert_eq!(s.position(), board);
        let err = |text: &str, laying| Setup::resume(Side::Lower, o, &text.parse().unwrap(), laying).unwrap_err();
        assert_eq!(err("40a; -", Side::Upper), SetupError::Overfull { side: Side::Lower, seeds: 40 });
        assert_eq!(err("-; 2A-H", Side::Lower), SetupError::FirstUnfinished { side: Side::Upper, seeds: 16 });
        assert_eq!(err("2a-p; 2A-P", Side::Upper), SetupError::SeedsBeforeTurn { side: Side::Lower, seeds: 32 });
    }
}
