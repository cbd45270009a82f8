//! A connection's hello answered: a game hosted, a seat joined or resumed, a game watched,
//! or a [`Refusal`] saying why not.

use crate::code::{RandomError, new_code, normalise_code, toss};
use crate::games::Shared;
use crate::protocol::{PROTOCOL_VERSION, Role, ServerMessage, SideChoice, clean_name};
use crate::record::End;
use crate::sync::lock;
use crate::table::{Conn, Table};
use omweso_rules::{LapLimitError, Side};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// Why a hello is refused (sent to the client in [`ServerMessage::Refused`]).
#[derive(Debug, thiserror::Error)]
pub(crate) enum Refusal {
    /// A client of another protocol version.
    #[error("this server speaks protocol {PROTOCOL_VERSION}, the client {client}: update the {}", to_update(.client))]
    Version {
        /// The client's version.
        client: u32,
    },
    /// Not a join code.
    #[error("`{0}` is not a join code")]
    NotACode(String),
    /// Rules that cannot be played.
    #[error("rules: {0}")]
    Rules(#[from] LapLimitError),
    /// A clock out of bounds.
    #[error("clock: 1 s to a day for the game, at most an hour of increment")]
    Clock,
    /// The store cannot keep games now (a full disk, a read-only folder…).
    #[error("the server cannot keep new games now ({0}); try later")]
    CannotKeep(String),
    /// [`crate::Limits::max_games`] are held.
    #[error("the server holds as many games as it can; try later")]
    Full,
    /// No game has the code.
    #[error("no game has the code {0}")]
    NoSuchGame(String),
    /// The game has ended.
    #[error("game {code} is over ({}); there is no seat to take", .end.line())]
    Over {
        /// The game's code.
        code: String,
        /// How it ended.
        end: End,
    },
    /// Both seats have their players.
    #[error("both seats of this game are taken (a player coming back resumes)")]
    SeatsTaken,
    /// A resume token of no seat.
    #[error("this token holds no seat of this game")]
    BadToken,
    /// The address hosted as many unfinished games as it may.
    #[error(
        "your address has {0} unfinished games on this server, as many as one address may host; finish or resign one first, or wait until it expires"
    )]
    AddressGames(usize),
    /// The address got too many codes or tokens wrong lately.
    #[error("too many wrong join codes from your address; wait a few seconds and try again")]
    WrongCodes,
    /// No code, token or coin toss could be drawn.
    #[error(transparent)]
    Random(#[from] RandomError),
}

/// Which side of a version mismatch is to be updated, in words.
fn to_update(client: &u32) -> &'static str {
    if *client < PROTOCOL_VERSION { "client" } else { "server" }
}

/// Where a connection sits once its hello is accepted.
pub(crate) struct Seated {
    /// The game's code.
    pub code: String,
    /// The connection's seat; none for a spectator.
    pub seat: Option<Side>,
}

/// Seats a connection after its hello (host, join, watch, resume); `Err` is the refusal.
/// A code or token got wrong spends one of the address's tries, and an address with none
/// left is refused every code before it is looked up.
pub(crate) fn seat(
    role: Role,
    peer: SocketAddr,
    program: &str,
    id: u64,
    tx: mpsc::Sender<ServerMessage>,
    shared: &Shared,
) -> Result<Seated, Refusal> {
    let now = std::time::Instant::now();
    let ip = peer.ip();
    let by_code = !matches!(role, Role::Host { .. });
    if by_code && !shared.addresses.may_try(ip, now) {
        return Err(Refusal::WrongCodes);
    }
    let seated = seat_role(role, peer, program, id, tx, shared);
    if let Err(Refusal::NotACode(_) | Refusal::NoSuchGame(_) | Refusal::BadToken) = &seated {
        shared.addresses.wrong(ip, now);
    }
    seated
}

/// [`seat`] once the address may try.
fn seat_role(
    role: Role,
    peer: SocketAddr,
    program: &str,
    id: u64,
    tx: mpsc::Sender<ServerMessage>,
    shared: &Shared,
) -> Result<Seated, Refusal> {
    let server = shared.config.name.clone();
    let conn = Conn { id, tx, lag: Duration::ZERO };
    let welcome = |code: &str, seat: Option<Side>, token: Option<String>| ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        server: server.clone(),
        code: code.to_string(),
        seat,
        token,
    };
    let code_of = |typed: &str| normalise_code(typed).ok_or_else(|| Refusal::NotACode(crate::shown(typed)));
    match role {
        Role::Host { name, rules, side, clock } => {
            rules.check()?;
            if clock.is_some_and(|c| !c.is_valid()) {
                return Err(Refusal::Clock);
            }
            if let Some(why) = shared.trouble() {
                return Err(Refusal::CannotKeep(why));
            }
            // The games this address hosted that are still held and unfinished (without
            // the map's lock: each table is locked on its own).
            let mut open = shared.addresses.hosted(peer.ip());
            open.retain(|code| shared.table(code).is_some_and(|t| !lock(&t).is_over()));
            if open.len() >= shared.config.limits.games_per_address {
                return Err(Refusal::AddressGames(open.len()));
            }
            let mut games = shared.games();
            if games.len() >= shared.config.limits.max_games {
                return Err(Refusal::Full);
            }
            let side = match side {
                SideChoice::Lower => Side::Lower,
                SideChoice::Upper => Side::Upper,
                SideChoice::Toss => {
                    if toss()? {
                        Side::Lower
                    } else {
                        Side::Upper
                    }
                }
            };
            let mut code = new_code()?;
            while games.contains_key(&code) {
                code = new_code()?;
            }
            let name = clean_name(&name);
            let mut table = Table::host(code.clone(), rules, clock, side, name.clone());
            let token = table.issue_token(side)?;
            table.greet(&conn, welcome(&code, Some(side), Some(token)));
            table.sit(side, conn, None);
            let handle = Arc::new(Mutex::new(table));
            shared.keep(&handle, &mut lock(&handle));
            games.insert(code.clone(), handle);
            drop(games);
            shared.addresses.host(peer.ip(), open, code.clone());
            log::info!("{peer} ({program}, `{name}`) hosts game {code} as {}", side.name());
            Ok(Seated { code, seat: Some(side) })
        }
        Role::Join { name, code } => {
            let code = code_of(&code)?;
            let handle = find(shared, &code)?;
            let mut table = lock(&handle);
            if let Some(end) = table.record.end {
                return Err(Refusal::Over { code, end });
            }
            let side = table.free_seat().ok_or(Refusal::SeatsTaken)?;
            let token = table.issue_token(side)?;
            table.greet(&conn, welcome(&code, Some(side), Some(token)));
            let name = clean_name(&name);
            table.sit(side, conn, Some(name.clone()));
            shared.keep(&handle, &mut table);
            log::info!("{peer} ({program}, `{name}`) joins game {code} as {}", side.name());
            Ok(Seated { code, seat: Some(side) })
        }
        Role::Watch { code } => {
            let code = code_of(&code)?;
            let handle = find(shared, &code)?;
            let mut table = lock(&handle);
            table.greet(&conn, welcome(&code, None, None));
            table.watch(conn);
            shared.send(&handle, &mut table);
            log::info!("{peer} ({program}) watches game {code}");
            Ok(Seated { code, seat: None })
        }
        Role::Resume { code, token } => {
            let code = code_of(&code)?;
            let handle = find(shared, &code)?;
            let mut table = lock(&handle);
            let side = table.seat_of_token(&token).ok_or(Refusal::BadToken)?;
            table.greet(&conn, welcome(&code, Some(side), Some(token)));
            table.sit(side, conn, None);
            shared.send(&handle, &mut table);
            log::info!("{peer} ({program}) resumes game {code} as {}", side.name());
            Ok(Seated { code, seat: Some(side) })
        }
    }
}

/// The game `code`, or why there is none: no such code, or a finished game no longer held
/// (with how it ended).
fn find(shared: &Shared, code: &str) -> Result<Arc<Mutex<Table>>, Refusal> {
    if let Some(table) = shared.table(code) {
        return Ok(table);
    }
    Err(match shared.ended(code) {
        Some(end) => Refusal::Over { code: code.to_string(), end },
        None => Refusal::NoSuchGame(code.to_string()),
    })
}
