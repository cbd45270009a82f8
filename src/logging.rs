//! What the program logs, and where: through the `log` facade, quiet by default.
//!
//! - On the terminal (standard error), what `RUST_LOG` asks for (env_logger's syntax, e.g.
//!   `RUST_LOG=omweso=debug`), warnings and errors otherwise; the command line logs there
//!   only, so that its output stays the subcommand's.
//! - The window also writes this run's log to `omweso.log` in its data folder, at least
//!   the program's own `info` lines (start-up, the storage file read or set aside, files
//!   opened and saved, the engine's searches, errors, a panic), keeping the run before as
//!   `omweso.previous.log`, so that after a crash the crashed run's log is there to attach
//!   to a bug report. Help → About names the file.

#[cfg(not(target_arch = "wasm32"))]
use log::Log as _;
#[cfg(not(target_arch = "wasm32"))]
use std::io::Write;
use std::path::{Path, PathBuf};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::Mutex;
use std::sync::OnceLock;

/// When the program started ([`mark_start`]), for the time to the window's first frame.
static STARTED: OnceLock<web_time::Instant> = OnceLock::new();

/// Notes the program's start (the first thing `main` does).
pub fn mark_start() {
    let _ = STARTED.set(web_time::Instant::now());
}

/// The time since [`mark_start`] (zero when it was not called: a test's window).
pub fn since_start() -> std::time::Duration {
    STARTED.get().map_or(std::time::Duration::ZERO, web_time::Instant::elapsed)
}

/// The log file of this run, once [`init_window`] has opened one.
static LOG_FILE: OnceLock<PathBuf> = OnceLock::new();

/// The name of this run's log in the data folder.
pub const LOG_NAME: &str = "omweso.log";
/// The name the run before's log is kept under.
pub const PREVIOUS_LOG_NAME: &str = "omweso.previous.log";

/// The program's version, with the commit it was built from when built from a checkout
/// (`0.1.0 (488236a0c)`).
pub const VERSION: &str = env!("OMWESO_VERSION");

/// The log file this run writes, if any (the window's; the command line writes none).
pub fn log_file() -> Option<&'static Path> {
    LOG_FILE.get().map(PathBuf::as_path)
}

/// The terminal's logger: `RUST_LOG`, else `default` (e.g. `warn`: warnings and errors).
#[cfg(not(target_arch = "wasm32"))]
fn terminal(default: &str) -> env_logger::Logger {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or(default)).build()
}

/// Logs to the terminal only (the command line), warnings and errors unless `RUST_LOG`
/// says otherwise. Calling it twice does nothing more.
#[cfg(not(target_arch = "wasm32"))]
pub fn init_cli() {
    init_cli_at("warn");
}

/// Logs to the terminal only, at `default` unless `RUST_LOG` says otherwise (`omweso serve`
/// logs `info`: who connected, from where, why a connection closed).
#[cfg(not(target_arch = "wasm32"))]
pub fn init_cli_at(default: &str) {
    let logger = terminal(default);
    let level = logger.filter();
    if log::set_boxed_logger(Box::new(logger)).is_ok() {
        log::set_max_level(level);
    }
}

/// Logs to the terminal and to `<data_dir>/omweso.log` (the window), the previous run's
/// log kept beside it; a panic is logged before the usual message. A log file that cannot
/// be opened leaves the terminal's logging alone and is reported there.
#[cfg(not(target_arch = "wasm32"))]
pub fn init_window(data_dir: Option<&Path>) {
    let file = data_dir.and_then(|dir| match open_log(dir) {
        Ok((file, path)) => {
            let _ = LOG_FILE.set(path);
            Some(Mutex::new(file))
        }
        Err(e) => {
            eprintln!("omweso: no log file in {}: {e}", dir.display());
            None
        }
    });
    // The terminal shows the program's warnings and every crate's errors: the window's
    // libraries warn of what a player can do nothing about (a display's size in
    // millimetres, a locale's name). The file keeps their warnings too.
    let terminal = terminal("error,omweso=warn");
    let level = if file.is_some() { terminal.filter().max(log::LevelFilter::Info) } else { terminal.filter() };
    if log::set_boxed_logger(Box::new(Tee { terminal, file })).is_ok() {
        log::set_max_level(level);
    }
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        log::error!("panic: {info}");
        default_hook(info);
    }));
}

/// Moves the last run's log aside (whatever is at its name: a link is moved, never
/// followed) and creates a new one, owner-only, through [`crate::disk`]: a link or anything
/// else still at the name is refused, so a dangling link's target is never created.
#[cfg(not(target_arch = "wasm32"))]
fn open_log(dir: &Path) -> Result<(std::fs::File, PathBuf), crate::disk::DiskError> {
    crate::disk::private_folder(dir)?;
    let path = dir.join(LOG_NAME);
    crate::disk::move_aside(&path, &dir.join(PREVIOUS_LOG_NAME))?;
    Ok((crate::disk::create_private_log(&path)?, path))
}

/// Marks an error that the program causes on purpose (the window made by wgpu declined so
/// that glow draws it, issue 42): eframe logs it as an error, which it is not; the log keeps
/// it as an `info` line and the terminal does not show it.
pub const ON_PURPOSE: &str = "[on purpose: another renderer is tried]";

/// The terminal by its filter, and the file with the program's own `info` lines, every
/// crate's warnings and whatever the terminal shows.
#[cfg(not(target_arch = "wasm32"))]
struct Tee {
    terminal: env_logger::Logger,
    file: Option<Mutex<std::fs::File>>,
}

#[cfg(not(target_arch = "wasm32"))]
impl Tee {
    fn to_file(&self, metadata: &log::Metadata<'_>) -> bool {
        self.file.is_some()
            && (self.terminal.enabled(metadata)
                || metadata.level() <= log::Level::Warn
                || (metadata.level() <= log::Level::Info && metadata.target().starts_with("omweso")))
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Tee {
    /// Writes `record` to the file, if there is one.
    fn write_file(&self, record: &log::Record<'_>) {
        if let Some(file) = &self.file
            && let Ok(mut file) = file.lock()
        {
            let secs = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_secs_f64())
                .unwrap_or_default();
            // A log line that cannot be written is dropped: logging never stops the game.
            let _ = writeln!(file, "{secs:.3} {:5} {}: {}", record.level(), record.target(), record.args());
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl log::Log for Tee {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        self.terminal.enabled(metadata) || self.to_file(metadata)
    }

    fn log(&self, record: &log::Record<'_>) {
        if record.level() == log::Level::Error && record.args().to_string().contains(ON_PURPOSE) {
            let text = record.args().to_string();
            self.write_file(
                &log::Record::builder()
                    .args(format_args!("{text}"))
                    .level(log::Level::Info)
                    .target(record.target())
                    .build(),
            );
            return;
        }
        if self.terminal.matches(record) {
            self.terminal.log(record);
        }
        if self.to_file(record.metadata()) {
            self.write_file(record);
        }
    }

    fn flush(&self) {
        self.terminal.flush();
        if let Some(Ok(mut file)) = self.file.as_ref().map(Mutex::lock) {
            let _ = file.flush();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The log's text, read as the program reads its own files (`disk`, no link followed).
    fn text_of(path: &std::path::Path) -> String {
        crate::disk::read_text(path, 1 << 20, crate::disk::Links::Refuse).expect("the log reads")
    }

    #[test]
    fn a_new_run_keeps_the_last_runs_log_beside_its_own() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let (mut first, path) = open_log(dir.path()).expect("first");
        writeln!(first, "the first run").unwrap();
        drop(first);
        let (_second, again) = open_log(dir.path()).expect("second");
        assert_eq!(path, again);
        assert_eq!(text_of(&path), "");
        assert_eq!(text_of(&dir.path().join(PREVIOUS_LOG_NAME)), "the first run\n");
    }

    #[cfg(unix)]
    #[test]
    fn a_link_or_a_fifo_at_the_logs_name_is_moved_aside_never_followed_or_opened() {
        // Issue 40.3: a dangling omweso.log link made the window create the link's target
        // elsewhere, and a FIFO there hung the start.
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temporary folder");
        let data = dir.path().join("omweso");
        std::fs::create_dir(&data).unwrap();
        let elsewhere = dir.path().join("elsewhere.txt");
        std::os::unix::fs::symlink(&elsewhere, data.join(LOG_NAME)).unwrap();
        let (_log, path) = open_log(&data).expect("a log of its own");
        assert!(!elsewhere.exists(), "the link's target is not created");
        let m = std::fs::symlink_metadata(&path).unwrap();
        assert!(m.is_file(), "a regular file, not the link");
        assert_eq!(m.permissions().mode() & 0o777, 0o600, "the log is private");
        assert_eq!(std::fs::metadata(&data).unwrap().permissions().mode() & 0o777, 0o700, "so is its folder");
        std::fs::remove_file(&path).unwrap();
        crate::disk::testing::fifo(&path);
        let opened = crate::disk::testing::within(5, move || open_log(&data).map(|(_, p)| p));
        assert_eq!(opened.expect("a log of its own"), path);
    }

    #[test]
    fn an_error_made_on_purpose_is_kept_as_information() {
        use log::Log;
        let dir = tempfile::tempdir().expect("temporary folder");
        let (file, path) = open_log(dir.path()).expect("a log");
        let tee = Tee { terminal: terminal("warn"), file: Some(Mutex::new(file)) };
        let said = format!("wgpu declined {ON_PURPOSE}");
        tee.log(&log::Record::builder().args(format_args!("{said}")).level(log::Level::Error).target("eframe").build());
        tee.log(
            &log::Record::builder().args(format_args!("a real one")).level(log::Level::Error).target("eframe").build(),
        );
        let text = text_of(&path);
        assert!(text.lines().any(|l| l.contains("INFO  eframe: wgpu declined")), "{text}");
        assert!(text.lines().any(|l| l.contains("ERROR eframe: a real one")), "{text}");
    }

    #[test]
    fn the_version_names_the_package_version() {
        assert!(VERSION.starts_with(env!("CARGO_PKG_VERSION")), "{VERSION}");
    }
}
