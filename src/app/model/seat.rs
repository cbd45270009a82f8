//! Who plays each side (issue 49): the players' names and who sits across the board from the
//! people at this computer. One value where three stood (`names`, `computer: Option<…>`,
//! `online: Option<…>`): whose move it is, who may touch the board and what the panel says
//! are one `match` on the [`Seat`] of the side to act.
//!
//! The network is one opponent however many of its seats it plays: a spectator watches both
//! sides played elsewhere through the one connection, and a seated player's connection is
//! the other side's seat. So the connection is held once, by [`Across::Network`], and a
//! side's [`Seat`] is read from it.

use crate::app::model::online::Online;
use crate::app::services::computer::{Computer, Opponent};
use crate::savefile::ComputerLevel;
use omweso_engine::Level;
use omweso_rules::Side;

/// The engine's level as the saved file keeps it.
pub fn kept_level(level: Level) -> ComputerLevel {
    match level {
        Level::Beginner => ComputerLevel::Beginner,
        Level::Casual => ComputerLevel::Casual,
        Level::Strong => ComputerLevel::Strong,
        Level::Master => ComputerLevel::Master,
    }
}

/// The engine's level a saved file's names.
pub fn engine_level(kept: ComputerLevel) -> Level {
    match kept {
        ComputerLevel::Beginner => Level::Beginner,
        ComputerLevel::Casual => Level::Casual,
        ComputerLevel::Strong => Level::Strong,
        ComputerLevel::Master => Level::Master,
    }
}

/// Who a side's moves come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at this computer: the board takes their clicks.
    Here,
    /// The computer, on its worker thread.
    Computer,
    /// A player on another computer, through the server (or, watching, either side).
    Remote,
}

/// Who sits across the board from the people at this computer.
#[derive(Default)]
pub enum Across {
    /// Nobody: both sides are played here (two people at one computer, a lesson, a puzzle).
    #[default]
    People,
    /// The computer plays one side (its side and level inside).
    Computer(Box<Computer>),
    /// The network: an online game, its connection and what the window knows of it.
    Network(Box<Online>),
}

/// The two sides' players: their names and who sits across.
#[derive(Default)]
pub struct Seats {
    /// The players' names, by [`Side::index`].
    names: [String; 2],
    across: Across,
}

impl Seats {
    /// The players named `names`, `across` the board.
    pub fn new(names: [String; 2], across: Across) -> Seats {
        Seats { names, across }
    }

    /// Two people at this computer, named after their sides (a lesson's board).
    pub fn by_sides() -> Seats {
        Seats::new(Side::BOTH.map(|s| s.to_string()), Across::People)
    }

    /// The players of a game against `opponent` (none: two people), named `names`.
    pub fn against(names: [String; 2], opponent: Option<Opponent>) -> Seats {
        Seats::new(names, opponent.map_or(Across::People, |o| Across::Computer(Box::new(Computer::new(o)))))
    }

    /// Whose moves `side`'s are.
    pub fn seat(&self, side: Side) -> Seat {
        match &self.across {
            Across::People => Seat::Here,
            Across::Computer(c) if c.opponent.side == side => Seat::Computer,
            Across::Computer(_) => Seat::Here,
            Across::Network(o) if o.plays(side) => Seat::Here,
            Across::Network(_) => Seat::Remote,
        }
    }

    /// Who sits across.
    pub fn across(&self) -> &Across {
        &self.across
    }

    /// Seats others: the computer's search (if any) is cancelled before it goes; the
    /// network's connection closes when its [`Online`] is dropped.
    pub fn replace(&mut self, seats: Seats) {
        self.cancel_computer();
        *self = seats;
    }

    /// The computer leaves its seat: its side is played here from now on and named after
    /// itself (a line of the layout coach stepped through by hand).
    pub fn computer_leaves(&mut self) {
        if let Across::Computer(c) = &mut self.across {
            c.cancel();
            let side = c.opponent.side;
            self.names[side.index()] = side.to_string();
            self.across = Across::People;
        }
    }

    /// The network sits across (an online game on this board; the names stay until the
    /// server says them): the computer, if it sat there, goes.
    pub fn network_sits(&mut self, online: Online) {
        self.cancel_computer();
        self.across = Across::Network(Box::new(online));
    }

    /// The network leaves: both sides' seats are here again, the names stay (the board as
    /// it was). Gives back the online game that was.
    pub fn network_leaves(&mut self) -> Option<Box<Online>> {
        match std::mem::take(&mut self.across) {
            Across::Network(o) => Some(o),
            other => {
                self.across = other;
                None
            }
        }
    }

    /// Cancels the computer's search, if it is searching.
    pub fn cancel_computer(&mut self) {
        if let Some(c) = self.computer_mut() {
            c.cancel();
        }
    }

    /// The players' names, by [`Side::index`].
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// Names `side`'s player.
    pub fn name(&mut self, side: Side, name: String) {
        self.names[side.index()] = name;
    }

    /// The computer, in a game against it.
    pub fn computer(&self) -> Option<&Computer> {
        match &self.across {
            Across::Computer(c) => Some(c),
            _ => None,
        }
    }

    /// The computer, in a game against it, to drive.
    pub fn computer_mut(&mut self) -> Option<&mut Computer> {
        match &mut self.across {
            Across::Computer(c) => Some(c),
            _ => None,
        }
    }

    /// The computer's level when it plays `side`, as the saved file keeps it.
    pub fn level(&self, side: Side) -> Option<ComputerLevel> {
        self.computer().filter(|c| c.opponent.side == side).map(|c| kept_level(c.opponent.level))
    }

    /// The online game, when the network sits across.
    pub fn online(&self) -> Option<&Online> {
        match &self.across {
            Across::Network(o) => Some(o),
            _ => None,
        }
    }

    /// The online game, when the network sits across, to drive.
    pub fn online_mut(&mut self) -> Option<&mut Online> {
        match &mut self.across {
            Across::Network(o) => Some(o),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_online::Role;

    #[test]
    fn each_sides_seat_is_read_from_who_sits_across() {
        let people = Seats::by_sides();
        assert_eq!(Side::BOTH.map(|s| people.seat(s)), [Seat::Here; 2]);
        let computer = Seats::against(
            ["Ann".into(), "Computer".into()],
            Some(Opponent { side: Side::Upper, level: Level::Beginner }),
        );
        assert_eq!(Side::BOTH.map(|s| computer.seat(s)), [Seat::Here, Seat::Computer]);
        assert_eq!(computer.level(Side::Upper), Some(ComputerLevel::Beginner));
        for level in Level::ALL {
            assert_eq!(engine_level(kept_level(level)), level);
            assert_eq!(kept_level(level).to_string(), level.to_string(), "the same name");
        }
        assert_eq!(computer.level(Side::Lower), None);
        // Before the server's welcome no side is this window's: both are remote.
        let online = Seats::new(
            Side::BOTH.map(|s| s.to_string()),
            Across::Network(Box::new(Online::new("x:1", Role::Watch { code: "C".into() }))),
        );
        assert_eq!(Side::BOTH.map(|s| online.seat(s)), [Seat::Remote; 2]);
    }

    #[test]
    fn the_computer_leaving_leaves_its_side_to_the_people_here_named_after_it() {
        let mut seats = Seats::against(
            ["Ann".into(), "Computer (Master)".into()],
            Some(Opponent { side: Side::Upper, level: Level::Master }),
        );
        seats.computer_leaves();
        assert!(matches!(seats.across(), Across::People));
        assert_eq!(seats.names(), &["Ann".to_string(), "Upper".to_string()]);
        assert!(seats.network_leaves().is_none(), "no network sat across");
        assert!(matches!(seats.across(), Across::People), "and nothing else left");
    }
}
