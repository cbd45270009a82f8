//! Taking a proof out of a prover's table once its root is proven: the winner's proven move
//! in each of its positions (searched again where the table has lost it), each position
//! once, a move whose proof would loop back onto its own line rolled back; and the main
//! line, the winner's moves against the loser's longest defence.

use super::table::Table;
use super::{INF, MAX_PLIES, Proof, Prover, finished};
use crate::tt::hash;
use omweso_rules::{GameState, Move, Successor};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use web_time::Instant;

/// Marks a proof position whose depth is not known yet: it is on the current line.
const ON_LINE: u32 = u32::MAX;

/// A proof being taken out of the table.
struct Extraction {
    steps: Vec<(GameState, Move)>,
    /// Each proof position's index in `steps` and its depth in moves to the end.
    seen: HashMap<u64, (usize, u32)>,
}

impl<T: Table + Send> Prover<T> {
    /// The proven win from `root` as a proof: the attacker's proven move in each of its
    /// positions (searched again where the table has lost it). `None` when it is larger
    /// than the limit or cannot be completed in time.
    pub(super) fn extract(&mut self, root: &GameState, deadline: Option<Instant>, stop: &AtomicBool) -> Option<Proof> {
        self.deadline = deadline;
        let mut x = Extraction { steps: Vec::new(), seen: HashMap::new() };
        let moves = if root.to_move() == self.attacker {
            self.prove_or(root, &mut x, stop, 0)?
        } else {
            self.prove_and(root, &mut x, stop, 0)?
        };
        // The main line: the winner's move, or the loser's longest defence.
        let mut line = Vec::new();
        let mut state = root.clone();
        while state.outcome().is_none() && line.len() < MAX_PLIES {
            let next = if state.to_move() == self.attacker {
                let &(i, _) = x.seen.get(&hash(&state))?;
                state.play(&x.steps[i].1).ok()?.0
            } else {
                let depth = |s: &Successor| x.seen.get(&hash(&s.state)).map_or(0, |&(_, d)| d);
                state.successors().into_iter().max_by_key(depth)?
            };
            line.push(next.mv);
            state = next.state;
        }
        Some(Proof { root: root.clone(), winner: self.attacker, steps: x.steps, moves, line })
    }

    /// Adds the OR node `state` (attacker to move, proven) and everything below it to the
    /// proof; returns its depth in moves. Tries each proven move in turn: one whose proof
    /// would come back to a position on its own line is rolled back.
    fn prove_or(&mut self, state: &GameState, x: &mut Extraction, stop: &AtomicBool, ply: usize) -> Option<u32> {
        let key = hash(state);
        if let Some(&(_, depth)) = x.seen.get(&key) {
            return (depth != ON_LINE).then_some(depth);
        }
        if x.steps.len() >= self.limits.proof_positions || ply >= MAX_PLIES {
            return None;
        }
        let children = state.successors();
        let proven = |p: &Prover<T>, s: &Successor| {
            finished(s.outcome(), p.attacker) == Some((0, INF)) || p.table.get(hash(&s.state)).is_some_and(|n| n.0 == 0)
        };
        if !children.iter().any(|s| proven(self, s)) {
            // The table lost it: prove the node again.
            self.path.clear();
            self.budget_end = u64::MAX;
            self.halt = None;
            if self.search(state, key, INF - 1, INF - 1, stop).0 != 0 {
                return None;
            }
        }
        // Wins at once first, then the other proven moves.
        let mut order: Vec<&Successor> = children.iter().filter(|s| proven(self, s)).collect();
        order.sort_by_key(|s| s.outcome().is_none());
        for child in order {
            let mark = x.steps.len();
            x.steps.push((state.clone(), child.mv.clone()));
            x.seen.insert(key, (mark, ON_LINE));
            let depth =
                if child.state.outcome().is_some() { Some(1) } else { self.prove_and(&child.state, x, stop, ply + 1) };
            match depth {
                Some(d) => {
                    x.seen.insert(key, (mark, d + 1 - u32::from(child.state.outcome().is_some())));
                    return x.seen.get(&key).map(|&(_, d)| d);
                }
                None => {
                    for (s, _) in x.steps.drain(mark..) {
                        x.seen.remove(&hash(&s));
                    }
                    if self.halt.is_some() || x.steps.len() >= self.limits.proof_positions {
                        return None;
                    }
                }
            }
        }
        None
    }

    /// Adds every reply of the AND node `state` (the defender to move) to the proof;
    /// returns its depth in moves.
    fn prove_and(&mut self, state: &GameState, x: &mut Extraction, stop: &AtomicBool, ply: usize) -> Option<u32> {
        let mut depth = 1;
        for reply in state.successors() {
            match finished(reply.outcome(), self.attacker) {
                Some((0, _)) => {}
                Some(_) => return None,
                None => depth = depth.max(1 + self.prove_or(&reply.state, x, stop, ply + 1)?),
            }
        }
        Some(depth)
    }
}
