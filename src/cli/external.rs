//! A player that is another program speaking the engine protocol (`omweso engine`, another
//! build of omweso, a future engine): spawned as a child process and driven over pipes,
//! with a time-out on every answer so that a hung engine loses rather than hanging a match.

use super::lines::{LineError, quoted, read_line};
use super::protocol::{layout_line, position_line};
use omweso_rules::notation::{parse_layout, parse_move};
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};
use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Time allowed beyond the move time for an answer to arrive (process start-up, a busy
/// machine).
pub const GRACE: Duration = Duration::from_secs(2);
/// Time allowed for a newly started engine to answer `isready`.
pub const START_TIME: Duration = Duration::from_secs(20);

/// Why an external engine could not give a move. Any of these loses the game for it.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The command line is empty.
    #[error("the engine command is empty")]
    EmptyCommand,
    /// The program could not be started.
    #[error("cannot start `{command}`: {source}")]
    Spawn {
        /// The command.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine's input could not be written (it has probably ended).
    #[error("cannot talk to the engine: {0}")]
    Write(std::io::Error),
    /// The engine ended its output.
    #[error("the engine has ended")]
    Ended,
    /// The engine wrote a line that breaks the protocol: longer than
    /// [`super::lines::MAX_LINE`] bytes (an engine writing without newlines) or not UTF-8.
    /// Nothing more is read from it.
    #[error("protocol fault: {0}")]
    Fault(LineError),
    /// No answer in time.
    #[error("no `{expected}` within {} ms", waited.as_millis())]
    TimedOut {
        /// The answer waited for.
        expected: &'static str,
        /// How long.
        waited: Duration,
    },
    /// The engine answered `layout` with something that is not a layout, or refused it
    /// (an engine that does not know the request).
    #[error("no layout: {0}")]
    BadLayout(String),
    /// The engine answered `bestmove` with something that is not a legal move.
    #[error("illegal or unreadable move `{text}`: {why}")]
    BadMove {
        /// The text after `bestmove`.
        text: String,
        /// Why it is not a move here.
        why: String,
    },
}

/// A running engine process.
pub struct ExternalEngine {
    child: Child,
    input: ChildStdin,
    /// The engine's lines, each at most [`super::lines::MAX_LINE`] bytes; a fault is the
    /// last thing sent.
    lines: Receiver<Result<String, LineError>>,
}

impl ExternalEngine {
    /// Starts `command` (a program and its arguments, separated by spaces; no shell quoting)
    /// and waits until it answers `isready`.
    ///
    /// # Errors
    /// [`ExternalError`] when the program cannot be started or does not answer in
    /// [`START_TIME`].
    pub fn start(command: &str) -> Result<ExternalEngine, ExternalError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(ExternalError::EmptyCommand)?;
        let mut command_line = Command::new(program);
        // Its own process group, so that whatever it starts ends with it (see `Drop`), and
        // it dies with the match, however the match ends.
        super::reaper::dies_with_parent(&mut command_line);
        command_line.args(words).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        let mut child = super::reaper::spawn(&mut command_line)
            .map_err(|source| ExternalError::Spawn { command: command.to_string(), source })?;
        let (input, output) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(ExternalError::Ended),
        };
        let (tx, lines) = channel();
        // The reader ends by itself when the engine closes its output, at its first fault
        // (reading no further: an engine writing endlessly is not followed) and when the
        // game no longer listens. Bounded lines keep its memory bounded.
        let reader = move || {
            let (mut output, mut bytes) = (BufReader::new(output), Vec::new());
            while let Ok(Some(line)) = read_line(&mut output, &mut bytes) {
                let line = line.map(|l| l.trim_end_matches(['\n', '\r']).to_string());
                let fault = line.is_err();
                if tx.send(line).is_err() || fault {
                    break;
                }
            }
        };
        if let Err(source) = std::thread::Builder::new().name("omweso-engine-reader".into()).spawn(reader) {
            let _ = child.kill();
            let _ = child.wait();
            super::reaper::unregister(child.id());
            return Err(ExternalError::Spawn { command: command.to_string(), source });
        }
        let mut engine = ExternalEngine { child, input, lines };
        engine.send("isready")?;
        engine.wait_for("readyok", START_TIME)?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        writeln!(self.input, "{line}").and_then(|_| self.input.flush()).map_err(ExternalError::Write)
    }

    /// Reads lines until one starts with `expected`; returns the rest of that line.
    fn wait_for(&mut self, expected: &'static str, within: Duration) -> Result<String, ExternalError> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Err(fault)) => return Err(ExternalError::Fault(fault)),
                Ok(Ok(line)) => {
                    if let Some(rest) = line.trim().strip_prefix(expected) {
                        return Ok(rest.trim().to_string());
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(ExternalError::TimedOut { expected, waited: within }),
                Err(RecvTimeoutError::Disconnected) => return Err(ExternalError::Ended),
            }
        }
    }

    /// The engine's move in `state`, searched for `time`; it must answer within `time`
    /// plus [`GRACE`].
    ///
    /// # Errors
    /// [`ExternalError`] when the engine does not answer in time, has ended, or answers
    /// with a move that is not legal in `state`.
    pub fn best_move(&mut self, state: &GameState, time: Duration) -> Result<Move, ExternalError> {
        self.send(&position_line(state))?;
        self.send(&format!("go time-ms {}", time.as_millis().max(1)))?;
        let text = self.wait_for("bestmove", time + GRACE)?;
        parse_move(state, &text)
            .map_err(|e| ExternalError::BadMove { text: quoted(&text), why: quoted(&e.to_string()) })
    }
}

impl ExternalEngine {
    /// The engine's layout of `side`'s 32 seeds (RULES.md §2), seeing `seen` when it lays
    /// out second, with `seed` for its randomness; it must answer within [`START_TIME`].
    ///
    /// # Errors
    /// [`ExternalError`] when the engine does not answer in time, has ended, refuses the
    /// request (`info string error: …`) or answers with something that is not `side`'s
    /// layout.
    pub fn layout(
        &mut self,
        side: Side,
        seen: Option<&Layout>,
        seed: u64,
        options: &RuleOptions,
    ) -> Result<Layout, ExternalError> {
        self.send(&layout_line(side, seen, Some(seed), options))?;
        let deadline = Instant::now() + START_TIME;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(Ok(line)) => line,
                Ok(Err(fault)) => return Err(ExternalError::Fault(fault)),
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ExternalError::TimedOut { expected: "layout", waited: START_TIME });
                }
                Err(RecvTimeoutError::Disconnected) => return Err(ExternalError::Ended),
            };
            let line = line.trim();
            if let Some(text) = line.strip_prefix("layout") {
                return parse_layout(text.trim(), side).map_err(|e| ExternalError::BadLayout(quoted(&e.to_string())));
            }
            if let Some(why) = line.strip_prefix("info string error:") {
                return Err(ExternalError::BadLayout(quoted(why.trim())));
            }
        }
    }
}

impl Drop for ExternalEngine {
    /// Asks the engine to quit, and ends it if it has not within a second; then ends what
    /// is left of its process group (programs it started), so that nothing outlives it.
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(1);
        let mut ended = false;
        while Instant::now() < deadline && !ended {
            ended = matches!(self.child.try_wait(), Ok(Some(_)));
            if !ended {
                std::thread::sleep(Duration::from_millis(5));
            }
        }
        #[cfg(unix)]
        if let Ok(group) = libc::pid_t::try_from(self.child.id()) {
            // SAFETY: kill(2) with a negative pid signals the process group the child leads
            // (made by `process_group(0)` at spawn); it touches no memory of ours.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        if !ended {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        super::reaper::unregister(self.child.id());
        super::reaper::reap_orphans();
    }
}
