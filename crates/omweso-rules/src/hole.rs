//! Sides, holes and sowing directions (RULES.md §1).

use std::fmt;

/// One of the two players. Lower owns holes `a`–`p`, Upper owns `A`–`P` (RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The player at the bottom of the printed board; lowercase letters.
    Lower,
    /// The player at the top of the printed board; uppercase letters.
    Upper,
}

impl Side {
    /// Both sides, Lower first.
    pub const BOTH: [Side; 2] = [Side::Lower, Side::Upper];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Lower => Side::Upper,
            Side::Upper => Side::Lower,
        }
    }

    /// 0 for Lower, 1 for Upper: the index of this side in per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's name as the notation and the command line write it: `lower` or `upper`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Lower => "lower",
            Side::Upper => "upper",
        }
    }

    /// `L` or `U`, as in the game-state notation (RULES.md §5).
    pub const fn letter(self) -> char {
        match self {
            Side::Lower => 'L',
            Side::Upper => 'U',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Lower => "Lower",
            Side::Upper => "Upper",
        })
    }
}

/// The direction of a lap (RULES.md 3.2, 3.5), seen from the mover's own 16 holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Direction {
    /// The normal direction: for Lower … c → b → a → i → j → … → p → h → g → ….
    Anticlockwise,
    /// Reverse sowing, allowed only for a capturing lap from a, b, i or j (RULES.md 3.5).
    Clockwise,
}

/// The two rows of a player's half of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Row {
    /// The inner row, next to the opponent: a–h (A–H).
    Front,
    /// The outer row: i–p (I–P).
    Back,
}

/// The opponent's `(front, back)` track indices opposite own front-row track index `track`
/// (RULES.md §1: `23 - track` and `track - 8`); `None` for a back-row track (below 8) or a
/// track of 16 or more. The one place this geometry is written: [`Hole::opposite`], the
/// sowing loop and the computer's evaluation, which work on raw per-side counts, use it.
#[inline]
pub const fn opposite_tracks(track: usize) -> Option<(usize, usize)> {
    if track >= 8 && track < 16 { Some((23 - track, track - 8)) } else { None }
}

/// The track index of the hole in the same column and the other row of the same side:
/// front `h` (8) ⇄ back `p` (7), front `a` (15) ⇄ back `i` (0) (RULES.md §1).
#[inline]
pub const fn column_partner_track(track: usize) -> usize {
    15 - (track & 15)
}

/// The track index of each letter index (`a` = 0 … `p` = 15): front `a`..`h` are tracks 15
/// down to 8, back `i`..`p` tracks 0 to 7 (RULES.md §1); a table, for move generation's
/// loop over the start holes in alphabetical order.
pub(crate) const TRACK_OF_LETTER: [u8; 16] = [15, 14, 13, 12, 11, 10, 9, 8, 0, 1, 2, 3, 4, 5, 6, 7];

/// True for the track indices of a side's four leftmost holes (a, b, i, j: tracks 15, 14,
/// 0, 1), the only origins of a clockwise lap (RULES.md 3.5).
#[inline]
pub const fn is_leftmost_track(track: usize) -> bool {
    matches!(track, 0 | 1 | 14 | 15)
}

/// One of the 32 holes: a side and a *track index* 0..16 (RULES.md §1).
///
/// The track index runs anticlockwise around the owner's 16 holes: the back row left to
/// right at 0..8 (`i`..`p`), then the front row right to left at 8..16 (`h`..`a`).
/// Anticlockwise is `track + 1 (mod 16)`, clockwise `track - 1 (mod 16)`.
///
/// ```
/// use omweso_rules::{Direction, Hole, Row, Side};
///
/// let c = Hole::from_letter('c').unwrap();
/// assert_eq!((c.side(), c.row()), (Side::Lower, Row::Front));
/// // Lower sows anticlockwise from c into b, then a, then round into the back row at i.
/// assert_eq!(c.step(Direction::Anticlockwise).letter(), 'b');
/// assert_eq!(Hole::from_letter('a').unwrap().step(Direction::Anticlockwise).letter(), 'i');
/// // A front-row hole faces the opponent's front and back holes of its column.
/// let (front, back) = c.opposite().unwrap();
/// assert_eq!((front.to_string(), back.to_string()), ("F".to_string(), "N".to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hole {
    side: Side,
    track: u8,
}

impl Hole {
    /// The hole of `side` at track index `track`; `None` unless `track < 16`.
    pub const fn new(side: Side, track: u8) -> Option<Hole> {
        if track < 16 { Some(Hole { side, track }) } else { None }
    }

    /// The hole of `side` at `track`, which must be below 16 (callers inside the engine).
    #[inline]
    pub(crate) const fn at(side: Side, track: usize) -> Hole {
        Hole { side, track: (track & 15) as u8 }
    }

    /// The hole named by a notation letter: `a`–`p` are Lower's, `A`–`P` Upper's.
    pub fn from_letter(letter: char) -> Option<Hole> {
        let (side, index) = match letter {
            'a'..='p' => (Side::Lower, letter as u8 - b'a'),
            'A'..='P' => (Side::Upper, letter as u8 - b'A'),
            _ => return None,
        };
        Some(Hole::from_letter_index(side, index))
    }

    /// The hole of `side` with letter index 0..16 (`a` = 0 … `p` = 15).
    pub(crate) const fn from_letter_index(side: Side, index: u8) -> Hole {
        let track = if index < 8 { 15 - index } else { index - 8 };
        Hole { side, track }
    }

    /// Letter index 0..16 of this hole within its side (`a`/`A` = 0 … `p`/`P` = 15).
    pub const fn letter_index(self) -> u8 {
        if self.track >= 8 { 15 - self.track } else { self.track + 8 }
    }

    /// The notation letter: lowercase for Lower, uppercase for Upper.
    pub const fn letter(self) -> char {
        let base = match self.side {
            Side::Lower => b'a',
            Side::Upper => b'A',
        };
        (base + self.letter_index()) as char
    }

    /// The owner of the hole.
    #[inline]
    pub const fn side(self) -> Side {
        self.side
    }

    /// Track index 0..16 (see the type's documentation).
    #[inline]
    pub const fn track(self) -> usize {
        self.track as usize
    }

    /// Index 0..32 into a whole-board array: `side * 16 + track`.
    #[inline]
    pub const fn index(self) -> usize {
        self.side.index() * 16 + self.track as usize
    }

    /// The hole with whole-board index `index` (0..32).
    pub const fn from_index(index: usize) -> Hole {
        let side = if index >= 16 { Side::Upper } else { Side::Lower };
        Hole { side, track: (index & 15) as u8 }
    }

    /// Front (inner) or back (outer) row.
    pub const fn row(self) -> Row {
        if self.track >= 8 { Row::Front } else { Row::Back }
    }

    /// True for a front-row hole.
    #[inline]
    pub const fn is_front(self) -> bool {
        self.track >= 8
    }

    /// Column 1..=8 as printed in RULES.md §1 (Lower's view, left to right).
    /// Column 4 holds M, E, d and l.
    pub const fn column(self) -> u8 {
        let i = self.letter_index() % 8;
        match self.side {
            Side::Lower => i + 1,
            Side::Upper => 8 - i,
        }
    }

    /// The next hole in `direction` around the owner's 16 holes.
    #[inline]
    pub const fn step(self, direction: Direction) -> Hole {
        let track = match direction {
            Direction::Anticlockwise => (self.track + 1) & 15,
            Direction::Clockwise => (self.track + 15) & 15,
        };
        Hole { side: self.side, track }
    }

    /// For a front-row hole, the two opposite opponent holes `(front, back)` in its column
    /// (RULES.md §1: `d` faces `E` and `M`); `None` for a back-row hole.
    pub const fn opposite(self) -> Option<(Hole, Hole)> {
        let other = self.side.opponent();
        match opposite_tracks(self.track as usize) {
            Some((front, back)) => Some((Hole::at(other, front), Hole::at(other, back))),
            None => None,
        }
    }

    /// True for the mover's four leftmost holes, the only origins of a clockwise lap:
    /// a, b, i, j (A, B, I, J) (RULES.md 3.5).
    #[inline]
    pub const fn is_leftmost(self) -> bool {
        is_leftmost_track(self.track as usize)
    }

    /// The 16 holes of `side` in alphabetical order (`a`..`p` or `A`..`P`).
    pub fn all(side: Side) -> impl Iterator<Item = Hole> {
        (0..16u8).map(move |i| Hole::from_letter_index(side, i))
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(c: char) -> Hole {
        Hole::from_letter(c).unwrap()
    }

    #[test]
    fn letters_round_trip_and_track_layout() {
        for side in Side::BOTH {
            for hole in Hole::all(side) {
                assert_eq!(Hole::from_letter(hole.letter()), Some(hole));
            }
        }
        assert_eq!(h('i').track(), 0);
        assert_eq!(h('p').track(), 7);
        assert_eq!(h('h').track(), 8);
        assert_eq!(h('a').track(), 15);
        assert!(Hole::from_letter('q').is_none());
        assert!(Hole::from_letter('1').is_none());
    }

    #[test]
    fn anticlockwise_order_matches_rules() {
        // RULES.md 3.2: … c → b → a → i → j → … → p → h → g → …
        let order = "cbaijklmnophgfedcba";
        let holes: Vec<Hole> = order.chars().map(h).collect();
        for pair in holes.windows(2) {
            assert_eq!(pair[0].step(Direction::Anticlockwise), pair[1]);
            assert_eq!(pair[1].step(Direction::Clockwise), pair[0]);
        }
        assert_eq!(h('A').step(Direction::Anticlockwise), h('I'));
        assert_eq!(h('P').step(Direction::Anticlockwise), h('H'));
    }

    #[test]
    fn opposite_holes_and_columns() {
        assert_eq!(h('d').opposite(), Some((h('E'), h('M'))));
        assert_eq!(h('h').opposite(), Some((h('A'), h('I'))));
        assert_eq!(h('a').opposite(), Some((h('H'), h('P'))));
        assert_eq!(h('D').opposite(), Some((h('e'), h('m'))));
        assert_eq!(h('m').opposite(), None);
        for c in ['M', 'E', 'd', 'l'] {
            assert_eq!(h(c).column(), 4, "{c}");
        }
        assert_eq!(h('P').column(), 1);
        assert_eq!(h('A').column(), 8);
        // Opposite holes share the column; the raw track table says the same.
        for hole in Hole::all(Side::Lower).chain(Hole::all(Side::Upper)) {
            let tracks = opposite_tracks(hole.track());
            match hole.opposite() {
                Some((front, back)) => {
                    assert!(front.is_front() && !back.is_front(), "{hole}");
                    assert_eq!((front.column(), back.column()), (hole.column(), hole.column()), "{hole}");
                    assert_eq!(tracks, Some((front.track(), back.track())), "{hole}");
                }
                None => assert_eq!((hole.is_front(), tracks), (false, None), "{hole}"),
            }
        }
        assert_eq!(opposite_tracks(16), None);
        for hole in Hole::all(Side::Lower) {
            let partner = Hole::at(Side::Lower, column_partner_track(hole.track()));
            assert_eq!((partner.column(), partner.is_front()), (hole.column(), !hole.is_front()), "{hole}");
        }
    }

    #[test]
    fn leftmost_holes() {
        let left: String = Hole::all(Side::Lower).filter(|x| x.is_leftmost()).map(|x| x.letter()).collect();
        assert_eq!(left, "abij");
        let left: String = Hole::all(Side::Upper).filter(|x| x.is_leftmost()).map(|x| x.letter()).collect();
        assert_eq!(left, "ABIJ");
    }
}
