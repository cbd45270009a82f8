//! `omweso study layouts`, `summary` and `merge` (issues 43 and 52): for each first layout
//! and each order of laying out, does the side laying out second find a reply that wins by
//! force within the budget? The work is the engine's ([`omweso_engine::study`]); this module
//! chooses the cases, runs them on every core (rayon, one case a thread: the engine's
//! search of a case is single-threaded, so its answer is the same on any machine) with a
//! progress bar, and keeps the results in a folder:
//!
//! - `settings.json`: what the study is (the first layouts' source, the rules, the budget
//!   of a case); a run on a folder with other settings is refused, so one table never
//!   mixes two studies.
//! - `table.jsonl`: one JSON object a line for each case done ([`Row`]), appended and
//!   flushed as each case ends, so a killed run loses only the cases under way; a run on
//!   the same folder skips the cases already in the table (it resumes). A run that ends
//!   writes the table sorted: the same study gives the same file, byte for byte, on any
//!   machine, under any load, at any `--threads`.
//! - `proofs/<index>-<order>.proof`: the proof of each refutation, in the file form of
//!   `omweso solve --proof`, checkable by a program that knows only the rules.
//!
//! The budget is counted in replies and nodes, not time (issue 52: a budget in milliseconds
//! measured the machine's load); a wall-clock guard only stops a runaway case, marked
//! `stopped` in the table. Shards: [`shard`].

pub mod hunt;
pub mod shard;
mod summary;
pub mod table;

use super::RuleArgs;
use crate::disk;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use omweso_engine::study::{self, FIRST, Order, REPLY};
use omweso_engine::{Proof, ReplyBudget, ReplySearch, Verdict};
use omweso_rules::notation::{format_layout, parse_layout};
use omweso_rules::{Layout, Side};
use rayon::prelude::*;
use shard::ShardArg;
use std::collections::HashSet;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
pub use summary::summary;
pub use table::{Budget, Row, Settings};

/// The study's subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum StudyCommand {
    /// For each first layout and order of laying out (RULES.md §2), search for a reply that
    /// wins by force: writes `<out>/table.jsonl` (a line a case) and `<out>/proofs/`;
    /// resumes where a run on the same folder stopped.
    Layouts(LayoutsArgs),
    /// Counts of a study's table: cases, refuted and not, by order; histograms of the
    /// effort (nodes), the replies tried and the proofs' lengths; the first hundred first
    /// layouts not refuted.
    Summary {
        /// The table (`table.jsonl`), or several tables of one study's shards.
        #[arg(required = true)]
        tables: Vec<PathBuf>,
    },
    /// Hunts the hardest first layouts: from each start (`--first`), local moves of seeds
    /// that keep the layout whose refutation costs the most; the hardest found is searched
    /// again with a larger budget. Writes `<out>/hunt.jsonl` and the proofs.
    Hunt(hunt::HuntArgs),
    /// Joins the folders of a study's shards (`--shard`) into one, as one run would have
    /// written it; refuses shards of different settings, or a shard missing.
    Merge {
        /// The folder to write (new, or without a study).
        #[arg(long)]
        out: PathBuf,
        /// The shards' folders (`<out>/shard-I-of-N` of `study layouts --shard`).
        #[arg(required = true)]
        shards: Vec<PathBuf>,
    },
}

/// `omweso study layouts`' arguments.
#[derive(Debug, clap::Args)]
pub struct LayoutsArgs {
    /// The first layouts: `random` (`--count` of them from `--seed`), `presets` (the
    /// setup's presets and the rule book's layouts) or a file with one layout a line
    /// (its half of a RULES.md §5 position, e.g. `4I-P`; `#` starts a comment).
    #[arg(long, default_value = "random")]
    pub first: String,
    /// How many random first layouts.
    #[arg(long, default_value_t = 1000)]
    pub count: usize,
    /// Seed of the random first layouts.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Orders of laying out: `both`, `second-moves-first` (the rule book's default) or
    /// `first-moves-first` (the [choice]).
    #[arg(long, default_value = "both")]
    pub order: String,
    /// Nodes the solver may expand for each reply layout tried (the budget, with
    /// `--replies`: the same table on any machine).
    #[arg(long, default_value_t = 400_000)]
    pub nodes: u64,
    /// Most reply layouts tried for a first layout.
    #[arg(long, default_value_t = 8)]
    pub replies: u32,
    /// The wall-clock guard of one case, in seconds: it only stops a runaway case (marked
    /// `stopped` in the table), never one within its budget on a working machine.
    #[arg(long, default_value_t = 600)]
    pub guard_s: u64,
    /// The study's folder (a shard writes `<out>/shard-I-of-N`).
    #[arg(long, default_value = "study")]
    pub out: PathBuf,
    /// `I/N`: only the first layouts whose index is I modulo N (0 ≤ I < N); `auto` (or
    /// `--shard` alone): I and N from Slurm's array job (`SLURM_ARRAY_TASK_ID`,
    /// `SLURM_ARRAY_TASK_COUNT`) or Kubernetes' indexed Job (`JOB_COMPLETION_INDEX`, with
    /// `--shard-count`).
    #[arg(long, value_parser = shard::parse_shard, num_args = 0..=1, default_missing_value = "auto")]
    pub shard: Option<ShardArg>,
    /// N of `--shard auto` (Kubernetes does not tell a pod its Job's completions).
    #[arg(long)]
    pub shard_count: Option<u64>,
    /// Cases searched at once (0: one for each core). Changes nothing in the table.
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// The rule options.
    #[command(flatten)]
    pub rules: RuleArgs,
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
            let text = table::read_text(Path::new(file))
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

/// `omweso study layouts`.
pub fn layouts(args: &LayoutsArgs, out: &mut dyn Write) -> Result<(), String> {
    let orders = parse_orders(&args.order)?;
    let options = args.rules.options();
    let shard = shard::resolve(args.shard, args.shard_count, &|name| std::env::var(name).ok())?;
    let layouts = first_layouts(&args.first, args.count, args.seed)?;
    let budget = Budget { replies: args.replies.max(1), nodes: args.nodes };
    let settings = Settings {
        first: args.first.clone(),
        seed: args.seed,
        budget,
        split_three: options.tournament_split,
        akakyala: options.akakyala,
        akawumbi_end_column: options.akawumbi_needs_end_column,
        lap_limit: options.lap_limit,
        shard: shard.map(|(i, n)| format!("{i}/{n}")),
    };
    let out_dir = match shard {
        Some(s) => shard::folder(&args.out, s),
        None => args.out.clone(),
    };
    let out_dir = out_dir.as_path();
    std::fs::create_dir_all(out_dir.join("proofs")).map_err(|e| format!("{}: {e}", out_dir.display()))?;
    match table::settings_in(out_dir)? {
        Some(before) if before != settings => {
            return Err(format!(
                "{} holds another study ({}); choose another --out",
                out_dir.display(),
                before.to_text().trim()
            ));
        }
        Some(_) => {}
        None => {
            disk::write_atomically(&out_dir.join("settings.json"), settings.to_text().as_bytes())
                .map_err(|e| e.to_string())?;
        }
    }
    let table = out_dir.join("table.jsonl");
    let (rows, skipped) = table::rows_in(&table)?;
    if skipped > 0 {
        // A run killed while writing a row: its case is done again.
        writeln!(out, "{}: {skipped} line(s) that are not rows of a study, passed over", table.display())
            .map_err(crate::cli::output::io)?;
    }
    let done: HashSet<(u64, String)> = rows.into_iter().map(|r| (r.index, r.order)).collect();
    let cases: Vec<(u64, Layout, Order)> = layouts
        .iter()
        .enumerate()
        .map(|(i, l)| (i as u64, *l))
        .filter(|(i, _)| shard.is_none_or(|(k, n)| i % n == k))
        .flat_map(|(i, l)| orders.iter().map(move |&o| (i, l, o)))
        .filter(|(i, _, o)| !done.contains(&(*i, o.name().to_owned())))
        .collect();
    writeln!(out, "{} cases to search ({} already in {})", cases.len(), done.len(), table.display())
        .map_err(crate::cli::output::io)?;
    let writer = Mutex::new(disk::Appender::open(&table).map_err(|e| e.to_string())?);
    let bar = progress(cases.len());
    let stop = AtomicBool::new(false);
    let engine_budget =
        ReplyBudget { replies: budget.replies, nodes: budget.nodes, guard: Some(Duration::from_secs(args.guard_s)) };
    let pool = rayon::ThreadPoolBuilder::new().num_threads(args.threads).build().map_err(|e| e.to_string())?;
    let result: Result<(), String> = pool.install(|| {
        cases.par_iter().try_for_each(|(index, first, order)| {
            let found = study::study_case(first, *order, &options, engine_budget, *index, &stop);
            let row = record(out_dir, *index, first, *order, budget, &found)?;
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
    drop(writer);
    // Finished: the table in its order, whatever order the cases ended in (a torn line of
    // a killed run, its case done again since, goes).
    let (rows, _) = table::rows_in(&table)?;
    let mut seen = HashSet::new();
    let rows: Vec<Row> = rows.into_iter().filter(|r| seen.insert((r.index, r.order.clone()))).collect();
    table::write_table(&table, rows)?;
    summary(&[table], out)
}

/// The row of a case, its proof written first (atomically) when the reply wins.
fn record(
    dir: &Path,
    index: u64,
    first: &Layout,
    order: Order,
    budget: Budget,
    found: &ReplySearch,
) -> Result<Row, String> {
    let proof: Option<&Proof> = match &found.solution.verdict {
        Verdict::Win { winner, proof } if *winner == REPLY => Some(proof),
        _ => None,
    };
    let file = proof.map(|_| format!("proofs/{index}-{}.proof", order.name()));
    if let (Some(p), Some(f)) = (proof, &file) {
        disk::write_atomically(&dir.join(f), p.to_text().as_bytes()).map_err(|e| format!("{f}: {e}"))?;
    }
    let result = match (proof, found.stopped) {
        (Some(_), _) => "refuted",
        (None, true) => "stopped",
        (None, false) => "not refuted",
    };
    Ok(Row {
        index,
        first: format_layout(first, FIRST),
        order: order.name().to_owned(),
        reply: format_layout(&found.layout, REPLY),
        result: result.to_owned(),
        verdict: verdict_text(&found.solution.verdict),
        budget,
        replies: found.replies,
        nodes: found.nodes,
        proof_moves: proof.map(|p| p.moves),
        proof_positions: proof.map(|p| p.steps.len()),
        proof: file,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_read_or_say_why_not() {
        assert_eq!(parse_orders("both"), Ok(Order::BOTH.to_vec()));
        assert_eq!(parse_orders("first-moves-first"), Ok(vec![Order::FirstMovesFirst]));
        assert!(parse_orders("sideways").unwrap_err().contains("second-moves-first"));
    }
}
