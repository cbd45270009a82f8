//! The menu bar and the side panel: players, totals, phase, setup tools, game controls and
//! the move list. They only record [`Command`]s.

use super::analysis_panel;
use super::animation::Speed;
use super::command::Teaching;
use super::keymap::shortcut_text;
use super::session::{Phase, Session};
use super::setup::Preset;
use super::teaching;
use super::{App, Command};
use crate::rules::Side;
use egui::{Color32, RichText, Ui};

/// A menu item that records `command`, with its keys from the key map.
fn item(ui: &mut Ui, app: &mut App, label: &str, command: Command, enabled: bool) {
    let mut button = egui::Button::new(label);
    if let Some(keys) = shortcut_text(ui.ctx(), &command) {
        button = button.shortcut_text(keys);
    }
    if ui.add_enabled(enabled, button).clicked() {
        app.push(command);
    }
}

/// Game / View / Help menus.
pub fn menu_bar(app: &mut App, ui: &mut Ui) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| {
                item(ui, app, "New game…", Command::OpenNewGame, true);
                item(ui, app, "New game from a position…", Command::NewGameFromState(String::new()), true);
                let over = app.session().game().is_some_and(|g| g.result().is_some());
                item(ui, app, "Rematch", Command::Rematch, over);
                ui.separator();
                item(ui, app, "Open…", Command::Open, true);
                item(ui, app, "Save", Command::Save, true);
                item(ui, app, "Save as…", Command::SaveAs, true);
                ui.separator();
                item(ui, app, "Copy state", Command::CopyState, true);
                item(ui, app, "Copy record", Command::CopyRecord, true);
                ui.separator();
                item(ui, app, "Quit", Command::Quit, true);
            });
            ui.menu_button("View", |ui| view_toggles(app, ui));
            ui.menu_button("Help", |ui| {
                item(ui, app, "Learn Omweso…", Command::ToggleTeaching(Teaching::Learn), true);
                item(ui, app, "Rules…", Command::ToggleTeaching(Teaching::Rules), true);
                item(ui, app, "What the marks mean…", Command::ToggleTeaching(Teaching::Legend), true);
                item(ui, app, "Keyboard", Command::ToggleHelp, true);
            });
        });
    });
}

/// The view settings, as commands: check boxes and the speed (a submenu of radio buttons,
/// which a menu keeps open).
fn view_toggles(app: &mut App, ui: &mut Ui) {
    let s = app.session().settings().clone();
    let flipped = app.session().flipped();
    let toggles = [
        (s.letters, "Hole letters", Command::ToggleLetters),
        (s.show_playable, "Show playable holes", Command::TogglePlayable),
        (s.auto_flip, "Turn board to player to move", Command::ToggleAutoFlip),
        (flipped, "Upper's view", Command::Flip),
        (s.animate, "Animate sowing", Command::ToggleAnimation),
        (s.analysis, "Analysis panel", Command::ToggleAnalysis),
        (s.threats, "Mark threatened holes", Command::ToggleThreats),
        (s.coach, "Coach (against the computer)", Command::ToggleCoach),
    ];
    for (mut on, label, command) in toggles {
        let keys = shortcut_text(ui.ctx(), &command);
        let text = keys.map_or_else(|| label.to_string(), |k| format!("{label} ({k})"));
        if ui.checkbox(&mut on, text).changed() {
            app.push(command);
        }
    }
    ui.menu_button(format!("Computer's threads: {}", s.threads), |ui| {
        let cores = super::settings::cores();
        for n in (1..=cores.max(s.threads)).filter(|n| n.is_power_of_two() || *n == cores) {
            if ui.radio(s.threads == n, n.to_string()).clicked() {
                app.push(Command::SetThreads(n));
            }
        }
    });
    ui.menu_button(format!("Speed: {}", s.speed.label()), |ui| {
        for sp in Speed::ALL {
            if ui.radio(s.speed == sp, sp.label()).clicked() {
                app.push(Command::SetSpeed(sp));
            }
        }
    });
}

/// The phase in words: `Setup: Upper lays out`, `Play: Lower to move`, `Game over`.
pub fn phase_text(session: &Session) -> String {
    match session.phase() {
        Phase::Setup(s) => format!("Setup: {} lays out", session.player_label(s.laying)),
        Phase::Play(p) => {
            if let Some(run) = &p.lesson {
                format!("Lesson: {}", run.lesson.title)
            } else if let Some(n) = p.review {
                format!("Review: position after move {n} of {}", p.game.cursor())
            } else if let Some(side) = session.sowing_side() {
                format!("Play: {} sowing", session.player_label(side))
            } else if let Some(r) = session.shown_result() {
                match r.winner() {
                    Some(w) => format!("Game over: {} wins", session.player_label(w)),
                    None => "Game over: annulled".to_string(),
                }
            } else {
                format!("Play: {} to move", session.player_label(p.game.current().to_move()))
            }
        }
    }
}

/// Players, phase, controls and the move list.
pub fn side_panel(app: &mut App, ui: &mut Ui) {
    let frame = egui::Frame::side_top_panel(ui.style()).inner_margin(egui::Margin::symmetric(14, 8));
    egui::Panel::right("side").resizable(false).exact_size(300.0).frame(frame).show(ui, |ui| {
        ui.set_max_width(272.0);
        ui.add(egui::Label::new(RichText::new(phase_text(app.session())).heading().size(17.0)).wrap());
        ui.separator();
        players(app.session(), ui);
        ui.separator();
        match app.session().setup() {
            Some(s) => {
                let (left, laying, first) = (s.seeds_left(), s.laying, s.first);
                setup_tools(app, ui, left, laying, first);
            }
            None if app.session().lesson().is_some() => teaching::lesson_panel(app, ui),
            None => play_tools(app, ui),
        }
    });
}

fn players(session: &Session, ui: &mut Ui) {
    let score = session.match_score();
    let board = session.shown_counts();
    let acting = session.sowing_side().unwrap_or(session.acting_side());
    let over = session.shown_result().is_some();
    egui::Grid::new("players").num_columns(4).spacing([10.0, 4.0]).show(ui, |ui| {
        ui.label("");
        ui.label(RichText::new("Player").strong());
        ui.label(RichText::new("Seeds").strong());
        ui.label(RichText::new("Match").strong());
        ui.end_row();
        for side in [Side::Upper, Side::Lower] {
            let total: u32 = board[side.index() * 16..side.index() * 16 + 16].iter().map(|&c| c as u32).sum();
            let turn = acting == side && !over;
            ui.label(if turn { RichText::new("to move").color(Color32::YELLOW) } else { RichText::new("") });
            // A fixed width, so that a long name is cut at the column's edge rather than at
            // its narrowest; the whole name shows on hover.
            let name = session.player_label(side);
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
    let session = app.session();
    // Who moves first (chosen, or the coin toss's result) decides who lays out first.
    ui.label(RichText::new(format!("{} moves first.", session.player_label(first))).color(Color32::YELLOW));
    ui.label(format!("{} places 32 seeds in their 16 holes.", session.names()[laying.index()]));
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
    let s = app.session();
    let (can_undo, can_redo, can_resign) = (s.can_undo(), s.can_redo(), s.can_resign());
    let busy = busy_text(s);
    let resigning = s.resigning_side();
    let over = s.game().is_some_and(|g| g.result().is_some());
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(can_undo, egui::Button::new("Undo")).on_disabled_hover_text(busy).clicked() {
            app.push(Command::Undo);
        }
        if ui.add_enabled(can_redo, egui::Button::new("Redo")).on_disabled_hover_text(busy).clicked() {
            app.push(Command::Redo);
        }
        if ui.button("Flip board").clicked() {
            app.push(Command::Flip);
        }
        // Against the computer only the human resigns, whoever is to move; the button goes
        // once the game is over.
        if let Some(side) = resigning.filter(|_| !over)
            && ui
                .add_enabled(can_resign, egui::Button::new(format!("{side} resigns")))
                .on_disabled_hover_text(busy)
                .clicked()
        {
            app.push(Command::AskResign(side));
        }
    });
    computer_tools(app, ui);
    analysis_panel::coach_line(app, ui);
    analysis_panel::analysis_section(app.session(), ui);
    if let Some(text) = hint_text(app.session()) {
        ui.colored_label(super::theme::PREVIEW, text);
    }
    ui.collapsing("Board options", |ui| view_toggles(app, ui));
    if let Some(dp) = app.session().sowing().and_then(|s| s.decision()) {
        ui.colored_label(
            Color32::from_rgb(250, 200, 120),
            format!(
                "Decision at {}: clockwise (X) captures {} from {} and {}; or anticlockwise (R).",
                dp.hole, dp.captures, dp.takes_front, dp.takes_back
            ),
        );
    }
    if app.session().shown_result().is_some() && !app.session().game_over_open() && app.session().review().is_none() {
        ui.horizontal(|ui| {
            if ui.button("New game").clicked() {
                app.push(Command::OpenNewGame);
            }
            if ui.button("Rematch").clicked() {
                app.push(Command::Rematch);
            }
        });
    }
    if let Some(text) = teaching::shown_move_text(app.session()) {
        ui.separator();
        let heading = if app.session().review().is_some() { "This move" } else { "Last move" };
        ui.label(RichText::new(heading).strong());
        egui::ScrollArea::vertical().id_salt("last-move").max_height(96.0).show(ui, |ui| {
            ui.add(egui::Label::new(RichText::new(text).size(12.5)).wrap());
        });
    }
    ui.separator();
    ui.label(RichText::new("Moves").strong());
    move_list(app, ui);
    analysis_panel::review_section(app, ui);
    ui.separator();
    // While a move is being sown on the board the text already gives the state after it.
    let heading = if app.session().animating() { "Position after this move" } else { "Position" };
    ui.label(RichText::new(heading).strong());
    ui.add(egui::Label::new(RichText::new(app.session().shown_state_text()).monospace().size(11.0)).wrap());
}

/// Against the computer: its thinking, Move now, and Hint on the human's turn only.
fn computer_tools(app: &mut App, ui: &mut Ui) {
    let s = app.session();
    let Some(c) = s.computer() else { return };
    let (thinking, hinting, human) = (c.thinking(), c.hinting(), s.human_to_move());
    ui.horizontal(|ui| {
        if thinking {
            ui.spinner();
            ui.label("Computer thinking…");
            if ui.button("Move now").clicked() {
                app.push(Command::MoveNow);
            }
        } else if human {
            let label = if hinting { "Hint…" } else { "Hint" };
            if ui.add_enabled(!hinting, egui::Button::new(label)).clicked() {
                app.push(Command::Hint);
            }
        }
    });
}

/// The hinted move in RULES.md notation, and where it goes clockwise:
/// `Hint: c, a3xE — start at c; sow clockwise from a`.
pub fn hint_text(session: &Session) -> Option<String> {
    let mv = session.play().filter(|p| p.review.is_none()).and_then(|p| p.hint.as_ref())?;
    let holes = session.hint_holes();
    let (start, clockwise) = holes.split_first()?;
    let mut text = format!("Hint: {mv} — start at {start}");
    if !clockwise.is_empty() {
        let list: Vec<String> = clockwise.iter().map(ToString::to_string).collect();
        text.push_str(&format!("; sow clockwise from {}", list.join(", ")));
    }
    Some(text)
}

/// Why a button that changes the game is disabled.
fn busy_text(session: &Session) -> &'static str {
    if session.review().is_some() {
        "Reviewing: go back to the game (or play from here) first"
    } else if session.animating() {
        "Wait for the move being sown to finish (Space skips it)"
    } else if session.sowing().is_some() {
        "Finish the move first: choose a direction"
    } else {
        "Nothing to do here now"
    }
}

/// The moves played (click one to look at its position) and, greyed after them, the moves
/// undone that can be played again (click one to redo up to it).
fn move_list(app: &mut App, ui: &mut Ui) {
    let s = app.session();
    let Some(p) = s.play() else { return };
    let shown = p.review.unwrap_or(p.game.cursor());
    let cursor = p.game.cursor();
    let redo_free = s.can_redo();
    let busy = busy_text(s);
    let mut clicked = None;
    egui::ScrollArea::vertical().max_height((ui.available_height() - 260.0).max(80.0)).auto_shrink([false, true]).show(
        ui,
        |ui| {
            egui::Grid::new("moves").num_columns(2).striped(true).show(ui, |ui| {
                for (i, e) in p.game.all_entries().iter().enumerate() {
                    let undone = i >= cursor;
                    let number = RichText::new(format!("{}.", i + 1));
                    ui.label(if undone { number.weak() } else { number });
                    let sign = e.review.as_ref().map_or("", |r| analysis_panel::mark_sign(r.mark));
                    let text = format!("{} {}{sign}", e.mover, e.text);
                    if undone {
                        let r = ui
                            .add_enabled(
                                redo_free,
                                egui::Button::selectable(false, RichText::new(text).weak().italics()),
                            )
                            .on_hover_text("Undone: click to play the moves again up to here")
                            .on_disabled_hover_text(busy);
                        if r.clicked() {
                            clicked = Some(Command::RedoTo(i + 1));
                        }
                    } else {
                        let r = ui.selectable_label(shown == i + 1, text);
                        let r = match teaching::move_text(s, i + 1) {
                            Some(words) => r.on_hover_text(words),
                            None => r,
                        };
                        if r.clicked() {
                            clicked = Some(Command::ReviewAt(i + 1));
                        }
                    }
                    ui.end_row();
                }
            });
        },
    );
    if let Some(c) = clicked {
        app.push(c);
    }
}
