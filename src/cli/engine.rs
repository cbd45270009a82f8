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
//! - `layout <lower|upper> [seen <layout>] [seed N] [time-ms N] [rule words]`: lay out
//!   the side's 32 seeds (RULES.md §2), seeing the other side's layout when it lays out
//!   second; a layout is one side's half of a RULES.md §5 position (`4a-h`, `2A-P`).
//!   `seed N` varies the layout from game to game (by default the engine's `--seed`).
//!   Answered, on its own thread as `go` is, by `layout <layout>` within `time-ms` (by
//!   default 10 s); `stop` ends it with the best layout found so far.
//! - `solve [time-ms N]`: prove who wins the position with best play (the solver, as
//!   `omweso solve`; by default for 10 s). Answered, on its own thread as `go` is, by the
//!   lines `omweso solve` prints: `result …`, `line …` when a win is proven, and last
//!   `info nodes N time-ms T proof-positions P`. `stop` ends it with `result unknown`.
//! - `stop`: end the running search now; it still answers `bestmove`.
//! - `isready`: answered by `readyok` at once, even while a search runs.
//! - `quit`: stop any search and leave. The end of the input, or an answer that cannot be
//!   written (the client has gone), does the same.
//!
//! Answers: `info depth D score S nodes N nps R pv …` after each depth, `info proven
//! <side> wins in N moves` when the search has proven the result, and `bestmove <move>`,
//! exactly as `omweso analyse` prints them; `bestmove (none)` when the game is already
//! over. A line that cannot be carried out gets `info string error: …` (quoting at most 60
//! characters of it) and changes nothing; so does a request line longer than
//! [`MAX_LINE`](super::lines::MAX_LINE) bytes or not UTF-8.

use super::ai_commands::{bestmove_line, info_line, proven_line, solve_lines};
use super::lines::{LineError, read_line, skip_line};
use super::protocol::{ProtocolError, Request, parse_request};
use omweso_engine::{self as ai, Level, Limits};
use omweso_rules::notation::format_layout;
use omweso_rules::{GameState, Layout, RuleOptions, Side};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// How `omweso engine` searches.
#[derive(Clone, Copy, Debug)]
pub struct EngineSettings {
    /// The level whose search answers `go` and whose layouts answer `layout`.
    pub level: Level,
    /// Seed of the level's randomness.
    pub seed: u64,
    /// Threads each search uses (Lazy SMP); 1 is deterministic.
    pub threads: usize,
}

/// Where the engine's answers go: shared by the reading loop and the search thread, one
/// whole line at a time.
pub type Output = Arc<Mutex<dyn Write + Send>>;

/// Writes one answer line; `false` when it cannot be written (the reader has gone away),
/// which ends the search and the engine.
fn say(out: &Output, line: &str) -> bool {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    writeln!(w, "{line}").and_then(|_| w.flush()).is_ok()
}

/// Starts a job's thread; `Err` when the OS refuses it (a seam for tests).
type Spawner = fn(Box<dyn FnOnce() + Send>) -> std::io::Result<JoinHandle<()>>;

fn os_thread(work: Box<dyn FnOnce() + Send>) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new().name("omweso-engine-job".into()).spawn(work)
}

struct Running {
    stop: Arc<AtomicBool>,
    /// Set just before the job gives its last answer: a client that has read it may send
    /// the next request at once, before the thread has quite ended.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

/// A request that runs on a thread of its own.
enum Job {
    Go(GameState, Limits),
    Solve(GameState, Duration),
    Layout { side: Side, seen: Option<Layout>, seed: Option<u64>, options: RuleOptions, time: Duration },
}

/// Runs the engine protocol: reads requests from `input` until `quit` or its end, answers
/// on `out`. A running search is stopped at `quit`, at the end of the input and when an
/// answer cannot be written.
///
/// # Errors
/// Only when `input` cannot be read; malformed lines are answered, never fatal.
pub fn run_engine(input: &mut dyn BufRead, out: Output, settings: EngineSettings) -> Result<(), String> {
    serve(input, out, settings, os_thread)
}

fn serve(input: &mut dyn BufRead, out: Output, settings: EngineSettings, spawn: Spawner) -> Result<(), String> {
    let mut state: Option<GameState> = None;
    let mut running: Option<Running> = None;
    let mut bytes = Vec::new();
    let cannot_read = |e: std::io::Error| format!("cannot read the input: {e}");
    loop {
        let request = match read_line(input, &mut bytes).map_err(cannot_read)? {
            None => break,
            Some(Err(e)) => {
                if e == LineError::TooLong {
                    skip_line(input).map_err(cannot_read)?;
                }
                Err(format!("{e}: ignored"))
            }
            Some(Ok(line)) => parse_request(line).map_err(|e| e.to_string()),
        };
        if running.as_ref().is_some_and(|r| r.answered.load(Ordering::SeqCst)) {
            finish(running.take(), false);
        }
        let busy = running.is_some();
        let error = |e: &dyn std::fmt::Display| say(&out, &format!("info string error: {e}"));
        let said = match request {
            Err(e) => error(&e),
            Ok(Request::Nothing) => true,
            Ok(Request::Position(s)) => {
                state = Some(s);
                true
            }
            Ok(Request::Go(_) | Request::Solve(_) | Request::Layout { .. }) if busy => error(&ProtocolError::Busy),
            Ok(Request::Layout { side, seen, seed, options, time }) => {
                running = start_job(Job::Layout { side, seen, seed, options, time }, settings, &out, spawn);
                true
            }
            Ok(Request::Go(limits)) => match &state {
                Some(s) => {
                    running = start_job(Job::Go(s.clone(), limits), settings, &out, spawn);
                    true
                }
                None => error(&ProtocolError::NoPosition),
            },
            Ok(Request::Solve(time)) => match &state {
                Some(s) => {
                    running = start_job(Job::Solve(s.clone(), time), settings, &out, spawn);
                    true
                }
                None => error(&ProtocolError::NoPosition),
            },
            Ok(Request::Stop) => {
                if let Some(r) = &running {
                    r.stop.store(true, Ordering::Relaxed);
                }
                true
            }
            Ok(Request::IsReady) => say(&out, "readyok"),
            Ok(Request::Quit) => break,
        };
        if !said {
            break;
        }
    }
    // `quit`, the end of the input or a client gone: nobody waits for the answer.
    finish(running.take(), true);
    Ok(())
}

/// Waits for the running job, stopping it first when `stop`.
fn finish(running: Option<Running>, stop: bool) {
    if let Some(r) = running {
        if stop {
            r.stop.store(true, Ordering::Relaxed);
        }
        // A job thread that panicked has nothing more to say.
        let _ = r.thread.join();
    }
}

/// Runs a job on its own thread; when the OS refuses the thread, answers with an error
/// line and the answer a client waits for (`bestmove (none)`, `result unknown`), and
/// `None`.
fn start_job(job: Job, settings: EngineSettings, out: &Output, spawn: Spawner) -> Option<Running> {
    let stop = Arc::new(AtomicBool::new(false));
    let answered = Arc::new(AtomicBool::new(false));
    let (flag, done, thread_out) = (Arc::clone(&stop), Arc::clone(&answered), Arc::clone(out));
    let refused = match &job {
        Job::Go(..) => vec!["bestmove (none)".to_string()],
        Job::Solve(..) => vec!["result unknown".to_string(), "info nodes 0 time-ms 0 proof-positions 0".to_string()],
        Job::Layout { .. } => Vec::new(),
    };
    let work = Box::new(move || {
        let out = thread_out;
        // An answer that cannot be written: the client has gone, stop the work.
        let tell = |line: &str| {
            if !say(&out, line) {
                flag.store(true, Ordering::Relaxed);
            }
        };
        let last = run_job(job, settings, &flag, &tell);
        done.store(true, Ordering::SeqCst);
        tell(&last);
    });
    match spawn(work) {
        Ok(thread) => Some(Running { stop, answered, thread }),
        Err(e) => {
            say(out, &format!("info string error: cannot start the search thread: {e}"));
            for line in refused {
                say(out, &line);
            }
            None
        }
    }
}

/// Carries out `job`, telling its lines as they come; returns the last line.
fn run_job(job: Job, settings: EngineSettings, stop: &AtomicBool, tell: &dyn Fn(&str)) -> String {
    match job {
        Job::Go(ref state, _) | Job::Solve(ref state, _) if let Some(o) = state.outcome() => {
            tell(&format!("info string error: no legal moves: the game is over ({o})"));
            let solve = matches!(job, Job::Solve(..));
            if solve { "info nodes 0 time-ms 0 proof-positions 0".to_string() } else { "bestmove (none)".to_string() }
        }
        Job::Solve(state, time) => {
            let limits =
                ai::SolveLimits { time: Some(time), threads: settings.threads.max(1), ..ai::SolveLimits::default() };
            let mut lines = solve_lines(&ai::solve(&state, limits, stop));
            let last = lines.pop().unwrap_or_default();
            for line in lines {
                tell(&line);
            }
            last
        }
        Job::Go(state, limits) => {
            let limits = Limits { threads: settings.threads, ..limits };
            let result = ai::search(&state, settings.level, limits, settings.seed, stop, &mut |i| tell(&info_line(i)));
            let Some(r) = result else { return "bestmove (none)".to_string() };
            if let Some(proven) = proven_line(r.score, state.to_move()) {
                tell(&proven);
            }
            bestmove_line(&r.best)
        }
        Job::Layout { side, seen: Some(first), seed, options, time } if settings.level == Level::Master => {
            // Master laying out second looks for a reply layout with a proven win, and says so.
            let seed = seed.unwrap_or(settings.seed);
            let time = time.min(std::time::Duration::from_secs(4));
            let (layout, solution) = ai::solve_layout(side, &first, &options, time, seed, stop);
            if let ai::Verdict::Win { winner, proof } = &solution.verdict
                && *winner == side
            {
                let unit = if proof.moves == 1 { "move" } else { "moves" };
                tell(&format!("info proven {} wins in {} {unit}", side.name(), proof.moves));
            }
            format!("layout {}", format_layout(&layout, side))
        }
        Job::Layout { side, seen, seed, options, time } => {
            let seed = seed.unwrap_or(settings.seed);
            let layout =
                ai::choose_layout_within(side, settings.level, seen.as_ref(), &options, seed, Some(time), stop);
            format!("layout {}", format_layout(&layout, side))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{Receiver, channel};
    use std::time::Instant;

    const WORKED: &str = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0";
    const SETTINGS: EngineSettings = EngineSettings { level: Level::Master, seed: 0, threads: 1 };

    /// Answers kept whole, as the client reads them.
    #[derive(Clone, Default)]
    struct Kept(Arc<Mutex<Vec<u8>>>);

    impl Write for Kept {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl Kept {
        fn lines(&self) -> Vec<String> {
            String::from_utf8_lossy(&self.0.lock().unwrap()).lines().map(str::to_string).collect()
        }
    }

    /// A client that has gone: every write fails, and what was tried is kept.
    #[derive(Clone, Default)]
    struct Gone(Kept);

    impl Write for Gone {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.write(b)?;
            Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe))
        }
    }

    /// Input that gives `text`, then waits (without ending) until `end` is dropped.
    struct Held {
        text: std::io::Cursor<Vec<u8>>,
        end: Receiver<()>,
    }

    impl std::io::Read for Held {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.text.read(buf)? {
                0 => {
                    let _ = self.end.recv();
                    Ok(0)
                }
                n => Ok(n),
            }
        }
    }

    fn refused(_: Box<dyn FnOnce() + Send>) -> std::io::Result<JoinHandle<()>> {
        Err(std::io::Error::other("no more threads"))
    }

    #[test]
    fn a_job_thread_refused_answers_an_error_instead_of_panicking() {
        let kept = Kept::default();
        let out: Output = Arc::new(Mutex::new(kept.clone()));
        let input = format!("position {WORKED}\ngo depth 2\nsolve\nlayout upper\nisready\n");
        serve(&mut std::io::Cursor::new(input.into_bytes()), out, SETTINGS, refused).expect("the engine ends");
        let error = "info string error: cannot start the search thread: no more threads";
        assert_eq!(
            kept.lines(),
            [
                error,
                "bestmove (none)",
                error,
                "result unknown",
                "info nodes 0 time-ms 0 proof-positions 0",
                error,
                "readyok"
            ]
        );
    }

    #[test]
    fn a_client_gone_stops_the_search() {
        let gone = Gone::default();
        let out: Output = Arc::new(Mutex::new(gone.clone()));
        let (keep_open, end) = channel();
        let text = format!("position {WORKED}\ngo time-ms 600000\n").into_bytes();
        let mut input = std::io::BufReader::new(Held { text: std::io::Cursor::new(text), end });
        let engine = std::thread::spawn(move || serve(&mut input, out, SETTINGS, os_thread));
        // The input stays open: only the failed writes can stop the search.
        let started = Instant::now();
        while !gone.0.lines().concat().contains("bestmove ") {
            assert!(started.elapsed() < Duration::from_secs(10), "still searching: {:?}", gone.0.lines());
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(keep_open);
        assert!(engine.join().expect("no panic").is_ok());
    }
}
