//! The page's files: those chosen in the browser's picker (`dialogs.rs`), kept by name
//! until the model reads one, and the downloads that Save gives. What `files.rs` reads and
//! writes in the page, in its own module so that the dialogs and the file service both name
//! it without importing each other.

use crate::savefile::SavedGame;
use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

thread_local! {
    /// The files chosen in the picker and not read yet, by name: their text, or why it
    /// could not be had.
    static CHOSEN: RefCell<HashMap<PathBuf, Result<String, String>>> = RefCell::new(HashMap::new());
}

/// Keeps what was chosen under `path`: its text, or why it could not be read.
pub fn keep(path: PathBuf, text: Result<String, String>) {
    CHOSEN.with(|c| c.borrow_mut().insert(path, text));
}

/// The saved game chosen in the picker under `path` (taken: read once).
///
/// # Errors
/// No file of that name was chosen, it was too large or unreadable, or it is not a saved
/// game ([`crate::savefile::LoadError`]'s words).
pub fn read_chosen(path: &Path) -> Result<SavedGame, String> {
    let text = CHOSEN
        .with(|c| c.borrow_mut().remove(path))
        .ok_or_else(|| format!("{} was not chosen in this page's file picker", path.display()))??;
    SavedGame::from_ron(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Gives the player `game` as a download named after `path`'s file name.
///
/// # Errors
/// The browser refused to make the file or the link (in its words).
pub fn download(path: &Path, game: &SavedGame) -> Result<(), String> {
    let failed = |e: wasm_bindgen::JsValue| format!("the browser did not download the game: {e:?}");
    let name = path.file_name().map_or_else(|| "game.omweso".into(), |n| n.to_string_lossy().into_owned());
    let parts = js_sys::Array::of1(&game.to_ron().into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/octet-stream");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let document = web_sys::window().and_then(|w| w.document()).ok_or("the page has no document")?;
    let link: web_sys::HtmlAnchorElement =
        document.create_element("a").map_err(failed)?.dyn_into().map_err(|e| failed(e.into()))?;
    link.set_href(&url);
    link.set_download(&name);
    link.click();
    // The download reads the file after this returns: its address goes a while later.
    let revoke = Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 60_000);
    }
    Ok(())
}
