//! The engine's work for the player, on background threads so that the window never waits:
//! one judgement of a position at a time ([`Judging`]: every move scored by one search at
//! one depth) and the review of a whole game ([`GameReview`]). The judgements made are kept
//! ([`Judgements`]): the hint, the coach, the analysis panel and the review read a
//! position's moves from its one kept judgement, so they never disagree; and the solver's
//! word ([`Proving`], [`Thrown`]). Each runs as a [`Job`]: it stops when its owner is
//! dropped, wakes the window when it has news, and a failed one ends with nothing.

use crate::app::services::job::Job;
use crate::app::services::job::Waker;
pub use crate::app::services::proof::Proven;
pub use crate::app::services::review::{Judgements, REVIEW_PROVE_TIME, ReviewDone};
use omweso_engine::Judgement;
use omweso_engine::study::Finding;
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
use std::time::Duration;

/// The time the window gives one judgement of a position (the hint, the coach and the
/// analysis panel alike).
pub const JUDGE_TIME: Duration = Duration::from_millis(1000);
/// The time the review of a whole game gives each position not judged yet.
pub const REVIEW_TIME: Duration = Duration::from_millis(500);
/// The time the analysis panel gives the solver on the position shown.
pub const PROVE_TIME: Duration = Duration::from_millis(3000);
/// One position being judged in the background, deepening until its time is up.
pub struct Judging {
    state: GameState,
    job: Job<Judgement, Option<Judgement>>,
    latest: Option<Judgement>,
}

impl Judging {
    /// Starts judging `state` for `time` (see [`omweso_engine::judge`]).
    pub fn start(state: GameState, time: Duration, waker: Option<Waker>) -> Judging {
        let s = state.clone();
        #[cfg(target_arch = "wasm32")]
        let job = crate::app::services::web::jobs::judging(s, time, waker);
        #[cfg(not(target_arch = "wasm32"))]
        let job = Job::start("judgement", waker, move |cx| {
            let limits = omweso_engine::Limits { time: Some(time), ..Default::default() };
            omweso_engine::judge(&s, limits, cx.stop, &mut |j| cx.news(j.clone()))
        });
        Judging { state, job, latest: None }
    }

    /// The position judged.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// Takes in the thread's news; true once the judgement is finished (or the thread
    /// ended without one).
    pub fn poll(&mut self) -> bool {
        let latest = &mut self.latest;
        let over = self.job.poll(|j| *latest = Some(j));
        if let Some(Ok(Some(last))) = self.job.take() {
            self.latest = Some(last);
        }
        over
    }

    /// The deepest judgement so far (the final one once [`Judging::poll`] said finished).
    pub fn latest(&self) -> Option<&Judgement> {
        self.latest.as_ref()
    }

    /// The position and its final judgement (`None` when none could be made).
    pub fn finish(self) -> (GameState, Option<Judgement>) {
        (self.state, self.latest)
    }
}

/// `1 move`, `5 moves`.
pub fn moves_words(n: u32) -> String {
    if n == 1 { "1 move".to_string() } else { format!("{n} moves") }
}

/// `within 5 moves`: the winner's own moves of a proof whose longest line has `moves`
/// moves of both players, the winner's first. A proof need not be the fastest win, so the
/// count is a bound.
pub fn within_own_moves(moves: u32) -> String {
    format!("within {}", moves_words(moves.div_ceil(2)))
}

/// A line of moves as the move list writes them: `a2xF | L | f | …` (at most eight).
pub fn line_text(line: &[Move]) -> String {
    let shown: Vec<String> = line.iter().take(8).map(ToString::to_string).collect();
    let more = if line.len() > 8 { " | …" } else { "" };
    format!("{}{more}", shown.join(" | "))
}

/// A move that threw a proven win away: before it the mover won against every defence, and
/// after it the opponent does. Made from two proofs, never from a search's score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thrown {
    /// The winning move the mover had (the first of its proof's main line).
    pub winning: Move,
    /// The mover's own moves to win with it, at most.
    pub within: u32,
    /// How the move is refuted: the opponent's winning line from the position after it.
    pub refutation: Vec<Move>,
    /// The opponent's own moves to win after it, at most.
    pub refuted_within: u32,
}

impl Thrown {
    /// From the proofs of the positions before and after a move of `mover`: `Some` when the
    /// first is a win of `mover` and the second a win of its opponent.
    pub fn of(before: &Proven, after: &Proven, mover: Side) -> Option<Thrown> {
        if before.winner != Some(mover) || after.winner != Some(mover.opponent()) {
            return None;
        }
        Some(Thrown {
            winning: before.line.first().cloned()?,
            within: before.own_moves(),
            refutation: after.line.clone(),
            refuted_within: after.own_moves(),
        })
    }

    /// The move `played` of `mover` in words: `m threw away a proven win: p won within 5
    /// moves; now Upper wins within 7: k | a | …`.
    pub fn words(&self, played: &str, mover: Side) -> String {
        format!(
            "{played} threw away a proven win: {} won within {}; now {} wins within {}: {}",
            self.winning,
            moves_words(self.within),
            mover.opponent(),
            moves_words(self.refuted_within),
            line_text(&self.refutation)
        )
    }
}

/// One position being proven in the background by the solver (`omweso_engine::solve`).
pub struct Proving {
    state: GameState,
    job: Job<(), Option<Proven>>,
}

impl Proving {
    /// Starts proving `state` for `time`.
    pub fn start(state: GameState, time: Duration, waker: Option<Waker>) -> Proving {
        let s = state.clone();
        #[cfg(target_arch = "wasm32")]
        let job = crate::app::services::web::jobs::proving(s, time, waker);
        #[cfg(not(target_arch = "wasm32"))]
        let job = Job::start("proof", waker, move |cx| {
            let limits = omweso_engine::SolveLimits { time: Some(time), ..Default::default() };
            Proven::of(omweso_engine::solve(&s, limits, cx.stop))
        });
        Proving { state, job }
    }

    /// The position being proven.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The answer once the solver has given it (`Some(None)`: nothing proven in its time,
    /// or the job failed).
    pub fn poll(&mut self) -> Option<Option<Proven>> {
        self.job.poll(|()| {});
        self.job.take().map(|r| r.ok().flatten())
    }
}

/// A score for the side to move, turned into Lower's point of view (positive: Lower is
/// better), in hundredths of a seed.
pub fn for_lower(score: i32, to_move: Side) -> i32 {
    if to_move == Side::Lower { score } else { -score }
}

/// A score (for Lower, hundredths of a seed) in a player's words: `Lower better by 3.5 seeds`,
/// `even`, or `Upper wins in 3 moves` for a forced result.
pub fn score_words(score_for_lower: i32) -> String {
    let (side, s) = if score_for_lower >= 0 { (Side::Lower, score_for_lower) } else { (Side::Upper, -score_for_lower) };
    if let Some(f) = omweso_engine::review::forced(s) {
        let moves = (f.plies.max(1) + 1) / 2;
        return format!("{side} wins in {moves} move{}", if moves == 1 { "" } else { "s" });
    }
    // The evaluation counts seeds and where they stand, so its unit is "about a seed".
    if s < 10 { "even".to_string() } else { format!("{side} better by {:.1} seeds", s as f64 / 100.0) }
}

/// The review of a whole game, running in the background.
pub struct GameReview {
    job: Job<(usize, usize), ReviewDone>,
    /// Moves reviewed so far, and in all.
    pub progress: (usize, usize),
    /// The result, once finished.
    pub result: Option<ReviewDone>,
}

impl GameReview {
    /// Reviews `moves` from `start`: each position by its judgement in `known`, or one
    /// made now with `time`; then gives the solver [`REVIEW_PROVE_TIME`] on each position.
    pub fn start(
        start: GameState,
        moves: Vec<Move>,
        time: Duration,
        known: Judgements,
        waker: Option<Waker>,
    ) -> GameReview {
        let total = moves.len();
        #[cfg(target_arch = "wasm32")]
        let job = crate::app::services::web::jobs::reviewing(start, moves, time, known, waker);
        #[cfg(not(target_arch = "wasm32"))]
        let job = Job::start("review", waker, move |cx| {
            let limits = omweso_engine::Limits { time: Some(time), ..Default::default() };
            let (mut out, mut made) = (Vec::new(), Vec::new());
            let stop = cx.stop;
            let mut walk = omweso_engine::review::ReviewWalk::new(&start, &moves);
            while let Some(position) = walk.position() {
                let given = known.get(position).map(|j| Judgement::clone(j));
                let Some(r) = walk.step(given, limits, stop) else { break };
                if r.judged_now
                    && let Some(j) = r.judgement
                {
                    made.push((r.state, j));
                }
                out.extend(r.verdict);
                cx.news(walk.progress());
            }
            // Then the solver on every position, so that a move that threw a proven win away
            // is called so.
            let proven = crate::app::services::review::prove_positions(&start, &moves, stop)
                .into_iter()
                .map(|(_, s, p)| (s, p))
                .collect();
            ReviewDone { verdicts: out, judged: made, proven }
        });
        GameReview { job, progress: (0, total), result: None }
    }

    /// Takes in the thread's news; true once the review is finished (a thread that ended
    /// without its result, by a panic, counts as finished with nothing).
    pub fn poll(&mut self) -> bool {
        let progress = &mut self.progress;
        self.job.poll(|p| *progress = p);
        if let Some(outcome) = self.job.take() {
            self.result = Some(outcome.unwrap_or_default());
        }
        self.result.is_some()
    }
}

/// The layout coach's search (Check my layout, Propose a reply): a reply layout of `side`
/// to `first` that wins by force, within `time` ([`omweso_engine::study::reply_to`]), on a
/// thread of its own, or in the page in a worker of its own.
pub fn reply_search(
    side: Side,
    first: Layout,
    options: RuleOptions,
    time: Duration,
    seed: u64,
    waker: Option<Waker>,
) -> Job<(), Finding> {
    #[cfg(target_arch = "wasm32")]
    let job = crate::app::services::web::jobs::reply_search(side, first, options, time, seed, waker);
    #[cfg(not(target_arch = "wasm32"))]
    let job = Job::start("layout coach", waker, move |cx| {
        omweso_engine::study::reply_to(side, &first, &options, time, seed, cx.stop)
    });
    job
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_engine::{PROVEN, WIN};

    #[test]
    fn scores_in_words() {
        assert_eq!(score_words(350), "Lower better by 3.5 seeds");
        assert_eq!(score_words(-120), "Upper better by 1.2 seeds");
        assert_eq!(score_words(3), "even");
        assert_eq!(score_words(WIN + 1000 - 1), "Lower wins in 1 move");
        assert_eq!(score_words(-(WIN + 2000 - 3)), "Upper wins in 2 moves");
        assert_eq!(for_lower(100, Side::Upper), -100);
    }

    #[test]
    fn only_a_win_turned_into_a_loss_is_a_thrown_win() {
        let s: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        let mv = s.legal_moves().remove(0);
        let win = |winner, moves| Proven { winner: Some(winner), moves, line: vec![mv.clone()] };
        let thrown = Thrown::of(&win(Side::Lower, 9), &win(Side::Upper, 3), Side::Lower).expect("thrown");
        assert_eq!((thrown.within, thrown.refuted_within), (5, 2));
        // Still won, won by the other side all along, or not the mover's move: nothing thrown.
        assert!(Thrown::of(&win(Side::Lower, 9), &win(Side::Lower, 7), Side::Lower).is_none());
        assert!(Thrown::of(&win(Side::Upper, 9), &win(Side::Upper, 7), Side::Lower).is_none());
        assert!(Thrown::of(&win(Side::Lower, 9), &win(Side::Upper, 3), Side::Upper).is_none());
    }

    #[test]
    fn a_judgement_reports_each_depth_and_finishes() {
        let s: GameState =
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0".parse().unwrap();
        let mut j = Judging::start(s, Duration::from_millis(300), None);
        for _ in 0..500 {
            if j.poll() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let (_, judgement) = j.finish();
        let judgement = judgement.expect("a judgement within five seconds");
        assert!(judgement.score() >= PROVEN, "Lower wins by akakyala: {}", judgement.score());
        assert!(judgement.moves.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
    }

    #[test]
    fn the_first_judgement_of_a_position_is_kept() {
        let s: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        let mv = s.legal_moves().remove(0);
        let one = Judgement { depth: 1, moves: vec![(mv.clone(), 10)], pv: vec![mv.clone()], nodes: 1 };
        let two = Judgement { depth: 2, moves: vec![(mv.clone(), 20)], pv: vec![mv], nodes: 2 };
        let mut kept = Judgements::default();
        kept.keep(s.clone(), one.clone());
        kept.keep(s.clone(), two);
        assert_eq!(kept.get(&s).map(|j| j.depth), Some(1));
    }
}
