//! Perft counts and a digest of every generated successor, pinned with the rules code as it
//! was before the move-generation speed work (issue 13): a faster generator must give
//! exactly the same moves, states and outcomes.

use omweso_rules::{GameState, RuleOptions};

mod common;

const WORKED_START: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";
const BACK_ROW_FOURS: &str = "4i-p; 4I-P / L both 0,0";
/// After the three moves of RULES.md §6: captures allowed from the start.
const WORKED_AFTER_THREE: &str = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0";
/// RULES.md §6's reverse capture: decision points at once.
const REVERSE: &str = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0";

fn state(text: &str) -> GameState {
    text.parse().expect("a valid state")
}

/// `(depth, sequences, moves generated)`.
fn check(text: &str, options: RuleOptions, pinned: &[(u32, u64, u64)]) {
    let s = state(text).with_options(options).expect("valid options");
    for &(depth, leaves, generated) in pinned {
        let p = s.perft(depth);
        assert_eq!((p.leaves, p.generated), (leaves, generated), "perft {depth} from {text}");
    }
}

#[test]
fn perft_from_the_worked_game_start() {
    check(
        WORKED_START,
        RuleOptions::default(),
        &[(5, 19_580, 22_675), (6, 140_306, 162_981), (7, 1_140_839, 1_303_820)],
    );
}

#[test]
fn perft_from_back_row_fours() {
    check(
        BACK_ROW_FOURS,
        RuleOptions::default(),
        &[(5, 21_792, 25_057), (6, 166_460, 191_517), (7, 1_315_673, 1_507_190)],
    );
}

#[test]
fn perft_with_captures_and_decisions() {
    check(WORKED_AFTER_THREE, RuleOptions::default(), &[(4, 1_917, 2_228), (5, 12_707, 14_935), (6, 90_914, 105_849)]);
    check(REVERSE, RuleOptions::default(), &[(4, 1_660, 1_936), (5, 11_415, 13_351), (6, 100_792, 114_143)]);
}

#[test]
fn perft_under_other_rule_options() {
    let split = RuleOptions { tournament_split: true, ..RuleOptions::default() };
    check(WORKED_START, split, &[(5, 26_927, 31_258), (6, 196_479, 227_737)]);
    // A low lap limit: many moves are cut and games annulled (RULES.md 3.8).
    let short = RuleOptions { lap_limit: 3, akakyala: false, ..RuleOptions::default() };
    check(WORKED_AFTER_THREE, short, &[(4, 628, 761), (5, 1_759, 2_520), (7, 43_742, 57_935)]);
}

/// FNV-1a over text.
fn digest(h: &mut u64, text: &str) {
    for b in text.bytes().chain([b'\n']) {
        *h = (*h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
}

#[test]
fn every_successor_of_random_states_is_unchanged() {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut moves = 0u64;
    let odd = RuleOptions { tournament_split: true, lap_limit: 5, ..RuleOptions::default() };
    let states = common::random_states(13, 400, 0..40);
    let variants = states.iter().map(|s| s.with_options(odd).expect("valid options"));
    for s in states.iter().cloned().chain(variants) {
        let successors = s.successors();
        // The count of perft's last level sows the same moves.
        assert_eq!(s.count_moves(), successors.len() as u64, "{s}");
        for succ in successors {
            moves += 1;
            let outcome = succ.outcome().map_or_else(|| "-".to_string(), |o| o.to_string());
            digest(&mut h, &format!("{} {} {} {} {}", succ.mv, succ.state, outcome, succ.captured_seeds, s));
            // The traced path plays the same move to the same end.
            let (played, _) = s.play(&succ.mv).expect("a generated move is legal");
            assert_eq!(played, succ);
        }
    }
    assert_eq!((moves, h), (9_041, 17_661_436_740_096_914_484));
}
