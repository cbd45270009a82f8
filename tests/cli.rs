//! The command line, run as a real process.

use std::process::{Command, Output};

fn omweso(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omweso")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const START: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";

#[test]
fn apply_plays_the_worked_game() {
    let o = omweso(&["apply", "--position", START, "d", "F", "m"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P\nongoing\n");
    // The same with the source's spelling and the state given by flags.
    let o = omweso(&["apply", "-p", "9a,3b,4d-fhm; 4A-F,3G,5P", "--first-moves", "both", "d", "F", "m"]);
    assert_eq!(stdout(&o).lines().next(), Some("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P"));
    // The whole state, as RULES.md §5 gives it after the three moves, reads back in.
    let o = omweso(&["apply", "--position", START, "--full-state", "d", "F"]);
    let after_two = stdout(&o).lines().next().unwrap_or_default().to_string();
    assert_eq!(after_two, "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");
    let o = omweso(&["apply", "--position", &after_two, "--full-state", "m"]);
    assert_eq!(stdout(&o), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0\nongoing\n");
}

#[test]
fn apply_reverse_capture_and_outcomes() {
    let p = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P";
    let o = omweso(&["apply", "-p", p, "i3xF"]);
    assert_eq!(stdout(&o), "1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P\nongoing\n");
    let o = omweso(&["apply", "-p", "1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P", "o"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("lower wins: akawumbi"));
    let o = omweso(&["apply", "-p", "1h, 44i, 2o; 2A, 1B-P", "o"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("lower wins: normal"));
    let never = "2bc, 4e, 1f, 4gi, 3j, 1k, 4m, 2no, 3p; 3A, 4B, 2C, 1DF, 2G, 4I, 1J, 4K, 1L, 3N, 2O, 4P";
    let o = omweso(&["apply", "-p", never, "--to-move", "upper", "--first-moves", "upper", "A"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("annulled"));
    let o = omweso(&["apply", "-p", "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P", "--captures", "1,0", "m"]);
    assert_eq!(stdout(&o).lines().nth(1), Some("lower wins: akakyala"));
    let o = omweso(&[
        "apply",
        "-p",
        "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P",
        "--captures",
        "1,0",
        "--no-akakyala",
        "m",
    ]);
    assert_eq!(stdout(&o).lines().nth(1), Some("ongoing"));
}

#[test]
fn illegal_and_malformed_moves_fail_with_one_line() {
    for (args, needle) in [
        (vec!["apply", "-p", START, "d", "c"], "move 2"),
        (vec!["apply", "-p", START, "q"], "not a hole letter"),
        (vec!["apply", "-p", START, "d", "F", "m", "Gx"], "clockwise"),
        (vec!["apply", "-p", "4i-p; 4I-O", "m"], "60 seeds"),
        (vec!["apply", "-p", "4i-p; 4I-P / L both 1,0", "m"], "first move"),
        (vec!["moves", "-p", "4i-p; 4Q-P"], "column"),
        (vec!["trace", "-p", START, "zz"], "not a hole letter"),
    ] {
        let o = omweso(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(o.stdout.is_empty());
    }
}

#[test]
fn an_empty_side_is_written_with_a_dash() {
    let o = omweso(&["apply", "-p", "-; 4A-P", "--to-move", "upper", "A"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout(&o), "-; 1A, 5BD-G, 1H, 6IJ, 1L, 6M-P\nupper wins: normal\n");
}

#[test]
fn long_inputs_are_quoted_short() {
    let long = "d, ".repeat(10_000) + "d";
    let o = omweso(&["apply", "-p", START, &long]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stderr.len() < 300, "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn moves_lists_every_legal_move_with_result() {
    let o = omweso(&["moves", "-p", "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P"]);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.contains(&"i3xF\t1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P\tongoing"), "{out}");
    assert!(lines.iter().any(|l| l.starts_with("i3xF, i2xG\t")));
    assert!(lines.iter().any(|l| l.starts_with("i\t")));
    assert!(lines.iter().all(|l| l.split('\t').count() == 3));
}

#[test]
fn trace_prints_laps() {
    let o = omweso(&["trace", "-p", "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P", "m"]);
    let out = stdout(&o);
    assert!(
        out.contains("lap   1: 4 seeds lifted from m, anticlockwise: n o p h -> h faces A (5) and I (1): capture 6"),
        "{out}"
    );
    assert!(out.contains("lap   5: relay: 2 seeds lifted from i, anticlockwise: j k -> k was empty: the move ends"));
    assert!(out.contains("state:    11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0"));
}

#[test]
fn perft_counts_sequences() {
    let o = omweso(&["perft", "-p", START, "--depth", "1"]);
    assert!(stdout(&o).starts_with("perft depth 1: 7 sequences\n"), "{}", stdout(&o));
    let o = omweso(&["perft", "-p", START, "--depth", "3"]);
    let first = stdout(&o).lines().next().unwrap().to_string();
    // Depth 3 equals the sum over the moves of depth-2 counts.
    let mut total = 0u64;
    for line in stdout(&omweso(&["moves", "-p", START])).lines() {
        let after = line.split('\t').nth(1).unwrap();
        let o = omweso(&["perft", "-p", after, "--to-move", "upper", "--first-moves", "upper", "--depth", "2"]);
        total += stdout(&o).split_whitespace().nth(3).unwrap().parse::<u64>().unwrap();
    }
    assert_eq!(first, format!("perft depth 3: {total} sequences"));
}

#[test]
fn out_of_range_numbers_are_refused_not_crashed_on() {
    // A depth that would recurse without end, and a match of no games.
    for args in [
        &["perft", "-p", START, "--depth", "100000"][..],
        &["perft", "-p", START, "--depth", "4294967295"],
        &["match", "--a", "greedy", "--b", "random", "--games", "0"],
    ] {
        let o = omweso(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(String::from_utf8_lossy(&o.stderr).contains("is not in"), "{args:?}");
    }
}

#[test]
fn a_mistyped_subcommand_is_not_taken_for_a_game_file() {
    let o = omweso(&["bogus"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "omweso: `bogus` is neither a subcommand nor a file (see `omweso --help`)\n"
    );
}

/// A start from the desktop whose window cannot open says why in a message box (here a
/// stand-in `zenity` that writes what it was asked to show), with what the player can do.
#[cfg(target_os = "linux")]
#[test]
fn a_start_that_cannot_open_its_window_says_why_in_a_message_box() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("folder");
    let bin = dir.path().join("bin");
    std::fs::create_dir(&bin).expect("bin");
    let shown = dir.path().join("shown.txt");
    let zenity = bin.join("zenity");
    std::fs::write(
        &zenity,
        format!("#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}.part' && mv '{0}.part' '{0}'\n", shown.display()),
    )
    .expect("zenity");
    std::fs::set_permissions(&zenity, std::fs::Permissions::from_mode(0o755)).expect("executable");
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let o = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .env("PATH", path)
        .env("DISPLAY", ":59") // no X server there
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("OMWESO_NO_DIALOG")
        .env("XDG_DATA_HOME", dir.path())
        .env("XDG_RUNTIME_DIR", dir.path())
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("the window could not open"), "{o:?}");
    let start = std::time::Instant::now();
    while !shown.exists() && start.elapsed() < std::time::Duration::from_secs(10) {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let text = std::fs::read_to_string(&shown).expect("the message box was shown");
    assert!(text.contains("--error") && text.contains("Omweso could not start: the window could not open"), "{text}");
    assert!(text.contains("Start Omweso from a desktop session"), "what to do: {text}");
    let log = std::fs::read_to_string(dir.path().join("omweso").join("omweso.log")).expect("the log");
    assert!(log.contains("the window could not open") && log.contains("message box (zenity)"), "{log}");
}

/// After a win that only the move shows (emitwe-ebiri), `apply` refuses a further move
/// (RULES.md §4): the state it plays through is over.
#[test]
fn apply_refuses_a_move_after_emitwe_ebiri() {
    let o = omweso(&["apply", "-p", "1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P", "o", "A"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("move 2 `A`: the game is already over (lower wins: emitwe-ebiri)"), "{err}");
}

/// `--lap-limit` shares the rules' one bound (RULES.md 3.8): beyond it the argument parser
/// refuses it with the rules' message (exit status 2), before any move is sown.
#[test]
fn a_lap_limit_beyond_the_bound_is_refused() {
    for limit in ["4000000000", "1000001", "0"] {
        let o = omweso(&["apply", "-p", START, "--lap-limit", limit, "d"]);
        assert_eq!(o.status.code(), Some(2), "--lap-limit {limit}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(&format!("the lap limit must be from 1 to 1000000 laps, not {limit}")), "{err}");
    }
    let o = omweso(&["apply", "-p", START, "--lap-limit", "1000000", "d"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn lessons_measure_the_course() {
    // Issue 18: a newcomer should start a first real game within 20 minutes of reading.
    let o = omweso(&["lessons", "--measure"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    let listed = stdout(&omweso(&["lessons"])).lines().count();
    assert_eq!(lines.len(), listed + 4, "a line a lesson, then the total, the road, the game and the two together");
    for line in &lines[..listed] {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields.len(), 4, "{line}");
        assert!(fields[1..].iter().all(|f| f.parse::<u64>().is_ok()), "{line}");
    }
    let total: Vec<&str> = lines[listed].split('\t').collect();
    assert_eq!(total[0], "total");
    let minutes: f64 = total[2].parse().expect("minutes");
    assert!(minutes > 1.0 && minutes < 15.0, "reading and watching the course takes {minutes} minutes");
    // Issue 41: the road to the first move of the first game, with all it asks of a
    // learner; its minutes are the sum of its parts.
    let road: Vec<&str> = lines[listed + 1].split('\t').collect();
    assert_eq!(road.len(), 7, "{road:?}");
    assert_eq!(road[0], "road");
    let field = |i: usize| -> f64 { road[i].parse().unwrap_or_else(|_| panic!("field {i} of {road:?}")) };
    let (words, sowing, moves, seeds, clicks, minutes) = (field(1), field(2), field(3), field(4), field(5), field(6));
    // Issue 51: the clicks counted too, one a step at least (Next) and Start lesson.
    assert!(clicks > moves, "{road:?}");
    // The first game starts from a ready-made layout in one click: no seed by hand, and
    // the whole road within ten minutes.
    assert!(words > 100.0 && moves >= 1.0 && seeds == 0.0, "{road:?}");
    assert!(minutes <= 10.0, "the road takes {minutes} minutes: {road:?}");
    let sum = words / 200.0 + (sowing + moves * 15.0 + seeds * 2.0 + clicks * 3.0) / 60.0;
    assert!((minutes - sum).abs() < 0.1, "{minutes} minutes is not the sum of its parts, {sum}");
    // Issue 51: the rest of the guided game, played to its end, and the first start to
    // that end within ten minutes, each field the sum of the road's and the game's.
    let fields = |i: usize| -> Vec<f64> {
        let f: Vec<&str> = lines[listed + i].split('\t').collect();
        assert_eq!(f.len(), 7, "{f:?}");
        assert_eq!(f[0], ["road", "game", "first-game-end"][i - 1]);
        f[1..].iter().map(|v| v.parse().unwrap_or_else(|_| panic!("{f:?}"))).collect()
    };
    let (game, end) = (fields(2), fields(3));
    assert!(game[0] > 0.0 && game[1] > 0.0, "the game has words and sowing: {game:?}");
    for i in 0..5 {
        assert!((end[i] - (fields(1)[i] + game[i])).abs() <= 1.0, "field {i}: {end:?} is not road + game");
    }
    assert!(end[5] <= 10.0, "the first game ends {} minutes after the first start", end[5]);
}

/// `omweso lessons --dump | head -1`: the reader that stops reading ends the program
/// quietly, as it ends any Unix tool, not with "cannot write the output: Broken pipe".
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::process::{Command, Stdio};
    // The reader is gone before the program starts, so its first write finds no reader
    // (a reader closed after the start raced the program, which can fill the pipe's buffer
    // first and end well: CI saw that).
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["lessons", "--dump"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("omweso runs");
    assert!(out.stderr.is_empty(), "said: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(omweso::cli::CLOSED_PIPE_STATUS));
}
