//! Every read and write of a file by the program goes through `src/disk` (issue 40): its
//! reader is bounded, type-checked and never blocks on a FIFO, its writer is atomic and
//! link-safe. This fails when `std::fs::read`, `read_to_string`, `File::open`,
//! `File::create`, `fs::write` or `fs::rename` appear in the program's or the crates' sources outside
//! `src/disk`. Tests aside (`tests/`, test modules at the end of a file, `tests.rs` and
//! `tests_*.rs`), and the engine's examples and benches aside: developer tools that read
//! and write the developer's own files, in a crate that cannot depend on the program.

use std::path::{Path, PathBuf};

const CALLS: [&str; 6] = ["fs::read(", "read_to_string(", "File::open(", "File::create(", "fs::write(", "fs::rename("];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(name.as_str(), "tests" | "examples" | "benches" | "target" | "fuzz") {
                sources(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.starts_with("tests_") {
            out.push(path);
        }
    }
}

/// The lines of `text` before its test module (`#[cfg(test)]` or `#[cfg(all(test, …))]`
/// at the start of a line, followed by a `mod`).
fn before_tests(text: &str) -> Vec<(usize, &str)> {
    let lines: Vec<&str> = text.lines().collect();
    let end = (0..lines.len())
        .find(|&i| {
            lines[i].starts_with("#[cfg(test)]") || lines[i].starts_with("#[cfg(all(test")
        } && lines[i + 1..].iter().take(3).any(|l| l.starts_with("mod ") || l.starts_with("pub(crate) mod ")))
        .unwrap_or(lines.len());
    lines[..end].iter().enumerate().map(|(i, l)| (i + 1, *l)).collect()
}

#[test]
fn files_are_read_and_written_only_through_disk() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    for krate in ["omweso-rules", "omweso-engine"] {
        sources(&root.join("crates").join(krate).join("src"), &mut files);
    }
    assert!(files.len() > 50, "the sources were found: {}", files.len());
    let disk = root.join("src/disk");
    let mut found = Vec::new();
    for file in files.iter().filter(|f| !f.starts_with(&disk) && !f.ends_with("src/disk.rs")) {
        let text = std::fs::read_to_string(file).expect("a source file");
        for (n, line) in before_tests(&text) {
            if !line.trim_start().starts_with("//") && CALLS.iter().any(|c| line.contains(c)) {
                found.push(format!("{}:{n}: {}", file.strip_prefix(root).unwrap_or(file).display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "read or written outside src/disk (use disk::read, write_atomically…):\n{}",
        found.join("\n")
    );
}
