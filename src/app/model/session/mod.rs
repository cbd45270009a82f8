//! The session: everything the window shows and the player does, as one model with no egui
//! in it. Its shape says what can happen now:
//! - the [`Seats`]: the players' names and who sits across (people, the computer, the
//!   network), and the match score;
//! - the [`Document`]: the file and the game as last saved or opened ("changed" is a
//!   comparison with it, never a flag);
//! - the [`Phase`]: setting out seeds, or play with its [`Turn`];
//! - the [`Modals`] stack: the windows over the board; "is play paused?" is asked of it.
//!
//! Commands are carried out by [`Session::apply`] (in `apply.rs`), by matching on the phase
//! and the command; what must happen outside the model (files, the online connection, the
//! clipboard, closing the window) comes back as [`Effect`]s, which `app::effects` hands to
//! the services; their answers come back as commands.

mod apply;
mod apply_play;
mod document;
mod jobs;
mod leaving;
mod lesson;
mod online;
mod play;
mod puzzle;
mod saving;
mod seats;
mod shown;
mod teach;
mod tournament;

pub use crate::app::model::command::SaveAsked;
pub use crate::app::model::lesson_run::{Feedback, LessonRun};
pub use crate::app::model::puzzle_run::{PuzzleFeedback, PuzzleRun};
pub use document::{Closing, Document};
pub use play::{Play, PlayKind, Turn};

use crate::app::model::modal::{Modal, Modals};
use crate::app::model::seat::Seats;
use crate::app::model::settings::Settings;
use crate::app::model::setup_board::SetupBoard;
use crate::app::services::analysis::{Judgements, Proven};
use crate::app::services::computer::{Computer, Opponent};
use crate::app::services::files::{FileDialogs, SystemDialogs};
use crate::app::services::job::Waker;
use crate::game::Game;
use crate::savefile::{self, SavedGame};
use crate::tournament::Match;
use omweso_rules::{GameState, Side};
use std::path::{Path, PathBuf};

/// Setting out seeds (the players lay out, RULES.md §2), or playing (the game is on, or
/// over): the one [`savefile::Phase`], holding the window's boards.
pub type Phase = savefile::Phase<SetupBoard, Box<Play>>;

/// What the model asks of the world outside it (issue 49): the app hands each to its
/// service, whose answer, if any, comes back as a [`crate::app::model::command::Command`].
/// The model itself reads and writes no file.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Put this text on the clipboard.
    Copy(String),
    /// Close the window.
    Close,
    /// Read the saved game at this path; the answer is a `Command::FileRead`.
    Read(PathBuf),
    /// Write `game` to `path`; the answer is a `Command::FileWritten`.
    Write {
        /// Where.
        path: PathBuf,
        /// The game, as the document will hold it once written.
        game: Box<SavedGame>,
    },
    /// Look at what is at `path` before saving there; the answer is a `Command::Looked`.
    Look {
        /// Where the game is to be saved.
        path: PathBuf,
        /// How the place was given.
        asked: SaveAsked,
    },
    /// Stamp the document's file (a document that came back without its stamp); the answer
    /// is a `Command::Stamped`.
    Stamp(PathBuf),
    /// Ask this of the online game's connection; the server's answers come back as
    /// `Command::Online(OnlineCommand::Heard(…))`.
    Network(crate::app::model::online::ToServer),
}

/// The whole session (see the module documentation).
pub struct Session {
    settings: Settings,
    /// Who plays each side: the names, and the computer or the network across the board.
    seats: Seats,
    banked: [u32; 2],
    /// The match under way (issue 21): its settings and the games finished.
    matched: Option<Match>,
    document: Document,
    phase: Phase,
    modals: Modals,
    /// The file dialogs, and the system's one while it is open on its thread.
    files: Files,
    effects: Vec<Effect>,
    /// The play clock (seconds), set by the window each frame.
    now: f64,
    /// Whether the window is closing (the computer then starts nothing more) and which
    /// game is kept when it does.
    closing: Closing,
    waker: Option<Waker>,
    /// The course of lessons, read and checked at start-up (or why it could not be).
    lessons: Result<Vec<crate::lessons::Lesson>, String>,
    /// What the engine found, by position: its judgements and the solver's proofs.
    findings: Findings,
    /// The coach for the layout (Check my layout, Propose a reply), in the setup.
    layout_coach: crate::app::model::layout_coach::LayoutCoach,
    /// Counts the changes to the session: what is kept between runs is written when it moves.
    revision: Revision,
}

/// Counts the changes to the session (every command, every verdict kept): what is kept
/// between runs is written when it moves, and [`Session::changed`] is worked out once per
/// revision rather than once per frame.
#[derive(Debug, Default)]
struct Revision {
    count: u64,
    /// [`Session::changed`] at a revision.
    changed_at: std::cell::Cell<Option<(u64, bool)>>,
}

/// The file dialogs to ask (the system's, or a test's), and the system's dialog while it is
/// open on its thread.
struct Files {
    dialogs: Box<dyn FileDialogs>,
    pending: Option<crate::app::services::files::PendingDialog>,
}

/// What the engine found, by position: every judgement made (the one voice of the engine on
/// each position) and what the solver found (`None`: nothing proven in its time).
#[derive(Default)]
struct Findings {
    judgements: Judgements,
    proofs: std::collections::HashMap<GameState, Option<Proven>>,
}

impl Session {
    /// A fresh session: the New Game dialog open over an empty setup.
    pub fn new(settings: Settings) -> Session {
        let form = settings.form.clone();
        let phase = Phase::Setup(SetupBoard::new(Side::Lower, form.options));
        let mut s = Session::with_phase(settings, form.names.clone(), None, phase, None);
        s.modals.open(Modal::NewGame(Box::new(form)));
        s
    }

    /// A session on `state`, the game starting there (`omweso --state`).
    pub fn from_state(settings: Settings, state: GameState) -> Session {
        let names = settings.form.names.clone();
        Session::with_phase(settings, names, None, Phase::Play(Box::new(Play::new(Game::from_state(state)))), None)
    }

    /// A session on a saved game, opened from `path` when given.
    pub fn from_saved(settings: Settings, saved: SavedGame, path: Option<PathBuf>) -> Session {
        let matched = saved.matched.clone();
        let (names, opponent, phase) = Session::parts_of(saved);
        let mut s = Session::with_phase(settings, names, opponent, phase, None);
        s.matched = matched;
        s.document = Document::new(path, Some(s.to_saved()), None);
        // The file's stamp is asked of the files' service: until it answers, a save does
        // not know whether another program changed the file.
        s.effects.extend(s.document.path.clone().map(Effect::Stamp));
        s
    }

    fn with_phase(
        settings: Settings,
        names: [String; 2],
        opponent: Option<Opponent>,
        phase: Phase,
        path: Option<PathBuf>,
    ) -> Session {
        let mut s = Session {
            settings,
            seats: Seats::against(names, opponent),
            banked: [0; 2],
            matched: None,
            document: Document::default(),
            phase,
            modals: Modals::default(),
            files: Files { dialogs: Box::new(SystemDialogs), pending: None },
            effects: Vec::new(),
            now: 0.0,
            closing: Closing::Open,
            waker: None,
            lessons: crate::lessons::all().map_err(|e| e.to_string()),
            findings: Findings::default(),
            layout_coach: Default::default(),
            revision: Revision::default(),
        };
        if let Some(c) = s.seats.computer_mut() {
            c.set_threads(s.settings.threads);
        }
        s.document = Document::new(path, Some(s.to_saved()), None);
        s
    }

    /// The players, the computer and the phase a saved game describes.
    fn parts_of(saved: SavedGame) -> ([String; 2], Option<Opponent>, Phase) {
        let names = saved.players.clone().map(|p| p.name);
        let opponent = Side::BOTH.into_iter().zip(&saved.players).find_map(|(side, p)| {
            p.computer.map(|kept| Opponent { side, level: crate::app::model::seat::engine_level(kept) })
        });
        let phase = match saved.phase {
            savefile::Phase::Play(game) => Phase::Play(Box::new(Play::timed(game, saved.clock))),
            savefile::Phase::Setup(setup) => {
                Phase::Setup(SetupBoard { setup, lesson: None, clock: saved.clock.map(|c| c.settings) })
            }
        };
        (names, opponent, phase)
    }

    /// The file dialogs to use (tests put their own here).
    pub fn set_dialogs(&mut self, dialogs: Box<dyn FileDialogs>) {
        self.files.dialogs = dialogs;
    }

    /// What the computer's worker calls when it has answered (the window repaints).
    pub fn set_waker(&mut self, wake: Waker) {
        if let Some(c) = self.seats.computer_mut() {
            c.set_waker(wake.clone());
        }
        self.waker = Some(wake);
    }

    /// Tells the player something (opens a problem notice).
    pub fn notify(&mut self, text: String) {
        self.modals.open(Modal::Problem(text));
    }

    /// Shows `mv` as the suggested move (the computer's answer to Hint), when it is a legal
    /// move of the live game's player to move; otherwise nothing changes.
    pub fn show_hint(&mut self, mv: omweso_rules::Move) {
        if let Phase::Play(p) = &mut self.phase
            && p.ready()
            && p.game.current().play(&mv).is_ok()
        {
            p.set_hint(mv);
        }
    }

    /// Marks the game as changed since it was last saved (a restored game that had unsaved
    /// changes: the saved version is not known).
    pub fn forget_baseline(&mut self) {
        self.document.baseline = None;
        self.touch();
    }

    /// The effects asked for since the last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.effects)
    }

    // ---- What the window reads ----

    /// The view settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The phase.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// The play phase, if the game is on.
    pub fn play(&self) -> Option<&Play> {
        match &self.phase {
            Phase::Play(p) => Some(p),
            Phase::Setup(_) => None,
        }
    }

    /// The game, if it is on.
    pub fn game(&self) -> Option<&Game> {
        self.play().map(|p| &p.game)
    }

    /// The setup, while seeds are being laid out.
    pub fn setup(&self) -> Option<&SetupBoard> {
        match &self.phase {
            Phase::Setup(s) => Some(s),
            Phase::Play(_) => None,
        }
    }

    /// The windows open over the board.
    pub fn modals(&self) -> &Modals {
        &self.modals
    }

    /// The windows open over the board, for their widgets to edit (a form, a typed path).
    pub fn modals_mut(&mut self) -> &mut Modals {
        &mut self.modals
    }

    /// The file and the saved version of the game.
    pub fn document(&self) -> &Document {
        &self.document
    }

    /// The computer player, in a game against the computer.
    pub fn computer(&self) -> Option<&Computer> {
        self.seats.computer()
    }

    /// Player names by [`Side::index`].
    pub fn names(&self) -> &[String; 2] {
        self.seats.names()
    }

    /// The play clock (seconds).
    pub fn now(&self) -> f64 {
        self.now
    }

    /// True while a window that pauses play is open (see [`Modal::pauses`]).
    pub fn paused(&self) -> bool {
        self.modals.paused()
    }

    /// True when the game differs from the one last saved or opened (or started). A lesson
    /// is not a document: it never counts as changed.
    pub fn changed(&self) -> bool {
        if let Some((revision, changed)) = self.revision.changed_at.get()
            && revision == self.revision.count
        {
            return changed;
        }
        let changed = !self.teaching() && self.document.differs_from(&self.to_saved());
        self.revision.changed_at.set(Some((self.revision.count, changed)));
        changed
    }

    /// The session's revision: it moves with every change to what is kept between runs
    /// (and possibly with others).
    pub fn revision(&self) -> u64 {
        self.revision.count
    }

    /// Notes a change to the session (see [`Session::revision`]).
    pub(super) fn touch(&mut self) {
        self.revision.count += 1;
    }

    /// The coach for the layout: its searches and its answer about the layout on the board.
    pub fn layout_coach(&self) -> &crate::app::model::layout_coach::LayoutCoach {
        &self.layout_coach
    }

    /// The review of the whole game's progress (moves done, in all), while it runs.
    pub fn game_review_progress(&self) -> Option<(usize, usize)> {
        self.play()?.jobs.game_review.as_ref().map(|r| r.progress)
    }

    /// True when the threatened holes are marked: the setting, or always in a lesson and
    /// against the Beginner level; never in a tournament game.
    pub fn show_threats(&self) -> bool {
        !self.tournament_on()
            && (self.settings.threats
                || self.lesson().is_some_and(|run| run.lesson.threats)
                || self.seats.computer().is_some_and(|c| c.opponent.level == omweso_engine::Level::Beginner))
    }

    /// The lesson under way, if any: on a board in play, or on a step that practises
    /// setting out the seeds.
    pub fn lesson(&self) -> Option<&LessonRun> {
        match &self.phase {
            Phase::Setup(s) => s.lesson.as_deref(),
            Phase::Play(p) => p.lesson(),
        }
    }

    /// The puzzle under way, if any.
    pub fn puzzle(&self) -> Option<&PuzzleRun> {
        self.play().and_then(|p| p.puzzle())
    }

    /// True on a board that teaches (a lesson or a puzzle), which is not a document: not
    /// saved, undone, hinted or counted in the match.
    pub fn teaching(&self) -> bool {
        self.lesson().is_some() || self.puzzle().is_some()
    }

    /// The course of lessons, or why it could not be loaded.
    pub fn lessons(&self) -> Result<&[crate::lessons::Lesson], &str> {
        self.lessons.as_deref().map_err(String::as_str)
    }

    /// True while the player is new: the course is not finished (every lesson done), or
    /// the setting asks for plain words. The coach then tells what a move gave away that
    /// the board shows, and keeps proofs and notation for the analysis panel (issue 51).
    pub fn newcomer(&self) -> bool {
        self.settings.plain_coach
            || self.lessons().map_or(true, |all| all.iter().any(|l| !self.settings.lessons_done.contains(&l.id)))
    }

    /// The window's title: `game.omweso * — Omweso` (`Untitled` without a file, `*` when
    /// changed).
    pub fn title(&self) -> String {
        let name = self.document.path.as_ref().and_then(|f| f.file_name()).map(|n| n.to_string_lossy().into_owned());
        format!("{}{} — Omweso", name.as_deref().unwrap_or("Untitled"), if self.changed() { " *" } else { "" })
    }

    /// The game to keep for the next run: the one on the board, or after "Discard" on
    /// closing, the one last saved (or started).
    pub fn to_keep(&self) -> SavedGame {
        match (&self.document.baseline, self.closing) {
            (Some(b), Closing::Discarding) => b.clone(),
            _ => self.to_saved(),
        }
    }

    /// Points of the session by side: finished games plus the current one once its result
    /// is shown.
    pub fn match_score(&self) -> [u32; 2] {
        if let Some(m) = self.match_with_shown() {
            return m.points();
        }
        let mut s = self.banked;
        if let (Some(r), Some(game)) = (self.shown_result().filter(|_| !self.teaching()), self.game())
            && let Some(w) = r.winner()
        {
            s[w.index()] = s[w.index()].saturating_add(r.points(game.options()));
        }
        s
    }

    /// True when the side acting now is the computer's.
    pub fn computer_turn(&self) -> bool {
        self.seats.seat(self.acting_side()) == crate::app::model::seat::Seat::Computer
    }

    /// True when the live game waits for a move of a human player: a move can be started,
    /// a hint asked for.
    pub fn human_to_move(&self) -> bool {
        self.play().is_some_and(|p| {
            p.ready()
                && p.game.result().is_none()
                && match &p.kind {
                    PlayKind::Game => true,
                    PlayKind::Lesson(l) => l.awaits_move(p),
                    PlayKind::Puzzle(r) => r.feedback.is_none() && p.game.cursor() == 0,
                }
        }) && !self.computer_turn()
            && !self.remote_turn()
    }

    /// The live game outside a lesson (where Undo, Redo, Resign, Hint and saving mean
    /// something).
    fn game_play(&self) -> Option<&Play> {
        self.play().filter(|p| p.is_game())
    }

    /// The side that would resign with the Resign button: against the computer the human,
    /// else the player to move.
    pub fn resigning_side(&self) -> Option<Side> {
        let p = self.play()?;
        if let Some(o) = self.seats.online() {
            return o.seat();
        }
        Some(match self.seats.computer() {
            Some(c) => c.opponent.side.opponent(),
            None => p.game.current().to_move(),
        })
    }

    /// True when Undo means something now (not in review).
    pub fn can_undo(&self) -> bool {
        !self.takebacks_barred()
            && self.game_play().is_some_and(|p| p.review.is_none() && (p.game.can_undo() || p.sowing().is_some()))
    }

    /// True when Redo means something now (nothing under way, not in review).
    pub fn can_redo(&self) -> bool {
        !self.takebacks_barred() && self.game_play().is_some_and(|p| p.ready() && p.game.can_redo())
    }

    /// True when the Resign button means something now: nothing under way, live, not over.
    pub fn can_resign(&self) -> bool {
        self.game_play().is_some_and(|p| p.ready() && p.game.result().is_none())
    }

    /// How a player is named on screen: the name, with the side when the name is not the
    /// side's own ("Nakato (Lower)", but just "Lower").
    pub fn player_label(&self, side: Side) -> String {
        let name = &self.seats.names()[side.index()];
        if name.trim().is_empty() || *name == side.to_string() {
            side.to_string()
        } else if name.ends_with(')') {
            // "Computer (Beginner) · Upper" rather than two pairs of brackets.
            format!("{name} · {side}")
        } else {
            format!("{name} ({side})")
        }
    }

    /// The game as text: the start state, then the moves with their numbers.
    pub fn record_text(&self) -> String {
        self.game().map(Game::record_text).unwrap_or_default()
    }

    /// A link that opens the game on the board with its moves, on a page
    /// ([`crate::app::model::link::game_fragment`] after the page's address); `None` in a
    /// window, which has no address, or with no game.
    pub fn game_link(&self) -> Option<String> {
        let fragment = crate::app::model::link::game_fragment(self.game()?);
        crate::app::services::address::page_link(&fragment)
    }

    /// The file name to suggest in a save dialog: the game's own, or `game.omweso`.
    fn suggested_name(&self) -> String {
        self.document
            .path
            .as_deref()
            .and_then(Path::file_name)
            .map_or_else(|| "game.omweso".to_string(), |n| n.to_string_lossy().into_owned())
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_clock;
#[cfg(test)]
mod tests_document;
#[cfg(test)]
mod tests_engine;
#[cfg(test)]
mod tests_online;
#[cfg(test)]
mod tests_prompt;
#[cfg(test)]
mod tests_puzzle;
#[cfg(test)]
mod tests_set_out;
