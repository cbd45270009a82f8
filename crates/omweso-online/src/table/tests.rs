use super::*;

fn conn(id: u64) -> (Conn, mpsc::Receiver<ServerMessage>) {
    let (tx, rx) = mpsc::channel(16);
    (Conn { id, tx, lag: Duration::ZERO }, rx)
}

/// What the store would send once the table's change is kept.
trait Flush {
    fn flush(&mut self);
}

impl Flush for Table {
    fn flush(&mut self) {
        for (tx, _, message) in self.take_queued() {
            tx.try_send(message).unwrap();
        }
    }
}

fn drain(rx: &mut mpsc::Receiver<ServerMessage>) -> Vec<ServerMessage> {
    std::iter::from_fn(|| rx.try_recv().ok()).collect()
}

/// A player asked for its layout is not asked again when the other sits down: its
/// layout may be on the way, and a second one would be out of turn.
#[test]
fn the_first_to_lay_out_is_asked_once() {
    let mut table = Table::host("C".into(), RuleOptions::default(), None, Side::Upper, "h".into());
    let (host, mut host_rx) = conn(1);
    table.sit(Side::Upper, host, None);
    table.flush();
    let asked = |m: &[ServerMessage]| m.iter().filter(|m| matches!(m, ServerMessage::LayOut)).count();
    assert_eq!(asked(&drain(&mut host_rx)), 1);
    let (guest, mut guest_rx) = conn(2);
    table.sit(Side::Lower, guest, Some("g".into()));
    table.flush();
    assert_eq!(asked(&drain(&mut host_rx)), 0);
    assert_eq!(asked(&drain(&mut guest_rx)), 0);
    table.layout(Side::Upper, "4I-P").unwrap();
    table.flush();
    assert_eq!(asked(&drain(&mut guest_rx)), 1);
    assert!(table.layout(Side::Upper, "4I-P").is_err());
}

/// Each change hands the store only what it has not been handed: the moves played since
/// (one a move), or after a take-back the moves from the first one taken back.
#[test]
fn a_change_carries_the_moves_not_yet_handed() {
    let mut table = Table::host("C".into(), RuleOptions::default(), None, Side::Upper, "h".into());
    let (host, _host_rx) = conn(1);
    let (guest, _guest_rx) = conn(2);
    table.sit(Side::Upper, host, None);
    table.sit(Side::Lower, guest, Some("g".into()));
    table.layout(Side::Upper, "4I-P").unwrap();
    table.layout(Side::Lower, "4i-p").unwrap();
    let first = table.change();
    assert_eq!((first.from, first.moves.len()), (0, 0));
    assert_eq!(first.head.record.layouts[1].as_deref(), Some("4I-P"));
    // What a store keeps, change after change.
    let mut kept = first.apply(None).unwrap();
    let mut played = Vec::new();
    for number in 0..3 {
        let state = table.state.clone().unwrap();
        let mv = state.legal_moves()[0].to_string();
        table.play(state.to_move(), number, &mv, Instant::now()).unwrap();
        let change = table.change();
        assert_eq!((change.from, change.moves.clone()), (number as usize, vec![mv.clone()]));
        assert!(change.head.record.moves.is_empty());
        kept = change.apply(Some(kept)).unwrap();
        played.push(mv);
    }
    // Lower, who made moves 0 and 2, takes back its last; Upper accepts.
    table.offer_take_back(Side::Lower).unwrap();
    table.answer_take_back(Side::Upper, true).unwrap();
    let change = table.change();
    assert_eq!((change.from, change.moves.len()), (2, 0));
    assert_eq!(kept.record.moves, played);
    let kept = change.apply(Some(kept)).unwrap();
    assert_eq!(kept.record.moves, played[..2]);
    assert_eq!(kept, table.kept());
}
