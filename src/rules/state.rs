//! A game state (board, side to move, first-move and capture bookkeeping, rule options)
//! and the questions a caller asks of it: legal moves, playing a move, the outcome
//! (RULES.md §2–§4).

use super::hole::{Direction, Hole, Side};
use super::moves::Move;
use super::options::RuleOptions;
use super::outcome::{Outcome, WinKind};
use super::position::{Layout, Position, TOTAL_SEEDS};
use super::sowing::{Progress, Sowing};
use super::trace::Trace;
use smallvec::SmallVec;

/// Which players have still to make their first move (RULES.md 3.6, §5: `both`, `lower`,
/// `upper`, `none`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstMoves {
    /// Neither player has moved yet.
    Both,
    /// Only Lower has still to make a first move.
    Lower,
    /// Only Upper has still to make a first move.
    Upper,
    /// Both players have moved.
    None,
}

impl FirstMoves {
    /// As flags indexed by [`Side::index`]: `true` = still to make a first move.
    pub const fn pending(self) -> [bool; 2] {
        match self {
            FirstMoves::Both => [true, true],
            FirstMoves::Lower => [true, false],
            FirstMoves::Upper => [false, true],
            FirstMoves::None => [false, false],
        }
    }

    /// From flags indexed by [`Side::index`].
    pub const fn from_pending(pending: [bool; 2]) -> FirstMoves {
        match pending {
            [true, true] => FirstMoves::Both,
            [true, false] => FirstMoves::Lower,
            [false, true] => FirstMoves::Upper,
            [false, false] => FirstMoves::None,
        }
    }

    /// `both`, `lower`, `upper` or `none`.
    pub const fn name(self) -> &'static str {
        match self {
            FirstMoves::Both => "both",
            FirstMoves::Lower => "lower",
            FirstMoves::Upper => "upper",
            FirstMoves::None => "none",
        }
    }
}

/// Why a game state cannot exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StateError {
    /// A game in progress holds exactly 64 seeds (RULES.md §1).
    #[error("the position holds {found} seeds; a game in progress holds exactly {TOTAL_SEEDS}")]
    WrongTotal {
        /// Seeds found.
        found: u32,
    },
    /// Captures are impossible on a first move (RULES.md 3.6).
    #[error("{side} is said to have captured but has still to make a first move")]
    CaptureBeforeFirstMove {
        /// The side concerned.
        side: Side,
    },
    /// The side to move has made a first move but the opponent, who moved before, has not.
    #[error("{other} cannot be to move again while {side} has still to make a first move")]
    FirstMoveOrder {
        /// The side that should have moved.
        side: Side,
        /// The side to move.
        other: Side,
    },
    /// The lap limit must be at least 1 (RULES.md 3.8).
    #[error("the lap limit must be at least 1")]
    ZeroLapLimit,
}

/// Why a move cannot be played in a state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The start hole belongs to the opponent.
    #[error("hole {hole} is not {mover}'s: {mover} plays from {} holes", if *mover == Side::Lower { "lowercase" } else { "uppercase" })]
    NotOwnHole {
        /// The hole named.
        hole: Hole,
        /// The side to move.
        mover: Side,
    },
    /// A hole with fewer than 2 seeds cannot be played (RULES.md 3.1).
    #[error("hole {hole} holds {seeds} seed{}; a move starts from a hole of 2 or more", if *seeds == 1 { "" } else { "s" })]
    TooFewSeeds {
        /// The hole named.
        hole: Hole,
        /// Seeds in it.
        seeds: u32,
    },
    /// The tournament split is not available (RULES.md 3.7).
    #[error("hole {hole} cannot be split: {why}")]
    SplitNotAllowed {
        /// The hole named.
        hole: Hole,
        /// Why not.
        why: &'static str,
    },
    /// A direction was given where the move has no decision point.
    #[error("lap {lap} is not a decision point: no clockwise lap is allowed there")]
    NoDecision {
        /// The lap concerned.
        lap: u32,
    },
    /// The move ended, or waits for a choice, before its recorded choices say it should.
    #[error("the move's choices do not fit this position: at lap {lap} the move {found}")]
    ChoicesDoNotFit {
        /// The lap where the mismatch shows.
        lap: u32,
        /// What happened there.
        found: String,
    },
    /// The move still waits for a choice at lap `lap`.
    #[error("the move is not finished: it waits for a direction at lap {lap}")]
    Unfinished {
        /// The lap waiting.
        lap: u32,
    },
    /// The game is over: the player to move has no hole with 2 or more seeds.
    #[error("the game is over: {0} has no hole with 2 or more seeds")]
    NoMoves(Side),
}

/// A move together with what it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Successor {
    /// The complete move.
    pub mv: Move,
    /// The state after it: the opponent to move.
    pub state: GameState,
    /// The end of the game, if the move ends it (RULES.md §4, 3.8).
    pub outcome: Option<Outcome>,
    /// Seeds captured in the move.
    pub captured_seeds: u32,
}

/// Everything that decides the legal moves and the outcome: the board, the side to move,
/// which players have still to make their first move, the number of moves in which each
/// player has captured, and the rule options (RULES.md §5 "Game state").
///
/// Always valid: 64 seeds on the board, built by [`GameState::new`] or
/// [`GameState::from_layouts`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    pub(crate) position: Position,
    pub(crate) to_move: Side,
    pub(crate) first_move_pending: [bool; 2],
    pub(crate) captures: [u16; 2],
    pub(crate) options: RuleOptions,
}

impl GameState {
    /// A checked game state.
    ///
    /// # Errors
    /// [`StateError`] when the board does not hold exactly 64 seeds, a player is said to
    /// have captured before making a first move, or the lap limit is 0.
    pub fn new(
        position: Position,
        to_move: Side,
        first_moves: FirstMoves,
        captures: [u16; 2],
        options: RuleOptions,
    ) -> Result<GameState, StateError> {
        let found = position.total();
        if found != TOTAL_SEEDS {
            return Err(StateError::WrongTotal { found });
        }
        let pending = first_moves.pending();
        for side in Side::BOTH {
            if pending[side.index()] && captures[side.index()] > 0 {
                return Err(StateError::CaptureBeforeFirstMove { side });
            }
        }
        // The player to move never has moved more often than the opponent: if the
        // opponent is still to make a first move, so is the player to move.
        if pending[to_move.opponent().index()] && !pending[to_move.index()] {
            return Err(StateError::FirstMoveOrder { side: to_move.opponent(), other: to_move });
        }
        if options.lap_limit == 0 {
            return Err(StateError::ZeroLapLimit);
        }
        Ok(GameState { position, to_move, first_move_pending: pending, captures, options })
    }

    /// The start of a game: both layouts of 32 seeds, `first` to move, no move made yet.
    pub fn from_layouts(lower: &Layout, upper: &Layout, first: Side, options: RuleOptions) -> GameState {
        let mut options = options;
        options.lap_limit = options.lap_limit.max(1);
        GameState {
            position: Position::from_layouts(lower, upper),
            to_move: first,
            first_move_pending: [true, true],
            captures: [0, 0],
            options,
        }
    }

    /// The board.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The player to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Which players have still to make their first move.
    pub fn first_moves(&self) -> FirstMoves {
        FirstMoves::from_pending(self.first_move_pending)
    }

    /// Number of moves in which Lower and Upper have captured, indexed by [`Side::index`].
    pub fn captures(&self) -> [u16; 2] {
        self.captures
    }

    /// The rule options.
    pub fn options(&self) -> &RuleOptions {
        &self.options
    }

    /// The same state under other rule options.
    ///
    /// # Errors
    /// [`StateError::ZeroLapLimit`] for a lap limit of 0.
    pub fn with_options(&self, options: RuleOptions) -> Result<GameState, StateError> {
        if options.lap_limit == 0 {
            return Err(StateError::ZeroLapLimit);
        }
        Ok(GameState { options, ..self.clone() })
    }

    /// True unless this is the mover's first move (RULES.md 3.6).
    pub fn captures_allowed(&self) -> bool {
        !self.first_move_pending[self.to_move.index()]
    }

    /// The normal win (RULES.md §4.4) when the player to move has no hole with 2 or more
    /// seeds; otherwise `None`. Wins that depend on the last move (akawumbi, emitwe-ebiri,
    /// akakyala) and annulment are in [`Successor::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        (!self.position.can_move(self.to_move))
            .then_some(Outcome::Win { winner: self.to_move.opponent(), kind: WinKind::Normal })
    }

    /// Starts a move from `start` (split as in RULES.md 3.7 when `split`), keeping a trace;
    /// the caller advances it and answers its decision points.
    ///
    /// # Errors
    /// [`IllegalMove`] when the hole is not the mover's, holds fewer than 2 seeds, or cannot
    /// be split.
    pub fn start_move(&self, start: Hole, split: bool) -> Result<Sowing, IllegalMove> {
        Sowing::begin(self, start, split, true)
    }

    /// The holes the player to move can start from, in alphabetical order.
    pub fn playable_holes(&self) -> impl Iterator<Item = Hole> + '_ {
        Hole::all(self.to_move).filter(|&h| self.position.get(h) >= 2)
    }

    /// True when a move from `hole` may be a tournament split (RULES.md 3.7).
    pub fn can_split(&self, hole: Hole) -> bool {
        self.options.tournament_split
            && hole.side() == self.to_move
            && self.position.get(hole) == 3
            && self.captures == [0, 0]
    }

    /// Plays a complete move.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move does not fit this state: wrong start, or choices that
    /// are not this position's decision points.
    pub fn play(&self, mv: &Move) -> Result<(Successor, Trace), IllegalMove> {
        if self.outcome().is_some() {
            return Err(IllegalMove::NoMoves(self.to_move));
        }
        let mut sowing = Sowing::begin(self, mv.start, mv.split, true)?;
        let mut choices = mv.choices.iter();
        while let Progress::Decision(dp) = sowing.advance() {
            match choices.next() {
                Some(c) if c.lap == dp.lap && c.hole == dp.hole && c.seeds == dp.seeds && c.takes == dp.takes_front => {
                    sowing.apply_choice(dp, c.direction)
                }
                Some(c) => {
                    return Err(IllegalMove::ChoicesDoNotFit {
                        lap: dp.lap,
                        found: format!(
                            "offers a choice from {} with {} seeds, not from {} with {} at lap {}",
                            dp.hole, dp.seeds, c.hole, c.seeds, c.lap
                        ),
                    });
                }
                None => return Err(IllegalMove::Unfinished { lap: dp.lap }),
            }
        }
        if let Some(c) = choices.next() {
            return Err(IllegalMove::ChoicesDoNotFit {
                lap: c.lap,
                found: format!("has ended, but a choice from {} was recorded", c.hole),
            });
        }
        sowing.finish()
    }

    /// Calls `f` with every complete legal move and what it leads to, start holes in
    /// alphabetical order (RULES.md 3.1, 3.5, 3.7). No trace is kept: this is the fast path
    /// used by search and perft.
    pub fn for_each_successor(&self, mut f: impl FnMut(Successor)) {
        // Clockwise branches wait here while the anticlockwise one is played out (inline:
        // generation allocates nothing for the usual one or two).
        let mut branches: SmallVec<[Sowing; 2]> = SmallVec::new();
        for hole in self.playable_holes() {
            play_out(&mut Sowing::lift(self, hole, false, false), &mut branches, &mut f);
            if self.can_split(hole) {
                play_out(&mut Sowing::lift(self, hole, true, false), &mut branches, &mut f);
            }
            while let Some(mut s) = branches.pop() {
                play_out(&mut s, &mut branches, &mut f);
            }
        }
    }

    /// Every complete legal move with what it leads to.
    pub fn successors(&self) -> Vec<Successor> {
        let mut out = Vec::with_capacity(16);
        self.for_each_successor(|s| out.push(s));
        out
    }

    /// Every complete legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(16);
        self.for_each_successor(|s| out.push(s.mv));
        out
    }

    /// Counts complete move sequences of length `depth` from this state; a sequence whose
    /// game ends before `depth` moves is not counted. Also returns the number of complete
    /// moves generated on the way.
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

/// Sows `s` to its end, taking the anticlockwise branch at each decision point and leaving
/// the clockwise one in `branches`.
#[inline]
fn play_out(s: &mut Sowing, branches: &mut SmallVec<[Sowing; 2]>, f: &mut impl FnMut(Successor)) {
    while let Progress::Decision(dp) = s.advance() {
        let mut clockwise = s.clone();
        clockwise.apply_choice(dp, Direction::Clockwise);
        branches.push(clockwise);
        s.apply_choice(dp, Direction::Anticlockwise);
    }
    f(s.take_successor());
}

fn perft_into(state: &GameState, depth: u32, p: &mut Perft) {
    if depth == 0 {
        p.leaves += 1;
        return;
    }
    state.for_each_successor(|s| {
        p.generated += 1;
        if depth == 1 {
            p.leaves += 1;
        } else if s.outcome.is_none() {
            perft_into(&s.state, depth - 1, p);
        }
    });
}
