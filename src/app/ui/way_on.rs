//! After a new player's game (issue 51): the way on, on the game-over card — how far the
//! course has come, the next lesson (setting out by hand, reverse captures, the quicker
//! wins…), a puzzle, or another game (the card's own Rematch and New game).

use crate::app::model::command::Command;
use crate::app::model::session::Session;
use egui::{RichText, Ui};

/// How far the course has come: `6 of 12 lessons done`, when the lessons load.
pub fn progress(session: &Session) -> Option<String> {
    let all = session.lessons().ok()?;
    let done = all.iter().filter(|l| session.settings().lessons_done.contains(&l.id)).count();
    Some(format!("{done} of {} lessons done", all.len()))
}

/// The next lesson not done yet: its index and `Next lesson: 7. Setting out`.
pub fn next_lesson(session: &Session) -> Option<(usize, String)> {
    let all = session.lessons().ok()?;
    let i = all.iter().position(|l| !session.settings().lessons_done.contains(&l.id))?;
    Some((i, format!("Next lesson: {}. {}", i + 1, all[i].title)))
}

/// The first puzzle not solved yet: its index.
fn next_puzzle(session: &Session) -> Option<usize> {
    let all = crate::puzzles::course().ok()?;
    all.iter().position(|p| !session.settings().puzzles_solved.contains(&p.id))
}

/// The card's section for a new player ([`Session::newcomer`]): the course's progress, then
/// the next lesson and a puzzle as buttons. Gives the command of the one clicked.
pub fn section(ui: &mut Ui, session: &Session) -> Option<Command> {
    if !session.newcomer() {
        return None;
    }
    let mut clicked = None;
    ui.separator();
    let mut said = "The way on: a lesson, a puzzle, or another game.".to_string();
    if let Some(p) = progress(session) {
        said = format!("{said} The course: {p}.");
    }
    ui.label(RichText::new(said).strong());
    ui.horizontal_wrapped(|ui| {
        if let Some((i, label)) = next_lesson(session)
            && ui.button(label).clicked()
        {
            clicked = Some(Command::StartLesson(i));
        }
        if let Some(n) = next_puzzle(session)
            && ui.button("A puzzle").on_hover_text("Find the one move that wins, on a position of its own").clicked()
        {
            clicked = Some(Command::StartPuzzle(n));
        }
    });
    clicked
}
