//! A lesson's step that practises setting out (RULES.md §2): the learner lays out Lower's
//! 32 seeds on a setup board that shows Upper's layout, Done is refused until all 32 are
//! out, the lesson then says what the layout gives (from the rules), and "Show me" lays
//! out the step's own layout.

use super::*;
use crate::app::model::command::Command as C;
use crate::app::model::setup_board::Preset;
use crate::lessons::Task;
use omweso_rules::Hole;

fn set_out_step(s: &Session) -> (usize, usize) {
    let lessons = s.lessons().expect("the lessons load");
    lessons
        .iter()
        .enumerate()
        .find_map(|(i, l)| l.steps.iter().position(|st| matches!(st.task, Task::SetOut)).map(|j| (i, j)))
        .expect("a lesson practises setting out")
}

fn said(s: &Session) -> Option<String> {
    match s.lesson()?.feedback.clone()? {
        Feedback::Right(t) => Some(t),
        Feedback::Wrong(_) => None,
    }
}

#[test]
fn a_set_out_step_is_practised_on_a_setup_board_and_judged_by_the_rules() {
    let mut s = Session::new(Settings { animate: false, ..Settings::default() });
    let (lesson, step) = set_out_step(&s);
    s.apply(C::StartLessonAt { lesson, step });
    let upper = s.lessons().unwrap()[lesson].steps[step].state.position().side_counts(Side::Upper);
    let setup = s.setup().expect("a setup board");
    assert_eq!((setup.laying, setup.counts[Side::Upper.index()]), (Side::Lower, upper), "Upper's layout is shown");
    assert!(s.lesson().is_some_and(|r| r.feedback.is_none()) && !s.changed(), "a lesson, not a document");
    // Done with seeds left does nothing.
    s.apply(C::SetupAdd(Hole::from_letter('a').unwrap()));
    s.apply(C::SetupDone);
    assert!(s.setup().is_some() && said(&s).is_none());
    // Undo, Save and the like mean nothing here.
    s.apply(C::Save);
    assert!(s.setup().is_some());
    // 2 in every hole: every hole can start a move.
    s.apply(C::SetupPreset(Preset::Twos));
    s.apply(C::SetupDone);
    let words = said(&s).expect("the lesson says what the layout gives");
    let state = s.game().expect("the laid-out board").current().clone();
    assert_eq!(state.position().side_counts(Side::Lower), [2; 16]);
    assert_eq!(state.position().side_counts(Side::Upper), upper);
    let moves = state.legal_moves().len();
    assert!(words.starts_with("32 seeds in 16 holes, 16 in the front row."), "{words}");
    assert!(words.contains(&format!("{moves} first moves (from 16 holes)")), "{words}");
    assert!(!s.human_to_move(), "the board is looked at, not played");
    assert!(s.lesson().unwrap().can_go_on());
    // Set out again: back to an empty side.
    s.apply(C::LessonRetry);
    assert_eq!(s.setup().map(|x| x.counts[Side::Lower.index()]), Some([0; 16]));
    // Show me lays out the step's own layout (the worked game's).
    s.apply(C::LessonShowMe);
    let shown = s.lessons().unwrap()[lesson].steps[step].state.position().side_counts(Side::Lower);
    assert_eq!(s.game().unwrap().current().position().side_counts(Side::Lower), shown);
    assert!(s.lesson().is_some_and(|r| r.shown && r.can_go_on()));
    let step_words = said(&s).unwrap();
    assert_eq!(step_words, crate::lessons::set_out_feedback(s.game().unwrap().current()));
    assert!(step_words.contains("in 7 holes, 28 in the front row"), "{step_words}");
    // Next goes on past the step.
    s.apply(C::LessonNext);
    assert!(s.lesson().is_none_or(|r| (r.index, r.step) != (lesson, step)));
}

#[test]
fn leaving_a_set_out_step_opens_the_list_and_its_place_is_kept() {
    let mut s = Session::new(Settings { animate: false, ..Settings::default() });
    let (lesson, step) = set_out_step(&s);
    s.apply(C::StartLessonAt { lesson, step });
    assert_eq!(s.lesson().map(|r| (r.index, r.step)), Some((lesson, step)));
    s.apply(C::LeaveLesson);
    assert!(s.lesson().is_none() && matches!(s.modals().top(), Some(Modal::Learn)));
    assert!(s.setup().is_some_and(|x| x.lesson.is_none()));
}
