//! The setting-out on the board (RULES.md §2): the rules' [`Setup`] (who moves first, who
//! lays out now, the seeds so far, the layout order option), with what the window adds to
//! it: the lesson whose step practises setting out, the clock of the game to come, and the
//! ready-made layouts of the editor's buttons.

use crate::tournament::ClockSettings;
use omweso_rules::{Layout, RuleOptions, Setup, Side};

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

    /// The counts of this layout, by track index.
    pub fn counts(self) -> [u8; 16] {
        match self {
            Preset::BackRowFours => Layout::back_row_fours().counts(),
            Preset::Twos => Layout::twos().counts(),
            Preset::Random => Layout::random(&mut rand::rng()).counts(),
            Preset::Clear => [0; 16],
        }
    }
}

/// The setup phase on the board: the rules' [`Setup`] (read through it: `board.laying`,
/// `board.add(hole)`…) with the lesson it belongs to and the clock to come.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupBoard {
    /// The setting-out itself, as the rules and the saved file know it.
    pub setup: Setup,
    /// The lesson whose step practises setting out, when this board is one (Done then
    /// shows the lesson what was laid out instead of starting a game).
    pub lesson: Option<Box<crate::app::model::lesson_run::LessonRun>>,
    /// The clock the game will have once laid out, if it is timed.
    pub clock: Option<ClockSettings>,
}

impl SetupBoard {
    /// A fresh setting-out ([`Setup::new`]), for no lesson and untimed.
    pub fn new(first: Side, options: RuleOptions) -> SetupBoard {
        SetupBoard { setup: Setup::new(first, options), lesson: None, clock: None }
    }

    /// Replaces the layer's layout with a preset.
    pub fn preset(&mut self, preset: Preset) {
        self.setup.lay(preset.counts());
    }
}

impl std::ops::Deref for SetupBoard {
    type Target = Setup;

    fn deref(&self) -> &Setup {
        &self.setup
    }
}

impl std::ops::DerefMut for SetupBoard {
    fn deref_mut(&mut self) -> &mut Setup {
        &mut self.setup
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_lay_the_layers_side() {
        let mut s = SetupBoard::new(Side::Lower, RuleOptions::default());
        s.preset(Preset::Twos);
        assert_eq!((s.laying, s.seeds_left()), (Side::Upper, 0));
        s.preset(Preset::Random);
        assert_eq!(s.seeds_left(), 0);
        s.preset(Preset::Clear);
        assert_eq!(s.seeds_left(), 32);
        s.preset(Preset::BackRowFours);
        assert!(s.done().is_none() && s.laying == Side::Lower);
    }
}
