//! The guide of the guided first game (issue 41), in the side panel during that game: the
//! newest notes (those of the latest move that brought any), whole, in a box of its own
//! that never blocks play, and the earlier notes folded below them. The notes come from the
//! model ([`crate::app::model::guide::Guide`]), which reads them off the rules; this only
//! draws them.

use crate::app::ui::Frame;
use egui::{RichText, Ui};

/// The guide's box, when the game on the board is the guided first game; nothing otherwise.
/// `compact`: a low window, where the move list under it keeps fewer rows.
pub fn section(app: &mut Frame<'_>, ui: &mut Ui, compact: bool) {
    let Some(play) = app.session().play() else { return };
    let Some(guide) = &play.guide else { return };
    // The notes that have come up by the position shown (in review too).
    let shown = play.shown();
    let notes: Vec<_> = guide.notes(&play.game).into_iter().filter(|n| n.ply <= shown).collect();
    let Some(newest) = notes.last() else { return };
    // A note about a position (a capture that could be made there, a danger there) holds
    // until the learner has moved on from it and the other side has answered; then it
    // goes among the earlier notes (a trial read one to the end of the game that had
    // stopped being true long before).
    let holds = |n: &crate::guide::Note| !n.of_the_moment || shown <= n.ply + 1;
    let newest_ply = notes.iter().any(|n| n.ply == newest.ply && holds(n)).then_some(newest.ply);
    let in_box = |n: &crate::guide::Note| Some(n.ply) == newest_ply && holds(n);
    let accent = crate::app::ui::theme::accent(ui.visuals().dark_mode);
    let head = match newest_ply {
        Some(0) | None => "Guide".to_string(),
        Some(ply) => format!("Guide, after move {ply}"),
    };
    // Open by default; folded, it leaves its room to the move list.
    egui::CollapsingHeader::new(RichText::new(head).strong().color(accent)).id_salt("guide").default_open(true).show(
        ui,
        |ui| {
            // Whole where the panel keeps room under it for the tabs, three rows of the move
            // list (which follows the game: the newest move stays in view) and Analyse game;
            // it scrolls inside beyond.
            let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
            let below = row * if compact { 4.5 } else { 5.5 };
            // Whole lines: a hint or a coach's line above takes room, and the box was then
            // cut through the middle of a line.
            let rows = ui.fonts_mut(|f| f.row_height(&egui::TextStyle::Body.resolve(ui.style())));
            let height = (((ui.available_height() - below) / rows).floor() * rows).max(rows * 4.0);
            egui::ScrollArea::vertical().id_salt("guide-newest").max_height(height).show(ui, |ui| {
                // Every note that came up with the newest, each whole.
                for n in notes.iter().filter(|n| in_box(n)) {
                    ui.add(egui::Label::new(n.text.as_str()).wrap());
                }
                if newest_ply.is_none() {
                    ui.label(RichText::new("Nothing new to explain: play on. The notes so far are below.").weak());
                }
            });
            let earlier: Vec<_> = notes.iter().filter(|n| !in_box(n)).collect();
            if !earlier.is_empty() {
                egui::CollapsingHeader::new(format!("Earlier notes ({})", earlier.len()))
                    .id_salt("guide-earlier")
                    .show(ui, |ui| {
                        egui::ScrollArea::vertical().id_salt("guide-earlier-list").max_height(height).show(ui, |ui| {
                            for n in earlier.iter().rev() {
                                ui.add(egui::Label::new(n.text.as_str()).wrap());
                                ui.add_space(4.0);
                            }
                        });
                    });
            }
        },
    );
}
