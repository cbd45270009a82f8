//! The offer of a take-back (protocol 2): refused, then accepted, between two sessions
//! through a server started in the test; none in tournament play.

mod common;

use common::*;
use omweso_online::client::Event;
use omweso_online::{ClockSpec, Role, Session, SideChoice};
use omweso_rules::RuleOptions;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Two seated sessions, their events read in turn (each answers a request to lay out), the
/// others kept for later.
struct Pair {
    s: [Session; 2],
    kept: [VecDeque<Event>; 2],
}

impl Pair {
    /// Events of session `who` until one `wanted`; the one wanted.
    fn until(&mut self, who: usize, wanted: impl Fn(&Event) -> bool) -> Event {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(i) = self.kept[who].iter().position(&wanted) {
                return self.kept[who].remove(i).unwrap();
            }
            assert!(Instant::now() < deadline, "not heard within 20 s: {:?}", self.kept[who]);
            for i in 0..2 {
                while let Ok(event) = self.s[i].events().try_recv() {
                    match event {
                        Event::LayOut { side, .. } => self.s[i].lay_out(checking_layout(side)),
                        Event::Failed { error } if !wanted(&Event::Failed { error: error.clone() }) || i != who => {
                            panic!("session {i} failed: {error}")
                        }
                        event => self.kept[i].push_back(event),
                    }
                }
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn a_take_back_refused_then_accepted_goes_back_to_the_offerers_move() {
    let server = start_server();
    let h = host(server.addr, SideChoice::Lower);
    let (code, _) = code_of(&h);
    let g = join(server.addr, &code);
    let mut p = Pair { s: [h, g], kept: Default::default() };
    let mut seed = 7;
    // Lower moves, Upper replies: two moves in.
    for (mover, other) in [(0, 1), (1, 0)] {
        let Event::YourMove { number, state } = p.until(mover, |e| matches!(e, Event::YourMove { .. })) else {
            unreachable!()
        };
        p.s[mover].play(number, pick(&state, &mut seed));
        p.until(other, |e| matches!(e, Event::Moved { number: n, .. } if *n == number));
    }
    // Refused: both hear it, nothing changes.
    p.s[0].offer_take_back();
    let offered = p.until(1, |e| matches!(e, Event::TakeBackOffered { .. }));
    assert_eq!(offered, Event::TakeBackOffered { side: omweso_rules::Side::Lower });
    p.s[1].answer_take_back(false);
    p.until(0, |e| matches!(e, Event::TakeBackRefused));
    p.until(1, |e| matches!(e, Event::TakeBackRefused));
    assert_eq!(server.archive.get(&code).unwrap().record.moves.len(), 2);
    // Accepted: Lower's move and Upper's reply are gone, and Lower is asked again.
    p.s[0].offer_take_back();
    p.until(1, |e| matches!(e, Event::TakeBackOffered { .. }));
    p.s[1].answer_take_back(true);
    let Event::TookBack { number, state } = p.until(0, |e| matches!(e, Event::TookBack { .. })) else { unreachable!() };
    assert_eq!(number, 0);
    assert!(matches!(p.until(1, |e| matches!(e, Event::TookBack { .. })), Event::TookBack { number: 0, .. }));
    assert_eq!(p.until(0, |e| matches!(e, Event::YourMove { number: 0, .. })), Event::YourMove { number: 0, state });
    assert!(server.archive.get(&code).unwrap().record.moves.is_empty(), "the server's record went back too");
}

#[test]
fn tournament_play_has_no_take_backs() {
    let server = start_server();
    let role = Role::Host {
        name: "Host".into(),
        rules: RuleOptions::default(),
        side: SideChoice::Lower,
        clock: Some(ClockSpec { seconds: 600, increment: 0 }),
    };
    let h = Session::start(config(server.addr), role).unwrap();
    let (code, _) = code_of(&h);
    let g = join(server.addr, &code);
    let mut p = Pair { s: [h, g], kept: Default::default() };
    let Event::YourMove { number, state } = p.until(0, |e| matches!(e, Event::YourMove { .. })) else { unreachable!() };
    p.s[0].play(number, pick(&state, &mut 3));
    p.until(1, |e| matches!(e, Event::Moved { number: 0, .. }));
    p.s[0].offer_take_back();
    let Event::Failed { error } = p.until(0, |e| matches!(e, Event::Failed { .. })) else { unreachable!() };
    assert!(error.contains("tournament play has no take-backs"), "{error}");
}
