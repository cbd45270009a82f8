//! The blocking client session that the command line and the window drive: a thread of its
//! own holds the connection (a small tokio runtime), and talks to its owner through
//! channels, as the computer player does: [`Event`]s out, layouts, moves and a resignation
//! in. What it says and what it makes of what it hears is a [`Conversation`] (the page's
//! link drives one too), which plays every move through a [`crate::ClientGame`]. A dropped
//! connection is made again and the seat resumed with its token, for as long as
//! [`SessionConfig::reconnect_for`]; a layout or move sent and not yet heard back is sent
//! again after a reconnection (the server ignores a move number it already has).

use crate::client::{ClientError, Connection, Event};
use crate::conversation::{Ask, Conversation};
use crate::protocol::Role;
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

/// A running session; dropping it closes the connection.
pub struct Session {
    commands: mpsc::UnboundedSender<Ask>,
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
        let _ = self.commands.send(Ask::Layout(layout));
    }

    /// Sends move `number` (after [`Event::YourMove`] with that number).
    pub fn play(&self, number: usize, mv: Move) {
        let _ = self.commands.send(Ask::Move(number, mv));
    }

    /// Resigns the game.
    pub fn resign(&self) {
        let _ = self.commands.send(Ask::Resign);
    }

    /// Offers to take back the seat's last move (after the other side's reply, that too);
    /// the other side's answer comes as [`Event::TookBack`] or [`Event::TakeBackRefused`].
    pub fn offer_take_back(&self) {
        let _ = self.commands.send(Ask::OfferTakeBack);
    }

    /// Answers the other side's offer of a take-back ([`Event::TakeBackOffered`]).
    pub fn answer_take_back(&self, accept: bool) {
        let _ = self.commands.send(Ask::AnswerTakeBack(accept));
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

async fn run(config: SessionConfig, role: Role, mut commands: mpsc::UnboundedReceiver<Ask>, events: Outbox) {
    let mut talk = Conversation::new(role, config.program.clone());
    let mut dropped_at: Option<Instant> = None;
    loop {
        let error = match connection(&config, &mut talk, &mut commands, &events, &mut dropped_at).await {
            Ok(()) => return,
            Err(e) => e,
        };
        // Before the first welcome nothing can be resumed; after it, a broken connection
        // is made again while there is time.
        let resumable = talk.resumable(&error);
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
    talk: &mut Conversation,
    commands: &mut mpsc::UnboundedReceiver<Ask>,
    events: &Outbox,
    dropped_at: &mut Option<Instant>,
) -> Result<(), ClientError> {
    let mut conn = Connection::open(&config.server, config.extra_roots_pem.as_deref()).await?;
    conn.send(&talk.hello()).await?;
    loop {
        tokio::select! {
            message = conn.recv() => {
                let heard = talk.heard(message?)?;
                if heard.welcomed && dropped_at.take().is_some() {
                    let _ = events.send(Event::Connection { connected: true, why: "resumed".into() });
                }
                for event in heard.events {
                    if events.send(event).is_err() {
                        conn.close().await;
                        return Ok(());
                    }
                }
                if heard.over {
                    conn.close().await;
                    return Ok(());
                }
                if let Some(message) = heard.send {
                    conn.send(&message).await?;
                }
            }
            command = commands.recv() => {
                let Some(ask) = command else {
                    // The owner is gone: close, leaving the game to be resumed.
                    conn.close().await;
                    return Ok(());
                };
                conn.send(&talk.ask(ask)).await?;
            }
        }
    }
}
