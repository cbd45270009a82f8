//! The wire format: one JSON text per WebSocket text frame, each a [`ClientMessage`] or a
//! [`ServerMessage`] (serde enums tagged by `type`), the first one a client sends naming the
//! protocol's version ([`PROTOCOL_VERSION`]). Moves and layouts travel as RULES.md §5
//! notation and are checked by the rules crate wherever they arrive; a position never
//! travels. See `docs/online.md` for the whole exchange.

use crate::clock::{ClockSpec, ClockTimes};
use crate::record::{End, Record};
use omweso_rules::{RuleOptions, Side};
use serde::{Deserialize, Serialize};

/// The version of this protocol, named in [`ClientMessage::Hello`] and
/// [`ServerMessage::Welcome`]. A server refuses a client of another version and says which
/// side to update ([`Update`]).
///
/// Version 2 added the offer of a take-back ([`ClientMessage::OfferTakeBack`],
/// [`ClientMessage::AnswerTakeBack`], [`ServerMessage::TakeBackOffered`],
/// [`ServerMessage::TakeBackRefused`], [`ServerMessage::TookBack`]).
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest frame either side accepts, in bytes (a whole game's snapshot of a few hundred
/// moves fits many times over; a longer frame closes the connection).
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// The longest player name kept, in characters (longer names are cut).
pub const MAX_NAME_CHARS: usize = 64;

/// What a client says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the protocol's version, the program and what the client wants.
    Hello {
        /// [`PROTOCOL_VERSION`] of the client.
        protocol: u32,
        /// The client program and its version, for the server's log (e.g. `omweso 0.1.0`).
        program: String,
        /// Host, join, watch or resume.
        role: Role,
    },
    /// The client's layout (its half of a RULES.md §5 position, e.g. `4A-P`), when asked.
    Layout {
        /// The layout's text.
        layout: String,
    },
    /// A move in RULES.md §5 notation; `number` is its place in the game (the first move
    /// is 0), so that a move sent twice across a reconnection is recognised.
    Move {
        /// How many moves were played before it.
        number: u32,
        /// The move's text (`d`, `i3xF, i2xG`, …).
        mv: String,
    },
    /// The client's side gives the game up.
    Resign,
    /// Offers to take back the client's side's last move (and the other side's reply to
    /// it, if made), which the other player must accept. None in tournament play (a game
    /// with a clock): the server refuses it there.
    OfferTakeBack,
    /// Answers the other side's [`ServerMessage::TakeBackOffered`].
    AnswerTakeBack {
        /// Accepted (the moves are taken back) or refused.
        accept: bool,
    },
    /// Asks for a [`ServerMessage::Pong`] with the same id.
    Ping {
        /// Any number.
        id: u64,
    },
    /// Answers a [`ServerMessage::Ping`].
    Pong {
        /// The ping's id.
        id: u64,
    },
}

/// What a client comes for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "as", rename_all = "snake_case", deny_unknown_fields)]
pub enum Role {
    /// Open a game: its rules, the host's side and the clock; the server answers with the
    /// join code.
    Host {
        /// The host's name.
        name: String,
        /// The rules of the game (every RULES.md **\[choice\]**).
        rules: RuleOptions,
        /// The host's side, or a coin toss by the server.
        side: SideChoice,
        /// The clock of tournament play, kept by the server; none for an untimed game.
        clock: Option<ClockSpec>,
    },
    /// Take the other seat of a hosted game.
    Join {
        /// The guest's name.
        name: String,
        /// The join code the host was given.
        code: String,
    },
    /// Follow a game: the board and the moves, never a move sent.
    Watch {
        /// The game's join code.
        code: String,
    },
    /// Take one's seat again after a dropped connection or a restart of the server.
    Resume {
        /// The game's join code.
        code: String,
        /// The seat's resume token, given in [`ServerMessage::Welcome`].
        token: String,
    },
}

/// The host's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideChoice {
    /// Lower (moves first).
    Lower,
    /// Upper.
    Upper,
    /// The server tosses a coin (its CSPRNG).
    Toss,
}

/// Which side of a version mismatch must be updated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Update {
    /// The client is older than the server.
    Client,
    /// The server is older than the client.
    Server,
}

/// What the server says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMessage {
    /// The answer to a good [`ClientMessage::Hello`].
    Welcome {
        /// The server's [`PROTOCOL_VERSION`].
        protocol: u32,
        /// The server program and its version.
        server: String,
        /// The game's join code.
        code: String,
        /// The client's seat; none for a spectator.
        seat: Option<Side>,
        /// The seat's resume token (a spectator has none): keep it to come back.
        token: Option<String>,
    },
    /// The hello is refused (unknown code, seat taken, bad token, other version); the
    /// connection closes.
    Refused {
        /// Why, in words.
        reason: String,
        /// For a version mismatch, which side to update.
        update: Option<Update>,
    },
    /// The game as far as this client may see it: sent after the welcome and after each
    /// layout. The client replays it with the rules itself.
    Game {
        /// The game's record (a layout is hidden from the side that lays out first until
        /// it has laid out its own, and from spectators until both are in).
        record: Record,
        /// Whether Lower's and Upper's players are connected.
        connected: [bool; 2],
    },
    /// The client's side is to lay out now (RULES.md §2).
    LayOut,
    /// A move was played (by either side: a client sees its own move come back too).
    Moved {
        /// How many moves were played before it.
        number: u32,
        /// The move's text, canonical.
        mv: String,
        /// The clock after it, when the game is timed.
        clock: Option<ClockTimes>,
    },
    /// A player connected or left.
    Presence {
        /// Whose player.
        side: Side,
        /// Connected now.
        connected: bool,
    },
    /// `side` offers to take back its last move (protocol 2; sent to both seats and the
    /// spectators); the other side answers with
    /// [`ClientMessage::AnswerTakeBack`]. A move played in the meantime lets the offer lapse.
    TakeBackOffered {
        /// Who offers.
        side: Side,
    },
    /// The offer of a take-back was refused, or lapsed.
    TakeBackRefused,
    /// The offer was accepted: the game goes back to its first `moves` moves (the moves
    /// after are dropped), the side that offered to move.
    TookBack {
        /// How many moves are left.
        moves: u32,
    },
    /// The game ended (by the rules, a resignation or the clock).
    Ended {
        /// How.
        end: End,
    },
    /// The client broke the protocol or a limit; the connection closes after it.
    Error {
        /// What was wrong, in words.
        message: String,
    },
    /// Asks for a [`ClientMessage::Pong`] (the server measures the round trip for the clock).
    Ping {
        /// Any number.
        id: u64,
    },
    /// Answers a [`ClientMessage::Ping`].
    Pong {
        /// The ping's id.
        id: u64,
    },
}

/// A frame that is not a message of the protocol.
#[derive(Debug, thiserror::Error)]
pub enum DecodeError {
    /// Longer than [`MAX_FRAME_BYTES`].
    #[error("a message of {0} bytes: at most {MAX_FRAME_BYTES} are accepted")]
    TooLong(usize),
    /// Not JSON of a known message.
    #[error("not a message of the protocol: {0}")]
    Malformed(String),
}

/// Reads one message (either direction), after checking its length.
///
/// # Errors
/// [`DecodeError`]: too long, or not JSON of the expected type.
pub fn decode<T: for<'de> Deserialize<'de>>(text: &str) -> Result<T, DecodeError> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(DecodeError::TooLong(text.len()));
    }
    serde_json::from_str(text).map_err(|e| DecodeError::Malformed(e.to_string()))
}

/// Writes one message as JSON text.
pub fn encode<T: Serialize>(message: &T) -> String {
    // Serialising these plain types cannot fail (no maps with non-string keys, no floats).
    serde_json::to_string(message).unwrap_or_else(|e| format!("{{\"type\":\"error\",\"message\":\"{e}\"}}"))
}

/// A name as kept: control characters and the invisible ones that reorder or hide text
/// ([`is_hidden`]) dropped, at most [`MAX_NAME_CHARS`] characters, so that the game's saved
/// file passes the saved file's own rules (`omweso check`).
pub fn clean_name(name: &str) -> String {
    name.chars().filter(|c| !is_hidden(*c)).take(MAX_NAME_CHARS).collect::<String>().trim().to_string()
}

/// True for a character a name may not hold: a control character, or one that changes how
/// the text around it is shown (bidirectional overrides and isolates, zero-width
/// characters, the byte-order mark). The same set as the saved file's rule (the program's
/// `quote::is_hidden`; a test there holds the two together).
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_as_json() {
        let hello = ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            program: "omweso 0.1.0".into(),
            role: Role::Host { name: "Ann".into(), rules: RuleOptions::default(), side: SideChoice::Toss, clock: None },
        };
        let text = encode(&hello);
        assert!(text.contains("\"type\":\"hello\""), "{text}");
        assert_eq!(decode::<ClientMessage>(&text).unwrap(), hello);
        let mv = ServerMessage::Moved { number: 3, mv: "d".into(), clock: None };
        assert_eq!(decode::<ServerMessage>(&encode(&mv)).unwrap(), mv);
    }

    #[test]
    fn an_unknown_field_or_an_oversized_text_is_refused() {
        assert!(matches!(
            decode::<ClientMessage>(r#"{"type":"move","number":0,"mv":"a","extra":1}"#),
            Err(DecodeError::Malformed(_))
        ));
        let long = format!(r#"{{"type":"layout","layout":"{}"}}"#, "4".repeat(MAX_FRAME_BYTES));
        assert!(matches!(decode::<ClientMessage>(&long), Err(DecodeError::TooLong(_))));
    }

    #[test]
    fn names_lose_control_characters_and_length() {
        assert_eq!(clean_name("A\u{7}nn\n"), "Ann");
        assert_eq!(clean_name("A\u{200B}nn\u{202E}\u{FEFF}"), "Ann");
        assert_eq!(clean_name(&"x".repeat(500)).chars().count(), MAX_NAME_CHARS);
    }
}
