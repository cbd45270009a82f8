//! The side panel fits the window, from 800×500 to 1920×1080: what is always there (status,
//! players, buttons), the tabs under it, and in each tab what a player needs, inside the
//! window; the move list follows the game to its last move.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use omweso::app::settings::PanelTab;
use omweso::app::{App, Command, Session, Settings};

mod common;
use common::long_game;

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
            inside(&h, "Position", size);
        }
        h.state_mut().push(Command::ShowPanelTab(PanelTab::Analysis));
        h.run();
        inside(&h, "Turn the analysis on", size);
        inside(&h, "The game", size);
        h.state_mut().push(Command::ShowPanelTab(PanelTab::Board));
        h.run();
        inside(&h, "Hole letters (F3)", size);
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
