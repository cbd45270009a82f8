//! Waiting for the session's workers in the model's tests (the computer, the engine's jobs):
//! the session's waker, which the window repaints on, wakes the test at once; it looks
//! again every 20 ms in any case (a worker started before the waker was set).

use crate::app::model::session::Session;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Calls `step` on `s` until it returns true, waiting between calls for the session's
/// workers; false when `limit` passed first.
pub fn until(s: &mut Session, limit: Duration, mut step: impl FnMut(&mut Session) -> bool) -> bool {
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = Mutex::new(tx);
    s.set_waker(Arc::new(move || {
        let _ = tx.lock().map(|tx| tx.send(()));
    }));
    let started = Instant::now();
    while started.elapsed() < limit {
        if step(s) {
            return true;
        }
        let _ = rx.recv_timeout(Duration::from_millis(20));
    }
    false
}
