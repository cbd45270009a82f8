//! The engine's Web Worker: `worker.js` loads this same module and hands each request of
//! the page's computer seat to [`engine_answer`] (see `omweso::app::services::web::engine`),
//! and a job's request (`job:…`) to [`job_run`] (`omweso::app::services::web::jobs`).

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::wasm_bindgen;

/// Carries out the job in `request` (JSON, `omweso::app::services::web::jobs`), posting
/// each message (news, then the answer) to the page as it goes.
#[wasm_bindgen]
pub fn job_run(request: &str) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    omweso::app::services::web::jobs::run(request, &mut |message| {
        let _ = scope.post_message(&message.into());
    });
}

/// Searches the request in `request` (JSON) and gives the reply (JSON); never panics on a
/// request it cannot read (the reply says why).
#[wasm_bindgen]
pub fn engine_answer(request: &str) -> String {
    omweso::app::services::web::engine::answer(request)
}
