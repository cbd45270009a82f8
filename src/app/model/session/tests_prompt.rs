//! The typed-path prompt (where no file dialog can be shown): another file at the typed
//! path is replaced only when the player says so.

use super::*;
use crate::app::model::command::Command as C;
use crate::app::model::test_disk::Disk;
use crate::app::services::files::DialogAnswer;

/// No file dialog can be shown: the typed-path prompt opens instead.
struct NoDialogs;

impl FileDialogs for NoDialogs {
    fn open(&mut self) -> Result<Option<PathBuf>, String> {
        Err("no dialog here".into())
    }
    fn save(&mut self, _name: &str) -> Result<Option<PathBuf>, String> {
        Err("no dialog here".into())
    }
}

fn session() -> Session {
    let settings = Settings { animate: false, ..Settings::default() };
    let mut s = Session::from_state(settings, "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().unwrap());
    s.set_dialogs(Box::new(NoDialogs));
    s
}

#[test]
fn a_typed_path_that_holds_another_file_asks_before_replacing_it() {
    let disk = Disk::default();
    // The files are in memory; the folder is a real one, which the prompt checks is there.
    let dir = std::env::temp_dir();
    let other = dir.as_path().join("game.omweso");
    disk.put(&other, "another game");
    let mut s = session();
    disk.apply(&mut s, C::Save);
    assert!(matches!(s.modals().top(), Some(Modal::Path(_))));
    disk.apply(&mut s, C::SavePath(other.clone()));
    assert!(matches!(s.modals().top(), Some(Modal::Replace(p)) if *p == other), "{:?}", s.modals().top());
    assert_eq!(disk.text(&other).unwrap(), "another game", "nothing written yet");
    // Cancel goes back to the path, to type another.
    disk.apply(&mut s, C::CancelModal);
    assert!(matches!(s.modals().top(), Some(Modal::Path(_))));
    assert_eq!(disk.text(&other).unwrap(), "another game");
    // Replace writes the game over it.
    disk.apply(&mut s, C::SavePath(other.clone()));
    disk.apply(&mut s, C::ReplaceFile);
    assert!(s.modals().top().is_none(), "{:?}", s.modals().top());
    assert!(disk.game(&other).ok_or("no game").is_ok());
    assert_eq!(s.document().path.as_deref(), Some(other.as_path()));
    assert!(!s.changed());
    // The game's own file is saved over without the question.
    disk.apply(&mut s, C::PlayHole { hole: omweso_rules::Hole::from_letter('d').unwrap(), split: false });
    disk.apply(&mut s, C::SaveAs);
    disk.apply(&mut s, C::SavePath(other.clone()));
    assert!(s.modals().top().is_none(), "{:?}", s.modals().top());
    assert!(!s.changed());
    // A new path asks nothing either.
    let new = dir.as_path().join("new.omweso");
    disk.apply(&mut s, C::SaveAs);
    disk.apply(&mut s, C::SavePath(new.clone()));
    assert!(s.modals().top().is_none() && disk.text(&new).is_some());
    // The next Untitled game's prompt starts in that folder, not the working folder.
    assert_eq!(s.settings().last_folder.as_deref(), Some(dir.as_path()));
    let mut next = Session::from_state(s.settings().clone(), "4i-p; 4I-P / L both 0,0".parse().unwrap());
    next.set_dialogs(Box::new(NoDialogs));
    disk.apply(&mut next, C::Save);
    let Some(Modal::Path(p)) = next.modals().top() else { panic!("the typed-path prompt") };
    assert_eq!(PathBuf::from(&p.text), dir.as_path().join("game.omweso"));
}

#[test]
fn whether_the_game_changed_follows_every_command() {
    let disk = Disk::default();
    // Worked out once per revision: it must still move with undo, redo and saving.
    let dir = PathBuf::from("/games");
    let mut s = session();
    assert!(!s.changed());
    let before = s.revision();
    disk.apply(&mut s, C::PlayHole { hole: omweso_rules::Hole::from_letter('d').unwrap(), split: false });
    assert!(s.revision() > before);
    assert!(s.changed());
    disk.apply(&mut s, C::SaveAs);
    disk.apply(&mut s, C::SavePath(dir.as_path().join("a.omweso")));
    assert!(!s.changed());
    disk.apply(&mut s, C::Undo);
    assert!(s.changed(), "the move taken back is a change");
    disk.apply(&mut s, C::Redo);
    assert!(!s.changed(), "back to the game as saved");
}

/// The system's dialogs, answering later on a channel the test holds.
struct LaterDialogs {
    asked: std::rc::Rc<std::cell::RefCell<Vec<std::sync::mpsc::Sender<DialogAnswer>>>>,
}

impl FileDialogs for LaterDialogs {
    fn open(&mut self) -> Result<Option<PathBuf>, String> {
        unreachable!("the dialog is asked on its thread")
    }
    fn save(&mut self, _name: &str) -> Result<Option<PathBuf>, String> {
        unreachable!("the dialog is asked on its thread")
    }
    fn ask_later(
        &mut self,
        _action: crate::app::services::files::FileAction,
        _name: &str,
    ) -> Option<Result<std::sync::mpsc::Receiver<DialogAnswer>, String>> {
        let (tx, rx) = std::sync::mpsc::channel();
        self.asked.borrow_mut().push(tx);
        Some(Ok(rx))
    }
}

#[test]
fn the_file_dialog_waits_on_its_thread_while_the_window_goes_on() {
    let disk = Disk::default();
    let dir = PathBuf::from("/games");
    let file = dir.as_path().join("saved.omweso");
    let mut s = session();
    let asked = std::rc::Rc::default();
    s.set_dialogs(Box::new(LaterDialogs { asked: std::rc::Rc::clone(&asked) }));
    // Save an Untitled game: the dialog opens, play waits, a second Save opens no second one.
    disk.apply(&mut s, C::PlayHole { hole: omweso_rules::Hole::from_letter('d').unwrap(), split: false });
    disk.apply(&mut s, C::Save);
    assert!(matches!(s.modals().top(), Some(Modal::FileDialog(_))) && s.paused());
    disk.apply(&mut s, C::Save);
    disk.apply(&mut s, C::Open);
    assert_eq!(asked.borrow().len(), 1, "one dialog at a time");
    disk.apply(&mut s, C::CancelModal);
    assert!(s.waiting_for_dialog(), "Esc does not close the system's dialog");
    assert_eq!(s.poll_dialog(), None, "no answer yet");
    asked.borrow()[0].send(DialogAnswer::Chosen(file.clone())).unwrap();
    let answer = s.poll_dialog().expect("the answer");
    disk.apply(&mut s, answer);
    assert!(!s.waiting_for_dialog() && s.modals().top().is_none());
    assert!(!s.changed() && disk.game(&file).ok_or("no game").is_ok(), "saved where the dialog said");
    // Open, cancelled: nothing changes; a dialog whose thread died counts as cancelled.
    disk.apply(&mut s, C::Open);
    asked.borrow()[1].send(DialogAnswer::Cancelled).unwrap();
    let answer = s.poll_dialog().expect("the answer");
    disk.apply(&mut s, answer);
    assert!(!s.waiting_for_dialog() && s.game().unwrap().cursor() == 1);
    disk.apply(&mut s, C::Open);
    asked.borrow_mut().pop();
    assert_eq!(s.poll_dialog(), Some(C::DialogAnswered(DialogAnswer::Cancelled)));
    disk.apply(&mut s, C::DialogAnswered(DialogAnswer::Cancelled));
    // A dialog that was never shown (a session bus with no portal): the typed path asks.
    disk.apply(&mut s, C::SaveAs);
    asked.borrow()[2].send(DialogAnswer::NotShown).unwrap();
    let answer = s.poll_dialog().expect("the answer");
    disk.apply(&mut s, answer);
    assert!(
        matches!(s.modals().top(), Some(Modal::Path(p)) if p.action == crate::app::services::files::FileAction::Save),
        "{:?}",
        s.modals().top()
    );
}
