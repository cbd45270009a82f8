//! The game record: undo and redo, resignation, turns lost and ends on time, record text.

use super::*;
use omweso_rules::IllegalMove;

fn worked() -> Game {
    Game::from_state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap())
}

#[test]
fn undo_redo_and_branching() {
    let mut g = worked();
    for m in ["d", "F", "m"] {
        g.play_text(m).unwrap();
    }
    assert_eq!(g.current().to_string(), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");
    assert!(g.undo());
    assert!(g.undo());
    assert_eq!(g.current().to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");
    assert!(g.can_redo());
    assert!(g.redo());
    assert_eq!(g.cursor(), 2);
    assert!(g.undo());
    g.play_text("G").unwrap();
    assert!(!g.can_redo(), "a new move drops the redo branch");
    assert_eq!(g.all_entries().len(), 2);
    while g.undo() {}
    assert_eq!(g.cursor(), 0);
    assert!(!g.undo());
}

#[test]
fn resignation_ends_and_can_be_undone() {
    let mut g = worked();
    g.resign(Side::Lower).unwrap();
    assert_eq!(g.result(), Some(GameResult::Resigned { loser: Side::Lower }));
    assert!(matches!(g.play_text("d"), Err(GameError::Over(_))));
    assert!(g.undo());
    assert_eq!(g.result(), None);
    g.play_text("d").unwrap();
}

#[test]
fn illegal_moves_leave_the_game_untouched() {
    let mut g = worked();
    let before = g.clone();
    assert!(g.play_text("c").is_err()); // c is empty
    assert!(g.play_text("D").is_err()); // Upper's hole
    assert!(g.play_text("zz").is_err());
    assert_eq!(g, before);
}

#[test]
fn record_text_round_trips() {
    let mut g = worked();
    for m in ["d", "F", "m", "D, J2xh"] {
        g.play_text(m).unwrap();
    }
    let text = g.record_text();
    assert!(text.ends_with("3. m\n4. D, J2xh\n"), "{text}");
    let back = Game::from_record_text(&text, RuleOptions::default()).unwrap();
    assert_eq!(back.current(), g.current());
    assert_eq!(back.moves().len(), 4);
    let bad = text.replace("3. m", "3. q");
    let err = Game::from_record_text(&bad, RuleOptions::default()).unwrap_err();
    assert!(
        matches!(err, RecordError::Line { line: 4, reason: GameError::Notation(MoveError::Syntax { .. }) }),
        "{err:?}"
    );
    assert!(err.to_string().starts_with("line 4: move `q`"), "{err}");
    assert_eq!(Game::from_record_text(" \n\n", RuleOptions::default()), Err(RecordError::Empty));
}

#[test]
fn record_text_starts_are_checked() {
    let options = RuleOptions::default();
    let err = Game::from_record_text("\n4i-p; 4I-P\n1. d", options).unwrap_err();
    assert!(matches!(err, RecordError::StartText { line: 2, reason: StateTextError::MissingSlash }), "{err:?}");
    assert!(err.to_string().starts_with("line 2: game state:"), "{err}");
    let bad_options = RuleOptions { lap_limit: 0, ..options };
    let err = Game::from_record_text("4i-p; 4I-P / L both 0,0", bad_options).unwrap_err();
    assert!(matches!(err, RecordError::StartOptions { line: 1, reason: StateError::LapLimit(_) }), "{err:?}");
}

#[test]
fn records_replay_and_are_checked() {
    let start: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
    let moves: Vec<String> = ["d", "F", "m"].map(String::from).to_vec();
    let g = Game::from_record(start.clone(), None, &moves, 2, None, None).unwrap();
    assert_eq!(g.cursor(), 2);
    assert_eq!(g.all_entries().len(), 3);
    let bad: Vec<String> = ["d", "c"].map(String::from).to_vec();
    let err = Game::from_record(start.clone(), None, &bad, 2, None, None).unwrap_err();
    assert!(
        matches!(
            err,
            RecordError::Move {
                number: 2,
                reason: GameError::Notation(MoveError::Illegal { reason: IllegalMove::NotOwnHole { .. }, .. })
            }
        ),
        "{err:?}"
    );
    assert_eq!(err.to_string(), "move 2: move `c`: hole c is not Upper's: Upper plays from uppercase holes");
    assert_eq!(
        Game::from_record(start.clone(), None, &moves, 4, None, None),
        Err(RecordError::CursorBeyond { cursor: 4, recorded: 3 })
    );
    let layouts = Some([Layout::new(Side::Lower, [2; 16]).unwrap(), Layout::new(Side::Upper, [2; 16]).unwrap()]);
    assert_eq!(Game::from_record(start, layouts, &moves, 0, None, None), Err(RecordError::NotTheLayouts));
}

#[test]
fn a_resignation_after_the_end_is_refused() {
    // Lower has no hole of 2 seeds: Upper has won, and no one can resign any more.
    let over: GameState = "1a-p; 3A-P / L none 0,0".parse().unwrap();
    let result = GameResult::Rules(over.outcome().unwrap());
    let err = Game::from_record(over, None, &[], 0, Some(Side::Lower), None).unwrap_err();
    assert_eq!(err, RecordError::ResignedAfterTheEnd { side: Side::Lower, result });
    assert!(err.to_string().starts_with("the resignation cannot stand: the game is over ("), "{err}");
}

#[test]
fn a_turn_lost_on_time_is_an_entry_of_the_record() {
    let mut g = worked();
    g.play_text("d").unwrap();
    g.lose_turn().unwrap();
    let lost = &g.moves()[1];
    assert!(lost.is_turn_lost());
    assert_eq!((lost.mover, lost.text.as_str(), lost.captured_seeds), (Side::Upper, TURN_LOST_TEXT, 0));
    assert!(lost.trace.laps.is_empty());
    // The board stays, Lower is to move again, and Upper's first turn is spent.
    assert_eq!(g.current().position(), g.state_at(1).position());
    assert_eq!(g.current().to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / L none 0,0");
    let text = g.record_text();
    assert!(text.ends_with("1. d\n2. time\n"), "{text}");
    let back = Game::from_record_text(&text, RuleOptions::default()).unwrap();
    assert_eq!(back.current(), g.current());
    assert!(back.moves()[1].is_turn_lost());
    assert!(g.undo());
    assert_eq!(g.current().to_move(), Side::Upper, "a turn lost is taken back as a move is");
}

#[test]
fn the_clock_ends_a_game_and_the_end_is_kept() {
    let mut g = worked();
    g.play_text("d").unwrap();
    g.end_on_time(TimeEnd::Flagged { loser: Side::Upper }).unwrap();
    let flagged = g.result().unwrap();
    assert_eq!(flagged, GameResult::OnTime(TimeEnd::Flagged { loser: Side::Upper }));
    assert_eq!((flagged.winner(), flagged.points(&RuleOptions::default())), (Some(Side::Lower), 1));
    assert_eq!(flagged.to_string(), "lower wins: upper's time ran out");
    assert!(matches!(g.play_text("F"), Err(GameError::Over(_))));
    assert!(matches!(g.lose_turn(), Err(GameError::Over(_))));
    assert!(g.undo());
    g.end_on_time(TimeEnd::Unfinished { side: Side::Upper }).unwrap();
    let annulled = g.result().unwrap();
    assert!(annulled.is_annulled());
    assert_eq!(annulled.points(&RuleOptions::default()), 0);
    let moves: Vec<String> = g.moves().iter().map(|e| e.text.clone()).collect();
    let back = Game::from_record(g.start().clone(), None, &moves, 1, None, g.time_end()).unwrap();
    assert_eq!(back.result(), Some(annulled));
    let err = Game::from_record(g.start().clone(), None, &moves, 1, Some(Side::Lower), g.time_end()).unwrap_err();
    assert!(matches!(err, RecordError::TimeAfterTheEnd { .. }), "{err:?}");
}

/// Plays `text` through a sowing, a decision at a time, as the window does.
fn sown(g: &Game, text: &str) -> omweso_rules::Sowing {
    let mv = omweso_rules::notation::parse_move(g.current(), text).unwrap();
    let mut s = g.current().start_move(mv.start(), mv.is_split()).unwrap();
    let mut choices = mv.choices().iter();
    while let omweso_rules::Progress::Decision(_) = s.advance() {
        s.choose(choices.next().unwrap().direction).unwrap();
    }
    s
}

#[test]
fn a_move_sown_a_decision_at_a_time_is_recorded_as_sown() {
    // RULES.md §6's move 3 (two captures, then relays), sown by hand and by the record.
    let (mut by_hand, mut by_text) = (worked(), worked());
    for m in ["d", "F"] {
        by_hand.play_text(m).unwrap();
        by_text.play_text(m).unwrap();
    }
    let sowing = sown(&by_hand, "m");
    let trace = by_hand.play_sown(sowing).unwrap();
    assert_eq!(trace, by_text.play_text("m").unwrap());
    assert_eq!(by_hand.current(), by_text.current());
    assert_eq!(by_hand.record_text(), by_text.record_text());
    assert_eq!(by_hand.cursor(), 3);
}

#[test]
fn a_sowing_from_another_board_is_refused() {
    let mut g = worked();
    let stale = sown(&g, "d");
    g.play_text("d").unwrap();
    let before = g.clone();
    assert!(matches!(g.play_sown(stale), Err(GameError::NotFromHere)));
    assert_eq!(g.record_text(), before.record_text());
    // Unfinished: a move still waiting for a choice at a decision. The game is played on
    // (the first legal move each time) to the first position with a move that has one.
    let mv = loop {
        let moves = g.current().legal_moves();
        if let Some(mv) = moves.iter().find(|m| !m.choices().is_empty()) {
            break mv.clone();
        }
        assert!(g.cursor() < 200 && !moves.is_empty(), "no move with a decision in {} moves", g.cursor());
        g.play(&moves[0]).unwrap();
    };
    let at = g.cursor();
    let mut s = g.current().start_move(mv.start(), mv.is_split()).unwrap();
    assert!(matches!(s.advance(), omweso_rules::Progress::Decision(_)));
    assert!(matches!(g.play_sown(s), Err(GameError::Illegal(IllegalMove::Unfinished { .. }))));
    assert_eq!(g.cursor(), at);
}
