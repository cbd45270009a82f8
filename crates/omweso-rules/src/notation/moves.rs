//! Move notation (RULES.md §5): the start hole, then each lap the player chose to sow
//! clockwise: `m`, `i3xF`, `D, J2xh`, `b, j2, j2xH`, `d3s`.

use super::cursor::Cursor;
use crate::{Direction, GameState, Hole, IllegalMove, Move, Progress, Side, Sowing};
use std::fmt;
use std::str::FromStr;

/// One comma-separated item of a move text: `<hole>[<seeds>][x[<front hole taken>]]`, or
/// `<hole>3s` for a tournament split at the start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveItem {
    /// The mover's hole named.
    pub hole: Hole,
    /// The seed count, if written.
    pub seeds: Option<u32>,
    /// `x`: a clockwise lap.
    pub clockwise: bool,
    /// The opponent's front hole taken, if written after `x`.
    pub takes: Option<Hole>,
    /// `s`: the tournament split (start only).
    pub split: bool,
}

impl fmt::Display for MoveItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hole)?;
        if let Some(n) = self.seeds {
            write!(f, "{n}")?;
        }
        if self.split {
            f.write_str("s")?;
        }
        if self.clockwise {
            f.write_str("x")?;
            if let Some(t) = self.takes {
                write!(f, "{t}")?;
            }
        }
        Ok(())
    }
}

/// A move as written, not yet checked against a position. [`MoveText::to_move`] resolves
/// it in a game state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The start item.
    pub start: MoveItem,
    /// The later items, in order.
    pub items: Vec<MoveItem>,
}

/// Why a move text is not a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text cannot be read.
    #[error("move `{}`, column {column}: {what}", super::shown(text))]
    Syntax {
        /// The whole text.
        text: String,
        /// 1-based character column.
        column: usize,
        /// What is wrong.
        what: SyntaxKind,
    },
    /// The move cannot be played in this position.
    #[error("move `{}`: {reason}", super::shown(text))]
    Illegal {
        /// The whole text.
        text: String,
        /// Why.
        reason: IllegalMove,
    },
    /// A written seed count does not match the hole.
    #[error("move `{}`: {hole} holds {found} seeds here, not {written}", super::shown(text))]
    SeedCount {
        /// The whole text.
        text: String,
        /// The hole.
        hole: Hole,
        /// The count written.
        written: u32,
        /// The real count.
        found: u32,
    },
    /// A clockwise lap asked for where none is allowed (RULES.md 3.5).
    #[error(
        "move `{}`: `{item}` asks for a clockwise lap, but no clockwise capture is possible there",
        super::shown(text)
    )]
    ClockwiseNotAllowed {
        /// The whole text.
        text: String,
        /// The item.
        item: MoveItem,
    },
    /// A clockwise lap that takes another hole than written.
    #[error("move `{}`: the clockwise lap of `{item}` takes {takes}, not {written}", super::shown(text))]
    WrongTake {
        /// The whole text.
        text: String,
        /// The item.
        item: MoveItem,
        /// What the lap takes.
        takes: Hole,
        /// What was written.
        written: Hole,
    },
    /// An item matched no decision point of the move.
    #[error("move `{}`: `{item}` matches no decision point of the move", super::shown(text))]
    Unread {
        /// The whole text.
        text: String,
        /// The first item left.
        item: MoveItem,
    },
}

/// What is wrong in a move text that cannot be read (the `what` of [`MoveError::Syntax`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SyntaxKind {
    /// The text is empty (or only spaces).
    #[error("the move is empty")]
    Empty,
    /// The text ends with `,`: the next item's hole is missing.
    #[error("a hole is missing after `,`")]
    MissingHole,
    /// An item starts with a character that is not a hole letter `a`–`p`, `A`–`P`.
    #[error("`{}` is not a hole letter", found.escape_debug())]
    NotAHoleLetter {
        /// The character found.
        found: char,
    },
    /// A seed count does not fit a `u32`.
    #[error("the seed count is too large")]
    SeedCountTooLarge,
    /// Something else than `,` follows an item.
    #[error("expected `,` or the end of the move, found `{}`", found.escape_debug())]
    ExpectedCommaOrEnd {
        /// The character found.
        found: char,
    },
    /// A later item is written as a split (`s`).
    #[error("`{item}`: only the start of a move can be a split")]
    SplitNotAtStart {
        /// The item.
        item: MoveItem,
    },
    /// A split with another seed count than 3.
    #[error("`{item}`: a split is written `<hole>3s`")]
    SplitNotThree {
        /// The item.
        item: MoveItem,
    },
    /// The hole written after `x` is one of the mover's own (found when the text is
    /// resolved in a state, which says who moves).
    #[error("`{item}`: the hole taken must be {opponent}'s")]
    TakesOwnHole {
        /// The item.
        item: MoveItem,
        /// The side whose front hole a clockwise lap takes.
        opponent: Side,
    },
}

/// The text quoted in an error: at most 40 characters, so that a huge input gives a
/// readable message.
fn quote(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(40).collect::<String>())
    }
}

impl FromStr for MoveText {
    type Err = MoveError;

    /// Reads the items of a move in any spacing; seed counts and taken holes may be omitted.
    fn from_str(text: &str) -> Result<MoveText, MoveError> {
        let mut cur = Cursor::new(text);
        let syntax = |column, what| MoveError::Syntax { text: quote(text), column, what };
        let mut items = Vec::new();
        loop {
            let column = cur.column();
            let Some(c) = cur.bump() else {
                return Err(syntax(column, if items.is_empty() { SyntaxKind::Empty } else { SyntaxKind::MissingHole }));
            };
            let hole = Hole::from_letter(c).ok_or_else(|| syntax(column, SyntaxKind::NotAHoleLetter { found: c }))?;
            let seeds = cur.number().map_err(|col| syntax(col, SyntaxKind::SeedCountTooLarge))?;
            let mut item = MoveItem { hole, seeds, clockwise: false, takes: None, split: false };
            if cur.eat('s') {
                item.split = true;
            } else if cur.eat('x') {
                item.clockwise = true;
                if let Some(t) = cur.peek().and_then(Hole::from_letter) {
                    cur.bump();
                    item.takes = Some(t);
                }
            }
            items.push(item);
            if cur.at_end() {
                break;
            }
            let column = cur.column();
            if !cur.eat(',') {
                let found = cur.peek().unwrap_or(' ');
                return Err(syntax(column, SyntaxKind::ExpectedCommaOrEnd { found }));
            }
        }
        let start = items.remove(0);
        if let Some(&item) = items.iter().find(|i| i.split) {
            return Err(syntax(1, SyntaxKind::SplitNotAtStart { item }));
        }
        if start.split && start.seeds.is_some_and(|n| n != 3) {
            return Err(syntax(1, SyntaxKind::SplitNotThree { item: start }));
        }
        Ok(MoveText { start, items })
    }
}

impl MoveText {
    /// Resolves the text in `state` into a complete legal move (RULES.md §5 "Reading").
    ///
    /// # Errors
    /// [`MoveError`] naming the item that does not fit and why.
    pub fn to_move(&self, state: &GameState) -> Result<Move, MoveError> {
        let text = quote(&self.to_string());
        let illegal = |reason| MoveError::Illegal { text: text.clone(), reason };
        if let Some(outcome) = state.outcome() {
            return Err(illegal(IllegalMove::GameOver(outcome)));
        }
        let start = self.start;
        let mover = state.to_move();
        for item in std::iter::once(&start).chain(&self.items) {
            if item.hole.side() != mover {
                let reason = IllegalMove::NotOwnHole { hole: item.hole, mover };
                return Err(MoveError::Illegal { text, reason });
            }
            if let Some(taken) = item.takes
                && taken.side() == mover
            {
                return Err(MoveError::Syntax {
                    text: text.clone(),
                    column: 1,
                    what: SyntaxKind::TakesOwnHole { item: *item, opponent: mover.opponent() },
                });
            }
        }
        let found = state.position().get(start.hole) as u32;
        if let Some(written) = start.seeds
            && written != found
        {
            return Err(MoveError::SeedCount { text, hole: start.hole, written, found });
        }
        let mut sowing = Sowing::begin(state, start.hole, start.split, false).map_err(illegal)?;
        let mut items = self.items.iter().peekable();
        let mut start_decided = false;
        while let Progress::Decision(dp) = sowing.advance() {
            let direction = if dp.lap == 1 {
                start_decided = true;
                if start.clockwise { Direction::Clockwise } else { Direction::Anticlockwise }
            } else {
                match items.peek() {
                    Some(item) if item.hole == dp.hole && item.seeds.is_none_or(|n| n == dp.seeds) => {
                        let item = **item;
                        items.next();
                        if item.clockwise { Direction::Clockwise } else { Direction::Anticlockwise }
                    }
                    _ => Direction::Anticlockwise,
                }
            };
            if direction == Direction::Clockwise {
                let item = if dp.lap == 1 { start } else { self.items[self.items.len() - items.len() - 1] };
                if let Some(written) = item.takes
                    && written != dp.takes_front
                {
                    return Err(MoveError::WrongTake { text, item, takes: dp.takes_front, written });
                }
            }
            sowing.choose(direction).map_err(illegal)?;
        }
        if start.clockwise && !start_decided {
            return Err(MoveError::ClockwiseNotAllowed { text, item: start });
        }
        if let Some(&item) = items.next() {
            return Err(if item.clockwise {
                MoveError::ClockwiseNotAllowed { text, item }
            } else {
                MoveError::Unread { text, item }
            });
        }
        Ok(sowing.move_so_far().clone())
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.start)?;
        for item in &self.items {
            write!(f, ", {item}")?;
        }
        Ok(())
    }
}

/// Reads `text` as a move in `state`.
///
/// # Errors
/// [`MoveError`] when the text cannot be read or is not a legal move here.
///
/// ```
/// use omweso_rules::notation::parse_move;
/// use omweso_rules::{Direction, GameState};
///
/// let state: GameState = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse()?;
/// // The reverse capture of RULES.md §6: start i, 3 seeds clockwise, taking F.
/// let mv = parse_move(&state, "i3xF")?;
/// assert_eq!(mv.start().letter(), 'i');
/// // The first lap is the chosen clockwise one; a second decision, after the capture, was
/// // answered anticlockwise, the way the text's default goes.
/// let directions: Vec<Direction> = mv.choices().iter().map(|c| c.direction).collect();
/// assert_eq!(directions, [Direction::Clockwise, Direction::Anticlockwise]);
/// assert_eq!(mv.to_string(), "i3xF");
/// // Upper's hole, a hole with one seed, and words are refused with a reason.
/// assert!(parse_move(&state, "F").is_err());
/// assert!(parse_move(&state, "b").is_err());
/// assert!(parse_move(&state, "hello").is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_move(state: &GameState, text: &str) -> Result<Move, MoveError> {
    text.parse::<MoveText>()?.to_move(state)
}

impl Move {
    /// The canonical text of the move (RULES.md §5).
    pub fn to_text(&self) -> MoveText {
        let first = self.choices().first().filter(|c| c.lap == 1);
        let start = match first {
            _ if self.is_split() => {
                MoveItem { hole: self.start(), seeds: Some(3), clockwise: false, takes: None, split: true }
            }
            Some(c) if c.direction == Direction::Clockwise => {
                MoveItem { hole: c.hole, seeds: Some(c.seeds), clockwise: true, takes: Some(c.takes), split: false }
            }
            _ => MoveItem { hole: self.start(), seeds: None, clockwise: false, takes: None, split: false },
        };
        // Later choices: every clockwise one, and an anticlockwise one exactly when the
        // next written item names the same hole and seed count.
        let mut items = Vec::new();
        let mut next: Option<(Hole, u32)> = None;
        for c in self.choices().iter().filter(|c| c.lap > 1).rev() {
            let clockwise = c.direction == Direction::Clockwise;
            if clockwise || next == Some((c.hole, c.seeds)) {
                items.push(MoveItem {
                    hole: c.hole,
                    seeds: Some(c.seeds),
                    clockwise,
                    takes: clockwise.then_some(c.takes),
                    split: false,
                });
                next = Some((c.hole, c.seeds));
            }
        }
        items.reverse();
        MoveText { start, items }
    }
}

impl fmt::Display for Move {
    /// The canonical text of the move (RULES.md §5): `m`, `i3xF`, `D, J2xh`, `d3s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_text().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn syntax(text: &str) -> (usize, SyntaxKind) {
        match text.parse::<MoveText>() {
            Err(MoveError::Syntax { column, what, .. }) => (column, what),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn split(letter: char, seeds: u32) -> MoveItem {
        MoveItem {
            hole: Hole::from_letter(letter).unwrap(),
            seeds: Some(seeds),
            clockwise: false,
            takes: None,
            split: true,
        }
    }

    #[test]
    fn each_syntax_error_says_what_and_where() {
        assert_eq!(syntax("  "), (3, SyntaxKind::Empty));
        assert_eq!(syntax("d, "), (4, SyntaxKind::MissingHole));
        assert_eq!(syntax("d, q"), (4, SyntaxKind::NotAHoleLetter { found: 'q' }));
        assert_eq!(syntax("i99999999999"), (2, SyntaxKind::SeedCountTooLarge));
        assert_eq!(syntax("i3xF; b"), (5, SyntaxKind::ExpectedCommaOrEnd { found: ';' }));
        assert_eq!(syntax("d3s, b2s"), (1, SyntaxKind::SplitNotAtStart { item: split('b', 2) }));
        assert_eq!(syntax("d4s"), (1, SyntaxKind::SplitNotThree { item: split('d', 4) }));
        let state: GameState = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse().unwrap();
        assert!(matches!(
            parse_move(&state, "i3xf"),
            Err(MoveError::Syntax { what: SyntaxKind::TakesOwnHole { opponent: Side::Upper, .. }, .. })
        ));
    }

    #[test]
    fn syntax_errors_keep_their_words() {
        let words = |text: &str| text.parse::<MoveText>().unwrap_err().to_string();
        assert_eq!(words(""), "move ``, column 1: the move is empty");
        assert_eq!(words("zz"), "move `zz`, column 1: `z` is not a hole letter");
        assert_eq!(words("d, b y"), "move `d, b y`, column 6: expected `,` or the end of the move, found `y`");
        assert_eq!(words("d, b2s"), "move `d, b2s`, column 1: `b2s`: only the start of a move can be a split");
        let state: GameState = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse().unwrap();
        assert_eq!(
            parse_move(&state, "i3xf").unwrap_err().to_string(),
            "move `i3xf`, column 1: `i3xf`: the hole taken must be Upper's"
        );
    }
}
