//! Tournament play in the window (issue 21), driven through egui_kittest by the widgets'
//! accessible labels: the tournament New Game, the clock's strip over the board with the
//! referee's count, no take-backs, and the match's next game.

mod window;
use window::*;

fn lay_out_both(h: &mut Harness<'_, App>) {
    for _ in 0..2 {
        click(h, "4 in each back hole");
        click(h, "Done");
    }
}

#[test]
fn a_tournament_match_is_started_from_new_game() {
    let mut h = harness(App::new(Session::new(settings())));
    click(&mut h, "Tournament and clock");
    click(&mut h, "Tournament match");
    assert!(!disabled(&h, "in turns"), "the match's settings open with the box ticked");
    click(&mut h, "games won");
    click(&mut h, "Start");
    let m = h.state().session().matched().expect("a match");
    assert_eq!(m.settings.goal, omweso::tournament::MatchGoal::Wins(6));
    lay_out_both(&mut h);
    assert!(h.state().session().tournament_on());
    h.get_by_label("Match, game 1: Lower 0, Upper 0 (first to 6 wins)");
    h.get_by_label_contains("Lower to start a move: ");
    assert!(disabled(&h, "Undo") && disabled(&h, "Redo"), "no take-backs");
    click(&mut h, "Lower i, 4 seeds");
    assert_eq!(game(&h).cursor(), 1);
    assert!(disabled(&h, "Undo"), "not even of a move just made");
    h.get_by_label_contains("Upper to start a move");
}

/// The word the strip must show for the clock as it is now (the harness lets a few frames
/// of time pass while the clock runs).
fn count_shown(h: &Harness<'_, App>) -> &'static str {
    match h.state().session().clock().and_then(|c| c.count()) {
        Some(omweso::tournament::Count::Emu) => "Nakato (Lower): Emu!",
        Some(omweso::tournament::Count::Bbiri) => "Nakato (Lower): Bbiri!",
        None => panic!("the referee is counting"),
    }
}

#[test]
fn the_strip_counts_emu_bbiri_in_words() {
    let mut h = harness(App::new(Session::from_saved(settings(), counting(1.05), None)));
    assert_eq!(count_shown(&h), "Nakato (Lower): Emu!");
    h.get_by_label_contains(count_shown(&h));
    let h2 = harness(App::new(Session::from_saved(settings(), counting(2.05), None)));
    assert_eq!(count_shown(&h2), "Nakato (Lower): Bbiri!");
    h2.get_by_label_contains(count_shown(&h2));
    // A window that asks pauses the clock, and the strip says so.
    h.state_mut().push(Command::AskResign(Side::Lower));
    h.run();
    h.get_by_label_contains("clock paused while a window is open");
    let spent = h.state().session().clock().unwrap().spent;
    h.run();
    assert_eq!(h.state().session().clock().unwrap().spent, spent, "paused");
}

#[test]
fn the_match_goes_on_to_its_next_game() {
    let mut h = harness(App::new(Session::from_saved(settings(), counting(0.0), None)));
    h.state_mut().push(Command::Resign(Side::Upper));
    h.run();
    h.get_by_label("Nakato (Lower) wins");
    h.get_by_label("Game 1 of the match: Nakato 1, Okello 0 (first to 6 points)");
    assert!(h.query_by_label("Rematch").is_none(), "a match has its next game, not a rematch");
    h.get_all_by_label("Next game").next().expect("the card's Next game").click();
    h.run();
    assert_eq!(h.state().session().matched().unwrap().games.len(), 1);
    let setup = h.state().session().setup().expect("the next game is laid out");
    assert_eq!(setup.first, Side::Upper, "the first move goes in turns");
    lay_out_both(&mut h);
    h.get_by_label("Match, game 2: Nakato 1, Okello 0 (first to 6 points)");
}

#[test]
fn against_the_computer_a_match_game_offers_no_hint() {
    // The computer's layout and moves come from its thread: a frame or two more to settle.
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(100)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(Session::new(settings())));
    h.run();
    click(&mut h, "Tournament and clock");
    click(&mut h, "Tournament match");
    click(&mut h, "Play against the computer");
    click(&mut h, "Start");
    for _ in 0..200 {
        if h.query_by_label_contains("Lower lays out").is_some() {
            break;
        }
        h.run();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    click(&mut h, "4 in each back hole");
    click(&mut h, "Done");
    assert!(h.state().session().tournament_on());
    assert!(h.state().session().human_to_move(), "Lower, the player, moves first");
    assert!(disabled(&h, "Hint"), "the hint button is there but off while the match game is on");
}
