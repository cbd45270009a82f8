//! Ending cleanly when the system asks (SIGTERM at a logout or shutdown, SIGINT from a
//! terminal, SIGHUP when the terminal goes): the window is woken, keeps what it holds
//! ([`crate::app::services::store`]) and closes without asking about unsaved changes (the game is kept
//! between runs with them). Should the window not close within a few seconds (a frame
//! that never comes), the handler waits for the store's last write itself and ends the
//! process.

use crate::app::services::store;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::time::Duration;

static REQUESTED: AtomicBool = AtomicBool::new(false);
static WAKE: OnceLock<egui::Context> = OnceLock::new();
static WRITER: OnceLock<store::Handle> = OnceLock::new();

/// Installs the handler (once, before the window opens).
///
/// # Errors
/// When the system refuses the handler; the window then still runs, ending as the system
/// ends it.
#[cfg(not(target_arch = "wasm32"))]
pub fn install() -> Result<(), ctrlc::Error> {
    ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            return;
        }
        log::info!("asked to end by the system: closing");
        if let Some(ctx) = WAKE.get() {
            ctx.request_repaint();
        }
        // The window closes itself at its next frame; this is the fallback.
        std::thread::sleep(Duration::from_secs(5));
        log::warn!("the window did not close within 5 s of the system's request; ending");
        if let Some(w) = WRITER.get() {
            w.wait(Duration::from_secs(5));
        }
        std::process::exit(0);
    })
}

/// The window to wake and the store to wait for when the system asks.
pub fn attach(ctx: &egui::Context, writer: Option<store::Handle>) {
    let _ = WAKE.set(ctx.clone());
    if let Some(w) = writer {
        let _ = WRITER.set(w);
    }
}

/// True once the system has asked the program to end.
pub fn requested() -> bool {
    REQUESTED.load(Ordering::SeqCst)
}
