//! Move generation (RULES.md 3.1, 3.5, 3.7): every complete legal move of a state, sown to
//! its end by the lap engine of [`super::sowing`] without a trace, with the state after it
//! ([`GameState::generate`], the one entry point) or only counted ([`GameState::count_moves`]); and
//! perft on top of it.

use super::hole::{Direction, Hole, TRACK_OF_LETTER};
use super::moves::{Choices, Move};
use super::sowing::Laps;
use super::state::{Child, GameState, Successor};
use std::ops::ControlFlow;

impl GameState {
    /// The one entry point of move generation: calls `f` with every complete legal move,
    /// start holes in alphabetical order (RULES.md 3.1, 3.5, 3.7), as `T` says: a
    /// [`Successor`] (the move and the state after it) or a [`Child`] (the state after it
    /// without the move, 84 bytes to 144: what a search's interior nodes need), in the same
    /// order with the same states, captures and laps; none when the game is over. No trace
    /// is kept: this is the fast path used by search and perft. `f` may stop the generation
    /// by returning [`ControlFlow::Break`], which is then returned (a search out of time
    /// stops between two moves rather than after the whole list; see [`Successor::laps`]).
    ///
    /// ```
    /// use omweso_rules::{Child, GameState, Successor};
    /// use std::ops::ControlFlow;
    ///
    /// let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse()?;
    /// let mut most = (0, String::new());
    /// let _ = state.generate(|s: Successor| -> ControlFlow<()> {
    ///     assert_eq!(s.state.position().total(), 64);
    ///     if s.laps > most.0 {
    ///         most = (s.laps, s.mv.to_string());
    ///     }
    ///     ControlFlow::Continue(())
    /// });
    /// assert!(most.0 >= 1);
    /// let mut children = Vec::new();
    /// let _ = state.generate(|c: Child| -> ControlFlow<()> {
    ///     children.push(c);
    ///     ControlFlow::Continue(())
    /// });
    /// let successors = state.successors();
    /// assert!(children.iter().zip(&successors).all(|(c, s)| c.state == s.state && c.laps == s.laps));
    /// # Ok::<(), omweso_rules::notation::StateTextError>(())
    /// ```
    pub fn generate<T: Generated, B>(&self, mut f: impl FnMut(T) -> ControlFlow<B>) -> ControlFlow<B> {
        T::generate_in(self, &mut f)
    }

    /// The number of complete legal moves (RULES.md 3.1, 3.5, 3.7); 0 when the game is
    /// over. Every move is sown to its end, as [`GameState::generate`] sows it,
    /// but neither the move nor the state after it is built: the count of a perft's last
    /// level, or a mobility for an evaluation.
    ///
    /// ```
    /// use omweso_rules::GameState;
    ///
    /// let state: GameState = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse()?;
    /// assert_eq!(state.count_moves(), state.legal_moves().len() as u64);
    /// # Ok::<(), omweso_rules::notation::StateTextError>(())
    /// ```
    pub fn count_moves(&self) -> u64 {
        let mut n = 0;
        let _ = self.generate_with::<(), ()>(&mut |()| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Every complete legal move, sown to its end and handed to `f` with the move as `R`
    /// records it (a [`Move`], or nothing for a count), start holes in alphabetical order.
    #[inline(always)]
    fn generate_with<R: MoveRecord, B>(&self, f: &mut impl FnMut(R::Out) -> ControlFlow<B>) -> ControlFlow<B> {
        if self.end.is_some() {
            return ControlFlow::Continue(());
        }
        let board = Laps::new(self);
        let mut playable = board.playable();
        while playable != 0 {
            let track = TRACK_OF_LETTER[playable.trailing_zeros() as usize & 15];
            let hole = Hole::at(self.to_move, track as usize);
            playable &= playable - 1;
            if !self.can_split(hole) {
                // A count, and a move with its successor, sow their moves inline: the loop
                // over the holes then keeps the numbers all its moves share (the lap limit,
                // the capture mask) in registers.
                if R::INLINE {
                    sow_from::<R, B>(self, &board, hole, false, f)?;
                } else {
                    play_from::<R, B>(self, &board, hole, false, f)?;
                }
                continue;
            }
            // With its tournament split (RULES.md 3.7), in the order the moves of the
            // hole have always been listed in: the move with every choice anticlockwise,
            // then every move of the split, then the other moves without the split.
            let mut split_pending = true;
            play_from::<R, B>(self, &board, hole, false, &mut |out| {
                f(out)?;
                if std::mem::take(&mut split_pending) {
                    play_from::<R, B>(self, &board, hole, true, f)?;
                }
                ControlFlow::Continue(())
            })?;
        }
        ControlFlow::Continue(())
    }

    /// Every complete legal move with what it leads to; none when the game is over.
    pub fn successors(&self) -> Vec<Successor> {
        let mut out = Vec::with_capacity(16);
        let _ = self.generate(|s: Successor| -> ControlFlow<()> {
            out.push(s);
            ControlFlow::Continue(())
        });
        out
    }

    /// Every complete legal move; none when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        let _ = self.generate(|s: Successor| -> ControlFlow<()> {
            out.push(s.mv);
            ControlFlow::Continue(())
        });
        out
    }

    /// Counts complete move sequences of length `depth` from this state; a sequence whose
    /// game ends before `depth` moves is not counted. Also returns the number of complete
    /// moves generated on the way.
    ///
    /// ```
    /// use omweso_rules::GameState;
    ///
    /// let start: GameState = "4i-p; 4I-P / L both 0,0".parse()?;
    /// assert_eq!(start.perft(1).leaves, 8);
    /// assert_eq!(start.perft(2).leaves, 64);
    /// # Ok::<(), omweso_rules::notation::StateTextError>(())
    /// ```
    pub fn perft(&self, depth: u32) -> Perft {
        let mut p = Perft { leaves: 0, generated: 0 };
        perft_into(self, depth, &mut p);
        p
    }
}

/// The result of [`GameState::perft`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Perft {
    /// Complete move sequences of the requested length.
    pub leaves: u64,
    /// Complete moves generated, at every depth.
    pub generated: u64,
}

/// What [`GameState::generate`] hands on for each move: a [`Successor`] or a [`Child`].
/// Sealed: implemented for those two only.
pub trait Generated: Sized + sealed::Sealed {
    /// Generates every move of `state` as `Self` into `f` (see [`GameState::generate`]).
    #[doc(hidden)]
    fn generate_in<B>(state: &GameState, f: &mut impl FnMut(Self) -> ControlFlow<B>) -> ControlFlow<B>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::Successor {}
    impl Sealed for super::Child {}
}

impl Generated for Successor {
    #[inline(always)]
    fn generate_in<B>(state: &GameState, f: &mut impl FnMut(Successor) -> ControlFlow<B>) -> ControlFlow<B> {
        state.generate_with::<Move, B>(f)
    }
}

impl Generated for Child {
    #[inline(always)]
    fn generate_in<B>(state: &GameState, f: &mut impl FnMut(Child) -> ControlFlow<B>) -> ControlFlow<B> {
        state.generate_with::<NoMove, B>(f)
    }
}

/// What generation keeps of a move as it sows it: the [`Move`] itself, or nothing (`()`)
/// when only the number of moves is wanted; the compiler drops the work of the second.
trait MoveRecord: Sized {
    /// What generation hands on for each move: the [`Successor`], or nothing.
    type Out;
    /// True when a move's laps are best sown inline in the loop over the start holes
    /// rather than in a function of their own: a count, and a [`Move`] with its successor
    /// (measured on the movegen bench: 422 -> 393 instructions a move and about 10% more
    /// moves a second than out of line).
    const INLINE: bool;
    /// What is handed on for the move sown to its end in `laps`, played in `state`.
    fn finish(self, laps: &Laps, state: &GameState) -> Self::Out;
    /// A move from `start` (a tournament split when `split`), no choice made yet.
    fn begin(start: Hole, split: bool) -> Self;
    /// A copy of this record, for the other branch of a decision point.
    fn branch(&self) -> Self;
    /// Adds the choice of `direction` at the decision point `laps` waits at.
    fn choose(&mut self, laps: &Laps, direction: Direction);
}

impl MoveRecord for Move {
    type Out = Successor;
    const INLINE: bool = true;

    #[inline(always)]
    fn finish(self, laps: &Laps, state: &GameState) -> Successor {
        laps.successor(state, self)
    }

    #[inline(always)]
    fn begin(start: Hole, split: bool) -> Move {
        Move { start, split, choices: Choices::new() }
    }

    #[inline(always)]
    fn branch(&self) -> Move {
        // Choices are `Copy`: copied as one block rather than cloned one by one.
        Move { choices: Choices::from_slice(&self.choices), ..*self }
    }

    #[inline(always)]
    fn choose(&mut self, laps: &Laps, direction: Direction) {
        self.choices.push(laps.choice(direction));
    }
}

/// The record of a move for a [`Child`] (a search's interior node, perft before its last
/// level): nothing of the move, only what it leads to.
struct NoMove;

impl MoveRecord for NoMove {
    type Out = Child;
    const INLINE: bool = true;

    #[inline(always)]
    fn finish(self, laps: &Laps, state: &GameState) -> Child {
        laps.child(state)
    }

    #[inline(always)]
    fn begin(_: Hole, _: bool) -> NoMove {
        NoMove
    }

    #[inline(always)]
    fn branch(&self) -> NoMove {
        NoMove
    }

    #[inline(always)]
    fn choose(&mut self, _: &Laps, _: Direction) {}
}

impl MoveRecord for () {
    type Out = ();
    const INLINE: bool = true;

    #[inline(always)]
    fn finish(self, _: &Laps, _: &GameState) {}

    #[inline(always)]
    fn begin(_: Hole, _: bool) {}

    #[inline(always)]
    fn branch(&self) {}

    #[inline(always)]
    fn choose(&mut self, _: &Laps, _: Direction) {}
}

/// Every move from the hole `start` of the board `board` (a tournament split when `split`),
/// handed to `f` in order: a function of its own, whose frame holds the board and the hand
/// of the move while its laps are sown.
#[inline(never)]
fn play_from<R: MoveRecord, B>(
    state: &GameState,
    board: &Laps,
    start: Hole,
    split: bool,
    f: &mut impl FnMut(R::Out) -> ControlFlow<B>,
) -> ControlFlow<B> {
    sow_from::<R, B>(state, board, start, split, f)
}

/// [`play_from`], inline.
#[inline(always)]
fn sow_from<R: MoveRecord, B>(
    state: &GameState,
    board: &Laps,
    start: Hole,
    split: bool,
    f: &mut impl FnMut(R::Out) -> ControlFlow<B>,
) -> ControlFlow<B> {
    let mut laps = *board;
    if split {
        laps.lift(start.track(), split);
        laps.sow();
    } else {
        // The common start: no split, and the first lap anticlockwise unless it is a
        // decision point.
        laps.sow_from_start(start.track());
    }
    play_out(state, &mut laps, R::begin(start, split), f)
}

/// Plays a move to its end from where `laps` stopped (its end or a decision point) and
/// hands the result to `f`; at each decision point, the anticlockwise branch first
/// ([`play_branch`]), then the clockwise one: depth first, as a list of moves is ordered.
#[inline(always)]
fn play_out<R: MoveRecord, B>(
    state: &GameState,
    laps: &mut Laps,
    mut mv: R,
    f: &mut impl FnMut(R::Out) -> ControlFlow<B>,
) -> ControlFlow<B> {
    while laps.at_decision() {
        let mut anticlockwise = (*laps, mv.branch());
        anticlockwise.1.choose(laps, Direction::Anticlockwise);
        anticlockwise.0.choose(Direction::Anticlockwise);
        play_branch(state, anticlockwise.0, anticlockwise.1, f)?;
        mv.choose(laps, Direction::Clockwise);
        laps.choose(Direction::Clockwise);
        laps.sow();
    }
    f(mv.finish(laps, state))
}

/// The anticlockwise branch of a decision point, sown and played out: out of line, the
/// rarer path, which recursion keeps apart from the loop of the common one.
#[inline(never)]
fn play_branch<R: MoveRecord, B>(
    state: &GameState,
    mut laps: Laps,
    mv: R,
    f: &mut impl FnMut(R::Out) -> ControlFlow<B>,
) -> ControlFlow<B> {
    laps.sow();
    play_out(state, &mut laps, mv, f)
}

fn perft_into(state: &GameState, depth: u32, p: &mut Perft) {
    if depth == 0 {
        p.leaves += 1;
        return;
    }
    if depth == 1 {
        // The last level is counted: every move sown to its end, no state built after it.
        let n = state.count_moves();
        p.generated += n;
        p.leaves += n;
        return;
    }
    let _ = state.generate_with::<NoMove, ()>(&mut |next| {
        p.generated += 1;
        // A finished state has no successors: its sequences stop there.
        perft_into(&next.state, depth - 1, p);
        ControlFlow::Continue(())
    });
}
