//! The command line: `omweso <subcommand>` for scripting, analysis and benchmarks. Every
//! subcommand goes through the rules module; errors become one line on stderr and exit
//! status 1.

mod ai_commands;
mod commands;
pub mod desktop;
mod engine;
mod external;
mod lines;
mod matches;
pub mod online;
mod openings;
mod output;
mod protocol;
mod reaper;
mod review;
mod state_args;
mod stats;
pub mod study;
mod teach;

pub use ai_commands::{analyse, bestmove_line, info_line, proven_line, pv_text, solve};
pub use commands::run;
pub use engine::{EngineSettings, Output, run_engine};
pub use external::{ExternalEngine, ExternalError};
pub use lines::{LineError, MAX_LINE};
pub use matches::{LayoutMode, MatchSettings, Player, play_match};
pub use openings::parse_openings;
pub use output::{CLOSED_PIPE_STATUS, Stdout};
pub use protocol::{LAYOUT_TIME, ProtocolError, Request, parse_request};
pub use state_args::{FirstMovesArg, RuleArgs, SideArg, StateArgs, StateFlags};
pub use stats::{Sprt, SprtVerdict};

use omweso_engine::Level;
use std::path::PathBuf;

/// `omweso`: with no subcommand, opens the window.
#[derive(Debug, clap::Parser)]
#[command(
    name = "omweso",
    // `omweso` in the usage lines on every system (not `omweso.exe` on Windows).
    bin_name = "omweso",
    version = env!("OMWESO_VERSION"),
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
    /// Open the window on this lesson (an id from `omweso lessons`, e.g. `sowing`).
    #[arg(long, conflicts_with_all = ["file", "state"])]
    pub lesson: Option<String>,
    /// Draw the window with this renderer only: `wgpu` (Vulkan, Metal, DirectX 12) or `glow`
    /// (OpenGL 2.1). Without it wgpu is tried first, then glow (View → Renderer sets which
    /// comes first).
    #[arg(long, value_name = "RENDERER")]
    pub renderer: Option<crate::app::services::renderer::RendererChoice>,
    /// Open the window playing online through this server (`host:port`, `ws://…`,
    /// `wss://…`): hosting a game (the code is shown), or with `--code` joining one, as
    /// Game → Play online… does.
    #[arg(long, value_name = "SERVER", conflicts_with_all = ["file", "state", "lesson"])]
    pub online: Option<String>,
    /// With `--online`: the code of the game to join.
    #[arg(long, requires = "online")]
    pub code: Option<String>,
    /// With `--online`: the player's name shown to the other side.
    #[arg(long, requires = "online")]
    pub name: Option<String>,
    /// The subcommand; none opens the window.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Play moves in turn; print the final position (or game state) and the outcome.
    Apply {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
        /// Moves in RULES.md notation, e.g. `d` `F` `m`, or `i3xF, i2xG` as one argument.
        #[arg(required = true)]
        moves: Vec<String>,
        /// Print the whole game state (`<position> / U none 1,0`, RULES.md §5), which
        /// `--position` reads back, instead of the position alone.
        #[arg(long)]
        full_state: bool,
    },
    /// List every legal move: `<move>\t<resulting position>\t<outcome>`.
    Moves {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
    },
    /// Print a move lap by lap.
    Trace {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
        /// The move in RULES.md notation.
        #[arg(name = "MOVE")]
        mv: String,
    },
    /// Tell in plain sentences what a move does and why (the window's move narrator).
    Explain {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
        /// The move in RULES.md notation.
        #[arg(name = "MOVE")]
        mv: String,
    },
    /// For the side to move, every move the opponent could make next (were it its turn,
    /// bookkeeping unchanged) that captures from it: `<move>\t<captured holes>\t<seeds>`.
    Threats {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
    },
    /// Review moves with the engine, one line each:
    /// `<number>\t<move>\t<score before>\t<best move>\t<loss>\t<mark>` (scores as `analyse`
    /// prints them; marks best, good, inaccuracy, mistake, blunder, and in a position
    /// already proven lost shortens-loss or loss-in-one: a move that lets the opponent win
    /// sooner, or at once, than the best defence). Either `--position` with the moves, or a
    /// saved game's file (its moves up to the current one).
    Review {
        /// The start: a position or game state (RULES.md §5), as for the other subcommands.
        #[arg(long, short = 'p', allow_hyphen_values = true)]
        position: Option<String>,
        /// With `--position`, the moves; without it, one saved game (`.omweso`).
        #[arg(required = true)]
        args: Vec<String>,
        /// Time for each search, in milliseconds.
        #[arg(long, default_value_t = 300)]
        time_ms: u64,
        /// Stop each search at this depth instead (deterministic).
        #[arg(long)]
        depth: Option<u32>,
        /// What a position alone does not say (who moves, first moves, captures) and the rules.
        #[command(flatten)]
        flags: StateFlags,
    },
    /// List the lessons (`<id>\t<title>\t<steps>`), or with `--dump` every move a lesson
    /// step accepts: `<id>\t<step>\t<game state>\t<move>\t<resulting position>`, with a
    /// sixth field of rule flags when the lesson's options are not the defaults.
    ///
    /// With `--measure`, the course's length for a player reading at 200 words a minute:
    /// `<id>\t<words>\t<reading seconds>\t<sowing seconds>` a lesson (the words of each
    /// step and of its explanation; the sowing of each step's move at the Normal speed),
    /// then `total\t<words>\t<minutes>` (reading and sowing), then the road from the first
    /// start to the first move of the first game (the lesson list read and Start lesson
    /// clicked, the lessons in order, less the optional ones, each step's Next, then the
    /// guided game's opening words and its first move):
    /// `road\t<words>\t<sowing seconds>\t<moves asked>\t<seeds laid out>\t<clicks>\t<minutes>`,
    /// the minutes at 200 words a minute, 15 s a move asked, 2 s a seed laid out by hand and
    /// 3 s a click; then `game\t…` in the same fields, the rest of the guided game played to
    /// its end (the learner following the hint, the Beginner seeded: the same every run,
    /// its later moves, the arrows at their decisions, the guide's later notes and the
    /// game-over sentence), and `first-game-end\t…`, the two together (issue 51).
    Lessons {
        /// Print every accepted move instead of the list.
        #[arg(long, conflicts_with = "measure")]
        dump: bool,
        /// Measure the course instead.
        #[arg(long)]
        measure: bool,
    },
    /// Count complete move sequences of a given length, and measure the speed.
    Perft {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
        /// Number of moves in each sequence (0–30; the count grows about tenfold a move).
        #[arg(long, short, value_parser = clap::value_parser!(u32).range(0..=30))]
        depth: u32,
    },
    /// Install the desktop integration for this account (or under `--share`): the desktop
    /// entry, icons, the `.omweso` file type, AppStream metainfo, the man page and bash,
    /// zsh and fish completions; prints each file written.
    Desktop {
        /// The `share` folder to write into (e.g. `/usr/share`, or a package's staging
        /// folder) instead of `$XDG_DATA_HOME` or `~/.local/share`.
        #[arg(long)]
        share: Option<PathBuf>,
    },
    /// Check a saved game: print a summary, or the error (exit status 1).
    Check {
        /// The saved game (`.omweso` RON file).
        file: PathBuf,
    },
    /// Search a position with the computer opponent: prints
    /// `info depth D score S nodes N nps R pv <move> | <move> | …` after each depth, then
    /// `bestmove <move>`. S is for the side to move, in hundredths of a seed; a forced win
    /// scores about 100000 plus 1000 a point, a forced loss the same below zero.
    Analyse {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
        /// Time for the search, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        time_ms: u64,
        /// Level: beginner, casual, strong or master.
        #[arg(long, default_value = "master")]
        level: Level,
        /// Stop after this depth (complete moves).
        #[arg(long)]
        depth: Option<u32>,
        /// Stop after this many nodes (at least 1, as the protocol's `go nodes`).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Seed of the level's randomness.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Threads searching together (Lazy SMP); 1 is deterministic.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Prove who wins with best play (the solver): prints `result lower wins in N moves`,
    /// `result upper wins in N moves`, `result annulled` or `result unknown`, then
    /// `line <move> | <move> | …` (the proof's main line: the winner's moves and the loser's
    /// longest defence) and `info nodes N time-ms T proof-positions P`. N is the proof's
    /// longest line in moves of both players.
    Solve {
        /// The position or game state to start from, and what it alone does not say.
        #[command(flatten)]
        state: StateArgs,
        /// Time for the solve, in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        time_ms: u64,
        /// Write the proof of a proven win here, atomically: one line
        /// `<full game state>\t<move>` for every position of the proof in which the winner
        /// is to move (see docs/command-line.md). Nothing is written unless the win is proven.
        #[arg(long)]
        proof: Option<PathBuf>,
        /// Most positions the proof may hold; a larger one is reported and not written.
        #[arg(long, default_value_t = 2_000_000)]
        proof_limit: usize,
        /// Threads searching together, sharing one table of proof numbers.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// A reply layout for the side laying out second, with a proven win if one is found
    /// within the time: prints `layout <layout>` (that side's half of a RULES.md §5
    /// position), then the lines of `solve` for the game from its first move.
    SolveLayout {
        /// The layout of the side that laid out first, e.g. `4A-P` (its half of a position).
        #[arg(long, allow_hyphen_values = true)]
        first: String,
        /// The side laying out second, seeing `--first`.
        #[arg(long, value_enum)]
        side: SideArg,
        /// Time for the whole search, in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        time_ms: u64,
        /// Seed of the first layout tried.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// The rule options.
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// The layout study: does the side laying out second find a reply that wins by force?
    /// (`study layouts`, `study summary`, `study merge`; see docs/command-line.md, *The layout decides the game*.)
    Study {
        /// What to do.
        #[command(subcommand)]
        what: study::StudyCommand,
    },
    /// Speak the engine protocol on standard input and output (see docs/command-line.md):
    /// `position <game state> [rule words]`, `go [time-ms N] [depth N] [nodes N]`, `stop`,
    /// `isready`, `quit`; answers `info …` lines and `bestmove <move>` as `analyse` does.
    Engine {
        /// Level of the search that answers `go`: beginner, casual, strong or master.
        #[arg(long, default_value = "master")]
        level: Level,
        /// Seed of the level's randomness.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Threads each search uses (Lazy SMP); 1 is deterministic.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
    },
    /// Run a server for online games (see docs/online.md): players host and join games by
    /// a join code, anyone with the code watches; every game is kept in `--data` as a saved
    /// game and resumed after a restart. Prints `listening <address>`, then logs who
    /// connected, from where, and why a connection closed (standard error; `RUST_LOG`).
    Serve(online::ServeArgs),
    /// Play a game on a server started by `omweso serve`: `host`, `join` or `watch`.
    Online {
        /// What to do.
        #[command(subcommand)]
        what: online::OnlineCommand,
    },
    /// Computer against computer, each setup twice with sides swapped;
    /// prints wins, losses, annulled games, the score and an Elo difference.
    Match {
        /// Player a: beginner, casual, strong, master, random or greedy.
        #[arg(long, required_unless_present = "a_engine")]
        a: Option<Player>,
        /// Player a is an external program speaking the engine protocol: the command that
        /// starts it, e.g. "/usr/local/bin/omweso engine" (program and arguments separated
        /// by spaces). Started for each game; a move not answered within the move time plus
        /// 2 s, an illegal move or an ended program loses the game.
        #[arg(long, conflicts_with = "a")]
        a_engine: Option<String>,
        /// Player b: beginner, casual, strong, master, random or greedy.
        #[arg(long, required_unless_present = "b_engine")]
        b: Option<Player>,
        /// Player b is an external program speaking the engine protocol (as for a).
        #[arg(long, conflicts_with = "b")]
        b_engine: Option<String>,
        /// Number of games (at least 1).
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
        games: u32,
        /// Time per move of the engine players, in milliseconds.
        #[arg(long, default_value_t = 200)]
        time_ms: u64,
        /// Seed of the setups and of the players' randomness.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where a's layout comes from: an engine level lays out its own seeds, as in the
        /// window (`engine`; baselines and external engines then take the pair's random
        /// layout), takes the pair's random layout (`random`), or the pair's layout chosen
        /// by omweso's Master, the same in both games of a pair (`master`).
        #[arg(long, value_enum, default_value = "engine")]
        a_layout: LayoutMode,
        /// Where b's layout comes from (as for a).
        #[arg(long, value_enum, default_value = "engine")]
        b_layout: LayoutMode,
        /// A game not over after this many moves counts as annulled.
        #[arg(long, default_value_t = 300)]
        max_moves: u32,
        /// Random moves before the players take over (the same in both games of a pair),
        /// chosen so that the position is balanced; 0 starts from the layouts (at most 100).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=100))]
        opening_moves: u32,
        /// A ballot of openings: a file of game states, one a line in RULES.md §5's
        /// notation (`#` comments and blank lines allowed); each is played twice with the
        /// sides swapped (`--games`, the layouts and `--opening-moves` are then unused).
        #[arg(long)]
        openings: Option<PathBuf>,
        /// Games played at the same time, one thread each (the results do not depend on
        /// it: each game follows from the seed and its number).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Threads each search of an engine level uses (Lazy SMP); external engines take
        /// theirs from their own command line (`omweso engine --threads N`).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        search_threads: u32,
        /// A sequential probability ratio test `elo0,elo1` (e.g. `0,10`; alpha = beta =
        /// 0.05, on pairs of games): the match stops as soon as it is decided.
        #[arg(long, allow_hyphen_values = true)]
        sprt: Option<Sprt>,
        /// The rule options.
        #[command(flatten)]
        rules: RuleArgs,
    },
}
