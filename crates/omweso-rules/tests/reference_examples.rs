//! The reference sower (`reference/`) checked by hand against the worked examples of
//! RULES.md §6 and rules of §3–§4, so that the cross-check of the engine against it
//! (`reference_sower.rs`) does not trust it blindly either.

mod common;
mod reference;

use common::{AKAWUMBI, AKAWUMBI_ENDING_AT_B, state};
use reference::*;

use omweso_rules::{Direction, FirstMoves, GameState, Hole, LapSource, Outcome, RuleOptions, Side, WinKind};

/// The reference's hole with notation letter `letter`.
fn hole(letter: char) -> RefHole {
    RefHole::from_hole(Hole::from_letter(letter).unwrap())
}

/// The reference plays the move from `start` with `directions` at its decision points.
fn reference_play(state: &GameState, start: char, directions: &[Direction]) -> RefResult {
    sow_move(state, hole(start), false, directions).unwrap_or_else(|e| panic!("{start}: {e:?}"))
}

/// The state after a reference result, in RULES.md §5 text (`… / U none 1,0`).
fn state_text(state: &GameState, r: &RefResult) -> String {
    let first_moves = match r.first_move_pending {
        [true, true] => FirstMoves::Both,
        [true, false] => FirstMoves::Lower,
        [false, true] => FirstMoves::Upper,
        [false, false] => FirstMoves::None,
    };
    GameState::new(r.board.to_position(), r.to_move, first_moves, r.captures, *state.options()).unwrap().to_string()
}

/// Every lap's holes, as letters.
fn all_drops(r: &RefResult) -> Vec<String> {
    r.laps.iter().map(RefLap::drop_letters).collect()
}

/// RULES.md §6, the worked game: `d`, `F`, `m`, with every lap and the positions given.
#[test]
fn the_reference_plays_the_worked_game_of_section_6() {
    let start = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");

    // 1. Lower plays d: c, b, a, i — i was empty, the move ends.
    let r1 = reference_play(&start, 'd', &[]);
    assert_eq!(all_drops(&r1), ["cbai"]);
    assert_eq!(r1.laps[0].end, RefLapEnd::Empty);
    assert_eq!(r1.outcome, None);
    let s1 = state(&state_text(&start, &r1));
    assert_eq!(s1.to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");

    // 2. Upper plays F: E, D, C, B; B occupied → relay 5: A, I, J, K, L — L was empty.
    let r2 = reference_play(&s1, 'F', &[]);
    assert_eq!(all_drops(&r2), ["EDCB", "AIJKL"]);
    assert_eq!(r2.laps[0].end, RefLapEnd::Relay { seeds: 5 });
    assert_eq!(r2.laps[1].origin, hole('B'));
    assert_eq!(r2.laps[1].end, RefLapEnd::Empty);
    let s2 = state(&state_text(&s1, &r2));
    assert_eq!(s2.to_string(), "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");

    // 3. Lower plays m: n, o, p, h → capture A and I (6), sown from m: n, o, p, h, g, f →
    // capture C and K (6), sown from m: n, o, p, h, g, f → relay 6 from f: e, d, c, b, a, i →
    // relay 2 from i: j, k — k was empty, the move ends.
    let r3 = reference_play(&s2, 'm', &[]);
    assert_eq!(all_drops(&r3), ["noph", "nophgf", "nophgf", "edcbai", "jk"]);
    let ends: Vec<RefLapEnd> = r3.laps.iter().map(|l| l.end).collect();
    assert_eq!(
        ends,
        [
            RefLapEnd::Capture { front: hole('A'), back: hole('I'), front_seeds: 5, back_seeds: 1 },
            RefLapEnd::Capture { front: hole('C'), back: hole('K'), front_seeds: 5, back_seeds: 1 },
            RefLapEnd::Relay { seeds: 6 },
            RefLapEnd::Relay { seeds: 2 },
            RefLapEnd::Empty,
        ]
    );
    let origins: String = r3.laps.iter().map(|l| l.origin.name()).collect();
    assert_eq!(origins, "mmmfi", "captured seeds are sown from the capturing lap's origin (3.4)");
    assert_eq!(r3.captured_seeds, 12);
    assert_eq!(state_text(&s2, &r3), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");

    // The source adds: "Upper can capture with D, J2xh": a relay from J with 2 seeds may go
    // clockwise and take h (and p).
    let s3 = state(&state_text(&s2, &r3));
    let captures_h = reference_moves(&s3).into_iter().any(|m| {
        m.start == hole('D')
            && m.result.decisions.iter().any(|d| {
                (d.origin, d.seeds, d.takes, d.direction) == (hole('J'), 2, hole('h'), Direction::Clockwise)
            })
            && m.result.laps.iter().any(|l| {
                l.direction == Direction::Clockwise
                    && matches!(l.end, RefLapEnd::Capture { front, back, .. } if front == hole('h') && back == hole('p'))
            })
    });
    assert!(captures_h, "D, J2xh");
}

/// RULES.md §6, the reverse capture: i's 3 seeds clockwise a, b, c capture F and N (2);
/// those 2 go anticlockwise j, k (`i3xF`) or clockwise again a, b, capturing G and O (4)
/// (`i3xF, i2xG`). From i there are exactly these moves and the plain anticlockwise one.
#[test]
fn the_reference_plays_the_reverse_capture_of_section_6() {
    use Direction::{Anticlockwise, Clockwise};
    let start = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");

    let once = reference_play(&start, 'i', &[Clockwise, Anticlockwise]);
    assert_eq!(all_drops(&once), ["abc", "jk"]);
    assert_eq!(once.laps[0].direction, Clockwise);
    assert_eq!(
        once.laps[0].end,
        RefLapEnd::Capture { front: hole('F'), back: hole('N'), front_seeds: 1, back_seeds: 1 }
    );
    assert_eq!(once.laps[1].origin, hole('i'));
    assert_eq!(once.laps[1].end, RefLapEnd::Empty);
    assert_eq!(once.board.to_position().to_string(), "1a, 2bc, 9e-g, 1jk; 2G, 5I-L, 2O, 6P");
    let takes: Vec<(char, u32, char)> =
        once.decisions.iter().map(|d| (d.origin.name(), d.seeds, d.takes.name())).collect();
    assert_eq!(takes, [('i', 3, 'F'), ('i', 2, 'G')]);

    let twice = reference_play(&start, 'i', &[Clockwise, Clockwise]);
    assert_eq!(all_drops(&twice)[..2], ["abc", "ab"]);
    assert_eq!(
        twice.laps[1].end,
        RefLapEnd::Capture { front: hole('G'), back: hole('O'), front_seeds: 2, back_seeds: 2 }
    );
    assert_eq!(twice.laps[1].direction, Clockwise);
    assert_eq!(twice.captured_seeds, 6);

    // Anticlockwise at the start: j, k, l — l was empty.
    let plain = reference_play(&start, 'i', &[Anticlockwise]);
    assert_eq!(all_drops(&plain), ["jkl"]);

    let from_i: Vec<Vec<Direction>> = reference_moves(&start)
        .into_iter()
        .filter(|m| m.start == hole('i'))
        .map(|m| m.result.decisions.iter().map(|d| d.direction).collect())
        .collect();
    assert_eq!(from_i.len(), 3);
    for directions in [vec![Anticlockwise], vec![Clockwise, Anticlockwise], vec![Clockwise, Clockwise]] {
        assert!(from_i.contains(&directions), "{directions:?}");
    }
    // Asking for a direction where no decision point is, or leaving one unanswered, fails.
    assert_eq!(sow_move(&start, hole('e'), false, &[Clockwise]), Err(RefError::DirectionsLeft));
    assert_eq!(sow_move(&start, hole('i'), false, &[Clockwise]), Err(RefError::NeedsDirection));
}

/// RULES.md 3.2: a lap of 16 seeds drops its last seed into its own origin, emptied when it
/// was lifted, so the move ends there. RULES.md 3.6: on a first move a lap that would
/// capture relays instead, and no clockwise lap is offered.
#[test]
fn the_reference_passes_the_origin_and_keeps_the_first_move_rule() {
    let sixteen = state("16ip; 4I-P / L none 0,0");
    let r = reference_play(&sixteen, 'i', &[]);
    assert_eq!(all_drops(&r), ["jklmnophgfedcbai"]);
    assert_eq!(r.laps[0].end, RefLapEnd::Empty);
    assert_eq!(r.board.to_position().to_string(), "1a-o, 17p; 4I-P");

    // §6's move 3 as Lower's first move: h faces A and I, but relays its 5 seeds: g, f, e,
    // d, c — c held 1: relay 2 from c: b, a — a held 10: relay 11 from a: i, j, …
    let first = state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L lower 0,0");
    let r = reference_play(&first, 'm', &[]);
    assert_eq!(r.laps[0].end, RefLapEnd::Relay { seeds: 5 });
    assert_eq!(all_drops(&r)[1], "gfedc");
    assert_eq!(r.captured_seeds, 0);
    assert_eq!(r.captures, [0, 0]);
    assert_eq!(r.first_move_pending, [false, false]);
    let reverse = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L both 0,0");
    assert!(reference_moves(&reverse).iter().all(|m| m.result.decisions.is_empty()));
}

/// RULES.md 3.7: the tournament split of a 3-seed hole: two seeds into the next hole, one into
/// the hole after it, where the lap ends (§6's start, Upper's G: F, F, E — E held 4: relay 5).
#[test]
fn the_reference_splits_three_seeds() {
    let s = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / U both 0,0");
    let options = RuleOptions { tournament_split: true, ..RuleOptions::default() };
    let s = s.with_options(options).unwrap();
    let r = sow_move(&s, hole('G'), true, &[]).unwrap();
    assert_eq!(r.laps[0].source, LapSource::Split);
    assert_eq!(r.laps[0].drop_letters(), "FFE");
    assert_eq!(r.laps[0].end, RefLapEnd::Relay { seeds: 5 });
    assert_eq!(sow_move(&s, hole('F'), true, &[]), Err(RefError::SplitNotAllowed), "F holds 4");
    let off = s.with_options(RuleOptions::default()).unwrap();
    assert_eq!(sow_move(&off, hole('G'), true, &[]), Err(RefError::SplitNotAllowed), "the option is off");
}

/// RULES.md 3.8: with a lap limit of 2, §6's move 3 stops after its second lap, whose capture
/// of C and K is not made; no win holds, so the game is annulled.
#[test]
fn the_reference_cuts_a_move_at_the_lap_limit() {
    let s = state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0");
    let s = s.with_options(RuleOptions { lap_limit: 2, ..RuleOptions::default() }).unwrap();
    let r = reference_play(&s, 'm', &[]);
    assert_eq!(all_drops(&r), ["noph", "nophgf"]);
    assert_eq!(r.laps[1].end, RefLapEnd::Cut);
    assert_eq!(r.captured_seeds, 6);
    assert_eq!(r.board.get(hole('C')), 5, "the second capture is not made");
    assert_eq!(r.outcome, Some(Outcome::Annulled));
}

/// RULES.md §4.2 emitwe-ebiri: Lower's o: p, h — h faces A and I: capture 5 + 4 = 9, sown from
/// o: p, h, g, …, b, a — a faces H and P: capture 1 + 1, so both end columns are taken in
/// one move. §4.4: and a move that leaves the opponent only singletons is a normal win.
#[test]
fn the_reference_ends_the_game() {
    let s = state("1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0");
    let r = reference_play(&s, 'o', &[]);
    assert_eq!(all_drops(&r)[..2], ["ph", "phgfedcba"]);
    assert_eq!(r.laps[0].end, RefLapEnd::Capture { front: hole('A'), back: hole('I'), front_seeds: 5, back_seeds: 4 });
    assert_eq!(r.laps[1].end, RefLapEnd::Capture { front: hole('H'), back: hole('P'), front_seeds: 1, back_seeds: 1 });
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::EmitweEbiri }));

    // o: p, h — h faces A (2) and I (1): capture 3, sown from o: p, h, g — g was empty, the
    // move ends, and Upper has only singletons left.
    let s = state("1h, 44i, 2o; 2A, 1B-P / L none 0,0");
    let r = reference_play(&s, 'o', &[]);
    assert_eq!(r.laps[0].end, RefLapEnd::Capture { front: hole('A'), back: hole('I'), front_seeds: 2, back_seeds: 1 });
    assert!(!r.board.can_move(Side::Upper));
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Normal }));
}

/// RULES.md §4.1 akawumbi, worked by hand: Lower's o: p, h — h faces A and I: capture 3, sown
/// from o: p, h, g — g faces B and J: capture 4; then 5 end in f (C, K), 6 in e (D, L), 7 in d
/// (E, M), 8 in c (F, N), 9 in b (G, O), and the 9 from b's capture end in a (H, P): all 8
/// columns, 44 seeds, in one move. With Upper's seeds placed so that c takes 9 and the last
/// capture is at b, the variant that needs an end column last gives emitwe-ebiri (§4.2).
#[test]
fn the_reference_takes_every_column() {
    let r = reference_play(&state(AKAWUMBI), 'o', &[]);
    let taken: String = r
        .laps
        .iter()
        .filter_map(|l| if let RefLapEnd::Capture { front, .. } = l.end { Some(front.name()) } else { None })
        .collect();
    assert_eq!(taken, "ABCDEFGH");
    let drops = all_drops(&r);
    assert_eq!(drops[..8], ["ph", "phg", "phgf", "phgfe", "phgfed", "phgfedc", "phgfedcb", "phgfedcba"]);
    assert_eq!(r.captured_seeds, 44);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Akawumbi }));

    let strict = RuleOptions { akawumbi_needs_end_column: true, ..RuleOptions::default() };
    let r = reference_play(&state(AKAWUMBI).with_options(strict).unwrap(), 'o', &[]);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Akawumbi }), "last at a");

    let r = reference_play(&state(AKAWUMBI_ENDING_AT_B), 'o', &[]);
    let taken: String = r
        .laps
        .iter()
        .filter_map(|l| if let RefLapEnd::Capture { front, .. } = l.end { Some(front.name()) } else { None })
        .collect();
    assert_eq!(taken, "ABCDEFHG");
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Akawumbi }));
    let r = reference_play(&state(AKAWUMBI_ENDING_AT_B).with_options(strict).unwrap(), 'o', &[]);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::EmitweEbiri }));

    // 3.8 with §4: cut at lap 8, before the capture at a: 7 columns and no end column pair,
    // but Upper has only H and P, one seed each, left: a normal win.
    let cut = RuleOptions { lap_limit: 8, ..RuleOptions::default() };
    let r = reference_play(&state(AKAWUMBI).with_options(cut).unwrap(), 'o', &[]);
    assert_eq!(r.laps.len(), 8);
    assert_eq!(r.laps[7].end, RefLapEnd::Cut);
    assert_eq!(r.outcome, Some(Outcome::Win { winner: Side::Lower, kind: WinKind::Normal }));
}
