//! The hunt for the hardest first layout (issue 52): not "is a random first layout lost?"
//! but "is there one that survives?". From a start, a hill climb over first layouts by
//! local moves (one to three seeds moved from one hole to another) keeps the layout whose
//! refutation costs the most: a layout not refuted within the budget ranks above every
//! refuted one, and among the refuted the one that took the most nodes ranks highest.
//! Every layout is judged by the study's own case ([`crate::study::study_case`], a budget
//! of replies and nodes), so a hunt is deterministic: the same arguments give the same
//! layouts on any machine.

use crate::study::{Order, study_case};
use crate::{ReplyBudget, ReplySearch, Verdict};
use omweso_rules::{Layout, RuleOptions, Side};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};

/// How hard a first layout was to refute: the larger, the harder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hardness {
    /// True when no reply was found to win by force within the budget.
    pub survived: bool,
    /// Nodes the search for a reply took.
    pub nodes: u64,
}

impl Hardness {
    /// The hardness of a searched case.
    pub fn of(search: &ReplySearch) -> Hardness {
        let refuted = matches!(&search.solution.verdict, Verdict::Win { winner, .. } if *winner == crate::study::REPLY);
        Hardness { survived: !refuted, nodes: search.nodes }
    }
}

/// What a hunt from one start found.
#[derive(Clone, Debug)]
pub struct Hunted {
    /// The layout the hunt started from.
    pub start: Layout,
    /// The hardest layout met (Upper's).
    pub best: Layout,
    /// The study's case for [`Hunted::best`].
    pub search: ReplySearch,
    /// Local moves tried.
    pub steps: u32,
    /// Local moves kept (the layout at least as hard as before).
    pub kept: u32,
}

/// Climbs from `start` (Upper's first layout) under `order` for `steps` local moves, each
/// layout judged by [`study_case`] within `budget` (its replies from seed 0, the same for
/// every layout so that they compare); a move is kept when the layout is at least as hard.
/// The moves come from `seed`. Stops early when `stop` is set.
pub fn hunt(
    start: &Layout,
    order: Order,
    options: &RuleOptions,
    budget: ReplyBudget,
    steps: u32,
    seed: u64,
    stop: &AtomicBool,
) -> Hunted {
    let judge = |layout: &Layout| study_case(layout, order, options, budget, 0, stop);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut current = (*start, judge(start));
    let mut best = current.clone();
    let (mut tried, mut kept) = (0, 0);
    while tried < steps && !stop.load(Ordering::Relaxed) {
        tried += 1;
        let Some(next) = local_move(&current.0, &mut rng) else { continue };
        let found = judge(&next);
        if Hardness::of(&found) >= Hardness::of(&current.1) {
            kept += 1;
            current = (next, found);
            if Hardness::of(&current.1) > Hardness::of(&best.1) {
                best = current.clone();
            }
        }
    }
    Hunted { start: *start, best: best.0, search: best.1, steps: tried, kept }
}

/// `layout` with one to three seeds moved from an occupied hole to another hole.
fn local_move(layout: &Layout, rng: &mut StdRng) -> Option<Layout> {
    let mut counts = layout.counts();
    let occupied: Vec<usize> = (0..16).filter(|&h| counts[h] > 0).collect();
    let from = occupied[rng.random_range(0..occupied.len())];
    let to = (from + rng.random_range(1..16)) % 16;
    let n = rng.random_range(1..=counts[from].min(3));
    counts[from] -= n;
    counts[to] += n;
    Layout::new(Side::Upper, counts).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hunt_keeps_the_hardest_layout_it_meets_and_is_the_same_twice() {
        let options = RuleOptions::default();
        let budget = ReplyBudget { replies: 2, nodes: 20_000, guard: None };
        let stop = AtomicBool::new(false);
        let start = Layout::twos();
        let first = hunt(&start, Order::SecondMovesFirst, &options, budget, 4, 9, &stop);
        let again = hunt(&start, Order::SecondMovesFirst, &options, budget, 4, 9, &stop);
        assert_eq!((first.best, first.search.nodes, first.kept), (again.best, again.search.nodes, again.kept));
        assert_eq!(first.steps, 4);
        let at_start = study_case(&start, Order::SecondMovesFirst, &options, budget, 0, &stop);
        assert!(Hardness::of(&first.search) >= Hardness::of(&at_start), "never worse than the start");
        assert_eq!(first.best.counts().iter().map(|&c| u32::from(c)).sum::<u32>(), 32);
    }

    #[test]
    fn a_local_move_moves_one_to_three_seeds_between_two_holes() {
        let mut rng = StdRng::seed_from_u64(1);
        let start = Layout::back_row_fours();
        for _ in 0..200 {
            let next = local_move(&start, &mut rng).expect("32 seeds still");
            let (a, b) = (start.counts(), next.counts());
            let changed: Vec<usize> = (0..16).filter(|&h| a[h] != b[h]).collect();
            assert_eq!(changed.len(), 2, "{a:?} {b:?}");
            let moved = a[changed[0]].abs_diff(b[changed[0]]);
            assert!((1..=3).contains(&moved) && moved == a[changed[1]].abs_diff(b[changed[1]]));
        }
    }
}
