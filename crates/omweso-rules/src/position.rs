//! The board: seed counts of all 32 holes, and one side's setup layout (RULES.md §1, §2).

use super::hole::{Hole, Side};

/// Seeds in the whole game (RULES.md §1).
pub const TOTAL_SEEDS: u32 = 64;
/// Seeds each player lays out at setup (RULES.md §2).
pub const SEEDS_PER_SIDE: u32 = 32;

/// Seed counts of the 32 holes, indexed by [`Hole::index`]. Any counts are representable;
/// the 64-seed rule of a game in progress is checked by [`crate::GameState::new`].
///
/// Read and written in the notation of RULES.md §5: Lower's holes, `;`, Upper's holes, each
/// as counts followed by the holes that hold them (`4d-f` is d, e and f with four each).
///
/// ```
/// use omweso_rules::{Hole, Position, Side};
///
/// let board: Position = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P".parse()?;
/// assert_eq!(board.get(Hole::from_letter('e').unwrap()), 4);
/// assert_eq!(board.side_total(Side::Upper), 32);
/// assert_eq!(board.total(), 64);
/// // Any grouping reads; printing gives the canonical form.
/// let same: Position = "9a,3b,4d,4e,4f,4h,4m; 4A-F,3G,5P".parse()?;
/// assert_eq!(same.to_string(), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P");
/// # Ok::<(), omweso_rules::notation::PositionError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Position {
    pub(crate) counts: [u8; 32],
}

impl Position {
    /// A board with every hole empty.
    pub const fn empty() -> Position {
        Position { counts: [0; 32] }
    }

    /// A board made of Lower's and Upper's layouts.
    pub fn from_layouts(lower: &Layout, upper: &Layout) -> Position {
        let mut p = Position::empty();
        p.set_side(Side::Lower, lower);
        p.set_side(Side::Upper, upper);
        p
    }

    /// Seeds in `hole`.
    #[inline]
    pub fn get(&self, hole: Hole) -> u8 {
        self.counts[hole.index()]
    }

    /// Puts `seeds` seeds in `hole` (board editing; the rules never call this mid-move).
    pub fn set(&mut self, hole: Hole, seeds: u8) {
        self.counts[hole.index()] = seeds;
    }

    /// Replaces `side`'s 16 holes by `layout`.
    pub fn set_side(&mut self, side: Side, layout: &Layout) {
        for hole in Hole::all(side) {
            self.counts[hole.index()] = layout.counts[hole.track()];
        }
    }

    /// `side`'s 16 counts, indexed by track index.
    pub fn side_counts(&self, side: Side) -> [u8; 16] {
        let mut out = [0; 16];
        out.copy_from_slice(&self.counts[side.index() * 16..side.index() * 16 + 16]);
        out
    }

    /// Seeds on `side`'s 16 holes.
    pub fn side_total(&self, side: Side) -> u32 {
        self.side_counts(side).iter().map(|&c| c as u32).sum()
    }

    /// Seeds on the whole board.
    pub fn total(&self) -> u32 {
        self.counts.iter().map(|&c| c as u32).sum()
    }

    /// True when `side` has a hole with 2 or more seeds, i.e. can move (RULES.md 3.1, §4).
    #[inline]
    pub fn can_move(&self, side: Side) -> bool {
        let base = side.index() * 16;
        let side: [u8; 16] = self.counts[base..base + 16].try_into().expect("16 holes a side");
        // Some byte is 2 or more exactly when some bit above the lowest is set.
        u128::from_le_bytes(side) & u128::from_le_bytes([0xFE; 16]) != 0
    }

    /// The 32 counts, indexed by [`Hole::index`].
    pub fn counts(&self) -> &[u8; 32] {
        &self.counts
    }
}

/// Why a setup layout is not acceptable (RULES.md §2).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A layout must hold exactly 32 seeds.
    #[error("{side} lays out {found} seeds; a layout holds exactly {SEEDS_PER_SIDE}")]
    WrongTotal {
        /// Whose layout.
        side: Side,
        /// Seeds found.
        found: u32,
    },
    /// A position given as a layout has seeds on the other player's holes.
    #[error("a layout of {side} has seeds on {other}'s holes")]
    WrongSide {
        /// Whose layout.
        side: Side,
        /// The side that should be empty.
        other: Side,
    },
}

/// One player's setup: 16 counts indexed by track index, summing to 32 (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    counts: [u8; 16],
}

impl Layout {
    /// A layout from 16 counts indexed by track index.
    ///
    /// # Errors
    /// [`LayoutError::WrongTotal`] unless the counts sum to exactly 32.
    ///
    /// ```
    /// use omweso_rules::{Layout, Side};
    ///
    /// // Four seeds in each back-row hole (track indices 0..8 are i..p).
    /// let fours = Layout::new(Side::Lower, [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0])?;
    /// assert_eq!(fours, Layout::back_row_fours());
    /// assert!(Layout::new(Side::Lower, [2; 16]).is_ok());
    /// assert!(Layout::new(Side::Lower, [1; 16]).is_err()); // 16 seeds, not 32
    /// # Ok::<(), omweso_rules::LayoutError>(())
    /// ```
    pub fn new(side: Side, counts: [u8; 16]) -> Result<Layout, LayoutError> {
        let found: u32 = counts.iter().map(|&c| c as u32).sum();
        if found != SEEDS_PER_SIDE {
            return Err(LayoutError::WrongTotal { side, found });
        }
        Ok(Layout { counts })
    }

    /// `side`'s layout read off a board.
    ///
    /// # Errors
    /// [`LayoutError::WrongTotal`] unless `side` holds exactly 32 seeds there.
    pub fn from_position(position: &Position, side: Side) -> Result<Layout, LayoutError> {
        Layout::new(side, position.side_counts(side))
    }

    /// The checking layout: 4 seeds in each back-row hole (`4i-p`).
    pub const fn back_row_fours() -> Layout {
        Layout { counts: [4, 4, 4, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0] }
    }

    /// 2 seeds in every hole.
    pub const fn twos() -> Layout {
        Layout { counts: [2; 16] }
    }

    /// A uniformly random distribution of the 32 seeds over the 16 holes, seed by seed
    /// (feature `rand`, on by default).
    #[cfg(feature = "rand")]
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> Layout {
        use rand::RngExt;
        let mut counts = [0u8; 16];
        for _ in 0..SEEDS_PER_SIDE {
            counts[rng.random_range(0..16)] += 1;
        }
        Layout { counts }
    }

    /// The 16 counts, indexed by track index.
    pub fn counts(&self) -> [u8; 16] {
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_must_hold_32() {
        assert!(Layout::new(Side::Lower, [2; 16]).is_ok());
        assert_eq!(Layout::new(Side::Upper, [1; 16]), Err(LayoutError::WrongTotal { side: Side::Upper, found: 16 }));
        let mut rng = rand::rng();
        for _ in 0..100 {
            let l = Layout::random(&mut rng);
            assert_eq!(l.counts().iter().map(|&c| c as u32).sum::<u32>(), 32);
        }
    }

    #[test]
    fn positions_from_layouts() {
        let p = Position::from_layouts(&Layout::back_row_fours(), &Layout::twos());
        assert_eq!(p.total(), 64);
        assert_eq!(p.get(Hole::from_letter('m').unwrap()), 4);
        assert_eq!(p.get(Hole::from_letter('a').unwrap()), 0);
        assert_eq!(p.get(Hole::from_letter('A').unwrap()), 2);
        assert!(p.can_move(Side::Lower));
    }
}
