//! `omweso analyse` and `omweso match` through the command-line layer.

use clap::Parser;
use omweso::cli::{Cli, run};

fn output(args: &[&str]) -> Result<String, String> {
    let cli = Cli::try_parse_from(args).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    run(cli.command.as_ref().expect("a subcommand"), &mut out)?;
    Ok(String::from_utf8(out).expect("utf-8"))
}

#[test]
fn analyse_prints_info_lines_and_the_best_move() {
    let text = output(&[
        "omweso",
        "analyse",
        "--position",
        "1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P / L none 0,0",
        "--time-ms",
        "500",
    ])
    .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("info depth 1 score "), "{text}");
    assert!(lines[0].contains(" nodes ") && lines[0].contains(" nps ") && lines[0].contains(" pv o"), "{text}");
    assert_eq!(lines.last(), Some(&"bestmove o"));
}

#[test]
fn analyse_with_a_depth_and_a_level() {
    let text = output(&[
        "omweso",
        "analyse",
        "-p",
        "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P",
        "--to-move",
        "upper",
        "--captures",
        "1,0",
        "--depth",
        "3",
        "--level",
        "strong",
    ])
    .unwrap();
    assert_eq!(text.lines().filter(|l| l.starts_with("info depth")).count(), 3, "{text}");
    assert!(text.lines().last().unwrap().starts_with("bestmove "));
    assert!(output(&["omweso", "analyse", "-p", "4i-p; 4I-P", "--level", "expert"]).is_err());
}

#[test]
fn match_reports_the_score_and_an_elo_difference() {
    let text = output(&["omweso", "match", "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3"]).unwrap();
    assert!(text.contains("a: greedy  b: random  games: 4"), "{text}");
    assert!(text.contains("elo difference (a - b): "), "{text}");
    // Four games are two pairs of the same setup with the sides swapped.
    let pairs = text.lines().find(|l| l.starts_with("pairs by a's score")).expect("a line of pairs");
    let counts: u32 = pairs
        .split(": ")
        .nth(1)
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .split(' ')
        .map(|n| n.parse::<u32>().unwrap())
        .sum();
    assert_eq!(counts, 2, "{text}");
    // Baselines lay out at random whatever the mode says.
    assert!(text.contains("a: greedy  b: random  games: 4  time: 200 ms/move  layouts: a random, b random"), "{text}");
    let text = output(&[
        "omweso",
        "match",
        "--a",
        "beginner",
        "--b",
        "casual",
        "--games",
        "2",
        "--time-ms",
        "20",
        "--b-layout",
        "random",
    ])
    .unwrap();
    assert!(text.contains("layouts: a engine-chosen, b random"), "{text}");
    let text = output(&["omweso", "match", "--a", "greedy", "--b", "beginner", "--games", "2", "--opening-moves", "4"])
        .unwrap();
    assert!(text.contains("opening moves: 4"), "{text}");
}

/// `analyse --time-ms 100` keeps its time at the largest lap limit (RULES.md 3.8), in a
/// game where every reply of Upper's first move includes two never-ending moves of
/// 1,000,000 laps each (about 10 ms apiece to generate): the search reads the clock by the
/// laps it sows, not only by the nodes it visits. Before, it took about 1.5 s on an idle
/// machine (and more under load); the bound leaves room for a loaded CI machine (617 ms
/// was seen against a bound of 600 ms at a load of 5.6).
#[test]
fn analyse_keeps_its_time_through_never_ending_moves() {
    let never = "2bc, 4e, 1f, 4gi, 3j, 1k, 4m, 2no, 3p; 3A, 4B, 2C, 1DF, 2G, 4I, 1J, 4K, 1L, 3N, 2O, 4P / L both 0,0";
    let started = std::time::Instant::now();
    let text =
        output(&["omweso", "analyse", "--position", never, "--lap-limit", "1000000", "--time-ms", "100"]).unwrap();
    let took = started.elapsed();
    assert!(text.lines().last().is_some_and(|l| l.starts_with("bestmove ")), "{text}");
    assert!(took < std::time::Duration::from_millis(1200), "analyse --time-ms 100 took {took:?}");
}

#[test]
fn solve_prints_the_result_its_line_and_writes_a_checkable_proof() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("proof.txt");
    let position = "2a, 7b, 1c, 5d, 11e, 1f, 4g, 6i, 3j, 2k, 7m, 2o, 4p; 1BC, 2EG, 1JLP / L none 3,2";
    let args = ["omweso", "solve", "-p", position, "--proof", proof.to_str().unwrap()];
    let text = output(&args).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "result lower wins in 7 moves", "{text}");
    assert_eq!(lines[1], "line e | G | a | C | b | B | e", "{text}");
    assert!(lines[2].starts_with("info nodes ") && lines[2].ends_with(" proof-positions 6"), "{text}");
    let written = std::fs::read_to_string(&proof).unwrap();
    assert_eq!(written.lines().count(), 6);
    assert_eq!(written.lines().next(), Some(format!("{position}\te").as_str()));
    // On two threads (both sides at once) the result is the same; no thread count is 0.
    let two = output(&["omweso", "solve", "-p", position, "--threads", "2"]).unwrap();
    assert_eq!(two.lines().next(), Some(lines[0]), "{two}");
    assert!(output(&["omweso", "solve", "-p", position, "--threads", "0"]).is_err());
    // A proof too large for its limit is reported and not written.
    let small = dir.path().join("small.txt");
    let args = ["omweso", "solve", "-p", position, "--proof", small.to_str().unwrap(), "--proof-limit", "2"];
    let e = output(&args).unwrap_err();
    assert!(e.contains("lower wins, but its proof holds more than 2 positions"), "{e}");
    assert!(!small.exists());
    // A finished game and a proof path that cannot be written are errors.
    let e = output(&["omweso", "solve", "-p", "1a-o, 33p; 1A-P / U none 0,0"]).unwrap_err();
    assert!(e.contains("nothing to prove: the game is over"), "{e}");
    let e = output(&["omweso", "solve", "-p", position, "--proof", dir.path().to_str().unwrap()]).unwrap_err();
    assert!(e.starts_with("cannot write the proof to "), "{e}");
}

#[test]
fn solve_layout_answers_a_reply_layout_and_what_it_proves() {
    let text = output(&["omweso", "solve-layout", "--first", "2A-P", "--side", "lower", "--time-ms", "5000"]).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let layout = lines[0].strip_prefix("layout ").expect("a layout line");
    let lower = omweso_rules::notation::parse_layout(layout, omweso_rules::Side::Lower).expect("Lower's half");
    assert!(lines[1].starts_with("result lower wins in "), "{text}");
    // The same game solved on its own gives the same result.
    let upper = omweso_rules::notation::parse_layout("2A-P", omweso_rules::Side::Upper).unwrap();
    let state = omweso_rules::GameState::from_layouts(&lower, &upper, omweso_rules::Side::Lower, Default::default());
    let again = output(&["omweso", "solve", "-p", &state.to_string()]).unwrap();
    assert_eq!(again.lines().next(), Some(lines[1]), "{again}");
    let e = output(&["omweso", "solve-layout", "--first", "2a-p", "--side", "lower"]).unwrap_err();
    assert!(e.starts_with("--first: "), "{e}");
}
