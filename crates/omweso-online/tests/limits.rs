//! Issue 48's server limits, from outside, over loopback only: a client that never reads is
//! closed within 30 s; one address cannot fill the server (games hosted, connections, wrong
//! join codes), while another address is still served; games no player came back to expire,
//! across a restart too; a name with invisible characters is kept clean. Every loop is
//! bounded in count and time.

mod common;

use common::{TestServer, start_server_with};
use futures_util::{SinkExt, StreamExt};
use omweso_online::protocol::{ClientMessage, Role, ServerMessage, decode, encode};
use omweso_online::{Limits, MemoryArchive, PROTOCOL_VERSION, SideChoice};
use omweso_rules::RuleOptions;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::Message;

type Ws = WebSocketStream<TcpStream>;

/// The `n`-th frame of a flood.
type FrameOf = Box<dyn Fn(u32) -> Message>;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

fn hello(role: Role) -> Message {
    Message::text(encode(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "limits test".into(), role }))
}

fn host_role(name: &str) -> Role {
    Role::Host { name: name.into(), rules: RuleOptions::default(), side: SideChoice::Lower, clock: None }
}

/// A TCP connection to `server` from the loopback address `from` (127.0.0.x), its receive
/// buffer made small when `small` (a client that reads nothing fills it soon).
async fn tcp(server: SocketAddr, from: IpAddr, small: bool) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    if small {
        socket.set_recv_buffer_size(4096)?;
    }
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(server).await
}

/// A WebSocket to `server` from `from`.
async fn ws(server: SocketAddr, from: IpAddr) -> Option<Ws> {
    let stream = tcp(server, from, false).await.ok()?;
    let (ws, _) = tokio_tungstenite::client_async(format!("ws://{server}/"), stream).await.ok()?;
    Some(ws)
}

/// The first message that is not a ping (answered) within 5 s; `None` when the server
/// closed the connection first.
async fn first(ws: &mut Ws) -> Option<ServerMessage> {
    let until = Instant::now() + Duration::from_secs(5);
    while let Ok(Some(Ok(frame))) = tokio::time::timeout_at(until.into(), ws.next()).await {
        if let Message::Text(t) = frame {
            let message: ServerMessage = decode(t.as_str()).unwrap();
            if let ServerMessage::Ping { id } = message {
                let _ = ws.send(Message::text(encode(&ClientMessage::Pong { id }))).await;
                continue;
            }
            return Some(message);
        }
    }
    None
}

/// Says `role`'s hello from `from` and returns the server's first answer (`None`: the
/// connection was closed unserved).
async fn say_hello(server: SocketAddr, from: IpAddr, role: Role) -> Option<ServerMessage> {
    let mut ws = ws(server, from).await?;
    ws.send(hello(role)).await.ok()?;
    first(&mut ws).await
}

fn loopback(last: u8) -> IpAddr {
    [127, 0, 0, last].into()
}

/// A client that says hello and then floods the server with pings, never reading the
/// answers, until the server stops taking them: it holds the server's only connection slot
/// until the server closes it, which must be within 30 s (before the fix, the server waited
/// on its send for ever).
#[test]
fn a_client_that_never_reads_is_closed_within_30_s() {
    // One connection at most, so that a probe from outside sees when the slot is free; the
    // rate limit raised so that the flood is not closed for its rate first.
    let limits = Limits { max_connections: 1, messages_per_second: 1_000_000, burst: 1_000_000, ..Limits::default() };
    let server = start_server_with(limits, Arc::new(MemoryArchive::default()));
    let addr = server.addr;
    runtime().block_on(async {
        let stream = tcp(addr, loopback(1), true).await.unwrap();
        let (mut flood, _) = tokio_tungstenite::client_async(format!("ws://{addr}/"), stream).await.unwrap();
        flood.send(hello(host_role("Flood"))).await.unwrap();
        // Pings until a send stalls for a second (the server no longer reads: its own
        // sends are stuck); at most a million, at most 60 s.
        let began = Instant::now();
        let mut sent = 0u64;
        while sent < 1_000_000 && began.elapsed() < Duration::from_secs(60) {
            let ping = Message::text(encode(&ClientMessage::Ping { id: sent }));
            match tokio::time::timeout(Duration::from_secs(1), flood.send(ping)).await {
                Ok(Ok(())) => sent += 1,
                _ => break,
            }
        }
        let stalled = Instant::now();
        eprintln!("{sent} pings sent unread; the server stopped taking them after {:?}", stalled - began);
        // Probe once a second: the slot is free when a hello is answered.
        let mut freed = None;
        while stalled.elapsed() < Duration::from_secs(40) {
            tokio::time::sleep(Duration::from_secs(1)).await;
            if let Some(answer) = say_hello(addr, loopback(2), host_role("Probe")).await {
                assert!(matches!(answer, ServerMessage::Welcome { .. }), "{answer:?}");
                freed = Some(stalled.elapsed());
                break;
            }
        }
        let freed = freed.expect("the client that never reads still holds its slot after 40 s");
        eprintln!("closed {freed:?} after it stopped reading");
        assert!(freed <= Duration::from_secs(30), "closed only after {freed:?}");
        drop(flood);
    });
}

/// One address hosts games until its share is used up, and is refused past it with a reason
/// that says so; it cannot hold more connections than its share either, nor guess join
/// codes faster than its tries allow; meanwhile another address hosts and joins as ever.
#[test]
fn one_address_cannot_fill_the_server() {
    let limits = Limits::default();
    let server: TestServer = start_server_with(limits.clone(), Arc::new(MemoryArchive::default()));
    let addr = server.addr;
    let greedy = loopback(3);
    runtime().block_on(async {
        // Games hosted: each by a connection closed at once (the game stays, unfinished).
        let mut hosted = 0;
        let mut refusal = None;
        for _ in 0..limits.games_per_address + 50 {
            match say_hello(addr, greedy, host_role("Greedy")).await {
                Some(ServerMessage::Welcome { .. }) => hosted += 1,
                Some(ServerMessage::Refused { reason, .. }) => {
                    refusal = Some(reason);
                    break;
                }
                other => panic!("host: {other:?}"),
            }
        }
        assert_eq!(hosted, limits.games_per_address, "games hosted by one address");
        let refusal = refusal.expect("a refusal past the address's share");
        assert!(refusal.contains("as many as one address may host"), "{refusal}");

        // Connections: those past the address's share are closed at once, unserved.
        let mut held = Vec::new();
        for _ in 0..limits.connections_per_address + 20 {
            held.push(tcp(addr, greedy, false).await.unwrap());
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        use tokio::io::AsyncReadExt;
        let mut closed = 0;
        for s in &mut held {
            let mut buf = [0u8; 16];
            if let Ok(Ok(0) | Err(_)) = tokio::time::timeout(Duration::from_millis(50), s.read(&mut buf)).await {
                closed += 1;
            }
        }
        assert_eq!(closed, 20, "connections closed of {}", held.len());
        // Another address is served meanwhile: it hosts, and a third joins its game.
        let Some(ServerMessage::Welcome { code, .. }) = say_hello(addr, loopback(4), host_role("Ann")).await else {
            panic!("another address could not host");
        };
        drop(held);
        tokio::time::sleep(Duration::from_millis(300)).await;

        // Wrong join codes: at most the tries (a burst, then a few a second) are looked up.
        let began = Instant::now();
        let (mut looked_up, mut refused) = (0u32, 0u32);
        for n in 0..40u32 {
            let wrong = format!("{:0>10}", n);
            match say_hello(addr, greedy, Role::Join { name: "G".into(), code: wrong }).await {
                Some(ServerMessage::Refused { reason, .. }) if reason.contains("no game has the code") => {
                    looked_up += 1
                }
                Some(ServerMessage::Refused { reason, .. }) if reason.contains("too many wrong join codes") => {
                    refused += 1
                }
                other => panic!("a wrong code: {other:?}"),
            }
        }
        let most = limits.wrong_codes_burst
            + (began.elapsed().as_secs_f64() * f64::from(limits.wrong_codes_per_second)).ceil() as u32;
        assert!(looked_up <= most, "{looked_up} wrong codes looked up in {:?}", began.elapsed());
        assert!(refused >= 40 - most, "{refused} refused");
        // The right code from the other address is still looked up.
        let joined = say_hello(addr, loopback(5), Role::Join { name: "Bob".into(), code: code.clone() }).await;
        assert!(matches!(joined, Some(ServerMessage::Welcome { .. })), "{joined:?}");
    });
}

/// A game no player comes back to is let go and forgotten by the archive after
/// `expire_after`, including one resumed by a restarted server; a game with a player
/// connected stays.
#[test]
fn games_no_one_comes_back_to_expire_across_a_restart() {
    let archive = Arc::new(MemoryArchive::default());
    let limits = Limits { expire_after: Duration::from_secs(2), ..Limits::default() };
    let first = start_server_with(limits.clone(), Arc::clone(&archive));
    let left = runtime().block_on(async {
        match say_hello(first.addr, loopback(6), host_role("Gone")).await {
            Some(ServerMessage::Welcome { code, token: Some(token), .. }) => (code, token),
            other => panic!("host: {other:?}"),
        }
    });
    // Stopped at once: the game is kept unfinished, with nobody at it.
    drop(first);
    assert!(archive.get(&left.0).is_some());
    let second = start_server_with(limits, Arc::clone(&archive));
    let stays = common::host(second.addr, SideChoice::Lower);
    let (kept_code, _) = common::code_of(&stays);
    let began = Instant::now();
    while archive.get(&left.0).is_some() && began.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(archive.get(&left.0).is_none(), "the abandoned game is still kept after {:?}", began.elapsed());
    assert!(archive.get(&kept_code).is_some(), "the game with its host connected was let go");
    let resumed = runtime().block_on(say_hello(
        second.addr,
        loopback(6),
        Role::Resume { code: left.0.clone(), token: left.1.clone() },
    ));
    match resumed {
        Some(ServerMessage::Refused { reason, .. }) => assert!(reason.contains("no game has the code"), "{reason}"),
        other => panic!("resume of an expired game: {other:?}"),
    }
}

/// A name with control and invisible characters is kept without them (the game's saved
/// file must pass `omweso check`, which refuses them).
#[test]
fn a_name_is_kept_without_invisible_characters() {
    let archive = Arc::new(MemoryArchive::default());
    let server = start_server_with(Limits::default(), Arc::clone(&archive));
    let answer = runtime().block_on(say_hello(server.addr, loopback(7), host_role("A\u{202E}n\u{200B}n\u{7}")));
    let Some(ServerMessage::Welcome { code, .. }) = answer else { panic!("{answer:?}") };
    assert_eq!(archive.get(&code).unwrap().record.names, ["Ann".to_string(), String::new()]);
}

/// WebSocket ping frames, and continuation frames that are empty (tungstenite gathers
/// them and hands nothing on), count against a connection's rate like messages.
#[test]
fn websocket_pings_and_empty_continuation_frames_count_against_the_rate() {
    use tokio_tungstenite::tungstenite::protocol::frame::Frame;
    use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
    let server = start_server_with(Limits::default(), Arc::new(MemoryArchive::default()));
    let addr = server.addr;
    runtime().block_on(async {
        let floods: [(&str, FrameOf); 2] = [
            ("pings", Box::new(|_| Message::Ping(vec![7u8; 100].into()))),
            (
                "empty continuations",
                Box::new(|n| {
                    let opcode = if n == 0 { Data::Text } else { Data::Continue };
                    Message::Frame(Frame::message(Vec::<u8>::new(), OpCode::Data(opcode), false))
                }),
            ),
        ];
        for (what, frame) in floods {
            let mut ws = ws(addr, loopback(8)).await.unwrap();
            ws.send(hello(host_role("Frames"))).await.unwrap();
            for n in 0..500 {
                if ws.send(frame(n)).await.is_err() {
                    break;
                }
            }
            let mut said = None;
            let until = Instant::now() + Duration::from_secs(5);
            while let Ok(Some(Ok(m))) = tokio::time::timeout_at(until.into(), ws.next()).await {
                if let Message::Text(t) = m
                    && let Ok(ServerMessage::Error { message }) = decode::<ServerMessage>(t.as_str())
                {
                    said = Some(message);
                }
            }
            let said = said.unwrap_or_else(|| panic!("{what}: no error within 5 s"));
            assert!(said.contains("messages a second"), "{what}: {said}");
        }
    });
}
