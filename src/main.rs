//! `omweso`: the window with no arguments, the command line with a subcommand.

use clap::Parser;
use omweso::app::instance::{self, Instance};
use omweso::app::store::Store;
use omweso::app::{App, Start, settings, shutdown};
use omweso::cli::{Cli, run};
use omweso::savefile::SavedGame;
use omweso_rules::GameState;
use std::process::ExitCode;

/// The application's name for eframe: its storage folder (`~/.local/share/omweso` on
/// Linux). The desktop knows the window by [`omweso::cli::desktop::DESKTOP_ID`].
const APP_ID: &str = "Omweso";

fn main() -> ExitCode {
    let cli = Cli::parse();
    match &cli.command {
        Some(command) => {
            omweso::logging::init_cli();
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
    let data_dir = eframe::storage_dir(APP_ID);
    // One window per account: a later start hands its file to the first window, and
    // leaves the first window's log alone.
    let first = match &data_dir {
        Some(dir) => {
            let request = match &cli.file {
                Some(file) => instance::Request::Open(std::path::absolute(file).unwrap_or_else(|_| file.clone())),
                None => instance::Request::Raise,
            };
            match instance::acquire(dir, &request) {
                Ok(Instance::First(first)) => Some(first),
                Ok(Instance::Handed) => {
                    eprintln!("omweso: Omweso is already open in another window; it was brought to the front");
                    return ExitCode::SUCCESS;
                }
                Err(e) => {
                    eprintln!("omweso: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        None => None,
    };
    omweso::logging::init_window(data_dir.as_deref());
    log::info!("Omweso {} starts the window", omweso::logging::VERSION);
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
    } else if let Some(id) = &cli.lesson {
        match omweso::lessons::all().map(|all| all.iter().position(|l| l.id == *id)) {
            Ok(Some(n)) => Start::Lesson(n),
            Ok(None) => {
                eprintln!("omweso: --lesson: no lesson `{id}` (see `omweso lessons`)");
                return ExitCode::FAILURE;
            }
            Err(e) => {
                eprintln!("omweso: {e}");
                return ExitCode::FAILURE;
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
    // eframe would replace a storage file it cannot read, losing the settings and the
    // autosaved game: set such a file aside first, and say so in the window.
    let storage_file = settings::storage_file(APP_ID);
    let mut notices: Vec<String> =
        storage_file.as_deref().and_then(settings::set_aside_unreadable).into_iter().collect();
    // What is kept between runs: written as it changes, atomically, off the frame.
    let store = match storage_file.as_deref() {
        Some(file) => {
            let (store, notice) = Store::open(file);
            notices.extend(notice);
            store
        }
        None => {
            notices.push("This system has no folder for Omweso's settings and game between runs: save the game to a file to keep it.".into());
            Store::in_memory()
        }
    };
    // A logout, a shutdown or Ctrl+C in the terminal closes the window cleanly.
    if let Err(e) = shutdown::install() {
        log::warn!("no handler for the system's request to end: {e}");
    }
    // The window's own size and place, clamped (eframe's would be trusted as it is).
    let (position, size) =
        storage_file.as_deref().and_then(omweso::app::remembered_window).unwrap_or((None, egui::vec2(1280.0, 800.0)));
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Omweso")
        .with_app_id(omweso::cli::desktop::DESKTOP_ID)
        .with_inner_size(size)
        .with_min_inner_size(settings::MIN_WINDOW);
    if let Some(p) = position {
        viewport = viewport.with_position(p);
    }
    match omweso::app::textures::icon() {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => eprintln!("omweso: {e}"),
    }
    // eframe's own storage is our file too (it only reads it, see App::save), so that eframe
    // makes no second folder named after the desktop id: one data folder for everything.
    let options = eframe::NativeOptions {
        viewport,
        persist_window: false,
        persistence_path: storage_file.clone(),
        ..Default::default()
    };
    let create = move |cc: &eframe::CreationContext<'_>| -> Result<Box<dyn eframe::App>, _> {
        let mut app = App::from_creation(cc, store, start, notices);
        if let Some(first) = first {
            first.wake(&cc.egui_ctx);
            app.set_instance(first);
        }
        Ok(Box::new(app))
    };
    match eframe::run_native(APP_ID, options, Box::new(create)) {
        Ok(()) => {
            log::info!("the window closed");
            ExitCode::SUCCESS
        }
        Err(e) => {
            log::error!("the window could not open: {e}");
            eprintln!("omweso: the window could not open: {e}");
            ExitCode::FAILURE
        }
    }
}
