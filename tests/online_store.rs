//! Issue 48's store, from outside, over the real binary and loopback only: a hostile `--data`
//! folder (a planted resume file whose code would write outside it, odd files, temporary
//! files left by a write cut short) never stops `omweso serve` nor makes it write outside
//! the folder.

use omweso_online::{ClockSpec, Kept, Record};
use omweso_rules::RuleOptions;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_omweso");

/// `omweso serve` on 127.0.0.1:0 over `data`: its first line read, its standard error kept;
/// killed when dropped.
struct Served {
    child: Child,
    stderr: Arc<Mutex<String>>,
    addr: String,
}

impl Served {
    fn start(data: &Path) -> Served {
        let mut command = Command::new(BIN);
        let mut child = command
            .args(["serve", "--listen", "127.0.0.1:0", "--data", data.to_str().unwrap()])
            .env("RUST_LOG", "info")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stderr = Arc::new(Mutex::new(String::new()));
        let said = Arc::clone(&stderr);
        let mut pipe = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                said.lock().unwrap().push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let addr = first.trim().strip_prefix("listening ").unwrap_or_default().to_string();
        let served = Served { child, stderr, addr };
        assert!(!served.addr.is_empty(), "the server did not start: {first:?}\n{}", served.log());
        served
    }

    fn log(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }

    fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A kept game under `code`, both layouts in, on a one-second clock: a server that resumes
/// it ends it on time within about a second, and keeps it.
fn timed_game(code: &str) -> String {
    let mut record =
        Record::new(code.to_string(), RuleOptions::default(), Some(ClockSpec { seconds: 1, increment: 0 }));
    record.layouts = [Some("4i-p".into()), Some("4I-P".into())];
    serde_json::to_string(&Kept { record, tokens: [None, None] }).unwrap()
}

/// Issue 48: a `.resume.json` whose code was `../outside/PWNED` made the server write two
/// files in `outside/` (and make it owner-only) when the game it resumed ended on time.
#[test]
fn a_planted_code_never_writes_outside_the_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games");
    std::fs::create_dir(&data).unwrap();
    std::fs::write(data.join("PWNED.resume.json"), timed_game("../outside/PWNED")).unwrap();
    let mut server = Served::start(&data);
    // The referee ends a resumed game out of time within a second and a quarter.
    std::thread::sleep(Duration::from_secs(3));
    assert!(server.running(), "{}", server.log());
    assert!(!dir.path().join("outside").exists(), "written outside --data:\n{}", server.log());
    assert!(data.join("set-aside/PWNED.resume.json").is_file(), "{}", server.log());
    assert!(server.log().contains("is not a join code"), "{}", server.log());
}

/// Issue 48: one odd `.resume.json` (here a folder by that name) stopped the server from
/// starting; now it is set aside with a log line, and the good game beside it is resumed.
#[test]
fn one_odd_file_is_set_aside_and_the_server_starts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games");
    std::fs::create_dir_all(data.join("0000000001.resume.json")).unwrap();
    std::fs::write(data.join("0000000002.resume.json"), "not a game").unwrap();
    std::fs::write(data.join("0000000003.resume.json"), timed_game("0000000004")).unwrap();
    let mut good = Record::new("0000000005".into(), RuleOptions::default(), None);
    good.layouts = [Some("4i-p".into()), None];
    std::fs::write(
        data.join("0000000005.resume.json"),
        serde_json::to_string(&Kept { record: good, tokens: [None, None] }).unwrap(),
    )
    .unwrap();
    let mut server = Served::start(&data);
    std::thread::sleep(Duration::from_millis(500));
    assert!(server.running(), "{}", server.log());
    for odd in ["0000000001", "0000000002", "0000000003"] {
        assert!(data.join(format!("set-aside/{odd}.resume.json")).exists(), "{odd}: {}", server.log());
    }
    assert!(server.log().contains("1 unfinished games resumed"), "{}", server.log());
}

/// Issue 48: `kill -9` during a write left its temporary file in `--data` for good; the
/// server removes them when it starts.
#[test]
fn temporary_files_of_a_write_cut_short_are_removed_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games");
    std::fs::create_dir(&data).unwrap();
    let cut = [".0000000001.omweso.Ab3dEf.tmp", ".0000000001.resume.json.Zz9yXw.tmp"];
    for name in cut {
        std::fs::write(data.join(name), "half a game").unwrap();
    }
    let server = Served::start(&data);
    for name in cut {
        assert!(!data.join(name).exists(), "{name} is still there:\n{}", server.log());
    }
}
