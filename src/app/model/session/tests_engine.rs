//! The engine speaks with one voice: the hint, the coach and the analysis panel read a
//! position's moves from its one judgement.

use super::*;
use crate::app::model::command::Command as C;
use crate::app::services::computer::Opponent;
use omweso_engine::Judgement;
use omweso_rules::Hole;

fn engine_until(s: &mut Session, what: &str, done: impl Fn(&Session) -> bool) {
    let answered = crate::app::model::test_wait::until(s, std::time::Duration::from_secs(20), |s| {
        for c in s.drive_computer().into_iter().chain(s.drive_engine()) {
            s.apply(c);
        }
        done(s)
    });
    assert!(answered, "the engine did not answer in time: {what}");
}

const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";

fn hole(c: char) -> Hole {
    Hole::from_letter(c).unwrap()
}

#[test]
fn the_hint_and_the_coach_never_call_two_moves_worse_than_each_other() {
    // Issue 18: against Strong after `1. k 2. A`, Hint said p; m was played and the coach
    // said "m was a blunder; p was better"; taken back and p played, the coach said "p was
    // a mistake; m was better". One judgement of the position now answers all three.
    let start: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
    let mut s = Session::from_state(Settings { animate: false, coach: true, ..Settings::default() }, start);
    let names = s.names().clone();
    s.seats = crate::app::model::seat::Seats::against(
        names,
        Some(Opponent { side: Side::Upper, level: omweso_engine::Level::Strong }),
    );
    s.apply(C::PlayHole { hole: hole('k'), split: false });
    engine_until(&mut s, "the computer's first move", |s| s.game().is_some_and(|g| g.cursor() == 2));
    let before = s.game().unwrap().current().clone();
    s.apply(C::Hint);
    engine_until(&mut s, "the hint", |s| s.play().is_some_and(|p| p.hint().is_some()));
    let hint = s.play().unwrap().hint().cloned().unwrap();
    // Two moves without a decision on the way, each played by its hole.
    let plain: Vec<omweso_rules::Move> =
        before.legal_moves().into_iter().filter(|m| m.to_string().len() == 1).collect();
    assert!(plain.len() >= 2, "two plain moves to compare: {plain:?}");
    let verdict = |s: &mut Session, mv: &omweso_rules::Move| {
        s.apply(C::PlayHole { hole: mv.start(), split: false });
        engine_until(s, "the coach", |s| s.game().unwrap().moves().get(2).is_some_and(|e| e.review.is_some()));
        let r = s.game().unwrap().moves()[2].review.clone().unwrap();
        // Try again: back to the position before the human's move.
        while s.game().unwrap().cursor() > 2 {
            s.apply(C::Undo);
        }
        assert_eq!(s.game().unwrap().current(), &before);
        r
    };
    let (ra, rb) = (verdict(&mut s, &plain[0]), verdict(&mut s, &plain[plain.len() - 1]));
    assert_eq!(
        (ra.played.as_str(), rb.played.as_str()),
        (plain[0].to_string().as_str(), plain[plain.len() - 1].to_string().as_str())
    );
    assert_eq!(ra.best, rb.best, "one best move for one position");
    assert_eq!(ra.best, hint.to_string(), "the hint is the coach's better move");
    assert_eq!(ra.score_before, rb.score_before, "one score for one position");
    // So the coach never calls each of two moves worse than the other.
    let score = |r: &crate::verdict::MoveReview| r.score_before - r.loss;
    assert_eq!(ra.loss < rb.loss, score(&ra) > score(&rb));
}

#[test]
fn thinking_longer_replaces_the_judgement_and_the_marks_follow_it() {
    let start: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
    let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, start.clone());
    s.apply(C::PlayHole { hole: hole('d'), split: false });
    s.apply(C::AnalyseGame);
    engine_until(&mut s, "the review", |s| s.game_review_progress().is_none());
    let first = s.findings.judgements.get(&start).expect("the review judged the start").clone();
    assert_eq!(
        s.game().unwrap().moves()[0].review,
        first.review(s.game().unwrap().moves()[0].mv.as_ref().unwrap(), 1).map(Into::into)
    );
    // The panel on the start: it shows that same judgement, then thinks longer.
    s.apply(C::ToggleAnalysis);
    s.apply(C::ReviewFirst);
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert_eq!(s.judgement_shown().map(|(j, kept)| (j.clone(), kept)), Some((Judgement::clone(&first), true)));
    s.apply(C::ThinkLonger);
    assert!(s.thinking_longer());
    engine_until(&mut s, "the deeper judgement", |s| !s.thinking_longer());
    let deeper = s.findings.judgements.get(&start).unwrap().clone();
    assert!(deeper.depth > first.depth, "{} then {}", first.depth, deeper.depth);
    let entry = &s.game().unwrap().moves()[0];
    assert_eq!(
        entry.review,
        deeper.review(entry.mv.as_ref().unwrap(), 1).map(Into::into),
        "the move's mark comes from the deeper judgement"
    );
}

#[test]
fn the_analysis_panel_thinks_about_the_position_shown_and_stops_when_hidden() {
    let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, WORKED.parse().unwrap());
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert!(s.play().unwrap().jobs.judging.is_none() && s.judgement_shown().is_none(), "off unless asked");
    s.apply(C::ToggleAnalysis);
    engine_until(&mut s, "the engine", |s| s.judgement_shown().is_some_and(|(_, kept)| kept));
    s.apply(C::PlayHole { hole: hole('d'), split: false });
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert_eq!(
        s.play().unwrap().jobs.judging.as_ref().map(|j| j.state()),
        s.shown_state(),
        "follows the position shown"
    );
    s.apply(C::ToggleAnalysis);
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert!(s.play().unwrap().jobs.judging.is_none());
}

#[test]
fn the_coach_marks_the_humans_move_against_the_computer() {
    let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, WORKED.parse().unwrap());
    let names = s.names().clone();
    s.seats = crate::app::model::seat::Seats::against(
        names,
        Some(Opponent { side: Side::Upper, level: omweso_engine::Level::Beginner }),
    );
    s.apply(C::ToggleCoach);
    s.apply(C::PlayHole { hole: hole('d'), split: false });
    engine_until(&mut s, "the engine", |s| s.game().unwrap().moves()[0].review.is_some());
    let r = s.game().unwrap().moves()[0].review.clone().unwrap();
    assert_eq!((r.number, r.played.as_str()), (1, "d"));
    assert!(s.show_threats(), "threats are shown against the Beginner");
}

#[test]
fn the_analysis_panel_shows_what_the_solver_proves_about_the_position_shown() {
    // Lower wins this in 9 moves (the solver's proof is checked in omweso-engine's tests).
    let short = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";
    let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, short.parse().unwrap());
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert!(s.play().unwrap().jobs.proving.is_none() && s.proof_shown().is_none(), "off unless asked");
    s.apply(C::ToggleAnalysis);
    engine_until(&mut s, "the solver", |s| s.proof_shown().is_some());
    let proven = s.proof_shown().flatten().expect("proven").clone();
    assert_eq!((proven.winner, proven.moves), (Some(Side::Lower), 9));
    assert_eq!(proven.line.first().map(ToString::to_string).as_deref(), Some("a2xF"));
    // Kept: the solver does not start again on the same position, and it follows the board.
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert!(s.play().unwrap().jobs.proving.is_none());
    s.apply(C::PlayHole { hole: hole('a'), split: false });
    s.apply(C::Choose(omweso_rules::Direction::Clockwise));
    assert_eq!(s.shown_state().map(|s| s.to_move()), Some(Side::Upper), "a2xF is played");
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert_eq!(s.play().unwrap().jobs.proving.as_ref().map(|p| p.state()), s.shown_state());
    s.apply(C::ToggleAnalysis);
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert!(s.play().unwrap().jobs.proving.is_none() && s.proof_shown().is_none());
}

/// Lower wins this by a2xF (9 moves); `d` throws the win away: Upper then wins in 1.
const THROWN: &str = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";

#[test]
fn the_coach_calls_a_move_that_threw_a_proven_win_away_what_it_is() {
    let mut s =
        Session::from_state(Settings { animate: false, coach: true, ..Settings::default() }, THROWN.parse().unwrap());
    let names = s.names().clone();
    s.seats = crate::app::model::seat::Seats::against(
        names,
        Some(Opponent { side: Side::Upper, level: omweso_engine::Level::Strong }),
    );
    assert!(s.thrown_win(1).is_none());
    s.apply(C::PlayHole { hole: hole('d'), split: false });
    engine_until(&mut s, "the solver on both sides of the move", |s| s.thrown_win(1).is_some());
    let thrown = s.thrown_win(1).expect("thrown");
    assert_eq!(thrown.winning.to_string(), "a2xF");
    assert_eq!((thrown.within, thrown.refuted_within), (5, 1));
    assert_eq!(thrown.refutation.len(), 1, "Upper wins at once: {:?}", thrown.refutation);
    assert!(
        thrown
            .words("d", Side::Lower)
            .starts_with("d threw away a proven win: a2xF won within 5 moves; now Upper wins within 1 move: ")
    );
}

#[test]
fn the_review_of_a_game_finds_a_move_that_threw_a_proven_win_away() {
    // Two people, no analysis and no coach: only the review's solver can know.
    let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, THROWN.parse().unwrap());
    s.apply(C::PlayHole { hole: hole('d'), split: false });
    assert!(s.game().is_some_and(|g| g.cursor() == 1));
    for c in s.drive_engine() {
        s.apply(c);
    }
    assert!(s.thrown_win(1).is_none(), "nothing proven before the review");
    s.apply(C::AnalyseGame);
    engine_until(&mut s, "the review", |s| s.game_review_progress().is_none() && s.thrown_win(1).is_some());
    // A good move is not called so: after a2xF Lower still wins.
    s.apply(C::Undo);
    s.apply(C::PlayHole { hole: hole('a'), split: false });
    s.apply(C::Choose(omweso_rules::Direction::Clockwise));
    s.apply(C::AnalyseGame);
    engine_until(&mut s, "the second review", |s| {
        s.game_review_progress().is_none() && s.game().is_some_and(|g| g.moves()[0].review.is_some())
    });
    assert!(s.thrown_win(1).is_none());
}

#[test]
fn master_laying_out_second_finds_a_layout_with_a_proven_win_and_says_so() {
    let mut s = Session::new(Settings { animate: false, ..Settings::default() });
    let mut form = s.settings().form.clone();
    form.computer = true;
    form.computer_side = Side::Lower;
    form.level = omweso_engine::Level::Master;
    s.apply(C::StartGame(Box::new(form)));
    // Lower moves first, so the human (Upper) lays out first: two seeds in every hole.
    assert_eq!(s.setup().map(|x| x.laying), Some(Side::Upper));
    s.apply(C::SetupPreset(crate::app::model::setup_board::Preset::Twos));
    s.apply(C::SetupDone);
    engine_until(&mut s, "Master's layout", |s| s.game().is_some());
    let moves = s.computer().and_then(|c| c.layout_proof).expect("a layout with a proven win against 2A-P");
    // The claim is the solver's, checked again from the game's first position.
    let start = s.game().expect("the game").state_at(0).clone();
    let limits = omweso_engine::SolveLimits { time: Some(std::time::Duration::from_secs(20)), ..Default::default() };
    match omweso_engine::solve(&start, limits, &std::sync::atomic::AtomicBool::new(false)).verdict {
        omweso_engine::Verdict::Win { winner, proof } => {
            assert_eq!(winner, Side::Lower);
            assert!(proof.moves > 0 && moves > 0);
        }
        v => panic!("the layout's win is not proven again: {v:?}"),
    }
}

#[test]
fn the_analysis_panel_says_when_the_solver_proves_an_annulment() {
    // With a lap limit of 1 every opening move relays past its first lap and is annulled.
    let options = omweso_rules::RuleOptions { lap_limit: 1, ..Default::default() };
    let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
    let mut s =
        Session::from_state(Settings { animate: false, ..Settings::default() }, state.with_options(options).unwrap());
    s.apply(C::ToggleAnalysis);
    engine_until(&mut s, "the solver", |s| s.proof_shown().is_some());
    let proven = s.proof_shown().flatten().expect("proven").clone();
    assert_eq!((proven.winner, proven.moves, proven.line.len()), (None, 0, 0));
}
