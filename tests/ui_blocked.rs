//! Issue 48.2: a window over the board that keeps it from taking clicks says so on the
//! board. A trial clicked holes and layout presets while a New game dialog left open stood
//! over the board, and nothing happened and nothing said why.

mod window;
use window::*;

const NOTE_NEW_GAME: &str = "The New game dialog is open: finish it or close it to use the board.";

#[test]
fn a_click_on_the_board_behind_the_new_game_dialog_is_told_why_it_does_nothing() {
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("New game");
    assert!(h.query_by_label(NOTE_NEW_GAME).is_none(), "nothing said before a click");
    // A corner hole, beside the dialog in the middle of the board.
    click(&mut h, "Upper A, 0 seeds");
    h.run();
    h.get_by_label(NOTE_NEW_GAME);
    assert_eq!(h.state().session().setup().unwrap().seeds_left(), 32, "the click laid no seed");
    // The dialog finished, the board takes clicks and the note is gone.
    click(&mut h, "Start");
    assert!(h.query_by_label(NOTE_NEW_GAME).is_none());
    click(&mut h, "Upper A, 0 seeds");
    h.get_by_label("Seeds left: 31");
}

#[test]
fn a_layout_preset_pressed_while_the_lessons_list_is_open_is_told_why_it_does_nothing() {
    let mut h = harness(App::new(Session::new(settings())));
    click(&mut h, "Start");
    h.state_mut().push(Command::ToggleTeaching(omweso::app::model::command::Teaching::Learn));
    h.run();
    h.get_by_label("Learn Omweso");
    click(&mut h, "Random");
    h.run();
    h.get_by_label("The list of lessons is open: finish it or close it to use the board.");
    h.get_by_label("Seeds left: 32");
}
