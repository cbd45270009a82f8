//! `omweso engine`: the engine protocol, a line protocol on standard input and output in
//! the spirit of UCI, so that any program can drive the search (and `omweso match` can play
//! any program that speaks it).
//!
//! Requests, one a line:
//! - `position <game state> [rule words]`: the game state in RULES.md §5's full form
//!   (`9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0`), then the rule-option words that mirror
//!   the command line's flags: `split-three`, `no-akakyala`, `akawumbi-end-column`,
//!   `lap-limit N`.
//! - `go [time-ms N] [depth N] [nodes N]`: search the position; the search stops at
//!   whichever limit comes first (none given: the level's default time). The search runs
//!   on its own thread, so `stop`, `isready` and `quit` are read while it thinks.
//! - `layout <lower|upper> [seen <layout>] [seed N] [rule words]`: lay out the side's 32
//!   seeds (RULES.md §2), seeing the other side's layout when it lays out second; a layout
//!   is one side's half of a RULES.md §5 position (`4a-h`, `2A-P`). `seed N` varies the
//!   layout from game to game (by default the engine's `--seed`). Answered by `layout
//!   <layout>`.
//! - `solve [time-ms N]`: prove who wins the position with best play (the solver, as
//!   `omweso solve`; by default for 10 s). Answered, on its own thread as `go` is, by the
//!   lines `omweso solve` prints: `result …`, `line …` when a win is proven, and last
//!   `info nodes N time-ms T proof-positions P`. `stop` ends it with `result unknown`.
//! - `stop`: end the running search now; it still answers `bestmove`.
//! - `isready`: answered by `readyok` at once, even while a search runs.
//! - `quit`: stop any search and leave. The end of the input waits for the running search,
//!   then leaves.
//!
//! Answers: `info depth D score S nodes N nps R pv …` after each depth and
//! `bestmove <move>`, exactly as `omweso analyse` prints them; `bestmove (none)` when the
//! game is already over. A line that cannot be carried out gets `info string error: …` and
//! changes nothing.

use super::ai_commands::{bestmove_line, info_line, solve_lines};
use super::state_args::RuleArgs;
use omweso_engine::{self as ai, Level, Limits};
use omweso_rules::notation::{format_layout, parse_layout};
use omweso_rules::{GameState, Layout, RuleOptions, Side};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// One request of the engine protocol, read by [`parse_request`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `position <game state> [rule words]`.
    Position(GameState),
    /// `go …` with its limits.
    Go(Limits),
    /// `layout <lower|upper> [seen <layout>] [seed N] [rule words]`.
    Layout {
        /// The side to lay out.
        side: Side,
        /// The other side's layout, when this side lays out second.
        seen: Option<Layout>,
        /// The seed of this layout's randomness, when given.
        seed: Option<u64>,
        /// The rule options of the game.
        options: RuleOptions,
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

fn number(word: &'static str, min: u64, text: Option<&str>) -> Result<u64, ProtocolError> {
    let found = text.unwrap_or_default();
    found.parse::<u64>().ok().filter(|&n| n >= min).ok_or_else(|| ProtocolError::BadNumber {
        word,
        min,
        found: found.to_string(),
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
        other => Err(ProtocolError::UnknownRequest(other.to_string())),
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
    let state: GameState = format!("{board}/ {}", state_words.join(" "))
        .parse()
        .map_err(|e: omweso_rules::notation::StateTextError| ProtocolError::Position(e.to_string()))?;
    let options = parse_rule_words(words)?;
    state.with_options(options).map_err(|e| ProtocolError::Position(e.to_string()))
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
            other => return Err(ProtocolError::UnknownRuleWord(other.to_string())),
        }
    }
    Ok(rules.options())
}

const RULE_WORDS: [&str; 4] = ["split-three", "no-akakyala", "akawumbi-end-column", "lap-limit"];

/// `<lower|upper> [seen <layout>] [rule words]`.
fn parse_layout_request(text: &str) -> Result<Request, ProtocolError> {
    let mut words = text.split_whitespace().peekable();
    let side = match words.next().map(str::to_ascii_lowercase).as_deref() {
        Some("lower" | "l") => Side::Lower,
        Some("upper" | "u") => Side::Upper,
        other => {
            return Err(ProtocolError::Layout(format!(
                "expected lower or upper, found `{}`",
                other.unwrap_or_default()
            )));
        }
    };
    let mut seen = None;
    if words.peek() == Some(&"seen") {
        words.next();
        let mut half = Vec::new();
        while let Some(w) = words.next_if(|w| *w != "seed" && !RULE_WORDS.contains(w)) {
            half.push(w);
        }
        seen = Some(parse_layout(&half.join(" "), side.opponent()).map_err(|e| ProtocolError::Layout(e.to_string()))?);
    }
    let mut seed = None;
    if words.next_if_eq(&"seed").is_some() {
        seed = Some(number("seed", 0, words.next())?);
    }
    Ok(Request::Layout { side, seen, seed, options: parse_rule_words(words)? })
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
            other => return Err(ProtocolError::UnknownLimit(other.to_string())),
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
            other => return Err(ProtocolError::UnknownSolveLimit(other.to_string())),
        }
    }
    Ok(time)
}

/// How `omweso engine` searches.
#[derive(Clone, Copy, Debug)]
pub struct EngineSettings {
    /// The level whose search answers `go`.
    pub level: Level,
    /// Seed of the level's randomness.
    pub seed: u64,
    /// Threads each search uses (Lazy SMP); 1 is deterministic.
    pub threads: usize,
}

/// Where the engine's answers go: shared by the reading loop and the search thread, one
/// whole line at a time.
pub type Output = Arc<Mutex<dyn Write + Send>>;

fn say(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    // A reader that has gone away is not an error the engine can report anywhere.
    let _ = writeln!(w, "{line}").and_then(|_| w.flush());
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before the search says `bestmove`: a client that has read it may send the
    /// next `go` at once, before the thread has quite ended.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// Runs the engine protocol: reads requests from `input` until `quit` or its end, answers
/// on `out`.
///
/// # Errors
/// Only when `input` cannot be read; malformed lines are answered, never fatal.
pub fn run_engine(input: &mut dyn BufRead, out: Output, settings: EngineSettings) -> Result<(), String> {
    let mut state: Option<GameState> = None;
    let mut running: Option<Running> = None;
    let mut bytes = Vec::new();
    loop {
        let line = match read_request_line(input, &mut bytes).map_err(|e| format!("cannot read the input: {e}"))? {
            None => break,
            Some(Ok(line)) => line,
            Some(Err(e)) => {
                say(&out, &format!("info string error: {e}"));
                continue;
            }
        };
        if running.as_ref().is_some_and(|r| r.answered.load(Ordering::SeqCst)) {
            finish(running.take(), false);
        }
        match parse_request(line) {
            Ok(Request::Nothing) => {}
            Ok(Request::Position(s)) => state = Some(s),
            Ok(request @ (Request::Go(_) | Request::Solve(_))) => match (&state, &running) {
                (_, Some(_)) => say(&out, &format!("info string error: {}", ProtocolError::Busy)),
                (None, None) => say(&out, &format!("info string error: {}", ProtocolError::NoPosition)),
                (Some(s), None) => running = Some(start_job(s.clone(), request, settings, Arc::clone(&out))),
            },
            Ok(Request::Layout { side, seen, seed, options }) => {
                let seed = seed.unwrap_or(settings.seed);
                let layout = ai::choose_layout(side, settings.level, seen.as_ref(), &options, seed);
                say(&out, &format!("layout {}", format_layout(&layout, side)));
            }
            Ok(Request::Stop) => {
                if let Some(r) = &running {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
            Ok(Request::IsReady) => say(&out, "readyok"),
            Ok(Request::Quit) => {
                finish(running.take(), true);
                return Ok(());
            }
            Err(e) => say(&out, &format!("info string error: {e}")),
        }
    }
    finish(running.take(), false);
    Ok(())
}

/// The longest request line read, in bytes (a position with every rule word is under 200).
pub const MAX_LINE: usize = 64 * 1024;

/// Reads the next request line into `bytes`: `None` at the end of the input; a line longer
/// than [`MAX_LINE`] (read to its end and dropped, in bounded memory) or not UTF-8 is an
/// error to answer, and the engine goes on.
fn read_request_line<'a>(
    input: &mut dyn BufRead,
    bytes: &'a mut Vec<u8>,
) -> std::io::Result<Option<Result<&'a str, String>>> {
    bytes.clear();
    if std::io::Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', bytes)? == 0 {
        return Ok(None);
    }
    if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = std::io::Read::take(&mut *input, MAX_LINE as u64).read_until(b'\n', &mut rest)?;
            if n == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
        return Ok(Some(Err(format!("the line is longer than {MAX_LINE} bytes: ignored"))));
    }
    Ok(Some(
        std::str::from_utf8(bytes)
            .map_err(|e| format!("the line is not UTF-8 (byte {} cannot be read): ignored", e.valid_up_to() + 1)),
    ))
}

/// Waits for the running search, stopping it first when `stop`.
fn finish(running: Option<Running>, stop: bool) {
    if let Some(r) = running {
        if stop {
            r.stop.store(true, Ordering::Relaxed);
        }
        // A search thread that panicked has nothing more to say.
        let _ = r.thread.join();
    }
}

/// Runs a `go` or `solve` request on its own thread.
fn start_job(state: GameState, request: Request, settings: EngineSettings, out: Output) -> Running {
    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicBool::new(false));
    let (flag, done) = (Arc::clone(&stop), Arc::clone(&answered));
    let thread = std::thread::spawn(move || {
        let answer = match request {
            _ if state.outcome().is_some() => {
                let o = state.outcome().map(|o| o.to_string()).unwrap_or_default();
                say(&out, &format!("info string error: no legal moves: the game is over ({o})"));
                let solve = matches!(request, Request::Solve(_));
                if solve {
                    "info nodes 0 time-ms 0 proof-positions 0".to_string()
                } else {
                    "bestmove (none)".to_string()
                }
            }
            Request::Solve(time) => {
                let limits = ai::SolveLimits {
                    time: Some(time),
                    threads: settings.threads.max(1),
                    ..ai::SolveLimits::default()
                };
                let mut lines = solve_lines(&ai::solve(&state, limits, &flag));
                let last = lines.pop().unwrap_or_default();
                for line in lines {
                    say(&out, &line);
                }
                last
            }
            Request::Go(limits) => {
                let limits = Limits { threads: settings.threads, ..limits };
                let result =
                    ai::search(&state, settings.level, limits, settings.seed, &flag, &mut |i| say(&out, &info_line(i)));
                result.map_or_else(|| "bestmove (none)".to_string(), |r| bestmove_line(&r.best))
            }
            _ => String::new(),
        };
        done.store(true, Ordering::SeqCst);
        say(&out, &answer);
    });
    Running { stop, answered, thread }
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
        let request = Request::Layout { side: Side::Lower, seen: Some(seen), seed: Some(7), options };
        assert_eq!(
            parse_request("layout lower seen 9A, 3B, 4D-FHM seed 7 no-akakyala lap-limit 9"),
            Ok(request.clone())
        );
        assert_eq!(parse_request(&layout_line(Side::Lower, Some(&seen), Some(7), &options)), Ok(request));
        assert_eq!(
            parse_request("layout U"),
            Ok(Request::Layout { side: Side::Upper, seen: None, seed: None, options: RuleOptions::default() })
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
