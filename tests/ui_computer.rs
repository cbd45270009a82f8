//! The window against the computer, driven like a player would: its layout and moves on
//! their threads, the hint, the coach and the analysis, and what waits for a prompt.

mod window;
use window::*;

#[test]
fn against_the_computer_it_lays_out_moves_and_undo_returns_to_the_human() {
    // Patient: the computer's layout arrives from its thread while frames run.
    let mut h = patient(App::new(Session::new(settings())));
    click(&mut h, "Play against the computer");
    h.get_by_label("Level");
    start_against(&mut h, Side::Upper, omweso_engine::Level::Beginner);
    // Lower moves first, so the computer (Upper) lays out first, by itself.
    wait_for(&mut h, |a| a.session().setup().is_some_and(|s| s.laying == Side::Lower));
    // The layout came from the computer's thread in the last frame: one more frame draws
    // Lower's setup before it is clicked.
    h.run();
    click(&mut h, "4 in each back hole");
    click(&mut h, "Done");
    assert!(h.state().session().game().is_some());
    h.get_by_label("Lower m, 4 seeds").click();
    h.step();
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 2));
    h.run();
    assert_eq!(game(&h).current().to_move(), Side::Lower);
    click(&mut h, "Undo");
    assert_eq!(game(&h).cursor(), 0, "undo goes back to the human's turn");
}

#[test]
fn the_computer_starts_no_search_behind_the_prompt() {
    let state: GameState = AFTER_D.parse().expect("state");
    let mut session = against(state, Side::Upper, omweso_engine::Level::Beginner);
    session.forget_baseline();
    session.apply(Command::OpenNewGame);
    let mut h = patient(App::new(session));
    h.get_by_label("Unsaved changes");
    steps_for(&mut h, 1000);
    assert!(!h.state().session().computer().expect("computer").thinking(), "no search behind the prompt");
    assert_eq!(game(&h).cursor(), 0);
    click(&mut h, "Cancel");
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 1));
}

#[test]
fn the_computers_answer_waits_for_the_prompt_to_close() {
    let mut h = master_thinking_after_d();
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.step();
    h.get_by_label("Unsaved changes");
    // Long enough for the answer to come.
    steps_for(&mut h, 3000);
    assert_eq!(game(&h).cursor(), 1, "the answer is not played behind the prompt");
    h.get_by_label("Cancel").click();
    h.step();
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 2));
}

#[test]
fn the_computer_lays_out_after_the_human_without_waiting_for_input() {
    let mut h = patient(App::new(Session::new(settings())));
    click(&mut h, "Play against the computer");
    start_against(&mut h, Side::Lower, omweso_engine::Level::Beginner);
    // Lower (the computer) moves first, so the human (Upper) lays out first.
    click(&mut h, "2 in every hole");
    // The computer chooses its layout on a thread of its own, which asks for a repaint
    // when the layout is ready.
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    h.ctx.set_repaint_observer(move |info| {
        if info.delay.is_zero() {
            let _ = tx.lock().map(|t| t.send(()));
        }
    });
    // Done, with no input event behind it: `run` goes on only while the window asks for
    // frames, so the computer's layout must follow without another event: the window's
    // own requests and the layout thread's wake are the only frames there are.
    h.state_mut().push(Command::SetupDone);
    h.run();
    for _ in 0..100 {
        if h.state().session().game().is_some() {
            break;
        }
        assert!(rx.recv_timeout(std::time::Duration::from_secs(10)).is_ok(), "the layout's thread wakes the window");
        h.run();
    }
    assert!(h.state().session().game().is_some(), "the computer has laid out");
}

#[test]
fn the_worker_wakes_the_window_when_the_computers_move_is_ready() {
    let mut h = master_thinking_after_d();
    // No more frames from here: only the worker thread can ask for one.
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    h.ctx.set_repaint_observer(move |info| {
        if info.delay.is_zero() {
            let _ = tx.lock().map(|t| t.send(()));
        }
    });
    assert!(
        rx.recv_timeout(std::time::Duration::from_secs(10)).is_ok(),
        "the worker asks for a repaint when its answer is ready"
    );
    // From the wake on, the window asks for every frame it needs to show the answer.
    h.run();
    assert_eq!(game(&h).cursor(), 2, "the answer is played");
    assert!(!h.state().session().computer().expect("computer").thinking(), "and not searched for again");
    let shown = game(&h).current().to_string();
    shows_position(&mut h, &shown);
}

#[test]
fn a_hint_shows_the_whole_move_on_the_board_and_in_words() {
    // Lower's best here starts at c and, on the relay from a, sows clockwise to take E and M.
    let mut h = on_state("2a, 2c, 1d, 27p; 24A, 4EM / L none 0,0");
    let state = game(&h).current().clone();
    let mv = omweso_rules::notation::parse_move(&state, "c, a3xE").expect("legal move");
    h = with_hint(h, mv);
    h.run();
    let hole = |c| Hole::from_letter(c).expect("hole");
    assert_eq!(h.state().session().hint_start(), Some(hole('c')));
    h.get_by_label(
        "Hint: c, a3xE — Sow c anticlockwise; at the relay from a, sow clockwise (a reverse capture): it captures 8 \
         from E and M and sows them on from a, then relays 7 times, then ends in the empty g. 8 seeds captured.",
    );
    // A move from the start hole clockwise: its hole to sow.
    let mut h = on_state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let state = game(&h).current().clone();
    h = with_hint(h, omweso_rules::notation::parse_move(&state, "i3xF").expect("legal move"));
    h.run();
    assert_eq!(h.state().session().hint_start(), Some(hole('i')));
    h.get_by_label(
        "Hint: i3xF — Sow i clockwise (a reverse capture): it captures 2 from F and N; sow the captured seeds \
         anticlockwise from i: it ends in the empty k. 2 seeds captured.",
    );
    // Playing a move clears the hint.
    click(&mut h, "Lower e, 9 seeds");
    assert!(h.state().session().hint_start().is_none());
}

#[test]
fn against_the_computer_only_the_human_resigns() {
    let mut h = master_thinking_after_d();
    assert!(h.query_by_label("Upper resigns").is_none(), "no button resigns for the computer");
    h.get_by_label("Lower resigns");
    h.state_mut().push(Command::MoveNow);
    wait_for(&mut h, |a| a.session().game().is_some_and(|g| g.cursor() == 2));
}

#[test]
fn the_analysis_panel_threats_and_game_review_from_the_view_menu() {
    let mut h = patient(App::new(Session::from_state(settings(), WORKED.parse().expect("state"))));
    play_worked_game(&mut h);
    click(&mut h, "View");
    click(&mut h, "Analysis panel (F7)");
    h.get_by_label("This position");
    wait_for(&mut h, |a| a.session().judgement_shown().is_some_and(|(_, kept)| kept));
    h.run();
    h.get_by_label_contains("depth ");
    // Threats: Upper to move after d, F, m; were it Lower's turn, Lower could capture.
    let mut cache = omweso::app::ui::view::PreviewCache::default();
    let mut threats = omweso::app::ui::view::ThreatCache::default();
    let v = omweso::app::ui::view::board_view(h.state().session(), None, &mut cache, &mut threats);
    assert!(v.threats.is_empty(), "off by default between two people");
    h.state_mut().push(Command::ToggleThreats);
    h.run();
    let v = omweso::app::ui::view::board_view(h.state().session(), None, &mut cache, &mut threats);
    let state = game(&h).current().clone();
    let want: Vec<Hole> = state.threats().iter().flat_map(|t| t.captured.clone()).collect();
    assert!(!v.threats.is_empty() && v.threats.iter().all(|(hole, _)| want.contains(hole)), "{:?}", v.threats);
    // Game review: a progress bar, then marks in the move list and the graph.
    click(&mut h, "Analyse game");
    wait_for(&mut h, |a| a.session().game_review_progress().is_none());
    h.run();
    assert!(game(&h).moves().iter().all(|e| e.review.is_some()));
    h.get_by_label("The evaluation for Lower before each move (1 is about a seed); click to look at a move.");
}
