//! What commands do, tested on the model without a window.

use super::*;
use crate::app::model::animation::Speed;
use crate::app::model::command::Command as C;
use crate::app::model::lesson_run::Feedback;
use crate::app::model::setup_board::Preset;
use crate::app::model::test_disk::Disk;
use crate::app::services::computer::Opponent;
use omweso_rules::{Direction, Hole};
use std::cell::RefCell;
use std::rc::Rc;

pub(super) const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";
pub(super) const DECISION: &str = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";

pub(super) fn quiet() -> Settings {
    Settings { animate: false, ..Settings::default() }
}

pub(super) fn hole(c: char) -> Hole {
    Hole::from_letter(c).unwrap()
}

pub(super) fn on(state: &str) -> Session {
    Session::from_state(quiet(), state.parse().unwrap())
}

pub(super) fn play(s: &mut Session, holes: &str) {
    for c in holes.chars() {
        s.apply(C::PlayHole { hole: hole(c), split: false });
    }
}

pub(super) fn cursor(s: &Session) -> usize {
    s.game().unwrap().cursor()
}

/// File dialogs that answer with the next path of a list, and count the save dialogs.
#[derive(Clone, Default)]
pub(super) struct Dialogs {
    pub(super) answers: Rc<RefCell<Vec<PathBuf>>>,
    pub(super) saves_asked: Rc<RefCell<Vec<String>>>,
}

impl FileDialogs for Dialogs {
    fn open(&mut self) -> Result<Option<PathBuf>, String> {
        Ok(self.answers.borrow_mut().pop())
    }
    fn save(&mut self, name: &str) -> Result<Option<PathBuf>, String> {
        self.saves_asked.borrow_mut().push(name.to_string());
        Ok(self.answers.borrow_mut().pop())
    }
}

pub(super) fn with_dialogs(mut s: Session) -> (Session, Dialogs) {
    let d = Dialogs::default();
    s.set_dialogs(Box::new(d.clone()));
    (s, d)
}

pub(super) fn start_form(s: &mut Session, state: Option<&str>) {
    let mut form = s.settings().form.clone();
    if let Some(text) = state {
        form.from_position = true;
        form.state_text = text.into();
    }
    s.apply(C::StartGame(Box::new(form)));
}

#[test]
fn no_op_commands_do_not_change_the_game() {
    // Defect 8: each of these marked the game changed.
    let mut s = on(WORKED);
    assert!(!s.changed());
    play(&mut s, "c"); // an empty hole
    s.apply(C::Undo); // nothing to undo
    s.apply(C::Redo);
    s.apply(C::ComputerMove(
        s.game().unwrap().current().clone(),
        omweso_rules::notation::parse_move(&WORKED.parse().unwrap(), "d").unwrap(),
    ));
    assert!(!s.changed(), "no computer in this game: its move is refused");
    s.apply(C::AskResign(Side::Lower));
    s.apply(C::ToggleHelp);
    // The resign question is closed by its kind, under the help window on top.
    s.apply(C::CloseModal(crate::app::model::modal::ModalKind::Resign));
    assert_eq!(s.modals().iter().collect::<Vec<_>>(), [&Modal::Help]);
    s.apply(C::CloseModal(crate::app::model::modal::ModalKind::Help));
    assert!(s.modals().top().is_none());
    s.apply(C::ReviewFirst);
    assert!(!s.changed());
    assert!(!s.title().contains('*'));
    // A real move changes it; taking it back makes it the same game again.
    play(&mut s, "d");
    assert!(s.changed() && s.title().ends_with("* — Omweso"));
    s.document.baseline = Some(s.to_saved());
    s.apply(C::Undo);
    assert!(s.changed(), "a move taken back");
    s.apply(C::Redo);
    assert!(!s.changed(), "and played again: the game is the one saved");
    // A rematch of a game begun from a position is that position again, a new, unchanged
    // document (issue 41: it opened a new layout).
    let start = "2i, 46p; 1A-P / L none 0,0";
    let mut s = on(start);
    play(&mut s, "i");
    s.document.baseline = Some(s.to_saved());
    s.apply(C::Rematch);
    assert!(s.setup().is_none() && !s.changed());
    assert_eq!(s.game().unwrap().current().to_string(), start.parse::<GameState>().unwrap().to_string());
    assert_eq!(s.game().unwrap().cursor(), 0);
    assert!(s.modals().top().is_none(), "no prompt");
}

#[test]
fn unsaved_changes_are_asked_about_only_when_there_are_some() {
    let mut s = on(WORKED);
    s.apply(C::OpenNewGame);
    assert!(matches!(s.modals().top(), Some(Modal::NewGame(_))), "nothing to lose: no prompt");
    s.apply(C::CancelModal);
    play(&mut s, "d");
    s.apply(C::OpenNewGame);
    assert!(matches!(s.modals().top(), Some(Modal::Unsaved(_))));
    s.apply(C::CloseModal(crate::app::model::modal::ModalKind::Unsaved));
    assert!(s.modals().top().is_none());
    s.apply(C::OpenNewGame);
    s.apply(C::Discard);
    assert!(matches!(s.modals().top(), Some(Modal::NewGame(_))), "Discard carries the command out");
}

#[test]
fn resign_at_a_decision_point_waits_for_the_move() {
    // Defect 7: Resign there threw the half-sown move away.
    let mut s = on(DECISION);
    play(&mut s, "i");
    assert!(s.sowing().is_some());
    assert!(!s.can_resign());
    s.apply(C::AskResign(Side::Lower));
    assert!(s.modals().top().is_none(), "no question while the move is under way");
    s.apply(C::Resign(Side::Lower));
    assert!(s.sowing().is_some(), "the move is still there");
    assert_eq!(s.game().unwrap().result(), None);
    s.apply(C::Choose(Direction::Anticlockwise));
    assert_eq!(cursor(&s), 1);
    assert!(s.can_resign());
    s.apply(C::AskResign(Side::Upper));
    s.apply(C::ConfirmModal);
    assert!(s.game().unwrap().result().is_some(), "Enter presses Resign");
}

#[test]
fn a_rematch_of_a_game_from_the_layouts_begins_with_new_layouts() {
    let start: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
    let [lower, upper] = Side::BOTH.map(|side| omweso_rules::Layout::from_position(start.position(), side).unwrap());
    let game = crate::game::Game::from_layouts(lower, upper, Side::Lower, omweso_rules::RuleOptions::default());
    let mut s = Session::with_phase(
        quiet(),
        Side::BOTH.map(|x| x.to_string()),
        None,
        Phase::Play(Box::new(Play::new(game))),
        None,
    );
    s.apply(C::AskResign(Side::Lower));
    s.apply(C::ConfirmModal);
    assert!(s.game().unwrap().result().is_some());
    s.document.baseline = Some(s.to_saved());
    s.apply(C::Rematch);
    let setup = s.setup().expect("a new setup");
    assert_eq!(setup.first, Side::Upper, "the other player moves first");
}

#[test]
fn the_result_shows_once_the_winning_move_is_sown() {
    // Defect 9: the score and Rematch appeared while the last move was animated.
    let mut s = Session::from_state(Settings::default(), "2i, 46p; 1A-P / L none 0,0".parse().unwrap());
    for c in s.tick(10.0) {
        s.apply(c);
    }
    play(&mut s, "i");
    assert!(s.game().unwrap().result().is_some(), "the game knows");
    assert!(s.animating());
    assert_eq!(s.shown_result(), None);
    assert_eq!(s.match_score(), [0, 0]);
    assert!(!s.game_over_open());
    for c in s.tick(10.1) {
        s.apply(c);
    }
    assert_eq!(s.match_score(), [0, 0], "still sowing");
    for c in s.tick(100.0) {
        s.apply(c);
    }
    assert!(!s.animating());
    assert_eq!(s.match_score(), [1, 0]);
    assert!(s.game_over_open());
}

#[test]
fn the_hint_and_the_closed_game_over_card_belong_to_the_point_they_were_given_at() {
    let mut s = Session::from_state(Settings::default(), "2i, 46p; 1A-P / L none 0,0".parse().unwrap());
    s.settings.animate = false;
    let i = omweso_rules::notation::parse_move(s.game().unwrap().current(), "i").unwrap();
    s.show_hint(i);
    assert_eq!(s.hint_start(), Some(hole('i')));
    play(&mut s, "i");
    assert!(s.hint_start().is_none(), "the position it was for is gone");
    assert!(s.game_over_open());
    s.apply(C::DismissGameOver);
    assert!(!s.game_over_open());
    s.apply(C::Undo);
    assert!(s.hint_start().is_none(), "an undo is another point of the history");
    play(&mut s, "i");
    assert!(s.game_over_open(), "the same end again, the card again");
    s.apply(C::DismissGameOver);
    s.apply(C::Undo);
    s.apply(C::Redo);
    assert!(s.game_over_open(), "redone, the card again");
    // A hint on the position after a move is gone when the move is taken back.
    let mut s = on(WORKED);
    s.settings.animate = false;
    play(&mut s, "d");
    let reply = s.game().unwrap().current().legal_moves()[0].clone();
    s.show_hint(reply);
    assert!(s.hint_start().is_some());
    s.apply(C::Undo);
    assert!(s.hint_start().is_none());
}

#[test]
fn review_is_read_only_and_play_from_here_keeps_the_later_moves() {
    // Defect 10.
    let mut s = on(WORKED);
    play(&mut s, "dFm");
    assert_eq!(s.play().map(|p| p.shown()), Some(3), "live: the game's own position");
    s.apply(C::ReviewAt(1));
    assert_eq!(s.review(), Some(1));
    assert_eq!(s.play().map(|p| p.shown()), Some(1), "in review: the position reviewed");
    assert!(!s.can_undo() && !s.can_redo() && !s.can_resign(), "review: Undo, Redo, Resign off");
    play(&mut s, "F");
    s.apply(C::Undo);
    assert_eq!(cursor(&s), 3, "nothing changes in review");
    s.apply(C::PlayFromHere);
    assert_eq!(s.review(), None);
    assert_eq!(cursor(&s), 1);
    assert_eq!(s.game().unwrap().all_entries().len(), 3, "the later moves are the redo branch");
    assert!(s.can_redo());
    play(&mut s, "E");
    assert_eq!(s.game().unwrap().all_entries().len(), 2, "a new move replaces them");
}

#[test]
fn hint_is_not_offered_on_the_computers_turn() {
    // Defect 11.
    let mut s = on(WORKED);
    let names = s.names().clone();
    s.seats = crate::app::model::seat::Seats::against(
        names,
        Some(Opponent { side: Side::Lower, level: omweso_engine::Level::Beginner }),
    );
    assert!(s.computer_turn());
    assert!(!s.human_to_move());
    s.apply(C::Hint);
    assert!(!s.hint_pending(), "no hint searched for the computer's move");
}

#[test]
fn closing_cancels_the_search_and_an_unchanged_game_closes_without_a_prompt() {
    // Defect 14.
    let mut s = on(WORKED);
    let names = s.names().clone();
    s.seats = crate::app::model::seat::Seats::against(
        names,
        Some(Opponent { side: Side::Lower, level: omweso_engine::Level::Master }),
    );
    s.document.baseline = Some(s.to_saved());
    assert!(s.drive_computer().is_empty());
    assert!(s.computer().unwrap().thinking());
    assert!(s.close_requested(), "unchanged: closes at once");
    assert!(!s.computer().unwrap().thinking(), "the search is cancelled");
    // A changed game asks (play pauses: a late answer is not played); Discard closes.
    let mut s = on(WORKED);
    play(&mut s, "d");
    assert!(!s.close_requested());
    assert!(matches!(s.modals().top(), Some(Modal::Unsaved(_))));
    assert!(s.paused());
    s.apply(C::Discard);
    assert_eq!(s.take_effects(), vec![Effect::Close]);
    assert!(s.close_requested(), "closing for Quit: no second prompt");
}

#[test]
fn enter_and_esc_answer_the_window_on_top() {
    let mut s = Session::new(quiet());
    assert!(matches!(s.modals().top(), Some(Modal::NewGame(_))));
    s.apply(C::ToggleHelp);
    s.apply(C::CancelModal);
    assert!(matches!(s.modals().top(), Some(Modal::NewGame(_))), "Esc closed the help only");
    s.apply(C::ConfirmModal);
    assert!(s.setup().is_some() && s.modals().top().is_none(), "Enter started the game");
    s.apply(C::SetupPreset(Preset::Twos));
    s.apply(C::SetupDone);
    s.apply(C::SetupPreset(Preset::BackRowFours));
    s.apply(C::SetupDone);
    assert_eq!(s.game().unwrap().current().to_string(), "4i-p; 2A-P / L both 0,0");
    // A pasted state with an error: Enter does nothing, the dialog stays.
    s.apply(C::NewGameFromState("4i-p; 4I-O / L both 0,0".into()));
    assert!(matches!(s.modals().top(), Some(Modal::Unsaved(_))), "the laid-out game is a change");
    s.apply(C::Discard);
    s.apply(C::ConfirmModal);
    assert!(s.modals().new_game().is_some());
    s.apply(C::CancelModal);
    assert!(s.modals().top().is_none());
}

#[test]
fn play_pauses_behind_a_window_and_commands_wait() {
    let mut s = on(WORKED);
    s.apply(C::AskResign(Side::Lower));
    assert!(s.paused());
    play(&mut s, "d");
    assert_eq!(cursor(&s), 0, "the board takes no move behind a prompt");
    s.apply(C::CancelModal);
    play(&mut s, "d");
    assert_eq!(cursor(&s), 1);
}

#[test]
fn the_board_turns_to_the_mover_and_stays_as_shown_when_that_is_turned_off() {
    let mut s = on(WORKED);
    play(&mut s, "d");
    assert!(!s.flipped(), "Lower's view");
    s.apply(C::ToggleAutoFlip);
    assert!(s.flipped(), "Upper to move: Upper's view");
    s.apply(C::ToggleAutoFlip);
    assert!(s.flipped(), "turned off, the board stays as it is shown");
    s.apply(C::Flip);
    assert!(!s.flipped());
}

#[test]
fn view_commands_change_the_settings() {
    let mut s = on(WORKED);
    s.apply(C::SetSpeed(Speed::Fast));
    s.apply(C::SetThreads(0));
    assert_eq!(s.settings().threads, 1, "at least one thread");
    s.apply(C::SetThreads(2));
    assert_eq!(s.settings().threads, 2);
    s.apply(C::ToggleLetters);
    s.apply(C::ToggleAutoFlip);
    s.apply(C::SetRenderer(crate::app::services::renderer::RendererChoice::Glow));
    assert_eq!(s.settings().renderer, crate::app::services::renderer::RendererChoice::Glow, "for the next start");
    assert_eq!(s.settings().speed, Speed::Fast);
    assert!(!s.settings().letters && s.settings().board_turn == crate::app::model::settings::BoardTurn::FollowsMover);
    s.apply(C::CopyState);
    assert_eq!(s.take_effects(), vec![Effect::Copy(WORKED.to_string())]);
    assert!(!s.changed(), "view settings are not the game");
}

fn lesson_index(s: &Session, id: &str) -> usize {
    s.lessons().unwrap().iter().position(|l| l.id == id).unwrap()
}

fn feedback(s: &Session) -> Option<Feedback> {
    s.lesson().and_then(|l| l.feedback.clone())
}

#[test]
fn a_lesson_judges_the_move_takes_a_wrong_one_back_and_goes_on() {
    let mut s = on(WORKED);
    let sowing = lesson_index(&s, "sowing");
    s.apply(C::StartLesson(sowing));
    assert_eq!(s.lesson().map(|l| (l.lesson.id.as_str(), l.step)), Some(("sowing", 0)));
    assert!(!s.changed() && !s.can_undo(), "a lesson is not a document; no undo in it");
    play(&mut s, "l");
    for c in s.tick(0.0) {
        s.apply(c);
    }
    // What was asked comes first; what the move did after it.
    assert!(
        matches!(feedback(&s), Some(Feedback::Wrong(t)) if t.starts_with("Not quite. This step asked") && t.contains("\n\nYou played l:")),
        "{:?}",
        feedback(&s)
    );
    play(&mut s, "m");
    assert_eq!(cursor(&s), 1, "no second move while the lesson speaks");
    s.apply(C::LessonNext);
    assert_eq!(s.lesson().unwrap().step, 0, "a wrong move does not go on");
    s.apply(C::LessonRetry);
    assert_eq!((cursor(&s), feedback(&s)), (0, None));
    play(&mut s, "m");
    for c in s.tick(0.0) {
        s.apply(c);
    }
    assert!(matches!(feedback(&s), Some(Feedback::Right(_))));
    s.apply(C::LessonNext);
    assert_eq!(s.lesson().unwrap().step, 1);
    s.apply(C::LessonShowMe);
    for c in s.tick(0.0) {
        s.apply(c);
    }
    assert_eq!(s.game().unwrap().moves()[0].text, "d");
    assert!(matches!(feedback(&s), Some(Feedback::Right(_))));
    s.apply(C::LessonNext);
    assert_eq!(s.lesson().unwrap().lesson.id, "relay", "the next lesson starts");
    assert_eq!(s.settings().lessons_done, vec!["sowing".to_string()]);
}

#[test]
fn a_lesson_step_with_a_decision_is_played_with_the_arrows() {
    let mut s = on(WORKED);
    let reverse = lesson_index(&s, "reverse");
    s.apply(C::StartLesson(reverse));
    play(&mut s, "i");
    assert!(s.sowing().is_some(), "the lesson's move waits at the decision");
    s.apply(C::Choose(Direction::Clockwise));
    s.apply(C::Choose(Direction::Anticlockwise));
    for c in s.tick(0.0) {
        s.apply(c);
    }
    assert!(matches!(feedback(&s), Some(Feedback::Right(_))), "{:?}", feedback(&s));
    s.apply(C::LeaveLesson);
    assert!(s.lesson().is_none() && matches!(s.modals().top(), Some(Modal::Learn)));
}

#[test]
fn the_road_ends_with_a_guided_game_against_the_beginner_started_in_one_click() {
    let mut s = on(WORKED);
    play(&mut s, "d");
    let first_game = lesson_index(&s, "first-game");
    s.apply(C::StartLesson(first_game));
    assert!(matches!(s.modals().top(), Some(Modal::Unsaved(_))), "the game on the board is not lost silently");
    s.apply(C::Discard);
    // One click on a ready-made layout: the game is on, Lower to move, nothing laid out
    // by hand.
    s.apply(C::StartGuidedGame(crate::app::model::setup_board::Preset::BackRowFours));
    assert!(s.lesson().is_none() && s.setup().is_none());
    let p = s.play().expect("the game is in play");
    assert_eq!(p.game.current().to_string(), "4i-p; 4I-P / L both 0,0");
    assert!(p.guide.is_some(), "the game is guided");
    let notes = p.guide.as_ref().unwrap().notes(&p.game);
    assert_eq!(notes[0].text, crate::guide::OPENING, "the guide's opening is shown before the first move");
    let c = s.computer().expect("a computer opponent");
    assert_eq!((c.opponent.side, c.opponent.level), (Side::Upper, omweso_engine::Level::Beginner));
    assert!(s.settings().lessons_done.contains(&"first-game".to_string()));
    assert!(!s.settings().form.from_position, "the next New Game lays out again");
    // Laying out by hand is still offered, unguided, through the setup.
    s.apply(C::StartLesson(first_game));
    s.apply(C::Discard);
    s.apply(C::LessonNext);
    assert!(s.setup().is_some() && s.lesson().is_none());
    // Outside the first game's step the command does nothing.
    let sowing = lesson_index(&s, "sowing");
    s.apply(C::StartLesson(sowing));
    s.apply(C::StartGuidedGame(crate::app::model::setup_board::Preset::Twos));
    assert!(s.lesson().is_some_and(|l| l.lesson.id == "sowing"));
}

/// Lets the engine's threads work until `done` holds (a few seconds at most).
fn engine_until(s: &mut Session, done: impl Fn(&Session) -> bool) {
    let answered = crate::app::model::test_wait::until(s, std::time::Duration::from_secs(12), |s| {
        for c in s.drive_engine() {
            s.apply(c);
        }
        done(s)
    });
    assert!(answered, "the engine did not answer in time");
}

#[test]
fn analyse_game_marks_every_move_and_the_marks_are_saved_with_the_game() {
    let disk = Disk::default();
    let dir = PathBuf::from("/games");
    let mut s = on(WORKED);
    play(&mut s, "dFm");
    assert!(s.game().unwrap().moves().iter().all(|e| e.review.is_none()));
    disk.apply(&mut s, C::AnalyseGame);
    assert!(s.game_review_progress().is_some());
    engine_until(&mut s, |s| s.game_review_progress().is_none());
    let marks: Vec<_> = s.game().unwrap().moves().iter().map(|e| e.review.as_ref().map(|r| r.number)).collect();
    assert_eq!(marks, vec![Some(1), Some(2), Some(3)]);
    assert!(s.changed(), "the review is part of the game to save");
    let file = dir.join("reviewed.omweso");
    disk.apply(&mut s, C::SavePath(file.clone()));
    let back = disk.game(&file).ok_or("no game").unwrap();
    let crate::savefile::Phase::Play(g) = back.phase else { panic!("a game") };
    assert_eq!(g.moves()[1].review, s.game().unwrap().moves()[1].review, "kept in the file");
}

#[test]
fn leaving_a_lesson_leaves_no_computer_name_and_a_finished_lesson_counts_however_it_is_left() {
    // From the new-user trial: after a lesson, "Computer (Master)" was named but never moved.
    let mut s = on(WORKED);
    let names = [s.names()[0].clone(), "Computer (Master)".into()];
    s.seats = crate::app::model::seat::Seats::against(
        names,
        Some(Opponent { side: Side::Upper, level: omweso_engine::Level::Master }),
    );
    s.document.baseline = Some(s.to_saved());
    let first = lesson_index(&s, "first-move");
    s.apply(C::StartLesson(first));
    assert_eq!(s.names(), &["Lower".to_string(), "Upper".to_string()]);
    play(&mut s, "m");
    for c in s.tick(0.0) {
        s.apply(c);
    }
    assert!(s.settings().lessons_done.contains(&"first-move".to_string()), "done once its last step is right");
    assert!(!s.game_over_open() && s.match_score() == [0, 0], "no game-over card or score in a lesson");
    s.apply(C::LeaveLesson);
    assert!(s.computer().is_none() && s.names()[1] == "Upper");
}

#[test]
fn discarding_on_quit_keeps_the_saved_game_for_the_next_run() {
    let mut s = on(WORKED);
    let saved = s.to_saved();
    play(&mut s, "d");
    assert!(!s.close_requested());
    s.apply(C::Discard);
    assert_eq!(s.to_keep(), saved, "the discarded move is not autosaved");
    assert!(s.close_requested(), "closing: no second prompt");
    // The system ending the program keeps the game as it is, as after a crash: a Discard
    // before it no longer applies.
    s.close_for_the_system();
    assert_ne!(s.to_keep(), saved, "the move is kept");
    assert_eq!(s.to_keep(), s.to_saved());
}

#[test]
fn the_computer_lays_out_on_its_own_thread_and_its_side_is_not_the_humans_to_edit() {
    let mut s = Session::new(quiet());
    let mut form = s.settings().form.clone();
    form.computer = true;
    form.computer_side = Side::Upper;
    form.level = omweso_engine::Level::Master;
    s.apply(C::StartGame(Box::new(form)));
    // Lower moves first, so Upper (the computer) lays out first.
    assert_eq!(s.setup().map(|x| x.laying), Some(Side::Upper));
    // The first frame only starts the layout's thread: the window does not wait for it.
    assert!(s.drive_computer().is_empty());
    // Meanwhile the human's setup commands do not touch the computer's side.
    let before = s.setup().unwrap().counts;
    s.apply(C::SetupPreset(Preset::Twos));
    s.apply(C::SetupRemove(Hole::from_letter('A').unwrap()));
    s.apply(C::SetupAdd(Hole::from_letter('B').unwrap()));
    s.apply(C::SetupDone);
    assert_eq!(s.setup().unwrap().counts, before);
    assert_eq!(s.setup().unwrap().laying, Side::Upper);
    // The layout comes a few frames later and is applied as any command.
    let mut layout = None;
    let came = crate::app::model::test_wait::until(&mut s, std::time::Duration::from_secs(20), |s| {
        layout = s.drive_computer().into_iter().next();
        layout.is_some()
    });
    assert!(came, "no layout");
    let layout = layout.expect("the layout");
    assert!(matches!(layout, C::ComputerLayout(_)));
    assert!(!s.changed());
    s.apply(layout);
    assert_eq!(s.setup().map(|x| x.laying), Some(Side::Lower), "now the human lays out");
    assert!(!s.changed(), "the computer's layout alone is nothing to save");
    s.apply(C::SetupPreset(Preset::Twos));
    assert!(s.changed(), "the human's is");
    s.apply(C::SetupDone);
    assert!(s.game().is_some());
}

#[test]
fn help_about_opens_and_closes_without_pausing_play() {
    let mut s = on(WORKED);
    s.apply(C::ToggleAbout);
    assert_eq!(s.modals().top(), Some(&Modal::About));
    assert!(!s.paused(), "About is read beside the board");
    play(&mut s, "d");
    assert_eq!(cursor(&s), 1);
    s.apply(C::ToggleAbout);
    assert!(s.modals().top().is_none());
}
