//! A disk in memory, for the model's tests (issue 49): it carries out the session's file
//! effects as the app's files service does ([`crate::app::effects::serve_files`] on the real
//! disk), so that the model's tests run with no file at all. A file is a text; its stamp
//! changes with every write, by the session or by "another program" ([`Disk::put`]).

use crate::app::model::command::Command;
use crate::app::model::session::{Effect, Session};
use crate::app::services::files::{Look, Stamp};
use crate::savefile::SavedGame;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The files, shared by the sessions of a test (two windows on one file).
#[derive(Clone, Default)]
pub struct Disk(Rc<RefCell<Files>>);

#[derive(Default)]
struct Files {
    /// Each file's text and the number of the write that made it.
    texts: BTreeMap<PathBuf, (String, u64)>,
    writes: u64,
}

impl Disk {
    /// Writes `text` at `path`, as another program would.
    pub fn put(&self, path: &Path, text: &str) {
        let mut files = self.0.borrow_mut();
        files.writes += 1;
        let n = files.writes;
        files.texts.insert(path.to_path_buf(), (text.to_string(), n));
    }

    /// The text at `path`, if there is a file.
    pub fn text(&self, path: &Path) -> Option<String> {
        self.0.borrow().texts.get(path).map(|(t, _)| t.clone())
    }

    /// The saved game at `path`, if there is one that reads.
    pub fn game(&self, path: &Path) -> Option<SavedGame> {
        SavedGame::from_ron(&self.text(path)?).ok()
    }

    fn stamp(&self, path: &Path) -> Option<Stamp> {
        self.0.borrow().texts.get(path).map(|(_, n)| Stamp::numbered(*n))
    }

    /// Carries out `s`'s file effects (and those their answers ask for) on this disk;
    /// gives back the others (the clipboard, closing).
    pub fn serve(&self, s: &mut Session) -> Vec<Effect> {
        let mut left = Vec::new();
        loop {
            let effects = s.take_effects();
            if effects.is_empty() {
                return left;
            }
            for effect in effects {
                let answer = match effect {
                    Effect::Read(path) => {
                        let read = match self.text(&path) {
                            None => Err(format!("cannot read {}: no such file", path.display())),
                            Some(text) => SavedGame::from_ron(&text)
                                .map(|g| (Box::new(g), self.stamp(&path)))
                                .map_err(|e| e.to_string()),
                        };
                        Command::FileRead { path, read }
                    }
                    Effect::Write { path, game } => {
                        self.put(&path, &game.to_ron());
                        let written = Ok(self.stamp(&path));
                        Command::FileWritten { path, game, written }
                    }
                    Effect::Look { path, asked } => {
                        let look = Look { exists: self.text(&path).is_some(), stamp: self.stamp(&path) };
                        Command::Looked { path, asked, look }
                    }
                    Effect::Stamp(path) => Command::Stamped { stamp: self.stamp(&path), path },
                    other => {
                        left.push(other);
                        continue;
                    }
                };
                s.apply(answer);
            }
        }
    }

    /// Applies `command` to `s`, then carries out the file effects it asked for; gives back
    /// the others.
    pub fn apply(&self, s: &mut Session, command: Command) -> Vec<Effect> {
        s.apply(command);
        self.serve(s)
    }
}
