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

mod extract;
mod reply;
mod table;

use crate::tt::hash;
use omweso_rules::{Child, GameState, Move, Outcome, Side};
pub use reply::{ReplyBudget, ReplySearch, solve_layout, solve_layout_nodes};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use table::{Local, Shared, Table};
use web_time::Instant;

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
    /// Threads (at least 1). With two or more the two attackers are searched at once, each
    /// on half of them; the threads of one attacker share its table (one decides, the
    /// others grow the tree into the table). A thread that cannot start is done without.
    pub threads: usize,
}

impl Default for SolveLimits {
    fn default() -> SolveLimits {
        SolveLimits {
            time: Some(Duration::from_secs(10)),
            nodes: None,
            table_positions: 4 << 20,
            proof_positions: 2_000_000,
            threads: 1,
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

/// Proves or disproves a win for each side of `state` — in turn with growing budgets on one
/// thread, both at once on more ([`SolveLimits::threads`]) — until one is proven, both are
/// disproven, or the limits or `stop` end it.
///
/// # Panics
/// Never on a valid state; a finished `state` answers at once.
pub fn solve(state: &GameState, limits: SolveLimits, stop: &AtomicBool) -> Solution {
    let (to_move, other) = (state.to_move(), state.to_move().opponent());
    if limits.threads > 2 {
        let tables = [Shared::new(limits.table_positions), Shared::new(limits.table_positions)];
        solve_with([Prover::new(to_move, &tables[0], limits), Prover::new(other, &tables[1], limits)], state, stop)
    } else {
        let table = || Local::new(limits.table_positions);
        solve_with([Prover::new(to_move, table(), limits), Prover::new(other, table(), limits)], state, stop)
    }
}

/// [`solve`] with the provers of the side to move and of the other side, on their tables.
fn solve_with<T: Table + Send>(mut provers: [Prover<T>; 2], state: &GameState, stop: &AtomicBool) -> Solution {
    let start = Instant::now();
    let limits = provers[0].limits;
    let deadline = limits.time.map(|t| start + t);
    let mut exact = true;
    let mut budget = 20_000u64;
    let solution = |verdict, provers: &[Prover<T>; 2], exact| Solution {
        verdict,
        nodes: provers.iter().map(Prover::all_nodes).sum(),
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
    if limits.threads >= 2 {
        return side_by_side(provers, state, stop, start, deadline);
    }
    loop {
        let mut disproven = 0;
        for i in 0..2 {
            // The limit is of both attackers together.
            let used: u64 = provers.iter().map(|p| p.nodes).sum();
            let cap = limits.nodes.map(|n| n.saturating_sub(used));
            let prover = &mut provers[i];
            match prover.run(state, budget.min(cap.unwrap_or(u64::MAX)), deadline, stop) {
                Run::Proven => return proven(&mut provers, i, state, start, deadline, stop, exact),
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

/// The solution once `provers[i]` has proven its attacker's win: the proof taken out.
fn proven<T: Table + Send>(
    provers: &mut [Prover<T>; 2],
    i: usize,
    state: &GameState,
    start: Instant,
    deadline: Option<Instant>,
    stop: &AtomicBool,
    exact: bool,
) -> Solution {
    let prover = &mut provers[i];
    let winner = prover.attacker;
    let verdict = match prover.extract(state, deadline, stop) {
        Some(proof) => Verdict::Win { winner, proof },
        None => Verdict::Unknown { too_large: Some(winner) },
    };
    let exact = exact && prover.exact;
    Solution { verdict, nodes: provers.iter().map(Prover::all_nodes).sum(), elapsed: start.elapsed(), exact }
}

/// Both attackers at once, each on half of the threads (the first gets the odd one): the
/// first to prove its win ends the other; nodes limits are halved between them. When the
/// second attacker's thread cannot start, it runs after the first on this thread.
fn side_by_side<T: Table + Send>(
    provers: [Prover<T>; 2],
    state: &GameState,
    stop: &AtomicBool,
    start: Instant,
    deadline: Option<Instant>,
) -> Solution {
    let threads = provers[0].limits.threads;
    let cap = provers[0].limits.nodes.map(|n| n / 2);
    let [mut first, mut second] = provers;
    first.limits.threads = threads.div_ceil(2);
    second.limits.threads = threads / 2;
    let (halt, over) = (AtomicBool::new(false), AtomicBool::new(false));
    let run = |prover: &mut Prover<T>| {
        let run = prover.run_with_helpers(state, cap.unwrap_or(u64::MAX), deadline, &halt);
        if matches!(run, Run::Proven) {
            halt.store(true, Ordering::Relaxed);
        }
        run
    };
    let second = Mutex::new(second);
    let lock = || second.lock().unwrap_or_else(|e| e.into_inner());
    let runs = std::thread::scope(|scope| {
        // The caller's stop reaches both through `halt`.
        scope.spawn(|| {
            while !over.load(Ordering::Relaxed) {
                if stop.load(Ordering::Relaxed) {
                    halt.store(true, Ordering::Relaxed);
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        });
        let other =
            std::thread::Builder::new().name("solver, second attacker".into()).spawn_scoped(scope, || run(&mut lock()));
        let a = run(&mut first);
        let b = match other.map(|h| h.join()) {
            Ok(Ok(b)) => b,
            // A thread that panicked proved nothing.
            Ok(Err(_)) => Run::Stopped,
            Err(_) if matches!(a, Run::Proven) => Run::Stopped,
            Err(_) => run(&mut lock()),
        };
        over.store(true, Ordering::Relaxed);
        [a, b]
    });
    let mut provers = [first, second.into_inner().unwrap_or_else(|e| e.into_inner())];
    let exact = provers.iter().all(|p| p.exact);
    match runs {
        [Run::Proven, _] => proven(&mut provers, 0, state, start, deadline, stop, exact),
        [_, Run::Proven] => proven(&mut provers, 1, state, start, deadline, stop, exact),
        [a, b] => {
            let annulled = matches!((a, b), (Run::Disproven, Run::Disproven)) && exact;
            let verdict = if annulled { Verdict::Annulled } else { Verdict::Unknown { too_large: None } };
            Solution { verdict, nodes: provers.iter().map(Prover::all_nodes).sum(), elapsed: start.elapsed(), exact }
        }
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

/// One attacker's df-pn search on one thread, over a table it may share with helpers.
struct Prover<T> {
    attacker: Side,
    table: T,
    limits: SolveLimits,
    /// Nodes this thread expanded.
    nodes: u64,
    /// Nodes its helper threads expanded.
    helped: u64,
    /// Keys of the positions on the current line.
    path: Vec<u64>,
    exact: bool,
    /// Set when the budget, the clock or the stop flag ends the run.
    halt: Option<Run>,
    budget_end: u64,
    deadline: Option<Instant>,
    /// 0 for the main thread; a helper's number turns the order in which it meets equal
    /// children, so that helpers grow other parts of the tree into the shared table.
    salt: u64,
}

/// A child's numbers before it is searched, from the outcome of the move into it: a
/// finished game is known; otherwise the table, or 1 and 1.
fn finished(outcome: Option<Outcome>, attacker: Side) -> Option<(u32, u32)> {
    outcome.map(|o| if o.winner() == Some(attacker) { (0, INF) } else { (INF, 0) })
}

impl<T: Table + Send> Prover<T> {
    fn new(attacker: Side, table: T, limits: SolveLimits) -> Prover<T> {
        Prover {
            attacker,
            table,
            limits,
            nodes: 0,
            helped: 0,
            path: Vec::new(),
            exact: true,
            halt: None,
            budget_end: 0,
            deadline: None,
            salt: 0,
        }
    }

    /// Nodes expanded for this attacker, helpers included.
    fn all_nodes(&self) -> u64 {
        self.nodes + self.helped
    }

    /// Runs [`Prover::run`] on this thread with `limits.threads - 1` helper threads searching
    /// the same root into the same table until it ends. A helper that cannot start is done
    /// without.
    fn run_with_helpers(&mut self, root: &GameState, budget: u64, deadline: Option<Instant>, stop: &AtomicBool) -> Run {
        let helpers: Vec<T> = (1..self.limits.threads).map_while(|_| self.table.share()).collect();
        if helpers.is_empty() {
            return self.run(root, budget, deadline, stop);
        }
        let done = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let mut running = Vec::new();
            for (id, table) in (1u64..).zip(helpers) {
                let mut helper = Prover::new(self.attacker, table, self.limits);
                helper.salt = id;
                let done = &done;
                let spawned =
                    std::thread::Builder::new().name(format!("solver helper {id}")).spawn_scoped(scope, move || {
                        helper.run(root, u64::MAX, deadline, done);
                        (helper.nodes, helper.exact)
                    });
                running.extend(spawned.ok());
            }
            let run = self.run(root, budget, deadline, stop);
            done.store(true, Ordering::Relaxed);
            for helper in running {
                // A helper that panicked has added nothing wrong: the table holds numbers only.
                if let Ok((nodes, exact)) = helper.join() {
                    self.helped += nodes;
                    self.exact &= exact;
                }
            }
            run
        })
    }

    /// A child's numbers; a repetition or a line too long counts as disproven, and makes
    /// the search inexact.
    fn numbers(&mut self, s: &Child, key: u64) -> (u32, u32) {
        if let Some(n) = finished(s.outcome(), self.attacker) {
            return n;
        }
        if self.path.len() >= MAX_PLIES || self.path.contains(&key) {
            self.exact = false;
            return (INF, 0);
        }
        self.table.get(key).unwrap_or((1, 1))
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
        // What each move leads to, without the moves: the proof is taken out of the table
        // later, with its moves (`extract.rs`).
        let mut children: Vec<(Child, u64)> = Vec::new();
        let _ = state.generate(|c: Child| -> std::ops::ControlFlow<()> {
            let k = hash(&c.state);
            children.push((c, k));
            std::ops::ControlFlow::Continue(())
        });
        if self.salt != 0 && !children.is_empty() {
            // A helper's own order: turned by an amount fixed for the position and the helper.
            let turn = (key ^ self.salt.wrapping_mul(0x9E37_79B9_7F4A_7C15)).rotate_left(17) % children.len() as u64;
            children.rotate_left(turn as usize);
        }
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
        self.table.put(key, result);
        result
    }
}
