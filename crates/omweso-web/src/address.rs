//! What the page's address asks it to show (the part after `#`, keys joined by `&`), so that
//! a player can send a position, a lesson or a game as a link:
//! - `#state=TEXT`: play on from a position, in the rules' notation (`omweso --state`);
//! - `#state=START&moves=M1;M2;…`: the game from START with those moves, two players
//!   (the link Game → Copy link to this game gives: `omweso::app::model::link`);
//! - `#lesson=ID`: a lesson of the course (`omweso --lesson`);
//! - `computer=LEVEL` (beginner, casual, strong, master), with `side=upper|lower` (the
//!   computer's side, Upper when not said): the game of `state`, or a new game laid out on
//!   the board, against the computer;
//! - `#join=CODE`, `#watch=CODE`: join or watch online game `CODE` on the server that served
//!   the page (the link that Host gives on a page);
//! - anything else, or nothing: the game kept from the last visit.
//!
//! Values are percent-decoded first (a link's spaces come as `%20`).

use omweso::app::model::link::{self, decode};
use omweso::app::model::online::{OnlineCommand, OnlineTab};
use omweso::app::model::setup::NewGameForm;
use omweso::app::{Command, Start};
use omweso_rules::Side;

/// What the address asks for: how the window starts, the commands to carry out once it
/// has, and a notice for each part that is wrong (the page then starts as a plain visit
/// would, for that part).
#[derive(Default)]
pub struct Asked {
    /// How the window starts.
    pub start: Option<Start>,
    /// Commands for the window's first frame (a game against the computer).
    pub commands: Vec<Command>,
    /// What was wrong in the address, in words for the player.
    pub notices: Vec<String>,
}

/// What `hash` (the address's `#…` part, with or without its `#`) asks for.
pub fn read(hash: &str) -> Asked {
    let mut asked = Asked::default();
    let (mut state, mut computer, mut side, mut moves) = (None, None, Side::Upper, None);
    for part in hash.trim_start_matches('#').split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let value = decode(value);
        match key {
            "state" => match value.parse::<omweso_rules::GameState>() {
                Ok(s) => state = Some(s),
                Err(e) => asked.notices.push(format!("The link's position is wrong: {e}")),
            },
            "lesson" => match omweso::lessons::all() {
                Ok(all) => match all.iter().position(|l| l.id == value) {
                    Some(n) => asked.start = Some(Start::Lesson(n)),
                    None => asked.notices.push(format!("The link asks for lesson `{value}`, which there is not.")),
                },
                Err(e) => asked.notices.push(e.to_string()),
            },
            "computer" => match value.parse::<omweso_engine::Level>() {
                Ok(level) => computer = Some(level),
                Err(e) => asked.notices.push(format!("The link's computer is wrong: {e}")),
            },
            "join" | "watch" if !value.trim().is_empty() => {
                let tab = if key == "join" { OnlineTab::Join } else { OnlineTab::Watch };
                asked.commands.push(Command::Online(OnlineCommand::Follow(tab, value.trim().to_string())));
            }
            "moves" => moves = Some(value),
            "side" => match value.to_ascii_lowercase().as_str() {
                "upper" => side = Side::Upper,
                "lower" => side = Side::Lower,
                _ => asked.notices.push(format!("The link's side `{value}` is neither upper nor lower.")),
            },
            _ => {}
        }
    }
    // The moves are read here, so that a link whose moves are wrong says which and opens its
    // start; the model plays them again.
    let game = match (&state, moves) {
        (Some(start), Some(moves)) => match link::game_of(start.clone(), &moves) {
            Ok(game) => Some((game, moves)),
            Err(e) => {
                asked.notices.push(format!("The link's moves cannot be played ({e}): its start is shown."));
                None
            }
        },
        _ => None,
    };
    if let Some((game, _)) = &game
        && computer.is_some()
    {
        // Against the computer, from where the moves left the game.
        state = Some(game.current().clone());
    }
    match (computer, state) {
        (Some(level), state) => {
            // The position first, as a plain link to it would (so the course is not
            // offered over it), then the game against the computer from it.
            if let Some(s) = &state {
                asked.start = Some(Start::State(s.clone()));
            }
            let form = NewGameForm {
                computer: true,
                computer_side: side,
                level,
                from_position: state.is_some(),
                state_text: state.map(|s| s.to_string()).unwrap_or_default(),
                ..NewGameForm::default()
            };
            asked.commands.push(Command::StartGame(Box::new(form)));
        }
        (None, Some(state)) => {
            asked.start = Some(match game {
                Some((_, moves)) => Start::Game { start: Box::new(state), moves },
                None => Start::State(state),
            })
        }
        (None, None) => {}
    }
    asked
}
