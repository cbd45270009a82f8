//! What each subcommand does.

use super::Command;
use super::ai_commands;
use super::output::io;
use super::{MatchSettings, Player};
use omweso_engine::Limits;
use omweso_rules::notation::parse_move;
use omweso_rules::{Direction, GameState, LapEnd, LapSource, Outcome};
use std::io::Write;
use std::time::{Duration, Instant};

/// Runs one subcommand, writing its output to `out` (`engine` talks on the process's own
/// standard input and output instead).
///
/// # Errors
/// One readable line: what went wrong and where (a bad position, an illegal move, …).
pub fn run(command: &Command, out: &mut dyn Write) -> Result<(), String> {
    match command {
        Command::Apply { state, moves, full_state } => {
            apply(&state.state().map_err(|e| e.to_string())?, moves, *full_state, out)
        }
        Command::Moves { state } => list_moves(&state.state().map_err(|e| e.to_string())?, out),
        Command::Trace { state, mv } => trace(&state.state().map_err(|e| e.to_string())?, mv, out),
        Command::Check { file } => check(file, out),
        Command::Serve(args) => super::online::serve(args, out),
        Command::Online { what } => super::online::online(what, out),
        Command::Desktop { share } => super::desktop::install(share.as_deref(), out),
        Command::Explain { state, mv } => super::teach::explain(&state.state().map_err(|e| e.to_string())?, mv, out),
        Command::Lessons { dump: _, measure: true } => super::teach::measure(out),
        Command::Lessons { dump, measure: false } => super::teach::lessons(*dump, out),
        Command::Threats { state } => super::review::threats(&state.state().map_err(|e| e.to_string())?, out),
        Command::Review { position, args, time_ms, depth, flags } => {
            let limits = Limits {
                time: if depth.is_some() { None } else { Some(Duration::from_millis(*time_ms)) },
                depth: *depth,
                ..Limits::default()
            };
            super::review::review(position.as_ref().map(|p| flags.with_position(p.clone())), args, limits, out)
        }
        Command::Study { what } => match what {
            super::study::StudyCommand::Layouts(args) => super::study::layouts(args, out),
            super::study::StudyCommand::Hunt(args) => super::study::hunt::hunt_layouts(args, out),
            super::study::StudyCommand::Merge { out: dir, shards } => super::study::shard::merge(dir, shards, out),
            super::study::StudyCommand::Summary { tables } => super::study::summary(tables, out),
        },
        Command::Perft { state, depth } => perft(&state.state().map_err(|e| e.to_string())?, *depth, out),
        Command::Analyse { state, time_ms, level, depth, nodes, seed, threads } => {
            let limits = Limits {
                time: Some(Duration::from_millis(*time_ms)),
                depth: *depth,
                nodes: *nodes,
                threads: *threads as usize,
            };
            ai_commands::analyse(&state.state().map_err(|e| e.to_string())?, *level, limits, *seed, out)
        }
        Command::Solve { state, time_ms, proof, proof_limit, threads } => {
            let limits = omweso_engine::SolveLimits {
                time: Some(Duration::from_millis(*time_ms)),
                proof_positions: *proof_limit,
                threads: *threads as usize,
                ..omweso_engine::SolveLimits::default()
            };
            ai_commands::solve(&state.state().map_err(|e| e.to_string())?, limits, proof.as_deref(), out)
        }
        Command::SolveLayout { first, side, time_ms, seed, rules } => {
            let side = omweso_rules::Side::from(*side);
            let first =
                omweso_rules::notation::parse_layout(first, side.opponent()).map_err(|e| format!("--first: {e}"))?;
            let options = rules.options();
            let stop = std::sync::atomic::AtomicBool::new(false);
            let time = Duration::from_millis(*time_ms);
            let (layout, solution) = omweso_engine::solve_layout(side, &first, &options, time, *seed, &stop);
            writeln!(out, "layout {}", omweso_rules::notation::format_layout(&layout, side))
                .map_err(crate::cli::output::io)?;
            for line in ai_commands::solve_lines(&solution) {
                writeln!(out, "{line}").map_err(crate::cli::output::io)?;
            }
            Ok(())
        }
        Command::Engine { level, seed, threads } => {
            // The protocol talks on the process's own standard input and output: the search
            // thread answers while the input is read.
            let out: super::Output = std::sync::Arc::new(std::sync::Mutex::new(super::Stdout::new()));
            super::run_engine(
                &mut std::io::stdin().lock(),
                out,
                super::EngineSettings { level: *level, seed: *seed, threads: *threads as usize },
            )
        }
        Command::Match {
            a,
            a_engine,
            b,
            b_engine,
            games,
            time_ms,
            seed,
            a_layout,
            b_layout,
            max_moves,
            opening_moves,
            openings,
            threads,
            search_threads,
            sprt,
            rules,
        } => {
            let player = |p: &Option<Player>, e: &Option<String>| match (p, e) {
                (_, Some(command)) => Ok(Player::External(command.clone())),
                (Some(p), None) => Ok(p.clone()),
                (None, None) => Err("a player is missing".to_string()),
            };
            let ballot = match openings {
                Some(path) => {
                    let text =
                        crate::disk::read_text(path, super::openings::MAX_BALLOT_BYTES, crate::disk::Links::Follow)
                            .map_err(|e| format!("cannot read the openings: {e}"))?;
                    let ballot = super::parse_openings(&text, rules.options())
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    Some(ballot)
                }
                None => None,
            };
            let settings = MatchSettings {
                a: player(a, a_engine)?,
                b: player(b, b_engine)?,
                games: ballot.as_ref().map_or(*games, |o| 2 * o.len() as u32),
                openings: ballot,
                time: Duration::from_millis(*time_ms),
                seed: *seed,
                a_layout: *a_layout,
                b_layout: *b_layout,
                max_moves: *max_moves,
                opening_moves: *opening_moves,
                options: rules.options(),
                threads: *threads as usize,
                search_threads: *search_threads as usize,
                sprt: *sprt,
            };
            // Whatever the engines start ends with the match, on a signal too.
            let _reaper = super::reaper::install();
            super::play_match(&settings, out)
        }
    }
    .map_err(|e| e.to_string())
}

/// `ongoing`, `annulled` or `<side> wins: <kind>`.
pub fn outcome_text(outcome: Option<Outcome>) -> String {
    outcome.map_or_else(|| "ongoing".to_string(), |o| o.to_string())
}

fn apply(start: &GameState, moves: &[String], full_state: bool, out: &mut dyn Write) -> Result<(), String> {
    let mut state = start.clone();
    for (i, text) in moves.iter().enumerate() {
        if let Some(o) = state.outcome() {
            return Err(format!("move {} `{text}`: the game is already over ({o})", i + 1));
        }
        let mv = parse_move(&state, text).map_err(|e| format!("move {}: {e}", i + 1))?;
        state = state.play(&mv).map_err(|e| format!("move {} `{text}`: {e}", i + 1))?.0.state;
    }
    if full_state {
        writeln!(out, "{state}").map_err(io)?;
    } else {
        writeln!(out, "{}", state.position()).map_err(io)?;
    }
    writeln!(out, "{}", outcome_text(state.outcome())).map_err(io)
}

fn list_moves(state: &GameState, out: &mut dyn Write) -> Result<(), String> {
    if let Some(o) = state.outcome() {
        return Err(format!("no legal moves: the game is over ({o})"));
    }
    for s in state.successors() {
        writeln!(out, "{}\t{}\t{}", s.mv, s.state.position(), outcome_text(s.outcome())).map_err(io)?;
    }
    Ok(())
}

fn trace(state: &GameState, text: &str, out: &mut dyn Write) -> Result<(), String> {
    let mv = parse_move(state, text).map_err(|e| e.to_string())?;
    let (result, trace) = state.play(&mv).map_err(|e| format!("move `{text}`: {e}"))?;
    writeln!(out, "{} plays {}  (from {})", trace.mover, mv, state).map_err(io)?;
    for lap in &trace.laps {
        let source = match lap.source {
            LapSource::Start => format!("{} seeds lifted from {}", lap.seeds, lap.origin),
            LapSource::Split => format!("{} split: 3 seeds", lap.origin),
            LapSource::Relay => format!("relay: {} seeds lifted from {}", lap.seeds, lap.origin),
            LapSource::Capture => format!("{} captured seeds sown from {}", lap.seeds, lap.origin),
        };
        let direction = match lap.direction {
            Direction::Anticlockwise => "anticlockwise",
            Direction::Clockwise => "clockwise",
        };
        let drops: Vec<String> = lap.drops().map(|h| h.to_string()).collect();
        let end = match lap.end {
            LapEnd::Empty => format!("{} was empty: the move ends", lap.last),
            LapEnd::Relay { seeds } => format!("{} was occupied: relay {seeds}", lap.last),
            LapEnd::Capture { front, back, front_seeds, back_seeds } => {
                format!(
                    "{} faces {front} ({front_seeds}) and {back} ({back_seeds}): capture {}",
                    lap.last,
                    front_seeds + back_seeds
                )
            }
            LapEnd::Cut => format!("lap limit reached at {}: the move is never-ending and stops", lap.last),
        };
        writeln!(out, "lap {:>3}: {source}, {direction}: {} -> {end}", lap.number, drops.join(" ")).map_err(io)?;
    }
    writeln!(out, "position: {}", result.state.position()).map_err(io)?;
    writeln!(out, "state:    {}", result.state).map_err(io)?;
    writeln!(out, "captured: {} seeds", result.captured_seeds).map_err(io)?;
    writeln!(out, "outcome:  {}", outcome_text(result.outcome())).map_err(io)
}

fn check(file: &std::path::Path, out: &mut dyn Write) -> Result<(), String> {
    use crate::savefile::{LoadError, SavedGame};
    let saved = SavedGame::load(file).map_err(|e| match e {
        LoadError::Io { .. } | LoadError::TooLarge { .. } | LoadError::NotAFile { .. } => e.to_string(),
        _ => format!("{}: {e}", file.display()),
    })?;
    writeln!(out, "{}: a valid saved game", file.display()).map_err(io)?;
    writeln!(out, "{}", saved.summary()).map_err(io)
}

fn perft(state: &GameState, depth: u32, out: &mut dyn Write) -> Result<(), String> {
    let started = Instant::now();
    let p = state.perft(depth);
    let seconds = started.elapsed().as_secs_f64();
    let rate = p.generated as f64 / seconds.max(1e-9);
    writeln!(out, "perft depth {depth}: {} sequences", p.leaves).map_err(io)?;
    writeln!(out, "{} complete moves generated in {:.3} s: {:.2} M moves/s", p.generated, seconds, rate / 1e6)
        .map_err(io)
}
