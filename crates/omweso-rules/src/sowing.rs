//! The engine of a move: sowing laps, relays, captures, reverse captures and the lap limit
//! (RULES.md §3), stopping at each decision point for the player's choice.

use super::hole::{Direction, Hole, Side, is_leftmost_track};
use super::moves::{Choice, Move};
use super::outcome::{EndFacts, end_of_game};
use super::position::Position;
use super::state::{Child, GameState, Successor};
use super::trace::{LapEnd, LapSource};

mod stepping;
mod tables;

pub use stepping::Sowing;

use tables::{DROPS, LEFTMOST_TRACKS, capturable, every_byte, lap_index, last_hole, lifted_lap_index, sow_bytes};

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
    /// The next lap is ready to sow in `Hand::direction`.
    Sow,
    /// The next lap may be sown clockwise: the player chooses (`Laps::decision_point`).
    Decision,
    /// The last lap ended in an empty hole.
    Ended,
    /// The lap limit was reached (RULES.md 3.8).
    Cut,
}

/// The two sides of the board during a move, each as 16 counts by track index.
#[derive(Clone, Copy, Debug)]
struct Board {
    /// The mover's holes.
    mine: [u8; 16],
    /// The opponent's holes.
    theirs: [u8; 16],
}

/// The seeds in hand and the bookkeeping of a move's laps and captures (RULES.md 3.2–3.8):
/// plain numbers, kept apart from the [`Board`] so that the compiler holds them in
/// registers while the lap loop runs.
#[derive(Clone, Copy, Debug)]
struct Hand {
    /// Seeds in hand for the next (or current) lap.
    seeds: u32,
    /// Number of the next (or current) lap.
    lap: u32,
    lap_limit: u32,
    /// The most seeds a clockwise lap may carry (`u32::MAX` when there is no limit).
    clockwise_limit: u32,
    captured_seeds: u32,
    /// Track of the hole the next lap starts from (its first seed goes into the next hole).
    origin: u8,
    /// Bit `c` set when a capture was made from the mover's front hole of track `8 + c`.
    captured_columns: u8,
    last_capture_track: u8,
    /// Bit `t` set when a lap whose last seed lands in the mover's occupied front hole of
    /// track `t` captures: captures are allowed in this move (RULES.md 3.6) and both
    /// opposite holes hold seeds (3.3). Only a capture empties an opponent's hole during a
    /// move, so a capture clears its bit and nothing else changes it.
    capturable: u16,
    mover: Side,
    direction: Direction,
    source: LapSource,
    status: Status,
}

/// The engine of one move, with nothing else in it: the [`Board`] and the [`Hand`]. Small
/// and `Copy`, so that move generation copies it cheaply at a decision point. Every player
/// of moves goes through it: [`Sowing`] wraps it with the move made so far and an optional
/// trace, and [`GameState::generate`] drives it directly.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Laps {
    board: Board,
    hand: Hand,
}

impl Laps {
    /// The board of `state` with nothing lifted yet; [`Laps::lift`] starts a move.
    #[inline(always)]
    pub(crate) fn new(state: &GameState) -> Laps {
        let mover = state.to_move();
        let theirs = state.position.side_counts(mover.opponent());
        Laps {
            board: Board { mine: state.position.side_counts(mover), theirs },
            hand: Hand {
                seeds: 0,
                lap: 1,
                lap_limit: state.options.lap_limit,
                clockwise_limit: state.options.clockwise_seed_limit.unwrap_or(u32::MAX),
                captured_seeds: 0,
                origin: 0,
                captured_columns: 0,
                last_capture_track: 0,
                capturable: if state.captures_allowed() { capturable(&theirs) } else { 0 },
                mover,
                direction: Direction::Anticlockwise,
                source: LapSource::Start,
                status: Status::Ended,
            },
        }
    }

    /// Lifts the mover's hole of track `start` (a tournament split when `split`, RULES.md
    /// 3.7) and offers a clockwise first lap where it would capture (RULES.md 3.5).
    #[inline(always)]
    pub(crate) fn lift(&mut self, start: usize, split: bool) {
        self.hand.lift(&mut self.board, start, split);
    }

    /// Sows laps, without a trace, until the move ends or waits for a decision: inline, for
    /// move generation, which keeps the board and the hand in its own frame.
    #[inline(always)]
    pub(crate) fn sow(&mut self) {
        self.hand.sow_until_stop(&mut self.board);
    }

    /// [`Laps::lift`] without a split, then [`Laps::sow`]: the first lap is anticlockwise
    /// unless the move waits for a decision. Unless a clockwise first lap might capture, the
    /// start hole is emptied by the first lap's vector add ([`tables::DROPS`]).
    #[inline(always)]
    pub(crate) fn sow_from_start(&mut self, start: usize) {
        let (hand, board) = (&mut self.hand, &mut self.board);
        hand.seeds = board.mine[start] as u32;
        hand.origin = start as u8;
        (hand.source, hand.direction, hand.status) = (LapSource::Start, Direction::Anticlockwise, Status::Sow);
        // A decision point only from a, b, i or j, and only if the clockwise lap's last hole
        // is one a capture could be made from: one test of bits, rarely true, rather than a
        // branch on the start hole that the processor cannot foresee.
        let clockwise_last = last_hole(true, start, hand.seeds);
        let mut lifted = true;
        if (LEFTMOST_TRACKS >> start) & (hand.capturable >> clockwise_last) & 1 != 0 {
            board.mine[start] = 0;
            lifted = false;
            hand.offer_clockwise(board);
            if hand.status == Status::Decision {
                return;
            }
        }
        hand.sow_anticlockwise(board, lifted);
    }

    /// The board as it stands.
    #[inline(always)]
    fn position(&self) -> Position {
        let Board { mine, theirs } = &self.board;
        let (lower, upper) = match self.hand.mover {
            Side::Lower => (mine, theirs),
            Side::Upper => (theirs, mine),
        };
        let mut counts = [0; 32];
        counts[..16].copy_from_slice(lower);
        counts[16..].copy_from_slice(upper);
        Position { counts }
    }

    /// The mover's holes that a move can start from (2 or more seeds, RULES.md 3.1) before
    /// anything is lifted: bit `i` for the hole of letter index `i` (`a` = 0 … `p` = 15), so
    /// that the lowest bit first is alphabetical order.
    #[inline(always)]
    pub(crate) fn playable(&self) -> u16 {
        let side = u128::from_le_bytes(self.board.mine);
        // Per byte: the high bit set when the count is 2 or more (the count without its
        // lowest bit, halved, is nonzero: adding 0x7F carries into the high bit), then the
        // eight high bits gathered into one byte by a multiply.
        let gather = |holes: u64| {
            let halved = (holes & 0xFEFE_FEFE_FEFE_FEFE) >> 1;
            let high = (halved + 0x7F7F_7F7F_7F7F_7F7F) & 0x8080_8080_8080_8080;
            ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u16
        };
        // Letters a..h are the front row, tracks 15 down to 8; i..p are tracks 0 to 7.
        let (back, front) = (side as u64, (side >> 64) as u64);
        gather(front.swap_bytes()) | gather(back) << 8
    }

    /// True when the move waits for the player's choice of direction.
    #[inline(always)]
    pub(crate) fn at_decision(&self) -> bool {
        self.hand.status == Status::Decision
    }

    /// Sows laps, without a trace, until the move ends or waits for a decision. A function
    /// of its own, on copies of the board and the hand that the compiler keeps in
    /// registers and on the stack (inlined into the generator's loop, they were spilled).
    #[inline(never)]
    pub(crate) fn run(&mut self) {
        let (mut board, mut hand) = (self.board, self.hand);
        hand.sow_until_stop(&mut board);
        (self.board, self.hand) = (board, hand);
    }

    /// Sows one lap and settles what follows it: the hole that received the last seed and
    /// how the lap ended, for a trace.
    #[inline(always)]
    fn sow_lap(&mut self) -> (usize, LapEnd) {
        self.hand.sow_lap(&mut self.board)
    }

    /// The next lap goes `direction` (at a decision point, the player's choice).
    #[inline(always)]
    pub(crate) fn choose(&mut self, direction: Direction) {
        self.hand.direction = direction;
        self.hand.status = Status::Sow;
    }

    /// The choice of `direction` at the decision point the move waits at, as a move records
    /// it.
    #[inline(always)]
    pub(crate) fn choice(&self, direction: Direction) -> Choice {
        let hand = &self.hand;
        let (_, front, _) = hand.clockwise_target();
        Choice {
            lap: hand.lap,
            hole: Hole::at(hand.mover, hand.origin as usize),
            seeds: hand.seeds,
            direction,
            takes: Hole::at(hand.mover.opponent(), front),
        }
    }

    /// The decision point the move waits at; call only when [`Laps::at_decision`].
    fn decision_point(&self) -> DecisionPoint {
        let hand = &self.hand;
        let (last, front, back) = hand.clockwise_target();
        let opponent = hand.mover.opponent();
        let theirs = &self.board.theirs;
        DecisionPoint {
            lap: hand.lap,
            hole: Hole::at(hand.mover, hand.origin as usize),
            seeds: hand.seeds,
            source: hand.source,
            lands: Hole::at(hand.mover, last),
            takes_front: Hole::at(opponent, front),
            takes_back: Hole::at(opponent, back),
            captures: theirs[front] as u32 + theirs[back] as u32,
        }
    }

    /// The move made, the state after it and its outcome (RULES.md §4 and 3.8); call only
    /// when the move has ended. `before` is the state the move was played in.
    #[inline(always)]
    pub(crate) fn successor(&self, before: &GameState, mv: Move) -> Successor {
        let hand = &self.hand;
        Successor { mv, state: self.state_after(before), captured_seeds: hand.captured_seeds, laps: hand.lap }
    }

    /// What the move leads to, without the move ([`Child`]); call only when the move has
    /// ended. `before` is the state the move was played in.
    #[inline(always)]
    pub(crate) fn child(&self, before: &GameState) -> Child {
        let hand = &self.hand;
        Child { state: self.state_after(before), captured_seeds: hand.captured_seeds, laps: hand.lap }
    }

    /// The state after the move, with its outcome (RULES.md §4 and 3.8); call only when the
    /// move has ended. `before` is the state the move was played in.
    #[inline(always)]
    fn state_after(&self, before: &GameState) -> GameState {
        let hand = &self.hand;
        let mover = hand.mover;
        let other = mover.opponent();
        let captured = hand.captured_columns != 0;
        let mut captures = before.captures;
        if captured {
            captures[mover.index()] = captures[mover.index()].saturating_add(1);
        }
        let mut first_move_pending = before.first_move_pending;
        first_move_pending[mover.index()] = false;
        let options = &before.options;
        let akakyala = captured && options.akakyala && captures[mover.index()] >= 2 && captures[other.index()] == 0;
        let end = end_of_game(EndFacts {
            mover,
            captured_columns: hand.captured_columns,
            last_capture_track: hand.last_capture_track,
            akakyala: akakyala.then_some(mover),
            // The opponent can move when one of its holes holds 2 or more seeds (RULES.md §4).
            opponent_can_move: u128::from_le_bytes(self.board.theirs) & every_byte(0xFE) != 0,
            cut: hand.status == Status::Cut,
            akawumbi_needs_end_column: options.akawumbi_needs_end_column,
        });
        GameState { position: self.position(), to_move: other, first_move_pending, captures, end, ..*before }
    }
}

impl Hand {
    /// Lifts the mover's hole of track `start` (a tournament split when `split`, RULES.md
    /// 3.7) and offers a clockwise first lap where it would capture (RULES.md 3.5).
    #[inline(always)]
    fn lift(&mut self, board: &mut Board, start: usize, split: bool) {
        self.seeds = board.mine[start] as u32;
        board.mine[start] = 0;
        self.origin = start as u8;
        self.source = if split { LapSource::Split } else { LapSource::Start };
        self.direction = Direction::Anticlockwise;
        self.status = Status::Sow;
        if !split {
            self.offer_clockwise(board);
        }
    }

    /// Sows laps without a trace until the move ends or waits for a decision.
    #[inline(always)]
    fn sow_until_stop(&mut self, board: &mut Board) {
        if self.status != Status::Sow {
            return;
        }
        // The tournament split is only ever a move's first lap (RULES.md 3.7), and a
        // clockwise lap only the one chosen at a decision point (3.5): after it, the laps
        // are anticlockwise until the next decision point.
        if self.source == LapSource::Split || self.direction == Direction::Clockwise {
            self.sow_lap(board);
            if self.status != Status::Sow {
                return;
            }
        }
        self.sow_anticlockwise(board, false);
    }

    /// Sows anticlockwise laps, none a split, until the move ends or waits for a decision:
    /// [`Hand::sow_lap`]'s laps and ends (RULES.md 3.2–3.4, 3.8) on local numbers that the
    /// compiler keeps in registers, without the trace's details. `lifted` is true when the
    /// seeds in hand are still counted on the board, in the origin.
    #[inline(always)]
    fn sow_anticlockwise(&mut self, board: &mut Board, lifted: bool) {
        debug_assert_eq!((self.status, self.direction), (Status::Sow, Direction::Anticlockwise));
        let (mut seeds, mut origin, mut lap) = (self.seeds, self.origin as usize, self.lap);
        // The hole a relay lifted its seeds from, emptied by the next lap's vector add
        // rather than by a store of its own ([`tables::DROPS`]): a processor cannot forward
        // one byte stored just before to the 16 bytes that lap reads.
        let mut lifted = lifted;
        loop {
            let drops = &DROPS[lifted_lap_index(lifted, origin, seeds)];
            lifted = false;
            let last = last_hole(false, origin, seeds);
            // The last hole's count after the lap, from its count before and the lap's
            // drops: read before the lap's add, so that the next lap need not wait for the
            // add and its store (the chain from one lap to the next is the time of a move).
            let count = board.mine[last].wrapping_add(drops[last]) as u32;
            sow_bytes(&mut board.mine, drops);
            if count == 1 {
                self.status = Status::Ended;
                break;
            }
            if lap >= self.lap_limit {
                self.status = Status::Cut;
                break;
            }
            lap += 1;
            if self.capturable & (1 << last) != 0 {
                // The captured seeds are sown from the same origin, anticlockwise (3.4, 3.5).
                let (front_seeds, back_seeds) = self.capture(board, last);
                seeds = front_seeds + back_seeds;
            } else {
                // A relay: every seed of the last hole, sown from it (3.3); from a, b, i or
                // j, perhaps clockwise (3.5). Its `LapSource::Relay` is written only where
                // the loop stops at a decision point: once the move ends nothing reads it.
                (seeds, origin) = (count, last);
                // A decision point only from a, b, i or j, and only if the clockwise lap's
                // last hole is one a capture could be made from: one test of bits, rarely
                // true, rather than a branch on the hole that the processor cannot foresee.
                let clockwise_last = last_hole(true, last, seeds);
                if (LEFTMOST_TRACKS >> last) & (self.capturable >> clockwise_last) & 1 != 0 {
                    board.mine[last] = 0;
                    (self.seeds, self.origin, self.lap) = (seeds, origin as u8, lap);
                    self.source = LapSource::Relay;
                    self.offer_clockwise(board);
                    if self.status == Status::Decision {
                        return;
                    }
                } else {
                    lifted = true;
                }
            }
        }
        (self.seeds, self.origin, self.lap) = (seeds, origin as u8, lap);
    }

    /// Takes the seeds of the two opponent's holes opposite the mover's front track `last`
    /// into the hand, as the capture of a lap ending there (RULES.md 3.4): their seeds, front
    /// and back. The seeds in hand and the lap number are the caller's.
    #[inline(always)]
    fn capture(&mut self, board: &mut Board, last: usize) -> (u32, u32) {
        // The opposite tracks of `opposite_tracks`, for a front track.
        let (front, back) = ((23 - last) & 15, last & 7);
        let (front_seeds, back_seeds) = (board.theirs[front] as u32, board.theirs[back] as u32);
        board.theirs[front] = 0;
        board.theirs[back] = 0;
        // Its bit, as the front column's (`last & 7`) above the back row's eight bits.
        self.capturable &= !(0x100 << (last & 7));
        self.captured_columns |= 1 << (last & 7);
        self.last_capture_track = last as u8;
        self.captured_seeds += front_seeds + back_seeds;
        self.source = LapSource::Capture;
        (front_seeds, back_seeds)
    }

    /// The mover's front-row track where a clockwise lap of the seeds in hand would end, and
    /// the opponent's front and back tracks opposite it; call only at a decision point.
    #[inline(always)]
    fn clockwise_target(&self) -> (usize, usize, usize) {
        let last = last_hole(true, self.origin as usize, self.seeds);
        // A decision point's lap ends in the front row (tracks 8..16).
        (last, (23 - last) & 15, last & 7)
    }

    /// If a clockwise lap of the seeds in hand from the current origin would capture, stop
    /// for the player's decision (RULES.md 3.5); otherwise the next lap is anticlockwise.
    #[inline(always)]
    fn offer_clockwise(&mut self, board: &Board) {
        self.direction = Direction::Anticlockwise;
        self.status = Status::Sow;
        if is_leftmost_track(self.origin as usize) && self.clockwise_would_capture(board) {
            self.status = Status::Decision;
        }
    }

    /// True when a clockwise lap of the seeds in hand from the origin is allowed: it would
    /// end in an occupied front-row hole opposite two occupied holes (RULES.md 3.5), and it
    /// carries no more seeds than the clockwise limit.
    #[inline(always)]
    fn clockwise_would_capture(&self, board: &Board) -> bool {
        let n = self.seeds;
        if n == 0 {
            return false;
        }
        // The cheap tests on raw counts first: most such laps end in the back row or
        // opposite an empty hole.
        let last = last_hole(true, self.origin as usize, n);
        if self.capturable & (1 << last) == 0 {
            return false;
        }
        // Seeds in the last hole just before the last seed: what it holds now plus the
        // earlier visits of this lap (a lap of 17+ seeds passes it more than once).
        let before_last = board.mine[last] as u32 + (n - 1) / 16;
        before_last != 0 && n <= self.clockwise_limit
    }

    /// Sows one lap and settles what follows it (RULES.md 3.2–3.4, 3.8): the hole that
    /// received the last seed and how the lap ended, for a trace. Any lap: a split, a
    /// clockwise lap; [`Hand::sow_anticlockwise`] sows the common ones the same way, faster.
    #[inline(always)]
    fn sow_lap(&mut self, board: &mut Board) -> (usize, LapEnd) {
        let (o, n, direction) = (self.origin as usize & 15, self.seeds, self.direction);
        let last = if self.source == LapSource::Split {
            // RULES.md 3.7: one seed into the next hole, then the two others from the origin.
            let (next, after) = ((o + 1) & 15, (o + 2) & 15);
            board.mine[next] += 2;
            board.mine[after] += 1;
            after
        } else {
            // RULES.md 3.2: each hole gets the seeds the lap drops into it, in one add.
            sow_bytes(&mut board.mine, &DROPS[lap_index(direction, o, n)]);
            last_hole(direction == Direction::Clockwise, o, n)
        };
        let seeds = board.mine[last] as u32;
        let end = if seeds == 1 {
            self.status = Status::Ended;
            LapEnd::Empty
        } else if self.lap >= self.lap_limit {
            self.status = Status::Cut;
            LapEnd::Cut
        } else if self.capturable & (1 << last) != 0 {
            let (front, back) = ((23 - last) & 15, last & 7);
            let (front_seeds, back_seeds) = self.capture(board, last);
            self.seeds = front_seeds + back_seeds;
            self.lap += 1;
            // Seeds captured by an anticlockwise lap always go anticlockwise (RULES.md 3.5);
            // those of a clockwise lap may go either way again.
            if direction == Direction::Clockwise {
                self.offer_clockwise(board);
            }
            let opponent = self.mover.opponent();
            LapEnd::Capture {
                front: Hole::at(opponent, front),
                back: Hole::at(opponent, back),
                front_seeds,
                back_seeds,
            }
        } else {
            board.mine[last] = 0;
            self.seeds = seeds;
            self.origin = last as u8;
            self.source = LapSource::Relay;
            self.lap += 1;
            self.offer_clockwise(board);
            LapEnd::Relay { seeds }
        };
        (last, end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{FirstMoves, RuleOptions};

    #[test]
    fn the_playable_mask_is_the_playable_holes_in_alphabetical_order() {
        // Counts 0 to 4 and a large one in every hole of the mover's side, by a simple
        // sequence; the rest of the 64 seeds on the other side.
        for seed in 0..200u32 {
            let mut position = Position::empty();
            let mut total = 0;
            for track in 0..16 {
                let n = match (seed * 7 + track as u32 * 13 + seed / 3) % 7 {
                    5 => 17,
                    k if k < 5 => k as u8,
                    _ => 1,
                };
                let n = n.min((64 - total) as u8);
                position.set(Hole::at(Side::Upper, track), n);
                total += n as u32;
            }
            position.set(Hole::at(Side::Lower, 3), (64 - total) as u8);
            let state = GameState::new(position, Side::Upper, FirstMoves::None, [0, 0], RuleOptions::default())
                .expect("64 seeds");
            let mask = Laps::new(&state).playable();
            let from_mask: Vec<Hole> =
                (0..16u8).filter(|i| mask & (1 << i) != 0).map(|i| Hole::from_letter_index(Side::Upper, i)).collect();
            assert_eq!(from_mask, state.playable_holes().collect::<Vec<_>>(), "{position:?}");
        }
    }
}
