//! Property tests over random games from random setups (proptest): 64 seeds always, every
//! generated move replays from its notation, the search's children are the successors'
//! states, canonical texts round-trip, nothing panics.
//! The round-trip properties on arbitrary and mutated text are those the fuzz targets check
//! (`fuzz/`, `common/round_trip.rs`), over a small budget.

#[path = "common/round_trip.rs"]
mod round_trip;

use omweso_rules::notation::{MoveText, parse_move};
use omweso_rules::{GameState, Layout, Position, RuleOptions, Side};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng, rngs::StdRng};

fn options(split: bool, akakyala: bool, lap_limit: u32) -> RuleOptions {
    RuleOptions { tournament_split: split, akakyala, lap_limit, ..RuleOptions::default() }
}

/// Plays a random game of at most `max_moves` moves, checking every move on the way.
fn check_random_game(seed: u64, options: RuleOptions, max_moves: usize) {
    let mut rng = StdRng::seed_from_u64(seed);
    let first = if rng.random_bool(0.5) { Side::Lower } else { Side::Upper };
    let mut state = GameState::from_layouts(&Layout::random(&mut rng), &Layout::random(&mut rng), first, options);
    for _ in 0..max_moves {
        assert_eq!(state.position().total(), 64);
        let text = state.to_string();
        let reread: GameState = text.parse::<GameState>().unwrap().with_options(options).unwrap();
        assert_eq!(reread, state, "state text {text}");
        let successors = state.successors();
        // The search's lean path: what each move leads to, without the move, in the same
        // order, the same states, captures and laps.
        let mut children = Vec::new();
        let _ = state.generate(|c: omweso_rules::Child| -> std::ops::ControlFlow<()> {
            children.push(c);
            std::ops::ControlFlow::Continue(())
        });
        let same: Vec<_> = successors.iter().map(|s| (s.state.clone(), s.captured_seeds, s.laps)).collect();
        let lean: Vec<_> = children.into_iter().map(|c| (c.state, c.captured_seeds, c.laps)).collect();
        assert_eq!(lean, same, "children of {text}");
        if successors.is_empty() {
            assert!(state.outcome().is_some(), "no move but no outcome in {text}");
            return;
        }
        for s in &successors {
            assert_eq!(s.state.position().total(), 64);
            let written = s.mv.to_string();
            let parsed = parse_move(&state, &written).unwrap_or_else(|e| panic!("{text}: {written}: {e}"));
            assert_eq!(parsed, s.mv, "{text}: {written}");
            let (played, trace) = state.play(&s.mv).unwrap();
            assert_eq!(played, *s);
            assert_eq!(trace.end_position(), *s.state.position(), "{text}: {written}");
            assert_eq!(s.laps as usize, trace.laps.len(), "{text}: {written}: laps counted as sown");
        }
        let pick = &successors[rng.random_range(0..successors.len())];
        if pick.outcome().is_some() {
            return;
        }
        state = pick.state.clone();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), split in any::<bool>(), akakyala in any::<bool>()) {
        check_random_game(seed, options(split, akakyala, 200), 150);
    }

    #[test]
    fn short_lap_limits_keep_every_invariant(seed in any::<u64>(), lap_limit in 1u32..6) {
        check_random_game(seed, options(false, true, lap_limit), 60);
    }

    #[test]
    fn position_notation_round_trips(counts in proptest::collection::vec(0u8..3, 32)) {
        let mut p = Position::empty();
        for (i, &c) in counts.iter().enumerate() {
            p.set(omweso_rules::Hole::from_index(i), c);
        }
        let text = p.to_string();
        prop_assert_eq!(text.parse::<Position>().unwrap(), p);
    }

    #[test]
    fn readers_never_panic_on_any_text(text in "\\PC{0,40}") {
        round_trip::position(&text);
        round_trip::game_state(&text);
        let _ = text.parse::<MoveText>();
    }

    /// Positions spelled another way than the canonical one (RULES.md §5: any grouping, any
    /// spacing): each hole its own group, in any order, with or without spaces. They read
    /// to the position meant, and round-trip.
    #[test]
    fn respelled_positions_round_trip(
        counts in proptest::collection::vec(0u8..3, 32),
        order in Just((0..32).collect::<Vec<usize>>()).prop_shuffle(),
        tight in any::<bool>(),
    ) {
        let mut p = Position::empty();
        for (i, &c) in counts.iter().enumerate() {
            p.set(omweso_rules::Hole::from_index(i), c);
        }
        let sep = if tight { "," } else { " , " };
        let side_text = |side: Side| {
            let groups: Vec<String> = order
                .iter()
                .map(|&i| omweso_rules::Hole::from_index(i))
                .filter(|h| h.side() == side && p.get(*h) > 0)
                .map(|h| format!("{}{h}", p.get(h)))
                .collect();
            if groups.is_empty() { "-".to_string() } else { groups.join(sep) }
        };
        let text = format!("{};{}", side_text(Side::Lower), side_text(Side::Upper));
        prop_assert_eq!(text.parse::<Position>(), Ok(p), "{}", text);
        round_trip::position(&text);
    }

    /// Moves spelled as readers accept them (RULES.md §5: any spacing, an omitted seed
    /// count or taken hole) in states of random games: they read to a legal move whose
    /// canonical text reads back to it.
    #[test]
    fn respelled_moves_round_trip(seed in any::<u64>(), plies in 0usize..30, drop_seeds in any::<bool>()) {
        let mut rng = StdRng::seed_from_u64(seed);
        let (lower, upper) = (Layout::random(&mut rng), Layout::random(&mut rng));
        let mut state = GameState::from_layouts(&lower, &upper, Side::Lower, RuleOptions::default());
        for _ in 0..plies {
            let moves = state.legal_moves();
            let Some(mv) = moves.get(rng.random_range(0..moves.len().max(1))) else { break };
            let next = state.play(mv).unwrap().0.state;
            if next.outcome().is_some() {
                break;
            }
            state = next;
        }
        for mv in state.legal_moves() {
            let canonical = mv.to_string();
            // `i3xF` → `ixF` or `i3x`; `, ` → `,`.
            let items = canonical.split(", ");
            let respelled: String = if drop_seeds {
                let items = items.map(|item| match item.split_once('x') {
                    Some((from, taken)) => format!("{}x{taken}", &from[..1]),
                    None => item.to_string(),
                });
                items.collect::<Vec<_>>().join(",")
            } else {
                let items = items.map(|i| i.split_once('x').map_or(i.to_string(), |(from, _)| format!("{from}x")));
                items.collect::<Vec<_>>().join(" ,")
            };
            round_trip::move_in(&state, &respelled);
            if !drop_seeds {
                // With the seed counts kept, each item still names its decision point.
                let read = parse_move(&state, &respelled).ok();
                prop_assert_eq!(read, Some(mv.clone()), "{} as {}", canonical, respelled);
            }
        }
    }

    #[test]
    fn readers_never_panic_on_mutated_notation(
        pick in 0usize..4,
        at in 0usize..80,
        insert in "[0-9a-pA-Px,;/ \\-sLU]{0,3}",
        cut in 0usize..4,
    ) {
        let texts = [
            "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0",
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0",
            "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0",
            "4i-p; 4I-P / U lower 0,0",
        ];
        let base = texts[pick];
        let chars: Vec<char> = base.chars().collect();
        let at = at.min(chars.len());
        let end = (at + cut).min(chars.len());
        let mutated: String = chars[..at].iter().chain(insert.chars().collect::<Vec<_>>().iter()).chain(chars[end..].iter()).collect();
        round_trip::position(&mutated);
        if let Some(state) = round_trip::game_state(&mutated) {
            for mv in ["d", "F", "m", "i3xF", "i3xF, i2xG", "D, J2xh", "ix", "b, j2, j2xH", "d3s"] {
                round_trip::move_in(&state, mv);
            }
            round_trip::move_in(&state, &insert);
        }
    }
}
