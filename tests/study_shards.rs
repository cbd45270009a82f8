//! The layout study's budget and shards (issue 52): the same study gives the same table,
//! byte for byte, on an idle and on a busy machine and at any `--threads`; four shards run
//! as four processes (by `--shard I/N`, by Slurm's array variables and by Kubernetes'
//! indexed Job) and merged give exactly the folder one run writes; shards of different
//! studies, or a shard missing, are refused.

use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A small study: four random first layouts, both orders, two replies of 30,000 nodes.
const SMALL: [&str; 10] = ["study", "layouts", "--count", "4", "--seed", "7", "--nodes", "30000", "--replies", "2"];

fn omweso(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_omweso"));
    c.args(args).stdin(Stdio::null());
    for var in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX"] {
        c.env_remove(var);
    }
    c.envs(env.iter().copied());
    c
}

fn run(args: &[&str], env: &[(&str, &str)]) -> Output {
    let out = omweso(args, env).output().expect("omweso runs");
    assert!(
        out.status.success(),
        "{args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn small(out: &Path, more: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = SMALL.iter().map(|s| (*s).to_owned()).collect();
    args.extend(["--out".to_owned(), out.to_str().expect("a path").to_owned()]);
    args.extend(more.iter().map(|s| (*s).to_owned()));
    args
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The table, the settings and every proof of a study's folder.
fn folder(dir: &Path) -> Vec<(String, String)> {
    let mut files = vec![("table.jsonl".to_owned(), read(&dir.join("table.jsonl")))];
    files.push(("settings.json".to_owned(), read(&dir.join("settings.json"))));
    let mut proofs: Vec<_> =
        std::fs::read_dir(dir.join("proofs")).expect("proofs").map(|e| e.expect("an entry").path()).collect();
    proofs.sort();
    files.extend(proofs.iter().map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), read(p))));
    files
}

#[test]
fn the_same_study_gives_the_same_table_on_a_busy_machine_and_four_merged_shards_equal_one_run() {
    let dir = tempfile::tempdir().expect("a folder");
    let quiet = dir.path().join("quiet");
    let args = small(&quiet, &["--threads", "2"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args, &[]);
    let one = folder(&quiet);
    let table = &one[0].1;
    assert_eq!(table.lines().count(), 8, "{table}");
    assert!(table.contains("\"budget\":{\"replies\":2,\"nodes\":30000}"), "{table}");

    // Again, one case at a time, while two threads here spin (bounded) and the four shards
    // run at once beside it: the machine's two cores are busy three times over.
    let spin = AtomicBool::new(false);
    let busy = dir.path().join("busy");
    let shards = dir.path().join("sharded");
    let sh = shards.to_str().unwrap();
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| {
                let started = Instant::now();
                while !spin.load(Ordering::Relaxed) && started.elapsed() < Duration::from_secs(600) {
                    std::hint::spin_loop();
                }
            });
        }
        let children: Vec<_> = [
            (vec!["--shard", "0/4"], vec![]),
            (vec!["--shard", "1/4"], vec![]),
            // Slurm's `--array=1-4`: the third task.
            (
                vec!["--shard"],
                vec![("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_MIN", "1"), ("SLURM_ARRAY_TASK_COUNT", "4")],
            ),
            // Kubernetes' indexed Job of four completions: the fourth pod.
            (vec!["--shard", "auto", "--shard-count", "4"], vec![("JOB_COMPLETION_INDEX", "3")]),
        ]
        .into_iter()
        .map(|(more, env)| {
            let a = small(&shards, &more);
            let a: Vec<&str> = a.iter().map(String::as_str).collect();
            omweso(&a, &env).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().expect("a shard")
        })
        .collect();
        let a = small(&busy, &["--threads", "1"]);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        run(&a, &[]);
        for c in children {
            let out = c.wait_with_output().expect("a shard ends");
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        }
        spin.store(true, Ordering::Relaxed);
    });
    assert_eq!(folder(&busy), one, "the same study on a busy machine, one case at a time: the same files");

    for i in 0..4 {
        let rows = read(&shards.join(format!("shard-{i}-of-4/table.jsonl")));
        assert_eq!(rows.lines().count(), 2, "shard {i}: its one first layout, both orders");
    }
    let merged = dir.path().join("merged");
    let m = merged.to_str().unwrap();
    let shard_dirs: Vec<String> = (0..4).map(|i| format!("{sh}/shard-{i}-of-4")).collect();
    let mut margs = vec!["study", "merge", "--out", m];
    margs.extend(shard_dirs.iter().map(String::as_str));
    let said = run(&margs, &[]);
    assert!(String::from_utf8_lossy(&said.stdout).contains("4 shards merged"), "{said:?}");
    assert_eq!(folder(&merged), one, "four shards merged: the folder one run writes");

    // Refused: into a folder that holds a study, a shard missing, a shard given twice.
    let again = omweso(&margs, &[]).output().expect("omweso runs");
    assert!(String::from_utf8_lossy(&again.stderr).contains("already holds a study"), "{again:?}");
    let other = dir.path().join("other");
    let o = other.to_str().unwrap();
    let three = omweso(&["study", "merge", "--out", o, &shard_dirs[0], &shard_dirs[1], &shard_dirs[2]], &[])
        .output()
        .expect("runs");
    assert!(String::from_utf8_lossy(&three.stderr).contains("shard 3/4 is missing"), "{three:?}");
    let twice = omweso(&["study", "merge", "--out", o, &shard_dirs[0], &shard_dirs[0]], &[]).output().expect("runs");
    assert!(String::from_utf8_lossy(&twice.stderr).contains("given twice"), "{twice:?}");
    assert!(!other.join("table.jsonl").exists(), "nothing written when refused");

    // A shard of another budget is refused, with both settings said.
    let odd = dir.path().join("odd");
    let a = [
        "study",
        "layouts",
        "--count",
        "4",
        "--seed",
        "7",
        "--nodes",
        "20000",
        "--replies",
        "2",
        "--shard",
        "3/4",
        "--out",
        odd.to_str().unwrap(),
    ];
    run(&a, &[]);
    let odd_shard = format!("{}/shard-3-of-4", odd.display());
    let mixed =
        omweso(&["study", "merge", "--out", o, &shard_dirs[0], &shard_dirs[1], &shard_dirs[2], &odd_shard], &[])
            .output()
            .expect("runs");
    let why = String::from_utf8_lossy(&mixed.stderr);
    assert!(!mixed.status.success() && why.contains("a shard of another study") && why.contains("20000"), "{why}");
}

#[test]
fn shard_auto_without_a_scheduler_says_why_not() {
    let dir = tempfile::tempdir().expect("a folder");
    let a = small(dir.path(), &["--shard"]);
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let out = omweso(&a, &[]).output().expect("runs");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("neither SLURM_ARRAY_TASK_ID nor JOB_COMPLETION_INDEX"),
        "{out:?}"
    );
}
