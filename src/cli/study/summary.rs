//! `omweso study summary`: a study's table in counts and histograms. It reads only the
//! table, whose rows are the same on every machine, so the summary is too.

use super::table::{self, Row};
use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::PathBuf;

/// The upper bounds of the effort histogram's buckets, in nodes (the last is open).
const NODE_BUCKETS: [u64; 7] = [10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000];
/// The upper bounds of the proof-length histogram's buckets, in moves.
const LENGTH_BUCKETS: [u32; 7] = [10, 20, 30, 40, 60, 100, 200];

/// `omweso study summary`: counts by order, histograms of the effort, of the replies tried
/// and of the proofs' lengths, and the first hundred first layouts not refuted.
pub fn summary(tables: &[PathBuf], out: &mut dyn Write) -> Result<(), String> {
    let io = crate::cli::output::io;
    let mut rows = Vec::new();
    for t in tables {
        let (read, skipped) = table::rows_in(t)?;
        if read.is_empty() {
            return Err(format!("{}: no rows of a study of this version", t.display()));
        }
        if skipped > 0 {
            // A damaged table must not look complete: say what was passed over.
            writeln!(out, "{}: {skipped} line(s) that are not rows of a study, passed over", t.display())
                .map_err(io)?;
        }
        rows.extend(read);
    }
    let budgets: BTreeSet<String> =
        rows.iter().map(|r| format!("{} replies of {} nodes", r.budget.replies, r.budget.nodes)).collect();
    writeln!(out, "budget of a case: {}", budgets.into_iter().collect::<Vec<_>>().join("; ")).map_err(io)?;
    let mut by_order: BTreeMap<&str, Vec<&Row>> = BTreeMap::new();
    for r in &rows {
        by_order.entry(r.order.as_str()).or_default().push(r);
    }
    for (order, rows) in &by_order {
        let refuted: Vec<&Row> = rows.iter().copied().filter(|r| r.result == "refuted").collect();
        let stopped = rows.iter().filter(|r| r.result == "stopped").count();
        let share = 100.0 * refuted.len() as f64 / rows.len().max(1) as f64;
        writeln!(
            out,
            "{order}: {} first layouts, {} refuted ({share:.1}%), {} not, {stopped} stopped by the guard",
            rows.len(),
            refuted.len(),
            rows.len() - refuted.len() - stopped,
        )
        .map_err(io)?;
        let mut nodes = [0usize; NODE_BUCKETS.len() + 1];
        for r in &refuted {
            nodes[NODE_BUCKETS.iter().position(|&b| r.nodes < b).unwrap_or(NODE_BUCKETS.len())] += 1;
        }
        let bounds =
            NODE_BUCKETS.map(|b| if b >= 1_000_000 { format!("{}M", b / 1_000_000) } else { format!("{}k", b / 1000) });
        writeln!(out, "  nodes to refute: {}", histogram(&nodes, &bounds)).map_err(io)?;
        let mut replies: BTreeMap<u32, usize> = BTreeMap::new();
        for r in &refuted {
            *replies.entry(r.replies).or_default() += 1;
        }
        let replies: Vec<String> = replies.iter().map(|(k, n)| format!("{k}: {n}")).collect();
        writeln!(out, "  replies tried to refute: {}", replies.join(", ")).map_err(io)?;
        let mut lengths = [0usize; LENGTH_BUCKETS.len() + 1];
        for r in &refuted {
            let m = r.proof_moves.unwrap_or(0);
            lengths[LENGTH_BUCKETS.iter().position(|&b| m < b).unwrap_or(LENGTH_BUCKETS.len())] += 1;
        }
        writeln!(out, "  proof length: {}", histogram(&lengths, &LENGTH_BUCKETS.map(|b| format!("{b} moves"))))
            .map_err(io)?;
        let mut sorted: Vec<u32> = refuted.iter().filter_map(|r| r.proof_moves).collect();
        sorted.sort_unstable();
        if let (Some(median), Some(max)) = (sorted.get(sorted.len() / 2), sorted.last()) {
            writeln!(out, "  proof moves: median {median}, longest {max}").map_err(io)?;
        }
        let mut not: Vec<&Row> = rows.iter().copied().filter(|r| r.result != "refuted").collect();
        not.sort_by_key(|r| r.index);
        for r in not.iter().take(100) {
            writeln!(
                out,
                "  {}: #{} {} ({}, {} replies, {} nodes)",
                r.result, r.index, r.first, r.verdict, r.replies, r.nodes
            )
            .map_err(io)?;
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
    fn histograms_count_into_their_buckets() {
        let bounds = ["1".to_owned(), "2".to_owned()];
        assert_eq!(histogram(&[3, 0, 5], &bounds), "<1: 3, <2: 0, ≥2: 5");
    }
}
