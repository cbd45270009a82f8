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
    let accent = crate::app::ui::theme::accent(ui.visuals().dark_mode);
    let head = if newest.ply == 0 { "Guide".to_string() } else { format!("Guide, after move {}", newest.ply) };
    // Open by default; folded, it leaves its room to the move list.
    egui::CollapsingHeader::new(RichText::new(head).strong().color(accent)).id_salt("guide").default_open(true).show(
        ui,
        |ui| {
            // Whole where the panel keeps room under it for the tabs, three rows of the move
            // list (which follows the game: the newest move stays in view) and Analyse game;
            // it scrolls inside beyond.
            let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
            let line = ui.text_style_height(&egui::TextStyle::Body);
            let below = row * if compact { 4.5 } else { 5.5 };
            let height = (ui.available_height() - below).max(line * 4.0);
            egui::ScrollArea::vertical().id_salt("guide-newest").max_height(height).show(ui, |ui| {
                // Every note that came up with the newest, each whole.
                for n in notes.iter().filter(|n| n.ply == newest.ply) {
                    ui.add(egui::Label::new(n.text.as_str()).wrap());
                }
            });
            let earlier: Vec<_> = notes.iter().filter(|n| n.ply < newest.ply).collect();
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
