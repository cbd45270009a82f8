//! A game as a link's part (issue 50.2): what a page puts after its address's `#` so that a
//! player can send a finished game, or one in progress, to a friend, and what it reads back.
//! `state=START&moves=M1;M2;…`: the game's starting state (RULES.md §5) and its moves as the
//! move record writes them (RULES.md §5, *Moves*), spaces left out (readers accept any
//! spacing), `;` between moves, each value percent-encoded. The game is read under the rules'
//! default options, as a `#state=` link's position is.

use crate::game::{Game, RecordError};
use omweso_rules::GameState;
use percent_encoding::{AsciiSet, CONTROLS, percent_decode_str, utf8_percent_encode};

/// What a link's value may not carry as itself: the fragment's separators (`&`, `=`, `#`),
/// `%` and `;` (this format's), spaces, and what a messenger would cut a link at.
const IN_A_VALUE: &AsciiSet =
    &CONTROLS.add(b' ').add(b'"').add(b'#').add(b'%').add(b'&').add(b'=').add(b';').add(b'<').add(b'>').add(b'`');

/// `text` as a link's value: percent-encoded (UTF-8), readable back by [`decode`].
pub fn encode(text: &str) -> String {
    utf8_percent_encode(text, IN_A_VALUE).to_string()
}

/// A link's value as text: `%XX` decoded (as UTF-8, a byte that is not replaced), `+` a
/// space (as a form writes one).
pub fn decode(value: &str) -> String {
    percent_decode_str(&value.replace('+', " ")).decode_utf8_lossy().into_owned()
}

/// The fragment (without its `#`) that opens `game`: its start and every move recorded up to
/// the current point.
pub fn game_fragment(game: &Game) -> String {
    let moves: Vec<String> = game.moves().iter().map(|e| encode(&e.text.replace(' ', ""))).collect();
    format!("state={}&moves={}", encode(&game.start().to_string()), moves.join(";"))
}

/// The game of a link: `moves` (decoded, `;` between moves, [`game_fragment`]'s form)
/// played from `start`.
///
/// # Errors
/// [`RecordError::Move`]: move `number` (from 1) is not legal where it stands.
pub fn game_of(start: GameState, moves: &str) -> Result<Game, RecordError> {
    let mut game = Game::from_state(start);
    for (i, text) in moves.split(';').map(str::trim).filter(|m| !m.is_empty()).enumerate() {
        game.play_text(text).map_err(|reason| RecordError::Move { number: i + 1, reason })?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    const WORKED: &str = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0";

    /// The value after `key=` in `fragment`.
    fn value<'a>(fragment: &'a str, key: &str) -> &'a str {
        fragment.split('&').find_map(|p| p.strip_prefix(key)?.strip_prefix('=')).expect(key)
    }

    #[test]
    fn a_game_goes_into_a_link_and_comes_back_move_for_move() {
        let mut game = Game::from_state(WORKED.parse().unwrap());
        for mv in ["d", "F", "m"] {
            game.play_text(mv).unwrap();
        }
        let fragment = game_fragment(&game);
        assert!(!fragment.contains(' '), "{fragment}");
        assert_eq!(value(&fragment, "moves"), "d;F;m");
        let start: GameState = decode(value(&fragment, "state")).parse().unwrap();
        let back = game_of(start, &decode(value(&fragment, "moves"))).unwrap();
        assert_eq!(back.record_text(), game.record_text());
        assert_eq!(back.current(), game.current());
    }

    #[test]
    fn a_move_with_its_choices_keeps_them_through_the_link() {
        // RULES.md §5: the decision at i taken clockwise twice is written `i3xF, i2xG`.
        let start: GameState = "1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0".parse().unwrap();
        let mut game = Game::from_state(start.clone());
        game.play_text("i3xF, i2xG").unwrap();
        let text = game.moves()[0].text.clone();
        assert!(text.contains(", "), "a move of several items: {text}");
        let fragment = game_fragment(&game);
        let back = game_of(start, &decode(value(&fragment, "moves"))).unwrap();
        assert_eq!(back.current(), game.current());
    }

    #[test]
    fn an_illegal_move_in_a_link_is_named_by_its_number() {
        let start: GameState = WORKED.parse().unwrap();
        let err = game_of(start, "d;F;Q").unwrap_err();
        assert!(matches!(err, RecordError::Move { number: 3, .. }), "{err:?}");
    }

    #[test]
    fn values_are_percent_encoded_and_decoded() {
        let text = "4i-p; 4I-P / L both 0,0";
        let encoded = encode(text);
        assert_eq!(encoded, "4i-p%3B%204I-P%20/%20L%20both%200,0");
        assert_eq!(decode(&encoded), text);
        assert_eq!(decode("a+b%2"), "a b%2", "a `+` is a space; a broken escape is kept");
        assert_eq!(decode("%E2%9C%93"), "✓");
    }
}
