//! One client's connection on the server: the handshakes (TLS, WebSocket, hello) within
//! [`crate::Limits::handshake`], then messages in both directions until the client leaves or breaks
//! a limit. Every frame's size is checked by tungstenite before it is buffered
//! ([`crate::Limits::max_frame_bytes`]); the rate by a token bucket (WebSocket pings and pongs
//! count too); silence by a deadline that every frame moves, and a client that does not read
//! by the server's pings left unanswered for as long, and by every send bounded by
//! [`crate::Limits::send_within`]. A broken rule gets an [`ServerMessage::Error`] saying which, and
//! the connection closes; the game is left as it was, for the player to resume. What one
//! address may hold is counted in [`crate::address`].

use crate::games::Shared;
use crate::metered::{Bucket, Metered};
use crate::page::head::Prefixed;
use crate::protocol::{
    ClientMessage, DecodeError, PROTOCOL_VERSION, ServerMessage, Update, clean_name, decode, encode,
};
use crate::seat::{Refusal, Seated, seat};
use crate::sync::lock;
use crate::table::TableError;
use crate::tally::Unserved;
use futures_util::{SinkExt, StreamExt};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self, Message};

/// Messages queued for one connection before it counts as too slow.
const OUTBOX: usize = 256;

/// A rule of the protocol or a limit a client broke: sent to it in an
/// [`ServerMessage::Error`], then the connection closes.
#[derive(Debug, thiserror::Error)]
pub(crate) enum Broken {
    /// No hello within [`crate::Limits::handshake`].
    #[error("no hello within {0:?}")]
    NoHello(Duration),
    /// Something else first.
    #[error("the first message must be a hello")]
    NotHello,
    /// A second hello.
    #[error("hello twice")]
    HelloTwice,
    /// A frame tungstenite refused (too long, malformed).
    #[error("a bad frame: {0}")]
    BadFrame(Box<tungstenite::Error>),
    /// A binary frame.
    #[error("binary frames are not part of the protocol")]
    Binary,
    /// Faster than [`crate::Limits::messages_per_second`] (messages or frames of any kind).
    #[error("more than {0} messages a second (WebSocket frames of every kind count)")]
    TooFast(u32),
    /// A text that is not a message of the protocol.
    #[error(transparent)]
    Decode(#[from] DecodeError),
    /// A move or layout from a spectator.
    #[error("a spectator sends no moves")]
    Spectator,
    /// The game was let go.
    #[error("the game is gone from the server")]
    Gone,
    /// What the table refused.
    #[error(transparent)]
    Table(#[from] TableError),
    /// A frame could not be sent.
    #[error("cannot send: {0}")]
    Send(Box<tungstenite::Error>),
    /// A message could not go out within [`crate::Limits::send_within`].
    #[error("does not read: a message could not be sent within {0:?}")]
    NotReading(Duration),
    /// A ping of the server's not answered for [`crate::Limits::silence`].
    #[error("no answer to the server's ping for {0:?} (the client does not read)")]
    NoPong(Duration),
    /// Nothing heard for [`crate::Limits::silence`].
    #[error("silent for {0:?}")]
    Silent(Duration),
}

/// A connection's end that broke no rule (for the log).
#[derive(Debug, thiserror::Error)]
enum Quiet {
    /// The socket closed before the hello.
    #[error("left before saying hello")]
    LeftBeforeHello,
    /// The socket closed.
    #[error("the client went away")]
    WentAway,
    /// A reset, or a close without the closing handshake.
    #[error("the connection was cut ({0})")]
    Cut(Box<tungstenite::Error>),
    /// A close frame.
    #[error("the client closed the connection")]
    Closed,
    /// The hello was refused (and the client told why).
    #[error("refused ({program}): {refusal}")]
    Refused {
        /// The client program named in the hello.
        program: String,
        /// Why.
        refusal: Refusal,
    },
    /// The table dropped the connection's outbox.
    #[error("taken off its table (another connection took the seat, or it fell behind)")]
    TakenOff,
}

/// Serves one accepted socket to its end, logging why it closed: a seated connection in a
/// line of its own, one closed unserved in the [`crate::tally`].
pub(crate) async fn serve(socket: TcpStream, peer: SocketAddr, shared: Arc<Shared>) {
    let ip = peer.ip();
    if !shared.addresses.connect(ip) {
        let most = shared.config.limits.connections_per_address;
        shared.tally.count(Unserved::AddressFull, ip, || format!("{peer}: {most} connections open already"));
        return;
    }
    let _counted = Counted { shared: &shared, ip };
    let limits = shared.config.limits.clone();
    let _ = socket.set_nodelay(true);
    let (unserved, why) = match shared.config.tls.clone() {
        Some(acceptor) => match tokio::time::timeout(limits.handshake, acceptor.accept(socket)).await {
            Ok(Ok(tls)) => request(tls, peer, &shared).await,
            Ok(Err(e)) => (Some(Unserved::Handshake), format!("TLS handshake failed: {e}")),
            Err(_) => (Some(Unserved::Handshake), format!("no TLS handshake within {:?}", limits.handshake)),
        },
        None => request(socket, peer, &shared).await,
    };
    match unserved {
        Some(kind) => shared.tally.count(kind, ip, || format!("{peer}: {why}")),
        None => log::info!("{peer}: closed: {why}"),
    }
}

/// A connection counted against its address until it is dropped.
struct Counted<'a> {
    shared: &'a Shared,
    ip: IpAddr,
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.shared.addresses.disconnect(self.ip);
    }
}

/// The HTTP request's head, read first: a WebSocket upgrade goes on to the game's
/// connection with the bytes read handed on whole, anything else is answered from the page
/// ([`crate::page`]).
async fn request<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    peer: SocketAddr,
    shared: &Shared,
) -> (Option<Unserved>, String) {
    let limits = &shared.config.limits;
    match crate::page::head::read_head(&mut stream, limits.handshake).await {
        Ok((head, read)) if head.websocket => {
            websocket(Metered::new(Prefixed::new(read, stream), limits), peer, shared).await
        }
        Ok((head, _)) => (None, crate::page::answer(stream, &head, &shared.page, limits).await),
        Err(e) => {
            let why = format!("no WebSocket handshake or page request: {e}");
            crate::page::refuse(stream, &e, limits).await;
            (Some(Unserved::Handshake), why)
        }
    }
}

/// The WebSocket stage of a connection: how it ended (`Some` when it was never seated) and
/// why.
async fn websocket<S: AsyncRead + AsyncWrite + Unpin>(
    stream: Metered<S>,
    peer: SocketAddr,
    shared: &Shared,
) -> (Option<Unserved>, String) {
    let limits = &shared.config.limits;
    // The read buffer is allocated whole for every connection (tungstenite's default is
    // 128 KiB: 2.3 GB for 18,000 connections); our messages are small, so 4 KiB.
    let config = WebSocketConfig::default()
        .read_buffer_size(4 * 1024)
        .max_message_size(Some(limits.max_frame_bytes))
        .max_frame_size(Some(limits.max_frame_bytes));
    let accepted =
        tokio::time::timeout(limits.handshake, tokio_tungstenite::accept_async_with_config(stream, Some(config)));
    let mut ws = match accepted.await {
        Ok(Ok(ws)) => ws,
        Ok(Err(e)) => return (Some(Unserved::Handshake), format!("not a WebSocket handshake: {e}")),
        Err(_) => return (Some(Unserved::Handshake), format!("no WebSocket handshake within {:?}", limits.handshake)),
    };
    let id = shared.next_id();
    let mut seated = None;
    let ended = session(&mut ws, peer, id, shared, &mut seated).await;
    let unserved = match &ended {
        _ if seated.is_some() => None,
        Ok(Quiet::Refused { .. }) => Some(Unserved::Refused),
        Err(Broken::NoHello(_)) | Ok(Quiet::LeftBeforeHello) => Some(Unserved::Handshake),
        _ => Some(Unserved::Broken),
    };
    let why = match ended {
        Ok(quiet) => quiet.to_string(),
        Err(broken) => {
            let message = broken.to_string();
            // Said if it can be at once (a client that does not read is not waited for).
            let error = Message::text(encode(&ServerMessage::Error { message: message.clone() }));
            let _ = tokio::time::timeout(Duration::from_secs(1), ws.send(error)).await;
            let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
            // What the client sent past the broken rule is read and dropped (at most 1 s
            // and 1 MiB), so the close is not a reset that loses the error for it.
            ws.get_mut().linger(Duration::from_secs(1), 1 << 20).await;
            message
        }
    };
    let _ = tokio::time::timeout(Duration::from_secs(1), ws.close(None)).await;
    // Whatever happened, the connection leaves its table.
    if let Some(handle) = seated.and_then(|s: Seated| shared.table(&s.code)) {
        let mut table = lock(&handle);
        table.leave(id);
        shared.send(&handle, &mut table);
    }
    (unserved, why)
}

/// The connection's life after the WebSocket handshake; `Ok` is a quiet end (the reason
/// for the log), `Err` a broken rule (sent to the client before closing).
async fn session<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<Metered<S>>,
    peer: SocketAddr,
    id: u64,
    shared: &Shared,
    seated_out: &mut Option<Seated>,
) -> Result<Quiet, Broken> {
    let limits = shared.config.limits.clone();
    let hello = match tokio::time::timeout(limits.handshake, next_text(ws, limits.messages_per_second)).await {
        Ok(Ok(Some(text))) => text,
        Ok(Ok(None)) => return Ok(Quiet::LeftBeforeHello),
        Ok(Err(e)) => return Err(e),
        Err(_) => return Err(Broken::NoHello(limits.handshake)),
    };
    let (protocol, program, role) = match decode::<ClientMessage>(&hello)? {
        ClientMessage::Hello { protocol, program, role } => (protocol, clean_name(&program), role),
        _ => return Err(Broken::NotHello),
    };
    let (tx, mut rx) = mpsc::channel::<ServerMessage>(OUTBOX);
    let refused = if protocol != PROTOCOL_VERSION {
        Err(Refusal::Version { client: protocol })
    } else {
        seat(role, peer, &program, id, tx, shared)
    };
    let seated = match refused {
        Ok(seated) => {
            *seated_out = Some(Seated { code: seated.code.clone(), seat: seated.seat });
            seated
        }
        Err(refusal) => {
            let update = match refusal {
                Refusal::Version { client } if client < PROTOCOL_VERSION => Some(Update::Client),
                Refusal::Version { .. } => Some(Update::Server),
                _ => None,
            };
            let reason = refusal.to_string();
            let refused = Message::text(encode(&ServerMessage::Refused { reason, update }));
            let _ = tokio::time::timeout(limits.send_within, ws.send(refused)).await;
            return Ok(Quiet::Refused { program, refusal });
        }
    };
    let mut bucket = Bucket::new(&limits);
    let mut ping = tokio::time::interval(limits.ping_every);
    ping.tick().await;
    let mut pings_out: Option<(u64, Instant)> = None;
    let mut heard = Instant::now();
    // The first of the server's pings not answered since (a client that does not read
    // never answers).
    let mut unanswered: Option<Instant> = None;
    let started = Instant::now();
    loop {
        let due = unanswered.map_or(heard, |asked| asked.min(heard)) + limits.silence;
        let deadline = tokio::time::Instant::from_std(due);
        tokio::select! {
            frame = ws.next() => {
                heard = Instant::now();
                let text = match frame {
                    None => return Ok(Quiet::WentAway),
                    Some(Err(_)) if ws.get_ref().over() => return Err(Broken::TooFast(limits.messages_per_second)),
                    Some(Err(e)) if is_cut(&e) => return Ok(Quiet::Cut(Box::new(e))),
                    Some(Err(e)) => return Err(Broken::BadFrame(Box::new(e))),
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_))) => return Ok(Quiet::Closed),
                    Some(Ok(Message::Binary(_))) => return Err(Broken::Binary),
                    Some(Ok(_)) => {
                        // WebSocket pings and pongs (tungstenite answers pings): as many
                        // as the messages.
                        if !bucket.take(Instant::now()) {
                            return Err(Broken::TooFast(limits.messages_per_second));
                        }
                        continue;
                    }
                };
                if !bucket.take(Instant::now()) {
                    return Err(Broken::TooFast(limits.messages_per_second));
                }
                let message = decode::<ClientMessage>(text.as_str())?;
                if let ClientMessage::Pong { id: pong } = message {
                    unanswered = None;
                    if let Some((_, at)) = pings_out.take_if(|(sent, _)| *sent == pong) {
                        let lag = at.elapsed() / 2;
                        if let Some(table) = shared.table(&seated.code) {
                            lock(&table).set_lag(id, lag);
                        }
                    }
                    continue;
                }
                if let ClientMessage::Ping { id: ping_id } = message {
                    send(ws, &ServerMessage::Pong { id: ping_id }, limits.send_within).await?;
                    continue;
                }
                handle(message, &seated, shared)?;
            }
            out = rx.recv() => match out {
                Some(message) => send(ws, &message, limits.send_within).await?,
                None => return Ok(Quiet::TakenOff),
            },
            _ = ping.tick() => {
                let ping_id = started.elapsed().as_micros() as u64;
                pings_out = Some((ping_id, Instant::now()));
                unanswered.get_or_insert_with(Instant::now);
                send(ws, &ServerMessage::Ping { id: ping_id }, limits.send_within).await?;
            }
            _ = tokio::time::sleep_until(deadline) => {
                if unanswered.is_some_and(|asked| asked < heard) {
                    return Err(Broken::NoPong(limits.silence));
                }
                return Err(Broken::Silent(limits.silence));
            }
        }
    }
}

/// Sends `message`, or gives up when it cannot go out `within` (the client does not read
/// and the socket's buffers are full): the connection is closed.
async fn send<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<S>,
    message: &ServerMessage,
    within: Duration,
) -> Result<(), Broken> {
    match tokio::time::timeout(within, ws.send(Message::text(encode(message)))).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(Broken::Send(Box::new(e))),
        Err(_) => Err(Broken::NotReading(within)),
    }
}

/// A message about the game, from a seated connection.
fn handle(message: ClientMessage, seated: &Seated, shared: &Shared) -> Result<(), Broken> {
    let Some(side) = seated.seat else {
        return Err(Broken::Spectator);
    };
    let Some(handle) = shared.table(&seated.code) else { return Err(Broken::Gone) };
    let mut table = lock(&handle);
    match message {
        ClientMessage::Layout { layout } => table.layout(side, &layout)?,
        ClientMessage::Move { number, mv } => table.play(side, number, &mv, Instant::now())?,
        ClientMessage::Resign => table.resign(side)?,
        ClientMessage::OfferTakeBack => table.offer_take_back(side)?,
        ClientMessage::AnswerTakeBack { accept } => table.answer_take_back(side, accept)?,
        ClientMessage::Hello { .. } => return Err(Broken::HelloTwice),
        ClientMessage::Ping { .. } | ClientMessage::Pong { .. } => {}
    }
    shared.keep(&handle, &mut table);
    Ok(())
}

/// The next text frame of the handshake stage (a ping or pong frame is passed over).
async fn next_text<S: AsyncRead + AsyncWrite + Unpin>(
    ws: &mut WebSocketStream<Metered<S>>,
    rate: u32,
) -> Result<Option<String>, Broken> {
    loop {
        match ws.next().await {
            None | Some(Ok(Message::Close(_))) => return Ok(None),
            Some(Err(_)) if ws.get_ref().over() => return Err(Broken::TooFast(rate)),
            Some(Err(e)) => return Err(Broken::BadFrame(Box::new(e))),
            Some(Ok(Message::Text(t))) => return Ok(Some(t.as_str().to_string())),
            Some(Ok(Message::Binary(_))) => return Err(Broken::Binary),
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
