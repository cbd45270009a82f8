//! The players beside the board: the computer's seat (its layout and moves, on its worker
//! thread) and the engine's work for the player (analysis, game review, the coach), each
//! driven once a frame and answering through commands or the game record.

use super::jobs::EngineJobs;
use super::{Closing, Phase, Session};
use crate::app::model::command::Command;
use crate::app::services::analysis::{JUDGE_TIME, Judging, PROVE_TIME, Proven, Proving, Thrown};
use crate::app::services::computer::{Answer, Computer};
use omweso_rules::{GameState, Move, Side};

impl Session {
    /// The computer's part this frame: lays out its seeds, collects its answer, asks for its
    /// move. Returns the commands to carry out after the frame. Nothing starts while play is
    /// paused or the window is closing; an answer that came waits in the worker's channel.
    pub fn drive_computer(&mut self) -> Vec<Command> {
        let paused = self.paused() || self.closing != Closing::Open;
        let Some(c) = self.seats.computer_mut() else { return Vec::new() };
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
                    None => {}
                }
                let state = p.game.current();
                if out.is_empty() && p.ready() && p.game.result().is_none() && state.to_move() == c.opponent.side {
                    c.ask_move(state, p.clock.as_ref().and_then(|clock| thinking_time(clock, state.to_move())));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// The engine's work for the player this frame, in one voice: a position is judged
    /// once (every move scored by one search at one depth) and that judgement gives the
    /// hint, the coach's verdict, the analysis panel's words and the review's marks. The
    /// one position judged at a time is the first that is wanted of: the hint asked for,
    /// the position before the human's last move (the coach), the position shown (the
    /// analysis panel). The review of the whole game runs apart and keeps what it judges.
    ///
    /// Only the session's own records (the judgements and proofs kept, the jobs) change
    /// here; what it finds for the game (verdicts, the hint) comes back as commands, applied
    /// as any other.
    #[must_use]
    pub fn drive_engine(&mut self) -> Vec<Command> {
        let setup = match &self.phase {
            Phase::Setup(s) if !self.tournament_on() => Some(s),
            _ => None,
        };
        self.layout_coach.drive(setup);
        let tournament = self.tournament_on();
        // The play's jobs are taken out for the frame's work and put back after it.
        let Phase::Play(p) = &mut self.phase else { return Vec::new() };
        let mut jobs = std::mem::take(&mut p.jobs);
        let commands = if tournament {
            // Tournament rules: no coach, hint or analysis while a game of the match is on.
            jobs.stop();
            Vec::new()
        } else {
            self.drive_jobs(&mut jobs)
        };
        if let Phase::Play(p) = &mut self.phase {
            p.jobs = jobs;
        }
        commands
    }

    /// [`Session::drive_engine`] on the jobs of the game in play.
    fn drive_jobs(&mut self, jobs: &mut EngineJobs) -> Vec<Command> {
        let waker = self.waker.clone();
        let mut commands = Vec::new();
        if let Some(j) = &mut jobs.judging
            && j.poll()
            && let Some(job) = jobs.judging.take()
            && let (state, Some(judgement)) = job.finish()
        {
            if jobs.thinking_longer.as_ref() == Some(&state) {
                jobs.thinking_longer = None;
                self.findings.judgements.replace(state.clone(), judgement);
                commands.extend(self.review_again(&state));
            } else {
                self.findings.judgements.keep(state, judgement);
            }
        }
        if let Some(r) = &mut jobs.game_review
            && r.poll()
        {
            let crate::app::services::analysis::ReviewDone { verdicts, judged, proven } =
                r.result.take().unwrap_or_default();
            for (state, judgement) in judged {
                self.findings.judgements.keep(state, judgement);
            }
            for (state, p) in proven {
                self.keep_proof(state, Some(p));
            }
            commands.push(Command::Verdicts(verdicts));
            jobs.game_review = None;
        }
        commands.extend(self.use_judgements(jobs));
        if jobs.thinking_longer.as_ref().is_some_and(|s| Some(s) != self.shown_state() || !self.settings.analysis) {
            jobs.thinking_longer = None;
        }
        self.drive_solver(jobs);
        let wanted = self.wanted_judgements(jobs);
        let keep_on = jobs.judging.as_ref().is_some_and(|j| wanted.contains(j.state()));
        if !keep_on {
            jobs.judging = wanted.into_iter().next().map(|s| {
                let time = if jobs.thinking_longer.as_ref() == Some(&s) { JUDGE_TIME * 10 } else { JUDGE_TIME };
                Judging::start(s, time, waker)
            });
        }
        commands
    }

    /// Keeps what the solver found about `state`; a proof found is never replaced by a
    /// shorter solve that found nothing.
    fn keep_proof(&mut self, state: GameState, found: Option<Proven>) {
        if self.findings.proofs.len() >= 4096 {
            self.findings.proofs.clear();
        }
        match self.findings.proofs.entry(state) {
            std::collections::hash_map::Entry::Occupied(mut e) if e.get().is_none() => {
                e.insert(found);
            }
            std::collections::hash_map::Entry::Occupied(_) => {}
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(found);
            }
        }
    }

    /// The solver, one position at a time, each proven once and what it found kept: the
    /// position shown while the analysis panel is open, then (the coach against the
    /// computer) the positions before and after the human's last move.
    fn drive_solver(&mut self, jobs: &mut EngineJobs) {
        if let Some(p) = &mut jobs.proving
            && let Some(found) = p.poll()
        {
            let state = p.state().clone();
            jobs.proving = None;
            self.keep_proof(state, found);
        }
        let shown = self.shown_state().filter(|_| self.settings.analysis).cloned();
        let coached = self.coach_positions().into_iter().flat_map(|(before, after)| [before, after]);
        let wanted =
            shown.into_iter().chain(coached).find(|s| s.outcome().is_none() && !self.findings.proofs.contains_key(s));
        if jobs.proving.as_ref().map(|p| p.state()) != wanted.as_ref() {
            jobs.proving = wanted.map(|s| Proving::start(s, PROVE_TIME, self.waker.clone()));
        }
    }

    /// What the solver found about the position shown, while the analysis panel is open:
    /// `None` while it works (or with the panel closed), `Some(None)` when nothing was
    /// proven in its time.
    pub fn proof_shown(&self) -> Option<Option<&Proven>> {
        let state = self.shown_state().filter(|_| self.settings.analysis)?;
        self.findings.proofs.get(state).map(Option::as_ref)
    }

    /// After a deeper judgement of `state`: every verdict on a move from `state` is given
    /// again from it, so that the game's marks keep speaking with the panel's voice.
    fn review_again(&self, state: &GameState) -> Option<Command> {
        let (Phase::Play(p), Some(j)) = (&self.phase, self.findings.judgements.get(state)) else { return None };
        let again: Vec<_> = (0..p.game.all_entries().len())
            .filter(|&i| p.game.state_at(i) == state && p.game.all_entries()[i].review.is_some())
            .filter_map(|i| j.review(p.game.all_entries()[i].mv.as_ref()?, i + 1))
            .collect();
        Some(Command::Verdicts(again))
    }

    /// "Think longer" about the position shown (the analysis panel).
    pub(super) fn think_longer(&mut self) {
        let shown = self.shown_state().filter(|s| s.outcome().is_none()).cloned();
        if self.settings.analysis
            && let Phase::Play(p) = &mut self.phase
        {
            p.jobs.thinking_longer = shown;
        }
    }

    /// Gives what the kept judgements answer: the hint asked for, the coach's verdict.
    fn use_judgements(&mut self, jobs: &mut EngineJobs) -> Vec<Command> {
        let Phase::Play(p) = &self.phase else { return Vec::new() };
        let mut commands = Vec::new();
        if let Some(asked) = jobs.hint_asked.take() {
            match self.findings.judgements.get(&asked) {
                Some(j) if &asked == p.game.current() => commands.push(Command::HintFound(asked, j.best().clone())),
                // Still thinking: keep asking.
                None if &asked == p.game.current() => jobs.hint_asked = Some(asked),
                // The game moved on: the question is gone.
                _ => {}
            }
        }
        if let Some((n, before, mv)) = self.coached_move()
            && let Some(j) = self.findings.judgements.get(&before)
            && let Some(verdict) = j.review(&mv, n)
        {
            commands.push(Command::Verdicts(vec![verdict]));
        }
        commands
    }

    /// The positions to judge, most wanted first, none judged yet.
    fn wanted_judgements(&self, jobs: &EngineJobs) -> Vec<GameState> {
        let mut wanted = Vec::new();
        wanted.extend(jobs.hint_asked.clone());
        wanted.extend(self.coached_move().map(|(_, before, _)| before));
        if self.settings.analysis && !self.animating() && self.sowing().is_none() {
            wanted.extend(self.shown_state().filter(|s| s.outcome().is_none()).cloned());
        }
        wanted.retain(|s| self.findings.judgements.get(s).is_none());
        // Thinking longer judges a position again, after what the game waits for.
        wanted.extend(jobs.thinking_longer.clone());
        wanted
    }

    /// Against the computer with the coach on: the positions before and after the human's
    /// last move (the last, or the one before the computer's answer), once it is sown.
    fn coach_positions(&self) -> Option<(GameState, GameState)> {
        let (Some(c), Phase::Play(p)) = (self.seats.computer(), &self.phase) else { return None };
        if !self.settings.coach || !p.is_game() || !p.ready() || p.review.is_some() {
            return None;
        }
        let entries = &p.game.all_entries()[..p.game.cursor()];
        let i = entries.iter().rposition(|e| e.mover != c.opponent.side)?;
        (entries.len() - i <= 2).then(|| (p.game.state_at(i).clone(), p.game.state_at(i + 1).clone()))
    }

    /// The solver's word on move `n` (from 1) of the game shown, when it threw a proven win
    /// away: both positions around it proven, before for its mover and after for the
    /// opponent.
    pub fn thrown_win(&self, n: usize) -> Option<Thrown> {
        let Phase::Play(p) = &self.phase else { return None };
        if n == 0 || n > p.game.cursor() {
            return None;
        }
        let mover = p.game.all_entries().get(n - 1)?.mover;
        let proof = |k: usize| self.findings.proofs.get(p.game.state_at(k)).and_then(Option::as_ref);
        Thrown::of(proof(n - 1)?, proof(n)?, mover)
    }

    /// Against the computer with the coach on: the human's last move (the last, or the
    /// one before the computer's answer), when it has no verdict yet: its number, the
    /// position before it and the move.
    fn coached_move(&self) -> Option<(usize, GameState, Move)> {
        let (Some(c), Phase::Play(p)) = (self.seats.computer(), &self.phase) else { return None };
        if !self.settings.coach || !p.is_game() || !p.ready() {
            return None;
        }
        let entries = &p.game.all_entries()[..p.game.cursor()];
        let i = entries.iter().rposition(|e| e.mover != c.opponent.side)?;
        if entries[i].review.is_some() || entries.len() - i > 2 {
            return None;
        }
        Some((i + 1, p.game.state_at(i).clone(), entries[i].mv.clone()?))
    }

    /// Asks for a hint on the position on the board (from `apply`): at once when it has
    /// been judged, otherwise once it is.
    pub(super) fn ask_hint(&mut self) {
        let Phase::Play(p) = &mut self.phase else { return };
        if !p.is_game() {
            return;
        }
        let current = p.game.current().clone();
        match self.findings.judgements.get(&current) {
            Some(j) => p.set_hint(j.best().clone()),
            None => p.jobs.hint_asked = Some(current),
        }
    }

    /// The engine's judgement of the position shown, while the analysis panel is open:
    /// the kept one (`true`), or the deepest so far of the one being made (`false`).
    pub fn judgement_shown(&self) -> Option<(&omweso_engine::Judgement, bool)> {
        if !self.settings.analysis {
            return None;
        }
        let state = self.shown_state()?;
        let jobs = &self.play()?.jobs;
        if let Some(j) = self.findings.judgements.get(state)
            && jobs.thinking_longer.as_ref() != Some(state)
        {
            return Some((j, true));
        }
        jobs.judging.as_ref().filter(|j| j.state() == state).and_then(|j| j.latest()).map(|j| (j, false))
    }

    /// The kept judgement of `state`, when it has been judged: what the hint and the coach
    /// read (issue 41: the moves as good as the best).
    pub fn judgement_of(&self, state: &GameState) -> Option<&omweso_engine::Judgement> {
        self.findings.judgements.get(state).map(AsRef::as_ref)
    }

    /// True while the analysis panel thinks longer about the position shown.
    pub fn thinking_longer(&self) -> bool {
        self.play().is_some_and(|p| p.jobs.thinking_longer.is_some())
    }

    /// True while a hint is asked for and its judgement is being made.
    pub fn hint_pending(&self) -> bool {
        self.play().is_some_and(|p| p.jobs.hint_asked.is_some())
    }

    /// True while the computer searches its move.
    pub fn computer_busy(&self) -> bool {
        self.seats.computer().is_some_and(Computer::thinking)
    }

    /// Gives a newly seated computer the window's waker and the threads setting.
    pub(super) fn seat_computer(&mut self) {
        if let Some(c) = self.seats.computer_mut() {
            if let Some(w) = &self.waker {
                c.set_waker(w.clone());
            }
            c.set_threads(self.settings.threads);
        }
    }
}

/// The time the computer may think inside the clock (issue 21): a second short of the time
/// to start a move, and at most a twentieth of its game time left; at least 0.2 s.
pub(super) fn thinking_time(clock: &crate::tournament::Clock, side: Side) -> Option<std::time::Duration> {
    let start = clock.stage_left().map(|l| l - 1.0);
    let game = clock.settings.game_seconds.map(|_| clock.left[side.index()] / 20.0);
    let secs = [start, game].into_iter().flatten().fold(f64::INFINITY, f64::min);
    secs.is_finite().then(|| std::time::Duration::from_secs_f64(secs.max(0.2)))
}
