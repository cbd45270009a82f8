//! Omweso, the Ugandan four-row mancala: rules engine, notation, computer opponent and
//! window. See `ARCHITECTURE.md` for how the modules fit together.

pub mod ai;
pub mod app;
pub mod cli;
pub mod disk;
pub mod game;
pub mod lesson_words;
pub mod lessons;
pub mod logging;
pub mod narrate;
pub mod notation;
pub mod review;
pub mod rules;
pub mod savefile;
