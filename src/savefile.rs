//! Saved games: a RON file a person can read, with a format version, that gives back the
//! game exactly — rule options, players, the setup, every position of the history with the
//! moves between them, the current point (redo branch included) and the result.
//!
//! Loading refuses a path that is not a regular file (a folder, a FIFO, a device, a
//! socket) before reading anything, then checks everything and replays every move through
//! [`omweso_rules`]; any failure is a [`LoadError`] that says what and where. Saving is
//! atomic: a fresh temporary file (random name, created exclusively, never an existing
//! file or link) in the folder of the file written, flushed, then renamed over it; the
//! permissions of the file replaced are kept, and a symlink is written through.

pub use crate::disk::FileKind;
use crate::game::{Game, GameResult};
use omweso_engine::Level;
use omweso_rules::{FirstMoves, GameState, LapLimitError, Layout, Position, RuleOptions, SEEDS_PER_SIDE, Side};
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The file name extension of saved games.
pub const EXTENSION: &str = "omweso";
/// The format version this program writes and reads.
pub const VERSION: u32 = 1;
/// Files larger than this (16 MiB) are refused before reading.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;
/// Most points a kind of win may count (RULES.md §4), so that a match's score never
/// overflows.
pub const MAX_POINTS: u32 = 1000;
/// Longest player name kept, in characters.
pub const MAX_NAME_CHARS: usize = 64;

/// A player of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// The name shown on the board.
    pub name: String,
    /// `None` for a person; the level for the computer.
    pub computer: Option<Level>,
}

/// Where a saved game stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Laying out: the board so far and who is placing seeds now (RULES.md §2).
    Setup {
        /// Seeds placed so far (each side at most 32).
        board: Position,
        /// The side laying out now.
        laying_out: Side,
    },
    /// Playing or over: the whole game.
    Game(Game),
}

/// Everything a saved file holds, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavedGame {
    /// Lower's and Upper's players.
    pub players: [Player; 2],
    /// The side that moves first.
    pub first: Side,
    /// The rule options.
    pub rules: RuleOptions,
    /// Setup or game.
    pub phase: Phase,
}

/// The file as written: plain data, read by serde, checked by [`SavedGame::from_file`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename = "OmwesoGame", deny_unknown_fields)]
struct File {
    format: String,
    version: u32,
    rules: RuleOptions,
    lower: Player,
    upper: Player,
    first: Side,
    /// While laying out: `board` (position notation) and who is laying out.
    setup: Option<SetupRecord>,
    /// The starting state in game-state notation, once both have laid out.
    start: Option<String>,
    /// True when `start` is made of the two setup layouts.
    from_layouts: bool,
    /// Every recorded move, the redo branch included.
    moves: Vec<MoveRecord>,
    /// How many of `moves` are on the board.
    current: usize,
    /// Who resigned, if anyone.
    resigned: Option<Side>,
    /// The result, for a reader; checked against the replay.
    result: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupRecord {
    board: String,
    laying_out: Side,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveRecord {
    /// The move in RULES.md notation.
    play: String,
    /// The game state after it.
    after: String,
    /// The engine's verdict on it, when the game was reviewed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    review: Option<omweso_engine::review::MoveReview>,
}

const FORMAT: &str = "omweso-game";

/// Why a saved game cannot be read. Nothing is changed when loading fails.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file cannot be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The path is not a regular file; nothing was read from it.
    #[error("{path} is {kind}, not a saved game file")]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is.
        kind: FileKind,
    },
    /// The file is larger than [`MAX_FILE_BYTES`].
    #[error("{path} is more than {MAX_FILE_BYTES} bytes ({bytes} read): too large for a saved game")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// Its size.
        bytes: u64,
    },
    /// The file is empty.
    #[error("the file is empty")]
    Empty,
    /// The text is not valid UTF-8 (binary garbage).
    #[error("the file is not text (invalid UTF-8 at byte {0})")]
    NotText(usize),
    /// Not RON, or not the fields of a saved game.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// Not a saved Omweso game.
    #[error("this is not a saved Omweso game (format `{0}`)")]
    Format(String),
    /// A format version this program does not know.
    #[error("format version {found} is not supported (this program reads version {VERSION})")]
    Version {
        /// The version in the file.
        found: u32,
    },
    /// The rule options are out of bounds (RULES.md 3.8).
    #[error("rules: {0}")]
    Rules(#[from] LapLimitError),
    /// The content is read but is not a valid game.
    #[error("{0}")]
    Invalid(String),
}

/// Why a game could not be saved. The old file, if any, is left as it was.
#[derive(Debug, thiserror::Error)]
#[error("cannot save to {path}: {source}")]
pub struct SaveError {
    /// The file.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}

impl SavedGame {
    /// The RON text of the game.
    pub fn to_ron(&self) -> String {
        let (setup, start, from_layouts, moves, current, resigned, result) = match &self.phase {
            Phase::Setup { board, laying_out } => (
                Some(SetupRecord { board: board.to_string(), laying_out: *laying_out }),
                None,
                false,
                vec![],
                0,
                None,
                None,
            ),
            Phase::Game(game) => (
                None,
                Some(game.start().to_string()),
                game.layouts().is_some(),
                game.all_entries()
                    .iter()
                    .map(|e| MoveRecord { play: e.text.clone(), after: e.after.to_string(), review: e.review.clone() })
                    .collect(),
                game.cursor(),
                game.resigned(),
                game.result().map(|r| r.to_string()),
            ),
        };
        let file = File {
            format: FORMAT.into(),
            version: VERSION,
            rules: self.rules,
            lower: self.players[0].clone(),
            upper: self.players[1].clone(),
            first: self.first,
            setup,
            start,
            from_layouts,
            moves,
            current,
            resigned,
            result,
        };
        let config = ron::ser::PrettyConfig::new().depth_limit(4).struct_names(true);
        ron::ser::to_string_pretty(&file, config).expect("a saved game always serializes")
    }

    /// Reads and checks a saved game from its RON text.
    ///
    /// # Errors
    /// [`LoadError`] naming the first problem found.
    pub fn from_ron(text: &str) -> Result<SavedGame, LoadError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if text.trim().is_empty() {
            return Err(LoadError::Empty);
        }
        // A file that is not ours at all (a README, a picture's text) is said to be so.
        let ours = text.contains("OmwesoGame") || text.contains(FORMAT);
        let file: File = ron::Options::default().with_recursion_limit(32).from_str(text).map_err(|e| {
            let message = if ours {
                e.code.to_string()
            } else {
                format!("{} (this does not look like a saved Omweso game)", e.code)
            };
            LoadError::Syntax { line: e.span.start.line, column: e.span.start.col, message }
        })?;
        SavedGame::from_file(file)
    }

    fn from_file(file: File) -> Result<SavedGame, LoadError> {
        let invalid = |s: String| LoadError::Invalid(s);
        if file.format != FORMAT {
            return Err(LoadError::Format(file.format));
        }
        if file.version != VERSION {
            return Err(LoadError::Version { found: file.version });
        }
        // Before any move is replayed: a never-ending move runs to the lap limit.
        file.rules.check()?;
        // A match adds the points of its games: bounded, so that no score can overflow.
        let p = file.rules.points;
        if [p.akawumbi, p.emitwe_ebiri, p.akakyala, p.normal].iter().any(|&v| v > MAX_POINTS) {
            return Err(invalid(format!("rules: the points for a win must be at most {MAX_POINTS}")));
        }
        for (side, p) in [("lower", &file.lower), ("upper", &file.upper)] {
            if p.name.chars().count() > MAX_NAME_CHARS {
                return Err(invalid(format!("{side}: the player name is longer than {MAX_NAME_CHARS} characters")));
            }
            if p.name.chars().any(char::is_control) {
                return Err(invalid(format!("{side}: the player name contains a control character")));
            }
        }
        let phase = match (file.setup, file.start) {
            (Some(_), Some(_)) => return Err(invalid("the file has both a setup in progress and a start".into())),
            (None, None) => return Err(invalid("the file has neither a setup nor a start".into())),
            (Some(setup), None) => {
                if !file.moves.is_empty() || file.current != 0 || file.resigned.is_some() {
                    return Err(invalid("a game still being laid out has no moves".into()));
                }
                let board: Position = setup.board.parse().map_err(|e| invalid(format!("setup board: {e}")))?;
                let lays_first = file.rules.lays_out_first(file.first);
                for side in Side::BOTH {
                    let seeds = board.side_total(side);
                    if seeds > SEEDS_PER_SIDE {
                        return Err(invalid(format!(
                            "setup board: {side} has {seeds} seeds, more than {SEEDS_PER_SIDE}"
                        )));
                    }
                    let must_be_done = setup.laying_out != lays_first && side == lays_first;
                    if must_be_done && seeds != SEEDS_PER_SIDE {
                        return Err(invalid(format!(
                            "setup board: {side} laid out first but has {seeds} seeds, not {SEEDS_PER_SIDE}"
                        )));
                    }
                    if side != lays_first && setup.laying_out == lays_first && seeds > 0 {
                        return Err(invalid(format!("setup board: {side} has seeds before laying out")));
                    }
                }
                Phase::Setup { board, laying_out: setup.laying_out }
            }
            (None, Some(start)) => {
                let start: GameState = start
                    .parse::<GameState>()
                    .map_err(|e| invalid(format!("start: {e}")))?
                    .with_options(file.rules)
                    .map_err(|e| invalid(format!("start: {e}")))?;
                let layouts = if file.from_layouts {
                    if start.first_moves() != FirstMoves::Both || start.captures() != [0, 0] {
                        return Err(invalid("start: a game from a setup starts before anyone has moved".into()));
                    }
                    if start.to_move() != file.first {
                        return Err(invalid(format!(
                            "start: {} is to move, but {} moves first",
                            start.to_move(),
                            file.first
                        )));
                    }
                    let layout = |side| Layout::from_position(start.position(), side);
                    Some([
                        layout(Side::Lower).map_err(|e| invalid(format!("start: {e}")))?,
                        layout(Side::Upper).map_err(|e| invalid(format!("start: {e}")))?,
                    ])
                } else {
                    None
                };
                if file.resigned.is_some() && file.current != file.moves.len() {
                    return Err(invalid(format!(
                        "a resignation ends the game at the current move {}, but {} moves are recorded",
                        file.current,
                        file.moves.len()
                    )));
                }
                let texts: Vec<String> = file.moves.iter().map(|m| m.play.clone()).collect();
                let mut game =
                    Game::from_record(start, layouts, &texts, file.current, file.resigned).map_err(invalid)?;
                for (i, record) in file.moves.iter().enumerate() {
                    if let Some(r) = &record.review
                        && (r.number != i + 1 || !game.set_review(r.clone()))
                    {
                        return Err(invalid(format!(
                            "move {} `{}`: its review is of move {} `{}`",
                            i + 1,
                            record.play,
                            r.number,
                            r.played
                        )));
                    }
                }
                for (i, (entry, record)) in game.all_entries().iter().zip(&file.moves).enumerate() {
                    let after: GameState = record
                        .after
                        .parse()
                        .map_err(|e| invalid(format!("move {} `{}`: the recorded state: {e}", i + 1, record.play)))?;
                    if after.to_string() != entry.after.to_string() {
                        return Err(invalid(format!(
                            "move {} `{}` gives `{}`, but the file records `{}`",
                            i + 1,
                            record.play,
                            entry.after,
                            record.after
                        )));
                    }
                }
                let result = game.result().map(|r: GameResult| r.to_string());
                if file.result != result {
                    let show = |r: Option<String>| r.unwrap_or_else(|| "none (the game goes on)".into());
                    return Err(invalid(format!(
                        "the file records the result `{}`, but the moves give `{}`",
                        show(file.result),
                        show(result)
                    )));
                }
                Phase::Game(game)
            }
        };
        Ok(SavedGame { players: [file.lower, file.upper], first: file.first, rules: file.rules, phase })
    }

    /// Reads and checks a saved game from a file.
    ///
    /// # Errors
    /// [`LoadError`] naming the first problem found.
    pub fn load(path: &Path) -> Result<SavedGame, LoadError> {
        let io = |source| LoadError::Io { path: path.to_path_buf(), source };
        let not_a_file = |kind| LoadError::NotAFile { path: path.to_path_buf(), kind };
        let metadata = fs::metadata(path).map_err(io)?;
        if let Some(kind) = FileKind::of(metadata.file_type()) {
            return Err(not_a_file(kind));
        }
        if metadata.len() > MAX_FILE_BYTES {
            return Err(LoadError::TooLarge { path: path.to_path_buf(), bytes: metadata.len() });
        }
        // The path may have changed since: open it without waiting (a FIFO would wait for
        // a writer) and ask the file opened what it is.
        let mut options = fs::OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NONBLOCK);
        let file = options.open(path).map_err(io)?;
        if let Some(kind) = FileKind::of(file.metadata().map_err(io)?.file_type()) {
            return Err(not_a_file(kind));
        }
        // The file may grow after its size was read: the read itself stops past the limit.
        let mut data = Vec::new();
        file.take(MAX_FILE_BYTES + 1).read_to_end(&mut data).map_err(io)?;
        if data.len() as u64 > MAX_FILE_BYTES {
            return Err(LoadError::TooLarge { path: path.to_path_buf(), bytes: data.len() as u64 });
        }
        let text = std::str::from_utf8(&data).map_err(|e| LoadError::NotText(e.valid_up_to()))?;
        SavedGame::from_ron(text)
    }

    /// Writes the game to `path` atomically. When `path` is a symlink, the file it names
    /// is written (the link stays). A fresh temporary file is created in that file's folder
    /// (random name, exclusive creation: never an existing file or a planted link), given
    /// the permissions of the file it replaces, written, flushed to disk and renamed over
    /// it.
    ///
    /// # Errors
    /// [`SaveError`] when any step fails, or when `path` is a folder, a named pipe, a socket
    /// or a device (never replaced); the file is then untouched and no temporary file is
    /// left.
    pub fn save(&self, path: &Path) -> Result<(), SaveError> {
        crate::disk::write_atomically(path, self.to_ron().as_bytes())
            .map_err(|source| SaveError { path: path.to_path_buf(), source })
    }

    /// A one-paragraph summary for `omweso check`: players, phase, moves and result.
    pub fn summary(&self) -> String {
        let who = |p: &Player| match p.computer {
            Some(level) => format!("{} (computer, {level})", p.name),
            None => p.name.clone(),
        };
        let players =
            format!("Lower: {}; Upper: {}; {} moves first", who(&self.players[0]), who(&self.players[1]), self.first);
        match &self.phase {
            Phase::Setup { laying_out, .. } => format!("{players}\nphase: setup, {laying_out} is laying out"),
            Phase::Game(g) => format!(
                "{players}\nmoves: {} on the board, {} recorded\nstate: {}\nresult: {}",
                g.cursor(),
                g.all_entries().len(),
                g.current(),
                g.result().map_or_else(|| "ongoing".to_string(), |r| r.to_string())
            ),
        }
    }
}
