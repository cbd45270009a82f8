//! One client's connection on the server: the handshakes (TLS, WebSocket, hello) within
//! [`Limits::handshake`], then messages in both directions until the client leaves or breaks
//! a limit. Every frame's size is checked by tungstenite before it is buffered
//! ([`Limits::max_frame_bytes`]); the rate by a token bucket; silence by a deadline that
//! every frame moves. A broken rule gets an [`ServerMessage::Error`] saying which, and the
//! connection closes; the game is left as it was, for the player to resume.

use crate::code::{new_code, normalise_code, toss};
use crate::protocol::{
    ClientMessage, PROTOCOL_VERSION, Role, ServerMessage, SideChoice, Update, clean_name, decode, encode,
};
use crate::server::{Limits, Shared, lock};
use crate::table::{Conn, Table};
use futures_util::{SinkExt, StreamExt};
use omweso_rules::Side;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

/// Messages queued for one connection before it counts as too slow.
const OUTBOX: usize = 256;

/// Serves one accepted socket to its end, logging why it closed.
pub(crate) async fn serve(socket: TcpStream, peer: SocketAddr, shared: Arc<Shared>) {
    let limits = shared.config.limits.clone();
    let _ = socket.set_nodelay(true);
    let why = match shared.config.tls.clone() {
        Some(acceptor) => match tokio::time::timeout(limits.handshake, acceptor.accept(socket)).await {
            Ok(Ok(tls)) => websocket(tls, peer, &shared).await,
            Ok(Err(e)) => format!("TLS handshake failed: {e}"),
            Err(_) => format!("no TLS handshake within {:?}", limits.handshake),
        },
        None => websocket(socket, peer, &shared).await,
    };
    log::info!("{peer}: closed: {why}");
}

async fn websocket<S: AsyncRead + AsyncWrite + Unpin>(stream: S, peer: SocketAddr, shared: &Shared) -> String {
    let limits = &shared.config.limits;
    let config = WebSocketConfig::default()
        .max_message_size(Some(limits.max_frame_bytes))
        .max_frame_size(Some(limits.max_frame_bytes));
    let accepted =
        tokio::time::timeout(limits.handshake, tokio_tungstenite::accept_async_with_config(stream, Some(config)));
    let mut ws = match accepted.await {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => return format!("not a WebSocket handshake: {e}"),
        Err(_) => return format!("no WebSocket handshake within {:?}", limits.handshake),
    };
    let id = shared.next_id();
    let mut seated = None;
    let why = match session(&mut ws, peer, id, shared, &mut seated).await {
        Ok(why) => why,
        Err(error) => {
            let _ = ws.send(Message::text(encode(&ServerMessage::Error { message: error.clone() }))).await;
            error
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
    // Whatever happened, the connection leaves its table.
    if let Some(table) = seated.and_then(|s: Seated| shared.table(&s.code)) {
        let mut table = lock(&table);
        table.leave(id);
        table.flush();
    }
    why
}

/// Where a connection sits once its hello is accepted.
struct Seated {
    code: String,
    seat: Option<Side>,
}

/// The connection's life after the WebSocket handshake; `Ok` is a quiet end (the reason
/// for the log), `Err` a broken rule (sent to the client before closing).
async fn session<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<S>,
    peer: SocketAddr,
    id: u64,
    shared: &Shared,
    seated_out: &mut Option<Seated>,
) -> Result<String, String> {
    let limits = shared.config.limits.clone();
    let hello = match tokio::time::timeout(limits.handshake, next_text(ws)).await {
        Ok(Ok(Some(text))) => text,
        Ok(Ok(None)) => return Ok("left before saying hello".into()),
        Ok(Err(e)) => return Err(e),
        Err(_) => return Err(format!("no hello within {:?}", limits.handshake)),
    };
    let (protocol, program, role) = match decode::<ClientMessage>(&hello).map_err(|e| e.to_string())? {
        ClientMessage::Hello { protocol, program, role } => (protocol, clean_name(&program), role),
        _ => return Err("the first message must be a hello".into()),
    };
    if protocol != PROTOCOL_VERSION {
        let update = if protocol < PROTOCOL_VERSION { Update::Client } else { Update::Server };
        let reason = format!(
            "this server speaks protocol {PROTOCOL_VERSION}, the client {protocol}: update the {}",
            if update == Update::Client { "client" } else { "server" }
        );
        let _ = ws
            .send(Message::text(encode(&ServerMessage::Refused { reason: reason.clone(), update: Some(update) })))
            .await;
        return Ok(format!("refused ({program}): {reason}"));
    }
    let (tx, mut rx) = mpsc::channel::<ServerMessage>(OUTBOX);
    let seated = match seat(role, peer, &program, id, tx, shared) {
        Ok(seated) => {
            *seated_out = Some(Seated { code: seated.code.clone(), seat: seated.seat });
            seated
        }
        Err(reason) => {
            let _ =
                ws.send(Message::text(encode(&ServerMessage::Refused { reason: reason.clone(), update: None }))).await;
            return Ok(format!("refused ({program}): {reason}"));
        }
    };
    let mut bucket = Bucket::new(&limits);
    let mut ping = tokio::time::interval(limits.ping_every);
    ping.tick().await;
    let mut pings_out: Option<(u64, Instant)> = None;
    let mut heard = Instant::now();
    let started = Instant::now();
    loop {
        let deadline = tokio::time::Instant::from_std(heard + limits.silence);
        tokio::select! {
            frame = ws.next() => {
                heard = Instant::now();
                let text = match frame {
                    None => return Ok("the client went away".into()),
                    Some(Err(e)) if is_cut(&e) => return Ok(format!("the connection was cut ({e})")),
                    Some(Err(e)) => return Err(format!("a bad frame: {e}")),
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) => return Ok("the client closed the connection".into()),
                    Some(Ok(Message::Binary(_))) => return Err("binary frames are not part of the protocol".into()),
                    Some(Ok(_)) => continue, // WebSocket pings and pongs: tungstenite answers
                };
                if !bucket.take(Instant::now()) {
                    return Err(format!("more than {} messages a second", limits.messages_per_second));
                }
                let message = decode::<ClientMessage>(text.as_str()).map_err(|e| e.to_string())?;
                if let ClientMessage::Pong { id: pong } = message {
                    if let Some((sent, at)) = pings_out.take_if(|(sent, _)| *sent == pong) {
                        let _ = sent;
                        let lag = at.elapsed() / 2;
                        if let Some(table) = shared.table(&seated.code) {
                            lock(&table).set_lag(id, lag);
                        }
                    }
                    continue;
                }
                if let ClientMessage::Ping { id: ping_id } = message {
                    ws.send(Message::text(encode(&ServerMessage::Pong { id: ping_id }))).await.map_err(|e| e.to_string())?;
                    continue;
                }
                handle(message, &seated, shared)?;
            }
            out = rx.recv() => match out {
                Some(message) => {
                    ws.send(Message::text(encode(&message))).await.map_err(|e| format!("cannot send: {e}"))?;
                }
                None => return Ok("taken off its table (another connection took the seat, or it fell behind)".into()),
            },
            _ = ping.tick() => {
                let ping_id = started.elapsed().as_micros() as u64;
                pings_out = Some((ping_id, Instant::now()));
                ws.send(Message::text(encode(&ServerMessage::Ping { id: ping_id }))).await.map_err(|e| format!("cannot send: {e}"))?;
            }
            _ = tokio::time::sleep_until(deadline) => {
                return Err(format!("silent for {:?}", limits.silence));
            }
        }
    }
}

/// Seats a connection after its hello (host, join, watch, resume); `Err` is the refusal.
fn seat(
    role: Role,
    peer: SocketAddr,
    program: &str,
    id: u64,
    tx: mpsc::Sender<ServerMessage>,
    shared: &Shared,
) -> Result<Seated, String> {
    let server = shared.config.name.clone();
    let conn = Conn { id, tx: tx.clone(), lag: Duration::ZERO };
    let welcome = |code: &str, seat: Option<Side>, token: Option<String>| ServerMessage::Welcome {
        protocol: PROTOCOL_VERSION,
        server: server.clone(),
        code: code.to_string(),
        seat,
        token,
    };
    let code_of =
        |typed: &str| normalise_code(typed).ok_or_else(|| format!("`{}` is not a join code", crate::shown(typed)));
    match role {
        Role::Host { name, rules, side, clock } => {
            rules.check().map_err(|e| format!("rules: {e}"))?;
            if clock.is_some_and(|c| !c.is_valid()) {
                return Err("clock: 1 s to a day for the game, at most an hour of increment".into());
            }
            let mut games = shared.games();
            if games.len() >= shared.config.limits.max_games {
                return Err("the server holds as many games as it can; try later".into());
            }
            let side = match side {
                SideChoice::Lower => Side::Lower,
                SideChoice::Upper => Side::Upper,
                SideChoice::Toss => {
                    if toss().map_err(|e| e.to_string())? {
                        Side::Lower
                    } else {
                        Side::Upper
                    }
                }
            };
            let mut code = new_code().map_err(|e| e.to_string())?;
            while games.contains_key(&code) {
                code = new_code().map_err(|e| e.to_string())?;
            }
            let name = clean_name(&name);
            let mut table = Table::host(code.clone(), rules, clock, side, name.clone());
            let token = table.issue_token(side).map_err(|e| e.to_string())?;
            send_first(&tx, welcome(&code, Some(side), Some(token)));
            table.sit(side, conn, None);
            shared.keep(&table);
            table.flush();
            games.insert(code.clone(), Arc::new(std::sync::Mutex::new(table)));
            log::info!("{peer} ({program}, `{name}`) hosts game {code} as {}", side.name());
            Ok(Seated { code, seat: Some(side) })
        }
        Role::Join { name, code } => {
            let code = code_of(&code)?;
            let table = find(shared, &code)?;
            let mut table = lock(&table);
            if let Some(end) = table.record.end {
                return Err(over(&code, end));
            }
            let side = table.free_seat().ok_or("both seats of this game are taken (a player coming back resumes)")?;
            let token = table.issue_token(side).map_err(|e| e.to_string())?;
            send_first(&tx, welcome(&code, Some(side), Some(token)));
            let name = clean_name(&name);
            table.sit(side, conn, Some(name.clone()));
            shared.keep(&table);
            table.flush();
            log::info!("{peer} ({program}, `{name}`) joins game {code} as {}", side.name());
            Ok(Seated { code, seat: Some(side) })
        }
        Role::Watch { code } => {
            let code = code_of(&code)?;
            let table = find(shared, &code)?;
            let mut table = lock(&table);
            send_first(&tx, welcome(&code, None, None));
            table.watch(conn);
            table.flush();
            log::info!("{peer} ({program}) watches game {code}");
            Ok(Seated { code, seat: None })
        }
        Role::Resume { code, token } => {
            let code = code_of(&code)?;
            let table = find(shared, &code)?;
            let mut table = lock(&table);
            let side = table.seat_of_token(&token).ok_or("this token holds no seat of this game")?;
            send_first(&tx, welcome(&code, Some(side), Some(token)));
            table.sit(side, conn, None);
            table.flush();
            log::info!("{peer} ({program}) resumes game {code} as {}", side.name());
            Ok(Seated { code, seat: Some(side) })
        }
    }
}

/// The game `code`, or why there is none: no such code, or a finished game no longer held
/// (with how it ended).
fn find(shared: &Shared, code: &str) -> Result<Arc<std::sync::Mutex<Table>>, String> {
    if let Some(table) = shared.table(code) {
        return Ok(table);
    }
    Err(match shared.ended(code) {
        Some(end) => over(code, end),
        None => format!("no game has the code {code}"),
    })
}

/// The refusal for a finished game: how it ended.
fn over(code: &str, end: crate::record::End) -> String {
    format!("game {code} is over ({}); there is no seat to take", end.line())
}

/// The welcome goes first in the fresh outbox (it cannot be full).
fn send_first(tx: &mpsc::Sender<ServerMessage>, message: ServerMessage) {
    let _ = tx.try_send(message);
}

/// A message about the game, from a seated connection.
fn handle(message: ClientMessage, seated: &Seated, shared: &Shared) -> Result<(), String> {
    let Some(side) = seated.seat else {
        return Err("a spectator sends no moves".into());
    };
    let Some(table) = shared.table(&seated.code) else { return Err("the game is gone from the server".into()) };
    let mut table = lock(&table);
    match message {
        ClientMessage::Layout { layout } => table.layout(side, &layout)?,
        ClientMessage::Move { number, mv } => table.play(side, number, &mv, Instant::now())?,
        ClientMessage::Resign => table.resign(side)?,
        ClientMessage::OfferTakeBack => table.offer_take_back(side)?,
        ClientMessage::AnswerTakeBack { accept } => table.answer_take_back(side, accept)?,
        ClientMessage::Hello { .. } => return Err("hello twice".into()),
        ClientMessage::Ping { .. } | ClientMessage::Pong { .. } => {}
    }
    shared.keep(&table);
    table.flush();
    Ok(())
}

/// The next text frame of the handshake stage (a ping or pong frame is passed over).
async fn next_text<S: AsyncRead + AsyncWrite + Unpin>(ws: &mut WebSocketStream<S>) -> Result<Option<String>, String> {
    loop {
        match ws.next().await {
            None | Some(Ok(Message::Close(_))) => return Ok(None),
            Some(Err(e)) => return Err(format!("a bad frame: {e}")),
            Some(Ok(Message::Text(t))) => return Ok(Some(t.as_str().to_string())),
            Some(Ok(Message::Binary(_))) => return Err("binary frames are not part of the protocol".into()),
            Some(Ok(_)) => {}
        }
    }
}

/// Whether a read error is the connection ending (a reset, a close without the closing
/// handshake: a client killed or a cable pulled) rather than a frame that breaks the rules.
fn is_cut(error: &tokio_tungstenite::tungstenite::Error) -> bool {
    use tokio_tungstenite::tungstenite::error::{Error, ProtocolError};
    matches!(
        error,
        Error::Io(_)
            | Error::ConnectionClosed
            | Error::AlreadyClosed
            | Error::Protocol(ProtocolError::ResetWithoutClosingHandshake)
    )
}

/// A token bucket: [`Limits::burst`] messages at once, refilled at
/// [`Limits::messages_per_second`].
struct Bucket {
    tokens: f64,
    rate: f64,
    size: f64,
    at: Instant,
}

impl Bucket {
    fn new(limits: &Limits) -> Bucket {
        let size = f64::from(limits.burst.max(1));
        Bucket { tokens: size, rate: f64::from(limits.messages_per_second), size, at: Instant::now() }
    }

    /// Takes a token for a message at `now`; false when there is none.
    fn take(&mut self, now: Instant) -> bool {
        let passed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + passed * self.rate).min(self.size);
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bucket_holds_a_burst_then_the_rate() {
        let limits = Limits { messages_per_second: 10, burst: 3, ..Limits::default() };
        let mut b = Bucket::new(&limits);
        let t = Instant::now();
        assert!(b.take(t) && b.take(t) && b.take(t));
        assert!(!b.take(t));
        assert!(b.take(t + Duration::from_millis(150)));
        assert!(!b.take(t + Duration::from_millis(160)));
    }
}
