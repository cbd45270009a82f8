//! The guided first game played to its end, as the window plays it, for `omweso lessons
//! --measure` (issue 51): the road ([`super::road`]) counts up to the game's first move, and
//! this counts the rest. The game starts from the first ready-made layout the first-game
//! step offers ([`crate::app::model::guide::PRESETS`]), against the opponent of the window's
//! guided game ([`crate::app::model::guide::form`]); the learner plays the move the window's
//! hint suggests (the guide itself suggests no move), the opponent searches as the window's
//! computer does, seeded, so that the count is the same on every run.

use super::Measure;
use crate::app::model::guide::{LEARNER, PRESETS, form};
use crate::app::model::setup::NewGameForm;
use crate::game::Game;
use omweso_engine::{Level, Limits, judge, search};
use omweso_rules::{Move, Outcome};
use std::sync::atomic::AtomicBool;

/// The seed of the opponent's searches in the measured game (the window draws one at
/// random per game).
pub const SEED: u64 = 1;

/// The depth of the hint the learner follows: the window's hint judges the position for a
/// second ([`crate::app::services::analysis::JUDGE_TIME`]), which reaches at least this
/// deep in the guided game's positions; a fixed depth makes it the same on every run.
pub const HINT_DEPTH: u32 = 3;

/// The most moves the measured game may take before it is called endless (an error).
pub const MOST_MOVES: usize = 1000;

/// The guided first game played to its end: what it asked of the learner and what was
/// shown.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstGame {
    /// Its moves, both sides', in RULES.md notation.
    pub moves: Vec<String>,
    /// The learner's moves (the first among them, which the road counts).
    pub learner_moves: usize,
    /// Seconds of sowing watched, both sides' moves (the first move's too), at the speed
    /// asked for.
    pub sowing_seconds: f64,
    /// Words of the guide's notes after its opening (the opening is on the road), and of
    /// the game-over card's sentence on how the game ended.
    pub words: usize,
    /// The arrows the learner clicked: one at each decision of its moves (RULES.md 3.5),
    /// beside the click on the hole that SECONDS_A_MOVE counts.
    pub clicks: usize,
    /// How it ended.
    pub outcome: Outcome,
}

impl FirstGame {
    /// What the game asks after its first move, which ends the road: the learner's later
    /// moves, the sowing of every move, the guide's later words and the arrows clicked.
    /// The road's [`Measure`] plus this is the first start to the first game's end.
    pub fn after_the_road(&self) -> Measure {
        Measure {
            words: self.words,
            sowing_seconds: self.sowing_seconds,
            moves_asked: self.learner_moves.saturating_sub(1),
            seeds_laid_out: 0,
            clicks: self.clicks,
        }
    }
}

/// The road to the first game's first move, the rest of the first game (played out with
/// [`SEED`]) and the two together: the last is the first start to the
/// end of a first game, the measure issue 51 asks to keep within ten minutes.
///
/// # Errors
/// A first game that cannot be played out.
pub fn measures(all: &[super::Lesson], rate: f64) -> Result<(Measure, Measure, Measure), String> {
    let road = Measure::of_road(all, rate);
    let game = play_first_game(SEED, rate)?.after_the_road();
    Ok((road, game, road + game))
}

/// The window's guided game from its first ready-made layout: the start and the opponent's
/// level.
fn guided_start() -> Result<(omweso_rules::GameState, Level), String> {
    let form = form(&NewGameForm::default(), PRESETS[0]).ok_or("the first ready-made layout lays out nothing")?;
    let state = form.parse_state().map_err(|e| format!("the guided game's start: {e}"))?;
    if !form.computer || form.computer_side != LEARNER.opponent() {
        return Err("the guided game has no computer opponent".into());
    }
    Ok((state, form.level))
}

/// Plays the guided first game to its end: the learner follows the hint ([`HINT_DEPTH`]),
/// the opponent searches at the guided game's level on one thread with `seed` (its own
/// depth limit: Beginner stops at two moves, which the window's time reaches too), and the
/// sowing is watched at `events_a_second`.
///
/// # Errors
/// A start that does not read, a search without a move, or a game longer than
/// [`MOST_MOVES`].
pub fn play_first_game(seed: u64, events_a_second: f64) -> Result<FirstGame, String> {
    let (start, level) = guided_start()?;
    let mut game = Game::from_state(start);
    let stop = AtomicBool::new(false);
    let (mut learner_moves, mut clicks, mut sowing_seconds) = (0, 0, 0.0);
    let mut moves = Vec::new();
    while game.current().outcome().is_none() {
        if moves.len() >= MOST_MOVES {
            return Err(format!("the first game did not end within {MOST_MOVES} moves"));
        }
        let state = game.current().clone();
        let mv: Move = if state.to_move() == LEARNER {
            let limits = Limits { depth: Some(HINT_DEPTH), threads: 1, ..Limits::default() };
            let hint = judge(&state, limits, &stop, &mut |_| {}).ok_or("the hint found no move")?;
            learner_moves += 1;
            clicks += hint.best().choices().len();
            hint.best().clone()
        } else {
            let limits = Limits { depth: Some(2), threads: 1, ..Limits::default() };
            let ply_seed = seed ^ moves.len() as u64;
            search(&state, level, limits, ply_seed, &stop, &mut |_| {}).ok_or("the opponent found no move")?.best
        };
        let trace = game.play(&mv).map_err(|e| format!("move {mv}: {e}"))?;
        sowing_seconds += trace.events().len() as f64 / events_a_second;
        moves.push(mv.to_string());
    }
    let outcome = game.current().outcome().ok_or("the game did not end")?;
    let points = game.result().map_or(0, |r| r.points(game.options()));
    let count = |t: &str| t.split_whitespace().count();
    // Every note after the opening (which the road counts), and the game-over card's words.
    let notes: usize = crate::guide::notes(&game, LEARNER)
        .iter()
        .filter(|n| n.topic != crate::guide::Topic::Aim)
        .map(|n| count(&n.text))
        .sum();
    let words = notes + count(&crate::narrate::ending(outcome, points));
    Ok(FirstGame { moves, learner_moves, sowing_seconds, words, clicks, outcome })
}
