//! The head of a connection's HTTP request, read before anything else: at most
//! [`MAX_HEAD_BYTES`], within the server's handshake time, parsed by `httparse` (the parser
//! tungstenite itself uses, so that a head read here reads alike there). Every byte read is
//! kept, so that a WebSocket upgrade is handed to tungstenite as if nothing had been read
//! ([`Prefixed`]).

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, ReadBuf};

/// The longest request head read (the request line and every header, up to the blank
/// line); past it, the request is answered 431.
pub(crate) const MAX_HEAD_BYTES: usize = 8 * 1024;

/// The most headers a request may have (past it, 431).
const MAX_HEADERS: usize = 64;

/// The most times a head is parsed as it comes in (a whole head of [`MAX_HEADERS`] lines,
/// each read apart, takes one more than its lines).
const MAX_PARSES: usize = MAX_HEADERS + 8;

/// What a request asks, as far as the server cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Head {
    /// The method, as sent.
    pub(crate) method: String,
    /// The request target, as sent (`/`, `/worker.js?v=2`…).
    pub(crate) target: String,
    /// Whether it asks for a WebSocket (`Upgrade: websocket`).
    pub(crate) websocket: bool,
    /// Whether its `Accept-Encoding` takes gzip.
    pub(crate) gzip: bool,
    /// Its `If-None-Match`, when it has one.
    pub(crate) if_none_match: Option<String>,
}

/// Why no head was read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum HeadError {
    /// Over [`MAX_HEAD_BYTES`] or [`MAX_HEADERS`] (answered 431).
    #[error("a request head over {MAX_HEAD_BYTES} bytes or {MAX_HEADERS} headers")]
    TooLarge,
    /// Not HTTP (answered 400).
    #[error("not an HTTP request: {0}")]
    Malformed(httparse::Error),
    /// In more pieces, each with a line's end, than a head has lines (answered 400).
    #[error("a request head in more than {MAX_PARSES} pieces")]
    Pieces,
    /// The client closed before the head's end.
    #[error("left before a whole request")]
    Closed,
    /// No whole head in time.
    #[error("no whole request within {0:?}")]
    Late(Duration),
    /// The socket failed.
    #[error("cannot read the request: {0}")]
    Io(#[from] io::Error),
}

/// Reads `stream` to the end of a request head, within `within`: the head, and every byte
/// read (the head and whatever followed it in the same reads).
///
/// # Errors
/// [`HeadError`].
pub(crate) async fn read_head<S: AsyncRead + Unpin>(
    stream: &mut S,
    within: Duration,
) -> Result<(Head, Vec<u8>), HeadError> {
    let mut read = Vec::with_capacity(1024);
    let reading = async {
        let mut chunk = [0u8; 2048];
        // The head is parsed again from its start after the first read and after each read
        // that brings a line's end (before it, it cannot be whole), at most MAX_PARSES
        // times: a client sending a byte at a time costs no more than a few parses.
        let mut parses = 0;
        loop {
            let room = (MAX_HEAD_BYTES - read.len()).min(chunk.len());
            let n = stream.read(&mut chunk[..room]).await?;
            if n == 0 {
                // Junk the client has done sending is answered as junk.
                return Err(parse(&read).err().unwrap_or(HeadError::Closed));
            }
            let first = read.is_empty();
            read.extend_from_slice(&chunk[..n]);
            if first || chunk[..n].contains(&b'\n') {
                parses += 1;
                if parses > MAX_PARSES {
                    return Err(HeadError::Pieces);
                }
                if let Some(head) = parse(&read)? {
                    return Ok(head);
                }
            }
            if read.len() >= MAX_HEAD_BYTES {
                return Err(HeadError::TooLarge);
            }
        }
    };
    match tokio::time::timeout(within, reading).await {
        Ok(Ok(head)) => Ok((head, read)),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(HeadError::Late(within)),
    }
}

/// The head in `bytes`, `None` while it is not whole.
fn parse(bytes: &[u8]) -> Result<Option<Head>, HeadError> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    match request.parse(bytes) {
        Ok(httparse::Status::Partial) => Ok(None),
        Ok(httparse::Status::Complete(_)) => {
            let value = |name: &str| {
                request
                    .headers
                    .iter()
                    .filter(|h| h.name.eq_ignore_ascii_case(name))
                    .map(|h| String::from_utf8_lossy(h.value).into_owned())
                    .collect::<Vec<_>>()
            };
            let websocket =
                value("upgrade").iter().flat_map(|v| v.split(',')).any(|t| t.trim().eq_ignore_ascii_case("websocket"));
            let gzip = takes_gzip(&value("accept-encoding").join(","));
            let if_none_match = Some(value("if-none-match").join(",")).filter(|v| !v.is_empty());
            Ok(Some(Head {
                method: request.method.unwrap_or_default().to_string(),
                target: request.path.unwrap_or_default().to_string(),
                websocket,
                gzip,
                if_none_match,
            }))
        }
        Err(httparse::Error::TooManyHeaders) => Err(HeadError::TooLarge),
        Err(e) => Err(HeadError::Malformed(e)),
    }
}

/// Whether an `Accept-Encoding` value takes gzip: `gzip` (or `x-gzip`), or `*` when gzip is
/// not named, with a weight above 0.
pub(crate) fn takes_gzip(accept: &str) -> bool {
    let mut star = false;
    for item in accept.split(',') {
        let mut parts = item.split(';');
        let coding = parts.next().unwrap_or("").trim();
        let weight = parts
            .filter_map(|p| p.trim().strip_prefix("q=").or_else(|| p.trim().strip_prefix("Q=")))
            .map(|q| q.trim().parse::<f32>().unwrap_or(0.0))
            .next()
            .unwrap_or(1.0);
        if coding.eq_ignore_ascii_case("gzip") || coding.eq_ignore_ascii_case("x-gzip") {
            return weight > 0.0;
        }
        if coding == "*" {
            star = weight > 0.0;
        }
    }
    star
}

/// A stream that yields `prefix` before the rest of `inner`: a connection whose first bytes
/// were read already, handed on whole.
pub(crate) struct Prefixed<S> {
    prefix: Vec<u8>,
    at: usize,
    inner: S,
}

impl<S> Prefixed<S> {
    /// `prefix`, then `inner`.
    pub(crate) fn new(prefix: Vec<u8>, inner: S) -> Prefixed<S> {
        Prefixed { prefix, at: 0, inner }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Prefixed<S> {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.at < this.prefix.len() {
            let n = buf.remaining().min(this.prefix.len() - this.at);
            buf.put_slice(&this.prefix[this.at..this.at + n]);
            this.at += n;
            if this.at == this.prefix.len() {
                this.prefix = Vec::new();
                this.at = 0;
            }
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Prefixed<S> {
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

    fn head(text: &str) -> Result<Option<Head>, HeadError> {
        parse(text.as_bytes())
    }

    #[test]
    fn a_request_is_read_when_whole() {
        assert!(head("GET / HTTP/1.1\r\nHost: a\r\n").unwrap().is_none());
        let h = head("GET /x.js?v=1 HTTP/1.1\r\nHost: a\r\nAccept-Encoding: br, gzip\r\nIf-None-Match: \"e\"\r\n\r\n")
            .unwrap()
            .unwrap();
        assert_eq!((h.method.as_str(), h.target.as_str()), ("GET", "/x.js?v=1"));
        assert!(h.gzip && !h.websocket);
        assert_eq!(h.if_none_match.as_deref(), Some("\"e\""));
        let ws = head("GET / HTTP/1.1\r\nConnection: Upgrade\r\nUpgrade: WebSocket\r\n\r\n").unwrap().unwrap();
        assert!(ws.websocket && !ws.gzip && ws.if_none_match.is_none());
    }

    #[test]
    fn junk_and_too_many_headers_are_refused() {
        assert!(matches!(parse(&[0x16, 3, 1, 0, 0xff, 0, 1]), Err(HeadError::Malformed(_))));
        assert!(matches!(head("GET / HTTP/1.1\r\nBad Header\r\n\r\n"), Err(HeadError::Malformed(_))));
        let many = format!("GET / HTTP/1.1\r\n{}\r\n", "A: b\r\n".repeat(MAX_HEADERS + 1));
        assert!(matches!(head(&many), Err(HeadError::TooLarge)));
    }

    #[test]
    fn gzip_is_taken_unless_weighed_zero() {
        assert!(takes_gzip("gzip, deflate, br"));
        assert!(takes_gzip("br;q=1.0, GZIP;q=0.5"));
        assert!(takes_gzip("*"));
        assert!(!takes_gzip(""));
        assert!(!takes_gzip("br, deflate"));
        assert!(!takes_gzip("gzip;q=0, *"));
        assert!(!takes_gzip("*;q=0"));
        assert!(!takes_gzip("identity"));
    }

    #[tokio::test]
    async fn the_bytes_read_are_replayed_first() {
        let (mut client, server) = tokio::io::duplex(64);
        let mut prefixed = Prefixed::new(b"abc".to_vec(), server);
        tokio::io::AsyncWriteExt::write_all(&mut client, b"def").await.unwrap();
        drop(client);
        let mut all = Vec::new();
        prefixed.read_to_end(&mut all).await.unwrap();
        assert_eq!(all, b"abcdef");
    }

    #[tokio::test]
    async fn a_head_is_bounded_in_bytes() {
        let (mut client, mut server) = tokio::io::duplex(64 * 1024);
        let long = format!("GET / HTTP/1.1\r\nX: {}\r\n\r\n", "a".repeat(MAX_HEAD_BYTES));
        tokio::io::AsyncWriteExt::write_all(&mut client, long.as_bytes()).await.unwrap();
        let read = read_head(&mut server, Duration::from_secs(5)).await;
        assert!(matches!(read, Err(HeadError::TooLarge)), "{read:?}");
        let (_client, mut server) = tokio::io::duplex(64);
        let read = read_head(&mut server, Duration::from_millis(50)).await;
        assert!(matches!(read, Err(HeadError::Late(_))), "{read:?}");
    }

    /// Blank lines a byte at a time (each a line's end) are not parsed again and again.
    #[tokio::test]
    async fn a_head_is_bounded_in_parses() {
        let (mut client, mut server) = tokio::io::duplex(64 * 1024);
        let reader = tokio::spawn(async move { read_head(&mut server, Duration::from_secs(5)).await });
        for _ in 0..200 {
            if tokio::io::AsyncWriteExt::write_all(&mut client, b"\n").await.is_err() {
                break;
            }
            tokio::task::yield_now().await;
        }
        let read = reader.await.unwrap();
        assert!(matches!(read, Err(HeadError::Pieces)), "{read:?}");
        // A head of many lines, each read apart, is read whole.
        let (mut client, mut server) = tokio::io::duplex(64 * 1024);
        let reader = tokio::spawn(async move { read_head(&mut server, Duration::from_secs(5)).await });
        let lines = format!("GET / HTTP/1.1\r\n{}\r\n", "A: b\r\n".repeat(MAX_HEADERS - 1));
        for line in lines.split_inclusive('\n') {
            tokio::io::AsyncWriteExt::write_all(&mut client, line.as_bytes()).await.unwrap();
            tokio::task::yield_now().await;
        }
        assert!(reader.await.unwrap().is_ok());
    }
}
