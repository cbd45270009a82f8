//! A client's side of the protocol with no socket under it ("sans-IO"): what to say first
//! on each connection, what each message heard means and what it asks to send, and what
//! the owner's wishes become on the wire. The blocking [`crate::Session`] (tokio's
//! sockets) and the page's link (the browser's WebSocket) both drive one, so that both
//! speak the protocol alike: the same hello, the same resumption with the seat's token, the
//! same layout or move sent again after a connection broke, the same questions asked once.
//!
//! The driver owns the socket and the clock: it calls [`Conversation::hello`] when a
//! connection opens, [`Conversation::heard`] for each message, [`Conversation::ask`] for
//! each wish of its owner, and [`Conversation::resumable`] when a connection ends with an
//! error, to know whether to make it again.

use crate::client::{ClientError, ClientGame, Event};
use crate::protocol::{ClientMessage, PROTOCOL_VERSION, Role, ServerMessage};
use omweso_rules::notation::format_layout;
use omweso_rules::{Layout, Move, Side};

/// What the owner asks to send.
#[derive(Clone, Debug, PartialEq)]
pub enum Ask {
    /// The seat's layout (after [`Event::LayOut`]).
    Layout(Layout),
    /// Move `number` (after [`Event::YourMove`] with that number).
    Move(usize, Move),
    /// Resign the game.
    Resign,
    /// Offer to take back the seat's last move.
    OfferTakeBack,
    /// Answer the other side's offer.
    AnswerTakeBack(bool),
}

/// What one message from the server comes to.
#[derive(Debug, Default, PartialEq)]
pub struct Heard {
    /// For the owner, in order.
    pub events: Vec<Event>,
    /// For the server: a layout or move that was sent on a connection that broke, again.
    pub send: Option<ClientMessage>,
    /// The message was a welcome (the driver that noted a broken connection says it is
    /// mended).
    pub welcomed: bool,
    /// The game has ended: the driver closes the connection.
    pub over: bool,
}

/// One client's conversation with a server, across its connections.
#[derive(Debug)]
pub struct Conversation {
    first_role: Role,
    program: String,
    code: Option<String>,
    token: Option<String>,
    game: ClientGame,
    /// The last layout or move sent, until heard back, and the connection it went on.
    unconfirmed: Option<ClientMessage>,
    sent_on: u64,
    /// Connections opened so far.
    connections: u64,
    /// The number of the move last asked of the owner.
    asked_move: Option<usize>,
    asked_layout: bool,
}

impl Conversation {
    /// A conversation that says hello as `role` (host, join, watch or resume), naming the
    /// client as `program` (its name and version, for the server's log).
    pub fn new(role: Role, program: String) -> Conversation {
        Conversation {
            first_role: role,
            program,
            code: None,
            token: None,
            game: ClientGame::new(None),
            unconfirmed: None,
            sent_on: 0,
            connections: 0,
            asked_move: None,
            asked_layout: false,
        }
    }

    /// The first message on a new connection: the role asked for, or, once welcomed, the
    /// seat resumed with its token (a spectator watches again).
    pub fn hello(&mut self) -> ClientMessage {
        self.connections += 1;
        let role = match (&self.code, &self.token) {
            (Some(code), Some(token)) => Role::Resume { code: code.clone(), token: token.clone() },
            (Some(code), None) => Role::Watch { code: code.clone() },
            (None, _) => self.first_role.clone(),
        };
        ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: self.program.clone(), role }
    }

    /// One message from the server: the events it means for the owner (a second welcome,
    /// a request to lay out heard again, a move asked again are not repeated), and what to
    /// send back.
    ///
    /// # Errors
    /// What [`ClientGame::receive`] refuses: the server's error or refusal, or what the
    /// rules do not allow. The connection should then end.
    pub fn heard(&mut self, message: ServerMessage) -> Result<Heard, ClientError> {
        let mut heard = Heard::default();
        // The server's pings are answered whatever the game (a socket that does not answer
        // them itself is closed as silent).
        if let ServerMessage::Ping { id } = message {
            heard.send = Some(ClientMessage::Pong { id });
            return Ok(heard);
        }
        if let ServerMessage::Welcome { code, token, .. } = &message {
            heard.welcomed = true;
            let first = self.code.is_none();
            self.code = Some(code.clone());
            self.token = token.clone();
            if !first {
                return Ok(heard);
            }
        }
        let layout_asked = matches!(message, ServerMessage::LayOut);
        for event in self.game.receive(message)? {
            match &event {
                Event::Moved { number, .. } => {
                    if matches!(&self.unconfirmed, Some(ClientMessage::Move { number: n, .. }) if *n as usize == *number)
                    {
                        self.unconfirmed = None;
                    }
                }
                Event::TookBack { .. } => {
                    // The seat may be asked for the same move number again.
                    self.asked_move = None;
                    if matches!(self.unconfirmed, Some(ClientMessage::Move { .. })) {
                        self.unconfirmed = None;
                    }
                }
                Event::LayOut { .. } if self.asked_layout => continue,
                Event::LayOut { .. } => self.asked_layout = true,
                _ => {}
            }
            heard.events.push(event);
        }
        if self.game.laid_out() && matches!(self.unconfirmed, Some(ClientMessage::Layout { .. })) {
            self.unconfirmed = None;
        }
        if self.game.end().is_some() {
            heard.over = true;
            return Ok(heard);
        }
        // What was sent on a connection that broke goes again, once (a request heard again
        // on the same connection is already answered).
        let lost = self.sent_on != self.connections;
        let pending_layout = layout_asked && matches!(self.unconfirmed, Some(ClientMessage::Layout { .. }));
        let pending_move = matches!((&self.unconfirmed, self.game.to_move()),
            (Some(ClientMessage::Move { number, .. }), Some((n, _))) if *number as usize == n);
        if lost && (pending_layout || pending_move) {
            self.sent_on = self.connections;
            heard.send = self.unconfirmed.clone();
            return Ok(heard);
        }
        if let Some((number, state)) = self.game.to_move()
            && self.asked_move != Some(number)
            && self.unconfirmed.is_none()
        {
            self.asked_move = Some(number);
            heard.events.push(Event::YourMove { number, state: state.clone() });
        }
        Ok(heard)
    }

    /// What the owner's `ask` is on the wire; a layout or a move is remembered until the
    /// server plays it back, to be sent again after a broken connection.
    pub fn ask(&mut self, ask: Ask) -> ClientMessage {
        let message = match ask {
            Ask::Layout(layout) => {
                let side = self.game.seat().unwrap_or(Side::Lower);
                ClientMessage::Layout { layout: format_layout(&layout, side) }
            }
            Ask::Move(number, mv) => ClientMessage::Move { number: number as u32, mv: mv.to_string() },
            Ask::Resign => ClientMessage::Resign,
            Ask::OfferTakeBack => ClientMessage::OfferTakeBack,
            Ask::AnswerTakeBack(accept) => ClientMessage::AnswerTakeBack { accept },
        };
        if matches!(message, ClientMessage::Layout { .. } | ClientMessage::Move { .. }) {
            self.unconfirmed = Some(message.clone());
            self.sent_on = self.connections;
        }
        message
    }

    /// Whether a connection that ended with `error` is worth making again: once welcomed,
    /// for a broken or closed connection, while the game is on.
    pub fn resumable(&self, error: &ClientError) -> bool {
        self.code.is_some() && error.is_transient() && self.game.end().is_none()
    }

    /// The game as heard so far.
    pub fn game(&self) -> &ClientGame {
        &self.game
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::SideChoice;

    fn welcome(code: &str, token: Option<&str>) -> ServerMessage {
        ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            server: "test".into(),
            code: code.into(),
            seat: Some(Side::Lower),
            token: token.map(String::from),
        }
    }

    #[test]
    fn the_second_hello_resumes_the_seat_with_its_token_and_a_second_welcome_is_not_told() {
        let role = Role::Host { name: "Ann".into(), side: SideChoice::Lower, rules: Default::default(), clock: None };
        let mut c = Conversation::new(role.clone(), "test".into());
        assert!(matches!(c.hello(), ClientMessage::Hello { role: r, .. } if r == role));
        let first = c.heard(welcome("abc-def", Some("secret"))).unwrap();
        assert!(first.welcomed);
        assert!(matches!(first.events[..], [Event::Welcome { .. }]));
        assert!(c.resumable(&ClientError::Closed));
        assert!(!c.resumable(&ClientError::Refused("no".into())));
        let again = c.hello();
        assert!(
            matches!(&again, ClientMessage::Hello { role: Role::Resume { code, token }, .. } if code == "abc-def" && token == "secret"),
            "{again:?}"
        );
        let second = c.heard(welcome("abc-def", Some("secret"))).unwrap();
        assert!(second.welcomed && second.events.is_empty(), "{second:?}");
    }

    #[test]
    fn a_ping_is_answered_with_its_pong_and_tells_the_owner_nothing() {
        let mut c = Conversation::new(Role::Watch { code: "abc-def".into() }, "test".into());
        let heard = c.heard(ServerMessage::Ping { id: 7 }).unwrap();
        assert_eq!(heard.send, Some(ClientMessage::Pong { id: 7 }));
        assert!(heard.events.is_empty() && !heard.over && !heard.welcomed);
    }

    #[test]
    fn nothing_is_resumable_before_the_first_welcome() {
        let c = Conversation::new(Role::Watch { code: "abc-def".into() }, "test".into());
        assert!(!c.resumable(&ClientError::Closed));
    }
}
