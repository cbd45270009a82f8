//! Why a saved game cannot be read ([`LoadError`], with [`InvalidGame`] for a file that
//! reads but does not hold a game the rules accept) or written ([`SaveError`]): each says
//! what and where, the words only in `Display`.

use super::{FileKind, MAX_FILE_BYTES, MAX_NAME_CHARS, MAX_POINTS, VERSION};
use crate::game::{GameResult, RecordError};
use crate::quote::{capped, quoted};
use omweso_rules::notation::{PositionError, StateTextError};
use omweso_rules::{FirstMoves, GameState, LapLimitError, LayoutError, SEEDS_PER_SIDE, Side, WinKind};
use std::path::PathBuf;

/// Why a file cannot be read: a missing file in a player's words, anything else in the
/// system's.
fn io_words(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "there is no such file".to_string(),
        _ => e.to_string(),
    }
}

/// Why a saved game cannot be read. Nothing is changed when loading fails.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read {}: {}", path.display(), io_words(source))]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The path is not a regular file; nothing was read from it.
    #[error("{} is {kind}, not a saved game file", path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{} is more than {MAX_FILE_BYTES} bytes: too large for a saved game", path.display())]
    TooLarge {
        /// The file.
        path: PathBuf,
    },
    /// The file is empty.
    #[error("the file is empty")]
    Empty,
    /// The text is not valid UTF-8 (binary garbage).
    #[error("the file is not text (invalid UTF-8 at byte {0})")]
    NotText(usize),
    /// Not RON, or not the fields of a saved game.
    #[error("line {line}, column {column}: {}", capped(message, 200))]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Not a saved Omweso game.
    #[error("this is not a saved Omweso game (format `{}`)", quoted(.0))]
    Format(String),
    /// A format version this program does not know.
    #[error(
        "format version {found} is not supported (this program reads versions {} to {VERSION})",
        super::OLDEST_VERSION
    )]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The rule options are out of bounds (RULES.md 3.8).
    #[error("rules: {0}")]
    Rules(#[from] LapLimitError),
    /// The content is read but is not a valid game.
    #[error(transparent)]
    Invalid(#[from] InvalidGame),
}

/// What makes the content of a saved file, read field by field, not a valid game: which
/// field or move, what was expected and what was found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidGame {
    /// A kind of win counts more than [`MAX_POINTS`].
    #[error("rules: the points for a win must be at most {MAX_POINTS}, not {points} for {}", kind.name())]
    TooManyPoints {
        /// The kind of win.
        kind: WinKind,
        /// The points the file gives it.
        points: u32,
    },
    /// A player's name is longer than [`MAX_NAME_CHARS`].
    #[error("{}: the player name is longer than {MAX_NAME_CHARS} characters", side.name())]
    NameTooLong {
        /// Whose name.
        side: Side,
        /// Its length in characters.
        chars: usize,
    },
    /// A player's name contains a control character (a line break, a tab, an escape…) or
    /// an invisible one that reorders or hides text (a right-to-left override, a zero-width
    /// space).
    #[error("{}: the player name contains a control character or an invisible one", side.name())]
    NameControlCharacter {
        /// Whose name.
        side: Side,
    },
    /// Both `setup` and `start` are given.
    #[error("the file has both a setup in progress and a start")]
    SetupAndStart,
    /// Neither `setup` nor `start` is given.
    #[error("the file has neither a setup nor a start")]
    NeitherSetupNorStart,
    /// A game still being laid out records moves, a current move or a resignation.
    #[error("a game still being laid out has no moves")]
    SetupWithMoves,
    /// The setup board is not position notation.
    #[error("setup board: {0}")]
    SetupBoard(PositionError),
    /// A side of the setup board holds more seeds than a layout.
    #[error("setup board: {side} has {seeds} seeds, more than {SEEDS_PER_SIDE}")]
    SetupOverfull {
        /// The side.
        side: Side,
        /// Its seeds.
        seeds: u32,
    },
    /// The side that lays out first has not finished, yet the other is laying out.
    #[error("setup board: {side} laid out first but has {seeds} seeds, not {SEEDS_PER_SIDE}")]
    SetupFirstUnfinished {
        /// The side that lays out first.
        side: Side,
        /// Its seeds.
        seeds: u32,
    },
    /// The side that lays out second has seeds while the first is still laying out.
    #[error("setup board: {side} has seeds before laying out")]
    SetupSeedsBeforeTurn {
        /// The side that lays out second.
        side: Side,
        /// Its seeds.
        seeds: u32,
    },
    /// The start is not game-state notation.
    #[error("start: {0}")]
    Start(StateTextError),
    /// A game said to come from a setup starts after someone has moved.
    #[error("start: a game from a setup starts before anyone has moved")]
    StartNotFresh {
        /// Who has still to make a first move, in the file's start.
        first_moves: FirstMoves,
        /// The capture counts in the file's start.
        captures: [u16; 2],
    },
    /// A game said to come from a setup has the other side to move than the one moving first.
    #[error("start: {to_move} is to move, but {first} moves first")]
    StartMover {
        /// The side to move in the start.
        to_move: Side,
        /// The side that moves first.
        first: Side,
    },
    /// A game said to come from a setup starts from a side that is not a layout.
    #[error("start: {0}")]
    StartLayout(LayoutError),
    /// A resignation with moves recorded after the current one.
    #[error("a resignation ends the game at the current move {current}, but {recorded} moves are recorded")]
    ResignedWithRedo {
        /// The current move recorded.
        current: usize,
        /// How many moves are recorded.
        recorded: usize,
    },
    /// The moves, the current move or the resignation do not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The clock's times are out of range or not numbers.
    #[error("clock: the times left are not ones a clock can show")]
    Clock,
    /// A clock setting is 0 or more than a day.
    #[error("match: the clock's {name} is {seconds}, not between 1 and {}", crate::tournament::MAX_CLOCK_SECONDS)]
    ClockSetting {
        /// The setting's field name.
        name: &'static str,
        /// Its value.
        seconds: u32,
    },
    /// The match's goal is 0 or more than [`crate::tournament::MAX_MATCH_GOAL`].
    #[error("match: played to {goal}, not between 1 and {}", crate::tournament::MAX_MATCH_GOAL)]
    MatchGoal {
        /// The goal read.
        goal: u32,
    },
    /// The match holds more games than [`super::MAX_MATCH_GAMES`].
    #[error("match: {games} games, more than {}", super::MAX_MATCH_GAMES)]
    MatchTooLong {
        /// How many.
        games: usize,
    },
    /// A finished game of the match does not replay.
    #[error("match game {number}: {reason}")]
    MatchGame {
        /// Its number in the match, from 1.
        number: usize,
        /// Why.
        reason: Box<InvalidGame>,
    },
    /// A move's review is of another move.
    #[error("move {number} `{}`: its review is of move {review_number} `{}`", quoted(play), quoted(review_played))]
    Review {
        /// The move's number, from 1.
        number: usize,
        /// The move as the file records it.
        play: String,
        /// The number of the move the review is of.
        review_number: usize,
        /// The move the review is of.
        review_played: String,
    },
    /// The state recorded after a move is not game-state notation.
    #[error("move {number} `{}`: the recorded state: {reason}", quoted(play))]
    RecordedState {
        /// The move's number, from 1.
        number: usize,
        /// The move as the file records it.
        play: String,
        /// Why the state cannot be read.
        reason: StateTextError,
    },
    /// A move does not give the state the file records after it.
    #[error("move {number} `{}` gives `{replayed}`, but the file records `{recorded}`", quoted(play))]
    StateMismatch {
        /// The move's number, from 1.
        number: usize,
        /// The move as the file records it.
        play: String,
        /// The state the move gives.
        replayed: Box<GameState>,
        /// The state the file records.
        recorded: Box<GameState>,
    },
    /// The result the file records is not the one the moves give.
    #[error(
        "the file records the result `{}`, but the moves give `{}`",
        quoted(recorded.as_deref().unwrap_or(NO_RESULT)),
        replayed.map_or_else(|| NO_RESULT.to_string(), |r| r.to_string())
    )]
    ResultMismatch {
        /// The result written in the file (`None`: no result).
        recorded: Option<String>,
        /// The result of the replayed game (`None`: the game goes on).
        replayed: Option<GameResult>,
    },
}

/// How [`InvalidGame::ResultMismatch`] says that there is no result.
const NO_RESULT: &str = "none (the game goes on)";

/// Why a game could not be saved. The old file, if any, is left as it was.
#[derive(Debug, thiserror::Error)]
#[error("cannot save to {path}: {source}")]
pub struct SaveError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}
