//! What the page's address asks it to show (the part after `#`), so that a player can send
//! a position, a lesson or a game to join as a link:
//! - `#state=TEXT`: play on from a position, in the rules' notation (`omweso --state`);
//! - `#lesson=ID`: a lesson of the course (`omweso --lesson`);
//! - anything else, or nothing: the game kept from the last visit.
//!
//! The text is percent-decoded first (a link's spaces come as `%20`).

use omweso::app::Start;

/// The start asked for by `hash` (the address's `#…` part, with or without its `#`), and
/// a notice for the player when it asks for something that is not there (a position that
/// is wrong, a lesson unknown): the page then starts as a plain visit would.
pub fn start_from(hash: &str) -> (Start, Option<String>) {
    let hash = hash.trim_start_matches('#');
    let Some((key, value)) = hash.split_once('=') else { return (Start::Fresh, None) };
    let value = decode(value);
    match key {
        "state" => match value.parse::<omweso_rules::GameState>() {
            Ok(state) => (Start::State(state), None),
            Err(e) => (Start::Fresh, Some(format!("The link's position is wrong: {e}"))),
        },
        "lesson" => match omweso::lessons::all() {
            Ok(all) => match all.iter().position(|l| l.id == value) {
                Some(n) => (Start::Lesson(n), None),
                None => (Start::Fresh, Some(format!("The link asks for lesson `{value}`, which there is not."))),
            },
            Err(e) => (Start::Fresh, Some(e.to_string())),
        },
        _ => (Start::Fresh, None),
    }
}

/// `text` with its `%XX` escapes and `+` read back (bytes that are not UTF-8 are replaced).
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(high), Some(low)) => {
                    out.push(high * 16 + low);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The value of one hexadecimal digit.
fn hex(digit: u8) -> Option<u8> {
    char::from(digit).to_digit(16).and_then(|d| u8::try_from(d).ok())
}
