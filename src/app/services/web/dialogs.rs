//! The file dialogs in the page: the model asks for them through the same
//! [`FileDialogs`] as on a computer.

use crate::app::services::files::{FileDialogs, SystemDialogs};
use std::path::PathBuf;

/// What the page says where a computer would show a dialog it has not.
const NOT_YET: &str = "The page cannot open or save files yet: the game is kept in the browser as you play.";

impl FileDialogs for SystemDialogs {
    fn open(&mut self) -> Result<Option<PathBuf>, String> {
        Err(NOT_YET.into())
    }

    fn save(&mut self, _name: &str) -> Result<Option<PathBuf>, String> {
        Err(NOT_YET.into())
    }
}
