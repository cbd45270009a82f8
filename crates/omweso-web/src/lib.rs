//! The page: the window's program in a browser (issue 50), as `src/main.rs` is the
//! computer's. It starts the same [`omweso::app::App`] on the page's canvas with the
//! browser's services (`omweso::app::services::web`): the kept game and settings in local
//! storage, the console's log. What the page is asked to show comes in its address
//! ([`address`]: a position, a lesson, a game to join). The engine's searches for the
//! computer's seat run in a Web Worker on a second copy of this module ([`worker`]), so the
//! board keeps drawing while the computer thinks.
//!
//! Built for `wasm32-unknown-unknown` only (`.ci/web`); on a computer this crate is empty.

#![cfg(target_arch = "wasm32")]

pub mod address;
pub mod page;
pub mod worker;
