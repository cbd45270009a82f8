//! `omweso study hunt` (issue 52): a hill climb over first layouts from each start (random,
//! the presets and the book's layouts, or a file), keeping the layout whose refutation
//! costs the most ([`omweso_engine::hunt`]); the hardest found is then searched again with a
//! larger budget, which proves it refuted or says the effort that did not. The result is a
//! table like the study's, `<out>/hunt.jsonl`, sorted, the same on any machine, with the
//! proofs under `<out>/proofs/`.

use super::table::Budget;
use super::{LayoutsArgs, first_layouts, parse_orders, verdict_text};
use crate::disk;
use omweso_engine::hunt::{Hardness, hunt};
use omweso_engine::study::{FIRST, REPLY, study_case};
use omweso_engine::{ReplyBudget, Verdict};
use omweso_rules::notation::format_layout;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// `omweso study hunt`'s own arguments (the rest are `study layouts`').
#[derive(Debug, clap::Args)]
pub struct HuntArgs {
    /// Local moves tried from each start.
    #[arg(long, default_value_t = 40)]
    pub steps: u32,
    /// The hardest layout's last search: this many times the nodes and the replies.
    #[arg(long, default_value_t = 4)]
    pub final_factor: u32,
    /// The study's arguments: the starts (`--first`, `--count`, `--seed`), `--order`, the
    /// budget of each layout judged, `--out`, `--threads`, the rules.
    #[command(flatten)]
    pub study: LayoutsArgs,
}

/// A line of `hunt.jsonl`: the hardest layout found from one start under one order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HuntRow {
    /// The start's index in its source.
    pub index: u64,
    /// The start (Upper's first layout).
    pub start: String,
    /// The order of laying out.
    pub order: String,
    /// The hardest layout found (Upper's).
    pub hardest: String,
    /// Nodes its refutation took within the hunt's budget (all of them when not refuted).
    pub hunt_nodes: u64,
    /// Local moves tried and kept.
    pub steps: u32,
    /// Local moves kept.
    pub kept: u32,
    /// The last search's budget.
    pub budget: Budget,
    /// `refuted`, `not refuted` or `stopped`, in the last search.
    pub result: String,
    /// The solver's verdict for the last search's reply.
    pub verdict: String,
    /// The reply (Lower's) of the last search.
    pub reply: String,
    /// Replies tried in the last search.
    pub replies: u32,
    /// Nodes of the last search.
    pub nodes: u64,
    /// The proof's longest line, in moves, when refuted.
    pub proof_moves: Option<u32>,
    /// The proof's file, relative to the folder, when refuted.
    pub proof: Option<String>,
}

/// `omweso study hunt`.
pub fn hunt_layouts(args: &HuntArgs, out: &mut dyn Write) -> Result<(), String> {
    let s = &args.study;
    if s.shard.is_some() {
        return Err("study hunt has no shards: run it with other --seed values instead".into());
    }
    let orders = parse_orders(&s.order)?;
    let options = s.rules.options();
    let starts = first_layouts(&s.first, s.count, s.seed)?;
    let guard = Some(Duration::from_secs(s.guard_s));
    let budget = ReplyBudget { replies: s.replies.max(1), nodes: s.nodes, guard };
    let factor = args.final_factor.max(1);
    let last = ReplyBudget { replies: budget.replies * factor, nodes: budget.nodes * u64::from(factor), guard };
    std::fs::create_dir_all(s.out.join("proofs")).map_err(|e| format!("{}: {e}", s.out.display()))?;
    let cases: Vec<_> =
        starts.iter().enumerate().flat_map(|(i, l)| orders.iter().map(move |&o| (i as u64, *l, o))).collect();
    writeln!(out, "{} hunts of {} steps", cases.len(), args.steps).map_err(crate::cli::output::io)?;
    let stop = AtomicBool::new(false);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(s.threads).build().map_err(|e| e.to_string())?;
    let rows: Result<Vec<HuntRow>, String> = pool.install(|| {
        cases
            .par_iter()
            .map(|(index, start, order)| {
                let seed = s.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (*order as u64);
                let found = hunt(start, *order, &options, budget, args.steps, seed, &stop);
                let again = study_case(&found.best, *order, &options, last, 0, &stop);
                let proof = match &again.solution.verdict {
                    Verdict::Win { winner, proof } if *winner == REPLY => Some(proof),
                    _ => None,
                };
                let file = proof.map(|_| format!("proofs/hunt-{index}-{}.proof", order.name()));
                if let (Some(p), Some(f)) = (proof, &file) {
                    disk::write_atomically(&s.out.join(f), p.to_text().as_bytes()).map_err(|e| format!("{f}: {e}"))?;
                }
                let result = match (proof, again.stopped) {
                    (Some(_), _) => "refuted",
                    (None, true) => "stopped",
                    (None, false) => "not refuted",
                };
                Ok(HuntRow {
                    index: *index,
                    start: format_layout(start, FIRST),
                    order: order.name().to_owned(),
                    hardest: format_layout(&found.best, FIRST),
                    hunt_nodes: Hardness::of(&found.search).nodes,
                    steps: found.steps,
                    kept: found.kept,
                    budget: Budget { replies: last.replies, nodes: last.nodes },
                    result: result.to_owned(),
                    verdict: verdict_text(&again.solution.verdict),
                    reply: format_layout(&again.layout, REPLY),
                    replies: again.replies,
                    nodes: again.nodes,
                    proof_moves: proof.map(|p| p.moves),
                    proof: file,
                })
            })
            .collect()
    });
    let mut rows = rows?;
    rows.sort_by(|a, b| (a.index, &a.order).cmp(&(b.index, &b.order)));
    let mut text = String::new();
    for r in &rows {
        text.push_str(&serde_json::to_string(r).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    let file = s.out.join("hunt.jsonl");
    disk::write_atomically(&file, text.as_bytes()).map_err(|e| format!("{}: {e}", file.display()))?;
    // The hardest first: not refuted, then by the hunt's nodes.
    let mut ranked: Vec<&HuntRow> = rows.iter().collect();
    ranked.sort_by_key(|r| std::cmp::Reverse((r.result != "refuted", r.nodes, r.index)));
    let io = crate::cli::output::io;
    for r in ranked {
        let proof = r.proof_moves.map_or(String::new(), |m| format!(", proof of {m} moves"));
        writeln!(
            out,
            "{} #{} {}: {} ({}, {} replies, {} nodes{proof}) from {}",
            r.order, r.index, r.hardest, r.result, r.verdict, r.replies, r.nodes, r.start
        )
        .map_err(io)?;
    }
    Ok(())
}
