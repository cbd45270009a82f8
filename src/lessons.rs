//! Lessons that teach Omweso on the real board. A lesson is data, not code: a RON file under
//! `assets/lessons/` (embedded at build time, in file-name order) with steps, each a game
//! state (RULES.md §5), a text in players' words and a task: look, play one of the accepted
//! moves, or start a first game against the Beginner level. Every lesson is checked through
//! the rules module when it is loaded (every accepted move legal in its state, every stated
//! result right, every sentence about where a lap ends, what it takes and how many choices
//! a move makes true: [`crate::lesson_words`]), at start-up and by a test.

use crate::narrate::narrate;
use omweso_rules::notation::parse_move;
use omweso_rules::{FirstMoves, GameState, Hole, Layout, Move, Outcome, RuleOptions, Side, Trace, WinKind};

mod files {
    include!(concat!(env!("OUT_DIR"), "/lessons.rs"));
}

/// A lesson as written in its file.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonText {
    /// A short unique name (`sowing`), used for progress and by `omweso lessons`.
    pub id: String,
    /// The title shown in the list.
    pub title: String,
    /// Rule options other than the defaults, when the lesson needs them (the tournament
    /// split).
    #[serde(default)]
    pub options: Option<RuleOptions>,
    /// True for a lesson off the road to the first game (every lesson after the first
    /// game: setting out by hand, the first move, reverse captures, the quicker wins, the
    /// tournament split, the book's game): it stays in the list, and [`road`] passes it by.
    #[serde(default)]
    pub optional: bool,
    /// False for a lesson that comes before the danger marks are explained (lesson 5): its
    /// board shows no orange threat rings. True when not written.
    #[serde(default = "yes")]
    pub threats: bool,
    /// The steps, in order.
    pub steps: Vec<StepText>,
}

/// Serde's default for a field that is true unless written.
fn yes() -> bool {
    true
}

/// One step as written: a state, a text and a task.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepText {
    /// What the player reads.
    pub text: String,
    /// The game state shown (RULES.md §5 full form).
    pub state: String,
    /// What the player is asked to do.
    pub task: TaskText,
    /// Shown after the right move: why it is right.
    #[serde(default)]
    pub explain: String,
    /// Shown after a wrong move: what was asked.
    #[serde(default)]
    pub ask: String,
    /// The holes the text names, by their letters (`"abm F"`; spaces are ignored), ringed
    /// on the board while the step is read. Each must be named in the text as a word of
    /// its own (checked when the lesson loads).
    #[serde(default)]
    pub named: String,
}

/// What a step asks for, as written.
#[derive(Clone, Debug, PartialEq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TaskText {
    /// Read and look at the board, then go on.
    Look,
    /// Play one of these moves (RULES.md §5 notation); the first is the one "Show me" plays.
    Play {
        /// The moves accepted.
        accept: Vec<String>,
        /// The position after the first accepted move, checked when the lesson loads.
        #[serde(default)]
        result: Option<String>,
        /// The outcome of the first accepted move (`lower wins: akakyala`, `annulled`),
        /// checked when the lesson loads; none means the game goes on.
        #[serde(default)]
        outcome: Option<String>,
    },
    /// The end of the course: a first game against the Beginner level.
    PlayBeginner,
    /// Set out Lower's 32 seeds on a setup board, seeing Upper's layout (RULES.md §2). The
    /// step's state is a start (32 seeds a side, Lower to move first): its Upper side is
    /// what Upper laid out, its Lower side what "Show me" lays out.
    SetOut,
}

/// A lesson checked against the rules, ready to play.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// Its unique name.
    pub id: String,
    /// Its title.
    pub title: String,
    /// The rule options of its states.
    pub options: RuleOptions,
    /// Off the road to the first game ([`road`]).
    pub optional: bool,
    /// Its board marks the threatened holes (from the lesson that explains them on).
    pub threats: bool,
    /// Its steps.
    pub steps: Vec<Step>,
}

/// A checked step.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// What the player reads.
    pub text: String,
    /// The game state shown.
    pub state: GameState,
    /// The task.
    pub task: Task,
    /// Shown after the right move.
    pub explain: String,
    /// Shown after a wrong move.
    pub ask: String,
    /// The holes the text names, ringed on the board while the step is read.
    pub named: Vec<Hole>,
}

/// A checked task.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// Read, then go on.
    Look,
    /// Play one of these moves (legal in the step's state; the first is "Show me").
    Play(Vec<Move>),
    /// A first game against the Beginner level.
    PlayBeginner,
    /// Set out Lower's seeds, seeing Upper's layout of the step's state (RULES.md §2).
    SetOut,
}

/// Why a lesson cannot be used: the file, the step (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LessonError {
    /// The file is not a lesson in RON.
    #[error("lesson file {file}: {message}")]
    Format {
        /// The file name.
        file: String,
        /// The reader's message, with its line and column.
        message: String,
    },
    /// Two lessons have the same id.
    #[error("lesson file {file}: the id `{id}` is used twice")]
    DuplicateId {
        /// The file name.
        file: String,
        /// The id.
        id: String,
    },
    /// The lesson has no steps.
    #[error("lesson `{lesson}` has no steps")]
    NoSteps {
        /// The lesson's id.
        lesson: String,
    },
    /// A step is wrong.
    #[error("lesson `{lesson}` step {step}: {message}")]
    Step {
        /// The lesson's id.
        lesson: String,
        /// The step number, from 1.
        step: usize,
        /// What is wrong.
        message: String,
    },
}

impl LessonText {
    /// Reads a lesson file (`file` names it in errors).
    ///
    /// # Errors
    /// [`LessonError::Format`] when the text is not a lesson.
    pub fn parse(file: &str, text: &str) -> Result<LessonText, LessonError> {
        ron::from_str(text).map_err(|e| LessonError::Format { file: file.into(), message: e.to_string() })
    }

    /// Checks every step through the rules.
    ///
    /// # Errors
    /// [`LessonError`] naming the step: a state that does not read, a move that is not
    /// legal there, a result or outcome that is not what the first accepted move gives.
    pub fn check(&self) -> Result<Lesson, LessonError> {
        let options = self.options.unwrap_or_default();
        if self.steps.is_empty() {
            return Err(LessonError::NoSteps { lesson: self.id.clone() });
        }
        let steps = self
            .steps
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let fail = |message: String| LessonError::Step { lesson: self.id.clone(), step: i + 1, message };
                let state: GameState = s.state.parse().map_err(|e| fail(format!("state: {e}")))?;
                let state = state.with_options(options).map_err(|e| fail(format!("state: {e}")))?;
                let task = match &s.task {
                    TaskText::Look => Task::Look,
                    TaskText::PlayBeginner => Task::PlayBeginner,
                    TaskText::SetOut => {
                        let start = Side::BOTH.map(|side| Layout::from_position(state.position(), side));
                        if start.iter().any(Result::is_err)
                            || state.to_move() != Side::Lower
                            || state.first_moves() != FirstMoves::Both
                        {
                            return Err(fail(
                                "a SetOut task needs a start: 32 seeds a side, Lower to move first".into(),
                            ));
                        }
                        Task::SetOut
                    }
                    TaskText::Play { accept, result, outcome } => {
                        if accept.is_empty() {
                            return Err(fail("a Play task accepts no move".into()));
                        }
                        // A wrong move is answered with what was asked, first.
                        if s.ask.trim().is_empty() {
                            return Err(fail("a Play task says nothing to a wrong move (`ask`)".into()));
                        }
                        let moves = accept
                            .iter()
                            .map(|t| parse_move(&state, t).map_err(|e| fail(format!("move `{t}`: {e}"))))
                            .collect::<Result<Vec<Move>, _>>()?;
                        let (succ, _) =
                            state.play(&moves[0]).map_err(|e| fail(format!("move `{}`: {e}", accept[0])))?;
                        if let Some(r) = result
                            && *r != succ.state.position().to_string()
                        {
                            return Err(fail(format!(
                                "`{}` gives {}, not the stated {r}",
                                accept[0],
                                succ.state.position()
                            )));
                        }
                        // Every accepted move ends the game as stated (or not at all).
                        for (text, mv) in accept.iter().zip(&moves) {
                            let (succ, _) = state.play(mv).map_err(|e| fail(format!("move `{text}`: {e}")))?;
                            let got = succ.outcome().map(|o| o.to_string());
                            if *outcome != got {
                                return Err(fail(format!(
                                    "`{text}` ends {}, not the stated {}",
                                    got.as_deref().unwrap_or("nothing"),
                                    outcome.as_deref().unwrap_or("nothing")
                                )));
                            }
                        }
                        Task::Play(moves)
                    }
                };
                // What the words say of the board, the rules bear out.
                let accepted = match &task {
                    Task::Play(moves) => moves.as_slice(),
                    Task::Look | Task::PlayBeginner | Task::SetOut => &[],
                };
                for words in [&s.text, &s.explain, &s.ask] {
                    crate::lesson_words::check(words, &state, accepted).map_err(|e| fail(format!("the words {e}")))?;
                }
                let named = named_holes(&s.named, &s.text).map_err(fail)?;
                Ok(Step { text: s.text.clone(), state, task, explain: s.explain.clone(), ask: s.ask.clone(), named })
            })
            .collect::<Result<Vec<Step>, LessonError>>()?;
        Ok(Lesson {
            id: self.id.clone(),
            title: self.title.clone(),
            options,
            optional: self.optional,
            threats: self.threats,
            steps,
        })
    }
}

/// The holes of a step's `named` field, which must be exactly the holes that `text` names
/// ([`holes_named_in`]), so that the rings on the board and the words cannot drift apart:
/// a hole named but not ringed, or ringed but not named, is an error that says which.
fn named_holes(named: &str, text: &str) -> Result<Vec<Hole>, String> {
    let mut holes = Vec::new();
    for letter in named.chars().filter(|c| !c.is_whitespace()) {
        let hole = Hole::from_letter(letter).ok_or_else(|| format!("`named`: `{letter}` is not a hole's letter"))?;
        if !holes.contains(&hole) {
            holes.push(hole);
        }
    }
    let in_text = holes_named_in(text);
    if let Some(hole) = holes.iter().find(|h| !in_text.contains(h)) {
        return Err(format!("`named`: the text does not name hole {hole}"));
    }
    let missing: String = in_text.iter().filter(|h| !holes.contains(h)).map(|h| h.to_string()).collect();
    if !missing.is_empty() {
        return Err(format!("the text names holes it does not ring: add `{missing}` to `named`"));
    }
    Ok(holes)
}

/// The holes `text` names, in the order first named: a hole letter (`a`–`p`, `A`–`P`)
/// standing as a word of its own ("from h, g, f … a", "Upper's A sits"), as RULES.md writes
/// them. The English article is not a hole: "a" or a sentence's first "A" followed by a
/// word ("a board", "A column"), unless that word is one a hole is followed by ("a and i",
/// "a gets two seeds"). Letters inside moves written in notation ("J2xh") are not words.
/// A range of one side's letters names every hole in it: "4 each in A to F" names A, B, C,
/// D, E and F.
pub fn holes_named_in(text: &str) -> Vec<Hole> {
    /// Words that follow a hole's letter, never the article.
    const AFTER_A_HOLE: [&str; 7] = ["and", "or", "to", "gets", "is", "has", "holds"];
    let chars: Vec<char> = text.chars().collect();
    let word_at = |from: usize| -> String { chars[from..].iter().take_while(|c| c.is_alphanumeric()).collect() };
    let mut holes = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).map(|k| chars[k]);
        let after = chars.get(i + 1).copied();
        let stands_alone = |ch: Option<char>| ch.is_none_or(|ch| !ch.is_alphanumeric() && ch != '\'');
        if !stands_alone(before) || !stands_alone(after) {
            continue;
        }
        if Hole::from_letter(c).is_none() {
            continue;
        }
        // "a board", "A column": the article, when a word follows after one space.
        if (c == 'a' || c == 'A') && after == Some(' ') {
            let next = word_at(i + 2);
            let sentence_start =
                chars[..i].iter().rev().find(|ch| !ch.is_whitespace()).is_none_or(|ch| ".!?".contains(*ch));
            if next.chars().count() >= 2 && !AFTER_A_HOLE.contains(&next.as_str()) && (c == 'a' || sentence_start) {
                continue;
            }
        }
        // "A to F": the letters between, in order, then F itself as its own word.
        let range_end = match chars.get(i + 1..(i + 7).min(chars.len())) {
            Some([' ', 't', 'o', ' ', end, next]) if !next.is_alphanumeric() => Some(*end),
            Some([' ', 't', 'o', ' ', end]) => Some(*end),
            _ => None,
        }
        .filter(|&end| end > c && end.is_lowercase() == c.is_lowercase() && Hole::from_letter(end).is_some());
        for hole in (c..range_end.unwrap_or(c)).chain([c]).filter_map(Hole::from_letter) {
            if !holes.contains(&hole) {
                holes.push(hole);
            }
        }
    }
    holes
}

/// Every lesson shipped with the program, read and checked, in order.
///
/// # Errors
/// The first [`LessonError`] found.
pub fn all() -> Result<Vec<Lesson>, LessonError> {
    let mut out: Vec<Lesson> = Vec::new();
    for (file, text) in files::LESSON_FILES {
        let lesson = LessonText::parse(file, text)?.check()?;
        if out.iter().any(|l| l.id == lesson.id) {
            return Err(LessonError::DuplicateId { file: (*file).into(), id: lesson.id });
        }
        out.push(lesson);
    }
    Ok(out)
}

impl Step {
    /// True when `mv` is one of the moves this step accepts.
    pub fn accepts(&self, mv: &Move) -> bool {
        matches!(&self.task, Task::Play(moves) if moves.contains(mv))
    }

    /// What the step says of `mv` (sown as `trace`): the explanation of a right move, or
    /// for another move what was asked, then (after a blank line) what the move did.
    pub fn feedback(&self, mv: &Move, trace: &Trace) -> String {
        if self.accepts(mv) {
            return self.explain.clone();
        }
        let outcome = self.state.play(mv).ok().and_then(|(s, _)| s.outcome());
        let said = narrate(&self.state, trace, outcome).join(" ");
        // A move that wins is never "not quite": it is right, only not the lesson's point.
        let opening = match outcome {
            Some(Outcome::Win { winner, kind }) if winner == self.state.to_move() => {
                let wins = crate::narrate::win_by(kind);
                match self.winning_kind() {
                    Some(WinKind::Normal) if kind != WinKind::Normal => {
                        format!("That wins too, {wins}, but this step is about the normal win.")
                    }
                    Some(other) if other != kind => {
                        format!("That wins too, {wins}, but this step is about {}.", other.name())
                    }
                    Some(_) => format!("That wins too, {wins}, but this step asks for another move."),
                    None => format!("That wins the game, {wins}, but this step asks for another move."),
                }
            }
            _ => "Not quite.".to_string(),
        };
        // The key sentence first (what the step asked for); the chain of laps after it,
        // which the window folds.
        format!("{opening} {}\n\nYou played {mv}: {said}", self.ask)
    }

    /// How the step's first accepted move wins the game, if it does.
    fn winning_kind(&self) -> Option<WinKind> {
        let Task::Play(moves) = &self.task else { return None };
        match self.state.play(moves.first()?).ok()?.0.outcome()? {
            Outcome::Win { kind, .. } => Some(kind),
            Outcome::Annulled => None,
        }
    }
}

/// What a set-out step says of Lower's layout in `state`, the start of a game with Lower to
/// move (RULES.md §2): where the seeds went, and from the rules, how many holes Lower can
/// start the first move from and how many of those moves capture (3.1, 3.4).
pub fn set_out_feedback(state: &GameState) -> String {
    let holes = state.position().side_counts(Side::Lower).iter().filter(|&&c| c > 0).count();
    let front: u32 = (0..16u8)
        .filter_map(|track| Hole::new(Side::Lower, track))
        .filter(|h| h.is_front())
        .map(|h| u32::from(state.position().get(h)))
        .sum();
    let starts = state.playable_holes().count();
    let moves = state.legal_moves();
    let capturing = moves
        .iter()
        .filter(|mv| {
            state
                .play(mv)
                .is_ok_and(|(_, trace)| trace.laps.iter().any(|lap| lap.source == omweso_rules::LapSource::Capture))
        })
        .count();
    let plural = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    let capture_words = match (capturing, moves.len()) {
        (0, 1) => "it does not capture yet".to_string(),
        (0, _) => "none of them captures yet".to_string(),
        (_, 1) => "it captures".to_string(),
        (n, all) if n == all => "every one of them captures".to_string(),
        (n, _) => format!("{} of them {}", n, if n == 1 { "captures" } else { "capture" }),
    };
    let front_words = match front {
        0 => "none in the front row".to_string(),
        32 => "all of them in the front row".to_string(),
        n => format!("{n} in the front row"),
    };
    format!(
        "32 seeds in {}, {front_words}. Lower moves first: this layout gives {} (from {}), and {}.",
        plural(holes, "hole", "holes"),
        plural(moves.len(), "first move", "first moves"),
        plural(starts, "hole", "holes"),
        capture_words
    )
}

pub mod first_game;
mod measure;

pub use first_game::{FirstGame, play_first_game};
pub use measure::{LIST_AFTER, LIST_INTRO, Measure, list_words, road};

#[cfg(test)]
mod tests;
