//! Online play in the model (issue 36): a game whose one side is the network. The local
//! player lays out and moves as at one computer; the other side's layout and moves come as
//! [`omweso_online::Event`]s, already played by the session's rules and played again by the
//! window's own game (a position never comes from the wire). This module holds what the
//! window knows of the connection ([`Online`]), the Play online dialog's form
//! ([`OnlineForm`]) and the commands ([`OnlineCommand`]); the session carries them out in
//! `session/online.rs`.

use omweso_online::{ClockSpec, ClockTimes, End, Event, Role, SideChoice};
use omweso_rules::{RuleOptions, Side};
use std::collections::VecDeque;

/// The server the Play online dialog proposes until another is typed: this computer's
/// (`127.0.0.1:8642`) in the window, the one that served the page in a browser.
pub fn default_server() -> String {
    crate::app::services::online::default_server()
}

/// Which of the dialog's three forms is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnlineTab {
    /// Open a game and get its code.
    #[default]
    Host,
    /// Take the other seat of a game by its code.
    Join,
    /// Follow a game by its code.
    Watch,
}

/// Game → Play online…: the server, the name, and what the chosen tab needs.
#[derive(Clone, Debug, PartialEq)]
pub struct OnlineForm {
    /// The tab shown.
    pub tab: OnlineTab,
    /// The server: `host:port`, `ws://…` or `wss://…`.
    pub server: String,
    /// The local player's name.
    pub name: String,
    /// The join code (Join, Watch).
    pub code: String,
    /// The host's side, or a coin toss by the server (Host).
    pub side: SideChoice,
    /// The rules of the game (Host): every RULES.md **\[choice\]**.
    pub rules: RuleOptions,
    /// Tournament play with the server's clock (Host): no take-backs.
    pub timed: bool,
    /// Each side's time for the game, in minutes (Host, timed).
    pub minutes: u32,
    /// Seconds added after each move (Host, timed).
    pub increment: u32,
}

impl Default for OnlineForm {
    fn default() -> OnlineForm {
        OnlineForm {
            tab: OnlineTab::Host,
            server: default_server(),
            name: String::new(),
            code: String::new(),
            side: SideChoice::Toss,
            rules: RuleOptions::default(),
            timed: false,
            minutes: 15,
            increment: 5,
        }
    }
}

impl OnlineForm {
    /// The clock the form asks for (Host), if timed.
    pub fn clock(&self) -> Option<ClockSpec> {
        self.timed.then(|| ClockSpec { seconds: self.minutes.clamp(1, 1440) * 60, increment: self.increment.min(3600) })
    }

    /// What the form asks of the server, or what must be filled in first.
    ///
    /// # Errors
    /// No server, or no code where the tab needs one, in words.
    pub fn role(&self) -> Result<Role, String> {
        if self.server.trim().is_empty() {
            return Err("Type the server's address (host:port).".into());
        }
        let code = self.code.trim().to_string();
        if self.tab != OnlineTab::Host && code.is_empty() {
            return Err("Type the game's code.".into());
        }
        let name = crate::app::model::setup::player_name(&self.name);
        Ok(match self.tab {
            OnlineTab::Host => Role::Host { name, rules: self.rules, side: self.side, clock: self.clock() },
            OnlineTab::Join => Role::Join { name, code },
            OnlineTab::Watch => Role::Watch { code },
        })
    }
}

/// What the user (or the network) asks of online play.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineCommand {
    /// Open the Play online dialog.
    Open,
    /// Show this tab of the dialog.
    ShowTab(OnlineTab),
    /// Connect as the dialog's form says (host, join or watch).
    Connect(Box<OnlineForm>),
    /// Close the dialog without connecting.
    Cancel,
    /// A link's join or watch (`#join=CODE` on a page): connect at once to the default
    /// server, on this tab (Join or Watch) with this code, with the name kept.
    Follow(OnlineTab, String),
    /// An event of the connection, read by [`crate::app::model::session::Session::drive_online`].
    Heard(Event),
    /// Offer the other side to take back the local player's last move.
    OfferTakeBack,
    /// Answer the other side's offer of a take-back.
    AnswerTakeBack(bool),
    /// Resign the online game (asked first through the resign question).
    Resign,
    /// Copy the game's code to the clipboard.
    CopyCode,
    /// Copy the link that opens the page already joining the game (a page on the server
    /// that served it: see `services::online::join_link`).
    CopyLink,
    /// Leave online play: the connection closes, the server keeps the game and the seat
    /// stays in Game → Online games (it can be resumed), the board stays as it was.
    /// Asked first while the game is on (`Modal::Leave`).
    Leave,
    /// Game → Online games: the list of this player's unfinished online games.
    ShowGames,
    /// Take this seat again (from Game → Online games): the board becomes that game,
    /// rebuilt from what the server keeps; a connection of this window to it is replaced.
    Resume(Box<OnlinePlace>),
    /// Drop this game (by its code) from Game → Online games (the server still keeps it).
    Forget(String),
    /// The leave question's "Leave the game": the command it held is carried out.
    ConfirmLeave,
    /// The leave question's "Resign instead": the game is resigned, the board stays.
    ResignInstead,
}

/// Where an online seat is, kept with the autosave so that a window closed and opened again
/// takes its seat back (the token is the seat's secret).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OnlinePlace {
    /// The server's address.
    pub server: String,
    /// The game's join code.
    pub code: String,
    /// The seat's resume token (none: watching).
    pub token: Option<String>,
    /// The seat's side, once known (kept since issue 48: older autosaves have none).
    #[serde(default)]
    pub side: Option<Side>,
    /// The other player's name as last heard (empty: not known).
    #[serde(default)]
    pub against: String,
}

impl OnlinePlace {
    /// The game in one line, for Game → Online games: "Game 7K2… on host:port: you play
    /// Lower against Ben".
    pub fn line(&self) -> String {
        let side = self.side.map_or_else(String::new, |s| format!(": you play {s}"));
        let against = if self.against.trim().is_empty() { String::new() } else { format!(" against {}", self.against) };
        format!("Game {} on {}{side}{against}", self.code, self.server)
    }

    /// True when `other` is the same game on the same server.
    pub fn same_game(&self, other: &OnlinePlace) -> bool {
        self.code == other.code && self.server == other.server
    }
}

/// This window's place at the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Chair {
    /// Not welcomed yet, and no seat known from before.
    #[default]
    Unknown,
    /// Plays this side (welcomed so, or resuming the seat the autosave kept).
    Plays(Side),
    /// Welcomed as a spectator.
    Watches,
}

/// The connection to the server, as the window knows it (the connection itself is the
/// network service's, held by the app: the model asks for it through [`ToServer`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Link {
    /// Not asked for yet: the first [`crate::app::model::session::Session::drive_online`]
    /// asks for it ([`ToServer::Connect`]).
    #[default]
    NotStarted,
    /// Asked for, and not (or no longer) up: connecting, or reconnecting after a drop.
    Connecting,
    /// Up: the server welcomed this window and the connection stands.
    Up,
    /// Ended for good, and why.
    Failed(String),
}

/// What the model asks the network service to do with the connection (issue 49: an
/// effect, carried out by `app::effects::Network`; what the server answers comes back as
/// [`OnlineCommand::Heard`]).
#[derive(Clone, Debug, PartialEq)]
pub enum ToServer {
    /// Open the connection to `server` as `role` (a connection held already is closed).
    Connect {
        /// The server's address.
        server: String,
        /// What to say in the hello.
        role: Role,
    },
    /// Send the seat's layout.
    LayOut(omweso_rules::Layout),
    /// Send move `number` of the game.
    Play {
        /// The move's place in the game (from 0).
        number: usize,
        /// The move.
        mv: omweso_rules::Move,
    },
    /// Offer to take back the seat's last move.
    OfferTakeBack,
    /// Answer the other side's offer.
    AnswerTakeBack(bool),
    /// Resign the game.
    Resign,
    /// Close the connection (the server keeps the game and the seat).
    Disconnect,
}

/// What the window knows of one side's player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Presence {
    /// Nobody has taken the seat yet, as far as heard.
    #[default]
    NotJoined,
    /// Connected to the server, as last heard.
    Connected,
    /// Took the seat, and is not connected now.
    Away,
}

/// The game's clock, as far as known.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Timing {
    /// No clock (as far as known: a guest learns of it with the first move).
    #[default]
    Untimed,
    /// Tournament play with the server's clock: its times after the last move and the play
    /// clock (seconds) when they were heard, once a move was.
    Timed(Option<(ClockTimes, f64)>),
}

/// The server's question for the seat's layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LayoutAsk {
    /// Not asked (yet, or any more: the game is on).
    #[default]
    NotAsked,
    /// Asked, and the local player has not finished laying out.
    Asked,
    /// Asked, and sent.
    Sent,
}

/// How the board faces the seated player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Facing {
    /// The player's own half at the bottom, whichever side they play.
    #[default]
    OwnSide,
    /// Turned away from the seat by View → Flip (the settings' turn is left alone).
    Turned,
}

/// An online game as the window knows it (issue 49: every state a value of its own, no
/// flags whose combinations mean something).
#[derive(Debug)]
pub struct Online {
    /// The connection.
    pub link: Link,
    /// What to say to the server when the link starts.
    pub role: Role,
    /// The server's address.
    pub server: String,
    /// The game's code, once welcomed.
    pub code: Option<String>,
    /// The seat's resume token, once welcomed.
    pub token: Option<String>,
    /// This window's place: a side, a spectator's, or not known yet.
    pub chair: Chair,
    /// What is known of each side's player, by [`Side::index`].
    pub players: [Presence; 2],
    /// The side whose offer of a take-back waits for an answer.
    pub offer: Option<Side>,
    /// How the game ended, as the server said.
    pub end: Option<End>,
    /// The server's clock, in tournament play.
    pub timing: Timing,
    /// The last thing to tell the player (the other side left, came back, refused…).
    pub news: Option<String>,
    /// The server's question for the seat's layout.
    pub layout: LayoutAsk,
    /// The number of the move the server asks of the seat.
    pub asked_move: Option<usize>,
    /// The number of the last move sent.
    pub sent_move: Option<usize>,
    /// Events not carried out yet: a move of the other side waits until the board is
    /// ready for it (an animation of the local move ends first).
    pub inbox: VecDeque<Event>,
    /// How the board faces the seated player.
    pub facing: Facing,
    /// How many moves the server has confirmed (heard back from it): a local move beyond
    /// them is not sent yet.
    pub confirmed: usize,
    /// Moves heard that are shown without animation: a game caught up with at once (a seat
    /// taken again) is not sown move by move.
    pub quiet: usize,
}

impl Online {
    /// A game about to connect to `server` as `role`.
    pub fn new(server: &str, role: Role) -> Online {
        let timing = match &role {
            Role::Host { clock: Some(_), .. } => Timing::Timed(None),
            _ => Timing::Untimed,
        };
        Online {
            link: Link::NotStarted,
            role,
            server: server.trim().to_string(),
            code: None,
            token: None,
            chair: Chair::Unknown,
            players: [Presence::NotJoined; 2],
            offer: None,
            end: None,
            timing,
            news: None,
            layout: LayoutAsk::NotAsked,
            asked_move: None,
            sent_move: None,
            inbox: VecDeque::new(),
            facing: Facing::OwnSide,
            confirmed: 0,
            quiet: 0,
        }
    }

    /// A seat taken again from where the autosave kept it.
    pub fn resume(place: &OnlinePlace) -> Online {
        let role = match &place.token {
            Some(token) => Role::Resume { code: place.code.clone(), token: token.clone() },
            None => Role::Watch { code: place.code.clone() },
        };
        let mut online = Online::new(&place.server, role);
        online.code = Some(place.code.clone());
        online.token = place.token.clone();
        if let Some(side) = place.side.filter(|_| place.token.is_some()) {
            online.chair = Chair::Plays(side);
        }
        online.news = Some("Connecting to take your seat again…".into());
        online
    }

    /// The local player's side; `None` while not known yet, and for a spectator.
    pub fn seat(&self) -> Option<Side> {
        match self.chair {
            Chair::Plays(side) => Some(side),
            Chair::Unknown | Chair::Watches => None,
        }
    }

    /// True when welcomed as a spectator.
    pub fn watching(&self) -> bool {
        self.chair == Chair::Watches
    }

    /// True while the connection is asked for and has not failed: what is sent goes out
    /// (or waits in the client session until it is back).
    pub fn connected_or_coming(&self) -> bool {
        matches!(self.link, Link::Connecting | Link::Up)
    }

    /// True while this window's own connection is up.
    pub fn linked(&self) -> bool {
        self.link == Link::Up
    }

    /// Why the connection ended for good, if it did.
    pub fn failed(&self) -> Option<&str> {
        match &self.link {
            Link::Failed(why) => Some(why),
            _ => None,
        }
    }

    /// The connection is up (`true`) or down and being made again: the link is kept either
    /// way (a link not started or failed stays so).
    pub fn set_linked(&mut self, up: bool) {
        if self.connected_or_coming() {
            self.link = if up { Link::Up } else { Link::Connecting };
        }
    }

    /// True when `side`'s player is connected, as last heard.
    pub fn present(&self, side: Side) -> bool {
        self.players[side.index()] == Presence::Connected
    }

    /// True when `side`'s seat has been taken, as far as heard.
    pub fn joined(&self, side: Side) -> bool {
        self.players[side.index()] != Presence::NotJoined
    }

    /// `side`'s player is connected or not, as heard: connected is joined; not connected
    /// is away once joined.
    pub fn heard_presence(&mut self, side: Side, connected: bool) {
        let p = &mut self.players[side.index()];
        *p = match (connected, *p) {
            (true, _) => Presence::Connected,
            (false, Presence::NotJoined) => Presence::NotJoined,
            (false, _) => Presence::Away,
        };
    }

    /// `side`'s seat is taken (its player named, its layout seen, the game started): a
    /// player not heard connected is away.
    pub fn heard_joined(&mut self, side: Side) {
        let p = &mut self.players[side.index()];
        if *p == Presence::NotJoined {
            *p = Presence::Away;
        }
    }

    /// True in tournament play with the server's clock (as far as known).
    pub fn timed(&self) -> bool {
        matches!(self.timing, Timing::Timed(_))
    }

    /// The server's clock after the last move and the play clock (seconds) when it was
    /// heard, in tournament play once a move was made.
    pub fn times(&self) -> Option<(ClockTimes, f64)> {
        match self.timing {
            Timing::Timed(times) => times,
            Timing::Untimed => None,
        }
    }

    /// True when the board is turned away from the seat (View → Flip).
    pub fn turned(&self) -> bool {
        self.facing == Facing::Turned
    }

    /// Where the seat is, to keep with the autosave (once welcomed; not after the end).
    /// `against`: the other player's name as the window shows it.
    pub fn place(&self, against: &str) -> Option<OnlinePlace> {
        let code = self.code.clone()?;
        (self.end.is_none() && self.failed().is_none()).then(|| OnlinePlace {
            server: self.server.clone(),
            code,
            token: self.token.clone(),
            side: self.seat(),
            against: against.to_string(),
        })
    }

    /// True while this window holds a seat of a game not over, and its connection has not
    /// given up: leaving it is asked first.
    pub fn seated(&self) -> bool {
        self.seat().is_some() && self.token.is_some() && self.end.is_none() && self.failed().is_none()
    }

    /// True while the connection is down and being made again (after a first welcome).
    pub fn reconnecting(&self) -> bool {
        matches!(self.link, Link::Connecting | Link::NotStarted) && self.end.is_none() && self.code.is_some()
    }

    /// True when `side` is played at this window (its seat).
    pub fn plays(&self, side: Side) -> bool {
        self.seat() == Some(side)
    }

    /// True when `side` is played on the other computer (or, for a spectator, either).
    pub fn remote(&self, side: Side) -> bool {
        !self.plays(side)
    }

    /// True when take-backs may be offered: untimed play (none in tournament play), with
    /// a seat, the game not over, no offer waiting.
    pub fn may_offer(&self) -> bool {
        self.seat().is_some() && !self.timed() && self.end.is_none() && self.offer.is_none() && self.linked()
    }

    /// The offer waiting for this window's answer, if any: the other side's.
    pub fn offer_to_answer(&self) -> Option<Side> {
        self.offer.filter(|s| self.seat().is_some_and(|me| me != *s))
    }

    /// One line on the other side's state: connected, away, or what is awaited.
    pub fn other_state(&self, names: &[String; 2]) -> String {
        let Some(me) = self.seat() else {
            return match (self.watching(), self.failed()) {
                (true, _) => "Watching".into(),
                (false, Some(_)) => "Not connected".into(),
                (false, None) => "Connecting…".into(),
            };
        };
        let other = me.opponent();
        let who = if names[other.index()].trim().is_empty() { other.to_string() } else { names[other.index()].clone() };
        if self.reconnecting() {
            // Nothing heard of the other side while this window is cut off.
            format!("{who}: not known until the server is back")
        } else if self.present(other) {
            format!("{who} is connected")
        } else if !self.joined(other) {
            "Waiting for the other player to join".into()
        } else {
            format!("{who} is away: the game is kept until they come back")
        }
    }

    /// The link that opens the page already joining this game, while a seat waits for the
    /// other player (only a page served by the game's server has one).
    pub fn join_link(&self) -> Option<String> {
        let other = self.seat()?.opponent();
        let code = self.code.as_deref().filter(|_| !self.joined(other) && self.end.is_none())?;
        crate::app::services::online::join_link(&self.server, code)
    }

    /// The link's connection as one line: the server, and whether it is up.
    pub fn link_state(&self) -> String {
        match (self.failed(), self.linked()) {
            (Some(_), _) => format!("Not connected to {}", self.server),
            (None, true) => format!("Connected to {}", self.server),
            (None, false) if self.code.is_some() => format!("Reconnecting to {}…", self.server),
            (None, false) => format!("Connecting to {}…", self.server),
        }
    }

    /// What went wrong with the connection, in the player's words: the server's own
    /// refusal as it said it, anything about the network as "could not be reached" (the
    /// technical text goes to the log).
    pub fn plain_error(error: &str) -> String {
        if let Some(reason) = error.strip_prefix("refused by the server: ") {
            return format!("The server refused: {reason}");
        }
        if let Some(said) = error.strip_prefix("the server says: ") {
            return format!("The server said: {said}");
        }
        if error.starts_with("connection: ") || error.starts_with("the server closed") {
            return "The server could not be reached.".into();
        }
        error.to_string()
    }
}
