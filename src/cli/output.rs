//! Standard output for the subcommands: a reader that stops reading (`omweso lessons | head
//! -1`) ends the program quietly, as it ends any Unix tool, instead of an error message.

use std::io::{self, Write};

/// A failed write of a subcommand's output, as its error: `cannot write the output: …`
/// (the one wording every subcommand uses).
pub(crate) fn io(e: io::Error) -> String {
    format!("cannot write the output: {e}")
}

/// The exit status of a program ended by a closed pipe, as a shell reports one killed by
/// SIGPIPE (128 + 13).
pub const CLOSED_PIPE_STATUS: i32 = 141;

/// Standard output; a write that finds the reader gone ([`io::ErrorKind::BrokenPipe`]) ends
/// the process at once with [`CLOSED_PIPE_STATUS`] and says nothing, since nobody reads
/// what it would say. Every other error is returned as it is.
#[derive(Debug)]
pub struct Stdout(io::Stdout);

impl Stdout {
    /// Standard output, not locked (the engine protocol writes from its search thread too).
    pub fn new() -> Stdout {
        Stdout(io::stdout())
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Stdout::new()
    }
}

/// Ends the process quietly when `result` found the pipe closed.
fn or_end<T>(result: io::Result<T>) -> io::Result<T> {
    match result {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => std::process::exit(CLOSED_PIPE_STATUS),
        other => other,
    }
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        or_end(self.0.write(buf))
    }

    fn flush(&mut self) -> io::Result<()> {
        or_end(self.0.flush())
    }
}
