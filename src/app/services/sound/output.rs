//! The audio output: the system's default playback device, opened through miniaudio (the
//! `maudio` crate), feeding it from the board's own [`Mixer`].
//!
//! # Why miniaudio, and how it builds
//!
//! The build needs nothing but Rust and a C compiler (issue 35): miniaudio is one C file,
//! compiled by `cc`, that opens the system's sound libraries *at run time* (`dlopen`) with
//! its own type definitions, so no development package and no `pkg-config` is needed, and
//! the program starts on a machine without them (sound is then off). Two others were
//! weighed:
//! - the pure-Rust `pulseaudio` client speaks only to a PulseAudio or PipeWire server: no
//!   ALSA on a machine without a sound server, nothing on Windows or macOS;
//! - loading `libasound.so.2` ourselves through `libloading` would mean our own unsafe
//!   bindings to ALSA, Linux only, with another crate for every other system.
//!
//! rodio and cpal (what the board used before) link ALSA's `alsa-sys`, which needs
//! ALSA's headers to build.
//!
//! # The backends, listed
//!
//! [`BACKENDS`] names the backends tried, in order, for each system; miniaudio's own list
//! would end with its null device, which takes the sound and plays nothing, and would
//! report sound on where there is none. Each is tried on its own, so the log says which
//! one plays, or why each failed.

use super::mixer::{Mixer, Voice};
use maudio::audio::sample_rate::SampleRate;
use maudio::backend::Backend;
use maudio::context::{Context, ContextBuilder};
use maudio::device::Device;
use maudio::device::device_builder::{DeviceBuilder, DeviceBuilderOps};
use std::sync::Arc;
use std::sync::atomic::AtomicU32;
use std::sync::mpsc::Sender;

/// The backends tried, in order, on Linux: the desktop's sound server (PulseAudio, or
/// PipeWire serving PulseAudio's protocol), then ALSA, then JACK. Each library is loaded
/// at run time; a machine without it goes on to the next.
#[cfg(target_os = "linux")]
pub const BACKENDS: &[Backend] = &[Backend::PulseAudio, Backend::Alsa, Backend::Jack];
/// The backends tried, in order, on Windows.
#[cfg(windows)]
pub const BACKENDS: &[Backend] = &[Backend::Wasapi, Backend::DSound, Backend::WinMm];
/// The backends tried on macOS.
#[cfg(target_os = "macos")]
pub const BACKENDS: &[Backend] = &[Backend::CoreAudio];
/// The backends tried on the BSDs and other Unix systems.
#[cfg(not(any(target_os = "linux", windows, target_os = "macos")))]
pub const BACKENDS: &[Backend] = &[Backend::PulseAudio, Backend::Sndio, Backend::Audio4, Backend::Oss];

/// Frames a second asked of the device (miniaudio converts to the device's own).
pub const RATE: u32 = 48_000;
/// Channels asked of the device: the same sound in both.
pub const CHANNELS: u32 = 2;

/// A playback device open and playing from a mixer; dropping it closes the device.
pub struct Output {
    _device: Device<f32>,
    _context: Context,
    /// The backend that plays (its name).
    pub backend: &'static str,
    /// Where the voices to play are sent.
    pub voices: Sender<Voice>,
}

/// A backend's name, for the log and the menu.
pub fn backend_name(b: Backend) -> &'static str {
    match b {
        Backend::Wasapi => "WASAPI",
        Backend::DSound => "DirectSound",
        Backend::WinMm => "WinMM",
        Backend::CoreAudio => "Core Audio",
        Backend::Sndio => "sndio",
        Backend::Audio4 => "audio(4)",
        Backend::Oss => "OSS",
        Backend::PulseAudio => "PulseAudio",
        Backend::Alsa => "ALSA",
        Backend::Jack => "JACK",
        Backend::Aaudio => "AAudio",
        Backend::Opensl => "OpenSL ES",
        Backend::WebAudio => "Web Audio",
        Backend::Null => "null",
        _ => "another backend",
    }
}

/// Opens the default playback device on the first of [`BACKENDS`] that has one, playing
/// from a new mixer whose master gain is read from `master`.
///
/// # Errors
/// No backend gave a device: the reason for each, in one line.
pub fn open(master: Arc<AtomicU32>) -> Result<Output, String> {
    let mut failures = Vec::new();
    for &backend in BACKENDS {
        match open_on(backend, master.clone()) {
            Ok(out) => return Ok(out),
            Err(e) => failures.push(format!("{}: {e}", backend_name(backend))),
        }
    }
    Err(failures.join("; "))
}

fn open_on(backend: Backend, master: Arc<AtomicU32>) -> Result<Output, String> {
    let context = ContextBuilder::new().preferred_backends([backend]).build().map_err(|e| e.to_string())?;
    let (mut mixer, voices) = Mixer::new(RATE, master);
    let channels = CHANNELS as usize;
    let mut device = DeviceBuilder::playback()
        .f32()
        .context(&context)
        .playback_channels(CHANNELS)
        .sample_rate(SampleRate::Sr48000)
        .with_callback(move |_, out: &mut [f32]| mixer.render(out, channels))
        .map_err(|e| e.to_string())?;
    device.device_start().map_err(|e| e.to_string())?;
    Ok(Output { _device: device, _context: context, backend: backend_name(backend), voices })
}
