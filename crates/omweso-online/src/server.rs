//! The server, as tokio's mini-redis is built: a listener that accepts connections under a
//! semaphore (a connection past [`Limits::max_connections`] is closed at once) and backs off
//! when `accept` fails, one task per connection ([`crate::connection`]), and the games in a
//! map behind one `Mutex`, each game behind its own, none ever held across an `.await` or
//! the disk. A game's change is handed, with the messages it makes, to the server's store
//! ([`crate::store`]), whose own thread keeps changes in batches through the [`Archive`] and
//! relays them only once kept, so that what a player has seen is on disk.

use crate::archive::Archive;
pub use crate::config::{Limits, ServerConfig};
use crate::games::{Games, Shared};
use crate::sync::lock;
use crate::table::Table;
use crate::tally::Unserved;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

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
    Archive(#[from] crate::archive::ArchiveError),
    /// The store's thread could not be started.
    #[error("cannot start the store's thread: {0}")]
    Store(std::io::Error),
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
        let mut games = Games::new();
        let mut ended = HashMap::new();
        for kept in archive.load()? {
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
        let games = Arc::new(Mutex::new(games));
        let store = crate::store::Store::start(archive, Arc::clone(&games)).map_err(ServerError::Store)?;
        let shared = Arc::new(Shared::new(games, ended, store, config));
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
                let most = limits.max_connections;
                shared.tally.count(Unserved::ServerFull, peer.ip(), || format!("{peer}: {most} connections open"));
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
/// and lets go of finished games nobody follows any more; every ten seconds, the slow
/// chores ([`Shared::housekeep`]).
async fn referee(shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(Duration::from_millis(250));
    for round in 0u64.. {
        tick.tick().await;
        if round % 40 == 39 {
            shared.housekeep(Instant::now());
        }
        let now = Instant::now();
        let tables: Vec<Arc<Mutex<Table>>> = shared.games().values().cloned().collect();
        for handle in tables {
            let mut table = lock(&handle);
            if table.check_clock(now) {
                shared.keep(&handle, &mut table);
            }
        }
        shared.let_go_finished();
    }
}
