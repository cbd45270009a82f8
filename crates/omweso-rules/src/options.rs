//! Rule options: every **[choice]** of RULES.md that a player may set.

use super::hole::Side;
use super::outcome::WinKind;

/// The largest lap limit (RULES.md 3.8) any game may have: 1,000,000 laps. A never-ending
/// move of this many laps takes about 10 ms to generate and, with its trace, some 30 MB;
/// larger limits let one move take minutes and tens of gigabytes. The saved-file loader,
/// the command line's `--lap-limit` and the window all accept 1 to this bound.
pub const MAX_LAP_LIMIT: u32 = 1_000_000;

/// A lap limit outside `1..=`[`MAX_LAP_LIMIT`] (RULES.md 3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("the lap limit must be from 1 to {MAX_LAP_LIMIT} laps, not {found}")]
pub struct LapLimitError {
    /// The lap limit asked for.
    pub found: u64,
}

/// Checks a lap limit (RULES.md 3.8): from 1 to [`MAX_LAP_LIMIT`] laps.
///
/// # Errors
/// [`LapLimitError`] for 0 or more than [`MAX_LAP_LIMIT`].
pub fn check_lap_limit(laps: u64) -> Result<u32, LapLimitError> {
    match u32::try_from(laps) {
        Ok(n @ 1..=MAX_LAP_LIMIT) => Ok(n),
        _ => Err(LapLimitError { found: laps }),
    }
}

/// The rule options of a game. `Default` gives the rules as RULES.md states them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct RuleOptions {
    /// RULES.md 3.7: the tournament split of a 3-seed hole until the first capture. Off.
    pub tournament_split: bool,
    /// RULES.md §4.3: akakyala counts as a win. On.
    pub akakyala: bool,
    /// RULES.md §4.1: akawumbi also needs the move's last capture to be at an end column
    /// (`001_eeae7683f67f109c.txt`). Off.
    pub akawumbi_needs_end_column: bool,
    /// RULES.md 3.8: the lap at which a move that has not ended is stopped as never-ending.
    /// 200; from 1 to [`MAX_LAP_LIMIT`] ([`RuleOptions::check`]).
    pub lap_limit: u32,
    /// RULES.md 3.5: the most seeds a clockwise lap may carry; `None` (the default) applies
    /// no limit.
    pub clockwise_seed_limit: Option<u32>,
    /// RULES.md §2: the first player also lays out first (Wikipedia). Off: the loser of
    /// the toss lays out first.
    pub first_player_lays_out_first: bool,
    /// RULES.md §4: the points of each kind of win.
    pub points: Points,
}

impl RuleOptions {
    /// Checks the options that have bounds: the lap limit (RULES.md 3.8). Every checked
    /// constructor of a game state calls this.
    ///
    /// # Errors
    /// [`LapLimitError`] for a lap limit of 0 or more than [`MAX_LAP_LIMIT`].
    pub fn check(&self) -> Result<(), LapLimitError> {
        check_lap_limit(self.lap_limit.into()).map(|_| ())
    }
}

impl Default for RuleOptions {
    fn default() -> Self {
        RuleOptions {
            tournament_split: false,
            akakyala: true,
            akawumbi_needs_end_column: false,
            lap_limit: 200,
            clockwise_seed_limit: None,
            first_player_lays_out_first: false,
            points: Points::default(),
        }
    }
}

/// The order of setting out (RULES.md §2), written once for the window, the computer's
/// layout, the saved file and `omweso match`.
impl RuleOptions {
    /// The player who lays out first when `first_mover` makes the first move: the loser of
    /// the toss (the other player), unless the option `first_player_lays_out_first` says
    /// the first mover does (**\[choice\]**).
    pub fn lays_out_first(&self, first_mover: Side) -> Side {
        if self.first_player_lays_out_first { first_mover } else { first_mover.opponent() }
    }

    /// The player who makes the first move when `side` lays out first
    /// (the inverse of [`RuleOptions::lays_out_first`]).
    pub fn first_mover_when_laying_first(&self, side: Side) -> Side {
        if self.first_player_lays_out_first { side } else { side.opponent() }
    }
}

/// Points for each kind of win (RULES.md §4; all **\[choice\]**).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Points {
    /// Akawumbi: 6.
    pub akawumbi: u32,
    /// Emitwe-ebiri: 2.
    pub emitwe_ebiri: u32,
    /// Akakyala: 2.
    pub akakyala: u32,
    /// Normal win (and a resignation): 1.
    pub normal: u32,
}

impl Default for Points {
    fn default() -> Self {
        Points { akawumbi: 6, emitwe_ebiri: 2, akakyala: 2, normal: 1 }
    }
}

impl Points {
    /// The points of a win of `kind`.
    pub fn of(&self, kind: WinKind) -> u32 {
        match kind {
            WinKind::Akawumbi => self.akawumbi,
            WinKind::EmitweEbiri => self.emitwe_ebiri,
            WinKind::Akakyala => self.akakyala,
            WinKind::Normal => self.normal,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lap_limit_has_one_bound() {
        assert_eq!(check_lap_limit(1), Ok(1));
        assert_eq!(check_lap_limit(MAX_LAP_LIMIT.into()), Ok(MAX_LAP_LIMIT));
        for found in [0, u64::from(MAX_LAP_LIMIT) + 1, 4_000_000_000, u64::MAX] {
            assert_eq!(check_lap_limit(found), Err(LapLimitError { found }));
        }
        let huge = RuleOptions { lap_limit: 4_000_000_000, ..RuleOptions::default() };
        assert_eq!(huge.check(), Err(LapLimitError { found: 4_000_000_000 }));
        assert_eq!(RuleOptions::default().check(), Ok(()));
    }
}
