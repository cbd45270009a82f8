//! The file dialogs in the page, behind the same [`FileDialogs`] as on a computer:
//! - **Open** shows the browser's file picker; the file chosen is read by the browser and
//!   kept under its name until the model reads it ([`picked`]), so the model's open goes
//!   as on a computer (the dialog's answer, then the file read);
//! - **Save** asks nothing: the browser downloads the game ([`picked::download`]) under the
//!   game's suggested name (a browser asks where, or puts it in its downloads, as it is set).
//!
//! A page has no paths: a name stands for the file, and each Save is a download again.

use crate::app::services::files::{DialogAnswer, FileAction, FileDialogs, SystemDialogs};
use crate::app::services::web::picked;
use crate::savefile::MAX_FILE_BYTES;
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, channel};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

impl FileDialogs for SystemDialogs {
    fn open(&mut self) -> Result<Option<PathBuf>, String> {
        // Not asked: `ask_later` answers for Open.
        Err("the page opens a file through the browser's picker".into())
    }

    /// No dialog: the name is where the browser's download goes.
    fn save(&mut self, name: &str) -> Result<Option<PathBuf>, String> {
        Ok(Some(PathBuf::from(name)))
    }

    fn ask_later(&mut self, action: FileAction, _name: &str) -> Option<Result<Receiver<DialogAnswer>, String>> {
        match action {
            FileAction::Open => Some(pick()),
            FileAction::Save => None,
        }
    }
}

/// Shows the browser's file picker; its answer comes on the receiver.
fn pick() -> Result<Receiver<DialogAnswer>, String> {
    let no_picker = |e: wasm_bindgen::JsValue| format!("the browser shows no file picker: {e:?}");
    let document = web_sys::window().and_then(|w| w.document()).ok_or("the page has no document")?;
    let input: web_sys::HtmlInputElement =
        document.create_element("input").map_err(no_picker)?.dyn_into().map_err(|e| no_picker(e.into()))?;
    input.set_type("file");
    input.set_accept(".omweso,.ron,text/plain");
    let (tx, rx) = channel();
    let chosen_tx = tx.clone();
    let chooser = input.clone();
    let on_change = Closure::once_into_js(move || match chooser.files().and_then(|files| files.get(0)) {
        Some(file) => read(file, chosen_tx),
        None => {
            let _ = chosen_tx.send(DialogAnswer::Cancelled);
        }
    });
    let on_cancel = Closure::once_into_js(move || {
        let _ = tx.send(DialogAnswer::Cancelled);
    });
    input.add_event_listener_with_callback("change", on_change.unchecked_ref()).map_err(no_picker)?;
    input.add_event_listener_with_callback("cancel", on_cancel.unchecked_ref()).map_err(no_picker)?;
    input.click();
    Ok(rx)
}

/// Reads `file` in the background, keeps its text under its name and answers `tx`.
fn read(file: web_sys::File, tx: Sender<DialogAnswer>) {
    let path = PathBuf::from(file.name());
    if file.size() > MAX_FILE_BYTES as f64 {
        let why = format!("{} is more than {MAX_FILE_BYTES} bytes: too large for a saved game", path.display());
        picked::keep(path.clone(), Err(why));
        let _ = tx.send(DialogAnswer::Chosen(path));
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        let kept = match text.ok().and_then(|t| t.as_string()) {
            Some(text) => Ok(text),
            None => Err(format!("the browser could not read {}", path.display())),
        };
        picked::keep(path.clone(), kept);
        let _ = tx.send(DialogAnswer::Chosen(path));
    });
}
