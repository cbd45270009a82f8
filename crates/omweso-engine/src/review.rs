//! Reviewing moves with the engine: for each move of a game, the score before it, the
//! engine's best move, what the move played gave away against it (the loss) and a mark a
//! player understands (best, good, inaccuracy, a move that shortens a proven loss, mistake,
//! a loss in one, blunder). Scores are in the units `omweso analyse` prints: hundredths of a
//! seed for the side to move, forced results near ±[`super::WIN`] ([`forced`] reads them).

use super::{Judgement, Limits, PROVEN, judge};
use omweso_rules::{GameState, Move};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// How good a move was against the engine's best. The order is the order of gravity:
/// `mark >= Mark::Inaccuracy` is a move worth taking back, `mark >= Mark::Mistake` a key
/// moment of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Mark {
    /// The engine's own choice.
    Best,
    /// Gave away less than one seed.
    Good,
    /// Gave away one to three seeds.
    Inaccuracy,
    /// In a position already proven lost (the best move loses too, by force), a move that
    /// lets the opponent win sooner than the best defence does: the loss was coming, the
    /// move brought it nearer.
    ShortensLoss,
    /// Gave away three to eight seeds.
    Mistake,
    /// In a position proven lost, a move that hands the opponent a win in one (they win
    /// with their very next move) where a longer defence existed.
    LossInOne,
    /// Gave away eight seeds or more, or handed the opponent a forced win when another move
    /// did not.
    Blunder,
}

impl Mark {
    /// All marks, best first.
    pub const ALL: [Mark; 7] =
        [Mark::Best, Mark::Good, Mark::Inaccuracy, Mark::ShortensLoss, Mark::Mistake, Mark::LossInOne, Mark::Blunder];

    /// The mark's name, one word as `omweso review` prints it: `best`, `good`,
    /// `inaccuracy`, `shortens-loss`, `mistake`, `loss-in-one`, `blunder`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::ShortensLoss => "shortens-loss",
            Mark::Mistake => "mistake",
            Mark::LossInOne => "loss-in-one",
            Mark::Blunder => "blunder",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MoveReview {
    /// The move's number in the game, from 1.
    pub number: usize,
    /// The move played, in canonical notation.
    pub played: String,
    /// The score before the move, for the player who made it.
    pub score_before: i32,
    /// The engine's best move there, in canonical notation.
    pub best: String,
    /// What the move gave away against the best (0 or more).
    pub loss: i32,
    /// The mark.
    pub mark: Mark,
}

/// A forced result read from a score (for the side whose score it is): who wins, the
/// points the win is worth and how many plies (single moves, both sides counted) from the
/// position it comes. The search scores a win of `p` points `n` plies ahead `WIN + 1000 p -
/// n` (`n` at most 900), a loss the same below zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    /// True when the side whose score it is wins, false when it loses.
    pub wins: bool,
    /// The points of the win (the rule options' points of its kind, at most 60).
    pub points: i32,
    /// Plies until the game ends: 1 is the move itself, 2 the opponent's reply.
    pub plies: i32,
}

/// The forced result a score stands for, or `None` for a score under [`PROVEN`] in
/// magnitude (the search's estimate, no forced result).
pub fn forced(score: i32) -> Option<Forced> {
    if score.abs() < PROVEN {
        return None;
    }
    let above = score.abs() - super::WIN; // 1000 p - n
    let plies = (-above).rem_euclid(1000);
    Some(Forced { wins: score > 0, points: (above + plies) / 1000, plies })
}

/// The mark of a move that scores `played` where the best scores `best` (both for the
/// mover, in hundredths of a seed): the engine's thresholds, in seeds given away (under 1
/// good, under 3 an inaccuracy, under 8 a mistake, else a blunder), and a blunder for a
/// move into a forced loss where another move had none. In a position proven lost (`best`
/// a forced loss too), seeds no longer count: a move that hands the opponent a win in one
/// where the best move held out longer is [`Mark::LossInOne`], one that lets the loss come
/// sooner otherwise [`Mark::ShortensLoss`]; a loss as near that gives away more points
/// keeps the thresholds (a point is ten seeds: a blunder).
pub fn mark(best: i32, played: i32) -> Mark {
    let loss = (best - played).max(0);
    if played <= -PROVEN && best > -PROVEN {
        return Mark::Blunder;
    }
    if let (Some(b), Some(p)) = (forced(best), forced(played))
        && !b.wins
        && !p.wins
        && p.points <= b.points
        && p.plies < b.plies
    {
        return if p.plies <= 2 { Mark::LossInOne } else { Mark::ShortensLoss };
    }
    if loss < 100 {
        Mark::Good
    } else if loss < 300 {
        Mark::Inaccuracy
    } else if loss < 800 {
        Mark::Mistake
    } else {
        Mark::Blunder
    }
}

impl Judgement {
    /// The verdict on `mv` (move number `number` of its game): what it gave away against
    /// the best move of this judgement, and its mark (best when it gave nothing away).
    /// `None` when `mv` is not one of the position's moves.
    pub fn review(&self, mv: &Move, number: usize) -> Option<MoveReview> {
        let played = self.score_of(mv)?;
        let best = self.score();
        let loss = (best - played).max(0);
        let mark = if loss == 0 { Mark::Best } else { mark(best, played) };
        Some(MoveReview {
            number,
            played: mv.to_string(),
            score_before: best,
            best: self.best().to_string(),
            loss,
            mark,
        })
    }
}

/// Reviews move `mv` (number `number`) played in `state`, from one judgement of `state`
/// within `limits` (see [`super::judge`]). `None` when the state has no legal move or
/// `mv` is not legal there.
pub fn review_move(
    state: &GameState,
    mv: &Move,
    number: usize,
    limits: Limits,
    stop: &AtomicBool,
) -> Option<MoveReview> {
    judge(state, limits, stop, &mut |_| {})?.review(mv, number)
}

/// A walk through a game's moves for their review, one move at a time, driven by the
/// caller: no callback. The caller asks for the position before the next move
/// ([`ReviewWalk::position`]), gives its judgement when it has one, and takes each
/// [`Reviewed`] as data ([`ReviewWalk::step`]): a window counts its progress and keeps its
/// judgements itself.
#[derive(Clone, Debug)]
pub struct ReviewWalk<'a> {
    state: GameState,
    moves: &'a [Move],
    next: usize,
}

/// One move of a game reviewed ([`ReviewWalk::step`]).
#[derive(Clone, Debug)]
pub struct Reviewed {
    /// The position before the move.
    pub state: GameState,
    /// Its judgement: the one given, or the one made now; `None` when the search was
    /// stopped before it judged anything (or the position has no move).
    pub judgement: Option<Judgement>,
    /// True when the judgement was made by this step (not given).
    pub judged_now: bool,
    /// The verdict on the move, from the judgement.
    pub verdict: Option<MoveReview>,
}

impl<'a> ReviewWalk<'a> {
    /// A walk through `moves` played from `start`.
    pub fn new(start: &GameState, moves: &'a [Move]) -> ReviewWalk<'a> {
        ReviewWalk { state: start.clone(), moves, next: 0 }
    }

    /// The moves reviewed so far, and in all.
    pub fn progress(&self) -> (usize, usize) {
        (self.next, self.moves.len())
    }

    /// The position before the next move to review; `None` once every move is reviewed
    /// (or a move could not be played).
    pub fn position(&self) -> Option<&GameState> {
        (self.next < self.moves.len()).then_some(&self.state)
    }

    /// Reviews the next move: by `known`, the judgement of its position when the caller
    /// has one, else by one made now within `limits` (see [`super::judge`]); then plays it.
    /// `None` when every move is reviewed, or `stop` is set.
    pub fn step(&mut self, known: Option<Judgement>, limits: Limits, stop: &AtomicBool) -> Option<Reviewed> {
        let mv = self.moves.get(self.next)?;
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            return None;
        }
        let judged_now = known.is_none();
        let judgement = known.or_else(|| judge(&self.state, limits, stop, &mut |_| {}));
        let verdict = judgement.as_ref().and_then(|j| j.review(mv, self.next + 1));
        let state = self.state.clone();
        self.next += 1;
        match self.state.play(mv) {
            Ok((succ, _)) => self.state = succ.state,
            // An illegal move ends the walk: no position after it.
            Err(_) => self.next = self.moves.len(),
        }
        Some(Reviewed { state, judgement, judged_now, verdict })
    }
}

/// Reviews every move of a game from `start`, each position judged within `limits`; stops
/// early (with the moves reviewed so far) when `stop` is set. The verdicts, in order.
pub fn review_game(start: &GameState, moves: &[Move], limits: Limits, stop: &AtomicBool) -> Vec<MoveReview> {
    let mut walk = ReviewWalk::new(start, moves);
    let mut out = Vec::new();
    while let Some(r) = walk.step(None, limits, stop) {
        out.extend(r.verdict);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::Side;
    use omweso_rules::notation::parse_move;

    #[test]
    fn the_engines_choice_is_best_and_missing_a_win_is_a_blunder_as_far_as_the_judgement_sees() {
        // Lower wins by akakyala with any capture here (g, c, h, n, o, b5xB); e does not.
        let state: GameState =
            "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0".parse().unwrap();
        let stop = AtomicBool::new(false);
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let best = crate::search(&state, crate::Level::Master, limits, 1, &stop, &mut |_| {}).unwrap().best;
        let r = review_move(&state, &best, 7, limits, &stop).unwrap();
        assert_eq!((r.number, r.mark, r.loss), (7, Mark::Best, 0));
        assert!(r.score_before >= PROVEN, "a forced win: {}", r.score_before);
        // Seen one move ahead, e misses the win: a blunder.
        let e = parse_move(&state, "e").unwrap();
        let one = Limits { depth: Some(1), ..Limits::default() };
        let r = review_move(&state, &e, 7, one, &stop).unwrap();
        assert_eq!(r.mark, Mark::Blunder, "{r:?}");
        assert!(r.loss > 800);
        // Deeper, e still wins by force, a move later: only a little slower, not a blunder.
        let r = review_move(&state, &e, 7, limits, &stop).unwrap();
        assert!(r.score_before - r.loss >= PROVEN && r.mark < Mark::Inaccuracy, "{r:?}");
    }

    #[test]
    fn a_move_that_hands_over_a_win_in_one_in_a_lost_position_is_never_good() {
        // Issue 37: Upper is lost here; D holds out longest, O lets Lower win at once.
        let state: GameState =
            "1ac, 3d, 10e, 2f, 4g, 6h, 4i, 3jk, 1mn, 7o, 1p; 1C, 3D, 5E, 1J, 3L, 1M, 2O, 1P / U none 3,1"
                .parse()
                .unwrap();
        let stop = AtomicBool::new(false);
        let limits = Limits { depth: Some(8), ..Limits::default() };
        let j = judge(&state, limits, &stop, &mut |_| {}).unwrap();
        let o = parse_move(&state, "O").unwrap();
        let r = j.review(&o, 1).unwrap();
        assert_eq!((r.best.as_str(), r.mark), ("D", Mark::LossInOne), "{r:?}");
        let (before, after) = (forced(r.score_before).unwrap(), forced(r.score_before - r.loss).unwrap());
        assert!(!before.wins && before.plies > 2 && after.plies == 2, "{before:?} {after:?}");
        // The verdict holds by the rules alone: after O, Lower has a move that wins the game.
        let (after_o, _) = state.play(&o).unwrap();
        let lower_wins =
            after_o.state.successors().iter().any(|s| s.outcome().and_then(|o| o.winner()) == Some(Side::Lower));
        assert!(lower_wins);
    }

    #[test]
    fn forced_results_read_back_from_their_scores() {
        use crate::WIN;
        assert_eq!(forced(WIN + 1000 - 1), Some(Forced { wins: true, points: 1, plies: 1 }));
        assert_eq!(forced(-(WIN + 6000 - 8)), Some(Forced { wins: false, points: 6, plies: 8 }));
        assert_eq!(forced(-(WIN - 3)), Some(Forced { wins: false, points: 0, plies: 3 }));
        assert_eq!(forced(PROVEN - 1), None);
        assert_eq!(forced(-1234), None);
    }

    #[test]
    fn marks_follow_the_seeds_given_away_and_a_handed_win_is_a_blunder() {
        assert_eq!(mark(300, 250), Mark::Good);
        assert_eq!(mark(300, 100), Mark::Inaccuracy);
        assert_eq!(mark(300, -200), Mark::Mistake);
        assert_eq!(mark(300, -600), Mark::Blunder);
        assert_eq!(mark(-50, -PROVEN - 10), Mark::Blunder, "a forced loss where there was none");
        let win = crate::WIN;
        let loss_in = |points: i32, plies: i32| -(win + 1000 * points - plies);
        assert_eq!(mark(loss_in(1, 8), loss_in(1, 2)), Mark::LossInOne, "a longer defence existed");
        assert_eq!(mark(loss_in(1, 8), loss_in(1, 4)), Mark::ShortensLoss);
        assert_eq!(mark(loss_in(1, 2), loss_in(1, 2)), Mark::Good, "every move loses at once alike");
        assert_eq!(mark(loss_in(1, 8), loss_in(2, 8)), Mark::Blunder, "a point more given away");
        assert_eq!(mark(loss_in(1, 8), loss_in(2, 2)), Mark::Blunder, "sooner and a point more");
    }

    #[test]
    fn one_judgement_scores_every_move_at_one_depth() {
        let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
        let stop = AtomicBool::new(false);
        let limits = Limits { depth: Some(3), ..Limits::default() };
        let mut depths = Vec::new();
        let j = judge(&state, limits, &stop, &mut |j| depths.push(j.depth)).unwrap();
        assert_eq!(depths, vec![1, 2, 3]);
        assert_eq!(j.depth, 3);
        assert_eq!(j.moves.len(), state.legal_moves().len(), "every legal move");
        assert!(j.moves.windows(2).all(|w| w[0].1 >= w[1].1), "best first");
        // Each score is the move's own, as the search scores it at that depth alone.
        for (mv, score) in &j.moves {
            let (succ, _) = state.play(mv).unwrap();
            if succ.outcome().is_none() {
                let reply = crate::search(
                    &succ.state,
                    crate::Level::Master,
                    Limits { depth: Some(2), ..limits },
                    1,
                    &stop,
                    &mut |_| {},
                );
                assert_eq!(*score, -reply.unwrap().score, "{mv}");
            }
        }
    }
}
