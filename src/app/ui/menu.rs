//! The menu bar: Game, View, Sound and Help, each item with its keys from the key map.
//! It only records [`Command`]s.

use crate::app::model::animation::Speed;
use crate::app::model::command::Command;
use crate::app::model::command::Teaching;
use crate::app::model::settings::BoardTurn;
use crate::app::ui::Frame;
use crate::app::ui::keymap::shortcut_text;
use egui::Ui;

/// A menu item that records `command`, with its keys from the key map.
fn item(ui: &mut Ui, app: &mut Frame<'_>, label: &str, command: Command, enabled: bool) {
    let mut button = egui::Button::new(label);
    if let Some(keys) = shortcut_text(ui.ctx(), &command) {
        button = button.shortcut_text(keys);
    }
    if ui.add_enabled(enabled, button).clicked() {
        app.push(command);
    }
}

/// Game / View / Help menus.
pub fn menu_bar(app: &mut Frame<'_>, ui: &mut Ui) {
    egui::Panel::top("menu").show(ui, |ui| {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| {
                item(ui, app, "New game…", Command::OpenNewGame, true);
                item(ui, app, "New game from a position…", Command::NewGameFromState(String::new()), true);
                crate::app::ui::online::menu_items(app, ui);
                let over = app.session().game().is_some_and(|g| g.result().is_some());
                match app.session().match_with_shown() {
                    Some(m) => {
                        item(ui, app, "Next game of the match", Command::NextMatchGame, over && m.winner().is_none())
                    }
                    None => {
                        if let Some(label) = crate::app::ui::online::rematch_label(app.session()) {
                            item(ui, app, label, Command::Rematch, over)
                        }
                    }
                }
                ui.separator();
                item(ui, app, "Open…", Command::Open, true);
                item(ui, app, "Save", Command::Save, true);
                item(ui, app, "Save as…", Command::SaveAs, true);
                ui.separator();
                item(ui, app, "Copy state", Command::CopyState, true);
                item(ui, app, "Copy record", Command::CopyRecord, true);
                // A page's: a window has no address to link to.
                if app.session().game_link().is_some() {
                    item(ui, app, "Copy link to this game", Command::CopyGameLink, true);
                }
                ui.separator();
                item(ui, app, "Quit", Command::Quit, true);
            });
            ui.menu_button("View", |ui| {
                view_toggles(app, ui);
                renderer_menu(app, ui);
            });
            // Open while the mute is ticked and the volume dragged: closed by a click outside.
            let stays =
                egui::containers::menu::MenuConfig::new().close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            egui::containers::menu::MenuButton::new("Sound").config(stays).ui(ui, |ui| sound_menu(app, ui));
            ui.menu_button("Help", |ui| {
                item(ui, app, "Learn Omweso…", Command::ToggleTeaching(Teaching::Learn), true);
                item(ui, app, "Puzzles…", Command::ToggleTeaching(Teaching::Puzzles), true);
                item(ui, app, "Rules…", Command::ToggleTeaching(Teaching::Rules), true);
                item(ui, app, "Rules summary…", Command::ToggleTeaching(Teaching::Summary), true);
                item(ui, app, "What the marks mean…", Command::ToggleTeaching(Teaching::Legend), true);
                item(ui, app, "Keyboard", Command::ToggleHelp, true);
                item(ui, app, "About Omweso", Command::ToggleAbout, true);
            });
        });
    });
}

/// View → Renderer (the menu only: the side panel's Board tab has no room for it): the
/// renderer tried first from the next start on.
fn renderer_menu(app: &mut Frame<'_>, ui: &mut Ui) {
    let now = app.session().settings().renderer;
    ui.menu_button("Renderer", |ui| {
        ui.label("From the next start on:");
        for (choice, label) in crate::app::services::renderer::RendererChoice::ALL {
            if ui.radio(now == choice, label).clicked() {
                app.push(Command::SetRenderer(choice));
            }
        }
    });
}

/// The view settings, as commands: check boxes and the speed (a submenu of radio buttons,
/// which a menu keeps open).
pub(super) fn view_toggles(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = app.session().settings().clone();
    let flipped = app.session().flipped();
    let toggles = [
        (s.letters, "Hole letters", Command::ToggleLetters),
        (s.show_playable, "Show playable holes", Command::TogglePlayable),
        (s.board_turn == BoardTurn::FollowsMover, "Turn board to player to move", Command::ToggleAutoFlip),
        (flipped, "Upper's view", Command::Flip),
        (s.animate, "Animate sowing", Command::ToggleAnimation),
        (s.analysis, "Analysis panel", Command::ToggleAnalysis),
        (s.threats, "Mark threatened holes", Command::ToggleThreats),
        (s.coach, "Coach (against the computer)", Command::ToggleCoach),
        (s.plain_coach, "Coach in plain words after the course too", Command::TogglePlainCoach),
    ];
    // The threatened holes are marked whatever the setting against the Beginner and in the
    // lessons that teach them: the item says so, ticked (a trial saw it unticked beside the
    // guided game's danger rings).
    let threats_forced = !s.threats && app.session().show_threats();
    for (mut on, label, command) in toggles {
        let keys = shortcut_text(ui.ctx(), &command);
        let text = keys.map_or_else(|| label.to_string(), |k| format!("{label} ({k})"));
        if command == Command::ToggleThreats && threats_forced {
            let mut ticked = true;
            ui.add_enabled(false, egui::Checkbox::new(&mut ticked, text))
                .on_disabled_hover_text("Always on against the Beginner and in the lessons about threats");
            continue;
        }
        if ui.checkbox(&mut on, text).changed() {
            app.push(command);
        }
    }
    ui.menu_button("Theme", |ui| {
        for (choice, label) in crate::app::model::settings::ThemeChoice::ALL {
            if ui.radio(s.theme == choice, label).clicked() {
                app.push(Command::SetTheme(choice));
            }
        }
    });
    ui.menu_button(format!("Computer's threads: {}", s.threads), |ui| {
        let cores = crate::app::services::job::cores();
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

/// Sound: mute and volume, as commands, and a line when sound cannot be heard at all.
fn sound_menu(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = app.session().settings();
    let (mut muted, mut volume) = (s.muted, s.volume);
    if ui.checkbox(&mut muted, "Mute").changed() {
        app.push(Command::SetMuted(muted));
    }
    let slider = egui::Slider::new(&mut volume, 0.0..=1.0)
        .text("Volume")
        .custom_formatter(|v, _| format!("{:.0} %", v * 100.0))
        .custom_parser(|t| t.trim().trim_end_matches('%').trim().parse::<f64>().ok().map(|v| v / 100.0));
    if ui.add_enabled(!muted, slider).changed() {
        app.push(Command::SetVolume(volume));
    }
    if let Some(notice) = app.sound().notice() {
        ui.separator();
        ui.label(egui::RichText::new(notice).weak());
    }
}
