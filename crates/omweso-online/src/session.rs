//! The blocking client session that the command line and the window drive: a thread of its own holds the connection (a small tokio runtime), plays
//! what it hears through a [`ClientGame`], and talks to its owner through channels, as the
//! computer player does: [`Event`]s out, layouts, moves and a resignation in. A dropped
//! connection is made again and the seat resumed with its token, for as long as
//! [`SessionConfig::reconnect_for`]; a layout or move sent and not yet heard back is sent
//! again after a reconnection (the server ignores a move number it already has).

use crate::client::{ClientError, ClientGame, Connection, Event};
use crate::protocol::{ClientMessage, PROTOCOL_VERSION, Role};
use omweso_rules::notation::format_layout;
use omweso_rules::{Layout, Move};
use std::sync::mpsc as std_mpsc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// How a session connects.
#[derive(Clone, Debug)]
pub struct SessionConfig {
    /// The server: `host:port`, `ws://…` or `wss://…`.
    pub server: String,
    /// The program and its version, for the server's log.
    pub program: String,
    /// Extra certificate authorities for `wss://` (PEM), e.g. a club's self-signed one.
    pub extra_roots_pem: Option<Vec<u8>>,
    /// How long to keep trying to reconnect after the connection drops.
    pub reconnect_for: Duration,
}

/// What the owner asks of the session.
#[derive(Debug)]
enum Command {
    Layout(Layout),
    Move(usize, Move),
    Resign,
    OfferTakeBack,
    AnswerTakeBack(bool),
}

/// A running session; dropping it closes the connection.
pub struct Session {
    commands: mpsc::UnboundedSender<Command>,
    events: std_mpsc::Receiver<Event>,
}

impl Session {
    /// Starts the session's thread, which connects at once and says hello as `role` (host,
    /// join, watch, or resume a seat with its token).
    ///
    /// # Errors
    /// The thread or its runtime could not start.
    pub fn start(config: SessionConfig, role: Role) -> std::io::Result<Session> {
        Session::start_waking(config, role, None)
    }

    /// [`Session::start`], with `wake` called after each event is sent (a window repaints,
    /// then reads the events without waiting: [`Session::events`]' `try_recv`).
    ///
    /// # Errors
    /// The thread or its runtime could not start.
    pub fn start_waking(config: SessionConfig, role: Role, wake: Option<Wake>) -> std::io::Result<Session> {
        let (commands, command_rx) = mpsc::unbounded_channel();
        let (tx, events) = std_mpsc::channel();
        let event_tx = Outbox { tx, wake };
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
        std::thread::Builder::new().name("online-session".into()).spawn(move || {
            runtime.block_on(run(config, role, command_rx, event_tx));
        })?;
        Ok(Session { commands, events })
    }

    /// The next event, waiting at most `timeout`; `None` when none came (or the session's
    /// thread has ended after its last event).
    pub fn next_event(&self, timeout: Duration) -> Option<Event> {
        self.events.recv_timeout(timeout).ok()
    }

    /// The events, for a caller that selects over them.
    pub fn events(&self) -> &std_mpsc::Receiver<Event> {
        &self.events
    }

    /// Sends the client's layout (after [`Event::LayOut`]).
    pub fn lay_out(&self, layout: Layout) {
        let _ = self.commands.send(Command::Layout(layout));
    }

    /// Sends move `number` (after [`Event::YourMove`] with that number).
    pub fn play(&self, number: usize, mv: Move) {
        let _ = self.commands.send(Command::Move(number, mv));
    }

    /// Resigns the game.
    pub fn resign(&self) {
        let _ = self.commands.send(Command::Resign);
    }

    /// Offers to take back the seat's last move (after the other side's reply, that too);
    /// the other side's answer comes as [`Event::TookBack`] or [`Event::TakeBackRefused`].
    pub fn offer_take_back(&self) {
        let _ = self.commands.send(Command::OfferTakeBack);
    }

    /// Answers the other side's offer of a take-back ([`Event::TakeBackOffered`]).
    pub fn answer_take_back(&self, accept: bool) {
        let _ = self.commands.send(Command::AnswerTakeBack(accept));
    }
}

/// Called after each event a session sends (e.g. to repaint a window).
pub type Wake = std::sync::Arc<dyn Fn() + Send + Sync>;

/// The events' channel to the owner, and who to wake after each.
struct Outbox {
    tx: std_mpsc::Sender<Event>,
    wake: Option<Wake>,
}

impl Outbox {
    /// Sends `event`; `Err` when the owner is gone.
    fn send(&self, event: Event) -> Result<(), OwnerGone> {
        let sent = self.tx.send(event).map_err(|_| OwnerGone);
        if let Some(wake) = &self.wake {
            wake();
        }
        sent
    }
}

/// The owner dropped its end of the events' channel.
struct OwnerGone;

/// What the session remembers across connections.
struct Memory {
    code: Option<String>,
    token: Option<String>,
    game: ClientGame,
    /// The last layout or move sent, until heard back, and the connection it went on.
    unconfirmed: Option<ClientMessage>,
    sent_on: u64,
    /// Connections made so far.
    connections: u64,
    /// The number of the move last asked of the owner.
    asked_move: Option<usize>,
    asked_layout: bool,
}

async fn run(config: SessionConfig, role: Role, mut commands: mpsc::UnboundedReceiver<Command>, events: Outbox) {
    let mut memory = Memory {
        code: None,
        token: None,
        game: ClientGame::new(None),
        unconfirmed: None,
        sent_on: 0,
        connections: 0,
        asked_move: None,
        asked_layout: false,
    };
    let mut dropped_at: Option<Instant> = None;
    loop {
        let error = match connection(&config, &role, &mut memory, &mut commands, &events, &mut dropped_at).await {
            Ok(()) => return,
            Err(e) => e,
        };
        // Before the first welcome nothing can be resumed; after it, a broken connection
        // is made again while there is time.
        let resumable = memory.code.is_some() && error.is_transient() && memory.game.end().is_none();
        let since = match dropped_at {
            Some(at) => at,
            None => {
                if resumable {
                    let _ = events.send(Event::Connection { connected: false, why: error.to_string() });
                }
                *dropped_at.insert(Instant::now())
            }
        };
        if !resumable || since.elapsed() > config.reconnect_for {
            let _ = events.send(Event::Failed { error: error.to_string() });
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

/// One connection, from the hello to its end: `Ok` when the game ended or the owner went
/// away, `Err` otherwise.
async fn connection(
    config: &SessionConfig,
    first_role: &Role,
    memory: &mut Memory,
    commands: &mut mpsc::UnboundedReceiver<Command>,
    events: &Outbox,
    dropped_at: &mut Option<Instant>,
) -> Result<(), ClientError> {
    let mut conn = Connection::open(&config.server, config.extra_roots_pem.as_deref()).await?;
    memory.connections += 1;
    // After the first welcome, a seat is resumed with its token and a spectator watches
    // again.
    let role = match (&memory.code, &memory.token) {
        (Some(code), Some(token)) => Role::Resume { code: code.clone(), token: token.clone() },
        (Some(code), None) => Role::Watch { code: code.clone() },
        (None, _) => first_role.clone(),
    };
    conn.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: config.program.clone(), role }).await?;
    loop {
        tokio::select! {
            message = conn.recv() => {
                let message = message?;
                if let crate::protocol::ServerMessage::Welcome { code, token, .. } = &message {
                    let first = memory.code.is_none();
                    memory.code = Some(code.clone());
                    memory.token = token.clone();
                    if dropped_at.take().is_some() {
                        let _ = events.send(Event::Connection { connected: true, why: "resumed".into() });
                    }
                    if !first {
                        continue;
                    }
                }
                let layout_asked = matches!(message, crate::protocol::ServerMessage::LayOut);
                for event in memory.game.receive(message)? {
                    match &event {
                        Event::Moved { number, .. } => {
                            if matches!(&memory.unconfirmed, Some(ClientMessage::Move { number: n, .. }) if *n as usize == *number) {
                                memory.unconfirmed = None;
                            }
                        }
                        Event::TookBack { .. } => {
                            // The seat may be asked for the same move number again.
                            memory.asked_move = None;
                            if matches!(memory.unconfirmed, Some(ClientMessage::Move { .. })) {
                                memory.unconfirmed = None;
                            }
                        }
                        Event::LayOut { .. } => {
                            if !memory.asked_layout {
                                memory.asked_layout = true;
                            } else {
                                continue;
                            }
                        }
                        _ => {}
                    }
                    if events.send(event).is_err() {
                        conn.close().await;
                        return Ok(());
                    }
                }
                if memory.game.laid_out() && matches!(memory.unconfirmed, Some(ClientMessage::Layout { .. })) {
                    memory.unconfirmed = None;
                }
                if memory.game.end().is_some() {
                    conn.close().await;
                    return Ok(());
                }
                // What was sent on a connection that broke goes again, once (a request heard
                // again on the same connection is already answered).
                let lost = memory.sent_on != memory.connections;
                let pending_layout = layout_asked && matches!(memory.unconfirmed, Some(ClientMessage::Layout { .. }));
                let pending_move = matches!((&memory.unconfirmed, memory.game.to_move()),
                    (Some(ClientMessage::Move { number, .. }), Some((n, _))) if *number as usize == n);
                if lost && (pending_layout || pending_move) {
                    if let Some(message) = memory.unconfirmed.clone() {
                        memory.sent_on = memory.connections;
                        conn.send(&message).await?;
                    }
                    continue;
                }
                if let Some((number, state)) = memory.game.to_move()
                    && memory.asked_move != Some(number)
                    && memory.unconfirmed.is_none()
                {
                    memory.asked_move = Some(number);
                    if events.send(Event::YourMove { number, state: state.clone() }).is_err() {
                        return Ok(());
                    }
                }
            }
            command = commands.recv() => {
                let Some(command) = command else {
                    // The owner is gone: close, leaving the game to be resumed.
                    conn.close().await;
                    return Ok(());
                };
                let message = match command {
                    Command::Layout(layout) => {
                        let side = memory.game.seat().unwrap_or(omweso_rules::Side::Lower);
                        ClientMessage::Layout { layout: format_layout(&layout, side) }
                    }
                    Command::Move(number, mv) => ClientMessage::Move { number: number as u32, mv: mv.to_string() },
                    Command::Resign => ClientMessage::Resign,
                    Command::OfferTakeBack => ClientMessage::OfferTakeBack,
                    Command::AnswerTakeBack(accept) => ClientMessage::AnswerTakeBack { accept },
                };
                if matches!(message, ClientMessage::Layout { .. } | ClientMessage::Move { .. }) {
                    memory.unconfirmed = Some(message.clone());
                    memory.sent_on = memory.connections;
                }
                conn.send(&message).await?;
            }
        }
    }
}
