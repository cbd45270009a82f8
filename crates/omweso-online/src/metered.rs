//! The rate of a client's WebSocket frames, counted as they are read: every frame (a text,
//! a ping, a pong, a close, and a continuation frame even when empty, which tungstenite
//! gathers without ever handing it on) takes a token from the connection's [`Bucket`]. A
//! stream wrapped in [`Metered`] reads the HTTP upgrade request through (up to its blank
//! line), then follows the frames' headers (RFC 6455 §5.2) to find where each frame starts;
//! past the rate, a read fails and [`Metered::over`] says why.

use crate::config::Limits;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Instant;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

/// A token bucket: [`Limits::burst`] at once, refilled at [`Limits::messages_per_second`].
pub(crate) struct Bucket {
    tokens: f64,
    rate: f64,
    size: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket of `limits`.
    pub(crate) fn new(limits: &Limits) -> Bucket {
        let size = f64::from(limits.burst.max(1));
        Bucket { tokens: size, rate: f64::from(limits.messages_per_second), size, at: Instant::now() }
    }

    /// Takes a token at `now`; false when there is none.
    pub(crate) fn take(&mut self, now: Instant) -> bool {
        let passed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + passed * self.rate).min(self.size);
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}

/// Where the client's byte stream is.
#[derive(Debug, PartialEq, Eq)]
enum Place {
    /// In the HTTP request; the line feeds seen in a row (carriage returns passed over).
    Request { feeds: u8 },
    /// In a frame's header: the bytes of it so far.
    Header { got: [u8; 14], len: usize },
    /// In a frame's payload: the bytes left.
    Payload { left: u64 },
}

/// The frames' boundaries in a client's byte stream.
struct Frames {
    place: Place,
}

impl Frames {
    fn new() -> Frames {
        Frames { place: Place::Request { feeds: 0 } }
    }

    /// Reads `bytes` on; how many frames began in them.
    fn feed(&mut self, mut bytes: &[u8]) -> u32 {
        let mut frames = 0;
        while let Some((&b, rest)) = bytes.split_first() {
            match &mut self.place {
                Place::Request { feeds } => {
                    bytes = rest;
                    match b {
                        b'\n' if *feeds == 1 => self.place = Place::Header { got: [0; 14], len: 0 },
                        b'\n' => *feeds = 1,
                        b'\r' => {}
                        _ => *feeds = 0,
                    }
                }
                Place::Header { got, len } => {
                    bytes = rest;
                    got[*len] = b;
                    *len += 1;
                    let needed = header_len(got[1]);
                    if *len >= 2 && *len == needed {
                        frames += 1;
                        let left = payload_len(&got[..*len]);
                        self.place =
                            if left == 0 { Place::Header { got: [0; 14], len: 0 } } else { Place::Payload { left } };
                    }
                }
                Place::Payload { left } => {
                    let skip = usize::try_from(*left).unwrap_or(usize::MAX).min(bytes.len());
                    bytes = &bytes[skip..];
                    *left -= skip as u64;
                    if *left == 0 {
                        self.place = Place::Header { got: [0; 14], len: 0 };
                    }
                }
            }
        }
        frames
    }
}

/// A frame header's length from its second byte: 2, the extended length (2 or 8), the
/// mask (4).
fn header_len(second: u8) -> usize {
    let extended = match second & 0x7f {
        126 => 2,
        127 => 8,
        _ => 0,
    };
    2 + extended + if second & 0x80 != 0 { 4 } else { 0 }
}

/// The payload's length from a whole header.
fn payload_len(header: &[u8]) -> u64 {
    match header[1] & 0x7f {
        126 => u64::from(u16::from_be_bytes([header[2], header[3]])),
        127 => header[2..10].iter().fold(0u64, |n, &b| (n << 8) | u64::from(b)),
        n => u64::from(n),
    }
}

/// A client's stream whose frames are counted against its rate as they are read.
pub(crate) struct Metered<S> {
    inner: S,
    frames: Frames,
    bucket: Bucket,
    over: bool,
}

impl<S> Metered<S> {
    /// `inner`, its frames held to `limits`.
    pub(crate) fn new(inner: S, limits: &Limits) -> Metered<S> {
        Metered { inner, frames: Frames::new(), bucket: Bucket::new(limits), over: false }
    }

    /// Whether the client sent frames faster than its rate (the read that found it failed).
    pub(crate) fn over(&self) -> bool {
        self.over
    }

    /// Reads and drops what the client still sends, unmetered, until it closes, `within`
    /// passes or `limit` bytes are read: a socket closed with unread data in it is reset,
    /// and the reset can take with it the error just sent to the client (a lingering close,
    /// after a broken rule only).
    pub(crate) async fn linger(&mut self, within: std::time::Duration, limit: usize)
    where
        S: AsyncRead + Unpin,
    {
        use tokio::io::AsyncReadExt;
        let until = tokio::time::Instant::now() + within;
        let mut buf = [0u8; 4096];
        let mut read = 0;
        while read < limit {
            match tokio::time::timeout_at(until, self.inner.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => read += n,
                _ => break,
            }
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Metered<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.over {
            return Poll::Ready(Err(io::Error::other("frames past the rate")));
        }
        let before = buf.filled().len();
        let read = Pin::new(&mut this.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = read {
            let now = Instant::now();
            for _ in 0..this.frames.feed(&buf.filled()[before..]) {
                if !this.bucket.take(now) {
                    this.over = true;
                    return Poll::Ready(Err(io::Error::other("frames past the rate")));
                }
            }
        }
        read
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Metered<S> {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().inner).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_bucket_holds_a_burst_then_the_rate() {
        let limits = Limits { messages_per_second: 10, burst: 3, ..Limits::default() };
        let mut b = Bucket::new(&limits);
        let t = Instant::now();
        assert!(b.take(t) && b.take(t) && b.take(t));
        assert!(!b.take(t));
        assert!(b.take(t + Duration::from_millis(150)));
        assert!(!b.take(t + Duration::from_millis(160)));
    }

    /// A masked frame of `payload` bytes with `opcode`, FIN as given.
    fn frame(fin: bool, opcode: u8, payload: usize) -> Vec<u8> {
        let mut f = vec![if fin { 0x80 } else { 0 } | opcode];
        match payload {
            0..=125 => f.push(0x80 | payload as u8),
            126..=65535 => {
                f.push(0x80 | 126);
                f.extend((payload as u16).to_be_bytes());
            }
            _ => {
                f.push(0x80 | 127);
                f.extend((payload as u64).to_be_bytes());
            }
        }
        f.extend([1, 2, 3, 4]);
        f.extend(std::iter::repeat_n(b'x', payload));
        f
    }

    #[test]
    fn every_frame_is_found_however_the_bytes_are_cut() {
        let mut stream = b"GET / HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\n\r\n".to_vec();
        stream.extend(frame(false, 1, 5));
        for _ in 0..100 {
            stream.extend(frame(false, 0, 0)); // empty continuation frames
        }
        stream.extend(frame(true, 9, 125));
        stream.extend(frame(true, 1, 300));
        stream.extend(frame(true, 1, 70_000));
        for cut in [1, 3, 7, 64, stream.len()] {
            let mut frames = Frames::new();
            let found: u32 = stream.chunks(cut).map(|c| frames.feed(c)).sum();
            assert_eq!(found, 104, "read {cut} bytes at a time");
            assert_eq!(frames.place, Place::Header { got: [0; 14], len: 0 });
        }
        // A request ended by bare line feeds is found too.
        let mut frames = Frames::new();
        assert_eq!(frames.feed(&[b"GET / HTTP/1.1\nHost: a\n\n".as_slice(), &frame(true, 9, 0)].concat()), 1);
    }
}
