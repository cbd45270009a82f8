//! The engine's Web Worker: `worker.js` loads this same module and hands each request of
//! the page's computer seat to [`engine_answer`] (see `omweso::app::services::web::engine`).

use wasm_bindgen::prelude::wasm_bindgen;

/// Searches the request in `request` (JSON) and gives the reply (JSON); never panics on a
/// request it cannot read (the reply says why).
#[wasm_bindgen]
pub fn engine_answer(request: &str) -> String {
    omweso::app::services::web::engine::answer(request)
}
