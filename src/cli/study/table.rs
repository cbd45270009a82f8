//! A study's files: its settings (`settings.json`) and its table (`table.jsonl`, a row a
//! case), read through the one reader and written through the one writer (`src/disk`).
//! A finished table is kept sorted by first layout and order, so that the same study gives
//! the same file byte for byte however its cases were spread over threads or shards.

use crate::disk;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One case of the study: a line of `table.jsonl`. Nothing in it depends on the machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The first layout's index in its source.
    pub index: u64,
    /// The first layout, Upper's (RULES.md §5, e.g. `4I-P`).
    pub first: String,
    /// The order of laying out: `second-moves-first` or `first-moves-first`.
    pub order: String,
    /// The reply layout, Lower's: the first found that wins by force, or the first tried.
    pub reply: String,
    /// `refuted` (the reply wins by force), `not refuted` (none found within the budget)
    /// or `stopped` (the wall-clock guard cut the case short: on another machine it may
    /// end otherwise).
    pub result: String,
    /// What the solver found for the game from the reply: `lower wins`, `upper wins`,
    /// `annulled` or `unknown`.
    pub verdict: String,
    /// The budget the case had.
    pub budget: Budget,
    /// Replies tried: the winning one is the last of them.
    pub replies: u32,
    /// Nodes the solver expanded, all replies together: the case's effort.
    pub nodes: u64,
    /// The proof's longest line, in moves (both sides' counted), when refuted.
    pub proof_moves: Option<u32>,
    /// Positions in the proof, when refuted.
    pub proof_positions: Option<usize>,
    /// The proof's file, relative to the study's folder, when refuted.
    pub proof: Option<String>,
}

/// A case's budget: at most `replies` reply layouts, each solved for at most `nodes` nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Most reply layouts tried.
    pub replies: u32,
    /// Nodes for each reply's solve.
    pub nodes: u64,
}

/// What a study is: a folder holds the results of one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `--first`.
    pub first: String,
    /// `--seed`.
    pub seed: u64,
    /// The budget of each case.
    pub budget: Budget,
    /// The rule options.
    pub split_three: bool,
    /// Akakyala counts as a win.
    pub akakyala: bool,
    /// Akawumbi needs the last capture at an end column.
    pub akawumbi_end_column: bool,
    /// The lap limit.
    pub lap_limit: u32,
    /// `I/N` in a shard's folder: the first layouts whose index is I modulo N.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
}

impl Settings {
    /// As `settings.json` holds them.
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }
}

/// The most bytes a study's table, settings, proof or list of first layouts may hold.
const STUDY_FILE_LIMIT: u64 = 256 << 20;

/// A study's file as text: `None` when there is none. Through the one reader: a FIFO or a
/// device at the path is refused, never waited on, and at most [`STUDY_FILE_LIMIT`] read.
pub fn read_text(path: &Path) -> Result<Option<String>, String> {
    match disk::read_text(path, STUDY_FILE_LIMIT, disk::Links::Follow) {
        Ok(t) => Ok(Some(t)),
        Err(e) if e.not_found() => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// The settings in `dir`, if it holds a study.
pub fn settings_in(dir: &Path) -> Result<Option<Settings>, String> {
    let file = dir.join("settings.json");
    match read_text(&file)? {
        None => Ok(None),
        Some(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{}: not the settings of a study of this version: {e}", file.display())),
    }
}

/// The rows already in `table` (a missing table has none) and how many lines did not read
/// as rows (a run killed while writing one, or damage): those are passed over.
pub fn rows_in(table: &Path) -> Result<(Vec<Row>, usize), String> {
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

/// `rows` as a finished table: sorted by first layout and order, a row a line.
pub fn table_text(mut rows: Vec<Row>) -> Result<String, String> {
    rows.sort_by(|a, b| (a.index, &a.order).cmp(&(b.index, &b.order)));
    let mut text = String::new();
    for row in &rows {
        text.push_str(&serde_json::to_string(row).map_err(|e| e.to_string())?);
        text.push('\n');
    }
    Ok(text)
}

/// Writes `rows` as `table`'s finished form, at once (a reader never sees half of it).
pub fn write_table(table: &Path, rows: Vec<Row>) -> Result<(), String> {
    disk::write_atomically(table, table_text(rows)?.as_bytes()).map_err(|e| format!("{}: {e}", table.display()))
}
