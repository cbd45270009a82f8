//! The side panel's tools while a side lays out its seeds: who moves first, the seeds
//! left, the presets, Done and the layout coach's section. Shared by the side panel and a
//! lesson's set-out step. Only records [`Command`]s.

use crate::app::model::command::Command;
use crate::app::model::setup_board::Preset;
use crate::app::ui::Frame;
use egui::{RichText, Ui};

/// The layout editor's tools: who moves first, the seeds left, the ready-made layouts and
/// Done (RULES.md §2). Nothing during play.
pub fn setup_tools(app: &mut Frame<'_>, ui: &mut Ui) {
    let session = app.session();
    let Some(s) = session.setup() else { return };
    let (left, laying, first) = (s.seeds_left(), s.laying, s.first);
    let accent = crate::app::ui::theme::accent(ui.visuals().dark_mode);
    // Who moves first (chosen, or the coin toss's result) decides who lays out first.
    ui.label(RichText::new(format!("{} moves first.", session.player_label(first))).color(accent));
    if session.computer().is_some_and(|c| c.opponent.side == laying) {
        // No spinner: the window sleeps until the layout's thread wakes it.
        ui.label(format!("{} is laying out its seeds…", session.player_label(laying)));
        return;
    }
    if session.online().is_some_and(|o| o.remote(laying)) {
        // The other side lays out on its own computer: no tools here for its half.
        ui.label(format!("{} is laying out their seeds on their computer…", session.player_label(laying)));
        return;
    }
    ui.label(format!("{} places 32 seeds in their 16 holes.", session.player_label(laying)));
    ui.label("Click a hole: add a seed. Right-click or Shift+click: take one back.");
    ui.label(RichText::new(format!("Seeds left: {left}")).size(19.0).strong());
    ui.horizontal_wrapped(|ui| {
        for p in Preset::ALL {
            if ui.button(p.label()).clicked() {
                app.push(Command::SetupPreset(p));
            }
        }
    });
    if ui.add_enabled(left == 0, egui::Button::new(RichText::new("Done").size(19.0))).clicked() {
        app.push(Command::SetupDone);
    }
    crate::app::ui::layout_coach_panel::section(app, ui);
}
