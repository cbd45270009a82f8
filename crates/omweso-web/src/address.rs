//! What the page's address asks it to show (the part after `#`, keys joined by `&`), so that
//! a player can send a position, a lesson or a game as a link:
//! - `#state=TEXT`: play on from a position, in the rules' notation (`omweso --state`);
//! - `#lesson=ID`: a lesson of the course (`omweso --lesson`);
//! - `computer=LEVEL` (beginner, casual, strong, master), with `side=upper|lower` (the
//!   computer's side, Upper when not said): the game of `state`, or a new game laid out on
//!   the board, against the computer;
//! - `#join=CODE`, `#watch=CODE`: join or watch online game `CODE` on the server that served
//!   the page (the link that Host gives on a page);
//! - anything else, or nothing: the game kept from the last visit.
//!
//! Values are percent-decoded first (a link's spaces come as `%20`).

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
    let (mut state, mut computer, mut side) = (None, None, Side::Upper);
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
            "side" => match value.to_ascii_lowercase().as_str() {
                "upper" => side = Side::Upper,
                "lower" => side = Side::Lower,
                _ => asked.notices.push(format!("The link's side `{value}` is neither upper nor lower.")),
            },
            _ => {}
        }
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
        (None, Some(state)) => asked.start = Some(Start::State(state)),
        (None, None) => {}
    }
    asked
}

/// `text` with its `%XX` escapes and `+` read back (bytes that are not UTF-8 are replaced).
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of one hexadecimal digit.
fn hex(digit: u8) -> Option<u8> {
    char::from(digit).to_digit(16).and_then(|d| u8::try_from(d).ok())
}
