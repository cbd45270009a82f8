//! The hint followed from the board alone (issue 51): the hole to sow marked before the
//! move, the hint's way marked at each decision point as it comes, and the hint's words
//! whole in the panel from the first click to the last.

mod window;
use window::*;

/// Lower to move; `i4xE, i6xC` sows i clockwise, again clockwise with the seeds it took,
/// then anticlockwise at the third decision (where `i5xD` would go clockwise once more).
const THREE_DECISIONS: &str = "1d, 2e-g, 3h, 4i, 5l, 1m, 6o; 1B-D, 2E, 4F, 2G, 4I-M, 1O, 6P / L none 0,1";

/// The labels of the board's widgets marked as the hint's.
fn marked(h: &Harness<'_, App>) -> Vec<String> {
    h.query_all_by_label_contains("the hint's").filter_map(|n| n.accesskit_node().label()).collect()
}

#[test]
fn a_hint_with_three_decisions_is_followed_by_clicking_only_what_it_marks() {
    let h = on_state(THREE_DECISIONS);
    let state = game(&h).current().clone();
    let mv = omweso_rules::notation::parse_move(&state, "i4xE, i6xC").expect("legal move");
    let ways: Vec<_> = mv.choices().iter().map(|c| c.direction).collect();
    use omweso_rules::Direction::{Anticlockwise, Clockwise};
    assert_eq!(ways, [Clockwise, Clockwise, Anticlockwise], "three decision points, not all one way");
    let want = state.play(&mv).expect("legal").0.state;
    let mut h = with_hint(h, mv);
    h.run();
    let words = omweso::app::ui::panels::hint_text(h.state().session()).expect("the hint's words");
    // Before the move: the hole to sow, and nothing else, is marked.
    assert_eq!(marked(&h), ["Lower i, 4 seeds, the hint's hole to sow"]);
    h.get_by_label(&words);
    h.get_by_label_contains("the hint's hole to sow").click();
    h.run();
    for (k, way) in ways.iter().enumerate() {
        // At each decision: the hint's words still whole in the panel, its way named in the
        // prompt, and one arrow marked: the one the hint chose.
        h.get_by_label(&words);
        let prompt = match way {
            Clockwise => "The hint: clockwise (X).",
            Anticlockwise => "The hint: anticlockwise (R).",
        };
        h.get_by_label_contains(prompt);
        let labels = marked(&h);
        assert_eq!(labels.len(), 1, "decision {}: one mark, {labels:?}", k + 1);
        let is_clockwise = labels[0].contains("clockwise from") && !labels[0].contains("anticlockwise");
        assert_eq!(is_clockwise, *way == Clockwise, "decision {}: {}", k + 1, labels[0]);
        h.get_by_label_contains("(the hint's choice)").click();
        h.run();
    }
    assert_eq!(game(&h).cursor(), 1, "the move is played");
    assert_eq!(game(&h).current(), &want, "and the board stands where the hint said it would");
    assert!(marked(&h).is_empty(), "the hint is gone with the move it was for");
}

#[test]
fn a_move_that_leaves_the_hint_leaves_its_marks() {
    let h = on_state(THREE_DECISIONS);
    let state = game(&h).current().clone();
    // The hint sows f (a decision at i on its third lap); the player starts from i instead.
    let mv = omweso_rules::notation::parse_move(&state, "f").expect("legal move");
    let mut h = with_hint(h, mv);
    h.run();
    assert_eq!(marked(&h), ["Lower f, 2 seeds, the hint's hole to sow"]);
    h.get_by_label("Lower i, 4 seeds").click();
    h.run();
    h.get_by_label("Sow 4 seeds anticlockwise from i");
    assert!(marked(&h).is_empty(), "no mark on a move the hint did not make: {:?}", marked(&h));
    assert!(omweso::app::ui::panels::hint_text(h.state().session()).is_none(), "nor its words");
}
