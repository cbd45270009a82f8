//! The window's house (issue 37): `src/app` has three rooms, and imports go one way only,
//! ui → model → services → the crates, never back up. This test reads every module of
//! `src/app` (its code, not its comments nor its test module) and fails on a path that
//! names a room above the one the file is in: `crate::app::ui::…` from the model, `super::`
//! climbing out of a room into a higher one, the app root (`App`, `crate::app::Command`…)
//! from a room. ARCHITECTURE.md draws the rooms.

use std::path::{Path, PathBuf};

/// The rooms, lowest first; the app root (`src/app/mod.rs`, the eframe `App`) is above them.
const ROOMS: [&str; 3] = ["services", "model", "ui"];

/// The floor of a room: services 0, model 1, ui 2, the app root 3.
fn floor(room: &str) -> usize {
    ROOMS.iter().position(|r| *r == room).unwrap_or(ROOMS.len())
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/app").flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            sources(&path, out);
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.starts_with("tests_") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments and its test module.
fn code(text: &str) -> String {
    let body = text.split("\n#[cfg(test)]\nmod tests").next().unwrap_or(text);
    body.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// The module path of a file below `src/app`: `["ui", "panels"]`, `["model", "session"]`
/// for `model/session/mod.rs`, `[]` for the root.
fn module_path(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" {
        parts.push(stem.to_string());
    }
    parts
}

/// The room a module path is in ("app" for the root and what it holds itself).
fn room_of(path: &[String]) -> String {
    match path.first() {
        Some(first) if ROOMS.contains(&first.as_str()) => first.clone(),
        _ => "app".to_string(),
    }
}

/// Every module path named in `code` by `crate::app::…` or `super::…` (braces opened), as
/// absolute paths below `crate::app`.
fn named(code: &str, here: &[String]) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    for (i, _) in code.match_indices("crate::app::").chain(code.match_indices("super::")) {
        if i > 0 && code[..i].ends_with(|c: char| word(c) || c == ':') {
            continue; // the middle of a longer path (super::super::…, a::super)
        }
        let mut rest = &code[i..];
        let base: Vec<String> = if let Some(r) = rest.strip_prefix("crate::app::") {
            rest = r;
            Vec::new()
        } else {
            // `super` is the module above this one (a `mod.rs` is its folder's module).
            let mut base = here.to_vec();
            base.pop();
            rest = &rest["super::".len()..];
            while let Some(r) = rest.strip_prefix("super::") {
                base.pop();
                rest = r;
            }
            base
        };
        let items: Vec<&str> = if let Some(r) = rest.strip_prefix('{') {
            r.split('}').next().unwrap_or("").split(',').collect()
        } else {
            vec![rest]
        };
        for item in items {
            let path: Vec<String> = item
                .trim()
                .split("::")
                .map(|s| s.chars().take_while(|&c| word(c)).collect::<String>())
                .take_while(|s| !s.is_empty())
                .collect();
            let mut full = base.clone();
            full.extend(path);
            out.push(full);
        }
    }
    out
}

#[test]
fn imports_go_from_ui_to_model_to_services_and_never_back_up() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app");
    let mut files = Vec::new();
    sources(&root, &mut files);
    assert!(files.len() > 30, "src/app read: {} files", files.len());
    let mut found: Vec<(String, String)> = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&root).expect("below src/app");
        let here = module_path(rel);
        let room = room_of(&here);
        let text = std::fs::read_to_string(file).expect("a source file");
        for path in named(&code(&text), &here) {
            let target = room_of(&path);
            if floor(&target) > floor(&room) {
                let shown = format!("src/app/{}", rel.display());
                if !found.contains(&(shown.clone(), target.clone())) {
                    found.push((shown, target));
                }
            }
        }
    }
    found.sort();
    assert!(found.is_empty(), "imports back up (ui → model → services, never back): {found:?}");
}

#[test]
fn the_check_sees_an_import_back_up() {
    let here = vec!["model".to_string(), "setup".to_string()];
    let paths = named("use super::super::ui::theme;\nuse crate::app::{App, services::job::Job};", &here);
    let rooms: Vec<String> = paths.iter().map(|p| room_of(p)).collect();
    assert_eq!(rooms, ["app", "services", "ui"]);
    let sub = vec!["model".to_string(), "session".to_string()];
    let paths = named("use super::command::Command;", &sub);
    assert_eq!(paths, [vec!["model".to_string(), "command".to_string(), "Command".to_string()]]);
}
