//! The window's side of online play: the client [`Session`] of `omweso-online` (the one the
//! command line drives), on its own thread with its tokio runtime, and the window's model
//! reading its events once a frame without ever waiting. The session wakes the window after
//! each event, so that a move from the other side is drawn at once however still the mouse
//! is.

use crate::app::services::job::Waker;
use omweso_online::{Event, Role, Session, SessionConfig};
use omweso_rules::{Layout, Move};
use std::sync::mpsc::TryRecvError;
use std::time::Duration;

/// How long a link keeps trying to come back after its connection drops (the server keeps
/// the game for longer: a window opened again later resumes it with its token).
pub const RECONNECT_FOR: Duration = Duration::from_secs(120);

/// The server the Play online dialog proposes: a server on this computer.
pub fn default_server() -> String {
    "127.0.0.1:8642".into()
}

/// A link that opens a game to join: only a page has one (see the web's `join_link`).
pub fn join_link(server: &str, code: &str) -> Option<String> {
    let _ = (server, code);
    None
}

/// One online game's connection: what the window sends, and the events it has not read
/// yet.
pub struct OnlineLink {
    session: Session,
    /// The thread that passes the events on ended (the session's thread ended).
    ended: bool,
}

impl std::fmt::Debug for OnlineLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlineLink").field("ended", &self.ended).finish_non_exhaustive()
    }
}

impl OnlineLink {
    /// Connects to `server` (`host:port`, `ws://…`, `wss://…`) as `role`, in the
    /// background: the first events (the welcome, or why it failed) come through
    /// [`OnlineLink::poll`]. `wake` is called after each event.
    ///
    /// # Errors
    /// A thread could not be started.
    pub fn start(server: &str, role: Role, wake: Option<Waker>) -> std::io::Result<OnlineLink> {
        let config = SessionConfig {
            server: server.trim().to_string(),
            program: format!("omweso {}", env!("OMWESO_VERSION")),
            extra_roots_pem: None,
            reconnect_for: RECONNECT_FOR,
        };
        let session = Session::start_waking(config, role, wake)?;
        Ok(OnlineLink { session, ended: false })
    }

    /// The events that came since the last call, in order; never waits.
    pub fn poll(&mut self) -> Vec<Event> {
        let mut out = Vec::new();
        loop {
            match self.session.events().try_recv() {
                Ok(event) => out.push(event),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.ended = true;
                    break;
                }
            }
        }
        out
    }

    /// Whether the session's thread has ended (after its last event).
    pub fn ended(&self) -> bool {
        self.ended
    }

    /// Sends the seat's layout.
    pub fn lay_out(&self, layout: Layout) {
        self.session.lay_out(layout);
    }

    /// Sends move `number` of the game.
    pub fn play(&self, number: usize, mv: Move) {
        self.session.play(number, mv);
    }

    /// Resigns.
    pub fn resign(&self) {
        self.session.resign();
    }

    /// Offers to take back the seat's last move.
    pub fn offer_take_back(&self) {
        self.session.offer_take_back();
    }

    /// Answers the other side's offer of a take-back.
    pub fn answer_take_back(&self, accept: bool) {
        self.session.answer_take_back(accept);
    }
}
