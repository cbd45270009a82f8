//! The services: what runs beside the window and answers it, knowing nothing of the model or
//! the drawing above it (`tests/house.rs`): the page's address ([`address`]), the engine jobs ([`job`], [`computer`],
//! [`analysis`]), the file dialogs ([`files`]), storage ([`store`], and [`set_aside`] for a file it cannot read), the one-window lock
//! ([`instance`]), online play ([`online`]), the renderer's choice ([`renderer`]), the signals that end the window
//! ([`shutdown`]) and the message box of a failed start ([`start_failure`]).

pub mod address;
pub mod analysis;
pub mod computer;
pub mod files;
#[cfg(not(target_arch = "wasm32"))]
pub mod instance;
pub mod job;
#[cfg(not(target_arch = "wasm32"))]
pub mod online;
#[cfg(target_arch = "wasm32")]
#[path = "web/online.rs"]
pub mod online;
pub mod proof;
pub mod renderer;
pub mod review;
pub mod set_aside;
pub mod shutdown;
pub mod sound;
#[cfg(not(target_arch = "wasm32"))]
pub mod start_failure;
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod web;
