//! The coach for the layout in the setup (issue 43): Check my layout, the reply shown on
//! the board with its main line to step through, Propose a reply for the side laying out
//! second, and an answer that goes stale when the layout changes.

mod window;
use window::*;

use omweso::app::model::layout_coach::Ask;

/// A new game with the default options: Lower moves first, so Upper lays out first.
fn setup() -> Harness<'static, App> {
    let mut h = patient(App::new(Session::new(settings())));
    click(&mut h, "Start");
    assert!(h.state().session().setup().is_some_and(|s| s.laying == Side::Upper));
    h
}

fn answered(app: &App, ask: Ask) -> bool {
    app.session().layout_coach().answer(ask).is_some()
}

#[test]
fn check_my_layout_finds_the_reply_that_wins_by_force_and_steps_through_its_line() {
    let mut h = setup();
    assert!(disabled(&h, "Check my layout"), "enabled only at 32 seeds");
    click(&mut h, "2 in every hole");
    assert!(!disabled(&h, "Check my layout"));
    click(&mut h, "Check my layout");
    wait_for(&mut h, |app| answered(app, Ask::Check));
    h.run();
    h.get_by_label_contains("Lower can answer with a layout that wins by force within");
    h.get_by_label_contains("Lower's reply, shown on the board: ");
    h.get_by_label_contains("Main line: ");
    // The reply stands in Lower's half of the setup board; Upper's twos are untouched.
    let answer = h.state().session().layout_coach().answer(Ask::Check).expect("answer").clone();
    let reply = answer.winning_reply().expect("a reply that wins by force");
    let a = reply.counts()[Hole::from_letter('a').expect("a").track()];
    h.get_by_label(&format!("Lower a, {a} seed{}", if a == 1 { "" } else { "s" }));
    h.get_by_label("Upper A, 2 seeds");
    assert_eq!(h.state().session().setup().map(|s| s.placed(Side::Lower)), Some(0), "shown, not laid out");
    // Step through it: the game from both layouts at its first move, the main line ready
    // as the redo branch.
    click(&mut h, "Step through it (ends the setup)");
    let line = answer.finding.refutation().expect("proof").line.clone();
    let g = game(&h);
    assert_eq!((g.cursor(), g.all_entries().len()), (0, line.len()));
    assert_eq!(g.start().to_move(), Side::Lower, "the side laying out second moves first (RULES.md §2)");
    assert_eq!(g.layouts().map(|l| l[0]), Some(reply));
    click(&mut h, "Redo");
    assert_eq!(game(&h).cursor(), 1, "Redo steps through the main line");
    assert_eq!(game(&h).moves()[0].mv.as_ref(), Some(&line[0]));
    // The greyed last move of the list plays the line to its end: Lower's win.
    h.state_mut().push(Command::RedoTo(line.len()));
    h.run();
    assert_eq!(game(&h).result().and_then(|r| r.winner()), Some(Side::Lower), "the main line ends in Lower's win");
}

#[test]
fn a_changed_layout_clears_the_answer() {
    let mut h = setup();
    click(&mut h, "2 in every hole");
    click(&mut h, "Check my layout");
    wait_for(&mut h, |app| answered(app, Ask::Check));
    h.run();
    h.get_by_label_contains("can answer with a layout that wins by force");
    // One seed taken back: the answer was about another layout.
    h.get_by_label("Upper A, 2 seeds").click_secondary();
    h.run();
    assert!(h.query_by_label_contains("can answer with a layout").is_none(), "the stale answer is gone");
    assert!(h.query_by_label_contains("shown on the board").is_none());
    h.get_by_label("Lower a, 0 seeds");
    assert!(disabled(&h, "Check my layout"), "31 seeds");
    // The same layout again: asked again, answered again.
    click(&mut h, "Upper A, 1 seed");
    click(&mut h, "Check my layout");
    wait_for(&mut h, |app| answered(app, Ask::Check));
    h.run();
    h.get_by_label_contains("can answer with a layout that wins by force");
}

#[test]
fn the_side_laying_out_second_is_proposed_a_reply_and_uses_it() {
    let mut h = setup();
    click(&mut h, "2 in every hole");
    click(&mut h, "Done");
    assert!(h.state().session().setup().is_some_and(|s| s.laying == Side::Lower));
    assert!(h.query_by_label("Check my layout").is_none(), "Lower sees Upper's layout: nothing to check against");
    click(&mut h, "Propose a reply");
    wait_for(&mut h, |app| answered(app, Ask::Propose));
    h.run();
    h.get_by_label_contains("This layout wins by force within");
    h.get_by_label("Seeds left: 32");
    click(&mut h, "Use this layout");
    h.get_by_label("Seeds left: 0");
    let reply = h.state().session().layout_coach().answer(Ask::Propose).and_then(|a| a.winning_reply());
    assert_eq!(h.state().session().setup().and_then(|s| s.layout(Side::Lower)), reply);
    click(&mut h, "Done");
    assert_eq!(game(&h).layouts().map(|l| l[0]), reply, "the game starts from the reply");
}
