//! The puzzles in the window: the list (Help → Puzzles: each with its grade, solved or not,
//! and which comes next) and the side panel while one is on the board (what to find, what
//! the move played was: solved with the winning line, or refuted by the opponent's proof,
//! with Try again). They only record [`Command`]s.

use crate::app::model::command::Teaching;
use crate::app::model::session::PuzzleFeedback;
use crate::app::services::analysis::{line_text, within_own_moves};
use crate::app::ui::Frame;
use crate::app::{model::command::Command, ui::theme};
use egui::{Color32, Context, RichText, Ui};

/// `at once`, `within 5 moves`: the winner's own moves of a proof's longest line.
fn within(moves: u32) -> String {
    if moves.div_ceil(2) == 1 { "at once".to_string() } else { within_own_moves(moves) }
}

/// Help → Puzzles: every puzzle with its grade, a tick on those solved, the next one marked.
pub fn list(app: &mut Frame<'_>, ctx: &Context) {
    let mut cmd = None;
    let mut open = true;
    egui::Window::new("Puzzles")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            ui.label(
                "Positions from engine games in which exactly one move wins against every defence. \
                 Find it on the board; the solver's proofs say why every other move loses.",
            );
            ui.add_space(6.0);
            let s = &app.session;
            match crate::puzzles::course() {
                Err(e) => {
                    ui.colored_label(Color32::from_rgb(255, 120, 100), format!("The puzzles could not be loaded: {e}"));
                }
                Ok(all) => {
                    let solved = |id: &str| s.settings().puzzles_solved.iter().any(|d| d == id);
                    let under_way = s.puzzle().map(|r| r.index);
                    let next = under_way.or_else(|| all.iter().position(|p| !solved(&p.id)));
                    let count = all.iter().filter(|p| solved(&p.id)).count();
                    ui.label(RichText::new(format!("{count} of {} solved", all.len())).weak());
                    egui::ScrollArea::vertical().max_height(ctx.content_rect().height() - 220.0).show(ui, |ui| {
                        egui::Grid::new("puzzles").num_columns(4).spacing([12.0, 4.0]).show(ui, |ui| {
                            for (i, p) in all.iter().enumerate() {
                                ui.label(match (solved(&p.id), next == Some(i)) {
                                    (_, true) => {
                                        RichText::new("next").strong().color(theme::accent(ui.visuals().dark_mode))
                                    }
                                    (true, false) => RichText::new("solved").color(theme::LAST_MOVE),
                                    (false, false) => RichText::new(""),
                                });
                                ui.label(format!("Puzzle {}", i + 1));
                                ui.label(format!("{}, {} to move", p.grade().name(), p.solver()));
                                let label = if solved(&p.id) { "Again" } else { "Solve" };
                                if ui.button(label).on_hover_text(format!("Puzzle {}", i + 1)).clicked() {
                                    cmd = Some(Command::StartPuzzle(i));
                                }
                                ui.end_row();
                            }
                        });
                    });
                }
            }
        });
    if !open {
        cmd = Some(Command::ToggleTeaching(Teaching::Puzzles));
    }
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// The side panel while a puzzle is on the board.
pub fn panel(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = &app.session;
    let Some(run) = s.puzzle() else { return };
    let total = crate::puzzles::course().map_or(0, <[_]>::len);
    let p = &run.puzzle;
    ui.label(RichText::new(format!("Puzzle {} of {total} ({})", run.index + 1, p.grade().name())).strong().size(16.0));
    ui.add(
        egui::Label::new(
            RichText::new(format!(
                "{} to move. Exactly one move wins against every defence: play it on the board.",
                p.solver()
            ))
            .size(15.0),
        )
        .wrap(),
    );
    let mut cmds = Vec::new();
    match &run.feedback {
        Some(PuzzleFeedback::Solved) => {
            ui.add_space(6.0);
            ui.label(RichText::new("Solved!").strong().color(theme::LAST_MOVE));
            let words = format!(
                "{} wins {}{}: {}",
                p.solver(),
                within(p.win.moves),
                if p.win.moves > 1 { " against every defence" } else { "" },
                line_text(&p.win.line)
            );
            ui.add(egui::Label::new(words).wrap());
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new("Next puzzle").strong()).clicked() {
                    cmds.push(Command::PuzzleNext);
                }
                if ui.button("Puzzles").clicked() {
                    cmds.push(Command::LeavePuzzle);
                }
            });
        }
        Some(PuzzleFeedback::Refuted { played, refutation }) => {
            ui.add_space(6.0);
            let warm =
                if ui.visuals().dark_mode { Color32::from_rgb(250, 200, 120) } else { Color32::from_rgb(150, 80, 0) };
            let reply = refutation.line.first().map_or(String::new(), |m| format!(" answers {m} and"));
            let words = format!(
                "Not this one. After {played}, {}{reply} wins {}{}: {}",
                refutation.winner,
                within(refutation.moves),
                if refutation.moves > 1 { " against every defence" } else { "" },
                line_text(&refutation.line)
            );
            ui.add(egui::Label::new(RichText::new(words).color(warm)).wrap());
            ui.horizontal_wrapped(|ui| {
                if ui.button(RichText::new("Try again").strong()).clicked() {
                    cmds.push(Command::PuzzleRetry);
                }
                if ui.button("Puzzles").clicked() {
                    cmds.push(Command::LeavePuzzle);
                }
            });
        }
        None => {
            ui.horizontal_wrapped(|ui| {
                if ui.button("Puzzles").clicked() {
                    cmds.push(Command::LeavePuzzle);
                }
            });
        }
    }
    for c in cmds {
        app.push(c);
    }
}
