//! The sound device and the board's own mixer, beside the window (issue 49: they lived in the
//! drawing room): [`pcm`] reads the WAVs into samples, [`mixer`] sums the voices under way at
//! the output's rate, [`output`] opens the system's playback device through miniaudio and
//! feeds it from the mixer. What is played when (the board's sounds following the model) is
//! the ui's `sound` module; it hands [`mixer::Voice`]s down a channel and never waits.

pub mod mixer;
#[cfg(not(target_arch = "wasm32"))]
pub mod output;
#[cfg(target_arch = "wasm32")]
#[path = "web/output.rs"]
pub mod output;
pub mod pcm;

use mixer::Voice;
use std::sync::mpsc::{Receiver, Sender};

/// The device being opened on a thread of its own: its answer (the sending end of its
/// mixer and the backend that plays, or why none does) comes on `answer`; the device stays
/// open while `keep` (or a clone) lives.
pub struct Opening {
    /// The device's answer, once.
    pub answer: Receiver<Result<(Sender<Voice>, &'static str), String>>,
    /// Dropping every clone closes the device.
    pub keep: Sender<()>,
}

#[cfg(target_arch = "wasm32")]
pub use output::open_device;

/// Opens the system's default audio device ([`output::open`]) on a thread of its own, its
/// mixer reading the volume live from `master` (an `f32`'s bits); returns at once.
///
/// # Errors
/// The thread could not be started.
#[cfg(not(target_arch = "wasm32"))]
pub fn open_device(master: std::sync::Arc<std::sync::atomic::AtomicU32>) -> std::io::Result<Opening> {
    let (tell, answer) = std::sync::mpsc::channel();
    let (keep, kept) = std::sync::mpsc::channel::<()>();
    std::thread::Builder::new().name("sound".into()).spawn(move || match output::open(master) {
        Ok(out) => {
            if tell.send(Ok((out.voices.clone(), out.backend))).is_ok() {
                // The device stays open until the window's Sound is dropped.
                let _ = kept.recv();
            }
            drop(out);
        }
        Err(e) => {
            let _ = tell.send(Err(e));
        }
    })?;
    Ok(Opening { answer, keep })
}
