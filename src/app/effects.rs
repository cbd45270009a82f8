//! The model's effects carried out (issue 49): [`crate::app::model::session::Session::apply`]
//! asks for what it needs of the world as [`Effect`]s; the files' service does the disk work
//! here and its answer goes back to the session as a [`Command`]. So the model reads and
//! writes no file (and could run where there is no file system), and the order stays the
//! one of a synchronous call: an answer is applied before the frame goes on.

use crate::app::model::command::Command;
use crate::app::model::session::{Effect, Session};
use crate::app::services::files;

/// Carries out the effects the session asked for that need no window (the files), and
/// those their answers ask for in turn, until none is left; gives back the ones that need
/// the window (the clipboard, closing), in the order asked.
pub fn serve_files(session: &mut Session) -> Vec<Effect> {
    let mut for_the_window = Vec::new();
    loop {
        let effects = session.take_effects();
        if effects.is_empty() {
            return for_the_window;
        }
        for effect in effects {
            let answer = match effect {
                Effect::Read(path) => {
                    let read = files::read_game(&path).map(|(game, stamp)| (Box::new(game), stamp));
                    Command::FileRead { path, read }
                }
                Effect::Write { path, game } => {
                    let written = files::write_game(&path, &game);
                    Command::FileWritten { path, game, written }
                }
                Effect::Look { path, asked } => {
                    let look = files::look(&path);
                    Command::Looked { path, asked, look }
                }
                Effect::Stamp(path) => {
                    let stamp = files::Stamp::of(&path);
                    Command::Stamped { path, stamp }
                }
                window @ (Effect::Copy(_) | Effect::Close) => {
                    for_the_window.push(window);
                    continue;
                }
            };
            session.apply(answer);
        }
    }
}
