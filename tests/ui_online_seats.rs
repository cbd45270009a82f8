//! Issue 48 in the drawn window: leaving an online game that is on asks "Leave the game?"
//! and says where to come back, and Game → Online games lists the seat with its Resume,
//! which takes it again. A window hosting through a server started in the test on
//! 127.0.0.1; every wait is bounded.

mod window;
use omweso::app::model::online::{OnlineCommand, OnlineForm, OnlineTab};
use omweso_online::{MemoryArchive, Server, ServerConfig, SideChoice};
use std::sync::Arc;
use std::time::{Duration, Instant};
use window::*;

/// Frames until `done` (at most 20 s), the window's network read each frame.
fn until(h: &mut Harness<'_, App>, done: impl Fn(&App) -> bool) {
    let limit = Instant::now() + Duration::from_secs(20);
    while !done(h.state()) {
        assert!(Instant::now() < limit, "not done within 20 s: {:?}", h.state().session().online());
        h.step();
        std::thread::sleep(Duration::from_millis(5));
    }
    h.run_steps(8);
}

#[test]
fn leaving_asks_and_online_games_takes_the_seat_back() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().unwrap();
    let archive = Arc::new(MemoryArchive::default());
    let server = runtime
        .block_on(Server::bind("127.0.0.1:0", ServerConfig::default(), archive as Arc<dyn omweso_online::Archive>))
        .unwrap();
    let addr = server.local_addr().unwrap();
    runtime.spawn(server.run());
    let mut h = harness(App::new(Session::new(settings())));
    let form = OnlineForm {
        tab: OnlineTab::Host,
        server: addr.to_string(),
        name: "Ann".into(),
        side: SideChoice::Lower,
        ..OnlineForm::default()
    };
    h.state_mut().push(Command::Online(OnlineCommand::Connect(Box::new(form))));
    until(&mut h, |a| a.session().online().is_some_and(|o| o.code.is_some()));
    let code = h.state().session().online().unwrap().code.clone().unwrap();
    assert!(h.query_by_label("New game").is_none(), "connecting closed the New game dialog");
    h.get_by_label_contains("You play Lower. Give your friend the code");
    // Game → Leave online play… asks, and says where the game can be taken up again.
    h.state_mut().push(Command::Online(OnlineCommand::Leave));
    h.run_steps(8);
    h.get_by_label("Leave the game?");
    h.get_by_label("The server keeps the game: you can come back to it from the Game menu, Online games.");
    h.get_by_label("Resign instead");
    h.get_by_label("Stay in the game").click();
    h.run_steps(8);
    assert!(h.state().session().online().is_some(), "Stay keeps the game");
    h.state_mut().push(Command::Online(OnlineCommand::Leave));
    h.run_steps(8);
    h.get_by_label("Leave the game").click();
    h.run_steps(8);
    assert!(h.state().session().online().is_none(), "left");
    // Game → Online games: the seat, to resume.
    h.state_mut().push(Command::Online(OnlineCommand::ShowGames));
    h.run_steps(8);
    h.get_by_label_contains(&format!("Game {code} on {addr}: you play Lower"));
    h.get_by_label(&format!("Resume {code}")).click();
    h.run_steps(8);
    until(&mut h, |a| a.session().online().is_some_and(|o| o.linked()));
    assert_eq!(h.state().session().online().unwrap().code.as_deref(), Some(code.as_str()));
    h.get_by_label("Back at the game.");
    runtime.shutdown_background();
}
