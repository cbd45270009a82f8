//! Windows over the board: New Game, game over, the keyboard help, the unsaved-changes
//! prompt, the typed-path prompt and problem notices.

use super::files::FileAction;
use super::setup::FirstChoice;
use super::{App, Command};
use crate::game::GameResult;
use crate::rules::{Outcome, WinKind};
use egui::{Color32, Context, RichText};

/// Shows every open dialog.
pub fn show(app: &mut App, ctx: &Context) {
    new_game(app, ctx);
    game_over(app, ctx);
    help(app, ctx);
    confirm(app, ctx);
    resign_prompt(app, ctx);
    path_prompt(app, ctx);
    message(app, ctx);
}

/// "Resign?": a resignation ends the game, so the button asks first.
fn resign_prompt(app: &mut App, ctx: &Context) {
    let Some(side) = app.resign_prompt else { return };
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("resign")).show(ctx, |ui| {
        ui.heading("Resign?");
        ui.label(format!("{} resigns and loses this game.", app.player_label(side)));
        ui.horizontal(|ui| {
            if ui.button("Resign").clicked() {
                cmd = Some(Command::Resign(side));
            }
            if ui.button("Keep playing").clicked() || ui.input(|i| i.key_pressed(egui::Key::Escape)) {
                cmd = Some(Command::CancelResign);
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// Where no file dialog can be shown: a box to type the file's path in.
fn path_prompt(app: &mut App, ctx: &Context) {
    let Some(prompt) = app.path_prompt.as_mut() else { return };
    let (heading, button) = match prompt.action {
        FileAction::Open => ("Open a saved game", "Open"),
        FileAction::Save => ("Save the game", "Save"),
    };
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("path-prompt")).show(ctx, |ui| {
        ui.heading(heading);
        ui.label(RichText::new(&prompt.why).weak());
        let label = ui.label("Type the file's path:");
        let field = ui
            .add(egui::TextEdit::singleline(&mut prompt.text).desired_width(460.0).hint_text("/home/me/game.omweso"))
            .labelled_by(label.id);
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        // Esc in the field (which takes the keyboard from the shortcuts) cancels too.
        if ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            cmd = Some(Command::CancelPathPrompt);
        }
        // The field keeps the keyboard (asked after reading Enter: asking clears "lost").
        if !entered && ui.memory(|m| m.focused().is_none()) {
            field.request_focus();
        }
        ui.horizontal(|ui| {
            let path = std::path::PathBuf::from(prompt.text.trim());
            let ready = !prompt.text.trim().is_empty();
            if ui.add_enabled(ready, egui::Button::new(button)).clicked() || (entered && ready) {
                cmd = Some(match prompt.action {
                    FileAction::Open => Command::OpenPath(path),
                    FileAction::Save => Command::SavePath(path),
                });
            }
            if ui.button("Cancel").clicked() {
                cmd = Some(Command::CancelPathPrompt);
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

fn confirm(app: &mut App, ctx: &Context) {
    if app.confirm.is_none() {
        return;
    }
    let mut cmds = Vec::new();
    // A modal: the board and the panels behind it take no clicks while it is open, and
    // play pauses (see `App::paused`).
    egui::Modal::new(egui::Id::unique("unsaved-changes")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label("The game has changed since it was last saved.");
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                cmds.push(Command::Save);
            }
            if ui.button("Discard").clicked() {
                cmds.push(Command::Discard);
            }
            if ui.button("Cancel").clicked() {
                cmds.push(Command::CancelConfirm);
            }
        });
    });
    for c in cmds {
        app.push(c);
    }
}

fn message(app: &mut App, ctx: &Context) {
    let Some(text) = app.message.clone() else { return };
    let mut close = false;
    // A modal too, shown last so that it sits above the unsaved-changes prompt (a failed
    // save from that prompt is reported over it).
    egui::Modal::new(egui::Id::unique("problem")).show(ctx, |ui| {
        ui.heading("Problem");
        ui.label(text);
        close = ui.button("OK").clicked();
    });
    if close {
        app.message = None;
    }
}

/// Why the first-move choice is disabled for a game state.
const FIRST_FROM_STATE: &str = "The game state says who moves (L or U after the /).";

fn new_game(app: &mut App, ctx: &Context) {
    let Some(form) = app.new_game.as_mut() else { return };
    let mut start = false;
    let mut cancel = false;
    egui::Window::new("New game")
        .collapsible(false)
        .resizable(false)
        // Anchored by its top edge: ticking a box that grows the dialog must not move the
        // controls under the pointer.
        .anchor(egui::Align2::CENTER_TOP, [0.0, 48.0])
        .show(ctx, |ui| {
            egui::Grid::new("ng-players").num_columns(2).show(ui, |ui| {
                let l = ui.label("Lower (bottom):");
                ui.text_edit_singleline(&mut form.names[0]).labelled_by(l.id);
                ui.end_row();
                let l = ui.label("Upper (top):");
                ui.text_edit_singleline(&mut form.names[1]).labelled_by(l.id);
                ui.end_row();
            });
            ui.checkbox(&mut form.computer, "Play against the computer");
            if form.computer {
                ui.horizontal(|ui| {
                    ui.label("Computer plays:");
                    ui.radio_value(&mut form.computer_side, crate::rules::Side::Lower, "Lower");
                    ui.radio_value(&mut form.computer_side, crate::rules::Side::Upper, "Upper");
                });
                egui::ComboBox::from_label("Level").selected_text(form.level.to_string()).show_ui(ui, |ui| {
                    for l in crate::ai::Level::ALL {
                        ui.selectable_value(&mut form.level, l, l.to_string());
                    }
                });
            }
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
                ui.checkbox(&mut o.tournament_split, "Tournament split of a 3-seed hole (3.7)");
                ui.checkbox(&mut o.akakyala, "Akakyala counts as a win (4.3)");
                ui.checkbox(&mut o.akawumbi_needs_end_column, "Akawumbi must end at an end column (4.1)");
                ui.checkbox(&mut o.first_player_lays_out_first, "The first player also lays out first (§2)");
                ui.horizontal(|ui| {
                    ui.label("Lap limit (3.8):");
                    ui.add(egui::DragValue::new(&mut o.lap_limit).range(1..=crate::rules::MAX_LAP_LIMIT));
                });
            });
            ui.checkbox(&mut form.from_position, "Start from a position");
            if form.from_position {
                let l = ui.label("Game state (RULES.md §5), e.g. 4i-p; 4I-P / L both 0,0");
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
                    .clicked();
                cancel = ui.button("Cancel").clicked();
            });
        });
    if start {
        let f = Box::new(form.clone());
        app.push(Command::StartGame(f));
    }
    if cancel {
        app.push(Command::CancelNewGame);
    }
}

/// The kind of a result in words.
pub fn result_kind(r: &GameResult) -> &'static str {
    match r {
        GameResult::Rules(Outcome::Win { kind, .. }) => match kind {
            WinKind::Normal => "normal win: the loser cannot move",
            WinKind::Akakyala => "akakyala",
            WinKind::EmitweEbiri => "emitwe-ebiri (two heads)",
            WinKind::Akawumbi => "akawumbi",
        },
        GameResult::Rules(Outcome::Annulled) => "annulled: a never-ending move",
        GameResult::Resigned { .. } => "resignation",
    }
}

fn game_over(app: &mut App, ctx: &Context) {
    // Out of the way while a prompt asks something over it.
    if !app.game_over_open() || app.confirm.is_some() || app.path_prompt.is_some() {
        return;
    }
    let Some(r) = app.shown_result() else { return };
    let points = r.points(app.game.options());
    let moves = app.game.cursor();
    let headline = match r.winner() {
        Some(w) => format!("{} wins", app.player_label(w)),
        None => "The game is annulled".to_string(),
    };
    let mut cmds = Vec::new();
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.heading(headline);
            ui.label(format!("By {}", result_kind(&r)));
            ui.label(format!("Points: {points}"));
            ui.label(format!("Moves: {moves}"));
            let s = app.match_score();
            ui.label(format!("Match: {} {} – {} {}", app.names[0], s[0], s[1], app.names[1]));
            ui.horizontal(|ui| {
                if ui.button("New game").clicked() {
                    cmds.push(Command::OpenNewGame);
                }
                if ui.button("Rematch").clicked() {
                    cmds.push(Command::Rematch);
                }
                if ui.button("Review").clicked() {
                    cmds.push(Command::DismissGameOver);
                    cmds.push(Command::ReviewFirst);
                }
            });
        });
    for c in cmds {
        app.push(c);
    }
}

/// Every key and its one meaning.
pub const KEYS: &[(&str, &str)] = &[
    ("a … p  (with or without Shift)", "Play that hole of the player to move (Upper: A … P)"),
    ("a … p  in setup", "Add a seed to that hole; Shift+letter takes one back"),
    ("X", "At a decision: sow clockwise (capture)"),
    ("R", "At a decision: sow anticlockwise"),
    ("Space", "Skip to the end of the move being animated"),
    ("Ctrl+Z", "Undo"),
    ("Ctrl+Shift+Z, Ctrl+Y", "Redo"),
    ("Left / Right", "Step back / forward through the moves (review)"),
    ("Home / End", "Start of the game / back to the live game"),
    ("Esc", "Back to the live game; close the New Game dialog or the unsaved-changes prompt"),
    ("Ctrl+N", "New game"),
    ("Ctrl+V", "Paste a game state: New Game starting from it"),
    ("Ctrl+O", "Open a saved game"),
    ("Ctrl+S / Ctrl+Shift+S", "Save / save as"),
    ("F1", "This help"),
    ("F3", "Hole letters on/off"),
    ("F4", "Show all playable holes"),
    ("F5", "Flip the board"),
    ("F6", "Animation on/off"),
];

fn help(app: &mut App, ctx: &Context) {
    let mut open = app.show_help;
    egui::Window::new("Keyboard").open(&mut open).resizable(false).show(ctx, |ui| {
        egui::Grid::new("keys").num_columns(2).striped(true).show(ui, |ui| {
            for (k, m) in KEYS {
                ui.label(RichText::new(*k).monospace());
                ui.label(*m);
                ui.end_row();
            }
        });
    });
    app.show_help = open;
}
