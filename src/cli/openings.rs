//! A ballot of openings for `omweso match --openings FILE`: one game state a line in
//! RULES.md §5's full notation (`9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0`), `#`
//! comments and blank lines allowed. Each opening is played twice, the sides swapped.

use super::lines::capped;
use omweso_rules::{GameState, RuleOptions};

/// The largest ballot file read (a line is under 100 bytes: about 160,000 openings).
pub const MAX_BALLOT_BYTES: u64 = 16 * 1024 * 1024;

/// Reads a ballot: the openings in the order of the file, each with the match's rule
/// options.
///
/// # Errors
/// One line naming the first line (from 1) that is not a game state of these rules, or
/// saying that there is no opening at all.
pub fn parse_openings(text: &str, options: RuleOptions) -> Result<Vec<GameState>, String> {
    let mut openings = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let bad = |e: String| format!("line {}: {}", i + 1, capped(&e, 200));
        let state: GameState = line.parse().map_err(|e: omweso_rules::notation::StateTextError| bad(e.to_string()))?;
        let state = state.with_options(options).map_err(|e| bad(e.to_string()))?;
        if let Some(o) = state.outcome() {
            return Err(bad(format!("the game is already over ({o})")));
        }
        openings.push(state);
    }
    if openings.is_empty() {
        return Err("no opening in the file".to_string());
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_ballot_with_comments_and_reports_bad_lines() {
        let text = "# a ballot\n\n4i-p; 4I-P / L both 0,0   # twos\n9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0\n";
        let openings = parse_openings(text, RuleOptions::default()).expect("two openings");
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].to_string(), "4i-p; 4I-P / L both 0,0");
        let e = parse_openings("4i-p; 4I-P / L both 0,0\n\n4i-p; 4I-O / L both 0,0\n", RuleOptions::default());
        assert!(e.as_ref().is_err_and(|e| e.starts_with("line 3: ")), "{e:?}");
        assert!(parse_openings("1a-p; 16A, 16B, 16C / L none 1,1\n", RuleOptions::default()).is_err());
        assert!(parse_openings("# nothing\n", RuleOptions::default()).is_err());
    }
}
