//! Move generation (RULES.md 3.1, 3.5, 3.7): every complete legal move of a state, sown to
//! its end by the lap engine of [`super::sowing`] without a trace, with the state after it
//! ([`GameState::for_each_successor`]) or only counted ([`GameState::count_moves`]); and
//! perft on top of it.

use super::hole::{Direction, Hole};
use super::moves::{Choices, Move};
use super::sowing::Laps;
use super::state::{GameState, Successor};
use smallvec::SmallVec;
use std::ops::ControlFlow;

impl GameState {
    /// Calls `f` with every complete legal move and what it leads to, start holes in
    /// alphabetical order (RULES.md 3.1, 3.5, 3.7); none when the game is over. No trace is
    /// kept: this is the fast path used by search and perft.
    ///
    /// ```
    /// use omweso_rules::GameState;
    ///
    /// let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse()?;
    /// let mut most = (0, String::new());
    /// state.for_each_successor(|s| {
    ///     assert_eq!(s.state.position().total(), 64);
    ///     if s.laps > most.0 {
    ///         most = (s.laps, s.mv.to_string());
    ///     }
    /// });
    /// assert!(most.0 >= 1);
    /// # Ok::<(), omweso_rules::notation::StateTextError>(())
    /// ```
    pub fn for_each_successor(&self, mut f: impl FnMut(Successor)) {
        let _ = self.try_for_each_successor(|s| -> ControlFlow<()> {
            f(s);
            ControlFlow::Continue(())
        });
    }

    /// As [`GameState::for_each_successor`], but `f` may stop the generation by returning
    /// [`ControlFlow::Break`], which is then returned (a search out of time stops between
    /// two moves rather than after the whole list; see [`Successor::laps`]).
    pub fn try_for_each_successor<B>(&self, mut f: impl FnMut(Successor) -> ControlFlow<B>) -> ControlFlow<B> {
        self.generate::<Move, B>(&mut f)
    }

    /// The number of complete legal moves (RULES.md 3.1, 3.5, 3.7); 0 when the game is
    /// over. Every move is sown to its end, as [`GameState::for_each_successor`] sows it,
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
        let _ = self.generate::<(), ()>(&mut |()| {
            n += 1;
            ControlFlow::Continue(())
        });
        n
    }

    /// Every complete legal move, sown to its end and handed to `f` with the move as `R`
    /// records it (a [`Move`], or nothing for a count), start holes in alphabetical order.
    #[inline(always)]
    fn generate<R: MoveRecord, B>(&self, f: &mut impl FnMut(R::Out) -> ControlFlow<B>) -> ControlFlow<B> {
        if self.end.is_some() {
            return ControlFlow::Continue(());
        }
        // Clockwise branches wait here while the anticlockwise one is played out (inline:
        // generation allocates nothing for the usual one or two).
        let mut branches: SmallVec<[(Laps, R); 2]> = SmallVec::new();
        let board = Laps::new(self);
        let mut playable = board.playable();
        while playable != 0 {
            let hole = Hole::from_letter_index(self.to_move, playable.trailing_zeros() as u8);
            playable &= playable - 1;
            // The move from the hole, then its tournament split where allowed (RULES.md 3.7).
            for split in [false, true] {
                if split && !self.can_split(hole) {
                    break;
                }
                let laps = board.played_from(hole.track(), split);
                play_out(self, laps, R::begin(hole, split), &mut branches, f)?;
            }
            while let Some((mut laps, mv)) = branches.pop() {
                laps.run();
                play_out(self, laps, mv, &mut branches, f)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Every complete legal move with what it leads to; none when the game is over.
    pub fn successors(&self) -> Vec<Successor> {
        let mut out = Vec::with_capacity(16);
        self.for_each_successor(|s| out.push(s));
        out
    }

    /// Every complete legal move; none when the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        self.for_each_successor(|s| out.push(s.mv));
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

/// What generation keeps of a move as it sows it: the [`Move`] itself, or nothing (`()`)
/// when only the number of moves is wanted; the compiler drops the work of the second.
trait MoveRecord: Sized {
    /// What generation hands on for each move: the [`Successor`], or nothing.
    type Out;
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

impl MoveRecord for () {
    type Out = ();

    #[inline(always)]
    fn finish(self, _: &Laps, _: &GameState) {}

    #[inline(always)]
    fn begin(_: Hole, _: bool) {}

    #[inline(always)]
    fn branch(&self) {}

    #[inline(always)]
    fn choose(&mut self, _: &Laps, _: Direction) {}
}

/// Sows a move to its end from where `laps` stopped (its end or a decision point), taking
/// the anticlockwise branch at each decision point and leaving the clockwise one in
/// `branches`, and hands the result to `f`.
#[inline(always)]
fn play_out<R: MoveRecord, B>(
    state: &GameState,
    mut laps: Laps,
    mut mv: R,
    branches: &mut SmallVec<[(Laps, R); 2]>,
    f: &mut impl FnMut(R::Out) -> ControlFlow<B>,
) -> ControlFlow<B> {
    while laps.at_decision() {
        let mut clockwise = (laps, mv.branch());
        clockwise.1.choose(&laps, Direction::Clockwise);
        clockwise.0.choose(Direction::Clockwise);
        branches.push(clockwise);
        mv.choose(&laps, Direction::Anticlockwise);
        laps.choose(Direction::Anticlockwise);
        laps.run();
    }
    f(mv.finish(&laps, state))
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
    state.for_each_successor(|s| {
        p.generated += 1;
        // A finished state has no successors: its sequences stop there.
        perft_into(&s.state, depth - 1, p);
    });
}
