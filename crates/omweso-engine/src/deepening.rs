//! The search of one position: iterative deepening at the root, the levels' styles, and
//! Lazy SMP — helper threads searching the same root and sharing the transposition table,
//! whose results the main thread finds there.

use super::search::{MAX_PLY, PROVEN, Searcher, order};
use super::tt::{Table, splitmix};
use super::{Level, Limits, SearchInfo, SearchResult};
use omweso_rules::{GameState, Points, Side, Successor};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use web_time::Instant;

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
///
/// Master with a time limit alone first gives the solver (`solve.rs`) up to a quarter of
/// the time: a proven win is played by its proof (the score `WIN` less the proof's length
/// in moves, the principal variation its main line); otherwise the search takes the rest.
pub fn search(
    state: &GameState,
    level: Level,
    limits: Limits,
    seed: u64,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let style = level.style();
    let (started, succ, time) = root(state, &limits, style.default_time)?;
    if let (Level::Master, Some(t), None, None) = (level, time, limits.depth, limits.nodes)
        && let Some(result) = proven_win(state, t / 4, limits.threads, stop, on_info)
    {
        return Some(result);
    }
    let time = time.map(|t| t.saturating_sub(started.elapsed()));
    let started = Instant::now();
    let max_depth = style.max_depth.min(limits.depth.unwrap_or(u32::MAX)).max(1);
    let table = Table::new(tt_bits(&limits, time.map(|t| t.as_millis())));
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let points = state.options().points;
    std::thread::scope(|scope| {
        for id in 1..limits.threads.max(1) {
            let (table, helpers_stop, helper_nodes, succ) = (&table, &helpers_stop, &helper_nodes, &succ);
            let work = move || helper(id, succ, state.to_move(), table, helpers_stop, helper_nodes, points, max_depth);
            if !spawn_helper(scope, work) {
                break;
            }
        }
        let searcher = Searcher::new(&table, stop, time.map(|t| started + t), limits.nodes, points, None);
        let result = iterate(searcher, &succ, state.to_move(), style, max_depth, seed, started, &helper_nodes, on_info);
        helpers_stop.store(true, Ordering::Relaxed);
        result
    })
}

/// The first move of the solver's proof when it proves a win for the side to move within
/// `time` on `threads` threads.
fn proven_win(
    state: &GameState,
    time: Duration,
    threads: usize,
    stop: &AtomicBool,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let limits = crate::SolveLimits { time: Some(time), threads: threads.max(1), ..crate::SolveLimits::default() };
    let solution = crate::solve(state, limits, stop);
    let crate::Verdict::Win { winner, proof } = solution.verdict else { return None };
    let best = proof.steps.first().filter(|_| winner == state.to_move())?.1.clone();
    let score = super::WIN - proof.moves.min(900) as i32;
    let nps = (solution.nodes as f64 / solution.elapsed.as_secs_f64().max(1e-6)) as u64;
    on_info(&SearchInfo { depth: proof.moves, score, nodes: solution.nodes, nps, pv: proof.line.clone() });
    Some(SearchResult { best, score, depth: proof.moves, nodes: solution.nodes, pv: proof.line })
}

/// What a search of `state` starts from: the clock, the root's successors and the time it
/// may take (`default` when `limits` give no limit at all); `None` when the game is over or
/// there is no legal move.
fn root(state: &GameState, limits: &Limits, default: Duration) -> Option<(Instant, Vec<Successor>, Option<Duration>)> {
    let started = Instant::now();
    if state.outcome().is_some() {
        return None;
    }
    let succ = state.successors();
    if succ.is_empty() {
        return None;
    }
    let time = match limits {
        Limits { time: None, depth: None, nodes: None, .. } => Some(default),
        Limits { time, .. } => *time,
    };
    Some((started, succ, time))
}

#[cfg(test)]
thread_local! {
    /// Tests set this to make the OS refuse every helper thread started from this thread.
    static REFUSE_HELPERS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Starts a Lazy SMP helper on `scope`; `false` when the OS refuses the thread (too many
/// threads, no memory): the search then goes on with the threads it has, which changes
/// its speed and never its soundness.
fn spawn_helper<'scope>(scope: &'scope std::thread::Scope<'scope, '_>, work: impl FnOnce() + Send + 'scope) -> bool {
    #[cfg(test)]
    if REFUSE_HELPERS.with(std::cell::Cell::get) {
        return false;
    }
    std::thread::Builder::new().name("omweso-helper".into()).spawn_scoped(scope, work).is_ok()
}

/// A helper thread of Lazy SMP: searches the root to growing depths, starting from another
/// move and depth than the main thread so that the threads spread over the tree, until
/// told to stop; everything it finds is in the shared table.
#[allow(clippy::too_many_arguments)]
fn helper(
    id: usize,
    succ: &[Successor],
    mover: Side,
    table: &Table,
    stop: &AtomicBool,
    nodes: &AtomicU64,
    points: Points,
    max_depth: u32,
) {
    let mut searcher = Searcher::new(table, stop, None, None, points, Some(nodes));
    let mut root_order = order(succ, u8::MAX);
    let shift = id % root_order.len().max(1);
    root_order.rotate_left(shift);
    for depth in (1 + (id as u32 % 2))..=max_depth {
        let mut done = searcher.root(succ, mover, &root_order, depth, false);
        if searcher.aborted || done.len() != root_order.len() {
            return;
        }
        done.sort_by_key(|&(i, s)| (std::cmp::Reverse(s), i));
        root_order = done.into_iter().map(|(i, _)| i).collect();
    }
}

/// The main thread's iterative deepening: reports each iteration and makes the choice
/// (with the level's noise and blunders).
#[allow(clippy::too_many_arguments)]
fn iterate(
    mut searcher: Searcher,
    succ: &[Successor],
    mover: Side,
    style: Style,
    max_depth: u32,
    seed: u64,
    started: Instant,
    helper_nodes: &AtomicU64,
    on_info: &mut dyn FnMut(&SearchInfo),
) -> Option<SearchResult> {
    let mut rng = StdRng::seed_from_u64(splitmix(seed ^ 0x5EA_4C4));
    let exact_all = style.noise > 0;

    let mut root_order = order(succ, u8::MAX);
    let mut best: Option<(usize, i32, u32)> = None;
    let mut scores: Vec<(usize, i32)> = Vec::new();
    // The best move of the deepest iteration that did not find every move lost.
    let mut fighting: Option<(usize, i32, u32)> = None;
    for depth in 1..=max_depth {
        searcher.can_abort = depth > 1;
        let done = searcher.root(succ, mover, &root_order, depth, exact_all);
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
        let nodes = searcher.nodes + helper_nodes.load(Ordering::Relaxed);
        let nps = (nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
        let pv = searcher.pv(&succ[top], depth);
        on_info(&SearchInfo { depth, score: top_score, nodes, nps, pv });
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
    let nodes = searcher.nodes + helper_nodes.load(Ordering::Relaxed);
    Some(SearchResult { best: succ[choice].mv.clone(), score, depth, nodes, pv })
}

/// Judges `state`: every legal move scored by one search at the same depth (every root
/// move searched with a full window, iterative deepening with Lazy SMP helpers as in
/// [`search`]), so that any two moves are compared fairly. Calls `on_depth` after each
/// complete depth; returns the deepest complete judgement when `limits` (time, depth,
/// nodes; the Master's default time when none) run out or `stop` is set, `None` when
/// the state has no legal move or not even depth 1 was finished.
pub fn judge(
    state: &GameState,
    limits: Limits,
    stop: &AtomicBool,
    on_depth: &mut dyn FnMut(&super::Judgement),
) -> Option<super::Judgement> {
    let (started, succ, time) = root(state, &limits, Level::Master.default_time())?;
    let max_depth = limits.depth.unwrap_or(MAX_PLY - 1).clamp(1, MAX_PLY - 1);
    let table = Table::new(tt_bits(&limits, time.map(|t| t.as_millis())));
    let helpers_stop = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    let (points, mover) = (state.options().points, state.to_move());
    std::thread::scope(|scope| {
        for id in 1..limits.threads.max(1) {
            let (table, helpers_stop, helper_nodes, succ) = (&table, &helpers_stop, &helper_nodes, &succ);
            if !spawn_helper(scope, move || {
                helper(id, succ, mover, table, helpers_stop, helper_nodes, points, max_depth)
            }) {
                break;
            }
        }
        let mut searcher = Searcher::new(&table, stop, time.map(|t| started + t), limits.nodes, points, None);
        let mut root_order = order(&succ, u8::MAX);
        let mut last = None;
        for depth in 1..=max_depth {
            searcher.can_abort = depth > 1;
            let mut done = searcher.root(&succ, mover, &root_order, depth, true);
            if done.len() != root_order.len() {
                break;
            }
            // Best first; equal scores keep the search order of the depth before.
            let rank: Vec<usize> = root_order.clone();
            done.sort_by_key(|&(i, s)| (std::cmp::Reverse(s), rank.iter().position(|&r| r == i)));
            root_order = done.iter().map(|&(i, _)| i).collect();
            let judgement = super::Judgement {
                depth,
                moves: done.iter().map(|&(i, s)| (succ[i].mv.clone(), s)).collect(),
                pv: searcher.pv(&succ[root_order[0]], depth),
                nodes: searcher.nodes + helper_nodes.load(Ordering::Relaxed),
            };
            on_depth(&judgement);
            let settled = succ.len() == 1 || judgement.moves.iter().all(|(_, s)| s.abs() >= PROVEN);
            last = Some(judgement);
            if settled {
                break;
            }
        }
        helpers_stop.store(true, Ordering::Relaxed);
        last
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_helper_thread_refused_leaves_the_search_on_the_threads_it_has() {
        let state: GameState = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0".parse().unwrap();
        let stop = AtomicBool::new(false);
        let limits = |threads| Limits { time: None, depth: Some(4), nodes: None, threads };
        let alone = search(&state, Level::Master, limits(1), 0, &stop, &mut |_| {}).expect("a move");
        REFUSE_HELPERS.with(|r| r.set(true));
        let refused = search(&state, Level::Master, limits(4), 0, &stop, &mut |_| {});
        let judged = judge(&state, limits(4), &stop, &mut |_| {});
        REFUSE_HELPERS.with(|r| r.set(false));
        // No helper ran: the search is the one-thread search, move for move.
        let refused = refused.expect("a move without helpers");
        assert_eq!((refused.best, refused.score, refused.nodes), (alone.best, alone.score, alone.nodes));
        assert_eq!(judged.expect("a judgement without helpers").depth, 4);
    }
}
