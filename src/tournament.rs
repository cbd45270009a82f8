//! Tournament play (issue 21): the referee's clock, a plain game clock, and a match in
//! points. Plain data and pure functions of the seconds passed in: the window's session
//! runs the clock from its play clock (which stands still while play is paused and is not
//! passed on while a move is animated), the saved game keeps it, tests drive it by hand.
//!
//! Tournament practice (issue 21; RULES.md 3.8): the referee counts "emu, bbiri" (one,
//! two) and a turn not started by then is lost to the opponent; a move not finished in a
//! few minutes annuls the game. Special wins count extra in a match (RULES.md §4's points).

use crate::game::{Game, GameResult};
use omweso_rules::{RuleOptions, Side};

/// What happens when the time to start a move runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum StartRunsOut {
    /// The turn passes to the opponent (the referee's rule).
    TurnLost,
    /// The game is lost.
    GameLost,
}

/// What happens when the time to finish a move runs out (at a decision point, where the
/// player chooses the direction of a lap, RULES.md 3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FinishRunsOut {
    /// The game is annulled (tournament practice, RULES.md 3.8).
    Annulled,
    /// The move goes on anticlockwise, the direction it takes when no one chooses.
    SownOn,
}

/// The clock's settings. Every time is in whole seconds; `None` is no limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClockSettings {
    /// Seconds to start a move once it is the player's turn (the referee's count: 3).
    pub start_seconds: Option<u32>,
    /// What happens when they run out.
    pub start_runs_out: StartRunsOut,
    /// Seconds to finish a move once started (180).
    pub finish_seconds: Option<u32>,
    /// What happens when they run out.
    pub finish_runs_out: FinishRunsOut,
    /// Seconds each player has for the whole game (a plain game clock), if any.
    pub game_seconds: Option<u32>,
    /// Seconds added to a player's game time after each of their turns.
    pub increment_seconds: u32,
}

impl Default for ClockSettings {
    /// The tournament's referee: 3 s to start a move (the turn is lost), 3 minutes to
    /// finish it (the game is annulled), no game clock.
    fn default() -> Self {
        ClockSettings {
            start_seconds: Some(3),
            start_runs_out: StartRunsOut::TurnLost,
            finish_seconds: Some(180),
            finish_runs_out: FinishRunsOut::Annulled,
            game_seconds: None,
            increment_seconds: 0,
        }
    }
}

/// Most seconds any of the clock's times may be (a day), so that a file cannot ask for
/// a clock that never runs out in practice or overflows.
pub const MAX_CLOCK_SECONDS: u32 = 24 * 60 * 60;

/// Most seconds of game time a player may have left, increments included.
const MAX_LEFT: f64 = MAX_CLOCK_SECONDS as f64 * 10.0;

impl ClockSettings {
    /// No limit of any kind.
    pub const OFF: ClockSettings = ClockSettings {
        start_seconds: None,
        start_runs_out: StartRunsOut::TurnLost,
        finish_seconds: None,
        finish_runs_out: FinishRunsOut::Annulled,
        game_seconds: None,
        increment_seconds: 0,
    };

    /// True when some limit is set.
    pub fn is_on(&self) -> bool {
        self.start_seconds.is_some() || self.finish_seconds.is_some() || self.game_seconds.is_some()
    }

    /// The first time that is 0 or more than [`MAX_CLOCK_SECONDS`], by name.
    pub fn out_of_range(&self) -> Option<(&'static str, u32)> {
        [
            ("start_seconds", self.start_seconds),
            ("finish_seconds", self.finish_seconds),
            ("game_seconds", self.game_seconds),
        ]
        .into_iter()
        .find_map(|(name, s)| s.filter(|&s| s == 0 || s > MAX_CLOCK_SECONDS).map(|s| (name, s)))
        .or_else(|| {
            (self.increment_seconds > MAX_CLOCK_SECONDS).then_some(("increment_seconds", self.increment_seconds))
        })
    }
}

/// Which part of a turn the clock is timing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Stage {
    /// The player has not started a move yet.
    Starting,
    /// The player has started a move and not finished it (a decision point).
    Finishing,
}

/// A limit the clock has passed, for the session to act on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockEvent {
    /// `side` did not start a move in time.
    StartRanOut(Side),
    /// `side` did not finish the move started in time.
    FinishRanOut(Side),
    /// `side`'s game time ran out.
    GameTimeRanOut(Side),
}

/// The referee's count of the last two seconds to start a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// "Emu": one (two seconds or less left).
    Emu,
    /// "Bbiri": two (one second or less left).
    Bbiri,
}

impl Count {
    /// The word the referee says.
    pub fn word(self) -> &'static str {
        match self {
            Count::Emu => "emu",
            Count::Bbiri => "bbiri",
        }
    }
}

/// The clock of one game: the settings, each player's game time left, and the turn being
/// timed. It runs only when told to ([`Clock::run`]): the caller passes on the seconds of
/// thinking, never those of an animation or a pause.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// The settings.
    pub settings: ClockSettings,
    /// Seconds of game time left, Lower then Upper (meaningful with a game clock).
    pub left: [f64; 2],
    /// The part of the turn being timed.
    pub stage: Stage,
    /// Seconds spent in `stage` so far.
    pub spent: f64,
}

impl Clock {
    /// A clock at the start of a game: the whole game time for each.
    pub fn new(settings: ClockSettings) -> Clock {
        let full = f64::from(settings.game_seconds.unwrap_or(0));
        Clock { settings, left: [full; 2], stage: Stage::Starting, spent: 0.0 }
    }

    /// Lets `seconds` of `side`'s thinking pass; the first limit passed, if any. After an
    /// event the caller changes the game ([`Clock::turn_done`] or the end of the game).
    pub fn run(&mut self, side: Side, seconds: f64) -> Option<ClockEvent> {
        let seconds = if seconds.is_finite() { seconds.max(0.0) } else { 0.0 };
        self.spent += seconds;
        if self.settings.game_seconds.is_some() {
            let left = &mut self.left[side.index()];
            *left = (*left - seconds).max(0.0);
            if *left <= 0.0 {
                return Some(ClockEvent::GameTimeRanOut(side));
            }
        }
        match self.stage {
            Stage::Starting if self.stage_left().is_some_and(|l| l <= 0.0) => Some(ClockEvent::StartRanOut(side)),
            Stage::Finishing if self.stage_left().is_some_and(|l| l <= 0.0) => Some(ClockEvent::FinishRanOut(side)),
            _ => None,
        }
    }

    /// Seconds left in the stage being timed, if it has a limit.
    pub fn stage_left(&self) -> Option<f64> {
        let limit = match self.stage {
            Stage::Starting => self.settings.start_seconds,
            Stage::Finishing => self.settings.finish_seconds,
        }?;
        Some((f64::from(limit) - self.spent).max(0.0))
    }

    /// The referee's count while a move is to be started: emu with two seconds or less
    /// left, bbiri with one or less.
    pub fn count(&self) -> Option<Count> {
        match (self.stage, self.stage_left()?) {
            (Stage::Starting, l) if l <= 1.0 => Some(Count::Bbiri),
            (Stage::Starting, l) if l <= 2.0 => Some(Count::Emu),
            _ => None,
        }
    }

    /// The player started a move that stops at a decision point: the time to finish it
    /// runs from now.
    pub fn move_started(&mut self) {
        self.stage = Stage::Finishing;
        self.spent = 0.0;
    }

    /// `side`'s turn is over (a move made, or a turn lost): the increment is added and the
    /// next turn is timed from its start.
    pub fn turn_done(&mut self, side: Side) {
        if let Some(full) = self.settings.game_seconds {
            let left = &mut self.left[side.index()];
            *left = (*left + f64::from(self.settings.increment_seconds)).min(MAX_LEFT.max(f64::from(full)));
        }
        self.stage = Stage::Starting;
        self.spent = 0.0;
    }

    /// The clock read back from a file is one this program could have made: times within
    /// range and not more than the game's time plus what increments could give.
    pub fn is_plausible(&self) -> bool {
        let in_range = |t: f64| t.is_finite() && (0.0..=MAX_LEFT).contains(&t);
        self.settings.out_of_range().is_none() && self.left.iter().all(|&t| in_range(t)) && in_range(self.spent)
    }
}

/// What a match is played to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum MatchGoal {
    /// The first to this many points (RULES.md §4's points of each kind of win).
    Points(u32),
    /// The first to win this many games.
    Wins(u32),
}

/// Who moves first in each game of a match (RULES.md §2: the other lays out first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum FirstMover {
    /// A coin toss before each game.
    Toss,
    /// In turns: the first game's first mover, then the other, and so on (an annulled
    /// game replayed keeps its first mover).
    InTurns,
}

/// Most points or wins a match may be played to.
pub const MAX_MATCH_GOAL: u32 = 100;

/// A match's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MatchSettings {
    /// What the match is played to.
    pub goal: MatchGoal,
    /// Who moves first in each game.
    pub first_mover: FirstMover,
    /// Tournament rules: no take-backs, no hint, coach, analysis or threat marks while a
    /// game of the match is on.
    pub tournament: bool,
    /// The clock of each game.
    pub clock: ClockSettings,
}

impl Default for MatchSettings {
    fn default() -> Self {
        MatchSettings {
            goal: MatchGoal::Points(6),
            first_mover: FirstMover::InTurns,
            tournament: true,
            clock: ClockSettings::default(),
        }
    }
}

/// A match: its settings and the games finished so far, each with its result. The game
/// on the board is not one of them until it is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// The settings.
    pub settings: MatchSettings,
    /// The games finished, in order (annulled ones included: they are replayed).
    pub games: Vec<Game>,
}

impl Match {
    /// A match with no game finished.
    pub fn new(settings: MatchSettings) -> Match {
        Match { settings, games: Vec::new() }
    }

    /// This match with `game` (the one on the board) counted among the games finished
    /// when it is `over`: the standing as a player sees it once the game's result is shown.
    pub fn with_game_over(&self, game: &Game, over: bool) -> Match {
        let mut m = self.clone();
        if over {
            m.games.push(game.clone());
        }
        m
    }

    /// The points of each side, Lower then Upper, from the results of the games finished.
    pub fn points(&self) -> [u32; 2] {
        tally(&self.games, |r, o| r.points(o))
    }

    /// The games won by each side.
    pub fn wins(&self) -> [u32; 2] {
        tally(&self.games, |_, _| 1)
    }

    /// The winner, once one side has reached the goal.
    pub fn winner(&self) -> Option<Side> {
        let (score, goal) = match self.settings.goal {
            MatchGoal::Points(n) => (self.points(), n),
            MatchGoal::Wins(n) => (self.wins(), n),
        };
        Side::BOTH.into_iter().find(|s| score[s.index()] >= goal.max(1))
    }

    /// Who moves first in the next game: `first_of_match` for the first game; then by
    /// the settings (`toss` is the coin, asked only for a toss). An annulled game is
    /// replayed with the same first mover.
    pub fn next_first_mover(&self, first_of_match: Side, toss: impl FnOnce() -> Side) -> Side {
        match (self.settings.first_mover, self.games.last()) {
            (_, None) => first_of_match,
            (FirstMover::Toss, Some(_)) => toss(),
            (FirstMover::InTurns, Some(last)) => {
                let last_first = last.start().to_move();
                let annulled = last.result().is_some_and(|r| r.is_annulled());
                if annulled { last_first } else { last_first.opponent() }
            }
        }
    }

    /// The standing in words: "Lower 3, Upper 2 (first to 6 points)".
    pub fn standing(&self, names: &[String; 2]) -> String {
        let (score, goal) = match self.settings.goal {
            MatchGoal::Points(n) => (self.points(), format!("first to {n} point{}", plural(n))),
            MatchGoal::Wins(n) => (self.wins(), format!("first to {n} win{}", plural(n))),
        };
        format!("{} {}, {} {} ({goal})", names[0], score[0], names[1], score[1])
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `n` and the word, in the plural unless `n` is 1: "1 game", "3 games".
pub fn count_of(n: usize, word: &str) -> String {
    if n == 1 { format!("1 {word}") } else { format!("{n} {word}s") }
}

fn tally(games: &[Game], count: impl Fn(&GameResult, &RuleOptions) -> u32) -> [u32; 2] {
    let mut score = [0u32; 2];
    for g in games {
        if let Some(r) = g.result()
            && let Some(w) = r.winner()
        {
            score[w.index()] = score[w.index()].saturating_add(count(&r, g.options()));
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::TimeEnd;
    use omweso_rules::{GameState, Layout};

    fn start(first: Side) -> Game {
        let fours = Layout::back_row_fours();
        Game::from_layouts(fours, fours, first, RuleOptions::default())
    }

    #[test]
    fn the_referee_counts_emu_bbiri_and_the_turn_is_lost() {
        let mut c = Clock::new(ClockSettings::default());
        assert_eq!(c.run(Side::Lower, 0.9), None);
        assert_eq!(c.count(), None);
        assert_eq!(c.run(Side::Lower, 0.2), None);
        assert_eq!(c.count(), Some(Count::Emu));
        assert_eq!(c.run(Side::Lower, 1.0), None);
        assert_eq!(c.count().map(Count::word), Some("bbiri"));
        assert_eq!(c.run(Side::Lower, 0.9), Some(ClockEvent::StartRanOut(Side::Lower)));
        c.turn_done(Side::Lower);
        assert_eq!((c.stage, c.spent, c.count()), (Stage::Starting, 0.0, None));
    }

    #[test]
    fn the_time_to_finish_runs_from_the_start_of_the_move() {
        let mut c = Clock::new(ClockSettings { finish_seconds: Some(10), ..ClockSettings::default() });
        c.run(Side::Upper, 2.5);
        c.move_started();
        assert_eq!(c.count(), None, "no count once the move is started");
        assert_eq!(c.run(Side::Upper, 9.0), None);
        assert_eq!(c.stage_left(), Some(1.0));
        assert_eq!(c.run(Side::Upper, 1.0), Some(ClockEvent::FinishRanOut(Side::Upper)));
    }

    #[test]
    fn a_game_clock_counts_down_with_its_increment() {
        let settings = ClockSettings { game_seconds: Some(60), increment_seconds: 2, ..ClockSettings::OFF };
        let mut c = Clock::new(settings);
        assert_eq!(c.run(Side::Lower, 20.0), None);
        c.turn_done(Side::Lower);
        assert_eq!(c.left, [42.0, 60.0]);
        assert_eq!(c.run(Side::Upper, 59.0), None);
        assert_eq!(c.run(Side::Upper, 1.5), Some(ClockEvent::GameTimeRanOut(Side::Upper)));
        assert_eq!(c.left[1], 0.0);
        assert_eq!(c.run(Side::Lower, f64::NAN), None, "no time passes on a nonsense reading");
        assert!(!ClockSettings::OFF.is_on() && settings.is_on());
    }

    #[test]
    fn settings_out_of_range_are_named() {
        assert_eq!(ClockSettings::default().out_of_range(), None);
        let zero = ClockSettings { start_seconds: Some(0), ..ClockSettings::default() };
        assert_eq!(zero.out_of_range(), Some(("start_seconds", 0)));
        let long = ClockSettings { increment_seconds: MAX_CLOCK_SECONDS + 1, ..ClockSettings::default() };
        assert_eq!(long.out_of_range(), Some(("increment_seconds", MAX_CLOCK_SECONDS + 1)));
        let mut c = Clock::new(ClockSettings::default());
        assert!(c.is_plausible());
        c.spent = f64::INFINITY;
        assert!(!c.is_plausible());
    }

    fn finished(first: Side, result: impl FnOnce(&mut Game)) -> Game {
        let mut g = start(first);
        result(&mut g);
        g
    }

    #[test]
    fn a_match_counts_points_and_ends_at_its_goal() {
        let mut m = Match::new(MatchSettings { goal: MatchGoal::Points(3), ..MatchSettings::default() });
        assert_eq!(m.next_first_mover(Side::Upper, || unreachable!()), Side::Upper);
        m.games.push(finished(Side::Upper, |g| g.resign(Side::Lower).unwrap()));
        assert_eq!((m.points(), m.winner()), ([0, 1], None));
        assert_eq!(m.next_first_mover(Side::Upper, || unreachable!()), Side::Lower, "in turns");
        m.games.push(finished(Side::Lower, |g| g.end_on_time(TimeEnd::Unfinished { side: Side::Lower }).unwrap()));
        assert_eq!(m.points(), [0, 1], "an annulled game scores nothing");
        assert_eq!(m.next_first_mover(Side::Upper, || unreachable!()), Side::Lower, "an annulled game is replayed");
        // Akakyala: 2 points.
        let akakyala: GameState = "4i-p; 4I-P / L none 2,0".parse().unwrap();
        m.games.push(Game::from_state(akakyala));
        assert_eq!(m.points(), [2, 1]);
        assert_eq!(m.wins(), [1, 1]);
        m.games.push(finished(Side::Upper, |g| g.resign(Side::Upper).unwrap()));
        assert_eq!((m.points(), m.winner()), ([3, 1], Some(Side::Lower)));
        let names = ["Ann".to_string(), "Bo".to_string()];
        assert_eq!(m.standing(&names), "Ann 3, Bo 1 (first to 3 points)");
        let wins = Match { settings: MatchSettings { goal: MatchGoal::Wins(3), ..m.settings }, games: m.games.clone() };
        assert_eq!((wins.winner(), wins.standing(&names).as_str()), (None, "Ann 2, Bo 1 (first to 3 wins)"));
        let toss = Match { settings: MatchSettings { first_mover: FirstMover::Toss, ..m.settings }, games: m.games };
        assert_eq!(toss.next_first_mover(Side::Lower, || Side::Upper), Side::Upper);
    }
}
