//! Which folder `omweso serve` serves the page from: `--web DIR`, or else the page built
//! beside the program (never a folder found from the current directory, which would serve
//! whatever folder the server happens to be started in).

use std::path::{Path, PathBuf};

/// The page's folder, and the line that says it (`page <folder>` or `page not built …`).
///
/// # Errors
/// `--web` names no folder.
pub fn page_folder(web: Option<&Path>) -> Result<(Option<PathBuf>, String), String> {
    if let Some(dir) = web {
        if !std::fs::metadata(dir).is_ok_and(|m| m.is_dir()) {
            return Err(format!("--web {}: not a folder", dir.display()));
        }
        return Ok((Some(dir.to_path_buf()), format!("page {}", dir.display())));
    }
    let beside = std::env::current_exe().ok().and_then(|exe| exe.parent().map(Path::to_path_buf));
    match beside.and_then(|dir| built_beside(&dir)) {
        Some(dir) => {
            let line = format!("page {}", dir.display());
            Ok((Some(dir), line))
        }
        None => Ok((None, "page not built (build it with .ci/web, then --web target/web)".to_string())),
    }
}

/// The page beside a program in `dir`: `dir/web` (an installed program with its page), or
/// `dir/../web` (`target/web`, where `.ci/web` builds it, for `target/release/omweso`),
/// whichever holds an `index.html` first.
fn built_beside(dir: &Path) -> Option<PathBuf> {
    let parent = dir.parent().map(|p| p.join("web"));
    [Some(dir.join("web")), parent]
        .into_iter()
        .flatten()
        .find(|web| std::fs::symlink_metadata(web.join("index.html")).is_ok_and(|m| m.is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_is_found_beside_the_program_only() {
        let root = std::env::temp_dir().join(format!("omweso-page-{}", std::process::id()));
        let bin = root.join("target/release");
        std::fs::create_dir_all(&bin).unwrap();
        assert_eq!(built_beside(&bin), None);
        std::fs::create_dir_all(root.join("target/web")).unwrap();
        assert_eq!(built_beside(&bin), None, "a folder without index.html is no page");
        crate::disk::write_atomically(&root.join("target/web/index.html"), b"<html>").unwrap();
        assert_eq!(built_beside(&bin), Some(root.join("target/web")));
        std::fs::create_dir_all(bin.join("web")).unwrap();
        crate::disk::write_atomically(&bin.join("web/index.html"), b"<html>").unwrap();
        assert_eq!(built_beside(&bin), Some(bin.join("web")), "beside the program first");
        assert!(page_folder(Some(&root.join("nothing"))).is_err());
        assert_eq!(page_folder(Some(&bin)).unwrap().0, Some(bin.clone()));
        std::fs::remove_dir_all(&root).unwrap();
    }
}
