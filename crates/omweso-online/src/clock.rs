//! The clock of tournament play, kept by the server (the referee), as lichess keeps its
//! own: the time charged for a move is what the server saw between sending the last move
//! and receiving this one, less an allowance for the mover's network lag (half the last
//! round trip the server measured), and that allowance is drawn from a quota that grows a
//! little with each move and is capped, so that lag never loses a game and no client can
//! claim unlimited lag. Both sides are sent the server's times after each move.

use omweso_rules::Side;
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};

/// The lag quota each side starts with and the most it can hold.
pub const LAG_QUOTA_MAX: Duration = Duration::from_millis(2000);
/// What each move adds to the mover's lag quota.
pub const LAG_QUOTA_GROWTH: Duration = Duration::from_millis(100);
/// The most lag allowed for one move.
pub const LAG_PER_MOVE_MAX: Duration = Duration::from_millis(1000);

/// A game clock: `seconds` for each side's whole game, plus `increment` after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Each side's time for the game, in seconds (1 to 86,400).
    pub seconds: u32,
    /// Added to the mover's time after each move, in seconds (at most 3,600).
    pub increment: u32,
}

impl ClockSpec {
    /// Whether the numbers are in bounds (1 s to a day; an increment of at most an hour).
    pub fn is_valid(&self) -> bool {
        (1..=86_400).contains(&self.seconds) && self.increment <= 3_600
    }
}

/// The time each side has left, in milliseconds (Lower's, then Upper's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockTimes {
    /// Lower's and Upper's milliseconds left.
    pub millis: [u64; 2],
}

impl ClockTimes {
    /// Both sides' full time.
    pub fn start(spec: &ClockSpec) -> ClockTimes {
        ClockTimes { millis: [u64::from(spec.seconds) * 1000; 2] }
    }
}

/// A move that arrived after its side's time ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} ran out of time", side.name())]
pub struct OutOfTime {
    /// Whose time ran out.
    pub side: Side,
}

/// The server's running clock of one game.
#[derive(Clone, Debug)]
pub struct RefereeClock {
    spec: ClockSpec,
    left: [Duration; 2],
    quota: [Duration; 2],
    /// When the side to move was sent the last move (or the game began); none while the
    /// clock stands (before the first move, after the end).
    turn_since: Option<Instant>,
}

impl RefereeClock {
    /// A clock with the times left `times` (a fresh game's, or a resumed one's), standing.
    pub fn new(spec: ClockSpec, times: ClockTimes) -> RefereeClock {
        RefereeClock {
            spec,
            left: times.millis.map(Duration::from_millis),
            quota: [LAG_QUOTA_MAX / 2; 2],
            turn_since: None,
        }
    }

    /// Starts the mover's time at `now`.
    pub fn start_turn(&mut self, now: Instant) {
        self.turn_since = Some(now);
    }

    /// Stops the clock (the game ended).
    pub fn stop(&mut self) {
        self.turn_since = None;
    }

    /// Charges `side`'s move received at `now`, with `lag` the mover's measured one-way
    /// lag; adds the increment and starts the other side's time.
    ///
    /// # Errors
    /// [`OutOfTime`] when the time ran out before the move arrived (the move does not count).
    pub fn charge(&mut self, side: Side, now: Instant, lag: Duration) -> Result<(), OutOfTime> {
        let i = side.index();
        let elapsed = self.turn_since.map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
        let allowance = lag.min(LAG_PER_MOVE_MAX).min(self.quota[i]);
        self.quota[i] = (self.quota[i] - allowance + LAG_QUOTA_GROWTH).min(LAG_QUOTA_MAX);
        let charged = elapsed.saturating_sub(allowance);
        if charged > self.left[i] {
            self.left[i] = Duration::ZERO;
            return Err(OutOfTime { side });
        }
        self.left[i] = self.left[i] - charged + Duration::from_secs(u64::from(self.spec.increment));
        self.turn_since = Some(now);
        Ok(())
    }

    /// Whether `side`, to move, has run out at `now`, counting the most lag its quota
    /// could still excuse.
    pub fn flagged(&self, side: Side, now: Instant) -> bool {
        let i = side.index();
        self.turn_since
            .is_some_and(|t| now.saturating_duration_since(t) > self.left[i] + self.quota[i].min(LAG_PER_MOVE_MAX))
    }

    /// The times left, as sent to the clients.
    pub fn times(&self) -> ClockTimes {
        ClockTimes { millis: self.left.map(|d| d.as_millis().min(u128::from(u64::MAX)) as u64) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lag_is_excused_from_a_capped_quota_and_the_increment_added() {
        let spec = ClockSpec { seconds: 10, increment: 1 };
        let mut clock = RefereeClock::new(spec, ClockTimes::start(&spec));
        let t0 = Instant::now();
        clock.start_turn(t0);
        // 3 s seen by the server, 0.5 s of it lag: 2.5 s charged, 1 s added.
        clock.charge(Side::Lower, t0 + Duration::from_secs(3), Duration::from_millis(500)).unwrap();
        assert_eq!(clock.times().millis[0], 8_500);
        // A claim of a whole minute of lag is cut to what the quota holds (at most 1 s).
        clock.charge(Side::Upper, t0 + Duration::from_secs(8), Duration::from_secs(60)).unwrap();
        assert_eq!(clock.times().millis[1], 10_000 - 5_000 + 1_000 + 1_000);
    }

    #[test]
    fn a_move_after_the_time_ran_out_does_not_count() {
        let spec = ClockSpec { seconds: 1, increment: 0 };
        let mut clock = RefereeClock::new(spec, ClockTimes::start(&spec));
        let t0 = Instant::now();
        clock.start_turn(t0);
        assert!(!clock.flagged(Side::Lower, t0 + Duration::from_millis(900)));
        assert!(clock.flagged(Side::Lower, t0 + Duration::from_secs(3)));
        assert!(clock.charge(Side::Lower, t0 + Duration::from_secs(3), Duration::ZERO).is_err());
    }
}
