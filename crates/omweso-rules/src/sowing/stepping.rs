//! [`Sowing`]: a move played lap by lap through the lap engine ([`super::Laps`]), with the
//! move made so far and an optional trace, stopping at each decision point for the
//! player's choice (RULES.md 3.5).

use super::{DecisionPoint, Laps, Progress, Status};
use crate::hole::{Direction, Hole, Side};
use crate::moves::{Choices, Move};
use crate::position::Position;
use crate::state::{ChoiceMismatch, GameState, IllegalMove, Successor};
use crate::trace::{Lap, Trace};

/// A move being played, lap by lap. Made by [`GameState::start_move`]; the window plays a
/// move through it one decision at a time, and every other player of moves ([`GameState::play`],
/// the notation reader) goes through the same engine, which generation drives directly.
#[derive(Clone, Debug)]
pub struct Sowing {
    /// The state before the move, with its board kept up to date as the move goes on.
    state: GameState,
    laps: Laps,
    mv: Move,
    trace: Option<Box<Trace>>,
}

impl Sowing {
    /// Lifts the start hole. `record` keeps a [`Trace`].
    pub(crate) fn begin(state: &GameState, start: Hole, split: bool, record: bool) -> Result<Sowing, IllegalMove> {
        if let Some(outcome) = state.outcome() {
            return Err(IllegalMove::GameOver(outcome));
        }
        let mover = state.to_move();
        if start.side() != mover {
            return Err(IllegalMove::NotOwnHole { hole: start, mover });
        }
        let seeds = state.position().get(start) as u32;
        if seeds < 2 {
            return Err(IllegalMove::TooFewSeeds { hole: start, seeds });
        }
        if split {
            if !state.options().tournament_split {
                return Err(IllegalMove::SplitNotAllowed { hole: start, why: "the tournament split option is off" });
            }
            if seeds != 3 {
                return Err(IllegalMove::SplitNotAllowed {
                    hole: start,
                    why: "only a hole of exactly 3 seeds can be split",
                });
            }
            if state.captures() != [0, 0] {
                return Err(IllegalMove::SplitNotAllowed {
                    hole: start,
                    why: "a capture has already been made in this game",
                });
            }
        }
        let mut laps = Laps::new(state);
        laps.lift(start.track(), split);
        let mut s = Sowing {
            state: state.clone(),
            laps,
            mv: Move { start, split, choices: Choices::new() },
            trace: record.then(|| Box::new(Trace { mover, start: *state.position(), laps: Vec::new() })),
        };
        s.state.position = laps.position();
        Ok(s)
    }

    /// The side making the move.
    pub fn mover(&self) -> Side {
        self.state.to_move()
    }

    /// The board as it stands now, mid-move.
    pub fn position(&self) -> &Position {
        self.state.position()
    }

    /// The laps sown so far (empty when the sowing was made without a trace).
    pub fn laps(&self) -> &[Lap] {
        self.trace.as_ref().map_or(&[], |t| &t.laps)
    }

    /// The move as far as it has been decided.
    pub fn move_so_far(&self) -> &Move {
        &self.mv
    }

    /// Sows laps until the move ends or the player must choose a direction.
    pub fn advance(&mut self) -> Progress {
        if let Some(trace) = &mut self.trace {
            let laps = &mut self.laps;
            while laps.hand.status == Status::Sow {
                let h = &laps.hand;
                let (number, source, o, seeds, direction) = (h.lap, h.source, h.origin as usize, h.seeds, h.direction);
                let (last, end) = laps.sow_lap();
                trace.laps.push(Lap {
                    number,
                    source,
                    origin: Hole::at(trace.mover, o),
                    seeds,
                    direction,
                    last: Hole::at(trace.mover, last),
                    end,
                });
            }
        } else {
            self.laps.run();
        }
        self.state.position = self.laps.position();
        match self.decision() {
            Some(dp) => Progress::Decision(dp),
            None => Progress::Finished,
        }
    }

    /// The decision the move is waiting for, if any.
    pub fn decision(&self) -> Option<DecisionPoint> {
        self.laps.at_decision().then(|| self.laps.decision_point())
    }

    /// Chooses the direction of the next lap at a decision point.
    ///
    /// # Errors
    /// [`IllegalMove::NoDecision`] when the move is not waiting for a choice.
    pub fn choose(&mut self, direction: Direction) -> Result<(), IllegalMove> {
        if !self.laps.at_decision() {
            return Err(IllegalMove::NoDecision { lap: self.laps.hand.lap });
        }
        self.mv.choices.push(self.laps.choice(direction));
        self.laps.choose(direction);
        Ok(())
    }

    /// Ends the move: the move made, the state after it, its outcome and the trace.
    ///
    /// # Errors
    /// [`IllegalMove::Unfinished`] when the move still waits for a choice.
    pub fn finish(mut self) -> Result<(Successor, Trace), IllegalMove> {
        if self.advance() != Progress::Finished {
            return Err(IllegalMove::Unfinished { lap: self.laps.hand.lap });
        }
        let trace = self
            .trace
            .take()
            .map_or_else(|| Trace { mover: self.mover(), start: *self.state.position(), laps: Vec::new() }, |t| *t);
        Ok((self.laps.successor(&self.state, self.mv), trace))
    }
}

/// A move played through a [`Sowing`]: here, beside the sowing, so that the state
/// (`state.rs`) does not import the sowing that imports it.
impl GameState {
    /// Starts a move from `start` (split as in RULES.md 3.7 when `split`), keeping a trace;
    /// the caller advances it and answers its decision points.
    ///
    /// ```
    /// use omweso_rules::{Direction, GameState, Hole, Progress};
    ///
    /// // RULES.md §6's reverse capture: i's three seeds sown clockwise end in c, facing F.
    /// let state: GameState = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse()?;
    /// let mut sowing = state.start_move(Hole::from_letter('i').unwrap(), false)?;
    /// let Progress::Decision(point) = sowing.advance() else { panic!("a decision first") };
    /// assert_eq!(point.lands.letter(), 'c');
    /// assert_eq!(point.takes_front.letter(), 'F');
    /// sowing.choose(Direction::Clockwise)?;
    /// while let Progress::Decision(_) = sowing.advance() {
    ///     sowing.choose(Direction::Anticlockwise)?;
    /// }
    /// let (after, _trace) = sowing.finish()?;
    /// assert_eq!(after.mv.to_string(), "i3xF");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game is over; otherwise [`IllegalMove`] when the
    /// hole is not the mover's, holds fewer than 2 seeds, or cannot be split.
    pub fn start_move(&self, start: Hole, split: bool) -> Result<Sowing, IllegalMove> {
        Sowing::begin(self, start, split, true)
    }

    /// Plays a complete move: the state after it (in a [`Successor`], with the seeds it
    /// captured and its laps) and its [`Trace`], every lap and every seed.
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when the game is over; otherwise [`IllegalMove`] when the
    /// move does not fit this state: wrong start, or choices that are not this position's
    /// decision points.
    ///
    /// ```
    /// use omweso_rules::notation::parse_move;
    /// use omweso_rules::{GameState, LapEnd};
    ///
    /// // RULES.md §6, move 3: Lower's m captures twice, then relays twice.
    /// let before: GameState = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0".parse()?;
    /// let (after, trace) = before.play(&parse_move(&before, "m")?)?;
    /// assert_eq!(after.captured_seeds, 12);
    /// assert_eq!(trace.laps.len(), 5);
    /// assert!(matches!(trace.laps[0].end, LapEnd::Capture { front_seeds: 5, back_seeds: 1, .. }));
    /// assert_eq!(after.state.to_string(), "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");
    /// // The trace replays to the same board.
    /// assert_eq!(trace.end_position(), *after.state.position());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, mv: &Move) -> Result<(Successor, Trace), IllegalMove> {
        let mut sowing = Sowing::begin(self, mv.start, mv.split, true)?;
        let mut choices = mv.choices.iter();
        while let Progress::Decision(dp) = sowing.advance() {
            match choices.next() {
                Some(c) if c.lap == dp.lap && c.hole == dp.hole && c.seeds == dp.seeds && c.takes == dp.takes_front => {
                    sowing.choose(c.direction)?
                }
                Some(&recorded) => {
                    return Err(IllegalMove::ChoicesDoNotFit {
                        lap: dp.lap,
                        found: ChoiceMismatch::OtherDecision {
                            hole: dp.hole,
                            seeds: dp.seeds,
                            takes: dp.takes_front,
                            recorded,
                        },
                    });
                }
                None => return Err(IllegalMove::Unfinished { lap: dp.lap }),
            }
        }
        if let Some(&recorded) = choices.next() {
            return Err(IllegalMove::ChoicesDoNotFit {
                lap: recorded.lap,
                found: ChoiceMismatch::EndedEarly { recorded },
            });
        }
        sowing.finish()
    }
}
