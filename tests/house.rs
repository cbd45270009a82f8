//! The window's house (issues 37 and 49): `src/app` has three rooms, and imports go one way
//! only, ui → model → services → the crates, never back up; and no module of `src/app`, nor
//! of any crate under `crates/`, reaches itself through a chain of imports (no loop).
//!
//! This test reads the sources as text. A module is a file (`mod.rs`, `lib.rs`: its folder's
//! module). A file names another module by a path in its code, comments aside: `crate::…`
//! (`crate::app::…` in the program), `super::…`, `self::…`, or a `use` of a child module; a
//! path through a `pub use` is followed to the module the item comes from.
//!
//! - Floors: a path in any code of `src/app`, its tests too (a `tests` module, `tests.rs`,
//!   `tests_*.rs`), naming a room above the file's room fails: `crate::app::ui::…` from the
//!   model, `super::` climbing out of a room into a higher one, the app root (`App`,
//!   `crate::app::Command`…) from a room.
//! - Loops: the imports of the code (tests aside: nothing imports a test) must have no cycle.
//!   A module naming its own descendants (`mod stepping; pub use stepping::Sowing;`) is how a
//!   module is made of its parts, not an import, and is not an edge; a part naming its parent
//!   is.
//!
//! ARCHITECTURE.md draws the rooms.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rooms, lowest first; the app root (`src/app/mod.rs`, the eframe `App`) is above them.
const ROOMS: [&str; 3] = ["services", "model", "ui"];

/// The floor of a room: services 0, model 1, ui 2, the app root 3.
fn floor(room: &str) -> usize {
    ROOMS.iter().position(|r| *r == room).unwrap_or(ROOMS.len())
}

/// A module path below the tree's root: `["ui", "panels"]`, `[]` for the root.
type ModPath = Vec<String>;

/// One tree of modules: `src/app` (named `crate::app::…`) or a crate's `src` (`crate::…`).
struct Tree {
    /// The path that names the tree's root from inside: `["crate", "app"]`, `["crate"]`.
    prefix: Vec<&'static str>,
    /// Every module, with its file.
    modules: BTreeMap<ModPath, PathBuf>,
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file below the tree's root: `["ui", "panels"]`,
/// `["model", "session"]` for `model/session/mod.rs`, `[]` for `mod.rs` or `lib.rs` at the root.
fn module_path(rel: &Path) -> ModPath {
    let mut parts: ModPath = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().unwrap_or_default();
    let stem = last.trim_end_matches(".rs");
    let root_file = parts.is_empty() && (stem == "lib" || stem == "main");
    if stem != "mod" && !root_file {
        parts.push(stem.to_string());
    }
    parts
}

impl Tree {
    fn read(root: PathBuf, prefix: Vec<&'static str>) -> Tree {
        let mut files = Vec::new();
        sources(&root, &mut files);
        let modules = files
            .into_iter()
            .filter(|f| !f.strip_prefix(&root).expect("below the root").starts_with("bin"))
            .map(|f| (module_path(f.strip_prefix(&root).expect("below the root")), f))
            .collect();
        Tree { prefix, modules }
    }

    /// The file's code split in two: the code, and its tests (the inline `mod tests`, or all of
    /// it for a test file), each without its comments.
    fn code(&self, path: &ModPath) -> (String, String) {
        let text = std::fs::read_to_string(&self.modules[path]).expect("a source file");
        let strip = |t: &str| t.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        if is_test(path) {
            return (String::new(), strip(&text));
        }
        let mut halves = text.splitn(2, "\n#[cfg(test)]\nmod tests");
        let body = halves.next().unwrap_or("");
        (strip(body), strip(halves.next().unwrap_or("")))
    }
}

/// A test file's module: `tests`, `tests_*` or below a `tests` module.
fn is_test(path: &ModPath) -> bool {
    path.iter().any(|p| p == "tests" || p.starts_with("tests_"))
}

fn word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The paths of a use tree at the start of `s` (`a::{b, c::{d as e}}` → `a::b`, `a::c::d`),
/// each with the name it is brought in under.
fn use_tree(s: &str) -> Vec<(Vec<String>, String)> {
    fn tree(s: &[char], i: &mut usize, base: &[String], out: &mut Vec<(Vec<String>, String)>) {
        let mut path = base.to_vec();
        loop {
            while *i < s.len() && s[*i].is_whitespace() {
                *i += 1;
            }
            if *i < s.len() && s[*i] == '{' {
                *i += 1;
                loop {
                    tree(s, i, &path, out);
                    // Past a rename or anything else to the next item.
                    let mut depth = 0;
                    while *i < s.len() && !(depth == 0 && (s[*i] == ',' || s[*i] == '}')) {
                        depth += usize::from(s[*i] == '{');
                        depth -= usize::from(s[*i] == '}' && depth > 0);
                        *i += 1;
                    }
                    if *i >= s.len() || s[*i] == '}' {
                        *i += 1;
                        return;
                    }
                    *i += 1;
                }
            }
            let start = *i;
            while *i < s.len() && word(s[*i]) {
                *i += 1;
            }
            if *i == start {
                if path.len() > base.len() {
                    let name = path.last().cloned().unwrap_or_default();
                    out.push((path, name));
                }
                return;
            }
            path.push(s[start..*i].iter().collect());
            if s[*i..].starts_with(&[':', ':']) {
                *i += 2;
                continue;
            }
            let mut name = path.last().cloned().unwrap_or_default();
            let rest: String = s[*i..s.len().min(*i + 80)].iter().collect();
            if let Some(alias) = rest.trim_start().strip_prefix("as ") {
                name = alias.trim_start().chars().take_while(|&c| word(c)).collect();
            }
            out.push((path, name));
            return;
        }
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    tree(&chars, &mut 0, &[], &mut out);
    out
}

impl Tree {
    /// Every path in `code` of the module `here` that names something of this tree, as an
    /// absolute module path with the item after it (`["ui", "theme", "Palette"]`), with the
    /// name it is brought in under and whether it is re-exported (`pub use`).
    fn paths(&self, code: &str, here: &ModPath) -> Vec<(ModPath, String, bool)> {
        let mut out = Vec::new();
        let bytes = code.as_bytes();
        let mut i = 0;
        while i < code.len() {
            let starts = i == 0 || !(word(bytes[i - 1] as char) || bytes[i - 1] == b':');
            let rest = &code[i..];
            let len = rest.chars().take_while(|&c| word(c)).map(char::len_utf8).sum::<usize>();
            if !starts || len == 0 {
                i += rest.chars().next().map_or(1, char::len_utf8);
                continue;
            }
            let first = &rest[..len];
            let before = code[..i].trim_end();
            let in_use = before.ends_with("use");
            let exported = in_use && code[..i].rsplit('\n').next().unwrap_or("").trim_start().starts_with("pub");
            let at_path = rest[len..].starts_with("::") || rest[len..].trim_start().starts_with("::{");
            if at_path && (in_use || ["crate", "super", "self"].contains(&first)) {
                for (path, name) in use_tree(rest) {
                    if let Some(abs) = self.absolute(&path, here, in_use) {
                        out.push((abs, name, exported));
                    }
                }
            }
            i += len;
        }
        out
    }

    /// A path as written in module `here`, from this tree's root; `None` outside it.
    fn absolute(&self, path: &[String], here: &ModPath, in_use: bool) -> Option<ModPath> {
        let mut rest = path;
        let mut base: ModPath;
        if rest.len() >= self.prefix.len() && rest.iter().zip(&self.prefix).all(|(a, b)| a == b) {
            base = Vec::new();
            rest = &rest[self.prefix.len()..];
        } else if rest.first().is_some_and(|s| s == "super" || s == "self") {
            base = here.clone();
            if rest[0] == "self" {
                rest = &rest[1..];
            }
            while rest.first().is_some_and(|s| s == "super") {
                base.pop();
                rest = &rest[1..];
            }
        } else if in_use
            && rest.first().is_some_and(|s| {
                let mut child = here.clone();
                child.push(s.clone());
                self.modules.contains_key(&child)
            })
        {
            base = here.clone();
        } else {
            return None;
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// What each module re-exports: its name → the absolute path it stands for.
    fn exports(&self) -> BTreeMap<ModPath, BTreeMap<String, ModPath>> {
        let mut all = BTreeMap::new();
        for here in self.modules.keys() {
            let (code, _) = self.code(here);
            let names = self.paths(&code, here).into_iter().filter(|(_, _, e)| *e).map(|(p, n, _)| (n, p)).collect();
            all.insert(here.clone(), names);
        }
        all
    }

    /// The module a path names: its longest prefix that is a module, through `pub use`s.
    fn resolve(&self, path: &[String], exports: &BTreeMap<ModPath, BTreeMap<String, ModPath>>, hops: usize) -> ModPath {
        let mut n = path.len();
        while n > 0 && !self.modules.contains_key(&path[..n]) {
            n -= 1;
        }
        let module = path[..n].to_vec();
        if let (Some(item), true) = (path.get(n), hops < 8)
            && let Some(target) = exports.get(&module).and_then(|e| e.get(item))
        {
            let mut full = target.clone();
            full.extend(path[n + 1..].iter().cloned());
            if full != path {
                return self.resolve(&full, exports, hops + 1);
            }
        }
        module
    }

    /// The import graph of the code, tests aside: module → the modules it names.
    fn graph(&self) -> BTreeMap<ModPath, BTreeSet<ModPath>> {
        let exports = self.exports();
        let mut graph = BTreeMap::new();
        for here in self.modules.keys().filter(|m| !is_test(m)) {
            let (code, _) = self.code(here);
            let mut to = BTreeSet::new();
            for (path, _, _) in self.paths(&code, here) {
                let target = self.resolve(&path, &exports, 0);
                if !target.starts_with(here) && !is_test(&target) {
                    to.insert(target);
                }
            }
            graph.insert(here.clone(), to);
        }
        graph
    }

    /// The file of a module, as shown.
    fn shown(&self, m: &ModPath) -> String {
        let file = self.modules[m].strip_prefix(manifest()).expect("below the manifest");
        file.display().to_string()
    }
}

/// The loops of a graph: its strongly connected components of more than one module
/// (Tarjan's), each sorted.
fn loops(graph: &BTreeMap<ModPath, BTreeSet<ModPath>>) -> Vec<Vec<ModPath>> {
    struct Walk<'g> {
        graph: &'g BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<&'g ModPath, (usize, usize)>,
        stack: Vec<&'g ModPath>,
        on_stack: BTreeSet<&'g ModPath>,
        found: Vec<Vec<ModPath>>,
    }
    impl<'g> Walk<'g> {
        fn visit(&mut self, v: &'g ModPath) {
            let n = self.index.len();
            self.index.insert(v, (n, n));
            self.stack.push(v);
            self.on_stack.insert(v);
            for w in self.graph.get(v).into_iter().flatten() {
                if !self.graph.contains_key(w) {
                    continue;
                }
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.index[w].1.min(self.index[v].1);
                    self.index.get_mut(v).expect("visited").1 = low;
                } else if self.on_stack.contains(w) {
                    let low = self.index[w].0.min(self.index[v].1);
                    self.index.get_mut(v).expect("visited").1 = low;
                }
            }
            if self.index[v].0 == self.index[v].1 {
                let mut part = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on_stack.remove(w);
                    part.push(w.clone());
                    if w == v {
                        break;
                    }
                }
                if part.len() > 1 {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk =
        Walk { graph, index: BTreeMap::new(), stack: Vec::new(), on_stack: BTreeSet::new(), found: Vec::new() };
    for v in graph.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.found.sort();
    walk.found
}

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The room a module path is in ("app" for the root and what it holds itself).
fn room_of(path: &[String]) -> String {
    match path.first() {
        Some(first) if ROOMS.contains(&first.as_str()) => first.clone(),
        _ => "app".to_string(),
    }
}

#[test]
fn imports_go_from_ui_to_model_to_services_and_never_back_up() {
    let app = Tree::read(manifest().join("src/app"), vec!["crate", "app"]);
    assert!(app.modules.len() > 30, "src/app read: {} files", app.modules.len());
    let mut found = BTreeSet::new();
    for here in app.modules.keys() {
        let (code, tests) = app.code(here);
        // An inline test module's `super` is the file's own module.
        let mut inline = here.clone();
        inline.push("tests".to_string());
        let test_here = if is_test(here) { here.clone() } else { inline };
        let named = app.paths(&code, here).into_iter().chain(app.paths(&tests, &test_here));
        for (path, _, _) in named {
            let target = room_of(&path);
            if floor(&target) > floor(&room_of(here)) {
                found.insert((app.shown(here), target));
            }
        }
    }
    assert!(found.is_empty(), "imports back up (ui → model → services, never back): {found:?}");
}

#[test]
fn no_module_of_the_window_or_of_a_crate_imports_itself_through_others() {
    let mut trees = vec![Tree::read(manifest().join("src/app"), vec!["crate", "app"])];
    for krate in std::fs::read_dir(manifest().join("crates")).expect("crates/").flatten() {
        if krate.path().join("src/lib.rs").is_file() {
            trees.push(Tree::read(krate.path().join("src"), vec!["crate"]));
        }
    }
    assert!(trees.len() >= 4, "src/app and the crates read");
    let mut found = Vec::new();
    for tree in &trees {
        for part in loops(&tree.graph()) {
            found.push(part.iter().map(|m| tree.shown(m)).collect::<Vec<_>>().join(" ↔ "));
        }
    }
    assert!(found.is_empty(), "import loops:\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_an_import_back_up_and_a_loop() {
    let app = Tree::read(manifest().join("src/app"), vec!["crate", "app"]);
    let here = vec!["model".to_string(), "setup".to_string()];
    let paths = app.paths("use super::super::ui::theme;\nuse crate::app::{App, services::job::Job};", &here);
    let rooms: Vec<String> = paths.iter().map(|(p, _, _)| room_of(p)).collect();
    assert_eq!(rooms, ["ui", "app", "services"]);
    let sub = vec!["model".to_string(), "session".to_string(), "apply".to_string()];
    let paths = app.paths("pub use super::command::{Command as C, x::{Y}};", &sub);
    let model = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<ModPath>();
    assert_eq!(paths[0], (model(&["model", "session", "command", "Command"]), "C".to_string(), true));
    assert_eq!(paths[1].0, model(&["model", "session", "command", "x", "Y"]));
    let graph: BTreeMap<ModPath, BTreeSet<ModPath>> = [
        (model(&["a"]), [model(&["b"])].into()),
        (model(&["b"]), [model(&["c"])].into()),
        (model(&["c"]), [model(&["a"])].into()),
        (model(&["d"]), [model(&["a"])].into()),
    ]
    .into();
    assert_eq!(loops(&graph), [vec![model(&["a"]), model(&["b"]), model(&["c"])]]);
}

// ---- Issue 49: the model speaks in effects ----

/// The names of the world outside the model: the disk, a platform's storage, threads and
/// sockets. The model asks for them as effects; the app's services carry them out.
const OUTSIDE: [&str; 9] = [
    "std::fs",
    "crate::disk",
    "eframe::Storage",
    "std::thread",
    "std::net",
    "TcpStream",
    "UdpSocket",
    "tokio::",
    "symlink_metadata",
];

/// What `code` (comments aside) names of [`OUTSIDE`], by line.
fn outside_named(code: &str) -> Vec<String> {
    code.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .flat_map(|l| OUTSIDE.iter().filter(|n| l.contains(**n)).map(move |n| format!("{n} in `{}`", l.trim())))
        .collect()
}

/// The fields of `struct name` in `code`: (name, type), one a line as rustfmt writes them.
fn fields(code: &str, name: &str) -> Vec<(String, String)> {
    let start = format!("pub struct {name} {{");
    let Some(at) = code.find(&start) else { return Vec::new() };
    let body = &code[at + start.len()..];
    let body = &body[..body.find("\n}").unwrap_or(body.len())];
    body.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//") && !l.starts_with('#') && l.contains(':'))
        .filter_map(|l| {
            let (field, ty) = l.split_once(':')?;
            let field = field.trim().trim_start_matches("pub(super) ").trim_start_matches("pub ");
            Some((field.to_string(), ty.trim().trim_end_matches(',').to_string()))
        })
        .collect()
}

/// An opponent kept as an option beside the rest: `Option<Computer>`, `Option<Online>`….
fn opponent_options(fields: &[(String, String)]) -> Vec<String> {
    fields
        .iter()
        .filter(|(_, ty)| {
            ty.starts_with("Option<") && ["Computer", "Online", "Opponent"].iter().any(|o| ty.contains(o))
        })
        .map(|(f, ty)| format!("{f}: {ty}"))
        .collect()
}

/// The fields whose type is a flag or flags.
fn flags(fields: &[(String, String)]) -> Vec<String> {
    fields
        .iter()
        .filter(|(_, ty)| ty == "bool" || (ty.starts_with("[bool") && ty.ends_with(']')))
        .map(|(f, ty)| format!("{f}: {ty}"))
        .collect()
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(manifest().join(rel)).expect("a source file")
}

#[test]
fn nothing_under_the_model_names_the_disk_a_storage_a_thread_or_a_socket() {
    let mut files = Vec::new();
    sources(&manifest().join("src/app/model"), &mut files);
    assert!(files.len() > 20, "the model's files are found");
    let named: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).expect("a source file");
            outside_named(&text).into_iter().map(move |n| format!("{}: {n}", f.display()))
        })
        .collect();
    assert!(named.is_empty(), "the model (its tests too) names the world outside it:\n{}", named.join("\n"));
}

#[test]
fn the_session_keeps_its_seats_in_one_value_and_online_play_keeps_no_flags() {
    let session = fields(&read("src/app/model/session/mod.rs"), "Session");
    assert!(session.len() > 5, "the session's fields are read: {session:?}");
    assert!(session.len() <= 16, "Session has {} fields (at most 16): {session:?}", session.len());
    assert_eq!(opponent_options(&session), Vec::<String>::new(), "an opponent kept as an option");
    let online = fields(&read("src/app/model/online.rs"), "Online");
    assert!(online.len() > 5, "Online's fields are read: {online:?}");
    assert_eq!(flags(&online), Vec::<String>::new(), "Online keeps flags");
}

#[test]
fn the_effect_checks_see_what_they_look_for() {
    assert_eq!(outside_named("let m = std::fs::metadata(p);\n// std::thread in a comment").len(), 1);
    assert!(outside_named("fn load(s: &dyn eframe::Storage)").len() == 1);
    let code = "pub struct Session {\n    names: [String; 2],\n    computer: Option<Computer>,\n    online: Option<crate::app::model::online::Online>,\n    linked: bool,\n    present: [bool; 2],\n}\n";
    let f = fields(code, "Session");
    assert_eq!(f.len(), 5);
    assert_eq!(opponent_options(&f).len(), 2);
    assert_eq!(flags(&f), ["linked: bool", "present: [bool; 2]"]);
}
