//! `omweso`: the window with no arguments, the command line with a subcommand.

use clap::Parser;
use omweso::app::{App, Start};
use omweso::cli::{Cli, run};
use omweso::rules::GameState;
use omweso::savefile::SavedGame;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(command) => {
            // Not locked for the whole run: `engine` answers from its search thread too.
            let mut out = std::io::stdout();
            match run(command, &mut out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("omweso: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        None => window(&cli),
    }
}

/// Opens the window, on `--state` when given.
fn window(cli: &Cli) -> ExitCode {
    let start = if let Some(file) = &cli.file {
        if !file.exists() {
            // Most likely a mistyped subcommand rather than a game to open.
            eprintln!("omweso: `{}` is neither a subcommand nor a file (see `omweso --help`)", file.display());
            return ExitCode::FAILURE;
        }
        match SavedGame::load(file) {
            Ok(g) => Start::Saved(Box::new(g), file.clone()),
            Err(e) => {
                // The window still opens and says why, for a file opened from a file manager.
                let message = format!("Cannot open {}: {e}", file.display());
                eprintln!("omweso: {message}");
                Start::Unreadable(message)
            }
        }
    } else {
        match cli.state.as_deref().map(str::parse::<GameState>) {
            None => Start::Fresh,
            Some(Ok(s)) => Start::State(s),
            Some(Err(e)) => {
                eprintln!("omweso: --state: {e}");
                return ExitCode::FAILURE;
            }
        }
    };
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Omweso")
            .with_inner_size([1280.0, 800.0])
            .with_min_inner_size([640.0, 420.0]),
        ..Default::default()
    };
    match eframe::run_native("Omweso", options, Box::new(move |cc| Ok(Box::new(App::from_creation(cc, start))))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("omweso: the window could not open: {e}");
            ExitCode::FAILURE
        }
    }
}
