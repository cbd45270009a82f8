//! Session-level tests: clients against a server started in the test, on loopback only,
//! each bounded in time. Two players' sessions play whole games; raw connections break the
//! protocol's rules and limits and are closed, leaving the other player's game untouched.

mod common;

use common::*;
use omweso_online::client::Event;
use omweso_online::protocol::{ClientMessage, Role, ServerMessage};
use omweso_online::{Connection, Limits, MemoryArchive, PROTOCOL_VERSION, SideChoice};
use omweso_rules::Side;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

fn hello(role: Role) -> ClientMessage {
    ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "raw test client".into(), role }
}

/// Reads messages until `want` matches one (at most 5 s).
async fn until<F: Fn(&ServerMessage) -> bool>(conn: &mut Connection, want: F) -> ServerMessage {
    tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            let m = conn.recv().await.expect("a message");
            if want(&m) {
                return m;
            }
        }
    })
    .await
    .expect("the awaited message within 5 s")
}

/// Whether the server closes `conn` within 5 s (every message until then is passed over);
/// the last error message it sent, if any.
async fn closed(conn: &mut Connection) -> Option<String> {
    let mut said = None;
    let waited = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match conn.recv().await {
                Ok(ServerMessage::Error { message }) => said = Some(message),
                Ok(_) => {}
                Err(_) => return,
            }
        }
    })
    .await;
    assert!(waited.is_ok(), "the server did not close the connection");
    said
}

/// Plays one whole game between two sessions and checks both (and a spectator) saw the
/// same moves and end, and that the server kept it.
fn play_a_game(server: &TestServer, seed: u64) {
    let host_session = host(server.addr, SideChoice::Toss);
    let (code, host_side) = code_of(&host_session);
    let guest_session = join(server.addr, &code);
    let watcher =
        omweso_online::Session::start(config(server.addr), omweso_online::Role::Watch { code: code.clone() }).unwrap();
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(move || play_out(&host_session, seed, Duration::from_secs(60)));
        let b = s.spawn(move || play_out(&guest_session, seed ^ 7, Duration::from_secs(60)));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a.moves, b.moves);
    assert_eq!(a.end, b.end);
    assert!(!a.moves.is_empty());
    // The spectator saw the same game and sent nothing.
    let mut watched = Vec::new();
    let end = loop {
        match next(&watcher) {
            Event::Moved { mv, .. } => watched.push(mv.to_string()),
            Event::Ended { end } => break end.line(),
            Event::LayOut { .. } | Event::YourMove { .. } => panic!("a spectator was asked to play"),
            Event::Failed { error } => panic!("the spectator failed: {error}"),
            _ => {}
        }
    };
    assert_eq!(watched, a.moves);
    assert_eq!(Some(end), a.end);
    // The server kept the game, with its end, and it replays by the rules.
    std::thread::sleep(Duration::from_millis(100));
    let kept = server.archive.get(&code).expect("the game is kept");
    assert_eq!(kept.record.moves, a.moves);
    assert_eq!(kept.record.end.map(|e| e.line()), a.end);
    kept.record.replay().expect("the kept game replays");
    assert!(kept.tokens.iter().all(Option::is_some));
    let _ = host_side;
}

#[test]
fn two_sessions_play_a_game_that_a_spectator_follows_and_the_server_keeps() {
    let server = start_server();
    play_a_game(&server, 1);
}

#[test]
fn a_bad_code_a_full_game_and_another_version_are_refused() {
    let server = start_server();
    let rt = runtime();
    rt.block_on(async {
        let mut c = Connection::open(&server.addr.to_string(), None).await.unwrap();
        c.send(&hello(Role::Join { name: "x".into(), code: "0000000000".into() })).await.unwrap();
        let m = until(&mut c, |m| matches!(m, ServerMessage::Refused { .. })).await;
        assert!(format!("{m:?}").contains("no game has the code 0000000000"), "{m:?}");

        let mut c = Connection::open(&server.addr.to_string(), None).await.unwrap();
        let old = ClientMessage::Hello {
            protocol: 0,
            program: "old".into(),
            role: Role::Watch { code: "0000000000".into() },
        };
        c.send(&old).await.unwrap();
        let m = until(&mut c, |m| matches!(m, ServerMessage::Refused { .. })).await;
        assert!(
            matches!(&m, ServerMessage::Refused { update: Some(omweso_online::protocol::Update::Client), reason } if reason.contains("update the client")),
            "{m:?}"
        );
    });
    let h = host(server.addr, SideChoice::Lower);
    let (code, _) = code_of(&h);
    let g = join(server.addr, &code);
    // The guest is seated before the third comes.
    let _ = code_of(&g);
    rt.block_on(async {
        let mut third = Connection::open(&server.addr.to_string(), None).await.unwrap();
        third.send(&hello(Role::Join { name: "third".into(), code: code.to_lowercase() })).await.unwrap();
        let m = until(&mut third, |m| matches!(m, ServerMessage::Refused { .. })).await;
        assert!(format!("{m:?}").contains("both seats"), "{m:?}");
    });
}

#[test]
fn an_illegal_move_closes_only_its_sender_and_the_game_goes_on() {
    let server = start_server();
    let h = host(server.addr, SideChoice::Upper);
    let (code, seat) = code_of(&h);
    assert_eq!(seat, Side::Upper);
    let rt = runtime();
    let token = rt.block_on(async {
        let mut guest = Connection::open(&server.addr.to_string(), None).await.unwrap();
        guest.send(&hello(Role::Join { name: "cheat".into(), code: code.clone() })).await.unwrap();
        let token = match until(&mut guest, |m| matches!(m, ServerMessage::Welcome { .. })).await {
            ServerMessage::Welcome { token, seat, .. } => {
                assert_eq!(seat, Some(Side::Lower));
                token.unwrap()
            }
            _ => unreachable!(),
        };
        // Upper lays out first (RULES.md §2); a layout out of turn is refused.
        guest.send(&ClientMessage::Layout { layout: "4i-p".into() }).await.unwrap();
        let said = closed(&mut guest).await.unwrap_or_default();
        assert!(said.contains("not lower's turn to lay out"), "{said}");
        token
    });
    // The host's game is untouched: it is asked to lay out, and does.
    loop {
        match next(&h) {
            Event::LayOut { side, .. } => {
                h.lay_out(checking_layout(side));
                break;
            }
            Event::Failed { error } => panic!("{error}"),
            _ => {}
        }
    }
    rt.block_on(async {
        // The guest comes back with its token, lays out, and then sends an illegal move.
        let mut guest = Connection::open(&server.addr.to_string(), None).await.unwrap();
        guest.send(&hello(Role::Resume { code: code.clone(), token: token.clone() })).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMessage::LayOut)).await;
        guest.send(&ClientMessage::Layout { layout: "32a".into() }).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMessage::Game { record, .. } if record.layouts[0].is_some())).await;
        guest.send(&ClientMessage::Move { number: 0, mv: "b".into() }).await.unwrap();
        let said = closed(&mut guest).await.unwrap_or_default();
        assert!(said.contains("move `b`"), "{said}");
        // A wrong token holds no seat.
        let mut thief = Connection::open(&server.addr.to_string(), None).await.unwrap();
        thief.send(&hello(Role::Resume { code: code.clone(), token: "00".repeat(16) })).await.unwrap();
        until(&mut thief, |m| matches!(m, ServerMessage::Refused { .. })).await;
        // The rightful guest plays a legal move; the host hears it.
        let mut guest = Connection::open(&server.addr.to_string(), None).await.unwrap();
        guest.send(&hello(Role::Resume { code: code.clone(), token })).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMessage::Game { .. })).await;
        guest.send(&ClientMessage::Move { number: 0, mv: "a".into() }).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMessage::Moved { number: 0, .. })).await;
    });
    let kept = server.archive.get(&code).unwrap();
    assert_eq!(kept.record.moves, ["a"]);
    loop {
        match next(&h) {
            Event::Moved { number: 0, mv, .. } => {
                assert_eq!(mv.to_string(), "a");
                break;
            }
            Event::Failed { error } => panic!("{error}"),
            _ => {}
        }
    }
}

#[test]
fn a_spectator_that_sends_a_move_is_closed() {
    let server = start_server();
    let h = host(server.addr, SideChoice::Lower);
    let (code, _) = code_of(&h);
    runtime().block_on(async {
        let mut w = Connection::open(&server.addr.to_string(), None).await.unwrap();
        w.send(&hello(Role::Watch { code })).await.unwrap();
        until(&mut w, |m| matches!(m, ServerMessage::Game { .. })).await;
        w.send(&ClientMessage::Move { number: 0, mv: "a".into() }).await.unwrap();
        let said = closed(&mut w).await.unwrap_or_default();
        assert!(said.contains("spectator"), "{said}");
    });
}

#[test]
fn floods_silence_garbage_huge_frames_and_half_open_connections_are_closed() {
    let limits = Limits {
        silence: Duration::from_millis(800),
        handshake: Duration::from_millis(800),
        ping_every: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = start_server_with(limits, Arc::new(MemoryArchive::default()));
    let h = host(server.addr, SideChoice::Lower);
    let (code, _) = code_of(&h);
    let addr = server.addr.to_string();
    runtime().block_on(async {
        // A flood: more messages than the bucket holds.
        let mut flood = Connection::open(&addr, None).await.unwrap();
        flood.send(&hello(Role::Watch { code: code.clone() })).await.unwrap();
        for id in 0..200 {
            if flood.send(&ClientMessage::Ping { id }).await.is_err() {
                break;
            }
        }
        let said = closed(&mut flood).await.unwrap_or_default();
        assert!(said.contains("messages a second"), "{said}");

        // Silence: a raw WebSocket that says hello and then nothing at all (not even the
        // answers to pings, which `Connection::recv` would give).
        let tcp = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let (mut ws, _) = tokio_tungstenite::client_async(format!("ws://{addr}/"), tcp).await.unwrap();
        use futures_util::{SinkExt, StreamExt};
        let text = omweso_online::protocol::encode(&hello(Role::Watch { code: code.clone() }));
        ws.send(tokio_tungstenite::tungstenite::Message::text(text)).await.unwrap();
        let started = std::time::Instant::now();
        let mut error = None;
        while let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            if let tokio_tungstenite::tungstenite::Message::Text(t) = m
                && t.as_str().contains("silent")
            {
                error = Some(t.as_str().to_string());
            }
        }
        assert!(error.is_some(), "no word of silence");
        assert!(started.elapsed() < Duration::from_secs(4));

        // A huge frame: refused by its length before it is read whole.
        let mut big = Connection::open(&addr, None).await.unwrap();
        big.send(&hello(Role::Watch { code: code.clone() })).await.unwrap();
        let huge = ClientMessage::Layout { layout: "9".repeat(4 * 1024 * 1024) };
        let _ = big.send(&huge).await;
        closed(&mut big).await;

        // Garbage instead of a handshake, and half-open sockets that say nothing.
        let mut garbage = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let _ = garbage.write_all(&[0xff; 70_000]).await;
        let mut silent = Vec::new();
        for _ in 0..50 {
            silent.push(tokio::net::TcpStream::connect(&addr).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(1500)).await;
        // The server closed them all (a read gives the end of the stream or an error).
        use tokio::io::AsyncReadExt;
        for mut s in silent {
            let mut buf = [0u8; 512];
            let read = tokio::time::timeout(Duration::from_secs(2), s.read(&mut buf)).await;
            assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "a half-open connection is still open: {read:?}");
        }
    });
    // The host's game was never touched, and a new game still plays through.
    let guest = join(server.addr, &code);
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(move || play_out(&h, 3, Duration::from_secs(60)));
        let b = s.spawn(move || play_out(&guest, 4, Duration::from_secs(60)));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a.end, b.end);
}

#[test]
fn connections_past_the_limit_are_closed_and_the_server_answers_after_thousands() {
    // The first 200 hold their places for the whole handshake limit (longer than opening
    // the rest takes on a loaded machine).
    let limits = Limits { max_connections: 200, handshake: Duration::from_secs(30), ..Limits::default() };
    let server = start_server_with(limits, Arc::new(MemoryArchive::default()));
    let addr = server.addr;
    runtime().block_on(async {
        // 2,000 connections opened at once, held, none saying anything.
        let mut held = Vec::new();
        for _ in 0..2000 {
            match tokio::net::TcpStream::connect(addr).await {
                Ok(s) => held.push(s),
                Err(_) => break,
            }
        }
        assert!(held.len() >= 1000, "only {} connections opened", held.len());
        // Those past the limit are closed at once.
        use tokio::io::AsyncReadExt;
        let mut buf = [0u8; 16];
        let last = held.last_mut().unwrap();
        let read = tokio::time::timeout(Duration::from_secs(2), last.read(&mut buf)).await;
        assert!(matches!(read, Ok(Ok(0)) | Ok(Err(_))), "the last connection is open: {read:?}");
        // Let go of them all; the server takes a game again at once.
        drop(held);
    });
    play_a_game(&server, 11);
}

#[test]
fn a_restarted_server_resumes_the_game_and_both_finish_it() {
    let archive = Arc::new(MemoryArchive::default());
    let first = start_server_with(Limits::default(), Arc::clone(&archive));
    let addr = first.addr;
    let h = host(addr, SideChoice::Lower);
    let (code, _) = code_of(&h);
    let g = join(addr, &code);
    // Play until a few moves are in, then stop the server under them.
    let mut seeds = [5u64, 6];
    let mut played = 0;
    while played < 6 {
        for (i, session) in [&h, &g].into_iter().enumerate() {
            let seed = &mut seeds[i];
            if let Some(event) = session.next_event(Duration::from_millis(20)) {
                match event {
                    Event::LayOut { side, .. } => session.lay_out(checking_layout(side)),
                    Event::YourMove { number, state } => session.play(number, pick(&state, seed)),
                    Event::Moved { .. } if i == 0 => played += 1,
                    Event::Failed { error } => panic!("{error}"),
                    _ => {}
                }
            }
        }
    }
    drop(first);
    std::thread::sleep(Duration::from_millis(300));
    // The same port, the same archive: the game is resumed when both come back.
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let server = runtime
        .block_on(omweso_online::Server::bind(
            &addr.to_string(),
            omweso_online::ServerConfig::default(),
            Arc::clone(&archive) as Arc<dyn omweso_online::Archive>,
        ))
        .unwrap();
    runtime.spawn(server.run());
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(move || play_out(&h, seeds[0], Duration::from_secs(60)));
        let b = s.spawn(move || play_out(&g, seeds[1], Duration::from_secs(60)));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a.end, b.end);
    assert!(a.events.iter().any(|e| e.contains("resumed")), "{:?}", a.events);
    let kept = archive.get(&code).unwrap();
    assert!(kept.record.end.is_some());
    kept.record.replay().unwrap();
    runtime.shutdown_background();
}

#[test]
fn a_game_plays_over_tls_with_the_club_s_own_certificate() {
    let cert = include_bytes!("tls/cert.pem");
    let key = include_bytes!("tls/key.pem");
    let tls = omweso_online::tls::acceptor(cert, key).unwrap();
    let server_config = omweso_online::ServerConfig { tls: Some(tls), ..omweso_online::ServerConfig::default() };
    let server = start_server_configured(server_config, Arc::new(MemoryArchive::default()));
    let wss = format!("wss://localhost:{}", server.addr.port());
    let tls_config = |trust: bool| omweso_online::SessionConfig {
        server: wss.clone(),
        extra_roots_pem: trust.then(|| cert.to_vec()),
        ..config(server.addr)
    };
    // Without the club's certificate trusted, the connection is refused by the client.
    let role = omweso_online::Role::Host {
        name: "h".into(),
        rules: omweso_rules::RuleOptions::default(),
        side: SideChoice::Lower,
        clock: None,
    };
    let untrusting = omweso_online::Session::start(tls_config(false), role.clone()).unwrap();
    match next(&untrusting) {
        Event::Failed { error } => assert!(error.contains("TLS"), "{error}"),
        other => panic!("{other:?}"),
    }
    // A plain WebSocket to the TLS port is no game either.
    let plain = host(server.addr, SideChoice::Lower);
    assert!(matches!(next(&plain), Event::Failed { .. }));
    // Trusted, a whole game plays over TLS.
    let h = omweso_online::Session::start(tls_config(true), role).unwrap();
    let (code, _) = code_of(&h);
    let g =
        omweso_online::Session::start(tls_config(true), omweso_online::Role::Join { name: "g".into(), code }).unwrap();
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(move || play_out(&h, 21, Duration::from_secs(60)));
        let b = s.spawn(move || play_out(&g, 22, Duration::from_secs(60)));
        (a.join().unwrap(), b.join().unwrap())
    });
    assert_eq!(a.end, b.end);
    assert_eq!(a.moves, b.moves);
}

#[test]
fn the_server_s_clock_ends_a_game_whose_player_does_not_move() {
    let server = start_server();
    let role = omweso_online::Role::Host {
        name: "slow".into(),
        rules: omweso_rules::RuleOptions::default(),
        side: SideChoice::Lower,
        clock: Some(omweso_online::ClockSpec { seconds: 1, increment: 0 }),
    };
    let h = omweso_online::Session::start(config(server.addr), role).unwrap();
    let (code, _) = code_of(&h);
    let g = join(server.addr, &code);
    let started = std::time::Instant::now();
    let mut ends = Vec::new();
    // Both lay out; the host (Lower, to move first) never moves.
    while ends.len() < 2 && started.elapsed() < Duration::from_secs(10) {
        for s in [&h, &g] {
            match s.next_event(Duration::from_millis(20)) {
                Some(Event::LayOut { side, .. }) => s.lay_out(checking_layout(side)),
                Some(Event::Ended { end }) => ends.push(end.line()),
                Some(Event::Failed { error }) => panic!("{error}"),
                _ => {}
            }
        }
    }
    assert_eq!(ends, ["upper wins: time", "upper wins: time"]);
    // One second and at most the lag quota's second after the start.
    assert!(started.elapsed() < Duration::from_secs(4), "{:?}", started.elapsed());
    let kept = server.archive.get(&code).unwrap();
    assert_eq!(kept.record.times.map(|t| t.millis[0]), Some(0));
}
