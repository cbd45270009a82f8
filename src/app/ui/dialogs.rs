//! Windows over the board: New Game (its form in [`new_game`]), game over, the keyboard
//! help, the unsaved-changes prompt, the typed-path prompt and problem notices.

mod new_game;

use crate::app::model::command::Command;
use crate::app::model::modal::{Modal, ModalKind};
use crate::app::services::files::FileAction;
use crate::app::ui::Frame;
use crate::game::GameResult;
use egui::{Color32, Context, RichText};
use omweso_rules::{Outcome, WinKind};

/// Shows every open window, bottom of the stack first (so the top one is drawn over the
/// others), then the game-over card when no other window is open (it never stacks on one).
pub fn show(app: &mut Frame<'_>, ctx: &Context) {
    let open: Vec<Modal> = app.session.modals().iter().cloned().collect();
    for (i, m) in open.iter().enumerate() {
        match m {
            Modal::NewGame(_) => new_game::new_game(app, ctx),
            Modal::Unsaved(waiting) => confirm(app, ctx, waiting),
            Modal::Path(_) => path_prompt(app, ctx, i),
            Modal::Resign(side) => resign_prompt(app, ctx, *side),
            Modal::Problem(text) => message(app, ctx, text),
            Modal::ChangedOnDisk(path) => changed_on_disk(app, ctx, path),
            Modal::Replace(path) => replace(app, ctx, path),
            Modal::FileDialog(action) => waiting_for_dialog(ctx, *action),
            Modal::Help => help(app, ctx),
            Modal::About => about(app, ctx),
            Modal::Learn => crate::app::ui::teaching::learn(app, ctx),
            Modal::Puzzles => crate::app::ui::puzzle_panel::list(app, ctx),
            Modal::Rules => crate::app::ui::teaching::rules_book(app, ctx),
            Modal::Legend => crate::app::ui::teaching::legend(app, ctx),
            Modal::Online(_) => crate::app::ui::online::dialog(app, ctx),
            Modal::Summary => crate::app::ui::summary_window::show(app, ctx),
            Modal::Leave(waiting) => crate::app::ui::online_seats::leave_question(app, ctx, waiting),
            Modal::OnlineGames => crate::app::ui::online_seats::games(app, ctx),
        }
    }
    if app.session.modals().iter().next().is_none() {
        game_over(app, ctx);
    }
}

/// In review, a banner across the top of the board: what is shown, "Back to the game" and
/// "Play from here" (the later moves become the redo branch).
pub fn review_banner(app: &mut Frame<'_>, ui: &mut egui::Ui) {
    let Some(play) = app.session.play() else { return };
    let Some(n) = play.review else { return };
    let of = play.game.cursor();
    let mut cmd = None;
    let rect = ui.max_rect();
    egui::Area::new(egui::Id::unique("review-banner"))
        .pivot(egui::Align2::CENTER_TOP)
        .fixed_pos(rect.center_top() + egui::vec2(0.0, 6.0))
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).fill(Color32::from_rgb(60, 48, 20)).show(ui, |ui| {
                ui.horizontal(|ui| {
                    ui.label(
                        RichText::new(format!("Reviewing: after move {n} of {of}"))
                            .strong()
                            .color(crate::app::ui::theme::ACCENT_DARK),
                    );
                    if ui.button("Back to the game").clicked() {
                        cmd = Some(Command::ReviewEnd);
                    }
                    if ui
                        .button("Play from here")
                        .on_hover_text("Go on from this position; the later moves stay as the redo branch")
                        .clicked()
                    {
                        cmd = Some(Command::PlayFromHere);
                    }
                });
            });
        });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// "Resign?": a resignation ends the game, so the button asks first.
fn resign_prompt(app: &mut Frame<'_>, ctx: &Context, side: omweso_rules::Side) {
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("resign")).show(ctx, |ui| {
        ui.heading("Resign?");
        ui.label(format!("{} resigns and loses this game.", app.session.player_label(side)));
        ui.horizontal(|ui| {
            if ui.button("Resign").clicked() {
                cmd = Some(Command::Resign(side));
            }
            if ui.button("Keep playing").clicked() {
                cmd = Some(Command::CloseModal(ModalKind::Resign));
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// Where no file dialog can be shown: a box to type the file's path in. Enter in the field
/// is the default button; Esc leaves the field, and a second Esc cancels.
fn path_prompt(app: &mut Frame<'_>, ctx: &Context, index: usize) {
    let on_top = app.session.modals().iter().count() == index + 1;
    let Some(Modal::Path(prompt)) = app.session.modals_mut().iter_mut().nth(index) else { return };
    let (heading, button) = match prompt.action {
        FileAction::Open => ("Open a saved game", "Open"),
        FileAction::Save => ("Save the game", "Save"),
    };
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("path-prompt")).show(ctx, |ui| {
        ui.heading(heading);
        ui.label(RichText::new(&prompt.why).weak());
        let label = ui.label("Type the file's path:");
        let field = ui
            .add(egui::TextEdit::singleline(&mut prompt.text).desired_width(460.0).hint_text("/home/me/game.omweso"))
            .labelled_by(label.id);
        // Enter in the field answers; Esc in it only leaves the field (egui), and Esc
        // outside it cancels (the keyboard's Esc for the window on top).
        let entered = on_top && field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if !prompt.focused {
            field.request_focus();
            prompt.focused = true;
        } else if !on_top {
            // "Replace …?" over the prompt has the keyboard.
            field.surrender_focus();
        }
        if !prompt.games.is_empty() {
            // No dialog to browse with: the saved games of the folder, one click each.
            ui.label(RichText::new(format!("Saved games in {}:", prompt.folder.display())).weak());
            egui::ScrollArea::vertical().max_height(160.0).show(ui, |ui| {
                for game in &prompt.games {
                    let name = game
                        .file_name()
                        .map_or_else(|| game.display().to_string(), |n| n.to_string_lossy().into_owned());
                    if ui
                        .selectable_label(crate::app::services::files::typed_path(&prompt.text) == *game, name)
                        .clicked()
                    {
                        prompt.text = game.display().to_string();
                    }
                }
            });
        }
        ui.horizontal(|ui| {
            let path = crate::app::services::files::typed_path(&prompt.text);
            let ready = !prompt.text.trim().is_empty();
            if ui.add_enabled(ready, egui::Button::new(button)).clicked() || (entered && ready) {
                cmd = Some(match prompt.action {
                    FileAction::Open => Command::OpenPath(path),
                    FileAction::Save => Command::SavePath(path),
                });
            }
            if ui.button("Cancel").clicked() {
                cmd = Some(Command::CloseModal(ModalKind::Path));
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// What the command waiting on the unsaved-changes prompt is about to do, in words: the
/// prompt says what would replace the game (a later start's file was not named before).
fn about_to(waiting: &Command) -> String {
    let name = |path: &std::path::Path| {
        path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned())
    };
    match waiting {
        Command::OpenHanded(path) => format!("Omweso was asked to open {}.", name(path)),
        Command::OpenPath(path) => format!("{} is about to be opened.", name(path)),
        Command::Open => "Another game is about to be opened.".into(),
        Command::PlayFromState(_) => "Omweso was asked to play on from a game state.".into(),
        Command::StartLesson(_) | Command::StartLessonAt { .. } => "A lesson is about to start.".into(),
        Command::StartPuzzle(_) => "A puzzle is about to start.".into(),
        Command::StartGuidedGame(_) => "Your first game is about to start.".into(),
        Command::Rematch => "A rematch is about to start.".into(),
        Command::Quit => "Omweso is about to close.".into(),
        _ => "A new game is about to start.".into(),
    }
}

fn confirm(app: &mut Frame<'_>, ctx: &Context, waiting: &Command) {
    let path = app.session.document().path.clone();
    let mut cmds = Vec::new();
    // A modal: the board and the panels behind it take no clicks while it is open, and
    // play pauses.
    egui::Modal::new(egui::Id::unique("unsaved-changes")).show(ctx, |ui| {
        ui.heading("Unsaved changes");
        ui.label(about_to(waiting));
        ui.label(match &path {
            None => "This game has not been saved.".to_owned(),
            Some(p) => format!("The game in {} has changed since it was last saved.", p.display()),
        });
        ui.horizontal(|ui| {
            if ui.button("Save").clicked() {
                cmds.push(Command::Save);
            }
            if ui.button("Discard").clicked() {
                cmds.push(Command::Discard);
            }
            if ui.button("Cancel").clicked() {
                cmds.push(Command::CloseModal(ModalKind::Unsaved));
            }
        });
    });
    for c in cmds {
        app.push(c);
    }
}

/// "Changed on disk": the game's file holds something else than this window read or
/// wrote (another window or program saved it); Save waits for the player's choice.
fn changed_on_disk(app: &mut Frame<'_>, ctx: &Context, path: &std::path::Path) {
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("changed-on-disk")).show(ctx, |ui| {
        ui.heading("The file changed on disk");
        ui.label(format!(
            "{} was changed by another window or program since this game was opened or saved.",
            path.display()
        ));
        ui.horizontal(|ui| {
            if ui
                .button("Reload")
                .on_hover_text("Open the file as it is now; this window's changes are dropped")
                .clicked()
            {
                cmd = Some(Command::OpenPath(path.to_path_buf()));
            }
            if ui.button("Save as…").on_hover_text("Keep both: save this game to another file").clicked() {
                cmd = Some(Command::SaveAs);
            }
            if ui.button("Overwrite").on_hover_text("Replace the file with this game").clicked() {
                cmd = Some(Command::OverwriteChanged);
            }
            if ui.button("Cancel").clicked() {
                cmd = Some(Command::CancelModal);
            }
        });
    });
    if let Some(c) = cmd {
        if !matches!(c, Command::OverwriteChanged | Command::CancelModal) {
            app.push(Command::CancelModal);
        }
        app.push(c);
    }
}

/// While the system's file dialog is open: play waits, and the window says why.
fn waiting_for_dialog(ctx: &Context, action: FileAction) {
    egui::Modal::new(egui::Id::unique("file-dialog-open")).show(ctx, |ui| {
        ui.label(match action {
            FileAction::Open => "Choose the game to open in the file dialog…",
            FileAction::Save => "Choose where to save in the file dialog…",
        });
    });
}

/// A typed path names another file: replace it, or go back to the path.
fn replace(app: &mut Frame<'_>, ctx: &Context, path: &std::path::Path) {
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("replace-file")).show(ctx, |ui| {
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        ui.heading(format!("Replace {name}?"));
        ui.label(format!("{} already exists. Replacing it loses what it holds.", path.display()));
        ui.horizontal(|ui| {
            if ui.button("Replace").clicked() {
                cmd = Some(Command::ReplaceFile);
            }
            if ui.button("Cancel").on_hover_text("Back to the path, to type another").clicked() {
                cmd = Some(Command::CancelModal);
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// Help → About: the version (with its commit) and where this run's log is, for a bug
/// report.
fn about(app: &mut Frame<'_>, ctx: &Context) {
    let mut open = true;
    // Over the board, never over the menu bar.
    let window = egui::Window::new("About Omweso")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .constrain_to(app.area)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(app.area.center());
    window.show(ctx, |ui| {
        ui.label(RichText::new(format!("Omweso {}", crate::logging::VERSION)).strong());
        ui.label("The Ugandan board game of four rows and 64 seeds, by the rules of the project's rule book (docs/RULES.md; in players' words in Help → Rules).");
        ui.separator();
        match crate::logging::log_file() {
            Some(path) => {
                ui.label("This run's log (attach it to a bug report; the run before is beside it):");
                ui.horizontal(|ui| {
                    ui.monospace(path.display().to_string());
                    if ui.small_button("Copy").clicked() {
                        ui.ctx().copy_text(path.display().to_string());
                    }
                });
            }
            None => {
                ui.label("This run keeps no log file; start it with RUST_LOG=info to log to the terminal.");
            }
        }
    });
    if !open {
        app.push(Command::CloseModal(ModalKind::About));
    }
}

fn message(app: &mut Frame<'_>, ctx: &Context, text: &str) {
    let mut close = false;
    egui::Modal::new(egui::Id::unique("problem")).show(ctx, |ui| {
        ui.heading("Problem");
        ui.label(text);
        close = ui.button("OK").clicked();
    });
    if close {
        app.push(Command::CloseModal(ModalKind::Problem));
    }
}

/// The window's area under the menu bar (the side panel included).
fn below_menu(app: &Frame<'_>, ctx: &Context) -> egui::Rect {
    let screen = ctx.content_rect();
    egui::Rect::from_x_y_ranges(screen.x_range(), app.area.top().max(screen.top())..=screen.bottom())
}

/// The kind of a result in a sentence (a trial read "By normal win" as stiff).
pub fn result_kind(r: &GameResult) -> &'static str {
    match r {
        GameResult::Rules(Outcome::Win { kind, .. }) => match kind {
            WinKind::Normal => "The normal win: the loser cannot move.",
            WinKind::Akakyala => "Won by akakyala.",
            WinKind::EmitweEbiri => "Won by emitwe-ebiri (two heads).",
            WinKind::Akawumbi => "Won by akawumbi.",
        },
        GameResult::Rules(Outcome::Annulled) => "Annulled: a never-ending move.",
        GameResult::Resigned { .. } => "Won by resignation.",
        GameResult::OnTime(crate::game::TimeEnd::Flagged { .. }) => "Won on time: the loser's game time ran out.",
        GameResult::OnTime(crate::game::TimeEnd::NotStarted { .. }) => "Won on time: a move not started in time.",
        GameResult::OnTime(crate::game::TimeEnd::Unfinished { .. }) => "Won on time: a move not finished in time.",
    }
}

fn game_over(app: &mut Frame<'_>, ctx: &Context) {
    let s = &app.session;
    let (Some(r), Some(game)) = (s.shown_result(), s.game()) else { return };
    if !s.game_over_open() {
        return;
    }
    let points = r.points(game.options());
    let moves = game.cursor();
    let headline = match r.winner() {
        Some(w) => format!("{} wins", s.player_label(w)),
        None => "The game is annulled".to_string(),
    };
    let score = s.match_score();
    let names = s.names().clone();
    let matched = s.match_with_shown();
    let rematch = crate::app::ui::online::rematch_label(s);
    let headline = match matched.as_ref().and_then(|m| m.winner()) {
        Some(w) => format!("{} wins the match", s.player_label(w)),
        None => headline,
    };
    let mut cmds = Vec::new();
    // Over the board, never over the menu bar; it can be moved aside to see the board.
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .movable(true)
        .constrain_to(app.area)
        .pivot(egui::Align2::CENTER_CENTER)
        .default_pos(app.area.center())
        .show(ctx, |ui| {
            ui.heading(headline);
            ui.label(result_kind(&r));
            if let GameResult::Rules(o) = r {
                ui.add(egui::Label::new(RichText::new(crate::narrate::ending(o, points)).weak()).wrap());
            }
            ui.label(format!("Points: {points}"));
            ui.label(format!("Moves: {moves}"));
            match &matched {
                Some(m) => {
                    let games = m.games.len();
                    let this = format!("Game {games} of the match: {}", m.standing(&names));
                    ui.label(this);
                    if let Some(w) = m.winner() {
                        let annulled = m.games.iter().filter(|g| g.result().is_some_and(|r| r.is_annulled())).count();
                        ui.label(
                            RichText::new(format!(
                                "{} won the match in {} ({annulled} annulled and replayed).",
                                names[w.index()],
                                crate::tournament::count_of(games, "game")
                            ))
                            .strong(),
                        );
                    }
                }
                None => {
                    ui.label(format!("Match: {} {} – {} {}", names[0], score[0], score[1], names[1]));
                }
            }
            // A new player's way on: the next lesson, a puzzle (issue 51).
            cmds.extend(crate::app::ui::way_on::section(ui, app.session));
            ui.horizontal(|ui| {
                cmds.extend(after_game_buttons(ui, matched.as_ref(), rematch));
                // The final position, with the last move marked; ← steps back through the game.
                if ui.button("Review").on_hover_text("See the final position; ← and → step through the game").clicked()
                {
                    cmds.push(Command::DismissGameOver);
                    cmds.push(Command::ReviewAt(moves));
                }
                if ui.button("Close").clicked() {
                    cmds.push(Command::DismissGameOver);
                }
            });
        });
    for c in cmds {
        app.push(c);
    }
}

fn help(app: &mut Frame<'_>, ctx: &Context) {
    let mut open = true;
    let rows = crate::app::ui::keymap::help_rows(ctx);
    egui::Window::new("Keyboard")
        .open(&mut open)
        .resizable(false)
        .constrain_to(app.area)
        .pivot(egui::Align2::RIGHT_TOP)
        .default_pos(app.area.right_top() + egui::vec2(-12.0, 12.0))
        .show(ctx, |ui| {
            // It scrolls where the window is too low for every key (1280×800 and below).
            egui::ScrollArea::vertical().max_height((app.area.height() - 80.0).max(120.0)).show(ui, |ui| {
                egui::Grid::new("keys").num_columns(2).striped(true).show(ui, |ui| {
                    for (k, m) in &rows {
                        ui.label(RichText::new(k).monospace());
                        ui.label(*m);
                        ui.end_row();
                    }
                });
            });
        });
    if !open {
        app.push(Command::CloseModal(ModalKind::Help));
    }
}

/// The buttons once a game is over, in the card and the side panel: New game (New match
/// once a match is won), then Next game in a match under way or Rematch outside one. Gives
/// the command of the one clicked.
/// `rematch`: the words of the rematch button (online: hosting a new game), or none (a
/// spectator's).
pub(super) fn after_game_buttons(
    ui: &mut egui::Ui,
    matched: Option<&crate::tournament::Match>,
    rematch: Option<&str>,
) -> Option<Command> {
    let mut clicked = None;
    let match_over = matched.is_some_and(|m| m.winner().is_some());
    if ui.button(if match_over { "New match" } else { "New game" }).clicked() {
        clicked = Some(Command::OpenNewGame);
    }
    let next = match matched {
        Some(m) if m.winner().is_none() => Some(("Next game", Command::NextMatchGame)),
        Some(_) => None,
        None => rematch.map(|label| (label, Command::Rematch)),
    };
    if let Some((label, command)) = next
        && ui.button(label).clicked()
    {
        clicked = Some(command);
    }
    clicked
}
