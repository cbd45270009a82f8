//! The page's side of online play (the browser's build, in place of `services/online.rs`,
//! whose client runs on tokio's sockets): not built yet. A link that is asked for fails at
//! once with the reason, and the model tells the player as it tells of any connection that
//! could not start.

use crate::app::services::job::Waker;
use omweso_online::{Event, Role};
use omweso_rules::{Layout, Move};
use std::time::Duration;

/// How long a link keeps trying to come back after its connection drops.
pub const RECONNECT_FOR: Duration = Duration::from_secs(120);

/// One online game's connection (none can be made from the page yet).
#[derive(Debug)]
pub struct OnlineLink {
    _never: std::convert::Infallible,
}

impl OnlineLink {
    /// Online play from the page is not there yet.
    ///
    /// # Errors
    /// Always ([`std::io::ErrorKind::Unsupported`]), with the reason.
    pub fn start(server: &str, role: Role, wake: Option<Waker>) -> std::io::Result<OnlineLink> {
        let _ = (server, role, wake);
        Err(std::io::Error::new(
            std::io::ErrorKind::Unsupported,
            "online play from the page is not built yet: play online from the program for a computer",
        ))
    }

    /// The events that came since the last call.
    pub fn poll(&mut self) -> Vec<Event> {
        match self._never {}
    }

    /// Whether the connection has ended.
    pub fn ended(&self) -> bool {
        match self._never {}
    }

    /// Sends the seat's layout.
    pub fn lay_out(&self, _layout: Layout) {
        match self._never {}
    }

    /// Sends move `number` of the game.
    pub fn play(&self, _number: usize, _mv: Move) {
        match self._never {}
    }

    /// Resigns.
    pub fn resign(&self) {
        match self._never {}
    }

    /// Offers to take back the seat's last move.
    pub fn offer_take_back(&self) {
        match self._never {}
    }

    /// Answers the other side's offer of a take-back.
    pub fn answer_take_back(&self, _accept: bool) {
        match self._never {}
    }
}
