//! Carrying out the commands of the play phase: the move in progress, the history (undo,
//! redo, resign), review, a rematch and what the engine is asked about the game. A command
//! that means nothing now (paused, a move under way) is given back and changes nothing.

use super::{Closing, Phase, Play, Session, Turn};
use crate::app::model::animation::Animation;
use crate::app::model::command::Command;
use crate::app::model::modal::Modal;
use crate::app::model::setup_board::SetupBoard;
use crate::app::services::analysis::{GameReview, REVIEW_TIME};
use crate::app::services::computer::Computer;
use crate::game::{Game, TimeEnd};
use crate::tournament::{Clock, ClockEvent, FinishRunsOut, StartRunsOut};
use omweso_rules::{Direction, Position, Progress, Side, Sowing, Trace};

impl Session {
    /// Carries out a command of the play phase; gives back any other command, or one that
    /// means nothing now, for the next group of commands.
    pub(super) fn play_command(&mut self, command: Command) -> Option<Command> {
        use Command as C;
        let paused = self.paused();
        let animate = self.settings.animate.then_some(self.settings.speed.rate());
        let now = self.now;
        let human_to_move = self.human_to_move();
        let cursor_before = self.play().map(|p| p.game.cursor());
        let taking_back = matches!(command, C::Undo | C::Redo | C::RedoTo(_) | C::PlayFromHere);
        let engine_help = matches!(command, C::Hint | C::ThinkLonger | C::AnalyseGame);
        if (taking_back && self.takebacks_barred()) || (engine_help && self.tournament_on()) {
            // Tournament rules (issue 21): no take-backs, not even of a game over, and the
            // engine helps no one while a game of the match is on.
            return None;
        }
        let out = self.play_move_command(command, paused, animate, now, human_to_move);
        if let (Phase::Play(p), Some(before)) = (&mut self.phase, cursor_before) {
            p.note_turn(before);
        }
        out
    }

    fn play_move_command(
        &mut self,
        command: Command,
        paused: bool,
        animate: Option<f64>,
        now: f64,
        human_to_move: bool,
    ) -> Option<Command> {
        use Command as C;
        match (&mut self.phase, command) {
            (Phase::Play(p), C::ClockRanOut(event)) if p.clock_runs(now) => {
                clock_ran_out(p, event, animate, now);
                if let Some(c) = self.seats.computer_mut() {
                    c.cancel();
                }
            }
            // ---- Play: the move in progress ----
            (Phase::Play(p), C::PlayHole { hole, split }) if !paused && human_to_move => {
                let state = p.game.current();
                // The rules decide whether the hole can be played: start_move refuses
                // otherwise.
                let split = split && state.can_split(hole);
                let before = *state.position();
                if let Ok(s) = state.start_move(hole, split) {
                    run_sowing(p, s, before, 0, animate, now);
                }
            }
            (Phase::Play(p), C::Choose(dir)) if !paused => {
                if let Turn::Deciding { sowing, .. } = &mut p.turn {
                    let mut s = (**sowing).clone();
                    let before = *s.position();
                    let known = s.laps().len();
                    if s.choose(dir).is_ok() {
                        run_sowing(p, s, before, known, animate, now);
                    }
                }
            }
            (Phase::Play(p), C::SkipAnimation) => match &mut p.turn {
                Turn::Animating(_) => p.turn = Turn::Ready,
                Turn::Deciding { anim, .. } => *anim = None,
                Turn::Ready => {}
            },
            (Phase::Play(p), C::HintFound(state, mv)) if &state == p.game.current() => p.set_hint(mv),
            (Phase::Play(p), C::Verdicts(verdicts)) if !verdicts.is_empty() => {
                // The engine's verdicts become the record's (crate::verdict): what the
                // game keeps and its file writes is not the engine's type.
                for v in verdicts {
                    p.game.set_review(v.into());
                }
                self.touch();
            }
            (Phase::Play(p), C::ComputerMove(state, mv))
                if !paused
                    && self.closing == Closing::Open
                    && p.ready()
                    && &state == p.game.current()
                    && self.seats.computer().is_some_and(|c| c.opponent.side == state.to_move()) =>
            {
                if let Ok(trace) = p.game.play(&mv) {
                    p.turn = animation(&trace, animate, now).map_or(Turn::Ready, Turn::Animating);
                }
            }
            (Phase::Play(_), C::MoveNow) => {
                if let Some(c) = self.seats.computer() {
                    c.move_now();
                }
            }
            (Phase::Play(_), C::Hint) if human_to_move => self.ask_hint(),
            // ---- Play: the history ----
            (Phase::Play(p), C::Undo) if !paused && p.review.is_none() => {
                // A move stopped at a decision is not in the game yet: Undo drops it. An
                // animated one is: Undo takes it back.
                let in_game = !matches!(p.turn, Turn::Deciding { .. });
                p.turn = Turn::Ready;
                if in_game {
                    p.game.undo();
                    // Against the computer, go back to the human's turn.
                    if let Some(c) = self.seats.computer() {
                        while p.game.current().to_move() == c.opponent.side && p.game.undo() {}
                    }
                }
                if let Some(c) = self.seats.computer_mut() {
                    c.cancel();
                }
            }
            (Phase::Play(p), C::Redo) if !paused && p.ready() => {
                let n = p.game.cursor() + 1;
                redo_to(p, self.seats.computer_mut(), n);
            }
            (Phase::Play(p), C::RedoTo(n)) if !paused && p.ready() => redo_to(p, self.seats.computer_mut(), n),
            (Phase::Play(p), C::AskResign(side)) if p.ready() && p.game.result().is_none() => {
                self.modals.open(Modal::Resign(side));
            }
            (phase, C::Resign(side)) => {
                self.modals.close(|m| matches!(m, Modal::Resign(_)));
                if let Phase::Play(p) = phase
                    && !self.modals.paused()
                    && p.ready()
                    && p.game.resign(side).is_ok()
                    && let Some(c) = self.seats.computer_mut()
                {
                    c.cancel();
                }
            }
            // ---- Play: review ----
            (Phase::Play(p), C::ReviewAt(n)) if p.sowing().is_none() => review_at(p, Some(n)),
            (Phase::Play(p), C::ReviewPrev) if p.sowing().is_none() => {
                let cur = p.shown();
                if cur > 0 {
                    review_at(p, Some(cur - 1));
                }
            }
            (Phase::Play(p), C::ReviewNext) => {
                if let Some(n) = p.review {
                    review_at(p, Some(n + 1));
                }
            }
            (Phase::Play(p), C::ReviewFirst) if p.sowing().is_none() => review_at(p, Some(0)),
            (Phase::Play(p), C::ReviewEnd) => p.review = None,
            (Phase::Play(p), C::PlayFromHere) if !paused => {
                if let Some(n) = p.review.take() {
                    while p.game.cursor() > n || p.game.resigned().is_some() {
                        p.game.undo();
                    }
                    if let Some(c) = self.seats.computer_mut() {
                        c.cancel();
                    }
                }
            }
            (Phase::Play(p), C::DismissGameOver) => p.dismiss_game_over(),
            (Phase::Play(p), C::NextMatchGame) if p.game.result().is_some() && p.is_game() => {
                let m = self.matched.as_mut()?;
                let mut with_this = m.clone();
                with_this.games.push(p.game.clone());
                if with_this.winner().is_some() {
                    // That game won the match: nothing more to play.
                    return None;
                }
                *m = with_this;
                let toss = || if rand::random::<bool>() { Side::Lower } else { Side::Upper };
                let first = m.next_first_mover(p.game.start().to_move(), toss);
                let mut setup = SetupBoard::new(first, *p.game.options());
                setup.clock = p.clock.as_ref().map(|c| c.settings);
                self.next_in_document(Phase::Setup(setup));
            }
            (Phase::Play(p), C::Rematch) if p.game.result().is_some() && self.matched.is_none() => {
                let first = p.game.start().to_move().opponent();
                let options = *p.game.options();
                // A timed game's rematch is timed the same way.
                let clock = p.clock.as_ref().map(|c| c.settings);
                // A game that began from a position (pasted, or a puzzle's) is played again
                // from it; one that began from the layouts begins with new layouts.
                let phase = match p.game.layouts() {
                    None => Phase::Play(Box::new(Play::timed(
                        Game::from_state(p.game.start().clone()),
                        clock.map(Clock::new),
                    ))),
                    Some(_) => Phase::Setup(SetupBoard { clock, ..SetupBoard::new(first, options) }),
                };
                self.banked = self.match_score();
                self.enter(phase, None);
            }
            (Phase::Play(_), C::ThinkLonger) => self.think_longer(),
            (Phase::Play(p), C::AnalyseGame) if p.is_game() && p.game.cursor() > 0 => {
                // The moves up to the first turn lost on time, which no move replays.
                let moves = p.game.moves().iter().map_while(|e| e.mv.clone()).collect();
                let (start, known) = (p.game.start().clone(), self.findings.judgements.clone());
                p.jobs.game_review = Some(GameReview::start(start, moves, REVIEW_TIME, known, self.waker.clone()));
            }
            (_, command) => return Some(command),
        }
        None
    }
}

/// The animation of `trace` from `now`, when animating at `rate` events a second.
pub(super) fn animation(trace: &Trace, rate: Option<f64>, now: f64) -> Option<Animation> {
    rate.map(|rate| Animation::new(trace, now, rate))
}

/// Sows on until the next decision or the end of the move; animates the laps from `known`
/// on, starting from the board `before` them.
fn run_sowing(p: &mut Play, mut s: Sowing, before: Position, known: usize, rate: Option<f64>, now: f64) {
    let mover = s.mover();
    match s.advance() {
        Progress::Decision(_) => {
            let t = Trace { mover, start: before, laps: s.laps()[known..].to_vec() };
            p.turn = Turn::Deciding { anim: animation(&t, rate, now), sowing: Box::new(s) };
        }
        Progress::Finished => {
            p.turn = Turn::Ready;
            // The move is recorded as sown here, not sown again.
            if let Ok(trace) = p.game.play_sown(s) {
                let t = Trace { mover, start: before, laps: trace.laps[known.min(trace.laps.len())..].to_vec() };
                if let Some(a) = animation(&t, rate, now) {
                    p.turn = Turn::Animating(a);
                }
            }
        }
    }
}

/// Acts on a limit the clock passed (issue 21): the turn lost or the game lost when a move
/// was not started in time, the game annulled or the move sown on anticlockwise when it
/// was not finished in time, the game lost when a player's game time ran out.
fn clock_ran_out(p: &mut Play, event: ClockEvent, rate: Option<f64>, now: f64) {
    let Some(settings) = p.clock.as_ref().map(|c| c.settings) else { return };
    let ended = match event {
        ClockEvent::StartRanOut(side) => match settings.start_runs_out {
            StartRunsOut::TurnLost => {
                p.turn = Turn::Ready;
                p.game.lose_turn().map(|_| ())
            }
            StartRunsOut::GameLost => p.game.end_on_time(TimeEnd::NotStarted { loser: side }),
        },
        ClockEvent::FinishRanOut(side) => match (settings.finish_runs_out, std::mem::take(&mut p.turn)) {
            (FinishRunsOut::SownOn, Turn::Deciding { sowing, .. }) => {
                let mut s = *sowing;
                let before = *s.position();
                let known = s.laps().len();
                while let Progress::Decision(_) = s.advance() {
                    if s.choose(Direction::Anticlockwise).is_err() {
                        break;
                    }
                }
                run_sowing(p, s, before, known, rate, now);
                Ok(())
            }
            _ => p.game.end_on_time(TimeEnd::Unfinished { side }),
        },
        ClockEvent::GameTimeRanOut(side) => {
            p.turn = Turn::Ready;
            p.game.end_on_time(TimeEnd::Flagged { loser: side })
        }
    };
    if let Err(e) = ended {
        log::warn!("the clock's {event:?} found the game over: {e}");
    }
}

/// Plays the redo branch again up to `n` moves; against the computer, on to the human's
/// turn.
fn redo_to(p: &mut Play, computer: Option<&mut Computer>, n: usize) {
    if n <= p.game.cursor() || n > p.game.all_entries().len() {
        return;
    }
    while p.game.cursor() < n && p.game.redo() {}
    if let Some(c) = computer {
        c.cancel();
        if p.game.current().to_move() == c.opponent.side {
            p.game.redo();
        }
    }
}

/// Shows the position after `n` moves read-only (the live game when `n` is the cursor).
fn review_at(p: &mut Play, n: Option<usize>) {
    if let Turn::Animating(_) = p.turn {
        p.turn = Turn::Ready;
    }
    p.review = n.filter(|&n| n < p.game.cursor());
}
