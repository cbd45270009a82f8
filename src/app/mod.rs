//! The game window (eframe/egui): a wooden board on which two people at one computer, or a
//! player and the computer, lay out their seeds and play a game of Omweso.
//!
//! Three rooms, imports going one way only, ui → model → services → the crates
//! (`tests/house.rs` fails on an import back up): [`ui`] draws and records commands,
//! [`model`] is what the window is about, [`services`] run beside it. How it fits together
//! (the egui demo app pattern, see STYLE.md):
//! - [`Session`] is the model, with no egui in it: players, the document, the phase and
//!   the move in progress, the windows over the board.
//! - [`App`] is the eframe glue: each frame its logic step ([`App::logic`], eframe's hook
//!   before drawing) lets the play clock run, reads the keyboard once ([`keymap`]) and polls
//!   the background (later starts, the file dialog, the computer, the engine's jobs); then
//!   it draws the menu bar and side panel ([`panels`]), the board ([`board`], from
//!   [`view`]) and the windows ([`dialogs`]). All of them only *record* [`Command`]s; after
//!   drawing, [`Session::apply`] carries them out.
//! - The animation ([`model::animation`]) is a function of the engine's trace and the play clock;
//!   the sound ([`sound`]) follows it, frame by frame, on the audio device's own thread.

pub mod effects;
pub mod model;
pub mod services;
pub mod ui;

pub use model::autosave::Start;
pub use model::command::Command;
pub use model::session::Session;
pub use model::settings::Settings;

use model::{autosave, session, settings};
#[cfg(not(target_arch = "wasm32"))]
use services::instance;
use services::{shutdown, store};
use ui::{board, dialogs, keymap, menu, panels, sound, theme, tournament_ui, view};

use egui::{Context, Vec2};
use session::Effect;

/// The storage key of the window's last position and size (the desktop's points).
pub const WINDOW_KEY: &str = "omweso.window";

/// The window's last outer position and inner size, in the desktop's points (what the
/// window opens with: egui's points times the zoom), so that a zoom with Ctrl+Plus does
/// not make the next start's window smaller.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct WindowRect {
    /// Top-left corner of the window's frame, when known.
    pub position: Option<(f32, f32)>,
    /// Size of the drawing area.
    pub size: (f32, f32),
}

impl WindowRect {
    /// The window whose outer and inner rectangles are `outer` and `inner` in egui's
    /// points at `zoom` (egui's zoom factor: egui's points are the desktop's divided by it).
    pub fn at_zoom(outer: Option<egui::Rect>, inner: egui::Rect, zoom: f32) -> WindowRect {
        WindowRect {
            position: outer.map(|r| (r.min.x * zoom, r.min.y * zoom)),
            size: (inner.width() * zoom, inner.height() * zoom),
        }
    }
}

/// The window: the session and what only a window has (the frame clock, the pointer, the
/// commands recorded this frame).
pub struct App {
    session: Session,
    /// The text of an autosave that could not be restored, set aside at the next save.
    damaged_autosave: Option<String>,
    commands: Vec<Command>,
    hovered: Option<omweso_rules::Hole>,
    /// On a touch screen, the hole touched once in this position: its lap's end is shown
    /// as a hovered hole's is, and a second touch sows it.
    /// When (egui's clock, in seconds) it was touched.
    touched_once: Option<(omweso_rules::GameState, omweso_rules::Hole, f64)>,
    preview: view::PreviewCache,
    threats: view::ThreatCache,
    title: String,
    /// The play clock (seconds): egui's clock less the time spent while play was paused,
    /// so that an animation stands still behind a prompt.
    now: f64,
    /// egui's clock at the last frame.
    clock: Option<f64>,
    /// A text field had the keyboard at the end of the last frame.
    text_focus: bool,
    /// The window's rectangle at the last frame (kept for the next run).
    window: Option<WindowRect>,
    /// The window has been checked against its monitor (first frames).
    placed: bool,
    /// The area under the menu bar beside the side panel, where the board is: the windows
    /// over the board stay in it.
    area: egui::Rect,
    /// Where the board was drawn in the last frame.
    board: Option<board::Geometry>,
    /// This window's hold on the one-window lock, and what later starts ask of it (a
    /// computer's: a page has no lock, each tab is a window of its own).
    #[cfg(not(target_arch = "wasm32"))]
    instance: Option<instance::First>,
    /// What is kept between runs, written as it changes (off the frame).
    store: store::Store,
    /// The session's revision and the window's rectangle last put in the store.
    stored: Option<(u64, Option<WindowRect>)>,
    /// The sound of the board (none in a window made by [`App::new`]).
    sound: sound::Sound,
    /// The online game's connection, opened and closed as the session asks.
    network: effects::Network,
}

impl App {
    /// A window on `session`.
    pub fn new(session: Session) -> App {
        App {
            session,
            damaged_autosave: None,
            commands: Vec::new(),
            hovered: None,
            touched_once: None,
            preview: view::PreviewCache::default(),
            threats: view::ThreatCache::default(),
            title: String::new(),
            now: 0.0,
            clock: None,
            text_focus: false,
            window: None,
            placed: false,
            area: egui::Rect::EVERYTHING,
            board: None,
            #[cfg(not(target_arch = "wasm32"))]
            instance: None,
            store: store::Store::in_memory(),
            stored: None,
            sound: sound::Sound::silent(),
            network: effects::Network::default(),
        }
    }

    /// Plays the board's sounds through `sound` ([`sound::Sound::open_device`] for the
    /// real window, [`sound::Sound::recording`] in tests).
    pub fn set_sound(&mut self, sound: sound::Sound) {
        self.sound = sound;
    }

    /// The sound of the board (whether it can be heard: [`sound::Sound::notice`]).
    pub fn sound(&self) -> &sound::Sound {
        &self.sound
    }

    /// The sound of the board, to play a cue: the referee's count for the clock
    /// ([`sound::Sound::count`]). Mute and volume are the settings' (applied each frame).
    pub fn sound_mut(&mut self) -> &mut sound::Sound {
        &mut self.sound
    }

    /// Keeps the one-window lock for as long as this window lives, and answers later
    /// starts' requests: come to the front, or open a saved game (asking first about
    /// unsaved changes, as Open does).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_instance(&mut self, first: instance::First) {
        self.instance = Some(first);
    }

    /// The requests of later starts, as commands and a raise of the window.
    #[cfg(not(target_arch = "wasm32"))]
    fn answer_later_starts(&mut self, ctx: &Context) {
        let Some(first) = &self.instance else { return };
        for request in first.requests() {
            log::info!("a later start asked: {request:?}");
            ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
            ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
            match request {
                instance::Request::Raise => {}
                instance::Request::Open(path) => self.commands.push(Command::OpenHanded(path)),
                instance::Request::Lesson(id) => match crate::lessons::all() {
                    Ok(all) => match all.iter().position(|l| l.id == id) {
                        Some(n) => self.commands.push(Command::StartLesson(n)),
                        None => {
                            self.session.notify(format!("A later start asked for lesson `{id}`, which there is not."))
                        }
                    },
                    Err(e) => self.session.notify(e.to_string()),
                },
                instance::Request::State(text) => match text.parse::<omweso_rules::GameState>() {
                    Ok(state) => self.commands.push(Command::PlayFromState(Box::new(state))),
                    Err(e) => self.session.notify(format!("A later start asked for a game state that is wrong: {e}")),
                },
            }
        }
    }

    /// The eframe constructor: the window's own theme ([`theme::install`]), then
    /// [`App::restore`] from `store` (eframe's own storage is not used: it is written only
    /// now and then, in place, and not when the program is killed). The system's request
    /// to end ([`shutdown`]) wakes this window. The audio device is looked for on a thread
    /// of its own ([`sound::Sound::open_device`]).
    pub fn from_creation(
        cc: &eframe::CreationContext<'_>,
        store: store::Store,
        start: Start,
        notices: Vec<String>,
    ) -> App {
        theme::install(&cc.egui_ctx);
        shutdown::attach(&cc.egui_ctx, store.handle());
        let mut app = App::restore(store, start, notices);
        app.set_sound(sound::Sound::open_device());
        app
    }

    /// The window as the last run left it in `store` (see [`autosave::restore`]); what it
    /// keeps from now on goes back to `store`.
    pub fn restore(store: store::Store, start: Start, notices: Vec<String>) -> App {
        let (session, damaged) = autosave::restore(Some(&store), start, notices);
        let mut app = App { damaged_autosave: damaged, store, ..App::new(session) };
        // A file handed to this start is read now, and the kept game's file stamped.
        for left in effects::serve(&mut app.session, &mut app.network) {
            log::warn!("an effect asked for before the window opened, dropped: {left:?}");
        }
        app
    }

    /// Puts what is kept between runs in the store when the session or the window's
    /// rectangle changed since, and hands it to the store's writer; a write that failed is
    /// told to the player. A clock running is no change (issue 49): its figures are kept
    /// with the next move, pause, setting or closing, never on their own.
    fn keep(&mut self) {
        let now = (self.session.revision(), self.window);
        if self.stored == Some(now) {
            return;
        }
        autosave::store(&mut self.store, &self.session, &mut self.damaged_autosave);
        if let Some(rect) = self.window
            && let Ok(text) = ron::to_string(&rect)
        {
            eframe::Storage::set_string(&mut self.store, WINDOW_KEY, text);
        }
        eframe::Storage::flush(&mut self.store);
        self.stored = Some(now);
    }

    /// Tells the player of a failed write of the store (once per failure).
    fn tell_store_problem(&mut self) {
        if let Some(problem) = self.store.take_problem() {
            self.session.notify(problem);
        }
    }

    /// The system asked the program to end: keep everything, wait for it to reach the
    /// disk, and close (no question about unsaved changes: they are kept between runs).
    fn end_for_the_system(&mut self, ctx: &Context) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(first) = &mut self.instance {
            first.stop_taking_requests();
        }
        self.session.close_for_the_system();
        self.keep();
        if !self.store.wait(std::time::Duration::from_secs(5)) {
            log::error!("the store was not written within 5 s");
        }
        ctx.send_viewport_cmd(egui::ViewportCommand::Close);
    }

    /// The session (read-only; everything changes through commands).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Where the board and its holes were drawn in the last frame, in egui's points (none
    /// before the first): what a test or a tool clicks at.
    pub fn board_geometry(&self) -> Option<board::Geometry> {
        self.board
    }

    /// Records a command to carry out after this frame (tests use this too).
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// What the drawing of a frame is lent: the session, the commands, the board's area and
    /// the sound ([`ui::Frame`]).
    fn frame(&mut self) -> ui::Frame<'_> {
        ui::Frame { session: &mut self.session, commands: &mut self.commands, area: self.area, sound: &self.sound }
    }

    /// One frame as eframe runs it (and the tests and benches do): [`App::logic`], then
    /// [`App::draw`].
    pub fn ui(&mut self, ui: &mut egui::Ui) {
        self.logic(ui.ctx());
        self.draw(ui);
    }

    /// The step before drawing (eframe's `App::logic`, called before each frame and, while
    /// the window is hidden, alone when something wakes it): the background is polled in
    /// one place. Always: later starts of the program (come to the front, open a file) and
    /// the system's request to end. With the window shown: the play clock, the sound, the
    /// keyboard (read once), the file dialog's answer, a game's clock, the computer's seat
    /// and the engine's jobs, all of which only record [`Command`]s for after the frame. A
    /// hidden window's game waits for it to be shown again.
    pub fn logic(&mut self, ctx: &Context) {
        #[cfg(not(target_arch = "wasm32"))]
        self.answer_later_starts(ctx);
        if shutdown::requested() {
            self.end_for_the_system(ctx);
        }
        if ctx.input(|i| i.viewport().visible()) == Some(false) {
            return;
        }
        let time = ctx.input(|i| i.time);
        let dt = self.clock.map_or(0.0, |c| (time - c).max(0.0));
        if self.clock.is_none() {
            log::info!("the first frame, {} ms after the start", crate::logging::since_start().as_millis());
            // The theme is set here too, for windows made without `from_creation` (tests).
            theme::install(ctx);
            // The computer's worker and the online connection wake this window when they answer.
            let wake = ctx.clone();
            let waker: services::job::Waker = std::sync::Arc::new(move || wake.request_repaint());
            self.session.set_waker(waker.clone());
            self.network.set_waker(waker);
        }
        self.clock = Some(time);
        // A phone's screen (issue 50) reads the small texts larger.
        theme::fit_text(ctx);
        // The play clock (and with it a game's clock) stands still while a window that
        // pauses is open or the window is minimised.
        let minimised = ctx.input(|i| i.viewport().minimized) == Some(true);
        if !self.session.paused() && !minimised {
            self.now += dt;
        }
        // What the board shows happening between the session's last moment and now is heard
        // (before the clock ends a finished animation).
        self.sound.poll();
        let s = self.session.settings();
        self.sound.set_levels(s.muted, s.volume);
        self.sound.follow(&self.session, self.now);
        let from_time = self.session.tick(self.now);
        self.commands.extend(from_time);
        let theme = self.session.settings().theme.preference();
        if ctx.options(|o| o.theme_preference) != theme {
            ctx.set_theme(theme);
        }
        self.place_window(ctx);
        let at = keymap::KeyContext {
            window_open: self.session.modals().top().is_some(),
            paused: self.session.modals().paused(),
            acting: self.session.acting_side(),
            setup: self.session.setup().is_some(),
            text_had_focus: self.text_focus,
        };
        self.commands.extend(keymap::read(ctx, at));
        self.commands.extend(self.session.poll_dialog());
        if self.session.clock_running() {
            // The clock's figures change by the tenth of a second.
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        let from_computer = self.session.drive_computer();
        self.commands.extend(from_computer);
        let from_engine = self.session.drive_engine();
        self.commands.extend(from_engine);
        self.network.poll(&mut self.session);
        let from_network = self.session.drive_online();
        self.commands.extend(from_network);
        if self.session.waiting_for_dialog() {
            // The dialog's thread cannot wake the window: look for its answer now and then.
            ctx.request_repaint_after(std::time::Duration::from_millis(150));
        }
        if self.session.computer_busy() {
            // The worker wakes the window when it answers; this is only a fallback.
            ctx.request_repaint_after(std::time::Duration::from_millis(250));
        }
    }

    /// Draws the frame (the panels, the board, the windows: all of them only record
    /// commands), then carries out what was asked, in the order asked.
    pub fn draw(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();
        menu::menu_bar(&mut self.frame(), ui);
        panels::side_panel(&mut self.frame(), ui);
        let view = view::board_view(&self.session, self.hovered, &mut self.preview, &mut self.threats);
        let panel = egui::CentralPanel::default()
            .frame(egui::Frame::new().fill(theme::table(ctx.theme() == egui::Theme::Dark)))
            .show(ui, |ui| {
                tournament_ui::strip(&self.frame(), ui);
                let resp = board::show(ui, &view);
                dialogs::review_banner(&mut self.frame(), ui);
                crate::app::ui::online_seats::board_note(&self.frame(), ui);
                resp
            });
        self.area = panel.response.rect;
        let resp = panel.inner;
        self.board_commands(&resp);
        dialogs::show(&mut self.frame(), &ctx);
        if ctx.input(|i| i.viewport().close_requested()) {
            if self.session.close_requested() {
                // Closing: a later start now waits for this window to end, not hands it
                // a file it would never open.
                #[cfg(not(target_arch = "wasm32"))]
                if let Some(first) = &mut self.instance {
                    first.stop_taking_requests();
                }
            } else {
                ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            }
        }
        self.text_focus = ctx.egui_wants_keyboard_input();
        let commands = std::mem::take(&mut self.commands);
        if !commands.is_empty() {
            // What a command set going (the computer's turn, a result to show) is acted on
            // in the next frame: ask for it now rather than wait for input.
            ctx.request_repaint();
        }
        for c in commands {
            self.session.apply(c);
        }
        let s = self.session.settings();
        self.sound.set_levels(s.muted, s.volume);
        for e in effects::serve(&mut self.session, &mut self.network) {
            match e {
                Effect::Copy(text) => ctx.copy_text(text),
                Effect::Close => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
                // Carried out by `effects::serve`.
                Effect::Read(_)
                | Effect::Write { .. }
                | Effect::Look { .. }
                | Effect::Stamp(_)
                | Effect::Network(_) => {}
            }
        }
        self.keep();
        self.tell_store_problem();
        let title = self.session.title();
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
        if self.session.animating() && !self.session.paused() {
            ctx.request_repaint();
        }
    }

    fn board_commands(&mut self, resp: &board::BoardResponse) {
        /// Releases closer than this (seconds) are one tap.
        const SAME_TAP: f64 = 0.15;
        let now = self.session.game().map(|g| g.current().clone());
        self.touched_once = self.touched_once.take().filter(|(state, _, _)| Some(state) == now.as_ref());
        // A touch screen has no hover: the hole touched once stands for the hovered one.
        self.hovered = resp.hovered.or(self.touched_once.as_ref().map(|&(_, h, _)| h));
        self.board = resp.geometry;
        if let Some(d) = resp.choose {
            self.push(Command::Choose(d));
        }
        if resp.pressed && resp.clicked.is_empty() && resp.choose.is_none() && self.session.paused() {
            // A window over the board keeps it from taking the click: the board says so.
            self.push(Command::BoardBlocked);
        }
        for &(h, m) in &resp.clicked {
            if resp.touched && self.session.setup().is_none() {
                match (&self.touched_once, &now) {
                    // One tap comes as two releases (the pointer's and the touch's), a few
                    // milliseconds apart: the second is the same touch.
                    (Some((_, once, at)), _) if *once == h && resp.at - at < SAME_TAP => continue,
                    (Some((_, once, _)), _) if *once == h => self.touched_once = None,
                    (_, Some(state)) => {
                        // The first touch of this hole: its lap's end is shown, nothing sown.
                        self.touched_once = Some((state.clone(), h, resp.at));
                        self.hovered = Some(h);
                        continue;
                    }
                    (_, None) => {}
                }
            }
            self.push(match (self.session.setup().is_some(), m.shift) {
                (true, false) => Command::SetupAdd(h),
                (true, true) => Command::SetupRemove(h),
                (false, split) => Command::PlayHole { hole: h, split },
            });
        }
        if self.session.setup().is_some() {
            for &h in &resp.secondary {
                self.push(Command::SetupRemove(h));
            }
        }
    }

    /// Keeps the window's rectangle for the next run, and on the first frames moves a
    /// remembered window that is off its monitor (or too small) back into view.
    fn place_window(&mut self, ctx: &Context) {
        let (outer, inner, monitor) = ctx.input(|i| {
            let v = i.viewport();
            (v.outer_rect, v.inner_rect, v.monitor_size)
        });
        if let Some(inner) = inner {
            self.window = Some(WindowRect::at_zoom(outer, inner, ctx.zoom_factor()));
        }
        if self.placed {
            return;
        }
        let (Some(outer), Some(inner), Some(monitor)) = (outer, inner, monitor) else { return };
        self.placed = true;
        let (pos, size) = settings::clamp_window(Some(outer.min), inner.size(), Some(monitor));
        if pos != Some(outer.min)
            && let Some(pos) = pos
        {
            ctx.send_viewport_cmd(egui::ViewportCommand::OuterPosition(pos));
        }
        if size != inner.size() {
            ctx.send_viewport_cmd(egui::ViewportCommand::InnerSize(size));
        }
    }
}

/// The window's size and position as remembered in the window's storage (`app.ron`, read
/// once by the store), made fit to open (at least the minimum size); the position is
/// checked against the monitor once the window is open.
pub fn remembered_window(storage: &dyn eframe::Storage) -> Option<(Option<egui::Pos2>, Vec2)> {
    let rect: WindowRect = ron::from_str(&storage.get_string(WINDOW_KEY)?).ok()?;
    let position = rect.position.map(|(x, y)| egui::pos2(x, y));
    Some(settings::clamp_window(position, egui::vec2(rect.size.0, rect.size.1), None))
}

impl eframe::App for App {
    fn logic(&mut self, ctx: &Context, _frame: &mut eframe::Frame) {
        App::logic(self, ctx);
    }

    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        App::draw(self, ui);
    }

    /// eframe's periodic and last save: eframe's own storage is left alone (so that eframe
    /// never writes its file); the window's own store takes the window's rectangle too.
    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        self.keep();
    }

    /// egui's memory (its windows' places) is not kept: only what [`store`] keeps is.
    fn persist_egui_memory(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests_files;
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hidden_window_polls_nothing_of_the_game_and_reads_no_key() {
        let ctx = Context::default();
        let mut app = App::new(Session::new(Settings::default()));
        let input = |minimized: bool| {
            let mut input = egui::RawInput::default();
            let info = input.viewports.entry(egui::ViewportId::ROOT).or_default();
            info.minimized = Some(minimized);
            info.occluded = Some(false);
            input.events.push(egui::Event::Key {
                key: egui::Key::F1,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            });
            input
        };
        let _ = ctx.run_logic(&input(true), |ctx| app.logic(ctx));
        assert!(app.commands.is_empty() && app.clock.is_none(), "hidden: {:?}", app.commands);
        let _ = ctx.run_ui(input(false), |ui| app.logic(ui.ctx()));
        assert_eq!(app.commands, [Command::ToggleHelp], "shown: the key is read");
    }

    #[test]
    fn a_zoom_does_not_shrink_the_window_kept_for_the_next_start() {
        let ctx = Context::default();
        ctx.set_zoom_factor(1.5);
        let mut app = App::new(Session::new(Settings::default()));
        // A 1280×800 window at 150%: 853⅓×533⅓ of egui's points.
        let inner = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(1280.0, 800.0) / 1.5);
        let outer = egui::Rect::from_min_size(egui::pos2(100.0, 50.0) / 1.5, egui::vec2(1280.0, 830.0) / 1.5);
        let mut input = egui::RawInput::default();
        let info = input.viewports.entry(egui::ViewportId::ROOT).or_default();
        info.inner_rect = Some(inner);
        info.outer_rect = Some(outer);
        let _ = ctx.run_ui(input, |ui| app.ui(ui));
        let kept = app.window.expect("the window's rectangle");
        let near = |a: f32, b: f32| (a - b).abs() < 0.01;
        assert!(near(kept.size.0, 1280.0) && near(kept.size.1, 800.0), "{kept:?}");
        let (x, y) = kept.position.expect("a position");
        assert!(near(x, 100.0) && near(y, 50.0), "{kept:?}");
    }
}
