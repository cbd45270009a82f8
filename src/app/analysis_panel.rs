//! What the engine tells the player, drawn in the side panel: the analysis of the position
//! shown (a bar, a number in seeds or "wins in N", the depth and the best line), the coach's
//! mark on your last move, and the review of the game (progress, an evaluation graph drawn
//! with egui_plot, the key moments and your worst moves to try again). Only records
//! [`Command`]s.

use super::analysis::{for_lower, score_words};
use super::session::Session;
use super::{App, Command, theme};
use crate::ai::PROVEN;
use crate::game::Entry;
use crate::review::{Mark, MoveReview};
use crate::rules::Side;
use egui::{Color32, RichText, Ui};

/// The colour of a mark.
pub fn mark_color(mark: Mark) -> Color32 {
    match mark {
        Mark::Best => theme::LAST_MOVE,
        Mark::Good => Color32::from_rgb(170, 210, 170),
        Mark::Inaccuracy => Color32::from_rgb(240, 210, 110),
        Mark::Mistake => Color32::from_rgb(245, 150, 70),
        Mark::Blunder => theme::CAPTURE,
    }
}

/// The short sign of a mark in the move list, as chess players write it.
pub fn mark_sign(mark: Mark) -> &'static str {
    match mark {
        Mark::Best => "!",
        Mark::Good => "",
        Mark::Inaccuracy => "?!",
        Mark::Mistake => "?",
        Mark::Blunder => "??",
    }
}

/// The analysis of the position shown, when the panel is open.
pub fn analysis_section(session: &Session, ui: &mut Ui) {
    if !session.settings().analysis {
        return;
    }
    ui.label(RichText::new("Analysis").strong());
    let Some(state) = session.shown_state() else { return };
    let info = session.analyst().and_then(|a| a.latest());
    let Some(info) = info else {
        let why = if state.outcome().is_some() { "The game is over here." } else { "Thinking…" };
        ui.label(RichText::new(why).weak());
        return;
    };
    let lower = for_lower(info.score, state.to_move());
    // The bar: Lower's share, ±10 seeds from end to end (a forced result fills it).
    let share =
        if lower.abs() >= PROVEN { f32::from(lower > 0) } else { 0.5 + (lower as f32 / 2000.0).clamp(-0.5, 0.5) };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 12.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 3.0, Color32::from_gray(60));
    let mut lower_part = rect;
    lower_part.set_width(rect.width() * share);
    p.rect_filled(lower_part, 3.0, Color32::from_gray(225));
    ui.label(RichText::new(score_words(lower)).size(15.0).strong());
    let pv: Vec<String> = info.pv.iter().take(6).map(ToString::to_string).collect();
    ui.label(RichText::new(format!("depth {} · best: {}", info.depth, pv.join(" | "))).weak().size(12.0));
}

/// The coach's word on the last move, when it has a verdict: its mark, what it gave away,
/// the better move, and a button to take it back.
pub fn coach_line(app: &mut App, ui: &mut Ui) {
    let s = &app.session;
    let (Some(p), Some(c)) = (s.play(), s.computer()) else { return };
    if !s.settings().coach || p.review.is_some() {
        return;
    }
    let n = p.game.cursor();
    // The human's last move: the last, or the one before the computer's answer.
    let human = c.opponent.side.opponent();
    let Some(e) = p.game.moves().iter().rev().find(|e| e.mover == human) else { return };
    let Some(r) = &e.review else {
        ui.label(RichText::new(format!("Coach: looking at your move {}…", e.text)).weak());
        return;
    };
    let mut text = format!("Coach: {} was {}", e.text, r.mark);
    if r.mark > Mark::Good {
        text.push_str(&format!(" (gave away {}); {} was better", loss_words(r.loss), r.best));
    }
    ui.colored_label(mark_color(r.mark), text);
    if r.mark >= Mark::Inaccuracy && n > 0 && ui.button("Take back and try again").clicked() {
        app.push(Command::Undo);
    }
}

/// A loss in words: `2.5 seeds`, or `a won game` for a forced result.
fn loss_words(loss: i32) -> String {
    if loss >= PROVEN { "a won game".to_string() } else { format!("{:.1} seeds", loss as f64 / 100.0) }
}

/// The verdicts of the moves on the board, in order (moves not reviewed are left out).
fn verdicts(entries: &[Entry]) -> Vec<(&Entry, &MoveReview)> {
    entries.iter().filter_map(|e| e.review.as_ref().map(|r| (e, r))).collect()
}

/// "Analyse game", its progress, then the graph, the key moments and the worst moves.
pub fn review_section(app: &mut App, ui: &mut Ui) {
    let s = &app.session;
    let Some(p) = s.play() else { return };
    if p.lesson.is_some() || p.game.cursor() == 0 {
        return;
    }
    let mut cmds = Vec::new();
    if let Some((done, total)) = s.game_review_progress() {
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(format!("Analysing: {done}/{total}")),
            );
            if ui.button("Stop").clicked() {
                cmds.push(Command::StopAnalysingGame);
            }
        });
    }
    let moves = p.game.moves();
    let reviewed = verdicts(moves);
    if s.game_review_progress().is_none()
        && reviewed.len() < moves.len()
        && ui.button("Analyse game").on_hover_text("The engine reviews every move (about a second a move)").clicked()
    {
        cmds.push(Command::AnalyseGame);
    }
    if reviewed.len() >= 2 {
        graph(ui, &reviewed, &mut cmds);
        key_moments(s, ui, &reviewed, &mut cmds);
    }
    for c in cmds {
        app.push(c);
    }
}

/// The evaluation before each move, for Lower (±20 seeds; forced results at the edge).
fn graph(ui: &mut Ui, reviewed: &[(&Entry, &MoveReview)], cmds: &mut Vec<Command>) {
    let clamp = |v: i32| (v.clamp(-2000, 2000) as f64) / 100.0;
    let line: Vec<[f64; 2]> =
        reviewed.iter().map(|(e, r)| [r.number as f64, clamp(for_lower(r.score_before, e.mover))]).collect();
    let bad: Vec<[f64; 2]> = reviewed
        .iter()
        .filter(|(_, r)| r.mark >= Mark::Mistake)
        .map(|(e, r)| [r.number as f64, clamp(for_lower(r.score_before, e.mover))])
        .collect();
    let resp = egui_plot::Plot::new("evaluation")
        .height(110.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_y(-5.0)
        .include_y(5.0)
        .show(ui, |plot| {
            plot.hline(egui_plot::HLine::new("even", 0.0).color(Color32::from_gray(110)));
            plot.line(egui_plot::Line::new("Lower's lead (seeds)", line).color(Color32::from_gray(230)));
            plot.points(egui_plot::Points::new("mistakes", bad).radius(4.0).color(theme::CAPTURE));
        });
    if resp.response.clicked()
        && let Some(at) = resp.response.interact_pointer_pos().map(|p| resp.transform.value_from_position(p))
    {
        let n = at.x.round().max(1.0) as usize;
        cmds.push(Command::ReviewAt(n - 1));
    }
    ui.label(RichText::new("Lower's lead in seeds before each move; click to look at a move.").weak().size(11.0));
}

/// The key moments (the moves that gave away most) and the worst moves to try again.
fn key_moments(s: &Session, ui: &mut Ui, reviewed: &[(&Entry, &MoveReview)], cmds: &mut Vec<Command>) {
    let mut worst: Vec<&(&Entry, &MoveReview)> = reviewed.iter().filter(|(_, r)| r.mark >= Mark::Mistake).collect();
    worst.sort_by_key(|(_, r)| std::cmp::Reverse(r.loss));
    if worst.is_empty() {
        ui.label(RichText::new("No mistakes found: well played.").weak());
        return;
    }
    ui.label(RichText::new("Key moments").strong());
    // Against the computer, "your" mistakes are the human's.
    let human = s.computer().map(|c| c.opponent.side.opponent());
    for (e, r) in worst.into_iter().take(4) {
        ui.horizontal_wrapped(|ui| {
            let label = format!("{}. {} {}: {} ({})", r.number, e.mover, e.text, r.mark, loss_words(r.loss));
            if ui.link(RichText::new(label).color(mark_color(r.mark))).clicked() {
                cmds.push(Command::ReviewAt(r.number - 1));
            }
            if human.is_none_or(|h: Side| h == e.mover)
                && ui
                    .small_button("Try again")
                    .on_hover_text(format!("Go back before it; {} was better", r.best))
                    .clicked()
            {
                cmds.push(Command::ReviewAt(r.number - 1));
                cmds.push(Command::PlayFromHere);
            }
        });
    }
}
