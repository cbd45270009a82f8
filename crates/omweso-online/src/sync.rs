//! The server's one way to take a lock: shared by the games, the tables, the store's
//! writer and the counters of addresses and refusals (its own room, so that none of them
//! imports another for it).

use std::sync::{Mutex, MutexGuard};

/// Locks `mutex`; a poisoned lock is taken over (a table is consistent after each call,
/// and no call panics by design).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
