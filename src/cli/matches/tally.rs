//! The running tally of a match: wins, losses, annulled games, forfeits and points as the
//! games come in, and the report with its Elo interval and the pairs by score.

use super::{GameEnd, GameRecord, MatchSettings, layout_name};
use crate::cli::output::io;
use crate::cli::stats::elo_interval;
use std::io::Write;
use std::time::Duration;

/// The running tally of a match.
#[derive(Default)]
pub(super) struct Tally {
    pub(super) wins: u32,
    pub(super) losses: u32,
    pub(super) annulled: u32,
    pub(super) capped: u32,
    pub(super) forfeits: [u32; 2],
    pub(super) points: [u32; 2],
    pub(super) moves: u64,
    pub(super) results: Vec<f64>,
}

impl Tally {
    /// Counts `r`.
    pub(super) fn add(&mut self, r: &GameRecord, s: &MatchSettings) {
        self.moves += r.moves as u64;
        self.results.push(r.a_score());
        let a_won = r.a_score() == 1.0;
        match &r.end {
            GameEnd::Won(_, p) => self.points[usize::from(!a_won)] += p,
            GameEnd::Forfeit(..) => {
                self.forfeits[usize::from(a_won)] += 1;
                self.points[usize::from(!a_won)] += s.options.points.normal;
            }
            GameEnd::Annulled => self.annulled += 1,
            GameEnd::Capped => {
                self.annulled += 1;
                self.capped += 1;
            }
        }
        match &r.end {
            GameEnd::Won(..) | GameEnd::Forfeit(..) if a_won => self.wins += 1,
            GameEnd::Won(..) | GameEnd::Forfeit(..) => self.losses += 1,
            GameEnd::Annulled | GameEnd::Capped => {}
        }
    }

    pub(super) fn report(&self, s: &MatchSettings, elapsed: Duration, out: &mut dyn Write) -> Result<(), String> {
        let n = self.results.len().max(1) as f64;
        let (mean, elo, lo, hi) = elo_interval(&self.results);
        let w = |r: std::io::Result<()>| r.map_err(io);
        w(writeln!(
            out,
            "a: {}  b: {}  games: {}  time: {} ms/move  layouts: a {}, b {}  opening moves: {}  seed: {}",
            s.a,
            s.b,
            self.results.len(),
            s.time.as_millis(),
            s.openings.as_ref().map_or(layout_name(&s.a, s.a_layout), |_| "the opening's"),
            s.openings.as_ref().map_or(layout_name(&s.b, s.b_layout), |_| "the opening's"),
            s.opening_moves,
            s.seed
        ))?;
        w(writeln!(
            out,
            "a wins {}, b wins {}, annulled {} (of which capped at {} moves: {})",
            self.wins, self.losses, self.annulled, s.max_moves, self.capped
        ))?;
        if self.forfeits != [0, 0] {
            w(writeln!(out, "forfeits (counted as losses): a {}, b {}", self.forfeits[0], self.forfeits[1]))?;
        }
        w(writeln!(
            out,
            "points: a {}, b {}; average game length {:.1} moves",
            self.points[0],
            self.points[1],
            self.moves as f64 / n
        ))?;
        w(writeln!(out, "score of a: {:.1}/{} = {:.1}%", mean * n, self.results.len(), 100.0 * mean))?;
        w(writeln!(out, "elo difference (a - b): {elo:+.0}, 95% interval [{lo:+.0}, {hi:+.0}]"))?;
        let pairs = pair_counts(&self.results);
        let total = pairs.iter().sum::<u32>();
        if total > 0 {
            w(writeln!(
                out,
                "pairs by a's score (0, 0.5, 1, 1.5, 2): {} {} {} {} {}; split 1-1: {:.0}%",
                pairs[0],
                pairs[1],
                pairs[2],
                pairs[3],
                pairs[4],
                100.0 * pairs[2] as f64 / total as f64
            ))?;
        }
        w(writeln!(out, "time: {:.1} s", elapsed.as_secs_f64()))
    }
}

/// The pairs of games (same setup, sides swapped) by a's score in the pair: 0, ½, 1, 1½
/// and 2 points (the pentanomial counts). A pair won 1–1 is one the setup decided, whoever
/// played it.
fn pair_counts(results: &[f64]) -> [u32; 5] {
    let mut counts = [0; 5];
    for pair in results.chunks_exact(2) {
        counts[((pair[0] + pair[1]) * 2.0).round().clamp(0.0, 4.0) as usize] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::pair_counts;

    #[test]
    fn pairs_are_counted_by_a_score() {
        // Pairs: 1+0 (split), 1+1, 0+0, 0.5+1, 0.5+0.5 (split, two annulled); a lone last
        // game is not a pair.
        let results = [1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.5, 1.0, 0.5, 0.5, 1.0];
        assert_eq!(pair_counts(&results), [1, 0, 2, 1, 1]);
    }
}
