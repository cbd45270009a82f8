//! The lessons under `assets/lessons/`: every one loads and is checked through the rules,
//! and `omweso lessons --dump` gives moves that replay to the positions it prints.

use omweso::lessons::{self, Task};
use omweso_rules::GameState;
use omweso_rules::notation::parse_move;
use std::process::Command;

fn omweso(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_omweso")).args(args).output().expect("run omweso");
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn every_lesson_loads_and_the_course_is_in_order() {
    let all = lessons::all().expect("every lesson checks");
    let ids: Vec<&str> = all.iter().map(|l| l.id.as_str()).collect();
    assert_eq!(
        ids,
        [
            "board",
            "sowing",
            "relay",
            "capture",
            "winning",
            "first-game",
            "setup",
            "first-move",
            "reverse",
            "more-wins",
            "split",
            "worked-game",
        ]
    );
    // The road (issue 41) ends with a first game; the rest follows it.
    assert!(matches!(all[5].steps.last().unwrap().task, Task::PlayBeginner), "the road ends with a first game");
    // The four ways to win, each by a move the lessons accept.
    let kinds: Vec<String> = all
        .iter()
        .filter(|l| l.id == "winning" || l.id == "more-wins")
        .flat_map(|l| &l.steps)
        .filter_map(|s| match &s.task {
            Task::Play(m) => s.state.play(&m[0]).ok().and_then(|(succ, _)| succ.outcome()).map(|o| o.to_string()),
            _ => None,
        })
        .collect();
    assert_eq!(
        kinds,
        ["lower wins: normal", "lower wins: akakyala", "upper wins: emitwe-ebiri", "upper wins: akawumbi"]
    );
}

#[test]
fn the_dump_replays_through_the_rules() {
    let (ok, out, err) = omweso(&["lessons", "--dump"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() >= 20, "{out}");
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() == 5 || f.len() == 6, "{line}");
        let mut state: GameState = f[2].parse().expect("full game state");
        if f.len() == 6 {
            assert_eq!(f[5], "--split-three", "{line}");
            state =
                state.with_options(omweso_rules::RuleOptions { tournament_split: true, ..Default::default() }).unwrap();
        }
        let mv = parse_move(&state, f[3]).expect("legal move");
        assert_eq!(mv.to_string(), f[3], "canonical notation");
        let (succ, _) = state.play(&mv).expect("plays");
        assert_eq!(succ.state.position().to_string(), f[4], "{line}");
    }
    let (ok, list, _) = omweso(&["lessons"]);
    assert!(ok);
    assert!(list.starts_with("board\tThe board\t3\n"), "{list}");
}

#[test]
fn explain_tells_the_worked_capture() {
    let (ok, out, err) =
        omweso(&["explain", "--position", "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0", "m"]);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Lower lifted the 4 seeds of m and sowed them: n, o, p, h."), "{out}");
    assert!(lines[0].contains("so Lower captured 6: 5 from A and 1 from I"), "{out}");
    assert!(lines.last().unwrap().contains("k had been empty"), "{out}");
    let (ok, _, err) = omweso(&["explain", "--position", "4i-p; 4I-P / L both 0,0", "a"]);
    assert!(!ok && err.starts_with("omweso: "), "{err}");
}

#[test]
fn lesson_texts_use_only_characters_the_window_font_draws() {
    // egui's default font has no glyph for many symbols (✔, →): a lesson must not need one.
    let allowed = |c: char| c.is_ascii() || "—–…’éè".contains(c);
    for l in lessons::all().unwrap() {
        for (n, s) in l.steps.iter().enumerate() {
            for text in [&s.text, &s.explain, &s.ask] {
                if let Some(c) = text.chars().find(|&c| !allowed(c)) {
                    panic!("lesson `{}` step {}: `{c}` may not be drawn", l.id, n + 1);
                }
            }
        }
    }
}
