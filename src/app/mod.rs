//! The game window (eframe/egui): a wooden board on which two people at one computer lay
//! out their seeds and play a game of Omweso.
//!
//! How it fits together (the egui demo app pattern, see STYLE.md):
//! - [`App`] holds the game ([`crate::game::Game`]), the setup editor, the move being sown
//!   and its animation, and the persistent [`Settings`] (serde, restored by eframe).
//! - Each frame, [`App::ui`] reads the keyboard once ([`App::read_shortcuts`]), draws the
//!   menu bar and side panel ([`panels`]), the board ([`board`]) and the dialogs
//!   ([`dialogs`]). All of them only *record* [`Command`]s.
//! - After drawing, [`App::apply`] carries the commands out. Every rule comes from
//!   [`crate::rules`]: legal holes, sowing, decision points, outcomes.
//! - The animation ([`animation`]) is a function of the engine's trace and the time since
//!   the move started; it is cancelled by any command that changes the game.

pub mod animation;
pub mod board;
pub mod command;
pub mod computer;
pub mod dialogs;
pub mod files;
pub mod panels;
pub mod setup;
pub mod theme;

pub use command::Command;

use crate::game::{Game, GameResult};
use crate::rules::{GameState, Hole, LapEnd, Layout, Side, Sowing, Trace};
use animation::{Animation, Speed};
use board::BoardView;
use computer::{Answer, Computer};
use egui::{Context, Key, KeyboardShortcut, Modifiers};
use setup::{NewGameForm, Setup};

/// The eframe storage key of the autosaved game.
pub const AUTOSAVE_KEY: &str = "omweso-autosave";
/// Where an autosave that could not be read is set aside (kept, never overwritten by the
/// next autosave).
pub const DAMAGED_AUTOSAVE_KEY: &str = "omweso-autosave-damaged";

/// What the window opens on.
pub enum Start {
    /// A new session: the New Game dialog.
    Fresh,
    /// A game state (`--state`).
    State(GameState),
    /// A saved game, read from this file.
    Saved(Box<crate::savefile::SavedGame>, std::path::PathBuf),
    /// A file that could not be opened: a fresh start (as [`Start::Fresh`]) that shows
    /// this message, so that opening a bad file from a file manager says why.
    Unreadable(String),
}

/// What the window remembers between runs (eframe persistence).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Show the hole letters.
    pub letters: bool,
    /// Mark every playable hole.
    pub show_playable: bool,
    /// Upper's view (Upper's half at the bottom).
    pub flipped: bool,
    /// Turn the board toward the player to move.
    pub auto_flip: bool,
    /// Animate sowing.
    pub animate: bool,
    /// Animation speed.
    pub speed: Speed,
    /// The last New Game form.
    pub form: NewGameForm,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            letters: true,
            show_playable: false,
            flipped: false,
            auto_flip: false,
            animate: true,
            speed: Speed::Normal,
            form: NewGameForm::default(),
        }
    }
}

/// Setting up (laying out seeds) or playing.
#[derive(Clone, Debug)]
pub enum Stage {
    /// The players lay out their seeds.
    Setup(Setup),
    /// The game is on (or over).
    Play,
}

/// The window's state.
pub struct App {
    /// Persistent settings.
    pub settings: Settings,
    /// Player names by [`Side::index`].
    pub names: [String; 2],
    /// Setup or play.
    pub stage: Stage,
    /// The game record (undo/redo/resign live there).
    pub game: Game,
    /// A move stopped at a decision point (RULES.md 3.5).
    sowing: Option<Sowing>,
    /// The animation of the last move (or of its laps so far).
    anim: Option<Animation>,
    /// Review: the number of moves of the position shown read-only.
    pub review: Option<usize>,
    /// Points of finished games of this session, by side.
    banked: [u32; 2],
    /// The New Game dialog, when open.
    pub new_game: Option<NewGameForm>,
    /// The keyboard help window is open.
    pub show_help: bool,
    /// The computer player, in a game against the computer.
    pub computer: Option<Computer>,
    /// A suggested move for the player to move.
    pub hint: Option<crate::rules::Move>,
    /// The file the game was opened from or saved to.
    pub file: Option<std::path::PathBuf>,
    /// Changed since it was last saved or opened.
    pub dirty: bool,
    /// The file dialogs (tests put their own here).
    pub file_dialogs: Box<dyn files::FileDialogs>,
    /// An error to show (a file that could not be read or written).
    pub message: Option<String>,
    /// A command waiting for the answer to "discard unsaved changes?".
    pub confirm: Option<Command>,
    /// The prompt for a typed path, open where no file dialog could be shown.
    pub path_prompt: Option<files::PathPrompt>,
    /// The side asked to confirm its resignation, while the question is open.
    pub resign_prompt: Option<Side>,
    /// The text of an autosave that could not be restored, to set aside at the next save.
    damaged_autosave: Option<String>,
    title: String,
    game_over_dismissed: bool,
    hovered: Option<Hole>,
    preview_cache: Option<(GameState, Hole, Option<Hole>)>,
    /// The play clock (seconds): egui's clock less the time spent behind a prompt, so that
    /// an animation stands still while play is paused.
    now: f64,
    /// egui's clock at the last frame.
    clock: Option<f64>,
    commands: Vec<Command>,
}

impl App {
    /// A window on a fresh session: the New Game dialog open over an empty board.
    pub fn new(settings: Settings) -> App {
        let names = settings.form.names.clone();
        let options = settings.form.options;
        let placeholder = Game::from_layouts(Layout::twos(), Layout::twos(), Side::Lower, options);
        let form = settings.form.clone();
        App {
            settings,
            names,
            stage: Stage::Setup(Setup::new(Side::Lower, options)),
            game: placeholder,
            sowing: None,
            anim: None,
            review: None,
            banked: [0; 2],
            new_game: Some(form),
            show_help: false,
            computer: None,
            hint: None,
            file: None,
            dirty: false,
            file_dialogs: Box::new(files::SystemDialogs),
            message: None,
            damaged_autosave: None,
            confirm: None,
            path_prompt: None,
            resign_prompt: None,
            title: String::new(),
            game_over_dismissed: false,
            hovered: None,
            preview_cache: None,
            now: 0.0,
            clock: None,
            commands: Vec::new(),
        }
    }

    /// A window that opens on `state` (`omweso --state`).
    pub fn with_state(settings: Settings, state: GameState) -> App {
        let mut app = App::new(settings);
        app.new_game = None;
        app.game = Game::from_state(state);
        app.stage = Stage::Play;
        app
    }

    /// A window on a saved game (`omweso game.omweso`).
    pub fn from_saved(settings: Settings, saved: crate::savefile::SavedGame) -> App {
        use crate::savefile::Phase;
        let mut app = App::new(settings);
        app.new_game = None;
        app.names = saved.players.clone().map(|p| p.name);
        app.computer = Side::BOTH
            .into_iter()
            .zip(&saved.players)
            .find_map(|(side, p)| p.computer.map(|level| Computer::new(computer::Opponent { side, level })));
        match saved.phase {
            Phase::Game(game) => {
                app.game = game;
                app.stage = Stage::Play;
            }
            Phase::Setup { board, laying_out } => {
                let mut s = Setup::new(saved.first, saved.rules);
                s.counts = [board.side_counts(Side::Lower), board.side_counts(Side::Upper)];
                s.laying = laying_out;
                let other = laying_out.opponent();
                s.done[other.index()] = s.placed(other) == crate::rules::SEEDS_PER_SIDE;
                app.stage = Stage::Setup(s);
            }
        }
        app
    }

    /// The eframe constructor: dark visuals, then [`App::restore`] from eframe's storage.
    pub fn from_creation(cc: &eframe::CreationContext<'_>, start: Start) -> App {
        cc.egui_ctx.set_visuals(egui::Visuals::dark());
        App::restore(cc.storage, start)
    }

    /// The window as the last session left it: settings from `storage`, then `start`; a
    /// fresh start picks up the autosaved game ([`AUTOSAVE_KEY`]). An autosave that cannot
    /// be read is set aside under [`DAMAGED_AUTOSAVE_KEY`] at the next save, with a notice.
    pub fn restore(storage: Option<&dyn eframe::Storage>, start: Start) -> App {
        let settings: Settings = storage.and_then(|s| eframe::get_value(s, eframe::APP_KEY)).unwrap_or_default();
        // Autosave: a fresh start picks up the game of the last session, if any. A damaged
        // one is set aside with a notice.
        let mut damaged = None;
        let autosaved = match storage.and_then(|s| s.get_string(AUTOSAVE_KEY)) {
            None => None,
            Some(text) => match crate::savefile::SavedGame::from_ron(&text) {
                Ok(g) => Some(g),
                Err(e) => {
                    damaged = Some((text, e.to_string()));
                    None
                }
            },
        };
        let (start, notice) = match start {
            Start::Unreadable(message) => (Start::Fresh, Some(message)),
            start => (start, None),
        };
        let mut app = match start {
            Start::Fresh | Start::Unreadable(_) => match autosaved {
                Some(g) => App::from_saved(settings, g),
                None => App::new(settings),
            },
            Start::State(s) => App::with_state(settings, s),
            Start::Saved(g, path) => {
                let mut app = App::from_saved(settings, *g);
                app.file = Some(path);
                app
            }
        };
        if let Some((text, error)) = damaged {
            app.message =
                Some(format!("The game autosaved last time could not be restored ({error}); it was set aside."));
            app.damaged_autosave = Some(text);
        }
        if let Some(message) = notice {
            app.message = Some(message);
        }
        app
    }

    /// Records a command to apply after this frame (tests and plug-ins use this too).
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The move waiting at a decision point, if any.
    pub fn sowing(&self) -> Option<&Sowing> {
        self.sowing.as_ref()
    }

    /// True while a prompt (unsaved changes, a typed path, resigning) or the New Game dialog
    /// is open:
    /// play pauses — the animation stands still, the computer starts no search and its
    /// answer waits, and the board takes no clicks.
    pub fn paused(&self) -> bool {
        self.confirm.is_some() || self.new_game.is_some() || self.path_prompt.is_some() || self.resign_prompt.is_some()
    }

    /// True while a move is being animated.
    pub fn animating(&self) -> bool {
        self.anim.as_ref().is_some_and(|a| !a.finished(self.now))
    }

    /// The side whose move is being animated, while it is.
    pub fn sowing_side(&self) -> Option<Side> {
        self.anim.as_ref().filter(|a| !a.finished(self.now)).map(Animation::mover)
    }

    /// Seeds per hole as the board shows them now: mid-animation, mid-move or at rest.
    pub fn shown_counts(&self) -> [u8; 32] {
        match &self.stage {
            Stage::Setup(s) => s.board(),
            Stage::Play => match (self.anim.as_ref().filter(|a| !a.finished(self.now)), &self.sowing) {
                (Some(a), _) => *a.frame(self.now).position.counts(),
                (None, Some(s)) => *s.position().counts(),
                (None, None) => *self.shown_state().position().counts(),
            },
        }
    }

    /// The side that acts now: the player laying out, or the player to move.
    pub fn acting_side(&self) -> Side {
        match &self.stage {
            Stage::Setup(s) => s.laying,
            Stage::Play => self.shown_state().to_move(),
        }
    }

    /// The state shown on the board when no move is under way (review or live).
    pub fn shown_state(&self) -> &GameState {
        self.game.state_at(self.review.unwrap_or(self.game.cursor()))
    }

    /// The game state shown, in RULES.md §5 notation (mid-move: the board so far).
    pub fn shown_state_text(&self) -> String {
        self.shown_state().to_string()
    }

    /// True when the board shows Upper at the bottom.
    pub fn flipped(&self) -> bool {
        if self.settings.auto_flip { self.acting_side() == Side::Upper } else { self.settings.flipped }
    }

    /// Points of the session by side: finished games plus the current one if it is over.
    pub fn match_score(&self) -> [u32; 2] {
        let mut s = self.banked;
        if matches!(self.stage, Stage::Play)
            && let Some(r) = self.game.result()
            && let Some(w) = r.winner()
        {
            s[w.index()] += r.points(self.game.options());
        }
        s
    }

    /// The result, once the animation of the last move is over.
    pub fn shown_result(&self) -> Option<GameResult> {
        if !matches!(self.stage, Stage::Play) || self.animating() {
            return None;
        }
        self.game.result()
    }

    /// True when the game-over dialog is showing.
    pub fn game_over_open(&self) -> bool {
        self.shown_result().is_some() && !self.game_over_dismissed && self.review.is_none()
    }

    /// One frame: read keys, draw, then apply what was asked.
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        let time = ctx.input(|i| i.time);
        let dt = self.clock.map_or(0.0, |c| (time - c).max(0.0));
        self.clock = Some(time);
        if !self.paused() {
            self.now += dt;
        }
        self.read_shortcuts(&ctx);
        self.drive_computer(&ctx);
        panels::menu_bar(self, ui);
        panels::side_panel(self, ui);
        let view = self.board_view();
        let resp = egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(theme::TABLE))
            .show(ui, |ui| board::show(ui, &view))
            .inner;
        self.board_commands(&resp);
        dialogs::show(self, &ctx);
        if ctx.input(|i| i.viewport().close_requested()) && self.dirty && self.confirm.is_none() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.confirm = Some(Command::Quit);
        }
        let commands = std::mem::take(&mut self.commands);
        if !commands.is_empty() {
            // What a command changed (the computer's turn to lay out or to move, a result to
            // show) is acted on in the next frame: ask for it now rather than wait for input.
            ctx.request_repaint();
        }
        for c in commands {
            let guarded = matches!(c, Command::OpenNewGame | Command::Open | Command::Quit)
                || (matches!(c, Command::NewGameFromState(_)) && self.new_game.is_none());
            if guarded && self.dirty && self.confirm.is_none() {
                self.confirm = Some(c);
                continue;
            }
            let changes = matches!(
                c,
                Command::PlayHole { .. }
                    | Command::Choose(_)
                    | Command::Undo
                    | Command::Redo
                    | Command::RedoTo(_)
                    | Command::Resign(_)
                    | Command::StartGame(_)
                    | Command::Rematch
                    | Command::SetupAdd(_)
                    | Command::SetupRemove(_)
                    | Command::SetupPreset(_)
                    | Command::SetupDone
                    | Command::ComputerMove(..)
            );
            self.apply(c, &ctx);
            if changes {
                self.dirty = true;
            }
        }
        let name = self.file.as_ref().and_then(|f| f.file_name()).map(|n| n.to_string_lossy().into_owned());
        let title = format!("{}{} — Omweso", name.as_deref().unwrap_or("Untitled"), if self.dirty { " *" } else { "" });
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.animating() && !self.paused() {
            ctx.request_repaint();
        }
    }

    fn board_commands(&mut self, resp: &board::BoardResponse) {
        if self.hovered != resp.hovered {
            self.hovered = resp.hovered;
        }
        if self.paused() {
            return;
        }
        if let Some(d) = resp.choose {
            self.push(Command::Choose(d));
        }
        match &self.stage {
            Stage::Setup(_) => {
                if let Some((h, m)) = resp.clicked {
                    self.push(if m.shift { Command::SetupRemove(h) } else { Command::SetupAdd(h) });
                }
                if let Some(h) = resp.secondary {
                    self.push(Command::SetupRemove(h));
                }
            }
            Stage::Play => {
                if let Some((h, m)) = resp.clicked {
                    self.push(Command::PlayHole { hole: h, split: m.shift });
                }
            }
        }
    }

    /// True when the side acting now is the computer's.
    pub fn computer_turn(&self) -> bool {
        self.computer.as_ref().is_some_and(|c| c.opponent.side == self.acting_side())
    }

    /// Lays out the computer's seeds, asks for its moves and collects the answers.
    fn drive_computer(&mut self, ctx: &Context) {
        let paused = self.paused();
        let busy = paused || self.animating() || self.sowing.is_some() || self.review.is_some();
        let Some(c) = self.computer.as_mut() else { return };
        c.wake(ctx);
        match &mut self.stage {
            Stage::Setup(s) => {
                if s.laying == c.opponent.side && !busy {
                    let other = s.laying.opponent();
                    let seen = if s.done[other.index()] { s.layout(other) } else { None };
                    s.counts[s.laying.index()] = c.layout(seen.as_ref(), &s.options).counts();
                    self.commands.push(Command::SetupDone);
                }
            }
            // Behind a prompt a reply that has come waits in the worker's channel.
            Stage::Play if paused => {}
            Stage::Play => {
                let mut answered = false;
                match c.poll() {
                    Some(Answer::Move(state, mv)) => {
                        // Played after this frame: not a reason to search the same state again.
                        answered = true;
                        self.commands.push(Command::ComputerMove(state, mv));
                    }
                    Some(Answer::Hint(state, mv)) if &state == self.game.current() => self.hint = Some(mv),
                    Some(Answer::Hint(..)) | None => {}
                }
                let state = self.game.current();
                if !busy && !answered && self.game.result().is_none() && state.to_move() == c.opponent.side {
                    c.ask_move(state);
                }
                // The worker wakes the window when it answers; this is only a fallback.
                if c.thinking() || c.hinting() {
                    ctx.request_repaint_after(std::time::Duration::from_millis(250));
                }
            }
        }
    }

    /// How a player is named on screen: the name, with the side when the name is not the
    /// side's own ("Nakato (Lower)", but just "Lower").
    pub fn player_label(&self, side: Side) -> String {
        let name = &self.names[side.index()];
        if name.trim().is_empty() || *name == side.to_string() {
            side.to_string()
        } else if name.ends_with(')') {
            // "Computer (Beginner) · Upper" rather than two pairs of brackets.
            format!("{name} · {side}")
        } else {
            format!("{name} ({side})")
        }
    }

    /// What the board shows now.
    pub fn board_view(&mut self) -> BoardView {
        let mut v = BoardView {
            flipped: self.flipped(),
            letters: self.settings.letters,
            show_clickable: self.settings.show_playable,
            names: Side::BOTH.map(|side| self.player_label(side)),
            ..BoardView::default()
        };
        match &self.stage {
            Stage::Setup(s) => {
                v.counts = s.board();
                let human = self.computer.as_ref().is_none_or(|c| c.opponent.side != s.laying);
                v.clickable = if human { Hole::all(s.laying).collect() } else { Vec::new() };
                v.to_move = Some(s.laying);
                v.show_clickable = false;
                return v;
            }
            Stage::Play => {}
        }
        let shown = self.review.unwrap_or(self.game.cursor());
        let state = self.game.state_at(shown).clone();
        v.counts = *state.position().counts();
        let over = self.review.is_none() && self.game.result().is_some();
        v.to_move = if over { None } else { Some(state.to_move()) };
        if let Some(anim) = self.anim.as_ref().filter(|a| !a.finished(self.now)) {
            let f = anim.frame(self.now);
            v.counts = *f.position.counts();
            v.hand = f.hand;
            v.captured = f.captured;
            v.lifted = f.lifted;
            v.to_move = Some(anim.mover());
            return v;
        }
        if let Some(s) = &self.sowing {
            v.counts = *s.position().counts();
            v.offer = s.decision();
            v.to_move = Some(s.mover());
            v.captured = captured_holes(s.laps());
            return v;
        }
        if shown > 0
            && let Some(entry) = self.game.all_entries().get(shown - 1)
        {
            v.last_start = Some(entry.mv.start());
            if let Ok((_, trace)) = self.game.state_at(shown - 1).play(&entry.mv) {
                v.captured = captured_holes(&trace.laps);
            }
        }
        if self.review.is_none() {
            v.hint = self.hint_holes();
        }
        if self.review.is_none() && self.game.result().is_none() && self.new_game.is_none() && !self.computer_turn() {
            v.clickable = state.playable_holes().collect();
            if let Some(h) = self.hovered.filter(|h| v.clickable.contains(h)) {
                v.preview = self.preview(&state, h);
            }
        }
        v
    }

    /// The holes of the hinted move: its start, then each hole from which it chooses to
    /// sow clockwise (the start again for a move such as `i3xF`).
    pub fn hint_holes(&self) -> Vec<Hole> {
        let Some(mv) = &self.hint else { return Vec::new() };
        let mut holes = vec![mv.start()];
        for c in mv.choices().iter().filter(|c| c.direction == crate::rules::Direction::Clockwise) {
            if !holes[1..].contains(&c.hole) {
                holes.push(c.hole);
            }
        }
        holes
    }

    /// Where the first lap from `hole` ends (cached per state and hole).
    fn preview(&mut self, state: &GameState, hole: Hole) -> Option<Hole> {
        if let Some((s, h, p)) = &self.preview_cache
            && s == state
            && *h == hole
        {
            return *p;
        }
        let p = state.start_move(hole, false).ok().and_then(|mut s| {
            s.advance();
            s.laps().first().map(|l| l.last)
        });
        self.preview_cache = Some((state.clone(), hole, p));
        p
    }

    /// Reads every keyboard shortcut, once per frame, into commands.
    pub fn read_shortcuts(&mut self, ctx: &Context) {
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let dialog = self.new_game.is_some();
        let setup = matches!(self.stage, Stage::Setup(_));
        let acting = self.acting_side();
        let mut cmds = Vec::new();
        if self.path_prompt.is_some() || self.resign_prompt.is_some() {
            // The typed-path prompt (its text field has the keyboard while it is focused)
            // and the resign question answer Esc; no other key reaches the game behind them.
            if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
                let cancel = if self.path_prompt.is_some() { Command::CancelPathPrompt } else { Command::CancelResign };
                self.commands.push(cancel);
            }
            return;
        }
        if self.confirm.is_some() {
            // The unsaved-changes prompt answers Esc (cancel) and Ctrl+S (save); no other
            // key reaches the game behind it.
            ctx.input_mut(|i| {
                if i.consume_key(Modifiers::NONE, Key::Escape) {
                    cmds.push(Command::CancelConfirm);
                }
                if i.consume_shortcut(&KeyboardShortcut::new(Modifiers::COMMAND, Key::S)) {
                    cmds.push(Command::Save);
                }
            });
            self.commands.extend(cmds);
            return;
        }
        ctx.input_mut(|i| {
            let mut pasted: Vec<String> = i
                .events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::Paste(text) => Some(text.clone()),
                    _ => None,
                })
                .collect();
            let mut sc = |m: Modifiers, k: Key| i.consume_shortcut(&KeyboardShortcut::new(m, k));
            if sc(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z) || sc(Modifiers::COMMAND, Key::Y) {
                cmds.push(Command::Redo);
            }
            if sc(Modifiers::COMMAND, Key::Z) {
                cmds.push(Command::Undo);
            }
            if sc(Modifiers::COMMAND, Key::N) {
                cmds.push(Command::OpenNewGame);
            }
            if sc(Modifiers::COMMAND | Modifiers::SHIFT, Key::S) {
                cmds.push(Command::SaveAs);
            }
            if sc(Modifiers::COMMAND, Key::S) {
                cmds.push(Command::Save);
            }
            if sc(Modifiers::COMMAND, Key::O) {
                cmds.push(Command::Open);
            }
            if sc(Modifiers::NONE, Key::F1) {
                cmds.push(Command::ToggleHelp);
            }
            if sc(Modifiers::NONE, Key::Escape) {
                cmds.push(if dialog { Command::CancelNewGame } else { Command::ReviewEnd });
            }
            // Pasted text (Ctrl+V, or the dialog's Paste button) when no text field has the
            // keyboard: a game state to start from.
            cmds.extend(pasted.drain(..).map(Command::NewGameFromState));
            if dialog {
                return;
            }
            let simple = [
                (Key::F3, Command::ToggleLetters),
                (Key::F4, Command::TogglePlayable),
                (Key::F5, Command::Flip),
                (Key::F6, Command::ToggleAnimation),
                (Key::Space, Command::SkipAnimation),
                (Key::ArrowLeft, Command::ReviewPrev),
                (Key::ArrowRight, Command::ReviewNext),
                (Key::Home, Command::ReviewFirst),
                (Key::End, Command::ReviewEnd),
                (Key::X, Command::Choose(crate::rules::Direction::Clockwise)),
                (Key::R, Command::Choose(crate::rules::Direction::Anticlockwise)),
            ];
            for (k, c) in simple {
                if sc(Modifiers::NONE, k) {
                    cmds.push(c);
                }
            }

            let shift = i.modifiers.shift;
            for (n, k) in LETTER_KEYS.iter().enumerate() {
                if i.consume_key(Modifiers::NONE, *k)
                    && let Some(hole) = Hole::all(acting).nth(n)
                {
                    cmds.push(match (setup, shift) {
                        (true, false) => Command::SetupAdd(hole),
                        (true, true) => Command::SetupRemove(hole),
                        (false, _) => Command::PlayHole { hole, split: false },
                    });
                }
            }
        });
        self.commands.extend(cmds);
    }

    /// Carries out one command.
    pub fn apply(&mut self, command: Command, ctx: &Context) {
        use Command as C;
        match command {
            C::PlayHole { hole, split } => self.play_hole(hole, split),
            C::Choose(dir) => {
                if !self.paused()
                    && let Some(mut s) = self.sowing.take()
                {
                    let before = *s.position();
                    let known = s.laps().len();
                    if s.choose(dir).is_ok() {
                        self.run_sowing(s, before, known);
                    } else {
                        self.sowing = Some(s);
                    }
                }
            }
            C::SkipAnimation => self.anim = None,
            C::ComputerMove(state, mv) => {
                let ok = matches!(self.stage, Stage::Play)
                    && &state == self.game.current()
                    && self.sowing.is_none()
                    && self.review.is_none()
                    && self.game.result().is_none();
                if ok && let Ok(trace) = self.game.play(&mv) {
                    self.hint = None;
                    self.game_over_dismissed = false;
                    if self.settings.animate {
                        self.anim = Some(Animation::new(&trace, self.now, self.settings.speed.rate()));
                    }
                }
            }
            C::MoveNow => {
                if let Some(c) = &self.computer {
                    c.move_now();
                }
            }
            C::Hint => {
                if let Some(c) = self.computer.as_mut()
                    && matches!(self.stage, Stage::Play)
                    && self.game.result().is_none()
                    && self.sowing.is_none()
                    && self.game.current().to_move() != c.opponent.side
                {
                    c.ask_hint(self.game.current());
                }
            }
            C::Undo => {
                self.anim = None;
                self.review = None;
                if self.sowing.take().is_none() && matches!(self.stage, Stage::Play) {
                    self.game.undo();
                    // Against the computer, go back to the human's turn.
                    if let Some(c) = &self.computer {
                        while self.game.current().to_move() == c.opponent.side && self.game.undo() {}
                    }
                }
                self.hint = None;
                if let Some(c) = self.computer.as_mut() {
                    c.cancel();
                }
                self.game_over_dismissed = false;
            }
            C::Redo => self.redo_to(self.game.cursor() + 1),
            C::RedoTo(n) => self.redo_to(n),
            C::AskResign(side) => {
                if matches!(self.stage, Stage::Play) && self.game.result().is_none() && !self.animating() {
                    self.resign_prompt = Some(side);
                }
            }
            C::CancelResign => self.resign_prompt = None,
            C::Resign(side) => {
                self.resign_prompt = None;
                if matches!(self.stage, Stage::Play) && self.game.result().is_none() && !self.animating() {
                    self.sowing = None;
                    self.anim = None;
                    self.review = None;
                    self.hint = None;
                    let _ = self.game.resign(side);
                    self.game_over_dismissed = false;
                }
            }
            C::OpenNewGame => self.new_game = Some(self.settings.form.clone()),
            C::CancelNewGame => self.new_game = None,
            C::StartGame(form) => self.start_game(*form),
            C::Rematch => {
                let first = self.game.start().to_move().opponent();
                let options = *self.game.options();
                self.bank();
                self.reset_move();
                self.stage = Stage::Setup(Setup::new(first, options));
            }
            C::SetupAdd(h) => {
                if let Stage::Setup(s) = &mut self.stage
                    && self.computer.as_ref().is_none_or(|c| c.opponent.side != s.laying)
                {
                    s.add(h);
                }
            }
            C::SetupRemove(h) => {
                if let Stage::Setup(s) = &mut self.stage {
                    s.remove(h);
                }
            }
            C::SetupPreset(p) => {
                if let Stage::Setup(s) = &mut self.stage {
                    s.preset(p);
                }
            }
            C::SetupDone => self.setup_done(),
            C::ReviewAt(n) => self.review_at(Some(n)),
            C::ReviewPrev => {
                let cur = self.review.unwrap_or(self.game.cursor());
                if cur > 0 {
                    self.review_at(Some(cur - 1));
                }
            }
            C::ReviewNext => {
                if let Some(n) = self.review {
                    self.review_at(Some(n + 1));
                }
            }
            C::ReviewFirst => self.review_at(Some(0)),
            C::ReviewEnd => self.review = None,
            C::Flip => {
                self.settings.flipped = !self.flipped();
                self.settings.auto_flip = false;
            }
            C::ToggleLetters => self.settings.letters ^= true,
            C::TogglePlayable => self.settings.show_playable ^= true,
            C::ToggleAnimation => {
                self.settings.animate ^= true;
                self.anim = None;
            }
            C::ToggleHelp => self.show_help ^= true,
            C::DismissGameOver => self.game_over_dismissed = true,
            C::CopyState => ctx.copy_text(self.shown_state_text()),
            C::NewGameFromState(text) => {
                let form = self.new_game.get_or_insert_with(|| self.settings.form.clone());
                form.from_position = true;
                form.state_text = text.trim().to_string();
                form.error = None;
            }
            C::Open => {
                self.confirm = None;
                match self.file_dialogs.open() {
                    Ok(Some(path)) => self.open_file(path),
                    Ok(None) => {}
                    Err(why) => self.path_prompt = Some(files::PathPrompt::new(files::FileAction::Open, None, why)),
                }
            }
            C::OpenPath(path) => {
                self.path_prompt = None;
                self.open_file(path);
            }
            C::SavePath(path) => {
                self.path_prompt = None;
                self.save_to(path);
            }
            C::CancelPathPrompt => {
                self.path_prompt = None;
                // A save asked for by the unsaved-changes prompt did not happen: keep asking.
            }
            C::Save => self.save(false),
            C::SaveAs => self.save(true),
            C::Quit => {
                self.confirm = None;
                self.dirty = false;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            C::Discard => {
                if let Some(c) = self.confirm.take() {
                    self.dirty = false;
                    self.apply(c, ctx);
                }
            }
            C::CancelConfirm => self.confirm = None,
            C::CopyRecord => ctx.copy_text(self.record_text()),
        }
    }

    /// Opens a saved game; on failure the game on the board is kept and the error shown.
    pub fn open_file(&mut self, path: std::path::PathBuf) {
        match crate::savefile::SavedGame::load(&path) {
            Ok(saved) => {
                self.reset_move();
                let settings = self.settings.clone();
                let dialogs = std::mem::replace(&mut self.file_dialogs, Box::new(files::SystemDialogs));
                *self = App::from_saved(settings, saved);
                self.file_dialogs = dialogs;
                self.file = Some(path);
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Saves to the game's file, asking for one first when there is none or `ask`.
    fn save(&mut self, ask: bool) {
        let path = match (&self.file, ask) {
            (Some(p), false) => Some(p.clone()),
            _ => match self.file_dialogs.save("game.omweso") {
                Ok(p) => p,
                Err(why) => {
                    let prompt = files::PathPrompt::new(files::FileAction::Save, self.file.as_deref(), why);
                    self.path_prompt = Some(prompt);
                    return;
                }
            },
        };
        if let Some(path) = path {
            self.save_to(path);
        }
    }

    /// Saves the game to `path`; then carries out the command that waited for the save.
    fn save_to(&mut self, path: std::path::PathBuf) {
        match files::to_saved(self).save(&path) {
            Ok(()) => {
                self.file = Some(path);
                self.dirty = false;
                if let Some(c) = self.confirm.take() {
                    self.commands.push(c);
                }
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// The game as text: the start state, then the moves with their numbers.
    pub fn record_text(&self) -> String {
        self.game.record_text()
    }

    /// True when the game may be changed by anything but Undo: not while a move is being
    /// sown on the board (its animation, or a decision it waits at), so that Resign and
    /// Redo never act on a game other than the one shown. Undo takes the move back.
    pub fn can_change_game(&self) -> bool {
        matches!(self.stage, Stage::Play) && self.sowing.is_none() && !self.animating()
    }

    /// Plays the redo branch again up to `n` moves; against the computer, on to the
    /// human's turn.
    fn redo_to(&mut self, n: usize) {
        if !self.can_change_game() || n <= self.game.cursor() || n > self.game.all_entries().len() {
            return;
        }
        self.anim = None;
        self.review = None;
        while self.game.cursor() < n && self.game.redo() {}
        if let Some(c) = self.computer.as_mut() {
            c.cancel();
            if self.game.current().to_move() == c.opponent.side {
                self.game.redo();
            }
        }
        self.hint = None;
        self.game_over_dismissed = false;
    }

    fn review_at(&mut self, n: Option<usize>) {
        if self.sowing.is_some() || !matches!(self.stage, Stage::Play) {
            return;
        }
        self.anim = None;
        self.review = n.filter(|&n| n < self.game.cursor());
    }

    fn reset_move(&mut self) {
        if let Some(c) = self.computer.as_mut() {
            c.cancel();
        }
        self.hint = None;
        self.sowing = None;
        self.anim = None;
        self.review = None;
        self.game_over_dismissed = false;
        self.preview_cache = None;
    }

    fn bank(&mut self) {
        self.banked = self.match_score();
    }

    fn start_game(&mut self, mut form: NewGameForm) {
        let state = if form.from_position {
            match form.parse_state() {
                Ok(s) => Some(s),
                Err(e) => {
                    form.error = Some(e);
                    self.new_game = Some(form);
                    return;
                }
            }
        } else {
            None
        };
        let mut names = form.names.clone();
        if let Some(o) = form.opponent() {
            names[o.side.index()] = format!("Computer ({})", o.level);
        }
        // The match score runs across the games of the same two players; new players
        // start a new match.
        if names == self.names {
            self.bank();
        } else {
            self.banked = [0, 0];
        }
        self.reset_move();
        self.names = names;
        self.computer = form.opponent().map(Computer::new);
        self.new_game = None;
        match state {
            Some(s) => {
                self.game = Game::from_state(s);
                self.stage = Stage::Play;
            }
            None => self.stage = Stage::Setup(Setup::new(form.first_mover(), form.options)),
        }
        form.error = None;
        self.settings.form = form;
    }

    fn setup_done(&mut self) {
        let Stage::Setup(s) = &mut self.stage else { return };
        if s.done().is_some()
            && let (Some(lower), Some(upper)) = (s.layout(Side::Lower), s.layout(Side::Upper))
        {
            self.game = Game::from_layouts(lower, upper, s.first, s.options);
            self.stage = Stage::Play;
            self.reset_move();
        }
    }

    fn play_hole(&mut self, hole: Hole, split: bool) {
        if !matches!(self.stage, Stage::Play)
            || self.sowing.is_some()
            || self.review.is_some()
            || self.paused()
            || self.game.result().is_some()
        {
            return;
        }
        if self.computer_turn() {
            return;
        }
        let state = self.game.current();
        // The rules decide whether the hole can be played: start_move refuses otherwise.
        let split = split && state.can_split(hole);
        let before = *state.position();
        if let Ok(s) = state.start_move(hole, split) {
            self.hint = None;
            self.anim = None;
            self.game_over_dismissed = false;
            self.run_sowing(s, before, 0);
        }
    }

    /// Sows on until the next decision or the end of the move; animates the laps from
    /// `known` on, starting from the board `before` them.
    fn run_sowing(&mut self, mut s: Sowing, before: crate::rules::Position, known: usize) {
        let mover = s.mover();
        let rate = self.settings.speed.rate();
        let animate = self.settings.animate;
        let now = self.now;
        match s.advance() {
            crate::rules::Progress::Decision(_) => {
                if animate {
                    let t = Trace { mover, start: before, laps: s.laps()[known..].to_vec() };
                    self.anim = Some(Animation::new(&t, now, rate));
                }
                self.sowing = Some(s);
            }
            crate::rules::Progress::Finished => {
                if let Ok((succ, trace)) = s.finish()
                    && self.game.play(&succ.mv).is_ok()
                    && animate
                {
                    let t = Trace { mover, start: before, laps: trace.laps[known.min(trace.laps.len())..].to_vec() };
                    self.anim = Some(Animation::new(&t, now, rate));
                }
            }
        }
    }
}

/// Opponent holes captured in these laps.
fn captured_holes(laps: &[crate::rules::Lap]) -> Vec<Hole> {
    laps.iter()
        .filter_map(|l| match l.end {
            LapEnd::Capture { front, back, .. } => Some([front, back]),
            _ => None,
        })
        .flatten()
        .collect()
}

/// The keys A..P, which name the holes a..p (A..P) of the player whose turn it is.
const LETTER_KEYS: [Key; 16] = [
    Key::A,
    Key::B,
    Key::C,
    Key::D,
    Key::E,
    Key::F,
    Key::G,
    Key::H,
    Key::I,
    Key::J,
    Key::K,
    Key::L,
    Key::M,
    Key::N,
    Key::O,
    Key::P,
];

impl eframe::App for App {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        App::ui(self, ui);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, eframe::APP_KEY, &self.settings);
        if let Some(text) = self.damaged_autosave.take() {
            storage.set_string(DAMAGED_AUTOSAVE_KEY, text);
        }
        storage.set_string(AUTOSAVE_KEY, files::to_saved(self).to_ron());
    }
}
