//! One game on the server: its record, its seats and spectators, its clock. Everything a
//! client sends about the game is checked here by the rules before anyone else sees it; the
//! table is driven under the server's lock and never waits: what a change queues for the
//! connections is handed, with the change, to the server's store ([`crate::store`]), which
//! sends it once the change is kept.

use crate::archive::{Change, Kept};
use crate::clock::{ClockSpec, RefereeClock};
use crate::code::new_token;
use crate::protocol::ServerMessage;
use crate::record::{End, Record, first_to_lay_out};
use omweso_rules::notation::{LayoutTextError, MoveError, format_layout, parse_layout, parse_move};
use omweso_rules::{GameState, IllegalMove, RuleOptions, Side};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The games held, by code: each a table behind its own lock.
pub(crate) type Games = HashMap<String, Arc<Mutex<Table>>>;

/// Why a table refuses what a seat sent: the game is left as it was.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TableError {
    /// The game has ended.
    #[error("the game is over")]
    Over,
    /// A layout out of turn.
    #[error("it is not {}'s turn to lay out", .0.name())]
    NotYourLayout(Side),
    /// A layout that is not the side's half of a position.
    #[error("layout: {0}")]
    Layout(#[from] LayoutTextError),
    /// A move before both layouts are in.
    #[error("the layouts are not both in yet")]
    LayoutsNotIn,
    /// A move under the wrong number.
    #[error("move number {number}: the game is at move {played}")]
    MoveNumber {
        /// The number sent.
        number: u32,
        /// The moves played.
        played: usize,
    },
    /// A move out of turn.
    #[error("it is not {}'s move", .0.name())]
    NotYourMove(Side),
    /// A move text that is not a move where the game stands.
    #[error("move `{text}`: {error}")]
    MoveText {
        /// The text, as quoted ([`crate::shown`]).
        text: String,
        /// The notation's error.
        error: MoveError,
    },
    /// A move the rules do not allow.
    #[error("move `{mv}`: {error}")]
    Illegal {
        /// The move.
        mv: String,
        /// The rules' reason.
        error: IllegalMove,
    },
    /// A take-back in a timed game.
    #[error("tournament play has no take-backs")]
    NoTakeBackTimed,
    /// A take-back with no move of the side's own.
    #[error("{} has no move to take back", .0.name())]
    NothingToTakeBack(Side),
    /// The game kept does not replay after a take-back (the moves are restored).
    #[error("the game does not replay after the take-back: {0}")]
    Replay(#[from] crate::record::RecordError),
}

/// A connection as a table sees it: its id and its outbox. Dropping the outbox (taking the
/// connection off the table) ends the connection.
#[derive(Debug)]
pub(crate) struct Conn {
    pub id: u64,
    pub tx: mpsc::Sender<ServerMessage>,
    /// Half the last round trip the connection measured (for the clock).
    pub lag: Duration,
}

/// A message queued for a connection: its outbox, its id, the message.
pub(crate) type Outgoing = (mpsc::Sender<ServerMessage>, u64, ServerMessage);

/// A game on the server.
pub(crate) struct Table {
    pub record: Record,
    tokens: [Option<String>; 2],
    state: Option<GameState>,
    seats: [Option<Conn>; 2],
    watchers: Vec<Conn>,
    clock: Option<RefereeClock>,
    /// The side whose offer of a take-back waits for the other's answer.
    offer: Option<Side>,
    /// Messages waiting for [`Table::take_queued`]: the store keeps the game first, then sends.
    queued: Vec<Outgoing>,
    /// The number of the first move the store has not been handed (the moves before it are
    /// handed already, and stand).
    unkept_from: usize,
    /// How many times the table went back to the game as kept ([`crate::store`]).
    pub epoch: u64,
    /// Since when no player has been connected (none while one is).
    idle_since: Option<Instant>,
}

impl Table {
    /// A new game hosted by a player seated at `host`.
    pub fn host(code: String, rules: RuleOptions, clock: Option<ClockSpec>, host: Side, name: String) -> Table {
        let mut record = Record::new(code, rules, clock);
        record.names[host.index()] = name;
        let clock = clock.map(|c| RefereeClock::new(c, crate::clock::ClockTimes::start(&c)));
        Table {
            record,
            tokens: [None, None],
            state: None,
            seats: [None, None],
            watchers: Vec::new(),
            clock,
            offer: None,
            queued: Vec::new(),
            unkept_from: 0,
            epoch: 0,
            idle_since: Some(Instant::now()),
        }
    }

    /// A game kept by an earlier run of the server, replayed by the rules.
    pub fn resume(kept: Kept) -> Result<Table, crate::record::RecordError> {
        let replay = kept.record.replay()?;
        let clock = kept.record.clock.map(|c| {
            let times = kept.record.times.unwrap_or_else(|| crate::clock::ClockTimes::start(&c));
            RefereeClock::new(c, times)
        });
        let unkept_from = kept.record.moves.len();
        let mut table = Table {
            record: kept.record,
            tokens: kept.tokens,
            state: replay.state,
            seats: [None, None],
            watchers: Vec::new(),
            clock,
            offer: None,
            queued: Vec::new(),
            unkept_from,
            epoch: 0,
            idle_since: Some(Instant::now()),
        };
        table.start_clock_if_playing();
        Ok(table)
    }

    /// What the archive keeps of the game.
    #[cfg(test)]
    pub fn kept(&self) -> Kept {
        Kept { record: self.record.clone(), tokens: self.tokens.clone() }
    }

    /// What changed since the store was last handed the game: the game without its moves,
    /// and the moves it has not been handed.
    pub fn change(&mut self) -> Change {
        let r = &self.record;
        let from = self.unkept_from.min(r.moves.len());
        let head = Record {
            code: r.code.clone(),
            rules: r.rules,
            names: r.names.clone(),
            layouts: r.layouts.clone(),
            moves: Vec::new(),
            clock: r.clock,
            times: r.times,
            end: r.end,
        };
        let change =
            Change { head: Kept { record: head, tokens: self.tokens.clone() }, from, moves: r.moves[from..].to_vec() };
        self.unkept_from = r.moves.len();
        change
    }

    /// The messages queued since the last call, in order.
    pub fn take_queued(&mut self) -> Vec<Outgoing> {
        std::mem::take(&mut self.queued)
    }

    /// Queues `message` for `conn`, a connection about to sit or watch (its welcome goes
    /// first, and only once what it names is kept).
    pub fn greet(&mut self, conn: &Conn, message: ServerMessage) {
        queue(&mut self.queued, conn, message);
    }

    /// Queues `message` for every connection at the table and takes them all off it (their
    /// outboxes dropped once the messages are sent, which ends them).
    pub fn refuse_everyone(&mut self, message: ServerMessage) {
        self.broadcast_except(None, message);
        self.seats = [None, None];
        self.watchers.clear();
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.record.end.is_some()
    }

    /// Since when an unfinished game has had no player connected (`None` while one is, or
    /// once it is over).
    pub fn idle_since(&self) -> Option<Instant> {
        self.idle_since.filter(|_| !self.is_over())
    }

    /// Whether nobody is connected.
    pub fn is_empty(&self) -> bool {
        self.seats.iter().all(Option::is_none) && self.watchers.is_empty()
    }

    /// The seat free for a guest, if the host's opponent has not joined.
    pub fn free_seat(&self) -> Option<Side> {
        Side::BOTH.into_iter().find(|s| self.tokens[s.index()].is_none())
    }

    /// Gives `side` a fresh resume token.
    pub fn issue_token(&mut self, side: Side) -> Result<String, crate::code::RandomError> {
        let token = new_token()?;
        self.tokens[side.index()] = Some(token.clone());
        Ok(token)
    }

    /// The seat whose token is `token`, if any.
    pub fn seat_of_token(&self, token: &str) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.tokens[s.index()].as_deref().is_some_and(|t| crate::code::same_secret(t, token)))
    }

    /// Seats `conn` at `side` (a connection already there is dropped: the newer wins) and
    /// sends it the game; the others hear that `side` is connected.
    pub fn sit(&mut self, side: Side, conn: Conn, name: Option<String>) {
        if let Some(name) = name {
            self.record.names[side.index()] = name;
        }
        self.seats[side.index()] = Some(conn);
        self.idle_since = None;
        self.send_game_to(Some(side));
        // Only the seat just taken is asked (again) for its layout: the other, if it is to
        // lay out, was asked when it sat down, and may have answered already.
        if self.to_lay_out() == Some(side) {
            self.ask_layout();
        }
        self.broadcast_except(Some(side), ServerMessage::Presence { side, connected: true });
    }

    /// Adds a spectator and sends it the game.
    pub fn watch(&mut self, conn: Conn) {
        let message = self.game_message(None);
        queue(&mut self.queued, &conn, message);
        self.watchers.push(conn);
    }

    /// Takes connection `id` off the table (it closed); the others hear of a player leaving.
    pub fn leave(&mut self, id: u64) {
        self.watchers.retain(|c| c.id != id);
        for side in Side::BOTH {
            if self.seats[side.index()].as_ref().is_some_and(|c| c.id == id) {
                self.seats[side.index()] = None;
                self.broadcast_except(Some(side), ServerMessage::Presence { side, connected: false });
            }
        }
        if self.seats.iter().all(Option::is_none) && self.idle_since.is_none() {
            self.idle_since = Some(Instant::now());
        }
    }

    /// Notes connection `id`'s measured one-way lag.
    pub fn set_lag(&mut self, id: u64, lag: Duration) {
        for conn in self.seats.iter_mut().flatten() {
            if conn.id == id {
                conn.lag = lag;
            }
        }
    }

    /// The side that is to lay out now, if any.
    fn to_lay_out(&self) -> Option<Side> {
        let first = first_to_lay_out(&self.record.rules);
        [first, first.opponent()].into_iter().find(|s| self.record.layouts[s.index()].is_none())
    }

    fn ask_layout(&mut self) {
        if let Some(side) = self.to_lay_out()
            && let Some(conn) = &self.seats[side.index()]
        {
            queue(&mut self.queued, conn, ServerMessage::LayOut);
        }
    }

    /// `side`'s layout, checked by the rules. `Err` says what is wrong.
    pub fn layout(&mut self, side: Side, text: &str) -> Result<(), TableError> {
        if self.is_over() {
            return Err(TableError::Over);
        }
        if self.to_lay_out() != Some(side) {
            return Err(TableError::NotYourLayout(side));
        }
        let layout = parse_layout(text, side)?;
        self.record.layouts[side.index()] = Some(format_layout(&layout, side));
        if let Ok(replay) = self.record.replay() {
            self.state = replay.state;
        }
        for viewer in [Some(Side::Lower), Some(Side::Upper)] {
            self.send_game_to(viewer);
        }
        if self.state.is_some() {
            let message = self.game_message(None);
            for conn in &self.watchers {
                queue(&mut self.queued, conn, message.clone());
            }
        }
        self.ask_layout();
        self.start_clock_if_playing();
        Ok(())
    }

    fn start_clock_if_playing(&mut self) {
        if let (Some(clock), Some(_), None) = (self.clock.as_mut(), &self.state, &self.record.end) {
            clock.start_turn(Instant::now());
        }
    }

    /// `side`'s move number `number` (`mv` in RULES.md §5 notation), checked by the rules and
    /// relayed to everyone. A move already played under that number is ignored (sent again
    /// across a reconnection). `Err` says what is wrong.
    pub fn play(&mut self, side: Side, number: u32, mv: &str, now: Instant) -> Result<(), TableError> {
        let played = self.record.moves.len();
        if (number as usize) < played {
            return Ok(());
        }
        if self.is_over() {
            return Err(TableError::Over);
        }
        let Some(state) = self.state.as_ref() else { return Err(TableError::LayoutsNotIn) };
        if number as usize != played {
            return Err(TableError::MoveNumber { number, played });
        }
        if state.to_move() != side {
            return Err(TableError::NotYourMove(side));
        }
        let parsed = parse_move(state, mv).map_err(|error| TableError::MoveText { text: crate::shown(mv), error })?;
        let (next, _) = state.play(&parsed).map_err(|error| TableError::Illegal { mv: parsed.to_string(), error })?;
        if let Some(clock) = self.clock.as_mut() {
            let lag = self.seats[side.index()].as_ref().map_or(Duration::ZERO, |c| c.lag);
            if clock.charge(side, now, lag).is_err() {
                self.finish(End::Time { side });
                return Ok(());
            }
            self.record.times = Some(clock.times());
        }
        let text = parsed.to_string();
        // A move played lets an offer of a take-back lapse (both sides know it by the move).
        self.offer = None;
        self.record.moves.push(text.clone());
        let outcome = next.outcome();
        self.state = Some(next.state);
        let clock = self.clock.as_ref().map(RefereeClock::times);
        self.broadcast_except(None, ServerMessage::Moved { number, mv: text, clock });
        if let Some(outcome) = outcome {
            self.finish(End::Rules { outcome });
        }
        Ok(())
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Side) -> Result<(), TableError> {
        if self.is_over() {
            return Err(TableError::Over);
        }
        self.finish(End::Resigned { side });
        Ok(())
    }

    /// `side` offers to take back its last move (protocol 2): the other side is asked. An
    /// offer already waiting is not made twice. `Err`: the game is over or timed
    /// (tournament play has no take-backs), or `side` has no move to take back.
    pub fn offer_take_back(&mut self, side: Side) -> Result<(), TableError> {
        if self.is_over() {
            return Err(TableError::Over);
        }
        if self.clock.is_some() {
            return Err(TableError::NoTakeBackTimed);
        }
        if last_move_of(side, self.record.moves.len()).is_none() {
            return Err(TableError::NothingToTakeBack(side));
        }
        if self.offer.is_none() {
            self.offer = Some(side);
            self.broadcast_except(None, ServerMessage::TakeBackOffered { side });
        }
        Ok(())
    }

    /// `side` answers the other side's offer of a take-back: accepted, the moves from the
    /// offerer's last one on are dropped and the game replayed by the rules; refused, both
    /// hear so. An answer with no offer waiting (it lapsed when a move was played) is
    /// ignored.
    pub fn answer_take_back(&mut self, side: Side, accept: bool) -> Result<(), TableError> {
        let Some(offerer) = self.offer.filter(|o| *o != side && !self.is_over()) else { return Ok(()) };
        self.offer = None;
        if !accept {
            self.broadcast_except(None, ServerMessage::TakeBackRefused);
            return Ok(());
        }
        let Some(keep) = last_move_of(offerer, self.record.moves.len()) else { return Ok(()) };
        let before = self.record.moves.clone();
        self.record.moves.truncate(keep);
        self.unkept_from = self.unkept_from.min(keep);
        match self.record.replay() {
            Ok(replay) => self.state = replay.state,
            Err(e) => {
                self.record.moves = before;
                return Err(TableError::Replay(e));
            }
        }
        self.broadcast_except(None, ServerMessage::TookBack { moves: keep as u32 });
        Ok(())
    }

    /// Ends the game on time if the side to move has run out by `now`; whether it did.
    pub fn check_clock(&mut self, now: Instant) -> bool {
        let Some(side) = self.state.as_ref().map(GameState::to_move) else { return false };
        if self.is_over() || !self.clock.as_ref().is_some_and(|c| c.flagged(side, now)) {
            return false;
        }
        if let Some(clock) = self.clock.as_mut() {
            let mut times = clock.times();
            times.millis[side.index()] = 0;
            self.record.times = Some(times);
        }
        self.finish(End::Time { side });
        true
    }

    fn finish(&mut self, end: End) {
        self.record.end = Some(end);
        if let Some(clock) = self.clock.as_mut() {
            clock.stop();
        }
        self.broadcast_except(None, ServerMessage::Ended { end });
    }

    fn game_message(&self, viewer: Option<Side>) -> ServerMessage {
        ServerMessage::Game { record: self.record.seen_by(viewer), connected: [0, 1].map(|i| self.seats[i].is_some()) }
    }

    fn send_game_to(&mut self, viewer: Option<Side>) {
        if let Some(side) = viewer
            && let Some(conn) = &self.seats[side.index()]
        {
            let message = self.game_message(viewer);
            queue(&mut self.queued, conn, message);
        }
    }

    fn broadcast_except(&mut self, except: Option<Side>, message: ServerMessage) {
        for side in Side::BOTH {
            if Some(side) != except
                && let Some(conn) = &self.seats[side.index()]
            {
                queue(&mut self.queued, conn, message.clone());
            }
        }
        for conn in &self.watchers {
            queue(&mut self.queued, conn, message.clone());
        }
    }
}

/// The number of the last move `side` played among `played` moves (moves alternate,
/// [`crate::record::FIRST_TO_MOVE`] first), if it played any.
pub(crate) fn last_move_of(side: Side, played: usize) -> Option<usize> {
    (0..played).rev().find(|&i| crate::record::mover(i) == side)
}

/// Queues `message` for `conn` until [`Table::take_queued`].
fn queue(queued: &mut Vec<Outgoing>, conn: &Conn, message: ServerMessage) {
    queued.push((conn.tx.clone(), conn.id, message));
}

#[cfg(test)]
mod tests;
