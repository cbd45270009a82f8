//! The page's audio output (the browser's build, in place of the computer's miniaudio
//! device and mixer thread, `sound/output.rs`): Web Audio. Each voice the board sends
//! becomes a buffer of its samples played once through a gain (its own times the master
//! volume, read when it starts); the browser mixes them. The voices are taken from their
//! channel every 20 ms on the page's thread (a page has no thread to block on a channel).
//!
//! Browsers start audio only after the player has touched the page: the context is
//! resumed with each voice, so the first sounds after a tap or a click are heard.

use crate::app::services::sound::Opening;
use crate::app::services::sound::mixer::Voice;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

/// How often the voices are taken from their channel, in ms.
const EVERY_MS: i32 = 20;

/// Opens Web Audio at once (nothing to wait for in a page): the answer is ready on the
/// [`Opening`], and the output lives until every clone of its `keep` is dropped.
///
/// # Errors
/// None: a browser without Web Audio is the answer's `Err`, and the board is silent.
pub fn open_device(master: Arc<AtomicU32>) -> std::io::Result<Opening> {
    let (tell, answer) = channel();
    let (keep, kept) = channel::<()>();
    let _ = tell.send(open(master, kept).map(|voices| (voices, "Web Audio")));
    Ok(Opening { answer, keep })
}

/// The context and the timer that plays what comes on the returned channel until `kept`
/// is closed.
fn open(master: Arc<AtomicU32>, kept: Receiver<()>) -> Result<std::sync::mpsc::Sender<Voice>, String> {
    let context = web_sys::AudioContext::new().map_err(|e| format!("the browser gives no Web Audio: {e:?}"))?;
    let window = web_sys::window().ok_or("the page has no window")?;
    let (voices, incoming) = channel::<Voice>();
    let timer = std::rc::Rc::new(std::cell::Cell::new(None::<i32>));
    let timer_in = timer.clone();
    let tick = Closure::<dyn FnMut()>::new(move || {
        if matches!(kept.try_recv(), Err(TryRecvError::Disconnected)) {
            // The board's sound is closed: stop here (the closure stays, idle).
            if let (Some(w), Some(t)) = (web_sys::window(), timer_in.take()) {
                w.clear_interval_with_handle(t);
            }
            let _ = context.close();
            return;
        }
        let volume = f32::from_bits(master.load(Ordering::Relaxed));
        while let Ok(voice) = incoming.try_recv() {
            if let Err(e) = play(&context, &voice, volume) {
                log::warn!("a sound was not played: {e:?}");
            }
        }
    });
    let handle = window
        .set_interval_with_callback_and_timeout_and_arguments_0(tick.as_ref().unchecked_ref(), EVERY_MS)
        .map_err(|e| format!("no timer for the sound: {e:?}"))?;
    timer.set(Some(handle));
    tick.forget();
    Ok(voices)
}

/// Plays `voice` once at `volume` (0..1) times its own gain.
fn play(context: &web_sys::AudioContext, voice: &Voice, volume: f32) -> Result<(), wasm_bindgen::JsValue> {
    let samples = voice.samples();
    if samples.is_empty() || voice.gain() * volume <= 0.0 {
        return Ok(());
    }
    let _ = context.resume();
    let length = u32::try_from(samples.len()).unwrap_or(u32::MAX);
    let buffer = context.create_buffer(1, length, voice.rate() as f32)?;
    buffer.copy_to_channel(samples, 0)?;
    let source = context.create_buffer_source()?;
    source.set_buffer(Some(&buffer));
    let gain = context.create_gain()?;
    gain.gain().set_value((voice.gain() * volume).clamp(0.0, 1.0));
    source.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&context.destination())?;
    source.start()?;
    Ok(())
}
