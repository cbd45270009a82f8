//! A start of the window that fails is never silent: started from the desktop's menu or by
//! a double click on a saved game, standard error goes nowhere, so the reason is also shown
//! in a native message box and kept in the log, with one sentence on what the player can do.
//!
//! On Linux the box is `zenity`, `kdialog` or `xmessage`, whichever is installed (rfd's
//! message dialog is zenity there too), started without waiting for it, so that the program
//! ends at once and the box stays; elsewhere rfd's `MessageDialog`. No box is shown where
//! there is no display (a terminal without a desktop), when standard error is a terminal
//! (whoever typed the command reads the reason there: a box for each typing mistake would
//! only have to be closed), or when `OMWESO_NO_DIALOG` is set.

/// Why the window did not open, and what the player can do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartFailure {
    /// What went wrong, e.g. "the window could not open: …".
    pub reason: String,
    /// One sentence on what the player can do.
    pub advice: String,
}

impl StartFailure {
    /// A failure with its advice.
    pub fn new(reason: impl Into<String>, advice: impl Into<String>) -> StartFailure {
        StartFailure { reason: reason.into(), advice: advice.into() }
    }

    /// The text of the message box and the log: the reason, then the advice.
    pub fn text(&self) -> String {
        format!("Omweso could not start: {}.\n\n{}", self.reason.trim_end_matches('.'), self.advice)
    }

    /// Tells the player: standard error, the log, and a message box where there is a
    /// desktop. Returns how the box was shown (for the log and tests), if it was.
    pub fn tell(&self) -> Option<&'static str> {
        // On the terminal once: the log's line goes to the log file alone (the terminal
        // shows warnings and errors only).
        eprintln!("omweso: {}", self.reason);
        log::info!("the start failed: {} ({})", self.reason, self.advice);
        use std::io::IsTerminal;
        if std::env::var_os("OMWESO_NO_DIALOG").is_some() || !has_desktop() || std::io::stderr().is_terminal() {
            return None;
        }
        let shown = show_box(&self.text());
        match shown {
            Some(how) => log::info!("the reason was shown in a message box ({how})"),
            None => log::warn!("no message box could be shown: no zenity, kdialog or xmessage"),
        }
        shown
    }
}

/// Whether a message box can be seen: a display on Linux and the BSDs, always elsewhere.
fn has_desktop() -> bool {
    if cfg!(any(windows, target_os = "macos")) {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"].iter().any(|v| std::env::var_os(v).is_some_and(|d| !d.is_empty()))
}

/// The box, by the first tool that starts.
#[cfg(all(unix, not(target_os = "macos")))]
fn show_box(text: &str) -> Option<&'static str> {
    use std::process::{Command, Stdio};
    let tools: [(&'static str, Vec<&str>); 3] = [
        ("zenity", vec!["--error", "--title=Omweso", "--no-markup", "--text", text]),
        ("kdialog", vec!["--title", "Omweso", "--error", text]),
        ("xmessage", vec!["-center", "-title", "Omweso", "-buttons", "OK", text]),
    ];
    tools.into_iter().find_map(|(tool, args)| {
        let mut command = Command::new(tool);
        if tool == "xmessage" {
            // xmessage shows each byte as a Latin-1 character ("§" became "Â§").
            command.args(args.iter().map(|a| latin1(a)));
        } else {
            command.args(args);
        }
        command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null()).spawn().ok().map(|_| tool)
    })
}

/// `text` for a program that reads Latin-1: the characters Latin-1 has as their byte,
/// a few others spelled in ASCII, any other as `?`.
#[cfg(all(unix, not(target_os = "macos")))]
fn latin1(text: &str) -> std::ffi::OsString {
    use std::os::unix::ffi::OsStringExt;
    let mut bytes = Vec::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{0}'..='\u{ff}' => bytes.push(c as u8),
            '→' => bytes.extend_from_slice(b"->"),
            '←' => bytes.extend_from_slice(b"<-"),
            '–' | '—' => bytes.push(b'-'),
            '‘' | '’' => bytes.push(b'\''),
            '“' | '”' => bytes.push(b'"'),
            '…' => bytes.extend_from_slice(b"..."),
            _ => bytes.push(b'?'),
        }
    }
    std::ffi::OsString::from_vec(bytes)
}

/// The box, by rfd (Windows, macOS).
#[cfg(not(all(unix, not(target_os = "macos"))))]
fn show_box(text: &str) -> Option<&'static str> {
    rfd::MessageDialog::new()
        .set_level(rfd::MessageLevel::Error)
        .set_title("Omweso")
        .set_description(text)
        .set_buttons(rfd::MessageButtons::Ok)
        .show();
    Some("rfd")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_gives_the_reason_then_what_to_do() {
        let f = StartFailure::new("the window could not open: no adapter.", "Install a graphics driver.");
        assert_eq!(
            f.text(),
            "Omweso could not start: the window could not open: no adapter.\n\nInstall a graphics driver."
        );
    }

    #[cfg(all(unix, not(target_os = "macos")))]
    #[test]
    fn xmessage_is_given_latin_1() {
        use std::os::unix::ffi::OsStrExt;
        let text = latin1("RULES.md §5: Help → Learn — “it’s” …, 🌱");
        assert_eq!(text.as_bytes(), b"RULES.md \xa75: Help -> Learn - \"it's\" ..., ?");
    }
}
