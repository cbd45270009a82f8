//! The New Game dialog: the form of [`crate::app::model::setup::NewGameForm`], drawn; it
//! records `StartGame` or closes itself.

use super::below_menu;
use crate::app::model::command::Command;
use crate::app::model::modal::ModalKind;
use crate::app::model::setup::FirstChoice;
use crate::app::ui::Frame;
use egui::{Color32, Context, RichText};

/// Why the first-move choice is disabled for a game state.
const FIRST_FROM_STATE: &str = "The game state says who moves (L or U after the /).";

/// The New Game dialog: players, the computer, who moves first, the rules, a game state
/// to start from, the clock and the match; Start or Cancel.
pub(super) fn new_game(app: &mut Frame<'_>, ctx: &Context) {
    let area = below_menu(app, ctx);
    let Some(form) = app.session.modals_mut().new_game_mut() else { return };
    let mut start = false;
    let mut cancel = false;
    egui::Window::new("New game")
        .collapsible(false)
        .resizable(false)
        // Anchored by its top edge: ticking a box that grows the dialog must not move the
        // controls under the pointer. Never over the menu bar.
        .anchor(egui::Align2::CENTER_TOP, [0.0, 48.0])
        .constrain_to(area)
        .show(ctx, |ui| {
            // Enter in a name field starts the game, as it does elsewhere in the dialog.
            let mut entered = false;
            egui::Grid::new("ng-players").num_columns(2).show(ui, |ui| {
                for (side, label) in [(0, "Lower (bottom):"), (1, "Upper (top):")] {
                    let l = ui.label(label);
                    let edit =
                        egui::TextEdit::singleline(&mut form.names[side]).char_limit(crate::savefile::MAX_NAME_CHARS);
                    let field = ui.add(edit).labelled_by(l.id);
                    entered |= field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    ui.end_row();
                }
            });
            ui.checkbox(&mut form.computer, "Play against the computer");
            // Shown disabled rather than hidden: the dialog keeps its size, so a click
            // after unticking never lands on Start.
            ui.add_enabled_ui(form.computer, |ui| {
                ui.horizontal(|ui| {
                    ui.label("Computer plays:");
                    ui.radio_value(&mut form.computer_side, omweso_rules::Side::Lower, "Lower");
                    ui.radio_value(&mut form.computer_side, omweso_rules::Side::Upper, "Upper");
                });
                egui::ComboBox::from_label("Level").selected_text(form.level.to_string()).show_ui(ui, |ui| {
                    for l in omweso_engine::Level::ALL {
                        ui.selectable_value(&mut form.level, l, l.to_string());
                    }
                });
            });
            // A game state says itself who moves (`L` or `U` after the `/`): the choice
            // is shown disabled then, never silently ignored.
            let from_state = form.from_position;
            ui.horizontal(|ui| {
                ui.label("First move:");
                ui.add_enabled_ui(!from_state, |ui| {
                    for (choice, label) in [
                        (FirstChoice::Lower, "Lower"),
                        (FirstChoice::Upper, "Upper"),
                        (FirstChoice::Toss, "Toss a coin"),
                    ] {
                        ui.radio_value(&mut form.first, choice, label).on_disabled_hover_text(FIRST_FROM_STATE);
                    }
                });
                if from_state {
                    ui.weak("set by the game state");
                }
            });
            ui.collapsing("Rule options", |ui| {
                let o = &mut form.options;
                // Each option names the chapter of Help → Rules that explains it.
                let see = |chapter: &str| format!("Help > Rules: {chapter}");
                ui.checkbox(&mut o.tournament_split, "Tournament split of a 3-seed hole")
                    .on_hover_text(see("The tournament split (option)"));
                ui.checkbox(&mut o.akakyala, "Akakyala counts as a win").on_hover_text(see("Winning"));
                ui.checkbox(&mut o.akawumbi_needs_end_column, "Akawumbi must end at an end column")
                    .on_hover_text(see("Winning"));
                ui.checkbox(&mut o.first_player_lays_out_first, "The first player also lays out first")
                    .on_hover_text(see("Setting out"));
                ui.horizontal(|ui| {
                    ui.label("Lap limit:").on_hover_text(see("Never-ending moves"));
                    ui.add(egui::DragValue::new(&mut o.lap_limit).range(1..=omweso_rules::MAX_LAP_LIMIT));
                });
            });
            crate::app::ui::tournament_ui::form_section(ui, form);
            ui.checkbox(&mut form.from_position, "Start from a position");
            if form.from_position {
                let l = ui.label("Game state (as Game > Copy state writes it), e.g. 4i-p; 4I-P / L both 0,0");
                let field = ui
                    .add(egui::TextEdit::multiline(&mut form.state_text).desired_rows(2).desired_width(380.0))
                    .labelled_by(l.id);
                if field.changed() {
                    // An error from an earlier Start no longer applies to the new text.
                    form.error = None;
                }
                if ui.button("Paste").on_hover_text("Paste a game state from the clipboard").clicked() {
                    // The pasted text comes back as an event, read with the shortcuts.
                    field.surrender_focus();
                    ui.ctx().send_viewport_cmd(egui::ViewportCommand::RequestPaste);
                }
                let err = form.parse_state().err().or(form.error.clone());
                if let Some(e) = err
                    && !form.state_text.trim().is_empty()
                {
                    ui.colored_label(Color32::from_rgb(255, 120, 100), e);
                }
            }
            ui.separator();
            ui.horizontal(|ui| {
                let ready = !form.from_position || form.parse_state().is_ok();
                start = ui
                    .add_enabled(ready, egui::Button::new(RichText::new("Start").strong()))
                    .on_disabled_hover_text("The game state above has an error.")
                    .clicked()
                    || (entered && ready);
                cancel = ui.button("Cancel").clicked();
            });
        });
    if start {
        let f = Box::new(form.clone());
        app.push(Command::StartGame(f));
    }
    if cancel {
        app.push(Command::CloseModal(ModalKind::NewGame));
    }
}
