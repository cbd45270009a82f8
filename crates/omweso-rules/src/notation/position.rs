//! Position notation (RULES.md §5): `9a, 3b, 4d-fhm; 4A-F, 3G, 5P`.

use super::cursor::Cursor;
use crate::{Hole, Position, Side, TOTAL_SEEDS};
use std::fmt;
use std::str::FromStr;

/// What is wrong with a position text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionErrorKind {
    /// The text is empty.
    #[error("the position is empty; write `<Lower> ; <Upper>`, e.g. `4i-p; 4I-P`")]
    Empty,
    /// A group does not start with a seed count.
    #[error("expected a seed count, found `{0}`")]
    MissingCount(char),
    /// A count is missing its holes.
    #[error("the count {0} names no hole")]
    NoHoles(u32),
    /// A count of 0 is not written: empty holes are left out.
    #[error("a count of 0 is not allowed: leave empty holes out")]
    ZeroCount,
    /// A count too large to be a number of seeds.
    #[error("the count is larger than {TOTAL_SEEDS}")]
    CountTooLarge,
    /// A character that is not a hole letter.
    #[error("`{0}` is not a hole letter (a-p for Lower, A-P for Upper)")]
    UnknownLetter(char),
    /// A hole of the other player's side.
    #[error("hole {hole} belongs to {owner}, but this is {side}'s side")]
    WrongSide {
        /// The hole named.
        hole: Hole,
        /// Its owner.
        owner: Side,
        /// The side being read.
        side: Side,
    },
    /// A hole listed twice.
    #[error("hole {0} is listed twice")]
    Duplicate(Hole),
    /// A range whose end comes before its start, or crosses sides.
    #[error("the range {0}-{1} is not in alphabetical order")]
    BadRange(Hole, Hole),
    /// A range without an end.
    #[error("the range after {0} has no end hole")]
    OpenRange(Hole),
    /// The `;` between Lower's and Upper's sides is missing.
    #[error("expected `;` between Lower's and Upper's sides")]
    MissingSemicolon,
    /// More text after Upper's side.
    #[error("unexpected `{0}` after the position")]
    Trailing(char),
    /// More than 64 seeds in all.
    #[error("the position holds {0} seeds, more than {TOTAL_SEEDS}")]
    TooManySeeds(u32),
}

/// A position text that cannot be read: what and where (1-based character column).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("position, column {column}: {kind}")]
pub struct PositionError {
    /// 1-based character column in the text.
    pub column: usize,
    /// What is wrong.
    pub kind: PositionErrorKind,
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads a position in any grouping and spacing (RULES.md §5). Holes not listed are
    /// empty. The total is at most 64; whether it must be exactly 64 (a game) or 32 a side
    /// (a setup) is for [`crate::GameState::new`] and [`crate::Layout`].
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let mut cur = Cursor::new(text);
        if cur.at_end() {
            return Err(PositionError { column: 1, kind: PositionErrorKind::Empty });
        }
        let mut position = Position::empty();
        let mut listed = [false; 32];
        read_side(&mut cur, Side::Lower, &mut position, &mut listed)?;
        if !cur.eat(';') {
            let column = cur.column();
            return Err(PositionError { column, kind: PositionErrorKind::MissingSemicolon });
        }
        read_side(&mut cur, Side::Upper, &mut position, &mut listed)?;
        if let Some(c) = cur.peek() {
            let column = cur.column();
            return Err(PositionError { column, kind: PositionErrorKind::Trailing(c) });
        }
        Ok(position)
    }
}

pub(crate) fn read_side(
    cur: &mut Cursor,
    side: Side,
    position: &mut Position,
    listed: &mut [bool; 32],
) -> Result<(), PositionError> {
    let err = |column, kind| Err(PositionError { column, kind });
    if cur.eat('-') {
        return Ok(());
    }
    loop {
        let column = cur.column();
        let count = match cur.number() {
            Err(column) => return err(column, PositionErrorKind::CountTooLarge),
            Ok(Some(0)) => return err(column, PositionErrorKind::ZeroCount),
            Ok(Some(n)) if n > TOTAL_SEEDS => return err(column, PositionErrorKind::CountTooLarge),
            Ok(Some(n)) => n,
            Ok(None) => {
                return match cur.peek() {
                    Some(c) => err(column, PositionErrorKind::MissingCount(c)),
                    None => err(column, PositionErrorKind::Empty),
                };
            }
        };
        let mut any = false;
        while let Some(c) = cur.peek().filter(|c| c.is_ascii_alphabetic()) {
            let column = cur.column();
            let first = read_hole(cur, side, c, column)?;
            let mut holes = vec![first];
            if cur.eat('-') {
                let column = cur.column();
                let Some(c) = cur.peek().filter(|c| c.is_ascii_alphabetic()) else {
                    return err(column, PositionErrorKind::OpenRange(first));
                };
                let last = read_hole(cur, side, c, column)?;
                if last.letter_index() < first.letter_index() {
                    return err(column, PositionErrorKind::BadRange(first, last));
                }
                holes = Hole::all(side)
                    .filter(|h| (first.letter_index()..=last.letter_index()).contains(&h.letter_index()))
                    .collect();
            }
            for hole in holes {
                if std::mem::replace(&mut listed[hole.index()], true) {
                    return err(column, PositionErrorKind::Duplicate(hole));
                }
                position.set(hole, count as u8);
            }
            any = true;
        }
        if !any {
            return err(cur.column(), PositionErrorKind::NoHoles(count));
        }
        let total = position.total();
        if total > TOTAL_SEEDS {
            return err(column, PositionErrorKind::TooManySeeds(total));
        }
        if !cur.eat(',') {
            return Ok(());
        }
    }
}

fn read_hole(cur: &mut Cursor, side: Side, c: char, column: usize) -> Result<Hole, PositionError> {
    cur.bump();
    let Some(hole) = Hole::from_letter(c) else {
        return Err(PositionError { column, kind: PositionErrorKind::UnknownLetter(c) });
    };
    if hole.side() != side {
        return Err(PositionError { column, kind: PositionErrorKind::WrongSide { hole, owner: hole.side(), side } });
    }
    Ok(hole)
}

/// Writes `side`'s holes in canonical form (RULES.md §5), or `-` when all are empty.
pub(crate) fn write_side(f: &mut impl fmt::Write, position: &Position, side: Side) -> fmt::Result {
    let listed: Vec<(Hole, u8)> = Hole::all(side).map(|h| (h, position.get(h))).filter(|&(_, c)| c > 0).collect();
    if listed.is_empty() {
        return f.write_char('-');
    }
    for (g, group) in listed.chunk_by(|a, b| a.1 == b.1).enumerate() {
        if g > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", group[0].1)?;
        for run in group.chunk_by(|a, b| a.0.letter_index() + 1 == b.0.letter_index()) {
            if run.len() >= 3 {
                write!(f, "{}-{}", run[0].0, run[run.len() - 1].0)?;
            } else {
                for (hole, _) in run {
                    write!(f, "{hole}")?;
                }
            }
        }
    }
    Ok(())
}

impl fmt::Display for Position {
    /// The canonical form of RULES.md §5: `9a, 3b, 4d-fhm; 4A-F, 3G, 5P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_side(f, self, Side::Lower)?;
        f.write_str("; ")?;
        write_side(f, self, Side::Upper)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> PositionErrorKind {
        text.parse::<Position>().unwrap_err().kind
    }

    #[test]
    fn canonical_examples_round_trip() {
        for text in [
            "9a, 3b, 4d-fhm; 4A-F, 3G, 5P",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P",
            "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P",
            "4i-p; 4I-P",
            "4m; -",
        ] {
            let p: Position = text.parse().unwrap();
            assert_eq!(p.to_string(), text);
        }
    }

    #[test]
    fn any_grouping_and_spacing_is_read() {
        let a: Position = "9a,3b,4d-fhm; 4A-F,3G,5P".parse().unwrap();
        let b: Position = " 9 a ,3b,4d,4e,4f,4h,4m;4A-D,4EF ,3G,5P ".parse().unwrap();
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P");
    }

    #[test]
    fn errors_say_what_and_where() {
        assert_eq!(kind(""), PositionErrorKind::Empty);
        assert_eq!(kind("4q; -"), PositionErrorKind::UnknownLetter('q'));
        assert_eq!(kind("0a; -"), PositionErrorKind::ZeroCount);
        assert_eq!(kind("4aa; -"), PositionErrorKind::Duplicate(Hole::from_letter('a').unwrap()));
        assert_eq!(kind("4a, 3a-c; -"), PositionErrorKind::Duplicate(Hole::from_letter('a').unwrap()));
        assert_eq!(kind("a; -"), PositionErrorKind::MissingCount('a'));
        assert!(matches!(kind("4A; -"), PositionErrorKind::WrongSide { .. }));
        assert!(matches!(kind("4a; 4b"), PositionErrorKind::WrongSide { .. }));
        assert_eq!(kind("4a"), PositionErrorKind::MissingSemicolon);
        assert_eq!(kind("40a-p; -"), PositionErrorKind::TooManySeeds(640));
        assert_eq!(kind("65a; -"), PositionErrorKind::CountTooLarge);
        assert_eq!(kind("99999999999a; -"), PositionErrorKind::CountTooLarge);
        assert!(matches!(kind("4f-d; -"), PositionErrorKind::BadRange(..)));
        assert!(matches!(kind("4d-; -"), PositionErrorKind::OpenRange(..)));
        assert_eq!(kind("4a; -; 3b"), PositionErrorKind::Trailing(';'));
        assert_eq!(kind("4; -"), PositionErrorKind::NoHoles(4));
        let e = "9a, 3b, 4d-fhq; -".parse::<Position>().unwrap_err();
        assert_eq!(e.column, 14);
        assert_eq!(e.to_string(), "position, column 14: `q` is not a hole letter (a-p for Lower, A-P for Upper)");
    }
}
