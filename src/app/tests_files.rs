//! The window's work with files and kept storage, end to end (issue 49): the model asks for
//! it as effects ([`crate::app::model::session::Effect`]) and the app's services carry them
//! out, so the tests that need real files live here, above the model, whose own tests run
//! with no file at all.

use crate::app::model::settings::Settings;
use crate::app::services::renderer::RendererChoice;
use crate::app::services::store::Memory;

#[test]
fn the_renderer_is_read_from_the_storage_file_before_the_window_opens() {
    let dir = tempfile::tempdir().expect("folder");
    let file = dir.path().join("app.ron");
    assert_eq!(crate::app::services::store::remembered_renderer(&file), RendererChoice::Automatic, "no file");
    let mut m = Memory::default();
    Settings { renderer: RendererChoice::Glow, ..Settings::default() }.store(&mut m);
    std::fs::write(&file, ron::to_string(&m.0).expect("ron")).expect("written");
    assert_eq!(crate::app::services::store::remembered_renderer(&file), RendererChoice::Glow);
    m.0.insert(format!("{}renderer", crate::app::model::settings::PREFIX), "Vulkan2000".into());
    std::fs::write(&file, ron::to_string(&m.0).expect("ron")).expect("written");
    assert_eq!(
        crate::app::services::store::remembered_renderer(&file),
        RendererChoice::Automatic,
        "unreadable: the default"
    );
}

#[test]
fn the_renderer_key_is_the_settings_own() {
    assert_eq!(crate::app::services::store::RENDERER_KEY, format!("{}renderer", crate::app::model::settings::PREFIX));
}

/// Carries out `command` as the window does: applied, then its file effects served on the
/// real disk.
fn apply(s: &mut crate::app::Session, command: crate::app::Command) {
    s.apply(command);
    let left = crate::app::effects::serve(s, &mut crate::app::effects::Network::default());
    assert!(left.is_empty(), "no window effect here: {left:?}");
}

#[test]
fn two_windows_on_one_real_file_each_asks_before_saving_over_the_others_game() {
    use crate::app::Command as C;
    use crate::app::model::modal::Modal;
    let dir = tempfile::tempdir().expect("folder");
    let file = dir.path().join("shared.omweso");
    let quiet = || Settings { animate: false, ..Settings::default() };
    let state = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().expect("a state");
    let mut mine = crate::app::Session::from_state(quiet(), state);
    apply(&mut mine, C::SavePath(file.clone()));
    assert!(!mine.changed() && file.is_file(), "saved");
    let mut theirs = crate::app::Session::new(quiet());
    apply(&mut theirs, C::OpenHanded(file.clone()));
    assert_eq!(theirs.document().path.as_deref(), Some(file.as_path()), "opened");
    let hole = |c| C::PlayHole { hole: omweso_rules::Hole::from_letter(c).expect("a hole"), split: false };
    apply(&mut theirs, hole('d'));
    apply(&mut theirs, C::Save);
    let their_text = std::fs::read_to_string(&file).expect("their game");
    apply(&mut mine, hole('e'));
    apply(&mut mine, C::Save);
    assert!(matches!(mine.modals().top(), Some(Modal::ChangedOnDisk(p)) if *p == file), "{:?}", mine.modals().top());
    assert_eq!(std::fs::read_to_string(&file).expect("read"), their_text, "nothing written yet");
    apply(&mut mine, C::OverwriteChanged);
    assert!(!mine.changed() && std::fs::read_to_string(&file).expect("read") != their_text, "overwritten");
    // A typed path naming another file asks before replacing it; a bad file is refused and
    // the game on the board stays.
    let other = dir.path().join("other.omweso");
    std::fs::write(&other, "(not a game").expect("written");
    apply(&mut mine, C::SavePath(other.clone()));
    assert!(matches!(mine.modals().top(), Some(Modal::Replace(p)) if *p == other));
    apply(&mut mine, C::CancelModal);
    apply(&mut theirs, C::OpenPath(other.clone()));
    assert!(matches!(theirs.modals().top(), Some(Modal::Problem(t)) if t.contains("other.omweso")));
    assert_eq!(theirs.game().map(|g| g.moves().len()), Some(1), "their game untouched");
}

#[test]
fn a_timed_game_is_written_between_runs_only_when_more_than_its_clock_changed() {
    use crate::app::Command as C;
    use crate::app::model::autosave::AUTOSAVE_KEY;
    use crate::app::model::setup::NewGameForm;
    use crate::app::model::setup_board::Preset;
    let mut session = crate::app::Session::new(Settings { animate: false, ..Settings::default() });
    let form = NewGameForm { game_clock: true, game_minutes: 1, increment_seconds: 5, ..NewGameForm::default() };
    session.apply(C::StartGame(Box::new(form)));
    for _ in 0..2 {
        session.apply(C::SetupPreset(Preset::BackRowFours));
        session.apply(C::SetupDone);
    }
    let mut app = crate::app::App::new(session);
    app.keep();
    let kept = |app: &crate::app::App| eframe::Storage::get_string(&app.store, AUTOSAVE_KEY).expect("the game kept");
    let at_start = kept(&app);
    // Ten seconds of the clock, frame by frame, with the window's periodic save between.
    for tenth in 1..=100 {
        for c in app.session.tick(f64::from(tenth) / 10.0) {
            app.session.apply(c);
        }
        app.keep();
    }
    assert!(app.session.clock_running(), "the clock ran");
    assert_eq!(kept(&app), at_start, "the clock's running figures alone are not written");
    app.session.apply(C::PlayHole { hole: omweso_rules::Hole::from_letter('i').expect("a hole"), split: false });
    app.keep();
    assert_ne!(kept(&app), at_start, "a move is written, with the clock as it stood");
    // Closing keeps the clock as it stands too.
    let after_move = kept(&app);
    for c in app.session.tick(12.0) {
        app.session.apply(c);
    }
    app.keep();
    assert_eq!(kept(&app), after_move);
    app.session.close_requested();
    app.keep();
    assert_ne!(kept(&app), after_move, "the closing keeps the two seconds spent since");
}
