//! The hint and the coach in agreement (issue 41): where several moves win by force, or are
//! equally good, both say so and name the hint's move among them, from the one judgement of
//! the position that the hint, the coach and the analysis all read
//! ([`Judgement::as_good_as_best`]). A newcomer is never told that the hint's move was a
//! mistake when it was one of the winning moves, nor that a move is "the best move" when
//! another, named a moment before, is as good.

use crate::app::services::analysis::{Thrown, line_text, moves_words};
use crate::verdict::{Mark, MoveReview};
use omweso_engine::review::forced;
use omweso_engine::{Judgement, PROVEN};
use omweso_rules::{Move, Side};

/// `a2xF`, `a2xF and p`, `a2xF; p; c and 2 more`: moves apart by semicolons, since a
/// move's own notation holds commas (`k, b2xE` is one move: a trial read `k` as a win).
fn listed(moves: &[String]) -> String {
    const SHOWN: usize = 3;
    let mut names: Vec<String> = moves.iter().take(SHOWN).cloned().collect();
    if moves.len() > SHOWN {
        names.push(format!("{} more", moves.len() - SHOWN));
    }
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join("; ")),
    }
}

/// The moves as good as the best other than `mv`, in notation.
fn others(j: &Judgement, mv: &Move) -> Vec<String> {
    j.as_good_as_best().into_iter().filter(|m| *m != mv).map(ToString::to_string).collect()
}

/// What the hint adds after its move's words when it is not the only right answer:
/// ` It is one of 3 moves that win by force here: a2xF and p win too.`, or ` c is as good.`;
/// empty when the hint's move stands alone (or is not among the best: a stale hint).
pub fn hint_company(j: &Judgement, hint: &Move) -> String {
    let alike = j.as_good_as_best();
    if alike.len() < 2 || !alike.contains(&hint) {
        return String::new();
    }
    let others = others(j, hint);
    let verb = if others.len() == 1 { "wins" } else { "win" };
    if j.wins() {
        format!(" It is one of {} moves that win by force here: {} {verb} too.", alike.len(), listed(&others))
    } else {
        let verb = if others.len() == 1 { "is" } else { "are" };
        format!(" {} {verb} as good.", listed(&others))
    }
}

/// The coach's word on move `played` (its verdict `r`), with the judgement `j` of the
/// position before it when it is kept: the sentence and the mark whose colour it takes.
/// A move among several that win (or that are as good as the best) is said to be one of
/// them, with the hint's move (the judgement's best) named; otherwise the mark as before.
pub fn coach_sentence(played: &Move, r: &MoveReview, mover: Side, j: Option<&Judgement>) -> (String, Mark) {
    if let Some(j) = j {
        let alike = j.as_good_as_best();
        let best = j.best();
        if alike.len() >= 2 && alike.contains(&played) {
            let n = alike.len();
            let others = listed(&others(j, played));
            let text = match (j.wins(), played == best) {
                (true, true) => format!(
                    "Coach: {played} wins by force, the hint's choice; it is one of {n} moves that win here \
                     ({others} too)."
                ),
                (true, false) => format!(
                    "Coach: {played} wins by force too, one of {n} moves that win here; the hint's choice, \
                     {best}, wins sooner or for more points."
                ),
                (false, _) => format!("Coach: {played} was one of the {n} best moves ({others} as good)."),
            };
            let mark = if played == best || r.mark <= Mark::Good { r.mark } else { Mark::Good };
            return (text, mark);
        }
    }
    let mut text = format!("Coach: {played} was {}", mark_words(r.mark));
    if r.mark > Mark::Good {
        text.push_str(&format!(" ({}); {} was better", loss_words(r, mover), r.best));
        if let Some(j) = j.filter(|j| j.wins() && j.as_good_as_best().len() >= 2) {
            text.push_str(&format!(", one of {} moves that won by force", j.as_good_as_best().len()));
        }
    }
    (text, r.mark)
}

/// A move that threw a proven win away, in words (as [`Thrown::words`]), naming the hint's
/// move (the best of the judgement `j` of the position before it, when that is a forced
/// win too) beside the proof's, and how many moves won there.
pub fn thrown_sentence(thrown: &Thrown, played: &str, mover: Side, j: Option<&Judgement>) -> String {
    let Some(j) = j.filter(|j| j.wins()) else { return thrown.words(played, mover) };
    let alike = j.as_good_as_best();
    let proof = &thrown.winning;
    let hint = j.best();
    let winners = if alike.contains(&proof) { alike.len() } else { alike.len() + 1 };
    if winners < 2 {
        return thrown.words(played, mover);
    }
    let among = if hint == proof {
        format!("{hint}, the hint's choice, won within {}", moves_words(thrown.within))
    } else {
        format!("{hint}, the hint's choice, won, and so did {proof} (within {})", moves_words(thrown.within))
    };
    format!(
        "{played} threw away a proven win: {winners} moves won here; {among}. Now {} wins within {}: {}",
        mover.opponent(),
        moves_words(thrown.refuted_within),
        line_text(&thrown.refutation)
    )
}

/// A mark as the end of a sentence: `the best move`, `good`, `an inaccuracy`, `a move that
/// shortens a proven loss`, `a mistake`, `a loss in one where a longer defence existed`,
/// `a blunder`.
pub fn mark_words(mark: Mark) -> &'static str {
    match mark {
        Mark::Best => "the best move",
        Mark::Good => "good",
        Mark::Inaccuracy => "an inaccuracy",
        Mark::ShortensLoss => "a move that shortens a proven loss",
        Mark::Mistake => "a mistake",
        Mark::LossInOne => "a loss in one where a longer defence existed",
        Mark::Blunder => "a blunder",
    }
}

/// What a move gave away, in words, for `mover`: `it gave away about 2.5 seeds`, or for a
/// forced result `it let Upper force a win` (the move walks into a forced loss), `it
/// missed a forced win` (the best move forced one and this one does not) or, in a position
/// already lost, `Upper wins in 1 move instead of 4` (the loss comes sooner).
pub fn loss_words(r: &MoveReview, mover: Side) -> String {
    let played = r.score_before - r.loss;
    let lost = |s| forced(s).filter(|f| !f.wins);
    if played <= -PROVEN && r.score_before > -PROVEN {
        format!("it let {} force a win", mover.opponent())
    } else if let (Some(b), Some(p)) = (lost(r.score_before), lost(played))
        && p.plies < b.plies
    {
        // The opponent's own moves, as "wins in N moves" counts them.
        let (now, was) = ((p.plies + 1) / 2, (b.plies + 1) / 2);
        format!("{} wins in {now} move{} instead of {was}", mover.opponent(), if now == 1 { "" } else { "s" })
    } else if r.score_before >= PROVEN && played < PROVEN {
        "it missed a forced win".to_string()
    } else if r.score_before >= PROVEN {
        "it wins more slowly".to_string()
    } else {
        format!("it gave away about {:.1} seeds", r.loss as f64 / 100.0)
    }
}

#[cfg(test)]
mod tests;
