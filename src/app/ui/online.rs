//! What the window shows of online play (issue 36): Game → Play online… (Host, Join, Watch),
//! the items of the Game menu while online (Resign, Offer take-back), and the side panel's
//! section (the code large with Copy, whose turn it is, the other side's state, the
//! server's clock, an offer to answer). Every button has its words as its AccessKit label.
//! It only records [`Command`]s.

use crate::app::model::command::Command;
use crate::app::model::modal::Modal;
use crate::app::model::online::{OnlineCommand, OnlineForm, OnlineTab};
use crate::app::model::session::Session;
use crate::app::ui::Frame;
use egui::{Context, RichText, Ui};
use omweso_online::SideChoice;

fn online(c: OnlineCommand) -> Command {
    Command::Online(c)
}

/// Game → Play online…: three tabs, one form each.
pub fn dialog(app: &mut Frame<'_>, ctx: &Context) {
    let Some(Modal::Online(boxed)) = app.session.modals_mut().iter_mut().find(|m| matches!(m, Modal::Online(_))) else {
        return;
    };
    let (form, problem) = &mut **boxed;
    let mut cmd = None;
    egui::Modal::new(egui::Id::unique("play-online")).show(ctx, |ui| {
        ui.set_max_width(440.0);
        ui.heading("Play online");
        ui.horizontal(|ui| {
            for (tab, label) in [(OnlineTab::Host, "Host"), (OnlineTab::Join, "Join"), (OnlineTab::Watch, "Watch")] {
                if ui.selectable_label(form.tab == tab, label).clicked() {
                    cmd = Some(online(OnlineCommand::ShowTab(tab)));
                }
            }
        });
        ui.separator();
        egui::Grid::new("online-form").num_columns(2).spacing([10.0, 6.0]).show(ui, |ui| {
            let label = ui.label("Server");
            ui.add(egui::TextEdit::singleline(&mut form.server).hint_text("host:port or wss://…").desired_width(240.0))
                .labelled_by(label.id);
            ui.end_row();
            if form.tab != OnlineTab::Watch {
                let label = ui.label("Your name");
                ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(240.0)).labelled_by(label.id);
                ui.end_row();
            }
            if form.tab != OnlineTab::Host {
                let label = ui.label("Code");
                ui.add(
                    egui::TextEdit::singleline(&mut form.code)
                        .hint_text("the code the host was given")
                        .desired_width(240.0),
                )
                .labelled_by(label.id);
                ui.end_row();
            }
        });
        if form.tab == OnlineTab::Host {
            host_options(ui, form);
        }
        ui.label(RichText::new(explanation(form.tab)).weak());
        if let Some(problem) = problem {
            ui.colored_label(ui.visuals().error_fg_color, problem.as_str());
        }
        ui.separator();
        ui.horizontal(|ui| {
            let go = match form.tab {
                OnlineTab::Host => "Host the game",
                OnlineTab::Join => "Join the game",
                OnlineTab::Watch => "Watch the game",
            };
            if ui.button(go).clicked() {
                cmd = Some(online(OnlineCommand::Connect(Box::new(form.clone()))));
            }
            if ui.button("Cancel").clicked() {
                cmd = Some(online(OnlineCommand::Cancel));
            }
        });
    });
    if let Some(c) = cmd {
        app.push(c);
    }
}

/// The host's choices: side or a coin toss, the rules' main choices, the clock.
fn host_options(ui: &mut Ui, form: &mut OnlineForm) {
    ui.horizontal(|ui| {
        ui.label("Your side:");
        ui.radio_value(&mut form.side, SideChoice::Toss, "Coin toss");
        ui.radio_value(&mut form.side, SideChoice::Lower, "Lower (moves first)");
        ui.radio_value(&mut form.side, SideChoice::Upper, "Upper");
    });
    ui.checkbox(&mut form.rules.akakyala, "Akakyala counts as a win");
    ui.checkbox(&mut form.rules.first_player_lays_out_first, "The first player lays out first");
    ui.checkbox(&mut form.timed, "Tournament play: the server's clock, no take-backs");
    if form.timed {
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut form.minutes).range(1..=1440).suffix(" min"));
            ui.label("each,");
            ui.add(egui::DragValue::new(&mut form.increment).range(0..=3600).suffix(" s"));
            ui.label("added a move");
        });
    }
}

fn explanation(tab: OnlineTab) -> &'static str {
    match tab {
        OnlineTab::Host => "The server gives a code: tell it to your friend, who joins with it.",
        OnlineTab::Join => "Type the server and the code your friend was given.",
        OnlineTab::Watch => "Follow a game live: the board and the moves.",
    }
}

/// The Game menu's items for online play: Play online…, and while online Resign and Offer
/// take-back.
pub fn menu_items(app: &mut Frame<'_>, ui: &mut Ui) {
    if ui.button("Play online…").clicked() {
        app.push(online(OnlineCommand::Open));
    }
    let kept = app.session().online_games().len();
    let games = if kept == 0 { "Online games…".to_string() } else { format!("Online games ({kept})…") };
    if ui.button(games).clicked() {
        app.push(online(OnlineCommand::ShowGames));
    }
    let Some(o) = app.session().online() else { return };
    let seat = o.seat().filter(|_| o.end.is_none());
    let seated = o.seat().is_some();
    let may_offer = app.session().may_offer_take_back();
    if let Some(side) = seat
        && ui.button("Resign (online)").clicked()
    {
        app.push(Command::AskResign(side));
    }
    if seat.is_some() && ui.add_enabled(may_offer, egui::Button::new("Offer take-back")).clicked() {
        app.push(online(OnlineCommand::OfferTakeBack));
    }
    let leave = if seated { "Leave online play…" } else { "Stop watching" };
    if ui.button(leave).clicked() {
        app.push(online(OnlineCommand::Leave));
    }
}

/// The rematch button's words once a game is over: "Rematch" at one computer; online, a
/// new game hosted with the same rules (never a game at this computer); none for a
/// spectator.
pub fn rematch_label(session: &Session) -> Option<&'static str> {
    match session.online() {
        None => Some("Rematch"),
        Some(o) if o.seat().is_some() => Some("Host a new game with the same rules"),
        Some(_) => None,
    }
}

/// The side panel's online section: nothing when the board is not online.
pub fn panel_section(app: &mut Frame<'_>, ui: &mut Ui) {
    let Some(o) = app.session().online() else { return };
    let names = app.session().names().clone();
    let code = o.code.clone();
    let join_link = o.join_link();
    let link = o.link_state();
    let other = o.other_state(&names);
    let news = o.news.clone();
    let offer = o.offer_to_answer();
    let own_offer = o.offer.is_some() && offer.is_none() && o.seat().is_some();
    let seat = o.seat().filter(|_| o.end.is_none());
    let may_offer = app.session().may_offer_take_back();
    let times = o.times().map(|(t, heard_at)| {
        let to_move = app.session().game().map(|g| g.current().to_move());
        let elapsed = ((app.session().now() - heard_at).max(0.0) * 1000.0) as u64;
        let end = o.end.is_some();
        [0, 1].map(|i| {
            let ms = t.millis[i];
            if !end && to_move.map(|s| s.index()) == Some(i) { ms.saturating_sub(elapsed) } else { ms }
        })
    });
    let turn = turn_text(app);
    ui.label(RichText::new("Online").strong());
    if let Some(code) = &code {
        ui.horizontal(|ui| {
            ui.label(RichText::new(code).monospace().size(22.0).strong()).on_hover_text("The game's code");
            if ui.button("Copy").on_hover_text("Copy the code to give it to your friend").clicked() {
                app.push(online(OnlineCommand::CopyCode));
            }
        });
    }
    if let Some(link) = join_link {
        // On a page: a link opens the page already joining (no code to type on a phone).
        ui.label("Or send this link, which opens the game to join:");
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(&link).monospace());
            if ui.button("Copy link").clicked() {
                app.push(online(OnlineCommand::CopyLink));
            }
        });
    }
    ui.label(RichText::new(turn).strong());
    if app.session().unsent_move() {
        ui.label(RichText::new("Your last move is not sent yet: it goes when the server is back.").strong());
    }
    ui.label(other);
    ui.label(RichText::new(link).weak());
    if let Some(t) = times {
        ui.label(format!("Server's clock: Lower {}, Upper {}", clock_text(t[0]), clock_text(t[1])));
        ui.ctx().request_repaint_after(std::time::Duration::from_millis(200));
    }
    if let Some(news) = news {
        ui.label(RichText::new(news).italics());
    }
    if let Some(side) = offer {
        ui.label(format!("{side} offers to take back their last move."));
        ui.horizontal(|ui| {
            if ui.button("Accept take-back").clicked() {
                app.push(online(OnlineCommand::AnswerTakeBack(true)));
            }
            if ui.button("Refuse take-back").clicked() {
                app.push(online(OnlineCommand::AnswerTakeBack(false)));
            }
        });
    } else if own_offer {
        ui.label("Waiting for the answer to your offer…");
    }
    if let Some(side) = seat {
        ui.horizontal(|ui| {
            if ui.button("Resign").clicked() {
                app.push(Command::AskResign(side));
            }
            if ui.add_enabled(may_offer, egui::Button::new("Offer take-back")).clicked() {
                app.push(online(OnlineCommand::OfferTakeBack));
            }
        });
    }
    ui.separator();
}

/// Whose turn it is, from the local player's seat: "Your move", "Lower lays out"…
fn turn_text(app: &Frame<'_>) -> String {
    let s = app.session();
    let Some(o) = s.online() else { return String::new() };
    if let Some(end) = o.end {
        return s.end_sentence(end);
    }
    if o.reconnecting() {
        // Neither "Your move" nor who is connected: nothing is known until it is back.
        return "Reconnecting to the server…".into();
    }
    let acting = s.acting_side();
    let mine = o.plays(acting);
    match (s.setup().is_some(), s.game().is_some(), mine) {
        (true, _, true) => "Your turn to lay out".into(),
        (true, _, false) if o.seat().is_some() || o.watching() => format!("{} lays out", s.player_label(acting)),
        (true, _, false) if o.failed().is_some() => String::new(),
        (true, _, false) => "Waiting for the server…".into(),
        (_, true, true) => "Your move".into(),
        (_, true, false) => format!("{} to move", s.player_label(acting)),
        _ => String::new(),
    }
}

fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}
