//! The one-page rules summary (`assets/rules-summary.txt`, Help → Rules summary, issue 41):
//! its text, read into headings and lines, and the check that every number it names is
//! the rules' own (the board's size, the seeds, the seeds a move needs, the lap limit,
//! each win's points), so that the page cannot drift from the rule book (RULES.md §1–4).

use omweso_rules::{Hole, RuleOptions, SEEDS_PER_SIDE, Side, TOTAL_SEEDS, WinKind};

/// The summary as shipped.
pub const TEXT: &str = include_str!("../assets/rules-summary.txt");

/// One line of the summary: a heading (`# The board`) or a paragraph or item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line<'a> {
    /// A heading.
    Heading(&'a str),
    /// A list item, without its `- `.
    Item(&'a str),
    /// A paragraph.
    Text(&'a str),
}

/// The summary's lines, blank lines left out.
pub fn lines(text: &str) -> Vec<Line<'_>> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| match (l.strip_prefix("# "), l.strip_prefix("- ")) {
            (Some(h), _) => Line::Heading(h),
            (_, Some(i)) => Line::Item(i),
            _ => Line::Text(l),
        })
        .collect()
}

/// The claims with numbers that the summary may make, each written from the rules with
/// the default options: where a number stands in the text, it must stand inside one of
/// these.
fn claims() -> Vec<String> {
    let options = RuleOptions::default();
    let holes = Hole::all(Side::Lower).count();
    let points = |kind| options.points.of(kind);
    let worth = |n: u32| if n == 1 { "1 point".to_string() } else { format!("{n} points") };
    vec![
        format!("{} rows of {} holes", 4, holes / 2),
        format!("{TOTAL_SEEDS} seeds, {SEEDS_PER_SIDE} for each player"),
        // RULES.md 3.1: a hole of one seed is never played.
        "at least 2 seeds".to_string(),
        "with 2 or more seeds".to_string(),
        format!("your own {holes} holes"),
        format!("all {holes} of your opponent's holes"),
        format!("the {}th lap", options.lap_limit),
        format!("Normal win, {}", worth(points(WinKind::Normal))),
        format!("Akakyala, {}", worth(points(WinKind::Akakyala))),
        format!("(\"two heads\"), {}", worth(points(WinKind::EmitweEbiri))),
        format!("Akawumbi, {}", worth(points(WinKind::Akawumbi))),
    ]
}

/// Checks that every number in `text` stands inside one of the rules' claims.
///
/// # Errors
/// The first number that does not, with the line it is on.
pub fn check(text: &str) -> Result<(), String> {
    let claims = claims();
    for line in text.lines() {
        let mut covered = vec![false; line.len()];
        for claim in &claims {
            for (at, _) in line.match_indices(claim.as_str()) {
                covered[at..at + claim.len()].iter_mut().for_each(|c| *c = true);
            }
        }
        if let Some((at, _)) = line.char_indices().find(|&(i, c)| c.is_ascii_digit() && !covered[i]) {
            let number: String = line[at..].chars().take_while(char::is_ascii_digit).collect();
            return Err(format!("the number {number} in \"{line}\" is not one the rules bear out"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_number_of_the_summary_is_the_rules_own() {
        assert_eq!(check(TEXT), Ok(()));
        // A wrong number is caught, and so is a number the check does not know.
        let wrong = TEXT.replace("Akakyala, 2 points", "Akakyala, 3 points");
        assert!(check(&wrong).is_err_and(|e| e.contains("number 3")), "{:?}", check(&wrong));
        let unknown = format!("{TEXT}\nA game lasts 40 moves.");
        assert!(check(&unknown).is_err_and(|e| e.contains("number 40")));
        let board = TEXT.replace("4 rows of 8 holes", "4 rows of 6 holes");
        assert!(check(&board).is_err());
        // "At least 2 seeds", as the rules play it (RULES.md 3.1): b's one seed cannot move.
        let state: omweso_rules::GameState = "2a, 1b, 29i; 4I-P / L both 0,0".parse().unwrap();
        let starts: String = state.playable_holes().map(|h| h.letter()).collect();
        assert_eq!(starts, "ai");
    }

    #[test]
    fn the_summary_reads_as_headings_items_and_text() {
        let l = lines(TEXT);
        assert_eq!(l[0], Line::Heading("The board"));
        assert!(l.iter().filter(|l| matches!(l, Line::Heading(_))).count() >= 4);
        assert!(l.iter().any(|l| matches!(l, Line::Item(t) if t.starts_with("Reverse capture"))));
        // One page: short enough to keep open beside the board.
        assert!(TEXT.split_whitespace().count() < 450, "{} words", TEXT.split_whitespace().count());
    }
}
