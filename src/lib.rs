//! Omweso, the program: the window, the command line, games and their files, lessons. The
//! rules and the notation are the `omweso-rules` crate, the computer opponent the
//! `omweso-engine` crate. See `ARCHITECTURE.md` for how the crates and modules fit together.

pub mod app;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod disk;
pub mod game;
pub mod guide;
pub mod lesson_words;
pub mod lessons;
pub mod logging;
pub mod narrate;
pub mod puzzles;
pub mod quote;
pub mod rules_summary;
pub mod savefile;
pub mod tournament;
pub mod verdict;
