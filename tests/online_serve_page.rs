//! Issue 50, from outside over the real binary and loopback only: `omweso serve --web DIR`
//! serves the page in DIR at `/` on the WebSocket's port, and says so in its third line; a
//! `--web` that names no folder stops it at start.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_omweso");

/// A server killed when dropped (a failed assertion leaves none running).
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_web_serves_the_folder_at_the_root() {
    let root = std::env::temp_dir().join(format!("omweso-serve-page-{}", std::process::id()));
    let web = root.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<!DOCTYPE html><title>Omweso</title>\n").unwrap();
    let mut child = Running(
        Command::new(BIN)
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(root.join("data"))
            .arg("--web")
            .arg(&web)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts"),
    );
    let mut out = BufReader::new(child.0.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..3 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line.trim().to_string());
    }
    let addr = lines[0].strip_prefix("listening ").expect("the address first").to_string();
    assert_eq!(lines[2], format!("page {}", web.display()));
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    stream.write_all(b"GET / HTTP/1.1\r\nHost: omweso\r\n\r\n").unwrap();
    stream.shutdown(std::net::Shutdown::Write).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    drop(child);
    let _ = std::fs::remove_dir_all(&root);
    assert!(answer.starts_with("HTTP/1.1 200 OK\r\n"), "{answer}");
    assert!(answer.contains("Content-Type: text/html; charset=utf-8\r\n"), "{answer}");
    assert!(answer.ends_with("\r\n\r\n<!DOCTYPE html><title>Omweso</title>\n"), "{answer}");
}

#[test]
fn a_web_that_is_no_folder_stops_the_server() {
    let root = std::env::temp_dir().join(format!("omweso-serve-noweb-{}", std::process::id()));
    let mut child = Running(
        Command::new(BIN)
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(root.join("data"))
            .args(["--web"])
            .arg(root.join("nowhere"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts"),
    );
    let began = Instant::now();
    let status = loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            break status;
        }
        assert!(began.elapsed() < Duration::from_secs(10), "the server still runs after 10 s");
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut said = String::new();
    child.0.stderr.take().unwrap().read_to_string(&mut said).unwrap();
    let _ = std::fs::remove_dir_all(&root);
    assert!(!status.success());
    assert!(said.contains("--web") && said.contains("not a folder"), "{said}");
}
