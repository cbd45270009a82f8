//! The requests of the engine protocol (`omweso engine`, see `engine.rs` and `docs/command-line.md`'s
//! protocol table): reading a line into a [`Request`], and writing the `position` and
//! `layout` lines that `omweso match` sends to an external engine.

use super::lines::{capped, quoted};
use super::state_args::RuleArgs;
use omweso_engine::Limits;
use omweso_rules::notation::{format_layout, parse_layout};
use omweso_rules::{GameState, Layout, RuleOptions, Side};
use std::time::Duration;

/// One request of the engine protocol, read by [`parse_request`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `position <game state> [rule words]`.
    Position(GameState),
    /// `go …` with its limits.
    Go(Limits),
    /// `layout <lower|upper> [seen <layout>] [seed N] [time-ms N] [rule words]`.
    Layout {
        /// The side to lay out.
        side: Side,
        /// The other side's layout, when this side lays out second.
        seen: Option<Layout>,
        /// The seed of this layout's randomness, when given.
        seed: Option<u64>,
        /// The rule options of the game.
        options: RuleOptions,
        /// The most time the layout may take ([`LAYOUT_TIME`] unless `time-ms N`).
        time: Duration,
    },
    /// `solve [time-ms N]`.
    Solve(Duration),
    /// `stop`.
    Stop,
    /// `isready`.
    IsReady,
    /// `quit`.
    Quit,
    /// An empty line: nothing to do.
    Nothing,
}

/// A protocol line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first word is not a request of the protocol.
    #[error("unknown request `{0}`: expected position, go, solve, layout, stop, isready or quit")]
    UnknownRequest(String),
    /// `position` without a readable game state.
    #[error("position: {0}")]
    Position(String),
    /// A word after the game state that is not a rule option.
    #[error("position: unknown rule word `{0}`: expected split-three, no-akakyala, akawumbi-end-column or lap-limit N")]
    UnknownRuleWord(String),
    /// A word after `solve` that is not `time-ms N`.
    #[error("solve: unknown limit `{0}`: expected time-ms N")]
    UnknownSolveLimit(String),
    /// A word after `go` that is not a limit.
    #[error("go: unknown limit `{0}`: expected time-ms N, depth N or nodes N")]
    UnknownLimit(String),
    /// A number that is missing or not a whole number in range.
    #[error("{word}: expected a whole number from {min}, found `{found}`")]
    BadNumber {
        /// The word the number belongs to.
        word: &'static str,
        /// The smallest value allowed.
        min: u64,
        /// What was found instead (empty when missing).
        found: String,
    },
    /// `layout` without a side, or with a layout that cannot be read.
    #[error("layout: {0}")]
    Layout(String),
    /// `go` before any `position`.
    #[error("go: no position yet (send `position <game state>` first)")]
    NoPosition,
    /// `go` while a search runs.
    #[error("go: a search is running (send `stop` first)")]
    Busy,
}

/// The longest error message built from a notation error (which may quote the line), in
/// characters.
const MESSAGE: usize = 200;

fn number(word: &'static str, min: u64, text: Option<&str>) -> Result<u64, ProtocolError> {
    let found = text.unwrap_or_default();
    found.parse::<u64>().ok().filter(|&n| n >= min).ok_or_else(|| ProtocolError::BadNumber {
        word,
        min,
        found: quoted(found),
    })
}

/// Reads one protocol line.
///
/// # Errors
/// [`ProtocolError`] saying what is wrong with the line.
pub fn parse_request(line: &str) -> Result<Request, ProtocolError> {
    let line = line.trim();
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    match word {
        "" => Ok(Request::Nothing),
        "position" => parse_position(rest).map(Request::Position),
        "go" => parse_go(rest).map(Request::Go),
        "layout" => parse_layout_request(rest),
        "solve" => parse_solve(rest).map(Request::Solve),
        "stop" => Ok(Request::Stop),
        "isready" => Ok(Request::IsReady),
        "quit" => Ok(Request::Quit),
        other => Err(ProtocolError::UnknownRequest(quoted(other))),
    }
}

/// `<position> / <L|U> <first moves> <l>,<u> [rule words]`.
fn parse_position(text: &str) -> Result<GameState, ProtocolError> {
    let (board, tail) =
        text.split_once('/').ok_or_else(|| ProtocolError::Position("expected `<position> / <L|U> …`".into()))?;
    let mut words = tail.split_whitespace();
    let mut state_words: Vec<&str> = words.by_ref().take(3).collect();
    // The capture counts may be written `1, 0`: the comma's second half is the next word.
    if state_words.last().is_some_and(|w| w.ends_with(','))
        && let Some(w) = words.next()
    {
        state_words.push(w);
    }
    let state: GameState = format!("{board}/ {}", state_words.join(" ")).parse().map_err(
        |e: omweso_rules::notation::StateTextError| ProtocolError::Position(capped(&e.to_string(), MESSAGE)),
    )?;
    let options = parse_rule_words(words)?;
    state.with_options(options).map_err(|e| ProtocolError::Position(capped(&e.to_string(), MESSAGE)))
}

/// The rule words that follow a game state or a layout request.
fn parse_rule_words<'a>(mut words: impl Iterator<Item = &'a str>) -> Result<RuleOptions, ProtocolError> {
    let mut rules = RuleArgs { lap_limit: RuleOptions::default().lap_limit, ..RuleArgs::default() };
    while let Some(word) = words.next() {
        match word {
            "split-three" => rules.split_three = true,
            "no-akakyala" => rules.no_akakyala = true,
            "akawumbi-end-column" => rules.akawumbi_end_column = true,
            "lap-limit" => {
                rules.lap_limit = number("lap-limit", 1, words.next())?
                    .try_into()
                    .map_err(|_| ProtocolError::BadNumber { word: "lap-limit", min: 1, found: "too large".into() })?
            }
            other => return Err(ProtocolError::UnknownRuleWord(quoted(other))),
        }
    }
    Ok(rules.options())
}

const RULE_WORDS: [&str; 4] = ["split-three", "no-akakyala", "akawumbi-end-column", "lap-limit"];

/// The most time a `layout` request takes unless it says `time-ms N`: well within the
/// 20 s `omweso match` waits for an external engine's layout. An ordinary layout takes
/// under a second; only never-ending moves (a lap limit near
/// [`omweso_rules::MAX_LAP_LIMIT`]) reach it.
pub const LAYOUT_TIME: Duration = Duration::from_secs(10);

/// `<lower|upper> [seen <layout>] [seed N] [time-ms N] [rule words]`.
fn parse_layout_request(text: &str) -> Result<Request, ProtocolError> {
    let mut words = text.split_whitespace().peekable();
    let side = match words.next().map(str::to_ascii_lowercase).as_deref() {
        Some("lower" | "l") => Side::Lower,
        Some("upper" | "u") => Side::Upper,
        other => {
            return Err(ProtocolError::Layout(format!(
                "expected lower or upper, found `{}`",
                quoted(other.unwrap_or_default())
            )));
        }
    };
    let mut seen = None;
    if words.peek() == Some(&"seen") {
        words.next();
        let mut half = Vec::new();
        while let Some(w) = words.next_if(|w| !["seed", "time-ms"].contains(w) && !RULE_WORDS.contains(w)) {
            half.push(w);
        }
        seen = Some(
            parse_layout(&half.join(" "), side.opponent())
                .map_err(|e| ProtocolError::Layout(capped(&e.to_string(), MESSAGE)))?,
        );
    }
    let mut seed = None;
    if words.next_if_eq(&"seed").is_some() {
        seed = Some(number("seed", 0, words.next())?);
    }
    let mut time = LAYOUT_TIME;
    if words.next_if_eq(&"time-ms").is_some() {
        time = Duration::from_millis(number("time-ms", 1, words.next())?);
    }
    Ok(Request::Layout { side, seen, seed, options: parse_rule_words(words)?, time })
}

/// The `layout` request for `side` (the inverse of [`parse_request`]'s reading).
pub fn layout_line(side: Side, seen: Option<&Layout>, seed: Option<u64>, options: &RuleOptions) -> String {
    let mut line = format!("layout {}", side.name().to_ascii_lowercase());
    if let Some(l) = seen {
        line.push_str(" seen ");
        line.push_str(&format_layout(l, side.opponent()));
    }
    if let Some(n) = seed {
        line.push_str(&format!(" seed {n}"));
    }
    line.push_str(&rule_words(options));
    line
}

/// The rule words of the options that differ from the defaults, each after a space.
fn rule_words(o: &RuleOptions) -> String {
    let mut line = String::new();
    for (on, word) in [
        (o.tournament_split, "split-three"),
        (!o.akakyala, "no-akakyala"),
        (o.akawumbi_needs_end_column, "akawumbi-end-column"),
    ] {
        if on {
            line.push(' ');
            line.push_str(word);
        }
    }
    if o.lap_limit != RuleOptions::default().lap_limit {
        line.push_str(&format!(" lap-limit {}", o.lap_limit));
    }
    line
}

/// The `position` line that describes `state`: its game state, then the rule words of the
/// options that differ from the defaults (the inverse of [`parse_request`]'s reading).
pub fn position_line(state: &GameState) -> String {
    format!("position {state}{}", rule_words(state.options()))
}

/// `[time-ms N] [depth N] [nodes N]`.
fn parse_go(text: &str) -> Result<Limits, ProtocolError> {
    let mut limits = Limits::default();
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "time-ms" => limits.time = Some(Duration::from_millis(number("time-ms", 1, words.next())?)),
            "depth" => {
                limits.depth = Some(number("depth", 1, words.next())?.min(u32::MAX as u64) as u32);
            }
            "nodes" => limits.nodes = Some(number("nodes", 1, words.next())?),
            other => return Err(ProtocolError::UnknownLimit(quoted(other))),
        }
    }
    Ok(limits)
}

/// `[time-ms N]`.
fn parse_solve(text: &str) -> Result<Duration, ProtocolError> {
    let mut time = Duration::from_secs(10);
    let mut words = text.split_whitespace();
    while let Some(word) = words.next() {
        match word {
            "time-ms" => time = Duration::from_millis(number("time-ms", 1, words.next())?),
            other => return Err(ProtocolError::UnknownSolveLimit(quoted(other))),
        }
    }
    Ok(time)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_requests() {
        assert_eq!(parse_request("  isready "), Ok(Request::IsReady));
        assert_eq!(parse_request(""), Ok(Request::Nothing));
        assert_eq!(
            parse_request("go depth 3 nodes 500"),
            Ok(Request::Go(Limits { depth: Some(3), nodes: Some(500), ..Limits::default() }))
        );
        assert_eq!(
            parse_request("go time-ms 20"),
            Ok(Request::Go(Limits { time: Some(Duration::from_millis(20)), ..Limits::default() }))
        );
        let Ok(Request::Position(s)) = parse_request("position 4i-p; 4I-P / U none 1, 0 split-three lap-limit 50")
        else {
            panic!("a position")
        };
        assert_eq!(s.to_string(), "4i-p; 4I-P / U none 1,0");
        assert!(s.options().tournament_split && s.options().lap_limit == 50 && s.options().akakyala);
        // A layout request, with a layout seen of several groups and rule words after it.
        let seen = parse_layout("9A, 3B, 4D-FHM", Side::Upper).expect("a layout");
        let options = RuleOptions { akakyala: false, lap_limit: 9, ..RuleOptions::default() };
        let request =
            Request::Layout { side: Side::Lower, seen: Some(seen), seed: Some(7), options, time: LAYOUT_TIME };
        assert_eq!(
            parse_request("layout lower seen 9A, 3B, 4D-FHM seed 7 no-akakyala lap-limit 9"),
            Ok(request.clone())
        );
        assert_eq!(parse_request(&layout_line(Side::Lower, Some(&seen), Some(7), &options)), Ok(request));
        assert_eq!(
            parse_request("layout U"),
            Ok(Request::Layout {
                side: Side::Upper,
                seen: None,
                seed: None,
                options: RuleOptions::default(),
                time: LAYOUT_TIME
            })
        );
        assert!(matches!(parse_request("layout U seed x"), Err(ProtocolError::BadNumber { word: "seed", .. })));
        assert!(matches!(parse_request("layout upper seen 4A-H"), Err(ProtocolError::Layout(_))), "Upper sees Lower's");
        assert!(matches!(parse_request("layout"), Err(ProtocolError::Layout(_))));
    }

    #[test]
    fn position_lines_read_back() {
        let state: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        assert_eq!(position_line(&state), "position 4i-p; 4I-P / L both 0,0");
        let options = RuleOptions { tournament_split: true, akakyala: false, lap_limit: 7, ..RuleOptions::default() };
        let state = state.with_options(options).unwrap();
        let line = position_line(&state);
        assert_eq!(line, "position 4i-p; 4I-P / L both 0,0 split-three no-akakyala lap-limit 7");
        assert_eq!(parse_request(&line), Ok(Request::Position(state)));
    }

    #[test]
    fn errors_quote_at_most_60_characters_of_the_line() {
        let word = "x".repeat(50_000);
        for line in [
            word.clone(),
            format!("go {word}"),
            format!("go depth {word}"),
            format!("solve {word}"),
            format!("layout {word}"),
            format!("layout lower seen {word}"),
            format!("position {word} / L both 0,0"),
            format!("position 4i-p; 4I-P / L both 0,0 {word}"),
        ] {
            let e = parse_request(&line).expect_err("an error").to_string();
            assert!(e.chars().count() < 300, "{} characters: {}", e.len(), &e[..300]);
        }
    }

    #[test]
    fn malformed_lines_are_typed_errors() {
        assert!(matches!(parse_request("fly"), Err(ProtocolError::UnknownRequest(_))));
        assert!(matches!(parse_request("go depth"), Err(ProtocolError::BadNumber { word: "depth", .. })));
        assert!(matches!(parse_request("go depth 0"), Err(ProtocolError::BadNumber { .. })));
        assert!(matches!(parse_request("go depth -3"), Err(ProtocolError::BadNumber { .. })));
        assert!(matches!(parse_request("go forever"), Err(ProtocolError::UnknownLimit(_))));
        assert!(matches!(parse_request("position 4i-p; 4I-P"), Err(ProtocolError::Position(_))));
        assert!(matches!(parse_request("position 4i-p; 4I-O / L both 0,0"), Err(ProtocolError::Position(_))));
        assert!(matches!(parse_request("position 4i-p; 4I-P / L both 0,0 x"), Err(ProtocolError::UnknownRuleWord(_))));
        assert!(matches!(
            parse_request("position 4i-p; 4I-P / L both 0,0 lap-limit 99999999999"),
            Err(ProtocolError::BadNumber { .. })
        ));
    }
}
