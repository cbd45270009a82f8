//! `omweso study layouts` and `omweso study summary` (issue 43): for each first layout and
//! each order of laying out, does the side laying out second find a reply that wins by
//! force within the time? The work is the engine's ([`omweso_engine::study`]); this module
//! chooses the cases, runs them on every core (rayon) with a progress bar, and keeps the
//! results in a folder:
//!
//! - `settings.json`: what the study is (the first layouts' source, the rules, the time);
//!   a run on a folder with other settings is refused, so one table never mixes two studies.
//! - `table.jsonl`: one JSON object a line for each case done ([`Row`]), appended and
//!   flushed as each case ends, so a killed run loses only the cases under way; a run on
//!   the same folder skips the cases already in the table (it resumes).
//! - `proofs/<index>-<order>.proof`: the proof of each refutation, in the file form of
//!   `omweso solve --proof`, checkable by a program that knows only the rules.
//!
//! `--shard I/N` takes the first layouts whose index is I modulo N, so that the N tasks of
//! a cluster's array job cover the set between them with nothing of ours coordinating;
//! their tables can be concatenated for `study summary`.

use super::RuleArgs;
use crate::disk;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use omweso_engine::study::{self, FIRST, Order, REPLY};
use omweso_engine::{Proof, Verdict};
use omweso_rules::notation::{format_layout, parse_layout};
use omweso_rules::{Layout, Side};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The study's subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum StudyCommand {
    /// For each first layout and order of laying out (RULES.md §2), search for a reply that
    /// wins by force: writes `<out>/table.jsonl` (a line a case) and `<out>/proofs/`;
    /// resumes where a run on the same folder stopped.
    Layouts {
        /// The first layouts: `random` (`--count` of them from `--seed`), `presets` (the
        /// setup's presets and the rule book's layouts) or a file with one layout a line
        /// (its half of a RULES.md §5 position, e.g. `4I-P`; `#` starts a comment).
        #[arg(long, default_value = "random")]
        first: String,
        /// How many random first layouts.
        #[arg(long, default_value_t = 1000)]
        count: usize,
        /// Seed of the random first layouts.
        #[arg(long, default_value_t = 0)]
        seed: u64,
        /// Orders of laying out: `both`, `second-moves-first` (the rule book's default) or
        /// `first-moves-first` (the [choice]).
        #[arg(long, default_value = "both")]
        order: String,
        /// Time for the search of a reply to one first layout, in milliseconds.
        #[arg(long, default_value_t = 10_000)]
        time_ms: u64,
        /// The study's folder.
        #[arg(long, default_value = "study")]
        out: PathBuf,
        /// `I/N`: only the first layouts whose index is I modulo N (0 ≤ I < N).
        #[arg(long, value_parser = parse_shard)]
        shard: Option<(u64, u64)>,
        /// Cases searched at once (0: one for each core).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        /// The rule options.
        #[command(flatten)]
        rules: RuleArgs,
    },
    /// Counts of a study's table: cases, refuted and not, by order; histograms of the
    /// search times and the proofs' lengths; the first hundred first layouts not refuted.
    Summary {
        /// The table (`table.jsonl`), or several tables of one study's shards.
        #[arg(required = true)]
        tables: Vec<PathBuf>,
    },
}

/// One case of the study: a line of `table.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The first layout's index in its source.
    pub index: u64,
    /// The first layout, Upper's (RULES.md §5, e.g. `4I-P`).
    pub first: String,
    /// The order of laying out: `second-moves-first` or `first-moves-first`.
    pub order: String,
    /// The reply layout, Lower's: the first found that wins by force, or the last tried.
    pub reply: String,
    /// `refuted` (the reply wins by force) or `not refuted` (none found within the time).
    pub result: String,
    /// What the solver found for the game from the reply: `lower wins`, `upper wins`,
    /// `annulled` or `unknown`.
    pub verdict: String,
    /// The proof's longest line, in moves (both sides' counted), when refuted.
    pub proof_moves: Option<u32>,
    /// Positions in the proof, when refuted.
    pub proof_positions: Option<usize>,
    /// The proof's file, relative to the study's folder, when refuted.
    pub proof: Option<String>,
    /// Wall time of the search, in milliseconds.
    pub ms: u64,
}

/// What a study is: a folder holds the results of one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Settings {
    first: String,
    seed: u64,
    time_ms: u64,
    split_three: bool,
    akakyala: bool,
    akawumbi_end_column: bool,
    lap_limit: u32,
}

/// Reads `--shard I/N`.
fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("`{text}` is not I/N with 0 <= I < N (e.g. 3/10)");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || i >= n { Err(bad()) } else { Ok((i, n)) }
}

fn parse_orders(text: &str) -> Result<Vec<Order>, String> {
    match text {
        "both" => Ok(Order::BOTH.to_vec()),
        one => one.parse::<Order>().map(|o| vec![o]).map_err(|e| format!("--order: {e} or both")),
    }
}

/// The first layouts named by `--first`, with their indices.
fn first_layouts(first: &str, count: usize, seed: u64) -> Result<Vec<Layout>, String> {
    match first {
        "random" => Ok(study::random_first_layouts(seed, count)),
        "presets" => {
            let book = |text: &str, side| parse_layout(text, side).map_err(|e| e.to_string());
            Ok(vec![
                Layout::back_row_fours(),
                Layout::twos(),
                book("4A-F, 3G, 5P", Side::Upper)?,
                book("9a, 3b, 4d-fhm", Side::Lower)?,
            ])
        }
        file => {
            let text = read_text(Path::new(file))
                .and_then(|t| t.ok_or_else(|| "no such file".to_owned()))
                .map_err(|e| format!("--first {file}: {e}"))?;
            let mut layouts = Vec::new();
            for (n, line) in text.lines().enumerate() {
                let line = line.split('#').next().unwrap_or("").trim();
                if !line.is_empty() {
                    layouts.push(parse_layout(line, FIRST).map_err(|e| format!("{file}:{}: {e}", n + 1))?);
                }
            }
            Ok(layouts)
        }
    }
}

fn verdict_text(v: &Verdict) -> String {
    match v {
        Verdict::Win { winner, .. } => format!("{} wins", winner.name()),
        Verdict::Annulled => "annulled".into(),
        Verdict::Unknown { .. } => "unknown".into(),
    }
}

/// The rows already in `table` (a missing table has none) and how many lines did not read
/// as rows (a run killed while writing one, or damage): those are passed over.
fn rows_in(table: &Path) -> Result<(Vec<Row>, usize), String> {
    let text = read_text(table).map_err(|e| format!("{}: {e}", table.display()))?.unwrap_or_default();
    let mut rows = Vec::new();
    let mut skipped = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match serde_json::from_str(line) {
            Ok(row) => rows.push(row),
            Err(_) => skipped += 1,
        }
    }
    Ok((rows, skipped))
}

/// The most bytes a study's table, settings or list of first layouts may hold.
const STUDY_FILE_LIMIT: u64 = 256 << 20;

/// A study's file as text: `None` when there is none. Through the one reader: a FIFO or a
/// device at the path is refused, never waited on, and at most [`STUDY_FILE_LIMIT`] read.
fn read_text(path: &Path) -> Result<Option<String>, String> {
    match disk::read_text(path, STUDY_FILE_LIMIT, disk::Links::Follow) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.not_found() => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// `omweso study layouts`.
#[allow(clippy::too_many_arguments)]
pub fn layouts(
    first: &str,
    count: usize,
    seed: u64,
    order: &str,
    time_ms: u64,
    out_dir: &Path,
    shard: Option<(u64, u64)>,
    threads: usize,
    rules: &RuleArgs,
    out: &mut dyn Write,
) -> Result<(), String> {
    let orders = parse_orders(order)?;
    let options = rules.options();
    let layouts = first_layouts(first, count, seed)?;
    let settings = Settings {
        first: first.to_owned(),
        seed,
        time_ms,
        split_three: options.tournament_split,
        akakyala: options.akakyala,
        akawumbi_end_column: options.akawumbi_needs_end_column,
        lap_limit: options.lap_limit,
    };
    std::fs::create_dir_all(out_dir.join("proofs")).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    let settings_file = out_dir.join("settings.json");
    match read_text(&settings_file)? {
        Some(text) => {
            let before: Settings = serde_json::from_str(&text)
                .map_err(|e| format!("{}: not a study's settings: {e}", settings_file.display()))?;
            if before != settings {
                return Err(format!(
                    "{} holds another study ({}); choose another --out",
                    out_dir.display(),
                    text.trim()
                ));
            }
        }
        None => {
            let text = serde_json::to_string_pretty(&settings).map_err(|e| e.to_string())?;
            disk::write_atomically(&settings_file, text.as_bytes()).map_err(|e| e.to_string())?;
        }
    }
    let table = out_dir.join("table.jsonl");
    let done: HashSet<(u64, String)> = rows_in(&table)?.0.into_iter().map(|r| (r.index, r.order)).collect();
    let cases: Vec<(u64, Layout, Order)> = layouts
        .iter()
        .enumerate()
        .map(|(i, l)| (i as u64, *l))
        .filter(|(i, _)| shard.is_none_or(|(k, n)| i % n == k))
        .flat_map(|(i, l)| orders.iter().map(move |&o| (i, l, o)))
        .filter(|(i, _, o)| !done.contains(&(*i, o.name().to_owned())))
        .collect();
    writeln!(out, "{} cases to search ({} already in {})", cases.len(), done.len(), table.display())
        .map_err(super::ai_commands::io)?;
    let writer = Mutex::new(disk::Appender::open(&table).map_err(|e| e.to_string())?);
    let bar = progress(cases.len());
    let stop = AtomicBool::new(false);
    let time = Duration::from_millis(time_ms);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().map_err(|e| e.to_string())?;
    let result: Result<(), String> = pool.install(|| {
        cases.par_iter().try_for_each(|(index, first, order)| {
            let found = study::study_case(first, *order, &options, time, *index, &stop);
            let row = record(out_dir, *index, first, *order, &found)?;
            let line = serde_json::to_string(&row).map_err(|e| e.to_string())?;
            writer.lock().map_err(|_| "the table's writer failed".to_owned())?.append_line(&line).map_err(|e| {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
                format!("{}: {e}", table.display())
            })?;
            if let Some(bar) = &bar {
                bar.inc(1);
            }
            Ok(())
        })
    });
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    result?;
    summary(&[table], out)
}

/// The row of a case, its proof written first (atomically) when the reply wins.
fn record(dir: &Path, index: u64, first: &Layout, order: Order, found: &study::Finding) -> Result<Row, String> {
    let proof: Option<&Proof> = match &found.solution.verdict {
        Verdict::Win { winner, proof } if *winner == REPLY => Some(proof),
        _ => None,
    };
    let file = proof.map(|_| format!("proofs/{index}-{}.proof", order.name()));
    if let (Some(p), Some(f)) = (proof, &file) {
        disk::write_atomically(&dir.join(f), p.to_text().as_bytes()).map_err(|e| format!("{f}: {e}"))?;
    }
    Ok(Row {
        index,
        first: format_layout(first, FIRST),
        order: order.name().to_owned(),
        reply: format_layout(&found.reply, REPLY),
        result: if found.refuted() { "refuted" } else { "not refuted" }.to_owned(),
        verdict: verdict_text(&found.solution.verdict),
        proof_moves: proof.map(|p| p.moves),
        proof_positions: proof.map(|p| p.steps.len()),
        proof: file,
        ms: found.elapsed.as_millis() as u64,
    })
}

fn progress(cases: usize) -> Option<ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::with_draw_target(Some(cases as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} [{wide_bar}] {pos}/{len} layouts  ETA {eta}")
        {
            bar.set_style(style);
        }
        bar
    })
}

/// The upper bounds of the time histogram's buckets, in milliseconds (the last is open).
const TIME_BUCKETS: [u64; 6] = [100, 300, 1_000, 3_000, 10_000, 30_000];
/// The upper bounds of the proof-length histogram's buckets, in moves.
const LENGTH_BUCKETS: [u32; 7] = [10, 20, 30, 40, 60, 100, 200];

/// `omweso study summary`: counts by order, histograms, the first hundred not refuted.
pub fn summary(tables: &[PathBuf], out: &mut dyn Write) -> Result<(), String> {
    let mut rows = Vec::new();
    for t in tables {
        let (read, skipped) = rows_in(t)?;
        if read.is_empty() {
            return Err(format!("{}: no rows of a study", t.display()));
        }
        if skipped > 0 {
            // A damaged table must not look complete: say what was passed over.
            writeln!(out, "{}: {skipped} line(s) that are not rows of a study, passed over", t.display())
                .map_err(super::ai_commands::io)?;
        }
        rows.extend(read);
    }
    let io = super::ai_commands::io;
    let mut by_order: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in &rows {
        by_order.entry(r.order.as_str()).or_default().push(r);
    }
    for (order, rows) in &by_order {
        let refuted: Vec<&&Row> = rows.iter().filter(|r| r.result == "refuted").collect();
        let share = 100.0 * refuted.len() as f64 / rows.len().max(1) as f64;
        writeln!(
            out,
            "{order}: {} first layouts, {} refuted ({share:.1}%), {} not",
            rows.len(),
            refuted.len(),
            rows.len() - refuted.len()
        )
        .map_err(io)?;
        let mut times = [0usize; TIME_BUCKETS.len() + 1];
        for r in rows.iter() {
            times[TIME_BUCKETS.iter().position(|&b| r.ms < b).unwrap_or(TIME_BUCKETS.len())] += 1;
        }
        writeln!(out, "  search time: {}", histogram(&times, &TIME_BUCKETS.map(|b| format!("{}s", b as f64 / 1000.0))))
            .map_err(io)?;
        let mut lengths = [0usize; LENGTH_BUCKETS.len() + 1];
        for r in &refuted {
            let m = r.proof_moves.unwrap_or(0);
            lengths[LENGTH_BUCKETS.iter().position(|&b| m < b).unwrap_or(LENGTH_BUCKETS.len())] += 1;
        }
        writeln!(out, "  proof length: {}", histogram(&lengths, &LENGTH_BUCKETS.map(|b| format!("{b} moves"))))
            .map_err(io)?;
        if let Some(max) = refuted.iter().filter_map(|r| r.proof_moves).max() {
            writeln!(out, "  longest proof: {max} moves").map_err(io)?;
        }
        let mut not: Vec<&&Row> = rows.iter().filter(|r| r.result != "refuted").collect();
        not.sort_by_key(|r| r.index);
        for r in not.iter().take(100) {
            writeln!(out, "  not refuted: #{} {} ({}, {} ms)", r.index, r.first, r.verdict, r.ms).map_err(io)?;
        }
    }
    Ok(())
}

/// `counts` as `<b0: n, <b1: n, …, ≥last: n`.
fn histogram(counts: &[usize], bounds: &[String]) -> String {
    let mut parts: Vec<String> = bounds.iter().zip(counts).map(|(b, n)| format!("<{b}: {n}")).collect();
    if let (Some(last), Some(n)) = (bounds.last(), counts.last()) {
        parts.push(format!("≥{last}: {n}"));
    }
    parts.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_and_orders_read_or_say_why_not() {
        assert_eq!(parse_shard("3/10"), Ok((3, 10)));
        assert_eq!(parse_shard(" 0 / 1 "), Ok((0, 1)));
        for bad in ["10/10", "1/0", "3", "a/b", "-1/4"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_orders("both"), Ok(Order::BOTH.to_vec()));
        assert_eq!(parse_orders("first-moves-first"), Ok(vec![Order::FirstMovesFirst]));
        assert!(parse_orders("sideways").unwrap_err().contains("second-moves-first"));
    }

    #[test]
    fn histograms_count_into_their_buckets() {
        let bounds = ["1".to_owned(), "2".to_owned()];
        assert_eq!(histogram(&[3, 0, 5], &bounds), "<1: 3, <2: 0, ≥2: 5");
    }
}
