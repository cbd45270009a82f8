//! `omweso match` run as a process: external engines, games in parallel, the SPRT.

use std::process::Command;

fn omweso(args: &[&str]) -> (bool, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_omweso")).args(args).output().expect("the binary runs");
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// The report without its last line (the time taken).
fn without_time(report: &str) -> String {
    report.lines().filter(|l| !l.starts_with("time: ")).collect::<Vec<_>>().join("\n")
}

#[test]
fn omweso_engine_plays_a_level_through_the_protocol() {
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_omweso"));
    let (ok, out, err) =
        omweso(&["match", "--a-engine", &engine, "--b", "beginner", "--games", "2", "--time-ms", "30"]);
    assert!(ok, "{err}");
    assert!(out.contains("games: 2"), "{out}");
    assert!(!out.contains("forfeits"), "{out}\n{err}");
    // Both players external: the same program on both sides.
    let (ok, out, err) =
        omweso(&["match", "--a-engine", &engine, "--b-engine", &engine, "--games", "2", "--time-ms", "20"]);
    assert!(ok && !out.contains("forfeits"), "{out}\n{err}");
}

/// A script standing in for a broken engine: it answers `isready`, then `reply` to `go`.
fn fake_engine(name: &str, reply: &str) -> String {
    let dir = std::env::temp_dir().join(format!("omweso-fake-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = dir.join("engine.sh");
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    isready) echo readyok ;;\n    go*) {reply} ;;\n    quit) exit 0 ;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).expect("the script is written");
    format!("sh {}", path.display())
}

#[test]
fn a_hung_silent_or_illegal_engine_loses_instead_of_hanging_the_match() {
    for (name, reply) in [("hung", "sleep 5"), ("silent", ":"), ("illegal", "echo bestmove z9"), ("gone", "exit 3")] {
        let engine = fake_engine(name, reply);
        let (ok, out, err) =
            omweso(&["match", "--a", "greedy", "--b-engine", &engine, "--games", "2", "--time-ms", "10"]);
        assert!(ok, "{name}: {err}");
        assert!(out.contains("a wins 2, b wins 0"), "{name}: {out}");
        assert!(out.contains("forfeits (counted as losses): a 0, b 2"), "{name}: {out}");
    }
    // An engine that writes without newlines: a protocol fault, in bounded memory.
    let engine = fake_engine("endless", "yes x | tr -d '\\n'");
    let started = std::time::Instant::now();
    let (ok, out, err) = omweso(&[
        "match",
        "--a",
        "greedy",
        "--b-engine",
        &engine,
        "--b-layout",
        "random",
        "--games",
        "2",
        "--time-ms",
        "10",
    ]);
    assert!(ok, "endless: {err}");
    assert!(out.contains("forfeits (counted as losses): a 0, b 2"), "endless: {out}");
    assert!(err.contains("protocol fault: the line is longer than 65536 bytes"), "endless: {err}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20), "{:?}", started.elapsed());
    // An engine that cannot start fails the match at once (exit status 1), playing nothing.
    let (ok, out, err) = omweso(&["match", "--a", "greedy", "--b-engine", "/no/such/engine", "--games", "4"]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("player b: cannot start `/no/such/engine`"), "{err}");
    // A player is one of a level and an engine.
    assert!(!omweso(&["match", "--a", "greedy", "--a-engine", "x", "--b", "random"]).0);
    assert!(!omweso(&["match", "--b", "random"]).0);
}

#[test]
fn parallel_games_give_the_same_results_as_one_at_a_time() {
    let args = ["match", "--a", "greedy", "--b", "beginner", "--games", "10", "--seed", "7", "--time-ms", "5"];
    let one = omweso(&[&args[..], &["--threads", "1"]].concat());
    let two = omweso(&[&args[..], &["--threads", "2"]].concat());
    assert!(one.0 && two.0, "{}\n{}", one.2, two.2);
    assert_eq!(without_time(&one.1), without_time(&two.1));
    // Not a terminal: one plain line a game on stderr.
    assert_eq!(one.2.lines().filter(|l| l.starts_with("game ")).count(), 10, "{}", one.2);
}

#[test]
fn the_sprt_stops_a_clear_match_early() {
    let args = ["match", "--a", "greedy", "--b", "random", "--games", "400", "--seed", "3", "--sprt", "0,100"];
    let (ok, out, err) = omweso(&[&args[..], &["--threads", "2"]].concat());
    assert!(ok, "{err}");
    assert!(out.contains("H1 accepted"), "{out}");
    let games: usize = out.split("games: ").nth(1).and_then(|t| t.split_whitespace().next()).unwrap().parse().unwrap();
    assert!(games < 400 && games.is_multiple_of(2), "{out}");
    // The stopping point does not depend on the threads.
    let (_, again, _) = omweso(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(without_time(&out), without_time(&again));
    assert!(!omweso(&["match", "--a", "greedy", "--b", "random", "--sprt", "10,0"]).0);
}

#[test]
fn what_an_external_engine_starts_ends_with_it() {
    // An engine that leaves a program of its own running, and says its process number.
    let dir = std::env::temp_dir().join(format!("omweso-forking-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (script, pids) = (dir.join("engine.sh"), dir.join("pids"));
    let body = format!(
        "#!/bin/sh\nsleep 300 &\necho $! >> {}\nexec {} engine\n",
        pids.display(),
        env!("CARGO_BIN_EXE_omweso")
    );
    std::fs::write(&script, body).unwrap();
    let engine = format!("sh {}", script.display());
    let (ok, _, err) = omweso(&["match", "--a", "greedy", "--b-engine", &engine, "--games", "2", "--time-ms", "10"]);
    assert!(ok, "{err}");
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert!(pids.lines().count() >= 2, "started for each game: {pids}");
    for pid in pids.lines() {
        // Alive: its /proc entry is there and it is not a zombie waiting to be reaped.
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let alive = stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z'));
        assert!(!alive, "the engine's `sleep` {pid} outlived the match");
    }
}

#[test]
fn a_ballot_of_openings_plays_each_twice_with_the_sides_swapped() {
    let dir = std::env::temp_dir().join(format!("omweso-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ballot = dir.join("openings.txt");
    std::fs::write(
        &ballot,
        "# two openings\n4i-p; 4I-P / L both 0,0\n\n9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0  # RULES.md §6\n",
    )
    .unwrap();
    let path = ballot.to_str().unwrap();
    let (ok, out, err) =
        omweso(&["match", "--a", "greedy", "--b", "beginner", "--openings", path, "--games", "50", "--time-ms", "5"]);
    assert!(ok, "{err}");
    assert!(out.contains("games: 4 ") && out.contains("layouts: a the opening's"), "{out}");
    let games: Vec<&str> = err.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{err}");
    // Both colours of each opening: a is Lower, then Upper, in each pair.
    for (i, line) in games.iter().enumerate() {
        let colour = if i % 2 == 0 { "is lower" } else { "is upper" };
        assert!(line.contains(colour), "{line}");
    }
    // A malformed line: one line naming it, exit status 1, nothing played.
    std::fs::write(&ballot, "4i-p; 4I-P / L both 0,0\n# fine so far\n4i-p; 4I-O / L both 0,0\n").unwrap();
    let (ok, out, err) = omweso(&["match", "--a", "greedy", "--b", "beginner", "--openings", path]);
    assert!(!ok && out.is_empty(), "{out}");
    assert!(err.contains("openings.txt: line 3: ") && err.trim().lines().count() == 1, "{err}");
}

/// True while process `pid` runs (its /proc entry is there and it is not a zombie).
fn alive(pid: &str) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z'))
}

/// An engine (omweso's own) whose script notes its pid and the pid of a `sleep` it leaves
/// running in a session of its own (`setsid`), one a line in `pids`.
fn leaving_engine(name: &str) -> (String, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("omweso-leaving-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (script, pids) = (dir.join("engine.sh"), dir.join("pids"));
    let body = format!(
        "#!/bin/sh\necho $$ >> {p}\nsetsid sh -c 'echo $$ >> {p}; exec sleep 300' &\nexec {} engine\n",
        env!("CARGO_BIN_EXE_omweso"),
        p = pids.display(),
    );
    std::fs::write(&script, body).unwrap();
    (format!("sh {}", script.display()), pids)
}

#[cfg(target_os = "linux")]
#[test]
fn a_program_an_engine_starts_in_a_session_of_its_own_ends_with_the_match() {
    // Issue 40.7: a child an engine starts in its own session survived even a normal end.
    let (engine, pids) = leaving_engine("normal");
    let (ok, _, err) = omweso(&["match", "--a", "greedy", "--b-engine", &engine, "--games", "2", "--time-ms", "10"]);
    assert!(ok, "{err}");
    let pids = std::fs::read_to_string(&pids).unwrap();
    assert!(pids.lines().count() >= 4, "two engines and their programs: {pids}");
    std::thread::sleep(std::time::Duration::from_millis(200));
    for pid in pids.lines() {
        assert!(!alive(pid), "{pid} outlived the match");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn the_programs_of_a_game_s_engine_end_with_that_game() {
    // Issue 48.7: in a long match the programs each game's engine left in a session of its
    // own piled up, one a game, until the match ended (and survived a kill -9 of it).
    let (engine, pids) = leaving_engine("per-game");
    let mut m = std::process::Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["match", "--a", "greedy", "--b-engine", &engine, "--games", "1000", "--time-ms", "5"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the match");
    let started = std::time::Instant::now();
    // Eight engines and their programs: seven games over at least (without the reaping,
    // eight or more of these were still running).
    while std::fs::read_to_string(&pids).map_or(0, |p| p.lines().count()) < 16 {
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "eight games started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let seen = std::fs::read_to_string(&pids).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    let living: Vec<&str> = seen.lines().filter(|pid| alive(pid)).collect();
    // SAFETY: kill(2) on the match this test started.
    unsafe { libc::kill(m.id() as i32, libc::SIGKILL) };
    m.wait().expect("the match ends");
    for pid in std::fs::read_to_string(&pids).unwrap().lines() {
        // SAFETY: kill(2) of a process this test's engines started.
        unsafe { libc::kill(pid.parse().unwrap(), libc::SIGKILL) };
    }
    // At most the engine of the game being played and its program (and the next game's,
    // should one be starting).
    assert!(living.len() <= 4, "{} of {} still running: {living:?}", living.len(), seen.lines().count());
}

#[cfg(target_os = "linux")]
#[test]
fn a_match_ended_by_a_signal_ends_its_engines() {
    // Issue 40.7: Ctrl+C, SIGTERM, SIGHUP or kill -9 left the engines running under init.
    for (signal, name) in
        [(libc::SIGINT, "int"), (libc::SIGTERM, "term"), (libc::SIGHUP, "hup"), (libc::SIGKILL, "kill")]
    {
        let (engine, pids) = leaving_engine(name);
        let mut m = std::process::Command::new(env!("CARGO_BIN_EXE_omweso"))
            .args(["match", "--a", "greedy", "--b-engine", &engine, "--games", "1000", "--time-ms", "200"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the match");
        let started = std::time::Instant::now();
        while std::fs::read_to_string(&pids).map_or(0, |p| p.lines().count()) < 2 {
            assert!(started.elapsed() < std::time::Duration::from_secs(20), "{name}: the engine started");
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        std::thread::sleep(std::time::Duration::from_millis(300));
        // SAFETY: kill(2) on the match this test started.
        assert_eq!(unsafe { libc::kill(m.id() as i32, signal) }, 0);
        m.wait().expect("the match ends");
        let pids = std::fs::read_to_string(&pids).unwrap();
        let engine_pid = pids.lines().next().unwrap();
        let started = std::time::Instant::now();
        while alive(engine_pid) && started.elapsed() < std::time::Duration::from_secs(3) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert!(!alive(engine_pid), "{name}: the engine {engine_pid} outlived the match");
        if signal != libc::SIGKILL {
            // A match that can still act ends what the engine left behind too; after
            // kill -9 only what dies with its parent goes (the engine itself).
            for pid in pids.lines() {
                assert!(!alive(pid), "{name}: {pid} outlived the match");
            }
        } else {
            for pid in pids.lines().skip(1) {
                // SAFETY: kill(2) of a `sleep` this test's engine started.
                unsafe { libc::kill(pid.parse().unwrap(), libc::SIGKILL) };
            }
        }
    }
}
