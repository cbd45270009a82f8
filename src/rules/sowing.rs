//! The engine of a move: sowing laps, relays, captures, reverse captures and the lap limit
//! (RULES.md §3), stopping at each decision point for the player's choice.

use super::hole::{Direction, Hole, Side, is_leftmost_track, opposite_tracks};
use super::moves::{Choice, Choices, Move};
use super::outcome::{Outcome, WinKind};
use super::state::{GameState, IllegalMove, Successor};
use super::trace::{Lap, LapEnd, LapSource, Trace};

/// One seed in each of the 16 holes of a side, as bytes of a `u128`.
const EVERY_HOLE: u128 = u128::from_le_bytes([1; 16]);

/// `[origin][seeds]`: one seed in each hole that a lap of `seeds` (< 16) seeds from `origin`
/// reaches, as bytes of a `u128` indexed by track index.
const ANTICLOCKWISE_DROPS: [[u128; 16]; 16] = drop_masks(1);
const CLOCKWISE_DROPS: [[u128; 16]; 16] = drop_masks(15);

const fn drop_masks(step: usize) -> [[u128; 16]; 16] {
    let mut table = [[0u128; 16]; 16];
    let mut origin = 0;
    while origin < 16 {
        let mut seeds = 1;
        while seeds < 16 {
            let hole = (origin + seeds * step) & 15;
            table[origin][seeds] = table[origin][seeds - 1] | (1u128 << (8 * hole));
            seeds += 1;
        }
        origin += 1;
    }
    table
}

/// A moment at which the player may sow the next lap clockwise, because that clockwise lap
/// would capture (RULES.md 3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DecisionPoint {
    /// The lap about to be sown (1 = the first lap of the move).
    pub lap: u32,
    /// Its origin: one of the mover's holes a, b, i, j (A, B, I, J).
    pub hole: Hole,
    /// Seeds in hand.
    pub seeds: u32,
    /// Where the seeds came from: the start hole, a relay, or a clockwise capture.
    pub source: LapSource,
    /// The mover's front-row hole where the clockwise lap would end.
    pub lands: Hole,
    /// The opponent's front-row hole the clockwise lap would take.
    pub takes_front: Hole,
    /// The opponent's back-row hole the clockwise lap would take.
    pub takes_back: Hole,
    /// Seeds the clockwise lap would capture (front and back together).
    pub captures: u32,
}

/// Where a [`Sowing`] stands after [`Sowing::advance`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// The player must choose the direction of the next lap ([`Sowing::choose`]).
    Decision(DecisionPoint),
    /// The move is over; [`Sowing::finish`] gives the result.
    Finished,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    /// The next lap is ready to sow in `Sowing::direction`.
    Sow,
    Decision(DecisionPoint),
    /// The last lap ended in an empty hole.
    Ended,
    /// The lap limit was reached (RULES.md 3.8).
    Cut,
}

/// A move being played, lap by lap. Made by [`GameState::start_move`]; the window plays a
/// move through it one decision at a time, and every other player of moves (generation,
/// [`GameState::play`], the notation reader) goes through the same code.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// The state before the move, with its board updated as the move goes on.
    state: GameState,
    captures_allowed: bool,
    origin: u8,
    hand: u32,
    direction: Direction,
    source: LapSource,
    /// Number of the next (or current) lap.
    lap: u32,
    /// Bit `c` set when a capture was made from the mover's front hole of track `8 + c`.
    captured_columns: u8,
    last_capture_track: u8,
    captured_seeds: u32,
    status: Status,
    mv: Move,
    trace: Option<Box<Trace>>,
}

impl Sowing {
    /// Lifts the start hole. `record` keeps a [`Trace`].
    pub(crate) fn begin(state: &GameState, start: Hole, split: bool, record: bool) -> Result<Sowing, IllegalMove> {
        let mover = state.to_move();
        if start.side() != mover {
            return Err(IllegalMove::NotOwnHole { hole: start, mover });
        }
        let seeds = state.position().get(start) as u32;
        if seeds < 2 {
            return Err(IllegalMove::TooFewSeeds { hole: start, seeds });
        }
        if split {
            if !state.options().tournament_split {
                return Err(IllegalMove::SplitNotAllowed { hole: start, why: "the tournament split option is off" });
            }
            if seeds != 3 {
                return Err(IllegalMove::SplitNotAllowed {
                    hole: start,
                    why: "only a hole of exactly 3 seeds can be split",
                });
            }
            if state.captures() != [0, 0] {
                return Err(IllegalMove::SplitNotAllowed {
                    hole: start,
                    why: "a capture has already been made in this game",
                });
            }
        }
        Ok(Sowing::lift(state, start, split, record))
    }

    /// Lifts the start hole of a move already known to be legal (the generation path;
    /// inlined so that the sowing is built in place rather than copied).
    #[inline(always)]
    pub(crate) fn lift(state: &GameState, start: Hole, split: bool, record: bool) -> Sowing {
        let mover = state.to_move();
        let seeds = state.position().get(start) as u32;
        let mut s = Sowing {
            state: state.clone(),
            captures_allowed: state.captures_allowed(),
            origin: start.track() as u8,
            hand: seeds,
            direction: Direction::Anticlockwise,
            source: if split { LapSource::Split } else { LapSource::Start },
            lap: 1,
            captured_columns: 0,
            last_capture_track: 0,
            captured_seeds: 0,
            status: Status::Sow,
            mv: Move { start, split, choices: Choices::new() },
            trace: record.then(|| Box::new(Trace { mover, start: *state.position(), laps: Vec::new() })),
        };
        s.state.position.counts[start.index()] = 0;
        if !split {
            s.offer_clockwise();
        }
        s
    }

    /// The side making the move.
    pub fn mover(&self) -> Side {
        self.state.to_move()
    }

    /// The board as it stands now, mid-move.
    pub fn position(&self) -> &super::position::Position {
        self.state.position()
    }

    /// The laps sown so far (empty when the sowing was made without a trace).
    pub fn laps(&self) -> &[Lap] {
        self.trace.as_ref().map_or(&[], |t| &t.laps)
    }

    /// The move as far as it has been decided.
    pub fn move_so_far(&self) -> &Move {
        &self.mv
    }

    /// Sows laps until the move ends or the player must choose a direction.
    #[inline]
    pub fn advance(&mut self) -> Progress {
        // Without a trace (generation, search, perft) the lap is compiled without it.
        if self.trace.is_some() {
            while self.status == Status::Sow {
                self.sow_lap::<true>();
            }
        } else {
            while self.status == Status::Sow {
                self.sow_lap::<false>();
            }
        }
        match self.status {
            Status::Decision(dp) => Progress::Decision(dp),
            _ => Progress::Finished,
        }
    }

    /// The decision the move is waiting for, if any.
    pub fn decision(&self) -> Option<DecisionPoint> {
        match self.status {
            Status::Decision(dp) => Some(dp),
            _ => None,
        }
    }

    /// Chooses the direction of the next lap at a decision point.
    ///
    /// # Errors
    /// [`IllegalMove::NoDecision`] when the move is not waiting for a choice.
    pub fn choose(&mut self, direction: Direction) -> Result<(), IllegalMove> {
        match self.status {
            Status::Decision(dp) => {
                self.apply_choice(dp, direction);
                Ok(())
            }
            _ => Err(IllegalMove::NoDecision { lap: self.lap }),
        }
    }

    #[inline]
    pub(crate) fn apply_choice(&mut self, dp: DecisionPoint, direction: Direction) {
        self.mv.choices.push(Choice { lap: dp.lap, hole: dp.hole, seeds: dp.seeds, direction, takes: dp.takes_front });
        self.direction = direction;
        self.status = Status::Sow;
    }

    /// Ends the move: the move made, the state after it, its outcome and the trace.
    ///
    /// # Errors
    /// [`IllegalMove::Unfinished`] when the move still waits for a choice.
    pub fn finish(mut self) -> Result<(Successor, Trace), IllegalMove> {
        if self.advance() != Progress::Finished {
            return Err(IllegalMove::Unfinished { lap: self.lap });
        }
        let trace = self
            .trace
            .take()
            .map_or_else(|| Trace { mover: self.mover(), start: *self.state.position(), laps: Vec::new() }, |t| *t);
        Ok((self.take_successor(), trace))
    }

    /// The result of a finished move (RULES.md §4 and 3.8). Call only when finished; the
    /// move is taken out of the sowing (which is not to be used again), nothing else is
    /// moved.
    #[inline]
    pub(crate) fn take_successor(&mut self) -> Successor {
        let mover = self.state.to_move();
        let other = mover.opponent();
        let captured = self.captured_columns != 0;
        let mut next = self.state.clone();
        next.to_move = other;
        next.first_move_pending[mover.index()] = false;
        if captured {
            next.captures[mover.index()] = next.captures[mover.index()].saturating_add(1);
        }
        let options = next.options;
        let end_columns = (1u8 << 0) | (1u8 << 7); // tracks 8 (h) and 15 (a)
        let win = |kind| Some(Outcome::Win { winner: mover, kind });
        let outcome = if !captured {
            if !next.position.can_move(other) {
                win(WinKind::Normal)
            } else if self.status == Status::Cut {
                Some(Outcome::Annulled)
            } else {
                None
            }
        } else if self.captured_columns == 0xFF
            && (!options.akawumbi_needs_end_column || matches!(self.last_capture_track, 8 | 15))
        {
            win(WinKind::Akawumbi)
        } else if self.captured_columns & end_columns == end_columns {
            win(WinKind::EmitweEbiri)
        } else if options.akakyala && captured && next.captures[mover.index()] >= 2 && next.captures[other.index()] == 0
        {
            win(WinKind::Akakyala)
        } else if !next.position.can_move(other) {
            win(WinKind::Normal)
        } else if self.status == Status::Cut {
            Some(Outcome::Annulled)
        } else {
            None
        };
        let start = self.mv.start;
        let mv = std::mem::replace(&mut self.mv, Move { start, split: false, choices: Choices::new() });
        Successor { mv, state: next, outcome, captured_seeds: self.captured_seeds }
    }

    /// If a clockwise lap of the seeds in hand from the current origin would capture, stop
    /// for the player's decision (RULES.md 3.5); otherwise the next lap is anticlockwise.
    #[inline]
    fn offer_clockwise(&mut self) {
        self.direction = Direction::Anticlockwise;
        self.status = Status::Sow;
        if !self.captures_allowed || !is_leftmost_track(self.origin as usize) {
            return;
        }
        if let Some(dp) = self.clockwise_capture() {
            self.status = Status::Decision(dp);
        }
    }

    /// The decision point of a clockwise lap of the seeds in hand from the origin, if that
    /// lap is allowed (it would capture).
    #[inline]
    fn clockwise_capture(&self) -> Option<DecisionPoint> {
        let n = self.hand;
        if !self.captures_allowed || !is_leftmost_track(self.origin as usize) || n == 0 {
            return None;
        }
        // The cheap tests on raw counts first: most such laps end in the back row or
        // opposite an empty hole.
        let last = (self.origin as usize + 16 - (n % 16) as usize) & 15;
        let (front_track, back_track) = opposite_tracks(last)?;
        let (base, other) = (self.mover().index() * 16, self.mover().opponent().index() * 16);
        let counts = &self.state.position.counts;
        let (fs, bs) = (counts[other + front_track] as u32, counts[other + back_track] as u32);
        // Seeds in the last hole just before the last seed: what it holds now plus the
        // earlier visits of this lap (a lap of 17+ seeds passes it more than once).
        let before_last = counts[base + last] as u32 + (n - 1) / 16;
        if before_last == 0 || fs == 0 || bs == 0 {
            return None;
        }
        if self.state.options.clockwise_seed_limit.is_some_and(|limit| n > limit) {
            return None;
        }
        let origin = Hole::at(self.mover(), self.origin as usize);
        let lands = Hole::at(self.mover(), last);
        let (front, back) = lands.opposite()?;
        Some(DecisionPoint {
            lap: self.lap,
            hole: origin,
            seeds: n,
            source: self.source,
            lands,
            takes_front: front,
            takes_back: back,
            captures: fs + bs,
        })
    }

    /// Sows one lap and settles what follows it (RULES.md 3.2–3.4, 3.8); records it in the
    /// trace when `TRACE`.
    #[inline(always)]
    fn sow_lap<const TRACE: bool>(&mut self) {
        let base = self.mover().index() * 16;
        let other = self.mover().opponent().index() * 16;
        let o = self.origin as usize;
        let n = self.hand;
        let (number, source, direction) = (self.lap, self.source, self.direction);
        let counts = &mut self.state.position.counts;
        let last = match (source, direction) {
            (LapSource::Split, _) => {
                counts[base + ((o + 1) & 15)] += 2;
                counts[base + ((o + 2) & 15)] += 1;
                (o + 2) & 15
            }
            (_, direction) => {
                // One vector add per lap: each byte of a side gets the seeds it receives
                // (RULES.md 3.2; a count never exceeds 64, so no byte overflows).
                let rem = (n % 16) as usize;
                let (masks, last) = match direction {
                    Direction::Anticlockwise => (&ANTICLOCKWISE_DROPS, (o + rem) & 15),
                    Direction::Clockwise => (&CLOCKWISE_DROPS, (o + 16 - rem) & 15),
                };
                let side: &mut [u8; 16] = (&mut counts[base..base + 16]).try_into().expect("16 holes a side");
                let mut sown = u128::from_le_bytes(*side) + masks[o][rem];
                if n >= 16 {
                    sown += (n / 16) as u128 * EVERY_HOLE;
                }
                *side = sown.to_le_bytes();
                last
            }
        };
        let before_last = counts[base + last] - 1;
        let end = if before_last == 0 {
            self.status = Status::Ended;
            LapEnd::Empty
        } else if self.lap >= self.state.options.lap_limit {
            self.status = Status::Cut;
            LapEnd::Cut
        } else if let Some((front, back)) = opposite_tracks(last)
            && self.captures_allowed
            && counts[other + front] > 0
            && counts[other + back] > 0
        {
            let (front_seeds, back_seeds) = (counts[other + front] as u32, counts[other + back] as u32);
            counts[other + front] = 0;
            counts[other + back] = 0;
            self.captured_columns |= 1 << (last - 8);
            self.last_capture_track = last as u8;
            self.captured_seeds += front_seeds + back_seeds;
            self.hand = front_seeds + back_seeds;
            let was_clockwise = self.direction == Direction::Clockwise;
            self.source = LapSource::Capture;
            self.lap += 1;
            // Seeds captured by an anticlockwise lap always go anticlockwise (RULES.md 3.5).
            if was_clockwise {
                self.offer_clockwise();
            } else {
                self.direction = Direction::Anticlockwise;
            }
            let opponent = self.mover().opponent();
            LapEnd::Capture {
                front: Hole::at(opponent, front),
                back: Hole::at(opponent, back),
                front_seeds,
                back_seeds,
            }
        } else {
            let seeds = counts[base + last] as u32;
            counts[base + last] = 0;
            self.hand = seeds;
            self.origin = last as u8;
            self.source = LapSource::Relay;
            self.lap += 1;
            self.offer_clockwise();
            LapEnd::Relay { seeds }
        };
        if TRACE && let Some(trace) = &mut self.trace {
            trace.laps.push(Lap {
                number,
                source,
                origin: Hole::at(trace.mover, o),
                seeds: n,
                direction,
                last: Hole::at(trace.mover, last),
                end,
            });
        }
    }
}
