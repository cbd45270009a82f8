//! The board's own mixer: the voices under way, each a clip at its gain and pitch, summed
//! into the output's buffer at the output's rate, times the master gain read live.
//!
//! The window hands a [`Voice`] to the mixer through a channel ([`Mixer::new`] gives the
//! sending end) and never waits; the output's thread calls [`Mixer::render`] for each
//! buffer it needs. Nothing here knows of a device, so every part is tested without one.
//!
//! A pitch is a rate: a clip recorded at 22,050 Hz played at pitch 1.1 is read at
//! 24,255 samples a second and resampled (linear interpolation) to the output's rate, so it
//! sounds a tenth higher and lasts a tenth less.

use super::pcm::Pcm;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};

/// At most this many sounds at once; a new one beyond them replaces the oldest (a click
/// at the fastest speed lasts about 80 ms, so some ten overlap at the most).
pub const MAX_VOICES: usize = 32;

/// A clip to be played: its samples, the rate to read them at (the clip's rate times the
/// pitch, samples a second) and its own gain (0..1, before the master gain).
#[derive(Clone, Debug)]
pub struct Voice {
    samples: Arc<[f32]>,
    /// Samples a second: the clip's own rate times the pitch.
    rate: f64,
    gain: f32,
}

impl Voice {
    /// `pcm` played at `gain` (clamped to 0..1, before the master gain) and `pitch` (1 as
    /// recorded; clamped to 0.25..4) as a rate.
    pub fn new(pcm: &Pcm, gain: f32, pitch: f32) -> Voice {
        let pitch = if pitch.is_finite() { pitch.clamp(0.25, 4.0) } else { 1.0 };
        let gain = if gain.is_finite() { gain.clamp(0.0, 1.0) } else { 0.0 };
        Voice { samples: pcm.samples.clone(), rate: f64::from(pcm.rate) * f64::from(pitch), gain }
    }

    /// Its samples, at [`Voice::rate`].
    pub fn samples(&self) -> &[f32] {
        &self.samples
    }

    /// Its own gain (0..1, before the master gain).
    pub fn gain(&self) -> f32 {
        self.gain
    }

    /// The rate its samples are read at (samples a second).
    pub fn rate(&self) -> f64 {
        self.rate
    }

    /// How long it sounds, in seconds.
    pub fn seconds(&self) -> f64 {
        self.samples.len() as f64 / self.rate
    }
}

/// A voice under way: where it is in its samples and how far it moves for each frame of
/// the output.
struct Playing {
    voice: Voice,
    /// The position in the clip's samples (fractional).
    at: f64,
    /// Clip samples per output frame.
    step: f64,
}

impl Playing {
    /// The next sample at the output's rate (linearly interpolated), or `None` at its end.
    fn next(&mut self) -> Option<f32> {
        let i = self.at as usize;
        let s = &self.voice.samples;
        let a = *s.get(i)?;
        let b = s.get(i + 1).copied().unwrap_or(0.0);
        let t = (self.at - i as f64) as f32;
        self.at += self.step;
        Some((a + (b - a) * t) * self.voice.gain)
    }
}

/// The mixer, owned by the output's thread.
pub struct Mixer {
    playing: Vec<Playing>,
    incoming: Receiver<Voice>,
    master: Arc<AtomicU32>,
    /// The output's frames a second.
    rate: u32,
}

impl Mixer {
    /// A mixer for an output of `rate` frames a second, its master gain read from `master`
    /// (an `f32`'s bits: 0 silent, 1 as recorded) at every buffer; and the sending end for
    /// the voices to play.
    pub fn new(rate: u32, master: Arc<AtomicU32>) -> (Mixer, Sender<Voice>) {
        let (send, incoming) = mpsc::channel();
        let mixer = Mixer { playing: Vec::with_capacity(MAX_VOICES), incoming, master, rate: rate.max(1) };
        (mixer, send)
    }

    /// The output's frames a second.
    pub fn rate(&self) -> u32 {
        self.rate
    }

    /// Voices under way.
    pub fn voices(&self) -> usize {
        self.playing.len()
    }

    /// Fills `out`, interleaved frames of `channels` samples (the same sound in each), with
    /// the voices under way and any that arrived since the last buffer; voices that end
    /// are dropped. Never waits and never allocates (the voices are kept in a vector made
    /// once with room for [`MAX_VOICES`]).
    pub fn render(&mut self, out: &mut [f32], channels: usize) {
        let channels = channels.max(1);
        while let Ok(voice) = self.incoming.try_recv() {
            if self.playing.len() == MAX_VOICES {
                self.playing.remove(0);
            }
            let step = voice.rate / f64::from(self.rate);
            self.playing.push(Playing { voice, at: 0.0, step });
        }
        let master = f32::from_bits(self.master.load(Ordering::Relaxed));
        let master = if master.is_finite() { master.clamp(0.0, 1.0) } else { 0.0 };
        for frame in out.chunks_mut(channels) {
            let mut sum = 0.0;
            for p in &mut self.playing {
                sum += p.next().unwrap_or(0.0);
            }
            frame.fill((sum * master).clamp(-1.0, 1.0));
        }
        self.playing.retain(|p| (p.at as usize) < p.voice.samples.len());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pcm(samples: &[f32], rate: u32) -> Pcm {
        Pcm { samples: samples.into(), rate }
    }

    fn master(gain: f32) -> Arc<AtomicU32> {
        Arc::new(AtomicU32::new(gain.to_bits()))
    }

    #[test]
    fn a_clip_at_the_outputs_rate_comes_out_as_recorded_in_every_channel() {
        let (mut mixer, send) = Mixer::new(8, master(1.0));
        send.send(Voice::new(&pcm(&[0.5, -0.25, 0.125], 8), 1.0, 1.0)).unwrap();
        let mut out = [9.0f32; 10];
        mixer.render(&mut out, 2);
        assert_eq!(out, [0.5, 0.5, -0.25, -0.25, 0.125, 0.125, 0.0, 0.0, 0.0, 0.0]);
        assert_eq!(mixer.voices(), 0, "an ended voice is dropped");
        mixer.render(&mut out, 2);
        assert!(out.iter().all(|&s| s == 0.0), "silence after it");
    }

    #[test]
    fn a_pitch_is_a_rate_resampled_to_the_outputs() {
        let ramp: Vec<f32> = (0..100).map(|i| i as f32 / 100.0).collect();
        // Twice the pitch: half as long, every other sample.
        let (mut mixer, send) = Mixer::new(1000, master(1.0));
        let voice = Voice::new(&pcm(&ramp, 1000), 1.0, 2.0);
        assert_eq!(voice.rate(), 2000.0);
        assert!((voice.seconds() - 0.05).abs() < 1e-9);
        send.send(voice).unwrap();
        let mut out = vec![0.0f32; 60];
        mixer.render(&mut out, 1);
        assert!((out[10] - 0.20).abs() < 1e-6, "{}", out[10]);
        assert!(out[50..].iter().all(|&s| s == 0.0), "ended after 50 frames: {:?}", &out[45..]);
        // A clip at 22,050 Hz on a 44,100 Hz output: twice as many frames, interpolated.
        let (mut mixer, send) = Mixer::new(44_100, master(1.0));
        send.send(Voice::new(&pcm(&[0.0, 1.0], 22_050), 1.0, 1.0)).unwrap();
        let mut out = [0.0f32; 4];
        mixer.render(&mut out, 1);
        assert_eq!(out, [0.0, 0.5, 1.0, 0.5]);
        // A pitch out of range is clamped, a NaN plays as recorded.
        assert_eq!(Voice::new(&pcm(&ramp, 1000), 1.0, 100.0).rate(), 4000.0);
        assert_eq!(Voice::new(&pcm(&ramp, 1000), 1.0, f32::NAN).rate(), 1000.0);
    }

    #[test]
    fn voices_sum_at_their_gains_and_the_sum_is_kept_within_full_scale() {
        let (mut mixer, send) = Mixer::new(10, master(1.0));
        send.send(Voice::new(&pcm(&[0.5, 0.5, 0.5], 10), 0.5, 1.0)).unwrap();
        send.send(Voice::new(&pcm(&[0.25, 0.9], 10), 1.0, 1.0)).unwrap();
        send.send(Voice::new(&pcm(&[0.0, 0.9], 10), 1.0, 1.0)).unwrap();
        let mut out = [0.0f32; 3];
        mixer.render(&mut out, 1);
        assert_eq!(out, [0.5, 1.0, 0.25], "0.25 + 0.25; 0.25 + 0.9 + 0.9 clipped; 0.25");
    }

    #[test]
    fn the_master_gain_is_read_live_so_mute_silences_a_sound_under_way() {
        let gain = master(1.0);
        let (mut mixer, send) = Mixer::new(100, gain.clone());
        send.send(Voice::new(&pcm(&[0.5; 100], 100), 1.0, 1.0)).unwrap();
        let mut out = [0.0f32; 10];
        mixer.render(&mut out, 1);
        assert!(out.iter().all(|&s| s == 0.5));
        gain.store(0.0f32.to_bits(), Ordering::Relaxed);
        mixer.render(&mut out, 1);
        assert!(out.iter().all(|&s| s == 0.0), "muted at the next buffer: {out:?}");
        gain.store(0.25f32.to_bits(), Ordering::Relaxed);
        mixer.render(&mut out, 1);
        assert!(out.iter().all(|&s| s == 0.125), "and the voice went on meanwhile: {out:?}");
        gain.store(f32::NAN.to_bits(), Ordering::Relaxed);
        mixer.render(&mut out, 1);
        assert!(out.iter().all(|&s| s == 0.0), "a master gain that is no number is silence");
    }

    #[test]
    fn beyond_the_most_voices_the_oldest_gives_way() {
        let (mut mixer, send) = Mixer::new(10, master(1.0));
        for i in 0..MAX_VOICES + 3 {
            send.send(Voice::new(&pcm(&[i as f32 / 1000.0; 50], 10), 1.0, 1.0)).unwrap();
        }
        let mut out = [0.0f32; 1];
        mixer.render(&mut out, 1);
        assert_eq!(mixer.voices(), MAX_VOICES);
        let expected: f32 = (3..MAX_VOICES + 3).map(|i| i as f32 / 1000.0).sum();
        assert!(expected < 1.0 && (out[0] - expected).abs() < 1e-5, "{} vs {expected}", out[0]);
    }
}
