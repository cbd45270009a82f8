//! Iterative deepening negamax with alpha-beta, principal-variation search and a
//! transposition table. A ply is one complete move ([`Successor`]).

use super::eval::evaluate;
use super::tt::{Bound, Entry, Table, hash, splitmix};
use super::{Level, Limits, SearchInfo, SearchResult};
use crate::rules::{GameState, Move, Outcome, Points, Side, Successor};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Larger than any score.
pub const INF: i32 = 1_000_000;
/// The base score of a won game; a win of `p` points found `n` plies ahead scores
/// `WIN + 1000 p - n`.
pub const WIN: i32 = 100_000;
const POINT: i32 = 1_000;
/// Scores at least this large (in magnitude) are forced results.
pub const PROVEN: i32 = WIN - 1_000;
const MAX_PLY: u32 = 200;
/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 128;
/// How often (in laps sown while generating moves) the clock and the stop flag are read
/// as well: about a millisecond of sowing. An ordinary move takes under 25 laps, so this
/// matters only with never-ending moves (RULES.md 3.8): one of [`crate::rules::MAX_LAP_LIMIT`]
/// laps takes about 10 ms, and a node may hold several.
const LAPS_PER_CHECK: u64 = 100_000;

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

/// Move order: wins first, then the transposition-table move, then captures by size.
fn order(succ: &[Successor], tt_best: u8) -> Vec<usize> {
    let mut keyed: Vec<(i64, usize)> = succ
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let key = match s.outcome() {
                Some(Outcome::Win { .. }) => 1 << 40,
                _ if i == tt_best as usize => 1 << 30,
                _ => s.captured_seeds as i64,
            };
            (-key, i)
        })
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// The searcher of one [`super::search`] call.
pub(crate) struct Searcher<'a> {
    tt: Table,
    pub(crate) nodes: u64,
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
    node_limit: u64,
    /// Laps sown in move generation since the clock was last read for them.
    laps: u64,
    can_abort: bool,
    aborted: bool,
    points: Points,
}

impl<'a> Searcher<'a> {
    pub(crate) fn new(
        tt_bits: u32,
        stop: &'a AtomicBool,
        deadline: Option<Instant>,
        node_limit: Option<u64>,
        points: Points,
    ) -> Self {
        Searcher {
            tt: Table::new(tt_bits),
            nodes: 0,
            stop,
            deadline,
            node_limit: node_limit.unwrap_or(u64::MAX),
            laps: 0,
            can_abort: true,
            aborted: false,
            points,
        }
    }

    fn out_of_time(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if !self.can_abort {
            return false;
        }
        if self.nodes >= self.node_limit || (self.nodes.is_multiple_of(CHECK_EVERY) && self.stopped()) {
            self.aborted = true;
        }
        self.aborted
    }

    /// True when the stop flag is set or the deadline has passed.
    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Every successor of `state`, or `None` when the search must stop: the clock is read
    /// every [`LAPS_PER_CHECK`] laps sown, so never-ending moves cannot hold the search
    /// past its time.
    fn successors(&mut self, state: &GameState) -> Option<Vec<Successor>> {
        let mut out = Vec::with_capacity(16);
        let flow = state.try_for_each_successor(|s| {
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
        flow.is_continue().then_some(out)
    }

    /// The score of `state` for its player to move, searched `depth` plies deep.
    fn negamax(&mut self, state: &GameState, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
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
        let Some(succ) = self.successors(state) else { return 0 };
        if succ.is_empty() {
            // No move: the game is over (RULES.md §4), decided by the move into `state`.
            return state.outcome().map_or(0, |o| -outcome_score(&o, state.to_move().opponent(), &self.points, ply));
        }
        let mover = state.to_move();
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_idx = 0;
        for (k, i) in order(&succ, tt_best).into_iter().enumerate() {
            let s = &succ[i];
            let score = if let Some(o) = &s.outcome() {
                outcome_score(o, mover, &self.points, ply + 1)
            } else if k == 0 {
                -self.negamax(&s.state, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let v = -self.negamax(&s.state, depth - 1, ply + 1, -alpha - 1, -alpha);
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
    fn root(
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

    /// The principal variation: `first`, then the best moves stored in the table. It stops
    /// early once its moves took [`LAPS_PER_CHECK`] laps to generate (never-ending moves),
    /// which an ordinary variation never comes near.
    fn pv(&self, first: &Successor, depth: u32) -> Vec<Move> {
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

/// What a level does differently.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// Deepest iteration.
    pub max_depth: u32,
    /// The depth whose scores the noisy levels choose by; deeper iterations (up to
    /// `max_depth`) only add forced wins and losses, so that a level that judges one move
    /// ahead still sees a win in one for its opponent.
    pub judgement_depth: u32,
    /// Noise added to each root move's score, up to ± this much, before the best is picked.
    pub noise: i32,
    /// Chance of playing a random move instead.
    pub blunder: f64,
    /// Time per move when the caller gives no limit at all.
    pub default_time: Duration,
}

impl Level {
    pub(crate) fn style(self) -> Style {
        match self {
            Level::Beginner => Style {
                max_depth: 2,
                judgement_depth: 1,
                noise: 600,
                blunder: 0.35,
                default_time: Duration::from_millis(300),
            },
            Level::Casual => Style {
                max_depth: 2,
                judgement_depth: 2,
                noise: 100,
                blunder: 0.0,
                default_time: Duration::from_millis(600),
            },
            Level::Strong => Style {
                max_depth: 4,
                judgement_depth: 4,
                noise: 0,
                blunder: 0.0,
                default_time: Duration::from_millis(1000),
            },
            Level::Master => Style {
                max_depth: MAX_PLY - 1,
                judgement_depth: MAX_PLY - 1,
                noise: 0,
                blunder: 0.0,
                default_time: Duration::from_millis(2000),
            },
        }
    }
}

fn tt_bits(limits: &Limits, deadline_ms: Option<u128>) -> u32 {
    let expected = match (limits.nodes, deadline_ms) {
        (Some(n), _) => n as u128,
        (None, Some(ms)) => ms * 250,
        (None, None) => 1 << 18,
    };
    // About one entry per expected node, at most 2^20 entries (16 MB).
    (128 - expected.max(1).leading_zeros()).clamp(12, 20)
}

/// The best move for the side to move; `None` only when there is no legal move. When
/// `stop` is set the search returns promptly with the best move so far. For a given
/// `seed` and a node or depth budget without time limit the result is deterministic.
pub fn search(
    state: &GameState,
    level: Level,
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let started = Instant::now();
    let succ = state.successors();
    if succ.is_empty() {
        return None;
    }
    let style = level.style();
    let time = match limits {
        Limits { time: None, depth: None, nodes: None } => Some(style.default_time),
        Limits { time, .. } => time,
    };
    let deadline = time.map(|t| started + t);
    let max_depth = style.max_depth.min(limits.depth.unwrap_or(u32::MAX)).max(1);
    let mut searcher = Searcher::new(
        tt_bits(&limits, time.map(|t| t.as_millis())),
        stop,
        deadline,
        limits.nodes,
        state.options().points,
    );
    let mut rng = StdRng::seed_from_u64(splitmix(seed ^ 0x5EA_4C4));
    let mover = state.to_move();
    let exact_all = style.noise > 0;

    let mut root_order = order(&succ, u8::MAX);
    let mut best: Option<(usize, i32, u32)> = None;
    let mut scores: Vec<(usize, i32)> = Vec::new();
    // The best move of the deepest iteration that did not find every move lost.
    let mut fighting: Option<(usize, i32, u32)> = None;
    for depth in 1..=max_depth {
        searcher.can_abort = depth > 1;
        let done = searcher.root(&succ, mover, &root_order, depth, exact_all);
        let complete = done.len() == root_order.len();
        // The first move reaching the highest score, in search order: a later move that
        // failed low may return a bound equal to the best score and must not displace it.
        let Some(&(mut top, mut top_score)) = done.first() else {
            break;
        };
        for &(i, s) in &done[1..] {
            if s > top_score {
                (top, top_score) = (i, s);
            }
        }
        if complete {
            if top_score > -PROVEN {
                fighting = Some((top, top_score, depth));
            }
            best = Some((top, top_score, depth));
            if depth <= style.judgement_depth || scores.is_empty() {
                scores = done.clone();
            } else {
                // Deeper than the level judges: only forced results are taken from it.
                for &(i, s) in done.iter().filter(|(_, s)| s.abs() >= PROVEN) {
                    if let Some(entry) = scores.iter_mut().find(|(j, _)| *j == i) {
                        entry.1 = s;
                    }
                }
            }
        } else if top != root_order[0] {
            // A stopped iteration still counts when a move, searched to the end, has beaten
            // the previous best move (always searched first).
            best = Some((top, top_score, depth - 1));
        }
        if !complete {
            break;
        }
        let elapsed = started.elapsed();
        let nps = (searcher.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
        let pv = searcher.pv(&succ[top], depth);
        on_info(&SearchInfo { depth, score: top_score, nodes: searcher.nodes, nps, pv });
        // Best move first, the others in the order of their scores.
        let mut sorted = done;
        sorted.sort_by_key(|&(i, s)| (i != top, std::cmp::Reverse(s), i));
        root_order = sorted.into_iter().map(|(i, _)| i).collect();
        if succ.len() == 1 || top_score.abs() >= PROVEN {
            break;
        }
    }
    // Every move loses against perfect play: keep to the move that looked best before the
    // loss was seen, which gives a fallible opponent the most chances to go wrong.
    if best.is_some_and(|b| b.1 <= -PROVEN) && fighting.is_some() {
        best = fighting;
    }
    let (mut choice, mut score, depth) = best.unwrap_or((root_order[0], 0, 0));
    if style.noise > 0 && !scores.is_empty() && score.abs() < PROVEN {
        let mut noisy_best = i64::MIN;
        for &(i, s) in &scores {
            let noise = rng.random_range(-style.noise..=style.noise) as i64;
            let v = if s.abs() >= PROVEN { s as i64 * 4 } else { s as i64 + noise };
            if v > noisy_best {
                noisy_best = v;
                choice = i;
                score = s;
            }
        }
    }
    // A blunder never throws away a forced win nor walks into a forced loss that the
    // search has seen: a beginner misses ideas, not one-move wins.
    if style.blunder > 0.0 && score.abs() < PROVEN && rng.random_bool(style.blunder) {
        let fair: Vec<(usize, i32)> = scores.iter().copied().filter(|&(_, s)| s.abs() < PROVEN).collect();
        if !fair.is_empty() {
            (choice, score) = fair[rng.random_range(0..fair.len())];
        }
    }
    let pv = if Some(choice) == best.map(|b| b.0) {
        searcher.pv(&succ[choice], depth)
    } else {
        vec![succ[choice].mv.clone()]
    };
    Some(SearchResult { best: succ[choice].mv.clone(), score, depth, nodes: searcher.nodes, pv })
}
