//! The menu bar and the side panel: players, totals, phase, setup tools, game controls and
//! the move list. They only record [`Command`]s.

use super::animation::Speed;
use super::setup::Preset;
use super::{App, Command, Stage};
use crate::rules::{Direction, Side};
use egui::{Color32, RichText, Ui};

/// Game / View / Help menus.
pub fn menu_bar(app: &mut App, ui: &mut Ui) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| {
                if ui.button("New game…  (Ctrl+N)").clicked() {
                    app.push(Command::OpenNewGame);
                }
                if ui.button("New game from a position…  (Ctrl+V pastes one)").clicked() {
                    app.push(Command::NewGameFromState(String::new()));
                }
                if ui.add_enabled(matches!(app.stage, Stage::Play), egui::Button::new("Rematch")).clicked() {
                    app.push(Command::Rematch);
                }
                ui.separator();
                if ui.button("Open…  (Ctrl+O)").clicked() {
                    app.push(Command::Open);
                }
                if ui.button("Save  (Ctrl+S)").clicked() {
                    app.push(Command::Save);
                }
                if ui.button("Save as…  (Ctrl+Shift+S)").clicked() {
                    app.push(Command::SaveAs);
                }
                ui.separator();
                if ui.button("Copy state").clicked() {
                    app.push(Command::CopyState);
                }
                if ui.button("Copy record").clicked() {
                    app.push(Command::CopyRecord);
                }
                ui.separator();
                if ui.button("Quit").clicked() {
                    app.push(Command::Quit);
                }
            });
            ui.menu_button("View", |ui| {
                view_toggles(app, ui);
            });
            ui.menu_button("Help", |ui| {
                if ui.button("Keyboard  (F1)").clicked() {
                    app.push(Command::ToggleHelp);
                }
            });
        });
    });
}

fn view_toggles(app: &mut App, ui: &mut Ui) {
    let s = &mut app.settings;
    ui.checkbox(&mut s.letters, "Hole letters (F3)");
    ui.checkbox(&mut s.show_playable, "Show playable holes (F4)");
    ui.checkbox(&mut s.auto_flip, "Turn board to player to move");
    let mut flipped = s.flipped;
    if ui.checkbox(&mut flipped, "Upper's view (F5)").changed() {
        s.flipped = flipped;
        s.auto_flip = false;
    }
    let mut animate = s.animate;
    if ui.checkbox(&mut animate, "Animate sowing (F6)").changed() {
        app.push(Command::ToggleAnimation);
    }
    let s = &mut app.settings;
    egui::ComboBox::from_label("Speed").selected_text(s.speed.label()).show_ui(ui, |ui| {
        for sp in Speed::ALL {
            ui.selectable_value(&mut s.speed, sp, sp.label());
        }
    });
}

/// The phase in words: `Setup: Upper lays out`, `Play: Lower to move`, `Game over`.
pub fn phase_text(app: &App) -> String {
    match &app.stage {
        Stage::Setup(s) => format!("Setup: {} lays out", app.player_label(s.laying)),
        Stage::Play => {
            if let Some(n) = app.review {
                format!("Review: position after move {n} of {}", app.game.cursor())
            } else if let Some(side) = app.sowing_side() {
                format!("Play: {} sowing", app.player_label(side))
            } else if let Some(r) = app.game.result() {
                match r.winner() {
                    Some(w) => format!("Game over: {} wins", app.player_label(w)),
                    None => "Game over: annulled".to_string(),
                }
            } else {
                let side = app.game.current().to_move();
                format!("Play: {} to move", app.player_label(side))
            }
        }
    }
}

/// Players, phase, controls and the move list.
pub fn side_panel(app: &mut App, ui: &mut Ui) {
    let frame = egui::Frame::side_top_panel(ui.style()).inner_margin(egui::Margin::symmetric(14, 8));
    egui::Panel::right("side").resizable(false).exact_size(300.0).frame(frame).show(ui, |ui| {
        ui.set_max_width(272.0);
        ui.add(egui::Label::new(RichText::new(phase_text(app)).heading().size(17.0)).wrap());
        ui.separator();
        players(app, ui);
        ui.separator();
        match &app.stage {
            Stage::Setup(s) => setup_tools(app, ui, s.seeds_left(), s.laying, s.first),
            Stage::Play => play_tools(app, ui),
        }
    });
}

fn players(app: &App, ui: &mut Ui) {
    let score = app.match_score();
    let board = app.shown_counts();
    let acting = app.sowing_side().unwrap_or(app.acting_side());
    egui::Grid::new("players").num_columns(4).spacing([10.0, 4.0]).show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("Player").strong());
        ui.label(RichText::new("Seeds").strong());
        ui.label(RichText::new("Match").strong());
        ui.end_row();
        for side in [Side::Upper, Side::Lower] {
            let total: u32 = board[side.index() * 16..side.index() * 16 + 16].iter().map(|&c| c as u32).sum();
            let turn = acting == side && app.game.result().is_none();
            ui.label(if turn { RichText::new("to move").color(Color32::YELLOW) } else { RichText::new("") });
            // A fixed width, so that a long name is cut at the column's edge rather than at
            // its narrowest; the whole name shows on hover.
            let name = app.player_label(side);
            ui.scope(|ui| {
                ui.set_width(96.0);
                ui.add(egui::Label::new(&name).truncate()).on_hover_text(&name);
            });
            ui.label(format!("{total}"));
            ui.label(format!("{}", score[side.index()]));
            ui.end_row();
        }
    });
}

fn setup_tools(app: &mut App, ui: &mut Ui, left: u32, laying: Side, first: Side) {
    // Who moves first (chosen, or the coin toss's result) decides who lays out first.
    ui.label(RichText::new(format!("{} moves first.", app.player_label(first))).color(Color32::YELLOW));
    ui.label(format!("{} places 32 seeds in their 16 holes.", app.names[laying.index()]));
    ui.label("Click a hole: add a seed. Right-click or Shift+click: take one back.");
    ui.label(RichText::new(format!("Seeds left: {left}")).size(18.0).strong());
    ui.horizontal_wrapped(|ui| {
        for p in Preset::ALL {
            if ui.button(p.label()).clicked() {
                app.push(Command::SetupPreset(p));
            }
        }
    });
    if ui.add_enabled(left == 0, egui::Button::new(RichText::new("Done").size(18.0))).clicked() {
        app.push(Command::SetupDone);
    }
}

fn play_tools(app: &mut App, ui: &mut Ui) {
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(app.game.can_undo() || app.sowing().is_some(), egui::Button::new("Undo")).clicked() {
            app.push(Command::Undo);
        }
        let free = app.can_change_game();
        if ui
            .add_enabled(free && app.game.can_redo(), egui::Button::new("Redo"))
            .on_disabled_hover_text(busy_text(app))
            .clicked()
        {
            app.push(Command::Redo);
        }
        if ui.button("Flip board").clicked() {
            app.push(Command::Flip);
        }
        // Against the computer only the human resigns, whoever is to move.
        let side = match &app.computer {
            Some(c) => c.opponent.side.opponent(),
            None => app.game.current().to_move(),
        };
        if ui
            .add_enabled(app.game.result().is_none() && !app.animating(), egui::Button::new(format!("{side} resigns")))
            .on_disabled_hover_text(busy_text(app))
            .clicked()
        {
            app.push(Command::AskResign(side));
        }
    });
    if let Some(c) = &app.computer {
        let thinking = c.thinking();
        let hinting = c.hinting();
        let human_turn = !app.computer_turn();
        ui.horizontal(|ui| {
            if thinking {
                ui.spinner();
                ui.label("Computer thinking…");
                if ui.button("Move now").clicked() {
                    app.push(Command::MoveNow);
                }
            } else if human_turn && app.game.result().is_none() {
                let label = if hinting { "Hint…" } else { "Hint" };
                if ui.add_enabled(!hinting, egui::Button::new(label)).clicked() {
                    app.push(Command::Hint);
                }
            }
        });
    }
    if let Some(text) = hint_text(app) {
        ui.colored_label(super::theme::PREVIEW, text);
    }
    ui.collapsing("View", |ui| view_toggles(app, ui));
    if let Some(dp) = app.sowing().and_then(|s| s.decision()) {
        ui.colored_label(
            Color32::from_rgb(250, 200, 120),
            format!(
                "Decision at {}: clockwise (X) captures {} from {} and {}; or anticlockwise (R).",
                dp.hole, dp.captures, dp.takes_front, dp.takes_back
            ),
        );
        let _ = Direction::Clockwise;
    }
    if app.review.is_some() && ui.button("Back to the game").clicked() {
        app.push(Command::ReviewEnd);
    }
    if app.game.result().is_some() && !app.game_over_open() {
        ui.horizontal(|ui| {
            if ui.button("New game").clicked() {
                app.push(Command::OpenNewGame);
            }
            if ui.button("Rematch").clicked() {
                app.push(Command::Rematch);
            }
        });
    }
    ui.separator();
    ui.label(RichText::new("Moves").strong());
    move_list(app, ui);
    ui.separator();
    // While a move is being sown on the board the text already gives the state after it.
    let heading = if app.animating() { "Position after this move" } else { "Position" };
    ui.label(RichText::new(heading).strong());
    ui.add(egui::Label::new(RichText::new(app.shown_state_text()).monospace().size(11.0)).wrap());
}

/// The hinted move in RULES.md notation, and where it goes clockwise:
/// `Hint: c, a3xE — start at c; sow clockwise from a`.
pub fn hint_text(app: &App) -> Option<String> {
    let mv = app.hint.as_ref().filter(|_| app.review.is_none())?;
    let holes = app.hint_holes();
    let (start, clockwise) = holes.split_first()?;
    let mut text = format!("Hint: {mv} — start at {start}");
    if !clockwise.is_empty() {
        let list: Vec<String> = clockwise.iter().map(ToString::to_string).collect();
        text.push_str(&format!("; sow clockwise from {}", list.join(", ")));
    }
    Some(text)
}

/// Why a button that changes the game is disabled.
fn busy_text(app: &App) -> &'static str {
    if app.animating() {
        "Wait for the move being sown to finish (Space skips it)"
    } else if app.sowing().is_some() {
        "Finish the move first: choose a direction"
    } else {
        "Nothing to redo"
    }
}

/// The moves played (click one to look at its position) and, greyed after them, the moves
/// undone that can be played again (click one to redo up to it).
fn move_list(app: &mut App, ui: &mut Ui) {
    let shown = app.review.unwrap_or(app.game.cursor());
    let cursor = app.game.cursor();
    let redo_free = app.can_change_game();
    let mut clicked = None;
    egui::ScrollArea::vertical().max_height(ui.available_height() - 60.0).auto_shrink([false, true]).show(ui, |ui| {
        egui::Grid::new("moves").num_columns(2).striped(true).show(ui, |ui| {
            for (i, e) in app.game.all_entries().iter().enumerate() {
                let undone = i >= cursor;
                let number = RichText::new(format!("{}.", i + 1));
                ui.label(if undone { number.weak() } else { number });
                let text = format!("{} {}", e.mover, e.text);
                if undone {
                    let r = ui
                        .add_enabled(redo_free, egui::Button::selectable(false, RichText::new(text).weak().italics()))
                        .on_hover_text("Undone: click to play the moves again up to here")
                        .on_disabled_hover_text(busy_text(app));
                    if r.clicked() {
                        clicked = Some(Command::RedoTo(i + 1));
                    }
                } else if ui.selectable_label(shown == i + 1, text).clicked() {
                    clicked = Some(Command::ReviewAt(i + 1));
                }
                ui.end_row();
            }
        });
    });
    if let Some(c) = clicked {
        app.push(c);
    }
}
