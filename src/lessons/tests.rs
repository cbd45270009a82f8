//! The lessons' reader and checks, the holes a text names, the road's measure.

use super::*;

fn letters(text: &str) -> String {
    holes_named_in(text).iter().map(|h| h.letter()).collect()
}

#[test]
fn the_holes_a_text_names_are_its_letters_not_its_articles() {
    assert_eq!(letters("A column holds four holes: a board has a hole in a."), "a");
    assert_eq!(letters("so Upper's A sits in front of your h. A hole"), "Ah");
    assert_eq!(letters("from right to left (h, g, f … a), then i"), "hgfai");
    assert_eq!(letters("(for Upper: a and i, and h and p)"), "aihp");
    assert_eq!(letters("Shift). a gets two seeds and i one."), "ai");
    assert_eq!(letters("Upper has 4 each in A to F, 3 in G."), "ABCDEFG");
    assert_eq!(letters("your back row i to p"), "ijklmnop");
    // Not a range across sides, nor backwards; moves in notation name no word.
    assert_eq!(letters("from h to A, then D, J2xh and b5xB"), "hAD");
    assert_eq!(letters("a lap ends in h to the end"), "h");
}

/// Every hole a lesson's text names is ringed on the board while it is read, and only
/// those: a step whose `named` misses one does not load, and says which.
#[test]
fn every_hole_a_lesson_names_is_ringed() {
    for lesson in all().unwrap() {
        for (i, step) in lesson.steps.iter().enumerate() {
            let mut named = step.named.clone();
            let mut in_text = holes_named_in(&step.text);
            named.sort();
            in_text.sort();
            assert_eq!(named, in_text, "lesson {} step {}", lesson.id, i + 1);
        }
    }
    let step = |named: &str| {
        let text = format!(
            r#"(id: "t", title: "T", steps: [(text: "Play m: it ends in h, facing A and I.", state: "4i-p; 4I-P / L both 0,0", task: Look, named: "{named}")])"#
        );
        LessonText::parse("t.ron", &text).unwrap().check().map(|_| ())
    };
    assert_eq!(step("mhAI"), Ok(()));
    let e = step("mh").unwrap_err().to_string();
    assert!(e.contains("does not ring: add `AI` to `named`"), "{e}");
}

/// A move that wins the game is answered as a win, not "Not quite", and the step says
/// what it is about (lesson 8 step 1: p wins by emitwe-ebiri; the step is the normal win).
#[test]
fn a_move_that_wins_otherwise_is_told_it_wins_too() {
    let lessons = all().unwrap();
    let winning = lessons.iter().find(|l| l.id == "winning").unwrap();
    let more = lessons.iter().find(|l| l.id == "more-wins").unwrap();
    let step = &winning.steps[0];
    let p = parse_move(&step.state, "p").unwrap();
    let (_, trace) = step.state.play(&p).unwrap();
    let said = step.feedback(&p, &trace);
    assert!(
        said.starts_with("That wins too, by emitwe-ebiri, but this step is about the normal win. This step asked"),
        "{said}"
    );
    // A move that does not win is still "Not quite".
    let step = &more.steps[0];
    let other = step
        .state
        .legal_moves()
        .into_iter()
        .find(|m| !step.accepts(m) && step.state.play(m).unwrap().0.outcome().is_none())
        .unwrap();
    let (_, trace) = step.state.play(&other).unwrap();
    assert!(step.feedback(&other, &trace).starts_with("Not quite. "));
}

#[test]
fn a_wrong_result_or_an_illegal_move_is_named_with_its_step() {
    let text = r#"(id: "t", title: "T", steps: [
        (text: "look", state: "4i-p; 4I-P / L both 0,0", task: Look),
        (text: "play", state: "4i-p; 4I-P / L both 0,0", task: Play(accept: ["i"], result: Some("4i-p; 4I-P")), ask: "Play i."),
    ])"#;
    let e = LessonText::parse("t.ron", text).unwrap().check().unwrap_err();
    assert!(matches!(&e, LessonError::Step { step: 2, message, .. } if message.contains("not the stated")), "{e}");
    let no_ask = text.replace(r#", ask: "Play i.""#, "");
    let e = LessonText::parse("t.ron", &no_ask).unwrap().check();
    assert!(e.is_err_and(|e| e.to_string().contains("says nothing to a wrong move")), "an `ask` is needed");
    let text = text.replace(r#"accept: ["i"]"#, r#"accept: ["a"]"#);
    let e = LessonText::parse("t.ron", &text).unwrap().check().unwrap_err();
    assert!(e.to_string().starts_with("lesson `t` step 2: move `a`"), "{e}");
    // The holes ringed on the board are the holes the words name.
    let named = |named: &str| {
        let text = format!(
            r#"(id: "t", title: "T", steps: [(text: "Sow from i, then look at A.", state: "4i-p; 4I-P / L both 0,0", task: Look, named: "{named}")])"#
        );
        LessonText::parse("t.ron", &text).unwrap().check().map(|l| l.steps[0].named.clone())
    };
    let hole = |c| Hole::from_letter(c).unwrap();
    assert_eq!(named("i A"), Ok(vec![hole('i'), hole('A')]));
    assert!(named("j").is_err_and(|e| e.to_string().contains("does not name hole j")));
    // "a" the word is not hole a unless it stands alone: "Sow" and "at" do not name it.
    assert!(named("a").is_err());
    assert!(named("x").is_err_and(|e| e.to_string().contains("not a hole's letter")));
    let e = LessonText::parse("t.ron", "(id: 1)").unwrap_err();
    assert!(matches!(e, LessonError::Format { .. }));
}

#[test]
fn a_set_out_step_starts_a_game_and_its_words_come_from_the_rules() {
    let step = |state: &str| {
        let text = format!(r#"(id: "t", title: "T", steps: [(text: "Set out.", state: "{state}", task: SetOut)])"#);
        LessonText::parse("t.ron", &text).unwrap().check()
    };
    assert!(step("4i-p; 4I-P / L both 0,0").is_ok_and(|l| l.steps[0].task == Task::SetOut));
    // Not a start: Upper to move, the first moves made, 33 seeds on a side.
    for state in ["4i-p; 4I-P / U both 0,0", "4i-p; 4I-P / L none 0,0", "5i, 4j-p; 3I, 4J-P / L both 0,0"] {
        let e = step(state).map(|_| ()).unwrap_err().to_string();
        assert!(e.contains("needs a start"), "{state}: {e}");
    }
    // Four in each back hole: eight first moves, none into the front row yet.
    let fours: GameState = "4i-p; 4I-P / L both 0,0".parse().unwrap();
    assert_eq!(
        set_out_feedback(&fours),
        "32 seeds in 8 holes, none in the front row. Lower moves first: this layout gives 8 first moves (from 8 holes), and none of them captures yet."
    );
    // All 32 in one hole: one first move.
    let one: GameState = "32a; 4I-P / L both 0,0".parse().unwrap();
    let words = set_out_feedback(&one);
    assert!(words.starts_with("32 seeds in 1 hole, all of them in the front row."), "{words}");
    assert!(words.contains("(from 1 hole)"), "{words}");
}

/// Issue 41: the road from the first start to the first move of the first game takes at
/// most ten minutes at a normal pace, lays out no seed by hand (the first game starts from
/// a ready-made layout in one click), and ends with the first game's step, whose guide
/// words and first move it counts.
#[test]
fn the_road_to_a_first_game_is_at_most_ten_minutes() {
    let all = all().unwrap();
    let road = road(&all);
    assert_eq!(road.last().map(|s| &s.task), Some(&Task::PlayBeginner), "the road ends at the first game");
    let rate = crate::app::model::animation::Speed::Normal.rate();
    let m = Measure::of_road(&all, rate);
    assert_eq!(m.seeds_laid_out, 0, "no seed laid out by hand on the road");
    // Issue 51: every Next and the list's Start lesson clicked, the list read.
    assert_eq!(m.clicks, road.len() + 1, "a click a step, and Start lesson");
    assert!(m.words >= Measure::of_steps(road.iter().copied(), rate).words + list_words(&all));
    let first_game = Measure::of_steps(all.iter().find(|l| l.id == "first-game").unwrap().steps.iter(), rate);
    assert_eq!(first_game.moves_asked, 1, "the first game's first move is on the road");
    assert!(first_game.words > crate::guide::OPENING.split_whitespace().count(), "and the guide's opening words");
    assert!(m.minutes() <= 10.0, "the road takes {:.1} minutes: {m:?}", m.minutes());
    // Every lesson after the first game is off the road, and every one before it on it.
    let at = all.iter().position(|l| l.id == "first-game").unwrap();
    assert!(all[..at].iter().all(|l| !l.optional) && all[at + 1..].iter().all(|l| l.optional));
}

/// Issue 51: the README gives the road's figure as `lessons --measure` and the lesson list
/// count it (a trial found 6.3 in one and 2+2+1+2+1+1 = 9 in the other), and the figure to
/// the first game's end.
#[test]
fn the_readme_says_the_roads_measured_minutes() {
    let all = all().unwrap();
    let rate = crate::app::model::animation::Speed::Normal.rate();
    let (road, _, whole) = first_game::measures(&all, rate).unwrap();
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let figure = format!("{:.1} minutes", road.minutes());
    assert!(readme.contains(&format!("measures {figure}")), "the README should say the road measures {figure}");
    let end = format!("{:.1} minutes", whole.minutes());
    assert!(readme.contains(&format!("game's end in {end}")), "the README should say the first game ends in {end}");
}

/// Issue 51: a newcomer at a normal pace finishes a first game within ten minutes of the
/// first start: the road, then the guided game played to its end from its first
/// ready-made layout, the learner following the hint, the Beginner answering.
#[test]
fn a_first_game_ends_within_ten_minutes_of_the_first_start() {
    let all = all().unwrap();
    let rate = crate::app::model::animation::Speed::Normal.rate();
    let (road, game, whole) = first_game::measures(&all, rate).unwrap();
    assert_eq!(whole, road + game);
    assert!(
        whole.minutes() <= 10.0,
        "the first game ends {:.2} minutes after the first start: {whole:?}",
        whole.minutes()
    );
    let played = play_first_game(first_game::SEED, rate).unwrap();
    // The game is played out: it has an end, the learner moved more than once, and every
    // one of its moves replays from its notation to the same end.
    assert!(played.learner_moves > 1 && played.moves.len() >= 2 * played.learner_moves - 1, "{played:?}");
    let form = crate::app::model::guide::form(
        &crate::app::model::setup::NewGameForm::default(),
        crate::app::model::guide::PRESETS[0],
    )
    .unwrap();
    let end = played.moves.iter().fold(form.parse_state().unwrap(), |state, m| {
        let mv = parse_move(&state, m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
        state.play(&mv).unwrap_or_else(|e| panic!("{m}: {e:?}")).0.state
    });
    assert_eq!(end.outcome(), Some(played.outcome), "the moves end the game as measured");
    assert_eq!(game.moves_asked, played.learner_moves - 1, "the first move is on the road, not counted twice");
    // The same every run (the searches are seeded, on one thread, to a fixed depth).
    assert_eq!(play_first_game(first_game::SEED, rate).unwrap(), played);
}
