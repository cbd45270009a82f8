//! A player or a spectator on the command line, driving an [`omweso_online::Session`]: the
//! engine (as `omweso match` picks its moves) or standard input answers the session's
//! requests for a layout and a move; what happens is printed as it happens.

use super::{SeatArgs, session_config};
use crate::cli::lines::{LineError, read_line, skip_line};
use crate::cli::matches::engine_move;
use crate::cli::output::io;
use omweso_engine::{Level, choose_layout};
use omweso_online::{Event, Role, Session};
use omweso_rules::notation::{format_layout, parse_layout, parse_move};
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
use std::io::{BufRead, Write};
use std::time::Duration;

/// Who answers for the seat.
enum Answerer<'a> {
    Engine { level: Level, time: Duration, seed: u64 },
    Input(&'a mut dyn BufRead),
}

impl Answerer<'_> {
    fn layout(&mut self, side: Side, seen: Option<&Layout>, rules: &RuleOptions) -> Result<Layout, String> {
        match self {
            Answerer::Engine { level, seed, .. } => Ok(choose_layout(side, *level, seen, rules, *seed)),
            Answerer::Input(input) => loop {
                let line = next_line(*input, &format!("your layout ({} side, e.g. {})", side.name(), example(side)))?;
                match parse_layout(line.trim(), side) {
                    Ok(layout) => return Ok(layout),
                    Err(e) => eprintln!("omweso: layout: {e}"),
                }
            },
        }
    }

    fn pick(&mut self, state: &GameState, number: usize) -> Result<Move, String> {
        match self {
            Answerer::Engine { level, time, seed } => {
                let seed = *seed ^ (number as u64) << 32;
                engine_move(state, *level, *time, 1, seed).ok_or_else(|| format!("no move found in {state}"))
            }
            Answerer::Input(input) => loop {
                let line = next_line(*input, &format!("your move ({}) in {state}", state.to_move().name()))?;
                match parse_move(state, line.trim()) {
                    Ok(mv) => return Ok(mv),
                    Err(e) => eprintln!("omweso: move: {e}"),
                }
            },
        }
    }
}

fn example(side: Side) -> &'static str {
    if side == Side::Lower { "4i-p" } else { "4I-P" }
}

/// The next line of standard input, after a prompt on standard error; the end of the input
/// is an error (the game is kept on the server, to be resumed).
fn next_line(input: &mut dyn BufRead, prompt: &str) -> Result<String, String> {
    eprintln!("{prompt}:");
    let mut bytes = Vec::new();
    loop {
        match read_line(input, &mut bytes).map_err(|e| format!("cannot read the input: {e}"))? {
            None => return Err("the input ended before the game did".into()),
            Some(Ok(line)) => return Ok(line.to_string()),
            Some(Err(LineError::TooLong)) => {
                skip_line(input).map_err(|e| format!("cannot read the input: {e}"))?;
                eprintln!("omweso: that line is too long");
            }
            Some(Err(e)) => eprintln!("omweso: {e}"),
        }
    }
}

/// Plays a seat (host or join) to the end of the game.
pub fn play(seat: &SeatArgs, role: Role, out: &mut dyn Write) -> Result<(), String> {
    let config = session_config(&seat.server, seat.ca.as_ref(), seat.reconnect_s)?;
    let server = seat.server.clone();
    // Only the host is given a code to pass on; a guest or a player coming back has it.
    let hosting = matches!(role, Role::Host { .. });
    let session = Session::start(config, role).map_err(|e| format!("cannot start the session: {e}"))?;
    let stdin = std::io::stdin();
    let mut locked = stdin.lock();
    let mut answerer = match seat.computer {
        Some(level) => Answerer::Engine { level, time: Duration::from_millis(seat.time_ms), seed: seat.seed },
        None => Answerer::Input(&mut locked),
    };
    follow(&session, Some(&mut answerer), hosting, &server, out)
}

/// Follows a game as a spectator to its end.
pub fn watch(server: &str, code: &str, ca: Option<&std::path::PathBuf>, out: &mut dyn Write) -> Result<(), String> {
    let config = session_config(server, ca, 120)?;
    let session = Session::start(config, Role::Watch { code: code.to_string() })
        .map_err(|e| format!("cannot start the session: {e}"))?;
    follow(&session, None, false, server, out)
}

/// Prints what the session says and answers its requests, until the game ends; the code
/// first when `hosting`.
fn follow(
    session: &Session,
    mut answerer: Option<&mut Answerer<'_>>,
    hosting: bool,
    server: &str,
    out: &mut dyn Write,
) -> Result<(), String> {
    let mut say = |line: String| writeln!(out, "{line}").and_then(|_| out.flush()).map_err(io);
    // The players' names as the server keeps them: an empty one has not joined yet.
    let mut joined = [String::new(), String::new()];
    loop {
        let event = session.events().recv().map_err(|_| "the session ended without a word".to_string())?;
        match event {
            Event::Welcome { code, seat, token } => {
                if hosting {
                    say(format!("code {code}"))?;
                }
                if let Some(token) = token {
                    eprintln!(
                        "omweso: to take this seat again: omweso online resume --server {server} --code {code} --token {token}"
                    );
                }
                match seat {
                    Some(side) => say(format!("seat {}", side.name()))?,
                    None => say("watching".to_string())?,
                }
            }
            Event::LayOut { side, seen, rules } => {
                let Some(a) = answerer.as_deref_mut() else { continue };
                // The side laying out second sees the first's layout (RULES.md §2) first.
                if let Some(first) = &seen {
                    let other = side.opponent();
                    say(format!("layout {} {}", other.name(), format_layout(first, other)))?;
                }
                let layout = a.layout(side, seen.as_ref(), &rules)?;
                say(format!("layout {} {}", side.name(), format_layout(&layout, side)))?;
                session.lay_out(layout);
            }
            Event::Started { start } => say(format!("start {start}"))?,
            Event::Moved { number, mv, state: _, clock } => {
                let side = if number % 2 == 0 { Side::Lower } else { Side::Upper };
                let times = clock.map_or_else(String::new, |c| format!("  (clock {} {})", c.millis[0], c.millis[1]));
                say(format!("move {} {} {mv}{times}", number + 1, side.name()))?;
            }
            Event::YourMove { number, state } => {
                let Some(a) = answerer.as_deref_mut() else { continue };
                let mv = a.pick(&state, number)?;
                session.play(number, mv);
            }
            Event::Presence { side, connected } => {
                let state = match (connected, joined[side.index()].is_empty()) {
                    (true, _) => "connected",
                    (false, true) => "not seated yet: the game waits for a player to join",
                    (false, false) => "away: the game is kept until that player resumes it",
                };
                eprintln!("omweso: {} is {state}", side.name());
            }
            Event::Connection { connected, why } => {
                let what = if connected { "connected again" } else { "connection lost, reconnecting" };
                eprintln!("omweso: {what} ({why})");
            }
            Event::Names { names } => joined = names,
            Event::TakeBackOffered { .. } | Event::TakeBackRefused | Event::TookBack { .. } => {}
            Event::Ended { end } => return say(end.line()),
            Event::Failed { error } => return Err(error),
        }
    }
}
