//! A slow, obvious **reference sower**, written from RULES.md §1–§4 alone, and the
//! cross-check of the fast engine against it.
//!
//! The engine (`src/sowing.rs`) sows a lap with one `u128` add from tables, and both of its
//! paths — the traced one (`GameState::play`, which returns a `Trace`) and the untraced one
//! (`GameState::generate`) — run that same lap code, so an error in its tables
//! would agree with itself. The reference here shares none of it: its own board (seed counts
//! per side and letter, as RULES.md §1 prints the board), its own geometry (the printed rows
//! and the anticlockwise order of RULES.md 3.2, read letter by letter), and it plays a move
//! seed by seed with plain loops, each step marked with the RULES.md section it follows. Only
//! plain data crosses over: the engine's `Hole` by its letter, and the labels `Side`,
//! `Direction`, `LapSource`, `LapEnd`, `Outcome` and `WinKind`.
//!
//! The reference (`reference/`), checked by hand against the worked examples of RULES.md §6
//! in `reference_examples.rs`, holds:
//! - the reference sower ([`sow_move`]): a state, a start hole, the split flag and the
//!   direction chosen at each decision point in, the whole move out (board, laps with every
//!   seed's hole, decision points, captures, the end of the game);
//! - the reference move generator ([`reference_moves`]): every complete legal move of a state;
//! - property tests (proptest) comparing the engine's `successors()` and `play()` traces with
//!   the reference in states of seeded random games (`common::random_states`) and on
//!   random boards, under random rule options;
//! - a fixed set of such states, cross-checked the same way, that must reach every rule
//!   (decision points, clockwise laps after clockwise captures, splits, laps of 16 seeds,
//!   the lap limit, every kind of win), so that a pass of the property tests means something.

mod common;
mod reference;

use common::{AKAWUMBI, AKAWUMBI_ENDING_AT_B, state};
use reference::*;

use omweso_rules::{Direction, FirstMoves, GameState, LapSource, Outcome, Position, RuleOptions, Side};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------
// The cross-check
// ---------------------------------------------------------------------------------------

/// Compares the engine with the reference in `state`: the same set of complete moves from
/// `successors()`, the same resulting states (board, side to move, first moves, captures,
/// options, outcome), captured seeds and laps; and for each move, `play()`'s trace drops
/// seed by seed into the same holes, with the same laps and lap ends. Panics with the
/// state, the move and both results on a disagreement.
fn cross_check(state: &GameState) {
    let text = state.to_string();
    let options = *state.options();
    let mut reference = reference_moves(state);
    let mut engine = state.successors();
    reference.sort_by_key(RefMove::key);
    engine.sort_by_key(|s| engine_key(&s.mv));
    let reference_keys: Vec<MoveKey> = reference.iter().map(RefMove::key).collect();
    let engine_keys: Vec<MoveKey> = engine.iter().map(|s| engine_key(&s.mv)).collect();
    assert_eq!(engine_keys, reference_keys, "the moves differ in {text} ({options:?})");

    for (ours, theirs) in reference.iter().zip(&engine) {
        let r = &ours.result;
        let mv = theirs.mv.to_string();
        let context =
            || format!("state {text}, move {mv}, options {options:?}\nreference: {r:#?}\nengine: {theirs:#?}");
        let after = &theirs.state;
        assert_eq!(*after.position(), r.board.to_position(), "board: {}", context());
        assert_eq!(after.to_move(), r.to_move, "side to move: {}", context());
        assert_eq!(after.first_moves().pending(), r.first_move_pending, "first moves: {}", context());
        assert_eq!(after.captures(), r.captures, "captures: {}", context());
        assert_eq!(*after.options(), options, "options: {}", context());
        assert_eq!(after.outcome(), r.outcome, "outcome: {}", context());
        assert_eq!(theirs.captured_seeds, r.captured_seeds, "captured seeds: {}", context());
        assert_eq!(theirs.laps as usize, r.laps.len(), "laps: {}", context());

        // The traced path: the reference played from the engine's move as given (its start,
        // split flag and directions), lap by lap and seed by seed.
        let directions: Vec<Direction> = theirs.mv.choices().iter().map(|c| c.direction).collect();
        let replayed = sow_move(state, RefHole::from_hole(theirs.mv.start()), theirs.mv.is_split(), &directions)
            .unwrap_or_else(|e| panic!("the reference cannot play the engine's move ({e:?}): {}", context()));
        assert_eq!(replayed, *r, "the reference replays the move differently: {}", context());
        let (played, trace) = state.play(&theirs.mv).unwrap_or_else(|e| panic!("play: {e}: {}", context()));
        assert_eq!(played, *theirs, "play and successors differ: {}", context());
        assert_eq!(trace.mover, state.to_move(), "trace mover: {}", context());
        assert_eq!(trace.start, *state.position(), "trace start: {}", context());
        assert_eq!(trace.laps.len(), r.laps.len(), "trace laps: {}", context());
        for (lap, ref_lap) in trace.laps.iter().zip(&r.laps) {
            let drops: String = lap.drops().map(|h| h.letter()).collect();
            let at = format!("lap {}: {}", ref_lap.number, context());
            assert_eq!(lap.number, ref_lap.number, "lap number, {at}");
            assert_eq!(lap.source, ref_lap.source, "lap source, {at}");
            assert_eq!(lap.origin, ref_lap.origin.to_hole(), "lap origin, {at}");
            assert_eq!(lap.seeds, ref_lap.seeds, "lap seeds, {at}");
            assert_eq!(lap.direction, ref_lap.direction, "lap direction, {at}");
            assert_eq!(drops, ref_lap.drop_letters(), "drops, {at}");
            assert_eq!(Some(lap.last), ref_lap.drops.last().map(|h| h.to_hole()), "last hole, {at}");
            assert_eq!(lap.end, ref_lap.end.to_lap_end(), "lap end, {at}");
        }
        assert_eq!(trace.end_position(), r.board.to_position(), "trace replay: {}", context());
    }
}

/// Random rule options (RULES.md's [choice]s that change the sowing and the ends): the split,
/// akakyala, the akawumbi variant, the lap limit and the clockwise seed limit.
fn rule_options() -> impl Strategy<Value = RuleOptions> {
    (any::<bool>(), any::<bool>(), any::<bool>(), lap_limits(), clockwise_limits()).prop_map(
        |(split, akakyala, end_column, lap_limit, clockwise_limit)| {
            options_of(split, akakyala, end_column, lap_limit, clockwise_limit)
        },
    )
}

/// Rule options with these [choice]s, the others as RULES.md states them.
fn options_of(
    tournament_split: bool,
    akakyala: bool,
    akawumbi_needs_end_column: bool,
    lap_limit: u32,
    clockwise_seed_limit: Option<u32>,
) -> RuleOptions {
    RuleOptions {
        tournament_split,
        akakyala,
        akawumbi_needs_end_column,
        lap_limit,
        clockwise_seed_limit,
        ..RuleOptions::default()
    }
}

/// Lap limits for the property tests: mostly small (1..=8), to reach the never-ending end of
/// RULES.md 3.8 often, sometimes the default 200.
fn lap_limits() -> impl Strategy<Value = u32> {
    prop_oneof![3 => 1u32..=8, 1 => Just(200u32)]
}

/// The clockwise seed limit of RULES.md 3.5's [choice]: mostly none, sometimes 2..=16.
fn clockwise_limits() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![3 => Just(None), 1 => (2u32..=16).prop_map(Some)]
}

/// A random board of 64 seeds: `counts` for the 32 holes (Lower's a..p, then Upper's), then
/// brought to 64 by putting what is missing into hole `pile` or taking the excess from the
/// holes from `pile` on.
fn random_board(counts: &[u8], pile: usize) -> Position {
    let mut seeds: Vec<u32> = counts.iter().map(|&c| c as u32).collect();
    let total: u32 = seeds.iter().sum();
    if total < 64 {
        seeds[pile] += 64 - total;
    }
    let mut excess = total.saturating_sub(64);
    let mut at = pile;
    while excess > 0 {
        let take = seeds[at].min(excess);
        seeds[at] -= take;
        excess -= take;
        at = (at + 1) % 32;
    }
    let mut position = Position::empty();
    for (i, &n) in seeds.iter().enumerate() {
        let side = if i < 16 { Side::Lower } else { Side::Upper };
        let hole = RefHole { side, letter: b'a' + (i % 16) as u8 };
        position.set(hole.to_hole(), n as u8);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// States of seeded random games (`common::random_states`) under random rule options:
    /// the engine's moves, results and traces are the reference's.
    #[test]
    fn the_engine_sows_as_the_reference_in_random_games(
        seed in any::<u64>(),
        plies in 1usize..60,
        options in rule_options(),
    ) {
        let state = common::random_states(seed, 1, 0..plies).remove(0).with_options(options).unwrap();
        cross_check(&state);
    }

    /// Random boards (sparse or piled up, so that long laps, captures across many columns and
    /// every end of §4 come up), a random side to move, first-move flags and capture counts,
    /// under random rule options.
    #[test]
    fn the_engine_sows_as_the_reference_on_random_boards(
        counts in proptest::collection::vec(prop_oneof![3 => Just(0u8), 2 => Just(1u8), 3 => 2u8..=6], 32),
        pile in 0usize..32,
        upper_to_move in any::<bool>(),
        first in 0u8..3,
        counts_before in (0u16..=1, 0u16..=1),
        options in rule_options(),
    ) {
        let to_move = if upper_to_move { Side::Upper } else { Side::Lower };
        // 0: both have moved; 1: the mover's first move (the opponent moved first);
        // 2: nobody has moved yet.
        let (first_moves, captures) = match (first, to_move) {
            (0, _) => (FirstMoves::None, [counts_before.0, counts_before.1]),
            (1, Side::Lower) => (FirstMoves::Lower, [0, counts_before.1]),
            (1, Side::Upper) => (FirstMoves::Upper, [counts_before.0, 0]),
            _ => (FirstMoves::Both, [0, 0]),
        };
        let state = GameState::new(random_board(&counts, pile), to_move, first_moves, captures, options).unwrap();
        cross_check(&state);
    }
}

// ---------------------------------------------------------------------------------------
// What the cross-check reaches
// ---------------------------------------------------------------------------------------

/// How often each rule of RULES.md §3–§4 came up in the moves the reference generated.
#[derive(Debug, Default)]
struct Reached {
    /// Moves compared.
    moves: usize,
    /// Decision points (3.5).
    decisions: usize,
    /// Clockwise laps (3.5).
    clockwise_laps: usize,
    /// Clockwise laps sowing seeds captured by a clockwise lap (3.5, third moment).
    clockwise_after_clockwise: usize,
    /// Clockwise laps on a relay (3.5, second moment).
    clockwise_relays: usize,
    /// Decision points on the lap at the limit (3.8).
    decisions_at_the_limit: usize,
    /// Captures (3.4).
    captures: usize,
    /// Laps of 16 seeds or more (3.2).
    long_laps: usize,
    /// Laps of 16 captured seeds or more (3.2 with 3.4).
    long_capture_laps: usize,
    /// Clockwise laps of 16 seeds or more (3.2 with 3.5).
    long_clockwise_laps: usize,
    /// Laps that would capture but relay on a first move (3.6).
    first_move_relays: usize,
    /// Tournament splits (3.7).
    splits: usize,
    /// Tournament splits whose lap captures (3.7 with 3.3).
    split_captures: usize,
    /// Moves cut at the lap limit (3.8).
    cut: usize,
    /// Annulled games (3.8).
    annulled: usize,
    /// Wins at a cut move (3.8 with §4).
    wins_when_cut: usize,
    /// Wins by kind: akawumbi, emitwe-ebiri, akakyala, normal (§4).
    wins: [usize; 4],
    /// States in which the clockwise seed limit (3.5 [choice]) took a move away.
    clockwise_limit_bites: usize,
}

impl Reached {
    /// Cross-checks `state` and counts what its moves reached.
    fn add(&mut self, state: &GameState) {
        cross_check(state);
        let allowed = state.captures_allowed();
        let moves = reference_moves(state);
        if state.options().clockwise_seed_limit.is_some() {
            let unlimited = state.with_options(RuleOptions { clockwise_seed_limit: None, ..*state.options() }).unwrap();
            self.clockwise_limit_bites += usize::from(reference_moves(&unlimited).len() > moves.len());
        }
        for m in moves {
            let r = &m.result;
            self.moves += 1;
            self.decisions += r.decisions.len();
            self.decisions_at_the_limit += r.decisions.iter().filter(|d| d.lap == state.options().lap_limit).count();
            self.splits += usize::from(m.split);
            for (i, lap) in r.laps.iter().enumerate() {
                let clockwise = lap.direction == Direction::Clockwise;
                self.clockwise_laps += usize::from(clockwise);
                self.clockwise_relays += usize::from(clockwise && lap.source == LapSource::Relay);
                self.clockwise_after_clockwise +=
                    usize::from(clockwise && i > 0 && r.laps[i - 1].direction == Direction::Clockwise);
                self.captures += usize::from(matches!(lap.end, RefLapEnd::Capture { .. }));
                self.long_laps += usize::from(lap.seeds >= 16);
                self.long_capture_laps += usize::from(lap.seeds >= 16 && lap.source == LapSource::Capture);
                self.long_clockwise_laps += usize::from(lap.seeds >= 16 && clockwise);
                self.split_captures +=
                    usize::from(lap.source == LapSource::Split && matches!(lap.end, RefLapEnd::Capture { .. }));
                let last = *lap.drops.last().unwrap();
                let would_capture = last.is_front() && {
                    let (front, back) = last.opposite();
                    state.position().get(front.to_hole()) > 0 && state.position().get(back.to_hole()) > 0
                };
                self.first_move_relays +=
                    usize::from(!allowed && i == 0 && would_capture && matches!(lap.end, RefLapEnd::Relay { .. }));
            }
            let cut = r.laps.last().unwrap().end == RefLapEnd::Cut;
            self.cut += usize::from(cut);
            match r.outcome {
                Some(Outcome::Annulled) => self.annulled += 1,
                Some(Outcome::Win { kind, .. }) => {
                    self.wins_when_cut += usize::from(cut);
                    self.wins[kind as usize] += 1;
                }
                None => {}
            }
        }
    }
}

/// The cross-check in a fixed set of states — seeded random games and random boards drawn
/// as the property tests draw them, and the akawumbi positions worked out by hand below —
/// reaches every rule of RULES.md §3–§4, so that a pass of the property tests means something.
#[test]
fn the_cross_check_reaches_every_rule() {
    use rand::{RngExt, SeedableRng, rngs::StdRng};
    let mut reached = Reached::default();
    let mut rng = StdRng::seed_from_u64(7);
    for (i, state) in common::random_states(7, 150, 0..60).into_iter().enumerate() {
        let lap_limit = if i % 4 == 0 { 200 } else { rng.random_range(1..=8) };
        let options = options_of(rng.random_bool(0.5), rng.random_bool(0.5), false, lap_limit, None);
        reached.add(&state.with_options(options).unwrap());
    }
    for i in 0..150 {
        let counts: Vec<u8> = (0..32).map(|_| [0, 0, 0, 1, 1, 2, 3, 4][rng.random_range(0..8)]).collect();
        let pile = rng.random_range(0..32);
        let to_move = if rng.random_bool(0.5) { Side::Upper } else { Side::Lower };
        let lap_limit = if i % 4 == 0 { 200 } else { rng.random_range(1..=8) };
        let clockwise_limit = if i % 3 == 0 { Some(rng.random_range(2..=5)) } else { None };
        let options = options_of(true, rng.random_bool(0.5), false, lap_limit, clockwise_limit);
        let captures = [rng.random_range(0..=1), rng.random_range(0..=1)];
        let state = GameState::new(random_board(&counts, pile), to_move, FirstMoves::None, captures, options).unwrap();
        reached.add(&state);
    }
    for text in [AKAWUMBI, AKAWUMBI_ENDING_AT_B] {
        for needs_end_column in [false, true] {
            for lap_limit in [8, 9, 200] {
                let options = options_of(false, true, needs_end_column, lap_limit, None);
                reached.add(&state(text).with_options(options).unwrap());
            }
        }
    }
    let Reached { moves, decisions, clockwise_laps, clockwise_after_clockwise, clockwise_relays, .. } = reached;
    let Reached { decisions_at_the_limit, captures, long_laps, long_capture_laps, long_clockwise_laps, .. } = reached;
    let Reached { first_move_relays, splits, split_captures, .. } = reached;
    let Reached { cut, annulled, wins_when_cut, wins, clockwise_limit_bites, .. } = reached;
    let counts = [
        moves,
        decisions,
        clockwise_laps,
        clockwise_after_clockwise,
        clockwise_relays,
        decisions_at_the_limit,
        captures,
        long_laps,
        long_capture_laps,
        long_clockwise_laps,
        first_move_relays,
        splits,
        split_captures,
        cut,
        annulled,
        wins_when_cut,
        clockwise_limit_bites,
    ];
    assert!(counts.iter().chain(&wins).all(|&n| n > 0), "{reached:#?}");
}
