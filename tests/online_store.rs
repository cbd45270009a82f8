//! Issue 48's store, from outside, over the real binary and loopback only: a hostile `--data`
//! folder (a planted resume file whose code would write outside it, odd files, temporary
//! files left by a write cut short) never stops `omweso serve` nor makes it write outside
//! the folder.

#[path = "online_load/mod.rs"]
mod online_load;

use omweso_online::protocol::{ClientMessage, Role, ServerMessage};
use omweso_online::{ClockSpec, Connection, Kept, PROTOCOL_VERSION, Record};
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
        Served::started(data, None)
    }

    /// The server with its files limited to `bytes` each (the kernel's `RLIMIT_FSIZE`, with
    /// `SIGXFSZ` ignored): a write past it fails with "File too large", as on a full disk.
    fn started(data: &Path, file_size: Option<u64>) -> Served {
        let mut command = Command::new(BIN);
        if let Some(bytes) = file_size {
            use std::os::unix::process::CommandExt;
            // SAFETY: between fork and exec only async-signal-safe calls (signal, setrlimit).
            unsafe {
                command.pre_exec(move || {
                    libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                    let limit = libc::rlimit { rlim_cur: bytes, rlim_max: bytes };
                    if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    Ok(())
                });
            }
        }
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

/// Issue 48: `kill -9` under load loses no move the server relayed. Twenty games played
/// fast (a message every 100 ms a player); the server killed with SIGKILL in the middle
/// and started again on the same folder: every game kept has at least every move its host
/// heard relayed, in the same order.
#[test]
fn kill_9_under_load_loses_no_relayed_move() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games");
    let mut server = Served::start(&data);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let pace = online_load::Pace {
        every: Duration::ZERO,
        gap: Duration::from_millis(100),
        ping_every: None,
        until: std::time::Instant::now() + Duration::from_secs(20),
        max_moves: 1000,
    };
    let games: Vec<_> = (0..20).map(|g| runtime.spawn(online_load::game(server.addr.clone(), g, pace, None))).collect();
    std::thread::sleep(Duration::from_millis(1200));
    server.child.kill().unwrap(); // SIGKILL
    server.child.wait().unwrap();
    let played: Vec<online_load::Measured> =
        games.into_iter().map(|g| runtime.block_on(g).unwrap().expect("the game started")).collect();
    let relayed: usize = played.iter().map(|m| m.relayed.len()).sum();
    assert!(relayed >= 100, "too few moves before the kill to tell anything: {relayed}");
    assert!(played.iter().any(|m| !m.ended), "every game ended before the kill");
    let again = Served::start(&data);
    runtime.block_on(async {
        for game in &played {
            let mut watcher = Connection::open(&again.addr, None).await.unwrap();
            let hello = ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
                program: "kill -9 test".into(),
                role: Role::Watch { code: game.code.clone() },
            };
            watcher.send(&hello).await.unwrap();
            let kept = loop {
                match tokio::time::timeout(Duration::from_secs(5), watcher.recv()).await.unwrap().unwrap() {
                    ServerMessage::Game { record, .. } => break record.moves,
                    ServerMessage::Refused { reason, .. } if game.ended => {
                        // A finished game the server no longer holds: its end is answered.
                        assert!(reason.contains("is over"), "{reason}");
                        break game.relayed.clone();
                    }
                    other @ ServerMessage::Refused { .. } => panic!("game {}: {other:?}", game.code),
                    _ => {}
                }
            };
            assert!(
                kept.len() >= game.relayed.len() && kept[..game.relayed.len()] == game.relayed[..],
                "game {}: relayed {:?}, kept {:?}\n{}",
                game.code,
                game.relayed,
                kept,
                again.log()
            );
        }
    });
}

/// Issue 48: with `--data` full the server went on relaying moves it could not keep, and a
/// restart lost them. Here every file of the server is limited in size by the kernel (a
/// write past it fails, as on a full disk, here "disk I/O error"): the move that cannot be kept is refused to both
/// players, with the reason, and not relayed; no new game is hosted; and the server started
/// again without the limit has exactly the moves that were relayed.
#[test]
fn a_move_that_cannot_be_kept_is_refused_and_never_relayed() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("games");
    let server = Served::started(&data, Some(128 * 1024));
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let pace = online_load::Pace {
        every: Duration::ZERO,
        gap: Duration::from_millis(60),
        ping_every: None,
        until: std::time::Instant::now() + Duration::from_secs(60),
        max_moves: 100_000,
    };
    // Games until one is cut by the store (the journal outgrows the limit).
    let mut refused = None;
    for g in 0..40 {
        let game = runtime.block_on(online_load::game(server.addr.clone(), g, pace, None)).expect("a game starts");
        if !game.cut.is_empty() {
            refused = Some(game);
            break;
        }
    }
    let game = refused.unwrap_or_else(|| panic!("no write failed:\n{}", server.log()));
    assert_eq!(game.cut.len(), 2, "both players are told: {:?}", game.cut);
    for said in &game.cut {
        assert!(said.contains("cannot keep") && said.contains("refused"), "{said}");
    }
    runtime.block_on(async {
        let mut conn = Connection::open(&server.addr, None).await.unwrap();
        let role = Role::Host {
            name: "Cy".into(),
            rules: RuleOptions::default(),
            side: omweso_online::SideChoice::Toss,
            clock: None,
        };
        conn.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "test".into(), role }).await.unwrap();
        match tokio::time::timeout(Duration::from_secs(5), conn.recv()).await.unwrap().unwrap() {
            ServerMessage::Refused { reason, .. } => assert!(reason.contains("cannot keep new games"), "{reason}"),
            other => panic!("hosted with the disk failing: {other:?}"),
        }
    });
    drop(server);
    let again = Served::start(&data);
    let kept = runtime.block_on(watch(&again.addr, &game.code));
    assert_eq!(kept, game.relayed, "{}", again.log());
}

/// The moves of game `code`, as a spectator is sent them.
async fn watch(addr: &str, code: &str) -> Vec<String> {
    let mut watcher = Connection::open(addr, None).await.unwrap();
    let role = Role::Watch { code: code.to_string() };
    watcher.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "test".into(), role }).await.unwrap();
    loop {
        match tokio::time::timeout(Duration::from_secs(5), watcher.recv()).await.unwrap().unwrap() {
            ServerMessage::Game { record, .. } => return record.moves,
            other @ ServerMessage::Refused { .. } => panic!("game {code}: {other:?}"),
            _ => {}
        }
    }
}
