//! After a new player's game (issue 51): the game-over card points the way on — the next
//! lesson, a puzzle — and says how far the course has come; once the course is done it
//! says nothing of it.

mod window;
use window::*;

/// Lower's i ends the game: Upper, all single seeds, cannot move.
const ONE_MOVE_TO_WIN: &str = "2i, 46p; 1A-P / L none 0,0";

#[test]
fn a_new_players_game_over_card_offers_the_next_lesson_and_a_puzzle() {
    let mut h = on_state(ONE_MOVE_TO_WIN);
    click(&mut h, "Lower i, 2 seeds");
    assert!(h.state().session().game_over_open());
    let lessons = h.state().session().lessons().expect("lessons").len();
    h.get_by_label_contains(&format!("The course: 0 of {lessons} lessons done."));
    h.get_by_label("A puzzle");
    h.get_by_label_contains("Next lesson: 1. ").click();
    h.run();
    // The game played is not saved: the window asks first, as for any lesson.
    assert!(unsaved(&h));
    click(&mut h, "Discard");
    let run = h.state().session().lesson().expect("the lesson started");
    assert_eq!(run.index, 0);
}

#[test]
fn once_the_course_is_done_the_card_keeps_to_the_game() {
    let done = omweso::lessons::all().expect("lessons").into_iter().map(|l| l.id).collect();
    let session =
        Session::from_state(Settings { lessons_done: done, ..settings() }, ONE_MOVE_TO_WIN.parse().expect("state"));
    assert!(!session.newcomer());
    let mut h = harness(App::new(session));
    click(&mut h, "Lower i, 2 seeds");
    assert!(h.state().session().game_over_open());
    assert!(h.query_by_label_contains("Next lesson").is_none());
    assert!(h.query_by_label("A puzzle").is_none());
}
