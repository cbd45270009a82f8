//! The sowing animation: a view of a move's trace at a moment in time. It never plays
//! rules itself — it replays the engine's [`Event`]s one by one on the trace's start.

use omweso_rules::{Event, Hole, Lap, Position, Side, Trace};

/// Animation speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Speed {
    /// 3 steps a second.
    Slow,
    /// 7 steps a second.
    Normal,
    /// 16 steps a second.
    Fast,
    /// 40 steps a second.
    VeryFast,
}

impl Speed {
    /// All speeds, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::VeryFast];

    /// Events shown per second.
    pub fn rate(self) -> f64 {
        match self {
            Speed::Slow => 3.0,
            Speed::Normal => 7.0,
            Speed::Fast => 16.0,
            Speed::VeryFast => 40.0,
        }
    }

    /// Its name in the menu.
    pub fn label(self) -> &'static str {
        match self {
            Speed::Slow => "Slow",
            Speed::Normal => "Normal",
            Speed::Fast => "Fast",
            Speed::VeryFast => "Very fast",
        }
    }
}

/// A move being animated: the board before it, the laps known so far and the clock.
#[derive(Clone, Debug)]
pub struct Animation {
    mover: Side,
    start: Position,
    events: Vec<Event>,
    /// The time (seconds, egui clock) at which event 0 started.
    t0: f64,
    rate: f64,
}

/// What the board shows at one moment of an animation.
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    /// The board with every event before this moment applied.
    pub position: Position,
    /// The hand: where it comes from, where it goes, how far (0..1) and what it carries.
    pub hand: Option<Hand>,
    /// Opponent holes emptied by captures so far in this move.
    pub captured: Vec<Hole>,
    /// The hole lifted last (the start or a relay).
    pub lifted: Option<Hole>,
}

/// The sowing hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hand {
    /// Where the hand was.
    pub from: Hole,
    /// Where it goes.
    pub to: Hole,
    /// 0 at `from`, 1 at `to`.
    pub t: f32,
    /// Seeds in the hand.
    pub seeds: u32,
}

impl Animation {
    /// An animation of `laps` from `start` beginning at time `now`.
    pub fn new(trace: &Trace, now: f64, rate: f64) -> Animation {
        Animation { mover: trace.mover, start: trace.start, events: trace.events(), t0: now, rate }
    }

    /// The side moving.
    pub fn mover(&self) -> Side {
        self.mover
    }

    /// More laps of the same move are known (after a decision): keep going from where the
    /// animation is, or from the end of the old laps if it had finished.
    pub fn extend(&mut self, laps: &[Lap], now: f64) {
        let trace = Trace { mover: self.mover, start: self.start, laps: laps.to_vec() };
        let old = self.events.len();
        if self.finished(now) {
            self.t0 = now - old as f64 / self.rate;
        }
        self.events = trace.events();
    }

    /// Number of events.
    pub fn len(&self) -> usize {
        self.events.len()
    }

    /// True when there are no events.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// The events of the move, in the order they are shown.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Events shown per second.
    pub fn rate(&self) -> f64 {
        self.rate
    }

    /// The moment (play clock) at which event `i` is done on the board: the hand has
    /// reached its hole and the seed is in it (the frame from then on shows it applied).
    pub fn event_time(&self, i: usize) -> f64 {
        self.t0 + (i + 1) as f64 / self.rate
    }

    /// The events done between the moments `from` (excluded) and `to` (included): what
    /// the board showed happening in that time, e.g. since the last frame. The sound
    /// follows the animation by this.
    pub fn done_between(&self, from: f64, to: f64) -> std::ops::Range<usize> {
        let done = |now: f64| (self.progress(now).floor() as usize).min(self.events.len());
        let (a, b) = (done(from), done(to));
        a..b.max(a)
    }

    /// True once every event has been shown.
    pub fn finished(&self, now: f64) -> bool {
        self.progress(now) >= self.events.len() as f64
    }

    fn progress(&self, now: f64) -> f64 {
        ((now - self.t0) * self.rate).max(0.0)
    }

    /// The board and hand at time `now`.
    pub fn frame(&self, now: f64) -> Frame {
        let p = self.progress(now);
        let done = (p.floor() as usize).min(self.events.len());
        let t = (p - p.floor()) as f32;
        let mut position = self.start;
        let mut hand_seeds = 0u32;
        let mut captured = Vec::new();
        let mut lifted = None;
        let mut at: Option<Hole> = None;
        for e in &self.events[..done] {
            e.apply(&mut position);
            match *e {
                Event::Lift { hole, seeds } => {
                    hand_seeds = seeds;
                    lifted = Some(hole);
                    at = Some(hole);
                }
                Event::Drop { hole } => {
                    hand_seeds = hand_seeds.saturating_sub(1);
                    at = Some(hole);
                }
                Event::Capture { hole, seeds } => {
                    hand_seeds += seeds;
                    captured.push(hole);
                    at = Some(hole);
                }
            }
        }
        let hand = match (at, self.events.get(done)) {
            (Some(from), Some(next)) => {
                let to = match *next {
                    Event::Lift { hole, .. } | Event::Drop { hole } | Event::Capture { hole, .. } => hole,
                };
                Some(Hand { from, to, t, seeds: hand_seeds })
            }
            (None, Some(Event::Lift { hole, .. })) => Some(Hand { from: *hole, to: *hole, t, seeds: 0 }),
            _ => None,
        };
        Frame { position, hand, captured, lifted }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::GameState;

    #[test]
    fn the_animation_ends_on_the_engines_board() {
        let s: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
        let mv = omweso_rules::notation::parse_move(&s, "d").unwrap();
        let (succ, trace) = s.play(&mv).unwrap();
        let a = Animation::new(&trace, 10.0, 5.0);
        assert_eq!(a.len(), 5, "lift d, drop c b a i");
        assert_eq!(a.frame(10.0).position, *s.position());
        let mid = a.frame(10.0 + 2.5 / 5.0);
        assert_eq!(mid.hand.map(|h| h.seeds), Some(3));
        assert!(!a.finished(10.5));
        assert!(a.finished(11.0));
        assert_eq!(a.frame(11.0).position, *succ.state.position());
        assert_eq!(a.frame(11.0).hand, None);
        // Frame by frame, every event is done exactly once, at its own moment.
        let mut seen = Vec::new();
        let mut t = 9.9;
        while t < 11.2 {
            seen.extend(a.done_between(t, t + 0.07));
            t += 0.07;
        }
        assert_eq!(seen, (0..5).collect::<Vec<_>>());
        assert_eq!(a.done_between(10.0, 10.2 + 1e-9), 0..1, "lift d at 10.2");
        assert!((a.event_time(0) - 10.2).abs() < 1e-12);
        assert_eq!(a.done_between(10.5, 10.4), 2..2, "backwards: nothing");
    }
}
