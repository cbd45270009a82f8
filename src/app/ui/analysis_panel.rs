//! What the engine tells the player, drawn in the side panel: the analysis of the position
//! shown (a bar, a number in seeds or "wins in N", the depth and the best line), the coach's
//! mark on your last move, and the review of the game (progress, an evaluation graph drawn
//! with egui_plot, the key moments and your worst moves to try again). Only records
//! [`Command`]s.

use crate::app::model::session::Session;
use crate::app::services::analysis::{for_lower, score_words};
use crate::app::ui::Frame;
use crate::app::ui::agree::{loss_words, mark_words};
use crate::app::{model::command::Command, ui::theme};
use crate::game::Entry;
use crate::verdict::{Mark, MoveReview};
use egui::{Color32, RichText, Ui};
use omweso_engine::PROVEN;
use omweso_rules::Side;

/// The colour of a mark, readable on the dark theme and (deeper) on the light one.
pub fn mark_color(mark: Mark, dark: bool) -> Color32 {
    let (on_dark, on_light) = match mark {
        Mark::Best => (theme::LAST_MOVE, Color32::from_rgb(30, 120, 50)),
        Mark::Good => (Color32::from_rgb(170, 210, 170), Color32::from_rgb(50, 110, 60)),
        Mark::Inaccuracy | Mark::ShortensLoss => (Color32::from_rgb(240, 210, 110), Color32::from_rgb(140, 100, 0)),
        Mark::Mistake | Mark::LossInOne => (Color32::from_rgb(245, 150, 70), Color32::from_rgb(170, 80, 10)),
        Mark::Blunder => (theme::CAPTURE, Color32::from_rgb(170, 30, 30)),
    };
    if dark { on_dark } else { on_light }
}

/// The short sign of a mark in the move list, as chess players write it.
pub fn mark_sign(mark: Mark) -> &'static str {
    match mark {
        Mark::Best => "!",
        Mark::Good => "",
        Mark::Inaccuracy | Mark::ShortensLoss => "?!",
        Mark::Mistake | Mark::LossInOne => "?",
        Mark::Blunder => "??",
    }
}

/// The analysis of the position shown, when the panel is open: the engine's one judgement
/// of it (the same the hint, the coach and the review use), or the deepest so far while it
/// is being made.
pub fn analysis_section(app: &mut Frame<'_>, ui: &mut Ui) {
    let session = &app.session;
    if !session.settings().analysis {
        return;
    }
    ui.label(RichText::new("This position").strong());
    if session.puzzle().is_some_and(|r| !r.solved()) {
        ui.label(RichText::new("Hidden until the puzzle is solved.").weak());
        return;
    }
    let Some(state) = session.shown_state() else { return };
    let Some((judgement, kept)) = session.judgement_shown() else {
        let why = if state.outcome().is_some() { "The game is over here." } else { "Thinking…" };
        ui.label(RichText::new(why).weak());
        return;
    };
    let lower = for_lower(judgement.score(), state.to_move());
    score_bar(ui, lower);
    ui.label(RichText::new(score_words(lower)).size(15.0).strong());
    let pv: Vec<String> = judgement.pv.iter().take(6).map(ToString::to_string).collect();
    let depth =
        if kept { format!("depth {}", judgement.depth) } else { format!("thinking… depth {}", judgement.depth) };
    ui.label(RichText::new(format!("{depth} · best: {}", pv.join(" | "))).weak().size(12.0));
    proof_line(ui, session.proof_shown());
    if kept
        && !session.thinking_longer()
        && ui.small_button("Think longer").on_hover_text("Judge this position ten times as long").clicked()
    {
        app.push(Command::ThinkLonger);
    }
}

/// The solver's word on the position: "Proven: Lower wins within 9 moves" and the proof's
/// main line, "Not proven in 3 s", or "Proving…".
fn proof_line(ui: &mut Ui, found: Option<Option<&crate::app::services::analysis::Proven>>) {
    match found {
        Some(Some(crate::app::services::analysis::Proven { winner: None, .. })) => {
            ui.label(RichText::new("Proven: annulled with best play").strong()).on_hover_text(
                "The solver proved that neither side can force a win and that every line ends in an \
                 annulled move (RULES.md 3.8).",
            );
        }
        Some(Some(p)) => {
            // The winner's own moves, as "wins in N moves" counts them above.
            let winner = p.winner.map_or_else(String::new, |w| w.to_string());
            let words = format!("Proven: {winner} wins {}", crate::app::services::analysis::within_own_moves(p.moves));
            ui.label(RichText::new(words).strong()).on_hover_text(
                "The solver proved it: this side wins against every defence. The line is its winning \
                 moves and the longest defence.",
            );
            ui.label(RichText::new(crate::app::services::analysis::line_text(&p.line)).weak().size(12.0));
        }
        Some(None) => {
            let secs = crate::app::services::analysis::PROVE_TIME.as_secs();
            ui.label(RichText::new(format!("Not proven in {secs} s")).weak().size(12.0));
        }
        None => {
            ui.label(RichText::new("Proving…").weak().size(12.0));
        }
    }
}

/// Who is ahead and by how much: Lower's share of a bar from Upper's end (left, dark) to
/// Lower's (right, light), ±10 seeds from end to end with the even mark in the middle; a
/// forced result fills it.
fn score_bar(ui: &mut Ui, lower: i32) {
    let share =
        if lower.abs() >= PROVEN { f32::from(lower > 0) } else { 0.5 + (lower as f32 / 2000.0).clamp(-0.5, 0.5) };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 14.0), egui::Sense::hover());
    let p = ui.painter();
    p.rect_filled(rect, 3.0, Color32::from_gray(35));
    let mut lower_part = rect;
    lower_part.set_left(rect.right() - rect.width() * share);
    p.rect_filled(lower_part, 3.0, Color32::from_gray(235));
    p.line_segment(
        [rect.center_top(), rect.center_bottom()],
        egui::Stroke::new(1.5, theme::accent(ui.visuals().dark_mode)),
    );
    p.rect_stroke(rect, 3.0, egui::Stroke::new(1.0, Color32::from_gray(128)), egui::StrokeKind::Inside);
    response.on_hover_text("Upper ahead to the left (dark), Lower to the right (light); the middle is even");
}

/// The coach's word on the last move, when it has a verdict: its mark, what it gave away,
/// the better move, and a button to take it back.
pub fn coach_line(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = &app.session;
    let (Some(p), Some(c)) = (s.play(), s.computer()) else { return };
    if !s.settings().coach || p.review.is_some() {
        return;
    }
    let n = p.game.cursor();
    // The human's last move: the last, or the one before the computer's answer.
    let human = c.opponent.side.opponent();
    let Some(i) = p.game.moves().iter().rposition(|e| e.mover == human) else { return };
    let e = &p.game.moves()[i];
    // The solver's word comes first: a proof outweighs a search's score.
    let judged = s.judgement_of(p.game.state_at(i));
    // A new player hears what the board shows, not a proof eighteen moves deep.
    let plain = s
        .newcomer()
        .then(|| crate::app::ui::plain_coach::for_newcomer(p.game.state_at(i), e, s.thrown_win(i + 1).is_some()))
        .flatten();
    if let Some((seen, mark)) = plain {
        ui.colored_label(mark_color(mark, ui.visuals().dark_mode), format!("Coach: {}", seen.words(&e.text)));
        if mark >= Mark::Inaccuracy && ui.button("Take back and try again").clicked() {
            app.push(Command::Undo);
        }
        return;
    }
    if let Some(thrown) = s.thrown_win(i + 1) {
        ui.colored_label(
            mark_color(Mark::Blunder, ui.visuals().dark_mode),
            format!("Coach: {}", crate::app::ui::agree::thrown_sentence(&thrown, &e.text, e.mover, judged)),
        );
        if ui.button("Take back and try again").clicked() {
            app.push(Command::Undo);
        }
        return;
    }
    let Some(r) = &e.review else {
        ui.label(RichText::new(format!("Coach: looking at your move {}…", e.text)).weak());
        return;
    };
    // Where several moves win, or are as good, the coach says so and names the hint's.
    let (text, mark) = match &e.mv {
        Some(mv) => crate::app::ui::agree::coach_sentence(mv, r, e.mover, judged),
        None => (format!("Coach: {} was {}", e.text, mark_words(r.mark)), r.mark),
    };
    ui.colored_label(mark_color(mark, ui.visuals().dark_mode), text);
    if mark >= Mark::Inaccuracy && n > 0 && ui.button("Take back and try again").clicked() {
        app.push(Command::Undo);
    }
}

/// The verdicts of the moves on the board, in order (moves not reviewed are left out).
fn verdicts(entries: &[Entry]) -> Vec<(&Entry, &MoveReview)> {
    entries.iter().filter_map(|e| e.review.as_ref().map(|r| (e, r))).collect()
}

/// "Analyse game" while moves are not reviewed, or its progress with Stop while it runs.
pub fn analyse_button(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = &app.session;
    let Some(p) = s.play() else { return };
    if !p.is_game() || p.game.cursor() == 0 || s.tournament_on() {
        return;
    }
    let mut cmd = None;
    if let Some((done, total)) = s.game_review_progress() {
        ui.horizontal(|ui| {
            ui.add(
                egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                    .desired_width(ui.available_width() - 60.0)
                    .text(format!("Analysing: {done}/{total}")),
            );
            if ui.button("Stop").clicked() {
                cmd = Some(Command::StopAnalysingGame);
            }
        });
    } else if verdicts(p.game.moves()).len() < p.game.moves().len() {
        if ui.button("Analyse game").on_hover_text("The engine reviews every move (about a second a move)").clicked() {
            cmd = Some(Command::AnalyseGame);
        }
    } else {
        ui.label(RichText::new("Every move reviewed: the graph is under Analysis.").weak());
    }
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// The review of the game: its progress, the graph, the key moments and the worst moves.
pub fn review_section(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = &app.session;
    let Some(p) = s.play() else { return };
    if !p.is_game() || p.game.cursor() == 0 {
        return;
    }
    let reviewed = verdicts(p.game.moves());
    let mut cmds = Vec::new();
    ui.label(RichText::new("The game").strong());
    if reviewed.len() < 2 {
        ui.label(RichText::new("Analyse game (under Moves) marks every move and draws the game here.").weak());
    } else {
        graph(ui, &reviewed, &mut cmds);
        key_moments(s, ui, &reviewed, &mut cmds);
    }
    drop(reviewed);
    analyse_button(app, ui);
    for c in cmds {
        app.push(c);
    }
}

/// The evaluation before each move, for Lower (±20 seeds; forced results at the edge).
fn graph(ui: &mut Ui, reviewed: &[(&Entry, &MoveReview)], cmds: &mut Vec<Command>) {
    let clamp = |v: i32| (v.clamp(-5000, 5000) as f64) / 100.0;
    let line: Vec<[f64; 2]> =
        reviewed.iter().map(|(e, r)| [r.number as f64, clamp(for_lower(r.score_before, e.mover))]).collect();
    let bad: Vec<[f64; 2]> = reviewed
        .iter()
        .filter(|(_, r)| r.mark >= Mark::Mistake)
        .map(|(e, r)| [r.number as f64, clamp(for_lower(r.score_before, e.mover))])
        .collect();
    // The line in the text's colour: as clear on the light theme as on the dark.
    let text = ui.visuals().strong_text_color();
    // The caption above the graph, where it is read first and never falls below the tab.
    ui.label(
        RichText::new("The evaluation for Lower before each move (1 is about a seed); click to look at a move.")
            .weak()
            .size(11.0),
    );
    let resp = egui_plot::Plot::new("evaluation")
        .height(110.0)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .include_y(-5.0)
        .include_y(5.0)
        .show(ui, |plot| {
            plot.hline(egui_plot::HLine::new("even", 0.0).color(Color32::from_gray(110)));
            plot.line(egui_plot::Line::new("evaluation for Lower", line).color(text).width(2.0));
            plot.points(egui_plot::Points::new("mistakes", bad).radius(4.0).color(theme::CAPTURE));
        });
    if resp.response.clicked()
        && let Some(at) = resp.response.interact_pointer_pos().map(|p| resp.transform.value_from_position(p))
    {
        let n = at.x.round().max(1.0) as usize;
        cmds.push(Command::ReviewAt(n - 1));
    }
}

/// The key moments (the moves that gave away most) and the worst moves to try again.
fn key_moments(s: &Session, ui: &mut Ui, reviewed: &[(&Entry, &MoveReview)], cmds: &mut Vec<Command>) {
    // A move that threw a proven win away is a key moment whatever the search's mark.
    let thrown = |r: &MoveReview| s.thrown_win(r.number).is_some();
    let mut worst: Vec<&(&Entry, &MoveReview)> =
        reviewed.iter().filter(|(_, r)| r.mark >= Mark::Mistake || thrown(r)).collect();
    worst.sort_by_key(|(_, r)| (!thrown(r), std::cmp::Reverse(r.loss)));
    if worst.is_empty() {
        ui.label(RichText::new("No mistakes found: well played.").weak());
        return;
    }
    ui.label(RichText::new("Key moments").strong());
    // Against the computer, "your" mistakes are the human's.
    let human = s.computer().map(|c| c.opponent.side.opponent());
    for (e, r) in worst.into_iter().take(4) {
        ui.horizontal_wrapped(|ui| {
            let label = match s.thrown_win(r.number) {
                Some(t) => format!("{}. {} {}", r.number, e.mover, t.words(&e.text, e.mover)),
                None => format!("{}. {} {}: {} ({})", r.number, e.mover, e.text, r.mark, loss_words(r, e.mover)),
            };
            let mark = if s.thrown_win(r.number).is_some() { Mark::Blunder } else { r.mark };
            if ui.link(RichText::new(label).color(mark_color(mark, ui.visuals().dark_mode))).clicked() {
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
