//! The page in a real browser (issue 50): headless Chromium, driven over its DevTools
//! protocol, opens the page that `.ci/web` built (target/web) as `omweso serve --web`
//! serves it, and plays it as a player would, by clicks and taps at the holes' places on
//! the canvas; what the page shows is read from `window.omweso.state()` (the game's
//! position in the rules' notation, the holes' places) and checked with the rules crate.
//!
//! These need Chromium (a system package) and the built page, so `cargo test` skips them
//! (`#[ignore]`); `.ci/web-test` runs them:
//! `cargo test --release --test web_page -- --ignored --test-threads 1`.
//! `OMWESO_WEB_DIR` names another page folder, `OMWESO_WEB_URL` a page already served, and
//! `CHROMIUM` the browser. The server, the browser and the queries of the page are in
//! `tests/web/`.

use headless_chrome::Tab;
use headless_chrome::browser::tab::point::Point;
use headless_chrome::protocol::cdp::{Emulation, Input};
use omweso_rules::{GameState, Hole, Side};
use serde_json::Value;
use std::process::Command;
use std::time::{Duration, Instant};
use web::*;

mod web;
mod window;

/// The position of the sowing lesson's first step, where Lower sows m (RULES.md §6's
/// first example's board): Lower to move, no capture possible.
const OPENING: &str = "4i-p; 4I-P / L both 0,0";

/// The book's game (RULES.md §6) at its start: Lower sows d; the position asks Master for
/// some thought in reply.
const BOOK: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn the_page_draws_within_3_s_and_a_lesson_step_is_played_by_a_click() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    let (_, took) = open(tab, &format!("{}#lesson=sowing", served.url));
    assert!(took < Duration::from_secs(3), "the first frame came {took:?} after the address was opened");
    let (start, v) = wait_for_position(tab, "the lesson's first position", OPENING);
    click_and_see(tab, &v, &start, "m");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn master_thinks_in_its_worker_and_no_frame_of_the_page_waits_50_ms() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    let link = format!("{}#state={}&computer=master&side=upper", served.url, BOOK.replace(' ', "%20"));
    open(tab, &link);
    let (start, v) = wait_for_position(tab, "the game against Master", BOOK);
    // The page's long tasks, as the browser reports them: a task of the page's thread of
    // more than 50 ms (the web's own measure of a frame kept waiting), with its length.
    tab.evaluate(
        "window.long = []; new PerformanceObserver(list => { for (const e of list.getEntries()) \
         window.long.push({ at: e.startTime, ms: e.duration }); }).observe({ type: 'longtask' }); true",
        false,
    )
    .unwrap();
    tab.click_point(hole_at(&v, "d")).unwrap();
    let mine = after(&start, "d");
    wait_for(tab, "Master thinking", Duration::from_secs(10), |v| v["thinking"] == Value::Bool(true));
    tab.evaluate("window.omweso.mark(); true", false).unwrap();
    let thinking_from = number(tab, "performance.now()");
    let frames_from = number(tab, "window.omweso.state().frames");
    // The pointer moves over the board while Master thinks, as a player's does: the page
    // answers each move with a frame (it draws only when something changes).
    let (a, h) = (hole_at(&v, "a"), hole_at(&v, "h"));
    let mut step = 0u32;
    let v = loop {
        let now = shown(tab).expect("the page shows its state");
        if now["moves"].as_u64() == Some(2) {
            break now;
        }
        assert!(number(tab, "performance.now()") - thinking_from < 30_000.0, "Master never moved: {now}");
        step += 1;
        let t = f64::from(step % 8) / 7.0;
        tab.move_mouse_to_point(Point { x: a.x + (h.x - a.x) * t, y: a.y }).unwrap();
        std::thread::sleep(Duration::from_millis(40));
    };
    let thought = number(tab, "performance.now()") - thinking_from;
    let answered = position(&v).expect("a position after Master's move");
    let record = v["record"].as_str().unwrap_or_default().to_string();
    // Master's move is a legal one from the position after m.
    assert!(
        mine.legal_moves().iter().any(|m| mine.play(m).is_ok_and(|(next, _)| next.state == answered)),
        "Master's answer {answered} does not follow from {mine} (record {record})"
    );
    let frames = v["frames"].as_f64().unwrap() - frames_from;
    let longest = v["longest_frame_ms"].as_f64().unwrap();
    let long = tab.evaluate("JSON.stringify(window.long.map(t => t.ms))", false).unwrap().value.unwrap();
    eprintln!(
        "Master thought {thought:.0} ms; the page drew {frames} frames meanwhile, the longest taking {longest:.1} ms \
         of its own work; the browser's long tasks (with painting): {long}"
    );
    assert!(thought > 200.0, "Master answered at once: nothing was measured");
    // The page drew on while Master thought (a search on its thread would hold every frame
    // until the answer), and no frame of its own took 50 ms. In CI the canvas is painted by
    // SwiftShader, on the processor: that painting, not the page's work, is the browser's
    // long tasks of about 100 ms there, which a computer's or a phone's graphics do in a
    // few milliseconds.
    let least = (thought / 1000.0).floor().max(2.0);
    assert!(frames >= least, "the page drew {frames} frames in the {thought:.0} ms Master thought");
    assert!(longest < 50.0, "a frame of the page took {longest:.1} ms while Master thought");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn a_reload_brings_the_game_back() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    open(tab, &format!("{}#state={}", served.url, OPENING.replace(' ', "%20")));
    let (start, v) = wait_for_position(tab, "the position of the link", OPENING);
    let expected = click_and_see(tab, &v, &start, "m");
    // The page again, without the link's position: what the browser kept.
    open(tab, &served.url);
    let back = wait_for(tab, "the kept game", Duration::from_secs(5), |v| v["moves"].as_u64().is_some());
    assert_eq!(position(&back), Some(expected), "the game after a reload: {back}");
    assert_eq!(back["moves"].as_u64(), Some(1), "{back}");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn a_link_to_a_game_opens_it_with_its_moves_and_undo_steps_back_through_them() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    // A link whose moves cannot be played opens its start and says why.
    open(tab, &format!("{}#state={}&moves=m;Q", served.url, OPENING.replace(' ', "%20")));
    let (_, v) = wait_for_position(tab, "the start of a link with a wrong move", OPENING);
    assert_eq!(v["moves"].as_u64(), Some(0), "{v}");
    // The game of the link Game → Copy link to this game gives: m, then Upper's first move.
    let mut game = omweso::game::Game::from_state(OPENING.parse().unwrap());
    game.play_text("m").unwrap();
    let reply = game.current().legal_moves()[0].to_string();
    game.play_text(&reply).unwrap();
    let fragment = omweso::app::model::link::game_fragment(&game);
    open(tab, &format!("{}#{fragment}", served.url));
    let v = wait_for(tab, "the link's game", Duration::from_secs(5), |v| {
        position(v).as_ref() == Some(game.current()) && v["moves"].as_u64() == Some(2)
    });
    assert_eq!(v["record"].as_str(), Some(game.record_text().as_str()), "{v}");
    // Its moves are the game's own: undo steps back through them.
    tab.press_key_with_modifiers("z", Some(&[headless_chrome::browser::tab::ModifierKey::Ctrl])).unwrap();
    let after_m = game.state_at(1).clone();
    wait_for(tab, "the game after undo", Duration::from_secs(5), |v| position(v).as_ref() == Some(&after_m));
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn analyse_game_reviews_every_move_in_a_worker() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    let mut game = omweso::game::Game::from_state(OPENING.parse().unwrap());
    for _ in 0..3 {
        let mv = game.current().legal_moves()[0].to_string();
        game.play_text(&mv).unwrap();
    }
    let fragment = omweso::app::model::link::game_fragment(&game);
    open(tab, &format!("{}#{fragment}", served.url));
    wait_for(tab, "the link's game", Duration::from_secs(5), |v| v["moves"].as_u64() == Some(3));
    // F8: Analyse game. Its judgements and proofs run in a worker; the page draws on.
    tab.press_key("F8").unwrap();
    wait_for(tab, "the review under way", Duration::from_secs(5), |v| v["reviewing"].is_array());
    let v = wait_for(tab, "every move reviewed", Duration::from_secs(60), |v| v["reviewed"].as_u64() == Some(3));
    assert!(v["reviewing"].is_null(), "the review is over: {v}");
    assert_eq!(position(&v).as_ref(), Some(game.current()), "the game untouched: {v}");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn the_layout_coach_searches_in_a_worker() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    // A new game against the computer, laid out on the board: the computer (Upper) lays out
    // first, then the player, who sees its layout (the course offered over it is closed).
    open(tab, &format!("{}#computer=casual", served.url));
    tab.press_key("Escape").unwrap();
    wait_for(tab, "the player's turn to lay out", Duration::from_secs(10), |v| {
        v["setup"] == true && v["laying"] == "lower" && v["holes"]["a"].is_array()
    });
    // F9: Propose a reply. The search runs in a worker; its answer, and its proof when it
    // finds one, are read back against the rules on the page's side.
    tab.press_key("F9").unwrap();
    let v = wait_for(tab, "the coach's answer", Duration::from_secs(30), |v| v["coached"].is_array());
    let words = v["coached"][1].as_str().unwrap_or_default();
    if v["coached"][0] == true {
        assert!(words.contains("wins by force"), "{v}");
    } else {
        assert!(words.starts_with("No reply"), "{v}");
    }
    eprintln!("the coach: {words}");
    assert_eq!(v["setup"], true, "the setup untouched: {v}");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn the_analysis_judges_and_proves_in_workers_of_its_own() {
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    open(tab, &format!("{}#state={}", served.url, OPENING.replace(' ', "%20")));
    let (start, v) = wait_for_position(tab, "the position of the link", OPENING);
    // F7: the analysis on. Its judgement deepens in a worker while the page draws on, and
    // the solver's answer comes from another.
    tab.click_point(hole_at(&v, "A")).unwrap();
    tab.press_key("F7").unwrap();
    let v = wait_for(tab, "a judgement at depth 2", Duration::from_secs(20), |v| v["judged"][0].as_u64() >= Some(2));
    let best = v["judged"][1].as_str().unwrap();
    let legal: Vec<String> = start.legal_moves().iter().map(ToString::to_string).collect();
    assert!(legal.iter().any(|m| m == best), "the judgement's best move {best} is not one of {legal:?}");
    let v = wait_for(tab, "the solver's answer", Duration::from_secs(30), |v| v["proof"].is_string());
    eprintln!("the page's analysis: {} {}", v["judged"], v["proof"]);
    assert_eq!(position(&v), Some(start), "the analysis changed the game");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn save_downloads_the_game_and_omweso_check_reads_it() {
    use headless_chrome::protocol::cdp::Browser as Cdp;
    let visit = visit(1280, 800);
    let (served, tab) = (&visit.served, &visit.tab);
    let downloads = tempfile::tempdir().unwrap();
    tab.call_method(Cdp::SetDownloadBehavior {
        behavior: Cdp::SetDownloadBehaviorBehaviorOption::Allow,
        browser_context_id: None,
        download_path: Some(downloads.path().display().to_string()),
        events_enabled: None,
    })
    .unwrap();
    open(tab, &format!("{}#state={}", served.url, OPENING.replace(' ', "%20")));
    let (start, v) = wait_for_position(tab, "the position of the link", OPENING);
    click_and_see(tab, &v, &start, "m");
    // Ctrl+S, as on a computer: the page gives the game as a download.
    tab.press_key_with_modifiers("s", Some(&[headless_chrome::browser::tab::ModifierKey::Ctrl])).unwrap();
    let started = Instant::now();
    let file = loop {
        let found = std::fs::read_dir(downloads.path())
            .unwrap()
            .filter_map(Result::ok)
            .map(|e| e.path())
            .find(|p| p.extension().is_some_and(|e| e == "omweso"));
        if let Some(file) = found {
            break file;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "no download within 10 s: {:?}", shown(tab));
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = Command::new(env!("CARGO_BIN_EXE_omweso")).arg("check").arg(&file).output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "omweso check {}: {said}", file.display());
    // The file holds the game as played: one move, the position after m.
    let expected = after(&start, "m");
    assert!(said.contains("moves: 1 on the board, 1 recorded"), "{said}");
    assert!(said.contains(&format!("state: {expected}")), "expected the position {expected}: {said}");
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn a_phone_held_upright_shows_the_whole_board_and_plays_by_touch() {
    let visit = visit(360, 740);
    let (served, tab) = (&visit.served, &visit.tab);
    tab.call_method(Emulation::SetDeviceMetricsOverride {
        width: 360,
        height: 740,
        // One device pixel a CSS pixel: under the protocol's emulation of a denser screen,
        // eframe's canvas keeps its CSS size in pixels and egui lays out for half the
        // screen while the pointer is read at full size (an emulation artefact: a phone's
        // browser reports its canvas' device pixels).
        device_scale_factor: 1.0,
        mobile: true,
        scale: None,
        screen_width: None,
        screen_height: None,
        position_x: None,
        position_y: None,
        dont_set_visible_size: None,
        screen_orientation: None,
        viewport: None,
        display_feature: None,
        device_posture: None,
    })
    .unwrap();
    tab.call_method(Emulation::SetTouchEmulationEnabled { enabled: true, max_touch_points: Some(5) }).unwrap();
    open(tab, &format!("{}#state={}", served.url, OPENING.replace(' ', "%20")));
    let (start, v) = wait_for_position(tab, "the position of the link", OPENING);
    // Every hole on the screen, each a target a finger can hit.
    let cell = v["cell"].as_f64().unwrap();
    assert!(cell >= 44.0, "a hole's target is {cell:.1} CSS pixels wide");
    for (name, at) in v["holes"].as_object().unwrap() {
        let (x, y) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
        assert!((cell / 2.0..=360.0 - cell / 2.0).contains(&x) && (0.0..=740.0).contains(&y), "hole {name} at {x},{y}");
    }
    let m = hole_at(&v, "m");
    let touch = |kind: Input::DispatchTouchEventTypeOption, points: Vec<Input::TouchPoint>| {
        tab.call_method(Input::DispatchTouchEvent {
            Type: kind,
            touch_points: points,
            modifiers: None,
            timestamp: None,
        })
        .unwrap();
    };
    let finger = Input::TouchPoint {
        x: m.x,
        y: m.y,
        radius_x: Some(8.0),
        radius_y: Some(8.0),
        rotation_angle: None,
        force: Some(1.0),
        tangential_pressure: None,
        tilt_x: None,
        tilt_y: None,
        twist: None,
        id: Some(1.0),
    };
    // No hover on a phone: the first tap shows where m's lap ends and sows nothing; the
    // second sows.
    touch(Input::DispatchTouchEventTypeOption::TouchStart, vec![finger.clone()]);
    touch(Input::DispatchTouchEventTypeOption::TouchEnd, vec![]);
    std::thread::sleep(Duration::from_millis(500));
    let once = shown(tab).unwrap();
    assert_eq!(position(&once), Some(start.clone()), "a first tap sowed: {once}");
    touch(Input::DispatchTouchEventTypeOption::TouchStart, vec![finger]);
    touch(Input::DispatchTouchEventTypeOption::TouchEnd, vec![]);
    let expected = after(&start, "m");
    wait_for(tab, "the board after a tap on m", Duration::from_secs(10), |v| position(v).as_ref() == Some(&expected));
    // The picture the README shows (kept by .ci/web-test), once the sowing has been shown.
    std::thread::sleep(Duration::from_secs(3));
    snapshot(tab, "phone");
}

/// Steps the window and reads the page until `done` gives something (at most 30 s).
fn both_until<T>(
    h: &mut window::Harness<'_, window::App>,
    tab: &Tab,
    what: &str,
    mut done: impl FnMut(&window::App, Option<&Value>) -> Option<T>,
) -> T {
    let limit = Instant::now() + Duration::from_secs(30);
    loop {
        h.step();
        let page = shown(tab);
        if let Some(t) = done(h.state(), page.as_ref()) {
            return t;
        }
        if Instant::now() >= limit {
            let shot = snapshot(tab, &format!("failed-{}", what.replace(' ', "-")));
            panic!(
                "waited 30 s for {what}; the window's online game: {:?}; the page shows {page:?} (see {})",
                h.state().session().online(),
                shot.display()
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A move of `state` that one click plays: the only legal move from its hole (so no
/// decision is asked on the way), written as that hole alone.
fn one_click_move(state: &GameState) -> String {
    let moves: Vec<String> = state.legal_moves().iter().map(ToString::to_string).collect();
    let from = |m: &str| m.chars().next();
    moves
        .iter()
        .find(|m| m.len() == 1 && moves.iter().filter(|o| from(o) == from(m)).count() == 1)
        .cloned()
        .expect("a move of one click")
}

#[test]
#[ignore = "needs Chromium and the page built by .ci/web: run by .ci/web-test"]
fn a_page_and_a_window_play_an_online_game_through_omweso_serve() {
    use omweso::app::model::online::{OnlineCommand, OnlineForm, OnlineTab};
    use window::Command as Do;
    let served = Served::start();
    let server = served.url.trim_start_matches("http://").trim_end_matches('/').to_string();
    // The window hosts on the server that serves the page, and plays Lower.
    let mut h = window::harness(window::App::new(window::Session::new(window::settings())));
    let form = OnlineForm {
        tab: OnlineTab::Host,
        server: server.clone(),
        name: "Ann".into(),
        side: omweso_online::SideChoice::Lower,
        ..OnlineForm::default()
    };
    h.state_mut().push(Do::Online(OnlineCommand::Connect(Box::new(form))));
    let profile = tempfile::tempdir().unwrap();
    let browser = browser(1280, 800, &profile);
    let tab = browser.new_tab().unwrap();
    let code = both_until(&mut h, &tab, "the game's code", |a, _| a.session().online()?.code.clone());
    // The page opens the link a host sends, and joins without a code typed.
    open(&tab, &format!("{}#join={code}", served.url));
    both_until(&mut h, &tab, "the page seated", |_, v| {
        (v?["online"]["seat"] == "upper" && v?["online"]["code"] == code.as_str()).then_some(())
    });
    // Both lay out, in the order the server asks: the window with a preset, the page by
    // clicks on its holes (two seeds each) and Enter, as a player would.
    let (mut window_laid, mut page_laid) = (false, false);
    while !(window_laid && page_laid) {
        let laying = both_until(&mut h, &tab, "a side to lay out", |a, v| {
            let window_lays = !window_laid && a.session().setup().is_some_and(|s| s.laying == Side::Lower);
            let page_lays = !page_laid && v?["setup"] == true && v?["laying"] == "upper" && v?["holes"]["A"].is_array();
            (window_lays || page_lays).then_some(if window_lays { Side::Lower } else { Side::Upper })
        });
        if laying == Side::Lower {
            let preset = omweso::app::model::setup_board::Preset::ALL[0];
            h.state_mut().push(Do::SetupPreset(preset));
            h.state_mut().push(Do::SetupDone);
            window_laid = true;
        } else {
            let v = shown(&tab).unwrap();
            for name in "ABCDEFGHIJKLMNOP".chars().map(String::from) {
                for _ in 0..2 {
                    tab.click_point(hole_at(&v, &name)).unwrap();
                }
            }
            tab.press_key("Enter").unwrap();
            page_laid = true;
        }
    }
    // Two moves each, the window's pushed as its clicks would, the page's by clicks at the
    // hole; each side sees the other's move on its own board.
    for _ in 0..4 {
        let before = both_until(&mut h, &tab, "the same position on both", |a, v| {
            let here = a.session().game()?.current().clone();
            let page_still = v?["animating"] == false && position(v?).as_ref() == Some(&here);
            (a.session().setup().is_none() && page_still && !a.session().animating()).then_some(here)
        });
        let mv = one_click_move(&before);
        let expected = after(&before, &mv);
        if before.to_move() == Side::Lower {
            let hole = Hole::from_letter(mv.chars().next().unwrap()).expect("a hole");
            h.state_mut().push(Do::PlayHole { hole, split: false });
        } else {
            let v = shown(&tab).unwrap();
            tab.click_point(hole_at(&v, &mv)).unwrap();
        }
        both_until(&mut h, &tab, &format!("{mv} on both boards"), |a, v| {
            (a.session().game()?.current() == &expected && position(v?).as_ref() == Some(&expected)).then_some(())
        });
    }
    // The window resigns: the game ends on both, with the same record.
    h.state_mut().push(Do::Online(OnlineCommand::Resign));
    let (window_record, page_record) = both_until(&mut h, &tab, "the end on both", |a, v| {
        let v = v?;
        let ended = a.session().online()?.end.is_some() && v["online"]["end"].is_string();
        ended.then(|| (a.session().game().unwrap().record_text(), v["record"].as_str().unwrap_or_default().to_string()))
    });
    assert_eq!(window_record, page_record, "the window's record and the page's");
    let page = shown(&tab).unwrap();
    assert_eq!(page["moves"].as_u64(), Some(4), "{page}");
    assert_eq!(h.state().session().game().map(|g| g.cursor()), Some(4));
}
