//! `omweso`: the window with no arguments, the command line with a subcommand.

use clap::Parser;
use omweso::app::services::instance::{self, Instance};
use omweso::app::services::start_failure::StartFailure;
use omweso::app::services::store::Store;
use omweso::app::{App, Start, model::settings, services::renderer, services::shutdown};
use omweso::cli::{Cli, run};
use omweso::savefile::SavedGame;
use omweso_rules::GameState;
use std::process::ExitCode;

/// The application's name for eframe: its storage folder (`~/.local/share/omweso` on
/// Linux). The desktop knows the window by [`omweso::cli::desktop::DESKTOP_ID`].
const APP_ID: &str = "Omweso";

fn main() -> ExitCode {
    omweso::logging::mark_start();
    let cli = Cli::parse();
    match &cli.command {
        Some(command) => {
            if matches!(command, omweso::cli::Command::Serve(_)) {
                omweso::logging::init_cli_at("info");
            } else {
                omweso::logging::init_cli();
            }
            // Not locked for the whole run: `engine` answers from its search thread too. A
            // reader that goes (`| head`) ends the run quietly.
            let mut out = omweso::cli::Stdout::new();
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

/// Opens the window, on `--state` when given; a start that fails says why, in a message
/// box too ([`StartFailure`]).
fn window(cli: &Cli) -> ExitCode {
    match open_window(cli) {
        Ok(code) => code,
        Err(failure) => {
            failure.tell();
            ExitCode::FAILURE
        }
    }
}

/// What the window is asked to open on: the file, the lesson or the game state of the
/// command line, checked; `Err` says what is wrong with it.
fn wanted(cli: &Cli) -> Result<Start, StartFailure> {
    if let Some(file) = &cli.file {
        if !file.exists() {
            // Most likely a mistyped subcommand rather than a game to open.
            return Err(StartFailure::new(
                format!("`{}` is neither a subcommand nor a file (see `omweso --help`)", file.display()),
                "Check the file's name, or see `omweso --help` for the subcommands.",
            ));
        }
        return Ok(Start::Saved(std::path::absolute(file).unwrap_or_else(|_| file.clone())));
    }
    if let Some(server) = &cli.online {
        use omweso::app::model::online::{OnlineForm, OnlineTab};
        return Ok(Start::Online(Box::new(OnlineForm {
            tab: if cli.code.is_some() { OnlineTab::Join } else { OnlineTab::Host },
            server: server.clone(),
            name: cli.name.clone().unwrap_or_default(),
            code: cli.code.clone().unwrap_or_default(),
            ..Default::default()
        })));
    }
    if let Some(id) = &cli.lesson {
        return match omweso::lessons::all().map(|all| all.iter().position(|l| l.id == *id)) {
            Ok(Some(n)) => Ok(Start::Lesson(n)),
            Ok(None) => Err(StartFailure::new(
                format!("--lesson: no lesson `{id}` (see `omweso lessons`)"),
                "Start the window without --lesson and choose a lesson in Help → Learn Omweso.",
            )),
            Err(e) => Err(StartFailure::new(e.to_string(), "Reinstall Omweso: its lessons are damaged.")),
        };
    }
    match cli.state.as_deref().map(str::parse::<GameState>) {
        None => Ok(Start::Fresh),
        Some(Ok(s)) => Ok(Start::State(s)),
        Some(Err(e)) => Err(StartFailure::new(
            format!("--state: {e}"),
            "Correct the game state (its notation is in docs/RULES.md §5, e.g. `4i-p; 4I-P / L both 0,0`), or start without --state.",
        )),
    }
}

/// The id of lesson number `n` (as `--lesson` takes it).
fn lesson_id(n: usize) -> Result<String, StartFailure> {
    omweso::lessons::all()
        .map(|all| all[n].id.clone())
        .map_err(|e| StartFailure::new(e.to_string(), "Reinstall Omweso: its lessons are damaged."))
}

/// On Windows the program is a console program (so that `omweso <subcommand>` in a
/// terminal prints there and the terminal waits for it); a window started from the
/// desktop (the Start menu, a double click on a saved game) is given a console window of
/// its own, which it lets go here, so that only the board stays. Started from a terminal,
/// the console is shared with the terminal and kept. The log has what the console would
/// have shown.
#[cfg(windows)]
fn let_go_of_a_console_of_its_own() {
    use windows_sys::Win32::System::Console::{FreeConsole, GetConsoleProcessList};
    let mut processes = [0u32; 2];
    // SAFETY: the list is two u32s long, and its length is given.
    let sharing = unsafe { GetConsoleProcessList(processes.as_mut_ptr(), processes.len() as u32) };
    if sharing == 1 {
        log::info!("the console of this start was its own: let go");
        // SAFETY: no handle of the console is held; standard error then writes nowhere.
        unsafe { FreeConsole() };
    }
}

/// What a player can do when the system has no display for the window.
const NO_DISPLAY: &str = "Start Omweso from a desktop session (its window needs a display: DISPLAY or WAYLAND_DISPLAY names none that answers).";

/// What a player can do when no renderer could draw the window.
const NO_RENDERER: &str = "Install or update the computer's graphics driver (Omweso needs Vulkan or OpenGL 2.1; on Debian and Ubuntu the package libgl1-mesa-dri), then start Omweso again.";

/// What a player can do when the window stopped after it had opened.
const STOPPED: &str = "Start Omweso again: the game is kept. Should the window stop again, start it with `omweso --renderer glow` (or `--renderer wgpu`).";

/// Opens the window; `Err` when it could not, with the reason and the advice.
fn open_window(cli: &Cli) -> Result<ExitCode, StartFailure> {
    let data_dir = eframe::storage_dir(APP_ID);
    // What this start asks for, checked before anything else: a mistake is said here,
    // whether or not a window is open already.
    let start = wanted(cli)?;
    // One window per account: a later start hands its file, lesson or state to the first
    // window (which asks about unsaved changes first), and leaves the first window's log
    // alone. A data folder that cannot be used (read-only, full, a file or a dangling link
    // in its place, a folder at the lock's name) still opens the window, keeping nothing
    // (see `Store::for_window`).
    let (first, unusable) = match &data_dir {
        Some(dir) => {
            let request = match &start {
                Start::Saved(file) => instance::Request::Open(file.clone()),
                Start::Lesson(n) => instance::Request::Lesson(lesson_id(*n)?),
                Start::State(state) => instance::Request::State(state.to_string()),
                // Online play is begun in the window that is open (Game → Play online); a
                // link's game is a page's alone.
                Start::Fresh | Start::Unreadable(_) | Start::Online(_) | Start::Game { .. } => instance::Request::Raise,
            };
            match instance::acquire(dir, &request) {
                Ok(Instance::First(first)) => (Some(first), None),
                Ok(Instance::Handed) => {
                    let handed = match request {
                        instance::Request::Raise => "it was brought to the front",
                        _ => "it was brought to the front and asked to open this",
                    };
                    eprintln!("omweso: Omweso is already open in another window; {handed}");
                    return Ok(ExitCode::SUCCESS);
                }
                Err(e @ instance::InstanceError::NoAnswer(_)) => {
                    return Err(StartFailure::new(
                        e.to_string(),
                        "Close the other Omweso window (or end it from the system's task list), then start Omweso again.".to_owned(),
                    ));
                }
                Err(instance::InstanceError::Folder(e)) => {
                    eprintln!("omweso: cannot use the data folder ({e}); the window keeps nothing between runs");
                    (None, Some(e))
                }
            }
        }
        None => (None, None),
    };
    omweso::logging::init_window(if unusable.is_none() { data_dir.as_deref() } else { None });
    log::info!("Omweso {} starts the window", omweso::logging::VERSION);
    // The file, read here too so that a terminal hears why it cannot be opened; the
    // window opens all the same and says why.
    let start = match start {
        Start::Saved(file) => match SavedGame::load(&file) {
            Ok(_) => Start::Saved(file),
            Err(e) => {
                let message = format!("Cannot open {}: {e}", file.display());
                eprintln!("omweso: {message}");
                Start::Unreadable(message)
            }
        },
        start => start,
    };
    #[cfg(windows)]
    let_go_of_a_console_of_its_own();
    // What is kept between runs: written as it changes, atomically, off the frame.
    let storage_file = omweso::app::services::store::storage_file(APP_ID);
    let preferred = storage_file.as_deref().map(omweso::app::services::store::remembered_renderer).unwrap_or_default();
    let (store, notices) = Store::for_window(storage_file.as_deref(), unusable.as_ref());
    // A logout, a shutdown or Ctrl+C in the terminal closes the window cleanly.
    if let Err(e) = shutdown::install() {
        log::warn!("no handler for the system's request to end: {e}");
    }
    // The window's own size and place, clamped (eframe's would be trusted as it is).
    let (position, size) = omweso::app::remembered_window(&store).unwrap_or((None, egui::vec2(1280.0, 800.0)));
    let mut viewport = egui::ViewportBuilder::default()
        .with_title("Omweso")
        .with_app_id(omweso::cli::desktop::DESKTOP_ID)
        .with_inner_size(size)
        .with_min_inner_size(settings::MIN_WINDOW);
    if let Some(p) = position {
        viewport = viewport.with_position(p);
    }
    match omweso::app::ui::textures::icon() {
        Ok(icon) => viewport = viewport.with_icon(icon),
        Err(e) => eprintln!("omweso: {e}"),
    }
    // What the app is made of, taken by the first renderer that gets as far as making it.
    let parts = std::cell::RefCell::new(Some((store, start, notices, first)));
    let mut errors = Vec::new();
    let mut advice = NO_RENDERER;
    // Each attempt with whether it may keep an adapter that draws on the processor: a wgpu
    // declined for glow comes back after glow, should glow fail.
    let mut queue: std::collections::VecDeque<_> =
        renderer::attempts(cli.renderer, preferred).into_iter().map(|a| (a, false)).collect();
    while let Some((attempt, software_ok)) = queue.pop_front() {
        log::info!("opening the window with {attempt}");
        let glow_next = !software_ok && queue.iter().any(|(a, _)| *a == renderer::Attempt::Glow);
        let declined = std::cell::Cell::new(false);
        let create = |cc: &eframe::CreationContext<'_>| -> Result<Box<dyn eframe::App>, _> {
            if let Some(why) = renderer::rather_glow(cc, preferred, glow_next) {
                declined.set(true);
                return Err(why.into());
            }
            let (store, start, notices, first) = parts.borrow_mut().take().ok_or("the window was made twice")?;
            log::info!("the window is drawn by {}", renderer::describe(cc));
            let mut app = App::from_creation(cc, store, start, notices);
            if let Some(first) = first {
                first.wake(&cc.egui_ctx);
                app.set_instance(first);
            }
            Ok::<_, Box<dyn std::error::Error + Send + Sync>>(Box::new(app))
        };
        match eframe::run_native(APP_ID, renderer::options(attempt, viewport.clone()), Box::new(create)) {
            Ok(()) => {
                log::info!("the window closed");
                return Ok(ExitCode::SUCCESS);
            }
            Err(e) => {
                let made = parts.borrow().is_none();
                if declined.get() {
                    log::info!("{attempt} left the window to the next renderer: {e}");
                } else {
                    log::warn!("{attempt} could not draw the window: {e}");
                }
                errors.push(format!("{attempt}: {e}"));
                if matches!(e, eframe::Error::WinitEventLoop(_)) {
                    advice = NO_DISPLAY;
                }
                if made {
                    // The window was open: the game was kept as it went (the store).
                    return Err(StartFailure::new(format!("the window stopped ({attempt}: {e})"), STOPPED));
                }
                if declined.get() {
                    queue.push_back((attempt, true));
                } else if !renderer::worth_another(&e) {
                    break;
                }
            }
        }
    }
    Err(StartFailure::new(format!("the window could not open ({})", errors.join("; ")), advice))
}
