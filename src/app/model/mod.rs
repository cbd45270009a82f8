//! The model: what the window is about, with no egui painting in it. The [`session`] (players,
//! the document, the phase and the move in progress, the windows over the board), the
//! [`command`]s that change it, the [`modal`] windows' stack, the [`settings`], the New Game
//! form ([`setup`]), the setting-out on the board ([`setup_board`]), the layout coach's question ([`layout_coach`]), online play ([`online`]), the
//! animation of a move as a function of its trace and the play clock ([`animation`]), and
//! what is restored at the start ([`autosave`]). It imports the services and the crates
//! below, never the drawing above it (`tests/house.rs`).

pub mod animation;
pub mod autosave;
pub mod command;
pub mod guide;
pub mod layout_coach;
pub mod lesson_run;
pub mod link;
pub mod modal;
pub mod online;
pub mod puzzle_run;
pub mod seat;
pub mod session;
pub mod settings;
pub mod setup;
pub mod setup_board;
#[cfg(test)]
pub mod test_disk;
#[cfg(test)]
pub mod test_wait;
