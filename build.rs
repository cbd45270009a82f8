//! Embeds every lesson under `assets/lessons/` (RON files, in file-name order) so that
//! adding a lesson needs no Rust: drop a file there and rebuild.

use std::fmt::Write as _;

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets").join("lessons");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|e| e == "ron")).collect())
        .unwrap_or_default();
    files.sort();
    let mut code = String::from(
        "/// The lesson files: (file name, text), in file-name order.\npub static LESSON_FILES: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let _ = writeln!(code, "    ({name:?}, include_str!({:?})),", f.display().to_string());
    }
    code.push_str("];\n");
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("lessons.rs");
    std::fs::write(out, code).expect("write the lesson list");
    version();
}

/// `OMWESO_VERSION`: the package version and, when built from a git checkout, the commit
/// it was built at (`0.1.0 (488236a0c)`), marked when the checkout's tracked files differ
/// from that commit (`0.1.0 (488236a0c, modified)`), for `omweso --version` and Help → About.
fn version() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
    };
    let version = env!("CARGO_PKG_VERSION");
    let full = match git(&["rev-parse", "--short=9", "HEAD"]) {
        Some(commit) if !commit.is_empty() => match git(&["status", "--porcelain", "--untracked-files=no"]) {
            Some(changes) if !changes.is_empty() => format!("{version} ({commit}, modified)"),
            _ => format!("{version} ({commit})"),
        },
        _ => version.to_owned(),
    };
    println!("cargo:rustc-env=OMWESO_VERSION={full}");
    // A new commit moves HEAD or the branch it names; an edit changes the sources (or the
    // index, when staged).
    let dot_git = root.join(".git");
    if dot_git.is_dir() {
        println!("cargo:rerun-if-changed={}", dot_git.join("index").display());
        for tracked in ["src", "crates", "assets", "tests", "Cargo.toml", "Cargo.lock", "build.rs"] {
            println!("cargo:rerun-if-changed={}", root.join(tracked).display());
        }
        println!("cargo:rerun-if-changed={}", dot_git.join("HEAD").display());
        if let Some(branch) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={}", dot_git.join(branch).display());
        }
    }
}
