//! The puzzles of `assets/puzzles/`, checked through the rules: the answer's proof is
//! accepted by the rules-only proof checker (`crates/omweso-engine/examples/check_proof/`),
//! every other legal move has a refutation the checker accepts (the opponent wins), the
//! moves covered are exactly the legal moves, and each stated length is the proof's longest
//! line. A corrupted puzzle is refused, so the check can fail.

#[path = "../crates/omweso-engine/examples/check_proof/proof_checker.rs"]
mod proof_checker;

use omweso::puzzles::{self, Grade, ProvenWin, Puzzle};
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Move, Side};
use std::collections::{HashMap, HashSet};

/// The longest line of a proof, in moves, followed through the rules: the winner's move
/// from the proof, then every reply of the loser (the checker has already seen that each
/// line ends in the winner's win).
fn longest(proof: &str) -> Result<u32, String> {
    let mut answers: HashMap<String, Move> = HashMap::new();
    for line in proof.lines() {
        let (state, mv) = line.split_once('\t').ok_or("a line without a tab")?;
        let state: GameState = state.parse().map_err(|e| format!("{e}"))?;
        let mv = parse_move(&state, mv).map_err(|e| format!("{e}"))?;
        answers.insert(state.to_string(), mv);
    }
    let root: GameState = proof.split('\t').next().ok_or("empty")?.parse().map_err(|e| format!("{e}"))?;
    fn depth(s: &GameState, a: &HashMap<String, Move>, memo: &mut HashMap<String, u32>) -> Result<u32, String> {
        let key = s.to_string();
        if let Some(d) = memo.get(&key) {
            return Ok(*d);
        }
        let mv = a.get(&key).ok_or("a position the proof does not answer")?;
        let after = s.play(mv).map_err(|e| e.to_string())?.0;
        let mut d = 1;
        if after.outcome().is_none() {
            for reply in after.state.successors() {
                let more = if reply.outcome().is_some() { 1 } else { 1 + depth(&reply.state, a, memo)? };
                d = d.max(1 + more);
            }
        }
        memo.insert(key, d);
        Ok(d)
    }
    depth(&root, &answers, &mut HashMap::new())
}

/// One proven win checked: the checker accepts it for `winner` from `root`, and its length
/// is the longest line.
fn check_win(win: &ProvenWin, root: &GameState, winner: Side) -> Result<(), String> {
    let checked = proof_checker::check(&win.proof, *root.options())?;
    if checked.winner != winner || checked.root != *root {
        return Err(format!("the proof is {}'s from another position", checked.winner.name()));
    }
    let long = longest(&win.proof)?;
    if long != win.moves {
        return Err(format!("the proof's longest line is {long} moves, not {}", win.moves));
    }
    Ok(())
}

/// Everything a puzzle claims, checked through the rules.
fn check_puzzle(p: &Puzzle) -> Result<(), String> {
    let solver = p.state.to_move();
    check_win(&p.win, &p.state, solver).map_err(|e| format!("the answer: {e}"))?;
    let first = p.win.proof.lines().next().and_then(|l| l.split_once('\t')).ok_or("no first line")?;
    if parse_move(&p.state, first.1).ok().as_ref() != Some(&p.answer) {
        return Err("the proof's first move is not the answer".into());
    }
    let mut covered = HashSet::from([p.answer.to_string()]);
    for (wrong, refutation) in &p.refutations {
        let after = p.state.play(wrong).map_err(|e| e.to_string())?.0.state;
        check_win(refutation, &after, solver.opponent()).map_err(|e| format!("after {wrong}: {e}"))?;
        if !covered.insert(wrong.to_string()) {
            return Err(format!("{wrong} is answered twice"));
        }
    }
    let legal: HashSet<String> = p.state.legal_moves().iter().map(ToString::to_string).collect();
    if covered != legal {
        return Err(format!("the moves covered are not the legal moves: {covered:?} against {legal:?}"));
    }
    Ok(())
}

#[test]
fn every_puzzle_has_one_winning_move_and_every_other_move_is_refuted() {
    let all = puzzles::all().expect("the puzzle file loads");
    assert!((15..=30).contains(&all.len()), "{} puzzles", all.len());
    for p in &all {
        check_puzzle(p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
    }
    for grade in [Grade::Easy, Grade::Medium, Grade::Hard] {
        assert!(all.iter().any(|p| p.grade() == grade), "no {grade:?} puzzle");
    }
    assert!(all.windows(2).all(|w| w[0].win.moves <= w[1].win.moves), "easiest first");
    assert!(puzzles::PUZZLES_FILE.len() < 2 << 20, "the file stays under 2 MB");
}

#[test]
fn a_corrupted_puzzle_is_refused() {
    let all = puzzles::all().expect("the puzzle file loads");
    let p = all.iter().find(|p| p.win.proof.lines().count() > 1).expect("a puzzle with a longer proof");
    // A wrong answer: a refuted move named as the answer, with the answer's proof.
    let mut wrong = p.clone();
    wrong.answer = p.refutations[0].0.clone();
    assert!(check_puzzle(&wrong).is_err());
    // A missing refutation.
    let mut missing = p.clone();
    missing.refutations.pop();
    assert!(check_puzzle(&missing).unwrap_err().contains("not the legal moves"));
    // A refutation that is the answer's own proof (the solver's win, from the puzzle's position).
    let mut swapped = p.clone();
    swapped.refutations[0].1.proof = p.win.proof.clone();
    assert!(check_puzzle(&swapped).is_err());
    // A proof with a position left out.
    let mut cut = p.clone();
    let lines: Vec<&str> = p.win.proof.lines().collect();
    cut.win.proof = lines[..lines.len() - 1].join("\n");
    assert!(check_puzzle(&cut).unwrap_err().contains("no move for"));
    // A stated length that is not the proof's.
    let mut long = p.clone();
    long.win.moves += 2;
    assert!(check_puzzle(&long).unwrap_err().contains("longest line"));
}

#[test]
fn the_loader_refuses_a_file_with_a_move_left_unanswered_or_a_wrong_line() {
    let text = puzzles::PUZZLES_FILE;
    let texts: Vec<puzzles::PuzzleText> = ron::from_str(text).expect("RON");
    let mut first = texts[0].clone();
    first.refutations.pop();
    let e = puzzles::load(&ron::to_string(&vec![first]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("has no refutation"), "{e}");
    let mut twice = texts[0].clone();
    twice.id = texts[1].id.clone();
    let e = puzzles::load(&ron::to_string(&vec![twice, texts[1].clone()]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("used twice"), "{e}");
    let mut short = texts[1].clone();
    short.line.pop();
    let e = puzzles::load(&ron::to_string(&vec![short]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("main line"), "{e}");
}
