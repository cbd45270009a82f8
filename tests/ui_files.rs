//! The window's files, driven like a player would: open, save (through the dialog seam or
//! a typed path), the prompt for unsaved changes, the game kept between runs, damaged files.

mod window;
use window::*;

#[test]
fn a_saved_game_opens_where_it_was_left() {
    let text = std::fs::read_to_string("tests/corpus/good/worked-game.omweso").expect("corpus file");
    let saved = omweso::savefile::SavedGame::from_ron(&text).expect("good file");
    let h = harness(App::new(Session::from_saved(settings(), saved, None)));
    assert!(h.state().session().game().is_some());
    h.get_by_label_contains("Play:");
}

#[test]
fn without_a_file_dialog_the_path_is_typed_and_nothing_is_lost() {
    let dir = std::env::temp_dir().join(format!("omweso-typed-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("typed.omweso");
    let mut h = on_state(WORKED);
    h = with_dialogs(h, NoDialogs);
    play_worked_game(&mut h);

    // Save as: the prompt says why and offers a path to type.
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::S);
    h.run();
    h.get_by_label("Save the game");
    h.get_by_label("No file dialog can be shown here");
    assert!(h.state().session().paused(), "play waits behind the prompt");
    let field = "Type the file's path:";
    h.get_by_label(field).click();
    h.run();
    select_all(&mut h, field);
    h.get_by_label(field).type_text(&path.display().to_string());
    h.run();
    // Enter in the field saves, as the Save button does.
    h.key_press(Key::Enter);
    h.run();
    assert_eq!(path_prompt(&h), None);
    assert!(!h.state().session().changed(), "saved");
    assert_eq!(h.state().session().document().path.as_deref(), Some(path.as_path()));
    let saved = omweso::savefile::SavedGame::load(&path).expect("a saved game");
    match saved.phase {
        omweso::savefile::Phase::Play(g) => assert_eq!(g.current().position().to_string(), AFTER_DFM),
        other => panic!("saved a game in play, not {other:?}"),
    }

    // Open: a path that does not exist is reported and the game is untouched; Esc leaves
    // the field, and Esc again closes the prompt.
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Open a saved game");
    // The saved games of the game's folder are listed, one click each (issue 41).
    h.get_by_label_contains("Saved games in");
    click(&mut h, "typed.omweso");
    assert_eq!(path_prompt(&h).map(|p| p.text.clone()), Some(path.display().to_string()));
    select_all(&mut h, field);
    h.get_by_label(field).type_text(&dir.join("missing.omweso").display().to_string());
    h.run();
    click(&mut h, "Open");
    assert!(problem(&h), "the missing file is reported");
    assert_eq!(board(&h), AFTER_DFM, "the game is untouched");
    click(&mut h, "OK");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Open a saved game");
    h.key_press(Key::Escape);
    h.run();
    assert!(path_prompt(&h).is_some(), "the first Esc leaves the field, as in any text field");
    h.key_press(Key::Escape);
    h.run();
    assert_eq!(path_prompt(&h), None, "the second Esc closes the prompt");

    // Open the saved file by its path, from a new game.
    click(&mut h, "Undo");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    if h.query_by_label("Unsaved changes").is_some() {
        click(&mut h, "Discard");
    }
    select_all(&mut h, field);
    h.get_by_label(field).type_text(&path.display().to_string());
    h.run();
    click(&mut h, "Open");
    assert!(!problem(&h));
    assert_eq!(board(&h), AFTER_DFM, "the saved game is back");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn save_then_open_through_the_file_dialog_seam() {
    let path = std::env::temp_dir().join(format!("omweso-ui-{}.omweso", std::process::id()));
    let mut h = on_state(WORKED);
    h = with_dialogs(h, FixedDialogs(path.clone()));
    play_worked_game(&mut h);
    assert!(h.state().session().changed());
    h.key_press_modifiers(Modifiers::COMMAND, Key::S);
    h.run();
    assert!(!h.state().session().changed(), "saved");
    assert_eq!(h.state().session().document().path.as_deref(), Some(path.as_path()));
    // A change, then Open: the unsaved-changes prompt comes first.
    click(&mut h, "Undo");
    h.key_press_modifiers(Modifiers::COMMAND, Key::O);
    h.run();
    h.get_by_label("Unsaved changes");
    click(&mut h, "Discard");
    assert_eq!(board(&h), AFTER_DFM, "the saved game is back");
    assert_eq!(game(&h).cursor(), 3);
    assert!(!h.state().session().changed());
    let _ = std::fs::remove_file(path);
}

#[test]
fn the_animation_and_the_board_stand_still_behind_the_unsaved_changes_prompt() {
    let mut h = animated(WORKED);
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    // The game has changed: New Game asks first.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    h.step();
    h.get_by_label("Unsaved changes");
    assert!(h.state().session().paused());
    // Two seconds: the five steps of `d` take under one second when running.
    h.run_steps(120);
    assert!(h.state().session().animating(), "the sowing stands still behind the prompt");
    // Neither a click on the board nor a hole's letter plays behind the prompt.
    h.get_by_label("Upper F, 4 seeds").click();
    h.step();
    h.key_press(Key::F);
    h.step();
    assert_eq!(game(&h).cursor(), 1);
    click(&mut h, "Cancel");
    assert!(!h.state().session().paused());
    assert!(!h.state().session().animating(), "the sowing goes on and ends once the prompt is closed");
    assert_eq!(game(&h).cursor(), 1);
    assert_eq!(board(&h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P");
}

#[test]
fn closing_the_window_with_unsaved_changes_asks_first() {
    let mut h = on_state(WORKED);
    // Nothing to lose: the window closes.
    request_close(&mut h);
    assert!(!sent(&h, &egui::ViewportCommand::CancelClose));
    assert!(!unsaved(&h));
    // A move later, closing asks first; Cancel keeps the game.
    click(&mut h, "Lower d, 4 seeds");
    request_close(&mut h);
    assert!(sent(&h, &egui::ViewportCommand::CancelClose), "the close is held back");
    h.run();
    h.get_by_label("Unsaved changes");
    click(&mut h, "Cancel");
    assert!(!unsaved(&h) && h.state().session().changed());
    assert_eq!(game(&h).cursor(), 1);
    // Again, and Discard: the window closes.
    request_close(&mut h);
    h.run();
    h.get_by_label("Discard").click();
    h.step();
    assert!(sent(&h, &egui::ViewportCommand::Close));
    assert!(h.state().session().changed(), "Discard drops nothing by itself: the window closes");
    // Save from the prompt saves, then closes.
    let path = std::env::temp_dir().join(format!("omweso-close-{}.omweso", std::process::id()));
    let mut h = on_state(WORKED);
    h = with_dialogs(h, FixedDialogs(path.clone()));
    click(&mut h, "Lower d, 4 seeds");
    request_close(&mut h);
    h.run();
    h.get_by_label("Save").click();
    h.step();
    assert!(sent(&h, &egui::ViewportCommand::Close), "saved, then closed in the same frame");
    let saved = omweso::savefile::SavedGame::load(&path).expect("saved before closing");
    assert!(matches!(saved.phase, omweso::savefile::Phase::Play(g) if g.cursor() == 1));
    let _ = std::fs::remove_file(path);
}

#[test]
fn the_game_of_the_last_session_is_restored() {
    let dir = tempfile::tempdir().expect("folder");
    let file = dir.path().join("app.ron");
    let (mut store, _) = Store::open(&file);
    settings().store(&mut store);
    let mut h = harness(App::restore(
        store,
        omweso::app::model::autosave::Start::State(WORKED.parse().expect("state")),
        vec![],
    ));
    h.state_mut().push(Command::ToggleLetters);
    play_worked_game(&mut h);
    // Written as it changed, not at the end: the file holds the game while the window is open.
    let after = |file: &std::path::Path| {
        stored(file)
            .get(omweso::app::model::autosave::AUTOSAVE_KEY)
            .and_then(|t| omweso::savefile::SavedGame::from_ron(t).ok())
            .is_some_and(|g| matches!(g.phase, omweso::savefile::Phase::Play(g) if g.cursor() == 3))
    };
    let start = std::time::Instant::now();
    while !after(&file) {
        assert!(start.elapsed() < std::time::Duration::from_secs(20), "the third move reached the store");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(h);
    // A fresh start picks the game and the settings up where they were.
    let h = harness(App::restore(Store::open(&file).0, omweso::app::model::autosave::Start::Fresh, vec![]));
    assert!(h.state().session().game().is_some());
    assert!(h.state().session().modals().new_game().is_none());
    assert_eq!(board(&h), AFTER_DFM);
    assert_eq!(game(&h).cursor(), 3);
    assert!(!h.state().session().settings().letters);
    // The move list shows the seeds a move captured (issue 41): m took 12.
    h.get_by_label("Lower m  +12");
    drop(h);
    // A start on a given state plays on from it, once the player has said what becomes of
    // the kept game's unsaved moves (it replaced them unasked before).
    let mut h = harness(App::restore(
        Store::open(&file).0,
        omweso::app::model::autosave::Start::State(WORKED.parse().expect("state")),
        vec![],
    ));
    assert!(unsaved(&h), "asked first");
    // The prompt says what is waiting and which game it would replace.
    h.get_by_label("Omweso was asked to play on from a game state.");
    h.get_by_label("This game has not been saved.");
    assert_eq!(game(&h).cursor(), 3, "the kept game is there while it asks");
    click(&mut h, "Discard");
    assert_eq!(game(&h).cursor(), 0);
}

#[test]
fn a_damaged_autosave_is_set_aside_with_a_notice() {
    let damaged = "(version: 1, players: [oops".to_string();
    let dir = tempfile::tempdir().expect("folder");
    let file = dir.path().join("app.ron");
    let map: std::collections::HashMap<_, _> =
        [(omweso::app::model::autosave::AUTOSAVE_KEY.to_string(), damaged.clone())].into();
    std::fs::write(&file, ron::to_string(&map).expect("ron")).expect("written");
    let mut h = harness(App::restore(Store::open(&file).0, omweso::app::model::autosave::Start::Fresh, vec![]));
    h.get_by_label("Problem");
    h.get_by_label_contains("could not be restored");
    h.get_by_label_contains("it was set aside");
    assert!(h.state().session().modals().new_game().is_some(), "a fresh session instead");
    click(&mut h, "OK");
    assert!(!problem(&h));
    drop(h);
    // The store keeps the damaged text under its own key and autosaves afresh.
    let map = stored(&file);
    assert_eq!(map.get(omweso::app::model::autosave::DAMAGED_AUTOSAVE_KEY), Some(&damaged));
    let fresh = map.get(omweso::app::model::autosave::AUTOSAVE_KEY).expect("autosave");
    assert!(omweso::savefile::SavedGame::from_ron(fresh).is_ok());
}

#[test]
fn a_file_that_cannot_be_opened_still_opens_the_window_and_says_why() {
    let why = "Cannot open bad.omweso: move 2 `E` is not a legal move";
    let mut h =
        harness(App::restore(Store::in_memory(), omweso::app::model::autosave::Start::Unreadable(why.into()), vec![]));
    h.get_by_label("Problem");
    h.get_by_label(why);
    click(&mut h, "OK");
    assert!(!problem(&h));
    assert!(h.state().session().modals().new_game().is_some(), "a fresh start: the New Game dialog");
}
