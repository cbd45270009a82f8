//! Starting a game: the New Game form (players, who moves first, rule options, or a pasted
//! game state, the computer, the clock and the match). The setting-out that may follow is
//! the rules' [`omweso_rules::Setup`] on the board ([`crate::app::model::setup_board`]).

use crate::app::services::computer::Opponent;
use crate::tournament::{ClockSettings, MatchSettings};
use omweso_engine::Level;
use omweso_rules::{GameState, RuleOptions, Side};

/// Who makes the first move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FirstChoice {
    /// Lower moves first.
    Lower,
    /// Upper moves first.
    Upper,
    /// Toss a coin.
    Toss,
}

/// The New Game form.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct NewGameForm {
    /// Player names, Lower then Upper.
    pub names: [String; 2],
    /// Who moves first.
    pub first: FirstChoice,
    /// The rule options.
    pub options: RuleOptions,
    /// Start from a pasted game state instead of laying out seeds.
    pub from_position: bool,
    /// The pasted game state (RULES.md §5).
    pub state_text: String,
    /// Play against the computer.
    pub computer: bool,
    /// The computer's side.
    pub computer_side: Side,
    /// The computer's level.
    pub level: Level,
    /// A tournament match (issue 21) rather than a single game.
    pub tournament: bool,
    /// The match's settings: its goal, first movers, tournament rules and clock.
    pub match_settings: MatchSettings,
    /// A plain game clock: minutes each for the whole game.
    pub game_clock: bool,
    /// The game clock's minutes each.
    pub game_minutes: u32,
    /// Seconds added after each turn.
    pub increment_seconds: u32,
    /// Why the pasted state cannot be read, shown inline.
    #[serde(skip)]
    pub error: Option<String>,
}

impl Default for NewGameForm {
    fn default() -> Self {
        NewGameForm {
            names: ["Lower".into(), "Upper".into()],
            first: FirstChoice::Lower,
            options: RuleOptions::default(),
            from_position: false,
            state_text: String::new(),
            computer: false,
            computer_side: Side::Upper,
            level: Level::Casual,
            tournament: false,
            match_settings: MatchSettings::default(),
            game_clock: false,
            game_minutes: 10,
            increment_seconds: 0,
            error: None,
        }
    }
}

impl NewGameForm {
    /// The pasted state with the form's rule options.
    ///
    /// # Errors
    /// The notation's message, for showing under the text field.
    pub fn parse_state(&self) -> Result<GameState, String> {
        let state: GameState = self.state_text.trim().parse().map_err(|e| format!("{e}"))?;
        state.with_options(self.options).map_err(|e| format!("{e}"))
    }

    /// The clock of each game asked for: the match's referee (with the game clock when it
    /// is ticked), or a plain game clock alone; `None` for an untimed game.
    pub fn clock(&self) -> Option<ClockSettings> {
        let game_seconds = self.game_clock.then(|| self.game_minutes.clamp(1, 24 * 60) * 60);
        let base = if self.tournament { self.match_settings.clock } else { ClockSettings::OFF };
        let clock = ClockSettings {
            game_seconds,
            increment_seconds: if self.game_clock { self.increment_seconds.min(600) } else { 0 },
            ..base
        };
        clock.is_on().then_some(clock)
    }

    /// The match asked for, with the clock of [`NewGameForm::clock`].
    pub fn match_settings(&self) -> Option<MatchSettings> {
        self.tournament
            .then(|| MatchSettings { clock: self.clock().unwrap_or(ClockSettings::OFF), ..self.match_settings })
    }

    /// The computer opponent, when chosen.
    pub fn opponent(&self) -> Option<Opponent> {
        self.computer.then_some(Opponent { side: self.computer_side, level: self.level })
    }

    /// The first mover: the choice, or a coin toss.
    pub fn first_mover(&self) -> Side {
        match self.first {
            FirstChoice::Lower => Side::Lower,
            FirstChoice::Upper => Side::Upper,
            FirstChoice::Toss => {
                if rand::random::<bool>() {
                    Side::Lower
                } else {
                    Side::Upper
                }
            }
        }
    }
}

/// A typed player name as the saved file keeps it: control characters and Unicode format
/// characters (bidirectional overrides such as U+202E, zero-width marks) dropped, spaces at
/// the ends trimmed, at most [`crate::savefile::MAX_NAME_CHARS`] characters.
pub fn player_name(typed: &str) -> String {
    let format_char =
        |c: char| matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}');
    let kept: String = typed.chars().filter(|&c| !c.is_control() && !format_char(c)).collect();
    kept.trim().chars().take(crate::savefile::MAX_NAME_CHARS).collect()
}
