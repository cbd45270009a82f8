//! Quoting text that came from outside (a file, a peer, the command line) in a message: at
//! most a line's worth of it, control characters escaped, so that a 15 MB string in a saved
//! game or a newline in a typed move never makes a message long or breaks it in two.

/// The most characters of outside text a message quotes (then `…`).
pub const QUOTED: usize = 60;

/// `text` as a message quotes it: its first [`QUOTED`] characters, control characters and
/// the invisible ones that reorder or hide text (right-to-left overrides, zero-width
/// characters) escaped, then `…` when there is more.
pub fn quoted(text: &str) -> String {
    capped(text, QUOTED)
}

/// The first `most` characters of `text`, escaped as [`quoted`] escapes them, then `…` when
/// there is more.
pub fn capped(text: &str, most: usize) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == most {
            out.push('…');
            break;
        }
        push_escaped(&mut out, c);
    }
    out
}

/// True for a character that a message must not show as it is: a control character, or one
/// that changes how the text around it is shown (bidirectional overrides and isolates,
/// zero-width characters, the byte-order mark).
pub fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
}

fn push_escaped(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        '\t' => out.push_str("\\t"),
        c if is_hidden(c) => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
        c => out.push(c),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quote_is_one_short_line() {
        assert_eq!(quoted("d"), "d");
        assert_eq!(quoted("d\ne"), "d\\ne");
        assert_eq!(quoted("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(quoted("Ann\u{202E}nnA"), "Ann\\u{202e}nnA");
        let long = "x".repeat(15 * 1024 * 1024);
        let q = quoted(&long);
        assert_eq!(q.chars().count(), QUOTED + 1);
        assert!(q.ends_with('…'));
        assert_eq!(capped("abcdef", 3), "abc…");
    }

    /// The server cleans a player's name by the same set (its game's saved file must pass
    /// `omweso check`).
    #[test]
    fn the_server_hides_what_a_saved_name_may_not_hold() {
        for c in (0..0x3_0000).filter_map(char::from_u32) {
            assert_eq!(omweso_online::protocol::is_hidden(c), is_hidden(c), "{:x}", c as u32);
        }
    }
}
