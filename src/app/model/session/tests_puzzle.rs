//! A puzzle on the board: the list's puzzle is put on its own board, a wrong move is
//! refuted by the opponent's proof and taken back, the answer solves it, and the puzzles
//! solved are kept in the settings.

use super::*;
use crate::app::model::command::Command as C;
use omweso_rules::Move;

/// Plays `mv` on the board as a player does: its hole, then each decision.
fn play_move(s: &mut Session, mv: &Move) {
    s.apply(C::PlayHole { hole: mv.start(), split: mv.is_split() });
    for c in mv.choices() {
        s.apply(C::Choose(c.direction));
    }
    for c in s.tick(1.0) {
        s.apply(c);
    }
}

#[test]
fn a_puzzle_refutes_a_wrong_move_and_is_solved_by_its_answer() {
    let all = crate::puzzles::course().expect("the puzzles load");
    let first = all[0].clone();
    let mut s = Session::new(Settings { animate: false, ..Settings::default() });
    s.apply(C::StartPuzzle(0));
    let run = s.puzzle().expect("a puzzle on the board");
    assert_eq!((run.index, &run.puzzle.id), (0, &first.id));
    assert_eq!(s.game().map(|g| g.current()), Some(&first.state));
    assert!(s.human_to_move() && !s.changed(), "a puzzle is no document to save");
    // No hint in a puzzle: it would give the answer away.
    s.apply(C::Hint);
    assert!(s.play().is_some_and(|p| p.hint().is_none()));
    // A wrong move is sown, then refuted by the opponent's proof.
    let (wrong, refutation) = first.refutations[0].clone();
    play_move(&mut s, &wrong);
    match &s.puzzle().expect("still the puzzle").feedback {
        Some(PuzzleFeedback::Refuted { played, refutation: r }) => {
            assert_eq!((played, r), (&wrong, &refutation));
            assert_eq!(r.winner, first.solver().opponent());
        }
        f => panic!("not refuted: {f:?}"),
    }
    assert!(!s.human_to_move(), "the board waits for Try again");
    assert!(s.settings().puzzles_solved.is_empty());
    // Try again: the puzzle's position, nothing said.
    s.apply(C::PuzzleRetry);
    assert_eq!(s.game().map(|g| (g.cursor(), g.current().clone())), Some((0, first.state.clone())));
    assert!(s.puzzle().is_some_and(|r| r.feedback.is_none()));
    // The answer solves it, and it is kept as solved.
    play_move(&mut s, &first.answer);
    assert!(s.puzzle().is_some_and(PuzzleRun::solved));
    assert_eq!(s.settings().puzzles_solved, vec![first.id.clone()]);
    // Next: the first puzzle not solved.
    s.apply(C::PuzzleNext);
    assert_eq!(s.puzzle().map(|r| r.index), Some(1));
    // Leaving goes back to the list.
    s.apply(C::LeavePuzzle);
    assert!(s.puzzle().is_none());
    assert!(matches!(s.modals().top(), Some(crate::app::model::modal::Modal::Puzzles)));
}
