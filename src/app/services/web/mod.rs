//! The browser's services (the page, `.ci/web`): what the page has in place of the
//! computer's operating system, behind the same small interfaces as the native set beside
//! it, so that the model and the drawing are the same code on both (issue 50):
//! - the kept settings and game in the browser's local storage ([`keep`]);
//! - the file dialogs: Save gives the player a download, Open takes a file from the
//!   browser's picker ([`dialogs`]);
//! - the computer's searches in a Web Worker ([`engine`]), and the analysis' and the
//!   coach's judgements and proofs each in a worker of its own ([`jobs`]);
//! - the log to the browser's console ([`console`]);
//! - the sound output and the online link (`output.rs`, `online.rs`, in place of the native
//!   modules of the same names).

pub mod console;
pub mod dialogs;
pub mod engine;
pub mod jobs;
pub mod keep;
pub mod picked;
