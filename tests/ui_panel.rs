//! The side panel fits the window, from 800×500 to 1920×1080: what is always there (status,
//! players, buttons), the tabs under it, and in each tab what a player needs, inside the
//! window; the move list follows the game to its last move.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use omweso::app::model::settings::PanelTab;
use omweso::app::{App, model::command::Command, model::session::Session, model::settings::Settings};

mod common;
use common::{chain_game, long_game};

const SIZES: [[f32; 2]; 3] = [[800.0, 500.0], [1280.0, 800.0], [1920.0, 1080.0]];

fn harness(size: [f32; 2], moves: usize) -> Harness<'static, App> {
    let settings = Settings { animate: false, ..Settings::default() };
    let session = Session::from_saved(settings, long_game(moves), None);
    let mut h = Harness::builder().with_size(size).build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.run();
    h
}

/// The node labelled `label` lies inside the window.
fn inside(h: &Harness<'_, App>, label: &str, size: [f32; 2]) {
    let r = h.get_by_label(label).rect();
    assert!(
        r.min.x >= 0.0 && r.min.y >= 0.0 && r.max.x <= size[0] + 0.5 && r.max.y <= size[1] + 0.5,
        "{label} at {r:?}, outside the {size:?} window"
    );
}

#[test]
fn every_tab_fits_the_window_at_every_size() {
    for size in SIZES {
        let mut h = harness(size, 30);
        let moves = h.state().session().game().expect("game").cursor();
        for label in ["Undo", "Flip board", "Moves", "Analysis", "Board", "Analyse game"] {
            inside(&h, label, size);
        }
        // The move list follows the game: its last move is in view.
        let last = format!("{}.", moves);
        inside(&h, &last, size);
        if size[1] >= 800.0 {
            // The list keeps six rows before the position text gets room beside it.
            inside(&h, &format!("{}.", moves - 5), size);
        }
        if size[1] >= 1080.0 {
            inside(&h, "Position", size);
        }
        h.state_mut().push(Command::ShowPanelTab(PanelTab::Analysis));
        h.run();
        inside(&h, "Turn the analysis on", size);
        inside(&h, "The game", size);
        h.state_mut().push(Command::ShowPanelTab(PanelTab::Board));
        h.run();
        inside(&h, "Hole letters (F3)", size);
        if size[1] >= 800.0 {
            // The position, whole, in the Board tab.
            inside(&h, "Position", size);
        }
        assert!(h.query_by_label("Analyse game").is_none(), "one tab at a time");
    }
}

#[test]
fn the_move_list_follows_the_move_shown() {
    let size = [1280.0, 800.0];
    let mut h = harness(size, 60);
    let n = h.state().session().game().expect("game").cursor();
    inside(&h, &format!("{n}."), size);
    // Back to the first move: the list scrolls up to it.
    h.state_mut().push(Command::ReviewFirst);
    h.run();
    h.state_mut().push(Command::ReviewNext);
    h.run();
    inside(&h, "1.", size);
    // And back to the end.
    h.state_mut().push(Command::ReviewEnd);
    h.run();
    inside(&h, &format!("{n}."), size);
}

#[test]
fn the_analysis_tab_says_what_the_solver_proved() {
    let short = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";
    let settings = Settings { animate: false, analysis: true, ..Settings::default() };
    let session = Session::from_state(settings, short.parse().unwrap());
    let size = [1280.0, 800.0];
    // The solver's and the judge's threads wake the window as they answer.
    let mut h = Harness::builder()
        .with_size(size)
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.state_mut().push(Command::ShowPanelTab(PanelTab::Analysis));
    h.run();
    // The solver works on its own thread; the panel says so until it answers.
    let started = std::time::Instant::now();
    while h.query_by_label("Proven: Lower wins within 5 moves").is_none() {
        assert!(started.elapsed().as_secs() < 60, "no proof shown");
        std::thread::sleep(std::time::Duration::from_millis(50));
        h.run();
    }
    inside(&h, "Proven: Lower wins within 5 moves", size);
    assert!(h.query_by_label_contains("a2xF | L | f").is_some(), "the proof's main line");
}

#[test]
fn a_move_that_threw_a_proven_win_away_says_how_it_is_refuted() {
    let short = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";
    let settings = Settings { animate: false, analysis: true, ..Settings::default() };
    let session = Session::from_state(settings, short.parse().unwrap());
    // The solver's and the judge's threads wake the window as they answer.
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(64)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.state_mut().push(Command::ShowPanelTab(PanelTab::Analysis));
    let until = |h: &mut Harness<'_, App>, label: &str| {
        let started = std::time::Instant::now();
        while h.query_by_label(label).is_none() {
            assert!(started.elapsed().as_secs() < 60, "never shown: {label}");
            std::thread::sleep(std::time::Duration::from_millis(50));
            h.run();
        }
    };
    until(&mut h, "Proven: Lower wins within 5 moves");
    // d throws the win away: Upper wins at once after it.
    let d = omweso_rules::Hole::from_letter('d').unwrap();
    h.state_mut().push(Command::PlayHole { hole: d, split: false });
    h.run();
    until(&mut h, "Proven: Upper wins within 1 move");
    h.state_mut().push(Command::ShowPanelTab(PanelTab::Moves));
    h.run();
    // Marked as a blunder in the list, whatever the search said, and its hover says why.
    h.get_by_label("Lower d??").hover();
    h.run();
    h.run();
    assert!(
        h.query_by_label_contains("d threw away a proven win: a2xF won within 5 moves; now Upper wins within 1 move")
            .is_some(),
        "the refutation on hover"
    );
}

/// Issue 41.5: at 900×600 what a player does ("to move") never runs into their seed count,
/// and the computer's name is whole.
#[test]
fn at_900x600_to_move_stays_clear_of_the_seeds_and_the_computers_name_is_whole() {
    let size = [900.0, 600.0];
    let settings = Settings { animate: false, ..Settings::default() };
    let session = Session::from_saved(settings, chain_game(), None);
    let mut h = Harness::builder().with_size(size).build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(session));
    h.run();
    let role = h.get_by_label("to move").rect();
    for seeds in h.query_all_by_label("32 seeds") {
        let r = seeds.rect();
        assert!(!r.intersects(role), "to move at {role:?} runs into the seeds at {r:?}");
    }
    let name = h.get_by_label("Computer (Master) · Upper").rect();
    let panel_right = size[0];
    assert!(name.max.x <= panel_right, "the name runs out of the panel: {name:?}");
    // Whole: as wide as the name drawn without a cut.
    let whole = h.state().session().player_label(omweso_rules::Side::Upper);
    assert_eq!(whole, "Computer (Master) · Upper");
    assert!(name.width() > 150.0, "the name is cut: {name:?}");
}
