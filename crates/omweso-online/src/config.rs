//! How a server runs: the [`Limits`] it holds every connection to, and its [`ServerConfig`].

use std::time::Duration;
use tokio_rustls::TlsAcceptor;

/// The limits a server holds every connection to; each broken limit closes that
/// connection with an error saying which.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections open at once (past it, a new one is closed unserved).
    pub max_connections: usize,
    /// The largest WebSocket message or frame, in bytes.
    pub max_frame_bytes: usize,
    /// Messages a connection may send a second, on average…
    pub messages_per_second: u32,
    /// …and at once (the bucket's size).
    pub burst: u32,
    /// How often the server pings each client.
    pub ping_every: Duration,
    /// A connection silent this long (no frame at all) is closed.
    pub silence: Duration,
    /// The time to finish the TLS and WebSocket handshakes and say hello.
    pub handshake: Duration,
    /// Games held at once (finished ones are let go first).
    pub max_games: usize,
    /// A message to a connection that cannot go out within this (the client does not
    /// read) closes the connection.
    pub send_within: Duration,
    /// Connections one address (IP) may hold open at once (past it, a new one is closed
    /// unserved).
    pub connections_per_address: usize,
    /// Unfinished games one address may have hosted and the server still holds.
    pub games_per_address: usize,
    /// Join codes and resume tokens one address may get wrong a second, on average…
    pub wrong_codes_per_second: u32,
    /// …and at once; an address out of tries is refused every code until it has one again.
    pub wrong_codes_burst: u32,
    /// An unfinished game no player has been connected to for this long is let go, and
    /// forgotten by the archive ([`crate::Archive::forget`]); after a restart, the time
    /// counts again from the start.
    pub expire_after: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            max_frame_bytes: crate::protocol::MAX_FRAME_BYTES,
            messages_per_second: 20,
            burst: 40,
            ping_every: Duration::from_secs(5),
            silence: Duration::from_secs(20),
            handshake: Duration::from_secs(10),
            max_games: 100_000,
            send_within: Duration::from_secs(10),
            connections_per_address: 100,
            games_per_address: 50,
            wrong_codes_per_second: 2,
            wrong_codes_burst: 10,
            expire_after: Duration::from_secs(7 * 24 * 3600),
        }
    }
}

/// How a server runs.
#[derive(Clone)]
pub struct ServerConfig {
    /// The limits on each connection.
    pub limits: Limits,
    /// TLS, when the server was given a certificate and key ([`crate::tls::acceptor`]).
    pub tls: Option<TlsAcceptor>,
    /// The server's name and version, sent in the welcome.
    pub name: String,
    /// The page's folder (`index.html`, the program's wasm and its glue: what `.ci/web`
    /// builds into `target/web`), served over HTTP on the WebSocket's port; `None`: `/`
    /// answers a short page saying it is not built and how to build it.
    pub web: Option<std::path::PathBuf>,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            limits: Limits::default(),
            tls: None,
            name: format!("omweso-online {}", env!("CARGO_PKG_VERSION")),
            web: None,
        }
    }
}
