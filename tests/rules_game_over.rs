//! A finished game is a fact of the rules' state (RULES.md §4, 3.8): after every kind of
//! end, the state produced by the move answers `outcome()`, lists no legal move and
//! refuses to play on, whoever asks.

use omweso_rules::notation::parse_move;
use omweso_rules::{GameState, Hole, IllegalMove, Outcome, Side, WinKind};

fn state(text: &str) -> GameState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Plays `text` in `s` and checks that the state it leads to is over by `expected`.
fn assert_over_after(s: &GameState, text: &str, expected: Outcome) -> GameState {
    let mv = parse_move(s, text).unwrap_or_else(|e| panic!("{e}"));
    let (next, _) = s.play(&mv).unwrap();
    let after = next.state;
    assert_eq!(after.outcome(), Some(expected), "outcome() of the state after {text}");
    assert!(after.legal_moves().is_empty(), "no legal moves after {expected}");
    assert!(after.successors().is_empty());
    let mover = after.to_move();
    for hole in Hole::all(mover).filter(|&h| after.position().get(h) >= 2) {
        assert_eq!(
            after.start_move(hole, false).err(),
            Some(IllegalMove::GameOver(expected)),
            "start_move {hole} after {expected}"
        );
    }
    // A move that was legal just before the end is refused too.
    if let Some(mv) = s.legal_moves().first() {
        assert_eq!(after.play(mv).err(), Some(IllegalMove::GameOver(expected)));
    }
    after
}

fn win(winner: Side, kind: WinKind) -> Outcome {
    Outcome::Win { winner, kind }
}

#[test]
fn emitwe_ebiri_ends_the_state() {
    let s = state("1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0");
    let after = assert_over_after(&s, "o", win(Side::Lower, WinKind::EmitweEbiri));
    assert!(after.position().can_move(Side::Upper), "Upper could still sow: only the state says it is over");
}

#[test]
fn akawumbi_ends_the_state() {
    let s = state("1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P / L none 0,0");
    assert_over_after(&s, "o", win(Side::Lower, WinKind::Akawumbi));
}

#[test]
fn akakyala_ends_the_state() {
    let s = state("10a, 4b, 1c, 4efh, 1i, 4m; 5AC-E, 3G, 1I-L, 5P / L none 1,0");
    let after = assert_over_after(&s, "m", win(Side::Lower, WinKind::Akakyala));
    assert!(after.position().can_move(Side::Upper));
}

#[test]
fn an_annulled_move_ends_the_state() {
    let s =
        state("2bc, 4e, 1f, 4gi, 3j, 1k, 4m, 2no, 3p; 3A, 4B, 2C, 1DF, 2G, 4I, 1J, 4K, 1L, 3N, 2O, 4P / U upper 0,0");
    let after = assert_over_after(&s, "A", Outcome::Annulled);
    assert!(after.position().can_move(Side::Lower));
}

#[test]
fn the_normal_win_ends_the_state() {
    let s = state("1h, 44i, 2o; 2A, 1B-P / L none 0,0");
    assert_over_after(&s, "o", win(Side::Lower, WinKind::Normal));
}

/// A state read from text knows only what its text says (RULES.md §5): the capture counts
/// show an akakyala, so it is over; an emitwe-ebiri, akawumbi or annulment made by the
/// move before is not in the text, so the same board read back goes on.
#[test]
fn a_state_read_from_text_is_over_when_its_text_shows_it() {
    let akakyala = state("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 2,0");
    assert_eq!(akakyala.outcome(), Some(win(Side::Lower, WinKind::Akakyala)));
    assert!(akakyala.legal_moves().is_empty());
    let off = akakyala.with_options(omweso_rules::RuleOptions { akakyala: false, ..Default::default() }).unwrap();
    assert_eq!(off.outcome(), None, "without the akakyala option the game goes on");
    assert!(!off.legal_moves().is_empty());

    let s = state("1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0");
    let after = s.play(&parse_move(&s, "o").unwrap()).unwrap().0.state;
    let reread = state(&after.to_string());
    assert_eq!(reread.to_string(), after.to_string(), "the text round-trips");
    assert_eq!(reread.outcome(), None, "the text cannot show the emitwe-ebiri");
    assert_ne!(reread, after, "the state played into knows more than its text");
}

/// Whoever the caller is (the search, the baselines, a game's record), nothing plays on
/// after an emitwe-ebiri: each asks the state and finds it over.
#[test]
fn no_caller_plays_on_after_a_special_win() {
    use omweso::game::{Game, GameError, GameResult};
    use omweso_engine::{Level, Limits, greedy_move, random_move, search};
    use rand::SeedableRng;
    use std::sync::atomic::AtomicBool;

    let start = state("1a-h, 22i, 2o; 5A, 1H, 4I-K, 3L-N, 4O, 1P / L none 0,0");
    let mut game = Game::from_state(start);
    game.play_text("o").unwrap();
    let over = GameResult::Rules(win(Side::Lower, WinKind::EmitweEbiri));
    assert_eq!(game.result(), Some(over));
    assert_eq!(game.play_text("A"), Err(GameError::Over(over)));

    let after = game.current().clone();
    let limits = Limits { depth: Some(2), ..Limits::default() };
    assert!(search(&after, Level::Master, limits, 0, &AtomicBool::new(false), &mut |_| {}).is_none());
    assert_eq!(greedy_move(&after), None);
    assert_eq!(random_move(&after, &mut rand::rngs::StdRng::seed_from_u64(1)), None);
}
