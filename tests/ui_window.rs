//! The window driven like a player would: clicks on holes found by their accessible labels,
//! keys, buttons; then what the window shows is checked.

use egui::{Key, Modifiers};
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT, Queryable};
use omweso::app::modal::Modal;
use omweso::app::store::Store;
use omweso::app::{App, Command, Session, Settings};
use omweso_rules::{GameState, Hole, Side};

fn settings() -> Settings {
    Settings { animate: false, ..Settings::default() }
}

fn harness(app: App) -> Harness<'static, App> {
    let mut h = Harness::builder().with_size([1280.0, 800.0]).build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

fn on_state(text: &str) -> Harness<'static, App> {
    let state: GameState = text.parse().expect("state");
    harness(App::new(Session::from_state(settings(), state)))
}

fn game<'a>(h: &'a Harness<'_, App>) -> &'a omweso::game::Game {
    h.state().session().game().expect("a game in play")
}

fn problem(h: &Harness<'_, App>) -> bool {
    h.state().session().modals().iter().any(|m| matches!(m, Modal::Problem(_)))
}

fn unsaved(h: &Harness<'_, App>) -> bool {
    h.state().session().modals().iter().any(|m| matches!(m, Modal::Unsaved(_)))
}

fn path_prompt(h: &Harness<'_, App>) -> Option<omweso::app::files::PathPrompt> {
    h.state().session().modals().iter().find_map(|m| match m {
        Modal::Path(p) => Some(p.clone()),
        _ => None,
    })
}

fn board(h: &Harness<'_, App>) -> String {
    game(h).current().position().to_string()
}

fn disabled(h: &Harness<'_, App>, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

fn click(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

/// A session on `state` against the computer playing `side` at `level`, as a saved game
/// with a computer player opens.
fn against(state: GameState, side: Side, level: omweso_engine::Level) -> Session {
    let players =
        Side::BOTH.map(|s| omweso::savefile::Player { name: s.to_string(), computer: (s == side).then_some(level) });
    let saved = omweso::savefile::SavedGame {
        players,
        first: state.to_move(),
        rules: *state.options(),
        phase: omweso::savefile::Phase::Game(omweso::game::Game::from_state(state)),
    };
    Session::from_saved(settings(), saved, None)
}

/// The same window, its game now against the computer playing `side` at `level`.
fn with_computer(h: Harness<'static, App>, side: Side, level: omweso_engine::Level) -> Harness<'static, App> {
    let state = game(&h).current().clone();
    patient(App::new(against(state, side, level)))
}

/// The same window, its session using `dialogs` for Open and Save.
fn with_dialogs(
    h: Harness<'static, App>,
    dialogs: impl omweso::app::files::FileDialogs + 'static,
) -> Harness<'static, App> {
    let state = game(&h).current().clone();
    let mut session = Session::from_state(settings(), state);
    session.set_dialogs(Box::new(dialogs));
    harness(App::new(session))
}

/// The same window with `mv` suggested (as the computer's answer to Hint would).
fn with_hint(h: Harness<'static, App>, mv: omweso_rules::Move) -> Harness<'static, App> {
    let state = game(&h).current().clone();
    let mut session = Session::from_state(settings(), state);
    session.show_hint(mv);
    harness(App::new(session))
}

/// Starts the New Game form as it stands, with the computer playing `side` at `level`:
/// the command the Start button records.
fn start_against(h: &mut Harness<'_, App>, side: Side, level: omweso_engine::Level) {
    let mut form = h.state().session().modals().new_game().expect("the dialog").clone();
    form.computer = true;
    form.computer_side = side;
    form.level = level;
    h.state_mut().push(Command::StartGame(Box::new(form)));
    h.run();
}

/// Selects the whole text of the field labelled `label` (typing then replaces it).
fn select_all(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    h.run();
}

const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";
const AFTER_DFM: &str = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P";

fn play_worked_game(h: &mut Harness<'_, App>) {
    click(h, "Lower d, 4 seeds");
    assert_eq!(board(h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P");
    click(h, "Upper F, 4 seeds");
    assert_eq!(board(h), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P");
    click(h, "Lower m, 4 seeds");
}

#[test]
fn the_worked_game_of_rules_6_by_clicks() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    assert_eq!(board(&h), AFTER_DFM);
    // What the window shows: every hole's label, the position text and the move list.
    h.get_by_label("Lower a, 11 seeds");
    h.get_by_label("Lower h, 7 seeds");
    h.get_by_label("Lower d, 1 seed");
    h.get_by_label("Upper F, 0 seeds");
    h.get_by_label_contains(&format!("{AFTER_DFM} / U none 1,0"));
    h.get_by_label("Lower d");
    h.get_by_label("Upper F");
    h.get_by_label("Lower m");
    h.get_by_label_contains("Play: Upper to move");
}

#[test]
fn a_decision_point_taken_both_ways_by_clicks_and_by_keys() {
    let start = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";
    let want = "1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P";
    let mut h = on_state(start);
    click(&mut h, "Lower i, 3 seeds");
    assert!(h.state().session().sowing().is_some(), "the move waits at the decision");
    click(&mut h, "Sow 3 seeds clockwise from i: capture 2 from F and N");
    assert!(h.state().session().sowing().is_some(), "the captured seeds may go clockwise again");
    h.get_by_label("Sow 2 seeds clockwise from i: capture 4 from G and O");
    click(&mut h, "Sow 2 seeds anticlockwise from i");
    assert!(h.state().session().sowing().is_none());
    assert_eq!(board(&h), want);
    h.get_by_label("Lower i3xF");

    // The same with the keyboard: I, then X (clockwise), then R (anticlockwise).
    let mut h = on_state(start);
    for k in [Key::I, Key::X, Key::R] {
        h.key_press(k);
        h.run();
    }
    assert_eq!(board(&h), want);
}

#[test]
fn undo_and_redo_by_keys_and_buttons() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(game(&h).cursor(), 2);
    click(&mut h, "Undo");
    assert_eq!(game(&h).cursor(), 1);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(game(&h).cursor(), 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(board(&h), AFTER_DFM);
    click(&mut h, "Undo");
    click(&mut h, "Redo");
    assert_eq!(board(&h), AFTER_DFM);
    // A new move after an undo drops the redo branch.
    click(&mut h, "Undo");
    click(&mut h, "Undo");
    click(&mut h, "Upper E, 4 seeds");
    assert_eq!(game(&h).cursor(), 2);
    assert!(!game(&h).can_redo());
}

#[test]
fn keyboard_letters_play_the_holes_of_the_player_to_move() {
    let mut h = on_state(WORKED);
    for k in [Key::D, Key::F, Key::M] {
        h.key_press(k);
        h.run();
    }
    assert_eq!(board(&h), AFTER_DFM);
    // Review: the move list and the arrow keys show earlier positions read-only.
    click(&mut h, "Lower d");
    assert_eq!(h.state().session().review(), Some(1));
    h.get_by_label_contains("10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");
    h.key_press(Key::D);
    h.run();
    assert_eq!(game(&h).cursor(), 3, "no move is played in review");
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(h.state().session().review(), Some(2));
    h.key_press(Key::Home);
    h.run();
    assert_eq!(h.state().session().review(), Some(0));
    h.key_press(Key::End);
    h.run();
    assert_eq!(h.state().session().review(), None);
    h.key_press(Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().session().review(), Some(2));
}

#[test]
fn setup_editor_and_presets() {
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("New game");
    click(&mut h, "Start");
    // Lower moves first, so Upper lays out first (RULES.md §2).
    assert!(h.state().session().setup().is_some_and(|s| s.laying == Side::Upper));
    h.get_by_label("Lower moves first.");
    h.get_by_label("Seeds left: 32");
    click(&mut h, "Upper A, 0 seeds");
    click(&mut h, "Upper A, 1 seed");
    h.get_by_label("Seeds left: 30");
    h.get_by_label("Upper A, 2 seeds").click_secondary();
    h.run();
    h.get_by_label("Seeds left: 31");
    h.get_by_label("Lower a, 0 seeds").click();
    h.run();
    h.get_by_label("Seeds left: 31");
    click(&mut h, "Random");
    h.get_by_label("Seeds left: 0");
    click(&mut h, "Clear");
    h.get_by_label("Seeds left: 32");
    click(&mut h, "2 in every hole");
    click(&mut h, "Done");
    assert!(h.state().session().setup().is_some_and(|s| s.laying == Side::Lower));
    // The second player sees the first layout.
    h.get_by_label("Upper P, 2 seeds");
    click(&mut h, "4 in each back hole");
    click(&mut h, "Done");
    assert!(h.state().session().game().is_some());
    assert_eq!(game(&h).current().to_string(), "4i-p; 2A-P / L both 0,0");
}

#[test]
fn a_pasted_state_with_an_error_is_explained_inline() {
    let mut h = harness(App::new(Session::new(settings())));
    click(&mut h, "Start from a position");
    h.state_mut().push(Command::NewGameFromState("4i-p; 4I-O / L both 0,0".into()));
    h.run();
    h.get_by_label_contains("60");
    click(&mut h, "Start");
    assert!(h.state().session().modals().new_game().is_some(), "the dialog stays open");
    h.state_mut().push(Command::NewGameFromState(WORKED.into()));
    h.run();
    click(&mut h, "Start");
    assert!(h.state().session().modals().new_game().is_none());
    assert_eq!(game(&h).current().to_string(), WORKED);
}

#[test]
fn game_over_dialog_rematch_and_match_score() {
    let mut h = on_state("2i, 46p; 1A-P / L none 0,0");
    click(&mut h, "Lower i, 2 seeds");
    h.get_by_label("Game over");
    h.get_by_label("Lower wins");
    h.get_by_label("By normal win: the loser cannot move");
    h.get_by_label("Points: 1");
    h.get_by_label("Moves: 1");
    assert_eq!(h.state().session().match_score(), [1, 0]);
    click(&mut h, "Rematch");
    // The finished game was never saved: Rematch asks before it goes.
    h.get_by_label("Unsaved changes");
    click(&mut h, "Discard");
    assert!(!h.state().session().changed(), "the rematch's empty board is no change");
    // Upper moves first in the rematch, so Lower lays out first.
    assert!(h.state().session().setup().is_some_and(|s| s.first == Side::Upper && s.laying == Side::Lower));
    h.get_by_label("Upper moves first.");
    assert_eq!(h.state().session().match_score(), [1, 0]);
}

#[test]
fn resignation_ends_the_game() {
    let mut h = on_state(WORKED);
    // The button asks first; Esc and "Keep playing" go back to the game.
    click(&mut h, "Lower resigns");
    h.get_by_label("Resign?");
    assert!(h.state().session().paused());
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().session().modals().top().is_none());
    click(&mut h, "Lower resigns");
    click(&mut h, "Keep playing");
    assert!(game(&h).result().is_none(), "still playing");
    click(&mut h, "Lower resigns");
    h.get_by_label("Lower resigns and loses this game.");
    click(&mut h, "Resign");
    h.get_by_label("Upper wins");
    h.get_by_label("By resignation");
    click(&mut h, "Review");
    assert_eq!(h.state().session().review(), None, "no moves to review");
    click(&mut h, "Undo");
    assert!(game(&h).result().is_none());
}

#[test]
fn hovering_previews_the_end_of_the_first_lap() {
    let mut h = on_state(WORKED);
    h.get_by_label("Lower d, 4 seeds").hover();
    h.run();
    let mut cache = omweso::app::view::PreviewCache::default();
    let mut threats = omweso::app::view::ThreatCache::default();
    let v = omweso::app::view::board_view(h.state().session(), Hole::from_letter('d'), &mut cache, &mut threats);
    assert_eq!(v.preview, Hole::from_letter('i'));
}

#[test]
fn animation_runs_and_undo_cancels_it() {
    let state: GameState = WORKED.parse().expect("state");
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(10_000)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(Session::from_state(Settings::default(), state)));
    h.run();
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    h.step();
    assert!(!h.state().session().animating());
    assert_eq!(game(&h).cursor(), 0);
    h.get_by_label("Lower d, 4 seeds").click();
    h.run();
    assert!(!h.state().session().animating(), "the animation finishes by itself");
    assert_eq!(game(&h).cursor(), 1);
}

/// Steps the window (real time) until `done` holds, for the computer's worker thread.
fn wait_for(h: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    for _ in 0..400 {
        if done(h.state()) {
            return;
        }
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    panic!("the computer did not answer in time");
}

#[test]
fn against_the_computer_it_lays_out_moves_and_undo_returns_to_the_human() {
    // Patient: the computer's layout arrives from its thread while frames run.
    let mut h = patient(App::new(Session::new(settings())));
    click(&mut h, "Play against the computer");
    h.get_by_label("Level");
    start_against(&mut h, Side::Upper, omweso_engine::Level::Beginner);
    // Lower moves first, so the computer (Upper) lays out first, by itself.
    wait_for(&mut h, |a| a.session().setup().is_some_and(|s| s.laying == Side::Lower));
    // The layout came from the computer's thread in the last frame: one more frame draws
    // Lower's setup before it is clicked.
    h.run();
    click(&mut h, "4 in each back hole");
    click(&mut h, "Done");
    assert!(h.state().session().game().is_some());
    h.get_by_label("Lower m, 4 seeds").click();
    h.step();
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 2));
    h.run();
    assert_eq!(game(&h).current().to_move(), Side::Lower);
    click(&mut h, "Undo");
    assert_eq!(game(&h).cursor(), 0, "undo goes back to the human's turn");
}

#[test]
fn a_saved_game_opens_where_it_was_left() {
    let text = std::fs::read_to_string("tests/corpus/good/worked-game.omweso").expect("corpus file");
    let saved = omweso::savefile::SavedGame::from_ron(&text).expect("good file");
    let h = harness(App::new(Session::from_saved(settings(), saved, None)));
    assert!(h.state().session().game().is_some());
    h.get_by_label_contains("Play:");
}

/// Stands in for the system's file dialogs: always answers `path`.
struct FixedDialogs(std::path::PathBuf);

impl omweso::app::files::FileDialogs for FixedDialogs {
    fn open(&mut self) -> Result<Option<std::path::PathBuf>, String> {
        Ok(Some(self.0.clone()))
    }
    fn save(&mut self, _name: &str) -> Result<Option<std::path::PathBuf>, String> {
        Ok(Some(self.0.clone()))
    }
}

/// Stands in for a system where no file dialog can be shown.
struct NoDialogs;

impl omweso::app::files::FileDialogs for NoDialogs {
    fn open(&mut self) -> Result<Option<std::path::PathBuf>, String> {
        Err("No file dialog can be shown here".into())
    }
    fn save(&mut self, _name: &str) -> Result<Option<std::path::PathBuf>, String> {
        Err("No file dialog can be shown here".into())
    }
}

#[test]
fn without_a_file_dialog_the_path_is_typed_and_nothing_is_lost() {
    let dir = std::env::temp_dir().join(format!("omweso-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("typed.omweso");
    let mut h = on_state(WORKED);
    h = with_dialogs(h, NoDialogs);
    play_worked_game(&mut h);

    // Save as: the prompt says why and offers a path to type.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    h.get_by_label("Save the game");
    h.get_by_label("No file dialog can be shown here");
    assert!(h.state().session().paused(), "play waits behind the prompt");
    let field = "Type the file's path:";
    h.get_by_label(field).click();
    h.run();
    select_all(&mut h, field);
    h.get_by_label(field).type_text(&path.display().to_string());
    h.run();
    // Enter in the field saves, as the Save button does.
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(path_prompt(&h), None);
    assert!(!h.state().session().changed(), "saved");
    assert_eq!(h.state().session().document().path.as_deref(), Some(path.as_path()));
    let saved = omweso::savefile::SavedGame::load(&path).expect("a saved game");
    match saved.phase {
        omweso::savefile::Phase::Game(g) => assert_eq!(g.current().position().to_string(), AFTER_DFM),
        other => panic!("saved a game in play, not {other:?}"),
    }

    // Open: a path that does not exist is reported and the game is untouched; Esc leaves
    // the field, and Esc again closes the prompt.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Open a saved game");
    select_all(&mut h, field);
    h.get_by_label(field).type_text(&dir.join("missing.omweso").display().to_string());
    h.run();
    click(&mut h, "Open");
    assert!(problem(&h), "the missing file is reported");
    assert_eq!(board(&h), AFTER_DFM, "the game is untouched");
    click(&mut h, "OK");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Open a saved game");
    h.key_press(Key::Escape);
    h.run();
    assert!(path_prompt(&h).is_some(), "the first Esc leaves the field, as in any text field");
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(path_prompt(&h), None, "the second Esc closes the prompt");

    // Open the saved file by its path, from a new game.
    click(&mut h, "Undo");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    if h.query_by_label("Unsaved changes").is_some() {
        click(&mut h, "Discard");
    }
    select_all(&mut h, field);
    h.get_by_label(field).type_text(&path.display().to_string());
    h.run();
    click(&mut h, "Open");
    assert!(!problem(&h));
    assert_eq!(board(&h), AFTER_DFM, "the saved game is back");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn save_then_open_through_the_file_dialog_seam() {
    let path = std::env::temp_dir().join(format!("omweso-ui-{}.omweso", std::process::id()));
    let mut h = on_state(WORKED);
    h = with_dialogs(h, FixedDialogs(path.clone()));
    play_worked_game(&mut h);
    assert!(h.state().session().changed());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().session().changed(), "saved");
    assert_eq!(h.state().session().document().path.as_deref(), Some(path.as_path()));
    // A change, then Open: the unsaved-changes prompt comes first.
    click(&mut h, "Undo");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Unsaved changes");
    click(&mut h, "Discard");
    assert_eq!(board(&h), AFTER_DFM, "the saved game is back");
    assert_eq!(game(&h).cursor(), 3);
    assert!(!h.state().session().changed());
    let _ = std::fs::remove_file(path);
}

#[test]
fn pasting_a_state_offers_a_new_game_from_it() {
    let mut h = on_state(WORKED);
    h.event(egui::Event::Paste("4i-p; 4I-P / L both 0,0".into()));
    h.run();
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_string(), "4i-p; 4I-P / L both 0,0");
}

#[test]
fn f1_lists_the_keys_and_the_board_can_turn_to_the_player_to_move() {
    let mut h = on_state(WORKED);
    h.key_press(Key::F1);
    h.run();
    h.get_by_label("Keyboard");
    h.get_by_label("At a decision: sow clockwise (capture)");
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().session().modals().top().is_none(), "F1 closes the help");
    assert!(!h.state().session().flipped());
    click(&mut h, "Flip board");
    assert!(h.state().session().flipped());
    h.state_mut().push(Command::ToggleAutoFlip);
    h.run();
    assert!(!h.state().session().flipped(), "Lower to move: Lower's view");
    click(&mut h, "Lower d, 4 seeds");
    assert!(h.state().session().flipped(), "Upper to move: Upper's view");
    click(&mut h, "Upper F, 4 seeds");
    assert!(!h.state().session().flipped());
}

/// A window with the animation on (the default settings) whose clock runs at 60 frames a
/// second.
fn animated(text: &str) -> Harness<'static, App> {
    let state: GameState = text.parse().expect("state");
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(10_000)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(Session::from_state(Settings::default(), state)));
    h.run();
    h
}

#[test]
fn the_animation_and_the_board_stand_still_behind_the_unsaved_changes_prompt() {
    let mut h = animated(WORKED);
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    // The game has changed: New Game asks first.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.step();
    h.get_by_label("Unsaved changes");
    assert!(h.state().session().paused());
    // Two seconds: the five steps of `d` take under one second when running.
    h.run_steps(120);
    assert!(h.state().session().animating(), "the sowing stands still behind the prompt");
    // Neither a click on the board nor a hole's letter plays behind the prompt.
    h.get_by_label("Upper F, 4 seeds").click();
    h.step();
    h.key_press(Key::F);
    h.step();
    assert_eq!(game(&h).cursor(), 1);
    click(&mut h, "Cancel");
    assert!(!h.state().session().paused());
    assert!(!h.state().session().animating(), "the sowing goes on and ends once the prompt is closed");
    assert_eq!(game(&h).cursor(), 1);
    assert_eq!(board(&h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P");
}

/// The worked game after Lower's `d`: Upper (the computer in these tests) to move.
const AFTER_D: &str = "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0";

/// A window that may take many frames to settle (the spinner of a thinking computer).
fn patient(app: App) -> Harness<'static, App> {
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(1_000)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    h
}

/// The worked game with the Master as Upper, thinking about its answer to Lower's `d`.
fn master_thinking_after_d() -> Harness<'static, App> {
    let mut h = patient(App::new(Session::from_state(settings(), WORKED.parse().expect("state"))));
    h = with_computer(h, Side::Upper, omweso_engine::Level::Master);
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().computer().expect("computer").thinking(), "Upper, the computer, is to move");
    h
}

/// Steps the window in real time for about `ms` milliseconds.
fn steps_for(h: &mut Harness<'_, App>, ms: u64) {
    for _ in 0..ms / 25 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}

#[test]
fn the_computer_starts_no_search_behind_the_prompt() {
    let state: GameState = AFTER_D.parse().expect("state");
    let mut session = against(state, Side::Upper, omweso_engine::Level::Beginner);
    session.forget_baseline();
    session.apply(Command::OpenNewGame);
    let mut h = patient(App::new(session));
    h.get_by_label("Unsaved changes");
    steps_for(&mut h, 1000);
    assert!(!h.state().session().computer().expect("computer").thinking(), "no search behind the prompt");
    assert_eq!(game(&h).cursor(), 0);
    click(&mut h, "Cancel");
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 1));
}

#[test]
fn the_computers_answer_waits_for_the_prompt_to_close() {
    let mut h = master_thinking_after_d();
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.step();
    h.get_by_label("Unsaved changes");
    // Long enough for the answer to come.
    steps_for(&mut h, 3000);
    assert_eq!(game(&h).cursor(), 1, "the answer is not played behind the prompt");
    h.get_by_label("Cancel").click();
    h.step();
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 2));
}

#[test]
fn the_computer_lays_out_after_the_human_without_waiting_for_input() {
    let mut h = patient(App::new(Session::new(settings())));
    click(&mut h, "Play against the computer");
    start_against(&mut h, Side::Lower, omweso_engine::Level::Beginner);
    // Lower (the computer) moves first, so the human (Upper) lays out first.
    click(&mut h, "2 in every hole");
    // The computer chooses its layout on a thread of its own, which asks for a repaint
    // when the layout is ready.
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    h.ctx.set_repaint_observer(move |info| {
        if info.delay.is_zero() {
            let _ = tx.lock().map(|t| t.send(()));
        }
    });
    // Done, with no input event behind it: `run` goes on only while the window asks for
    // frames, so the computer's layout must follow without another event: the window's
    // own requests and the layout thread's wake are the only frames there are.
    h.state_mut().push(Command::SetupDone);
    h.run();
    for _ in 0..100 {
        if h.state().session().game().is_some() {
            break;
        }
        assert!(rx.recv_timeout(std::time::Duration::from_secs(10)).is_ok(), "the layout's thread wakes the window");
        h.run();
    }
    assert!(h.state().session().game().is_some(), "the computer has laid out");
}

#[test]
fn the_worker_wakes_the_window_when_the_computers_move_is_ready() {
    let mut h = master_thinking_after_d();
    // No more frames from here: only the worker thread can ask for one.
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    h.ctx.set_repaint_observer(move |info| {
        if info.delay.is_zero() {
            let _ = tx.lock().map(|t| t.send(()));
        }
    });
    assert!(
        rx.recv_timeout(std::time::Duration::from_secs(10)).is_ok(),
        "the worker asks for a repaint when its answer is ready"
    );
    // From the wake on, the window asks for every frame it needs to show the answer.
    h.run();
    assert_eq!(game(&h).cursor(), 2, "the answer is played");
    assert!(!h.state().session().computer().expect("computer").thinking(), "and not searched for again");
    let shown = game(&h).current().to_string();
    h.get_by_label(&shown);
}

#[test]
fn a_game_state_says_who_moves_so_the_first_move_choice_is_disabled() {
    let mut h = harness(App::new(Session::new(settings())));
    assert!(!disabled(&h, "Toss a coin"));
    click(&mut h, "Start from a position");
    assert!(disabled(&h, "Toss a coin"));
    h.get_by_label("set by the game state");
    h.get_by_label("Toss a coin").hover();
    h.run();
    h.get_by_label_contains("The game state says who moves");
    // Upper moves in the game state, whatever the form said before.
    h.state_mut().push(Command::NewGameFromState(AFTER_D.into()));
    h.run();
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_move(), Side::Upper);
}

#[test]
fn a_game_state_can_be_typed_from_the_game_menu_with_errors_shown_by_column() {
    let mut h = on_state(WORKED);
    click(&mut h, "Game");
    click(&mut h, "New game from a position…");
    assert!(h.state().session().modals().new_game().is_some_and(|f| f.from_position));
    let field = h.get_by_label("Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0");
    field.click();
    h.run();
    h.get_by_label("Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0")
        .type_text("4i-p; 4I-Q / L both 0,0");
    h.run();
    h.get_by_label_contains("column 10: `Q` is not a hole letter");
    // Pasted text (Ctrl+V or the Paste button) with no field being edited replaces the text.
    h.ctx.memory_mut(|m| m.stop_text_input());
    h.event(egui::Event::Paste("4i-p; 4I-P / U both 0,0".into()));
    h.run();
    assert_eq!(h.state().session().modals().new_game().expect("dialog").state_text, "4i-p; 4I-P / U both 0,0");
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_string(), "4i-p; 4I-P / U both 0,0");
}

#[test]
fn undone_moves_are_listed_greyed_and_a_click_plays_them_again() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    click(&mut h, "Undo");
    click(&mut h, "Undo");
    assert_eq!(game(&h).cursor(), 1);
    // Still listed after the current move, to be played again.
    h.get_by_label("Upper F");
    click(&mut h, "Lower m");
    assert_eq!(game(&h).cursor(), 3);
    assert_eq!(board(&h), AFTER_DFM);
    assert_eq!(h.state().session().review(), None);
}

#[test]
fn resign_waits_for_the_move_being_sown() {
    let mut h = animated(WORKED);
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    h.get_by_label("Position after this move");
    assert!(disabled(&h, "Upper resigns"), "no resignation while Lower's move is still being sown");
    h.state_mut().push(Command::Resign(Side::Upper));
    h.step();
    assert!(game(&h).result().is_none());
    h.key_press(Key::Space);
    h.run();
    assert!(!h.state().session().animating());
    h.get_by_label("Position");
    click(&mut h, "Upper resigns");
    click(&mut h, "Resign");
    h.get_by_label("Lower wins");
}

#[test]
fn a_hint_shows_the_whole_move_on_the_board_and_in_words() {
    // Lower's best here starts at c and, on the relay from a, sows clockwise to take E and M.
    let mut h = on_state("2a, 2c, 1d, 27p; 24A, 4EM / L none 0,0");
    let state = game(&h).current().clone();
    let mv = omweso_rules::notation::parse_move(&state, "c, a3xE").expect("legal move");
    h = with_hint(h, mv);
    h.run();
    let hole = |c| Hole::from_letter(c).expect("hole");
    assert_eq!(h.state().session().hint_holes(), vec![hole('c'), hole('a')]);
    h.get_by_label("Hint: c, a3xE — start at c; sow clockwise from a");
    // A move from the start hole clockwise rings that hole as both.
    let mut h = on_state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let state = game(&h).current().clone();
    h = with_hint(h, omweso_rules::notation::parse_move(&state, "i3xF").expect("legal move"));
    h.run();
    assert_eq!(h.state().session().hint_holes(), vec![hole('i'), hole('i')]);
    h.get_by_label("Hint: i3xF — start at i; sow clockwise from i");
    // Playing a move clears the hint.
    click(&mut h, "Lower e, 9 seeds");
    assert!(h.state().session().hint_holes().is_empty());
}

/// Asks the window to close, as the window manager's close button does, and runs a frame.
fn request_close(h: &mut Harness<'_, App>) {
    h.input_mut().viewports.entry(egui::ViewportId::ROOT).or_default().events.push(egui::ViewportEvent::Close);
    h.step();
}

/// True when the last frame sent this command to the window.
fn sent(h: &Harness<'_, App>, command: &egui::ViewportCommand) -> bool {
    h.output().viewport_output.get(&egui::ViewportId::ROOT).is_some_and(|v| v.commands.contains(command))
}

#[test]
fn closing_the_window_with_unsaved_changes_asks_first() {
    let mut h = on_state(WORKED);
    // Nothing to lose: the window closes.
    request_close(&mut h);
    assert!(!sent(&h, &egui::ViewportCommand::CancelClose));
    assert!(!unsaved(&h));
    // A move later, closing asks first; Cancel keeps the game.
    click(&mut h, "Lower d, 4 seeds");
    request_close(&mut h);
    assert!(sent(&h, &egui::ViewportCommand::CancelClose), "the close is held back");
    h.run();
    h.get_by_label("Unsaved changes");
    click(&mut h, "Cancel");
    assert!(!unsaved(&h) && h.state().session().changed());
    assert_eq!(game(&h).cursor(), 1);
    // Again, and Discard: the window closes.
    request_close(&mut h);
    h.run();
    h.get_by_label("Discard").click();
    h.step();
    assert!(sent(&h, &egui::ViewportCommand::Close));
    assert!(h.state().session().changed(), "Discard drops nothing by itself: the window closes");
    // Save from the prompt saves, then closes.
    let path = std::env::temp_dir().join(format!("omweso-close-{}.omweso", std::process::id()));
    let mut h = on_state(WORKED);
    h = with_dialogs(h, FixedDialogs(path.clone()));
    click(&mut h, "Lower d, 4 seeds");
    request_close(&mut h);
    h.run();
    h.get_by_label("Save").click();
    h.step();
    assert!(sent(&h, &egui::ViewportCommand::Close), "saved, then closed in the same frame");
    let saved = omweso::savefile::SavedGame::load(&path).expect("saved before closing");
    assert!(matches!(saved.phase, omweso::savefile::Phase::Game(g) if g.cursor() == 1));
    let _ = std::fs::remove_file(path);
}

/// The storage file of a window's store, read as the next start reads it.
fn stored(file: &std::path::Path) -> std::collections::HashMap<String, String> {
    ron::from_str(&std::fs::read_to_string(file).expect("the store was written")).expect("a map of strings")
}

#[test]
fn the_game_of_the_last_session_is_restored() {
    let dir = tempfile::tempdir().expect("folder");
    let file = dir.path().join("app.ron");
    let (mut store, _) = Store::open(&file);
    settings().store(&mut store);
    let mut h = harness(App::restore(store, omweso::app::Start::State(WORKED.parse().expect("state")), vec![]));
    h.state_mut().push(Command::ToggleLetters);
    play_worked_game(&mut h);
    // Written as it changed, not at the end: the file holds the game while the window is open.
    let after = |file: &std::path::Path| {
        stored(file)
            .get(omweso::app::autosave::AUTOSAVE_KEY)
            .and_then(|t| omweso::savefile::SavedGame::from_ron(t).ok())
            .is_some_and(|g| matches!(g.phase, omweso::savefile::Phase::Game(g) if g.cursor() == 3))
    };
    let start = std::time::Instant::now();
    while !after(&file) {
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "the third move reached the store");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(h);
    // A fresh start picks the game and the settings up where they were.
    let h = harness(App::restore(Store::open(&file).0, omweso::app::Start::Fresh, vec![]));
    assert!(h.state().session().game().is_some());
    assert!(h.state().session().modals().new_game().is_none());
    assert_eq!(board(&h), AFTER_DFM);
    assert_eq!(game(&h).cursor(), 3);
    assert!(!h.state().session().settings().letters);
    h.get_by_label("Lower m");
    drop(h);
    // A start on a given state does not.
    let h =
        harness(App::restore(Store::open(&file).0, omweso::app::Start::State(WORKED.parse().expect("state")), vec![]));
    assert_eq!(game(&h).cursor(), 0);
}

#[test]
fn a_damaged_autosave_is_set_aside_with_a_notice() {
    let damaged = "(version: 1, players: [oops".to_string();
    let dir = tempfile::tempdir().expect("folder");
    let file = dir.path().join("app.ron");
    let map: std::collections::HashMap<_, _> =
        [(omweso::app::autosave::AUTOSAVE_KEY.to_string(), damaged.clone())].into();
    std::fs::write(&file, ron::to_string(&map).expect("ron")).expect("written");
    let mut h = harness(App::restore(Store::open(&file).0, omweso::app::Start::Fresh, vec![]));
    h.get_by_label("Problem");
    h.get_by_label_contains("could not be restored");
    h.get_by_label_contains("it was set aside");
    assert!(h.state().session().modals().new_game().is_some(), "a fresh session instead");
    click(&mut h, "OK");
    assert!(!problem(&h));
    drop(h);
    // The store keeps the damaged text under its own key and autosaves afresh.
    let map = stored(&file);
    assert_eq!(map.get(omweso::app::autosave::DAMAGED_AUTOSAVE_KEY), Some(&damaged));
    let fresh = map.get(omweso::app::autosave::AUTOSAVE_KEY).expect("autosave");
    assert!(omweso::savefile::SavedGame::from_ron(fresh).is_ok());
}

#[test]
fn a_file_that_cannot_be_opened_still_opens_the_window_and_says_why() {
    let why = "Cannot open bad.omweso: move 2 `E` is not a legal move";
    let mut h = harness(App::restore(Store::in_memory(), omweso::app::Start::Unreadable(why.into()), vec![]));
    h.get_by_label("Problem");
    h.get_by_label(why);
    click(&mut h, "OK");
    assert!(!problem(&h));
    assert!(h.state().session().modals().new_game().is_some(), "a fresh start: the New Game dialog");
}

#[test]
fn against_the_computer_only_the_human_resigns() {
    let mut h = master_thinking_after_d();
    assert!(h.query_by_label("Upper resigns").is_none(), "no button resigns for the computer");
    h.get_by_label("Lower resigns");
    h.state_mut().push(Command::MoveNow);
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 2));
}

#[test]
fn start_waits_for_a_game_state_without_errors_and_old_errors_go() {
    let mut h = on_state(WORKED);
    click(&mut h, "Game");
    click(&mut h, "New game from a position…");
    let label = "Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0";
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text("4i-p; 4I-Q / L both 0,0");
    h.run();
    assert!(disabled(&h, "Start"), "no start from a state with an error");
    // An error left by an earlier attempt goes once the text changes.
    h.get_by_label_contains("column 10");
    select_all(&mut h, label);
    h.get_by_label(label).type_text("4i-p; 4I-P / L both 0,0");
    h.run();
    assert!(h.query_by_label_contains("column 10").is_none(), "the old error goes");
    assert!(!disabled(&h, "Start"));
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_string(), "4i-p; 4I-P / L both 0,0");
}

#[test]
fn the_speed_submenu_opens_and_sets_the_speed_with_the_mouse() {
    // Defect 12: View → Speed (a combo box in a menu) closed the menu on its second click.
    let mut h = on_state(WORKED);
    click(&mut h, "View");
    click(&mut h, "Speed: Normal");
    click(&mut h, "Fast");
    assert_eq!(h.state().session().settings().speed, omweso::app::animation::Speed::Fast);
}

#[test]
fn esc_in_a_text_field_leaves_the_field_not_the_new_game_dialog() {
    // Defect 13: the first Esc closed the whole dialog.
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("Lower (bottom):").click();
    h.run();
    h.get_by_label("Lower (bottom):").type_text("Nakato");
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().session().modals().new_game().is_some(), "the first Esc leaves the field");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().session().modals().new_game().is_none(), "the second closes the dialog");
}

#[test]
fn enter_starts_the_game_from_the_new_game_dialog() {
    let mut h = harness(App::new(Session::new(settings())));
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().session().setup().is_some());
    assert!(h.state().session().modals().top().is_none());
}

#[test]
fn review_shows_a_banner_and_play_from_here_goes_on_from_it() {
    // Defect 10: review was easy to miss.
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    click(&mut h, "Lower d");
    h.get_by_label("Reviewing: after move 1 of 3");
    assert!(disabled(&h, "Undo") && disabled(&h, "Redo"));
    click(&mut h, "Back to the game");
    assert!(h.query_by_label_contains("Reviewing").is_none());
    click(&mut h, "Lower d");
    click(&mut h, "Play from here");
    assert_eq!(game(&h).cursor(), 1);
    assert_eq!(game(&h).all_entries().len(), 3, "the later moves wait as the redo branch");
    click(&mut h, "Upper F, 4 seeds");
    assert_eq!(game(&h).cursor(), 2);
}

#[test]
fn the_resign_button_goes_once_the_game_is_over() {
    let mut h = on_state("2i, 46p; 1A-P / L none 0,0");
    h.get_by_label("Lower resigns");
    click(&mut h, "Lower i, 2 seeds");
    assert!(h.query_by_label_contains("resigns").is_none());
}

#[test]
fn the_first_start_offers_the_lessons_and_a_lesson_is_followed_on_the_board() {
    // The default settings: the moves are animated, as a new player sees them.
    let mut h = patient(App::restore(Store::in_memory(), omweso::app::Start::Fresh, vec![]));
    h.get_by_label("Learn Omweso");
    h.get_by_label("3. Sowing");
    h.get_all_by_label("Start lesson").next().expect("a lesson's Start").click();
    h.run();
    h.get_by_label("Lesson 1 of 11: The board");
    click(&mut h, "Next");
    click(&mut h, "Next");
    click(&mut h, "Next lesson");
    h.get_by_label("Lesson 2 of 11: Setting out the seeds");
    click(&mut h, "Next");
    click(&mut h, "Next lesson");
    h.get_by_label("Lesson 3 of 11: Sowing");
    // A wrong move is sown, explained and taken back; the right one goes on.
    click(&mut h, "Lower l, 4 seeds");
    h.get_by_label_contains("Not quite. This step asked");
    click(&mut h, "What your move did");
    h.get_by_label_contains("You played l:");
    click(&mut h, "Try again");
    click(&mut h, "Lower m, 4 seeds");
    h.get_by_label("Right!");
    h.get_by_label_contains("so the move ended there");
    click(&mut h, "Next");
    click(&mut h, "Show me");
    h.get_by_label("This is the move:");
    click(&mut h, "Leave the lesson");
    h.get_by_label("Learn Omweso");
}

#[test]
fn the_rules_book_and_the_legend_open_from_help_and_the_last_move_is_told() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    h.get_by_label("Last move");
    h.get_by_label_contains("h was not empty and A and I both held seeds, so Lower captured 6");
    click(&mut h, "Help");
    click(&mut h, "Rules…");
    h.get_by_label("Rules of Omweso");
    h.get_by_label("Reverse captures");
    h.get_by_label("akakyala");
    click(&mut h, "Help");
    click(&mut h, "What the marks mean…");
    h.get_by_label("What the marks mean");
}

#[test]
fn the_analysis_panel_threats_and_game_review_from_the_view_menu() {
    let mut h = patient(App::new(Session::from_state(settings(), WORKED.parse().expect("state"))));
    play_worked_game(&mut h);
    click(&mut h, "View");
    click(&mut h, "Analysis panel");
    h.get_by_label("This position");
    wait_for(&mut h, |a| a.session().judgement_shown().is_some_and(|(_, kept)| kept));
    h.run();
    h.get_by_label_contains("depth ");
    // Threats: Upper to move after d, F, m; were it Lower's turn, Lower could capture.
    let mut cache = omweso::app::view::PreviewCache::default();
    let mut threats = omweso::app::view::ThreatCache::default();
    let v = omweso::app::view::board_view(h.state().session(), None, &mut cache, &mut threats);
    assert!(v.threats.is_empty(), "off by default between two people");
    h.state_mut().push(Command::ToggleThreats);
    h.run();
    let v = omweso::app::view::board_view(h.state().session(), None, &mut cache, &mut threats);
    let state = game(&h).current().clone();
    let want: Vec<Hole> = state.threats().iter().flat_map(|t| t.captured.clone()).collect();
    assert!(!v.threats.is_empty() && v.threats.iter().all(|(hole, _)| want.contains(hole)), "{:?}", v.threats);
    // Game review: a progress bar, then marks in the move list and the graph.
    click(&mut h, "Analyse game");
    wait_for(&mut h, |a| a.session().game_review_progress().is_none());
    h.run();
    assert!(game(&h).moves().iter().all(|e| e.review.is_some()));
    h.get_by_label("The evaluation for Lower before each move (1 is about a seed); click to look at a move.");
}

#[test]
fn enter_in_a_name_field_starts_the_game() {
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("Upper (top):").click();
    h.run();
    h.get_by_label("Upper (top):").type_text("Nakato");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().session().setup().is_some() && h.state().session().modals().top().is_none());
    assert_eq!(h.state().session().names()[1], "UpperNakato", "the typed name is kept");
}
