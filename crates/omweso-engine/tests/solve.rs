//! The solver's proofs, checked by a checker that knows only the rules
//! (`examples/check_proof/proof_checker.rs`), not by trusting the search.

#[path = "../examples/check_proof/proof_checker.rs"]
mod proof_checker;

use omweso_engine::{Level, Limits, PROVEN, SolveLimits, Verdict, search, solve};
use omweso_rules::{GameState, RuleOptions};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

fn positions() -> Vec<GameState> {
    include_str!("../benches/engine-positions.txt")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.parse().unwrap())
        .collect()
}

fn limits(ms: u64) -> SolveLimits {
    SolveLimits { time: Some(Duration::from_millis(ms)), ..SolveLimits::default() }
}

#[test]
fn proofs_hold_under_the_checker_and_agree_with_the_search() {
    let stop = AtomicBool::new(false);
    let mut proven = 0;
    for state in positions().iter().take(12) {
        let solution = solve(state, limits(3000), &stop);
        if let Verdict::Win { winner, proof } = solution.verdict {
            proven += 1;
            let checked = proof_checker::check(&proof.to_text(), RuleOptions::default()).expect("the proof holds");
            assert_eq!(checked.winner, winner);
            assert_eq!(&checked.root, state);
            assert_eq!(proof.line.len() as u32, proof.moves, "the main line is the longest defence");
            // Where the search proves a result too, it is the same.
            let limits = Limits { nodes: Some(100_000), threads: 1, ..Limits::default() };
            let r = search(state, Level::Master, limits, 0, &stop, &mut |_| {}).expect("a move");
            if r.score.abs() >= PROVEN {
                let by_search = if r.score > 0 { state.to_move() } else { state.to_move().opponent() };
                assert_eq!(by_search, winner, "{state}");
            }
        }
    }
    // All twelve are proven within a few milliseconds each today; allow for a slow machine.
    assert!(proven >= 10, "{proven} of 12 proven");
}

/// A position the solver proves at once (Lower wins in 9 moves, 14 positions).
const SHORT: &str = "2a, 1c, 5de, 4f, 1g, 6h, 7i, 2j, 1k, 4l, 1m, 4n, 1p; 3E, 1F, 2G, 10I, 3L, 1N / L none 3,2";

fn proof_of(state: &GameState) -> omweso_engine::Proof {
    match solve(state, limits(5000), &AtomicBool::new(false)).verdict {
        Verdict::Win { proof, .. } => proof,
        v => panic!("not proven: {v:?}"),
    }
}

#[test]
fn the_checker_refuses_every_broken_proof() {
    let state: GameState = SHORT.parse().unwrap();
    let text = proof_of(&state).to_text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 14);
    let options = RuleOptions::default();
    assert!(proof_checker::check(&text, options).is_ok());
    // Every position but the root dropped in turn: a loser's reply is left unanswered.
    for i in 1..lines.len() {
        let mut broken = lines.clone();
        broken.remove(i);
        let e = proof_checker::check(&broken.join("\n"), options).unwrap_err();
        assert!(e.starts_with("the proof has no move for"), "{e}");
    }
    // The winner's first move replaced by every other legal move: none of them proves it.
    let root_move = lines[0].split_once('\t').unwrap().1;
    for mv in state.legal_moves().iter().map(|m| m.to_string()).filter(|m| m != root_move) {
        let broken = text.replacen(&format!("\t{root_move}\n"), &format!("\t{mv}\n"), 1);
        assert!(proof_checker::check(&broken, options).is_err(), "{mv} does not win as the proof goes");
    }
    // Malformed, illegal, duplicated and empty proofs, and the wrong rules.
    let e = proof_checker::check(&text.replacen('\t', " ", 1), options).unwrap_err();
    assert!(e.starts_with("line 1: expected"), "{e}");
    let e = proof_checker::check(&text.replacen("\ta2xF", "\tq", 1), options).unwrap_err();
    assert!(e.starts_with("line 1: "), "{e}");
    let doubled = format!("{text}{}\n", lines[3]);
    assert_eq!(proof_checker::check(&doubled, options).unwrap_err(), "line 15: the position is answered twice");
    assert_eq!(proof_checker::check("", options).unwrap_err(), "the proof is empty");
    let annulling = RuleOptions { lap_limit: 1, ..options };
    assert!(proof_checker::check(&text, annulling).is_err());
}

#[test]
fn a_root_where_the_loser_moves_is_proven_over_all_its_moves() {
    // After Lower's first proof move, Upper is to move and loses: the proof starts `\t*`.
    let state: GameState = SHORT.parse().unwrap();
    let first = proof_of(&state).steps[0].1.clone();
    let (after, _) = state.play(&first).unwrap();
    let proof = proof_of(&after.state);
    assert_eq!(proof.winner, omweso_rules::Side::Lower);
    let text = proof.to_text();
    assert_eq!(text.lines().next(), Some(format!("{}\t*", after.state).as_str()));
    let checked = proof_checker::check(&text, RuleOptions::default()).unwrap();
    assert_eq!((checked.winner, checked.positions), (omweso_rules::Side::Lower, proof.steps.len()));
    // Without its root line the remaining lines prove something else, or nothing.
    let rest: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    assert_ne!(proof_checker::check(&rest, RuleOptions::default()).map(|c| c.root), Ok(after.state));
}

#[test]
fn annulled_only_when_every_line_ends_in_an_annulment() {
    // With a lap limit of 1, every opening move relays past its first lap and is annulled.
    let options = RuleOptions { lap_limit: 1, ..RuleOptions::default() };
    let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
    let state = state.with_options(options).unwrap();
    for side in [omweso_rules::Side::Lower, omweso_rules::Side::Upper] {
        assert!(cannot_force_a_win(&state, side, 0), "checked without the solver");
    }
    let s = solve(&state, limits(1000), &AtomicBool::new(false));
    assert_eq!(s.verdict, Verdict::Annulled);
    assert!(s.exact);
}

/// Whether `side` cannot force a win from `state`: every line it may choose, against some
/// defence, ends otherwise; each line must end within 40 moves.
fn cannot_force_a_win(state: &GameState, side: omweso_rules::Side, ply: u32) -> bool {
    if let Some(o) = state.outcome() {
        return o.winner() != Some(side);
    }
    assert!(ply < 40, "a line is longer than expected");
    let mut replies = state.successors().into_iter().map(|s| cannot_force_a_win(&s.state, side, ply + 1));
    if state.to_move() == side { replies.all(|b| b) } else { replies.any(|b| b) }
}

#[test]
fn master_plays_a_proven_win_by_its_proof() {
    let state: GameState = SHORT.parse().unwrap();
    let proof = proof_of(&state);
    let mut infos = Vec::new();
    let timed = Limits { time: Some(Duration::from_millis(2000)), ..Limits::default() };
    let r = search(&state, Level::Master, timed, 0, &AtomicBool::new(false), &mut |i| infos.push(i.clone())).unwrap();
    assert_eq!(r.best, proof.steps[0].1);
    assert_eq!((r.score, r.pv.clone()), (omweso_engine::WIN - proof.moves as i32, proof.line.clone()));
    assert_eq!(infos.len(), 1, "one report: the proof");
    // The position after it is lost for the opponent, and the checker agrees.
    let after = state.play(&r.best).unwrap().0.state;
    let Verdict::Win { winner, proof } = solve(&after, limits(2000), &AtomicBool::new(false)).verdict else { panic!() };
    assert_eq!(winner, state.to_move());
    assert!(proof_checker::check(&proof.to_text(), RuleOptions::default()).is_ok());
}

#[test]
fn a_reply_layout_with_a_proven_win() {
    let first = omweso_rules::notation::parse_layout("2A-P", omweso_rules::Side::Upper).unwrap();
    let options = RuleOptions::default();
    let side = omweso_rules::Side::Lower;
    let (layout, solution) =
        omweso_engine::solve_layout(side, &first, &options, Duration::from_secs(5), 0, &AtomicBool::new(false));
    let Verdict::Win { winner, proof } = solution.verdict else { panic!("{:?}", solution.verdict) };
    assert_eq!(winner, side);
    // The proof starts from the game the two layouts make, Lower (laying out second) to move.
    let start = GameState::from_layouts(&layout, &first, side, options);
    assert_eq!(proof.root, start);
    assert_eq!(proof_checker::check(&proof.to_text(), options).map(|c| c.winner), Ok(side));
}

#[test]
fn more_threads_prove_what_one_proves() {
    let stop = AtomicBool::new(false);
    for state in positions().iter().take(6) {
        let one = solve(state, limits(3000), &stop);
        // Two: the attackers side by side; four: two threads on each attacker's shared table.
        for threads in [2, 4] {
            let many = solve(state, SolveLimits { threads, ..limits(3000) }, &stop);
            match (&one.verdict, &many.verdict) {
                (Verdict::Win { winner: a, .. }, Verdict::Win { winner: b, proof }) => {
                    assert_eq!(a, b, "{state}");
                    let checked =
                        proof_checker::check(&proof.to_text(), RuleOptions::default()).expect("the proof holds");
                    assert_eq!((checked.winner, &checked.root), (*b, state));
                }
                (a, b) => panic!("{state}: one thread {a:?}, {threads} threads {b:?}"),
            }
        }
    }
}
