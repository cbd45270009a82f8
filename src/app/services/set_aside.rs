//! A storage file that cannot be read is set aside before the store reads it, never
//! overwritten (issue 40.3): the player is told, and the old contents are kept beside it.

use std::path::{Path, PathBuf};

/// Before the store reads its file: if something is at `file` that cannot be read as
/// storage (garbled text, a file too large, or not a regular file at all: a link, a FIFO, a
/// device, a folder, none of them followed, opened or waited on), it is renamed aside to
/// `<file>.unreadable-<seconds since 1970>`, never overwritten, and a notice for the player
/// is returned. At most `cap` bytes are read (the store's cap).
pub fn set_aside_unreadable(file: &Path, cap: u64) -> Option<String> {
    use crate::disk::{DiskError, Links, read_text};
    let why = match read_text(file, cap, Links::Refuse) {
        Ok(text) if ron::from_str::<std::collections::HashMap<String, String>>(&text).is_ok() => {
            log::info!("storage {} read", file.display());
            return None;
        }
        Ok(_) => "it is not a storage file".to_string(),
        Err(DiskError::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => e.to_string(),
    };
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut aside = file.as_os_str().to_owned();
    aside.push(format!(".unreadable-{secs}"));
    let aside = PathBuf::from(aside);
    log::warn!("storage {} cannot be read ({why}); setting it aside as {}", file.display(), aside.display());
    Some(match crate::disk::move_aside(file, &aside) {
        Ok(_) => format!(
            "The saved settings could not be read ({why}); the file was set aside as {} and the defaults are used.",
            aside.display()
        ),
        Err(e) => {
            format!("The saved settings in {} could not be read ({why}; {e}); the defaults are used.", file.display())
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::services::store::MAX_STORE_BYTES as CAP;

    #[test]
    fn an_unreadable_storage_file_is_set_aside_not_lost() {
        let dir = std::env::temp_dir().join(format!("omweso-settings-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("app.ron");
        crate::disk::write_atomically(&file, b"{\"a\": \"1\"}").unwrap();
        assert_eq!(set_aside_unreadable(&file, CAP), None, "a readable file stays");
        assert!(file.exists());
        crate::disk::write_atomically(&file, b"{\"omweso-autosave\": \"(my game\" garbled").unwrap();
        let notice = set_aside_unreadable(&file, CAP).expect("a notice");
        assert!(notice.contains("set aside"), "{notice}");
        assert!(!file.exists(), "eframe will not overwrite it");
        let aside: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
        assert_eq!(aside.len(), 1);
        let kept = crate::disk::read_text(&aside[0].path(), CAP, crate::disk::Links::Refuse).unwrap();
        assert!(kept.contains("(my game"), "the old contents are kept");
        assert_eq!(set_aside_unreadable(&dir.join("missing.ron"), CAP), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_or_a_link_to_dev_zero_as_the_storage_file_is_set_aside_unread() {
        // Issue 40.3: a FIFO at app.ron hung the start; app.ron linked to /dev/zero took
        // 6 GB in 4 s.
        use crate::disk::testing::{fifo, within};
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("app.ron");
        fifo(&file);
        let f = file.clone();
        let notice = within(5, move || set_aside_unreadable(&f, CAP)).expect("a notice");
        assert!(notice.contains("named pipe") && notice.contains("set aside"), "{notice}");
        assert!(std::fs::symlink_metadata(&file).is_err(), "out of the store's way");
        std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
        let f = file.clone();
        let notice = within(5, move || set_aside_unreadable(&f, CAP)).expect("a notice");
        assert!(notice.contains("symbolic link"), "{notice}");
        assert!(std::fs::symlink_metadata(&file).is_err());
        // And the store itself reads nothing through either.
        std::os::unix::fs::symlink("/dev/zero", &file).unwrap();
        let f = file.clone();
        let store = within(5, move || super::super::store::Store::read_only(&f));
        assert_eq!(eframe::Storage::get_string(&store, "k"), None);
    }
}
