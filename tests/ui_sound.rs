//! The sound of the board, driven like a player would: the Sound menu (mute, volume, the
//! notice when there is no device), and what is heard of a move as it is animated. No test
//! needs an audio device: the window's sound is a recording stand-in
//! (`Sound::recording`), or silent as `App::new` makes it.

mod window;
use egui::accesskit::Role;
use omweso::app::model::animation::Speed;
use omweso::app::ui::sound::{Clip, Played, Sound};
use std::sync::{Arc, Mutex};
use window::*;

/// An animated window (60 frames a second) on `text` whose sounds are recorded.
fn heard(text: &str, settings: Settings) -> (Harness<'static, App>, Arc<Mutex<Vec<Played>>>) {
    let state: GameState = text.parse().expect("state");
    let mut app = App::new(Session::from_state(settings, state));
    let (sound, played) = Sound::recording();
    app.set_sound(sound);
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_max_steps(10_000)
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    h.run();
    (h, played)
}

fn clips(played: &Arc<Mutex<Vec<Played>>>) -> Vec<Clip> {
    played.lock().expect("the list").iter().map(|p| p.clip).collect()
}

fn seeds(played: &Arc<Mutex<Vec<Played>>>) -> usize {
    clips(played).iter().filter(|c| matches!(c, Clip::Seed(_))).count()
}

/// Drops in the last move's trace.
fn drops(h: &Harness<'_, App>) -> usize {
    let entry = game(h).moves().last().expect("a move");
    entry.trace.events().iter().filter(|e| matches!(e, omweso_rules::Event::Drop { .. })).count()
}

#[test]
fn the_sound_menu_mutes_and_says_when_there_is_no_device() {
    let mut h = on_state(WORKED);
    click(&mut h, "Sound");
    // A window made by App::new asks for no device: sound is off, and the menu says so.
    h.get_by_label("No audio device: sound is off");
    let at = |h: &Harness<'_, App>| h.get_by_role_and_label(Role::Slider, "Volume").accesskit_node().numeric_value();
    assert_eq!(at(&h).map(|v| (v * 100.0).round()), Some(80.0), "the default volume");
    assert!(!h.state().session().settings().muted);
    click(&mut h, "Mute");
    assert!(h.state().session().settings().muted, "the check box mutes");
    let volume = h.get_by_role_and_label(Role::Slider, "Volume");
    assert!(volume.accesskit_node().is_disabled(), "no volume to set while muted");
    click(&mut h, "Mute");
    assert!(!h.state().session().settings().muted, "and unmutes");
    h.get_by_role_and_label(Role::Slider, "Volume").set_value_accesskit(0.4);
    h.run();
    assert!((h.state().session().settings().volume - 0.4).abs() < 1e-6, "the slider sets the volume");
    assert_eq!(at(&h).map(|v| (v * 100.0).round()), Some(40.0));
    h.get_by_value("40 %");
    h.state_mut().push(Command::SetVolume(3.0));
    h.run();
    assert_eq!(h.state().session().settings().volume, 1.0, "kept in 0..1");
}

#[test]
fn each_seed_clicks_as_it_falls_and_a_capture_sounds() {
    let (mut h, played) = heard(WORKED, Settings::default());
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.step();
    assert!(h.state().session().animating());
    assert_eq!(seeds(&played), 0, "nothing before the first seed lands");
    h.run();
    assert!(!h.state().session().animating());
    assert_eq!(seeds(&played), 4, "d's four seeds, one click each: {:?}", clips(&played));
    let variants: std::collections::BTreeSet<_> = clips(&played).into_iter().collect();
    assert!(variants.len() >= 3, "the variants in turn: {variants:?}");
    h.get_by_label("Upper F, 4 seeds").click();
    h.run();
    played.lock().expect("the list").clear();
    // Lower's m captures (RULES.md §6, the worked game).
    h.get_by_label("Lower m, 4 seeds").click();
    h.run();
    assert_eq!(board(&h), AFTER_DFM);
    let heard = clips(&played);
    assert!(heard.contains(&Clip::Capture), "{heard:?}");
    assert_eq!(seeds(&played), drops(&h), "at the normal speed every seed clicks");
    assert!(!heard.contains(&Clip::GameOver));
}

#[test]
fn skipping_or_no_animation_plays_no_burst() {
    let (mut h, played) = heard(WORKED, Settings::default());
    h.get_by_label("Lower d, 4 seeds").click();
    h.step();
    h.key_press(Key::Space);
    h.run();
    assert!(!h.state().session().animating());
    assert_eq!(seeds(&played), 0, "skipped before the first seed: nothing heard, {:?}", clips(&played));
    let (mut h, played) = heard(WORKED, Settings { animate: false, ..Settings::default() });
    click(&mut h, "Lower d, 4 seeds");
    click(&mut h, "Upper F, 4 seeds");
    assert!(clips(&played).is_empty(), "no animation, no clicks: {:?}", clips(&played));
}

#[test]
fn at_the_fastest_speed_the_clicks_are_thinned_and_softer() {
    let (mut h, played) = heard(WORKED, Settings { speed: Speed::VeryFast, ..Settings::default() });
    play_worked_game(&mut h);
    h.run();
    let all = played.lock().expect("the list").clone();
    let clicks: Vec<&Played> = all.iter().filter(|p| matches!(p.clip, Clip::Seed(_))).collect();
    let dropped: usize = game(&h)
        .moves()
        .iter()
        .map(|e| e.trace.events().iter().filter(|e| matches!(e, omweso_rules::Event::Drop { .. })).count())
        .sum();
    assert!(clicks.len() < dropped, "{} clicks for {dropped} seeds", clicks.len());
    assert!(clicks.len() * 3 >= dropped, "still heard: {} clicks for {dropped} seeds", clicks.len());
    assert!(clicks.iter().all(|p| p.gain < 0.7 && p.pitch > 1.05), "softer and higher: {clicks:?}");
}

#[test]
fn muted_nothing_is_heard_and_a_resignation_ends_the_game_with_its_sound() {
    let (mut h, played) = heard(WORKED, Settings { muted: true, ..Settings::default() });
    h.get_by_label("Lower d, 4 seeds").click();
    h.run();
    assert!(clips(&played).is_empty(), "muted: {:?}", clips(&played));
    click(&mut h, "Sound");
    click(&mut h, "Mute");
    h.key_press(Key::Escape);
    h.run();
    click(&mut h, "Upper resigns");
    click(&mut h, "Resign");
    h.get_by_label("Lower wins");
    assert_eq!(clips(&played), vec![Clip::GameOver], "the end of the game, once");
    h.run();
    assert_eq!(clips(&played), vec![Clip::GameOver], "once only");
}

#[test]
fn the_referee_counts_emu_then_bbiri_aloud_each_once() {
    // A match game 0.9 s into Lower's three seconds to start a move, at 60 frames a second.
    let mut app = App::new(Session::from_saved(settings(), counting(0.9), None));
    let (sound, played) = Sound::recording();
    app.set_sound(sound);
    let mut h = Harness::builder()
        .with_size([1280.0, 800.0])
        .with_step_dt(1.0 / 60.0)
        .build_ui_state(|ui, app: &mut App| app.ui(ui), app);
    let count = |h: &Harness<'_, App>| h.state().session().clock().and_then(|c| c.count());
    let mut steps = 0;
    while count(&h).is_none() {
        h.step();
        steps += 1;
        assert!(steps < 200, "the clock comes to emu");
    }
    h.step();
    assert_eq!(clips(&played), vec![Clip::Emu], "emu as the count comes to it");
    while count(&h) == Some(omweso::tournament::Count::Emu) {
        h.step();
        steps += 1;
        assert!(steps < 400, "the clock comes to bbiri");
    }
    h.step();
    assert_eq!(clips(&played), vec![Clip::Emu, Clip::Bbiri], "then bbiri, each once");
    assert_eq!(h.state().session().clock().and_then(|c| c.count()), Some(omweso::tournament::Count::Bbiri));
}
