//! The coach in lost positions (issue 37): over positions of seeded random games that the
//! search proves lost for the side to move, no move that hands the opponent a win in one is
//! marked good (or best) where a longer defence existed. What a "win in one" is comes from
//! the rules alone (the opponent has a move that ends the game in its favour), not from the
//! engine's scores, so the verdicts are checked against facts anyone can replay.

#[path = "../../omweso-rules/tests/common/mod.rs"]
mod common;

use omweso_engine::review::{Mark, forced};
use omweso_engine::{Limits, PROVEN, judge};
use omweso_rules::{GameState, Move};
use std::sync::atomic::AtomicBool;

/// True when, after `mv` in `state`, the opponent has a move that wins the game at once
/// (by the rules, no search).
fn hands_over_a_win_in_one(state: &GameState, mv: &Move) -> bool {
    let (after, _) = state.play(mv).expect("a legal move");
    let opponent = state.to_move().opponent();
    after.outcome().is_none()
        && after.state.successors().iter().any(|s| s.outcome().and_then(|o| o.winner()) == Some(opponent))
}

#[test]
fn in_proven_lost_positions_a_move_handing_over_a_win_in_one_is_never_good() {
    let stop = AtomicBool::new(false);
    let limits = Limits { depth: Some(4), nodes: Some(200_000), ..Limits::default() };
    let (mut lost, mut checked, mut loss_in_one) = (0, 0, 0);
    // Random play leaves the side to move mostly winning: the positions one move on from
    // those, with the other side to move, are where lost positions are found.
    let states = common::random_states(37, 300, 10..80).into_iter().flat_map(|s| s.successors());
    for state in states.filter(|s| s.outcome().is_none()).map(|s| s.state) {
        let Some(j) = judge(&state, limits, &stop, &mut |_| {}) else { continue };
        if j.score() > -PROVEN {
            continue;
        }
        lost += 1;
        // Whether some move holds out longer than a loss in one, by the rules.
        let a_longer_defence = j.moves.iter().any(|(mv, _)| !hands_over_a_win_in_one(&state, mv));
        for (mv, score) in &j.moves {
            let r = j.review(mv, 1).expect("a move of the judgement");
            if hands_over_a_win_in_one(&state, mv) {
                checked += 1;
                if a_longer_defence {
                    assert!(r.mark > Mark::Inaccuracy, "{state}: {mv} hands over a win in one, marked {:?}", r.mark);
                }
            }
            if r.mark == Mark::LossInOne {
                loss_in_one += 1;
                // The mark holds by the rules: the opponent wins with its next move, and
                // the best move does not let it.
                assert!(hands_over_a_win_in_one(&state, mv), "{state}: {mv}");
                assert!(!hands_over_a_win_in_one(&state, j.best()), "{state}: best {}", j.best());
                assert_eq!(forced(*score).map(|f| f.plies), Some(2));
            }
        }
    }
    eprintln!("{lost} lost positions, {checked} moves handing over a win in one, {loss_in_one} marked loss-in-one");
    assert!(lost >= 20 && checked >= 20 && loss_in_one >= 10, "too few cases: {lost} lost, {checked} {loss_in_one}");
}
