//! The layout study (issue 43): for a first layout, does the side laying out second find a
//! reply that wins by force? Each case is one first layout under one order of laying out
//! (RULES.md §2); [`study_case`] searches for the reply with [`crate::solve_layout_nodes`]
//! (a budget of nodes, the same answer on every machine) and reports what it found, with
//! the proof when the reply wins.
//!
//! Sides are fixed so that a table reads the same throughout: the first layout is
//! Upper's, the reply Lower's. Under [`Order::SecondMovesFirst`] (the rule book's default:
//! the toss winner lays out second, seeing the other layout, and moves first) Lower moves
//! first; under [`Order::FirstMovesFirst`] (the [choice] `first_player_lays_out_first`)
//! Upper, who laid out first, moves first.

use crate::{Proof, ReplyBudget, ReplySearch, Solution, Verdict};
use omweso_rules::{Layout, RuleOptions, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use web_time::Instant;

/// The side whose layout comes first in a study case.
pub const FIRST: Side = Side::Upper;
/// The side that lays out second, seeing the first layout, and replies.
pub const REPLY: Side = Side::Lower;

/// The order of laying out (RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Order {
    /// The rule book's default: the side laying out second moves first.
    SecondMovesFirst,
    /// The [choice]: the side laying out first moves first.
    FirstMovesFirst,
}

impl Order {
    /// Both orders, the default first.
    pub const BOTH: [Order; 2] = [Order::SecondMovesFirst, Order::FirstMovesFirst];

    /// `second-moves-first` or `first-moves-first`.
    pub const fn name(self) -> &'static str {
        match self {
            Order::SecondMovesFirst => "second-moves-first",
            Order::FirstMovesFirst => "first-moves-first",
        }
    }

    /// `options` with this order of laying out.
    pub fn apply(self, options: &RuleOptions) -> RuleOptions {
        RuleOptions { first_player_lays_out_first: self == Order::FirstMovesFirst, ..*options }
    }

    /// The side that moves first in a case of this order.
    pub fn first_mover(self) -> Side {
        match self {
            Order::SecondMovesFirst => REPLY,
            Order::FirstMovesFirst => FIRST,
        }
    }
}

impl fmt::Display for Order {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An order's name that is neither `second-moves-first` nor `first-moves-first`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown order of laying out {0:?}: expected second-moves-first or first-moves-first")]
pub struct OrderError(pub String);

impl FromStr for Order {
    type Err = OrderError;

    fn from_str(s: &str) -> Result<Order, OrderError> {
        Order::BOTH.into_iter().find(|o| o.name() == s).ok_or_else(|| OrderError(s.chars().take(40).collect()))
    }
}

/// `count` random first layouts from `seed`: each a uniform distribution of the 32 seeds
/// over the 16 holes, seed by seed ([`Layout::random`]); the same `seed` gives the same
/// layouts, and the first `n` of a longer list are the `n` of a shorter one.
pub fn random_first_layouts(seed: u64, count: usize) -> Vec<Layout> {
    let mut rng = StdRng::seed_from_u64(seed);
    (0..count).map(|_| Layout::random(&mut rng)).collect()
}

/// What the study found for one case (or the window's coach for one layout).
#[derive(Clone, Debug)]
pub struct Finding {
    /// The side of the reply ([`REPLY`] in the study).
    pub side: Side,
    /// The reply layout: the first found that wins by force, or else Master's first.
    pub reply: Layout,
    /// What the solver found for the game from the reply: a win for [`Finding::side`]
    /// refutes the first layout.
    pub solution: Solution,
    /// Wall time of the whole search for a reply.
    pub elapsed: Duration,
}

impl Finding {
    /// True when the reply wins by force: the first layout is refuted.
    pub fn refuted(&self) -> bool {
        self.refutation().is_some()
    }

    /// The proof that the reply wins by force, from the game's first move (its `root`
    /// holds both layouts; its `line` is the main line), when it does.
    pub fn refutation(&self) -> Option<&Proof> {
        match &self.solution.verdict {
            Verdict::Win { winner, proof } if *winner == self.side => Some(proof),
            _ => None,
        }
    }
}

/// Searches, within `time`, for a layout of `side` that wins by force against `first`,
/// the other side's layout, laid out first and seen (RULES.md §2): who moves first follows
/// from `options` (`first_player_lays_out_first`). Master's reply layouts from `seed`,
/// each solved from the first move ([`crate::solve_layout`]); stops early when `stop` is
/// set. The study's cases ([`study_case`]) and the window's layout coach both ask this.
pub fn reply_to(
    side: Side,
    first: &Layout,
    options: &RuleOptions,
    time: Duration,
    seed: u64,
    stop: &AtomicBool,
) -> Finding {
    let start = Instant::now();
    let (reply, solution) = crate::solve_layout(side, first, options, time, seed, stop);
    Finding { side, reply, solution, elapsed: start.elapsed() }
}

/// Searches for a reply to `first` (Upper's layout) under `order` that wins by force, within
/// `budget` (replies and nodes, not time: [`crate::solve_layout_nodes`]): Master's reply
/// layouts from `seed`, each solved from the first move on one thread. The same arguments
/// give the same answer on any machine under any load, unless the budget's guard or `stop`
/// cut it short ([`ReplySearch::stopped`]).
pub fn study_case(
    first: &Layout,
    order: Order,
    options: &RuleOptions,
    budget: ReplyBudget,
    seed: u64,
    stop: &AtomicBool,
) -> ReplySearch {
    crate::solve_layout_nodes(REPLY, first, &order.apply(options), budget, seed, stop)
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::GameState;

    #[test]
    fn the_orders_set_who_moves_first() {
        let options = RuleOptions::default();
        for order in Order::BOTH {
            let o = order.apply(&options);
            // The side laying out first is FIRST; RULES.md §2 says who then moves first.
            assert_eq!(o.first_mover_when_laying_first(FIRST), order.first_mover(), "{order}");
            assert_eq!(order.name().parse::<Order>(), Ok(order));
        }
        assert!("both".parse::<Order>().is_err());
    }

    #[test]
    fn random_layouts_are_the_same_for_a_seed_and_a_prefix_for_fewer() {
        let ten = random_first_layouts(7, 10);
        assert_eq!(random_first_layouts(7, 4), ten[..4]);
        assert_ne!(random_first_layouts(8, 10), ten);
        assert!(ten.iter().all(|l| l.counts().iter().map(|&c| u32::from(c)).sum::<u32>() == 32));
    }

    /// A budget a small test can afford: three replies of 200,000 nodes.
    const SMALL: ReplyBudget = ReplyBudget { replies: 3, nodes: 200_000, guard: None };

    #[test]
    fn a_refuted_first_layout_comes_with_a_proof_from_its_first_move() {
        // Two seeds in every hole, laid out first: the side laying out second and moving
        // first finds a reply that wins by force.
        let options = RuleOptions::default();
        let first = Layout::twos();
        let found = study_case(&first, Order::SecondMovesFirst, &options, SMALL, 0, &AtomicBool::new(false));
        let Verdict::Win { proof, winner: REPLY } = &found.solution.verdict else {
            panic!("{:?}", found.solution.verdict)
        };
        assert!(!found.stopped && (1..=3).contains(&found.replies) && found.nodes > 0, "{found:?}");
        let root = GameState::from_layouts(&found.layout, &first, REPLY, Order::SecondMovesFirst.apply(&options));
        assert_eq!(proof.root, root, "the proof starts from the two layouts, the reply's side to move");
    }

    #[test]
    fn a_case_is_the_same_whatever_else_runs_and_its_budget_bounds_it() {
        // The same case on two threads at once, with a third thread spinning: the same
        // reply, verdict, nodes and replies as alone. Random first layouts are refuted or
        // not within a small budget, either way alike.
        let options = RuleOptions::default();
        let firsts = random_first_layouts(11, 2);
        let stop = AtomicBool::new(false);
        let tiny = ReplyBudget { replies: 2, nodes: 20_000, guard: Some(Duration::from_secs(600)) };
        let alone: Vec<_> =
            firsts.iter().map(|f| study_case(f, Order::FirstMovesFirst, &options, tiny, 3, &stop)).collect();
        let spin = AtomicBool::new(false);
        let busy: Vec<Vec<ReplySearch>> = std::thread::scope(|scope| {
            scope.spawn(|| {
                let started = Instant::now();
                while !spin.load(std::sync::atomic::Ordering::Relaxed) && started.elapsed() < Duration::from_secs(120) {
                    std::hint::spin_loop();
                }
            });
            let runs: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        firsts.iter().map(|f| study_case(f, Order::FirstMovesFirst, &options, tiny, 3, &stop)).collect()
                    })
                })
                .collect();
            let done = runs.into_iter().map(|r| r.join().expect("a run")).collect();
            spin.store(true, std::sync::atomic::Ordering::Relaxed);
            done
        });
        for run in busy {
            for (a, b) in alone.iter().zip(&run) {
                assert_eq!(
                    (a.layout, &a.solution.verdict, a.nodes, a.replies),
                    (b.layout, &b.solution.verdict, b.nodes, b.replies)
                );
            }
        }
        for a in &alone {
            assert!(!a.stopped);
            // Each reply's solve stops within a check (256 nodes) of its budget.
            assert!(a.nodes <= u64::from(a.replies) * (tiny.nodes + 2 * 256), "{a:?}");
        }
    }

    #[test]
    fn a_reply_is_found_for_either_side_and_its_main_line_is_played_from_the_layouts() {
        // Lower lays out twos first; Upper, laying out second, moves first (the default).
        let options = RuleOptions::default();
        let found =
            reply_to(Side::Upper, &Layout::twos(), &options, Duration::from_secs(20), 0, &AtomicBool::new(false));
        let proof = found.refutation().expect("twos laid out first are refuted");
        assert_eq!(found.side, Side::Upper);
        let root = GameState::from_layouts(&Layout::twos(), &found.reply, Side::Upper, options);
        assert_eq!(proof.root, root);
        let mut state = root;
        for mv in &proof.line {
            state = state.play(mv).expect("the main line is legal").0.state;
        }
        assert_eq!(
            state.outcome().and_then(|o| o.winner()),
            Some(Side::Upper),
            "the main line ends in the reply's win"
        );
    }
}
