//! The solver: depth-first proof-number search (df-pn, Nagai 2002, with the 1+ε trick of
//! Pawlewicz and Lew) over the rules, proving that one side — the *attacker* — can force a
//! win (RULES.md §4) against every defence. An annulled game (RULES.md 3.8) is not a win, so
//! a proven win never rests on an annulled line. The proof comes out as a [`Proof`]: the
//! attacker's move in each position of the proof, which a program knowing only the rules can
//! check (`examples/check_proof.rs`).
//!
//! A node is an OR node when the attacker is to move (one move must win) and an AND node
//! otherwise (every reply must lose). Its proof number is how many more leaves must be
//! proven to prove it, its disproof number how many to disprove it; a child never seen
//! starts at 1 and 1. The search always grows the most proving node within thresholds, and
//! keeps the numbers of every node it has seen in a table keyed by [`crate::hash`].
//!
//! A position repeated on the current line counts as not won for the attacker (a repetition
//! makes no progress). That may disprove a position that is in fact won, never the other way
//! round; the solver says so ([`Solution::exact`]) and then does not claim an annulled game.

use crate::tt::hash;
use omweso_rules::{GameState, Move, Side, Successor};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Proof and disproof numbers at or above this are infinite.
const INF: u32 = u32::MAX / 4;
/// The 1+ε of the child's threshold: 1 + 1/EPS_DIV.
const EPS_DIV: u32 = 4;
/// Plies below the root beyond which a line counts as not won (as a repetition does).
const MAX_PLIES: usize = 600;
/// How often, in nodes expanded, the clock and the stop flag are read.
const CHECK_EVERY: u64 = 256;

/// Limits of one solve; it stops at whichever comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveLimits {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// Nodes expanded (successors generated), both attackers together.
    pub nodes: Option<u64>,
    /// Most positions kept in each attacker's table; when it is full, the positions
    /// neither proven nor disproven are dropped. 4 million take about 200 MB.
    pub table_positions: usize,
    /// Positions the proof may hold (winner to move); a larger proof is reported as too
    /// large instead of written.
    pub proof_positions: usize,
}

impl Default for SolveLimits {
    fn default() -> SolveLimits {
        SolveLimits {
            time: Some(Duration::from_secs(10)),
            nodes: None,
            table_positions: 4 << 20,
            proof_positions: 2_000_000,
        }
    }
}

/// What a solve found about the position, for the side to move and its opponent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// `winner` wins against every defence; the proof says how.
    Win {
        /// The side that wins.
        winner: Side,
        /// The proof: the winner's move in every position of it.
        proof: Proof,
    },
    /// Neither side can force a win, and every line ends (RULES.md 3.8): the game is
    /// annulled with best play. Claimed only when no repetition was met.
    Annulled,
    /// Not found within the limits, or the proof is larger than allowed (`too_large`).
    Unknown {
        /// A side was proven to win but its proof has more positions than
        /// [`SolveLimits::proof_positions`].
        too_large: Option<Side>,
    },
}

/// The answer of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The result.
    pub verdict: Verdict,
    /// Nodes expanded, both attackers together.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// False when a repetition (or the ply limit) cut a line: a disproof may then be wrong
    /// (a proof never is: it is checked).
    pub exact: bool,
}

/// A proven win as the winner's move in each position of the proof where the winner is to
/// move: from the first, following that move and then every legal reply of the loser, every
/// line ends in the winner's win within [`Proof::moves`] moves. The root comes first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The position proven.
    pub root: GameState,
    /// The side that wins.
    pub winner: Side,
    /// `(position, the winner's move there)`, each position once; the root first when the
    /// winner is to move there.
    pub steps: Vec<(GameState, Move)>,
    /// The longest line of the proof, in moves (both players' moves counted).
    pub moves: u32,
    /// The main line: the winner's moves and the loser's longest defence, to the end.
    pub line: Vec<Move>,
}

impl Proof {
    /// The proof in its file form: one line `<full game state>\t<move>` per step, the root
    /// first (RULES.md §5 notation for both). When the loser is to move at the root, the
    /// first line is the root with `*` for its move: every move there is answered below.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if self.root.to_move() != self.winner {
            out.push_str(&format!("{}\t*\n", self.root));
        }
        for (state, mv) in &self.steps {
            out.push_str(&format!("{state}\t{mv}\n"));
        }
        out
    }
}

/// Proves or disproves a win for each side of `state` in turn, with growing budgets, until
/// one is proven, both are disproven, or the limits or `stop` end it.
///
/// # Panics
/// Never on a valid state; a finished `state` answers at once.
pub fn solve(state: &GameState, limits: SolveLimits, stop: &AtomicBool) -> Solution {
    let start = Instant::now();
    let deadline = limits.time.map(|t| start + t);
    let mut provers = [Prover::new(state.to_move(), limits), Prover::new(state.to_move().opponent(), limits)];
    let mut exact = true;
    let mut budget = 20_000u64;
    let solution = |verdict, provers: &[Prover; 2], exact| Solution {
        verdict,
        nodes: provers.iter().map(|p| p.nodes).sum(),
        elapsed: start.elapsed(),
        exact,
    };
    if let Some(outcome) = state.outcome() {
        let verdict = match outcome.winner() {
            Some(winner) => Verdict::Win {
                winner,
                proof: Proof { root: state.clone(), winner, steps: Vec::new(), moves: 0, line: Vec::new() },
            },
            None => Verdict::Annulled,
        };
        return solution(verdict, &provers, true);
    }
    loop {
        let mut disproven = 0;
        for i in 0..2 {
            let prover = &mut provers[i];
            let used: u64 = prover.nodes;
            let cap = limits.nodes.map(|n| n.saturating_sub(used));
            match prover.run(state, budget.min(cap.unwrap_or(u64::MAX)), deadline, stop) {
                Run::Proven => {
                    let winner = prover.attacker;
                    let verdict = match prover.extract(state, deadline, stop) {
                        Some(proof) => Verdict::Win { winner, proof },
                        None => Verdict::Unknown { too_large: Some(winner) },
                    };
                    let e = exact && prover.exact;
                    return solution(verdict, &provers, e);
                }
                Run::Disproven => disproven += 1,
                Run::Open => {}
                Run::Stopped => {
                    let e = exact && provers.iter().all(|p| p.exact);
                    return solution(Verdict::Unknown { too_large: None }, &provers, e);
                }
            }
            exact &= provers[i].exact;
        }
        if disproven == 2 {
            let verdict = if exact { Verdict::Annulled } else { Verdict::Unknown { too_large: None } };
            return solution(verdict, &provers, exact);
        }
        let total: u64 = provers.iter().map(|p| p.nodes).sum();
        if limits.nodes.is_some_and(|n| total >= n) {
            return solution(Verdict::Unknown { too_large: None }, &provers, exact);
        }
        budget = budget.saturating_mul(2);
    }
}

/// How a bounded run ended.
enum Run {
    Proven,
    Disproven,
    /// The budget ran out.
    Open,
    /// The time or the stop flag ended it.
    Stopped,
}

/// The table's hasher: the keys are Zobrist keys already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(*b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Table = HashMap<u64, (u32, u32), BuildHasherDefault<KeyHasher>>;

/// One attacker's df-pn search and its table.
struct Prover {
    attacker: Side,
    table: Table,
    limits: SolveLimits,
    nodes: u64,
    /// Keys of the positions on the current line.
    path: Vec<u64>,
    exact: bool,
    /// Set when the budget, the clock or the stop flag ends the run.
    halt: Option<Run>,
    budget_end: u64,
    deadline: Option<Instant>,
}

/// A child's numbers before it is searched: a finished game is known; otherwise the table,
/// or 1 and 1.
fn finished(s: &Successor, attacker: Side) -> Option<(u32, u32)> {
    s.outcome().map(|o| if o.winner() == Some(attacker) { (0, INF) } else { (INF, 0) })
}

impl Prover {
    fn new(attacker: Side, limits: SolveLimits) -> Prover {
        Prover {
            attacker,
            table: Table::default(),
            limits,
            nodes: 0,
            path: Vec::new(),
            exact: true,
            halt: None,
            budget_end: 0,
            deadline: None,
        }
    }

    /// A child's numbers; a repetition or a line too long counts as disproven, and makes
    /// the search inexact.
    fn numbers(&mut self, s: &Successor, key: u64) -> (u32, u32) {
        if let Some(n) = finished(s, self.attacker) {
            return n;
        }
        if self.path.len() >= MAX_PLIES || self.path.contains(&key) {
            self.exact = false;
            return (INF, 0);
        }
        self.table.get(&key).copied().unwrap_or((1, 1))
    }

    fn store(&mut self, key: u64, numbers: (u32, u32)) {
        if self.table.len() >= self.limits.table_positions && !self.table.contains_key(&key) {
            self.table.retain(|_, (pn, dn)| *pn == 0 || *dn == 0);
            if self.table.len() >= self.limits.table_positions {
                return;
            }
        }
        self.table.insert(key, numbers);
    }

    /// Searches `root` for at most `budget` more nodes.
    fn run(&mut self, root: &GameState, budget: u64, deadline: Option<Instant>, stop: &AtomicBool) -> Run {
        self.halt = None;
        self.budget_end = self.nodes.saturating_add(budget);
        self.deadline = deadline;
        self.path.clear();
        let key = hash(root);
        let (pn, dn) = self.search(root, key, INF - 1, INF - 1, stop);
        if pn == 0 {
            Run::Proven
        } else if dn == 0 {
            Run::Disproven
        } else {
            self.halt.take().unwrap_or(Run::Open)
        }
    }

    /// df-pn's MID: grows `state` (key `key`) until its proof number reaches `th_pn` or its
    /// disproof number `th_dn`; returns the numbers and keeps them in the table.
    fn search(&mut self, state: &GameState, key: u64, th_pn: u32, th_dn: u32, stop: &AtomicBool) -> (u32, u32) {
        let or_node = state.to_move() == self.attacker;
        self.nodes += 1;
        if self.nodes.is_multiple_of(CHECK_EVERY) {
            if stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.halt = Some(Run::Stopped);
            } else if self.nodes >= self.budget_end {
                self.halt = Some(Run::Open);
            }
        }
        let children: Vec<(Successor, u64)> = state
            .successors()
            .into_iter()
            .map(|s| {
                let k = hash(&s.state);
                (s, k)
            })
            .collect();
        self.path.push(key);
        let result = loop {
            // The node's numbers from its children's, and the two most proving children.
            let (mut best, mut best_n, mut second) = (0usize, (INF, INF), INF);
            let (mut min, mut sum) = (INF, 0u32);
            for (i, (s, k)) in children.iter().enumerate() {
                let (pn, dn) = self.numbers(s, *k);
                // On an OR node the child's proof number decides, on an AND node its disproof number.
                let (decide, other) = if or_node { (pn, dn) } else { (dn, pn) };
                sum = sum.saturating_add(other).min(INF);
                if decide < min {
                    second = min;
                    min = decide;
                    best = i;
                    best_n = (pn, dn);
                } else if decide < second {
                    second = decide;
                }
            }
            let numbers = if or_node { (min, sum) } else { (sum, min) };
            if numbers.0 >= th_pn || numbers.1 >= th_dn || numbers.0 == 0 || numbers.1 == 0 || self.halt.is_some() {
                break numbers;
            }
            let eps = |n: u32| n.saturating_add(n / EPS_DIV).saturating_add(1);
            let (child_pn, child_dn) = if or_node {
                (th_pn.min(eps(second)), th_dn - numbers.1 + best_n.1)
            } else {
                (th_pn - numbers.0 + best_n.0, th_dn.min(eps(second)))
            };
            let (s, k) = &children[best];
            self.search(&s.state, *k, child_pn.min(INF - 1), child_dn.min(INF - 1), stop);
        };
        self.path.pop();
        self.store(key, result);
        result
    }

    /// The proven win from `root` as a proof: the attacker's proven move in each of its
    /// positions (searched again where the table has lost it). `None` when it is larger
    /// than the limit or cannot be completed in time.
    fn extract(&mut self, root: &GameState, deadline: Option<Instant>, stop: &AtomicBool) -> Option<Proof> {
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
        let proven = |p: &Prover, s: &Successor| {
            finished(s, p.attacker) == Some((0, INF)) || p.table.get(&hash(&s.state)).is_some_and(|n| n.0 == 0)
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
            match finished(&reply, self.attacker) {
                Some((0, _)) => {}
                Some(_) => return None,
                None => depth = depth.max(1 + self.prove_or(&reply.state, x, stop, ply + 1)?),
            }
        }
        Some(depth)
    }
}

/// Marks a proof position whose depth is not known yet: it is on the current line.
const ON_LINE: u32 = u32::MAX;

/// A proof being taken out of the table.
struct Extraction {
    steps: Vec<(GameState, Move)>,
    /// Each proof position's index in `steps` and its depth in moves to the end.
    seen: HashMap<u64, (usize, u32)>,
}

/// A reply layout for `side`, which lays out second seeing `first` (the other side's
/// layout, RULES.md §2), with a proven win if one is found within `time`: Master's layouts
/// for growing seeds from `seed`, each solved from the first move for a share of the time.
/// Returns the layout and its solution: the first with a proven win for `side`, or else
/// Master's first layout and what was found about it.
pub fn solve_layout(
    side: Side,
    first: &omweso_rules::Layout,
    options: &omweso_rules::RuleOptions,
    time: Duration,
    seed: u64,
    stop: &AtomicBool,
) -> (omweso_rules::Layout, Solution) {
    let start = Instant::now();
    let mover = options.first_mover_when_laying_first(side.opponent());
    let slice = (time / 8).max(Duration::from_millis(100));
    let mut first_found: Option<(omweso_rules::Layout, Solution)> = None;
    for k in 0.. {
        let left = time.saturating_sub(start.elapsed());
        if (k > 0 && left.is_zero()) || stop.load(Ordering::Relaxed) {
            break;
        }
        let layout = crate::choose_layout(side, crate::Level::Master, Some(first), options, seed.wrapping_add(k));
        let (lower, upper) = if side == Side::Lower { (&layout, first) } else { (first, &layout) };
        let state = GameState::from_layouts(lower, upper, mover, *options);
        let limits =
            SolveLimits { time: Some(slice.min(left.max(Duration::from_millis(1)))), ..SolveLimits::default() };
        let solution = solve(&state, limits, stop);
        if matches!(&solution.verdict, Verdict::Win { winner, .. } if *winner == side) {
            return (layout, solution);
        }
        first_found.get_or_insert((layout, solution));
    }
    first_found.expect("at least one layout is tried")
}
