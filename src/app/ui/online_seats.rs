//! The seats of online games (issue 48): the question before leaving a game that is on
//! ("Leave the game? You can come back to it from Game → Online games", or resign
//! instead), Game → Online games (the player's unfinished games, each to resume or
//! forget), and the note on the board when a window over it keeps it from taking a click.
//! Every button has its words as its AccessKit label. It only records [`Command`]s.

use crate::app::model::command::{Command, ModalKind};
use crate::app::model::online::OnlineCommand;
use crate::app::ui::Frame;
use egui::{Context, RichText};

/// What the command waiting on the leave question does, in words.
fn leaving_for(waiting: &Command) -> &'static str {
    match waiting {
        Command::Quit => "Omweso is about to close.",
        Command::Online(OnlineCommand::Leave) => "You are about to leave online play.",
        Command::Online(OnlineCommand::Connect(_)) => "Another online game is about to start.",
        Command::Online(OnlineCommand::Resume(_)) => "Another online game is about to be resumed.",
        Command::Open | Command::OpenHanded(_) => "Another game is about to be opened.",
        Command::StartLesson(_) | Command::StartLessonAt { .. } => "A lesson is about to start.",
        Command::StartPuzzle(_) => "A puzzle is about to start.",
        Command::PlayFromState(_) => "Omweso was asked to play on from a game state.",
        _ => "A game at this computer is about to start.",
    }
}

/// "Leave the game?": Leave (the seat is kept), Resign instead, or Stay.
pub fn leave_question(app: &mut Frame<'_>, ctx: &Context, waiting: &Command) {
    let mut cmd = None;
    let closing = matches!(waiting, Command::Quit);
    egui::Modal::new(egui::Id::unique("leave-online")).show(ctx, |ui| {
        ui.set_max_width(420.0);
        ui.heading("Leave the game?");
        ui.label(leaving_for(waiting));
        ui.label("The server keeps the game: you can come back to it from the Game menu, Online games.");
        if closing {
            ui.label("It also comes back by itself when you open Omweso again.");
        }
        ui.label(RichText::new("Your opponent is told that you left. Resign instead?").weak());
        ui.horizontal(|ui| {
            if ui.button("Leave the game").clicked() {
                cmd = Some(Command::Online(OnlineCommand::ConfirmLeave));
            }
            if ui.button("Resign instead").clicked() {
                cmd = Some(Command::Online(OnlineCommand::ResignInstead));
            }
            if ui.button("Stay in the game").clicked() {
                cmd = Some(Command::CloseModal(ModalKind::Leave));
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// Game → Online games: each unfinished game with Resume and Forget.
pub fn games(app: &mut Frame<'_>, ctx: &Context) {
    let games = app.session().online_games().to_vec();
    let here = app.session().online().and_then(|o| o.code.clone());
    let mut cmd = None;
    let mut open = true;
    egui::Window::new("Online games")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .constrain_to(app.area)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(app.area.center())
        .show(ctx, |ui| {
            if games.is_empty() {
                ui.label("No online game waits for you. Host or join one with Play online… in the Game menu.");
            } else {
                ui.label("Your unfinished online games. The server keeps each until it ends.");
            }
            egui::Grid::new("online-games").num_columns(3).spacing([10.0, 6.0]).show(ui, |ui| {
                for place in &games {
                    let on_board = here.as_deref() == Some(place.code.as_str());
                    let line = if on_board { format!("{} (on the board)", place.line()) } else { place.line() };
                    ui.label(line);
                    let resume = if on_board { "Reconnect" } else { "Resume" };
                    if ui.button(format!("{resume} {}", place.code)).clicked() {
                        cmd = Some(Command::Online(OnlineCommand::Resume(Box::new(place.clone()))));
                    }
                    if ui
                        .button(format!("Forget {}", place.code))
                        .on_hover_text("Take it off this list: the game stays on the server, but this window can no longer take its seat")
                        .clicked()
                    {
                        cmd = Some(Command::Online(OnlineCommand::Forget(place.code.clone())));
                    }
                    ui.end_row();
                }
            });
            if ui.button("Close").clicked() {
                cmd = Some(Command::CloseModal(ModalKind::OnlineGames));
            }
        });
    if !open {
        cmd = Some(Command::CloseModal(ModalKind::OnlineGames));
    }
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// The name of a window over the board, as the note on the board gives it.
fn window_name(kind: ModalKind) -> &'static str {
    match kind {
        ModalKind::NewGame => "The New game dialog",
        ModalKind::Learn => "The list of lessons",
        ModalKind::Puzzles => "The list of puzzles",
        ModalKind::Online => "The Play online dialog",
        ModalKind::OnlineGames => "The list of online games",
        ModalKind::Resign => "The question about resigning",
        ModalKind::Problem => "A message",
        _ => "A window",
    }
}

/// The note across the board when a window over it kept it from taking a click: what
/// is open, and that it is to be closed first.
pub fn board_note(app: &Frame<'_>, ui: &mut egui::Ui) {
    let Some(kind) = app.session.blocked_by() else { return };
    let rect = ui.max_rect();
    let text = format!("{} is open: finish it or close it to use the board.", window_name(kind));
    egui::Area::new(egui::Id::unique("board-blocked"))
        .order(egui::Order::Foreground)
        .pivot(egui::Align2::CENTER_BOTTOM)
        .fixed_pos(rect.center_bottom() - egui::vec2(0.0, 12.0))
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(RichText::new(text).strong());
            });
        });
}
