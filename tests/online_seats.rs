//! Issue 48: no path of the window drops an unfinished online game's seat. Two window
//! sessions (no window drawn) against a server started in the test on 127.0.0.1, driven as
//! the window drives them once a frame; during an online game the guest tries New game,
//! Start in a New game dialog left open from before, a lesson, Game → Leave online play and
//! Quit; each time the seat's token is still in what the window keeps between runs, and the
//! seat is taken back and the game goes on. Every wait is bounded.

use omweso::app::effects::Headless;
use omweso::app::model::autosave::{self, Start};
use omweso::app::model::command::{Command, ModalKind};
use omweso::app::model::modal::Modal;
use omweso::app::model::online::{OnlineCommand, OnlineForm, OnlinePlace, OnlineTab};
use omweso::app::model::session::{Effect, Session};
use omweso::app::model::settings::Settings;
use omweso::app::model::setup_board::Preset;
use omweso::app::services::store::Memory;
use omweso_online::{MemoryArchive, Server, ServerConfig, SideChoice};
use omweso_rules::Side;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A server on a runtime of its own (dropped with the test).
struct TestServer {
    addr: SocketAddr,
    _runtime: tokio::runtime::Runtime,
}

fn start_server() -> TestServer {
    start_server_at("127.0.0.1:0", Arc::new(MemoryArchive::default()))
}

/// A server at `addr` keeping its games in `archive` (a restart: the same of both).
fn start_server_at(addr: &str, archive: Arc<MemoryArchive>) -> TestServer {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let server = runtime
        .block_on(Server::bind(addr, ServerConfig::default(), archive as Arc<dyn omweso_online::Archive>))
        .unwrap();
    let addr = server.local_addr().unwrap();
    runtime.spawn(server.run());
    TestServer { addr, _runtime: runtime }
}

/// A window's session with nothing open over the board and no animation.
fn window() -> Headless {
    let mut s = Session::new(Settings { animate: false, ..Settings::default() });
    s.apply(Command::CloseModal(ModalKind::NewGame));
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
/// fours, the first legal move while fewer than `upto` moves are played).
fn frame(s: &mut Headless, upto: Option<usize>) {
    s.frame_online();
    for c in s.tick(0.0) {
        s.apply(c);
    }
    let Some(upto) = upto else { return };
    let laying = s
        .setup()
        .is_some_and(|setup| s.online().is_some_and(|o| o.plays(setup.laying)) && !setup.done[setup.laying.index()]);
    if laying {
        s.apply(Command::SetupPreset(Preset::BackRowFours));
        s.apply(Command::SetupDone);
    }
    if s.human_to_move() && moves(s) < upto {
        let mv = s.game().unwrap().current().legal_moves()[0].clone();
        s.apply(Command::PlayHole { hole: mv.start(), split: mv.is_split() });
        for choice in mv.choices() {
            s.apply(Command::Choose(choice.direction));
        }
    }
}

/// Frames of both windows until `done` says so (at most 60 s).
fn run(a: &mut Headless, b: &mut Headless, upto: Option<usize>, done: impl Fn(&Headless, &Headless) -> bool) {
    let until = Instant::now() + Duration::from_secs(60);
    while !done(a, b) {
        assert!(Instant::now() < until, "not done within 60 s: {:?} / {:?}", a.online(), b.online());
        frame(a, upto);
        frame(b, upto);
        std::thread::sleep(Duration::from_millis(3));
    }
}

fn moves(s: &Headless) -> usize {
    s.game().map_or(0, |g| g.cursor())
}

/// The host (Lower, Ann) and the guest (Ben, from `guest`), two moves into the game; the
/// game's code.
fn two_moves_in(server: &TestServer, mut guest: Headless) -> (Headless, Headless, String) {
    let mut host = window();
    host.apply(Command::Online(OnlineCommand::Connect(form(OnlineTab::Host, server.addr, "Ann", ""))));
    run(&mut host, &mut guest, None, |h, _| h.online().is_some_and(|o| o.code.is_some()));
    let code = host.online().unwrap().code.clone().unwrap();
    guest.apply(Command::Online(OnlineCommand::Connect(form(OnlineTab::Join, server.addr, "Ben", &code))));
    run(&mut host, &mut guest, Some(2), |h, g| moves(h) == 2 && moves(g) == 2);
    assert_eq!(guest.online().unwrap().seat(), Some(Side::Upper));
    (host, guest, code)
}

/// The seats the window keeps between runs (Game → Online games), as stored.
fn kept_seats(s: &Headless) -> (Memory, Vec<OnlinePlace>) {
    let mut kept = Memory::default();
    autosave::store(&mut kept, s, &mut None);
    let seats = kept.0.get("omweso.settings.online_games").and_then(|t| ron::from_str(t).ok()).unwrap_or_default();
    (kept, seats)
}

/// The guest left its game by `leave`: the token is kept; the host, alone, moves; the
/// guest's window (`back`, from what was kept) takes the seat again, hears the move it
/// missed, and the game goes on to the same record in both windows.
fn comes_back(
    mut host: Headless,
    guest: Headless,
    code: &str,
    back: impl FnOnce(Headless, &Memory) -> Headless,
) -> (Headless, Headless) {
    let (kept, seats) = kept_seats(&guest);
    let place = seats.iter().find(|p| p.code == code && p.token.is_some()).cloned();
    let place = place.unwrap_or_else(|| panic!("the seat's token is kept: {seats:?}"));
    let mut guest = back(guest, &kept);
    let mut nobody = window();
    run(&mut host, &mut nobody, Some(3), |h, _| !h.online().unwrap().present(Side::Upper) && moves(h) == 3);
    // Game → Online games lists it; its Resume takes the seat again.
    guest.apply(Command::Online(OnlineCommand::ShowGames));
    assert!(matches!(guest.modals().top(), Some(Modal::OnlineGames)));
    assert!(guest.online_games().iter().any(|p| p.same_game(&place)), "listed: {:?}", guest.online_games());
    guest.apply(Command::Online(OnlineCommand::Resume(Box::new(place))));
    assert!(guest.modals().top().is_none(), "the list closes: {:?}", guest.modals());
    run(&mut host, &mut guest, None, |h, g| h.online().unwrap().present(Side::Upper) && moves(g) == 3);
    assert_eq!(guest.online().unwrap().seat(), Some(Side::Upper), "the seat is the guest's again");
    run(&mut host, &mut guest, Some(5), |h, g| moves(h) == 5 && moves(g) == 5);
    assert_eq!(host.game().unwrap().record_text(), guest.game().unwrap().record_text());
    (host, guest)
}

/// The leave question was asked (the guest is still at its game), and is answered Leave.
fn asked_then_leave(guest: &mut Headless) {
    assert!(guest.online().is_some_and(|o| o.code.is_some()), "asked first: the guest is still at its game");
    assert!(!guest.modals().iter().any(|m| matches!(m, Modal::Unsaved(_))), "no 'not been saved': the server keeps it");
    guest.apply(Command::ConfirmModal);
}

#[test]
fn new_game_during_an_online_game_keeps_the_seat() {
    let server = start_server();
    let (host, mut guest, code) = two_moves_in(&server, window());
    guest.apply(Command::OpenNewGame);
    // A trial went on through "not been saved" with Discard: the server keeps the game.
    if guest.modals().iter().any(|m| matches!(m, Modal::Unsaved(_))) {
        guest.apply(Command::Discard);
    }
    let form = guest.modals().new_game().expect("the New game dialog").clone();
    guest.apply(Command::StartGame(Box::new(form)));
    asked_then_leave(&mut guest);
    assert!(guest.online().is_none() && guest.game().is_none(), "then a game at this computer starts");
    comes_back(host, guest, &code, |g, _| g);
}

/// On a first start, closing Learn Omweso left a New game dialog open behind Play online…;
/// its Start made the window a game at one computer with no question, and the seat was
/// lost. Connecting closes it now, and a Start from it asks.
#[test]
fn a_new_game_dialog_left_open_is_closed_by_connecting_and_its_start_asks() {
    let server = start_server();
    let mut first_start = Session::new(Settings { animate: false, ..Settings::default() });
    let leftover = first_start.modals().new_game().expect("a first start opens New game").clone();
    let (host, mut guest, code) = {
        let (h, g, c) = two_moves_in(&server, {
            first_start.apply(Command::Online(OnlineCommand::Open));
            Headless::new(first_start)
        });
        (h, g, c)
    };
    assert!(guest.modals().new_game().is_none(), "connecting closed the New game dialog left open");
    guest.apply(Command::StartGame(Box::new(leftover)));
    asked_then_leave(&mut guest);
    comes_back(host, guest, &code, |g, _| g);
}

#[test]
fn a_lesson_during_an_online_game_keeps_the_seat() {
    let server = start_server();
    let (host, mut guest, code) = two_moves_in(&server, window());
    guest.apply(Command::StartLesson(0));
    asked_then_leave(&mut guest);
    assert!(guest.lesson().is_some(), "then the lesson starts");
    comes_back(host, guest, &code, |g, _| g);
}

#[test]
fn leave_online_play_asks_and_keeps_the_seat() {
    let server = start_server();
    let (host, mut guest, code) = two_moves_in(&server, window());
    guest.apply(Command::Online(OnlineCommand::Leave));
    asked_then_leave(&mut guest);
    assert!(guest.online().is_none(), "left");
    comes_back(host, guest, &code, |g, _| g);
}

#[test]
fn quit_during_an_online_game_asks_without_not_saved_and_the_next_start_takes_the_seat() {
    let server = start_server();
    let (host, mut guest, code) = two_moves_in(&server, window());
    assert!(!guest.close_requested(), "closing asks first");
    asked_then_leave(&mut guest);
    assert!(guest.take_effects().contains(&Effect::Close), "then the window closes");
    assert!(guest.close_requested(), "and is not asked again");
    // Opened again from what it kept.
    comes_back(host, guest, &code, |g, kept| {
        drop(g);
        Headless::new(autosave::restore(Some(kept), Start::Fresh, vec![]).0)
    });
}

/// Issue 48.3: the host is told which side the coin toss gave; a guest with no name is
/// named after its side (never a blank), and counts as joined; the other side's offer of a
/// take-back is said once.
#[test]
fn the_coin_toss_is_told_an_empty_name_is_the_sides_and_an_offer_is_said_once() {
    let server = start_server();
    let mut host = window();
    let mut toss = form(OnlineTab::Host, server.addr, "Ann", "");
    toss.side = SideChoice::Toss;
    host.apply(Command::Online(OnlineCommand::Connect(toss)));
    let mut guest = window();
    run(&mut host, &mut guest, None, |h, _| h.online().is_some_and(|o| o.code.is_some()));
    let o = host.online().unwrap();
    let side = o.seat().unwrap();
    let news = o.news.clone().unwrap_or_default();
    assert!(news.contains(&format!("The coin toss gave you {side}")), "{news}");
    let code = o.code.clone().unwrap();
    guest.apply(Command::Online(OnlineCommand::Connect(form(OnlineTab::Join, server.addr, "", &code))));
    run(&mut host, &mut guest, Some(2), |h, g| moves(h) == 2 && moves(g) == 2);
    let other = side.opponent();
    assert_eq!(host.names()[other.index()], other.to_string(), "the side's own name, not a blank");
    assert!(!host.names().iter().any(|n| n.trim().is_empty()));
    let said = host.online().unwrap().other_state(host.names());
    assert_eq!(said, format!("{other} is connected"));
    // The player who moved last offers; the other hears it once (in the panel's question).
    let (offerer, answerer) = if side == Side::Upper { (&mut host, &mut guest) } else { (&mut guest, &mut host) };
    offerer.apply(Command::Online(OnlineCommand::OfferTakeBack));
    run(offerer, answerer, None, |_, a| a.online().unwrap().offer_to_answer().is_some());
    let news = answerer.online().unwrap().news.clone().unwrap_or_default();
    assert!(!news.contains("offers to take back"), "said by the panel's question only: {news}");
}

/// A wrong code is refused once (a notice), not three times (a notice, the news line and
/// the connection line).
#[test]
fn a_wrong_code_is_refused_once() {
    let server = start_server();
    let mut guest = window();
    guest.apply(Command::Online(OnlineCommand::Connect(form(OnlineTab::Join, server.addr, "Ben", "0000000000"))));
    let mut nobody = window();
    run(&mut guest, &mut nobody, None, |g, _| g.online().unwrap().failed().is_some());
    let notices: Vec<_> = guest.modals().iter().filter(|m| matches!(m, Modal::Problem(_))).collect();
    assert_eq!(notices.len(), 1, "{notices:?}");
    let o = guest.online().unwrap();
    assert_eq!(o.news, None);
    assert_eq!(o.link_state(), format!("Not connected to {}", server.addr));
}

/// Rematch after an online game hosts a new game with the same rules on the same server
/// (the Play online dialog, ready), never a game at this computer; a finished game leaves
/// the list of unfinished ones.
#[test]
fn rematch_online_offers_to_host_the_same_rules_and_the_finished_game_leaves_the_list() {
    let server = start_server();
    let (mut host, mut guest, code) = two_moves_in(&server, window());
    assert!(kept_seats(&guest).1.iter().any(|p| p.code == code), "in the list while on");
    guest.apply(Command::AskResign(Side::Upper));
    guest.apply(Command::ConfirmModal);
    run(&mut host, &mut guest, None, |h, g| h.online().unwrap().end.is_some() && g.online().unwrap().end.is_some());
    assert!(!kept_seats(&guest).1.iter().any(|p| p.code == code), "out of the list once over");
    assert!(!kept_seats(&host).1.iter().any(|p| p.code == code));
    let record = host.game().unwrap().record_text();
    host.apply(Command::Rematch);
    let Some(Modal::Online(f)) = host.modals().top() else { panic!("the Play online dialog: {:?}", host.modals()) };
    assert_eq!(f.0.tab, OnlineTab::Host);
    assert_eq!(f.0.server, server.addr.to_string());
    assert_eq!(f.0.rules, *host.game().unwrap().options());
    assert_eq!(host.game().unwrap().record_text(), record, "no game at this computer started");
}

/// While the server is down the panel says so in words (no raw WebSocket error, neither
/// "Your move" nor "Ben is connected"), and a move made meanwhile is marked not sent yet
/// until the server, back, has it.
#[test]
fn while_the_server_is_down_a_move_is_marked_not_sent_and_goes_when_it_is_back() {
    let archive = Arc::new(MemoryArchive::default());
    let first = start_server_at("127.0.0.1:0", Arc::clone(&archive));
    let addr = first.addr;
    let (mut host, mut guest, _) = two_moves_in(&first, window());
    drop(first);
    run(&mut host, &mut guest, None, |h, g| h.online().unwrap().reconnecting() && g.online().unwrap().reconnecting());
    let o = host.online().unwrap();
    let said = [o.other_state(host.names()), o.link_state(), o.news.clone().unwrap_or_default()].join(" / ");
    assert!(!said.contains("is connected") && !said.contains("WebSocket") && !said.contains("os error"), "{said}");
    assert!(said.contains("Reconnecting"), "{said}");
    assert!(!host.unsent_move());
    frame(&mut host, Some(3));
    assert_eq!(moves(&host), 3, "the host may move meanwhile");
    assert!(host.unsent_move(), "marked not sent yet");
    std::thread::sleep(Duration::from_millis(300));
    let _second = start_server_at(&addr.to_string(), archive);
    run(&mut host, &mut guest, None, |h, g| moves(g) == 3 && !h.unsent_move());
    assert_eq!(host.game().unwrap().record_text(), guest.game().unwrap().record_text());
}
