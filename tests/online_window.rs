//! Online play in the window's model (issue 36): two window sessions (no window drawn)
//! against a server started in the test on 127.0.0.1, each driven as the window drives it
//! once a frame (`drive_online`, then the commands applied). A whole game, a take-back
//! refused and one accepted, a resignation, the other side leaving and coming back (its
//! window closed and opened again from the autosave), and an illegal move from a hostile
//! peer that leaves the game untouched. Every wait is bounded.

use omweso::app::effects::Headless;
use omweso::app::model::autosave::{self, Start};
use omweso::app::model::command::Command;
use omweso::app::model::online::{OnlineCommand, OnlineForm, OnlineTab};
use omweso::app::model::session::Session;
use omweso::app::model::settings::Settings;
use omweso::app::model::setup_board::Preset;
use omweso::app::services::store::Memory;
use omweso_online::{ClientMessage, Connection, MemoryArchive, PROTOCOL_VERSION, Role, Server, ServerConfig};
use omweso_online::{ServerMessage, SideChoice};
use omweso_rules::Side;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server on a runtime of its own (dropped with the test).
struct TestServer {
    addr: SocketAddr,
    archive: Arc<MemoryArchive>,
    runtime: tokio::runtime::Runtime,
}

fn start_server() -> TestServer {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let archive = Arc::new(MemoryArchive::default());
    let server = runtime
        .block_on(Server::bind(
            "127.0.0.1:0",
            ServerConfig::default(),
            Arc::clone(&archive) as Arc<dyn omweso_online::Archive>,
        ))
        .unwrap();
    let addr = server.local_addr().unwrap();
    runtime.spawn(server.run());
    TestServer { addr, archive, runtime }
}

/// A window's session with nothing open over the board and no animation.
fn window() -> Headless {
    let mut s = Session::new(Settings { animate: false, ..Settings::default() });
    s.apply(Command::CloseModal(omweso::app::model::command::ModalKind::NewGame));
    s.apply(Command::CancelModal);
    assert!(s.modals().top().is_none(), "{:?}", s.modals());
    Headless::new(s)
}

fn form(tab: OnlineTab, server: SocketAddr, name: &str, code: &str) -> Box<OnlineForm> {
    Box::new(OnlineForm {
        tab,
        server: server.to_string(),
        name: name.into(),
        code: code.into(),
        side: SideChoice::Lower,
        ..OnlineForm::default()
    })
}

/// One frame of a window: the network's events, then the player's part (a layout with
/// fours, the `k`-th legal move), as commands applied after.
/// `play`: none, or the moves up to which the player moves.
fn frame(s: &mut Headless, play: Option<usize>, seed: &mut u64) {
    s.frame_online();
    for c in s.tick(0.0) {
        s.apply(c);
    }
    let Some(upto) = play else { return };
    let plays_laying = s
        .setup()
        .is_some_and(|setup| s.online().is_some_and(|o| o.plays(setup.laying)) && !setup.done[setup.laying.index()]);
    if plays_laying {
        s.apply(Command::SetupPreset(Preset::BackRowFours));
        s.apply(Command::SetupDone);
    }
    if s.human_to_move() && moves(s) < upto {
        let state = s.game().unwrap().current().clone();
        let moves = state.legal_moves();
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let mv = &moves[(*seed >> 33) as usize % moves.len()];
        s.apply(Command::PlayHole { hole: mv.start(), split: mv.is_split() });
        for choice in mv.choices() {
            s.apply(Command::Choose(choice.direction));
        }
    }
}

/// Frames of both windows until `done` says so (at most 60 s).
fn run(a: &mut Headless, b: &mut Headless, play: Option<usize>, done: impl Fn(&Headless, &Headless) -> bool) {
    let until = Instant::now() + Duration::from_secs(60);
    let (mut sa, mut sb) = (1u64, 2u64);
    while !done(a, b) {
        assert!(Instant::now() < until, "not done within 60 s: {:?} / {:?}", a.online(), b.online());
        frame(a, play, &mut sa);
        frame(b, play, &mut sb);
        std::thread::sleep(Duration::from_millis(3));
    }
}

fn moves(s: &Headless) -> usize {
    s.game().map_or(0, |g| g.cursor())
}

/// The host (Lower) and the guest, both at the game's start.
fn two_windows(server: &TestServer) -> (Headless, Headless) {
    two_windows_timed(server, false)
}

/// The host (Lower) and the guest, both at the game's start; with the server's clock
/// (tournament play) when `timed`.
fn two_windows_timed(server: &TestServer, timed: bool) -> (Headless, Headless) {
    let mut host = window();
    let mut host_form = form(OnlineTab::Host, server.addr, "Ann", "");
    host_form.timed = timed;
    host.apply(Command::Online(OnlineCommand::Connect(host_form)));
    let mut guest = window();
    run(&mut host, &mut guest, None, |h, _| h.online().is_some_and(|o| o.code.is_some()));
    let code = host.online().unwrap().code.clone().unwrap();
    guest.apply(Command::Online(OnlineCommand::Connect(form(OnlineTab::Join, server.addr, "Ben", &code))));
    run(&mut host, &mut guest, Some(0), |h, g| h.game().is_some() && g.game().is_some());
    assert_eq!(host.online().unwrap().seat(), Some(Side::Lower));
    assert_eq!(guest.online().unwrap().seat(), Some(Side::Upper));
    assert_eq!(host.names(), &["Ann".to_string(), "Ben".to_string()]);
    assert_eq!(guest.names(), host.names());
    (host, guest)
}

/// Plays until both windows have `n` moves.
fn play_to(host: &mut Headless, guest: &mut Headless, n: usize) {
    run(host, guest, Some(n), |h, g| moves(h) >= n && moves(g) >= n);
    assert_eq!((moves(host), moves(guest)), (n, n));
}

#[test]
fn two_windows_play_a_whole_game_and_both_keep_the_same_record() {
    let server = start_server();
    let (mut host, mut guest) = two_windows(&server);
    run(&mut host, &mut guest, Some(usize::MAX), |h, g| {
        h.online().unwrap().end.is_some() && g.online().unwrap().end.is_some()
    });
    let (h, g) = (host.game().unwrap(), guest.game().unwrap());
    assert!(h.result().is_some(), "the window's own rules ended the game");
    assert_eq!(h.result(), g.result());
    assert_eq!(h.record_text(), g.record_text());
    let code = host.online().unwrap().code.clone().unwrap();
    let kept = server.archive.get(&code).unwrap();
    assert_eq!(kept.record.moves.len(), h.cursor());
    // Saved like any other game: the autosave's game replays to the same end.
    let saved = host.to_keep();
    assert_eq!(saved.summary(), guest.to_keep().summary());
}

/// Each player sees their own half at the bottom, whichever side they play (the guest, as
/// Upper, saw the host's half there before); Flip turns one window only, and leaves the
/// settings' turn for games at one computer alone.
#[test]
fn each_window_shows_its_own_seat_at_the_bottom() {
    let server = start_server();
    let (host, mut guest) = two_windows(&server);
    assert_eq!((host.bottom_side(), guest.bottom_side()), (Side::Lower, Side::Upper));
    let turn = guest.settings().board_turn;
    guest.apply(Command::Flip);
    assert_eq!((host.bottom_side(), guest.bottom_side()), (Side::Lower, Side::Lower));
    assert_eq!(guest.settings().board_turn, turn, "the settings' turn is not the online seat's");
    guest.apply(Command::Flip);
    assert_eq!(guest.bottom_side(), Side::Upper);
}

/// While a window's offer of a take-back waits, its board takes no move (a trial offered in
/// the middle of a move, the offer was accepted for the move before, and the move then
/// made was refused by the server: the game was lost to that player); before any move
/// there is nothing to offer.
#[test]
fn no_move_is_made_while_an_offer_waits() {
    let server = start_server();
    let (mut host, mut guest) = two_windows(&server);
    assert!(!host.may_offer_take_back(), "no move to take back yet");
    play_to(&mut host, &mut guest, 2);
    assert!(host.human_to_move() && host.may_offer_take_back());
    host.apply(Command::Online(OnlineCommand::OfferTakeBack));
    assert!(!host.human_to_move(), "the board waits for the answer");
    assert!(!host.may_offer_take_back(), "one offer at a time");
    run(&mut host, &mut guest, None, |_, g| g.online().unwrap().offer_to_answer() == Some(Side::Lower));
    guest.apply(Command::Online(OnlineCommand::AnswerTakeBack(false)));
    run(&mut host, &mut guest, None, |h, _| h.online().unwrap().offer.is_none());
    assert!(host.human_to_move(), "refused: the host moves on");
}

#[test]
fn a_take_back_offered_is_refused_then_accepted() {
    let server = start_server();
    let (mut host, mut guest) = two_windows(&server);
    play_to(&mut host, &mut guest, 2);
    assert!(!host.can_undo(), "online, a move is never taken back alone");
    host.apply(Command::Online(OnlineCommand::OfferTakeBack));
    run(&mut host, &mut guest, None, |_, g| g.online().unwrap().offer_to_answer() == Some(Side::Lower));
    guest.apply(Command::Online(OnlineCommand::AnswerTakeBack(false)));
    run(&mut host, &mut guest, None, |h, _| h.online().unwrap().offer.is_none());
    assert!(host.online().unwrap().news.as_deref().unwrap_or_default().contains("refused"));
    assert_eq!((moves(&host), moves(&guest)), (2, 2));
    host.apply(Command::Online(OnlineCommand::OfferTakeBack));
    run(&mut host, &mut guest, None, |_, g| g.online().unwrap().offer_to_answer().is_some());
    guest.apply(Command::Online(OnlineCommand::AnswerTakeBack(true)));
    // Lower's move and Upper's reply are taken back: Lower moves again.
    run(&mut host, &mut guest, None, |h, g| moves(h) == 0 && moves(g) == 0);
    assert!(host.human_to_move() && !guest.human_to_move());
    play_to(&mut host, &mut guest, 3);
    assert_eq!(host.game().unwrap().record_text(), guest.game().unwrap().record_text());
}

#[test]
fn tournament_play_online_has_the_servers_clock_and_no_take_backs_or_hints() {
    let server = start_server();
    let (mut host, mut guest) = two_windows_timed(&server, true);
    play_to(&mut host, &mut guest, 2);
    for s in [&host, &guest] {
        let o = s.online().unwrap();
        assert!(o.times().is_some(), "the server's clock is shown");
        assert!(!o.may_offer(), "no take-back in tournament play");
        assert!(s.tournament_on(), "no hint, coach or analysis either");
    }
    host.apply(Command::Online(OnlineCommand::OfferTakeBack));
    host.apply(Command::Hint);
    run(&mut host, &mut guest, None, |_, _| true);
    assert!(host.online().unwrap().failed().is_none(), "nothing was sent that the server refuses");
    assert!(host.play().unwrap().hint().is_none());
}

#[test]
fn a_spectators_window_follows_the_game_and_touches_nothing() {
    let server = start_server();
    let (mut host, mut guest) = two_windows(&server);
    let code = host.online().unwrap().code.clone().unwrap();
    let mut watcher = window();
    watcher.apply(Command::Online(OnlineCommand::Connect(form(OnlineTab::Watch, server.addr, "", &code))));
    play_to(&mut host, &mut guest, 3);
    let until = Instant::now() + Duration::from_secs(20);
    while moves(&watcher) < 3 {
        assert!(Instant::now() < until, "the spectator saw {} moves: {:?}", moves(&watcher), watcher.online());
        frame(&mut watcher, Some(usize::MAX), &mut 5);
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(watcher.online().unwrap().watching());
    assert!(!watcher.human_to_move(), "a spectator moves for neither side");
    assert_eq!(watcher.game().unwrap().record_text(), host.game().unwrap().record_text());
    assert_eq!(watcher.names(), host.names());
}

#[test]
fn a_resignation_ends_the_game_in_both_windows() {
    let server = start_server();
    let (mut host, mut guest) = two_windows(&server);
    play_to(&mut host, &mut guest, 1);
    guest.apply(Command::AskResign(Side::Upper));
    guest.apply(Command::ConfirmModal);
    run(&mut host, &mut guest, None, |h, g| {
        h.game().unwrap().result().is_some() && g.game().unwrap().result().is_some()
    });
    assert_eq!(host.game().unwrap().resigned(), Some(Side::Upper));
    assert_eq!(guest.game().unwrap().resigned(), Some(Side::Upper));
    assert_eq!(host.shown_result().and_then(|r| r.winner()), Some(Side::Lower));
    // Issue 51: said in a sentence with the names, not as `lower wins: resignation`.
    let end = host.online().unwrap().end.expect("the end heard");
    let said = host.end_sentence(end);
    let (winner, loser) = (host.player_label(Side::Lower), host.player_label(Side::Upper));
    assert_eq!(said, format!("Game over: {winner} wins, {loser} resigned"));
}

#[test]
fn the_other_side_leaves_and_comes_back_from_the_autosave() {
    let server = start_server();
    let (mut host, mut guest) = two_windows(&server);
    play_to(&mut host, &mut guest, 2);
    // The guest's window closes: what it keeps between runs holds its seat.
    let mut kept = Memory::default();
    autosave::store(&mut kept, &guest, &mut None);
    drop(guest);
    let mut nobody = window();
    run(&mut host, &mut nobody, None, |h, _| !h.online().unwrap().present(Side::Upper));
    let news = host.online().unwrap().news.clone().unwrap_or_default();
    assert!(news.contains("left") && news.contains("resume"), "{news}");
    // Lower moves while Upper is away; the server keeps the move for Upper.
    run(&mut host, &mut nobody, Some(3), |h, _| moves(h) == 3);
    // Opened again, the window takes its seat back, hears the move it missed, and the
    // game goes on.
    let mut guest = Headless::new(autosave::restore(Some(&kept), Start::Fresh, vec![]).0);
    assert_eq!(moves(&guest), 2);
    run(&mut host, &mut guest, None, |h, g| h.online().unwrap().present(Side::Upper) && moves(g) == 3);
    assert_eq!(guest.online().unwrap().seat(), Some(Side::Upper));
    play_to(&mut host, &mut guest, 5);
    assert_eq!(host.game().unwrap().record_text(), guest.game().unwrap().record_text());
}

#[test]
fn an_illegal_move_from_a_hostile_peer_leaves_the_game_untouched() {
    let server = start_server();
    let mut host = window();
    let mut host_form = form(OnlineTab::Host, server.addr, "Ann", "");
    host_form.side = SideChoice::Upper;
    host.apply(Command::Online(OnlineCommand::Connect(host_form)));
    let mut nobody = window();
    run(&mut host, &mut nobody, None, |h, _| h.online().is_some_and(|o| o.code.is_some()));
    let code = host.online().unwrap().code.clone().unwrap();
    // The host (Upper) lays out first.
    run(&mut host, &mut nobody, Some(0), |h, _| {
        h.online().unwrap().layout == omweso::app::model::online::LayoutAsk::Sent
    });
    let said = server.runtime.block_on(async {
        let mut peer = Connection::open(&server.addr.to_string(), None).await.unwrap();
        let role = Role::Join { name: "Mallory".into(), code: code.clone() };
        peer.send(&ClientMessage::Hello { protocol: PROTOCOL_VERSION, program: "hostile".into(), role }).await.unwrap();
        let mut said = String::new();
        loop {
            match tokio::time::timeout(Duration::from_secs(10), peer.recv()).await {
                Ok(Ok(ServerMessage::LayOut)) => {
                    peer.send(&ClientMessage::Layout { layout: "4i-p".into() }).await.unwrap();
                    // Lower's move `b` is not a move (hole b is empty), and move 5 not next.
                    peer.send(&ClientMessage::Move { number: 0, mv: "b".into() }).await.unwrap();
                }
                Ok(Ok(ServerMessage::Error { message })) => said = message,
                Ok(Ok(_)) => {}
                Ok(Err(_)) | Err(_) => break said,
            }
        }
    });
    assert!(said.contains("move `b`"), "{said}");
    run(&mut host, &mut nobody, None, |h, _| h.game().is_some() && !h.online().unwrap().present(Side::Lower));
    assert_eq!(moves(&host), 0, "the host's game is untouched");
    assert!(host.online().unwrap().failed().is_none(), "and its connection stands");
    assert!(server.archive.get(&code).unwrap().record.moves.is_empty());
}
