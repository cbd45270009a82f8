//! The server, as tokio's mini-redis is built: a listener that accepts connections under a
//! semaphore (a connection past [`Limits::max_connections`] is closed at once) and backs off
//! when `accept` fails, one task per connection ([`crate::connection`]), and the games in a
//! map behind one `Mutex`, each game behind its own, none ever held across an `.await`. A
//! game is handed to the [`Archive`] under its own lock after every change and before the
//! change is relayed, so that what a player has seen is on disk.

use crate::archive::Archive;
use crate::table::Table;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
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
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        ServerConfig {
            limits: Limits::default(),
            tls: None,
            name: format!("omweso-online {}", env!("CARGO_PKG_VERSION")),
        }
    }
}

/// What every connection task shares.
pub(crate) struct Shared {
    games: Mutex<HashMap<String, Arc<Mutex<Table>>>>,
    /// How each finished game the server no longer holds ended (kept in the archive, or
    /// let go): a code of one is answered with its end.
    ended: Mutex<HashMap<String, crate::record::End>>,
    archive: Arc<dyn Archive>,
    pub(crate) config: ServerConfig,
    next_id: AtomicU64,
}

impl Shared {
    /// The map of games, locked (only to find or add a game).
    pub(crate) fn games(&self) -> MutexGuard<'_, HashMap<String, Arc<Mutex<Table>>>> {
        lock(&self.games)
    }

    /// The game `code`, if the server holds it.
    pub(crate) fn table(&self, code: &str) -> Option<Arc<Mutex<Table>>> {
        self.games().get(code).cloned()
    }

    /// How game `code` ended, if it is a finished game the server no longer holds.
    pub(crate) fn ended(&self, code: &str) -> Option<crate::record::End> {
        lock(&self.ended).get(code).copied()
    }

    /// A fresh connection id.
    pub(crate) fn next_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Keeps `table` in the archive (called under the table's lock, before its change is
    /// relayed); a failure is logged and the game goes on.
    pub(crate) fn keep(&self, table: &Table) {
        if let Err(e) = self.archive.keep(&table.kept()) {
            log::error!("cannot keep game {}: {e}", table.record.code);
        }
    }
}

/// Locks `mutex`; a poisoned lock is taken over (a table is consistent after each call,
/// and no call panics by design).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Why a server did not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {error}")]
    Bind {
        /// The address.
        addr: String,
        /// Why.
        error: std::io::Error,
    },
    /// The archive could not be read.
    #[error("cannot read the games kept: {0}")]
    Archive(String),
}

/// A bound server, not yet serving.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Listens on `addr` and takes back every unfinished game `archive` kept (each replayed
    /// by the rules; one that does not replay is logged and left out).
    ///
    /// # Errors
    /// [`ServerError`]: the address or the archive.
    pub async fn bind(addr: &str, config: ServerConfig, archive: Arc<dyn Archive>) -> Result<Server, ServerError> {
        let listener =
            TcpListener::bind(addr).await.map_err(|error| ServerError::Bind { addr: addr.to_string(), error })?;
        let mut games = HashMap::new();
        let mut ended = HashMap::new();
        for kept in archive.load().map_err(ServerError::Archive)? {
            let code = kept.record.code.clone();
            if let Some(end) = kept.record.end {
                ended.insert(code, end);
                continue;
            }
            match Table::resume(kept) {
                Ok(table) => {
                    games.insert(code, Arc::new(Mutex::new(table)));
                }
                Err(e) => log::error!("game {code} is not resumed: its record does not replay: {e}"),
            }
        }
        if !games.is_empty() {
            log::info!("{} unfinished games resumed from the archive", games.len());
        }
        let shared = Arc::new(Shared {
            games: Mutex::new(games),
            ended: Mutex::new(ended),
            archive,
            config,
            next_id: AtomicU64::new(1),
        });
        Ok(Server { listener, shared })
    }

    /// The address the server listens on (with the port chosen when 0 was asked).
    ///
    /// # Errors
    /// The socket's error.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the task is dropped.
    pub async fn run(self) {
        let Server { listener, shared } = self;
        let limits = shared.config.limits.clone();
        let permits = Arc::new(Semaphore::new(limits.max_connections));
        tokio::spawn(referee(Arc::clone(&shared)));
        let mut backoff = Duration::from_millis(10);
        loop {
            let (socket, peer) = match listener.accept().await {
                Ok(accepted) => {
                    backoff = Duration::from_millis(10);
                    accepted
                }
                Err(e) => {
                    // Out of file descriptors and the like: wait and try again.
                    log::warn!("accept failed: {e}; trying again in {backoff:?}");
                    tokio::time::sleep(backoff).await;
                    backoff = (backoff * 2).min(Duration::from_secs(1));
                    continue;
                }
            };
            let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
                log::warn!("{peer}: closed at once: {} connections are open already", limits.max_connections);
                drop(socket);
                continue;
            };
            let shared = Arc::clone(&shared);
            tokio::spawn(async move {
                crate::connection::serve(socket, peer, shared).await;
                drop(permit);
            });
        }
    }
}

/// The referee: every quarter second, ends the games whose side to move ran out of time,
/// and lets go of finished games nobody follows any more.
async fn referee(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    loop {
        tick.tick().await;
        let now = Instant::now();
        let tables: Vec<Arc<Mutex<Table>>> = shared.games().values().cloned().collect();
        for table in tables {
            let mut table = lock(&table);
            if table.check_clock(now) {
                shared.keep(&table);
                table.flush();
            }
        }
        let max = shared.config.limits.max_games;
        let mut games = shared.games();
        if games.len() > max / 2 {
            let mut ended = lock(&shared.ended);
            games.retain(|code, t| {
                let table = lock(t);
                let gone = table.is_over() && table.is_empty();
                if gone && let Some(end) = table.record.end {
                    ended.insert(code.clone(), end);
                }
                !gone
            });
        }
    }
}
