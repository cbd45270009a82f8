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
}
