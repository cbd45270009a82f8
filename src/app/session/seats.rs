//! The players beside the board: the computer's seat (its layout and moves, on its worker
//! thread) and the engine's work for the player (analysis, game review, the coach), each
//! driven once a frame and answering through commands or the game record.

use super::{Phase, Session};
use crate::app::analysis::{Analyst, Coach};
use crate::app::command::Command;
use crate::app::computer::Answer;

impl Session {
    /// The computer's part this frame: lays out its seeds, collects its answer, asks for its
    /// move. Returns the commands to carry out after the frame. Nothing starts while play is
    /// paused or the window is closing; an answer that came waits in the worker's channel.
    pub fn drive_computer(&mut self) -> Vec<Command> {
        let paused = self.paused() || self.closing;
        let Some(c) = self.computer.as_mut() else { return Vec::new() };
        match &mut self.phase {
            Phase::Setup(s) if s.laying == c.opponent.side && !paused => {
                let other = s.laying.opponent();
                let seen = if s.done[other.index()] { s.layout(other) } else { None };
                c.poll_layout(seen.as_ref(), &s.options).map(Command::ComputerLayout).into_iter().collect()
            }
            Phase::Play(p) if !paused => {
                let mut out = Vec::new();
                match c.poll() {
                    Some(Answer::Move(state, mv)) => out.push(Command::ComputerMove(state, mv)),
                    Some(Answer::Hint(state, mv)) if &state == p.game.current() => p.hint = Some(mv),
                    Some(Answer::Hint(..)) | None => {}
                }
                let state = p.game.current();
                if out.is_empty() && p.ready() && p.game.result().is_none() && state.to_move() == c.opponent.side {
                    c.ask_move(state);
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// The engine's work for the player this frame: the analysis of the position shown
    /// (started, restarted when the position changes, stopped when the panel is hidden),
    /// the review of the game and the coach's verdict on the human's last move, each kept
    /// with the move in the game record when it comes.
    pub fn drive_engine(&mut self) {
        let waker = self.waker.clone();
        let target = (self.settings.analysis && !self.animating() && self.sowing().is_none())
            .then(|| self.shown_state().filter(|s| s.outcome().is_none()).cloned())
            .flatten();
        match (&mut self.analyst, target) {
            (Some(a), Some(t)) if *a.state() == t => a.poll(),
            (_, Some(t)) => self.analyst = Some(Analyst::start(t, waker.clone())),
            (_, None) => self.analyst = None,
        }
        let mut verdicts = Vec::new();
        if let Some(r) = &mut self.game_review
            && r.poll()
        {
            verdicts.extend(r.result.take().unwrap_or_default());
            self.game_review = None;
        }
        if let Some(c) = &mut self.coach
            && let Some(r) = c.poll()
        {
            verdicts.extend(r);
            self.coach = None;
        }
        if let Phase::Play(p) = &mut self.phase
            && !verdicts.is_empty()
        {
            for v in verdicts {
                p.game.set_review(v);
            }
            self.touch();
        }
        self.start_coach(waker);
    }

    /// Against the computer with the coach on: reviews the human's last move if it has no
    /// verdict yet (once per move).
    pub(super) fn start_coach(&mut self, waker: Option<crate::app::computer::Waker>) {
        let (Some(c), Phase::Play(p)) = (&self.computer, &self.phase) else { return };
        if !self.settings.coach || self.coach.is_some() || p.lesson.is_some() || !p.ready() {
            return;
        }
        let n = p.game.cursor();
        let Some(entry) = n.checked_sub(1).and_then(|i| p.game.all_entries().get(i)) else { return };
        let key = (n, entry.text.clone());
        if entry.mover == c.opponent.side || entry.review.is_some() || self.coached.as_ref() == Some(&key) {
            return;
        }
        self.coach = Some(Coach::start(p.game.state_at(n - 1).clone(), entry.mv.clone(), n, waker));
        self.coached = Some(key);
    }

    /// True while the computer searches (a move or a hint).
    pub fn computer_busy(&self) -> bool {
        self.computer.as_ref().is_some_and(|c| c.thinking() || c.hinting())
    }

    /// Gives a newly seated computer the window's waker and the threads setting.
    pub(super) fn seat_computer(&mut self) {
        if let Some(c) = self.computer.as_mut() {
            if let Some(w) = &self.waker {
                c.set_waker(w.clone());
            }
            c.set_threads(self.settings.threads);
        }
    }
}
