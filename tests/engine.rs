//! `omweso engine`, the engine protocol, run as a real process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

const WORKED: &str = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0";

fn engine() -> (Child, ChildStdin, BufReader<ChildStdout>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stdin = child.stdin.take().expect("stdin");
    let stdout = BufReader::new(child.stdout.take().expect("stdout"));
    (child, stdin, stdout)
}

/// Sends `lines`, waiting for the answer of each `go` and `layout` (the end of the input
/// stops a running search), closes the input and returns everything the engine said.
fn session(lines: &[&str]) -> Vec<String> {
    let (mut child, mut stdin, mut stdout) = engine();
    let mut out = Vec::new();
    for l in lines {
        writeln!(stdin, "{l}").expect("the engine reads");
        let answer = match l.split_whitespace().next() {
            Some("go") => "bestmove ",
            Some("layout") => "layout ",
            _ => continue,
        };
        out.extend(read_until_either(&mut stdout, answer, "info string error"));
    }
    drop(stdin);
    out.extend(stdout.lines().map(|l| l.expect("utf-8")));
    assert!(child.wait().expect("the engine ends").success());
    out
}

fn read_until_either(stdout: &mut BufReader<ChildStdout>, a: &str, b: &str) -> Vec<String> {
    let mut seen = Vec::new();
    loop {
        let mut line = String::new();
        assert!(stdout.read_line(&mut line).expect("a line") > 0, "the engine ended early: {seen:?}");
        let line = line.trim_end().to_string();
        let done = line.starts_with(a) || line.starts_with(b);
        seen.push(line);
        if done {
            return seen;
        }
    }
}

fn read_until(stdout: &mut BufReader<ChildStdout>, prefix: &str) -> Vec<String> {
    read_until_either(stdout, prefix, prefix)
}

#[test]
fn searches_a_position_and_answers_as_analyse_does() {
    let out = session(&["isready", &format!("position {WORKED}"), "go depth 3"]);
    assert_eq!(out[0], "readyok");
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth ")).collect();
    assert_eq!(infos.len(), 3, "{out:?}");
    assert!(infos[2].starts_with("info depth 3 score ") && infos[2].contains(" nps ") && infos[2].contains(" pv "));
    let best = out.last().expect("an answer");
    assert!(best.starts_with("bestmove "), "{out:?}");
    // The move is a legal move of Upper's.
    let mv = best.trim_start_matches("bestmove ");
    assert!(mv.starts_with(|c: char| c.is_ascii_uppercase()), "{mv}");
}

#[test]
fn the_same_answer_as_analyse_for_a_depth() {
    let out = session(&[&format!("position {WORKED}"), "go depth 4"]);
    let analyse = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["analyse", "-p", WORKED, "--depth", "4"])
        .output()
        .expect("the binary runs");
    let analysed = String::from_utf8_lossy(&analyse.stdout);
    assert_eq!(out.last().map(String::as_str), analysed.lines().last());
}

#[test]
fn rule_words_and_node_limits() {
    let out = session(&[
        "position 4i-p; 4I-P / L both 0,0 split-three no-akakyala akawumbi-end-column lap-limit 50",
        "go nodes 2000 depth 20",
    ]);
    assert!(out.last().is_some_and(|l| l.starts_with("bestmove ")), "{out:?}");
    assert!(!out.iter().any(|l| l.contains("error")), "{out:?}");
}

#[test]
fn malformed_lines_get_an_error_line_and_the_engine_goes_on() {
    let out = session(&[
        "go depth 2",
        "position 4i-p; 4I-P",
        "position 4i-p; 4I-P / L both 0,0 lap-limit zero",
        "fly away",
        "go depth -1",
        "go sideways",
        "\u{0}\u{7f}ü",
        "stop",
        &format!("position {WORKED}"),
        "go depth 1",
    ]);
    let errors = out.iter().filter(|l| l.starts_with("info string error: ")).count();
    assert_eq!(errors, 7, "{out:?}");
    assert!(out[0].contains("no position yet"), "{out:?}");
    assert!(out.last().is_some_and(|l| l.starts_with("bestmove ")), "{out:?}");
}

#[test]
fn a_finished_game_has_no_best_move() {
    // Lower has only singletons: Upper has won.
    let out = session(&["position 1a-p; 16A, 16B, 16C / L none 1,1", "go depth 2"]);
    assert_eq!(out.last().map(String::as_str), Some("bestmove (none)"), "{out:?}");
    assert!(out.iter().any(|l| l.starts_with("info string error: no legal moves")), "{out:?}");
}

#[test]
fn stop_and_isready_are_read_while_it_thinks() {
    let (mut child, mut stdin, mut stdout) = engine();
    writeln!(stdin, "position {WORKED}").unwrap();
    // Long enough never to end by itself within the test.
    writeln!(stdin, "go time-ms 600000").unwrap();
    writeln!(stdin, "go depth 2").unwrap();
    writeln!(stdin, "isready").unwrap();
    let seen = read_until(&mut stdout, "readyok");
    assert!(seen.iter().any(|l| l.contains("a search is running")), "{seen:?}");
    writeln!(stdin, "stop").unwrap();
    let seen = read_until(&mut stdout, "bestmove ");
    assert!(seen.last().is_some_and(|l| l.len() > "bestmove ".len()), "{seen:?}");
    // A new search after the stopped one.
    writeln!(stdin, "go depth 1").unwrap();
    read_until(&mut stdout, "bestmove ");
    writeln!(stdin, "go time-ms 600000").unwrap();
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().expect("the engine ends").success());
}

#[test]
fn lays_out_a_side_seeing_the_other_or_not() {
    use omweso_engine::{Level, choose_layout};
    use omweso_rules::{RuleOptions, Side};
    let out = session(&["layout upper", "layout lower seen 4A-H split-three", "layout lower seen 4A-G", "layout left"]);
    // Master laying out second says when its layout comes with a proven win (below).
    let out: Vec<String> = out.into_iter().filter(|l| !l.starts_with("info proven ")).collect();
    assert_eq!(out.len(), 4, "{out:?}");
    // The answers are the layouts the engine's level (Master, seed 0) chooses, in the
    // position notation of one side.
    let options = RuleOptions::default();
    let upper = choose_layout(Side::Upper, Level::Master, None, &options, 0);
    assert_eq!(out[0], format!("layout {}", omweso_rules::notation::format_layout(&upper, Side::Upper)));
    let seen = omweso_rules::notation::parse_layout("4A-H", Side::Upper).expect("a layout");
    let split = RuleOptions { tournament_split: true, ..options };
    // Laying out second, Master's layout for a seed from 0 on: the first with a proven win.
    let lower = |k| choose_layout(Side::Lower, Level::Master, Some(&seen), &split, k);
    let text = |l| format!("layout {}", omweso_rules::notation::format_layout(&l, Side::Lower));
    assert!((0..64).any(|k| out[1] == text(lower(k))), "{}", out[1]);
    assert!(out[1][7..].chars().all(|c| !c.is_ascii_uppercase()), "Lower's holes: {}", out[1]);
    // 28 seeds are no layout; `left` is no side.
    assert!(out[2].starts_with("info string error: layout: ") && out[2].contains("32"), "{}", out[2]);
    assert!(out[3].starts_with("info string error: layout: expected lower or upper"), "{}", out[3]);
}

#[test]
fn master_laying_out_second_says_its_layout_wins_by_force() {
    let out = session(&["layout lower seen 2A-P"]);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].starts_with("info proven lower wins in ") && out[0].ends_with(" moves"), "{out:?}");
    let layout = out[1].strip_prefix("layout ").expect("a layout");
    // The claim holds: the solver proves it again from the game's first position.
    let lower = omweso_rules::notation::parse_layout(layout, omweso_rules::Side::Lower).expect("Lower's half");
    let upper = omweso_rules::notation::parse_layout("2A-P", omweso_rules::Side::Upper).expect("Upper's half");
    let state = omweso_rules::GameState::from_layouts(&lower, &upper, omweso_rules::Side::Lower, Default::default());
    let limits = omweso_engine::SolveLimits { time: Some(std::time::Duration::from_secs(20)), ..Default::default() };
    let solution = omweso_engine::solve(&state, limits, &std::sync::atomic::AtomicBool::new(false));
    assert!(
        matches!(solution.verdict, omweso_engine::Verdict::Win { winner: omweso_rules::Side::Lower, .. }),
        "{:?}",
        solution.verdict
    );
}

#[test]
fn solve_requests_answer_the_proven_result() {
    let (mut child, mut stdin, mut stdout) = engine();
    let mut ask = |lines: &[&str], until: &str| {
        for l in lines {
            writeln!(stdin, "{l}").expect("the engine reads");
        }
        read_until(&mut stdout, until)
    };
    let short = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";
    let out = ask(&[&format!("position {short}"), "solve time-ms 5000"], "info nodes ");
    assert_eq!(out[0], "result lower wins in 9 moves", "{out:?}");
    assert!(out[1].starts_with("line a2xF | "), "{out:?}");
    assert_eq!(out.len(), 3, "{out:?}");
    let out = ask(&["solve fast"], "info string");
    assert_eq!(out, ["info string error: solve: unknown limit `fast`: expected time-ms N"]);
    let out = ask(&["position 4i-p; 4I-P / L both 0,0 lap-limit 1", "solve"], "info nodes ");
    assert_eq!(out[0], "result annulled", "{out:?}");
    assert!(out[1].ends_with("proof-positions 0"), "{out:?}");
    drop(stdin);
    assert!(child.wait().expect("the engine ends").success());
}

#[test]
fn overlong_lines_and_bad_bytes_get_an_error_and_the_engine_goes_on() {
    let (mut child, mut stdin, mut stdout) = engine();
    stdin.write_all(b"isready \xff\xfe\n").unwrap();
    let out = read_until(&mut stdout, "info string");
    assert_eq!(out, ["info string error: the line is not UTF-8 (byte 9 cannot be read): ignored"]);
    // A line of 300,000 bytes is dropped whole, and the next line is read as usual.
    let long = format!("position {}\nisready\n", "4".repeat(300_000));
    stdin.write_all(long.as_bytes()).unwrap();
    let out = read_until(&mut stdout, "readyok");
    assert_eq!(out, ["info string error: the line is longer than 65536 bytes: ignored", "readyok"]);
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

/// Waits up to `within` for the process to end; `true` when it has.
fn ends_within(child: &mut Child, within: Duration) -> bool {
    let started = Instant::now();
    while started.elapsed() < within {
        if child.try_wait().expect("the engine can be waited for").is_some() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    false
}

#[test]
fn the_end_of_the_input_stops_the_search() {
    let (mut child, mut stdin, stdout) = engine();
    writeln!(stdin, "position {WORKED}").unwrap();
    writeln!(stdin, "go time-ms 60000").unwrap();
    drop(stdin);
    assert!(ends_within(&mut child, Duration::from_secs(5)), "still searching after the end of its input");
    // It still answers the search it stopped.
    let out: Vec<String> = stdout.lines().map(|l| l.unwrap()).collect();
    assert!(out.last().is_some_and(|l| l.starts_with("bestmove ")), "{out:?}");
}

#[test]
fn a_layout_with_never_ending_moves_is_bounded_and_answers_isready_stop_and_quit() {
    let (mut child, mut stdin, mut stdout) = engine();
    let mut ask = |lines: &[&str], until: &str| {
        let started = Instant::now();
        for line in lines {
            writeln!(stdin, "{line}").unwrap();
        }
        (read_until(&mut stdout, until), started.elapsed())
    };
    let endless = "lap-limit 1000000";
    // Answered at once while the layout is worked out, then stopped with a layout.
    let (out, waited) = ask(&[&format!("layout upper {endless}"), "isready"], "readyok");
    assert_eq!(out, ["readyok"]);
    assert!(waited < Duration::from_secs(2), "readyok after {waited:?}");
    let (out, waited) = ask(&["stop"], "layout ");
    assert!(waited < Duration::from_secs(3), "layout after stop: {waited:?}");
    assert!(out[0].starts_with("layout ") && out[0][7..].chars().all(|c| !c.is_ascii_lowercase()), "{out:?}");
    // Its own time limit: the answer comes within it (and a second's search).
    let (out, waited) = ask(&[&format!("layout lower seen 4A-H time-ms 1500 {endless}")], "layout ");
    assert!(waited < Duration::from_secs(4), "layout after {waited:?}");
    assert!(out[0][7..].chars().all(|c| !c.is_ascii_uppercase()), "{out:?}");
    // `quit` while it works.
    let (out, _) = ask(&[&format!("layout upper {endless}"), "isready"], "readyok");
    assert_eq!(out, ["readyok"]);
    writeln!(stdin, "quit").unwrap();
    assert!(ends_within(&mut child, Duration::from_secs(3)), "still laying out after quit");
}

#[test]
fn go_answers_the_proven_result() {
    // Lower wins in 9 moves (the solver's proof, as `solve_requests_answer_the_proven_result`).
    let short = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";
    for go in ["go time-ms 3000", "go depth 12"] {
        let out = session(&[&format!("position {short}"), go]);
        let n = out.len();
        assert!(n >= 2 && out[n - 1].starts_with("bestmove "), "{go}: {out:?}");
        let proven = &out[n - 2];
        let moves: u32 = proven
            .strip_prefix("info proven lower wins in ")
            .and_then(|t| t.strip_suffix(" moves"))
            .and_then(|t| t.parse().ok())
            .unwrap_or_else(|| panic!("{go}: {out:?}"));
        assert!((1..=20).contains(&moves), "{go}: {proven}");
    }
    // An open position proves nothing.
    let out = session(&[&format!("position {WORKED}"), "go depth 3"]);
    assert!(!out.iter().any(|l| l.starts_with("info proven")), "{out:?}");
}
