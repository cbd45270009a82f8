//! One test for each kind of note of the guided first game, on positions whose facts the
//! rules decide (RULES.md §6 and the lessons' positions), and the notes of a whole game.

use super::*;
use omweso_rules::notation::parse_move;

const LOWER: Side = Side::Lower;

fn state(text: &str) -> GameState {
    text.parse().unwrap()
}

/// The topics `found` gives after `mv` is played in `before` (the learner Lower).
fn after_move(before: &str, mv: &str) -> Vec<(Topic, String)> {
    let before = state(before);
    let (succ, trace) = before.play(&parse_move(&before, mv).unwrap()).unwrap();
    found(Some((&before, &trace)), &succ.state, LOWER)
}

/// The topics `found` gives in `now`, with no move before it.
fn in_state(now: &str) -> Vec<(Topic, String)> {
    found(None, &state(now), LOWER)
}

fn topics(found: &[(Topic, String)]) -> Vec<Topic> {
    found.iter().map(|(t, _)| *t).collect()
}

fn text(found: &[(Topic, String)], topic: Topic) -> &str {
    &found.iter().find(|(t, _)| *t == topic).unwrap_or_else(|| panic!("no {topic:?} in {found:?}")).1
}

#[test]
fn a_first_move_that_would_capture_is_told_why_it_relays() {
    // Lesson 6's position: m ends in h, opposite A and I, on Lower's first move.
    let first = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L lower 0,0";
    let said = after_move(first, "m");
    assert!(text(&said, Topic::FirstMove).contains("Lower's lap ended in h, opposite A and I"), "{said:?}");
    // The same move once captures are allowed captures, and nothing needs telling.
    let later = "10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,0";
    assert!(!topics(&after_move(later, "m")).contains(&Topic::FirstMove));
    // A first move that never ends opposite two full holes says nothing either.
    assert!(after_move("4i-p; 4I-P / L both 0,0", "m").is_empty());
}

#[test]
fn a_lap_ending_in_the_back_row_is_told_that_only_the_front_row_captures() {
    // i: j, k, l, m; m (column of e) faces nothing, but e's opposite D and L both hold 2.
    let said = after_move("4i-p; 2A-P / L none 0,0", "i");
    let words = text(&said, Topic::BackRow);
    assert!(words.contains("ended in m, in the column of D and L"), "{words}");
    assert!(words.contains("here e, to take them"), "{words}");
    // On a first move the first-move rule is what matters, not the row.
    assert!(!topics(&after_move("4i-p; 2A-P / L both 0,0", "i")).contains(&Topic::BackRow));
}

#[test]
fn a_reverse_capture_is_told_when_the_learner_can_make_one_or_the_computer_made_one() {
    // RULES.md §6: Lower's i may go clockwise to c, facing F and N.
    let said = in_state("1bc, 9e-g, 3i; 1F, 2G, 5I-L, 1N, 2O, 6P / L none 0,0");
    let words = text(&said, Topic::Reverse);
    assert!(words.contains("3 seeds from i clockwise would take F"), "{words}");
    assert!(words.contains("Click i: two arrows"), "{words}");
    // Upper's D, J2xh (lesson 7): the relay from J went clockwise and took h and p.
    let said = after_move("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0", "D, J2xh");
    let words = text(&said, Topic::Reverse);
    assert!(words.contains("Upper sowed 2 seeds clockwise from J and took h and p"), "{words}");
    // No clockwise capture anywhere: no note.
    assert!(!topics(&in_state("4i-p; 4I-P / L none 0,0")).contains(&Topic::Reverse));
}

#[test]
fn akakyala_is_told_when_it_is_near_for_either_side() {
    // Upper has captured once, Lower never, and Upper's G or P would capture e and m.
    let danger = in_state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,1");
    assert!(text(&danger, Topic::Akakyala).starts_with("Danger: akakyala. Upper has captured once"), "{danger:?}");
    // Lower has captured once, Upper never, and Lower's m captures again: a chance.
    let chance = in_state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 1,0");
    assert!(text(&chance, Topic::Akakyala).starts_with("A chance to win"), "{chance:?}");
    // Both have captured: akakyala cannot happen any more.
    assert!(
        !topics(&in_state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 1,1")).contains(&Topic::Akakyala)
    );
    // Nor without the rule.
    let off = state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,1")
        .with_options(omweso_rules::RuleOptions { akakyala: false, ..Default::default() })
        .unwrap();
    assert!(!topics(&found(None, &off, LOWER)).contains(&Topic::Akakyala));
}

#[test]
fn emitwe_ebiri_is_told_when_the_computer_threatens_it() {
    // Lesson 8's position with Lower to move: Upper's O would take a and i, then h and p.
    let said = in_state("3a, 6c, 3e, 4g, 5h, 1i, 6j, 3k, 1m, 4n, 5o, 3p; 3A, 1BFH, 3I, 2K, 3LM, 2O, 1P / L none 3,4");
    let words = text(&said, Topic::Emitwe);
    assert!(words.contains("Upper's move O would capture at both ends of your side, a and i, then h and p"), "{words}");
    // In the order the move takes them (issue 51): here Upper's B3xd takes h and p on an
    // earlier lap than a and i.
    let said = in_state("3a, 5bc, 2d, 1f, 11h, 1ij, 2lp; 2A, 3BC, 6D, 2E, 1G-J, 2KL, 1M, 3N, 2O, 1P / L none 7,4");
    let words = text(&said, Topic::Emitwe);
    assert!(
        words.contains("Upper's move B3xd would capture at both ends of your side, h and p, then a and i"),
        "{words}"
    );
    // Upper's capture K alone (a and i) is one end only: the worked position has none.
    assert!(!topics(&in_state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 0,1")).contains(&Topic::Emitwe));
}

#[test]
fn a_game_tells_each_topic_once_at_the_move_it_first_comes_up() {
    // The book's game (RULES.md §6) as Lower against Upper: after F, Lower's b could
    // capture clockwise (b5xB, lesson 8); Upper's reverse capture D, J2xh later is not told
    // again.
    let start = state("9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0");
    let mut game = Game::from_state(start);
    for mv in ["d", "F", "m", "D, J2xh"] {
        game.play_text(mv).unwrap();
    }
    let told_notes = notes(&game, LOWER);
    let at: Vec<(Topic, usize)> = told_notes.iter().map(|n| (n.topic, n.ply)).collect();
    assert_eq!(at[0], (Topic::Aim, 0), "the opening tip first");
    assert_eq!(at[1], (Topic::Reverse, 2), "{at:?}");
    assert!(
        text(
            &after_move("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0", "D, J2xh"),
            Topic::Reverse
        )
        .contains("Upper sowed")
    );
    let told: Vec<Topic> = told_notes.iter().map(|n| n.topic).collect();
    let mut unique = told.clone();
    unique.dedup();
    assert_eq!(told.len(), unique.len(), "each topic once: {at:?}");
    // Undone to the start, only the opening is left.
    while game.undo() {}
    assert_eq!(notes(&game, LOWER).len(), 1);
}
