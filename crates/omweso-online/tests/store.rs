//! The server's store (issue 48): a change is relayed only once the archive has kept it; a
//! change the archive cannot keep (a full disk, a read-only folder, no file descriptor:
//! here the memory archive told to fail, as a disk would) is refused with a message to both
//! players, nothing of it is relayed, the game stays as kept, no new game is hosted for a
//! while, and the game goes on once the archive keeps changes again.

mod common;

use common::*;
use omweso_online::protocol::{ClientMessage, Role, ServerMessage};
use omweso_online::{Connection, PROTOCOL_VERSION, SideChoice};
use omweso_rules::notation::parse_layout;
use omweso_rules::{GameState, RuleOptions, Side};
use std::time::Duration;

fn hello(role: Role) -> ClientMessage {
    ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "store test client".into(), role }
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

/// Every message until the server closes `conn` (at most 5 s).
async fn to_the_end(conn: &mut Connection) -> Vec<ServerMessage> {
    let mut heard = Vec::new();
    let waited = tokio::time::timeout(Duration::from_secs(5), async {
        while let Ok(m) = conn.recv().await {
            heard.push(m);
        }
    })
    .await;
    assert!(waited.is_ok(), "the server did not close the connection: {heard:?}");
    heard
}

async fn seated(addr: &str, role: Role) -> (Connection, String, String) {
    let mut conn = Connection::open(addr, None).await.unwrap();
    conn.send(&hello(role)).await.unwrap();
    match until(&mut conn, |m| matches!(m, ServerMessage::Welcome { .. } | ServerMessage::Refused { .. })).await {
        ServerMessage::Welcome { code, token, .. } => (conn, code, token.unwrap_or_default()),
        other => panic!("not seated: {other:?}"),
    }
}

fn relays(heard: &[ServerMessage], number: u32) -> bool {
    heard.iter().any(|m| matches!(m, ServerMessage::Moved { number: n, .. } if *n == number))
}

#[test]
fn a_move_that_cannot_be_kept_is_refused_to_both_and_never_relayed() {
    let server = start_server();
    let addr = server.addr.to_string();
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let role =
            Role::Host { name: "Ann".into(), rules: RuleOptions::default(), side: SideChoice::Upper, clock: None };
        let (mut host, code, host_token) = seated(&addr, role).await;
        let (mut guest, _, guest_token) = seated(&addr, Role::Join { name: "Ben".into(), code: code.clone() }).await;
        // Upper lays out first (RULES.md §2), then Lower; Lower moves first.
        until(&mut host, |m| matches!(m, ServerMessage::LayOut)).await;
        host.send(&ClientMessage::Layout { layout: "4I-P".into() }).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMessage::LayOut)).await;
        guest.send(&ClientMessage::Layout { layout: "4i-p".into() }).await.unwrap();
        let lower = parse_layout("4i-p", Side::Lower).unwrap();
        let upper = parse_layout("4I-P", Side::Upper).unwrap();
        let start = GameState::from_layouts(&lower, &upper, Side::Lower, RuleOptions::default());
        let first = start.legal_moves()[0].clone();
        guest.send(&ClientMessage::Move { number: 0, mv: first.to_string() }).await.unwrap();
        until(&mut host, |m| matches!(m, ServerMessage::Moved { number: 0, .. })).await;
        let (after, _) = start.play(&first).unwrap();
        let second = after.state.legal_moves()[0].to_string();

        // The disk fails: Upper's move is refused to both, and relayed to neither.
        server.archive.fail(Some("No space left on device (os error 28)"));
        host.send(&ClientMessage::Move { number: 1, mv: second.clone() }).await.unwrap();
        for heard in [to_the_end(&mut host).await, to_the_end(&mut guest).await] {
            assert!(!relays(&heard, 1), "a move not kept was relayed: {heard:?}");
            let said = heard.iter().find_map(|m| match m {
                ServerMessage::Error { message } => Some(message.clone()),
                _ => None,
            });
            let said = said.unwrap_or_default();
            assert!(said.contains("No space left") && said.contains("refused"), "{heard:?}");
        }
        assert_eq!(server.archive.get(&code).unwrap().record.moves, [first.to_string()]);
        // No new game is hosted meanwhile, and the refusal says why.
        let mut third = Connection::open(&addr, None).await.unwrap();
        let role = Role::Host { name: "Cy".into(), rules: RuleOptions::default(), side: SideChoice::Toss, clock: None };
        third.send(&hello(role)).await.unwrap();
        match until(&mut third, |m| matches!(m, ServerMessage::Refused { .. } | ServerMessage::Welcome { .. })).await {
            ServerMessage::Refused { reason, .. } => assert!(reason.contains("No space left"), "{reason}"),
            other => panic!("a game was hosted with the disk failing: {other:?}"),
        }

        // The disk mended, both come back to the game as kept, and Upper's move goes through.
        server.archive.fail(None);
        let (mut host, _, _) = seated(&addr, Role::Resume { code: code.clone(), token: host_token }).await;
        let (mut guest, _, _) = seated(&addr, Role::Resume { code: code.clone(), token: guest_token }).await;
        match until(&mut host, |m| matches!(m, ServerMessage::Game { .. })).await {
            ServerMessage::Game { record, .. } => assert_eq!(record.moves.len(), 1),
            _ => unreachable!(),
        }
        host.send(&ClientMessage::Move { number: 1, mv: second.clone() }).await.unwrap();
        until(&mut guest, |m| matches!(m, ServerMessage::Moved { number: 1, .. })).await;
    });
    assert_eq!(server.archive.get(&server_code(&server)).unwrap().record.moves.len(), 2);
}

/// The one game the archive holds.
fn server_code(server: &TestServer) -> String {
    use omweso_online::Archive;
    let games = server.archive.load().unwrap();
    assert_eq!(games.len(), 1);
    games[0].record.code.clone()
}
