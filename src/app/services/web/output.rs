//! The page's audio output (the browser's build, in place of the computer's miniaudio
//! device, `sound/output.rs`): none yet. Opening it says why, so the board is silent and
//! the window's notice about the sound says so, as on a computer with no sound device.

use crate::app::services::sound::mixer::Voice;
use std::sync::Arc;
use std::sync::atomic::AtomicU32;
use std::sync::mpsc::Sender;

/// An open output (never made in the page yet: [`open`] says why).
pub struct Output {
    /// The backend that plays (its name).
    pub backend: &'static str,
    /// Where the voices to mix go.
    pub voices: Sender<Voice>,
}

/// The page has no sound device of its own yet.
///
/// # Errors
/// Always: the reason, for the window's notice.
pub fn open(master: Arc<AtomicU32>) -> Result<Output, String> {
    let _ = master;
    Err("the page plays no sound yet".into())
}
