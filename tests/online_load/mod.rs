//! Players for load on a running `omweso serve` (loopback only), shared by the load bench
//! (`benches/serve_load.rs`) and the test of `kill -9` under load (`tests/online_store.rs`):
//! a game is a host and a guest on connections of their own, each a `ClientGame` that plays
//! every move it hears with the rules and trusts nothing, choosing its moves by a seed. A
//! player moves at once or at a pace; it measures the relay latency of the other's moves
//! (from the sender's send to its own reading) and, when asked, the round trip of its own
//! pings; every move the server relayed (which it keeps before relaying) is noted.
#![allow(dead_code)]

use omweso_online::client::{ClientGame, Connection, Event};
use omweso_online::protocol::{ClientMessage, Role, ServerMessage};
use omweso_online::{PROTOCOL_VERSION, SideChoice};
use omweso_rules::notation::format_layout;
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::time::sleep_until;

/// How a game is played.
#[derive(Clone, Copy, Debug)]
pub struct Pace {
    /// The time between one move of the game and the next (zero: at once).
    pub every: Duration,
    /// The least time between two messages of one player (the server's rate limit is 20 a
    /// second).
    pub gap: Duration,
    /// How often each player pings the server (and measures the answer), if at all.
    pub ping_every: Option<Duration>,
    /// When the players stop (closing their connections), finished or not.
    pub until: Instant,
    /// A game longer than this is resigned.
    pub max_moves: usize,
}

/// What one game's players measured.
#[derive(Debug, Default)]
pub struct Measured {
    /// The game's code.
    pub code: String,
    /// The moves the server relayed (kept before relaying), as the host heard them.
    pub relayed: Vec<String>,
    /// The relay latencies of the moves, as their receivers measured them.
    pub latencies: Vec<Duration>,
    /// The round trips of the players' pings.
    pub pings: Vec<Duration>,
    /// Connections the server closed (or that broke) before the game ended or the players
    /// stopped, with the reason.
    pub cut: Vec<String>,
    /// Whether the game ended.
    pub ended: bool,
}

/// A game set up among many at once: its players seat themselves while holding `permit`
/// (bounding the set-ups at once), count themselves in `seated` (seated or failed), and make
/// no move until `go` says when to stop (so that the moves of thousands of games are
/// measured once all are set up, not while the others still set up).
pub struct SetUp {
    pub permit: tokio::sync::OwnedSemaphorePermit,
    pub seated: Arc<std::sync::atomic::AtomicUsize>,
    pub go: tokio::sync::watch::Receiver<Option<Instant>>,
}

/// When each move of one game was sent, by its number.
type Sent = Arc<Mutex<Vec<Option<Instant>>>>;

fn next_seed(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *seed >> 33
}

fn pick(state: &GameState, seed: &mut u64) -> Move {
    let moves = state.legal_moves();
    moves[next_seed(seed) as usize % moves.len()].clone()
}

/// A layout drawn by the seed: 32 seeds dropped one by one into holes the seed picks.
fn layout(side: Side, seed: &mut u64) -> Layout {
    let mut counts = [0u8; 16];
    for _ in 0..32 {
        counts[next_seed(seed) as usize % 16] += 1;
    }
    Layout::new(side, counts).expect("32 seeds")
}

/// One game on `addr`: hosted, joined, laid out and played as `pace` says; `Err` when it
/// could not even be hosted or joined (the reason).
/// `set_up`, if given: see [`SetUp`].
pub async fn game(addr: String, seed: u64, pace: Pace, set_up: Option<SetUp>) -> Result<Measured, String> {
    let sent: Sent = Arc::new(Mutex::new(Vec::new()));
    let role = Role::Host { name: "Host".into(), rules: RuleOptions::default(), side: SideChoice::Lower, clock: None };
    let seated = async {
        let host = Player::seat(&addr, role, seed * 2 + 1).await?;
        let join = Role::Join { name: "Guest".into(), code: host.code.clone() };
        let guest = Player::seat(&addr, join, seed * 2 + 2).await?;
        Ok::<_, String>((host, guest))
    }
    .await;
    let go = set_up.map(|s| {
        s.seated.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        s.go
    });
    let (host, guest) = seated?;
    let code = host.code.clone();
    let (h, g) = tokio::join!(host.play(Arc::clone(&sent), pace, true, go.clone()), guest.play(sent, pace, false, go));
    let mut measured = Measured { code, ..Measured::default() };
    for (i, p) in [h, g].into_iter().enumerate() {
        if i == 0 {
            measured.relayed = p.relayed;
            measured.ended = p.ended;
        }
        measured.latencies.extend(p.latencies);
        measured.pings.extend(p.pings);
        measured.cut.extend(p.cut);
    }
    Ok(measured)
}

struct Player {
    conn: Connection,
    game: ClientGame,
    code: String,
    seed: u64,
}

/// What one player measured.
#[derive(Default)]
struct Heard {
    relayed: Vec<String>,
    latencies: Vec<Duration>,
    pings: Vec<Duration>,
    cut: Vec<String>,
    ended: bool,
}

impl Player {
    async fn seat(addr: &str, role: Role, seed: u64) -> Result<Player, String> {
        let mut conn = Connection::open(addr, None).await.map_err(|e| e.to_string())?;
        let hello = ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "load".into(), role };
        conn.send(&hello).await.map_err(|e| e.to_string())?;
        let mut game = ClientGame::new(None);
        let message = tokio::time::timeout(Duration::from_secs(30), conn.recv())
            .await
            .map_err(|_| "no welcome within 30 s".to_string())?
            .map_err(|e| e.to_string())?;
        let mut code = String::new();
        for event in game.receive(message).map_err(|e| e.to_string())? {
            if let Event::Welcome { code: c, .. } = event {
                code = c;
            }
        }
        if code.is_empty() {
            return Err("not welcomed".into());
        }
        Ok(Player { conn, game, code, seed })
    }

    async fn play(
        mut self,
        sent: Sent,
        mut pace: Pace,
        note: bool,
        mut go: Option<tokio::sync::watch::Receiver<Option<Instant>>>,
    ) -> Heard {
        let mut heard = Heard::default();
        let mut until = tokio::time::Instant::from_std(pace.until);
        let mut last_move = Instant::now();
        let mut last_sent = Instant::now() - pace.gap;
        let mut next_ping =
            pace.ping_every.map(|e| Instant::now() + e.mul_f64(next_seed(&mut self.seed) as f64 / 2f64.powi(31)));
        let mut ping_out: Option<(u64, Instant)> = None;
        let mut want_layout = false;
        let mut ping_id = 0u64;
        loop {
            // What is due next: a layout or a move of ours, a ping, the end.
            let may_move = go.is_none();
            let move_at = if want_layout || (may_move && self.game.to_move().is_some()) {
                Some((last_move + pace.every).max(last_sent + pace.gap))
            } else {
                None
            };
            let wake = [move_at, next_ping].into_iter().flatten().min();
            let wake = wake.map_or(until, |w| tokio::time::Instant::from_std(w).min(until));
            let message = tokio::select! {
                m = self.conn.recv() => Some(m),
                () = sleep_until(wake) => None,
                changed = async { go.as_mut().expect("waiting").changed().await }, if go.is_some() => {
                    // Go: stop at the time given; the first move at a point of the pace
                    // drawn by the seed, so the games do not all move at once.
                    let stop = go.take().and_then(|g| if changed.is_ok() { *g.borrow() } else { None });
                    pace.until = stop.unwrap_or(pace.until).min(pace.until);
                    until = tokio::time::Instant::from_std(pace.until);
                    let spread = pace.every.mul_f64(next_seed(&mut self.seed) as f64 / 2f64.powi(31));
                    last_move = Instant::now().checked_sub(spread).unwrap_or_else(Instant::now);
                    None
                }
            };
            let now = Instant::now();
            if now >= pace.until {
                break;
            }
            match message {
                Some(Ok(ServerMessage::Pong { id })) => {
                    if let Some((_, at)) = ping_out.take_if(|(out, _)| *out == id) {
                        heard.pings.push(now - at);
                    }
                }
                Some(Ok(message)) => {
                    want_layout |= matches!(message, ServerMessage::LayOut);
                    let events = match self.game.receive(message) {
                        Ok(events) => events,
                        Err(e) => {
                            heard.cut.push(format!("{}: {e}", self.code));
                            break;
                        }
                    };
                    for event in events {
                        match event {
                            Event::Moved { number, mv, .. } => {
                                last_move = now;
                                if note {
                                    heard.relayed.push(mv.to_string());
                                }
                                let mover = omweso_online::record::mover(number);
                                let at = sent.lock().unwrap().get(number).copied().flatten();
                                if let Some(at) = at
                                    && self.game.seat() != Some(mover)
                                {
                                    heard.latencies.push(now.saturating_duration_since(at));
                                }
                            }
                            Event::Started { .. } => last_move = now,
                            Event::Ended { .. } => heard.ended = true,
                            _ => {}
                        }
                    }
                    if heard.ended {
                        break;
                    }
                }
                Some(Err(e)) => {
                    heard.cut.push(format!("{}: {e}", self.code));
                    break;
                }
                None => {}
            }
            let now = Instant::now();
            if next_ping.is_some_and(|p| p <= now) && now >= last_sent + pace.gap {
                ping_id += 1;
                ping_out = Some((ping_id, now));
                next_ping = pace.ping_every.map(|e| now + e);
                last_sent = now;
                if let Err(e) = self.conn.send(&ClientMessage::Ping { id: ping_id }).await {
                    heard.cut.push(format!("{}: {e}", self.code));
                    break;
                }
            }
            if move_at.is_none_or(|at| at > now) {
                continue;
            }
            let side = self.game.seat().expect("seated");
            let message = if want_layout {
                want_layout = false;
                ClientMessage::Layout { layout: format_layout(&layout(side, &mut self.seed), side) }
            } else if let Some((number, state)) = self.game.to_move() {
                if number >= pace.max_moves {
                    ClientMessage::Resign
                } else {
                    let mv = pick(state, &mut self.seed);
                    let mut sent = sent.lock().unwrap();
                    if sent.len() <= number {
                        sent.resize(number + 1, None);
                    }
                    sent[number] = Some(now);
                    ClientMessage::Move { number: number as u32, mv: mv.to_string() }
                }
            } else {
                continue;
            };
            last_sent = now;
            // A move (or resignation) is sent once: until the server relays it, the game
            // still waits for it, and it is not sent again.
            if !matches!(message, ClientMessage::Layout { .. }) {
                last_move = now + Duration::from_secs(3600);
            }
            if let Err(e) = self.conn.send(&message).await {
                heard.cut.push(format!("{}: {e}", self.code));
                break;
            }
        }
        self.conn.close().await;
        heard
    }
}
