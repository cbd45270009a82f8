//! The teaching subcommands: `explain` (the move narrator) and `lessons`, so that the
//! lessons and the narrator can be checked from outside the window.

use super::output::io;
use crate::lessons::{self, Measure, Task};
use crate::narrate::narrate;
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, RuleOptions};
use std::io::Write;

/// `omweso explain`: the narrator's sentences for `mv` in `state`, one per line.
///
/// # Errors
/// The move's notation error, or a failed write.
pub fn explain(state: &GameState, mv: &str, out: &mut dyn Write) -> Result<(), String> {
    let m = parse_move(state, mv).map_err(|e| e.to_string())?;
    let (succ, trace) = state.play(&m).map_err(|e| e.to_string())?;
    for line in narrate(state, &trace, succ.outcome()) {
        writeln!(out, "{line}").map_err(io)?;
    }
    Ok(())
}

/// `omweso lessons [--dump]` (see the subcommand's help for the format).
///
/// # Errors
/// A lesson that does not load (named with its step), or a failed write.
pub fn lessons(dump: bool, out: &mut dyn Write) -> Result<(), String> {
    let all = lessons::all().map_err(|e| e.to_string())?;
    for lesson in &all {
        if !dump {
            writeln!(out, "{}\t{}\t{}", lesson.id, lesson.title, lesson.steps.len()).map_err(io)?;
            continue;
        }
        let flags = rule_flags(&lesson.options);
        for (n, step) in lesson.steps.iter().enumerate() {
            let Task::Play(moves) = &step.task else { continue };
            for mv in moves {
                let (succ, _) =
                    step.state.play(mv).map_err(|e| format!("lesson `{}` step {}: {e}", lesson.id, n + 1))?;
                write!(out, "{}\t{}\t{}\t{}\t{}", lesson.id, n + 1, step.state, mv, succ.state.position())
                    .map_err(io)?;
                if !flags.is_empty() {
                    write!(out, "\t{flags}").map_err(io)?;
                }
                writeln!(out).map_err(io)?;
            }
        }
    }
    Ok(())
}

/// `omweso lessons --measure`: each lesson's words, reading time and sowing time, the whole
/// course's reading and sowing, the road to the first game's first move with everything it
/// asks of a learner, the rest of that first game played to its end
/// ([`lessons::play_first_game`]) and the two together (see the subcommand's help).
///
/// # Errors
/// A lesson that does not load, a first game that cannot be played out, or a failed write.
pub fn measure(out: &mut dyn Write) -> Result<(), String> {
    let all = lessons::all().map_err(|e| e.to_string())?;
    let rate = crate::app::model::animation::Speed::Normal.rate();
    let reading = |m: &Measure| m.words as f64 / Measure::WORDS_A_MINUTE * 60.0;
    let mut course = Measure::default();
    for lesson in &all {
        let m = Measure::of_steps(&lesson.steps, rate);
        writeln!(out, "{}\t{}\t{:.0}\t{:.0}", lesson.id, m.words, reading(&m), m.sowing_seconds).map_err(io)?;
        course.words += m.words;
        course.sowing_seconds += m.sowing_seconds;
    }
    writeln!(out, "total\t{}\t{:.1}", course.words, (reading(&course) + course.sowing_seconds) / 60.0).map_err(io)?;
    let (road, game, whole) = lessons::first_game::measures(&all, rate)?;
    for (name, m) in [("road", road), ("game", game), ("first-game-end", whole)] {
        writeln!(
            out,
            "{name}\t{}\t{:.0}\t{}\t{}\t{}\t{:.1}",
            m.words,
            m.sowing_seconds,
            m.moves_asked,
            m.seeds_laid_out,
            m.clicks,
            m.minutes()
        )
        .map_err(io)?;
    }
    Ok(())
}

/// The command line's rule flags for `options` (empty for the defaults).
fn rule_flags(options: &RuleOptions) -> String {
    let d = RuleOptions::default();
    let mut flags = Vec::new();
    if options.tournament_split {
        flags.push("--split-three".to_string());
    }
    if !options.akakyala {
        flags.push("--no-akakyala".to_string());
    }
    if options.akawumbi_needs_end_column {
        flags.push("--akawumbi-end-column".to_string());
    }
    if options.lap_limit != d.lap_limit {
        flags.push(format!("--lap-limit {}", options.lap_limit));
    }
    flags.join(" ")
}
