//! The coach for the layout (issue 43): in the setup, **Check my layout** asks the engine
//! whether the side laying out second finds a reply that wins by force to the layout laid
//! out first, and, for the side laying out second, **Propose a reply** asks for such a
//! reply to the layout it sees. The search is the study's
//! ([`omweso_engine::study::reply_to`]), on a [`Job`] of its own
//! ([`crate::app::services::analysis::reply_search`]); the window never waits.
//!
//! Every answer is keyed to its [`Question`] (the layout it answers, the sides and the
//! rules): once the layout on the board is another, the answer is stale and no longer
//! shown, and a search for an older question is dropped (which stops it).

use crate::app::model::setup_board::SetupBoard;
use crate::app::services::job::Job;
use crate::app::services::job::Waker;
use crate::game::Game;
use omweso_engine::study::Finding;
use omweso_rules::{Layout, RuleOptions, Side};
use std::time::Duration;

/// The time the coach gives the search for a reply that wins by force.
pub const CHECK_TIME: Duration = Duration::from_secs(5);

/// What the player asked the coach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Check my layout: does the side laying out second find a reply that wins by force?
    Check,
    /// Propose a reply: a layout that wins by force against the one laid out first.
    Propose,
}

/// One question to the coach: the layout laid out first (the checked one, or the one a
/// reply is proposed to), whose it is, and the rules of the game to come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Question {
    /// Check or propose.
    pub ask: Ask,
    /// The side whose layout comes first (the reply is the other side's).
    pub first_side: Side,
    /// The layout laid out first.
    pub first: Layout,
    /// The rule options (who moves first follows from them, RULES.md §2).
    pub options: RuleOptions,
}

impl Ask {
    /// What the coach is asked in `setup` now: Check for the side laying out first,
    /// Propose for the side laying out second, which sees the other layout.
    pub fn of(setup: &SetupBoard) -> Ask {
        if setup.done[setup.laying.opponent().index()] { Ask::Propose } else { Ask::Check }
    }
}

impl Question {
    /// The question `ask` means on `setup` now, when it means one: Check while the side
    /// laying out first has all 32 seeds out (before the other side has laid out);
    /// Propose while the side laying out second sees a finished layout. `None` in a
    /// lesson's setup or when the layout is not whole.
    pub fn of(setup: &SetupBoard, ask: Ask) -> Option<Question> {
        if setup.lesson.is_some() {
            return None;
        }
        let other = setup.laying.opponent();
        let first_side = match ask {
            Ask::Check if !setup.done[other.index()] => setup.laying,
            Ask::Propose if setup.done[other.index()] => other,
            _ => return None,
        };
        let first = setup.layout(first_side)?;
        Some(Question { ask, first_side, first, options: setup.options })
    }

    /// The side that replies.
    pub fn reply_side(&self) -> Side {
        self.first_side.opponent()
    }
}

/// The coach's answer to a question.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The question answered.
    pub question: Question,
    /// What the search found: the reply, and its proof when it wins by force.
    pub finding: Finding,
}

impl Answer {
    /// The reply, when it wins by force.
    pub fn winning_reply(&self) -> Option<Layout> {
        self.finding.refuted().then_some(self.finding.reply)
    }

    /// The answer in plain words: `Upper can answer with a layout that wins by force
    /// within 18 moves.` (its own moves), or that none was found within the time.
    pub fn words(&self) -> String {
        let reply = self.question.reply_side();
        match (self.question.ask, self.finding.refutation()) {
            (Ask::Check, Some(proof)) => format!(
                "{reply} can answer with a layout that wins by force {}.",
                crate::app::services::analysis::within_own_moves(proof.moves)
            ),
            (Ask::Propose, Some(proof)) => format!(
                "This layout wins by force {} against every defence.",
                crate::app::services::analysis::within_own_moves(proof.moves)
            ),
            // The layout study (docs/study.md): a longer search refutes nearly every first
            // layout, so a reply not found in a few seconds is no sign of a safe layout.
            (_, None) => format!(
                "No reply that wins by force was found within {} s. That does not make this layout safe: the \
                 program's study found such a reply to nearly every random first layout, with a longer search.",
                CHECK_TIME.as_secs()
            ),
        }
    }

    /// The game from both layouts at its first move, the proof's main line ready as its
    /// redo branch: Redo, the move list (its greyed moves) and review step through it, and
    /// any other move goes on from there.
    pub fn main_line_game(&self) -> Option<Game> {
        let proof = self.finding.refutation()?;
        let q = &self.question;
        let (lower, upper) = match q.first_side {
            Side::Lower => (q.first, self.finding.reply),
            Side::Upper => (self.finding.reply, q.first),
        };
        let mut game = Game::from_layouts(lower, upper, proof.root.to_move(), q.options);
        for mv in &proof.line {
            if game.play(mv).is_err() {
                log::error!("the main line of a layout's refutation does not replay at {mv}");
                break;
            }
        }
        while game.undo() {}
        Some(game)
    }
}

/// The coach's work and its last answer.
#[derive(Default)]
pub struct LayoutCoach {
    /// The search under way and the question it answers.
    job: Option<(Question, Job<(), Finding>)>,
    /// The last answer.
    answer: Option<Answer>,
}

impl LayoutCoach {
    /// Starts answering `question` (once: asking again what is being or was answered does
    /// nothing).
    pub fn ask(&mut self, question: Question, seed: u64, waker: Option<Waker>) {
        if self.job.as_ref().is_some_and(|(q, _)| *q == question)
            || self.answer.as_ref().is_some_and(|a| a.question == question)
        {
            return;
        }
        let job = crate::app::services::analysis::reply_search(
            question.reply_side(),
            question.first,
            question.options,
            CHECK_TIME,
            seed,
            waker,
        );
        self.job = Some((question, job));
    }

    /// Takes in the answer when it has come, and forgets what no longer answers `setup`:
    /// a search or an answer whose layout is not the one on the board now. Called once a
    /// frame in the setup; `None` forgets everything (the setup is over).
    pub fn drive(&mut self, setup: Option<&SetupBoard>) {
        let current = |q: &Question| setup.and_then(|s| Question::of(s, q.ask)) == Some(*q);
        if self.job.as_ref().is_some_and(|(q, _)| !current(q)) {
            self.job = None;
        }
        if let Some((question, job)) = &mut self.job
            && job.poll(|()| {})
        {
            let question = *question;
            if let Some(Ok(finding)) = job.take() {
                self.answer = Some(Answer { question, finding });
            }
            self.job = None;
        }
        if self.answer.as_ref().is_some_and(|a| !current(&a.question)) {
            self.answer = None;
        }
    }

    /// True while the coach searches for an answer to `ask`.
    pub fn searching(&self, ask: Ask) -> bool {
        self.job.as_ref().is_some_and(|(q, _)| q.ask == ask)
    }

    /// The answer to `ask` about the layout on the board, if it has come.
    pub fn answer(&self, ask: Ask) -> Option<&Answer> {
        self.answer.as_ref().filter(|a| a.question.ask == ask)
    }

    /// The setup board as the coach shows it: a reply that wins by force to the checked
    /// layout stands in the half of the side that has not laid out yet.
    pub fn board(&self, setup: &SetupBoard) -> [u8; 32] {
        let mut board = setup.board();
        if let Some(a) = self.answer(Ask::Check)
            && let Some(reply) = a.winning_reply()
        {
            let side = a.question.reply_side();
            if setup.placed(side) == 0 {
                board[side.index() * 16..side.index() * 16 + 16].copy_from_slice(&reply.counts());
            }
        }
        board
    }
}
