//! Saved games: round trips in every phase, a corpus of bad files each with its error,
//! mutated files that never panic, atomic saving, and `omweso check`.

use omweso::game::{Game, GameError, RecordError};
use omweso::savefile::{InvalidGame, LoadError, Phase, Player, SavedGame};
use omweso_rules::notation::{MoveError, PositionErrorKind, StateTextError, TailError};
use omweso_rules::{
    FirstMoves, IllegalMove, Layout, LayoutError, Position, RuleOptions, Setup, Side, StateError, WinKind,
};
use proptest::prelude::*;
use std::path::{Path, PathBuf};

#[path = "common/round_trip.rs"]
mod round_trip;

fn players() -> [Player; 2] {
    [
        Player { name: "Nakato".into(), computer: None },
        Player { name: "Computer".into(), computer: Some(omweso::savefile::ComputerLevel::Strong) },
    ]
}

fn saved(phase: Phase) -> SavedGame {
    SavedGame {
        players: players(),
        first: Side::Lower,
        rules: RuleOptions::default(),
        phase,
        clock: None,
        matched: None,
    }
}

fn worked_game(moves: &[&str]) -> Game {
    let lower: Position = "9a, 3b, 4d-fhm; -".parse().unwrap();
    let upper: Position = "-; 4A-F, 3G, 5P".parse().unwrap();
    let mut g = Game::from_layouts(
        Layout::from_position(&lower, Side::Lower).unwrap(),
        Layout::from_position(&upper, Side::Upper).unwrap(),
        Side::Lower,
        RuleOptions::default(),
    );
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus")
}

#[test]
fn round_trips_in_every_phase() {
    let board: Position = "9a, 3b; 4A-F, 3G, 5P".parse().unwrap();
    let setup = saved(Phase::Setup(Setup::resume(Side::Lower, RuleOptions::default(), &board, Side::Lower).unwrap()));
    let mut mid_undo = worked_game(&["d", "F", "m", "D, J2xh"]);
    mid_undo.undo();
    mid_undo.undo();
    let mut resigned = worked_game(&["d", "F"]);
    resigned.resign(Side::Lower).unwrap();
    let over = Game::from_state("1h, 44i, 2o; 2A, 1B-P / L none 0,0".parse().unwrap());
    let mut over = over;
    over.play_text("o").unwrap();
    let pasted = Game::from_state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse().unwrap());
    for s in [
        setup,
        saved(Phase::Play(worked_game(&[]))),
        saved(Phase::Play(worked_game(&["d", "F", "m"]))),
        saved(Phase::Play(mid_undo)),
        saved(Phase::Play(resigned)),
        saved(Phase::Play(over)),
        saved(Phase::Play(pasted)),
    ] {
        let text = s.to_ron();
        let back = SavedGame::from_ron(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, s, "{text}");
        assert_eq!(back.to_ron(), text);
    }
}

#[test]
fn a_setting_out_saved_before_the_rules_had_a_setup_opens_as_it_was() {
    // Written by the build before omweso_rules::Setup: the board so far and who lays out.
    let path = corpus().join("good/setting-out.omweso");
    let s = SavedGame::load(&path).unwrap();
    let Phase::Setup(setup) = &s.phase else { panic!("a setting-out") };
    assert_eq!((setup.first, setup.laying, setup.done), (Side::Lower, Side::Lower, [false, true]));
    assert_eq!(setup.position().to_string(), "9a, 3b; 4A-F, 3G, 5P");
    assert_eq!(setup.seeds_left(), 20);
    assert_eq!(s.to_ron(), std::fs::read_to_string(&path).unwrap(), "written again as it was");
}

#[test]
fn the_example_file_is_valid_and_readable() {
    let path = corpus().join("good/worked-game.omweso");
    let s = SavedGame::load(&path).unwrap();
    let Phase::Play(g) = &s.phase else { panic!("a game") };
    assert_eq!(g.cursor(), 2);
    assert_eq!(g.all_entries().len(), 3, "the redo branch is kept");
    assert_eq!(g.current().to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");
    // A file of format version 1 (before matches and clocks) still opens, and is written
    // again as version 2 with nothing else changed.
    let v1 = std::fs::read_to_string(&path).unwrap();
    assert!(v1.contains("version: 1,"));
    assert_eq!(s.to_ron(), v1.replace("version: 1,", "version: 2,"), "the file is in canonical form");
}

/// A game reviewed by the engine (`omweso review --depth 2` of the worked game gave these
/// verdicts) keeps each move's verdict in its file, and the file reads and is written again
/// as it was: the verdict's form in the file is the game record's, which an engine change
/// must not move (issue 49: the record used the engine's own type).
#[test]
fn a_reviewed_games_verdicts_read_and_are_written_again_as_they_were() {
    let path = corpus().join("good/reviewed-game.omweso");
    let s = SavedGame::load(&path).unwrap();
    let Phase::Play(g) = &s.phase else { panic!("a game") };
    let verdicts: Vec<_> = g
        .moves()
        .iter()
        .map(|e| e.review.as_ref().map(|r| (r.number, r.played.clone(), r.score_before, r.best.clone(), r.loss)))
        .collect();
    assert_eq!(
        verdicts,
        [
            Some((1, "d".to_string(), 977, "e".to_string(), 391)),
            Some((2, "F".to_string(), -1055, "C".to_string(), 2982))
        ]
    );
    let marks: Vec<String> =
        g.moves().iter().filter_map(|e| e.review.as_ref()).map(|r| format!("{:?}", r.mark)).collect();
    assert_eq!(marks, ["Mistake", "Blunder"]);
    let v1 = std::fs::read_to_string(&path).unwrap();
    assert_eq!(s.to_ron(), v1.replace("version: 1,", "version: 2,"), "written again as it was");
}

/// A saved game with CRLF line endings (as a Windows editor or a Git checkout with
/// `autocrlf` writes it) reads as the same game, from text and from a file.
#[test]
fn saved_games_with_crlf_line_endings_read() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["worked-game.omweso", "match.omweso"] {
        let path = corpus().join("good").join(name);
        let lf = SavedGame::load(&path).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let crlf = text.replace('\n', "\r\n");
        assert!(crlf.contains("\r\n"));
        assert_eq!(SavedGame::from_ron(&crlf).unwrap(), lf, "{name} from text");
        let file = dir.path().join(name);
        std::fs::write(&file, &crlf).unwrap();
        assert_eq!(SavedGame::load(&file).unwrap(), lf, "{name} from a file");
    }
}

/// The match the corpus keeps: two games over (a resignation, and a game annulled on
/// time), and the third under way with a turn lost on time and the clock's time spent.
fn a_match() -> SavedGame {
    use omweso::game::TimeEnd;
    use omweso::tournament::{Clock, ClockSettings, Match, MatchGoal, MatchSettings};
    let fours = Layout::back_row_fours();
    let settings = MatchSettings { goal: MatchGoal::Points(3), ..MatchSettings::default() };
    let mut first = Game::from_layouts(fours, fours, Side::Lower, RuleOptions::default());
    first.play_text("i").unwrap();
    first.resign(Side::Upper).unwrap();
    let mut second = Game::from_layouts(fours, fours, Side::Upper, RuleOptions::default());
    second.end_on_time(TimeEnd::Unfinished { side: Side::Upper }).unwrap();
    let mut third = Game::from_layouts(fours, fours, Side::Upper, RuleOptions::default());
    third.play_text("time").unwrap();
    third.play_text("i").unwrap();
    let mut clock = Clock::new(ClockSettings::default());
    clock.spent = 1.25;
    SavedGame {
        players: players(),
        first: Side::Upper,
        rules: RuleOptions::default(),
        phase: Phase::Play(third),
        clock: Some(clock),
        matched: Some(Match { settings, games: vec![first, second] }),
    }
}

#[test]
fn the_match_file_is_valid_and_summarised() {
    let path = corpus().join("good/match.omweso");
    if std::env::var_os("UPDATE_CORPUS").is_some() {
        std::fs::write(&path, a_match().to_ron()).unwrap();
    }
    let s = SavedGame::load(&path).unwrap();
    assert_eq!(s, a_match());
    assert_eq!(s.to_ron(), std::fs::read_to_string(&path).unwrap(), "the file is in canonical form");
    let m = s.matched.as_ref().unwrap();
    assert_eq!((m.points(), m.games.len(), m.winner()), ([1, 0], 2, None));
    let summary = s.summary();
    for line in [
        "clock: 3 s to start a move, 180 s to finish it",
        "match: Nakato 1, Computer 0 (first to 3 points); 2 games finished",
        "  game 1: 1 move, lower wins: upper resigned (1 point)",
        "  game 2: 0 moves, annulled: upper did not finish a move in time (0 points)",
    ] {
        assert!(summary.lines().any(|l| l == line), "`{line}` not in\n{summary}");
    }
    let Phase::Play(g) = &s.phase else { panic!("a game") };
    assert!(g.moves()[0].is_turn_lost());
    // Saved with the third game over on the board (Lower resigned): it counts, as the
    // window counts it.
    let mut over = a_match();
    let Phase::Play(third) = &mut over.phase else { panic!("a game") };
    third.resign(Side::Lower).unwrap();
    let summary = over.summary();
    for line in [
        "match: Nakato 1, Computer 1 (first to 3 points); 3 games finished",
        "  game 3: 2 moves, upper wins: lower resigned (1 point), the game on the board",
    ] {
        assert!(summary.lines().any(|l| l == line), "`{line}` not in\n{summary}");
    }
    // Lost for a move not started in time (the option): read back as it was, said so.
    let mut late = a_match();
    let Phase::Play(third) = &mut late.phase else { panic!("a game") };
    third.end_on_time(omweso::game::TimeEnd::NotStarted { loser: Side::Lower }).unwrap();
    assert_eq!(SavedGame::from_ron(&late.to_ron()).unwrap(), late);
    let line = "  game 3: 2 moves, upper wins: lower did not start a move in time (1 point), the game on the board";
    assert!(late.summary().lines().any(|l| l == line), "`{line}` not in\n{}", late.summary());
    // A match whose earlier game does not give its recorded result is refused, saying
    // which game.
    let text = std::fs::read_to_string(&path).unwrap();
    let broken = text.replace("result: \"lower wins: upper resigned\"", "result: \"upper wins: lower resigned\"");
    assert_ne!(broken, text);
    let err = SavedGame::from_ron(&broken).unwrap_err().to_string();
    assert!(err.starts_with("match game 1: "), "{err}");
}

/// Every file in tests/corpus/bad with the error it must give.
#[test]
fn every_bad_file_gets_its_clear_message() {
    let expected: &[(&str, &str)] = &[
        ("empty.omweso", "the file is empty"),
        ("truncated.omweso", "line 20, column"),
        ("not-ron.omweso", "line 1, column 1"),
        ("wrong-version.omweso", "format version 7 is not supported"),
        ("wrong-format.omweso", "not a saved Omweso game"),
        ("unknown-field.omweso", "Unexpected field named `colour`"),
        ("63-seeds.omweso", "63 seeds; a game in progress holds exactly 64"),
        ("seed-on-wrong-side.omweso", "hole m belongs to Lower, but this is Upper's side"),
        ("layout-not-32.omweso", "Lower lays out 33 seeds"),
        ("illegal-move.omweso", "move 2: move `c`: hole c is not Upper's"),
        ("wrong-recorded-position.omweso", "move 3 `m` gives"),
        ("cursor-beyond.omweso", "the current move 9 is beyond the 3 moves recorded"),
        ("wrong-result.omweso", "the file records the result `lower wins: akawumbi`"),
        ("huge-number.omweso", "line 8, column 20: Integer is out of bounds"),
        ("deeply-nested.omweso", "line 45, column 20: Unexpected variant named `Some`"),
        ("binary-garbage.omweso", "not text"),
        ("zero-lap-limit.omweso", "rules: the lap limit must be from 1 to 1000000 laps, not 0"),
        ("huge-lap-limit.omweso", "rules: the lap limit must be from 1 to 1000000 laps, not 4000000000"),
        ("huge-points.omweso", "rules: the points for a win must be at most 1000"),
        ("capture-before-first-move.omweso", "has still to make a first move"),
        ("setup-overfull.omweso", "more than 32"),
        ("resigned-with-redo.omweso", "a resignation ends the game at the current move 2, but 3 moves are recorded"),
        ("name-with-control-character.omweso", "lower: the player name contains a control character"),
        (
            "name-with-right-to-left-override.omweso",
            "lower: the player name contains a control character or an invisible one",
        ),
        ("ongoing-recorded-as-result.omweso", "the file records the result `ongoing`, but the moves give `none"),
    ];
    let dir = corpus().join("bad");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let (_, needle) =
            expected.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no expectation for {name}"));
        let err = SavedGame::load(&path).expect_err(&name).to_string();
        assert!(err.contains(needle), "{name}: `{err}` does not contain `{needle}`");
        seen += 1;
    }
    assert_eq!(seen, expected.len(), "every expected file is in the corpus");
}

/// Every file in tests/corpus/bad with the error it must give, as a value.
#[test]
fn every_bad_file_gets_its_typed_error() {
    use InvalidGame as I;
    use LoadError as L;
    type Is = fn(&LoadError) -> bool;
    let expected: &[(&str, Is)] = &[
        ("empty.omweso", |e| matches!(e, L::Empty)),
        ("truncated.omweso", |e| matches!(e, L::Syntax { line: 20, .. })),
        ("not-ron.omweso", |e| matches!(e, L::Syntax { line: 1, column: 1, .. })),
        ("wrong-version.omweso", |e| matches!(e, L::Version { found: 7 })),
        ("wrong-format.omweso", |e| matches!(e, L::Format(f) if f == "chess-game")),
        ("unknown-field.omweso", |e| matches!(e, L::Syntax { line: 27, .. })),
        ("63-seeds.omweso", |e| {
            matches!(e, L::Invalid(I::Start(StateTextError::Invalid(StateError::WrongTotal { found: 63 }))))
        }),
        (
            "seed-on-wrong-side.omweso",
            |e| matches!(e, L::Invalid(I::Start(StateTextError::Position(p))) if matches!(p.kind, PositionErrorKind::WrongSide { .. })),
        ),
        ("layout-not-32.omweso", |e| {
            matches!(e, L::Invalid(I::StartLayout(LayoutError::WrongTotal { side: Side::Lower, found: 33 })))
        }),
        ("illegal-move.omweso", |e| {
            matches!(
                e,
                L::Invalid(I::Record(RecordError::Move {
                    number: 2,
                    reason: GameError::Notation(MoveError::Illegal { reason: IllegalMove::NotOwnHole { .. }, .. })
                }))
            )
        }),
        ("wrong-recorded-position.omweso", |e| {
            matches!(e, L::Invalid(I::StateMismatch { number: 3, play, replayed, recorded })
                if play == "m" && replayed.captures() == [1, 0] && recorded.captures() == [0, 0])
        }),
        ("cursor-beyond.omweso", |e| {
            matches!(e, L::Invalid(I::Record(RecordError::CursorBeyond { cursor: 9, recorded: 3 })))
        }),
        (
            "wrong-result.omweso",
            |e| matches!(e, L::Invalid(I::ResultMismatch { recorded: Some(r), replayed: None }) if r == "lower wins: akawumbi"),
        ),
        ("huge-number.omweso", |e| matches!(e, L::Syntax { line: 8, column: 20, .. })),
        ("deeply-nested.omweso", |e| matches!(e, L::Syntax { line: 45, .. })),
        ("binary-garbage.omweso", |e| matches!(e, L::NotText(_))),
        ("zero-lap-limit.omweso", |e| matches!(e, L::Rules(omweso_rules::LapLimitError { found: 0 }))),
        ("huge-lap-limit.omweso", |e| matches!(e, L::Rules(omweso_rules::LapLimitError { found: 4_000_000_000 }))),
        ("huge-points.omweso", |e| matches!(e, L::Invalid(I::TooManyPoints { kind: WinKind::Akawumbi, .. }))),
        ("capture-before-first-move.omweso", |e| {
            matches!(e, L::Invalid(I::Start(StateTextError::Invalid(StateError::CaptureBeforeFirstMove { .. }))))
        }),
        ("setup-overfull.omweso", |e| matches!(e, L::Invalid(I::SetupOverfull { side: Side::Lower, seeds: 37 }))),
        ("resigned-with-redo.omweso", |e| matches!(e, L::Invalid(I::ResignedWithRedo { current: 2, recorded: 3 }))),
        ("name-with-control-character.omweso", |e| {
            matches!(e, L::Invalid(I::NameControlCharacter { side: Side::Lower }))
        }),
        ("name-with-right-to-left-override.omweso", |e| {
            matches!(e, L::Invalid(I::NameControlCharacter { side: Side::Lower }))
        }),
        (
            "ongoing-recorded-as-result.omweso",
            |e| matches!(e, L::Invalid(I::ResultMismatch { recorded: Some(r), replayed: None }) if r == "ongoing"),
        ),
    ];
    let dir = corpus().join("bad");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let (_, is) = expected.iter().find(|(n, _)| *n == name).unwrap_or_else(|| panic!("no expectation for {name}"));
        let err = SavedGame::load(&path).expect_err(&name);
        assert!(is(&err), "{name}: {err:?}");
        seen += 1;
    }
    assert_eq!(seen, expected.len(), "every expected file is in the corpus");
}

/// The error of a file made from a good one by replacing `from` with `to` (once).
fn edited(text: &str, from: &str, to: &str) -> InvalidGame {
    assert!(text.contains(from), "`{from}` is not in\n{text}");
    match SavedGame::from_ron(&text.replacen(from, to, 1)) {
        Err(LoadError::Invalid(e)) => e,
        other => panic!("{from} -> {to}: {other:?}"),
    }
}

/// The checks that no corpus file trips, each on a file edited from a good one.
#[test]
fn each_check_of_a_game_gives_its_typed_error() {
    let game = saved(Phase::Play(worked_game(&["d", "F", "m"]))).to_ron();
    let long = format!("name: \"{}\"", "N".repeat(65));
    assert_eq!(edited(&game, "name: \"Nakato\"", &long), InvalidGame::NameTooLong { side: Side::Lower, chars: 65 });
    assert_eq!(
        edited(&game, "setup: None", "setup: Some(SetupRecord(board: \"-; -\", laying_out: Lower))"),
        InvalidGame::SetupAndStart
    );
    let start = "start: Some(\"9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0\")";
    assert_eq!(edited(&game, start, "start: None"), InvalidGame::NeitherSetupNorStart);
    assert!(matches!(
        edited(&game, start, "start: Some(\"9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L\")"),
        InvalidGame::Start(StateTextError::Tail(TailError::MissingFirstMoves))
    ));
    assert_eq!(
        edited(&game, start, "start: Some(\"9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L lower 0,0\")"),
        InvalidGame::StartNotFresh { first_moves: FirstMoves::Lower, captures: [0, 0] }
    );
    assert_eq!(
        edited(&game, start, "start: Some(\"9a, 3b, 4d-fhm; 4A-F, 3G, 5P / U both 0,0\")"),
        InvalidGame::StartMover { to_move: Side::Upper, first: Side::Lower }
    );
    let after_d = "after: \"10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0\"";
    let err = edited(&game, after_d, "after: \"10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P\"");
    assert!(
        matches!(&err, InvalidGame::RecordedState { number: 1, play, reason: StateTextError::MissingSlash } if play == "d"),
        "{err:?}"
    );
    // The recorded state is read, not compared as text: another spelling of it is the same.
    let respelled = "after: \"10a,4b,1c,4e,4f,4h,1i,4m;4A-F,3G,5P/u UPPER 0, 0\"";
    assert!(SavedGame::from_ron(&game.replacen(after_d, respelled, 1)).is_ok());

    let setup = |board: &str, laying_out: &str| {
        saved(Phase::Setup(Setup::new(Side::Lower, RuleOptions::default())))
            .to_ron()
            .replacen("board: \"-; -\"", &format!("board: \"{board}\""), 1)
            .replacen("laying_out: Upper", &format!("laying_out: {laying_out}"), 1)
    };
    // Upper, who does not move first, lays out first.
    let ok = setup("-; 4A-F, 3G, 5P", "Lower");
    assert!(SavedGame::from_ron(&ok).is_ok(), "{ok}");
    assert_eq!(edited(&ok, "current: 0", "current: 1"), InvalidGame::SetupWithMoves);
    assert!(matches!(edited(&ok, "3G", "3Z"), InvalidGame::SetupBoard(_)));
    assert_eq!(edited(&ok, "3G, 5P", "3G"), InvalidGame::SetupFirstUnfinished { side: Side::Upper, seeds: 27 });
    assert_eq!(
        edited(&setup("9a; 4A", "Upper"), "current: 0", "current: 0"),
        InvalidGame::SetupSeedsBeforeTurn { side: Side::Lower, seeds: 9 }
    );
}

#[test]
fn huge_files_are_refused_unread() {
    let dir = std::env::temp_dir().join(format!("omweso-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.omweso");
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(omweso::savefile::MAX_FILE_BYTES + 1).unwrap();
    assert!(matches!(SavedGame::load(&path), Err(LoadError::TooLarge { .. })));
    // A device, which reports no size, is not read at all.
    if Path::new("/dev/zero").exists() {
        assert!(matches!(SavedGame::load(Path::new("/dev/zero")), Err(LoadError::NotAFile { .. })));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn saving_is_atomic_and_failures_leave_the_old_file() {
    let dir = std::env::temp_dir().join(format!("omweso-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.omweso");
    let first = saved(Phase::Play(worked_game(&["d"])));
    first.save(&path).unwrap();
    let second = saved(Phase::Play(worked_game(&["d", "F"])));
    second.save(&path).unwrap();
    assert_eq!(SavedGame::load(&path).unwrap(), second);
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(leftovers.len(), 1, "no temporary file is left: {leftovers:?}");
    // A folder that does not exist, and a "folder" that is a file: errors, nothing written.
    assert!(second.save(&dir.join("missing/game.omweso")).is_err());
    assert!(second.save(&path.join("inside-a-file.omweso")).is_err());
    assert_eq!(SavedGame::load(&path).unwrap(), second);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn check_command() {
    let bin = env!("CARGO_BIN_EXE_omweso");
    let good =
        std::process::Command::new(bin).args(["check"]).arg(corpus().join("good/worked-game.omweso")).output().unwrap();
    assert!(good.status.success());
    let out = String::from_utf8_lossy(&good.stdout);
    assert!(out.contains("a valid saved game") && out.contains("moves: 2 on the board, 3 recorded"), "{out}");
    let bad =
        std::process::Command::new(bin).args(["check"]).arg(corpus().join("bad/illegal-move.omweso")).output().unwrap();
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("illegal-move.omweso: move 2"), "{err}");
}

/// A lap limit beyond the rules' bound (RULES.md 3.8) is refused before any move is
/// replayed: the file's never-ending move would otherwise run for 4,000,000,000 laps.
#[test]
fn a_huge_lap_limit_is_refused_at_once() {
    let path = corpus().join("bad/huge-lap-limit.omweso");
    let started = std::time::Instant::now();
    let err = SavedGame::load(&path).unwrap_err();
    assert!(matches!(err, LoadError::Rules(omweso_rules::LapLimitError { found: 4_000_000_000 })), "{err}");
    let bin = env!("CARGO_BIN_EXE_omweso");
    let out = std::process::Command::new(bin).arg("check").arg(&path).output().unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(1), "took {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("huge-lap-limit.omweso: rules: the lap limit must be from 1 to 1000000 laps"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// Mutated valid files never panic; when one still loads, it is a consistent game.
    #[test]
    fn mutated_files_never_panic(at in 0usize..2000, cut in 0usize..6, insert in "[ -~\\n]{0,6}") {
        let text = saved(Phase::Play(worked_game(&["d", "F", "m"]))).to_ron();
        let chars: Vec<char> = text.chars().collect();
        let at = at.min(chars.len());
        let end = (at + cut).min(chars.len());
        let mutated: String = chars[..at].iter().copied().chain(insert.chars()).chain(chars[end..].iter().copied()).collect();
        if let Ok(SavedGame { phase: Phase::Play(g), .. }) = SavedGame::from_ron(&mutated) {
            prop_assert_eq!(g.current().position().total(), 64);
        }
        round_trip::saved_game(&mutated);
    }
}

#[test]
fn a_review_is_kept_and_a_review_of_another_move_is_refused() {
    use omweso::verdict::{Mark, MoveReview};
    let mut game = worked_game(&["d", "F"]);
    let review = MoveReview {
        number: 2,
        played: "F".into(),
        score_before: -110,
        best: "D".into(),
        loss: 5462,
        mark: Mark::Blunder,
    };
    assert!(!game.set_review(MoveReview { played: "E".into(), ..review.clone() }), "not the move played");
    assert!(game.set_review(review.clone()));
    let saved = saved(Phase::Play(game));
    let text = saved.to_ron();
    assert!(text.contains("blunder") || text.contains("Blunder"), "{text}");
    let back = SavedGame::from_ron(&text).expect("reads back");
    assert_eq!(back, saved);
    let bad = text.replacen("played: \"F\"", "played: \"E\"", 1);
    assert_ne!(bad, text);
    let e = SavedGame::from_ron(&bad).unwrap_err();
    assert!(
        matches!(&e, LoadError::Invalid(InvalidGame::Review { number: 2, play, review_number: 2, review_played })
            if play == "F" && review_played == "E"),
        "{e:?}"
    );
    assert!(e.to_string().contains("move 2 `F`: its review is of move 2 `E`"), "{e}");
}

#[test]
fn a_file_that_is_not_a_game_at_all_is_said_to_be_so() {
    let e = SavedGame::from_ron("# Omweso\n\nA README, not a game.").unwrap_err().to_string();
    assert!(e.ends_with("(this does not look like a saved Omweso game)"), "{e}");
    let truncated = std::fs::read_to_string(corpus().join("bad/truncated.omweso")).unwrap();
    let e = SavedGame::from_ron(&truncated).unwrap_err().to_string();
    assert!(!e.contains("does not look like"), "a damaged game of ours is not called foreign: {e}");
}
