//! The statistics of a match, as engine testers compute them: the score, an Elo difference
//! with its 95% interval.

/// Elo difference for a score fraction `p` (logistic model), clamped away from 0 and 1.
pub fn elo(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / p - 1.0).log10()
}

/// The expected score of a player `elo` points stronger (logistic model).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Mean score and Elo with a 95% interval `(mean, elo, low, high)` of game results
/// (1, ½ or 0 each, for the first player), from the variance of the single results.
pub fn elo_interval(results: &[f64]) -> (f64, f64, f64, f64) {
    let n = results.len().max(1) as f64;
    let mean = results.iter().sum::<f64>() / n;
    let var = results.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    (mean, elo(mean), elo(mean - 1.96 * se), elo(mean + 1.96 * se))
}

/// A sequential probability ratio test of "a is `elo0` stronger than b" (H0) against
/// "a is `elo1` stronger" (H1), as engine testers run it: the generalised SPRT on the
/// pentanomial distribution of game pairs (each setup played twice with the sides
/// swapped), with the normal approximation of the log-likelihood ratio and error rates
/// alpha = beta = 0.05.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo difference of the null hypothesis.
    pub elo0: f64,
    /// Elo difference of the alternative hypothesis (greater than `elo0`).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

/// What an [`Sprt`] says after some pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtVerdict {
    /// The log-likelihood ratio fell below the lower bound: H0 (`elo0`) is accepted.
    AcceptH0,
    /// It rose above the upper bound: H1 (`elo1`) is accepted.
    AcceptH1,
    /// Not clear yet.
    Continue,
}

impl std::str::FromStr for Sprt {
    type Err = String;

    /// `elo0,elo1`, e.g. `0,10`, with `elo0 < elo1`.
    fn from_str(text: &str) -> Result<Sprt, String> {
        let bad = || format!("expected `elo0,elo1` with elo0 < elo1 (e.g. `0,10`), found `{text}`");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let (elo0, elo1) = (a.trim().parse::<f64>().map_err(|_| bad())?, b.trim().parse::<f64>().map_err(|_| bad())?);
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1 && elo0.abs() < 2000.0 && elo1.abs() < 2000.0) {
            return Err(bad());
        }
        Ok(Sprt { elo0, elo1, alpha: 0.05, beta: 0.05 })
    }
}

impl Sprt {
    /// The lower and upper bounds of the log-likelihood ratio: ln(β/(1−α)), ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of H1 against H0 after `pairs`, each the first player's
    /// total over a pair of games (0, ½, 1, 1½ or 2).
    pub fn llr(&self, pairs: &[f64]) -> f64 {
        if pairs.is_empty() {
            return 0.0;
        }
        // The pentanomial frequencies, with half a pair in each of the five cells: a weak
        // prior that keeps the variance above zero, so that the first few pairs alone
        // (all won, say) cannot decide the test. It weighs nothing after a few dozen pairs.
        const PSEUDO: f64 = 0.5;
        let mut counts = [PSEUDO; 5];
        for &p in pairs {
            counts[((p * 2.0).round() as usize).min(4)] += 1.0;
        }
        let total: f64 = counts.iter().sum();
        let score = |i: usize| i as f64 / 4.0;
        let mean = (0..5).map(|i| counts[i] * score(i)).sum::<f64>() / total;
        let var = (0..5).map(|i| counts[i] * (score(i) - mean).powi(2)).sum::<f64>() / total;
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        pairs.len() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// The verdict after `pairs`.
    pub fn verdict(&self, pairs: &[f64]) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        let llr = self.llr(pairs);
        if llr <= lower {
            SprtVerdict::AcceptH0
        } else if llr >= upper {
            SprtVerdict::AcceptH1
        } else {
            SprtVerdict::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_score_are_inverse() {
        for e in [-300.0, -50.0, 0.0, 35.0, 200.0] {
            assert!((elo(expected_score(e)) - e).abs() < 1e-6);
        }
        assert_eq!(elo(0.5), 0.0);
        let (mean, e, lo, hi) = elo_interval(&[1.0, 0.0, 1.0, 0.5]);
        assert_eq!(mean, 0.625);
        assert!(lo < e && e < hi);
    }

    #[test]
    fn sprt_decides_clear_results_and_waits_on_unclear_ones() {
        let sprt: Sprt = "0,50".parse().unwrap();
        let (lo, hi) = sprt.bounds();
        assert!((lo + 2.944).abs() < 1e-3 && (hi - 2.944).abs() < 1e-3);
        // a wins most pairs 2–0 or 1½–½: H1.
        let strong: Vec<f64> = (0..60).map(|i| [2.0, 1.5, 1.0, 2.0][i % 4]).collect();
        assert_eq!(sprt.verdict(&strong), SprtVerdict::AcceptH1);
        // a loses most pairs: H0.
        let weak: Vec<f64> = (0..60).map(|i| [0.0, 1.0, 0.5, 1.0][i % 4]).collect();
        assert_eq!(sprt.verdict(&weak), SprtVerdict::AcceptH0);
        // A few even pairs say nothing yet, nor do two won pairs.
        assert_eq!(sprt.verdict(&[1.0, 2.0, 0.0, 1.0]), SprtVerdict::Continue);
        assert_eq!(sprt.verdict(&[2.0, 2.0]), SprtVerdict::Continue);
        assert_eq!(sprt.llr(&[]), 0.0);
        for bad in ["10,0", "5", "a,b", "0,inf", "nan,3"] {
            assert!(bad.parse::<Sprt>().is_err(), "{bad}");
        }
    }
}
