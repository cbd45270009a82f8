//! The worked examples of RULES.md §6, move by move, with exact positions.

use omweso_rules::notation::parse_move;
use omweso_rules::{Direction, GameState, LapEnd, Outcome, Position, Progress, Side};

fn state(text: &str) -> GameState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(state: &GameState, text: &str) -> (GameState, Option<Outcome>, omweso_rules::Trace) {
    let mv = parse_move(state, text).unwrap_or_else(|e| panic!("{e}"));
    let (s, trace) = state.play(&mv).unwrap();
    let outcome = s.outcome();
    (s.state, outcome, trace)
}

#[test]
fn worked_game_of_section_6() {
    let start = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");
    assert_eq!(start.position().to_string(), "9a, 3b, 4d-fhm; 4A-F, 3G, 5P");

    // 1. Lower plays d: c, b, a, i — i was empty, the move ends.
    let (s1, o1, t1) = play(&start, "d");
    assert_eq!(o1, None);
    assert_eq!(t1.laps.len(), 1);
    let drops: String = t1.laps[0].drops().map(|h| h.letter()).collect();
    assert_eq!(drops, "cbai");
    assert_eq!(t1.laps[0].end, LapEnd::Empty);
    assert_eq!(s1.to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");

    // 2. Upper plays F: E, D, C, B; relay 5 from B: A, I, J, K, L.
    let (s2, o2, t2) = play(&s1, "F");
    assert_eq!(o2, None);
    assert_eq!(t2.laps.len(), 2);
    assert_eq!(t2.laps[0].drops().map(|h| h.letter()).collect::<String>(), "EDCB");
    assert_eq!(t2.laps[0].end, LapEnd::Relay { seeds: 5 });
    assert_eq!(t2.laps[1].drops().map(|h| h.letter()).collect::<String>(), "AIJKL");
    assert_eq!(s2.position().to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P");
    assert_eq!(s2.to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");

    // 3. Lower plays m: captures A+I (6), then C+K (6), relay 6 from f, relay 2 from i.
    let (s3, o3, t3) = play(&s2, "m");
    assert_eq!(o3, None);
    let ends: Vec<LapEnd> = t3.laps.iter().map(|l| l.end).collect();
    let h = |c| omweso_rules::Hole::from_letter(c).unwrap();
    assert_eq!(
        ends,
        vec![
            LapEnd::Capture { front: h('A'), back: h('I'), front_seeds: 5, back_seeds: 1 },
            LapEnd::Capture { front: h('C'), back: h('K'), front_seeds: 5, back_seeds: 1 },
            LapEnd::Relay { seeds: 6 },
            LapEnd::Relay { seeds: 2 },
            LapEnd::Empty,
        ]
    );
    let drops: Vec<String> = t3.laps.iter().map(|l| l.drops().map(|h| h.letter()).collect()).collect();
    assert_eq!(drops, ["noph", "nophgf", "nophgf", "edcbai", "jk"]);
    assert_eq!(s3.position().to_string(), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P");
    assert_eq!(s3.to_string(), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");

    // The trace replays to the same board.
    assert_eq!(t3.end_position(), *s3.position());

    // The source adds: Upper can capture with `D, J2xh`.
    let (s4, _, t4) = play(&s3, "D, J2xh");
    assert!(t4.laps.iter().any(|l| l.direction == Direction::Clockwise
        && matches!(l.end, LapEnd::Capture { front, back, .. } if front == h('h') && back == h('p'))));
    assert_eq!(s4.position().total(), 64);
}

#[test]
fn reverse_capture_example() {
    let start = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    // i's 3 seeds clockwise: a, b, c — c faces F and N: capture 2; then j, k: k empty.
    let (s1, o1, t1) = play(&start, "i3xF");
    assert_eq!(o1, None);
    assert_eq!(t1.laps[0].direction, Direction::Clockwise);
    assert_eq!(t1.laps[0].drops().map(|h| h.letter()).collect::<String>(), "abc");
    assert_eq!(t1.laps[1].direction, Direction::Anticlockwise);
    assert_eq!(t1.laps[1].drops().map(|h| h.letter()).collect::<String>(), "jk");
    assert_eq!(t1.laps.len(), 2);
    assert_eq!(s1.position().to_string(), "1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P");

    // Or clockwise again: a, b — b faces G and O: capture 4, and the move goes on.
    let mv = parse_move(&start, "i3xF, i2xG").unwrap();
    assert_eq!(mv.to_string(), "i3xF, i2xG");
    let (s2, t2) = start.play(&mv).unwrap();
    assert_eq!(t2.laps[1].direction, Direction::Clockwise);
    assert_eq!(t2.laps[1].drops().map(|h| h.letter()).collect::<String>(), "ab");
    assert!(matches!(t2.laps[1].end, LapEnd::Capture { front_seeds: 2, back_seeds: 2, .. }));
    assert_eq!(s2.captured_seeds, 6);
    assert_eq!(s2.state.position().total(), 64);

    // The legal moves from i are exactly i (anticlockwise), i3xF and i3xF, i2xG.
    let from_i: Vec<String> =
        start.legal_moves().into_iter().filter(|m| m.start().letter() == 'i').map(|m| m.to_string()).collect();
    let mut sorted = from_i.clone();
    sorted.sort();
    assert_eq!(sorted, ["i", "i3xF", "i3xF, i2xG"]);
}

#[test]
fn step_by_step_sowing_stops_at_each_decision_point() {
    let start = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let i = omweso_rules::Hole::from_letter('i').unwrap();
    let mut sowing = start.start_move(i, false).unwrap();
    let Progress::Decision(dp) = sowing.advance() else { panic!("expected a decision at the start") };
    assert_eq!(
        (dp.lap, dp.hole, dp.seeds, dp.takes_front.letter(), dp.takes_back.letter(), dp.captures),
        (1, i, 3, 'F', 'N', 2)
    );
    sowing.choose(Direction::Clockwise).unwrap();
    let Progress::Decision(dp) = sowing.advance() else { panic!("expected a decision after the reverse capture") };
    assert_eq!((dp.lap, dp.seeds, dp.takes_front.letter(), dp.captures), (2, 2, 'G', 4));
    assert_eq!(sowing.laps().len(), 1);
    sowing.choose(Direction::Anticlockwise).unwrap();
    assert_eq!(sowing.advance(), Progress::Finished);
    assert!(sowing.choose(Direction::Clockwise).is_err());
    let (result, trace) = sowing.finish().unwrap();
    assert_eq!(result.mv.to_string(), "i3xF");
    assert_eq!(trace.laps.len(), 2);
    assert_eq!(result.state.to_move(), Side::Upper);
}

#[test]
fn positions_of_the_sources_parse() {
    for text in ["4i-p; 4I-P", "9a,3b,4d-fhm; 4A-F,3G,5P"] {
        let p: Position = text.parse().unwrap();
        assert_eq!(p.total(), 64);
    }
}
