//! Tournament play on the model (issue 21): every event of the clock, the tournament's
//! rules, the match, and a match saved and read back with its clock.

use super::*;
use crate::app::model::command::Command as C;
use crate::app::model::setup::NewGameForm;
use crate::app::model::setup_board::Preset;
use crate::app::model::test_disk::Disk;
use crate::game::{GameResult, TimeEnd};
use crate::tournament::{ClockSettings, Count, FinishRunsOut, MatchGoal, Stage, StartRunsOut};
use omweso_rules::Hole;

const DECISION: &str = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";

fn quiet() -> Settings {
    Settings { animate: false, ..Settings::default() }
}

fn hole(c: char) -> Hole {
    Hole::from_letter(c).unwrap()
}

/// A tournament match started from the form: laid out from `state` when given, or by both
/// players with four seeds in each back hole.
fn tournament(state: Option<&str>, goal: MatchGoal, clock: ClockSettings) -> Session {
    let mut s = Session::new(quiet());
    let mut form = NewGameForm { tournament: true, ..NewGameForm::default() };
    form.match_settings.goal = goal;
    form.match_settings.clock = clock;
    if let Some(state) = state {
        form.from_position = true;
        form.state_text = state.to_string();
    }
    s.apply(C::StartGame(Box::new(form)));
    if state.is_none() {
        for _ in 0..2 {
            s.apply(C::SetupPreset(Preset::BackRowFours));
            s.apply(C::SetupDone);
        }
    }
    assert!(s.play().is_some(), "the match's first game is on");
    s
}

/// Lets `seconds` pass on the play clock, then carries out what the clock asks.
fn wait(s: &mut Session, seconds: f64) {
    let now = s.now + seconds;
    for c in s.tick(now) {
        s.apply(c);
    }
}

fn moves(s: &Session) -> Vec<String> {
    s.game().unwrap().moves().iter().map(|e| e.text.clone()).collect()
}

#[test]
fn a_move_not_started_in_time_loses_the_turn() {
    let mut s = tournament(None, MatchGoal::Points(6), ClockSettings::default());
    assert!(s.tournament_on() && s.clock().is_some());
    wait(&mut s, 1.2);
    assert_eq!(s.clock().unwrap().count(), Some(Count::Emu));
    wait(&mut s, 1.0);
    assert_eq!(s.clock().unwrap().count(), Some(Count::Bbiri));
    assert_eq!(s.acting_side(), Side::Lower);
    wait(&mut s, 0.9);
    assert_eq!(moves(&s), ["time"], "the turn lost is recorded");
    assert_eq!(s.acting_side(), Side::Upper);
    assert_eq!((s.clock().unwrap().stage, s.clock().unwrap().spent), (Stage::Starting, 0.0));
    // Upper moves in time; Lower again has its three seconds from the start.
    s.apply(C::PlayHole { hole: hole('I'), split: false });
    assert_eq!(moves(&s), ["time", "I"]);
    wait(&mut s, 2.9);
    assert_eq!(moves(&s).len(), 2);
}

#[test]
fn a_move_not_started_in_time_can_lose_the_game() {
    let clock = ClockSettings { start_runs_out: StartRunsOut::GameLost, ..ClockSettings::default() };
    let mut s = tournament(None, MatchGoal::Points(6), clock);
    wait(&mut s, 3.5);
    let result = s.game().unwrap().result();
    assert_eq!(result, Some(GameResult::OnTime(TimeEnd::NotStarted { loser: Side::Lower })));
    assert_eq!(result.unwrap().to_string(), "upper wins: lower did not start a move in time", "not a flag fall");
    assert_eq!(s.match_score(), [0, 1]);
}

#[test]
fn a_move_not_finished_in_time_annuls_the_game() {
    let clock = ClockSettings { finish_seconds: Some(20), ..ClockSettings::default() };
    let mut s = tournament(Some(DECISION), MatchGoal::Points(6), clock);
    // i's three seeds sown clockwise would capture: a decision point (RULES.md 3.5).
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    assert!(s.play().unwrap().sowing().is_some());
    assert_eq!(s.clock().unwrap().stage, Stage::Finishing);
    wait(&mut s, 10.0);
    assert!(s.clock().unwrap().count().is_none(), "no count once a move is started");
    wait(&mut s, 10.5);
    assert_eq!(s.game().unwrap().result(), Some(GameResult::OnTime(TimeEnd::Unfinished { side: Side::Lower })));
    assert!(s.play().unwrap().sowing().is_none(), "the move not finished is not in the game");
    assert_eq!(s.match_score(), [0, 0], "an annulled game scores nothing");
}

#[test]
fn a_move_not_finished_in_time_can_be_sown_on() {
    let clock =
        ClockSettings { finish_seconds: Some(5), finish_runs_out: FinishRunsOut::SownOn, ..ClockSettings::default() };
    let mut s = tournament(Some(DECISION), MatchGoal::Points(6), clock);
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    wait(&mut s, 5.5);
    assert_eq!(moves(&s), ["i"], "sown on anticlockwise: the move as if no one chose");
    assert_eq!(s.game().unwrap().result(), None);
    assert_eq!(s.acting_side(), Side::Upper);
}

#[test]
fn the_clock_stands_still_while_a_window_is_open_and_during_the_sowing() {
    let mut s = tournament(None, MatchGoal::Points(6), ClockSettings::default());
    wait(&mut s, 1.0);
    s.apply(C::AskResign(Side::Lower));
    assert!(s.paused());
    wait(&mut s, 60.0);
    assert_eq!(s.clock().unwrap().spent, 1.0, "paused");
    s.apply(C::CloseModal(crate::app::model::modal::ModalKind::Resign));
    assert!(!s.paused());
    // A move sown with the animation on: the next player's time waits for the seeds.
    s.settings.animate = true;
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    assert!(s.animating());
    wait(&mut s, 0.5);
    assert_eq!(s.clock().unwrap().spent, 0.0, "the clock never runs while a move is animated");
    s.apply(C::SkipAnimation);
    wait(&mut s, 0.5);
    assert_eq!(s.clock().unwrap().spent, 0.5);
}

/// A casual game with a game clock (a minute each, 5 s a move), laid out and started.
fn casual_timed_game() -> Session {
    let mut s = Session::new(quiet());
    let form = NewGameForm { game_clock: true, game_minutes: 1, increment_seconds: 5, ..NewGameForm::default() };
    s.apply(C::StartGame(Box::new(form)));
    for _ in 0..2 {
        s.apply(C::SetupPreset(Preset::BackRowFours));
        s.apply(C::SetupDone);
    }
    s
}

#[test]
fn a_game_clock_runs_out() {
    let mut s = casual_timed_game();
    assert!(!s.tournament_on() && s.matched().is_none(), "a casual timed game");
    wait(&mut s, 30.0);
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    assert_eq!(s.clock().unwrap().left, [35.0, 60.0], "30 s spent, 5 s added");
    wait(&mut s, 61.0);
    assert_eq!(s.game().unwrap().result(), Some(GameResult::OnTime(TimeEnd::Flagged { loser: Side::Upper })));
    assert!(s.can_undo(), "a casual game may take the flag fall back");
}

#[test]
fn no_take_backs_and_no_help_in_a_tournament_game() {
    let mut s = tournament(None, MatchGoal::Points(6), ClockSettings::default());
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    assert!(!s.can_undo() && !s.can_redo());
    s.apply(C::Undo);
    assert_eq!(moves(&s), ["i"], "Undo means nothing in a tournament game");
    s.apply(C::Hint);
    assert!(!s.hint_pending());
    assert!(s.drive_engine().is_empty() && s.play().unwrap().jobs.judging.is_none(), "no coach, hint or analysis");
    s.settings.threats = true;
    assert!(!s.show_threats());
    // Over, the game's result stands in the match: neither the resignation nor a move
    // before it can be taken back (the review looks at them instead).
    s.apply(C::Resign(Side::Upper));
    assert_eq!(s.match_standing(), Some([1, 0]));
    assert!(!s.tournament_on() && !s.can_undo());
    for c in [C::Undo, C::RedoTo(0), C::PlayFromHere] {
        s.apply(c);
    }
    assert_eq!(s.match_standing(), Some([1, 0]), "the result stands");
    assert!(s.game().unwrap().result().is_some());
}

#[test]
fn a_match_goes_game_by_game_to_its_goal() {
    let mut s = tournament(None, MatchGoal::Wins(2), ClockSettings::OFF);
    assert_eq!(s.game().unwrap().start().to_move(), Side::Lower);
    s.apply(C::Resign(Side::Upper));
    assert_eq!(s.match_standing(), Some([1, 0]));
    assert!(!s.tournament_on(), "review after a game is over is fine");
    s.apply(C::NextMatchGame);
    assert_eq!(s.matched().unwrap().games.len(), 1);
    let Phase::Setup(setup) = s.phase() else { panic!("the next game is laid out") };
    assert_eq!(setup.first, Side::Upper, "first moves in turns");
    for _ in 0..2 {
        s.apply(C::SetupPreset(Preset::BackRowFours));
        s.apply(C::SetupDone);
    }
    s.apply(C::Resign(Side::Upper));
    let m = s.match_with_shown().unwrap();
    assert_eq!(m.winner(), Some(Side::Lower));
    s.apply(C::NextMatchGame);
    assert_eq!(s.matched().unwrap().games.len(), 1, "the match is over: no next game");
    assert!(s.game().unwrap().result().is_some());
}

#[test]
fn a_match_is_saved_and_read_back_with_its_clock() {
    let mut s = tournament(None, MatchGoal::Points(3), ClockSettings::default());
    s.apply(C::Resign(Side::Lower));
    s.apply(C::NextMatchGame);
    for _ in 0..2 {
        s.apply(C::SetupPreset(Preset::BackRowFours));
        s.apply(C::SetupDone);
    }
    wait(&mut s, 3.5); // Upper moves first in game 2 and loses the turn.
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    wait(&mut s, 1.5);
    let saved = s.to_saved();
    let text = saved.to_ron();
    let back = crate::savefile::SavedGame::from_ron(&text).unwrap();
    assert_eq!(back, saved, "read back exactly");
    let mut again = Session::from_saved(quiet(), back, None);
    assert_eq!(again.clock().unwrap().spent, 1.5, "the time spent in the turn is kept");
    assert_eq!(again.matched().unwrap().points(), [0, 1]);
    assert_eq!(moves(&again), ["time", "i"]);
    assert!(again.tournament_on());
    wait(&mut again, 1.6);
    assert_eq!(moves(&again), ["time", "i", "time"], "resumed from the file, the clock runs on");
    assert!(
        saved.summary().contains("match: Lower 0, Upper 1 (first to 3 points); 1 game finished"),
        "{}",
        saved.summary()
    );
}

#[test]
fn the_computer_thinks_inside_the_clock() {
    let mut clock = crate::tournament::Clock::new(ClockSettings::default());
    assert_eq!(super::seats::thinking_time(&clock, Side::Upper), Some(std::time::Duration::from_secs(2)));
    clock.spent = 2.5;
    assert_eq!(super::seats::thinking_time(&clock, Side::Upper), Some(std::time::Duration::from_millis(200)));
    let game = crate::tournament::Clock::new(ClockSettings { game_seconds: Some(60), ..ClockSettings::OFF });
    assert_eq!(super::seats::thinking_time(&game, Side::Lower), Some(std::time::Duration::from_secs(3)));
    assert_eq!(super::seats::thinking_time(&crate::tournament::Clock::new(ClockSettings::OFF), Side::Lower), None);
}

#[test]
fn a_match_saved_then_stopped_with_its_clock_running_comes_back_saved() {
    let disk = Disk::default();
    // Found stopping the program with SIGTERM: the clock ran on after Save, and the game
    // came back marked unsaved.
    let file = PathBuf::from("/games/match.omweso");
    let mut s = tournament(Some(DECISION), MatchGoal::Points(6), ClockSettings::default());
    disk.apply(&mut s, C::SavePath(file.clone()));
    assert!(!s.changed());
    wait(&mut s, 0.5);
    assert!(!s.changed(), "the clock running is no change");
    let mut m = crate::app::services::store::Memory::default();
    crate::app::model::autosave::store(&mut m, &s, &mut None);
    let (back, _) = crate::app::model::autosave::restore(Some(&m), crate::app::model::autosave::Start::Fresh, vec![]);
    assert!(!back.changed());
    assert_eq!(back.title(), "match.omweso — Omweso");
    // A move played after the save is still unsaved after the restart.
    disk.apply(&mut s, C::PlayHole { hole: hole('e'), split: false });
    crate::app::model::autosave::store(&mut m, &s, &mut None);
    let (back, _) = crate::app::model::autosave::restore(Some(&m), crate::app::model::autosave::Start::Fresh, vec![]);
    assert!(back.changed());
}

#[test]
fn the_clock_running_alone_keeps_nothing_new_between_runs() {
    // Issue 49: the revision the autosave watches moved every clock second, so a timed
    // game wrote the whole game to the disk each second.
    let mut s = casual_timed_game();
    let at_start = s.revision();
    for _ in 0..20 {
        wait(&mut s, 0.25);
    }
    assert_eq!(s.clock().unwrap().left, [55.0, 60.0], "the clock ran five seconds");
    assert_eq!(s.revision(), at_start, "only the clock's figures changed: nothing to write");
    s.apply(C::PlayHole { hole: hole('i'), split: false });
    assert!(s.revision() > at_start, "a move is kept");
    // What is kept at the move holds the clock as it stood then.
    let mut m = crate::app::services::store::Memory::default();
    crate::app::model::autosave::store(&mut m, &s, &mut None);
    let (back, _) = crate::app::model::autosave::restore(Some(&m), crate::app::model::autosave::Start::Fresh, vec![]);
    assert_eq!(back.clock().unwrap().left, [60.0, 60.0], "55 s left and 5 s added");
    assert_eq!(back.game().unwrap().moves().len(), 1);
    // A pause is kept too: the clock's figures as they stood when it stopped.
    wait(&mut s, 2.0);
    let before_pause = s.revision();
    s.apply(C::ToggleHelp);
    assert!(s.revision() > before_pause);
}
