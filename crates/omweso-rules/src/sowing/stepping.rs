//! [`Sowing`]: a move played lap by lap through the lap engine ([`super::Laps`]), with the
//! move made so far and an optional trace, stopping at each decision point for the
//! player's choice (RULES.md 3.5).

use super::{DecisionPoint, Laps, Progress, Status};
use crate::hole::{Direction, Hole, Side};
use crate::moves::{Choices, Move};
use crate::position::Position;
use crate::state::{GameState, IllegalMove, Successor};
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
