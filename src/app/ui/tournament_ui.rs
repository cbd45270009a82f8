//! What the window shows of tournament play (issue 21): the New Game form's tournament
//! and clock section, the clock strip across the top of the board (the referee's count in
//! words, the times left, "paused"), and each player's time for the side panel. Drawing
//! only: the clock itself is [`crate::tournament::Clock`], run by the session.

use crate::app::model::session::Session;
use crate::app::model::setup::NewGameForm;
use crate::app::ui::Frame;
use crate::tournament::{Clock, Count, FinishRunsOut, FirstMover, MAX_MATCH_GOAL, MatchGoal, Stage, StartRunsOut};
use egui::{RichText, Ui};
use omweso_rules::Side;

/// The New Game form's section for a tournament match and the clock.
pub fn form_section(ui: &mut Ui, form: &mut NewGameForm) {
    ui.collapsing("Tournament and clock", |ui| {
        ui.checkbox(&mut form.tournament, "Tournament match")
            .on_hover_text("No take-backs, no hint, coach or analysis while a game is on; the referee's clock");
        let m = &mut form.match_settings;
        ui.add_enabled_ui(form.tournament, |ui| {
            ui.horizontal(|ui| {
                let l = ui.label("Play to:");
                let (mut n, mut points) = match m.goal {
                    MatchGoal::Points(n) => (n, true),
                    MatchGoal::Wins(n) => (n, false),
                };
                ui.add(egui::DragValue::new(&mut n).range(1..=MAX_MATCH_GOAL)).labelled_by(l.id);
                ui.radio_value(&mut points, true, "points");
                ui.radio_value(&mut points, false, "games won");
                m.goal = if points { MatchGoal::Points(n) } else { MatchGoal::Wins(n) };
            });
            ui.horizontal(|ui| {
                ui.label("First move in each game:");
                ui.radio_value(&mut m.first_mover, FirstMover::InTurns, "in turns");
                ui.radio_value(&mut m.first_mover, FirstMover::Toss, "a coin toss");
            });
            let c = &mut m.clock;
            limit_row(ui, "Time to start a move:", &mut c.start_seconds, 3, 60, |ui| {
                ui.radio_value(&mut c.start_runs_out, StartRunsOut::TurnLost, "the turn passes");
                ui.radio_value(&mut c.start_runs_out, StartRunsOut::GameLost, "the game is lost");
            });
            limit_row(ui, "Time to finish it:", &mut c.finish_seconds, 180, 3600, |ui| {
                ui.radio_value(&mut c.finish_runs_out, FinishRunsOut::Annulled, "the game is annulled");
                ui.radio_value(&mut c.finish_runs_out, FinishRunsOut::SownOn, "sown on anticlockwise");
            });
        });
        ui.horizontal(|ui| {
            let l = ui.checkbox(&mut form.game_clock, "Game clock:");
            ui.add_enabled_ui(form.game_clock, |ui| {
                ui.add(egui::DragValue::new(&mut form.game_minutes).range(1..=600).suffix(" min")).labelled_by(l.id);
                let plus = ui.label("each, plus");
                ui.add(egui::DragValue::new(&mut form.increment_seconds).range(0..=600).suffix(" s"))
                    .labelled_by(plus.id);
                ui.label("a turn");
            });
        });
    });
}

/// A limit of the clock: ticked with its seconds, and what happens when it runs out.
fn limit_row(ui: &mut Ui, label: &str, limit: &mut Option<u32>, default: u32, max: u32, outcome: impl FnOnce(&mut Ui)) {
    ui.horizontal(|ui| {
        let mut on = limit.is_some();
        let l = ui.checkbox(&mut on, label);
        let mut seconds = limit.unwrap_or(default);
        ui.add_enabled(on, egui::DragValue::new(&mut seconds).range(1..=max).suffix(" s")).labelled_by(l.id);
        *limit = on.then_some(seconds);
        ui.add_enabled_ui(on, |ui| {
            ui.label("then");
            outcome(ui);
        });
    });
}

/// Seconds as the clock shows them: `m:ss`, or `s.t` under ten seconds.
pub fn clock_time(seconds: f64) -> String {
    let seconds = seconds.max(0.0);
    if seconds < 10.0 {
        format!("{:.1}", (seconds * 10.0).floor() / 10.0)
    } else {
        let whole = seconds.ceil() as u64;
        format!("{}:{:02}", whole / 60, whole % 60)
    }
}

/// A player's time for the side panel's row: the game time left, when there is a game
/// clock.
pub fn player_time(session: &Session, side: Side) -> Option<String> {
    let clock = session.clock()?;
    clock.settings.game_seconds.map(|_| clock_time(clock.left[side.index()]))
}

/// The clock's line for the player to move: the referee's count, or the time left to
/// start or finish the move; "paused" while a window is open.
pub fn clock_line(session: &Session) -> Option<String> {
    let clock: &Clock = session.clock()?;
    let game = session.game()?;
    if game.result().is_some() {
        return None;
    }
    let who = session.player_label(game.current().to_move());
    let mut line = match (clock.count(), clock.stage, clock.stage_left()) {
        (Some(count), _, _) => format!("{who}: {}!", count_word(count)),
        (None, Stage::Starting, Some(left)) => format!("{who} to start a move: {}", clock_time(left)),
        (None, Stage::Finishing, Some(left)) => format!("{who} to finish the move: {}", clock_time(left)),
        (None, _, None) => format!("{who} to move"),
    };
    if let Some(t) = player_time(session, game.current().to_move()) {
        line.push_str(&format!(" · {t} left"));
    }
    if session.paused() {
        line.push_str(" · clock paused while a window is open");
    } else if !session.clock_running() {
        line.push_str(" · the clock waits for the sowing");
    }
    Some(line)
}

/// The referee's word, as written on the strip.
fn count_word(count: Count) -> &'static str {
    match count {
        Count::Emu => "Emu",
        Count::Bbiri => "Bbiri",
    }
}

/// Height of the strip above the board, in points: the same whatever it says, so that the
/// board never moves when the count starts.
const STRIP_HEIGHT: f32 = 50.0;

/// The strip across the top of the board's area (the board fits below it): the match's
/// standing and the clock's line, where both players see it. Nothing for an untimed game
/// outside a match.
pub fn strip(app: &Frame<'_>, ui: &mut Ui) {
    let s = app.session();
    let standing = s.match_with_shown().map(|m| {
        let game = m.games.len() + usize::from(s.shown_result().is_none());
        format!("Match, game {game}: {}", m.standing(s.names()))
    });
    let line = clock_line(s);
    if standing.is_none() && line.is_none() {
        return;
    }
    let counting = s.clock().and_then(Clock::count).is_some();
    let dark = ui.visuals().dark_mode;
    let size = egui::vec2(ui.available_width(), STRIP_HEIGHT);
    ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Center), |ui| {
        ui.set_min_size(size);
        ui.add_space(4.0);
        if let Some(t) = standing {
            ui.add(egui::Label::new(RichText::new(t).size(15.0).strong()).truncate());
        }
        if let Some(t) = line {
            let text = RichText::new(t).size(18.0);
            let text = if counting { text.strong().color(crate::app::ui::theme::accent(dark)) } else { text };
            ui.add(egui::Label::new(text).truncate());
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_a_clock_does() {
        assert_eq!(clock_time(185.0), "3:05");
        assert_eq!(clock_time(60.2), "1:01");
        assert_eq!(clock_time(9.96), "9.9");
        assert_eq!(clock_time(-1.0), "0.0");
    }
}
