//! The reference sower, written from RULES.md §1–§4 alone (see `reference_sower.rs`, which
//! tests it and cross-checks the engine against it): a board, a move sown seed by seed, and
//! every legal move of a state. Shared with the program's tests that replay games by an
//! independent implementation of the rules (`tests/online_cli.rs`).
#![allow(dead_code)]

use omweso_rules::{
    Direction, FirstMoves, GameState, Hole, LapEnd, LapSource, Outcome, Position, RuleOptions, Side, WinKind,
};
// ---------------------------------------------------------------------------------------
// The board as RULES.md §1 prints it
// ---------------------------------------------------------------------------------------

/// Upper's back row as printed in RULES.md §1, columns 1 to 8 (Lower's view).
pub const UPPER_BACK_ROW: [u8; 8] = *b"ponmlkji";
/// Upper's front row as printed in RULES.md §1, columns 1 to 8.
pub const UPPER_FRONT_ROW: [u8; 8] = *b"hgfedcba";
/// Lower's front row as printed in RULES.md §1, columns 1 to 8.
pub const LOWER_FRONT_ROW: [u8; 8] = *b"abcdefgh";
/// Lower's back row as printed in RULES.md §1, columns 1 to 8.
pub const LOWER_BACK_ROW: [u8; 8] = *b"ijklmnop";

/// One player's 16 holes in the anticlockwise order of RULES.md 3.2, which the letters of both
/// players follow alike: "… c → b → a → i → j → … → p → h → g → …", round and round.
pub const ANTICLOCKWISE_ORDER: [u8; 16] = *b"ijklmnophgfedcba";

/// The four leftmost holes of a player, the only origins of a clockwise lap (RULES.md 3.5:
/// a, b, i, j for Lower; A, B, I, J for Upper).
pub const LEFTMOST_HOLES: [u8; 4] = *b"abij";

/// A hole as the reference sees it: its owner and its letter, always written in lowercase
/// here (`b'a'..=b'p'`); Upper's holes are the same letters in uppercase in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefHole {
    /// Whose hole it is.
    pub side: Side,
    /// The letter, lowercase.
    pub letter: u8,
}

impl RefHole {
    /// The hole of the engine's API with the same owner and letter.
    pub fn to_hole(self) -> Hole {
        let letter = match self.side {
            Side::Lower => self.letter as char,
            Side::Upper => self.letter.to_ascii_uppercase() as char,
        };
        Hole::from_letter(letter).expect("a letter a-p or A-P")
    }

    /// The reference's hole for a hole of the engine's API.
    pub fn from_hole(hole: Hole) -> RefHole {
        RefHole { side: hole.side(), letter: hole.letter().to_ascii_lowercase() as u8 }
    }

    /// The hole's notation letter (uppercase for Upper).
    pub fn name(self) -> char {
        self.to_hole().letter()
    }

    /// True for a hole of the front (inner) row: a–h (A–H) (RULES.md §1).
    pub fn is_front(self) -> bool {
        (b'a'..=b'h').contains(&self.letter)
    }

    /// The column 1..=8 of the hole, read off the printed board of RULES.md §1.
    pub fn column(self) -> usize {
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
    pub fn opposite(self) -> (RefHole, RefHole) {
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
    pub fn next(self, direction: Direction) -> RefHole {
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
    pub fn is_leftmost(self) -> bool {
        LEFTMOST_HOLES.contains(&self.letter)
    }
}

/// The board: seeds in each hole, `[side][letter - 'a']`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefBoard {
    /// Seed counts of Lower's (0) and Upper's (1) holes a..p.
    pub seeds: [[u8; 16]; 2],
}

impl RefBoard {
    /// The board of an engine position, read hole by hole by letter.
    pub fn from_position(position: &Position) -> RefBoard {
        let mut seeds = [[0; 16]; 2];
        for side in Side::BOTH {
            for letter in b'a'..=b'p' {
                seeds[side.index()][(letter - b'a') as usize] = position.get(RefHole { side, letter }.to_hole());
            }
        }
        RefBoard { seeds }
    }

    /// The engine position with the same seeds.
    pub fn to_position(self) -> Position {
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
    pub fn get(&self, hole: RefHole) -> u8 {
        self.seeds[hole.side.index()][(hole.letter - b'a') as usize]
    }

    /// Puts `seeds` seeds in `hole`.
    pub fn set(&mut self, hole: RefHole, seeds: u8) {
        self.seeds[hole.side.index()][(hole.letter - b'a') as usize] = seeds;
    }

    /// True when `side` has a hole with 2 or more seeds (RULES.md 3.1, §4.4).
    pub fn can_move(&self, side: Side) -> bool {
        self.seeds[side.index()].iter().any(|&n| n >= 2)
    }
}

// ---------------------------------------------------------------------------------------
// The reference sower
// ---------------------------------------------------------------------------------------

/// How a lap ended (RULES.md 3.3, 3.8), in the reference's holes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefLapEnd {
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
    pub fn to_lap_end(self) -> LapEnd {
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
pub struct RefLap {
    /// Lap number from 1 (RULES.md 3.8).
    pub number: u32,
    /// Where the seeds came from: the start hole, a split, a relay or a capture.
    pub source: LapSource,
    /// The origin: the first seed goes into the hole after it.
    pub origin: RefHole,
    /// Seeds sown.
    pub seeds: u32,
    /// The direction of sowing.
    pub direction: Direction,
    /// Every hole that received a seed, in order, one per seed.
    pub drops: Vec<RefHole>,
    /// How the lap ended.
    pub end: RefLapEnd,
}

impl RefLap {
    /// The holes that received the seeds, as a string of letters (`"noph"`).
    pub fn drop_letters(&self) -> String {
        self.drops.iter().map(|h| h.name()).collect()
    }
}

/// A decision point met by the reference (RULES.md 3.5): a moment at which a clockwise lap
/// is allowed because it would capture, with the player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefDecision {
    /// The lap about to be sown.
    pub lap: u32,
    /// Its origin: a, b, i or j (A, B, I, J).
    pub origin: RefHole,
    /// Seeds in hand.
    pub seeds: u32,
    /// The opponent's front-row hole the clockwise lap would take.
    pub takes: RefHole,
    /// The direction chosen.
    pub direction: Direction,
}

/// Everything a move did and led to, as the reference works it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefResult {
    /// The board after the move.
    pub board: RefBoard,
    /// The laps, in order.
    pub laps: Vec<RefLap>,
    /// The decision points, in order, with the choice made at each.
    pub decisions: Vec<RefDecision>,
    /// Seeds captured in the move.
    pub captured_seeds: u32,
    /// The player to move next: the opponent.
    pub to_move: Side,
    /// Which players have still to make their first move, after the move.
    pub first_move_pending: [bool; 2],
    /// Moves in which each side has captured, after the move.
    pub captures: [u16; 2],
    /// How the game ended, if the move ended it (RULES.md §4, 3.8).
    pub outcome: Option<Outcome>,
}

/// Why the reference cannot play a move as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefError {
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
pub fn first_moves_pending(first_moves: FirstMoves) -> [bool; 2] {
    match first_moves {
        FirstMoves::Both => [true, true],
        FirstMoves::Lower => [true, false],
        FirstMoves::Upper => [false, true],
        FirstMoves::None => [false, false],
    }
}

/// True when a tournament split of `start` is allowed (RULES.md 3.7): the option is on, no
/// capture has been made in the game yet, and the start hole holds exactly 3 seeds.
pub fn split_allowed(state: &GameState, board: &RefBoard, start: RefHole) -> bool {
    state.options().tournament_split && state.captures() == [0, 0] && board.get(start) == 3
}

/// The opponent's front hole that a clockwise lap of `seeds` seeds from `origin` would take,
/// if it would capture (RULES.md 3.5 (b) with 3.3): its last seed lands in an occupied hole
/// of the mover's front row whose two opposite holes both hold seeds. The caller has checked
/// that captures are allowed and that the origin is a leftmost hole. The board is not changed:
/// the lap is tried on a copy.
pub fn clockwise_capture(board: &RefBoard, origin: RefHole, seeds: u32, options: &RuleOptions) -> Option<RefHole> {
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
pub fn sow_move(
    state: &GameState,
    start: RefHole,
    split: bool,
    directions: &[Direction],
) -> Result<RefResult, RefError> {
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
pub struct RefMove {
    /// The start hole.
    pub start: RefHole,
    /// A tournament split (RULES.md 3.7).
    pub split: bool,
    /// The result of the move (its decisions say the direction at each decision point).
    pub result: RefResult,
}

/// A move's identity for comparing the two generators: the start's letter, the split flag,
/// and at each decision point (lap, origin's letter, seeds, `'A'`/`'C'`, front hole taken).
pub type MoveKey = (char, bool, Vec<(u32, char, u32, char, char)>);

/// The letter of a direction in a [`MoveKey`].
pub fn direction_letter(direction: Direction) -> char {
    match direction {
        Direction::Anticlockwise => 'A',
        Direction::Clockwise => 'C',
    }
}

impl RefMove {
    /// The move's key.
    pub fn key(&self) -> MoveKey {
        let decisions = self.result.decisions.iter();
        let choices = decisions
            .map(|d| (d.lap, d.origin.name(), d.seeds, direction_letter(d.direction), d.takes.name()))
            .collect();
        (self.start.name(), self.split, choices)
    }
}

/// The key of an engine move, from its public accessors.
pub fn engine_key(mv: &omweso_rules::Move) -> MoveKey {
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
pub fn reference_moves(state: &GameState) -> Vec<RefMove> {
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
