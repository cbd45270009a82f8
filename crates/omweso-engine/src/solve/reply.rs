//! Reply layouts that win by force: for a layout laid out first and seen, Master's reply
//! layouts (RULES.md §2), each solved from the first move. [`solve_layout`] shares a time
//! between them (the window and `omweso solve-layout`); [`solve_layout_nodes`] gives each a
//! count of nodes, so that its answer is the same on any machine under any load (the layout
//! study, issue 52).

use super::{Solution, SolveLimits, Verdict, solve};
use omweso_rules::{GameState, Layout, RuleOptions, Side};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// A reply layout for `side`, which lays out second seeing `first` (the other side's
/// layout, RULES.md §2), with a proven win if one is found within `time`: Master's layouts
/// for growing seeds from `seed`, each solved from the first move for a share of the time.
/// Returns the layout and its solution: the first with a proven win for `side`, or else
/// Master's first layout and what was found about it.
///
/// What it finds depends on the machine and its load (a layout's share of the time is cut
/// short on a busy machine); [`solve_layout_nodes`] does not.
pub fn solve_layout(
    side: Side,
    first: &Layout,
    options: &RuleOptions,
    time: Duration,
    seed: u64,
    stop: &AtomicBool,
) -> (Layout, Solution) {
    let start = Instant::now();
    let mover = options.first_mover_when_laying_first(side.opponent());
    let slice = (time / 8).max(Duration::from_millis(100));
    let mut first_found: Option<(Layout, Solution)> = None;
    for k in 0.. {
        let left = time.saturating_sub(start.elapsed());
        if (k > 0 && left.is_zero()) || stop.load(Ordering::Relaxed) {
            break;
        }
        // Bounded as the solve is: with never-ending moves a layout's own search ends in time.
        let within = Some(slice.min(left.max(Duration::from_millis(1))));
        let layout = crate::choose_layout_within(
            side,
            crate::Level::Master,
            Some(first),
            options,
            seed.wrapping_add(k),
            within,
            stop,
        );
        let state = from_layouts(side, &layout, first, mover, options);
        let limits =
            SolveLimits { time: Some(slice.min(left.max(Duration::from_millis(1)))), ..SolveLimits::default() };
        let solution = solve(&state, limits, stop);
        if wins(&solution, side) {
            return (layout, solution);
        }
        first_found.get_or_insert((layout, solution));
    }
    first_found.expect("at least one layout is tried")
}

/// The budget of [`solve_layout_nodes`]: counted in replies and nodes, not in time, so that
/// the answer does not depend on the machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplyBudget {
    /// Most reply layouts tried (at least one is).
    pub replies: u32,
    /// Nodes the solver may expand for each reply, both attackers together (the solver
    /// reads its count every 256 nodes, so it may pass this by as many).
    pub nodes: u64,
    /// The wall-clock guard of the whole search: it only stops a runaway (never-ending
    /// moves), and an answer it cut short says so ([`ReplySearch::stopped`]).
    pub guard: Option<Duration>,
}

/// What [`solve_layout_nodes`] found.
#[derive(Clone, Debug)]
pub struct ReplySearch {
    /// The first reply tried that wins by force, or else the first tried.
    pub layout: Layout,
    /// What the solver found for the game from [`ReplySearch::layout`].
    pub solution: Solution,
    /// Replies tried: the winning one is the last of them.
    pub replies: u32,
    /// Nodes the solver expanded, all replies together: the effort, the same on every
    /// machine.
    pub nodes: u64,
    /// True when the guard or the stop flag cut the search short: this answer may differ
    /// from one machine to another.
    pub stopped: bool,
}

/// A reply layout for `side`, which lays out second seeing `first`, with a proven win if
/// one is found within `budget`: Master's layouts for the seeds `seed`, `seed + 1`, …, each
/// chosen without a time limit and solved from the first move on one thread for at most
/// `budget.nodes` nodes, until one wins by force or `budget.replies` have been tried.
/// Deterministic: the same arguments give the same answer on any machine, under any load,
/// unless the guard or `stop` ends it ([`ReplySearch::stopped`]).
pub fn solve_layout_nodes(
    side: Side,
    first: &Layout,
    options: &RuleOptions,
    budget: ReplyBudget,
    seed: u64,
    stop: &AtomicBool,
) -> ReplySearch {
    let deadline = budget.guard.map(|g| Instant::now() + g);
    let left = || deadline.map(|d| d.saturating_duration_since(Instant::now()).max(Duration::from_millis(1)));
    let cut = || stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
    let mover = options.first_mover_when_laying_first(side.opponent());
    let (mut nodes, mut tried, mut stopped) = (0, 0, false);
    let mut first_found: Option<(Layout, Solution)> = None;
    for k in 0..budget.replies.max(1) {
        if k > 0 && cut() {
            stopped = true;
            break;
        }
        let seed_k = seed.wrapping_add(k.into());
        let layout =
            crate::choose_layout_within(side, crate::Level::Master, Some(first), options, seed_k, left(), stop);
        tried = k + 1;
        if cut() {
            // The layout's own search may have been cut short: it is not the one chosen
            // on a machine where the guard did not pass.
            let none = Solution {
                verdict: Verdict::Unknown { too_large: None },
                nodes: 0,
                elapsed: Duration::ZERO,
                exact: true,
            };
            first_found.get_or_insert((layout, none));
            stopped = true;
            break;
        }
        let state = from_layouts(side, &layout, first, mover, options);
        // One thread: two race each other and would make the count of nodes, and the
        // answer, depend on the machine.
        let limits = SolveLimits { time: left(), nodes: Some(budget.nodes), threads: 1, ..SolveLimits::default() };
        let solution = solve(&state, limits, stop);
        nodes += solution.nodes;
        if wins(&solution, side) {
            // A proof holds however the search was bounded, and the search that found it
            // is the same on every machine up to that point.
            return ReplySearch { layout, solution, replies: tried, nodes, stopped: false };
        }
        first_found.get_or_insert((layout, solution));
        if cut() {
            stopped = true;
            break;
        }
    }
    let (layout, solution) = first_found.expect("at least one layout is tried");
    ReplySearch { layout, solution, replies: tried, nodes, stopped }
}

/// The game from `mine` (`side`'s) and `theirs`, `mover` to move.
fn from_layouts(side: Side, mine: &Layout, theirs: &Layout, mover: Side, options: &RuleOptions) -> GameState {
    let (lower, upper) = if side == Side::Lower { (mine, theirs) } else { (theirs, mine) };
    GameState::from_layouts(lower, upper, mover, *options)
}

fn wins(solution: &Solution, side: Side) -> bool {
    matches!(&solution.verdict, Verdict::Win { winner, .. } if *winner == side)
}
