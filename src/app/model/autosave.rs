//! The game kept between runs (eframe storage): the game itself, the file it belongs to and
//! whether it had unsaved changes, so that a restart loses nothing, not even the file name.
//! An autosave that cannot be read is set aside under its own key, never overwritten.

use crate::app::model::command::Command;
use crate::app::model::session::Session;
use crate::app::model::settings::Settings;
use crate::app::services::store::Kept;
use crate::savefile::SavedGame;
use omweso_rules::GameState;
use std::path::PathBuf;

/// The storage key of the autosaved game (a saved game's RON text).
pub const AUTOSAVE_KEY: &str = "omweso-autosave";
/// The storage key of the autosaved game's document: its file and whether it had changed.
pub const AUTOSAVE_DOCUMENT_KEY: &str = "omweso-autosave-document";
/// The storage key of the lesson under way, by id and step ([`LessonPlace`]): the window
/// comes back to it.
pub const LESSON_KEY: &str = "omweso-lesson";
/// Where an autosave that could not be read is set aside (kept, never overwritten by the
/// next autosave).
pub const DAMAGED_AUTOSAVE_KEY: &str = "omweso-autosave-damaged";

/// What the window opens on.
pub enum Start {
    /// A new session: the autosaved game of the last run, else the New Game dialog.
    Fresh,
    /// A game state (`--state`).
    State(GameState),
    /// A game from `start` with `moves` (a page's link, in [`super::link`]'s form).
    Game {
        /// The game's starting state.
        start: Box<GameState>,
        /// Its moves, `;` between them.
        moves: String,
    },
    /// The saved game in this file (read by the window, which asks first about unsaved
    /// changes of the game kept from the last run).
    Saved(PathBuf),
    /// Lesson number `n` of the course (`omweso --lesson ID`).
    Lesson(usize),
    /// Online play as the form says (`omweso --online SERVER [--code CODE]`).
    Online(Box<crate::app::model::online::OnlineForm>),
    /// A file that could not be opened: a fresh start (as [`Start::Fresh`]) that shows
    /// this message, so that opening a bad file from a file manager says why.
    Unreadable(String),
}

/// The autosaved game's file and whether it differed from that file.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
struct AutosaveDocument {
    path: Option<PathBuf>,
    changed: bool,
    /// The game-over card of a finished game had been closed.
    game_over_closed: bool,
    /// The online seat of the game, if it was played online and is not over: the window
    /// takes it again (`session/online.rs`).
    online: Option<crate::app::model::online::OnlinePlace>,
}

/// Where a lesson under way was left: the lesson's id and the step shown (from 0).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct LessonPlace {
    /// The lesson's id (`assets/lessons/*.ron`).
    pub id: String,
    /// The step's number (from 0).
    pub step: usize,
}

/// The session as the last run left it: settings from `storage`, then `start`; a fresh
/// start picks up the autosaved game with its file. `notices` (and any setting that could
/// not be read) are shown to the player. Returns the session and the text of a damaged
/// autosave, to set aside at the next [`store`].
pub fn restore(storage: Option<&dyn Kept>, start: Start, mut notices: Vec<String>) -> (Session, Option<String>) {
    let settings = match storage {
        Some(s) => {
            let (settings, bad) = Settings::load(s);
            if !bad.is_empty() {
                notices.push(format!(
                    "Some settings could not be read ({}); they are back to their defaults.",
                    bad.join(", ")
                ));
            }
            settings
        }
        None => Settings::default(),
    };
    let mut damaged = None;
    let (start, notice) = match start {
        Start::Unreadable(message) => (Start::Fresh, Some(message)),
        start => (start, None),
    };
    // A lesson under way comes back at its step (the game kept before it stays kept).
    let lesson = storage.and_then(|s| s.kept(LESSON_KEY)).and_then(|t| ron::from_str::<LessonPlace>(&t).ok()).and_then(
        |place| {
            let all = crate::lessons::all().ok()?;
            let n = all.iter().position(|l| l.id == place.id)?;
            (place.step < all[n].steps.len()).then_some((n, place.step))
        },
    );
    // The game kept from the last run (or its lesson) comes back first; what this start
    // asks for is then a command like any other, which asks before it replaces unsaved
    // changes (a start must not drop the kept game unasked).
    let mut session = match lesson {
        Some((lesson, step)) => {
            let mut session = Session::new(settings);
            session.apply(Command::StartLessonAt { lesson, step });
            log::info!("lesson {} restored at step {}", lesson + 1, step + 1);
            session
        }
        None => match storage.and_then(|s| s.kept(AUTOSAVE_KEY)) {
            None => {
                // Nothing played yet and no lesson taken: offer the lessons first.
                let new = settings.lessons_done.is_empty();
                let mut session = Session::new(settings);
                if new {
                    session.apply(Command::ToggleTeaching(crate::app::model::command::Teaching::Learn));
                }
                session
            }
            Some(text) => match SavedGame::from_ron(&text) {
                Ok(saved) => {
                    let doc: AutosaveDocument = storage
                        .and_then(|s| s.kept(AUTOSAVE_DOCUMENT_KEY))
                        .and_then(|t| ron::from_str(&t).ok())
                        .unwrap_or_default();
                    log::info!("the game kept from the last run restored ({})", saved.summary().replace('\n', "; "));
                    // A path kept relative (by an older build) would name a file in whatever
                    // folder this run starts in: the game comes back untitled instead.
                    let path = doc.path.filter(|p| {
                        let absolute = p.is_absolute();
                        if !absolute {
                            log::warn!("the kept game's file {} is relative: restored as untitled", p.display());
                        }
                        absolute
                    });
                    let mut session = Session::from_saved(settings, saved, path);
                    if doc.changed {
                        session.forget_baseline();
                    }
                    if doc.game_over_closed {
                        session.apply(Command::DismissGameOver);
                    }
                    if let Some(place) = &doc.online {
                        log::info!("taking the online seat of game {} again", place.code);
                        session.reconnect_online(place);
                    }
                    session
                }
                Err(e) => {
                    notices
                        .push(format!("The game autosaved last time could not be restored ({e}); it was set aside."));
                    damaged = Some(text);
                    Session::new(settings)
                }
            },
        },
    };
    let command = match start {
        Start::Fresh | Start::Unreadable(_) => None,
        Start::State(s) => Some(Command::PlayFromState(Box::new(s))),
        Start::Game { start, moves } => Some(Command::PlayGame { start, moves }),
        Start::Lesson(n) => Some(Command::StartLesson(n)),
        Start::Saved(path) => Some(Command::OpenHanded(path)),
        Start::Online(form) => {
            session.apply(Command::CloseModal(crate::app::model::command::ModalKind::NewGame));
            Some(Command::Online(crate::app::model::online::OnlineCommand::Connect(form)))
        }
    };
    if let Some(command) = command {
        session.apply(command);
    }
    notices.extend(notice);
    if !notices.is_empty() {
        session.notify(notices.join("\n\n"));
    }
    (session, damaged)
}

/// Writes the settings and the game (with its file), or the lesson's place, to `storage`; a damaged autosave
/// waiting in `damaged` is set aside first, under [`DAMAGED_AUTOSAVE_KEY`].
pub fn store(storage: &mut dyn Kept, session: &Session, damaged: &mut Option<String>) {
    session.settings().store(storage);
    if let Some(text) = damaged.take() {
        storage.keep(DAMAGED_AUTOSAVE_KEY, text);
    }
    if let Some(run) = session.lesson() {
        // A lesson is not a game to keep: the game autosaved before it stays, and the
        // lesson's place is kept beside it.
        let place = LessonPlace { id: run.lesson.id.clone(), step: run.step };
        if let Ok(text) = ron::to_string(&place) {
            storage.keep(LESSON_KEY, text);
        }
        return;
    }
    storage.forget(LESSON_KEY);
    if session.puzzle().is_some() {
        // Nor is a puzzle: the game autosaved before it stays (the puzzles solved are
        // in the settings).
        return;
    }
    let kept = session.to_keep();
    storage.keep(AUTOSAVE_KEY, kept.to_ron());
    // Changed as the window says it (`Document::differs_from`, as `Session::changed` asks).
    let changed = session.document().differs_from(&kept);
    let game_over_closed = session.play().is_some_and(|p| p.game_over_dismissed());
    let online = session.online().and_then(|o| o.place(""));
    let doc = AutosaveDocument { path: session.document().path.clone(), changed, game_over_closed, online };
    if let Ok(text) = ron::to_string(&doc) {
        storage.keep(AUTOSAVE_DOCUMENT_KEY, text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::command::Command;
    use crate::app::model::test_disk::Disk;
    use crate::app::services::store::Memory;

    #[test]
    fn the_autosave_keeps_the_file_and_whether_it_changed() {
        let disk = Disk::default();
        // Defect 2: after a restart the game said Untitled and Save asked again.
        let file = PathBuf::from("/games/game.omweso");
        let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
        let mut s = Session::from_state(Settings::default(), state);
        disk.apply(&mut s, Command::SavePath(file.clone()));
        let mut m = Memory::default();
        store(&mut m, &s, &mut None);
        let (back, damaged) = restore(Some(&m), Start::Fresh, vec![]);
        assert_eq!(damaged, None);
        assert_eq!(back.document().path.as_deref(), Some(file.as_path()));
        assert_eq!(back.title(), "game.omweso — Omweso");
        // With unsaved changes, it still has them after the restart.
        disk.apply(&mut s, Command::PlayHole { hole: omweso_rules::Hole::from_letter('d').unwrap(), split: false });
        store(&mut m, &s, &mut None);
        let (mut back, _) = restore(Some(&m), Start::Fresh, vec![]);
        assert!(back.changed());
        assert_eq!(back.title(), "game.omweso * — Omweso");
        disk.apply(&mut back, Command::Save);
        assert!(!back.changed(), "saved to its file without asking");
        assert!(back.modals().top().is_none());
    }

    #[test]
    fn a_games_path_is_absolute_from_the_start_and_a_kept_relative_one_comes_back_untitled() {
        // Issue 40.1: a game opened as `omweso g.omweso` kept "g.omweso", and a restart in
        // another folder saved over that folder's g.omweso.
        let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
        let saved = Session::from_state(Settings::default(), state).to_keep();
        let s = Session::from_saved(Settings::default(), saved.clone(), Some(PathBuf::from("g.omweso")));
        let here = std::env::current_dir().unwrap().join("g.omweso");
        assert_eq!(s.document().path.as_deref(), Some(here.as_path()), "made absolute at once");
        let mut m = Memory::default();
        store(&mut m, &s, &mut None);
        assert!(m.0[AUTOSAVE_DOCUMENT_KEY].contains(&*here.to_string_lossy()), "kept absolute");
        // What an older build kept: the relative path as typed.
        let old = AutosaveDocument { path: Some(PathBuf::from("g.omweso")), ..AutosaveDocument::default() };
        m.0.insert(AUTOSAVE_DOCUMENT_KEY.into(), ron::to_string(&old).unwrap());
        let (back, _) = restore(Some(&m), Start::Fresh, vec![]);
        assert_eq!(back.document().path, None, "untitled, tied to no file in the folder of this run");
        assert!(back.game().is_some(), "the game itself is back");
    }

    /// A trial found `omweso --state` (and `--lesson`, or a file) started with no window open
    /// replacing an unsaved kept game unasked: each now asks first, and the kept game is
    /// there until the player says.
    #[test]
    fn a_start_on_a_state_a_lesson_or_a_file_asks_before_the_kept_game_goes() {
        let disk = Disk::default();
        let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
        let mut s = Session::from_state(Settings::default(), state);
        s.apply(Command::PlayHole { hole: omweso_rules::Hole::from_letter('d').unwrap(), split: false });
        s.apply(Command::SkipAnimation);
        let kept = s.game().unwrap().current().to_string();
        let mut m = Memory::default();
        store(&mut m, &s, &mut None);
        let file = PathBuf::from("/games/game.omweso");
        disk.put(&file, include_str!("../../../tests/corpus/good/worked-game.omweso"));
        let other: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
        for start in [Start::State(other.clone()), Start::Lesson(0), Start::Saved(file.clone())] {
            let (mut back, _) = restore(Some(&m), start, vec![]);
            assert!(matches!(back.modals().top(), Some(crate::app::model::modal::Modal::Unsaved(_))), "asked first");
            assert_eq!(back.game().unwrap().current().to_string(), kept, "the kept game is still there");
            disk.apply(&mut back, Command::Discard);
            assert!(back.lesson().is_some() || back.game().unwrap().current().to_string() != kept, "then replaced");
        }
        // With nothing unsaved, the start opens what it names at once.
        let (fresh, _) = restore(None, Start::State(other.clone()), vec![]);
        assert_eq!(fresh.game().unwrap().current(), &other);
        assert!(fresh.modals().top().is_none(), "no New Game dialog nor lesson list over it");
    }

    #[test]
    fn a_damaged_autosave_is_kept_until_it_is_set_aside() {
        let disk = Disk::default();
        // Defect 6: opening a file before the first save dropped it.
        let mut m = Memory::default();
        m.0.insert(AUTOSAVE_KEY.into(), "(garbled".into());
        let (mut s, mut damaged) = restore(Some(&m), Start::Fresh, vec![]);
        assert!(
            matches!(s.modals().iter().last(), Some(crate::app::model::modal::Modal::Problem(t)) if t.contains("set aside"))
        );
        let file = PathBuf::from("/games/game.omweso");
        let good = include_str!("../../../tests/corpus/good/worked-game.omweso");
        disk.put(&file, good);
        disk.apply(&mut s, Command::OpenPath(file.clone()));
        assert!(s.game().is_some(), "the file opened");
        store(&mut m, &s, &mut damaged);
        assert_eq!(m.0.get(DAMAGED_AUTOSAVE_KEY).map(String::as_str), Some("(garbled"));
        assert_ne!(m.0.get(AUTOSAVE_KEY).map(String::as_str), Some("(garbled"));
    }

    #[test]
    fn a_lesson_under_way_comes_back_at_its_step_and_the_game_before_it_stays() {
        let state: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap();
        let mut s = Session::from_state(Settings::default(), state);
        s.apply(Command::PlayHole { hole: omweso_rules::Hole::from_letter('d').unwrap(), split: false });
        let mut m = Memory::default();
        store(&mut m, &s, &mut None);
        let game = m.0.get(AUTOSAVE_KEY).cloned();
        s.apply(Command::StartLessonAt { lesson: 0, step: 2 });
        assert!(matches!(s.modals().top(), Some(crate::app::model::modal::Modal::Unsaved(_))), "the move is not saved");
        s.apply(Command::Discard);
        let run = s.lesson().expect("the lesson is under way");
        assert_eq!((run.index, run.step), (0, 2));
        store(&mut m, &s, &mut None);
        assert_eq!(m.0.get(AUTOSAVE_KEY), game.as_ref(), "the game before the lesson is kept");
        let (back, _) = restore(Some(&m), Start::Fresh, vec![]);
        let run = back.lesson().expect("the window comes back to the lesson");
        assert_eq!((run.index, run.step), (0, 2));
        assert!(back.modals().new_game().is_none(), "not the New Game dialog");
        // A start on a file or a state opens that instead.
        let (other, _) = restore(Some(&m), Start::State("4i-p; 4I-P / L both 0,0".parse().unwrap()), vec![]);
        assert!(other.lesson().is_none());
        // Once the lesson is left, the next start is not a lesson.
        let mut s = back;
        s.apply(Command::StartGame(Box::new(s.settings().form.clone())));
        assert!(s.lesson().is_none());
        store(&mut m, &s, &mut None);
        assert!(!m.0.contains_key(LESSON_KEY));
        let (next, _) = restore(Some(&m), Start::Fresh, vec![]);
        assert!(next.lesson().is_none());
    }

    #[test]
    fn a_closed_game_over_card_stays_closed_after_a_restart() {
        let state: GameState = "2i, 46p; 1A-P / L none 0,0".parse().unwrap();
        let mut s = Session::from_state(Settings { animate: false, ..Settings::default() }, state);
        s.apply(Command::PlayHole { hole: omweso_rules::Hole::from_letter('i').unwrap(), split: false });
        assert!(s.game_over_open(), "{:?}", s.game().unwrap().result());
        let mut m = Memory::default();
        store(&mut m, &s, &mut None);
        let (back, _) = restore(Some(&m), Start::Fresh, vec![]);
        assert!(back.game_over_open(), "not closed: it shows again");
        s.apply(Command::DismissGameOver);
        store(&mut m, &s, &mut None);
        let (back, _) = restore(Some(&m), Start::Fresh, vec![]);
        assert!(!back.game_over_open(), "closed: it stays closed");
        assert!(back.game().unwrap().result().is_some());
    }

    #[test]
    fn unreadable_settings_are_named_in_a_notice() {
        let mut m = Memory::default();
        m.0.insert("omweso.settings.speed".into(), "Warp".into());
        let (s, _) = restore(Some(&m), Start::Fresh, vec!["first notice".into()]);
        let text: Vec<_> = s
            .modals()
            .iter()
            .filter_map(|m| match m {
                crate::app::model::modal::Modal::Problem(t) => Some(t.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(text.len(), 1);
        assert!(text[0].contains("first notice") && text[0].contains("(speed)"), "{}", text[0]);
    }
}
