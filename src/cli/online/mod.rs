//! `omweso serve` and `omweso online host|join|watch`: online play from the command line,
//! over the `omweso-online` crate (see `docs/online.md`). The players drive an
//! [`omweso_online::Session`], as the window will.

mod archive;
mod files;
mod page;
mod player;

pub use archive::{DiskArchive, saved_game};

use super::state_args::RuleArgs;
use omweso_engine::Level;
use omweso_online::{ClockSpec, Limits, Server, ServerConfig, SideChoice};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

/// The longest a certificate or key file may be.
const MAX_PEM_BYTES: u64 = 1024 * 1024;

/// `omweso online …`.
#[derive(Debug, clap::Subcommand)]
pub enum OnlineCommand {
    /// Open a game on a server: prints `code <CODE>` first (give the code to the other
    /// player), then `seat <side>`, `start <game state>`, each move as `move <n> <side>
    /// <move>`, and the outcome line as `apply` prints it.
    Host {
        /// The server, the player's name and who plays the seat.
        #[command(flatten)]
        seat: SeatArgs,
        /// The host's side: lower (moves first), upper, or a coin toss by the server.
        #[arg(long, value_enum, default_value = "toss")]
        side: SideArg,
        /// A game clock kept by the server: SECONDS for each side's game, with `+INC`
        /// seconds added after each move (e.g. `600+5`).
        #[arg(long, value_parser = parse_clock)]
        clock: Option<ClockSpec>,
        /// The rule options of the game.
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Take the other seat of a game by its code; prints as `host` does (without the code).
    Join {
        /// The server, the player's name and who plays the seat.
        #[command(flatten)]
        seat: SeatArgs,
        /// The join code the host was given.
        #[arg(long)]
        code: String,
    },
    /// Take a seat again after the program playing it ended (a crash, a lost terminal), with
    /// the seat's token, which `host` and `join` print on standard error; prints as `join`.
    Resume {
        /// The server, the player's name and who plays the seat.
        #[command(flatten)]
        seat: SeatArgs,
        /// The game's join code.
        #[arg(long)]
        code: String,
        /// The seat's resume token.
        #[arg(long)]
        token: String,
    },
    /// Follow a game by its code: prints the start and the moves as they are played, and
    /// the outcome line.
    Watch {
        /// The server: `host:port`, `ws://host:port` or `wss://host:port`.
        #[arg(long)]
        server: String,
        /// The game's join code.
        #[arg(long)]
        code: String,
        /// A certificate authority to trust for `wss://` (PEM), e.g. a club's own.
        #[arg(long)]
        ca: Option<PathBuf>,
    },
}

/// A player's connection and who plays its moves.
#[derive(Debug, Clone, clap::Args)]
pub struct SeatArgs {
    /// The server: `host:port`, `ws://host:port` or `wss://host:port`.
    #[arg(long)]
    pub server: String,
    /// The engine plays this side at this level (beginner, casual, strong, master);
    /// without it, layouts and moves are read from standard input, one a line, in RULES.md
    /// §5 notation.
    #[arg(long)]
    pub computer: Option<Level>,
    /// Time for each of the engine's moves, in milliseconds.
    #[arg(long, default_value_t = 200)]
    pub time_ms: u64,
    /// Seed of the engine's randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The player's name, shown to the other side.
    #[arg(long, default_value = "")]
    pub name: String,
    /// A certificate authority to trust for `wss://` (PEM), e.g. a club's own.
    #[arg(long)]
    pub ca: Option<PathBuf>,
    /// How long to keep trying to reconnect when the connection drops, in seconds.
    #[arg(long, default_value_t = 120)]
    pub reconnect_s: u64,
}

/// The host's side on the command line.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SideArg {
    /// Lower, which moves first.
    Lower,
    /// Upper.
    Upper,
    /// The server tosses a coin.
    Toss,
}

impl From<SideArg> for SideChoice {
    fn from(s: SideArg) -> SideChoice {
        match s {
            SideArg::Lower => SideChoice::Lower,
            SideArg::Upper => SideChoice::Upper,
            SideArg::Toss => SideChoice::Toss,
        }
    }
}

/// `SECONDS[+INC]`.
fn parse_clock(text: &str) -> Result<ClockSpec, String> {
    let (seconds, increment) = text.split_once('+').unwrap_or((text, "0"));
    let number = |t: &str| t.trim().parse::<u32>().map_err(|_| format!("`{t}` is not a whole number of seconds"));
    let spec = ClockSpec { seconds: number(seconds)?, increment: number(increment)? };
    if !spec.is_valid() {
        return Err("the game takes 1 to 86400 seconds a side, the increment at most 3600".into());
    }
    Ok(spec)
}

/// The settings of `omweso serve`.
#[derive(Debug, Clone, clap::Args)]
pub struct ServeArgs {
    /// The address to listen on, e.g. `0.0.0.0:8642` (port 0: one the system picks; the
    /// first line printed is `listening <address>`).
    #[arg(long)]
    pub listen: String,
    /// The folder that keeps every game served (one saved game file each, readable by
    /// `omweso check`); unfinished games in it are resumed.
    #[arg(long)]
    pub data: PathBuf,
    /// The server's certificate chain (PEM), for TLS (`wss://`); needs `--key`.
    #[arg(long, requires = "key")]
    pub cert: Option<PathBuf>,
    /// The certificate's private key (PEM).
    #[arg(long, requires = "cert")]
    pub key: Option<PathBuf>,
    /// Connections open at once; without it, as many as the file limit leaves room for
    /// (the server raises its soft limit to the hard one at start), and a larger number is
    /// cut to that with a warning.
    #[arg(long)]
    pub max_connections: Option<usize>,
    /// Connections one address (IP) may hold open at once.
    #[arg(long, default_value_t = Limits::default().connections_per_address)]
    pub connections_per_address: usize,
    /// Unfinished games one address (IP) may have hosted on the server at once.
    #[arg(long, default_value_t = Limits::default().games_per_address)]
    pub games_per_address: usize,
    /// An unfinished game no player has been connected to for this long is let go and not
    /// resumed again: a number and a unit, s, m, h or d (e.g. `12h`).
    #[arg(long, default_value = "7d", value_parser = parse_span)]
    pub expire_after: std::time::Duration,
    /// The page to serve at `/` on the same port, for browsers: the folder `.ci/web` builds
    /// (`target/web`). Without it, the folder `web` beside the program, or else `web` beside
    /// the program's folder (`target/web` for `target/release/omweso`); with neither, `/`
    /// says the page is not built.
    #[arg(long, value_name = "DIR")]
    pub web: Option<PathBuf>,
}

/// `N` followed by `s`, `m`, `h` or `d`.
fn parse_span(text: &str) -> Result<std::time::Duration, String> {
    let text = text.trim();
    let unit = text.chars().last().ok_or("a number and a unit: s, m, h or d (e.g. 12h)")?;
    let seconds = match unit {
        's' => 1,
        'm' => 60,
        'h' => 3600,
        'd' => 86_400,
        _ => return Err(format!("`{}`: a number and a unit: s, m, h or d (e.g. 12h)", crate::quote::quoted(text))),
    };
    let number = text[..text.len() - 1]
        .trim()
        .parse::<u64>()
        .map_err(|_| format!("`{}` is not a whole number and a unit", crate::quote::quoted(text)))?;
    match number.checked_mul(seconds) {
        Some(s) if s > 0 => Ok(std::time::Duration::from_secs(s)),
        _ => Err(format!("`{}`: at least 1 s, at most a few centuries", crate::quote::quoted(text))),
    }
}

/// `omweso serve`: runs until killed; says `listening <address>` once bound.
///
/// # Errors
/// The address, the data folder, the certificate or the key, in one line.
pub fn serve(args: &ServeArgs, out: &mut dyn Write) -> Result<(), String> {
    let archive = Arc::new(DiskArchive::open(&args.data)?);
    let tls = match (&args.cert, &args.key) {
        (Some(cert), Some(key)) => {
            let read = |p: &PathBuf| {
                crate::disk::read(p, MAX_PEM_BYTES, crate::disk::Links::Follow).map_err(|e| e.to_string())
            };
            Some(omweso_online::tls::acceptor(&read(cert)?, &read(key)?).map_err(|e| e.to_string())?)
        }
        _ => None,
    };
    let file_limit = files::raise_file_limit();
    let (max_connections, cut) = files::max_connections(args.max_connections, file_limit);
    let limits = Limits {
        max_connections,
        connections_per_address: args.connections_per_address,
        games_per_address: args.games_per_address,
        expire_after: args.expire_after,
        ..Limits::default()
    };
    let (web, page_line) = page::page_folder(args.web.as_deref())?;
    let config = ServerConfig { limits, tls, name: format!("omweso {}", env!("OMWESO_VERSION")), web };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    runtime.block_on(async {
        let server = Server::bind(&args.listen, config, archive).await.map_err(|e| e.to_string())?;
        let addr = server.local_addr().map_err(|e| e.to_string())?;
        let files = match file_limit {
            Some(l) if l.now > l.before => format!("file limit {} (raised from {})", l.now, l.before),
            Some(l) => format!("file limit {}", l.now),
            None => "file limit unknown".to_string(),
        };
        // Both lines in one write: a caller that reads the first line (the address) and
        // closes the pipe must not make the second fail and end the server.
        let lines = format!("listening {addr}\nconnections at most {max_connections} ({files})\n{page_line}\n");
        out.write_all(lines.as_bytes()).and_then(|_| out.flush()).map_err(crate::cli::output::io)?;
        if let Some(warning) = cut {
            log::warn!("{warning}");
        }
        log::info!("listening on {addr}, keeping games in {}", args.data.display());
        server.run().await;
        Ok(())
    })
}

/// `omweso online …`.
///
/// # Errors
/// One line: the connection, the server's refusal, a broken game, or the input.
pub fn online(command: &OnlineCommand, out: &mut dyn Write) -> Result<(), String> {
    match command {
        OnlineCommand::Host { seat, side, clock, rules } => {
            let role = omweso_online::Role::Host {
                name: seat.name.clone(),
                rules: rules.options(),
                side: (*side).into(),
                clock: *clock,
            };
            player::play(seat, role, out)
        }
        OnlineCommand::Join { seat, code } => {
            let role = omweso_online::Role::Join { name: seat.name.clone(), code: code.clone() };
            player::play(seat, role, out)
        }
        OnlineCommand::Resume { seat, code, token } => {
            let role = omweso_online::Role::Resume { code: code.clone(), token: token.clone() };
            player::play(seat, role, out)
        }
        OnlineCommand::Watch { server, code, ca } => player::watch(server, code, ca.as_ref(), out),
    }
}

/// The session's settings from the command line (the CA file read through `disk`).
fn session_config(
    server: &str,
    ca: Option<&PathBuf>,
    reconnect_s: u64,
) -> Result<omweso_online::SessionConfig, String> {
    let extra_roots_pem = match ca {
        Some(path) => {
            Some(crate::disk::read(path, MAX_PEM_BYTES, crate::disk::Links::Follow).map_err(|e| e.to_string())?)
        }
        None => None,
    };
    Ok(omweso_online::SessionConfig {
        server: server.to_string(),
        program: format!("omweso {}", env!("OMWESO_VERSION")),
        extra_roots_pem,
        reconnect_for: std::time::Duration::from_secs(reconnect_s),
    })
}

#[cfg(test)]
mod tests {
    use super::parse_span;
    use std::time::Duration;

    #[test]
    fn a_span_is_a_number_and_a_unit() {
        assert_eq!(parse_span("7d"), Ok(Duration::from_secs(7 * 86_400)));
        assert_eq!(parse_span("90s"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_span(" 12h "), Ok(Duration::from_secs(12 * 3600)));
        for bad in ["", "7", "d", "0m", "-1h", "1.5h", "99999999999999999999d"] {
            assert!(parse_span(bad).is_err(), "{bad}");
        }
    }
}
