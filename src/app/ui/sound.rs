//! The sound of the board: a click for each seed the animation drops, a fuller sound for a
//! capture, the referee's count ("emu", "bbiri") and the end of a game. The sounds are
//! `assets/sounds/*.wav`, synthesised by `assets/make_sounds.py` and embedded here.
//!
//! # The parts
//!
//! The device and the mixer are services (`app/services/sound/`, issue 49):
//! [`pcm`](crate::app::services::sound::pcm) reads the embedded WAVs into samples;
//! [`mixer`](crate::app::services::sound::mixer) (ours) sums the voices under way at their
//! gain and pitch, times the master volume read live;
//! [`output`](crate::app::services::sound::output) opens the system's playback device
//! through miniaudio, loaded at run time, and feeds it from the mixer (why miniaudio, and
//! which backends, at its top). Playing a sound only sends a [`Voice`] down a channel to the
//! device's thread, so it never waits and never blocks a frame.
//!
//! # No device
//!
//! The device is opened on a thread of its own ([`Sound::open_device`]), so that a slow or
//! wedged sound server never holds up the window; until it answers, and for good when no
//! device is found (under Xvfb, in CI), sound is off: one line in the log and a short
//! status that the Sound menu shows ([`Sound::notice`]). Tests use [`Sound::silent`] or
//! [`Sound::recording`], which never look for a device.
//!
//! # For the clock
//!
//! [`Sound::follow`] hears the clock's count ([`crate::tournament::Clock::count`]) each frame and plays each
//! word once as the count comes to it: [`Sound::count`]`(1)` is "emu" (one), `count(2)`
//! "bbiri" (two), each its own tone; [`Sound::play`] takes any [`Cue`]. Both return at once
//! and do nothing while sound is muted or off.

mod follow;

use crate::app::services::sound::mixer::Voice;
pub use crate::app::services::sound::pcm::{Pcm, WavError, read_wav};
use follow::Follower;
pub use follow::{click_gain, click_pitch, thin_clicks};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::sync::{Arc, Mutex};

/// A seed dropped into a hole: three variants, played in turn.
pub const SEED_WAVS: [&[u8]; 3] = [
    include_bytes!("../../../assets/sounds/seed-1.wav"),
    include_bytes!("../../../assets/sounds/seed-2.wav"),
    include_bytes!("../../../assets/sounds/seed-3.wav"),
];
/// Seeds captured.
pub const CAPTURE_WAV: &[u8] = include_bytes!("../../../assets/sounds/capture.wav");
/// The referee's "emu" (one): a synthesised tone.
pub const EMU_WAV: &[u8] = include_bytes!("../../../assets/sounds/count-emu.wav");
/// The referee's "bbiri" (two): a synthesised tone, lower and doubled.
pub const BBIRI_WAV: &[u8] = include_bytes!("../../../assets/sounds/count-bbiri.wav");
/// The end of a game.
pub const GAME_OVER_WAV: &[u8] = include_bytes!("../../../assets/sounds/game-over.wav");

/// Two seed clicks closer than this (seconds of the play clock) are one: above
/// 1 / `MIN_CLICK_GAP` seeds a second the clicks are thinned out, never a machine-gun.
pub const MIN_CLICK_GAP: f64 = 0.040;
/// Two captures closer than this (seconds) sound once (the two holes of one capture).
pub const MIN_CAPTURE_GAP: f64 = 0.150;
/// The animation rate (events a second) at which a click sounds as recorded.
const REFERENCE_RATE: f64 = 7.0;

/// What the board can sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    /// A seed dropped into a hole (the variants in turn).
    Seed,
    /// Seeds captured.
    Capture,
    /// The referee's count: 1 is "emu", 2 is "bbiri"; any other number sounds nothing.
    Count(u8),
    /// The end of a game.
    GameOver,
}

/// One of the embedded sounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Clip {
    /// A seed, variant 0, 1 or 2.
    Seed(u8),
    /// A capture.
    Capture,
    /// "emu".
    Emu,
    /// "bbiri".
    Bbiri,
    /// The end of a game.
    GameOver,
}

impl Clip {
    /// The clip's WAV file.
    pub fn wav(self) -> &'static [u8] {
        match self {
            Clip::Seed(v) => SEED_WAVS[usize::from(v) % SEED_WAVS.len()],
            Clip::Capture => CAPTURE_WAV,
            Clip::Emu => EMU_WAV,
            Clip::Bbiri => BBIRI_WAV,
            Clip::GameOver => GAME_OVER_WAV,
        }
    }

    /// Every clip.
    pub const ALL: [Clip; 7] =
        [Clip::Seed(0), Clip::Seed(1), Clip::Seed(2), Clip::Capture, Clip::Emu, Clip::Bbiri, Clip::GameOver];

    fn index(self) -> usize {
        match self {
            Clip::Seed(v) => usize::from(v) % SEED_WAVS.len(),
            Clip::Capture => 3,
            Clip::Emu => 4,
            Clip::Bbiri => 5,
            Clip::GameOver => 6,
        }
    }
}

/// A sound started: which clip, how loud (0..1, before the volume) and at what pitch
/// (1 as recorded; 1.1 a tenth higher and shorter).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Played {
    /// The clip.
    pub clip: Clip,
    /// Its own loudness, before the volume.
    pub gain: f32,
    /// Its speed: pitch and length together.
    pub pitch: f32,
}

/// Whether sound can be heard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The device is being opened (on its own thread).
    Opening,
    /// Sounds go to the audio device, through this backend (PulseAudio, ALSA, WASAPI…).
    On(&'static str),
    /// Sounds go to a stand-in (tests).
    Recording,
    /// No sound: why (no device, or none asked for).
    Off(String),
}

/// Where the sounds go.
enum Out {
    /// Waiting for the device's thread (the sending end of its mixer and the backend that
    /// plays, or why none does); `keep` holds the device open while it lives.
    Opening { answer: Receiver<Result<(Sender<Voice>, &'static str), String>>, keep: Sender<()> },
    /// The device's mixer, its thread kept by `keep`.
    Device { voices: Sender<Voice>, backend: &'static str, clips: Arc<[Pcm]>, _keep: Sender<()> },
    /// A stand-in that keeps what was played.
    Recording(Arc<Mutex<Vec<Played>>>),
    /// Nothing.
    Off(String),
}

/// The sound of the board: the output (or none), the volume and mute, and what it follows
/// of the board between frames.
pub struct Sound {
    out: Out,
    /// The volume as a gain (0 when muted), read by every sound while it plays, so that
    /// muting takes effect at once, even on a sound under way.
    master: Arc<AtomicU32>,
    muted: bool,
    volume: f32,
    /// Seeds clicked so far (the variant and a little pitch of each follow from it).
    seeds: u32,
    follow: Follower,
}

impl Sound {
    /// No sound at all, and no device asked for (what a window made without
    /// [`crate::app::App::from_creation`] has: tests, benchmarks).
    pub fn silent() -> Sound {
        Sound::with(Out::Off("no audio output".into()))
    }

    /// Sound off for `reason` (logged once).
    pub fn off(reason: impl Into<String>) -> Sound {
        let reason = reason.into();
        log::warn!("no audio device: sound is off ({reason})");
        Sound::with(Out::Off(reason))
    }

    /// A stand-in output that keeps every sound played, for tests: the list it fills.
    pub fn recording() -> (Sound, Arc<Mutex<Vec<Played>>>) {
        let list = Arc::new(Mutex::new(Vec::new()));
        (Sound::with(Out::Recording(list.clone())), list)
    }

    /// The system's default audio device ([`crate::app::services::sound::output::open`]), opened on a thread of its
    /// own: this returns at once, and sound is on from the frame after the device answers
    /// ([`Sound::poll`]).
    pub fn open_device() -> Sound {
        let sound = Sound::with(Out::Off(String::new()));
        match crate::app::services::sound::open_device(sound.master.clone()) {
            Ok(crate::app::services::sound::Opening { answer, keep }) => {
                Sound { out: Out::Opening { answer, keep }, ..sound }
            }
            Err(e) => Sound::off(format!("no thread for sound: {e}")),
        }
    }

    fn with(out: Out) -> Sound {
        Sound {
            out,
            master: Arc::new(AtomicU32::new(1.0f32.to_bits())),
            muted: false,
            volume: 1.0,
            seeds: 0,
            follow: Follower::default(),
        }
    }

    /// Takes the device's answer once it has come (never waits for it).
    pub fn poll(&mut self) {
        let Out::Opening { answer, keep } = &self.out else { return };
        let next = match answer.try_recv() {
            Err(TryRecvError::Empty) => return,
            Ok(Ok((voices, backend))) => match decode_all() {
                Ok(clips) => {
                    log::info!("sound on: {backend}");
                    Out::Device { voices, backend, clips, _keep: keep.clone() }
                }
                Err(e) => {
                    log::error!("sound is off: {e}");
                    Out::Off(e.to_string())
                }
            },
            Ok(Err(reason)) => {
                log::warn!("no audio device: sound is off ({reason})");
                Out::Off(reason)
            }
            Err(TryRecvError::Disconnected) => {
                log::warn!("no audio device: sound is off (the sound thread ended)");
                Out::Off("the sound thread ended".into())
            }
        };
        self.out = next;
    }

    /// Whether sound can be heard.
    pub fn status(&self) -> Status {
        match &self.out {
            Out::Opening { .. } => Status::Opening,
            Out::Device { backend, .. } => Status::On(backend),
            Out::Recording(_) => Status::Recording,
            Out::Off(why) => Status::Off(why.clone()),
        }
    }

    /// A short line for the Sound menu when sound cannot be heard, whatever the settings.
    pub fn notice(&self) -> Option<&'static str> {
        match self.out {
            Out::Opening { .. } => Some("Looking for the audio device…"),
            Out::Off(_) => Some("No audio device: sound is off"),
            Out::Device { .. } | Out::Recording(_) => None,
        }
    }

    /// Mute and volume (0..1) as the settings have them; a sound under way follows at
    /// once. The volume is heard as its square (a slider that sounds even).
    pub fn set_levels(&mut self, muted: bool, volume: f32) {
        let volume = if volume.is_finite() { volume.clamp(0.0, 1.0) } else { 1.0 };
        self.muted = muted;
        self.volume = volume;
        let gain = if muted { 0.0 } else { volume * volume };
        self.master.store(gain.to_bits(), Ordering::Relaxed);
    }

    /// True when nothing would be heard: muted, the volume at nothing, or no output.
    pub fn quiet(&self) -> bool {
        self.muted || self.volume <= 0.0 || matches!(self.out, Out::Off(_) | Out::Opening { .. })
    }

    /// The referee's count: 1 is "emu", 2 is "bbiri" (any other number sounds nothing).
    /// For the clock: returns at once, and does nothing while muted or off.
    pub fn count(&mut self, n: u8) {
        self.play(Cue::Count(n));
    }

    /// Plays `cue` at its own loudness and pitch; returns at once.
    pub fn play(&mut self, cue: Cue) {
        match cue {
            Cue::Seed => self.seed(1.0, 1.0),
            Cue::Capture => self.start(Played { clip: Clip::Capture, gain: 1.0, pitch: 1.0 }),
            Cue::Count(1) => self.start(Played { clip: Clip::Emu, gain: 1.0, pitch: 1.0 }),
            Cue::Count(2) => self.start(Played { clip: Clip::Bbiri, gain: 1.0, pitch: 1.0 }),
            Cue::Count(_) => {}
            Cue::GameOver => self.start(Played { clip: Clip::GameOver, gain: 1.0, pitch: 1.0 }),
        }
    }

    /// A seed's click: the next variant, a little higher or lower than the last so that
    /// a run of drops does not sound mechanical.
    fn seed(&mut self, gain: f32, pitch: f32) {
        if self.muted || self.volume <= 0.0 {
            return;
        }
        let n = self.seeds;
        self.seeds = self.seeds.wrapping_add(1);
        // A small, fixed wobble of pitch and loudness (a hash of the count: no randomness
        // that a test would have to fight).
        let h = n.wrapping_mul(0x9E37_79B9).rotate_right(13);
        let wobble = (h % 1000) as f32 / 1000.0 - 0.5;
        let clip = Clip::Seed((n % SEED_WAVS.len() as u32) as u8);
        self.start(Played { clip, gain: gain * (1.0 - 0.15 * wobble.abs()), pitch: pitch * (1.0 + 0.04 * wobble) });
    }

    /// Hands the sound to the output; never waits.
    fn start(&mut self, played: Played) {
        if self.muted || self.volume <= 0.0 {
            return;
        }
        match &self.out {
            Out::Device { voices, clips, .. } => {
                // A device gone (its thread ended) only means this sound is not heard.
                let _ = voices.send(Voice::new(&clips[played.clip.index()], played.gain, played.pitch));
            }
            Out::Recording(list) => {
                if let Ok(mut list) = list.lock() {
                    list.push(played);
                }
            }
            Out::Opening { .. } | Out::Off(_) => {}
        }
    }
}

/// Every clip, read once, in [`Clip::index`] order.
fn decode_all() -> Result<Arc<[Pcm]>, WavError> {
    Clip::ALL.iter().map(|c| read_wav(c.wav())).collect::<Result<Vec<_>, _>>().map(Arc::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_short_mono_16_bit_pcm() {
        for clip in Clip::ALL {
            let pcm = read_wav(clip.wav()).unwrap_or_else(|e| panic!("{clip:?}: {e}"));
            assert!([22_050, 44_100].contains(&pcm.rate), "{clip:?}: {} Hz", pcm.rate);
            let secs = pcm.samples.len() as f64 / f64::from(pcm.rate);
            assert!(secs > 0.05 && secs < 0.8, "{clip:?}: {secs} s");
            let peak = pcm.samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.3 && peak < 0.95, "{clip:?}: peak {peak}");
        }
        assert_eq!(read_wav(b"RIFF\0\0\0\0WAVEjunk").map(|_| ()), Err(WavError::NoData));
        assert_eq!(read_wav(b"not a wav file").map(|_| ()), Err(WavError::NotWav));
    }

    #[test]
    fn clicks_are_thinned_out_above_one_per_forty_milliseconds() {
        let at = |rate: f64, n: usize| (1..=n).map(|i| 10.0 + i as f64 / rate).collect::<Vec<_>>();
        // Slow, normal and fast: every seed clicks.
        for rate in [3.0, 7.0, 16.0] {
            assert_eq!(thin_clicks(&at(rate, 12), None).len(), 12, "{rate} a second");
        }
        // Very fast (40 a second): every other seed, never closer than the gap.
        let kept = thin_clicks(&at(40.0, 12), None);
        assert_eq!(kept.len(), 6);
        assert!(kept.windows(2).all(|w| w[1] - w[0] >= MIN_CLICK_GAP - 1e-9));
        // Frame by frame, the click of the frame before counts.
        let drops = at(40.0, 12);
        let mut last = None;
        let mut heard = Vec::new();
        for frame in drops.chunks(1) {
            let kept = thin_clicks(frame, last);
            last = kept.last().copied().or(last);
            heard.extend(kept);
        }
        assert_eq!(heard, thin_clicks(&drops, None), "the same clicks in one go or frame by frame");
        // A new animation whose clock is earlier than the last click clicks at once.
        assert_eq!(thin_clicks(&[1.0], Some(5.0)), vec![1.0]);
        assert!(thin_clicks(&[], None).is_empty());
    }

    #[test]
    fn faster_seeds_click_softer_and_higher() {
        let rates = crate::app::model::animation::Speed::ALL.map(|s| s.rate());
        let gains = rates.map(click_gain);
        let pitches = rates.map(click_pitch);
        assert!(gains.windows(2).all(|w| w[0] >= w[1]), "{gains:?}");
        assert!(pitches.windows(2).all(|w| w[0] < w[1]), "{pitches:?}");
        assert_eq!(gains[1], 1.0, "the normal speed as recorded");
        assert!(gains[3] < 0.6, "very fast is softer: {gains:?}");
        assert!(pitches.iter().all(|p| (0.85..=1.2).contains(p)), "{pitches:?}");
    }

    #[test]
    fn muted_or_off_plays_nothing_and_the_count_has_two_voices() {
        let (mut sound, played) = Sound::recording();
        sound.count(1);
        sound.count(2);
        sound.count(3);
        let clips: Vec<Clip> = played.lock().unwrap().iter().map(|p| p.clip).collect();
        assert_eq!(clips, vec![Clip::Emu, Clip::Bbiri]);
        sound.set_levels(true, 0.8);
        sound.play(Cue::Capture);
        sound.play(Cue::Seed);
        assert_eq!(played.lock().unwrap().len(), 2, "muted: nothing more");
        sound.set_levels(false, 0.8);
        sound.play(Cue::Seed);
        sound.play(Cue::Seed);
        let seeds: Vec<Clip> = played.lock().unwrap()[2..].iter().map(|p| p.clip).collect();
        assert_eq!(seeds, vec![Clip::Seed(0), Clip::Seed(1)], "the variants in turn");
        let mut off = Sound::silent();
        off.play(Cue::GameOver);
        assert_eq!(off.notice(), Some("No audio device: sound is off"));
        assert!(off.quiet());
    }

    #[test]
    fn the_master_gain_follows_mute_and_volume_at_once() {
        let (mut sound, _) = Sound::recording();
        let (mut mixer, voices) = crate::app::services::sound::mixer::Mixer::new(22_050, sound.master.clone());
        let pcm = read_wav(CAPTURE_WAV).unwrap();
        voices.send(Voice::new(&pcm, 1.0, 1.0)).unwrap();
        let mut buffer = [0.0f32; 400];
        mixer.render(&mut buffer, 1);
        assert!(buffer.iter().map(|s| s.abs()).sum::<f32>() > 0.0);
        sound.set_levels(true, 1.0);
        mixer.render(&mut buffer, 1);
        assert_eq!(buffer.iter().map(|s| s.abs()).sum::<f32>(), 0.0, "a sound under way is silent at once");
        sound.set_levels(false, 0.5);
        assert_eq!(f32::from_bits(sound.master.load(Ordering::Relaxed)), 0.25);
        sound.set_levels(false, f32::NAN);
        assert_eq!(f32::from_bits(sound.master.load(Ordering::Relaxed)), 1.0);
    }

    #[test]
    fn a_pitch_is_a_rate() {
        let pcm = read_wav(SEED_WAVS[0]).unwrap();
        let v = Voice::new(&pcm, 1.0, 1.1);
        assert!((v.rate() - 24_255.0).abs() < 0.01, "{}", v.rate());
    }
}
