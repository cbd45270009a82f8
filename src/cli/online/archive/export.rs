//! A kept game as the saved game the program writes (`<code>.omweso`): what `omweso check`
//! reads and the window opens.

use crate::game::{Game, TimeEnd};
use crate::savefile::{Phase, Player, SavedGame};
use omweso_online::Kept;
use omweso_online::record::{End, FIRST_TO_MOVE, first_to_lay_out};
use omweso_rules::{Position, Side};

/// A kept game as a saved game: the names, the rules, the layouts and every move played
/// by the program's own `Game` (so that the file is exactly what the window would save),
/// a resignation or an end on time; a game still being laid out as a setup.
pub fn saved_game(kept: &Kept) -> Result<SavedGame, String> {
    let record = &kept.record;
    let replay = record.replay().map_err(|e| format!("game {}: {e}", record.code))?;
    let name = |side: Side| {
        let n = &record.names[side.index()];
        Player { name: if n.is_empty() { side.name().to_string() } else { n.clone() }, computer: None }
    };
    let phase = match replay.layouts {
        [Some(lower), Some(upper)] => {
            let mut game = Game::from_layouts(lower, upper, FIRST_TO_MOVE, record.rules);
            for mv in &replay.moves {
                game.play(mv).map_err(|e| format!("game {}: {e}", record.code))?;
            }
            match record.end {
                Some(End::Resigned { side }) => game.resign(side).map_err(|e| e.to_string())?,
                Some(End::Time { side }) => {
                    game.end_on_time(TimeEnd::Flagged { loser: side }).map_err(|e| e.to_string())?
                }
                Some(End::Rules { .. }) | None => {}
            }
            Phase::Play(game)
        }
        layouts => {
            let mut board = Position::default();
            for side in Side::BOTH {
                if let Some(layout) = &layouts[side.index()] {
                    board.set_side(side, layout);
                }
            }
            let first = first_to_lay_out(&record.rules);
            let laying_out = if layouts[first.index()].is_some() { first.opponent() } else { first };
            let setup = omweso_rules::Setup::resume(FIRST_TO_MOVE, record.rules, &board, laying_out);
            Phase::Setup(setup.map_err(|e| format!("game {}: setup board: {e}", record.code))?)
        }
    };
    Ok(SavedGame {
        players: [name(Side::Lower), name(Side::Upper)],
        first: FIRST_TO_MOVE,
        rules: record.rules,
        phase,
        clock: None,
        matched: None,
    })
}
