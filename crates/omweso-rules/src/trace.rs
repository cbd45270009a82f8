//! What happened during a move, lap by lap and seed by seed: the data the window animates
//! and the command line prints (RULES.md §3).

use super::hole::{Direction, Hole, Side};
use super::position::Position;

/// Where the seeds of a lap came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LapSource {
    /// Lifted from the start hole (RULES.md 3.1).
    Start,
    /// The tournament split of a 3-seed start hole (RULES.md 3.7): one seed into the next
    /// hole, then two sown from the same origin.
    Split,
    /// Lifted from the hole where the previous lap ended (relay, RULES.md 3.3).
    Relay,
    /// Captured by the previous lap and sown from its origin (RULES.md 3.4).
    Capture,
}

/// How a lap ended (RULES.md 3.3, 3.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LapEnd {
    /// The last seed fell into an empty hole: the move ends.
    Empty,
    /// The last hole is lifted and sown on: `seeds` seeds (including the one just dropped).
    Relay {
        /// Seeds lifted for the next lap.
        seeds: u32,
    },
    /// The seeds of the two opposite holes are taken and sown on from the lap's origin.
    Capture {
        /// The opponent's front-row hole emptied.
        front: Hole,
        /// The opponent's back-row hole emptied.
        back: Hole,
        /// Seeds taken from the front hole.
        front_seeds: u32,
        /// Seeds taken from the back hole.
        back_seeds: u32,
    },
    /// The lap limit was reached: the move is never-ending and stops here (RULES.md 3.8).
    Cut,
}

/// One lap of a move (RULES.md 3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lap {
    /// Lap number within the move, from 1.
    pub number: u32,
    /// Where its seeds came from.
    pub source: LapSource,
    /// The origin hole: the first seed goes into the hole after it.
    pub origin: Hole,
    /// Seeds sown.
    pub seeds: u32,
    /// Direction of sowing.
    pub direction: Direction,
    /// The hole that received the last seed.
    pub last: Hole,
    /// How the lap ended.
    pub end: LapEnd,
}

impl Lap {
    /// Every hole that receives a seed in this lap, in order; one item per seed
    /// (`seeds` items). A split lap drops into the next hole twice, then the one after.
    pub fn drops(&self) -> impl Iterator<Item = Hole> + '_ {
        let split = self.source == LapSource::Split;
        let mut hole = self.origin;
        (0..self.seeds).map(move |i| {
            if !(split && i == 1) {
                hole = hole.step(self.direction);
            }
            hole
        })
    }
}

/// One step of a move, small enough to animate: apply them in order to the trace's
/// starting position to see every intermediate board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// All `seeds` seeds of `hole` are lifted into the hand.
    Lift {
        /// The hole emptied.
        hole: Hole,
        /// Seeds lifted.
        seeds: u32,
    },
    /// One seed from the hand is dropped into `hole`.
    Drop {
        /// The hole receiving the seed.
        hole: Hole,
    },
    /// All `seeds` seeds of the opponent's `hole` are captured into the hand.
    Capture {
        /// The opponent's hole emptied.
        hole: Hole,
        /// Seeds taken.
        seeds: u32,
    },
}

impl Event {
    /// Applies the event to `position`.
    pub fn apply(&self, position: &mut Position) {
        match *self {
            Event::Lift { hole, .. } | Event::Capture { hole, .. } => position.set(hole, 0),
            Event::Drop { hole } => position.set(hole, position.get(hole).saturating_add(1)),
        }
    }
}

/// The complete record of one move: the board before it and every lap, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// The player who moved.
    pub mover: Side,
    /// The board before the move.
    pub start: Position,
    /// The laps, in order.
    pub laps: Vec<Lap>,
}

impl Trace {
    /// The move as single events, in order: lifts, seed drops and captures.
    ///
    /// ```
    /// use omweso_rules::notation::parse_move;
    /// use omweso_rules::{Event, GameState};
    ///
    /// let start: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse()?;
    /// let (_, trace) = start.play(&parse_move(&start, "d")?)?;
    /// let events = trace.events();
    /// // d is lifted, then its four seeds fall one by one.
    /// assert_eq!(events.len(), 5);
    /// assert!(matches!(events[0], Event::Lift { .. }));
    /// let mut board = trace.start;
    /// events.iter().for_each(|e| e.apply(&mut board));
    /// assert_eq!(board, trace.end_position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn events(&self) -> Vec<Event> {
        let mut out = Vec::new();
        for lap in &self.laps {
            match lap.source {
                LapSource::Start | LapSource::Split | LapSource::Relay => {
                    out.push(Event::Lift { hole: lap.origin, seeds: lap.seeds })
                }
                LapSource::Capture => {}
            }
            out.extend(lap.drops().map(|hole| Event::Drop { hole }));
            if let LapEnd::Capture { front, back, front_seeds, back_seeds } = lap.end {
                out.push(Event::Capture { hole: front, seeds: front_seeds });
                out.push(Event::Capture { hole: back, seeds: back_seeds });
            }
        }
        out
    }

    /// The board after the whole move.
    pub fn end_position(&self) -> Position {
        let mut board = self.start;
        for e in self.events() {
            e.apply(&mut board);
        }
        board
    }
}
