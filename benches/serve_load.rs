//! The load bench of `omweso serve` with its real store (issue 48), a bench binary, not a
//! timed test: it starts the program's own `omweso serve --listen 127.0.0.1:0` over a fresh
//! `--data` folder (its SQLite store on this machine's disk), then plays games against it
//! from this process, on loopback only, each client checking every move with the rules,
//! and stops by itself.
//!
//! ```text
//! cargo bench --bench serve_load -- flat [GAMES=500] [PLAY_S=20]
//! cargo bench --bench serve_load -- paced [GAMES=9000] [EVERY_S=10] [PLAY_S=60]
//! ```
//!
//! `flat`: GAMES games at once for PLAY_S seconds, each player answering as soon as it may
//! (at most one message every 60 ms a connection: the server's rate limit is 20 a second);
//! a game that ends is followed at once by a new one in its place (hosted, joined, laid out:
//! random games are short, so a single round of games measured mostly their set-up and the
//! wait for the longest): the moves a second kept and relayed, and the relay latency (from a
//! move's send to the other player's reading it). `paced`: GAMES games set up (200 at a time,
//! the players answering pings but making no move), then, all at once, a move every EVERY_S
//! seconds in each game for PLAY_S seconds, every player pinging the
//! server every 5 s: the relay latency, the pings' round trips, the connections closed that
//! should not have been, and the server's peak memory (VmHWM). Every move relayed is
//! checked against the store afterwards (the server relays a move only once it is kept).

#[path = "../tests/online_load/mod.rs"]
mod online_load;

use online_load::{Measured, Pace, SetUp};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1e3
}

/// This process's file limit raised to the hard limit (the clients hold one a connection).
fn raise_file_limit() -> u64 {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit are given a valid rlimit struct.
    unsafe {
        libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        limit.rlim_cur = limit.rlim_max;
        libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
    }
    limit.rlim_cur
}

fn peak_memory_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split(' ').take(3).collect::<Vec<_>>().join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with('-')).collect();
    let mode = args.first().map_or("flat", String::as_str).to_string();
    let number = |i: usize, default: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(default);
    let files = raise_file_limit();
    let data = tempfile::tempdir_in(std::env::var_os("SERVE_LOAD_DIR").unwrap_or_else(|| ".".into())).unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .args(["--max-connections", "19000"])
        // Every bench client comes from 127.0.0.1: the per-address limits lifted.
        .args(["--connections-per-address", "20000", "--games-per-address", "20000"])
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("omweso serve starts");
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.trim().strip_prefix("listening ").expect("listening <address>").to_string();
    println!(
        "omweso serve (pid {}) on {addr}, data {} (SQLite store); this process's file limit {files}",
        server.id(),
        data.path().display()
    );
    println!("load average before: {}", load_average());
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let (games, started, results) = runtime.block_on(async {
        match mode.as_str() {
            "paced" => paced(&addr, number(1, 9000) as usize, number(2, 10), number(3, 60)).await,
            _ => flat(&addr, number(1, 500) as usize, number(2, 20)).await,
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    println!("load average after: {}", load_average());
    report(&mode, games, seconds, &results);
    println!("server's peak memory: {:.0} MB", peak_memory_kb(server.id()) as f64 / 1024.0);
    let _ = server.kill();
    let _ = server.wait();
    check_kept(data.path(), &results);
}

async fn flat(addr: &str, games: usize, play: u64) -> (usize, Instant, Vec<Measured>) {
    let pace = Pace {
        every: Duration::ZERO,
        gap: Duration::from_millis(60),
        ping_every: None,
        until: Instant::now() + Duration::from_secs(play),
        max_moves: 1000,
    };
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|slot| {
            let addr = addr.to_string();
            tokio::spawn(async move {
                // Game after game in this slot until the players stop.
                let mut played = Vec::new();
                for round in 0u64.. {
                    if Instant::now() >= pace.until {
                        break;
                    }
                    match online_load::game(addr.clone(), slot as u64 * 1_000_000 + round, pace, None).await {
                        Ok(m) => played.push(m),
                        Err(e) => {
                            println!("a game could not start: {e}");
                            break;
                        }
                    }
                }
                played
            })
        })
        .collect();
    let mut results = Vec::new();
    for task in tasks {
        results.extend(task.await.unwrap());
    }
    println!("{} games played in {games} places", results.len());
    (games, started, results)
}

async fn paced(addr: &str, games: usize, every: u64, play: u64) -> (usize, Instant, Vec<Measured>) {
    // Set-up at 200 games at a time, the players answering pings meanwhile but making no
    // move; once every game is seated, all play for `play` seconds, each game's first move
    // at a point of the pace its seed draws (so the measure is of 9,000 games at once, not
    // of the set-up). The set-up is bounded (a guard: 3 s a hundred games).
    let guard = Duration::from_secs((games as u64 * 3 / 100).max(30));
    let pace = Pace {
        every: Duration::from_secs(every),
        gap: Duration::from_millis(60),
        ping_every: Some(Duration::from_secs(5)),
        until: Instant::now() + guard + Duration::from_secs(play),
        max_moves: 1000,
    };
    let gate = Arc::new(tokio::sync::Semaphore::new(200));
    let seated = Arc::new(AtomicUsize::new(0));
    let (go, go_rx) = tokio::sync::watch::channel(None);
    let started = Instant::now();
    let tasks: Vec<_> = (0..games)
        .map(|g| {
            let addr = addr.to_string();
            let gate = Arc::clone(&gate);
            let seated = Arc::clone(&seated);
            let go = go_rx.clone();
            tokio::spawn(async move {
                let permit = gate.acquire_owned().await.unwrap();
                online_load::game(addr, g as u64, pace, Some(SetUp { permit, seated, go })).await
            })
        })
        .collect();
    while seated.load(Ordering::SeqCst) < games && started.elapsed() < guard {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let set_up = started.elapsed();
    let playing = Instant::now();
    go.send_replace(Some(playing + Duration::from_secs(play)));
    println!(
        "{} of {games} games set up in {:.1} s (load average {}); then all play for {play} s",
        seated.load(Ordering::SeqCst),
        set_up.as_secs_f64(),
        load_average()
    );
    let mut results = Vec::new();
    for task in tasks {
        match task.await.unwrap() {
            Ok(m) => results.push(m),
            Err(e) => println!("a game could not start: {e}"),
        }
    }
    (games, playing, results)
}

fn report(mode: &str, games: usize, seconds: f64, results: &[Measured]) {
    let moves: usize = results.iter().map(|m| m.relayed.len()).sum();
    let mut latencies: Vec<Duration> = results.iter().flat_map(|m| m.latencies.iter().copied()).collect();
    let mut pings: Vec<Duration> = results.iter().flat_map(|m| m.pings.iter().copied()).collect();
    let cut: Vec<&String> = results.iter().flat_map(|m| m.cut.iter()).collect();
    latencies.sort();
    pings.sort();
    println!(
        "{mode}: {games} games ({} ended), {moves} moves kept and relayed in {seconds:.1} s: {:.0} moves a second",
        results.iter().filter(|m| m.ended).count(),
        moves as f64 / seconds
    );
    println!(
        "relay latency over {} moves: median {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
        latencies.len(),
        percentile(&latencies, 0.5),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    if !pings.is_empty() {
        println!(
            "ping round trips over {}: median {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
            pings.len(),
            percentile(&pings, 0.5),
            percentile(&pings, 0.99),
            percentile(&pings, 1.0)
        );
    }
    println!("connections closed before their game ended or the players stopped: {}", cut.len());
    for reason in cut.iter().take(5) {
        println!("  {reason}");
    }
}

/// Every move relayed is in the store (the server relays a move only once it is kept).
fn check_kept(data: &std::path::Path, results: &[Measured]) {
    let db = rusqlite::Connection::open(data.join("games.sqlite3")).expect("the store");
    let mut missing = 0;
    for game in results {
        let kept: i64 =
            db.query_row("SELECT count(*) FROM moves WHERE code = ?1", [&game.code], |r| r.get(0)).unwrap_or(0);
        if (kept as usize) < game.relayed.len() {
            missing += 1;
        }
    }
    println!("games with a relayed move missing from the store: {missing} of {}", results.len());
}
