//! `omweso study layouts` and `omweso study summary` (issues 43 and 52), as a user or a
//! cluster's array job runs them: the table and the proofs written, every proof checked by
//! the proof checker that knows only the rules, a run killed and resumed without redoing a
//! case, and a folder of another study refused. The shards, their merge and the same table
//! on a busy machine are in `study_shards.rs`.

#[path = "../crates/omweso-engine/examples/check_proof/proof_checker.rs"]
mod proof_checker;

use omweso::cli::study::Row;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn omweso(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_omweso")).args(args).stdin(Stdio::null()).output().expect("omweso runs")
}

fn rows(dir: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(dir.join("table.jsonl")).expect("the table");
    text.lines().filter_map(|l| serde_json::from_str(l).ok()).collect()
}

#[test]
fn a_refuted_layout_is_written_with_a_proof_that_the_rules_alone_check() {
    let dir = tempfile::tempdir().expect("a folder");
    let firsts = dir.path().join("firsts.txt");
    // Two in every hole: refuted within a second from the first reply tried.
    std::fs::write(&firsts, "# the study's first layouts\n2A-P\n").expect("the list");
    let out = dir.path().join("study");
    let (firsts, out_s) = (firsts.to_str().unwrap(), out.to_str().unwrap());
    let args = [
        "study",
        "layouts",
        "--first",
        firsts,
        "--order",
        "second-moves-first",
        "--nodes",
        "200000",
        "--replies",
        "3",
        "--out",
        out_s,
    ];
    let run = omweso(&args);
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{text}{}", String::from_utf8_lossy(&run.stderr));
    assert!(text.contains("1 cases to search (0 already"), "{text}");
    assert!(text.contains("second-moves-first: 1 first layouts, 1 refuted (100.0%), 0 not"), "{text}");
    let rows = rows(&out);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    assert_eq!((row.first.as_str(), row.result.as_str(), row.verdict.as_str()), ("2A-P", "refuted", "lower wins"));
    let proof = std::fs::read_to_string(out.join(row.proof.as_deref().expect("a proof file"))).expect("the proof");
    let checked = proof_checker::check(&proof, omweso_rules::RuleOptions::default()).expect("the proof holds");
    assert_eq!(checked.winner, omweso_rules::Side::Lower);
    // The proof is of the game from the two layouts, the reply's side to move.
    let root_text = format!("{}", checked.root);
    let reply = omweso_rules::notation::parse_layout(&row.reply, omweso_rules::Side::Lower).expect("the reply");
    let first = omweso_rules::notation::parse_layout("2A-P", omweso_rules::Side::Upper).expect("the first");
    let from_layouts = omweso_rules::GameState::from_layouts(
        &reply,
        &first,
        omweso_rules::Side::Lower,
        omweso_rules::RuleOptions::default(),
    );
    assert_eq!(root_text, from_layouts.to_string());
    assert_eq!(row.proof_positions, Some(proof.lines().count()));

    // Run again: nothing to do, the table unchanged; the summary reads it.
    let again = omweso(&args);
    assert!(String::from_utf8_lossy(&again.stdout).contains("0 cases to search (1 already"));
    assert_eq!(self::rows(&out), rows);
    let summary = omweso(&["study", "summary", &format!("{out_s}/table.jsonl")]);
    assert!(String::from_utf8_lossy(&summary.stdout).contains("1 refuted (100.0%)"));

    // Another study in the same folder is refused, with the reason.
    let other = omweso(&["study", "layouts", "--first", firsts, "--nodes", "999", "--out", out_s]);
    assert!(!other.status.success());
    assert!(String::from_utf8_lossy(&other.stderr).contains("holds another study"), "{other:?}");
}

#[test]
fn a_killed_study_resumes_without_redoing_a_case_and_shards_cover_the_set() {
    let dir = tempfile::tempdir().expect("a folder");
    let out = dir.path().join("study");
    let out_s = out.to_str().unwrap();
    let args = [
        "study",
        "layouts",
        "--count",
        "8",
        "--seed",
        "5",
        "--nodes",
        "20000",
        "--replies",
        "2",
        "--threads",
        "1",
        "--out",
        out_s,
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_omweso"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("a study");
    let start = Instant::now();
    while std::fs::read_to_string(out.join("table.jsonl")).map_or(0, |t| t.lines().count()) < 3 {
        assert!(start.elapsed() < Duration::from_secs(60), "three cases within a minute");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().expect("killed");
    child.wait().expect("ended");
    let before = rows(&out);
    assert!(before.len() >= 3 && before.len() < 16, "{} rows before the kill", before.len());
    // A line cut short by the kill, as a crash in the middle of a write would leave it.
    let mut table = std::fs::OpenOptions::new().append(true).open(out.join("table.jsonl")).expect("the table");
    std::io::Write::write_all(&mut table, b"{\"index\":7,\"fir").expect("a torn line");
    drop(table);

    let resumed = omweso(&args);
    let text = String::from_utf8_lossy(&resumed.stdout);
    assert!(resumed.status.success(), "{text}");
    assert!(text.contains(&format!("{} cases to search ({} already", 16 - before.len(), before.len())), "{text}");
    assert!(text.contains("1 line(s) that are not rows of a study, passed over"), "the torn line is said: {text}");
    let after = rows(&out);
    assert_eq!(after.len(), 16, "8 layouts in 2 orders, each once");
    assert!(before.iter().all(|r| after.contains(r)), "the cases done before the kill are kept, not redone");
    let mut sorted = after.clone();
    sorted.sort_by(|a, b| (a.index, &a.order).cmp(&(b.index, &b.order)));
    assert_eq!(after, sorted, "a finished table is sorted by first layout and order");
    let keys: std::collections::HashSet<_> = after.iter().map(|r| (r.index, r.order.clone())).collect();
    assert_eq!(keys.len(), 16);
}

#[test]
fn a_hunt_writes_the_hardest_layout_found_with_its_proof_and_is_the_same_twice() {
    let dir = tempfile::tempdir().expect("a folder");
    let firsts = dir.path().join("firsts.txt");
    std::fs::write(&firsts, "2A-P\n4I-P\n").expect("the list");
    let hunt = |out: &Path, threads: &str| {
        let args = [
            "study",
            "hunt",
            "--first",
            firsts.to_str().unwrap(),
            "--order",
            "second-moves-first",
            "--steps",
            "3",
            "--nodes",
            "20000",
            "--replies",
            "2",
            "--final-factor",
            "2",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ];
        let run = omweso(&args);
        assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
        std::fs::read_to_string(out.join("hunt.jsonl")).expect("the hunt's table")
    };
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    let table = hunt(&a, "2");
    assert_eq!(hunt(&b, "1"), table, "the same hunt, the same table");
    let rows: Vec<serde_json::Value> = table.lines().map(|l| serde_json::from_str(l).expect("a row")).collect();
    assert_eq!(rows.len(), 2);
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["index"], i as u64);
        assert_eq!(row["steps"], 3);
        assert_eq!(row["budget"]["nodes"], 40_000, "the last search: twice the nodes");
        let hardest = omweso_rules::notation::parse_layout(row["hardest"].as_str().unwrap(), omweso_rules::Side::Upper)
            .expect("a layout");
        assert_eq!(hardest.counts().iter().map(|&c| u32::from(c)).sum::<u32>(), 32);
        if row["result"] == "refuted" {
            let proof = std::fs::read_to_string(a.join(row["proof"].as_str().unwrap())).expect("the proof");
            let checked = proof_checker::check(&proof, omweso_rules::RuleOptions::default()).expect("the proof holds");
            assert_eq!(checked.winner, omweso_rules::Side::Lower);
        }
    }
}
