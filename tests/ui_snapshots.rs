//! Image snapshots of the board, rendered headless with wgpu. Behind the `snapshots`
//! feature because they need a Vulkan driver (Debian: `mesa-vulkan-drivers`):
//! `cargo test --release --features snapshots`. Update the images after a deliberate change
//! with `UPDATE_SNAPSHOTS=1 cargo test --release --features snapshots`.
#![cfg(feature = "snapshots")]

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use omweso::app::{App, model::session::Session, model::settings::Settings};
use omweso_rules::GameState;

fn harness(state: &str) -> Harness<'static, App> {
    harness_sized(state, [1280.0, 800.0])
}

fn harness_sized(state: &str, size: [f32; 2]) -> Harness<'static, App> {
    let state: GameState = state.parse().expect("state");
    let settings = Settings { animate: false, ..Settings::default() };
    let mut h = Harness::builder()
        .with_size(size)
        .wgpu()
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(Session::from_state(settings, state)));
    h.run();
    h
}

#[test]
fn snapshot_worked_game_start() {
    let mut h = harness("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");
    h.snapshot("board_worked_start");
}

#[test]
fn snapshot_decision_offer() {
    let mut h = harness("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    h.get_by_label("Lower i, 3 seeds").click();
    h.run();
    h.snapshot("board_decision");
}

#[test]
fn snapshot_big_piles_flipped() {
    let mut h = harness("2i, 46p; 1A-P / L none 0,0");
    h.state_mut().push(omweso::app::model::command::Command::Flip);
    h.run();
    h.snapshot("board_big_pile_flipped");
}

/// The smallest window the board is made for, in the light theme: counts still readable.
#[test]
fn snapshot_small_window_light_theme() {
    let mut h = harness_sized("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0", [800.0, 500.0]);
    h.state_mut()
        .push(omweso::app::model::command::Command::SetTheme(omweso::app::model::settings::ThemeChoice::Light));
    h.run();
    h.snapshot("board_small_light");
}

/// A hinted move that sows clockwise at a decision: its hole to sow ringed, then at the
/// decision its arrow ringed and "the hint: clockwise, capture 2" in the groove, clear of
/// the seeds, counts and letters.
#[test]
fn snapshot_hint() {
    let mut h = harness("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let state = h.state().session().game().expect("game").current().clone();
    let mv = state
        .legal_moves()
        .into_iter()
        .find(|m| m.choices().iter().any(|c| c.direction == omweso_rules::Direction::Clockwise))
        .expect("a move that captures clockwise");
    let mut session = Session::from_state(Settings { animate: false, ..Settings::default() }, state);
    session.show_hint(mv);
    *h.state_mut() = App::new(session);
    h.run();
    h.snapshot("board_hint");
    // Issue 51: at the move's decision, the hint's arrow ringed and named in the groove.
    h.get_by_label_contains("the hint's hole to sow").click();
    h.run();
    h.snapshot("board_hint_decision");
}

mod common;

/// The side panel at `size`, on a long game: what is always there, the tabs, and the move
/// list following the game to its last move.
fn panel_snapshot(size: [f32; 2], name: &str) {
    let settings = Settings { animate: false, ..Settings::default() };
    let session = Session::from_saved(settings, common::long_game(30), None);
    let mut h =
        Harness::builder().with_size(size).wgpu().build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.run();
    h.snapshot(name);
}

/// The smallest window the layout is made for.
#[test]
fn snapshot_side_panel_800x500() {
    panel_snapshot([800.0, 500.0], "panel_800x500");
}

/// The default window.
#[test]
fn snapshot_side_panel_1280x800() {
    panel_snapshot([1280.0, 800.0], "panel_1280x800");
}

/// A large window.
#[test]
fn snapshot_side_panel_1920x1080() {
    panel_snapshot([1920.0, 1080.0], "panel_1920x1080");
}

/// A window of `size` on the checking layout, the lesson `id` started at `step` (from 0).
fn at_lesson(size: [f32; 2], id: &str, step: usize) -> Harness<'static, App> {
    let mut h = harness_sized("4i-p; 4I-P / L both 0,0", size);
    let lesson = omweso::lessons::all().expect("lessons").iter().position(|l| l.id == id).expect("the lesson");
    h.state_mut().push(omweso::app::model::command::Command::StartLessonAt { lesson, step });
    h.run();
    h
}

/// A lesson step whose text names holes: they are ringed on the board (lesson 5, step 2:
/// "Play m: n, o, p, then h, which faces A and I").
#[test]
fn snapshot_lesson_named_holes() {
    let mut h = at_lesson([1280.0, 800.0], "capture", 1);
    h.snapshot("lesson_named_holes");
}

fn chain_snapshot(size: [f32; 2], tab: Option<omweso::app::model::settings::PanelTab>, name: &str) {
    let settings = Settings { animate: false, ..Settings::default() };
    let session = Session::from_saved(settings, common::chain_game(), None);
    let mut h =
        Harness::builder().with_size(size).wgpu().build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.run();
    if let Some(tab) = tab {
        h.state_mut().push(omweso::app::model::command::Command::ShowPanelTab(tab));
        h.run();
    }
    h.snapshot(name);
}

/// The default window after a long move: the whole explanation and the newest move shown.
#[test]
fn snapshot_last_move_1280x800() {
    chain_snapshot([1280.0, 800.0], None, "last_move_1280x800");
}

/// The Board tab at 1280×800: its Position whole.
#[test]
fn snapshot_board_tab_1280x800() {
    chain_snapshot([1280.0, 800.0], Some(omweso::app::model::settings::PanelTab::Board), "board_tab_1280x800");
}

/// The Analysis tab at 1280×800.
#[test]
fn snapshot_analysis_tab_1280x800() {
    chain_snapshot([1280.0, 800.0], Some(omweso::app::model::settings::PanelTab::Analysis), "analysis_tab_1280x800");
}

/// A small laptop window: the players' lines, "to move" and the seeds, the computer's name.
#[test]
fn snapshot_last_move_900x600() {
    chain_snapshot([900.0, 600.0], None, "last_move_900x600");
}

/// A lesson step at 900×600: its title and instruction.
#[test]
fn snapshot_lesson_900x600() {
    let mut h = at_lesson([900.0, 600.0], "capture", 1);
    h.snapshot("lesson_900x600");
}

/// The guided first game (issue 41) just started, at `size`: the guide's opening beside the
/// board, the move list under it.
fn guided_snapshot(size: [f32; 2], name: &str) {
    use omweso::app::model::command::Command;
    let mut h = at_lesson(size, "first-game", 0);
    h.state_mut().push(Command::StartGuidedGame(omweso::app::model::setup_board::Preset::BackRowFours));
    h.run();
    h.snapshot(name);
}

#[test]
fn snapshot_guided_game_1280x800() {
    guided_snapshot([1280.0, 800.0], "guided_1280x800");
}

#[test]
fn snapshot_guided_game_900x600() {
    guided_snapshot([900.0, 600.0], "guided_900x600");
}

/// The first lesson's first step at 900×600: the longest title line and a text of two
/// paragraphs, with Next in view.
#[test]
fn snapshot_first_lesson_900x600() {
    let mut h = at_lesson([900.0, 600.0], "board", 1);
    h.snapshot("lesson_first_900x600");
}
