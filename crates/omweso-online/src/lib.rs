//! Online Omweso: the protocol, the server and the client session.
//!
//! - [`protocol`]: the messages (serde types, one JSON text per WebSocket frame), the
//!   version named in the first message, the size limit;
//! - [`server`]: [`Server`] (tokio and tokio-tungstenite; TLS with rustls, [`tls`]) pairs a
//!   host and a guest by a join code ([`code`]: 50 bits from the system's CSPRNG), checks
//!   every layout and move with [`omweso_rules`] before relaying it, keeps every game in an
//!   [`Archive`] and resumes the unfinished ones when started again, lets anyone with the code
//!   watch, and keeps the clock of tournament play ([`clock`]);
//! - [`client`]: a [`Connection`] and the [`ClientGame`], which plays what it hears itself
//!   and trusts nothing; [`Session`]: the blocking session the command line (and later the
//!   window) drives through channels, reconnecting and resuming by itself.
//!
//! A position never travels: both sides and the server play the moves themselves from
//! the layouts. See `docs/online.md` for the protocol.

#![warn(missing_docs)]

mod address;
pub mod archive;
pub mod client;
pub mod clock;
pub mod code;
mod config;
mod connection;
mod games;
mod metered;
pub mod protocol;
pub mod record;
mod seat;
pub mod server;
pub mod session;
mod store;
mod sync;
mod table;
mod tally;
pub mod tls;

pub use archive::{Archive, ArchiveError, Change, Kept, MemoryArchive};
pub use client::{ClientError, ClientGame, Connection, Event};
pub use clock::{ClockSpec, ClockTimes};
pub use protocol::{ClientMessage, PROTOCOL_VERSION, Role, ServerMessage, SideChoice};
pub use record::{End, Record};
pub use server::{Limits, Server, ServerConfig, ServerError};
pub use session::{Session, SessionConfig};

/// Outside text in a message: at most 40 characters, control characters escaped.
pub(crate) fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}
