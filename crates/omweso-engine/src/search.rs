//! Negamax with alpha-beta, principal-variation search, late move reductions and a
//! transposition table shared by the threads of a search: the tree search below the root. A ply is one complete move
//! ([`Successor`]). The iterations and the threads are in `deepening.rs`.

use super::eval::evaluate;
use super::tt::{Bound, Entry, Table, hash};
use omweso_rules::{Child, GameState, Move, Outcome, Points, Side, Successor};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use web_time::Instant;

/// Larger than any score.
pub const INF: i32 = 1_000_000;
/// The base score of a won game; a win of `p` points found `n` plies ahead scores
/// `WIN + 1000 p - n`.
pub const WIN: i32 = 100_000;
const POINT: i32 = 1_000;
/// Scores at least this large (in magnitude) are forced results.
pub const PROVEN: i32 = WIN - 1_000;
pub(crate) const MAX_PLY: u32 = 200;
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 128;
/// How often (in laps sown while generating moves) the clock and the stop flag are read
/// as well: about a millisecond of sowing. An ordinary move takes under 25 laps, so this
/// matters only with never-ending moves (RULES.md 3.8): one of [`omweso_rules::MAX_LAP_LIMIT`]
/// laps takes about 10 ms, and a node may hold several.
const LAPS_PER_CHECK: u64 = 100_000;
/// Late move reductions (LMR) start at this remaining depth…
const LMR_MIN_DEPTH: u32 = 3;
/// …from the move at this place in the order (0 = first); from twice as far and at depth 6
/// or more, the reduction is two plies.
const LMR_FIRST_MOVE: usize = 3;

/// How many plies less deep the `k`-th move in the order (0 = first) of a node `depth`
/// plies from the leaves is searched first: late moves rarely refute, and one that beats
/// alpha is searched again at full depth. Measured on 60 positions from engine games
/// (1 s each): 52 proven instead of 46, a proof in 2.2 ms instead of 3.6 (geometric mean),
/// median depth of the others 15 instead of 13.
fn reduction(depth: u32, k: usize) -> u32 {
    if depth < LMR_MIN_DEPTH || k < LMR_FIRST_MOVE {
        0
    } else if depth >= 6 && k >= 2 * LMR_FIRST_MOVE {
        2
    } else {
        1
    }
}

/// The score of a finished game for `mover`, the player who just moved into it, `ply`
/// plies below the root.
pub(crate) fn outcome_score(outcome: &Outcome, mover: Side, points: &Points, ply: u32) -> i32 {
    match *outcome {
        Outcome::Win { winner, kind } => {
            let s = WIN + points.of(kind).min(60) as i32 * POINT - ply.min(900) as i32;
            if winner == mover { s } else { -s }
        }
        Outcome::Annulled => 0,
    }
}

fn to_tt(score: i32, ply: u32) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// What move ordering reads of a move's record: a [`Successor`] at the root, a [`Child`]
/// below it.
pub(crate) trait Ordered {
    /// The end of the game, if the move ends it.
    fn outcome(&self) -> Option<Outcome>;
    /// Seeds the move captures.
    fn captured_seeds(&self) -> u32;
}

impl Ordered for Successor {
    fn outcome(&self) -> Option<Outcome> {
        Successor::outcome(self)
    }
    fn captured_seeds(&self) -> u32 {
        self.captured_seeds
    }
}

impl Ordered for Child {
    fn outcome(&self) -> Option<Outcome> {
        Child::outcome(self)
    }
    fn captured_seeds(&self) -> u32 {
        self.captured_seeds
    }
}

/// Move order: wins first, then the transposition-table move, then captures by size.
pub(crate) fn order(succ: &[impl Ordered], tt_best: u8) -> Vec<usize> {
    let mut keyed = Vec::with_capacity(succ.len());
    order_into(succ, tt_best, &mut keyed);
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// [`order`] into `keyed` (cleared first): `(key, index)` pairs, the move to search first
/// first.
fn order_into(succ: &[impl Ordered], tt_best: u8, keyed: &mut Vec<(i64, usize)>) {
    keyed.clear();
    keyed.extend(succ.iter().enumerate().map(|(i, s)| {
        let key = match s.outcome() {
            Some(Outcome::Win { .. }) => 1 << 40,
            _ if i == tt_best as usize => 1 << 30,
            _ => s.captured_seeds() as i64,
        };
        (-key, i)
    }));
    keyed.sort_unstable();
}

/// The lists one node of the search works with: what its moves lead to ([`Child`]: the
/// node never looks at a move, the table keeps its index), and their order. Kept by the [`Searcher`] from one node to the next (one set a ply once the
/// search has been that deep), so that a node allocates nothing on the heap.
#[derive(Default)]
struct NodeLists {
    succ: Vec<Child>,
    order: Vec<(i64, usize)>,
}

/// One thread's searcher in a [`super::search`] call; the threads share the table.
pub(crate) struct Searcher<'a> {
    tt: &'a Table,
    pub(crate) nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: u64,
    /// Laps sown in move generation since the clock was last read for them.
    laps: u64,
    pub(crate) can_abort: bool,
    pub(crate) aborted: bool,
    points: Points,
    /// A helper thread adds its nodes here now and then, for the reports.
    shared_nodes: Option<&'a AtomicU64>,
    /// Nodes already added to `shared_nodes`.
    reported_nodes: u64,
    /// Lists for the nodes below the current one, reused ([`NodeLists`]).
    spare: Vec<NodeLists>,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt: &'a Table,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
        node_limit: Option<u64>,
        points: Points,
        shared_nodes: Option<&'a AtomicU64>,
    ) -> Self {
        Searcher {
            tt,
            nodes: 0,
            stop,
            deadline,
            node_limit: node_limit.unwrap_or(u64::MAX),
            laps: 0,
            can_abort: true,
            aborted: false,
            points,
            shared_nodes,
            reported_nodes: 0,
            spare: Vec::new(),
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.can_abort {
            return false;
        }
        let check = self.nodes.is_multiple_of(CHECK_EVERY);
        if check && let Some(shared) = self.shared_nodes {
            shared.fetch_add(self.nodes - self.reported_nodes, Ordering::Relaxed);
            self.reported_nodes = self.nodes;
        }
        if self.nodes >= self.node_limit || (check && self.stopped()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// True when the stop flag is set or the deadline has passed.
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// What every move of `state` leads to, into `out` (cleared first), or false when the search
    /// must stop: the clock is read every [`LAPS_PER_CHECK`] laps sown, so never-ending
    /// moves cannot hold the search past its time.
    fn children(&mut self, state: &GameState, out: &mut Vec<Child>) -> bool {
        out.clear();
        let flow = state.generate(|s: Child| {
            self.laps += u64::from(s.laps);
            out.push(s);
            if self.laps >= LAPS_PER_CHECK {
                self.laps = 0;
                if self.can_abort && self.stopped() {
                    self.aborted = true;
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        flow.is_continue()
    }

    /// The score of `state` for its player to move, searched `depth` plies deep.
    fn negamax(&mut self, state: &GameState, depth: u32, ply: u32, alpha: i32, beta: i32) -> i32 {
        let mut lists = self.spare.pop().unwrap_or_default();
        let score = self.negamax_with(&mut lists, state, depth, ply, alpha, beta);
        self.spare.push(lists);
        score
    }

    /// [`Searcher::negamax`] with the node's lists.
    fn negamax_with(
        &mut self,
        lists: &mut NodeLists,
        state: &GameState,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if depth == 0 || ply >= MAX_PLY {
            return evaluate(state);
        }
        if self.out_of_time() {
            return 0;
        }
        let key = hash(state);
        let mut tt_best = u8::MAX;
        if let Some(e) = self.tt.probe(key) {
            tt_best = e.best;
            if e.depth as u32 >= depth {
                let s = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let NodeLists { succ, order } = lists;
        if !self.children(state, succ) {
            return 0;
        }
        if succ.is_empty() {
            // No move: the game is over (RULES.md §4), decided by the move into `state`.
            return state.outcome().map_or(0, |o| -outcome_score(&o, state.to_move().opponent(), &self.points, ply));
        }
        let mover = state.to_move();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_idx = 0;
        order_into(succ, tt_best, order);
        for (k, &(_, i)) in order.iter().enumerate() {
            let s = &succ[i];
            let score = if let Some(o) = &s.outcome() {
                outcome_score(o, mover, &self.points, ply + 1)
            } else if k == 0 {
                -self.negamax(&s.state, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let r = reduction(depth, k);
                let mut v = -self.negamax(&s.state, depth - 1 - r, ply + 1, -alpha - 1, -alpha);
                if r > 0 && v > alpha && !self.aborted {
                    v = -self.negamax(&s.state, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if v > alpha && v < beta && !self.aborted {
                    -self.negamax(&s.state, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    v
                }
            };
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_idx = i;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            score: to_tt(best, ply),
            depth: depth.min(255) as u8,
            bound,
            best: best_idx.min(254) as u8,
        });
        best
    }

    /// One iteration at the root. With `exact_all` every move gets an exact score (for the
    /// levels that pick among near-best moves); otherwise only the best one does.
    /// Returns the scores of the moves searched to the end, in search order; when the
    /// search was stopped the list may be short.
    pub(crate) fn root(
        &mut self,
        succ: &[Successor],
        mover: Side,
        order: &[usize],
        depth: u32,
        exact_all: bool,
    ) -> Vec<(usize, i32)> {
        let mut done = Vec::with_capacity(order.len());
        let mut alpha = -INF;
        for (k, &i) in order.iter().enumerate() {
            let s = &succ[i];
            let score = if let Some(o) = &s.outcome() {
                outcome_score(o, mover, &self.points, 1)
            } else if k == 0 || exact_all {
                -self.negamax(&s.state, depth - 1, 1, -INF, INF)
            } else {
                let v = -self.negamax(&s.state, depth - 1, 1, -alpha - 1, -alpha);
                if v > alpha && !self.aborted { -self.negamax(&s.state, depth - 1, 1, -INF, -alpha) } else { v }
            };
            if self.aborted {
                break;
            }
            alpha = alpha.max(score);
            done.push((i, score));
        }
        done
    }

    /// The principal variation: `first`, then the best moves stored in the table.
    /// It stops early once its moves took [`LAPS_PER_CHECK`] laps to generate (never-ending
    /// moves), which an ordinary variation never comes near.
    pub(crate) fn pv(&self, first: &Successor, depth: u32) -> Vec<Move> {
        let mut pv = vec![first.mv.clone()];
        let mut cur = first.state.clone();
        let mut ended = first.outcome().is_some();
        let mut laps = 0u64;
        while !ended && (pv.len() as u32) < depth.max(1) && laps < LAPS_PER_CHECK {
            let Some(e) = self.tt.probe(hash(&cur)) else { break };
            let mut succ = cur.successors();
            laps += succ.iter().map(|s| u64::from(s.laps)).sum::<u64>();
            if (e.best as usize) >= succ.len() {
                break;
            }
            let next = succ.swap_remove(e.best as usize);
            ended = next.outcome().is_some();
            pv.push(next.mv);
            cur = next.state;
        }
        pv
    }
}
