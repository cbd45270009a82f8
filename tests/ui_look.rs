//! What the window shows a player beyond the rules: who is doing what in the side panel,
//! the seeds in hand, a side panel that keeps its place, and the game-over card.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use omweso::app::{App, model::session::Session, model::settings::Settings};
use omweso_rules::GameState;

const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";
const DECISION: &str = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";

fn harness(session: Session) -> Harness<'static, App> {
    let mut h =
        Harness::builder().with_size([1280.0, 800.0]).build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.run();
    h
}

fn on_state(text: &str) -> Harness<'static, App> {
    let state: GameState = text.parse().expect("state");
    harness(Session::from_state(Settings { animate: false, ..Settings::default() }, state))
}

fn click(h: &mut Harness<'_, App>, label: &str) {
    h.get_by_label(label).click();
    h.run();
}

#[test]
fn in_setup_the_table_says_who_lays_out() {
    let mut h = harness(Session::new(Settings { animate: false, ..Settings::default() }));
    click(&mut h, "Start");
    h.get_by_label("lays out");
    assert!(h.query_by_label_contains("to move").is_none(), "nobody is to move in setup");
}

#[test]
fn at_a_decision_the_seeds_in_hand_are_shown_and_counted() {
    let mut h = on_state(DECISION);
    h.get_by_label("to move");
    click(&mut h, "Lower i, 3 seeds");
    assert!(h.state().session().sowing().is_some_and(|s| s.decision().is_some()));
    // The hole is empty; its three seeds are in hand and still Lower's.
    h.get_by_label("Lower i, 0 seeds");
    h.get_by_label("to move · 3 in hand");
    assert_eq!(h.query_all_by_label("32 seeds").count(), 2, "Upper's 32, and Lower's 29 on the board and 3 in hand");
    let mut cache = omweso::app::ui::view::PreviewCache::default();
    let mut threats = omweso::app::ui::view::ThreatCache::default();
    let v = omweso::app::ui::view::board_view(h.state().session(), None, &mut cache, &mut threats);
    assert_eq!(v.hand.map(|hand| hand.seeds), Some(3));
}

#[test]
fn the_side_panel_keeps_its_place_when_its_texts_change() {
    let mut h = on_state(DECISION);
    let before = ["Undo", "Flip board", "Moves"].map(|l| h.get_by_label(l).rect());
    // A decision adds a message; the buttons and the options below it stay put.
    click(&mut h, "Lower i, 3 seeds");
    h.get_by_label_contains("Decision at i");
    let after = ["Undo", "Flip board", "Moves"].map(|l| h.get_by_label(l).rect());
    assert_eq!(before, after);
}

#[test]
fn review_from_the_game_over_card_shows_the_final_position() {
    let mut h = on_state("2i, 46p; 1A-P / L none 0,0");
    click(&mut h, "Lower i, 2 seeds");
    h.get_by_label("Game over");
    click(&mut h, "Review");
    assert!(!h.state().session().game_over_open(), "the card is closed");
    assert_eq!(h.state().session().review(), None, "the final position, not the first");
    h.get_by_label("Lower p, 46 seeds");
    h.get_by_label("Upper A, 1 seed");
    // Back from there, step by step.
    h.key_press(egui::Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().session().review(), Some(0));
}

#[test]
fn the_resign_button_names_the_player() {
    let state: GameState = WORKED.parse().expect("state");
    let mut session = Session::from_state(Settings { animate: false, ..Settings::default() }, state);
    session.apply(omweso::app::model::command::Command::StartGame(Box::new(omweso::app::model::setup::NewGameForm {
        names: ["Nakato".into(), "Kato".into()],
        from_position: true,
        state_text: WORKED.into(),
        ..Default::default()
    })));
    let h = harness(session);
    h.get_by_label("Nakato (Lower) resigns");
}

#[test]
fn new_game_keeps_its_size_when_the_computer_is_ticked_or_not() {
    // From the new-user trial: unticking the computer shrank the dialog under the pointer,
    // and the next click landed on Start.
    let mut h = harness(Session::new(Settings { animate: false, ..Settings::default() }));
    let start = h.get_by_label("Start").rect();
    click(&mut h, "Play against the computer");
    assert!(h.state().session().modals().new_game().is_some_and(|f| f.computer));
    assert_eq!(h.get_by_label("Start").rect(), start, "ticked");
    click(&mut h, "Play against the computer");
    assert!(h.state().session().modals().new_game().is_some_and(|f| !f.computer));
    assert_eq!(h.get_by_label("Start").rect(), start, "unticked");
}

#[test]
fn every_click_and_letter_of_a_slow_frame_counts_with_its_own_shift() {
    // From the new-user trial: four clicks 150 ms apart in one slow frame added one seed,
    // and a quick Shift+letter added instead of taking one back.
    let mut h = harness(Session::new(Settings { animate: false, ..Settings::default() }));
    click(&mut h, "Start");
    let laying = h.state().session().setup().expect("setup").laying;
    let hole = omweso_rules::Hole::all(laying).next().expect("a hole");
    let count = |h: &Harness<'_, App>| h.state().session().shown_counts()[hole.index()];
    let at = h.get_by_label(&format!("{laying} {hole}, 0 seeds")).rect().center();
    for _ in 0..4 {
        let press = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        h.input_mut().events.extend([egui::Event::PointerMoved(at), press(true), press(false)]);
    }
    h.step();
    h.run();
    assert_eq!(count(&h), 4, "four clicks, four seeds");
    let key =
        |modifiers| egui::Event::Key { key: egui::Key::A, physical_key: None, pressed: true, repeat: false, modifiers };
    h.input_mut().events.extend([key(egui::Modifiers::SHIFT), key(egui::Modifiers::SHIFT), key(egui::Modifiers::NONE)]);
    h.step();
    h.run();
    assert_eq!(count(&h), 3, "two taken back with Shift, one added without");
}
