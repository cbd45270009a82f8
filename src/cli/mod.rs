//! The command line: `omweso <subcommand>` for scripting, analysis and benchmarks. Every
//! subcommand goes through the rules module; errors become one line on stderr and exit
//! status 1.

mod commands;
mod state_args;

pub use commands::run;
pub use state_args::{FirstMovesArg, RuleArgs, SideArg, StateArgs};

use std::path::PathBuf;

/// `omweso`: with no subcommand, opens the window.
#[derive(Debug, clap::Parser)]
#[command(
    name = "omweso",
    version,
    about = "Omweso, the Ugandan four-row mancala",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// A saved game to open in the window.
    pub file: Option<PathBuf>,
    /// Open the window on this game state (RULES.md §5), e.g.
    /// "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".
    #[arg(long)]
    pub state: Option<String>,
    /// The subcommand; none opens the window.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Play moves in turn; print the final position and the outcome.
    Apply {
        #[command(flatten)]
        state: StateArgs,
        /// Moves in RULES.md notation, e.g. `d` `F` `m`, or `i3xF, i2xG` as one argument.
        #[arg(required = true)]
        moves: Vec<String>,
    },
    /// List every legal move: `<move>\t<resulting position>\t<outcome>`.
    Moves {
        #[command(flatten)]
        state: StateArgs,
    },
    /// Print a move lap by lap.
    Trace {
        #[command(flatten)]
        state: StateArgs,
        /// The move in RULES.md notation.
        #[arg(name = "MOVE")]
        mv: String,
    },
    /// Count complete move sequences of a given length, and measure the speed.
    Perft {
        #[command(flatten)]
        state: StateArgs,
        /// Number of moves in each sequence.
        #[arg(long, short)]
        depth: u32,
    },
}
