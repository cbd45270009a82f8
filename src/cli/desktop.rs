//! `omweso desktop`: the program's place on a Linux desktop, written from the program
//! itself: the desktop entry, the icons in the hicolor sizes, the `application/x-omweso`
//! file type (by extension and by the file's first bytes), the AppStream metainfo, the
//! man page and the bash, zsh and fish completions, all made from the same clap
//! definitions and the same pictures as the program. The Debian package is built from
//! what this writes (`.ci/package`), and `cargo install` users run it for their account.

use super::Cli;
use clap::CommandFactory;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The reverse-DNS id of the desktop entry, the icon, the metainfo and the window class.
pub const DESKTOP_ID: &str = "io.github.omweso.Omweso";
/// The file type of saved games (`.omweso`).
pub const MIME_TYPE: &str = "application/x-omweso";

const DESKTOP_ENTRY: &str = include_str!("../../assets/desktop/io.github.omweso.Omweso.desktop");
const METAINFO: &str = include_str!("../../assets/desktop/io.github.omweso.Omweso.metainfo.xml");
const MIME_INFO: &str = include_str!("../../assets/desktop/io.github.omweso.Omweso.mime.xml");
/// The icon sizes written under `icons/hicolor/<n>x<n>/apps/`, in pixels.
pub const ICON_SIZES: [u32; 7] = [16, 24, 32, 48, 64, 128, 256];

/// Writes every file of the desktop integration under `share` (a `share` folder:
/// `/usr/share` for a package, `~/.local/share` for one account) and returns their paths,
/// in the order written. Existing files are replaced atomically; a link, named pipe or
/// device in the way (a file or a folder below `share`) is refused, never written through.
///
/// # Errors
/// The file that could not be written and why, or a picture that could not be made.
pub fn write_files(share: &Path) -> Result<Vec<PathBuf>, String> {
    let mut files: Vec<(PathBuf, Vec<u8>)> = vec![
        (share.join("applications").join(format!("{DESKTOP_ID}.desktop")), DESKTOP_ENTRY.into()),
        (share.join("metainfo").join(format!("{DESKTOP_ID}.metainfo.xml")), METAINFO.into()),
        (share.join("mime").join("packages").join(format!("{DESKTOP_ID}.xml")), MIME_INFO.into()),
        (share.join("man").join("man6").join("omweso.6"), man_page()?),
    ];
    for size in ICON_SIZES {
        files.push((
            share.join("icons/hicolor").join(format!("{size}x{size}")).join("apps").join(format!("{DESKTOP_ID}.png")),
            icon_png(size)?,
        ));
    }
    for (shell, path) in [
        (clap_complete::Shell::Bash, "bash-completion/completions/omweso"),
        (clap_complete::Shell::Zsh, "zsh/vendor-completions/_omweso"),
        (clap_complete::Shell::Fish, "fish/vendor_completions.d/omweso.fish"),
    ] {
        files.push((share.join(path), completions(shell)));
    }
    // Each file replaced whole (a full disk leaves the old one, not half an icon), and no
    // link planted under `share` sends a write outside it (`disk::write_under`).
    let mut written = Vec::with_capacity(files.len());
    for (path, bytes) in files {
        let relative =
            path.strip_prefix(share).map_err(|_| format!("{} is not under {}", path.display(), share.display()))?;
        let path = crate::disk::write_under(share, relative, &bytes).map_err(|e| format!("cannot write: {e}"))?;
        log::info!("wrote {}", path.display());
        written.push(path);
    }
    Ok(written)
}

/// The man page (section 6, games), roff, from the command line's own definitions.
///
/// # Errors
/// Only if clap_mangen fails to render, which it reports as an I/O error.
pub fn man_page() -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .section("6")
        .render(&mut out)
        .map_err(|e| format!("cannot make the man page: {e}"))?;
    Ok(out)
}

/// The completion script of `shell` for `omweso` and its subcommands.
pub fn completions(shell: clap_complete::Shell) -> Vec<u8> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "omweso", &mut out);
    out
}

/// The application icon (`assets/icon.png`) scaled to `size`×`size`, as PNG bytes.
///
/// # Errors
/// The embedded icon does not decode, or the scaled one does not encode.
pub fn icon_png(size: u32) -> Result<Vec<u8>, String> {
    let icon = image::load_from_memory_with_format(crate::app::ui::textures::ICON_PNG, image::ImageFormat::Png)
        .map_err(|e| format!("the embedded icon does not decode: {e}"))?;
    let scaled = icon.resize_exact(size, size, image::imageops::FilterType::Lanczos3);
    let mut out = std::io::Cursor::new(Vec::new());
    scaled.write_to(&mut out, image::ImageFormat::Png).map_err(|e| format!("cannot encode the {size} px icon: {e}"))?;
    Ok(out.into_inner())
}

/// `omweso desktop [--share DIR]`: writes the files (see [`write_files`]) and, for an
/// account's own folder, refreshes the desktop's file-type and application caches with
/// `update-mime-database` and `update-desktop-database` where they exist (a package's
/// triggers do this for `/usr/share`). Lists what it wrote on `out`.
///
/// # Errors
/// No share folder could be found, or a file could not be written.
pub fn install(share: Option<&Path>, out: &mut dyn Write) -> Result<(), String> {
    let (share, refresh) = match share {
        Some(dir) => (dir.to_path_buf(), false),
        None => (user_share().ok_or("no home folder: name one with --share")?, true),
    };
    let io = |e: std::io::Error| e.to_string();
    for path in write_files(&share)? {
        writeln!(out, "{}", path.display()).map_err(io)?;
    }
    if refresh {
        for (tool, dir) in [("update-mime-database", "mime"), ("update-desktop-database", "applications")] {
            match std::process::Command::new(tool).arg(share.join(dir)).status() {
                Ok(status) if status.success() => {}
                Ok(status) => writeln!(out, "{tool} ended with {status}").map_err(io)?,
                Err(_) => {
                    writeln!(out, "{tool} not found: the desktop learns the files at the next login").map_err(io)?
                }
            }
        }
    }
    Ok(())
}

/// `$XDG_DATA_HOME`, else `~/.local/share`.
fn user_share() -> Option<PathBuf> {
    match std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        Some(dir) => Some(PathBuf::from(dir)),
        None => std::env::var_os("HOME").filter(|h| !h.is_empty()).map(|h| PathBuf::from(h).join(".local/share")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_desktop_entry_opens_saved_games_with_the_program() {
        for line in [
            "[Desktop Entry]",
            "Type=Application",
            "Name=Omweso",
            "Exec=omweso %f",
            &format!("Icon={DESKTOP_ID}"),
            &format!("MimeType={MIME_TYPE};"),
            &format!("StartupWMClass={DESKTOP_ID}"),
        ] {
            assert!(DESKTOP_ENTRY.lines().any(|l| l == line), "missing `{line}`");
        }
    }

    #[test]
    fn the_file_type_matches_what_the_program_saves() {
        assert!(MIME_INFO.contains(&format!("type=\"{MIME_TYPE}\"")));
        assert!(MIME_INFO.contains("pattern=\"*.omweso\""));
        // The magic is the first bytes of a saved game, as the program writes it.
        let magic = MIME_INFO.split("value=\"").nth(1).and_then(|s| s.split('"').next()).expect("a magic value");
        let saved = std::fs::read_to_string("tests/corpus/good/worked-game.omweso").expect("corpus file");
        assert!(saved.starts_with(magic), "a corpus game does not start with {magic:?}");
        let written = crate::savefile::SavedGame::from_ron(&saved).expect("reads").to_ron();
        assert!(written.starts_with(magic), "a saved game does not start with {magic:?}");
        assert!(METAINFO.contains(&format!("<id>{DESKTOP_ID}</id>")));
        assert!(METAINFO.contains(&format!("<mediatype>{MIME_TYPE}</mediatype>")));
        assert!(METAINFO.contains(&format!("<release version=\"{}\"", env!("CARGO_PKG_VERSION"))));
    }

    #[test]
    fn every_file_is_written_and_every_icon_has_its_size() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let files = write_files(dir.path()).expect("written");
        assert_eq!(files.len(), 4 + ICON_SIZES.len() + 3);
        for (size, path) in ICON_SIZES.iter().zip(files.iter().filter(|p| p.extension().is_some_and(|e| e == "png"))) {
            let img = image::open(path).expect("a PNG");
            assert_eq!((img.width(), img.height()), (*size, *size), "{}", path.display());
        }
        let man = std::fs::read_to_string(dir.path().join("man/man6/omweso.6")).expect("man page");
        assert!(man.contains(".TH omweso 6") && man.contains("analyse"), "{man}");
        let bash = std::fs::read_to_string(dir.path().join("bash-completion/completions/omweso")).expect("bash");
        assert!(bash.contains("perft") && bash.contains("--state"));
    }
}
