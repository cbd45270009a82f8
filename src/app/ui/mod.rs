//! The drawing: what the player sees and hears. It reads the model and records
//! [`crate::app::Command`]s, never changing the session in the middle of a frame: the menu
//! bar and side panel ([`menu`], [`panels`] and their sections), the windows over the board
//! ([`dialogs`], [`teaching`]), online play ([`online`], its seats kept and left in [`online_seats`]), the board ([`board`], from [`view`], painted with
//! [`carving`] from [`textures`], in [`theme`]'s colours), the keyboard ([`keymap`]) and the
//! sound of the board ([`sound`], which follows the model frame by frame as the board does).

pub mod agree;
pub mod analysis_panel;
pub mod board;
pub mod carving;
pub mod dialogs;
pub mod guide_panel;
pub mod keymap;
pub mod layout_coach_panel;
pub mod menu;
pub mod online;
pub mod online_seats;
pub mod panels;
pub mod plain_coach;
pub mod puzzle_panel;
pub mod setup_panel;
pub mod sound;
pub mod summary_window;
pub mod teaching;
pub mod textures;
pub mod theme;
pub mod tournament_ui;
pub mod view;
pub mod way_on;

use crate::app::model::command::Command;
use crate::app::model::session::Session;

/// What the drawing of one frame reads and records, lent by the app for the frame: the
/// session (read, and a prompt's text edited in place), the commands recorded to be
/// carried out after the frame, the area beside the side panel where the board is (the
/// windows over the board stay in it, in egui's points) and the sound (for its notice in
/// the Sound menu). The drawing sees nothing else of the app.
pub struct Frame<'a> {
    /// The session the frame shows.
    pub session: &'a mut Session,
    /// The commands recorded during the frame, in order.
    pub commands: &'a mut Vec<Command>,
    /// Where the board is: under the menu bar, beside the side panel (the last frame's).
    pub area: egui::Rect,
    /// The sound of the board.
    pub sound: &'a sound::Sound,
}

impl Frame<'_> {
    /// The session the frame shows.
    pub fn session(&self) -> &Session {
        self.session
    }

    /// Records `command`, carried out after the frame.
    pub fn push(&mut self, command: Command) {
        self.commands.push(command);
    }

    /// The sound of the board.
    pub fn sound(&self) -> &sound::Sound {
        self.sound
    }
}
