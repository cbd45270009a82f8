//! The client's side: a [`Connection`] (one WebSocket to a server, `ws://` or `wss://`) and
//! the [`ClientGame`], the game as a client knows it, which plays every move it hears itself
//! with the rules and refuses what does not follow from what it already knows. The
//! blocking [`crate::Session`] and the load benchmark are built on these two.

pub use crate::client_error::ClientError;
use crate::clock::ClockTimes;
use crate::protocol::ServerMessage;
use crate::record::{End, Record};
#[cfg(feature = "net")]
pub use crate::socket::{Connection, Io, server_url};
use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Layout, Move, RuleOptions, Side};

/// What a client learns, in the order it learns it.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The server took the hello: the game's code, and the client's seat (none for a
    /// spectator).
    Welcome {
        /// The join code.
        code: String,
        /// The seat.
        seat: Option<Side>,
        /// The seat's resume token (secret: whoever has it can take the seat).
        token: Option<String>,
    },
    /// The client's side is to lay out now, seeing `seen` (the other side's layout, when
    /// the other laid out first).
    LayOut {
        /// The side laying out.
        side: Side,
        /// The other side's layout, if in.
        seen: Option<Layout>,
        /// The game's rules.
        rules: RuleOptions,
    },
    /// Both layouts are in: the game starts from `start`.
    Started {
        /// The state before the first move.
        start: GameState,
    },
    /// Move `number` (from 0) was played, giving `state`.
    Moved {
        /// Its place.
        number: usize,
        /// The move.
        mv: Move,
        /// The state after it.
        state: GameState,
        /// The server's clock after it, when timed.
        clock: Option<ClockTimes>,
    },
    /// The client's side is to move (move `number`) in `state`.
    YourMove {
        /// The move's place.
        number: usize,
        /// The state to move in.
        state: GameState,
    },
    /// A player connected or left.
    Presence {
        /// Whose player.
        side: Side,
        /// Connected now.
        connected: bool,
    },
    /// The connection broke and is being made again, or was made again.
    Connection {
        /// Connected now.
        connected: bool,
        /// What happened.
        why: String,
    },
    /// The players' names, Lower's and Upper's, as the server keeps them (sent when they
    /// change).
    Names {
        /// By [`Side::index`].
        names: [String; 2],
    },
    /// `side` offers to take back its last move; the other answers (protocol 2).
    TakeBackOffered {
        /// Who offers.
        side: Side,
    },
    /// The offer of a take-back was refused.
    TakeBackRefused,
    /// The offer was accepted: the game went back to its first `number` moves, giving
    /// `state` (replayed by the rules from the layouts).
    TookBack {
        /// How many moves are left.
        number: usize,
        /// The state after them.
        state: GameState,
    },
    /// The game ended.
    Ended {
        /// How.
        end: End,
    },
    /// The session ended on an error that a new connection cannot mend.
    Failed {
        /// What went wrong, in one line.
        error: String,
    },
}

/// The game as one client knows it: every layout and move it heard, played by the rules.
#[derive(Clone, Debug)]
pub struct ClientGame {
    seat: Option<Side>,
    rules: Option<RuleOptions>,
    layouts: [Option<Layout>; 2],
    names: [String; 2],
    start: Option<GameState>,
    moves: Vec<Move>,
    state: Option<GameState>,
    end: Option<End>,
    /// The side whose offer of a take-back waits for an answer.
    offer: Option<Side>,
    /// Whether each side's player is connected, as last heard.
    connected: [bool; 2],
    /// Whether a whole game (with who is connected) was heard yet.
    presence_heard: bool,
}

impl ClientGame {
    /// A game not heard of yet, for a client seated at `seat` (none: a spectator).
    pub fn new(seat: Option<Side>) -> ClientGame {
        ClientGame {
            seat,
            rules: None,
            layouts: [None, None],
            names: [String::new(), String::new()],
            start: None,
            moves: Vec::new(),
            state: None,
            end: None,
            offer: None,
            presence_heard: false,
            connected: [false; 2],
        }
    }

    /// The client's seat.
    pub fn seat(&self) -> Option<Side> {
        self.seat
    }

    /// The state after the last move, once both layouts are in.
    pub fn state(&self) -> Option<&GameState> {
        self.state.as_ref()
    }

    /// The moves heard so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Takes one message from the server; what it means, as events.
    ///
    /// # Errors
    /// [`ClientError::Untrusted`] for what does not follow from what the client knows (a
    /// move the rules refuse, a record that rewrites the game, an end the moves do not
    /// give); [`ClientError::Server`] or [`ClientError::Refused`] for the server's own.
    pub fn receive(&mut self, message: ServerMessage) -> Result<Vec<Event>, ClientError> {
        let mut events = Vec::new();
        match message {
            ServerMessage::Welcome { code, seat, token, .. } => {
                if self.rules.is_some() && seat != self.seat {
                    return Err(ClientError::Untrusted(format!("a seat other than this client's: {seat:?}")));
                }
                self.seat = seat;
                events.push(Event::Welcome { code, seat, token });
            }
            ServerMessage::Refused { reason, .. } => return Err(ClientError::Refused(reason)),
            ServerMessage::Error { message } => return Err(ClientError::Server(message)),
            ServerMessage::Game { record, connected } => {
                self.take_record(&record, &mut events)?;
                // The first game heard says who is there, away or not: a player coming back
                // learns that the other is away.
                for side in Side::BOTH {
                    let changed = connected[side.index()] != self.connected[side.index()];
                    if Some(side) != self.seat && (changed || !self.presence_heard) {
                        events.push(Event::Presence { side, connected: connected[side.index()] });
                    }
                }
                self.connected = connected;
                self.presence_heard = true;
            }
            ServerMessage::LayOut => {
                let (Some(side), Some(rules)) = (self.seat, self.rules) else {
                    return Err(ClientError::Untrusted("a request to lay out to a spectator".into()));
                };
                if self.layouts[side.index()].is_some() {
                    return Err(ClientError::Untrusted("a request to lay out twice".into()));
                }
                events.push(Event::LayOut { side, seen: self.layouts[side.opponent().index()], rules });
            }
            ServerMessage::Moved { number, mv, clock } => {
                let number = number as usize;
                if number < self.moves.len() {
                    return Ok(events);
                }
                if number > self.moves.len() {
                    return Err(ClientError::Untrusted(format!("move {number} after {} moves", self.moves.len())));
                }
                let state =
                    self.state.as_ref().ok_or_else(|| ClientError::Untrusted("a move before the layouts".into()))?;
                let parsed =
                    parse_move(state, &mv).map_err(|e| ClientError::Untrusted(format!("move {number}: {e}")))?;
                let next =
                    state.play(&parsed).map_err(|e| ClientError::Untrusted(format!("move {number}: {e}")))?.0.state;
                self.moves.push(parsed.clone());
                self.state = Some(next.clone());
                self.offer = None;
                events.push(Event::Moved { number, mv: parsed, state: next, clock });
            }
            ServerMessage::Presence { side, connected } => {
                self.connected[side.index()] = connected;
                events.push(Event::Presence { side, connected });
            }
            ServerMessage::Ended { end } => self.take_end(end, &mut events)?,
            ServerMessage::TakeBackOffered { side } => {
                if self.state.is_none() || self.end.is_some() {
                    return Err(ClientError::Untrusted("an offer of a take-back with no game on".into()));
                }
                self.offer = Some(side);
                events.push(Event::TakeBackOffered { side });
            }
            ServerMessage::TakeBackRefused => {
                if self.offer.take().is_some() {
                    events.push(Event::TakeBackRefused);
                }
            }
            ServerMessage::TookBack { moves } => self.take_back(moves as usize, &mut events)?,
            ServerMessage::Ping { .. } | ServerMessage::Pong { .. } => {}
        }
        Ok(events)
    }

    /// A take-back the server says was accepted: it must follow an offer, and go back to
    /// just before the offerer's last move (so that the offerer moves again); the state
    /// is replayed by the rules from the start.
    fn take_back(&mut self, keep: usize, events: &mut Vec<Event>) -> Result<(), ClientError> {
        let offerer = self.offer.take().ok_or_else(|| ClientError::Untrusted("a take-back no one offered".into()))?;
        let expected = (0..self.moves.len()).rev().find(|&i| crate::record::mover(i) == offerer);
        if expected != Some(keep) {
            return Err(ClientError::Untrusted(format!(
                "a take-back to move {keep}, not to {}'s last move",
                offerer.name()
            )));
        }
        let mut state =
            self.start.clone().ok_or_else(|| ClientError::Untrusted("a take-back before the layouts".into()))?;
        for mv in &self.moves[..keep] {
            state = state.play(mv).map_err(|e| ClientError::Untrusted(format!("a take-back: {e}")))?.0.state;
        }
        self.moves.truncate(keep);
        self.state = Some(state.clone());
        events.push(Event::TookBack { number: keep, state });
        Ok(())
    }

    /// A whole record: it must extend what is known (the same layouts, the known moves
    /// first), and it is replayed by the rules.
    fn take_record(&mut self, record: &Record, events: &mut Vec<Event>) -> Result<(), ClientError> {
        let replay =
            record.replay().map_err(|e| ClientError::Untrusted(format!("a game that does not replay: {e}")))?;
        if self.rules.is_some_and(|r| r != record.rules) {
            return Err(ClientError::Untrusted("other rules for the same game".into()));
        }
        for side in Side::BOTH {
            let (known, heard) = (self.layouts[side.index()], replay.layouts[side.index()]);
            if known.is_some() && known != heard {
                return Err(ClientError::Untrusted(format!("another {} layout", side.name())));
            }
        }
        // A take-back accepted while this client was away: the offer it knew of, carried out.
        if self.offer.is_some()
            && replay.moves.len() < self.moves.len()
            && replay.moves[..] == self.moves[..replay.moves.len()]
        {
            self.take_back(replay.moves.len(), events)?;
        }
        if replay.moves.len() < self.moves.len() || replay.moves[..self.moves.len()] != self.moves[..] {
            return Err(ClientError::Untrusted("a game whose moves differ from those already played".into()));
        }
        self.rules = Some(record.rules);
        self.layouts = replay.layouts;
        self.start = replay.start.clone();
        if record.names != self.names {
            self.names = record.names.clone();
            events.push(Event::Names { names: record.names.clone() });
        }
        if self.state.is_none()
            && let Some(start) = &replay.start
        {
            events.push(Event::Started { start: start.clone() });
        }
        let mut state = self.state.clone().or(replay.start);
        for (number, mv) in replay.moves.iter().enumerate().skip(self.moves.len()) {
            if let Some(s) = state.as_mut() {
                *s = s.play(mv).map_err(|e| ClientError::Untrusted(format!("move {number}: {e}")))?.0.state;
                events.push(Event::Moved { number, mv: mv.clone(), state: s.clone(), clock: record.times });
            }
        }
        self.moves = replay.moves;
        self.state = state;
        if let Some(end) = record.end {
            self.take_end(end, events)?;
        }
        Ok(())
    }

    fn take_end(&mut self, end: End, events: &mut Vec<Event>) -> Result<(), ClientError> {
        if let End::Rules { outcome } = end
            && self.state.as_ref().and_then(GameState::outcome) != Some(outcome)
        {
            return Err(ClientError::Untrusted(format!("an end ({outcome}) the moves do not give")));
        }
        if self.end.is_none() {
            self.end = Some(end);
            events.push(Event::Ended { end });
        }
        Ok(())
    }

    /// Whether the client's side is to move now: the move's number and the state.
    pub fn to_move(&self) -> Option<(usize, &GameState)> {
        let state = self.state.as_ref()?;
        (self.end.is_none() && state.outcome().is_none() && Some(state.to_move()) == self.seat)
            .then_some((self.moves.len(), state))
    }

    /// Whether the client's own layout is in.
    pub fn laid_out(&self) -> bool {
        self.seat.is_some_and(|s| self.layouts[s.index()].is_some())
    }
}
