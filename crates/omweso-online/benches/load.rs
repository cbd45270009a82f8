//! The load benchmark (a bench binary, not a timed test): `cargo bench -p omweso-online
//! --bench load [-- GAMES]` plays GAMES games (500 unless told) at once through one server on
//! loopback, every move checked by the rules on the server and in both clients (each client
//! is a [`ClientGame`] over its own [`Connection`]), and reports the moves a second and the
//! relay latency: the time from a client sending its move to the other client having it
//! read and played (median, 99th percentile, worst).
//!
//! The clients answer at once, so a game moves far faster than people play; the server's
//! per-connection rate limit is raised for the run, and so is what one address may hold (all
//! the clients are on loopback); the other limits are the defaults.

use omweso_online::client::{ClientGame, Connection, Event};
use omweso_online::protocol::{ClientMessage, Role, ServerMessage};
use omweso_online::{Limits, MemoryArchive, PROTOCOL_VERSION, Server, ServerConfig, SideChoice};
use omweso_rules::notation::format_layout;
use omweso_rules::{GameState, Layout, RuleOptions, Side};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::Barrier;

/// A game longer than this is resigned (random play nearly always ends well before).
const MAX_MOVES: usize = 1000;

/// When each move of one game was sent, by its number.
type Sent = Arc<Mutex<Vec<Option<Instant>>>>;

fn pick(state: &GameState, seed: &mut u64) -> omweso_rules::Move {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    let moves = state.legal_moves();
    moves[(*seed >> 33) as usize % moves.len()].clone()
}

/// A layout drawn by the seed: 32 seeds dropped one by one into holes the seed picks.
fn layout(side: Side, seed: &mut u64) -> Layout {
    let mut counts = [0u8; 16];
    for _ in 0..32 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        counts[(*seed >> 33) as usize % 16] += 1;
    }
    Layout::new(side, counts).expect("32 seeds")
}

/// Released when every game's layouts are in: then all play at once.
static ALL_LAID_OUT: OnceLock<Barrier> = OnceLock::new();
/// When the barrier was released.
static PLAY_STARTED: OnceLock<Instant> = OnceLock::new();

/// Games between their start and their end, and the most at one time.
static PLAYING: AtomicUsize = AtomicUsize::new(0);
static MOST_PLAYING: AtomicUsize = AtomicUsize::new(0);

/// One client playing to the end; the relay latencies it measured (of the other's moves).
async fn client(
    addr: String,
    role: Role,
    sent: Sent,
    mut seed: u64,
    code_tx: Option<tokio::sync::oneshot::Sender<String>>,
) -> (Vec<Duration>, usize) {
    let mut conn = Connection::open(&addr, None).await.expect("connect");
    let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "load bench".into(), role };
    conn.send(&hello).await.expect("hello");
    let mut game = ClientGame::new(None);
    let mut latencies = Vec::new();
    let mut code_tx = code_tx;
    loop {
        let message = conn.recv().await.expect("a message");
        let is_layout = matches!(message, ServerMessage::LayOut);
        let received = Instant::now();
        for event in game.receive(message).expect("the server's messages follow the rules") {
            match event {
                Event::Welcome { code, .. } => {
                    if let Some(tx) = code_tx.take() {
                        let _ = tx.send(code);
                    }
                }
                Event::Moved { number, .. } => {
                    // The other side's moves only (a mover hears its own come back too);
                    // Lower makes the even-numbered moves.
                    let mover = if number % 2 == 0 { Side::Lower } else { Side::Upper };
                    let at = sent.lock().unwrap().get(number).copied().flatten();
                    if let Some(at) = at
                        && game.seat() != Some(mover)
                    {
                        latencies.push(received.saturating_duration_since(at));
                    }
                }
                Event::Started { .. } if game.seat() == Some(Side::Lower) => {
                    let now = PLAYING.fetch_add(1, Ordering::Relaxed) + 1;
                    MOST_PLAYING.fetch_max(now, Ordering::Relaxed);
                    if let Some(barrier) = ALL_LAID_OUT.get()
                        && barrier.wait().await.is_leader()
                    {
                        let _ = PLAY_STARTED.set(Instant::now());
                    }
                }
                Event::Ended { .. } => {
                    if game.seat() == Some(Side::Lower) {
                        PLAYING.fetch_sub(1, Ordering::Relaxed);
                    }
                    let moves = game.moves().len();
                    conn.close().await;
                    return (latencies, moves);
                }
                _ => {}
            }
        }
        if is_layout {
            let side = game.seat().expect("seated");
            conn.send(&ClientMessage::Layout { layout: format_layout(&layout(side, &mut seed), side) })
                .await
                .expect("layout");
        }
        if let Some((number, state)) = game.to_move() {
            if number >= MAX_MOVES {
                conn.send(&ClientMessage::Resign).await.expect("resign");
                continue;
            }
            let mv = pick(state, &mut seed);
            {
                let mut sent = sent.lock().unwrap();
                if sent.len() <= number {
                    sent.resize(number + 1, None);
                }
                sent[number] = Some(Instant::now());
            }
            conn.send(&ClientMessage::Move { number: number as u32, mv: mv.to_string() }).await.expect("move");
        }
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let games: usize =
        std::env::args().skip(1).find(|a| !a.starts_with('-')).and_then(|a| a.parse().ok()).unwrap_or(500);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
    let _ = ALL_LAID_OUT.set(Barrier::new(games));
    runtime.block_on(async {
        // Every client is on one address (loopback): its share is lifted to the whole server.
        let limits = Limits {
            messages_per_second: 10_000,
            burst: 10_000,
            connections_per_address: usize::MAX,
            games_per_address: usize::MAX,
            ..Limits::default()
        };
        let config = ServerConfig { limits, ..ServerConfig::default() };
        let archive = Arc::new(MemoryArchive::default());
        let server = Server::bind("127.0.0.1:0", config, archive).await.unwrap();
        let addr = server.local_addr().unwrap().to_string();
        tokio::spawn(server.run());
        // Every game hosted first; then every guest joins at once, so that all play at once.
        let mut tasks = Vec::new();
        let mut codes = Vec::new();
        let mut sents = Vec::new();
        for g in 0..games {
            let sent: Sent = Arc::new(Mutex::new(Vec::new()));
            let (tx, rx) = tokio::sync::oneshot::channel();
            let host =
                Role::Host { name: "h".into(), rules: RuleOptions::default(), side: SideChoice::Lower, clock: None };
            tasks.push(tokio::spawn(client(addr.clone(), host, Arc::clone(&sent), g as u64 * 2 + 1, Some(tx))));
            codes.push(rx);
            sents.push(sent);
        }
        let started = Instant::now();
        for (g, (rx, sent)) in codes.into_iter().zip(sents).enumerate() {
            let join = Role::Join { name: "g".into(), code: rx.await.unwrap() };
            tasks.push(tokio::spawn(client(addr.clone(), join, sent, g as u64 * 2 + 2, None)));
        }
        let mut latencies = Vec::new();
        let mut moves = 0;
        for (i, task) in tasks.into_iter().enumerate() {
            let (l, m) = task.await.unwrap();
            latencies.extend(l);
            if i < games {
                moves += m;
            }
        }
        let seconds = PLAY_STARTED.get().copied().unwrap_or(started).elapsed().as_secs_f64();
        latencies.sort();
        println!(
            "{games} games ({} at once at the most), {moves} moves in {seconds:.2} s: {:.0} moves a second",
            MOST_PLAYING.load(Ordering::Relaxed),
            moves as f64 / seconds
        );
        println!(
            "relay latency over {} moves: median {:.2} ms, p99 {:.2} ms, worst {:.2} ms",
            latencies.len(),
            percentile(&latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
            latencies.last().copied().unwrap_or_default().as_secs_f64() * 1e3
        );
    });
}
