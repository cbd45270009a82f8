//! A lesson's words about the board, checked against the rules, so that no text can drift
//! from the position it describes. Read in every text of a step (its text, explanation and
//! question), these sentences are claims the rules must bear out in the step's state:
//!
//! - "`g` ends in `e`", "`g` does, ending in `e`", "`m`, whose lap ends in `h`": the first
//!   lap of the move from that hole ends there;
//! - followed by "facing `D` and `L`", "opposite `D` and `L`" or "and takes `D` and `L`":
//!   that lap captures D and L;
//! - "five clockwise choices" (or "5 …"): the first accepted move makes five decisions,
//!   all clockwise.
//!
//! Hole letters are single words `a`–`p` (Lower) and `A`–`P` (Upper), as RULES.md writes
//! them; anything else in those places is ordinary English and not a claim.

use omweso_rules::{Direction, GameState, Hole, LapEnd, Move};

/// Words that may stand between a move's letter and "ends in": "m, whose lap ends in h",
/// "D: its lap ends in J", "g does, ending in e".
const LINKS: [&str; 6] = ["its", "lap", "whose", "does", "first", "then"];

/// Checks the claims of `text` in `state`, where `accepted` are the step's moves (the first
/// is "Show me"). Returns what is wrong, in words.
pub fn check(text: &str, state: &GameState, accepted: &[Move]) -> Result<(), String> {
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric() && c != '-').filter(|w| !w.is_empty()).collect();
    for (i, _) in words.iter().enumerate() {
        let at = |k: usize| words.get(i + k).copied().unwrap_or("");
        // "<move> ends in <hole>", with "its lap", "whose lap", "does," and the like between.
        if matches!(at(0), "ends" | "ending")
            && at(1) == "in"
            && let Some(end) = hole(at(2))
            && let Some(start) = words[..i].iter().rev().find(|w| !LINKS.contains(w)).and_then(|w| hole(w))
        {
            let captured = match (at(3), at(4)) {
                ("facing" | "opposite", _) => Some(4),
                ("and", "takes" | "facing") => Some(5),
                _ => None,
            }
            .and_then(|k| Some((hole(at(k))?, (at(k + 1) == "and").then(|| hole(at(k + 2))).flatten()?)));
            first_lap(state, accepted, start, end, captured)?;
        }
        if at(1) == "clockwise" && matches!(at(2), "choices" | "choice") {
            let Some(n) = number(at(0)) else { continue };
            let Some(mv) = accepted.first() else {
                return Err(format!("\"{} clockwise choices\": the step has no move", at(0)));
            };
            let clockwise = mv.choices().iter().filter(|c| c.direction == Direction::Clockwise).count();
            if mv.choices().len() != n || clockwise != n {
                return Err(format!(
                    "\"{} clockwise choices\": {mv} makes {} choices, {clockwise} of them clockwise",
                    at(0),
                    mv.choices().len()
                ));
            }
        }
    }
    Ok(())
}

/// Checks that the first lap of the move from `start` ends in `end` (and captures `captured`).
fn first_lap(
    state: &GameState,
    accepted: &[Move],
    start: Hole,
    end: Hole,
    captured: Option<(Hole, Hole)>,
) -> Result<(), String> {
    // The first lap does not depend on later choices: any move from `start` shows it, an
    // accepted one first.
    let legal = state.legal_moves();
    let mv = accepted
        .iter()
        .chain(legal.iter().filter(|m| !m.is_split()))
        .chain(legal.iter())
        .find(|m| m.start() == start)
        .ok_or_else(|| format!("\"{start} ends in {end}\": {start} is not a move here"))?;
    let (_, trace) = state.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    let lap = trace.laps.first().ok_or_else(|| format!("{mv} sows nothing"))?;
    if lap.last != end {
        return Err(format!("\"{start} ends in {end}\": its first lap ends in {}", lap.last));
    }
    if let Some((a, b)) = captured {
        match lap.end {
            LapEnd::Capture { front, back, .. } if [front, back] == [a, b] || [front, back] == [b, a] => {}
            LapEnd::Capture { front, back, .. } => {
                return Err(format!("\"{start} … {a} and {b}\": its first lap takes {front} and {back}"));
            }
            _ => return Err(format!("\"{start} … {a} and {b}\": its first lap captures nothing")),
        }
    }
    Ok(())
}

/// A hole written as its letter.
fn hole(word: &str) -> Option<Hole> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => Hole::from_letter(c),
        _ => None,
    }
}

/// A small count in words or digits.
fn number(word: &str) -> Option<usize> {
    const WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
    WORDS.iter().position(|w| w.eq_ignore_ascii_case(word)).or_else(|| word.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use omweso_rules::notation::parse_move;

    const AKAKYALA: &str = "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 1A-C, 6D, 3G, 1IJL, 5P / L none 1,0";

    #[test]
    fn words_that_match_the_board_pass_and_words_that_drift_fail() {
        let state: GameState = AKAKYALA.parse().unwrap();
        let g = vec![parse_move(&state, "g").unwrap()];
        assert_eq!(check("Capture again: g ends in e, facing D and L.", &state, &g), Ok(()));
        assert_eq!(check("g does, ending in e and takes L and D.", &state, &g), Ok(()));
        assert!(check("g does, ending in d.", &state, &g).unwrap_err().contains("ends in e"));
        assert!(check("g ends in e, facing D and M.", &state, &g).unwrap_err().contains("takes D and L"));
        assert!(check("The lap ends in a hole; a move ends in the back row.", &state, &g).is_ok(), "English");
        assert!(check("so a lap of yours ending in h would take them", &state, &g).is_ok(), "an article, not a move");
        assert!(check("Play g: its lap ends in d.", &state, &g).is_err());
        assert_eq!(check("g, whose lap ends in e, opposite D and L.", &state, &g), Ok(()));
        assert!(check("two clockwise choices", &state, &g).unwrap_err().contains("0 choices"));
    }

    #[test]
    fn choices_are_counted() {
        let state: GameState =
            "1ab, 6c, 1d, 5e, 2f, 5g, 6h, 4i, 3j, 4k, 1lm, 5n, 6o, 2p; 1A, 2BC, 1D, 2EF, 1H / U none 4,1"
                .parse()
                .unwrap();
        let mv = vec![parse_move(&state, "B2xe, B6xa, B5xb, B4xc, J2xh").unwrap()];
        assert_eq!(check("the move takes five clockwise choices", &state, &mv), Ok(()));
        assert!(check("the move takes four clockwise choices", &state, &mv).is_err());
    }
}
