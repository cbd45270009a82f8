//! A game state (board, side to move, first-move and capture bookkeeping, rule options)
//! and the questions a caller asks of it: legal moves, playing a move, the outcome
//! (RULES.md §2–§4).

use super::hole::{Hole, Side};
use super::moves::Move;
use super::options::{LapLimitError, MAX_LAP_LIMIT, RuleOptions};
use super::outcome::{EndFacts, Outcome, WinKind, end_of_game};
use super::position::{Layout, Position, TOTAL_SEEDS};

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
    /// The lap limit is 0 or more than [`MAX_LAP_LIMIT`] (RULES.md 3.8).
    #[error(transparent)]
    LapLimit(#[from] LapLimitError),
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
        found: ChoiceMismatch,
    },
    /// The move still waits for a choice at lap `lap`.
    #[error("the move is not finished: it waits for a direction at lap {lap}")]
    Unfinished {
        /// The lap waiting.
        lap: u32,
    },
    /// The game is over (RULES.md §4, 3.8): no move can be played in a finished state.
    #[error("the game is over ({0})")]
    GameOver(Outcome),
}

/// How a move's recorded choices fail to fit the state it is played in (the `found` of
/// [`IllegalMove::ChoicesDoNotFit`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChoiceMismatch {
    /// The sowing reaches a decision point other than the one the next recorded choice is
    /// for: another lap, origin hole, seed count or hole taken.
    OtherDecision {
        /// The decision point's origin hole.
        hole: Hole,
        /// Seeds in hand there.
        seeds: u32,
        /// The front hole a clockwise lap would take there.
        takes: Hole,
        /// The choice recorded next.
        recorded: super::moves::Choice,
    },
    /// The move has ended while recorded choices are left.
    EndedEarly {
        /// The first choice left.
        recorded: super::moves::Choice,
    },
}

impl std::fmt::Display for ChoiceMismatch {
    /// Follows "at lap N the move": `offers a choice from a with 5 seeds, not from b with 3
    /// at lap 2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            ChoiceMismatch::OtherDecision { hole, seeds, takes, recorded: c } => {
                write!(
                    f,
                    "offers a choice from {hole} with {seeds} seeds, not from {} with {} at lap {}",
                    c.hole, c.seeds, c.lap
                )?;
                if (hole, seeds) == (c.hole, c.seeds) && takes != c.takes {
                    write!(f, " (its clockwise lap takes {takes}, not {})", c.takes)?;
                }
                Ok(())
            }
            ChoiceMismatch::EndedEarly { recorded } => {
                write!(f, "has ended, but a choice from {} was recorded", recorded.hole)
            }
        }
    }
}

impl std::error::Error for ChoiceMismatch {}

/// A move together with what it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Successor {
    /// The complete move.
    pub mv: Move,
    /// The state after it: the opponent to move.
    pub state: GameState,
    /// Seeds captured in the move.
    pub captured_seeds: u32,
    /// Laps sown in the move, counted as RULES.md 3.8 counts them (from 1, up to the lap
    /// limit): a measure of the work the move took to play.
    pub laps: u32,
}

impl Successor {
    /// The end of the game, if the move ends it (RULES.md §4, 3.8): the outcome of the
    /// state after it, [`GameState::outcome`].
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
}

/// What a move leads to, without the move: the lean record of a search's interior nodes,
/// which need the state after each move, its captures and its work, never the move itself
/// (the table keeps a move as its index in generation order). Built by
/// [`GameState::generate`] as a `Child` in the order of the `Successor`s, the
/// same states: a [`Successor`] without its [`Move`], 40% smaller and built without one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Child {
    /// The state after the move: the opponent to move.
    pub state: GameState,
    /// Seeds captured in the move.
    pub captured_seeds: u32,
    /// Laps sown in the move, as [`Successor::laps`] counts them.
    pub laps: u32,
}

impl Child {
    /// The end of the game, if the move ends it (RULES.md §4, 3.8): the outcome of the
    /// state after it, [`GameState::outcome`].
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
}

/// Everything that decides the legal moves and the outcome: the board, the side to move,
/// which players have still to make their first move, the number of moves in which each
/// player has captured, and the rule options (RULES.md §5 "Game state").
///
/// Always valid: 64 seeds on the board, built by [`GameState::new`] or
/// [`GameState::from_layouts`], or produced by a move.
///
/// A finished game is a fact of the state: [`GameState::outcome`] answers every end of
/// RULES.md §4 and 3.8, and a finished state has no legal move and refuses to play on.
/// A state produced by a move carries the outcome that move gave, including the ends its
/// text cannot show (emitwe-ebiri, akawumbi, an annulled move); a state built from its
/// parts (or read from RULES.md §5 notation) knows what those parts show: the normal win
/// and, with the option on, akakyala from the capture counts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameState {
    pub(crate) position: Position,
    pub(crate) to_move: Side,
    pub(crate) first_move_pending: [bool; 2],
    pub(crate) captures: [u16; 2],
    pub(crate) options: RuleOptions,
    /// How the game ended, if it has: set by the move that produced the state, or derived
    /// from the other fields when the state is built (`GameState::derived_end`).
    pub(crate) end: Option<Outcome>,
}

impl GameState {
    /// A checked game state.
    ///
    /// # Errors
    /// [`StateError`] when the board does not hold exactly 64 seeds, a player is said to
    /// have captured before making a first move, or the lap limit is 0 or more than
    /// [`MAX_LAP_LIMIT`].
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
        options.check()?;
        let mut state = GameState { position, to_move, first_move_pending: pending, captures, options, end: None };
        state.end = state.derived_end();
        Ok(state)
    }

    /// The start of a game: both layouts of 32 seeds, `first` to move, no move made yet.
    /// A lap limit outside 1 to [`MAX_LAP_LIMIT`] is brought to the nearer bound (callers
    /// that read options from a person or a file check them first, [`RuleOptions::check`]).
    ///
    /// ```
    /// use omweso_rules::{GameState, Layout, RuleOptions, Side};
    ///
    /// let fours = Layout::back_row_fours();
    /// let start = GameState::from_layouts(&fours, &fours, Side::Lower, RuleOptions::default());
    /// assert_eq!(start.to_string(), "4i-p; 4I-P / L both 0,0");
    /// // Lower can start from any of its eight back-row holes, each in one way only.
    /// assert_eq!(start.legal_moves().len(), 8);
    /// assert!(!start.captures_allowed()); // RULES.md 3.6: no capture before both first moves
    /// ```
    pub fn from_layouts(lower: &Layout, upper: &Layout, first: Side, options: RuleOptions) -> GameState {
        let mut options = options;
        options.lap_limit = options.lap_limit.clamp(1, MAX_LAP_LIMIT);
        let mut state = GameState {
            position: Position::from_layouts(lower, upper),
            to_move: first,
            first_move_pending: [true, true],
            captures: [0, 0],
            options,
            end: None,
        };
        state.end = state.derived_end();
        state
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

    /// The same state under other rule options. An end that the move into this state
    /// fixed and that its parts cannot show (emitwe-ebiri, akawumbi, annulled) stays; the
    /// normal win and akakyala are decided again under `options`.
    ///
    /// # Errors
    /// [`StateError::LapLimit`] for a lap limit of 0 or more than [`MAX_LAP_LIMIT`].
    pub fn with_options(&self, options: RuleOptions) -> Result<GameState, StateError> {
        options.check()?;
        let mut state = GameState { options, ..self.clone() };
        let fixed_by_move = matches!(
            self.end,
            Some(Outcome::Annulled | Outcome::Win { kind: WinKind::Akawumbi | WinKind::EmitweEbiri, .. })
        );
        if !fixed_by_move {
            state.end = state.derived_end();
        }
        Ok(state)
    }

    /// The end that the state's own parts show (RULES.md §4, in its order): akakyala when
    /// the option is on and one side has captured in two moves or more while the other
    /// has not captured; the normal win when the player to move has no hole with 2 or more
    /// seeds.
    fn derived_end(&self) -> Option<Outcome> {
        let [lower, upper] = self.captures;
        let akakyala = match (lower, upper) {
            _ if !self.options.akakyala => None,
            (2.., 0) => Some(Side::Lower),
            (0, 2..) => Some(Side::Upper),
            _ => None,
        };
        end_of_game(EndFacts {
            mover: self.to_move.opponent(),
            captured_columns: 0,
            last_capture_track: 0,
            akakyala,
            opponent_can_move: self.position.can_move(self.to_move),
            cut: false,
            akawumbi_needs_end_column: self.options.akawumbi_needs_end_column,
        })
    }

    /// True unless this is the mover's first move (RULES.md 3.6).
    pub fn captures_allowed(&self) -> bool {
        !self.first_move_pending[self.to_move.index()]
    }

    /// How the game has ended, or `None` while it goes on (RULES.md §4, 3.8): every end,
    /// whether the move into this state made it (akawumbi, emitwe-ebiri, akakyala, a
    /// never-ending move annulled or won, the normal win) or the state's parts show it (see
    /// [`GameState`]). A finished state has no legal moves.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end
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

    /// The state after the player to move has lost the turn without sowing: the
    /// tournament referee's count ran out before the move was started (issue 21; RULES.md
    /// 3.8 names the tournament's time for finishing a move, the rule book has no text for
    /// a turn lost). The board and the capture counts stay; the opponent is to move. The
    /// turn lost counts as the player's first turn (RULES.md 3.6 reads "first move": the
    /// turn, not the sowing, is what the players take in turn), so that every state this
    /// makes has a text form. The end of the game is decided again from the parts
    /// (RULES.md §4): the opponent now to move with no hole of 2 or more seeds loses.
    ///
    /// ```
    /// use omweso_rules::{GameState, Outcome, Side, WinKind};
    ///
    /// let start: GameState = "4i-p; 4I-P / L both 0,0".parse()?;
    /// let after = start.lose_turn()?;
    /// assert_eq!(after.to_string(), "4i-p; 4I-P / U upper 0,0");
    /// // Upper has only singletons: Lower's turn lost leaves Upper to move, unable to, and
    /// // Lower wins.
    /// let state: GameState = "48a; 1A-P / L none 0,0".parse()?;
    /// let over = state.lose_turn()?;
    /// assert_eq!(over.outcome(), Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Normal }));
    /// assert!(over.lose_turn().is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game is already over.
    pub fn lose_turn(&self) -> Result<GameState, IllegalMove> {
        if let Some(outcome) = self.end {
            return Err(IllegalMove::GameOver(outcome));
        }
        let mut state = self.clone();
        state.first_move_pending[self.to_move.index()] = false;
        state.to_move = self.to_move.opponent();
        state.end = state.derived_end();
        Ok(state)
    }
}
