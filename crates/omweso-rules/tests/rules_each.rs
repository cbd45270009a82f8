//! One test (at least) for each rule of RULES.md, in positions built for it.

use omweso_rules::notation::{MoveError, parse_move};
use omweso_rules::{
    ChoiceMismatch, Direction, GameState, Hole, IllegalMove, LapEnd, LapSource, Outcome, Progress, RuleOptions, Side,
    Successor, Trace, WinKind,
};

fn state(text: &str) -> GameState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn with(s: GameState, f: impl FnOnce(&mut RuleOptions)) -> GameState {
    let mut o = *s.options();
    f(&mut o);
    s.with_options(o).unwrap()
}

fn h(c: char) -> Hole {
    Hole::from_letter(c).unwrap()
}

fn play(s: &GameState, text: &str) -> (Successor, Trace) {
    let mv = parse_move(s, text).unwrap_or_else(|e| panic!("{e}"));
    s.play(&mv).unwrap()
}

fn drops(t: &Trace, lap: usize) -> String {
    t.laps[lap].drops().map(|h| h.letter()).collect()
}

fn win(winner: Side, kind: WinKind) -> Option<Outcome> {
    Some(Outcome::Win { winner, kind })
}

// 3.1: a singleton (or an empty hole) can never be played; only one's own holes.
#[test]
fn singletons_and_opponent_holes_cannot_be_played() {
    let s = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");
    let after = play(&s, "d").0.state; // i now holds 1 seed
    let upper_turn = play(&after, "F").0.state;
    assert_eq!(upper_turn.position().get(h('i')), 1);
    assert!(matches!(
        parse_move(&upper_turn, "i"),
        Err(MoveError::Illegal { reason: IllegalMove::TooFewSeeds { seeds: 1, .. }, .. })
    ));
    assert!(matches!(
        parse_move(&s, "c"),
        Err(MoveError::Illegal { reason: IllegalMove::TooFewSeeds { seeds: 0, .. }, .. })
    ));
    assert!(matches!(parse_move(&s, "A"), Err(MoveError::Illegal { reason: IllegalMove::NotOwnHole { .. }, .. })));
    let starts: String = s.legal_moves().iter().map(|m| m.start().letter()).collect();
    assert_eq!(starts, "abdefhm");
}

// 3.2: a lap of 16 or more seeds drops a seed into its own origin when it passes it.
#[test]
fn laps_of_sixteen_seeds_pass_their_origin() {
    let s = state("16ip; 4I-P / L none 0,0");
    let (r, t) = play(&s, "i");
    assert_eq!(t.laps[0].seeds, 16);
    assert_eq!(drops(&t, 0), "jklmnophgfedcbai");
    assert_eq!(t.laps[0].end, LapEnd::Empty, "the origin was emptied, so the 16th seed ends the move");
    assert_eq!(r.state.position().to_string(), "1a-o, 17p; 4I-P");
}

// 3.3: a lap ending in an occupied hole relays all its seeds; in an empty hole it ends.
#[test]
fn relay_lifts_every_seed_of_the_last_hole() {
    let s = state("10a, 4b, 1c, 4efh, 1i, 4m; 4A-F, 3G, 5P / U upper 0,0");
    let (_, t) = play(&s, "F");
    assert_eq!(t.laps[0].end, LapEnd::Relay { seeds: 5 });
    assert_eq!(t.laps[1].source, LapSource::Relay);
    assert_eq!(t.laps[1].origin, h('B'));
    assert_eq!(t.laps[1].end, LapEnd::Empty);
}

// 3.4: captured seeds are sown from the origin of the capturing lap; the seeds in the
// capturing hole stay. 3.6: no capture on a player's first move.
#[test]
fn first_move_relays_instead_of_capturing() {
    let text = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0";
    let (_, captures) = play(&state(text), "m");
    assert!(matches!(captures.laps[0].end, LapEnd::Capture { .. }));
    assert_eq!(captures.laps[1].origin, h('m'), "captured seeds are sown from the origin");
    let first = state(&text.replace("L none", "L lower"));
    let (r, t) = play(&first, "m");
    assert_eq!(t.laps[0].end, LapEnd::Relay { seeds: 5 });
    assert_eq!(t.laps[1].origin, h('h'));
    assert_eq!(r.captured_seeds, 0);
    assert_eq!(r.state.captures(), [0, 0]);
    assert_eq!(r.state.first_moves(), omweso_rules::FirstMoves::None);
    // No clockwise lap on a first move either (3.6).
    let reverse = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L both 0,0");
    assert!(reverse.legal_moves().iter().all(|m| m.choices().is_empty()));
}

// 3.5: a clockwise lap is offered on a relay from a, b, i or j when it would capture.
#[test]
fn clockwise_lap_offered_on_a_relay_from_a_leftmost_hole() {
    let s = state("1f, 10i-k, 1n; 1C, 5E, 2I, 6M-P / U none 0,0");
    let mut from_e: Vec<String> =
        s.legal_moves().into_iter().filter(|m| m.start() == h('E')).map(|m| m.to_string()).collect();
    from_e.sort();
    assert_eq!(from_e, ["E", "E, I3xf"]);
    let (r, t) = play(&s, "E, I3xf");
    assert_eq!(drops(&t, 0), "DCBAI");
    assert_eq!(t.laps[1].direction, Direction::Clockwise);
    assert_eq!(drops(&t, 1), "ABC");
    assert!(matches!(t.laps[1].end, LapEnd::Capture { front, back, .. } if front == h('f') && back == h('n')));
    assert_eq!(t.laps[2].direction, Direction::Anticlockwise, "no capture clockwise from I with 2: anticlockwise");
    assert_eq!(r.captured_seeds, 2);
    let (_, t) = play(&s, "E");
    assert_eq!(drops(&t, 1), "JKL");
}

// 3.5: seeds captured by an anticlockwise lap go anticlockwise, even from a leftmost hole
// where a clockwise lap would capture.
#[test]
fn seeds_captured_anticlockwise_never_go_clockwise() {
    let s = state("1a, 1h, 23i, 7j; 1A, 1H, 1I, 5J-M, 4NO, 1P / L none 0,0");
    let (r, t) = play(&s, "j");
    assert!(matches!(t.laps[0].end, LapEnd::Capture { front_seeds: 1, back_seeds: 1, .. }));
    assert_eq!(t.laps[1].source, LapSource::Capture);
    assert_eq!(t.laps[1].origin, h('j'));
    assert_eq!(t.laps[1].direction, Direction::Anticlockwise);
    assert!(r.mv.choices().iter().all(|c| c.lap != 2), "lap 2 is no decision point");
    // The same clockwise lap is offered when the seeds come from a relay instead.
    assert!(parse_move(&s, "j, j2xH").is_err());
}

// 3.5: clockwise only from a, b, i, j, and only when it captures.
#[test]
fn clockwise_only_from_leftmost_holes_and_only_to_capture() {
    let s = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    assert!(matches!(parse_move(&s, "ex"), Err(MoveError::ClockwiseNotAllowed { .. })));
    assert!(matches!(parse_move(&s, "i3xG"), Err(MoveError::WrongTake { .. })));
    assert!(matches!(parse_move(&s, "i4xF"), Err(MoveError::SeedCount { .. })));
    assert!(matches!(parse_move(&s, "i3xF, i2xG, i4xH"), Err(MoveError::ClockwiseNotAllowed { .. })));
    assert_eq!(parse_move(&s, "ixF, ix").unwrap().to_string(), "i3xF, i2xG");
    assert!(matches!(
        parse_move(&s, "i3xF, I2xG"),
        Err(MoveError::Illegal { reason: IllegalMove::NotOwnHole { .. }, .. })
    ));
    assert!(matches!(parse_move(&s, "i3xf"), Err(MoveError::Syntax { .. })));
    // The [choice] limit on clockwise seeds, when set, forbids longer clockwise laps.
    let limited = with(s.clone(), |o| o.clockwise_seed_limit = Some(2));
    assert!(parse_move(&limited, "i3xF").is_err());
}

// A move keeps the choices of the state it was made in: played in another state, the
// choices that no longer fit are named.
#[test]
fn recorded_choices_that_do_not_fit_another_state() {
    let s = state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let two_choices = parse_move(&s, "i3xF, i2xG").unwrap();
    let [first, second] = [two_choices.choices()[0], two_choices.choices()[1]];
    // i holds 2 seeds, not 3: the first decision is another one.
    let other = state("1bc, 9e-g, 1h, 2i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let err = other.play(&two_choices).unwrap_err();
    assert_eq!(
        err,
        IllegalMove::ChoicesDoNotFit {
            lap: 1,
            found: ChoiceMismatch::OtherDecision { hole: h('i'), seeds: 2, takes: h('G'), recorded: first },
        }
    );
    assert_eq!(
        err.to_string(),
        "the move's choices do not fit this position: at lap 1 the move offers a choice from i with 2 seeds, \
         not from i with 3 at lap 1"
    );
    // No clockwise capture from i: the move ends with both choices left.
    let no_capture = state("1bc, 9e-g, 3i; 2G, 5I-L, 1N, 2O, 7P / L none 0,0");
    assert_eq!(
        no_capture.play(&two_choices).unwrap_err(),
        IllegalMove::ChoicesDoNotFit { lap: 1, found: ChoiceMismatch::EndedEarly { recorded: first } }
    );
    assert_eq!(second.lap, 2);
}

// 3.7: the tournament split, an option, until the first capture of the game.
#[test]
fn tournament_split() {
    let s = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / U both 0,0");
    assert!(matches!(
        parse_move(&s, "G3s"),
        Err(MoveError::Illegal { reason: IllegalMove::SplitNotAllowed { .. }, .. })
    ));
    let split = with(s, |o| o.tournament_split = true);
    let (r, t) = play(&split, "G3s");
    assert_eq!(t.laps[0].source, LapSource::Split);
    assert_eq!(drops(&t, 0), "FFE", "two seeds into F, one into E");
    assert_eq!(t.laps[0].end, LapEnd::Relay { seeds: 5 });
    assert_eq!(r.mv.to_string(), "G3s");
    assert!(split.legal_moves().iter().any(|m| m.is_split()));
    // Only from exactly 3 seeds, and not once a capture has been made.
    assert!(parse_move(&split, "F3s").is_err());
    let captured =
        with(state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / U none 1,0"), |o| o.tournament_split = true);
    assert!(parse_move(&captured, "G3s").is_err());
    assert!(captured.legal_moves().iter().all(|m| !m.is_split()));
}

// 3.8: a never-ending move stops at the lap limit and the game is annulled.
#[test]
fn never_ending_move_is_cut_at_the_lap_limit() {
    let s =
        state("2bc, 4e, 1f, 4gi, 3j, 1k, 4m, 2no, 3p; 3A, 4B, 2C, 1DF, 2G, 4I, 1J, 4K, 1L, 3N, 2O, 4P / U upper 0,0");
    let (r, t) = play(&s, "A");
    assert_eq!(t.laps.len(), 200);
    assert_eq!(r.laps, 200);
    assert_eq!(t.laps[199].end, LapEnd::Cut);
    assert_eq!(r.outcome(), Some(Outcome::Annulled));
    assert_eq!(r.state.position().total(), 64);
    assert_eq!(t.end_position(), *r.state.position(), "the board is as the 200th lap left it");
    // With a lap limit of 1000 it is still cut.
    let (r, t) = play(&with(s, |o| o.lap_limit = 1000), "A");
    assert_eq!(t.laps.len(), 1000);
    assert_eq!(r.outcome(), Some(Outcome::Annulled));
}

// 3.8: at the limit, no relay is lifted and no capture made from the last hole.
#[test]
fn lap_limit_stops_before_the_capture_or_relay() {
    let s = with(state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0"), |o| o.lap_limit = 2);
    let (r, t) = play(&s, "m");
    assert_eq!(t.laps.len(), 2);
    assert_eq!(t.laps[1].end, LapEnd::Cut);
    assert_eq!(r.outcome(), Some(Outcome::Annulled));
    assert_eq!(r.state.position().get(h('C')), 5, "the second capture is not made");
    assert_eq!(r.captured_seeds, 6);
}

// §4.1 akawumbi: captures in all 8 columns; it outranks emitwe-ebiri.
const AKAWUMBI: &str = "1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P / L none 0,0";

#[test]
fn akawumbi() {
    let (r, t) = play(&state(AKAWUMBI), "o");
    let captures = t.laps.iter().filter(|l| matches!(l.end, LapEnd::Capture { .. })).count();
    assert_eq!(captures, 8);
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::Akawumbi));
    assert_eq!(r.captured_seeds, 44);
    assert_eq!(r.state.position().side_total(Side::Upper), 0);
}

// §4.1 option: the last capture must be at an end column; otherwise emitwe-ebiri (§4.2).
#[test]
fn akawumbi_end_column_variant() {
    let text = "1a-h, 10i, 2o; 2AB, 3CD, 4E, 5F, 1G, 4H, 1I, 2JK, 3LM, 4N, 1O, 4P / L none 0,0";
    let (r, _) = play(&state(text), "o");
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::Akawumbi));
    let strict = with(state(text), |o| o.akawumbi_needs_end_column = true);
    let (r, t) = play(&strict, "o");
    let last_capture =
        t.laps.iter().filter_map(|l| if let LapEnd::Capture { .. } = l.end { Some(l.last) } else { None }).next_back();
    assert_eq!(last_capture, Some(h('b')));
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::EmitweEbiri));
    // And with the original layout, whose last capture is at a, the variant still holds.
    let (r, _) = play(&with(state(AKAWUMBI), |o| o.akawumbi_needs_end_column = true), "o");
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::Akawumbi));
}

// §4.2 emitwe-ebiri: Lower takes A & I and H & P in one move.
#[test]
fn emitwe_ebiri() {
    let s = state("1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0");
    let (r, t) = play(&s, "o");
    let taken: Vec<(char, char)> = t
        .laps
        .iter()
        .filter_map(|l| {
            if let LapEnd::Capture { front, back, .. } = l.end { Some((front.letter(), back.letter())) } else { None }
        })
        .collect();
    assert_eq!(&taken[..2], [('A', 'I'), ('H', 'P')]);
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::EmitweEbiri));
}

// §4.3 akakyala: a second capturing move before the opponent captures; an option.
#[test]
fn akakyala() {
    let text = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 1,0";
    let (r, _) = play(&state(text), "m");
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::Akakyala));
    assert_eq!(r.state.captures(), [2, 0]);
    let (r, _) = play(&with(state(text), |o| o.akakyala = false), "m");
    assert_eq!(r.outcome(), None);
    let (r, _) = play(&state(&text.replace("1,0", "1,1")), "m");
    assert_eq!(r.outcome(), None, "the opponent has captured: no akakyala");
    let (r, _) = play(&state(&text.replace("1,0", "0,0")), "m");
    assert_eq!(r.outcome(), None, "a first capture is not akakyala");
}

// §4.4 normal win: the player to move has only singletons and empty holes.
#[test]
fn normal_win() {
    let s = state("1h, 44i, 2o; 2A, 1B-P / L none 0,0");
    let (r, t) = play(&s, "o");
    assert!(matches!(t.laps[0].end, LapEnd::Capture { .. }));
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::Normal));
    assert_eq!(r.state.outcome(), win(Side::Lower, WinKind::Normal));
    assert!(r.state.legal_moves().is_empty());
    assert!(r.state.play(&r.mv).is_err());
}

// 3.8 with §4: a win that already holds when a move is cut stands.
#[test]
fn a_win_holding_at_the_lap_limit_stands() {
    // Lap 8 would capture H & P but is cut: 7 columns, no emitwe-ebiri, yet Upper is left
    // with two singletons: a normal win.
    let s = with(state(AKAWUMBI), |o| o.lap_limit = 8);
    let (r, t) = play(&s, "o");
    assert_eq!(t.laps.len(), 8);
    assert_eq!(t.laps[7].end, LapEnd::Cut);
    assert_eq!(r.state.position().to_string().split("; ").nth(1), Some("1HP"));
    assert_eq!(r.outcome(), win(Side::Lower, WinKind::Normal));
}

// §4 points, a [choice] kept as options.
#[test]
fn points_of_each_kind() {
    let p = RuleOptions::default().points;
    assert_eq!(
        [WinKind::Akawumbi, WinKind::EmitweEbiri, WinKind::Akakyala, WinKind::Normal].map(|k| p.of(k)),
        [6, 2, 2, 1]
    );
}

// §2: a game starts from two layouts of 32 seeds; a game in progress holds 64.
#[test]
fn setup_and_seed_totals() {
    use omweso_rules::{FirstMoves, Layout, LayoutError, Position, StateError};
    let p: Position = "4i-p; 4I-O".parse().unwrap();
    assert_eq!(
        GameState::new(p, Side::Lower, FirstMoves::Both, [0, 0], RuleOptions::default()),
        Err(StateError::WrongTotal { found: 60 })
    );
    assert!(matches!(Layout::from_position(&p, Side::Upper), Err(LayoutError::WrongTotal { found: 28, .. })));
    let g = GameState::from_layouts(&Layout::back_row_fours(), &Layout::twos(), Side::Upper, RuleOptions::default());
    assert_eq!(g.to_string(), "4i-p; 2A-P / U both 0,0");
}

// The window's step-by-step API stops exactly at the decision points.
#[test]
fn sowing_reports_decisions_in_order() {
    let s = state("1f, 10i-k, 1n; 1C, 5E, 2I, 6M-P / U none 0,0");
    let mut sowing = s.start_move(h('E'), false).unwrap();
    let Progress::Decision(dp) = sowing.advance() else { panic!("a decision at the relay from I") };
    assert_eq!((dp.lap, dp.hole, dp.seeds, dp.source, dp.lands), (2, h('I'), 3, LapSource::Relay, h('C')));
    assert_eq!(sowing.laps().len(), 1);
    sowing.choose(Direction::Clockwise).unwrap();
    assert_eq!(sowing.advance(), Progress::Finished);
    assert_eq!(sowing.finish().unwrap().0.mv.to_string(), "E, I3xf");
}

#[test]
fn the_loser_of_the_toss_lays_out_first_unless_the_option_says_otherwise() {
    // RULES.md §2, and its [choice].
    let o = RuleOptions::default();
    assert_eq!(o.lays_out_first(Side::Lower), Side::Upper);
    assert_eq!(o.first_mover_when_laying_first(Side::Upper), Side::Lower);
    let o = RuleOptions { first_player_lays_out_first: true, ..RuleOptions::default() };
    assert_eq!(o.lays_out_first(Side::Lower), Side::Lower);
    for side in Side::BOTH {
        assert_eq!(o.first_mover_when_laying_first(o.lays_out_first(side)), side);
        let d = RuleOptions::default();
        assert_eq!(d.first_mover_when_laying_first(d.lays_out_first(side)), side);
    }
}

// 3.8: the lap limit is bounded in the checked constructors, with one typed error.
#[test]
fn the_checked_constructors_bound_the_lap_limit() {
    use omweso_rules::{FirstMoves, LapLimitError, Layout, MAX_LAP_LIMIT, StateError};
    let s = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");
    let huge = RuleOptions { lap_limit: 4_000_000_000, ..RuleOptions::default() };
    let err = StateError::LapLimit(LapLimitError { found: 4_000_000_000 });
    assert_eq!(s.with_options(huge), Err(err.clone()));
    assert_eq!(GameState::new(*s.position(), Side::Lower, FirstMoves::Both, [0, 0], huge), Err(err));
    let g = GameState::from_layouts(&Layout::twos(), &Layout::twos(), Side::Lower, huge);
    assert_eq!(g.options().lap_limit, MAX_LAP_LIMIT, "a start from layouts is brought within the bound");
}
