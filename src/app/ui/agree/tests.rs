//! The hint and the coach on a position with several winning moves (issue 41).

use super::*;
use omweso_engine::{PROVEN, WIN};
use omweso_rules::GameState;

/// The start's eight moves (i … p) judged with `scores`, best first as a judgement is.
fn judged(scores: &[i32]) -> (Judgement, Vec<Move>) {
    let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
    let moves: Vec<Move> = state.legal_moves();
    let j = Judgement {
        depth: 3,
        moves: moves.iter().cloned().zip(scores.iter().copied()).collect(),
        pv: Vec::new(),
        nodes: 0,
    };
    (j, moves)
}

/// i wins 2 points in 3 plies, j 1 point in 5, k 1 point in 9; the rest do not win.
fn three_wins() -> (Judgement, Vec<Move>) {
    judged(&[WIN + 2000 - 3, WIN + 1000 - 5, WIN + 1000 - 9, 300, 120, -40, -80, -PROVEN])
}

#[test]
fn the_hint_says_when_other_moves_win_too() {
    let (j, moves) = three_wins();
    assert_eq!(hint_company(&j, &moves[0]), " It is one of 3 moves that win by force here: j and k win too.");
    // Alone: nothing added.
    let (alone, moves) = judged(&[WIN + 1000 - 3, 200, 100, 0, 0, 0, 0, 0]);
    assert_eq!(hint_company(&alone, &moves[0]), "");
    // No forced win, two equal scores.
    let (equal, moves) = judged(&[150, 150, 100, 0, 0, 0, 0, 0]);
    assert_eq!(hint_company(&equal, &moves[0]), " j is as good.");
}

#[test]
fn moves_with_commas_are_listed_apart_and_a_long_list_is_cut_short() {
    let names: Vec<String> = ["i", "k, b2xE", "m, b2xE", "p, a3xE", "g"].map(String::from).to_vec();
    assert_eq!(listed(&names[..3]), "i; k, b2xE and m, b2xE");
    assert_eq!(listed(&names), "i; k, b2xE; m, b2xE and 2 more");
}

#[test]
fn the_coach_never_calls_a_winning_move_a_mistake_nor_the_hints_move_the_only_best() {
    let (j, moves) = three_wins();
    // The hint's move: one of three, the others named, never "the best move" alone.
    let r: MoveReview = j.review(&moves[0], 1).unwrap().into();
    let (text, mark) = coach_sentence(&moves[0], &r, Side::Lower, Some(&j));
    assert_eq!(text, "Coach: i wins by force, the hint's choice; it is one of 3 moves that win here (j and k too).");
    assert_eq!(mark, Mark::Best);
    // Another winning move, for fewer points: the search's mark is a blunder (a point is
    // ten seeds), but it wins, and the coach says so and names the hint's move.
    let r: MoveReview = j.review(&moves[1], 1).unwrap().into();
    assert_eq!(r.mark, Mark::Blunder, "the mark alone would call it a blunder");
    let (text, mark) = coach_sentence(&moves[1], &r, Side::Lower, Some(&j));
    assert!(
        text.starts_with("Coach: j wins by force too, one of 3 moves that win here; the hint's choice, i"),
        "{text}"
    );
    assert!(!text.contains("blunder") && !text.contains("mistake"), "{text}");
    assert_eq!(mark, Mark::Good);
    // A move that does not win: marked, with the hint's move as the better one, and the
    // others that won counted.
    let r: MoveReview = j.review(&moves[4], 1).unwrap().into();
    let (text, _) = coach_sentence(&moves[4], &r, Side::Lower, Some(&j));
    assert!(text.starts_with("Coach: m was a blunder (it missed a forced win); i was better"), "{text}");
    assert!(text.ends_with("one of 3 moves that won by force"), "{text}");
    // Without a kept judgement, the verdict alone, as before.
    let (text, _) = coach_sentence(&moves[0], &r, Side::Lower, None);
    assert!(text.starts_with("Coach: i was a blunder"), "{text}");
}

#[test]
fn a_thrown_win_names_the_hints_move_among_the_winning_moves() {
    let (j, moves) = three_wins();
    // The proof's line began with k; the hint said i.
    let thrown = Thrown { winning: moves[2].clone(), within: 5, refutation: vec![moves[0].clone()], refuted_within: 3 };
    let said = thrown_sentence(&thrown, "m", Side::Lower, Some(&j));
    assert_eq!(
        said,
        "m threw away a proven win: 3 moves won here; i, the hint's choice, won, and so did k (within 5 moves). \
         Now Upper wins within 3 moves: i"
    );
    // No judgement kept: the proof's words alone.
    assert!(thrown_sentence(&thrown, "m", Side::Lower, None).starts_with("m threw away a proven win: k won"));
}

fn loss_review(score_before: i32, loss: i32) -> MoveReview {
    MoveReview {
        number: 3,
        played: "m".into(),
        score_before,
        best: "p".into(),
        loss,
        mark: omweso_engine::review::mark(score_before, score_before - loss).into(),
    }
}

#[test]
fn a_loss_says_what_it_gave_away_and_to_whom() {
    assert_eq!(loss_words(&loss_review(150, 920), Side::Lower), "it gave away about 9.2 seeds");
    assert_eq!(loss_words(&loss_review(150, 150 + WIN - 3), Side::Lower), "it let Upper force a win");
    assert_eq!(loss_words(&loss_review(WIN - 1, WIN - 1 - 200), Side::Upper), "it missed a forced win");
    assert_eq!(loss_words(&loss_review(WIN - 1, 2), Side::Upper), "it wins more slowly");
    // Lost either way: how much sooner the loss comes, never seeds.
    let lost = loss_review(-(WIN + 1000 - 8), 6);
    assert_eq!(lost.mark, Mark::LossInOne);
    assert_eq!(loss_words(&lost, Side::Upper), "Lower wins in 1 move instead of 4");
}
