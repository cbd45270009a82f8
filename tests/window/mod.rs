//! What the window tests share: harnesses on a session, the worked game, stand-ins for the
//! system's file dialogs, and small queries of what the window shows.
#![allow(dead_code, unused_imports)] // each test crate that includes this module uses part of it

pub use egui::{Key, Modifiers};
pub use egui_kittest::Harness;
pub use egui_kittest::kittest::{NodeT, Queryable};
pub use omweso::app::model::modal::Modal;
pub use omweso::app::services::store::Store;
pub use omweso::app::{App, model::command::Command, model::session::Session, model::settings::Settings};
pub use omweso_rules::{GameState, Hole, Side};

pub fn settings() -> Settings {
    Settings { animate: false, ..Settings::default() }
}

pub fn harness(app: App) -> Harness<'static, App> {
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

pub fn on_state(text: &str) -> Harness<'static, App> {
    let state: GameState = text.parse().expect("state");
    harness(App::new(Session::from_state(settings(), state)))
}

/// The first game of a match between Nakato (Lower, to move) and Okello, both laid out
/// with fours, saved `spent` seconds into Lower's three to start a move.
pub fn counting(spent: f64) -> omweso::savefile::SavedGame {
    let fours = omweso_rules::Layout::back_row_fours();
    let game = omweso::game::Game::from_layouts(fours, fours, Side::Lower, omweso_rules::RuleOptions::default());
    let mut clock = omweso::tournament::Clock::new(omweso::tournament::ClockSettings::default());
    clock.spent = spent;
    omweso::savefile::SavedGame {
        players: [
            omweso::savefile::Player { name: "Nakato".into(), computer: None },
            omweso::savefile::Player { name: "Okello".into(), computer: None },
        ],
        first: Side::Lower,
        rules: omweso_rules::RuleOptions::default(),
        phase: omweso::savefile::Phase::Play(game),
        clock: Some(clock),
        matched: Some(omweso::tournament::Match::new(omweso::tournament::MatchSettings::default())),
    }
}

pub fn game<'a>(h: &'a Harness<'_, App>) -> &'a omweso::game::Game {
    h.state().session().game().expect("a game in play")
}

pub fn problem(h: &Harness<'_, App>) -> bool {
    h.state().session().modals().iter().any(|m| matches!(m, Modal::Problem(_)))
}

pub fn unsaved(h: &Harness<'_, App>) -> bool {
    h.state().session().modals().iter().any(|m| matches!(m, Modal::Unsaved(_)))
}

pub fn path_prompt(h: &Harness<'_, App>) -> Option<omweso::app::services::files::PathPrompt> {
    h.state().session().modals().iter().find_map(|m| match m {
        Modal::Path(p) => Some(p.clone()),
        _ => None,
    })
}

pub fn board(h: &Harness<'_, App>) -> String {
    game(h).current().position().to_string()
}

pub fn disabled(h: &Harness<'_, App>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

pub fn click(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// The position text the Board tab shows (whole) contains `text`; the Moves tab is shown
/// again after.
pub fn shows_position(h: &mut Harness<'_, App>, text: &str) {
    h.state_mut().push(Command::ShowPanelTab(omweso::app::model::settings::PanelTab::Board));
    h.run();
    h.get_by_label_contains(text);
    h.state_mut().push(Command::ShowPanelTab(omweso::app::model::settings::PanelTab::Moves));
    h.run();
}

/// A session on `state` against the computer playing `side` at `level`, as a saved game
/// with a computer player opens.
pub fn against(state: GameState, side: Side, level: omweso_engine::Level) -> Session {
    let players = Side::BOTH.map(|s| omweso::savefile::Player {
        name: s.to_string(),
        computer: (s == side).then_some(omweso::app::model::seat::kept_level(level)),
    });
    let saved = omweso::savefile::SavedGame {
        players,
        first: state.to_move(),
        rules: *state.options(),
        phase: omweso::savefile::Phase::Play(omweso::game::Game::from_state(state)),
        clock: None,
        matched: None,
    };
    Session::from_saved(settings(), saved, None)
}

/// The same window, its game now against the computer playing `side` at `level`.
pub fn with_computer(h: Harness<'static, App>, side: Side, level: omweso_engine::Level) -> Harness<'static, App> {
    let state = game(&h).current().clone();
    patient(App::new(against(state, side, level)))
}

/// The same window, its session using `dialogs` for Open and Save.
pub fn with_dialogs(
    h: Harness<'static, App>,
    dialogs: impl omweso::app::services::files::FileDialogs + 'static,
) -> Harness<'static, App> {
    let state = game(&h).current().clone();
    let mut session = Session::from_state(settings(), state);
    session.set_dialogs(Box::new(dialogs));
    harness(App::new(session))
}

/// The same window with `mv` suggested (as the computer's answer to Hint would).
pub fn with_hint(h: Harness<'static, App>, mv: omweso_rules::Move) -> Harness<'static, App> {
    let state = game(&h).current().clone();
    let mut session = Session::from_state(settings(), state);
    session.show_hint(mv);
    harness(App::new(session))
}

/// Starts the New Game form as it stands, with the computer playing `side` at `level`:
/// the command the Start button records.
pub fn start_against(h: &mut Harness<'_, App>, side: Side, level: omweso_engine::Level) {
    let mut form = h.state().session().modals().new_game().expect("the dialog").clone();
    form.computer = true;
    form.computer_side = side;
    form.level = level;
    h.state_mut().push(Command::StartGame(Box::new(form)));
    h.run();
}

/// Selects the whole text of the field labelled `label` (typing then replaces it).
pub fn select_all(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
}

pub const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";

pub const AFTER_DFM: &str = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P";

pub fn play_worked_game(h: &mut Harness<'_, App>) {
    click(h, "Lower d, 4 seeds");
    assert_eq!(board(h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P");
    click(h, "Upper F, 4 seeds");
    assert_eq!(board(h), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P");
    click(h, "Lower m, 4 seeds");
}

/// Steps the window (real time) until `done` holds, for the computer's worker thread.
pub fn wait_for(h: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    for _ in 0..400 {
        if done(h.state()) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    panic!("the computer did not answer in time");
}

/// Stands in for the system's file dialogs: always answers `path`.
pub struct FixedDialogs(pub std::path::PathBuf);

impl omweso::app::services::files::FileDialogs for FixedDialogs {
    fn open(&mut self) -> Result<Option<std::path::PathBuf>, String> {
        Ok(Some(self.0.clone()))
    }
    fn save(&mut self, _name: &str) -> Result<Option<std::path::PathBuf>, String> {
        Ok(Some(self.0.clone()))
    }
}

/// Stands in for a system where no file dialog can be shown.
pub struct NoDialogs;

impl omweso::app::services::files::FileDialogs for NoDialogs {
    fn open(&mut self) -> Result<Option<std::path::PathBuf>, String> {
        Err("No file dialog can be shown here".into())
    }
    fn save(&mut self, _name: &str) -> Result<Option<std::path::PathBuf>, String> {
        Err("No file dialog can be shown here".into())
    }
}

/// A window with the animation on (the default settings) whose clock runs at 60 frames a
/// second.
pub fn animated(text: &str) -> Harness<'static, App> {
    let state: GameState = text.parse().expect("state");
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(10_000)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(Session::from_state(Settings::default(), state)));
    h.run();
    h
}

/// The worked game after Lower's `d`: Upper (the computer in these tests) to move.
pub const AFTER_D: &str = "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0";

/// A window that may take many frames to settle (the spinner of a thinking computer).
pub fn patient(app: App) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(1_000)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

/// The worked game with the Master as Upper, thinking about its answer to Lower's `d`.
pub fn master_thinking_after_d() -> Harness<'static, App> {
    let mut h = patient(App::new(Session::from_state(settings(), WORKED.parse().expect("state"))));
    h = with_computer(h, Side::Upper, omweso_engine::Level::Master);
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().computer().expect("computer").thinking(), "Upper, the computer, is to move");
    h
}

/// Steps the window in real time for about `ms` milliseconds.
pub fn steps_for(h: &mut Harness<'_, App>, ms: u64) {
    for _ in 0..ms / 25 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}

/// Asks the window to close, as the window manager's close button does, and runs a frame.
pub fn request_close(h: &mut Harness<'_, App>) {
    h.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default().events.push(egui::ViewportEvent::Close);
    h.step();
}

/// True when the last frame sent this command to the window.
pub fn sent(h: &Harness<'_, App>, command: &egui::ViewportCommand) -> bool {
    h.output().viewport_output.get(&egui::ViewportId::ROOT).is_some_and(|v| v.commands.contains(command))
}

/// The storage file of a window's store, read as the next start reads it.
pub fn stored(file: &std::path::Path) -> std::collections::HashMap<String, String> {
    ron::from_str(&std::fs::read_to_string(file).expect("the store was written")).expect("a map of strings")
}
