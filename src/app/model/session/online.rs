//! Online play in the session (issue 36): the connection driven once a frame
//! ([`Session::drive_online`]: its events read without waiting and given back as commands;
//! the local player's layout and moves sent when the server asked for them) and the online
//! commands carried out ([`OnlineCommand`]). The other side's moves are played by the
//! window's own game, through the rules, as the computer's are; the setup and the play are
//! the ones of a game at one computer, with the other side's hands off the board.

use super::{Effect, Phase, Play, Session, Turn};
use crate::app::model::command::Command;
use crate::app::model::modal::Modal;
use crate::app::model::online::{
    Chair, LayoutAsk, Link, Online, OnlineCommand, OnlineForm, OnlineTab, Timing, ToServer,
};
use crate::app::model::seat::Seats;
use crate::app::model::setup_board::SetupBoard;
use crate::game::{Game, TimeEnd};
use omweso_online::{End, Event, Role};
use omweso_rules::{GameState, Layout, Side};

impl Session {
    /// How an online game ended, in a sentence with the players' names: "Game over: Bob
    /// wins, Ann resigned" (issue 51: the panel showed `lower wins: resignation`).
    pub fn end_sentence(&self, end: End) -> String {
        match end {
            End::Rules { outcome: omweso_rules::Outcome::Win { winner, kind } } => {
                format!("Game over: {} wins {}", self.player_label(winner), crate::narrate::win_by(kind))
            }
            End::Rules { .. } => "Game over: annulled (a move that never ended was stopped)".into(),
            End::Resigned { side } => {
                format!("Game over: {} wins, {} resigned", self.player_label(side.opponent()), self.player_label(side))
            }
            End::Time { side } => format!(
                "Game over: {} wins, {} ran out of time",
                self.player_label(side.opponent()),
                self.player_label(side)
            ),
        }
    }

    /// The online game, if this board is one.
    pub fn online(&self) -> Option<&Online> {
        self.seats.online()
    }

    /// True when the board takes no move from this window: the side to act is played on the
    /// other computer, or this window's offer of a take-back waits for its answer (a move
    /// made meanwhile would cross the take-back on the way: the trial lost a game so).
    pub fn remote_turn(&self) -> bool {
        self.seats.online().is_some_and(|o| o.remote(self.acting_side()) || (o.offer.is_some() && o.offer == o.seat()))
    }

    /// True when the local player's last move is not confirmed by the server while the
    /// connection is down: it is sent when the server is back, and the panel says so.
    pub fn unsent_move(&self) -> bool {
        let Some(o) = self.seats.online().filter(|o| o.reconnecting()) else { return false };
        self.game().is_some_and(|g| {
            g.cursor() > o.confirmed && g.moves().get(g.cursor() - 1).is_some_and(|e| o.seat() == Some(e.mover))
        })
    }

    /// True when this window may offer a take-back now: online and untimed, nothing waiting
    /// ([`Online::may_offer`]), a move to take back, and no move of its own under way (an
    /// offer in the middle of a move was accepted for the move before it).
    pub fn may_offer_take_back(&self) -> bool {
        self.seats.online().is_some_and(Online::may_offer)
            && self.play().is_some_and(|p| p.ready() && p.game.cursor() > 0)
    }

    /// What the network service heard from the server since the last frame: kept in order,
    /// and given back as commands by [`Session::drive_online`] when the board is ready.
    pub fn heard_from_server(&mut self, events: Vec<omweso_online::Event>) {
        if let Some(o) = self.seats.online_mut() {
            o.inbox.extend(events);
        }
    }

    /// Online play's part this frame: asks for the connection ([`ToServer::Connect`]),
    /// sends the layout and the move the server asked for once the local player has made
    /// them, and gives back the events heard ([`Session::heard_from_server`]) as commands.
    /// A move of the other side waits while a move is shown being sown. Never waits.
    #[must_use]
    pub fn drive_online(&mut self) -> Vec<Command> {
        let ready = self.play().is_none_or(Play::ready);
        let Some(o) = self.seats.online_mut() else { return Vec::new() };
        let mut sends = Vec::new();
        if o.link == Link::NotStarted {
            o.link = Link::Connecting;
            sends.push(ToServer::Connect { server: o.server.clone(), role: o.role.clone() });
        }
        // What the server asked for and the local player has made: the layout, the move.
        if let Some(seat) = o.seat().filter(|_| o.connected_or_coming()) {
            if o.layout == LayoutAsk::Asked {
                let layout = match &self.phase {
                    Phase::Setup(s) if s.done[seat.index()] => s.layout(seat),
                    Phase::Play(p) => p.game.layouts().map(|l| l[seat.index()]),
                    Phase::Setup(_) => None,
                };
                if let Some(layout) = layout {
                    sends.push(ToServer::LayOut(layout));
                    o.layout = LayoutAsk::Sent;
                }
            }
            if let (Some(n), Phase::Play(p)) = (o.asked_move, &self.phase)
                && o.sent_move != Some(n)
                && let Some(entry) = p.game.moves().get(n)
                && entry.mover == seat
                && let Some(mv) = entry.mv.clone()
            {
                sends.push(ToServer::Play { number: n, mv });
                o.sent_move = Some(n);
            }
        }
        let mut out = Vec::new();
        while let Some(event) = o.inbox.front() {
            if matches!(event, Event::Moved { .. } | Event::TookBack { .. }) && !ready {
                break;
            }
            if let Some(event) = o.inbox.pop_front() {
                out.push(Command::Online(OnlineCommand::Heard(event)));
            }
        }
        // Moves heard together (a game caught up with) are shown at once; the last is sown.
        let moved =
            out.iter().filter(|c| matches!(c, Command::Online(OnlineCommand::Heard(Event::Moved { .. })))).count();
        o.quiet = moved.saturating_sub(1);
        self.effects.extend(sends.into_iter().map(Effect::Network));
        out
    }

    /// Carries out an online command; gives back any other command. Resigning while online
    /// is the server's business: the end comes back from it.
    pub(super) fn online_command(&mut self, command: Command) -> Option<Command> {
        let command = match command {
            Command::Online(c) => c,
            Command::Resign(_) if self.seats.online().is_some_and(|o| o.seat().is_some()) => {
                self.modals.close(|m| matches!(m, Modal::Resign(_)));
                OnlineCommand::Resign
            }
            Command::Rematch if self.seats.online().is_some() => {
                self.rematch_online();
                return None;
            }
            other => return Some(other),
        };
        let command = self.seat_command(command)?;
        match command {
            OnlineCommand::Open => {
                let form = self.online_form();
                self.modals.open(Modal::Online(Box::new((form, None))));
            }
            OnlineCommand::Follow(tab, code) => {
                let form = OnlineForm { tab, code, ..self.online_form() };
                self.connect(form);
            }
            OnlineCommand::ShowTab(tab) => {
                if let Some(Modal::Online(f)) = self.modals.iter_mut().find(|m| matches!(m, Modal::Online(_))) {
                    f.0.tab = tab;
                    f.1 = None;
                }
            }
            OnlineCommand::Cancel => {
                self.modals.close(|m| matches!(m, Modal::Online(_)));
            }
            OnlineCommand::Connect(form) => self.connect(*form),
            OnlineCommand::Heard(event) => self.hear(event),
            OnlineCommand::OfferTakeBack => {
                if self.may_offer_take_back()
                    && let Some(o) = self.seats.online_mut()
                {
                    self.effects.push(Effect::Network(ToServer::OfferTakeBack));
                    // Waiting from now on, not from the server's echo: no move crosses it.
                    o.offer = o.seat();
                    o.news = Some("You offered to take back your last move: waiting for the answer.".into());
                }
            }
            OnlineCommand::AnswerTakeBack(accept) => {
                if let Some(o) =
                    self.seats.online_mut().filter(|o| o.offer_to_answer().is_some() && o.connected_or_coming())
                {
                    self.effects.push(Effect::Network(ToServer::AnswerTakeBack(accept)));
                    o.offer = None;
                }
            }
            OnlineCommand::Resign => {
                if self.seats.online().is_some_and(|o| o.end.is_none() && o.connected_or_coming()) {
                    self.effects.push(Effect::Network(ToServer::Resign));
                }
            }
            OnlineCommand::CopyCode => {
                if let Some(code) = self.seats.online().and_then(|o| o.code.clone()) {
                    self.effects.push(Effect::Copy(code));
                }
            }
            OnlineCommand::CopyLink => {
                if let Some(link) = self.seats.online().and_then(|o| o.join_link()) {
                    self.effects.push(Effect::Copy(link));
                }
            }
            OnlineCommand::Leave => {
                // The connection closes; the server keeps the game for both to resume, and
                // the seat stays in Game → Online games.
                self.keep_seat();
                self.network_leaves();
            }
            // Carried out by `seat_command`.
            OnlineCommand::ShowGames
            | OnlineCommand::Resume(_)
            | OnlineCommand::Forget(_)
            | OnlineCommand::ConfirmLeave
            | OnlineCommand::ResignInstead => {}
        }
        None
    }

    /// The Play online dialog's form as it opens: the default server, the rules of the
    /// last game, and the name typed for a game at one computer, unless it is only the
    /// side's.
    fn online_form(&self) -> OnlineForm {
        let mut form = OnlineForm { rules: self.settings.form.options, ..OnlineForm::default() };
        let typed = &self.settings.form.names[0];
        if Side::BOTH.iter().all(|s| *typed != s.to_string()) {
            form.name = typed.clone();
        }
        form
    }

    /// Connects as the form says: a new document, set out as the server asks.
    fn connect(&mut self, form: OnlineForm) {
        let role = match form.role() {
            Ok(role) => role,
            Err(why) => {
                self.modals.open(Modal::Online(Box::new((form, Some(why)))));
                return;
            }
        };
        // The dialogs of a game at one computer go with it (a New game dialog left open
        // behind would start one over the online game).
        self.modals.close(|m| matches!(m, Modal::Online(_) | Modal::NewGame(_) | Modal::Learn | Modal::Puzzles));
        self.matched = None;
        self.banked = [0, 0];
        let name = crate::app::model::setup::player_name(&form.name);
        self.settings.form.names[0] = name;
        // Until the server says, each side is named after itself (never a blank).
        self.seat_anew(Seats::by_sides());
        let rules = if form.tab == OnlineTab::Host { form.rules } else { Default::default() };
        self.enter(Phase::Setup(SetupBoard::new(omweso_online::record::FIRST_TO_MOVE, rules)), None);
        self.network_sits(Online::new(&form.server, role));
    }

    /// One event of the connection.
    fn hear(&mut self, event: Event) {
        let now = self.now;
        let animate = self.settings.animate.then_some(self.settings.speed.rate());
        let labels = Side::BOTH.map(|side| self.player_label(side));
        if self.seats.online().is_none() {
            return;
        }
        if let Some(problem) = self.hear_event(event, now, animate, &labels) {
            // The window's game and the server's disagree: said to the player, not only logged.
            self.notify(problem);
        }
        // The list of unfinished games follows the seat: in once welcomed, out once over.
        self.keep_seat();
    }

    /// One event of the connection, carried out on the board and the online state; gives
    /// back what to tell the player when the window's game cannot follow the server's.
    fn hear_event(&mut self, event: Event, now: f64, animate: Option<f64>, labels: &[String; 2]) -> Option<String> {
        if let Event::Names { names } = &event {
            for side in Side::BOTH.into_iter().filter(|s| !names[s.index()].trim().is_empty()) {
                self.seats.name(side, crate::app::model::setup::player_name(&names[side.index()]));
            }
        }
        let o = self.seats.online_mut()?;
        let mut problem = None;
        match event {
            Event::Welcome { code, seat, token } => {
                o.news = Some(match (seat, o.code.is_some()) {
                    (_, true) => "Back at the game.".into(),
                    (Some(side), false) => match &o.role {
                        Role::Host { side: choice, .. } => {
                            let tossed = if *choice == omweso_online::SideChoice::Toss {
                                format!("The coin toss gave you {side}")
                            } else {
                                format!("You play {side}")
                            };
                            format!("{tossed}. Give your friend the code {code} and the server {}.", o.server)
                        }
                        _ => format!("You joined the game: you play {side}."),
                    },
                    (None, _) => "Watching the game.".into(),
                });
                o.code = Some(code);
                o.token = token;
                o.chair = seat.map_or(Chair::Watches, Chair::Plays);
                o.set_linked(true);
                if let Some(side) = seat {
                    o.heard_presence(side, true);
                }
            }
            Event::Names { names } => {
                for side in Side::BOTH.into_iter().filter(|s| !names[s.index()].trim().is_empty()) {
                    o.heard_joined(side);
                }
            }
            Event::LayOut { side, seen, rules } => {
                o.layout = LayoutAsk::Asked;
                if seen.is_some() {
                    o.heard_joined(side.opponent());
                }
                let first = omweso_online::record::FIRST_TO_MOVE;
                let fresh = !matches!(&self.phase, Phase::Setup(s) if s.options == rules && s.first == first);
                if fresh {
                    self.next_in_document(Phase::Setup(SetupBoard::new(first, rules)));
                    self.document.baseline = Some(self.to_saved());
                }
                if let Phase::Setup(s) = &mut self.phase {
                    if let Some(seen) = seen {
                        let other = side.opponent();
                        s.counts[other.index()] = seen.counts();
                        s.done[other.index()] = true;
                    }
                    s.laying = side;
                }
            }
            Event::Started { start } => {
                for side in Side::BOTH {
                    o.heard_joined(side);
                }
                o.news = None;
                self.started(start);
            }
            Event::YourMove { number, .. } => o.asked_move = Some(number),
            Event::Moved { number, mv, clock, .. } => {
                o.confirmed = o.confirmed.max(number + 1);
                // What was news before this move is old now.
                o.news = None;
                let animate = if o.quiet > 0 {
                    o.quiet -= 1;
                    None
                } else {
                    animate
                };
                if let Some(clock) = clock {
                    // A timed game is tournament play, the guest's too: no take-backs.
                    o.timing = Timing::Timed(Some((clock, now)));
                }
                if let Phase::Play(p) = &mut self.phase
                    && number == p.game.cursor()
                    && p.game.result().is_none()
                {
                    // Played again by the window's own rules; never a position from the wire.
                    match p.game.play(&mv) {
                        Ok(trace) => {
                            p.turn =
                                super::apply_play::animation(&trace, animate, now).map_or(Turn::Ready, Turn::Animating);
                        }
                        Err(e) => {
                            log::warn!("online move {number} `{mv}` refused by the window's game: {e}");
                            problem = Some(format!(
                                "The server's move {} ({mv}) does not follow the rules on this board: {e}. \
                                 Leave the game and take your seat again (Game → Online games) to get the \
                                 server's game.",
                                number + 1
                            ));
                        }
                    }
                }
            }
            Event::Presence { side, connected } => {
                let joined = o.joined(side);
                o.heard_presence(side, connected);
                if o.remote(side) && o.end.is_none() {
                    let who = &labels[side.index()];
                    match (connected, joined) {
                        (true, _) => o.news = Some(format!("{who} is connected.")),
                        // The panel's line on the other side says so already; the news
                        // (the code to give, the side the toss gave) stays.
                        (false, false) => {}
                        (false, true) => {
                            o.news =
                                Some(format!("{who} left. The game is kept on the server: both of you can resume it."))
                        }
                    }
                }
            }
            Event::Connection { connected, why } => {
                o.set_linked(connected);
                if !connected {
                    // An offer is not carried over a reconnection: it lapses.
                    o.offer = None;
                }
                if !connected {
                    // The technical reason is for the log; the panel says it in words.
                    log::info!("online: the connection dropped ({why}); reconnecting");
                }
                o.news = Some(if connected {
                    "Connected again.".into()
                } else {
                    "The connection to the server dropped. Reconnecting…".into()
                });
            }
            Event::TakeBackOffered { side } => {
                o.offer = Some(side);
                // The panel asks for the answer (once): no news line repeating it.
                if o.remote(side) {
                    o.news = None;
                }
            }
            Event::TakeBackRefused => {
                o.offer = None;
                o.news = Some("The take-back was refused.".into());
            }
            Event::TookBack { number, state } => {
                o.offer = None;
                o.confirmed = o.confirmed.min(number);
                o.news = Some("The last move was taken back.".into());
                if o.sent_move.is_some_and(|n| n >= number) {
                    o.sent_move = None;
                }
                if o.asked_move.is_some_and(|n| n > number) {
                    o.asked_move = None;
                }
                if let Phase::Play(p) = &mut self.phase {
                    p.turn = Turn::Ready;
                    p.review = None;
                    while p.game.cursor() > number && p.game.undo() {}
                    if p.game.current() != &state {
                        log::warn!("the take-back left another position than the server's rules gave");
                        problem = Some(
                            "After the take-back this board shows another position than the server's. Leave the \
                             game and take your seat again (Game → Online games) to get the server's game."
                                .into(),
                        );
                    }
                }
            }
            Event::Ended { end } => {
                o.end = Some(end);
                o.offer = None;
                // The turn line says how it ended (Session::end_sentence); a news line
                // saying it again would be a second, stale copy.
                o.news = None;
                if let Phase::Play(p) = &mut self.phase
                    && p.game.result().is_none()
                {
                    p.turn = Turn::Ready;
                    let _ = match end {
                        End::Resigned { side } => p.game.resign(side),
                        End::Time { side } => p.game.end_on_time(TimeEnd::Flagged { loser: side }),
                        End::Rules { .. } => Ok(()),
                    };
                }
            }
            Event::Failed { error } => {
                log::warn!("online play stopped: {error}");
                // Said once, in a notice, in words (the panel says only "Not connected").
                let said = format!("Online play stopped. {}", Online::plain_error(&error));
                o.news = None;
                o.link = Link::Failed(error);
                problem = Some(said);
            }
        }
        problem
    }

    /// Both layouts are in: the game starts from `start` (the window's own game, made from
    /// the two layouts by the rules), unless the board already holds it.
    fn started(&mut self, start: GameState) {
        if let Phase::Play(p) = &self.phase
            && p.game.start() == &start
        {
            return;
        }
        let layouts = Side::BOTH.map(|side| Layout::new(side, start.position().side_counts(side)));
        let [Ok(lower), Ok(upper)] = layouts else {
            log::warn!("an online start that is not two layouts: {start}");
            return;
        };
        let game = Game::from_layouts(lower, upper, start.to_move(), *start.options());
        self.next_in_document(Phase::Play(Box::new(Play::new(game))));
        self.document.baseline = Some(self.to_saved());
    }
}
