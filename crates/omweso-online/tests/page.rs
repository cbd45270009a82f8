//! The page served beside the WebSocket on the same port (issue 50): each file with its
//! type, its exact bytes plain or gzipped, 304 for a copy still the same, a new build
//! served without a restart, nothing outside the folder, a bounded head, and the game's
//! WebSocket as before.

mod common;

use common::*;
use omweso_online::{Limits, MemoryArchive, ServerConfig, SideChoice};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A folder of a fake page, removed when dropped.
struct Site {
    root: PathBuf,
    web: PathBuf,
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The fake program: the wasm magic, then 300 KB that gzip shrinks but not to nothing.
fn wasm_bytes() -> Vec<u8> {
    let mut bytes = b"\0asm\x01\0\0\0".to_vec();
    let mut x = 12345u32;
    bytes.extend((0..300_000).map(|i| {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        if i % 7 == 0 { (x >> 24) as u8 } else { b"omweso"[i % 6] }
    }));
    bytes
}

/// A page's folder in a fresh temporary folder (named for the test), with `Cargo.toml`
/// beside it, outside.
fn site(test: &str) -> Site {
    let root = std::env::temp_dir().join(format!("omweso-page-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let web = root.join("web");
    std::fs::create_dir_all(web.join("snippets")).unwrap();
    std::fs::write(root.join("Cargo.toml"), "[package] # secret\n").unwrap();
    std::fs::write(web.join("index.html"), "<!DOCTYPE html><title>Omweso</title><canvas></canvas>\n").unwrap();
    std::fs::write(web.join("worker.js"), "self.onmessage = () => {};\n".repeat(20)).unwrap();
    std::fs::write(web.join("omweso_web.js"), "export default function init() {}\n").unwrap();
    std::fs::write(web.join("omweso_web_bg.wasm"), wasm_bytes()).unwrap();
    std::fs::write(web.join("icon.png"), b"\x89PNG\r\n\x1a\nnot really").unwrap();
    std::fs::write(web.join("snippets/inline0.js"), "export const a = 1;\n").unwrap();
    Site { root, web }
}

fn serve(web: Option<&Path>, limits: Limits) -> TestServer {
    let config = ServerConfig { limits, web: web.map(Path::to_path_buf), ..ServerConfig::default() };
    start_server_configured(config, Arc::new(MemoryArchive::default()))
}

/// An answer: the status code, the headers (names in lower case), the body.
#[derive(Debug)]
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Sends `request` whole (then nothing more, as a browser does after a request it sent with
/// no body) and reads the answer to the connection's end (within 10 s).
fn ask(addr: SocketAddr, request: &[u8]) -> Answer {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(request).unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut all = Vec::new();
    stream.read_to_end(&mut all).expect("the server closes the connection after its answer");
    let end = all.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole answer head") + 4;
    let head = String::from_utf8(all[..end].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer { status, headers, body: all[end..].to_vec() }
}

/// `GET target` with `extra` header lines.
fn get(addr: SocketAddr, target: &str, extra: &str) -> Answer {
    ask(addr, format!("GET {target} HTTP/1.1\r\nHost: omweso\r\n{extra}\r\n").as_bytes())
}

fn gunzip(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).unwrap();
    out
}

#[test]
fn each_file_is_served_with_its_type_and_exact_bytes() {
    let site = site("types");
    let server = serve(Some(&site.web), Limits::default());
    let index = get(server.addr, "/", "");
    assert_eq!(index.status, 200);
    assert_eq!(index.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(index.body, std::fs::read(site.web.join("index.html")).unwrap());
    assert_eq!(index.header("content-length"), Some(index.body.len().to_string().as_str()));
    assert_eq!(index.header("cache-control"), Some("no-cache"));
    assert_eq!(index.header("x-content-type-options"), Some("nosniff"));
    assert!(index.header("etag").is_some());
    assert_eq!(get(server.addr, "/index.html?join=ABC", "").body, index.body);
    for (file, kind) in [
        ("/worker.js", "text/javascript; charset=utf-8"),
        ("/omweso_web.js", "text/javascript; charset=utf-8"),
        ("/icon.png", "image/png"),
        ("/snippets/inline0.js", "text/javascript; charset=utf-8"),
    ] {
        let answer = get(server.addr, file, "");
        assert_eq!((answer.status, answer.header("content-type")), (200, Some(kind)), "{file}");
        assert_eq!(answer.body, std::fs::read(site.web.join(&file[1..])).unwrap(), "{file}");
    }
    let wasm = get(server.addr, "/omweso_web_bg.wasm", "");
    assert_eq!((wasm.status, wasm.header("content-type")), (200, Some("application/wasm")));
    assert_eq!(wasm.header("content-encoding"), None);
    assert!(wasm.body == wasm_bytes(), "the wasm's exact bytes");
    let packed = get(server.addr, "/omweso_web_bg.wasm", "Accept-Encoding: br, gzip, deflate\r\n");
    assert_eq!((packed.status, packed.header("content-encoding")), (200, Some("gzip")));
    assert_eq!(packed.header("content-type"), Some("application/wasm"));
    assert_eq!(packed.header("content-length"), Some(packed.body.len().to_string().as_str()));
    assert!(packed.body.len() < wasm.body.len() / 2, "gzip: {} of {}", packed.body.len(), wasm.body.len());
    assert!(gunzip(&packed.body) == wasm.body, "gzip decodes to the same bytes");
    assert_ne!(packed.header("etag"), wasm.header("etag"), "each form its own ETag");
    // An image is sent as it is, whatever the client takes.
    assert_eq!(get(server.addr, "/icon.png", "Accept-Encoding: gzip\r\n").header("content-encoding"), None);
    // HEAD: the same head, no body.
    let head = ask(server.addr, b"HEAD /omweso_web_bg.wasm HTTP/1.1\r\nHost: omweso\r\n\r\n");
    assert_eq!(head.status, 200);
    assert_eq!(head.header("content-length"), Some(wasm.body.len().to_string().as_str()));
    assert!(head.body.is_empty());
}

#[test]
fn a_copy_still_the_same_is_answered_304_and_a_new_build_is_served() {
    let site = site("etag");
    let server = serve(Some(&site.web), Limits::default());
    let first = get(server.addr, "/worker.js", "");
    let etag = first.header("etag").unwrap().to_string();
    let again = get(server.addr, "/worker.js", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(again.status, 304);
    assert!(again.body.is_empty());
    assert_eq!(again.header("etag"), Some(etag.as_str()));
    let weak = get(server.addr, "/worker.js", &format!("If-None-Match: \"other\", W/{etag}\r\n"));
    assert_eq!(weak.status, 304);
    let other = get(server.addr, "/worker.js", "If-None-Match: \"other\"\r\n");
    assert_eq!((other.status, other.body.len()), (200, first.body.len()));
    // A new build: served at once, with a new ETag, to a client holding the old one.
    std::fs::write(site.web.join("worker.js"), "self.onmessage = (e) => postMessage(e.data);\n").unwrap();
    let rebuilt = get(server.addr, "/worker.js", &format!("If-None-Match: {etag}\r\n"));
    assert_eq!(rebuilt.status, 200);
    assert_eq!(rebuilt.body, b"self.onmessage = (e) => postMessage(e.data);\n");
    assert_ne!(rebuilt.header("etag"), Some(etag.as_str()));
}

#[test]
fn nothing_outside_the_folder_is_served() {
    let site = site("outside");
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(site.root.join("Cargo.toml"), site.web.join("cargo.toml")).unwrap();
        std::os::unix::fs::symlink(&site.root, site.web.join("up")).unwrap();
    }
    let server = serve(Some(&site.web), Limits::default());
    for target in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/%2E%2E%2FCargo.toml",
        "/..%2fCargo.toml",
        "/snippets/../../Cargo.toml",
        "//Cargo.toml",
        "/cargo.toml",
        "/up/Cargo.toml",
        "/up",
        "/snippets",
        "/snippets/",
        "/missing.js",
        "/.hidden",
    ] {
        let answer = get(server.addr, target, "");
        assert_eq!(answer.status, 404, "{target}");
        assert!(!String::from_utf8_lossy(&answer.body).contains("secret"), "{target}");
    }
    let absolute = get(server.addr, &format!("{}", site.root.join("Cargo.toml").display()), "");
    assert_eq!(absolute.status, 404);
    let post = ask(server.addr, b"POST / HTTP/1.1\r\nHost: omweso\r\nContent-Length: 0\r\n\r\n");
    assert_eq!((post.status, post.header("allow")), (405, Some("GET, HEAD")));
}

#[test]
fn a_bad_head_is_refused_and_closed() {
    let site = site("heads");
    let limits = Limits { handshake: Duration::from_secs(1), ..Limits::default() };
    let server = serve(Some(&site.web), limits);
    let long = format!("GET / HTTP/1.1\r\nHost: omweso\r\nX-Long: {}\r\n\r\n", "a".repeat(16 * 1024));
    let answer = ask(server.addr, long.as_bytes());
    assert_eq!(answer.status, 431);
    let many = format!("GET / HTTP/1.1\r\n{}\r\n", "X: y\r\n".repeat(100));
    assert_eq!(ask(server.addr, many.as_bytes()).status, 431);
    let junk: Vec<u8> = (0..600u32).map(|i| (i * 37 % 256) as u8).collect();
    assert_eq!(ask(server.addr, &junk).status, 400);
    // A head that never ends is let go after the handshake's time, unanswered.
    let mut slow = TcpStream::connect(server.addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    slow.write_all(b"GET / HTTP/1.1\r\nHost: omw").unwrap();
    let began = Instant::now();
    let mut rest = Vec::new();
    let read = slow.read_to_end(&mut rest);
    assert!(read.is_ok() && rest.is_empty(), "{read:?} {rest:?}");
    assert!(began.elapsed() < Duration::from_secs(5), "closed after {:?}", began.elapsed());
    // The server serves on.
    assert_eq!(get(server.addr, "/", "").status, 200);
}

#[test]
fn without_a_page_the_root_says_how_to_build_it() {
    let server = serve(None, Limits::default());
    let root = get(server.addr, "/", "");
    assert_eq!((root.status, root.header("content-type")), (200, Some("text/html; charset=utf-8")));
    assert!(String::from_utf8_lossy(&root.body).contains(".ci/web"));
    assert_eq!(get(server.addr, "/omweso_web_bg.wasm", "").status, 404);
}

#[test]
fn a_game_is_played_over_the_websocket_on_the_same_port() {
    let site = site("game");
    let server = serve(Some(&site.web), Limits::default());
    let host_session = host(server.addr, SideChoice::Lower);
    let (code, _) = code_of(&host_session);
    assert_eq!(get(server.addr, "/", "").status, 200, "the page beside a game");
    let guest_session = join(server.addr, &code);
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(move || play_out(&host_session, 3, Duration::from_secs(60)));
        let b = s.spawn(move || play_out(&guest_session, 4, Duration::from_secs(60)));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert!(!a.moves.is_empty());
    assert_eq!((a.moves, a.end), (b.moves, b.end));
}

#[test]
fn the_page_is_served_over_tls_too() {
    use omweso_online::tls::acceptor;
    use rustls_pki_types::pem::PemObject;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio_rustls::rustls;
    let cert = include_bytes!("tls/cert.pem");
    let key = include_bytes!("tls/key.pem");
    let site = site("tls");
    let config = ServerConfig {
        tls: Some(acceptor(cert, key).unwrap()),
        web: Some(site.web.clone()),
        ..ServerConfig::default()
    };
    let server = start_server_configured(config, Arc::new(MemoryArchive::default()));
    let mut roots = rustls::RootCertStore::empty();
    for der in rustls_pki_types::CertificateDer::pem_slice_iter(cert) {
        roots.add(der.unwrap()).unwrap();
    }
    #[allow(deprecated)] // ring, as the crate's own TLS (src/tls.rs says why)
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let answer = runtime.block_on(async {
        let tcp = tokio::net::TcpStream::connect(server.addr).await.unwrap();
        let name = rustls_pki_types::ServerName::try_from("localhost").unwrap();
        let mut tls = connector.connect(name, tcp).await.unwrap();
        tls.write_all(b"GET /omweso_web_bg.wasm HTTP/1.1\r\nHost: localhost\r\n\r\n").await.unwrap();
        let mut all = Vec::new();
        let _ = tokio::time::timeout(Duration::from_secs(10), tls.read_to_end(&mut all)).await;
        all
    });
    let head_end = answer.windows(4).position(|w| w == b"\r\n\r\n").expect("a whole answer") + 4;
    let head = String::from_utf8_lossy(&answer[..head_end]);
    assert!(head.starts_with("HTTP/1.1 200 OK\r\n"), "{head}");
    assert!(head.contains("Content-Type: application/wasm\r\n"), "{head}");
    assert!(answer[head_end..] == wasm_bytes(), "the wasm's exact bytes over TLS");
}
