//! Shards of a study (issue 52): `--shard I/N` takes the first layouts whose index is I
//! modulo N, so that the N tasks of an array job cover the set between them with nothing of
//! ours coordinating; `--shard auto` reads I (and N) from the scheduler's environment
//! (Slurm's array job, Kubernetes' indexed Job). Each shard writes its own folder, and
//! `omweso study merge` joins them into the folder one run would have written.

use super::table::{self, Row, Settings};
use crate::disk;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

/// `--shard`: given, or read from the environment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardArg {
    /// `I/N`.
    Given(u64, u64),
    /// `auto` (or `--shard` alone): from `SLURM_ARRAY_TASK_ID` or `JOB_COMPLETION_INDEX`.
    Auto,
}

/// Reads `--shard`: `I/N` with 0 ≤ I < N, or `auto`.
pub fn parse_shard(text: &str) -> Result<ShardArg, String> {
    if text.trim() == "auto" {
        return Ok(ShardArg::Auto);
    }
    let bad = || format!("`{text}` is not I/N with 0 <= I < N (e.g. 3/10), nor auto");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (i.trim().parse().map_err(|_| bad())?, n.trim().parse().map_err(|_| bad())?);
    if n == 0 || i >= n { Err(bad()) } else { Ok(ShardArg::Given(i, n)) }
}

/// The shard `(I, N)` to run, if any: as given, or for `auto` from the environment
/// (`env` reads a variable): Slurm's `SLURM_ARRAY_TASK_ID` less `SLURM_ARRAY_TASK_MIN`, of
/// `SLURM_ARRAY_TASK_COUNT`; else Kubernetes' `JOB_COMPLETION_INDEX`, of `count` (a pod is
/// not told its Job's completions: `--shard-count`). `count`, when given, is N.
pub fn resolve(
    arg: Option<ShardArg>,
    count: Option<u64>,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<Option<(u64, u64)>, String> {
    let number = |name: &str| -> Result<Option<u64>, String> {
        env(name).map(|v| v.trim().parse().map_err(|_| format!("{name}={v:?} is not a whole number"))).transpose()
    };
    let (i, n) = match arg {
        None if count.is_some() => return Err("--shard-count goes with --shard auto".into()),
        None => return Ok(None),
        Some(ShardArg::Given(i, n)) if count.is_none_or(|c| c == n) => (i, n),
        Some(ShardArg::Given(_, n)) => {
            return Err(format!("--shard-count {} differs from --shard's {n}", count.unwrap_or(0)));
        }
        Some(ShardArg::Auto) => {
            if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
                let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
                let n = count
                    .or(number("SLURM_ARRAY_TASK_COUNT")?)
                    .ok_or("--shard auto: SLURM_ARRAY_TASK_COUNT is not set; give --shard-count")?;
                (id.checked_sub(min).ok_or("--shard auto: SLURM_ARRAY_TASK_ID is below SLURM_ARRAY_TASK_MIN")?, n)
            } else if let Some(index) = number("JOB_COMPLETION_INDEX")? {
                let n = count.ok_or(
                    "--shard auto: JOB_COMPLETION_INDEX is set but not the Job's completions; give --shard-count",
                )?;
                (index, n)
            } else {
                return Err("--shard auto: neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX is set".into());
            }
        }
    };
    if n == 0 || i >= n {
        return Err(format!("shard {i} of {n}: the index must be below the count"));
    }
    Ok(Some((i, n)))
}

/// A shard's folder within the study's: `shard-I-of-N`.
pub fn folder(out: &Path, (i, n): (u64, u64)) -> PathBuf {
    out.join(format!("shard-{i}-of-{n}"))
}

/// `omweso study merge`: joins the shards' folders into `out`, as one run of the study
/// would have written it (settings, table sorted, proofs). Refused, with the reason, when
/// the shards are of different studies, one is missing or given twice, a row is not its
/// shard's or a table is damaged, or `out` already holds a table.
pub fn merge(out: &Path, shards: &[PathBuf], say: &mut dyn std::io::Write) -> Result<(), String> {
    let mut study: Option<Settings> = None;
    let mut seen: BTreeMap<u64, PathBuf> = BTreeMap::new();
    let mut count = None;
    let mut rows: Vec<(PathBuf, Row)> = Vec::new();
    for dir in shards {
        let settings = table::settings_in(dir)?
            .ok_or_else(|| format!("{}: no settings.json: not a study's shard", dir.display()))?;
        let (i, n) = match settings.shard.as_deref().map(parse_shard) {
            Some(Ok(ShardArg::Given(i, n))) => (i, n),
            _ => return Err(format!("{}: not a shard (its settings name no shard I/N)", dir.display())),
        };
        let whole = Settings { shard: None, ..settings };
        match &study {
            Some(s) if *s != whole => {
                return Err(format!(
                    "{}: a shard of another study ({}) than {}",
                    dir.display(),
                    whole.to_text().trim(),
                    s.to_text().trim()
                ));
            }
            _ => study = Some(whole),
        }
        if *count.get_or_insert(n) != n {
            return Err(format!("{}: shard {i}/{n}, the others are of {}", dir.display(), count.unwrap_or(0)));
        }
        if let Some(before) = seen.insert(i, dir.clone()) {
            return Err(format!("shard {i}/{n} is given twice: {} and {}", before.display(), dir.display()));
        }
        let file = dir.join("table.jsonl");
        let (read, skipped) = table::rows_in(&file)?;
        if skipped > 0 {
            return Err(format!(
                "{}: {skipped} line(s) are not rows of a study: run the shard again to finish it",
                file.display()
            ));
        }
        if let Some(r) = read.iter().find(|r| r.index % n != i) {
            return Err(format!("{}: the row of first layout {} is not shard {i}/{n}'s", file.display(), r.index));
        }
        rows.extend(read.into_iter().map(|r| (dir.clone(), r)));
    }
    let (Some(settings), Some(n)) = (study, count) else { return Err("no shards to merge".into()) };
    if let Some(missing) = (0..n).find(|i| !seen.contains_key(i)) {
        return Err(format!("shard {missing}/{n} is missing: the merged table would not be the whole study"));
    }
    let mut keys = HashSet::new();
    if let Some((_, r)) = rows.iter().find(|(_, r)| !keys.insert((r.index, r.order.clone()))) {
        return Err(format!("first layout {} in order {} is in two shards", r.index, r.order));
    }
    if !table::rows_in(&out.join("table.jsonl"))?.0.is_empty() || table::settings_in(out)?.is_some() {
        return Err(format!("{} already holds a study: merge into a new folder", out.display()));
    }
    std::fs::create_dir_all(out.join("proofs")).map_err(|e| format!("{}: {e}", out.display()))?;
    for (dir, row) in &rows {
        if let Some(p) = &row.proof {
            let text = table::read_text(&dir.join(p))?
                .ok_or_else(|| format!("{}: the proof {p} is missing", dir.display()))?;
            disk::write_atomically(&out.join(p), text.as_bytes())
                .map_err(|e| format!("{}: {e}", out.join(p).display()))?;
        }
    }
    disk::write_atomically(&out.join("settings.json"), settings.to_text().as_bytes()).map_err(|e| e.to_string())?;
    let cases = rows.len();
    table::write_table(&out.join("table.jsonl"), rows.into_iter().map(|(_, r)| r).collect())?;
    writeln!(say, "{n} shards merged into {}: {cases} cases", out.display()).map_err(crate::cli::output::io)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_of(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
        move |name| vars.iter().find(|(k, _)| *k == name).map(|(_, v)| (*v).to_owned())
    }

    #[test]
    fn shards_read_from_the_flag_or_the_scheduler_or_say_why_not() {
        assert_eq!(parse_shard("3/10"), Ok(ShardArg::Given(3, 10)));
        assert_eq!(parse_shard(" 0 / 1 "), Ok(ShardArg::Given(0, 1)));
        assert_eq!(parse_shard("auto"), Ok(ShardArg::Auto));
        for bad in ["10/10", "1/0", "3", "a/b", "-1/4"] {
            assert!(parse_shard(bad).is_err(), "{bad}");
        }
        let none = env_of(&[]);
        assert_eq!(resolve(None, None, &none), Ok(None));
        assert_eq!(resolve(Some(ShardArg::Given(1, 4)), None, &none), Ok(Some((1, 4))));
        assert!(resolve(Some(ShardArg::Auto), None, &none).unwrap_err().contains("neither"));
        // Slurm: `--array=1-4` numbers the tasks from 1.
        let slurm =
            env_of(&[("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_COUNT", "4")]);
        assert_eq!(resolve(Some(ShardArg::Auto), None, &slurm), Ok(Some((2, 4))));
        // Kubernetes: the index only; the count is given.
        let k8s = env_of(&[("JOB_COMPLETION_INDEX", "5")]);
        assert_eq!(resolve(Some(ShardArg::Auto), Some(8), &k8s), Ok(Some((5, 8))));
        assert!(resolve(Some(ShardArg::Auto), None, &k8s).unwrap_err().contains("--shard-count"));
        assert!(resolve(Some(ShardArg::Auto), Some(5), &k8s).unwrap_err().contains("below the count"));
        let garbled = env_of(&[("JOB_COMPLETION_INDEX", "five")]);
        assert!(resolve(Some(ShardArg::Auto), Some(8), &garbled).unwrap_err().contains("not a whole number"));
        assert!(resolve(None, Some(4), &none).is_err());
    }
}
