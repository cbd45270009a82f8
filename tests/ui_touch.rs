//! A touch screen (issue 50.3): no hover, so a first touch on a hole shows its lap's end and
//! a second touch on the same hole sows. Driven with the events a browser's touch gives
//! eframe: the pointer's press and release, each beside a `Touch` event.

mod window;
use egui::{Event, PointerButton, Pos2, TouchDeviceId, TouchId, TouchPhase};
use window::*;

/// A finger on the hole labelled `label` at `time` (seconds) and off again 50 ms later.
fn tap(h: &mut Harness<'_, App>, label: &str, time: f64) {
    let pos: Pos2 = h.get_by_label(label).rect().center();
    let touch = |phase| Event::Touch { device_id: TouchDeviceId(0), id: TouchId(0), phase, pos, force: None };
    let button =
        |pressed| Event::PointerButton { pos, button: PointerButton::Primary, pressed, modifiers: Default::default() };
    h.input_mut().time = Some(time);
    h.input_mut().events.extend([touch(TouchPhase::Start), Event::PointerMoved(pos), button(true)]);
    h.step();
    h.input_mut().time = Some(time + 0.05);
    h.input_mut().events.extend([button(false), touch(TouchPhase::End), Event::PointerGone]);
    h.step();
}

/// The release a browser sends again for the same tap (the touch's end after the pointer's).
fn echo(h: &mut Harness<'_, App>, label: &str, time: f64) {
    let pos: Pos2 = h.get_by_label(label).rect().center();
    h.input_mut().time = Some(time);
    h.input_mut().events.extend([
        Event::PointerMoved(pos),
        Event::PointerButton { pos, button: PointerButton::Primary, pressed: true, modifiers: Default::default() },
        Event::PointerButton { pos, button: PointerButton::Primary, pressed: false, modifiers: Default::default() },
        Event::Touch { device_id: TouchDeviceId(0), id: TouchId(0), phase: TouchPhase::End, pos, force: None },
    ]);
    h.step();
}

#[test]
fn a_first_touch_shows_the_lap_and_a_second_touch_on_the_same_hole_sows() {
    let mut h = on_state(WORKED);
    tap(&mut h, "Lower d, 4 seeds", 10.0);
    assert_eq!(board(&h), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P", "a first touch sows nothing");
    // Another hole moves the preview; still nothing sown.
    tap(&mut h, "Lower e, 4 seeds", 11.0);
    assert_eq!(board(&h), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P", "a touch on another hole sows nothing");
    tap(&mut h, "Lower d, 4 seeds", 12.0);
    assert_eq!(board(&h), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P", "the first touch of d again");
    tap(&mut h, "Lower d, 4 seeds", 13.0);
    assert_eq!(board(&h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P", "the second touch of d sows it");
}

#[test]
fn the_two_releases_of_one_tap_are_one_touch_and_a_real_second_tap_sows() {
    let mut h = on_state(WORKED);
    tap(&mut h, "Lower d, 4 seeds", 10.0);
    echo(&mut h, "Lower d, 4 seeds", 10.1);
    assert_eq!(board(&h), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P", "the same tap's second release sows nothing");
    echo(&mut h, "Lower d, 4 seeds", 10.6);
    assert_eq!(board(&h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P", "a tap half a second later sows");
}

#[test]
fn a_mouse_click_still_sows_at_once() {
    let mut h = on_state(WORKED);
    click(&mut h, "Lower d, 4 seeds");
    assert_eq!(board(&h), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P");
}
