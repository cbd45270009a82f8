//! The side panel: players, totals, phase, setup tools, game controls and the move list.
//! It only records [`Command`]s (the menu bar is [`crate::app::ui::menu`]).

use crate::app::model::command::Command;
use crate::app::model::session::{Phase, Session, Turn};
use crate::app::model::settings::PanelTab;
use crate::app::ui::Frame;
use crate::app::ui::analysis_panel;
use crate::app::ui::teaching;
use crate::game::Game;
use egui::{Color32, RichText, Ui};
use omweso_rules::{Direction, Side};

/// The phase in words: `Setup: Upper lays out`, `Play: Lower to move`, `Game over`.
pub fn phase_text(session: &Session) -> String {
    match session.phase() {
        Phase::Setup(s) => match &s.lesson {
            Some(run) => format!("Lesson: {}", run.lesson.title),
            None => format!("Setup: {} lays out", session.player_label(s.laying)),
        },
        Phase::Play(p) => {
            if let Some(run) = p.lesson() {
                format!("Lesson: {}", run.lesson.title)
            } else if let Some(run) = p.puzzle() {
                format!("Puzzle {}: {} to move and win", run.index + 1, run.solver())
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

/// Heights of the side panel's slots, in lines of their text: each slot keeps its height
/// whatever it holds, so that nothing below it moves when a text changes.
const STATUS_LINES: usize = 2;
const MESSAGE_LINES: usize = 3;
/// A side panel lower than this (points) is laid out compactly.
const COMPACT_BELOW: f32 = 640.0;
const POSITION_LINES: usize = 3;
/// The size of the move-in-words text under Moves.
const WORDS_SIZE: f32 = 12.5;

/// Players, phase, controls and the move list, in slots of fixed height.
pub fn side_panel(app: &mut Frame<'_>, ui: &mut Ui) {
    let frame = egui::Frame::side_top_panel(ui.style()).inner_margin(egui::Margin::symmetric(14, 10));
    let screen = ui.ctx().content_rect();
    if screen.width() < crate::app::ui::theme::PHONE_WIDTH {
        // A phone held upright (issue 50): the board takes the whole width above, and the
        // panel the height left below it, scrolled when it holds more.
        let board = crate::app::ui::board::Geometry::height_for_width(screen.width());
        let height = (ui.available_height() - board).max(PHONE_PANEL_LEAST);
        egui::Panel::bottom("side").resizable(false).exact_size(height).frame(frame).show(ui, |ui| {
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| panel_body(app, ui));
        });
        return;
    }
    // A little wider on a wide screen; the same width for the whole session otherwise.
    let width = (screen.width() * 0.24).clamp(250.0, 360.0);
    egui::Panel::right("side").resizable(false).exact_size(width).frame(frame).show(ui, |ui| {
        if screen.height() < crate::app::ui::theme::PHONE_HEIGHT {
            // A phone on its side: the panel scrolls beside the board.
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| panel_body(app, ui));
        } else {
            panel_body(app, ui);
        }
    });
}

/// The least height of the panel below the board on a phone held upright, in points.
const PHONE_PANEL_LEAST: f32 = 160.0;

/// What the side panel holds: the phase, the players, the online game, and the tools of
/// the lesson, the setup, the puzzle or the play.
fn panel_body(app: &mut Frame<'_>, ui: &mut Ui) {
    let w = ui.available_width();
    ui.set_max_width(w);
    // A low window (800×500) keeps what is always there to fewer lines, so that the
    // tabs below keep room.
    let compact = ui.available_height() < COMPACT_BELOW;
    let status = phase_text(app.session());
    let lines = if compact { 1 } else { STATUS_LINES };
    slot_text(ui, &status, egui::TextStyle::Heading, lines, ui.visuals().strong_text_color());
    ui.separator();
    players(app.session(), ui, compact);
    ui.separator();
    crate::app::ui::online::panel_section(app, ui);
    match app.session().setup() {
        _ if app.session().lesson().is_some() => teaching::lesson_panel(app, ui),
        Some(_) => crate::app::ui::setup_panel::setup_tools(app, ui),
        None if app.session().puzzle().is_some() => crate::app::ui::puzzle_panel::panel(app, ui),
        None => play_tools(app, ui, compact),
    }
}

/// A text in a slot of `lines` lines: it wraps inside and is cut (…) after the last line,
/// and the slot is as high whether the text is long, short or empty.
fn slot_text(ui: &mut Ui, text: &str, style: egui::TextStyle, lines: usize, color: Color32) {
    let font = style.resolve(ui.style());
    let row = ui.fonts_mut(|f| f.row_height(&font));
    let mut job = egui::text::LayoutJob::simple(text.to_string(), font, color, ui.available_width());
    job.wrap.max_rows = lines;
    let size = egui::vec2(ui.available_width(), row * lines as f32);
    ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
        ui.set_min_size(size);
        // Cut at `lines` rows ("…"); the whole text on hover, in egui's one tooltip for a
        // cut label (a second, our own, lay over it).
        ui.add(egui::Label::new(job).show_tooltip_when_elided(true));
    });
}

/// A row of controls of fixed height, whatever it holds.
fn slot_row(ui: &mut Ui, add: impl FnOnce(&mut Ui)) {
    let size = egui::vec2(ui.available_width(), ui.spacing().interact_size.y);
    ui.allocate_ui_with_layout(size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
        ui.set_min_size(size);
        add(ui);
    });
}

/// What a player is doing now, in the players table.
fn role(session: &Session, side: Side) -> &'static str {
    match session.phase() {
        Phase::Setup(s) if s.laying == side => "lays out",
        Phase::Setup(_) => "",
        Phase::Play(_) => {
            if let Some(r) = session.shown_result() {
                return if r.winner() == Some(side) { "wins" } else { "" };
            }
            if session.sowing_side() == Some(side) {
                "sowing"
            } else if session.sowing_side().is_none() && session.acting_side() == side {
                if session.computer().is_some_and(|c| c.thinking()) { "thinking…" } else { "to move" }
            } else {
                ""
            }
        }
    }
}

/// Each player on two lines: the name across the panel (cut only where it cannot fit),
/// then what they are doing, their seeds (with those in hand) and their match score.
fn players(session: &Session, ui: &mut Ui, compact: bool) {
    let score = session.match_standing().unwrap_or_else(|| session.match_score());
    let board = session.shown_counts();
    let hand = crate::app::ui::view::in_hand(session);
    let accent = crate::app::ui::theme::accent(ui.visuals().dark_mode);
    let small = egui::TextStyle::Small.resolve(ui.style());
    let body = egui::TextStyle::Body.resolve(ui.style());
    let width = |ui: &mut Ui, text: &str, font: &egui::FontId| {
        ui.fonts_mut(|f| f.layout_no_wrap(text.to_string(), font.clone(), Color32::WHITE).size().x)
    };
    // Each player's name, what they are doing, seeds and clock, and the width of a compact
    // row without the match score.
    let rows = [Side::Upper, Side::Lower].map(|side| {
        let mut seeds: u32 = board[side.index() * 16..side.index() * 16 + 16].iter().map(|&c| c as u32).sum();
        let held = hand.filter(|h| h.0 == side).map_or(0, |h| h.1);
        seeds += held;
        let name = session.player_label(side);
        let role = role(session, side);
        let role = if held > 0 { format!("{role} · {held} in hand") } else { role.to_string() };
        let time = crate::app::ui::tournament_ui::player_time(session, side);
        let needed = width(ui, &name, &body)
            + width(ui, &role, &small)
            + width(ui, &format!("{seeds} seeds"), &body)
            + time.as_deref().map_or(0.0, |t| width(ui, t, &egui::TextStyle::Monospace.resolve(ui.style())))
            + 12.0
            + 5.0 * ui.spacing().item_spacing.x;
        (side, name, role, seeds, time, needed)
    });
    // Compact (issue 41: at 900×600 "to move" ran into the seeds and the computer's name was
    // cut): a player on one row when it fits; a match score of nothing to nothing gives way
    // first, for both players alike; else the name on a line of its own, as in a tall window.
    let room = ui.available_width();
    let match_width = width(ui, "match 0", &body);
    let no_match = score == [0, 0] && session.match_standing().is_none();
    let all_fit = rows.iter().all(|r| r.5 + match_width <= room);
    let show_match = !compact || all_fit || !no_match;
    for (side, name, role, seeds, time, needed) in rows {
        let compact = compact && needed + if show_match { match_width } else { 0.0 } <= room;
        if !compact {
            ui.add(egui::Label::new(RichText::new(&name).strong()).truncate()).on_hover_text(&name);
        }
        slot_row(ui, |ui| {
            // The numbers first (right), then (compact) the name and what the player does.
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if show_match {
                    ui.label(format!("match {}", score[side.index()]));
                }
                if let Some(t) = time {
                    ui.label(RichText::new(t).monospace());
                }
                ui.label(RichText::new(format!("{seeds} seeds")).strong());
                ui.add_space(12.0);
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    if compact {
                        ui.add(egui::Label::new(RichText::new(&name).strong()).truncate()).on_hover_text(&name);
                    }
                    ui.label(RichText::new(role).font(small.clone()).color(accent));
                });
            });
        });
    }
}

/// In the first moves of a game against Master that laid out second with a proven win:
/// `Master laid out with a proven win: Upper wins within 12 moves against every defence.`
fn layout_claim(session: &Session) -> Option<String> {
    let c = session.computer()?;
    let moves = c.layout_proof?;
    let early = session.game().is_some_and(|g| g.cursor() <= 2 && g.result().is_none());
    early.then(|| {
        format!(
            "{} laid out with a proven win: {} wins {} against every defence.",
            session.player_label(c.opponent.side),
            c.opponent.side,
            crate::app::services::analysis::within_own_moves(moves)
        )
    })
}

fn play_tools(app: &mut Frame<'_>, ui: &mut Ui, compact: bool) {
    let s = app.session();
    let (can_undo, can_redo, can_resign) = (s.can_undo(), s.can_redo(), s.can_resign());
    let busy = busy_text(s);
    let resigning = s.resigning_side().map(|side| (side, s.player_label(side)));
    let over = s.game().is_some_and(|g| g.result().is_some());
    let after = over && !s.game_over_open() && s.review().is_none();
    slot_row(ui, |ui| {
        if ui.add_enabled(can_undo, egui::Button::new("Undo")).on_disabled_hover_text(busy).clicked() {
            app.push(Command::Undo);
        }
        if ui.add_enabled(can_redo, egui::Button::new("Redo")).on_disabled_hover_text(busy).clicked() {
            app.push(Command::Redo);
        }
        if ui.button("Flip board").clicked() {
            app.push(Command::Flip);
        }
    });
    // Resign (naming the player; against the computer only the human resigns) while the
    // game goes on; New game and Rematch in its place once it is over.
    slot_row(ui, |ui| {
        if after {
            let matched = app.session().match_with_shown();
            let rematch = crate::app::ui::online::rematch_label(app.session());
            if let Some(command) = crate::app::ui::dialogs::after_game_buttons(ui, matched.as_ref(), rematch) {
                app.push(command);
            }
        } else if let Some((side, name)) = resigning.filter(|_| !over)
            && ui
                .add_enabled(can_resign, egui::Button::new(format!("{name} resigns")).truncate())
                .on_disabled_hover_text(busy)
                .clicked()
        {
            app.push(Command::AskResign(side));
        }
    });
    computer_tools(app, ui);
    // The hint asked for, whole and wrapped, from before the move to its end while the
    // move follows it (the decision's line below names the hint's way there).
    if let Some(hint) = hint_text(app.session()) {
        ui.add(egui::Label::new(RichText::new(hint).color(crate::app::ui::theme::PREVIEW)).wrap());
    }
    let hint_way = app.session().hint_followed().and_then(|(_, way)| way);
    let message = {
        // Only once the board has sown the laps before the decision, as the board offers it.
        let sowing = app.session().sowing().filter(|_| !app.session().animating());
        sowing.and_then(|s| s.decision()).map(|dp| {
            let mut text = format!(
                "Decision at {}: clockwise (X) captures {} from {} and {}; or anticlockwise (R).",
                dp.hole, dp.captures, dp.takes_front, dp.takes_back
            );
            match hint_way {
                Some(Direction::Clockwise) => text.push_str(" The hint: clockwise (X)."),
                Some(Direction::Anticlockwise) => text.push_str(" The hint: anticlockwise (R)."),
                None => {}
            }
            (text, crate::app::ui::theme::ALERT)
        })
    }
    .or_else(|| layout_claim(app.session()).map(|t| (t, crate::app::ui::theme::PREVIEW)));
    let (text, color) = message.unwrap_or_default();
    let lines = if compact { 2 } else { MESSAGE_LINES };
    slot_text(ui, &text, egui::TextStyle::Body, lines, color);
    analysis_panel::coach_line(app, ui);
    crate::app::ui::guide_panel::section(app, ui, compact);
    // Below what is always there, one tab at a time, filling the rest of the panel: it
    // scrolls inside, so nothing falls off the window, from 800×500 to 4K.
    ui.separator();
    let tab = app.session().settings().panel_tab;
    ui.horizontal(|ui| {
        for (t, label) in PanelTab::ALL {
            if ui.selectable_label(tab == t, label).clicked() && tab != t {
                app.push(Command::ShowPanelTab(t));
            }
        }
    });
    ui.separator();
    match tab {
        PanelTab::Moves => moves_tab(app, ui, compact),
        PanelTab::Analysis => {
            egui::ScrollArea::vertical().id_salt("analysis-tab").auto_shrink([false, false]).show(ui, |ui| {
                if app.session().tournament_on() {
                    ui.label("No analysis while a game of a tournament match is on: it opens once the game is over.");
                    return;
                }
                if !app.session().settings().analysis {
                    ui.label(RichText::new("The engine's judgement of the position shown.").weak());
                    if ui.button("Turn the analysis on").clicked() {
                        app.push(Command::ToggleAnalysis);
                    }
                }
                analysis_panel::analysis_section(app, ui);
                ui.add_space(8.0);
                analysis_panel::review_section(app, ui);
            });
        }
        PanelTab::Board => {
            egui::ScrollArea::vertical().id_salt("board-tab").auto_shrink([false, false]).show(ui, |ui| {
                // The position shown, whole, first (the Moves tab gives it at most three
                // lines, and only when the move list has room; below the options it was
                // out of sight at 1280×800).
                ui.label(RichText::new("Position").strong());
                let text = app.session().shown_state_text();
                ui.add(egui::Label::new(RichText::new(text).monospace()).wrap().selectable(true));
                ui.add_space(8.0);
                crate::app::ui::menu::view_toggles(app, ui);
            });
        }
    }
}

/// The Moves tab: the move shown in words, the move list (as tall as the panel allows,
/// following the game), Analyse game and, when the list keeps six rows, the position as
/// text.
fn moves_tab(app: &mut Frame<'_>, ui: &mut Ui, compact: bool) {
    let row = ui.spacing().interact_size.y;
    let gap = ui.spacing().item_spacing.y;
    let mono = ui.fonts_mut(|f| f.row_height(&egui::TextStyle::Monospace.resolve(ui.style())));
    let position_height = mono * POSITION_LINES as f32 + row + gap * 2.0;
    let moves = app.session().game().map_or(0, Game::cursor);
    let analyse = if moves > 0 { row + gap * 2.0 } else { 0.0 };
    // What gives way in a low window, first to last: the position text, then the move in
    // words; the list keeps at least two rows and Analyse game stays.
    let least = 2.0 * row;
    let mut room = ui.available_height() - analyse - least;
    let words = teaching::shown_move_text(app.session());
    // The move in words is shown whole where the panel has room for it and four rows of
    // the list (issue 41: it was cut mid-sentence at 1280×800); it scrolls inside beyond.
    let text_height = words.as_deref().map_or(0.0, |t| {
        // The header's indent, the scroll bar and the frame's margins, with some to spare.
        let width = ui.available_width() - ui.spacing().indent - ui.spacing().scroll.bar_width - 16.0;
        let font = egui::FontId::proportional(WORDS_SIZE);
        let color = ui.visuals().text_color();
        ui.fonts_mut(|f| f.layout(t.to_string(), font, color, width.max(40.0)).size().y) + 6.0
    });
    let least_words = if compact { 44.0 } else { 84.0 };
    let most_words = (room - 2.0 * row).max(least_words);
    let words_height = row + gap * 2.0 + text_height.clamp(least_words.min(text_height), most_words);
    let words = words.filter(|_| room >= words_height);
    if words.is_some() {
        room -= words_height;
    }
    // The list comes before the position (the Board tab has it whole): it gives way
    // while the list would show fewer than six of its moves.
    let entries = app.session().game().map_or(0, |g| g.all_entries().len());
    let show_position = room >= position_height + entries.clamp(1, 6) as f32 * row;
    if let Some(text) = words {
        let heading = if app.session().review().is_some() { "This move" } else { "Last move" };
        egui::CollapsingHeader::new(RichText::new(heading).strong())
            .id_salt("last-move-words")
            .default_open(true)
            .show(ui, |ui| {
                let height = words_height - row - gap;
                egui::ScrollArea::vertical().id_salt("last-move").max_height(height).show(ui, |ui| {
                    ui.add(egui::Label::new(RichText::new(text).size(WORDS_SIZE)).wrap());
                });
            });
    }
    let below = analyse + if show_position { position_height } else { 0.0 };
    move_list(app, ui, below, least);
    analysis_panel::analyse_button(app, ui);
    if !show_position {
        return;
    }
    // While a move is being sown, the text gives the position it leaves (the game has it
    // already); at a decision, the move is not finished and the position is the one before.
    let heading = match app.session().play().map(|p| &p.turn) {
        Some(Turn::Animating(_)) => "Position after this move",
        Some(Turn::Deciding { .. }) => "Position before this move",
        _ => "Position",
    };
    ui.label(RichText::new(heading).strong());
    let text = app.session().shown_state_text();
    let color = ui.visuals().text_color();
    slot_text(ui, &text, egui::TextStyle::Monospace, POSITION_LINES, color);
}

/// Against the computer: its thinking, Move now, and Hint on the human's turn only.
fn computer_tools(app: &mut Frame<'_>, ui: &mut Ui) {
    let s = app.session();
    let Some(c) = s.computer() else { return };
    let (thinking, hinting, human) = (c.thinking(), s.hint_pending(), s.human_to_move());
    let tournament = s.tournament_on();
    slot_row(ui, |ui| {
        if thinking {
            ui.spinner();
            ui.label("Computer thinking…");
            if ui.button("Move now").clicked() {
                app.push(Command::MoveNow);
            }
        } else if human {
            let label = if hinting { "Hint…" } else { "Hint" };
            let mut hint = ui.add_enabled(!hinting && !tournament, egui::Button::new(label));
            if tournament {
                hint = hint.on_disabled_hover_text("No hints in a game of a tournament match");
            }
            if hint.clicked() {
                app.push(Command::Hint);
            }
        }
    });
}

/// The hinted move in RULES.md notation and in words: each choice it makes, what it
/// captures and how it ends, in sentences (`narrate::advice`), e.g. `Hint: c, a3xE — Sow c
/// anticlockwise; at the relay from a, sow clockwise (a reverse capture): it captures 8
/// from E and M …`.
pub fn hint_text(session: &Session) -> Option<String> {
    let p = session.play().filter(|p| p.review.is_none())?;
    let (mv, _) = session.hint_followed()?;
    // Where other moves win (or are as good) too, the hint says so (issue 41).
    let company =
        session.judgement_of(p.game.current()).map(|j| crate::app::ui::agree::hint_company(j, mv)).unwrap_or_default();
    match crate::narrate::advice(p.game.current(), mv) {
        Some(words) => Some(format!("Hint: {mv} — {words}{company}")),
        None => Some(format!("Hint: {mv}.{company}")),
    }
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
/// undone that can be played again (click one to redo up to it). It leaves `below` of the
/// panel's height to what follows it, and keeps at least `least`.
fn move_list(app: &mut Frame<'_>, ui: &mut Ui, below: f32, least: f32) {
    let s = app.session();
    let Some(p) = s.play() else { return };
    let shown = p.shown();
    let cursor = p.game.cursor();
    let redo_free = s.can_redo();
    let newcomer = s.newcomer();
    let busy = busy_text(s);
    let mut clicked = None;
    let height = (ui.available_height() - below).max(least);
    // The list follows the game: when the move shown changes, its row is scrolled to.
    let seen = egui::Id::unique("moves-shown");
    // A change of the list's own height (the move in words above it came or went) follows
    // too, so that the newest move never stays below the part shown.
    let now = (shown, p.game.all_entries().len(), height.round() as i64);
    // (for a few frames: the first frame of a window lays out without showing)
    let follow = ui.data_mut(|d| {
        let (before, frames) = d.get_temp::<((usize, usize, i64), u8)>(seen).unwrap_or(((usize::MAX, 0, 0), 0));
        let frames = if before == now { frames.saturating_sub(1) } else { 2 };
        d.insert_temp(seen, (now, frames));
        frames > 0
    });
    egui::ScrollArea::vertical().max_height(height).min_scrolled_height(height).auto_shrink([false, false]).show(
        ui,
        |ui| {
            egui::Grid::new("moves").num_columns(2).striped(true).show(ui, |ui| {
                for (i, e) in p.game.all_entries().iter().enumerate() {
                    let undone = i >= cursor;
                    let number = RichText::new(format!("{}.", i + 1));
                    ui.label(if undone { number.weak() } else { number });
                    let thrown = if undone { None } else { s.thrown_win(i + 1) };
                    let mark = match (&thrown, &e.review) {
                        // Proven: the move threw a win away, whatever the search's mark.
                        (Some(_), _) => Some(crate::verdict::Mark::Blunder),
                        (None, r) => r.as_ref().map(|r| r.mark),
                    };
                    // To a new player, `??` only for what the board showed (issue 51).
                    let plain = (newcomer && !undone)
                        .then(|| crate::app::ui::plain_coach::for_newcomer(p.game.state_at(i), e, thrown.is_some()))
                        .flatten();
                    let mark = plain.map_or(mark, |(_, m)| Some(m));
                    let sign = mark.map_or("", analysis_panel::mark_sign);
                    let text = if e.is_turn_lost() {
                        format!("{} {}: turn lost", e.mover, e.text)
                    } else if e.captured_seeds > 0 {
                        // The seeds it captured, so a game's captures read at a glance.
                        format!("{} {}{sign}  +{}", e.mover, e.text, e.captured_seeds)
                    } else {
                        format!("{} {}{sign}", e.mover, e.text)
                    };
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
                        if follow && shown == i + 1 {
                            // At once: an animated scroll would keep the window repainting.
                            r.scroll_to_me_animation(Some(egui::Align::Center), egui::style::ScrollAnimation::none());
                        }
                        let words = teaching::move_text(s, i + 1);
                        let refuted = thrown.as_ref().map(|t| t.words(&e.text, e.mover));
                        let r = match (words, refuted) {
                            (Some(w), Some(t)) => r.on_hover_text(format!("{w}\n\n{t}")),
                            (Some(w), None) | (None, Some(w)) => r.on_hover_text(w),
                            (None, None) => r,
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
