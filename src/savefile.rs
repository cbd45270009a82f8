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
use crate::game::{Game, TimeEnd};
use crate::tournament::{Clock, MAX_MATCH_GOAL, Match, MatchGoal, MatchSettings, count_of};
pub use errors::{InvalidGame, LoadError, SaveError};
use omweso_rules::notation::StateTextError;
use omweso_rules::{FirstMoves, GameState, Layout, Position, RuleOptions, Setup, SetupError, Side, WinKind};
use std::path::Path;

mod errors;

/// The file name extension of saved games.
pub const EXTENSION: &str = "omweso";
/// The format version this program writes. Version 2 (issue 21) adds the clock, a game's
/// end on time, turns lost on time (`time` where a move would be) and the match; files of
/// version 1 still open.
pub const VERSION: u32 = 2;
/// The oldest format version this program reads.
pub const OLDEST_VERSION: u32 = 1;
/// Most games a match file may hold before the game on the board.
pub const MAX_MATCH_GAMES: usize = 1000;
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
    pub computer: Option<ComputerLevel>,
}

/// The computer's level as the saved file keeps it: the file's own type (issue 49), so that
/// a change to the engine's levels cannot change the format; the window reads each as the
/// engine's level of the same name (`app::model::seat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ComputerLevel {
    /// The weakest level.
    Beginner,
    /// Two moves deep.
    Casual,
    /// Four moves deep.
    Strong,
    /// As deep as the time allows.
    Master,
}

impl std::fmt::Display for ComputerLevel {
    /// `Beginner`, `Casual`, `Strong` or `Master`, as the file writes it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ComputerLevel::Beginner => "Beginner",
            ComputerLevel::Casual => "Casual",
            ComputerLevel::Strong => "Strong",
            ComputerLevel::Master => "Master",
        })
    }
}

/// Where a game stands: setting out, or playing (or over). One enum for the saved file
/// and the window: a saved game's is `Phase` itself (`Phase<Setup, Game>`: the rules'
/// setting-out and the game record); the window's session holds its boards in it
/// (`Phase<SetupBoard, Box<Play>>`, see `crate::app::model::session::Phase`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase<S = Setup, P = Game> {
    /// Laying out (RULES.md §2). Saved: the rules' setting-out as it is, checked when read
    /// ([`Setup::resume`]); the file keeps its board so far and who is placing seeds now.
    Setup(S),
    /// Playing or over. Saved: the whole game.
    Play(P),
}

/// Everything a saved file holds, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct SavedGame {
    /// Lower's and Upper's players.
    pub players: [Player; 2],
    /// The side that moves first.
    pub first: Side,
    /// The rule options.
    pub rules: RuleOptions,
    /// Setup or game.
    pub phase: Phase,
    /// The clock of the game on the board, with the time left, when it is timed.
    pub clock: Option<Clock>,
    /// The match the game belongs to, with the games finished before it.
    pub matched: Option<Match>,
}

/// The file as written: plain data, read by serde, checked by [`SavedGame::from_file`].
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
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
    /// How the clock stopped the game, if it did (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_end: Option<TimeEnd>,
    /// The clock of the game, with the time left (version 2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clock: Option<Clock>,
    /// The match: its settings and the games finished before this one (version 2).
    #[serde(default, rename = "match", skip_serializing_if = "Option::is_none")]
    matched: Option<MatchRecord>,
}

/// A match as written: its settings and its finished games, each replayed when read.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct MatchRecord {
    settings: MatchSettings,
    games: Vec<PastGame>,
}

/// A finished game of a match, under the file's rules.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct PastGame {
    /// The starting state in game-state notation.
    start: String,
    /// True when `start` is made of the two players' layouts.
    from_layouts: bool,
    /// Every move (or `time`), in RULES.md notation.
    moves: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resigned: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    time_end: Option<TimeEnd>,
    /// The result, for a reader; checked against the replay.
    result: String,
}

impl PastGame {
    fn of(game: &Game) -> PastGame {
        PastGame {
            start: game.start().to_string(),
            from_layouts: game.layouts().is_some(),
            moves: game.moves().iter().map(|e| e.text.clone()).collect(),
            resigned: game.resigned(),
            time_end: game.time_end(),
            result: game.result().map(|r| r.to_string()).unwrap_or_default(),
        }
    }

    /// The game replayed under `rules` and checked: every move legal, and over with the
    /// result recorded.
    fn replay(&self, number: usize, rules: RuleOptions) -> Result<Game, InvalidGame> {
        let bad = |reason| InvalidGame::MatchGame { number, reason: Box::new(reason) };
        let start = self
            .start
            .parse::<GameState>()
            .map_err(|e| bad(InvalidGame::Start(e)))?
            .with_options(rules)
            .map_err(|e| bad(InvalidGame::Start(StateTextError::Invalid(e))))?;
        let layouts = if self.from_layouts {
            let layout = |side| Layout::from_position(start.position(), side).map_err(InvalidGame::StartLayout);
            Some([layout(Side::Lower).map_err(bad)?, layout(Side::Upper).map_err(bad)?])
        } else {
            None
        };
        let game = Game::from_record(start, layouts, &self.moves, self.moves.len(), self.resigned, self.time_end)
            .map_err(|e| bad(InvalidGame::Record(e)))?;
        let replayed = game.result();
        if replayed.map(|r| r.to_string()).as_deref() != Some(self.result.as_str()) {
            return Err(bad(InvalidGame::ResultMismatch { recorded: Some(self.result.clone()), replayed }));
        }
        Ok(game)
    }
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
    review: Option<crate::verdict::MoveReview>,
}

const FORMAT: &str = "omweso-game";

/// True when two states agree on what game-state notation records: the board, the side to
/// move, who has still to make a first move and the capture counts. (The rule options
/// come from the file's `rules`, and how a game ended from the move that ended it, not
/// from the recorded text.)
fn same_recorded_state(a: &GameState, b: &GameState) -> bool {
    a.position() == b.position()
        && a.to_move() == b.to_move()
        && a.first_moves() == b.first_moves()
        && a.captures() == b.captures()
}

impl SavedGame {
    /// The same saved game with its clock as at the start of a turn with no time spent
    /// (the times left kept apart): for asking whether the game itself has changed.
    pub fn without_time_spent(&self) -> SavedGame {
        let mut s = self.clone();
        if let Some(c) = &mut s.clock {
            c.left = [0.0; 2];
            c.spent = 0.0;
            c.stage = crate::tournament::Stage::Starting;
        }
        s
    }

    /// The RON text of the game.
    pub fn to_ron(&self) -> String {
        let (setup, start, from_layouts, moves, current, resigned, result, time_end) = match &self.phase {
            Phase::Setup(setup) => (
                Some(SetupRecord { board: setup.position().to_string(), laying_out: setup.laying }),
                None,
                false,
                vec![],
                0,
                None,
                None,
                None,
            ),
            Phase::Play(game) => (
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
                game.time_end(),
            ),
        };
        let matched = self
            .matched
            .as_ref()
            .map(|m| MatchRecord { settings: m.settings, games: m.games.iter().map(PastGame::of).collect() });
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
            time_end,
            clock: self.clock.clone(),
            matched,
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
        if file.format != FORMAT {
            return Err(LoadError::Format(file.format));
        }
        if !(OLDEST_VERSION..=VERSION).contains(&file.version) {
            return Err(LoadError::Version { found: file.version });
        }
        if let Some(clock) = &file.clock
            && !clock.is_plausible()
        {
            return Err(InvalidGame::Clock.into());
        }
        // Before any move is replayed: a never-ending move runs to the lap limit.
        file.rules.check()?;
        // A match adds the points of its games: bounded, so that no score can overflow.
        for kind in [WinKind::Akawumbi, WinKind::EmitweEbiri, WinKind::Akakyala, WinKind::Normal] {
            let points = file.rules.points.of(kind);
            if points > MAX_POINTS {
                return Err(InvalidGame::TooManyPoints { kind, points }.into());
            }
        }
        for (side, p) in [(Side::Lower, &file.lower), (Side::Upper, &file.upper)] {
            let chars = p.name.chars().count();
            if chars > MAX_NAME_CHARS {
                return Err(InvalidGame::NameTooLong { side, chars }.into());
            }
            if p.name.chars().any(crate::quote::is_hidden) {
                return Err(InvalidGame::NameControlCharacter { side }.into());
            }
        }
        let phase = match (file.setup, file.start) {
            (Some(_), Some(_)) => return Err(InvalidGame::SetupAndStart.into()),
            (None, None) => return Err(InvalidGame::NeitherSetupNorStart.into()),
            (Some(setup), None) => {
                if !file.moves.is_empty() || file.current != 0 || file.resigned.is_some() || file.time_end.is_some() {
                    return Err(InvalidGame::SetupWithMoves.into());
                }
                let board: Position = setup.board.parse().map_err(InvalidGame::SetupBoard)?;
                let resumed = Setup::resume(file.first, file.rules, &board, setup.laying_out);
                Phase::Setup(resumed.map_err(|e| match e {
                    SetupError::Overfull { side, seeds } => InvalidGame::SetupOverfull { side, seeds },
                    SetupError::FirstUnfinished { side, seeds } => InvalidGame::SetupFirstUnfinished { side, seeds },
                    SetupError::SeedsBeforeTurn { side, seeds } => InvalidGame::SetupSeedsBeforeTurn { side, seeds },
                })?)
            }
            (None, Some(start)) => {
                let start: GameState = start
                    .parse::<GameState>()
                    .map_err(InvalidGame::Start)?
                    .with_options(file.rules)
                    .map_err(|e| InvalidGame::Start(StateTextError::Invalid(e)))?;
                let layouts = if file.from_layouts {
                    if start.first_moves() != FirstMoves::Both || start.captures() != [0, 0] {
                        let (first_moves, captures) = (start.first_moves(), start.captures());
                        return Err(InvalidGame::StartNotFresh { first_moves, captures }.into());
                    }
                    if start.to_move() != file.first {
                        return Err(InvalidGame::StartMover { to_move: start.to_move(), first: file.first }.into());
                    }
                    let layout = |side| Layout::from_position(start.position(), side).map_err(InvalidGame::StartLayout);
                    Some([layout(Side::Lower)?, layout(Side::Upper)?])
                } else {
                    None
                };
                if (file.resigned.is_some() || file.time_end.is_some()) && file.current != file.moves.len() {
                    let (current, recorded) = (file.current, file.moves.len());
                    return Err(InvalidGame::ResignedWithRedo { current, recorded }.into());
                }
                let texts: Vec<String> = file.moves.iter().map(|m| m.play.clone()).collect();
                let mut game = Game::from_record(start, layouts, &texts, file.current, file.resigned, file.time_end)
                    .map_err(InvalidGame::Record)?;
                for (i, record) in file.moves.iter().enumerate() {
                    if let Some(r) = &record.review
                        && (r.number != i + 1 || !game.set_review(r.clone()))
                    {
                        return Err(InvalidGame::Review {
                            number: i + 1,
                            play: record.play.clone(),
                            review_number: r.number,
                            review_played: r.played.clone(),
                        }
                        .into());
                    }
                }
                for (i, (entry, record)) in game.all_entries().iter().zip(&file.moves).enumerate() {
                    let recorded: GameState = record.after.parse().map_err(|reason| InvalidGame::RecordedState {
                        number: i + 1,
                        play: record.play.clone(),
                        reason,
                    })?;
                    if !same_recorded_state(&recorded, &entry.after) {
                        return Err(InvalidGame::StateMismatch {
                            number: i + 1,
                            play: record.play.clone(),
                            replayed: Box::new(entry.after.clone()),
                            recorded: Box::new(recorded),
                        }
                        .into());
                    }
                }
                // The result is written for a reader: the file's words are those the
                // replayed result prints.
                let replayed = game.result();
                if file.result != replayed.map(|r| r.to_string()) {
                    return Err(InvalidGame::ResultMismatch { recorded: file.result, replayed }.into());
                }
                Phase::Play(game)
            }
        };
        let matched = match file.matched {
            None => None,
            Some(record) => {
                if record.games.len() > MAX_MATCH_GAMES {
                    return Err(InvalidGame::MatchTooLong { games: record.games.len() }.into());
                }
                let (MatchGoal::Points(goal) | MatchGoal::Wins(goal)) = record.settings.goal;
                if !(1..=MAX_MATCH_GOAL).contains(&goal) {
                    return Err(InvalidGame::MatchGoal { goal }.into());
                }
                if let Some((name, seconds)) = record.settings.clock.out_of_range() {
                    return Err(InvalidGame::ClockSetting { name, seconds }.into());
                }
                let games = record
                    .games
                    .iter()
                    .enumerate()
                    .map(|(i, g)| g.replay(i + 1, file.rules))
                    .collect::<Result<Vec<_>, _>>()?;
                Some(Match { settings: record.settings, games })
            }
        };
        Ok(SavedGame {
            players: [file.lower, file.upper],
            first: file.first,
            rules: file.rules,
            phase,
            clock: file.clock,
            matched,
        })
    }

    /// Reads and checks a saved game from a file.
    ///
    /// # Errors
    /// [`LoadError`] naming the first problem found.
    pub fn load(path: &Path) -> Result<SavedGame, LoadError> {
        use crate::disk::DiskError;
        let data = crate::disk::read(path, MAX_FILE_BYTES, crate::disk::Links::Follow).map_err(|e| match e {
            DiskError::NotAFile { path, kind } => LoadError::NotAFile { path, kind },
            DiskError::TooLarge { path, .. } => LoadError::TooLarge { path },
            DiskError::NotText { at, .. } => LoadError::NotText(at),
            DiskError::Io { path, source } => LoadError::Io { path, source },
            other => {
                LoadError::Io { path: other.path().to_path_buf(), source: std::io::Error::other(other.to_string()) }
            }
        })?;
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
        let mut out = match &self.phase {
            Phase::Setup(setup) => format!("{players}\nphase: setup, {} is laying out", setup.laying),
            Phase::Play(g) => format!(
                "{players}\nmoves: {} on the board, {} recorded\nstate: {}\nresult: {}",
                g.cursor(),
                g.all_entries().len(),
                g.current(),
                g.result().map_or_else(|| "ongoing".to_string(), |r| r.to_string())
            ),
        };
        if let Some(clock) = &self.clock {
            out.push_str(&format!("\nclock: {}", clock_words(clock)));
        }
        if let Some(m) = &self.matched {
            let names = [self.players[0].name.clone(), self.players[1].name.clone()];
            // The game on the board counts once it is over, as the window counts it.
            let m = match &self.phase {
                Phase::Play(g) => m.with_game_over(g, g.result().is_some()),
                Phase::Setup(_) => m.clone(),
            };
            let before = self.matched.as_ref().map_or(0, |m| m.games.len());
            out.push_str(&format!("\nmatch: {}; {} finished", m.standing(&names), count_of(m.games.len(), "game")));
            for (i, g) in m.games.iter().enumerate() {
                let result = g.result().map(|r| (r.to_string(), r.points(g.options()))).unwrap_or_default();
                let (moves, points) = (count_of(g.moves().len(), "move"), count_of(result.1 as usize, "point"));
                let here = if i >= before { ", the game on the board" } else { "" };
                out.push_str(&format!("\n  game {}: {moves}, {} ({points}){here}", i + 1, result.0));
            }
            if let Some(w) = m.winner() {
                out.push_str(&format!("\nmatch won by {} ({w})", names[w.index()]));
            }
        }
        out
    }
}

/// The clock in words for `omweso check`: the limits and the game time left.
fn clock_words(clock: &Clock) -> String {
    let s = clock.settings;
    let mut parts = Vec::new();
    if let Some(t) = s.start_seconds {
        parts.push(format!("{t} s to start a move"));
    }
    if let Some(t) = s.finish_seconds {
        parts.push(format!("{t} s to finish it"));
    }
    if s.game_seconds.is_some() {
        parts.push(format!(
            "game time left Lower {:.0} s, Upper {:.0} s (+{} s a turn)",
            clock.left[0], clock.left[1], s.increment_seconds
        ));
    }
    if parts.is_empty() { "off".to_string() } else { parts.join(", ") }
}
