//! The sound's clips in memory: a 16-bit mono PCM WAV read into samples ([`read_wav`]).

use std::sync::Arc;

/// A clip in memory: mono samples in -1..1 and their rate.
#[derive(Debug)]
pub struct Pcm {
    /// The samples.
    pub samples: Arc<[f32]>,
    /// Samples a second.
    pub rate: u32,
}

/// A WAV file that is not the 16-bit mono PCM this module reads.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WavError {
    /// Not a RIFF WAVE file.
    #[error("not a WAV file")]
    NotWav,
    /// A WAV of another kind.
    #[error("a WAV file that is not 16-bit mono PCM")]
    Format,
    /// No `data` chunk, or one cut short.
    #[error("a WAV file without its samples")]
    NoData,
}

/// Reads a 16-bit mono PCM WAV file (as `assets/make_sounds.py` writes them).
pub fn read_wav(bytes: &[u8]) -> Result<Pcm, WavError> {
    if bytes.len() < 12 || &bytes[0..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err(WavError::NotWav);
    }
    let u16_at = |b: &[u8], i: usize| u16::from_le_bytes([b[i], b[i + 1]]);
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]]);
    let mut rate = None;
    let mut at = 12;
    while at + 8 <= bytes.len() {
        let (id, len) = (&bytes[at..at + 4], u32_at(bytes, at + 4) as usize);
        let body = bytes.get(at + 8..at + 8 + len);
        match (id, body) {
            (b"fmt ", Some(f)) if f.len() >= 16 => {
                let (format, channels, bits) = (u16_at(f, 0), u16_at(f, 2), u16_at(f, 14));
                if format != 1 || channels != 1 || bits != 16 {
                    return Err(WavError::Format);
                }
                rate = Some(u32_at(f, 4)).filter(|&r| r > 0);
            }
            (b"data", Some(d)) => {
                let rate = rate.ok_or(WavError::Format)?;
                let samples =
                    d.chunks_exact(2).map(|s| f32::from(i16::from_le_bytes([s[0], s[1]])) / 32768.0).collect();
                return Ok(Pcm { samples, rate });
            }
            (_, None) => return Err(WavError::NoData),
            _ => {}
        }
        at += 8 + len + (len & 1);
    }
    Err(WavError::NoData)
}
