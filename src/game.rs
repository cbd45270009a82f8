//! A game as played: where it started, every move with the full position after it, the
//! point reached in that history (undo/redo) and how it ended. Rules come from
//! [`omweso_rules`]; this module only keeps the record.

use crate::verdict::MoveReview;
use omweso_rules::notation::{MoveError, StateTextError, parse_move};
use omweso_rules::{GameState, Layout, Move, Outcome, RuleOptions, Side, StateError, Trace, WinKind};
use std::fmt;

/// The text of a turn lost on time in a record and in a saved game: the word `time` where
/// the move would be (`5. time`). It cannot be read as a move: `t` is no hole's letter.
pub const TURN_LOST_TEXT: &str = "time";

/// One turn of the history and the full state after it: a move sown, or a turn lost on
/// time (the referee's count ran out before the player started a move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The move, or `None` for a turn lost on time ([`GameState::lose_turn`]).
    pub mv: Option<Move>,
    /// Its canonical notation (RULES.md §5), or [`TURN_LOST_TEXT`].
    pub text: String,
    /// Who made it.
    pub mover: Side,
    /// The state after it.
    pub after: GameState,
    /// Seeds captured in the move.
    pub captured_seeds: u32,
    /// What the move did, lap by lap (kept so that nothing plays the move again to show
    /// it); no laps for a turn lost.
    pub trace: Trace,
    /// The engine's verdict on the move, once it has been reviewed.
    pub review: Option<MoveReview>,
}

impl Entry {
    /// The end of the game, if this move ended it: the outcome of the state after it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.after.outcome()
    }

    /// True for a turn lost on time.
    pub fn is_turn_lost(&self) -> bool {
        self.mv.is_none()
    }
}

/// A game stopped by the clock (issue 21: tournament play and timed games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum TimeEnd {
    /// `loser`'s own time for the game ran out (a game clock): a normal win for the other.
    Flagged {
        /// The side whose time ran out.
        loser: Side,
    },
    /// `loser` did not start a move in the time to start it, where the settings make that
    /// lose the game (the referee's count, issue 21): a normal win for the other.
    NotStarted {
        /// The side that did not start its move.
        loser: Side,
    },
    /// `side` did not finish a move in the time to finish it: the game is annulled, as
    /// tournament practice does with a move that does not end (RULES.md 3.8).
    Unfinished {
        /// The side that was sowing.
        side: Side,
    },
}

/// How a game ended: by the rules, or by a resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameResult {
    /// A win or an annulled game by the rules (RULES.md §4, 3.8).
    Rules(Outcome),
    /// `loser` resigned.
    Resigned {
        /// The side that resigned.
        loser: Side,
    },
    /// The clock stopped the game.
    OnTime(TimeEnd),
}

impl GameResult {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Side> {
        match self {
            GameResult::Rules(o) => o.winner(),
            GameResult::Resigned { loser }
            | GameResult::OnTime(TimeEnd::Flagged { loser } | TimeEnd::NotStarted { loser }) => Some(loser.opponent()),
            GameResult::OnTime(TimeEnd::Unfinished { .. }) => None,
        }
    }

    /// Points the winner scores (a resignation and a flag fall count as a normal win; an
    /// annulled game scores nothing).
    pub fn points(&self, options: &RuleOptions) -> u32 {
        match self {
            GameResult::Rules(Outcome::Win { kind, .. }) => options.points.of(*kind),
            GameResult::Rules(Outcome::Annulled) | GameResult::OnTime(TimeEnd::Unfinished { .. }) => 0,
            GameResult::Resigned { .. } | GameResult::OnTime(TimeEnd::Flagged { .. } | TimeEnd::NotStarted { .. }) => {
                options.points.of(WinKind::Normal)
            }
        }
    }

    /// True for an annulled game (no winner), by the rules or by the clock.
    pub fn is_annulled(&self) -> bool {
        self.winner().is_none()
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Rules(o) => o.fmt(f),
            GameResult::Resigned { loser } => write!(f, "{} wins: {} resigned", loser.opponent().name(), loser.name()),
            GameResult::OnTime(TimeEnd::Flagged { loser }) => {
                write!(f, "{} wins: {}'s time ran out", loser.opponent().name(), loser.name())
            }
            GameResult::OnTime(TimeEnd::NotStarted { loser }) => {
                write!(f, "{} wins: {} did not start a move in time", loser.opponent().name(), loser.name())
            }
            GameResult::OnTime(TimeEnd::Unfinished { side }) => {
                write!(f, "annulled: {} did not finish a move in time", side.name())
            }
        }
    }
}

/// Why a move cannot be added to the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is over.
    #[error("the game is over ({0})")]
    Over(GameResult),
    /// The move is not legal in the current state.
    #[error("{0}")]
    Illegal(#[from] omweso_rules::IllegalMove),
    /// The move text is not a legal move in the current state.
    #[error("{0}")]
    Notation(#[from] MoveError),
    /// The move was begun from another board than the current one, or by the other side.
    #[error("the move was not begun from the current position")]
    NotFromHere,
}

/// Why a recorded game cannot be rebuilt by [`Game::from_record_text`] or
/// [`Game::from_record`]: where (the line of the text, or the number of the move) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The record text has no line that is not blank.
    #[error("the record is empty")]
    Empty,
    /// The first line of the record text is not a game state.
    #[error("line {line}: {reason}")]
    StartText {
        /// 1-based line of the text.
        line: usize,
        /// Why.
        reason: StateTextError,
    },
    /// The starting state cannot stand under the rule options asked for.
    #[error("line {line}: {reason}")]
    StartOptions {
        /// 1-based line of the text.
        line: usize,
        /// Why.
        reason: StateError,
    },
    /// A line of the record text is not a legal move where it stands.
    #[error("line {line}: {reason}")]
    Line {
        /// 1-based line of the text.
        line: usize,
        /// Why.
        reason: GameError,
    },
    /// The game is said to start from two layouts, but its starting position is another.
    #[error("the starting position is not made of the two layouts")]
    NotTheLayouts,
    /// A recorded move is not a legal move where it stands.
    #[error("move {number}: {reason}")]
    Move {
        /// The move's number, from 1.
        number: usize,
        /// Why.
        reason: GameError,
    },
    /// The current point is past the last move recorded.
    #[error("the current move {cursor} is beyond the {recorded} moves recorded")]
    CursorBeyond {
        /// The current point recorded (moves on the board).
        cursor: usize,
        /// How many moves are recorded.
        recorded: usize,
    },
    /// A player is said to have resigned in a game already over at the current point.
    #[error("the resignation cannot stand: the game is over ({result})")]
    ResignedAfterTheEnd {
        /// Who is said to have resigned.
        side: Side,
        /// How the game had ended.
        result: GameResult,
    },
    /// The clock is said to have stopped a game already over, or one a player resigned.
    #[error("the end on time cannot stand: the game is over ({result})")]
    TimeAfterTheEnd {
        /// How the game had ended.
        result: GameResult,
    },
}

/// A game: its start, its moves, the current point in the history and its result.
///
/// `entries[..cursor]` are the moves on the board now; `entries[cursor..]` is the redo
/// branch, dropped when a new move is played.
///
/// Two games are equal when their start, layouts, entries, cursor and end are: how often
/// their histories moved ([`Game::changes`]) is not part of the game.
#[derive(Clone, Debug)]
pub struct Game {
    start: GameState,
    layouts: Option<[Layout; 2]>,
    entries: Vec<Entry>,
    cursor: usize,
    resigned: Option<Side>,
    time_end: Option<TimeEnd>,
    changes: u64,
}

impl PartialEq for Game {
    fn eq(&self, other: &Game) -> bool {
        (&self.start, &self.layouts, &self.entries, self.cursor, self.resigned, self.time_end)
            == (&other.start, &other.layouts, &other.entries, other.cursor, other.resigned, other.time_end)
    }
}

impl Eq for Game {}

impl Game {
    /// A game that starts at `start` (a pasted state).
    pub fn from_state(start: GameState) -> Game {
        Game { start, layouts: None, entries: Vec::new(), cursor: 0, resigned: None, time_end: None, changes: 0 }
    }

    /// A game that starts from both players' layouts with `first` to move (RULES.md §2).
    pub fn from_layouts(lower: Layout, upper: Layout, first: Side, options: RuleOptions) -> Game {
        let start = GameState::from_layouts(&lower, &upper, first, options);
        let layouts = Some([lower, upper]);
        Game { start, layouts, entries: Vec::new(), cursor: 0, resigned: None, time_end: None, changes: 0 }
    }

    /// The state the game started from.
    pub fn start(&self) -> &GameState {
        &self.start
    }

    /// The setup layouts (Lower, Upper), when the game started from a setup.
    pub fn layouts(&self) -> Option<&[Layout; 2]> {
        self.layouts.as_ref()
    }

    /// The rule options of the game.
    pub fn options(&self) -> &RuleOptions {
        self.start.options()
    }

    /// The state on the board now.
    pub fn current(&self) -> &GameState {
        self.state_at(self.cursor)
    }

    /// The state after `moves` moves (0 = the start); clamped to the moves made.
    pub fn state_at(&self, moves: usize) -> &GameState {
        match moves.min(self.cursor) {
            0 => &self.start,
            n => &self.entries[n - 1].after,
        }
    }

    /// The moves on the board now, in order.
    pub fn moves(&self) -> &[Entry] {
        &self.entries[..self.cursor]
    }

    /// Every recorded move, including the redo branch after the cursor.
    pub fn all_entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Number of moves on the board now.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The result, if the game is over at the current point.
    pub fn result(&self) -> Option<GameResult> {
        if let Some(loser) = self.resigned {
            return Some(GameResult::Resigned { loser });
        }
        if let Some(end) = self.time_end {
            return Some(GameResult::OnTime(end));
        }
        self.current().outcome().map(GameResult::Rules)
    }

    /// Plays `mv` at the current point, dropping the redo branch.
    ///
    /// # Errors
    /// [`GameError`] when the game is over or the move is illegal; the game is unchanged.
    pub fn play(&mut self, mv: &Move) -> Result<Trace, GameError> {
        if let Some(r) = self.result() {
            return Err(GameError::Over(r));
        }
        let (s, trace) = self.current().play(mv)?;
        Ok(self.record(s, trace))
    }

    /// Records the move of `sowing`, begun from the current state ([`GameState::start_move`])
    /// and sown to its end a decision at a time, as [`Game::play`] would: the sowing's own
    /// result is kept, the move is not sown a second time.
    ///
    /// # Errors
    /// [`GameError::Over`] when the game is over, [`GameError::Illegal`] when the move still
    /// waits for a choice, [`GameError::NotFromHere`] when it was begun from another board
    /// or by the other side; the game is unchanged.
    pub fn play_sown(&mut self, sowing: omweso_rules::Sowing) -> Result<Trace, GameError> {
        if let Some(r) = self.result() {
            return Err(GameError::Over(r));
        }
        let (s, trace) = sowing.finish()?;
        if trace.start != *self.current().position() || trace.mover != self.current().to_move() {
            return Err(GameError::NotFromHere);
        }
        Ok(self.record(s, trace))
    }

    /// Adds the move just played from the current state, dropping the redo branch.
    fn record(&mut self, s: omweso_rules::Successor, trace: Trace) -> Trace {
        let mover = self.current().to_move();
        self.entries.truncate(self.cursor);
        self.entries.push(Entry {
            text: s.mv.to_string(),
            mv: Some(s.mv),
            mover,
            after: s.state,
            captured_seeds: s.captured_seeds,
            trace: trace.clone(),
            review: None,
        });
        self.cursor += 1;
        self.changes += 1;
        trace
    }

    /// The player to move loses the turn on time ([`GameState::lose_turn`]): recorded as
    /// an entry of its own ([`TURN_LOST_TEXT`]), dropping the redo branch.
    ///
    /// # Errors
    /// [`GameError::Over`] when the game is over; the game is unchanged.
    pub fn lose_turn(&mut self) -> Result<(), GameError> {
        if let Some(r) = self.result() {
            return Err(GameError::Over(r));
        }
        let before = self.current();
        let mover = before.to_move();
        let trace = Trace { mover, start: *before.position(), laps: Vec::new() };
        let after = before.lose_turn()?;
        self.entries.truncate(self.cursor);
        self.entries.push(Entry {
            mv: None,
            text: TURN_LOST_TEXT.to_owned(),
            mover,
            after,
            captured_seeds: 0,
            trace,
            review: None,
        });
        self.cursor += 1;
        self.changes += 1;
        Ok(())
    }

    /// The clock stops the game at the current point ([`TimeEnd`]), dropping the redo
    /// branch.
    ///
    /// # Errors
    /// [`GameError::Over`] when the game is already over.
    pub fn end_on_time(&mut self, end: TimeEnd) -> Result<(), GameError> {
        self.stop_here()?;
        self.time_end = Some(end);
        self.changes += 1;
        Ok(())
    }

    /// Ends the game off the board at the current point (a resignation, the clock): the
    /// redo branch is dropped. [`GameError::Over`] when it is already over.
    fn stop_here(&mut self) -> Result<(), GameError> {
        if let Some(r) = self.result() {
            return Err(GameError::Over(r));
        }
        self.entries.truncate(self.cursor);
        Ok(())
    }

    /// How the clock stopped the game, if it did.
    pub fn time_end(&self) -> Option<TimeEnd> {
        self.time_end
    }

    /// Reads `text` as a move in the current state and plays it; [`TURN_LOST_TEXT`] is a
    /// turn lost on time.
    ///
    /// # Errors
    /// [`GameError`] when the game is over or the text is not a legal move.
    pub fn play_text(&mut self, text: &str) -> Result<Trace, GameError> {
        if let Some(r) = self.result() {
            return Err(GameError::Over(r));
        }
        if text.trim() == TURN_LOST_TEXT {
            self.lose_turn()?;
            return Ok(self.entries[self.cursor - 1].trace.clone());
        }
        let mv = parse_move(self.current(), text)?;
        self.play(&mv)
    }

    /// Keeps the engine's verdict on move `review.number` (from 1), recorded or in the redo
    /// branch. Returns false, keeping nothing, when there is no such move or the review is
    /// of another move.
    pub fn set_review(&mut self, review: MoveReview) -> bool {
        match review.number.checked_sub(1).and_then(|i| self.entries.get_mut(i)) {
            Some(e) if e.text == review.played => {
                e.review = Some(review);
                true
            }
            _ => false,
        }
    }

    /// `side` resigns at the current point.
    ///
    /// # Errors
    /// [`GameError::Over`] when the game is already over.
    pub fn resign(&mut self, side: Side) -> Result<(), GameError> {
        self.stop_here()?;
        self.resigned = Some(side);
        self.changes += 1;
        Ok(())
    }

    /// How many times the history has moved since this value was made (a move or a turn
    /// lost played, an end off the board, an undo, a redo): an id of the point the history
    /// is at, which what belongs to one point (the window's hint, its closed game-over
    /// card) is keyed to. It is not part of the game (see [`Game`]'s equality).
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// Who resigned, if anyone.
    pub fn resigned(&self) -> Option<Side> {
        self.resigned
    }

    /// True when there is something to undo.
    pub fn can_undo(&self) -> bool {
        self.resigned.is_some() || self.time_end.is_some() || self.cursor > 0
    }

    /// True when there is something to redo.
    pub fn can_redo(&self) -> bool {
        self.resigned.is_none() && self.time_end.is_none() && self.cursor < self.entries.len()
    }

    /// Takes back the last move (or a resignation, or an end on time). Returns false when
    /// there is nothing.
    pub fn undo(&mut self) -> bool {
        if self.resigned.take().is_none() && self.time_end.take().is_none() {
            if self.cursor == 0 {
                return false;
            }
            self.cursor -= 1;
        }
        self.changes += 1;
        true
    }

    /// Plays the next move of the redo branch again. Returns false when there is none.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.cursor += 1;
        self.changes += 1;
        true
    }

    /// The game as text to copy: the starting game state on the first line, then one move
    /// per line, numbered (`1. d`, `2. F`, …), up to the current point.
    pub fn record_text(&self) -> String {
        let mut out = self.start.to_string();
        for (i, e) in self.moves().iter().enumerate() {
            out.push_str(&format!("\n{}. {}", i + 1, e.text));
        }
        out.push('\n');
        out
    }

    /// Reads a game from [`Game::record_text`]'s form (move numbers optional, blank lines
    /// ignored), under `options`.
    ///
    /// # Errors
    /// [`RecordError`] naming the line that is wrong and why.
    pub fn from_record_text(text: &str, options: RuleOptions) -> Result<Game, RecordError> {
        let mut lines = text.lines().map(str::trim).enumerate().filter(|(_, l)| !l.is_empty());
        let (n, first) = lines.next().ok_or(RecordError::Empty)?;
        let line = n + 1;
        let start: GameState = first.parse().map_err(|reason| RecordError::StartText { line, reason })?;
        let start = start.with_options(options).map_err(|reason| RecordError::StartOptions { line, reason })?;
        let mut game = Game::from_state(start);
        for (n, line) in lines {
            let mv = match line.split_once(". ") {
                Some((num, rest)) if num.chars().all(|c| c.is_ascii_digit()) => rest,
                _ => line,
            };
            game.play_text(mv).map_err(|reason| RecordError::Line { line: n + 1, reason })?;
        }
        Ok(game)
    }

    /// Rebuilds a game from its parts, checking every move (for saved games): `moves` in
    /// [`Game::play_text`]'s form, the first `cursor` on the board, then how it was stopped.
    ///
    /// # Errors
    /// [`RecordError`] naming the first move that is illegal, or a start, a cursor, a
    /// resignation or an end on time that does not fit.
    pub fn from_record(
        start: GameState,
        layouts: Option<[Layout; 2]>,
        moves: &[String],
        cursor: usize,
        resigned: Option<Side>,
        time_end: Option<TimeEnd>,
    ) -> Result<Game, RecordError> {
        if let Some([lower, upper]) = &layouts {
            let expected = omweso_rules::Position::from_layouts(lower, upper);
            if *start.position() != expected {
                return Err(RecordError::NotTheLayouts);
            }
        }
        let mut game =
            Game { start, layouts, entries: Vec::new(), cursor: 0, resigned: None, time_end: None, changes: 0 };
        for (i, text) in moves.iter().enumerate() {
            game.play_text(text).map_err(|reason| RecordError::Move { number: i + 1, reason })?;
        }
        if cursor > game.entries.len() {
            return Err(RecordError::CursorBeyond { cursor, recorded: game.entries.len() });
        }
        game.cursor = cursor;
        if let Some(side) = resigned {
            if let Some(result) = game.result() {
                return Err(RecordError::ResignedAfterTheEnd { side, result });
            }
            game.resign(side).expect("a game not over takes a resignation");
        }
        if let Some(end) = time_end {
            if let Some(result) = game.result() {
                return Err(RecordError::TimeAfterTheEnd { result });
            }
            game.end_on_time(end).expect("a game not over can be stopped on time");
        }
        Ok(game)
    }
}

#[cfg(test)]
mod tests;
