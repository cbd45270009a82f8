//! Issue 48, from outside over the real binary and loopback only: `omweso serve` says in its
//! first lines how many connections it holds and its file limit (raised to the hard
//! limit), and a flood of connections refused is logged in summary, not a line each.

use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_omweso");

/// `omweso serve` with `args`, its standard error gathered on a thread; killed when dropped.
struct Serve {
    child: Child,
    lines: Vec<String>,
    stderr: Arc<Mutex<String>>,
    data: std::path::PathBuf,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

fn serve(args: &[&str]) -> Serve {
    let data = std::env::temp_dir().join(format!("omweso-serve-limits-{}", std::process::id()));
    let mut child = Command::new(BIN)
        .args(["serve", "--listen", "127.0.0.1:0", "--data", data.to_str().unwrap()])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut lines = Vec::new();
    for _ in 0..2 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        lines.push(line.trim().to_string());
    }
    let mut err = child.stderr.take().unwrap();
    let stderr = Arc::new(Mutex::new(String::new()));
    let said = Arc::clone(&stderr);
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n @ 1..) = err.read(&mut buf) {
            said.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    Serve { child, lines, stderr, data }
}

#[test]
fn the_server_names_its_connections_and_file_limit_and_sums_up_refusals() {
    let mut server = serve(&["--max-connections", "20"]);
    let addr = server.lines[0].strip_prefix("listening ").expect("the address first").to_string();
    let second = &server.lines[1];
    let held: usize = second
        .strip_prefix("connections at most ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("the second line names the connections: {second}"));
    assert_eq!(held, 20, "{second}");
    assert!(second.contains("file limit"), "{second}");
    // 300 connections at once: 280 are over the limit and closed at once.
    let mut open = Vec::new();
    for _ in 0..300 {
        open.push(TcpStream::connect(&addr).unwrap());
    }
    let began = Instant::now();
    let summary = loop {
        let said = server.stderr.lock().unwrap().clone();
        if said.contains("connections closed unserved") {
            break said;
        }
        assert!(began.elapsed() < Duration::from_secs(20), "no summary within 20 s:\n{said}");
        std::thread::sleep(Duration::from_millis(200));
    };
    drop(open);
    let lines = summary.lines().count();
    assert!(lines <= 3, "{lines} lines of log for one flood:\n{summary}");
    assert!(summary.contains("over the server's connection limit"), "{summary}");
    let _ = server.child.kill();
}
