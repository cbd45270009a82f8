//! The teaching subcommands: `explain` (the move narrator) and `lessons`, so that the
//! lessons and the narrator can be checked from outside the window.

use crate::lessons::{self, Task};
use crate::narrate::narrate;
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, RuleOptions};
use std::io::Write;

fn io(e: std::io::Error) -> String {
    format!("cannot write the output: {e}")
}

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

/// Seconds a learner takes to set out 32 seeds on a set-out step (counted with the sowing).
const SET_OUT_SECONDS: f64 = 30.0;

/// Words a minute of a normal reading pace, for `omweso lessons --measure`.
const READING_WORDS_A_MINUTE: f64 = 200.0;

/// `omweso lessons --measure`: each lesson's words, reading time and sowing time, and the
/// whole course's (see the subcommand's help).
///
/// # Errors
/// A lesson that does not load, or a failed write.
pub fn measure(out: &mut dyn Write) -> Result<(), String> {
    let all = lessons::all().map_err(|e| e.to_string())?;
    let rate = crate::app::model::animation::Speed::Normal.rate();
    let (mut words, mut seconds) = (0usize, 0.0f64);
    for lesson in &all {
        let w: usize =
            lesson.steps.iter().map(|s| s.text.split_whitespace().count() + s.explain.split_whitespace().count()).sum();
        let sowing: f64 = lesson
            .steps
            .iter()
            .filter_map(|s| match &s.task {
                Task::Play(moves) => s.state.play(&moves[0]).ok().map(|(_, trace)| trace.events().len() as f64 / rate),
                // Laying out by hand: a preset is one click, 32 seeds one by one about this.
                Task::SetOut => Some(SET_OUT_SECONDS),
                Task::Look | Task::PlayBeginner => None,
            })
            .sum::<f64>()
            + 0.0; // an empty sum is -0
        let reading = w as f64 / READING_WORDS_A_MINUTE * 60.0;
        writeln!(out, "{}\t{w}\t{reading:.0}\t{sowing:.0}", lesson.id).map_err(io)?;
        words += w;
        seconds += reading + sowing;
    }
    writeln!(out, "total\t{words}\t{:.1}", seconds / 60.0).map_err(io)
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
