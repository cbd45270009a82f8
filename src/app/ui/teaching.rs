//! The windows and panel that teach the game: the lesson list (Help → Learn Omweso), the
//! lesson being followed (in the side panel), the rules book with its glossary
//! (`assets/rules.ron`), the legend of the board's marks, and the narrator's words for the
//! move shown. They only record [`Command`]s.

use crate::app::model::command::Teaching;
use crate::app::model::session::{Feedback, Session};
use crate::app::ui::Frame;
use crate::app::ui::board::{self, BoardView, Geometry};
use crate::app::{model::command::Command, ui::theme};
use crate::lessons::Task;
use crate::narrate::narrate;
use egui::{Color32, Context, RichText, Ui};
use omweso_rules::{GameState, Side};

/// The rules book as written in `assets/rules.ron`.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct RulesBook {
    /// The rules, in order.
    pub sections: Vec<Section>,
    /// The game's words and what they mean.
    pub glossary: Vec<(String, String)>,
}

/// One rule: a title, the text and a position that shows it.
#[derive(Clone, Debug, serde::Deserialize)]
pub struct Section {
    /// The title.
    pub title: String,
    /// The rule in players' words.
    pub text: String,
    /// A game state (RULES.md §5) shown on a small board.
    pub state: Option<String>,
}

/// The rules book embedded in the program.
///
/// # Errors
/// The RON reader's message when the file is not a rules book.
pub fn rules_text() -> Result<RulesBook, String> {
    ron::from_str(include_str!("../../../assets/rules.ron")).map_err(|e| format!("assets/rules.ron: {e}"))
}

/// Help → Learn Omweso: the lessons, with a tick on those finished.
pub fn learn(app: &mut Frame<'_>, ctx: &Context) {
    let mut cmd = None;
    let mut open = true;
    egui::Window::new("Learn Omweso")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
        .show(ctx, |ui| {
            ui.label(crate::lessons::LIST_INTRO);
            ui.add_space(6.0);
            let s = &app.session;
            match s.lessons() {
                Err(e) => {
                    ui.colored_label(Color32::from_rgb(255, 120, 100), format!("The lessons could not be loaded: {e}"));
                }
                Ok(lessons) => {
                    let done = |l: &crate::lessons::Lesson| s.settings().lessons_done.contains(&l.id);
                    // How far the course has come (issue 51).
                    let road =
                        crate::lessons::Measure::of_road(lessons, crate::app::model::animation::Speed::Normal.rate());
                    let mut said =
                        format!("The road to your first game: {:.1} minutes at a normal pace", road.minutes());
                    if let Some(p) = crate::app::ui::way_on::progress(s) {
                        said = format!("{p}. {said}");
                    }
                    ui.label(RichText::new(said).weak());
                    // The lesson under way, else the first one not done yet.
                    let under_way = s.lesson().map(|run| (run.index, run.step));
                    let next = under_way.map(|(i, _)| i).or_else(|| lessons.iter().position(|l| !done(l)));
                    let rate = crate::app::model::animation::Speed::Normal.rate();
                    egui::Grid::new("lessons").num_columns(4).spacing([12.0, 6.0]).show(ui, |ui| {
                        for (i, l) in lessons.iter().enumerate() {
                            // The road to the first game, then what is left for after it.
                            if l.optional && i > 0 && !lessons[i - 1].optional {
                                ui.label("");
                                ui.label(RichText::new(crate::lessons::LIST_AFTER).strong());
                                ui.end_row();
                            }
                            ui.label(match (done(l), next == Some(i)) {
                                (_, true) => {
                                    RichText::new("next").strong().color(theme::accent(ui.visuals().dark_mode))
                                }
                                (true, false) => RichText::new("done").color(theme::LAST_MOVE),
                                (false, false) => RichText::new(""),
                            });
                            ui.label(format!("{}. {}", i + 1, l.title));
                            // Its measured time at a normal pace (`omweso lessons --measure`).
                            let minutes = crate::lessons::Measure::of_steps(&l.steps, rate).minutes();
                            // One decimal, as the road's figure above (whole minutes each,
                            // rounded up, added up to more than the road: 9 for 6.3).
                            ui.label(RichText::new(format!("{minutes:.1} min")).weak());
                            let (label, command) = match under_way {
                                Some((n, step)) if n == i && step > 0 => (
                                    format!("Continue (step {})", step + 1),
                                    Command::StartLessonAt { lesson: i, step },
                                ),
                                _ if done(l) => ("Again".to_string(), Command::StartLesson(i)),
                                _ => ("Start lesson".to_string(), Command::StartLesson(i)),
                            };
                            if ui.button(label).clicked() {
                                cmd = Some(command);
                            }
                            ui.end_row();
                        }
                    });
                }
            }
        });
    if !open {
        cmd = Some(Command::ToggleTeaching(Teaching::Learn));
    }
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// The side panel while a lesson is followed: where you are, what to do, what the lesson
/// says about your move, and the buttons to go on.
pub fn lesson_panel(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = &app.session;
    let Some(run) = s.lesson() else { return };
    let total = s.lessons().map_or(0, <[_]>::len);
    let step = run.current();
    ui.label(RichText::new(format!("Lesson {} of {total}: {}", run.index + 1, run.lesson.title)).strong().size(16.0));
    ui.label(RichText::new(format!("Step {} of {}", run.step + 1, run.lesson.steps.len())).weak());
    ui.add_space(4.0);
    // Room below the text for the buttons (the first game's four wrap onto more rows), and
    // on a set-out step for the layout tools; no more, so that the text and its instruction
    // at the end keep the rest (issue 41: at 900×600 the instruction fell below the fold).
    let button_row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    let reserve = match step.task {
        Task::SetOut if s.setup().is_some() => 300.0,
        Task::PlayBeginner => 4.0 * button_row + 16.0,
        _ => 2.0 * button_row + 16.0,
    };
    egui::ScrollArea::vertical().max_height(ui.available_height() - reserve).show(ui, |ui| {
        ui.add(egui::Label::new(RichText::new(&step.text).size(15.0)).wrap());
        match &run.feedback {
            Some(Feedback::Right(t)) => {
                ui.add_space(6.0);
                let head = match (run.shown, &step.task) {
                    (true, Task::SetOut) => "This is the layout from the book:",
                    (true, _) => "This is the move:",
                    (false, Task::SetOut) => "Your layout:",
                    (false, _) => "Right!",
                };
                ui.label(RichText::new(head).strong().color(theme::LAST_MOVE));
                ui.add(egui::Label::new(t.as_str()).wrap());
            }
            Some(Feedback::Wrong(t)) => {
                ui.add_space(6.0);
                // What was asked, then what the move did, folded.
                let (key, chain) = t.split_once("\n\n").unwrap_or((t.as_str(), ""));
                let warm = if ui.visuals().dark_mode {
                    Color32::from_rgb(250, 200, 120)
                } else {
                    Color32::from_rgb(150, 80, 0)
                };
                ui.add(egui::Label::new(RichText::new(key).color(warm)).wrap());
                if !chain.is_empty() {
                    egui::CollapsingHeader::new("What your move did").id_salt("wrong-move-chain").show(ui, |ui| {
                        ui.add(egui::Label::new(chain).wrap());
                    });
                }
            }
            None => {}
        }
    });
    let (can_go_on, wrong, waiting, beginner, set_out) = (
        run.can_go_on(),
        matches!(run.feedback, Some(Feedback::Wrong(_))),
        matches!(step.task, Task::Play(_) | Task::SetOut) && run.feedback.is_none(),
        matches!(step.task, Task::PlayBeginner),
        matches!(step.task, Task::SetOut),
    );
    let last = run.step + 1 == run.lesson.steps.len();
    let busy = s.animating() || s.sowing().is_some();
    if set_out && s.setup().is_some() {
        ui.separator();
        crate::app::ui::setup_panel::setup_tools(app, ui);
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        if beginner {
            // One click on a ready-made layout starts the guided game (issue 41).
            for preset in crate::app::model::guide::PRESETS {
                if ui.button(RichText::new(format!("Play: {}", preset.label())).strong()).clicked() {
                    app.push(Command::StartGuidedGame(preset));
                }
            }
            if ui.button("Lay out by hand").clicked() {
                app.push(Command::LessonNext);
            }
        }
        if can_go_on && ui.button(RichText::new(if last { "Next lesson" } else { "Next" }).strong()).clicked() {
            app.push(Command::LessonNext);
        }
        if wrong && ui.button("Try again").clicked() {
            app.push(Command::LessonRetry);
        }
        if set_out && can_go_on && ui.button("Set out again").clicked() {
            app.push(Command::LessonRetry);
        }
        if (waiting || wrong) && ui.add_enabled(!busy, egui::Button::new("Show me")).clicked() {
            app.push(Command::LessonShowMe);
        }
        if ui.button("Leave the lesson").clicked() {
            app.push(Command::LeaveLesson);
        }
    });
}

/// The narrator's words for the move that led to the position shown (the last move, or in
/// review the move reviewed), once it has been sown.
pub fn shown_move_text(session: &Session) -> Option<String> {
    let p = session.play()?;
    if session.animating() || p.sowing().is_some() {
        return None;
    }
    let n = p.shown();
    let entry = p.game.all_entries().get(n.checked_sub(1)?)?;
    Some(entry_words(p.game.state_at(n - 1), entry))
}

/// The narrator's words for move `n` (from 1) of the game shown, for the move list's hover.
pub fn move_text(session: &Session, n: usize) -> Option<String> {
    let p = session.play()?;
    let entry = p.game.all_entries().get(n.checked_sub(1)?)?;
    if n - 1 > p.game.cursor() {
        return None; // The redo branch: its start is not a state of the game shown.
    }
    Some(entry_words(p.game.state_at(n - 1), entry))
}

/// The narrator's words for one entry of the game: a move sown, or a turn lost on time.
fn entry_words(before: &omweso_rules::GameState, entry: &crate::game::Entry) -> String {
    if entry.is_turn_lost() {
        return crate::narrate::turn_lost(entry.mover, entry.outcome()).join(" ");
    }
    narrate(before, &entry.trace, entry.outcome()).join(" ")
}

/// A small board showing `state`, for the rules book.
fn small_board(ui: &mut Ui, state: &GameState) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(380.0, 190.0), egui::Sense::hover());
    let view = BoardView {
        counts: *state.position().counts(),
        letters: true,
        names: Side::BOTH.map(|s| s.to_string()),
        to_move: Some(state.to_move()),
        ..BoardView::default()
    };
    board::paint(&ui.painter_at(rect), &Geometry::fit(rect, false), &view, board::Pointer::default());
}

/// Help → Rules: every rule with a small board, then the glossary.
pub fn rules_book(app: &mut Frame<'_>, ctx: &Context) {
    let mut open = true;
    egui::Window::new("Rules of Omweso").open(&mut open).default_pos([60.0, 70.0]).default_size([460.0, 600.0]).show(
        ctx,
        |ui| {
            let book = match rules_text() {
                Ok(b) => b,
                Err(e) => {
                    ui.label(e);
                    return;
                }
            };
            egui::ScrollArea::vertical().show(ui, |ui| {
                for s in &book.sections {
                    ui.heading(&s.title);
                    ui.add(egui::Label::new(&s.text).wrap());
                    if let Some(state) = s.state.as_deref().and_then(|t| t.parse::<GameState>().ok()) {
                        small_board(ui, &state);
                    }
                    ui.add_space(10.0);
                }
                ui.heading("Words of the game");
                egui::Grid::new("glossary").num_columns(2).striped(true).show(ui, |ui| {
                    for (word, meaning) in &book.glossary {
                        ui.label(RichText::new(word).strong());
                        ui.add(egui::Label::new(meaning).wrap());
                        ui.end_row();
                    }
                });
            });
        },
    );
    if !open {
        app.push(Command::ToggleTeaching(Teaching::Rules));
    }
}

/// Every mark the board can show, and what it means.
pub const LEGEND: &[(Color32, &str)] = &[
    (theme::PLAYABLE, "Yellow ring: a hole you can play (the one under the pointer; F4 shows them all)."),
    (theme::PREVIEW, "Blue rings: where the first lap of the hole under the pointer would end."),
    (theme::LAST_MOVE, "Green ring: where the last move started."),
    (theme::CAPTURE, "Red ring: a hole captured in the last move (or so far in this one)."),
    (
        theme::PREVIEW,
        "Blue double ring: the start of the suggested move (Hint); a blue arrow between two holes where it sows clockwise.",
    ),
    (
        theme::CAPTURE,
        "At a decision: the red arrow between two holes sows clockwise and captures the holes ringed in red (\"capture N\" in the groove); the white arrow goes on anticlockwise.",
    ),
    (theme::HAND_COUNT, "The hand: the seeds in hand with their number, while a move is sown and at a decision."),
    (
        theme::THREAT,
        "Orange dashed ring and -N: a hole of the player to move that the opponent could capture next, with its seeds (View > Mark threatened holes; always on against Beginner and in the lessons from \"Capturing\" on); hovering a playable hole shows what playing it would leave open.",
    ),
    (theme::NAMED, "Wide soft white ring, in a lesson: the holes its text names."),
    (theme::PLAYABLE, "A lit name plate: whose turn it is."),
    (theme::COUNT, "The number at a hole's bottom right: the seeds in it; the letter at its top left names it (F3)."),
];

/// Help → What the marks mean.
pub fn legend(app: &mut Frame<'_>, ctx: &Context) {
    let mut open = true;
    egui::Window::new("What the marks mean").open(&mut open).default_pos([560.0, 70.0]).resizable(false).show(
        ctx,
        |ui| {
            for (color, text) in LEGEND {
                ui.horizontal(|ui| {
                    let (r, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                    ui.painter().circle_stroke(r.center(), 7.0, egui::Stroke::new(3.0, *color));
                    ui.add(egui::Label::new(*text).wrap());
                });
            }
        },
    );
    if !open {
        app.push(Command::ToggleTeaching(Teaching::Legend));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_book_reads_and_every_position_in_it_is_a_game_state() {
        let book = rules_text().expect("assets/rules.ron");
        assert!(book.sections.len() >= 9);
        for s in &book.sections {
            if let Some(t) = &s.state {
                t.parse::<GameState>().unwrap_or_else(|e| panic!("{}: {e}", s.title));
            }
        }
        let words: Vec<&str> = book.glossary.iter().map(|(w, _)| w.as_str()).collect();
        for w in ["omweso", "empiki", "akakyala", "emitwe-ebiri", "akawumbi", "relay", "reverse capture", "singleton"] {
            assert!(words.contains(&w), "{w} is in the glossary");
        }
    }
}
