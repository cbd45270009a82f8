//! The computer's setup (RULES.md §2): candidate layouts are scored by a shallow search of
//! the opening against the opponent's layout when it is known (laying out second), or
//! against a few typical layouts otherwise; the stronger levels then improve the best one
//! by moving seeds between holes. Candidates come from the seed, so layouts differ from
//! game to game; Casual picks among the good ones rather than the best, and Beginner
//! takes any of a few varied candidates, as a new player would.
//!
//! Master, laying out second, then plays its best candidates out against the layout it
//! sees (quick games of Master against Master) and takes the first that wins: between
//! strong players the setup decides almost every game, and the player who lays out second
//! moves first and sees the other layout. Measured over 318 games of Master against
//! Master at 20 ms a move (`omweso match --a-layout engine --b-layout engine`, seeds 5 and
//! 9), the player laying out second won 77% of the games without the playouts and 86%
//! with them. Playing out the first layout against replies did not pay (11 → 13 wins of
//! 100) and is not done.

use super::deepening::search;
use super::tt::splitmix;
use super::{Level, Limits};
use omweso_rules::{GameState, Layout, Outcome, RuleOptions, SEEDS_PER_SIDE, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use web_time::Instant;

/// When a layout must be ready: a stop flag and a deadline, read between the searches of
/// the candidates and handed to each search.
struct Budget<'a> {
    stop: &'a AtomicBool,
    deadline: Option<Instant>,
}

impl Budget<'_> {
    fn over(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// The time left, for a search's limits (`None`: no deadline).
    fn left(&self) -> Option<Duration> {
        self.deadline.map(|d| d.saturating_duration_since(Instant::now()).max(Duration::from_millis(1)))
    }
}

struct Params {
    candidates: usize,
    depth: u32,
    nodes: u64,
    opponents: usize,
    mutations: usize,
    /// Pick uniformly among this many best candidates.
    pick_among: usize,
    /// Laying out second, the best this many candidates are played out against the layout
    /// seen (Master against Master at [`Params::playout_nodes`] a move), and the first
    /// that wins is taken: between strong players the setup decides almost every game.
    playouts: usize,
    /// Nodes a move in those games.
    playout_nodes: u64,
}

fn params(level: Level) -> Params {
    match level {
        Level::Beginner => Params {
            candidates: 4,
            depth: 1,
            nodes: 1_000,
            opponents: 1,
            mutations: 0,
            pick_among: 4,
            playouts: 0,
            playout_nodes: 0,
        },
        Level::Casual => Params {
            candidates: 10,
            depth: 3,
            nodes: 5_000,
            opponents: 2,
            mutations: 0,
            pick_among: 2,
            playouts: 0,
            playout_nodes: 0,
        },
        Level::Strong => Params {
            candidates: 20,
            depth: 4,
            nodes: 10_000,
            opponents: 2,
            mutations: 30,
            pick_among: 1,
            playouts: 0,
            playout_nodes: 0,
        },
        Level::Master => Params {
            candidates: 40,
            depth: 4,
            nodes: 20_000,
            opponents: 3,
            mutations: 100,
            pick_among: 1,
            playouts: 6,
            playout_nodes: 2_000,
        },
    }
}

/// A varied candidate: seeds spread at random, mostly in the back row, concentrated in a
/// few holes, or twos with a few seeds moved.
fn candidate(rng: &mut StdRng) -> Layout {
    let mut counts = [0u8; 16];
    match rng.random_range(0..4) {
        0 => return Layout::random(rng),
        1 => {
            for _ in 0..SEEDS_PER_SIDE {
                let t = if rng.random_bool(0.7) { rng.random_range(0..8) } else { rng.random_range(8..16) };
                counts[t] += 1;
            }
        }
        2 => {
            let holes: Vec<usize> = (0..rng.random_range(5..10)).map(|_| rng.random_range(0..16)).collect();
            for _ in 0..SEEDS_PER_SIDE {
                counts[holes[rng.random_range(0..holes.len())]] += 1;
            }
        }
        _ => {
            counts = [2; 16];
            for _ in 0..rng.random_range(2..8) {
                mutate(&mut counts, rng);
            }
        }
    }
    Layout::new(Side::Lower, counts).unwrap_or_else(|_| Layout::twos())
}

/// Moves 1–3 seeds from one occupied hole to another hole.
fn mutate(counts: &mut [u8; 16], rng: &mut StdRng) {
    let from = rng.random_range(0..16);
    if counts[from] == 0 {
        return;
    }
    let n = rng.random_range(1..=counts[from].min(3));
    let to = rng.random_range(0..16);
    counts[from] -= n;
    counts[to] += n;
}

/// The score of `mine` against `theirs` for `side`, by a fixed-depth search of the opening.
fn value(
    side: Side,
    mine: &Layout,
    theirs: &Layout,
    first: Side,
    options: &RuleOptions,
    p: &Params,
    b: &Budget,
) -> i32 {
    let (lower, upper) = if side == Side::Lower { (mine, theirs) } else { (theirs, mine) };
    let state = GameState::from_layouts(lower, upper, first, *options);
    let limits = Limits { time: b.left(), depth: Some(p.depth), nodes: Some(p.nodes), threads: 1 };
    match search(&state, Level::Master, limits, 0, b.stop, &mut |_| {}) {
        Some(r) if first == side => r.score,
        Some(r) => -r.score,
        // No legal move for the first player: they have lost.
        None if first == side => -super::WIN,
        None => super::WIN,
    }
}

/// The winner of a game of Master against Master from `mine` and `theirs` at `nodes` a
/// move (deterministic), or `None` when it is annulled or not over within 80 moves.
fn playout(
    side: Side,
    mine: &Layout,
    theirs: &Layout,
    first: Side,
    options: &RuleOptions,
    nodes: u64,
    b: &Budget,
) -> Option<Side> {
    let (lower, upper) = if side == Side::Lower { (mine, theirs) } else { (theirs, mine) };
    let mut state = GameState::from_layouts(lower, upper, first, *options);
    for ply in 0..80 {
        if b.over() {
            return None;
        }
        let limits = Limits { time: b.left(), depth: None, nodes: Some(nodes), threads: 1 };
        let Some(r) = search(&state, Level::Master, limits, ply, b.stop, &mut |_| {}) else {
            // No move: the player to move has lost (RULES.md §4).
            return Some(state.to_move().opponent());
        };
        let (next, _) = state.play(&r.best).ok()?;
        match next.outcome() {
            Some(Outcome::Win { winner, .. }) => return Some(winner),
            Some(Outcome::Annulled) => return None,
            None => state = next.state,
        }
    }
    None
}

/// The computer's layout of its 32 seeds for `side`. `seen` is the opponent's layout when
/// the computer lays out second. Deterministic for a given `seed`; different seeds give
/// different layouts.
pub fn choose_layout(side: Side, level: Level, seen: Option<&Layout>, options: &RuleOptions, seed: u64) -> Layout {
    choose_layout_within(side, level, seen, options, seed, None, &AtomicBool::new(false))
}

/// [`choose_layout`] bounded in time: when `time` has passed or `stop` is set, the best
/// layout scored so far is taken (the first candidate when none was: always a valid
/// layout). Within the time, the layout is the one [`choose_layout`] chooses; the time is
/// reached only with never-ending moves (a lap limit near [`omweso_rules::MAX_LAP_LIMIT`]).
pub fn choose_layout_within(
    side: Side,
    level: Level,
    seen: Option<&Layout>,
    options: &RuleOptions,
    seed: u64,
    time: Option<Duration>,
    stop: &AtomicBool,
) -> Layout {
    let budget = Budget { stop, deadline: time.map(|t| Instant::now() + t) };
    choose_with(side, &params(level), seen, options, seed, &budget)
}

fn choose_with(side: Side, p: &Params, seen: Option<&Layout>, options: &RuleOptions, seed: u64, b: &Budget) -> Layout {
    let mut rng = StdRng::seed_from_u64(splitmix(seed ^ 0x1A_7007));
    // RULES.md §2: by default the loser of the toss lays out first and the first player
    // lays out second, seeing that layout.
    let first = match seen {
        // Laying out second: the other side laid out first.
        Some(_) => options.first_mover_when_laying_first(side.opponent()),
        None => options.first_mover_when_laying_first(side),
    };
    let opponents: Vec<Layout> = match seen {
        Some(l) => vec![*l],
        None => {
            let mut v = vec![Layout::random(&mut rng), Layout::back_row_fours(), Layout::twos()];
            v.truncate(p.opponents);
            v
        }
    };
    let score = |mine: &Layout| -> i32 {
        let total: i32 = opponents.iter().map(|o| value(side, mine, o, first, options, p, b)).sum();
        total / opponents.len() as i32
    };
    let mut scored: Vec<(i32, Layout)> = Vec::new();
    for _ in 0..p.candidates {
        let c = candidate(&mut rng);
        if b.over() && !scored.is_empty() {
            break;
        }
        scored.push((score(&c), c));
    }
    scored.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
    if b.over() {
        return scored[0].1;
    }
    if p.mutations > 0 {
        let (mut best_score, best) = scored[0];
        let mut counts = best.counts();
        for _ in 0..p.mutations {
            if b.over() {
                break;
            }
            let mut next = counts;
            mutate(&mut next, &mut rng);
            let Ok(layout) = Layout::new(side, next) else { continue };
            let s = score(&layout);
            if s > best_score {
                best_score = s;
                counts = next;
            }
        }
        if let Ok(layout) = Layout::new(side, counts) {
            scored.insert(0, (best_score, layout));
        }
    }
    if let Some(theirs) = seen
        && p.playouts > 0
    {
        let mut tried: Vec<Layout> = Vec::new();
        for (_, mine) in &scored {
            if tried.len() >= p.playouts || b.over() {
                break;
            }
            if tried.contains(mine) {
                continue;
            }
            tried.push(*mine);
            if playout(side, mine, theirs, first, options, p.playout_nodes, b) == Some(side) {
                return *mine;
            }
        }
    }
    let i = rng.random_range(0..p.pick_among.min(scored.len()));
    scored[i].1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unbounded() -> Budget<'static> {
        static NEVER: AtomicBool = AtomicBool::new(false);
        Budget { stop: &NEVER, deadline: None }
    }

    #[test]
    fn a_time_limit_bounds_the_layout_and_changes_nothing_within_it() {
        let options = RuleOptions::default();
        let seen = choose_layout(Side::Upper, Level::Strong, None, &options, 3);
        let free = choose_layout(Side::Lower, Level::Strong, Some(&seen), &options, 5);
        let within = choose_layout_within(
            Side::Lower,
            Level::Strong,
            Some(&seen),
            &options,
            5,
            Some(Duration::from_secs(600)),
            &AtomicBool::new(false),
        );
        assert_eq!(free, within);
        // Never-ending moves: the largest lap limit, 300 ms.
        let endless = RuleOptions { lap_limit: omweso_rules::MAX_LAP_LIMIT, ..options };
        let started = Instant::now();
        let layout = choose_layout_within(
            Side::Upper,
            Level::Master,
            None,
            &endless,
            1,
            Some(Duration::from_millis(300)),
            &AtomicBool::new(false),
        );
        assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
        assert_eq!(layout.counts().iter().map(|&c| c as u32).sum::<u32>(), SEEDS_PER_SIDE);
        // Stopped before it starts: still a valid layout, at once.
        let started = Instant::now();
        let layout =
            choose_layout_within(Side::Lower, Level::Master, Some(&seen), &endless, 1, None, &AtomicBool::new(true));
        assert!(started.elapsed() < Duration::from_secs(2), "{:?}", started.elapsed());
        assert_eq!(layout.counts().iter().map(|&c| c as u32).sum::<u32>(), SEEDS_PER_SIDE);
    }

    #[test]
    fn master_laying_out_second_plays_its_candidates_out() {
        // Against the same seen layouts, Master's choice wins its own playout more often
        // with the playouts than when it keeps the candidate its search scored best.
        let options = RuleOptions::default();
        let first = options.first_mover_when_laying_first(Side::Upper);
        let with = params(Level::Master);
        let without = Params { playouts: 0, ..params(Level::Master) };
        let (mut wins_with, mut wins_without) = (0, 0);
        for seed in 0..8 {
            let seen = choose_layout(Side::Upper, Level::Strong, None, &options, 100 + seed);
            for (p, wins) in [(&with, &mut wins_with), (&without, &mut wins_without)] {
                let mine = choose_with(Side::Lower, p, Some(&seen), &options, seed, &unbounded());
                assert_eq!(mine.counts().iter().map(|&c| c as u32).sum::<u32>(), SEEDS_PER_SIDE);
                let won = playout(Side::Lower, &mine, &seen, first, &options, with.playout_nodes, &unbounded());
                if won == Some(Side::Lower) {
                    *wins += 1;
                }
            }
        }
        assert!(wins_with > wins_without, "with playouts {wins_with}, without {wins_without} of 8");
    }
}
