//! Help → Rules summary (issue 41): the one-page summary of `assets/rules-summary.txt`
//! ([`crate::rules_summary`], its numbers checked against the rules by a test) in a window
//! of its own that does not pause play, to keep open beside the board during a first game.
//! It only records [`Command`]s.

use crate::app::model::command::{Command, Teaching};
use crate::app::ui::Frame;
use crate::rules_summary::{Line, TEXT, lines};
use egui::{Context, RichText};

/// The rules summary's window, movable and resizable, scrolling inside when it is low.
pub fn show(app: &mut Frame<'_>, ctx: &Context) {
    let mut open = true;
    egui::Window::new("Rules summary")
        .open(&mut open)
        .default_pos([40.0, 70.0])
        .default_width(380.0)
        .resizable(true)
        .show(ctx, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                for line in lines(TEXT) {
                    match line {
                        Line::Heading(h) => {
                            ui.add_space(4.0);
                            ui.label(RichText::new(h).strong().size(16.0));
                        }
                        Line::Item(t) => {
                            ui.horizontal_top(|ui| {
                                ui.label("•");
                                ui.add(egui::Label::new(t).wrap());
                            });
                        }
                        Line::Text(t) => {
                            ui.add(egui::Label::new(t).wrap());
                        }
                    }
                }
            });
        });
    if !open {
        app.push(Command::ToggleTeaching(Teaching::Summary));
    }
}
