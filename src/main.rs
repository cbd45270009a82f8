//! `omweso`: the window with no arguments, the command line with a subcommand.

use clap::Parser;
use omweso::cli::{Cli, run};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(command) => {
            let mut out = std::io::stdout().lock();
            match run(command, &mut out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("omweso: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        None => {
            eprintln!("omweso: the window is not built yet");
            ExitCode::FAILURE
        }
    }
}
