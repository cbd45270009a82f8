//! A test suite for engines, as chess engines are measured on theirs: each engine (any
//! program speaking the engine protocol, e.g. two builds of omweso) searches each position
//! of a file for a fixed time; the report gives, per engine, how many positions it proved
//! (a forced win or loss found), how fast it proved those that every engine proved
//! (geometric mean of the time to the first proven score, from the `info` lines' nodes and
//! nodes a second) and the median depth reached on the positions it did not prove.
//!
//! ```text
//! cargo run --release --example solve_suite -- crates/omweso-engine/benches/engine-positions.txt 1000 \
//!     "target/release/omweso engine" "/path/to/old/omweso engine"
//! ```
//!
//! `crates/omweso-engine/benches/engine-positions.txt` holds 60 positions after 8–12 moves of Master-against-
//! Master games (`examples/search_depth.rs`). A measurement, not a test: its times depend on
//! the machine and its load.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// Scores at least this large are proven results (`omweso_engine::PROVEN`).
const PROVEN: i64 = 99_000;

/// What one engine did on one position.
struct Run {
    depth: u32,
    proven: bool,
    /// Milliseconds to the first proven score.
    proof_ms: Option<f64>,
}

fn field(words: &[&str], name: &str) -> Option<i64> {
    let i = words.iter().position(|w| *w == name)?;
    words.get(i + 1)?.parse().ok()
}

/// Runs `command` on `position` for `ms` milliseconds.
fn search(command: &str, position: &str, ms: u64) -> std::io::Result<Run> {
    let mut parts = command.split_whitespace();
    let program = parts.next().unwrap_or_default();
    let mut child = Command::new(program).args(parts).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
    let mut input = child.stdin.take().expect("piped");
    writeln!(input, "position {position}\ngo time-ms {ms}")?;
    input.flush()?;
    let mut run = Run { depth: 0, proven: false, proof_ms: None };
    for line in BufReader::new(child.stdout.take().expect("piped")).lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        if line.starts_with("bestmove") {
            break;
        }
        if !line.starts_with("info depth") {
            continue;
        }
        let (depth, score) = (field(&words, "depth").unwrap_or(0), field(&words, "score").unwrap_or(0));
        run.depth = depth as u32;
        run.proven = score.abs() >= PROVEN;
        if run.proven && run.proof_ms.is_none() {
            let (nodes, nps) = (field(&words, "nodes").unwrap_or(0), field(&words, "nps").unwrap_or(1).max(1));
            run.proof_ms = Some(1000.0 * nodes as f64 / nps as f64);
        }
    }
    writeln!(input, "quit")?;
    drop(input);
    child.wait()?;
    Ok(run)
}

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(file), Some(ms), engines) =
        (args.first(), args.get(1).and_then(|a| a.parse().ok()), &args[2.min(args.len())..])
    else {
        eprintln!("usage: solve_suite <positions file> <time-ms> <engine command>...");
        std::process::exit(2);
    };
    let positions: Vec<String> =
        std::fs::read_to_string(file)?.lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect();
    let mut runs: Vec<Vec<Run>> = engines.iter().map(|_| Vec::new()).collect();
    for position in &positions {
        for (engine, out) in engines.iter().zip(&mut runs) {
            out.push(search(engine, position, ms)?);
        }
    }
    let everyone: Vec<usize> = (0..positions.len()).filter(|&i| runs.iter().all(|r| r[i].proof_ms.is_some())).collect();
    println!("{} positions, {ms} ms each; {} proven by every engine", positions.len(), everyone.len());
    for (engine, r) in engines.iter().zip(&runs) {
        let logs: f64 = everyone.iter().map(|&i| r[i].proof_ms.unwrap_or(0.0).max(0.05).ln()).sum();
        let mean = (logs / everyone.len().max(1) as f64).exp();
        let mut depths: Vec<u32> = r.iter().filter(|x| !x.proven).map(|x| x.depth).collect();
        depths.sort_unstable();
        let median = depths.get(depths.len() / 2).map_or("-".to_string(), u32::to_string);
        println!(
            "{engine}: proved {}; time to prove (geometric mean over the common ones) {mean:.2} ms; median depth of the others {median} ({} positions)",
            r.iter().filter(|x| x.proven).count(),
            depths.len()
        );
    }
    Ok(())
}
