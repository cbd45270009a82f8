//! Starting a game: the New Game form (players, who moves first, rule options, or a pasted
//! game state) and the layout editor in which each player places 32 seeds (RULES.md §2).

use crate::app::services::computer::Opponent;
use crate::tournament::{ClockSettings, MatchSettings};
use omweso_engine::Level;
use omweso_rules::{GameState, Hole, Layout, RuleOptions, SEEDS_PER_SIDE, Side};

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

/// A ready-made layout for the setup editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    /// 4 seeds in each back-row hole (`4i-p`).
    BackRowFours,
    /// 2 seeds in every hole.
    Twos,
    /// A random layout.
    Random,
    /// Every seed back in the pool.
    Clear,
}

impl Preset {
    /// All presets, in the order of the buttons.
    pub const ALL: [Preset; 4] = [Preset::BackRowFours, Preset::Twos, Preset::Random, Preset::Clear];

    /// The button text.
    pub fn label(self) -> &'static str {
        match self {
            Preset::BackRowFours => "4 in each back hole",
            Preset::Twos => "2 in every hole",
            Preset::Random => "Random",
            Preset::Clear => "Clear",
        }
    }
}

/// The layout editor: who moves first, who is laying out now, and the counts so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The player who will make the first move.
    pub first: Side,
    /// The player laying out now.
    pub laying: Side,
    /// Seeds per hole for each side, indexed by [`Side::index`] and track index.
    pub counts: [[u8; 16]; 2],
    /// Sides whose layout is finished.
    pub done: [bool; 2],
    /// The rule options of the game to come.
    pub options: RuleOptions,
    /// The lesson whose step practises setting out, when this board is one (Done then
    /// shows the lesson what was laid out instead of starting a game).
    pub lesson: Option<Box<crate::app::model::lesson_run::LessonRun>>,
    /// The clock the game will have once laid out, if it is timed.
    pub clock: Option<ClockSettings>,
}

impl Setup {
    /// A fresh setup: `first` moves first; the other player lays out first unless the
    /// option `first_player_lays_out_first` says otherwise (RULES.md §2).
    pub fn new(first: Side, options: RuleOptions) -> Setup {
        let laying = options.lays_out_first(first);
        Setup { first, laying, counts: [[0; 16]; 2], done: [false; 2], options, lesson: None, clock: None }
    }

    /// Seeds of the player laying out still in the pool.
    pub fn seeds_left(&self) -> u32 {
        SEEDS_PER_SIDE.saturating_sub(self.placed(self.laying))
    }

    /// Seeds `side` has placed.
    pub fn placed(&self, side: Side) -> u32 {
        self.counts[side.index()].iter().map(|&c| c as u32).sum()
    }

    /// Seeds in `hole` on the setup board.
    pub fn count(&self, hole: Hole) -> u8 {
        self.counts[hole.side().index()][hole.track()]
    }

    /// Adds a seed from the pool to `hole`, when it is the layer's and seeds are left.
    pub fn add(&mut self, hole: Hole) -> bool {
        if hole.side() != self.laying || self.seeds_left() == 0 {
            return false;
        }
        self.counts[hole.side().index()][hole.track()] += 1;
        true
    }

    /// Takes a seed from `hole` back to the pool.
    pub fn remove(&mut self, hole: Hole) -> bool {
        let c = &mut self.counts[hole.side().index()][hole.track()];
        if hole.side() != self.laying || *c == 0 {
            return false;
        }
        *c -= 1;
        true
    }

    /// Replaces the layer's layout with a preset.
    pub fn preset(&mut self, preset: Preset) {
        let counts = match preset {
            Preset::BackRowFours => Layout::back_row_fours().counts(),
            Preset::Twos => Layout::twos().counts(),
            Preset::Random => Layout::random(&mut rand::rng()).counts(),
            Preset::Clear => [0; 16],
        };
        self.counts[self.laying.index()] = counts;
    }

    /// The layer's layout, when it holds exactly 32 seeds.
    pub fn layout(&self, side: Side) -> Option<Layout> {
        Layout::new(side, self.counts[side.index()]).ok()
    }

    /// Finishes the layer's layout. Returns the starting state when both are done.
    pub fn done(&mut self) -> Option<GameState> {
        self.layout(self.laying)?;
        self.done[self.laying.index()] = true;
        if let (Some(lower), Some(upper), [true, true]) =
            (self.layout(Side::Lower), self.layout(Side::Upper), self.done)
        {
            return Some(GameState::from_layouts(&lower, &upper, self.first, self.options));
        }
        self.laying = self.laying.opponent();
        None
    }

    /// The board during setup, as 32 counts by [`Hole::index`].
    pub fn board(&self) -> [u8; 32] {
        let mut out = [0; 32];
        out[..16].copy_from_slice(&self.counts[0]);
        out[16..].copy_from_slice(&self.counts[1]);
        out
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

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(c: char) -> Hole {
        Hole::from_letter(c).unwrap()
    }

    #[test]
    fn the_loser_of_the_toss_lays_out_first() {
        let s = Setup::new(Side::Lower, RuleOptions::default());
        assert_eq!(s.laying, Side::Upper);
        let o = RuleOptions { first_player_lays_out_first: true, ..RuleOptions::default() };
        assert_eq!(Setup::new(Side::Lower, o).laying, Side::Lower);
    }

    #[test]
    fn add_remove_presets_and_done() {
        let mut s = Setup::new(Side::Lower, RuleOptions::default());
        assert!(!s.add(hole('a')), "not the layer's hole");
        assert!(s.add(hole('A')));
        assert_eq!(s.seeds_left(), 31);
        assert!(s.remove(hole('A')));
        assert!(!s.remove(hole('A')));
        assert!(s.done().is_none() && s.laying == Side::Upper, "not 32 seeds yet");
        s.preset(Preset::Twos);
        assert_eq!(s.seeds_left(), 0);
        assert!(!s.add(hole('B')), "pool empty");
        assert!(s.done().is_none());
        assert_eq!(s.laying, Side::Lower);
        s.preset(Preset::Random);
        assert_eq!(s.seeds_left(), 0);
        s.preset(Preset::BackRowFours);
        let state = s.done().expect("both done");
        assert_eq!(state.to_move(), Side::Lower);
        assert_eq!(state.to_string(), "4i-p; 2A-P / L both 0,0");
    }
}
