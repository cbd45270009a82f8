//! The guided first game in the window (issue 41): how it starts (one click on a
//! ready-made layout, against the Beginner level) and the guide's notes for the game on the
//! board, worked out by [`crate::guide`] from the rules and kept until the game changes.

use crate::app::model::setup::{FirstChoice, NewGameForm};
use crate::app::model::setup_board::Preset;
use crate::game::Game;
use crate::guide::Note;
use omweso_engine::Level;
use omweso_rules::{GameState, Layout, RuleOptions, Side};
use std::cell::RefCell;

/// The side the learner plays in the guided game: Lower, who moves first.
pub const LEARNER: Side = Side::Lower;

/// The ready-made layouts the first game offers, one click each.
pub const PRESETS: [Preset; 3] = [Preset::BackRowFours, Preset::Twos, Preset::Random];

/// The New Game form of the guided first game from `base` (the form last used): the
/// learner lays out `preset` as Lower and moves first, the Beginner level plays Upper from
/// four seeds in each back-row hole, with the default rules, no clock and no match. `None`
/// for a preset that lays out nothing ([`Preset::Clear`]).
pub fn form(base: &NewGameForm, preset: Preset) -> Option<NewGameForm> {
    let lower = match preset {
        Preset::BackRowFours => Layout::back_row_fours(),
        Preset::Twos => Layout::twos(),
        Preset::Random => Layout::random(&mut rand::rng()),
        Preset::Clear => return None,
    };
    let options = RuleOptions::default();
    let start = GameState::from_layouts(&lower, &Layout::back_row_fours(), LEARNER, options);
    Some(NewGameForm {
        names: [base.names[0].clone(), String::new()],
        first: FirstChoice::Lower,
        options,
        from_position: true,
        state_text: start.to_string(),
        computer: true,
        computer_side: LEARNER.opponent(),
        level: Level::Beginner,
        tournament: false,
        game_clock: false,
        error: None,
        ..base.clone()
    })
}

/// The guide of a guided game: its notes, worked out again only when the game's moves
/// change (the side panel asks every frame).
#[derive(Clone, Debug, Default)]
pub struct Guide {
    /// The moves (as text) the notes were worked out for, and the notes.
    cache: RefCell<(Vec<String>, Vec<Note>)>,
}

impl Guide {
    /// The guide's notes for `game` up to its cursor ([`crate::guide::notes`]).
    pub fn notes(&self, game: &Game) -> Vec<Note> {
        let moves: Vec<String> = game.moves().iter().map(|e| e.text.clone()).collect();
        let mut cache = self.cache.borrow_mut();
        if cache.0 != moves || cache.1.is_empty() {
            *cache = (moves, crate::guide::notes(game, LEARNER));
        }
        cache.1.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_game_starts_from_the_preset_against_the_beginner() {
        let base = NewGameForm { tournament: true, game_clock: true, ..NewGameForm::default() };
        let f = form(&base, Preset::Twos).unwrap();
        let state = f.parse_state().unwrap();
        assert_eq!(state.to_string(), "2a-p; 4I-P / L both 0,0");
        assert!(f.computer && f.computer_side == Side::Upper && f.level == Level::Beginner);
        assert!(!f.tournament && !f.game_clock && f.clock().is_none());
        assert!(form(&base, Preset::Clear).is_none());
    }

    #[test]
    fn the_notes_follow_the_game() {
        let mut game =
            Game::from_state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L lower 0,0".parse().unwrap());
        let guide = Guide::default();
        assert_eq!(guide.notes(&game).len(), 1, "the opening alone");
        game.play_text("m").unwrap();
        let notes = guide.notes(&game);
        assert!(notes.iter().any(|n| n.topic == crate::guide::Topic::FirstMove && n.ply == 1), "{notes:?}");
        game.undo();
        assert_eq!(guide.notes(&game).len(), 1, "undone: worked out again");
    }
}
