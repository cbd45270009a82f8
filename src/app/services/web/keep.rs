//! The settings and the game in progress kept in the browser's local storage, under one key
//! ([`KEY`]): the same values, in the same text (RON), as the computer's storage file, so a
//! reload or a closed tab gives the game back ([`crate::app::services::store::Store::writing_to`]).

use crate::app::services::store::Store;

/// The local storage's key of everything the page keeps.
pub const KEY: &str = "omweso.store";

/// The browser's local storage (none where the browser refuses it: a private window with
/// storage off, a sandboxed frame).
fn local_storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The page's store: what the last visit kept, written back at each change. Without local
/// storage it keeps the values in memory, and says why.
pub fn open() -> (Store, Option<String>) {
    let Some(storage) = local_storage() else {
        let why = "this browser keeps nothing for the page (storage is off): save the game to a file to keep it";
        return (Store::in_memory(), Some(format!("Omweso cannot keep your settings and game between visits: {why}.")));
    };
    let text = storage.get_item(KEY).ok().flatten();
    // The storage is asked for at each write (a handle on it cannot be kept in a value
    // that may cross threads).
    let sink = Box::new(|text: &str| match local_storage() {
        Some(storage) => storage.set_item(KEY, text).map_err(|e| format!("the browser refused to keep it: {e:?}")),
        None => Err("the browser's storage is gone".into()),
    });
    (Store::writing_to(text.as_deref(), sink), None)
}
