//! Checks a proof written by `omweso solve --proof FILE` with the rules alone.
//!
//! ```text
//! cargo run --release -p omweso-engine --example check_proof -- proof.txt [lap-limit]
//! ```
//!
//! Prints `proof holds: <winner> wins, <n> positions` (exit 0) or the error (exit 1). The
//! proof must have been made under the default rule options, except for the lap limit.
//!
//! ```text
//! cargo run --release -p omweso-engine --example check_proof -- --each study/proofs/*.proof
//! ```
//!
//! checks many (a study's): a line `<file>\t<answer>` each, then how many hold; exit 1 when
//! one does not.

mod proof_checker;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: check_proof <proof file> [lap limit]");
        std::process::exit(2);
    };
    if file == "--each" {
        each(&args[1..]);
    }
    let mut options = omweso_rules::RuleOptions::default();
    if let Some(laps) = args.get(1) {
        options.lap_limit = laps.parse().unwrap_or_else(|_| {
            eprintln!("error: `{laps}` is not a lap limit");
            std::process::exit(2)
        });
    }
    let result = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"));
    match result.and_then(|text| proof_checker::check(&text, options)) {
        Ok(c) => println!("proof holds: {} wins, {} positions", c.winner.name(), c.positions),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    }
}

/// `--each FILE…`: every file checked under the default rules, one line each.
fn each(files: &[String]) -> ! {
    let mut held = 0;
    for file in files {
        let result = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"));
        match result.and_then(|text| proof_checker::check(&text, omweso_rules::RuleOptions::default())) {
            Ok(c) => {
                held += 1;
                println!("{file}\tproof holds: {} wins, {} positions", c.winner.name(), c.positions);
            }
            Err(e) => println!("{file}\terror: {e}"),
        }
    }
    println!("{held} of {} proofs hold", files.len());
    std::process::exit(if held == files.len() { 0 } else { 1 })
}
