//! A server started in the test (on loopback, a port the system picks) and players that
//! choose their moves by the rules alone, shared by the session tests.
#![allow(dead_code)]

use omweso_online::client::Event;
use omweso_online::{Limits, MemoryArchive, Role, Server, ServerConfig, Session, SessionConfig, SideChoice};
use omweso_rules::notation::parse_layout;
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server running on a runtime of its own, stopped when dropped.
pub struct TestServer {
    pub addr: SocketAddr,
    pub archive: Arc<MemoryArchive>,
    runtime: Option<tokio::runtime::Runtime>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// Starts a server on 127.0.0.1 with `limits`, over `archive`.
pub fn start_server_with(limits: Limits, archive: Arc<MemoryArchive>) -> TestServer {
    start_server_configured(ServerConfig { limits, ..ServerConfig::default() }, archive)
}

/// Starts a server on 127.0.0.1 as `config` says, over `archive`.
pub fn start_server_configured(config: ServerConfig, archive: Arc<MemoryArchive>) -> TestServer {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let server = runtime
        .block_on(Server::bind("127.0.0.1:0", config, Arc::clone(&archive) as Arc<dyn omweso_online::Archive>))
        .unwrap();
    let addr = server.local_addr().unwrap();
    runtime.spawn(server.run());
    TestServer { addr, archive, runtime: Some(runtime) }
}

/// Starts a server with the default limits and an empty archive.
pub fn start_server() -> TestServer {
    start_server_with(Limits::default(), Arc::new(MemoryArchive::default()))
}

pub fn config(addr: SocketAddr) -> SessionConfig {
    SessionConfig {
        server: addr.to_string(),
        program: "omweso-online tests".into(),
        extra_roots_pem: None,
        reconnect_for: Duration::from_secs(10),
    }
}

pub fn host(addr: SocketAddr, side: SideChoice) -> Session {
    let role = Role::Host { name: "Host".into(), rules: RuleOptions::default(), side, clock: None };
    Session::start(config(addr), role).unwrap()
}

pub fn join(addr: SocketAddr, code: &str) -> Session {
    Session::start(config(addr), Role::Join { name: "Guest".into(), code: code.into() }).unwrap()
}

/// The next event within 10 s.
pub fn next(session: &Session) -> Event {
    session.next_event(Duration::from_secs(10)).expect("an event within 10 s")
}

/// The host's code, from its first event.
pub fn code_of(session: &Session) -> (String, Side) {
    match next(session) {
        Event::Welcome { code, seat: Some(seat), .. } => (code, seat),
        other => panic!("expected a welcome, got {other:?}"),
    }
}

/// A move chosen by the rules alone: the `k`-th legal move for a seeded `k`.
pub fn pick(state: &GameState, seed: &mut u64) -> Move {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let moves = state.legal_moves();
    moves[(*seed >> 33) as usize % moves.len()].clone()
}

/// Each side's layout: 4 seeds in each back-row hole (RULES.md §2's checking layout).
pub fn checking_layout(side: Side) -> Layout {
    parse_layout(if side == Side::Lower { "4i-p" } else { "4I-P" }, side).unwrap()
}

/// What one player saw of a game it played to the end.
#[derive(Debug, Default)]
pub struct Seen {
    pub moves: Vec<String>,
    pub end: Option<String>,
    pub events: Vec<String>,
}

/// Plays `session` (seated) to the end: checking layouts, moves picked by `seed`, at most
/// `limit` long; `stop_after` moves of its own, if set, ends the loop early (the session
/// is given back for a fault test).
pub fn play_out(session: &Session, seed: u64, limit: Duration) -> Seen {
    let mut seed = seed;
    let mut seen = Seen::default();
    let until = Instant::now() + limit;
    while Instant::now() < until {
        let Some(event) = session.next_event(Duration::from_millis(200)) else { continue };
        seen.events.push(format!("{event:?}").chars().take(80).collect());
        match event {
            Event::LayOut { side, .. } => session.lay_out(checking_layout(side)),
            Event::YourMove { number, state } => session.play(number, pick(&state, &mut seed)),
            Event::Moved { mv, .. } => seen.moves.push(mv.to_string()),
            Event::Ended { end } => {
                seen.end = Some(end.line());
                return seen;
            }
            Event::Failed { error } => panic!("the session failed: {error}; {:?}", seen.events),
            _ => {}
        }
    }
    panic!("no end within {limit:?}: {:?}", seen.events.iter().rev().take(10).collect::<Vec<_>>());
}
