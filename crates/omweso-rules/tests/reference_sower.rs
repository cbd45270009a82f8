//! A slow, obvious **reference sower**, written from RULES.md §1–§4 alone, and the
//! cross-check of the fast engine against it.
//!
//! The engine (`src/sowing.rs`) sows a lap with one `u128` add from tables, and both of its
//! paths — the traced one (`GameState::play`, which returns a `Trace`) and the untraced one
//! (`GameState::for_each_successor`) — run that same lap code, so an error in its tables
//! would agree with itself. The reference here shares none of it: its own board (seed counts
//! per side and letter, as RULES.md §1 prints the board), its own geometry (the printed rows
//! and the anticlockwise order of RULES.md 3.2, read letter by letter), and it plays a move
//! seed by seed with plain loops, each step marked with the RULES.md section it follows. Only
//! plain data crosses over: the engine's `Hole` by its letter, and the labels `Side`,
//! `Direction`, `LapSource`, `LapEnd`, `Outcome` and `WinKind`.
//!
//! The file holds:
//! - the reference sower ([`sow_move`]): a state, a start hole, the split flag and the
//!   direction chosen at each decision point in, the whole move out (board, laps with every
//!   seed's hole, decision points, captures, the end of the game);
//! - the reference move generator ([`reference_moves`]): every complete legal move of a state;
//! - plain tests of the reference against the worked examples of RULES.md §6 (and a few
//!   rules of §3–§4 worked by hand), so that the reference is not trusted blindly either;
//! - property tests (proptest) comparing the engine's `successors()` and `play()` traces with
//!   the reference in states of seeded random games (`common::random_states`) and on
//!   random boards, under random rule options;
//! - a fixed set of such states, cross-checked the same way, that must reach every rule
//!   (decision points, clockwise laps after clockwise captures, splits, laps of 16 seeds,
//!   the lap limit, every kind of win), so that a pass of the property tests means something.

mod common;

use omweso_rules::{
    Direction, FirstMoves, GameState, Hole, LapEnd, LapSource, Outcome, Position, RuleOptions, Side, WinKind,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// The board as RULES.md §1 prints it
// ---------------------------------------------------------------------------------------

/// Upper's back row as printed in RULES.md §1, columns 1 to 8 (Lower's view).
const UPPER_BACK_ROW: [u8; 8] = *b"ponmlkji";
/// Upper's front row as printed in RULES.md §1, columns 1 to 8.
const UPPER_FRONT_ROW: [u8; 8] = *b"hgfedcba";
/// Lower's front row as printed in RULES.md §1, columns 1 to 8.
const LOWER_FRONT_ROW: [u8; 8] = *b"abcdefgh";
/// Lower's back row as printed in RULES.md §1, columns 1 to 8.
const LOWER_BACK_ROW: [u8; 8] = *b"ijklmnop";

/// One player's 16 holes in the anticlockwise order of RULES.md 3.2, which the letters of both
/// players follow alike: "… c → b → a → i → j → … → p → h → g → …", round and round.
const ANTICLOCKWISE_ORDER: [u8; 16] = *b"ijklmnophgfedcba";

/// The four leftmost holes of a player, the only origins of a clockwise lap (RULES.md 3.5:
/// a, b, i, j for Lower; A, B, I, J for Upper).
const LEFTMOST_HOLES: [u8; 4] = *b"abij";

/// A hole as the reference sees it: its owner and its letter, always written in lowercase
/// here (`b'a'..=b'p'`); Upper's holes are the same letters in uppercase in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RefHole {
    /// Whose hole it is.
    side: Side,
    /// The letter, lowercase.
    letter: u8,
}

impl RefHole {
    /// The hole of the engine's API with the same owner and letter.
    fn to_hole(self) -> Hole {
        let letter = match self.side {
            Side::Lower => self.letter as char,
            Side::Upper => self.letter.to_ascii_uppercase() as char,
        };
        Hole::from_letter(letter).expect("a letter a-p or A-P")
    }

    /// The reference's hole for a hole of the engine's API.
    fn from_hole(hole: Hole) -> RefHole {
        RefHole { side: hole.side(), letter: hole.letter().to_ascii_lowercase() as u8 }
    }

    /// The hole's notation letter (uppercase for Upper).
    fn name(self) -> char {
        self.to_hole().letter()
    }

    /// True for a hole of the front (inner) row: a–h (A–H) (RULES.md §1).
    fn is_front(self) -> bool {
        (b'a'..=b'h').contains(&self.letter)
    }

    /// The column 1..=8 of the hole, read off the printed board of RULES.md §1.
    fn column(self) -> usize {
        let rows: [&[u8; 8]; 2] = match self.side {
            Side::Lower => [&LOWER_FRONT_ROW, &LOWER_BACK_ROW],
            Side::Upper => [&UPPER_FRONT_ROW, &UPPER_BACK_ROW],
        };
        for row in rows {
            for (i, &letter) in row.iter().enumerate() {
                if letter == self.letter {
                    return i + 1;
                }
            }
        }
        panic!("no hole {}", self.letter as char)
    }

    /// The opponent's two holes in the column of this front-row hole, `(front, back)`:
    /// "d faces E (front) and M (back)" (RULES.md §1).
    fn opposite(self) -> (RefHole, RefHole) {
        assert!(self.is_front(), "only a front-row hole has opposite holes");
        let column = self.column();
        let other = self.side.opponent();
        let (front_row, back_row) = match other {
            Side::Lower => (&LOWER_FRONT_ROW, &LOWER_BACK_ROW),
            Side::Upper => (&UPPER_FRONT_ROW, &UPPER_BACK_ROW),
        };
        (RefHole { side: other, letter: front_row[column - 1] }, RefHole { side: other, letter: back_row[column - 1] })
    }

    /// The next hole around the owner's 16 holes in `direction` (RULES.md 3.2: anticlockwise
    /// is the order above; clockwise the same order backwards).
    fn next(self, direction: Direction) -> RefHole {
        let mut at = 0;
        while ANTICLOCKWISE_ORDER[at] != self.letter {
            at += 1;
        }
        let next = match direction {
            Direction::Anticlockwise => (at + 1) % 16,
            Direction::Clockwise => (at + 15) % 16,
        };
        RefHole { side: self.side, letter: ANTICLOCKWISE_ORDER[next] }
    }

    /// True for a, b, i, j (A, B, I, J) (RULES.md 3.5).
    fn is_leftmost(self) -> bool {
        LEFTMOST_HOLES.contains(&self.letter)
    }
}

/// The board: seeds in each hole, `[side][letter - 'a']`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RefBoard {
    /// Seed counts of Lower's (0) and Upper's (1) holes a..p.
    seeds: [[u8; 16]; 2],
}

impl RefBoard {
    /// The board of an engine position, read hole by hole by letter.
    fn from_position(position: &Position) -> RefBoard {
        let mut seeds = [[0; 16]; 2];
        for side in Side::BOTH {
            for letter in b'a'..=b'p' {
                seeds[side.index()][(letter - b'a') as usize] = position.get(RefHole { side, letter }.to_hole());
            }
        }
        RefBoard { seeds }
    }

    /// The engine position with the same seeds.
    fn to_position(self) -> Position {
        let mut position = Position::empty();
        for side in Side::BOTH {
            for letter in b'a'..=b'p' {
                let hole = RefHole { side, letter };
                position.set(hole.to_hole(), self.get(hole));
            }
        }
        position
    }

    /// Seeds in `hole`.
    fn get(&self, hole: RefHole) -> u8 {
        self.seeds[hole.side.index()][(hole.letter - b'a') as usize]
    }

    /// Puts `seeds` seeds in `hole`.
    fn set(&mut self, hole: RefHole, seeds: u8) {
        self.seeds[hole.side.index()][(hole.letter - b'a') as usize] = seeds;
    }

    /// True when `side` has a hole with 2 or more seeds (RULES.md 3.1, §4.4).
    fn can_move(&self, side: Side) -> bool {
        self.seeds[side.index()].iter().any(|&n| n >= 2)
    }
}

// ---------------------------------------------------------------------------------------
// The reference sower
// ---------------------------------------------------------------------------------------

/// How a lap ended (RULES.md 3.3, 3.8), in the reference's holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefLapEnd {
    /// The last seed fell into an empty hole: the move ends.
    Empty,
    /// The last hole's seeds (the one just dropped too) are lifted for the next lap.
    Relay { seeds: u32 },
    /// The two opposite holes are taken.
    Capture { front: RefHole, back: RefHole, front_seeds: u32, back_seeds: u32 },
    /// The lap limit was reached: the move stops here (RULES.md 3.8).
    Cut,
}

impl RefLapEnd {
    /// The same end in the engine's terms.
    fn to_lap_end(self) -> LapEnd {
        match self {
            RefLapEnd::Empty => LapEnd::Empty,
            RefLapEnd::Relay { seeds } => LapEnd::Relay { seeds },
            RefLapEnd::Capture { front, back, front_seeds, back_seeds } => {
                LapEnd::Capture { front: front.to_hole(), back: back.to_hole(), front_seeds, back_seeds }
            }
            RefLapEnd::Cut => LapEnd::Cut,
        }
    }
}

/// One lap as the reference sowed it (RULES.md 3.2).
#[derive(Clone, Debug, PartialEq, Eq)]
struct RefLap {
    /// Lap number from 1 (RULES.md 3.8).
    number: u32,
    /// Where the seeds came from: the start hole, a split, a relay or a capture.
    source: LapSource,
    /// The origin: the first seed goes into the hole after it.
    origin: RefHole,
    /// Seeds sown.
    seeds: u32,
    /// The direction of sowing.
    direction: Direction,
    /// Every hole that received a seed, in order, one per seed.
    drops: Vec<RefHole>,
    /// How the lap ended.
    end: RefLapEnd,
}

impl RefLap {
    /// The holes that received the seeds, as a string of letters (`"noph"`).
    fn drop_letters(&self) -> String {
        self.drops.iter().map(|h| h.name()).collect()
    }
}

/// A decision point met by the reference (RULES.md 3.5): a moment at which a clockwise lap
/// is allowed because it would capture, with the player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct RefDecision {
    /// The lap about to be sown.
    lap: u32,
    /// Its origin: a, b, i or j (A, B, I, J).
    origin: RefHole,
    /// Seeds in hand.
    seeds: u32,
    /// The opponent's front-row hole the clockwise lap would take.
    takes: RefHole,
    /// The direction chosen.
    direction: Direction,
}

/// Everything a move did and led to, as the reference works it out.
#[derive(Clone, Debug, PartialEq, Eq)]
struct RefResult {
    /// The board after the move.
    board: RefBoard,
    /// The laps, in order.
    laps: Vec<RefLap>,
    /// The decision points, in order, with the choice made at each.
    decisions: Vec<RefDecision>,
    /// Seeds captured in the move.
    captured_seeds: u32,
    /// The player to move next: the opponent.
    to_move: Side,
    /// Which players have still to make their first move, after the move.
    first_move_pending: [bool; 2],
    /// Moves in which each side has captured, after the move.
    captures: [u16; 2],
    /// How the game ended, if the move ended it (RULES.md §4, 3.8).
    outcome: Option<Outcome>,
}

/// Why the reference cannot play a move as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum RefError {
    /// The start hole is the opponent's or holds fewer than 2 seeds (RULES.md 3.1).
    BadStart,
    /// A split was asked for where RULES.md 3.7 does not allow one.
    SplitNotAllowed,
    /// The move reached a decision point with no direction left to read.
    NeedsDirection,
    /// The move ended with directions left unread.
    DirectionsLeft,
    /// The game is over: no move can be played.
    GameOver,
}

/// Which players have still to make their first move, as flags indexed by side (Lower,
/// Upper), from the state's `both`, `lower`, `upper` or `none` (RULES.md §5 "Game state").
fn first_moves_pending(first_moves: FirstMoves) -> [bool; 2] {
    match first_moves {
        FirstMoves::Both => [true, true],
        FirstMoves::Lower => [true, false],
        FirstMoves::Upper => [false, true],
        FirstMoves::None => [false, false],
    }
}

/// True when a tournament split of `start` is allowed (RULES.md 3.7): the option is on, no
/// capture has been made in the game yet, and the start hole holds exactly 3 seeds.
fn split_allowed(state: &GameState, board: &RefBoard, start: RefHole) -> bool {
    state.options().tournament_split && state.captures() == [0, 0] && board.get(start) == 3
}

/// The opponent's front hole that a clockwise lap of `seeds` seeds from `origin` would take,
/// if it would capture (RULES.md 3.5 (b) with 3.3): its last seed lands in an occupied hole
/// of the mover's front row whose two opposite holes both hold seeds. The caller has checked
/// that captures are allowed and that the origin is a leftmost hole. The board is not changed:
/// the lap is tried on a copy.
fn clockwise_capture(board: &RefBoard, origin: RefHole, seeds: u32, options: &RuleOptions) -> Option<RefHole> {
    // RULES.md 3.5 [choice]: no limit on a clockwise lap's seeds unless the option sets one.
    if options.clockwise_seed_limit.is_some_and(|limit| seeds > limit) {
        return None;
    }
    let mut trial = *board;
    let mut hole = origin;
    let mut before_last = 0;
    for _ in 0..seeds {
        hole = hole.next(Direction::Clockwise);
        before_last = trial.get(hole);
        trial.set(hole, before_last + 1);
    }
    if before_last == 0 || !hole.is_front() {
        return None;
    }
    let (front, back) = hole.opposite();
    if trial.get(front) > 0 && trial.get(back) > 0 { Some(front) } else { None }
}

/// Plays the move from `start` (split as RULES.md 3.7 says when `split`) seed by seed,
/// taking the direction of each decision point in turn from `directions`, and works out the
/// end of the game (RULES.md §3, §4).
///
/// # Errors
/// [`RefError`] when the start is not playable, the split not allowed, the directions run
/// out before the move ends ([`RefError::NeedsDirection`]: the generator then tries both) or
/// are left over when it ends.
fn sow_move(state: &GameState, start: RefHole, split: bool, directions: &[Direction]) -> Result<RefResult, RefError> {
    if state.outcome().is_some() {
        return Err(RefError::GameOver);
    }
    let options = state.options();
    let mover = state.to_move();
    let opponent = mover.opponent();
    let mut board = RefBoard::from_position(state.position());

    // 3.1: a hole of the mover's with at least 2 seeds.
    if start.side != mover || board.get(start) < 2 {
        return Err(RefError::BadStart);
    }
    // 3.7: the tournament split.
    if split && !split_allowed(state, &board, start) {
        return Err(RefError::SplitNotAllowed);
    }
    // 3.6: on each player's first move no capture is made.
    let first_move = first_moves_pending(state.first_moves())[mover.index()];
    let captures_allowed = !first_move;

    let mut laps: Vec<RefLap> = Vec::new();
    let mut decisions: Vec<RefDecision> = Vec::new();
    let mut directions_read = 0;
    let mut captured_seeds = 0;
    // §4: the opponent's columns taken in this move, and the column of the last capture.
    let mut columns_taken = [false; 9];
    let mut last_capture_column = None;
    let mut cut = false;

    // 3.1: lift every seed of the start hole; the first lap has the start as its origin.
    let mut origin = start;
    let mut hand = board.get(start) as u32;
    board.set(start, 0);
    let mut source = if split { LapSource::Split } else { LapSource::Start };
    // 3.5: a clockwise lap may be offered at the start of the move from a, b, i, j (3.7: a
    // split is only anticlockwise).
    let mut clockwise_may_be_offered = !split && start.is_leftmost();
    let mut number = 1;

    loop {
        // 3.5: the direction. A decision point is a moment listed in 3.5 at which a clockwise
        // lap would capture (and captures are allowed, 3.6); there the player chooses.
        let mut direction = Direction::Anticlockwise;
        if clockwise_may_be_offered
            && captures_allowed
            && let Some(takes) = clockwise_capture(&board, origin, hand, options)
        {
            let Some(&chosen) = directions.get(directions_read) else {
                return Err(RefError::NeedsDirection);
            };
            directions_read += 1;
            direction = chosen;
            decisions.push(RefDecision { lap: number, origin, seeds: hand, takes, direction });
        }

        // 3.2: one seed into each hole in turn, starting with the hole after the origin; a lap
        // of 16 or more passes its origin and drops a seed there too. 3.7: a split drops its
        // first two seeds into the same (next) hole.
        let mut drops = Vec::new();
        let mut hole = origin;
        let mut before_last = 0;
        for seed in 0..hand {
            let second_seed_of_split = source == LapSource::Split && seed == 1;
            if !second_seed_of_split {
                hole = hole.next(direction);
            }
            before_last = board.get(hole);
            board.set(hole, before_last + 1);
            drops.push(hole);
        }
        let last = hole;

        // 3.3 and 3.8: the end of the lap.
        let end;
        if before_last == 0 {
            // 3.3: the lap ended in an empty hole: the whole move ends.
            end = RefLapEnd::Empty;
        } else if number == options.lap_limit {
            // 3.8: the lap at the limit does not end in an empty hole: the move is
            // never-ending and stops, no relay lifted and no capture made.
            end = RefLapEnd::Cut;
            cut = true;
        } else if captures_allowed && last.is_front() && {
            let (front, back) = last.opposite();
            board.get(front) > 0 && board.get(back) > 0
        } {
            // 3.4: capture both opposite holes; the seeds in the last hole stay.
            let (front, back) = last.opposite();
            let front_seeds = board.get(front) as u32;
            let back_seeds = board.get(back) as u32;
            board.set(front, 0);
            board.set(back, 0);
            captured_seeds += front_seeds + back_seeds;
            columns_taken[front.column()] = true;
            last_capture_column = Some(front.column());
            end = RefLapEnd::Capture { front, back, front_seeds, back_seeds };
        } else {
            // 3.3: relay: lift every seed now in the last hole. (3.5: a clockwise lap always
            // captures, so it never gets here.)
            assert_eq!(direction, Direction::Anticlockwise, "a clockwise lap never relays (3.5)");
            let seeds = board.get(last) as u32;
            board.set(last, 0);
            end = RefLapEnd::Relay { seeds };
        }
        laps.push(RefLap { number, source, origin, seeds: hand, direction, drops, end });

        match end {
            RefLapEnd::Empty | RefLapEnd::Cut => break,
            RefLapEnd::Capture { front_seeds, back_seeds, .. } => {
                // 3.4: the captured seeds are sown from the origin of the lap that captured,
                // as if lifted from it. 3.5: clockwise again only after a clockwise capture.
                hand = front_seeds + back_seeds;
                source = LapSource::Capture;
                clockwise_may_be_offered = direction == Direction::Clockwise;
            }
            RefLapEnd::Relay { seeds } => {
                // 3.3: the relay's lap has the last hole as its origin. 3.5: clockwise may be
                // offered on a relay from a, b, i, j.
                hand = seeds;
                origin = last;
                source = LapSource::Relay;
                clockwise_may_be_offered = last.is_leftmost();
            }
        }
        number += 1;
    }
    if directions_read < directions.len() {
        return Err(RefError::DirectionsLeft);
    }

    // The bookkeeping of the game state (RULES.md §5 "Game state").
    let mut first_move_pending = first_moves_pending(state.first_moves());
    first_move_pending[mover.index()] = false;
    let mut captures = state.captures();
    if captured_seeds > 0 {
        captures[mover.index()] += 1;
    }

    // §4: the end of the game, highest first; 3.8: a never-ending move is annulled unless a
    // win of §4 already holds for the mover.
    let every_column = (1..=8).all(|c| columns_taken[c]);
    let win =
        if every_column && (!options.akawumbi_needs_end_column || matches!(last_capture_column, Some(1) | Some(8))) {
            // §4.1 akawumbi: captured in all 8 columns in this one move.
            Some(WinKind::Akawumbi)
        } else if columns_taken[1] && columns_taken[8] {
            // §4.2 emitwe-ebiri: captured at both end columns in this one move.
            Some(WinKind::EmitweEbiri)
        } else if options.akakyala && captures[mover.index()] >= 2 && captures[opponent.index()] == 0 {
            // §4.3 akakyala: captured in two separate moves while the opponent has not captured.
            Some(WinKind::Akakyala)
        } else if !board.can_move(opponent) {
            // §4.4 normal win: the player now to move has no hole with 2 or more seeds.
            Some(WinKind::Normal)
        } else {
            None
        };
    let outcome = match win {
        Some(kind) => Some(Outcome::Win { winner: mover, kind }),
        None if cut => Some(Outcome::Annulled),
        None => None,
    };

    Ok(RefResult { board, laps, decisions, captured_seeds, to_move: opponent, first_move_pending, captures, outcome })
}

// ---------------------------------------------------------------------------------------
// The reference move generator
// ---------------------------------------------------------------------------------------

/// A complete legal move found by the reference, with what it leads to.
#[derive(Clone, Debug)]
struct RefMove {
    /// The start hole.
    start: RefHole,
    /// A tournament split (RULES.md 3.7).
    split: bool,
    /// The result of the move (its decisions say the direction at each decision point).
    result: RefResult,
}

/// A move's identity for comparing the two generators: the start's letter, the split flag,
/// and at each decision point (lap, origin's letter, seeds, `'A'`/`'C'`, front hole taken).
type MoveKey = (char, bool, Vec<(u32, char, u32, char, char)>);

/// The letter of a direction in a [`MoveKey`].
fn direction_letter(direction: Direction) -> char {
    match direction {
        Direction::Anticlockwise => 'A',
        Direction::Clockwise => 'C',
    }
}

impl RefMove {
    /// The move's key.
    fn key(&self) -> MoveKey {
        let decisions = self.result.decisions.iter();
        let choices = decisions
            .map(|d| (d.lap, d.origin.name(), d.seeds, direction_letter(d.direction), d.takes.name()))
            .collect();
        (self.start.name(), self.split, choices)
    }
}

/// The key of an engine move, from its public accessors.
fn engine_key(mv: &omweso_rules::Move) -> MoveKey {
    let choices = mv
        .choices()
        .iter()
        .map(|c| (c.lap, c.hole.letter(), c.seeds, direction_letter(c.direction), c.takes.letter()))
        .collect();
    (mv.start().letter(), mv.is_split(), choices)
}

/// Every complete legal move of `state` (RULES.md 3.1, 3.5, 3.7): every start hole with 2 or
/// more seeds, its split where allowed, and both directions at every decision point (each
/// move is played again from the start with one more direction known). None when the game
/// is over.
fn reference_moves(state: &GameState) -> Vec<RefMove> {
    let mut out = Vec::new();
    if state.outcome().is_some() {
        return out;
    }
    let board = RefBoard::from_position(state.position());
    let mover = state.to_move();
    for letter in b'a'..=b'p' {
        let start = RefHole { side: mover, letter };
        if board.get(start) < 2 {
            continue;
        }
        for split in [false, true] {
            if split && !split_allowed(state, &board, start) {
                continue;
            }
            let mut to_try: Vec<Vec<Direction>> = vec![Vec::new()];
            while let Some(directions) = to_try.pop() {
                match sow_move(state, start, split, &directions) {
                    Ok(result) => out.push(RefMove { start, split, result }),
                    Err(RefError::NeedsDirection) => {
                        for direction in [Direction::Anticlockwise, Direction::Clockwise] {
                            let mut longer = directions.clone();
                            longer.push(direction);
                            to_try.push(longer);
                        }
                    }
                    Err(e) => panic!("the generator asked for an impossible move: {e:?}"),
                }
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// The cross-check
// ---------------------------------------------------------------------------------------

/// Compares the engine with the reference in `state`: the same set of complete moves from
/// `successors()`, the same resulting states (board, side to move, first moves, captures,
/// options, outcome), captured seeds and laps; and for each move, `play()`'s trace drops
/// seed by seed into the same holes, with the same laps and lap ends. Panics with the
/// state, the move and both results on a disagreement.
fn cross_check(state: &GameState) {
    let text = state.to_string();
    let options = *state.options();
    let mut reference = reference_moves(state);
    let mut engine = state.successors();
    reference.sort_by_key(RefMove::key);
    engine.sort_by_key(|s| engine_key(&s.mv));
    let reference_keys: Vec<MoveKey> = reference.iter().map(RefMove::key).collect();
    let engine_keys: Vec<MoveKey> = engine.iter().map(|s| engine_key(&s.mv)).collect();
    assert_eq!(engine_keys, reference_keys, "the moves differ in {text} ({options:?})");

    for (ours, theirs) in reference.iter().zip(&engine) {
        let r = &ours.result;
        let mv = theirs.mv.to_string();
        let context =
            || format!("state {text}, move {mv}, options {options:?}\nreference: {r:#?}\nengine: {theirs:#?}");
        let after = &theirs.state;
        assert_eq!(*after.position(), r.board.to_position(), "board: {}", context());
        assert_eq!(after.to_move(), r.to_move, "side to move: {}", context());
        assert_eq!(after.first_moves().pending(), r.first_move_pending, "first moves: {}", context());
        assert_eq!(after.captures(), r.captures, "captures: {}", context());
        assert_eq!(*after.options(), options, "options: {}", context());
        assert_eq!(after.outcome(), r.outcome, "outcome: {}", context());
        assert_eq!(theirs.captured_seeds, r.captured_seeds, "captured seeds: {}", context());
        assert_eq!(theirs.laps as usize, r.laps.len(), "laps: {}", context());

        // The traced path: the reference played from the engine's move as given (its start,
        // split flag and directions), lap by lap and seed by seed.
        let directions: Vec<Direction> = theirs.mv.choices().iter().map(|c| c.direction).collect();
        let replayed = sow_move(state, RefHole::from_hole(theirs.mv.start()), theirs.mv.is_split(), &directions)
            .unwrap_or_else(|e| panic!("the reference cannot play the engine's move ({e:?}): {}", context()));
        assert_eq!(replayed, *r, "the reference replays the move differently: {}", context());
        let (played, trace) = state.play(&theirs.mv).unwrap_or_else(|e| panic!("play: {e}: {}", context()));
        assert_eq!(played, *theirs, "play and successors differ: {}", context());
        assert_eq!(trace.mover, state.to_move(), "trace mover: {}", context());
        assert_eq!(trace.start, *state.position(), "trace start: {}", context());
        assert_eq!(trace.laps.len(), r.laps.len(), "trace laps: {}", context());
        for (lap, ref_lap) in trace.laps.iter().zip(&r.laps) {
            let drops: String = lap.drops().map(|h| h.letter()).collect();
            let at = format!("lap {}: {}", ref_lap.number, context());
            assert_eq!(lap.number, ref_lap.number, "lap number, {at}");
            assert_eq!(lap.source, ref_lap.source, "lap source, {at}");
            assert_eq!(lap.origin, ref_lap.origin.to_hole(), "lap origin, {at}");
            assert_eq!(lap.seeds, ref_lap.seeds, "lap seeds, {at}");
            assert_eq!(lap.direction, ref_lap.direction, "lap direction, {at}");
            assert_eq!(drops, ref_lap.drop_letters(), "drops, {at}");
            assert_eq!(Some(lap.last), ref_lap.drops.last().map(|h| h.to_hole()), "last hole, {at}");
            assert_eq!(lap.end, ref_lap.end.to_lap_end(), "lap end, {at}");
        }
        assert_eq!(trace.end_position(), r.board.to_position(), "trace replay: {}", context());
    }
}

/// Random rule options (RULES.md's [choice]s that change the sowing and the ends): the split,
/// akakyala, the akawumbi variant, the lap limit and the clockwise seed limit.
fn rule_options() -> impl Strategy<Value = RuleOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), lap_limits(), clockwise_limits()).prop_map(
        |(split, akakyala, end_column, lap_limit, clockwise_limit)| {
            options_of(split, akakyala, end_column, lap_limit, clockwise_limit)
        },
    )
}

/// Rule options with these [choice]s, the others as RULES.md states them.
fn options_of(
    tournament_split: bool,
    akakyala: bool,
    akawumbi_needs_end_column: bool,
    lap_limit: u32,
    clockwise_seed_limit: Option<u32>,
) -> RuleOptions {
    RuleOptions {
        tournament_split,
        akakyala,
        akawumbi_needs_end_column,
        lap_limit,
        clockwise_seed_limit,
        ..RuleOptions::default()
    }
}

/// Lap limits for the property tests: mostly small (1..=8), to reach the never-ending end of
/// RULES.md 3.8 often, sometimes the default 200.
fn lap_limits() -> impl Strategy<Value = u32> {
    prop_oneof![3 => 1u32..=8, 1 => Just(200u32)]
}

/// The clockwise seed limit of RULES.md 3.5's [choice]: mostly none, sometimes 2..=16.
fn clockwise_limits() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![3 => Just(None), 1 => (2u32..=16).prop_map(Some)]
}

/// A random board of 64 seeds: `counts` for the 32 holes (Lower's a..p, then Upper's), then
/// brought to 64 by putting what is missing into hole `pile` or taking the excess from the
/// holes from `pile` on.
fn random_board(counts: &[u8], pile: usize) -> Position {
    let mut seeds: Vec<u32> = counts.iter().map(|&c| c as u32).collect();
    let total: u32 = seeds.iter().sum();
    if total < 64 {
        seeds[pile] += 64 - total;
    }
    let mut excess = total.saturating_sub(64);
    let mut at = pile;
    while excess > 0 {
        let take = seeds[at].min(excess);
        seeds[at] -= take;
        excess -= take;
        at = (at + 1) % 32;
    }
    let mut position = Position::empty();
    for (i, &n) in seeds.iter().enumerate() {
        let side = if i < 16 { Side::Lower } else { Side::Upper };
        let hole = RefHole { side, letter: b'a' + (i % 16) as u8 };
        position.set(hole.to_hole(), n as u8);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// States of seeded random games (`common::random_states`) under random rule options:
    /// the engine's moves, results and traces are the reference's.
    #[test]
    fn the_engine_sows_as_the_reference_in_random_games(
        seed in any::<u64>(),
        plies in 1usize..60,
        options in rule_options(),
    ) {
        let state = common::random_states(seed, 1, 0..plies).remove(0).with_options(options).unwrap();
        cross_check(&state);
    }

    /// Random boards (sparse or piled up, so that long laps, captures across many columns and
    /// every end of §4 come up), a random side to move, first-move flags and capture counts,
    /// under random rule options.
    #[test]
    fn the_engine_sows_as_the_reference_on_random_boards(
        counts in proptest::collection::vec(prop_oneof![3 => Just(0u8), 2 => Just(1u8), 3 => 2u8..=6], 32),
        pile in 0usize..32,
        upper_to_move in any::<bool>(),
        first in 0u8..3,
        counts_before in (0u16..=1, 0u16..=1),
        options in rule_options(),
    ) {
        let to_move = if upper_to_move { Side::Upper } else { Side::Lower };
        // 0: both have moved; 1: the mover's first move (the opponent moved first);
        // 2: nobody has moved yet.
        let (first_moves, captures) = match (first, to_move) {
            (0, _) => (FirstMoves::None, [counts_before.0, counts_before.1]),
            (1, Side::Lower) => (FirstMoves::Lower, [0, counts_before.1]),
            (1, Side::Upper) => (FirstMoves::Upper, [counts_before.0, 0]),
            _ => (FirstMoves::Both, [0, 0]),
        };
        let state = GameState::new(random_board(&counts, pile), to_move, first_moves, captures, options).unwrap();
        cross_check(&state);
    }
}

// ---------------------------------------------------------------------------------------
// The reference against the worked examples of RULES.md §6 (and rules of §3–§4 by hand)
// ---------------------------------------------------------------------------------------

/// A game state from its RULES.md §5 text.
fn state(text: &str) -> GameState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The reference's hole with notation letter `letter`.
fn hole(letter: char) -> RefHole {
    RefHole::from_hole(Hole::from_letter(letter).unwrap())
}

/// The reference plays the move from `start` with `directions` at its decision points.
fn reference_play(state: &GameState, start: char, directions: &[Direction]) -> RefResult {
    sow_move(state, hole(start), false, directions).unwrap_or_else(|e| panic!("{start}: {e:?}"))
}

/// The state after a reference result, in RULES.md §5 text (`… / U none 1,0`).
fn state_text(state: &GameState, r: &RefResult) -> String {
    let first_moves = match r.first_move_pending {
        [true, true] => FirstMoves::Both,
        [true, false] => FirstMoves::Lower,
        [false, true] => FirstMoves::Upper,
        [false, false] => FirstMoves::None,
    };
    GameState::new(r.board.to_position(), r.to_move, first_moves, r.captures, *state.options()).unwrap().to_string()
}

/// Every lap's holes, as letters.
fn all_drops(r: &RefResult) -> Vec<String> {
    r.laps.iter().map(RefLap::drop_letters).collect()
}

/// RULES.md §6, the worked game: `d`, `F`, `m`, with every lap and the positions given.
#[test]
fn the_reference_plays_the_worked_game_of_section_6() {
    let start = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");

    // 1. Lower plays d: c, b, a, i — i was empty, the move ends.
    let r1 = reference_play(&start, 'd', &[]);
    assert_eq!(all_drops(&r1), ["cbai"]);
    assert_eq!(r1.laps[0].end, RefLapEnd::Empty);
    assert_eq!(r1.outcome, None);
    let s1 = state(&state_text(&start, &r1));
    assert_eq!(s1.to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");

    // 2. Upper plays F: E, D, C, B; B occupied → relay 5: A, I, J, K, L — L was empty.
    let r2 = reference_play(&s1, 'F', &[]);
    assert_eq!(all_drops(&r2), ["EDCB", "AIJKL"]);
    assert_eq!(r2.laps[0].end, RefLapEnd::Relay { seeds: 5 });
    assert_eq!(r2.laps[1].origin, hole('B'));
    assert_eq!(r2.laps[1].end, RefLapEnd::Empty);
    let s2 = state(&state_text(&s1, &r2));
    assert_eq!(s2.to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");

    // 3. Lower plays m: n, o, p, h → capture A and I (6), sown from m: n, o, p, h, g, f →
    // capture C and K (6), sown from m: n, o, p, h, g, f → relay 6 from f: e, d, c, b, a, i →
    // relay 2 from i: j, k — k was empty, the move ends.
    let r3 = reference_play(&s2, 'm', &[]);
    assert_eq!(all_drops(&r3), ["noph", "nophgf", "nophgf", "edcbai", "jk"]);
    let ends: Vec<RefLapEnd> = r3.laps.iter().map(|l| l.end).collect();
    assert_eq!(
        ends,
        [
            RefLapEnd::Capture { front: hole('A'), back: hole('I'), front_seeds: 5, back_seeds: 1 },
            RefLapEnd::Capture { front: hole('C'), back: hole('K'), front_seeds: 5, back_seeds: 1 },
            RefLapEnd::Relay { seeds: 6 },
            RefLapEnd::Relay { seeds: 2 },
            RefLapEnd::Empty,
        ]
    );
    let origins: String = r3.laps.iter().map(|l| l.origin.name()).collect();
    assert_eq!(origins, "mmmfi", "captured seeds are sown from the capturing lap's origin (3.4)");
    assert_eq!(r3.captured_seeds, 12);
    assert_eq!(state_text(&s2, &r3), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");

    // The source adds: "Upper can capture with D, J2xh": a relay from J with 2 seeds may go
    // clockwise and take h (and p).
    let s3 = state(&state_text(&s2, &r3));
    let captures_h = reference_moves(&s3).into_iter().any(|m| {
        m.start == hole('D')
            && m.result.decisions.iter().any(|d| {
                (d.origin, d.seeds, d.takes, d.direction) == (hole('J'), 2, hole('h'), Direction::Clockwise)
            })
            && m.result.laps.iter().any(|l| {
                l.direction == Direction::Clockwise
                    && matches!(l.end, RefLapEnd::Capture { front, back, .. } if front == hole('h') && back == hole('p'))
            })
    });
    assert!(captures_h, "D, J2xh");
}

/// RULES.md §6, the reverse capture: i's 3 seeds clockwise a, b, c capture F and N (2);
/// those 2 go anticlockwise j, k (`i3xF`) or clockwise again a, b, capturing G and O (4)
/// (`i3xF, i2xG`). From i there are exactly these moves and the plain anticlockwise one.
#[test]
fn the_reference_plays_the_reverse_capture_of_section_6() {
    use Direction::{Anticlockwise, Clockwise};
    let start = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");

    let once = reference_play(&start, 'i', &[Clockwise, Anticlockwise]);
    assert_eq!(all_drops(&once), ["abc", "jk"]);
    assert_eq!(once.laps[0].direction, Clockwise);
    assert_eq!(
        once.laps[0].end,
        RefLapEnd::Capture { front: hole('F'), back: hole('N'), front_seeds: 1, back_seeds: 1 }
    );
    assert_eq!(once.laps[1].origin, hole('i'));
    assert_eq!(once.laps[1].end, RefLapEnd::Empty);
    assert_eq!(once.board.to_position().to_string(), "1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P");
    let takes: Vec<(char, u32, char)> =
        once.decisions.iter().map(|d| (d.origin.name(), d.seeds, d.takes.name())).collect();
    assert_eq!(takes, [('i', 3, 'F'), ('i', 2, 'G')]);

    let twice = reference_play(&start, 'i', &[Clockwise, Clockwise]);
    assert_eq!(all_drops(&twice)[..2], ["abc", "ab"]);
    assert_eq!(
        twice.laps[1].end,
        RefLapEnd::Capture { front: hole('G'), back: hole('O'), front_seeds: 2, back_seeds: 2 }
    );
    assert_eq!(twice.laps[1].direction, Clockwise);
    assert_eq!(twice.captured_seeds, 6);

    // Anticlockwise at the start: j, k, l — l was empty.
    let plain = reference_play(&start, 'i', &[Anticlockwise]);
    assert_eq!(all_drops(&plain), ["jkl"]);

    let from_i: Vec<Vec<Direction>> = reference_moves(&start)
        .into_iter()
        .filter(|m| m.start == hole('i'))
        .map(|m| m.result.decisions.iter().map(|d| d.direction).collect())
        .collect();
    assert_eq!(from_i.len(), 3);
    for directions in [vec![Anticlockwise], vec![Clockwise, Anticlockwise], vec![Clockwise, Clockwise]] {
        assert!(from_i.contains(&directions), "{directions:?}");
    }
    // Asking for a direction where no decision point is, or leaving one unanswered, fails.
    assert_eq!(sow_move(&start, hole('e'), false, &[Clockwise]), Err(RefError::DirectionsLeft));
    assert_eq!(sow_move(&start, hole('i'), false, &[Clockwise]), Err(RefError::NeedsDirection));
}

/// RULES.md 3.2: a lap of 16 seeds drops its last seed into its own origin, emptied when it
/// was lifted, so the move ends there. RULES.md 3.6: on a first move a lap that would
/// capture relays instead, and no clockwise lap is offered.
#[test]
fn the_reference_passes_the_origin_and_keeps_the_first_move_rule() {
    let sixteen = state("16ip; 4I-P / L none 0,0");
    let r = reference_play(&sixteen, 'i', &[]);
    assert_eq!(all_drops(&r), ["jklmnophgfedcbai"]);
    assert_eq!(r.laps[0].end, RefLapEnd::Empty);
    assert_eq!(r.board.to_position().to_string(), "1a-o, 17p; 4I-P");

    // §6's move 3 as Lower's first move: h faces A and I, but relays its 5 seeds: g, f, e,
    // d, c — c held 1: relay 2 from c: b, a — a held 10: relay 11 from a: i, j, …
    let first = state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L lower 0,0");
    let r = reference_play(&first, 'm', &[]);
    assert_eq!(r.laps[0].end, RefLapEnd::Relay { seeds: 5 });
    assert_eq!(all_drops(&r)[1], "gfedc");
    assert_eq!(r.captured_seeds, 0);
    assert_eq!(r.captures, [0, 0]);
    assert_eq!(r.first_move_pending, [false, false]);
    let reverse = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L both 0,0");
    assert!(reference_moves(&reverse).iter().all(|m| m.result.decisions.is_empty()));
}

/// RULES.md 3.7: the tournament split of a 3-seed hole: two seeds into the next hole, one into
/// the hole after it, where the lap ends (§6's start, Upper's G: F, F, E — E held 4: relay 5).
#[test]
fn the_reference_splits_three_seeds() {
    let s = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / U both 0,0");
    let options = RuleOptions { tournament_split: true, ..RuleOptions::default() };
    let s = s.with_options(options).unwrap();
    let r = sow_move(&s, hole('G'), true, &[]).unwrap();
    assert_eq!(r.laps[0].source, LapSource::Split);
    assert_eq!(r.laps[0].drop_letters(), "FFE");
    assert_eq!(r.laps[0].end, RefLapEnd::Relay { seeds: 5 });
    assert_eq!(sow_move(&s, hole('F'), true, &[]), Err(RefError::SplitNotAllowed), "F holds 4");
    let off = s.with_options(RuleOptions::default()).unwrap();
    assert_eq!(sow_move(&off, hole('G'), true, &[]), Err(RefError::SplitNotAllowed), "the option is off");
}

/// RULES.md 3.8: with a lap limit of 2, §6's move 3 stops after its second lap, whose capture
/// of C and K is not made; no win holds, so the game is annulled.
#[test]
fn the_reference_cuts_a_move_at_the_lap_limit() {
    let s = state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");
    let s = s.with_options(RuleOptions { lap_limit: 2, ..RuleOptions::default() }).unwrap();
    let r = reference_play(&s, 'm', &[]);
    assert_eq!(all_drops(&r), ["noph", "nophgf"]);
    assert_eq!(r.laps[1].end, RefLapEnd::Cut);
    assert_eq!(r.captured_seeds, 6);
    assert_eq!(r.board.get(hole('C')), 5, "the second capture is not made");
    assert_eq!(r.outcome, Some(Outcome::Annulled));
}

/// RULES.md §4.2 emitwe-ebiri: Lower's o: p, h — h faces A and I: capture 5 + 4 = 9, sown from
/// o: p, h, g, …, b, a — a faces H and P: capture 1 + 1, so both end columns are taken in
/// one move. §4.4: and a move that leaves the opponent only singletons is a normal win.
#[test]
fn the_reference_ends_the_game() {
    let s = state("1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0");
    let r = reference_play(&s, 'o', &[]);
    assert_eq!(all_drops(&r)[..2], ["ph", "phgfedcba"]);
    assert_eq!(r.laps[0].end, RefLapEnd::Capture { front: hole('A'), back: hole('I'), front_seeds: 5, back_seeds: 4 });
    assert_eq!(r.laps[1].end, RefLapEnd::Capture { front: hole('H'), back: hole('P'), front_seeds: 1, back_seeds: 1 });
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::EmitweEbiri }));

    // o: p, h — h faces A (2) and I (1): capture 3, sown from o: p, h, g — g was empty, the
    // move ends, and Upper has only singletons left.
    let s = state("1h, 44i, 2o; 2A, 1B-P / L none 0,0");
    let r = reference_play(&s, 'o', &[]);
    assert_eq!(r.laps[0].end, RefLapEnd::Capture { front: hole('A'), back: hole('I'), front_seeds: 2, back_seeds: 1 });
    assert!(!r.board.can_move(Side::Upper));
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Normal }));
}

/// §4.1's akawumbi position (that of `rules_each.rs`): Upper has seeds in all 16 holes.
const AKAWUMBI: &str = "1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P / L none 0,0";
/// The same, with Upper's seeds placed so that the eighth capture is made at b, not at an end
/// column.
const AKAWUMBI_ENDING_AT_B: &str = "1a-h, 10i, 2o; 2AB, 3CD, 4E, 5F, 1G, 4H, 1I, 2JK, 3LM, 4N, 1O, 4P / L none 0,0";

/// RULES.md §4.1 akawumbi, worked by hand: Lower's o: p, h — h faces A and I: capture 3, sown
/// from o: p, h, g — g faces B and J: capture 4; then 5 end in f (C, K), 6 in e (D, L), 7 in d
/// (E, M), 8 in c (F, N), 9 in b (G, O), and the 9 from b's capture end in a (H, P): all 8
/// columns, 44 seeds, in one move. With Upper's seeds placed so that c takes 9 and the last
/// capture is at b, the variant that needs an end column last gives emitwe-ebiri (§4.2).
#[test]
fn the_reference_takes_every_column() {
    let r = reference_play(&state(AKAWUMBI), 'o', &[]);
    let taken: String = r
        .laps
        .iter()
        .filter_map(|l| if let RefLapEnd::Capture { front, .. } = l.end { Some(front.name()) } else { None })
        .collect();
    assert_eq!(taken, "ABCDEFGH");
    let drops = all_drops(&r);
    assert_eq!(drops[..8], ["ph", "phg", "phgf", "phgfe", "phgfed", "phgfedc", "phgfedcb", "phgfedcba"]);
    assert_eq!(r.captured_seeds, 44);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Akawumbi }));

    let strict = RuleOptions { akawumbi_needs_end_column: true, ..RuleOptions::default() };
    let r = reference_play(&state(AKAWUMBI).with_options(strict).unwrap(), 'o', &[]);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Akawumbi }), "last at a");

    let r = reference_play(&state(AKAWUMBI_ENDING_AT_B), 'o', &[]);
    let taken: String = r
        .laps
        .iter()
        .filter_map(|l| if let RefLapEnd::Capture { front, .. } = l.end { Some(front.name()) } else { None })
        .collect();
    assert_eq!(taken, "ABCDEFHG");
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Akawumbi }));
    let r = reference_play(&state(AKAWUMBI_ENDING_AT_B).with_options(strict).unwrap(), 'o', &[]);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::EmitweEbiri }));

    // 3.8 with §4: cut at lap 8, before the capture at a: 7 columns and no end column pair,
    // but Upper has only H and P, one seed each, left: a normal win.
    let cut = RuleOptions { lap_limit: 8, ..RuleOptions::default() };
    let r = reference_play(&state(AKAWUMBI).with_options(cut).unwrap(), 'o', &[]);
    assert_eq!(r.laps.len(), 8);
    assert_eq!(r.laps[7].end, RefLapEnd::Cut);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Normal }));
}

// ---------------------------------------------------------------------------------------
// What the cross-check reaches
// ---------------------------------------------------------------------------------------

/// How often each rule of RULES.md §3–§4 came up in the moves the reference generated.
#[derive(Debug, Default)]
struct Reached {
    /// Moves compared.
    moves: usize,
    /// Decision points (3.5).
    decisions: usize,
    /// Clockwise laps (3.5).
    clockwise_laps: usize,
    /// Clockwise laps sowing seeds captured by a clockwise lap (3.5, third moment).
    clockwise_after_clockwise: usize,
    /// Clockwise laps on a relay (3.5, second moment).
    clockwise_relays: usize,
    /// Decision points on the lap at the limit (3.8).
    decisions_at_the_limit: usize,
    /// Captures (3.4).
    captures: usize,
    /// Laps of 16 seeds or more (3.2).
    long_laps: usize,
    /// Laps of 16 captured seeds or more (3.2 with 3.4).
    long_capture_laps: usize,
    /// Clockwise laps of 16 seeds or more (3.2 with 3.5).
    long_clockwise_laps: usize,
    /// Laps that would capture but relay on a first move (3.6).
    first_move_relays: usize,
    /// Tournament splits (3.7).
    splits: usize,
    /// Tournament splits whose lap captures (3.7 with 3.3).
    split_captures: usize,
    /// Moves cut at the lap limit (3.8).
    cut: usize,
    /// Annulled games (3.8).
    annulled: usize,
    /// Wins at a cut move (3.8 with §4).
    wins_when_cut: usize,
    /// Wins by kind: akawumbi, emitwe-ebiri, akakyala, normal (§4).
    wins: [usize; 4],
    /// States in which the clockwise seed limit (3.5 [choice]) took a move away.
    clockwise_limit_bites: usize,
}

impl Reached {
    /// Cross-checks `state` and counts what its moves reached.
    fn add(&mut self, state: &GameState) {
        cross_check(state);
        let allowed = state.captures_allowed();
        let moves = reference_moves(state);
        if state.options().clockwise_seed_limit.is_some() {
            let unlimited = state.with_options(RuleOptions { clockwise_seed_limit: None, ..*state.options() }).unwrap();
            self.clockwise_limit_bites += usize::from(reference_moves(&unlimited).len() > moves.len());
        }
        for m in moves {
            let r = &m.result;
            self.moves += 1;
            self.decisions += r.decisions.len();
            self.decisions_at_the_limit += r.decisions.iter().filter(|d| d.lap == state.options().lap_limit).count();
            self.splits += usize::from(m.split);
            for (i, lap) in r.laps.iter().enumerate() {
                let clockwise = lap.direction == Direction::Clockwise;
                self.clockwise_laps += usize::from(clockwise);
                self.clockwise_relays += usize::from(clockwise && lap.source == LapSource::Relay);
                self.clockwise_after_clockwise +=
                    usize::from(clockwise && i > 0 && r.laps[i - 1].direction == Direction::Clockwise);
                self.captures += usize::from(matches!(lap.end, RefLapEnd::Capture { .. }));
                self.long_laps += usize::from(lap.seeds >= 16);
                self.long_capture_laps += usize::from(lap.seeds >= 16 && lap.source == LapSource::Capture);
                self.long_clockwise_laps += usize::from(lap.seeds >= 16 && clockwise);
                self.split_captures +=
                    usize::from(lap.source == LapSource::Split && matches!(lap.end, RefLapEnd::Capture { .. }));
                let last = *lap.drops.last().unwrap();
                let would_capture = last.is_front() && {
                    let (front, back) = last.opposite();
                    state.position().get(front.to_hole()) > 0 && state.position().get(back.to_hole()) > 0
                };
                self.first_move_relays +=
                    usize::from(!allowed && i == 0 && would_capture && matches!(lap.end, RefLapEnd::Relay { .. }));
            }
            let cut = r.laps.last().unwrap().end == RefLapEnd::Cut;
            self.cut += usize::from(cut);
            match r.outcome {
                Some(Outcome::Annulled) => self.annulled += 1,
                Some(Outcome::Win { kind, .. }) => {
                    self.wins_when_cut += usize::from(cut);
                    self.wins[kind as usize] += 1;
                }
                None => {}
            }
        }
    }
}

/// The cross-check in a fixed set of states — seeded random games and random boards drawn
/// as the property tests draw them, and the akawumbi positions worked out by hand below —
/// reaches every rule of RULES.md §3–§4, so that a pass of the property tests means something.
#[test]
fn the_cross_check_reaches_every_rule() {
    use rand::{RngExt, SeedableRng, rngs::StdRng};
    let mut reached = Reached::default();
    let mut rng = StdRng::seed_from_u64(7);
    for (i, state) in common::random_states(7, 150, 0..60).into_iter().enumerate() {
        let lap_limit = if i % 4 == 0 { 200 } else { rng.random_range(1..=8) };
        let options = options_of(rng.random_bool(0.5), rng.random_bool(0.5), false, lap_limit, None);
        reached.add(&state.with_options(options).unwrap());
    }
    for i in 0..150 {
        let counts: Vec<u8> = (0..32).map(|_| [0, 0, 0, 1, 1, 2, 3, 4][rng.random_range(0..8)]).collect();
        let pile = rng.random_range(0..32);
        let to_move = if rng.random_bool(0.5) { Side::Upper } else { Side::Lower };
        let lap_limit = if i % 4 == 0 { 200 } else { rng.random_range(1..=8) };
        let clockwise_limit = if i % 3 == 0 { Some(rng.random_range(2..=5)) } else { None };
        let options = options_of(true, rng.random_bool(0.5), false, lap_limit, clockwise_limit);
        let captures = [rng.random_range(0..=1), rng.random_range(0..=1)];
        let state = GameState::new(random_board(&counts, pile), to_move, FirstMoves::None, captures, options).unwrap();
        reached.add(&state);
    }
    for text in [AKAWUMBI, AKAWUMBI_ENDING_AT_B] {
        for needs_end_column in [false, true] {
            for lap_limit in [8, 9, 200] {
                let options = options_of(false, true, needs_end_column, lap_limit, None);
                reached.add(&state(text).with_options(options).unwrap());
            }
        }
    }
    let Reached { moves, decisions, clockwise_laps, clockwise_after_clockwise, clockwise_relays, .. } = reached;
    let Reached { decisions_at_the_limit, captures, long_laps, long_capture_laps, long_clockwise_laps, .. } = reached;
    let Reached { first_move_relays, splits, split_captures, .. } = reached;
    let Reached { cut, annulled, wins_when_cut, wins, clockwise_limit_bites, .. } = reached;
    let counts = [
        moves,
        decisions,
        clockwise_laps,
        clockwise_after_clockwise,
        clockwise_relays,
        decisions_at_the_limit,
        captures,
        long_laps,
        long_capture_laps,
        long_clockwise_laps,
        first_move_relays,
        splits,
        split_captures,
        cut,
        annulled,
        wins_when_cut,
        clockwise_limit_bites,
    ];
    assert!(counts.iter().chain(&wins).all(|&n| n > 0), "{reached:#?}");
}
