//! The coach for the layout in the setup's side panel: **Check my layout** for the side
//! laying out first, **Propose a reply** for the side laying out second, and the coach's
//! answer (see [`crate::app::model::layout_coach`]). It only records [`Command`]s.

use crate::app::model::command::Command;
use crate::app::model::layout_coach::{Answer, Ask};
use crate::app::ui::Frame;
use egui::{RichText, Ui};
use omweso_rules::notation::format_layout;

/// The coach's buttons and answer, under the setup tools. Nothing in a tournament game.
pub fn section(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = app.session();
    let Some(setup) = s.setup() else { return };
    if s.tournament_on() || setup.lesson.is_some() {
        return;
    }
    let coach = s.layout_coach();
    // The side laying out first checks its layout; the side laying out second, which
    // sees the other layout, is proposed a reply.
    let ask = Ask::of(setup);
    let question = crate::app::model::layout_coach::Question::of(setup, ask);
    let searching = coach.searching(ask);
    let answer = coach.answer(ask).cloned();
    ui.add_space(8.0);
    ui.label(RichText::new("Coach").strong());
    let (label, hover) = match ask {
        Ask::Check => (
            "Check my layout",
            "Does the side laying out second, seeing this layout, find a reply that wins by force? (up to 5 s)",
        ),
        Ask::Propose => ("Propose a reply", "A layout that wins by force against the one laid out first (up to 5 s)"),
    };
    let mut commands = Vec::new();
    ui.horizontal_wrapped(|ui| {
        let enabled = question.is_some() && !searching && answer.is_none();
        let r = ui.add_enabled(enabled, egui::Button::new(label)).on_hover_text(hover);
        if r.clicked() {
            commands.push(Command::AskLayoutCoach);
        }
        if searching {
            ui.spinner();
            ui.label("Searching…");
        }
    });
    if let Some(a) = &answer {
        answer_lines(ui, a, &mut commands);
    }
    for c in commands {
        app.push(c);
    }
}

/// The answer in words; a reply that wins by force as text, with its main line, the
/// buttons to use it (a proposed reply) and to step through it.
fn answer_lines(ui: &mut Ui, a: &Answer, commands: &mut Vec<Command>) {
    ui.add(egui::Label::new(RichText::new(a.words()).color(crate::app::ui::theme::PREVIEW)).wrap());
    let (Some(reply), Some(proof)) = (a.winning_reply(), a.finding.refutation()) else { return };
    let side = a.question.reply_side();
    let layout = format_layout(&reply, side);
    let whose = match a.question.ask {
        Ask::Check => format!("{side}'s reply, shown on the board: {layout}"),
        Ask::Propose => format!("The reply: {layout}"),
    };
    ui.add(egui::Label::new(RichText::new(whose).monospace()).wrap());
    ui.add(egui::Label::new(format!("Main line: {}", crate::app::services::analysis::line_text(&proof.line))).wrap());
    ui.horizontal_wrapped(|ui| {
        if a.question.ask == Ask::Propose && ui.button("Use this layout").clicked() {
            commands.push(Command::UseProposedLayout);
        }
        if ui
            .button("Step through it (ends the setup)")
            .on_hover_text("Ends this setup: the game from both layouts, its main line to step through")
            .clicked()
        {
            commands.push(Command::StepThroughReply(a.question.ask));
        }
    });
}
