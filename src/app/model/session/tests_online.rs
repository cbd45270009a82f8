//! Online play in the model, without a network: the connection's events given as commands.

use super::*;
use crate::app::model::command::Command as C;
use crate::app::model::online::{Chair, Online, OnlineCommand};
use omweso_online::{Event, Role};

const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";

/// A board in play, this window seated as `seat` of an online game.
fn seated(seat: Side) -> Session {
    let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, WORKED.parse().unwrap());
    let mut online = Online::new("server:8642", Role::Watch { code: "CODE".into() });
    online.chair = Chair::Plays(seat);
    s.seats.network_sits(online);
    s
}

#[test]
fn a_move_of_the_server_the_windows_rules_refuse_is_told_to_the_player_and_changes_nothing() {
    let mut s = seated(Side::Lower);
    // Upper's move, heard where Lower is to move: the window's own rules refuse it.
    let upper: GameState = WORKED.replace("/ L", "/ U").parse().unwrap();
    let mv = upper.legal_moves().first().cloned().expect("a move of Upper's");
    let before = s.game().unwrap().current().clone();
    s.apply(C::Online(OnlineCommand::Heard(Event::Moved { number: 0, mv, state: upper, clock: None })));
    assert!(
        matches!(s.modals().top(), Some(Modal::Problem(t)) if t.contains("does not follow the rules on this board")),
        "{:?}",
        s.modals().top()
    );
    assert_eq!(s.game().unwrap().current(), &before, "the board as it was");
}

#[test]
fn a_side_is_played_here_only_when_it_is_this_windows_seat() {
    let s = seated(Side::Upper);
    assert_eq!(
        Side::BOTH.map(|side| s.seats.seat(side)),
        [crate::app::model::seat::Seat::Remote, crate::app::model::seat::Seat::Here]
    );
    assert!(s.remote_turn(), "Lower, to move, is played on the other computer");
    assert!(!s.human_to_move());
}
