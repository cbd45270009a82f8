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

#[cfg(feature = "net")]
mod address;
#[cfg(feature = "net")]
pub mod archive;
pub mod client;
mod client_error;
pub mod clock;
#[cfg(feature = "net")]
pub mod code;
#[cfg(feature = "net")]
mod config;
#[cfg(feature = "net")]
mod connection;
pub mod conversation;
#[cfg(feature = "net")]
mod games;
#[cfg(feature = "net")]
mod metered;
#[cfg(feature = "net")]
mod page;
pub mod protocol;
pub mod record;
#[cfg(feature = "net")]
mod seat;
#[cfg(feature = "net")]
pub mod server;
#[cfg(feature = "net")]
pub mod session;
#[cfg(feature = "net")]
mod socket;
#[cfg(feature = "net")]
mod store;
#[cfg(feature = "net")]
mod sync;
#[cfg(feature = "net")]
mod table;
#[cfg(feature = "net")]
mod tally;
#[cfg(feature = "net")]
pub mod tls;

#[cfg(feature = "net")]
pub use archive::{Archive, ArchiveError, Change, Kept, MemoryArchive};
#[cfg(feature = "net")]
pub use client::Connection;
pub use client::{ClientError, ClientGame, Event};
pub use clock::{ClockSpec, ClockTimes};
pub use conversation::{Ask, Conversation, Heard};
pub use protocol::{ClientMessage, PROTOCOL_VERSION, Role, ServerMessage, SideChoice};
pub use record::{End, Record};
#[cfg(feature = "net")]
pub use server::{Limits, Server, ServerConfig, ServerError};
#[cfg(feature = "net")]
pub use session::{Session, SessionConfig};

/// Outside text in a message: at most 40 characters, control characters escaped.
#[cfg(feature = "net")]
pub(crate) fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).flat_map(char::escape_debug).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}
