//! The window driven like a player would: clicks on holes found by their accessible labels,
//! keys, buttons; then what the window shows is checked. Playing, setting up, the dialogs,
//! the lessons; against the computer in `ui_computer.rs`, files in `ui_files.rs`.

mod window;
use window::*;

#[test]
fn the_worked_game_of_rules_6_by_clicks() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    assert_eq!(board(&h), AFTER_DFM);
    // What the window shows: every hole's label, the position text and the move list.
    h.get_by_label("Lower a, 11 seeds");
    h.get_by_label("Lower h, 7 seeds");
    h.get_by_label("Lower d, 1 seed");
    h.get_by_label("Upper F, 0 seeds");
    shows_position(&mut h, &format!("{AFTER_DFM} / U none 1,0"));
    h.get_by_label("Lower d");
    h.get_by_label("Upper F");
    // With the seeds it captured (issue 41).
    h.get_by_label("Lower m  +12");
    h.get_by_label_contains("Play: Upper to move");
}

#[test]
fn a_decision_point_taken_both_ways_by_clicks_and_by_keys() {
    let start = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";
    let want = "1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P";
    let mut h = on_state(start);
    click(&mut h, "Lower i, 3 seeds");
    assert!(h.state().session().sowing().is_some(), "the move waits at the decision");
    click(&mut h, "Sow 3 seeds clockwise from i: capture 2 from F and N");
    assert!(h.state().session().sowing().is_some(), "the captured seeds may go clockwise again");
    h.get_by_label("Sow 2 seeds clockwise from i: capture 4 from G and O");
    click(&mut h, "Sow 2 seeds anticlockwise from i");
    assert!(h.state().session().sowing().is_none());
    assert_eq!(board(&h), want);
    h.get_by_label("Lower i3xF  +2");

    // The same with the keyboard: I, then X (clockwise), then R (anticlockwise).
    let mut h = on_state(start);
    for k in [Key::I, Key::X, Key::R] {
        h.key_press(k);
        h.run();
    }
    assert_eq!(board(&h), want);
}

#[test]
fn undo_and_redo_by_keys_and_buttons() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run();
    assert_eq!(game(&h).cursor(), 2);
    click(&mut h, "Undo");
    assert_eq!(game(&h).cursor(), 1);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run();
    assert_eq!(game(&h).cursor(), 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(board(&h), AFTER_DFM);
    click(&mut h, "Undo");
    click(&mut h, "Redo");
    assert_eq!(board(&h), AFTER_DFM);
    // A new move after an undo drops the redo branch.
    click(&mut h, "Undo");
    click(&mut h, "Undo");
    click(&mut h, "Upper E, 4 seeds");
    assert_eq!(game(&h).cursor(), 2);
    assert!(!game(&h).can_redo());
}

#[test]
fn keyboard_letters_play_the_holes_of_the_player_to_move() {
    let mut h = on_state(WORKED);
    for k in [Key::D, Key::F, Key::M] {
        h.key_press(k);
        h.run();
    }
    assert_eq!(board(&h), AFTER_DFM);
    // Review: the move list and the arrow keys show earlier positions read-only.
    click(&mut h, "Lower d");
    assert_eq!(h.state().session().review(), Some(1));
    shows_position(&mut h, "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");
    h.key_press(Key::D);
    h.run();
    assert_eq!(game(&h).cursor(), 3, "no move is played in review");
    h.key_press(Key::ArrowRight);
    h.run();
    assert_eq!(h.state().session().review(), Some(2));
    h.key_press(Key::Home);
    h.run();
    assert_eq!(h.state().session().review(), Some(0));
    h.key_press(Key::End);
    h.run();
    assert_eq!(h.state().session().review(), None);
    h.key_press(Key::ArrowLeft);
    h.run();
    assert_eq!(h.state().session().review(), Some(2));
}

#[test]
fn setup_editor_and_presets() {
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("New game");
    click(&mut h, "Start");
    // Lower moves first, so Upper lays out first (RULES.md §2).
    assert!(h.state().session().setup().is_some_and(|s| s.laying == Side::Upper));
    h.get_by_label("Lower moves first.");
    h.get_by_label("Seeds left: 32");
    click(&mut h, "Upper A, 0 seeds");
    click(&mut h, "Upper A, 1 seed");
    h.get_by_label("Seeds left: 30");
    h.get_by_label("Upper A, 2 seeds").click_secondary();
    h.run();
    h.get_by_label("Seeds left: 31");
    h.get_by_label("Lower a, 0 seeds").click();
    h.run();
    h.get_by_label("Seeds left: 31");
    click(&mut h, "Random");
    h.get_by_label("Seeds left: 0");
    click(&mut h, "Clear");
    h.get_by_label("Seeds left: 32");
    click(&mut h, "2 in every hole");
    click(&mut h, "Done");
    assert!(h.state().session().setup().is_some_and(|s| s.laying == Side::Lower));
    // The second player sees the first layout.
    h.get_by_label("Upper P, 2 seeds");
    click(&mut h, "4 in each back hole");
    click(&mut h, "Done");
    assert!(h.state().session().game().is_some());
    assert_eq!(game(&h).current().to_string(), "4i-p; 2A-P / L both 0,0");
}

#[test]
fn a_pasted_state_with_an_error_is_explained_inline() {
    let mut h = harness(App::new(Session::new(settings())));
    click(&mut h, "Start from a position");
    h.state_mut().push(Command::NewGameFromState("4i-p; 4I-O / L both 0,0".into()));
    h.run();
    h.get_by_label_contains("60");
    click(&mut h, "Start");
    assert!(h.state().session().modals().new_game().is_some(), "the dialog stays open");
    h.state_mut().push(Command::NewGameFromState(WORKED.into()));
    h.run();
    click(&mut h, "Start");
    assert!(h.state().session().modals().new_game().is_none());
    assert_eq!(game(&h).current().to_string(), WORKED);
}

#[test]
fn game_over_dialog_rematch_and_match_score() {
    let mut h = on_state("2i, 46p; 1A-P / L none 0,0");
    click(&mut h, "Lower i, 2 seeds");
    h.get_by_label("Game over");
    h.get_by_label("Lower wins");
    h.get_by_label("The normal win: the loser cannot move.");
    h.get_by_label("Points: 1");
    h.get_by_label("Moves: 1");
    assert_eq!(h.state().session().match_score(), [1, 0]);
    click(&mut h, "Rematch");
    // The finished game was never saved: Rematch asks before it goes.
    h.get_by_label("Unsaved changes");
    click(&mut h, "Discard");
    assert!(!h.state().session().changed(), "the rematch's fresh board is no change");
    // A game begun from a position is played from it again (issue 41).
    assert!(h.state().session().setup().is_none());
    assert_eq!(game(&h).cursor(), 0);
    assert_eq!(board(&h), "2i, 46p; 1A-P");
    assert_eq!(h.state().session().match_score(), [1, 0]);
}

#[test]
fn resignation_ends_the_game() {
    let mut h = on_state(WORKED);
    // The button asks first; Esc and "Keep playing" go back to the game.
    click(&mut h, "Lower resigns");
    h.get_by_label("Resign?");
    assert!(h.state().session().paused());
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().session().modals().top().is_none());
    click(&mut h, "Lower resigns");
    click(&mut h, "Keep playing");
    assert!(game(&h).result().is_none(), "still playing");
    click(&mut h, "Lower resigns");
    h.get_by_label("Lower resigns and loses this game.");
    click(&mut h, "Resign");
    h.get_by_label("Upper wins");
    h.get_by_label("Won by resignation.");
    click(&mut h, "Review");
    assert_eq!(h.state().session().review(), None, "no moves to review");
    click(&mut h, "Undo");
    assert!(game(&h).result().is_none());
}

#[test]
fn hovering_previews_the_end_of_the_first_lap() {
    let mut h = on_state(WORKED);
    h.get_by_label("Lower d, 4 seeds").hover();
    h.run();
    let mut cache = omweso::app::ui::view::PreviewCache::default();
    let mut threats = omweso::app::ui::view::ThreatCache::default();
    let v = omweso::app::ui::view::board_view(h.state().session(), Hole::from_letter('d'), &mut cache, &mut threats);
    assert_eq!(v.preview, Hole::from_letter('i'));
}

#[test]
fn animation_runs_and_undo_cancels_it() {
    let state: GameState = WORKED.parse().expect("state");
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(10_000)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), App::new(Session::from_state(Settings::default(), state)));
    h.run();
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.step();
    h.step();
    assert!(!h.state().session().animating());
    assert_eq!(game(&h).cursor(), 0);
    h.get_by_label("Lower d, 4 seeds").click();
    h.run();
    assert!(!h.state().session().animating(), "the animation finishes by itself");
    assert_eq!(game(&h).cursor(), 1);
}

#[test]
fn pasting_a_state_offers_a_new_game_from_it() {
    let mut h = on_state(WORKED);
    h.event(egui::Event::Paste("4i-p; 4I-P / L both 0,0".into()));
    h.run();
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_string(), "4i-p; 4I-P / L both 0,0");
}

#[test]
fn f1_lists_the_keys_and_the_board_can_turn_to_the_player_to_move() {
    let mut h = on_state(WORKED);
    h.key_press(Key::F1);
    h.run();
    h.get_by_label("Keyboard");
    h.get_by_label("At a decision: sow clockwise (capture)");
    h.key_press(Key::F1);
    h.run();
    assert!(h.state().session().modals().top().is_none(), "F1 closes the help");
    assert!(!h.state().session().flipped());
    click(&mut h, "Flip board");
    assert!(h.state().session().flipped());
    h.state_mut().push(Command::ToggleAutoFlip);
    h.run();
    assert!(!h.state().session().flipped(), "Lower to move: Lower's view");
    click(&mut h, "Lower d, 4 seeds");
    assert!(h.state().session().flipped(), "Upper to move: Upper's view");
    click(&mut h, "Upper F, 4 seeds");
    assert!(!h.state().session().flipped());
}

#[test]
fn a_game_state_says_who_moves_so_the_first_move_choice_is_disabled() {
    let mut h = harness(App::new(Session::new(settings())));
    assert!(!disabled(&h, "Toss a coin"));
    click(&mut h, "Start from a position");
    assert!(disabled(&h, "Toss a coin"));
    h.get_by_label("set by the game state");
    h.get_by_label("Toss a coin").hover();
    h.run();
    h.get_by_label_contains("The game state says who moves");
    // Upper moves in the game state, whatever the form said before.
    h.state_mut().push(Command::NewGameFromState(AFTER_D.into()));
    h.run();
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_move(), Side::Upper);
}

#[test]
fn a_game_state_can_be_typed_from_the_game_menu_with_errors_shown_by_column() {
    let mut h = on_state(WORKED);
    click(&mut h, "Game");
    click(&mut h, "New game from a position…");
    assert!(h.state().session().modals().new_game().is_some_and(|f| f.from_position));
    let field = h.get_by_label("Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0");
    field.click();
    h.run();
    h.get_by_label("Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0")
        .type_text("4i-p; 4I-Q / L both 0,0");
    h.run();
    h.get_by_label_contains("column 10: `Q` is not a hole letter");
    // Pasted text (Ctrl+V or the Paste button) with no field being edited replaces the text.
    h.ctx.memory_mut(|m| m.stop_text_input());
    h.event(egui::Event::Paste("4i-p; 4I-P / U both 0,0".into()));
    h.run();
    assert_eq!(h.state().session().modals().new_game().expect("dialog").state_text, "4i-p; 4I-P / U both 0,0");
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_string(), "4i-p; 4I-P / U both 0,0");
}

#[test]
fn undone_moves_are_listed_greyed_and_a_click_plays_them_again() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    click(&mut h, "Undo");
    click(&mut h, "Undo");
    assert_eq!(game(&h).cursor(), 1);
    // Still listed after the current move, to be played again.
    h.get_by_label("Upper F");
    click(&mut h, "Lower m  +12");
    assert_eq!(game(&h).cursor(), 3);
    assert_eq!(board(&h), AFTER_DFM);
    assert_eq!(h.state().session().review(), None);
}

#[test]
fn resign_waits_for_the_move_being_sown() {
    let mut h = animated(WORKED);
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    h.get_by_label("Position after this move");
    assert!(disabled(&h, "Upper resigns"), "no resignation while Lower's move is still being sown");
    h.state_mut().push(Command::Resign(Side::Upper));
    h.step();
    assert!(game(&h).result().is_none());
    h.key_press(Key::Space);
    h.run();
    assert!(!h.state().session().animating());
    h.get_by_label("Position");
    click(&mut h, "Upper resigns");
    click(&mut h, "Resign");
    h.get_by_label("Lower wins");
}

#[test]
fn start_waits_for_a_game_state_without_errors_and_old_errors_go() {
    let mut h = on_state(WORKED);
    click(&mut h, "Game");
    click(&mut h, "New game from a position…");
    let label = "Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0";
    h.get_by_label(label).click();
    h.run();
    h.get_by_label(label).type_text("4i-p; 4I-Q / L both 0,0");
    h.run();
    assert!(disabled(&h, "Start"), "no start from a state with an error");
    // An error left by an earlier attempt goes once the text changes.
    h.get_by_label_contains("column 10");
    select_all(&mut h, label);
    h.get_by_label(label).type_text("4i-p; 4I-P / L both 0,0");
    h.run();
    assert!(h.query_by_label_contains("column 10").is_none(), "the old error goes");
    assert!(!disabled(&h, "Start"));
    click(&mut h, "Start");
    assert_eq!(game(&h).current().to_string(), "4i-p; 4I-P / L both 0,0");
}

#[test]
fn the_speed_submenu_opens_and_sets_the_speed_with_the_mouse() {
    // Defect 12: View → Speed (a combo box in a menu) closed the menu on its second click.
    let mut h = on_state(WORKED);
    click(&mut h, "View");
    click(&mut h, "Speed: Normal");
    click(&mut h, "Fast");
    assert_eq!(h.state().session().settings().speed, omweso::app::model::animation::Speed::Fast);
}

#[test]
fn esc_in_a_text_field_leaves_the_field_not_the_new_game_dialog() {
    // Defect 13: the first Esc closed the whole dialog.
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("Lower (bottom):").click();
    h.run();
    h.get_by_label("Lower (bottom):").type_text("Nakato");
    h.run();
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().session().modals().new_game().is_some(), "the first Esc leaves the field");
    h.key_press(Key::Escape);
    h.run();
    assert!(h.state().session().modals().new_game().is_none(), "the second closes the dialog");
}

#[test]
fn enter_starts_the_game_from_the_new_game_dialog() {
    let mut h = harness(App::new(Session::new(settings())));
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().session().setup().is_some());
    assert!(h.state().session().modals().top().is_none());
}

#[test]
fn review_shows_a_banner_and_play_from_here_goes_on_from_it() {
    // Defect 10: review was easy to miss.
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    click(&mut h, "Lower d");
    h.get_by_label("Reviewing: after move 1 of 3");
    assert!(disabled(&h, "Undo") && disabled(&h, "Redo"));
    click(&mut h, "Back to the game");
    assert!(h.query_by_label_contains("Reviewing").is_none());
    click(&mut h, "Lower d");
    click(&mut h, "Play from here");
    assert_eq!(game(&h).cursor(), 1);
    assert_eq!(game(&h).all_entries().len(), 3, "the later moves wait as the redo branch");
    click(&mut h, "Upper F, 4 seeds");
    assert_eq!(game(&h).cursor(), 2);
}

#[test]
fn the_resign_button_goes_once_the_game_is_over() {
    let mut h = on_state("2i, 46p; 1A-P / L none 0,0");
    h.get_by_label("Lower resigns");
    click(&mut h, "Lower i, 2 seeds");
    assert!(h.query_by_label_contains("resigns").is_none());
}

#[test]
fn the_first_start_offers_the_lessons_and_a_lesson_is_followed_on_the_board() {
    // The default settings: the moves are animated, as a new player sees them.
    let mut h = patient(App::restore(Store::in_memory(), omweso::app::model::autosave::Start::Fresh, vec![]));
    h.get_by_label("Learn Omweso");
    h.get_by_label("2. Sowing");
    h.get_all_by_label("Start lesson").next().expect("a lesson's Start").click();
    h.run();
    h.get_by_label("Lesson 1 of 12: The board");
    click(&mut h, "Next");
    click(&mut h, "Next");
    click(&mut h, "Next lesson");
    h.get_by_label("Lesson 2 of 12: Sowing");
    // A wrong move is sown, explained and taken back; the right one goes on.
    click(&mut h, "Lower l, 4 seeds");
    h.get_by_label_contains("Not quite. This step asked");
    click(&mut h, "What your move did");
    h.get_by_label_contains("You played l:");
    click(&mut h, "Try again");
    click(&mut h, "Lower m, 4 seeds");
    h.get_by_label("Right!");
    h.get_by_label_contains("so the move ended there");
    click(&mut h, "Next");
    click(&mut h, "Show me");
    h.get_by_label("This is the move:");
    click(&mut h, "Leave the lesson");
    h.get_by_label("Learn Omweso");
    // After the road, the lessons for later, each with its time; setting out by hand is
    // one of them (lesson 7: the fifth "Start lesson", the board and sowing lessons being
    // done).
    h.get_by_label("After your first game, when you like:");
    h.get_all_by_label("Start lesson").nth(4).expect("the setting-out lesson's Start").click();
    h.run();
    h.get_by_label("Lesson 7 of 12: Setting out the seeds");
    click(&mut h, "Next");
    click(&mut h, "Next");
    // Setting out is practised with the setup's own tools, and the rules judge the layout.
    h.get_by_label("Step 3 of 3");
    click(&mut h, "4 in each back hole");
    click(&mut h, "Done");
    h.get_by_label("Your layout:");
    h.get_by_label_contains("32 seeds in 8 holes, none in the front row.");
    click(&mut h, "Set out again");
    click(&mut h, "Show me");
    h.get_by_label("This is the layout from the book:");
    h.get_by_label_contains("in 7 holes, 28 in the front row");
    click(&mut h, "Next lesson");
    h.get_by_label("Lesson 8 of 12: No capture on a first move");
}

#[test]
fn the_first_game_starts_in_one_click_and_its_guide_speaks_beside_the_board() {
    let mut h = patient(App::restore(Store::in_memory(), omweso::app::model::autosave::Start::Fresh, vec![]));
    h.state_mut().push(omweso::app::model::command::Command::StartLesson(5));
    h.run();
    h.get_by_label("Lesson 6 of 12: Your first game");
    click(&mut h, "Play: 2 in every hole");
    h.get_by_label("Guide");
    h.get_by_label_contains("Aim to capture");
    assert!(h.query_by_label("Lesson 6 of 12: Your first game").is_none(), "the lesson gave way to the game");
    // The rules summary stays open beside the board, and play goes on under it.
    click(&mut h, "Help");
    click(&mut h, "Rules summary…");
    h.get_by_label("Rules summary");
    h.get_by_label_contains("Akawumbi, 6 points");
    click(&mut h, "Lower a, 2 seeds");
    assert!(game(&h).cursor() >= 1, "the board took the move with the summary open");
    h.get_by_label("Rules summary");
}

#[test]
fn the_rules_book_and_the_legend_open_from_help_and_the_last_move_is_told() {
    let mut h = on_state(WORKED);
    play_worked_game(&mut h);
    h.get_by_label("Last move");
    h.get_by_label_contains("h was not empty and A and I both held seeds, so Lower captured 6");
    click(&mut h, "Help");
    click(&mut h, "Rules…");
    h.get_by_label("Rules of Omweso");
    h.get_by_label("Reverse captures");
    h.get_by_label("akakyala");
    click(&mut h, "Help");
    click(&mut h, "What the marks mean…");
    h.get_by_label("What the marks mean");
}

#[test]
fn enter_in_a_name_field_starts_the_game() {
    let mut h = harness(App::new(Session::new(settings())));
    h.get_by_label("Upper (top):").click();
    h.run();
    h.get_by_label("Upper (top):").type_text("Nakato");
    h.run();
    h.key_press(Key::Enter);
    h.run();
    assert!(h.state().session().setup().is_some() && h.state().session().modals().top().is_none());
    assert_eq!(h.state().session().names()[1], "UpperNakato", "the typed name is kept");
}

#[test]
fn a_puzzle_from_help_is_solved_on_the_board_and_the_next_one_follows() {
    let mut h = on_state(WORKED);
    click(&mut h, "Help");
    click(&mut h, "Puzzles…");
    h.get_by_label("Puzzles");
    h.get_by_label_contains("0 of ");
    h.get_all_by_label("Solve").next().expect("a puzzle to solve").click();
    h.run();
    h.get_by_label_contains("Puzzle 1 of ");
    h.get_by_label_contains("Exactly one move wins against every defence");
    assert!(h.query_by_label("Hint").is_none(), "no hint in a puzzle");
    // The answer, played on the board as a player would: its hole, then each decision.
    let answer = omweso::puzzles::course().expect("the puzzles")[0].answer.clone();
    h.state_mut().push(Command::PlayHole { hole: answer.start(), split: answer.is_split() });
    h.run();
    for c in answer.choices() {
        h.state_mut().push(Command::Choose(c.direction));
        h.run();
    }
    h.run();
    h.get_by_label("Solved!");
    assert_eq!(h.state().session().settings().puzzles_solved.len(), 1, "kept as solved");
    click(&mut h, "Next puzzle");
    h.get_by_label_contains("Puzzle 2 of ");
}

#[test]
fn a_links_game_is_played_on_with_its_moves_and_a_wrong_one_changes_nothing() {
    // A page's `#state=…&moves=…` (omweso::app::model::link) reaches the model as PlayGame.
    let mut h = on_state(WORKED);
    let before = board(&h);
    h.state_mut().push(Command::PlayGame { start: Box::new(WORKED.parse().unwrap()), moves: "d;F;Q".into() });
    h.run();
    assert!(problem(&h), "the wrong move is said");
    assert_eq!(board(&h), before, "the game on the board stays");
    assert_eq!(game(&h).moves().len(), 0);
    h.state_mut().push(Command::CloseModal(omweso::app::model::command::ModalKind::Problem));
    h.run();
    h.state_mut().push(Command::PlayGame { start: Box::new(WORKED.parse().unwrap()), moves: "d;F;m".into() });
    h.run();
    assert!(!problem(&h));
    assert_eq!(board(&h), AFTER_DFM);
    assert_eq!(game(&h).moves().len(), 3, "the link's moves are the game's: undo steps back through them");
    assert!(game(&h).can_undo());
}
