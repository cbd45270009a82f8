//! The page served beside the WebSocket, on the same port (issue 50): every connection's
//! HTTP request head is read first ([`head`]); a WebSocket upgrade goes on to the game's
//! connection with the bytes read handed on whole ([`head::Prefixed`]), and any other GET
//! or HEAD is answered from the page's folder ([`folder`]), one request a connection
//! (`Connection: close`). Each file with its `Content-Type`, `Content-Length`, gzip when
//! the client takes it, `Cache-Control: no-cache` with an `ETag` (a client's copy still the
//! same is answered 304), `X-Content-Type-Options: nosniff`. Without a folder, `/` says the
//! page is not built and how to build it.

pub(crate) mod folder;
pub(crate) mod head;

use crate::config::Limits;
use folder::{FileError, Folder};
use head::{Head, HeadError};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// What `/` says when the server has no page to serve.
const NOT_BUILT: &str = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>Omweso</title></head>\n\
<body><h1>Omweso</h1><p>This is an Omweso server: programs play online games through it.</p>\
<p>The page to play in a browser is not built here. Build it with <code>.ci/web</code> in the \
program's source (it makes <code>target/web</code>), then start the server with \
<code>omweso serve --web target/web …</code>. See docs/online.md.</p></body></html>\n";

/// The bytes of a file written at once (each within [`Limits::send_within`]).
const CHUNK: usize = 64 * 1024;

/// The page's files, shared by every connection.
pub(crate) struct Page {
    /// `None`: no page (then `/` says so).
    folder: Option<Arc<tokio::sync::Mutex<Folder>>>,
}

impl Page {
    /// The page in `root`, or none.
    pub(crate) fn new(root: Option<PathBuf>) -> Page {
        Page { folder: root.map(|r| Arc::new(tokio::sync::Mutex::new(Folder::new(r)))) }
    }
}

/// An answer: the status, its headers past the common ones, the body.
struct Answer {
    status: &'static str,
    headers: Vec<(&'static str, String)>,
    body: Body,
}

/// A body, kept or made.
enum Body {
    None,
    Text(&'static str, String),
    File(Arc<folder::File>, bool),
}

impl Answer {
    fn text(status: &'static str, text: &str) -> Answer {
        Answer { status, headers: Vec::new(), body: Body::Text("text/plain; charset=utf-8", format!("{text}\n")) }
    }
}

/// Answers a request for the page, then closes; what was answered (for the log).
pub(crate) async fn answer<S: AsyncRead + AsyncWrite + Unpin>(
    mut stream: S,
    head: &Head,
    page: &Page,
    limits: &Limits,
) -> String {
    let answer = match head.method.as_str() {
        "GET" | "HEAD" => find(head, page).await,
        _ => Answer {
            headers: vec![("Allow", "GET, HEAD".into())],
            ..Answer::text("405 Method Not Allowed", "only GET and HEAD, or a WebSocket")
        },
    };
    let status = answer.status;
    let sent = send(&mut stream, answer, head.method == "HEAD", limits.send_within).await;
    close(&mut stream).await;
    let target = crate::shown(&head.target);
    match sent {
        Ok(bytes) => format!("page: {} {target}: {status}, {bytes} bytes", crate::shown(&head.method)),
        Err(e) => format!("page: {} {target}: {status}, cut: {e}", crate::shown(&head.method)),
    }
}

/// Answers a head that could not be read (400 or 431; nothing to a client gone or late),
/// then closes.
pub(crate) async fn refuse<S: AsyncRead + AsyncWrite + Unpin>(mut stream: S, error: &HeadError, limits: &Limits) {
    let answer = match error {
        HeadError::TooLarge => Answer::text("431 Request Header Fields Too Large", &error.to_string()),
        HeadError::Malformed(_) | HeadError::Pieces => Answer::text("400 Bad Request", &error.to_string()),
        HeadError::Closed | HeadError::Late(_) | HeadError::Io(_) => return,
    };
    let _ = send(&mut stream, answer, false, limits.send_within).await;
    close(&mut stream).await;
}

/// The answer to a GET or HEAD.
async fn find(head: &Head, page: &Page) -> Answer {
    let Some(name) = folder::file_name(&head.target) else {
        return Answer::text("404 Not Found", "no such file");
    };
    let Some(folder) = &page.folder else {
        return match name.as_str() {
            "index.html" => Answer {
                status: "200 OK",
                headers: vec![("Cache-Control", "no-cache".into())],
                body: Body::Text("text/html; charset=utf-8", NOT_BUILT.to_string()),
            },
            _ => Answer::text("404 Not Found", "no such file (the page is not built)"),
        };
    };
    // One look at the folder at a time: a file read and gzipped once, however many ask; on
    // a thread that may block.
    let mut folder = Arc::clone(folder).lock_owned().await;
    let (looking, wants_gzip) = (name.clone(), head.gzip);
    let found = tokio::task::spawn_blocking(move || {
        let file = folder.file(&looking)?;
        let gzip = wants_gzip && file.gzip().is_some();
        Ok::<_, FileError>((file, gzip))
    })
    .await;
    let (file, gzip) = match found {
        Ok(Ok(found)) => found,
        Err(e) => {
            log::error!("the page's file {name}: {e}");
            return Answer::text("500 Internal Server Error", "the file cannot be read");
        }
        Ok(Err(FileError::NotFound)) => return Answer::text("404 Not Found", "no such file"),
        Ok(Err(e)) => {
            log::warn!("the page's file {name}: {e}");
            return Answer::text("500 Internal Server Error", "the file cannot be read");
        }
    };
    let etag = file.etag(gzip);
    let mut headers =
        vec![("ETag", etag.clone()), ("Cache-Control", "no-cache".into()), ("Vary", "Accept-Encoding".into())];
    if head.if_none_match.as_deref().is_some_and(|tags| matches_tag(tags, &etag)) {
        return Answer { status: "304 Not Modified", headers, body: Body::None };
    }
    if gzip {
        headers.push(("Content-Encoding", "gzip".into()));
    }
    Answer { status: "200 OK", headers, body: Body::File(file, gzip) }
}

/// Whether an `If-None-Match` value names `etag` (weak or strong alike), or is `*`.
fn matches_tag(tags: &str, etag: &str) -> bool {
    tags.split(',').map(str::trim).any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == etag)
}

/// Writes `answer` (its head only for a HEAD request), each part within `within`; the
/// bytes of the body sent.
async fn send<S: AsyncWrite + Unpin>(
    stream: &mut S,
    answer: Answer,
    head_only: bool,
    within: Duration,
) -> std::io::Result<usize> {
    let (content_type, body): (&str, &[u8]) = match &answer.body {
        Body::None => ("", &[]),
        Body::Text(t, text) => (t, text.as_bytes()),
        Body::File(file, true) => (file.content_type, file.gzip().unwrap_or(&file.bytes)),
        Body::File(file, false) => (file.content_type, &file.bytes),
    };
    let mut out = format!("HTTP/1.1 {}\r\n", answer.status);
    if !content_type.is_empty() {
        out.push_str(&format!("Content-Type: {content_type}\r\nContent-Length: {}\r\n", body.len()));
    }
    for (name, value) in &answer.headers {
        out.push_str(&format!("{name}: {value}\r\n"));
    }
    out.push_str("X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n");
    write(stream, out.as_bytes(), within).await?;
    if head_only {
        return Ok(0);
    }
    for chunk in body.chunks(CHUNK) {
        write(stream, chunk, within).await?;
    }
    match tokio::time::timeout(within, stream.flush()).await {
        Ok(flushed) => flushed.map(|()| body.len()),
        Err(_) => Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the client does not read")),
    }
}

/// Writes `bytes` within `within`.
async fn write<S: AsyncWrite + Unpin>(stream: &mut S, bytes: &[u8], within: Duration) -> std::io::Result<()> {
    match tokio::time::timeout(within, stream.write_all(bytes)).await {
        Ok(written) => written,
        Err(_) => Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the client does not read")),
    }
}

/// Ends the answer: no more to write, and what the client still sends read and dropped (at
/// most 1 s and 64 KiB) so that the close is not a reset that loses the answer.
async fn close<S: AsyncRead + AsyncWrite + Unpin>(stream: &mut S) {
    let _ = tokio::time::timeout(Duration::from_secs(1), stream.shutdown()).await;
    let until = tokio::time::Instant::now() + Duration::from_secs(1);
    let mut buf = [0u8; 4096];
    let mut read = 0;
    while read < 64 * 1024 {
        match tokio::time::timeout_at(until, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => read += n,
            _ => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::matches_tag;

    #[test]
    fn an_etag_matches_weak_or_strong_or_star() {
        assert!(matches_tag("\"a\"", "\"a\""));
        assert!(matches_tag("\"b\", W/\"a\"", "\"a\""));
        assert!(matches_tag("*", "\"a\""));
        assert!(!matches_tag("\"a.gz\"", "\"a\""));
        assert!(!matches_tag("", "\"a\""));
    }
}
