//! The computer opponent through its public API: legal moves only, wins in one, no
//! one-move blunders, prompt cancellation, determinism, layouts and the worker.

use omweso_engine::{self as ai, Level, Limits, PROVEN, choose_layout, greedy_move, random_move, worker};
use omweso_rules::{GameState, Layout, Outcome, RuleOptions, SEEDS_PER_SIDE, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

#[path = "../../omweso-rules/tests/common/mod.rs"]
mod common;

fn state(text: &str) -> GameState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Positions from seeded random games (random layouts, random moves), none finished.
fn random_positions(seed: u64, count: usize) -> Vec<GameState> {
    common::random_states(seed, count, 0..40)
}

fn limits(nodes: u64) -> Limits {
    Limits { time: None, depth: Some(6), nodes: Some(nodes), threads: 1 }
}

fn best(s: &GameState, level: Level, nodes: u64, seed: u64) -> ai::SearchResult {
    let stop = AtomicBool::new(false);
    ai::search(s, level, limits(nodes), seed, &stop, &mut |_| {}).expect("a move")
}

fn wins_now(s: &GameState, mv: &omweso_rules::Move) -> bool {
    let (next, _) = s.play(mv).unwrap();
    matches!(next.outcome(), Some(Outcome::Win { winner, .. }) if winner == s.to_move())
}

/// True when after `mv` the opponent has a move that wins at once.
fn hands_win(s: &GameState, mv: &omweso_rules::Move) -> bool {
    let (next, _) = s.play(mv).unwrap();
    if next.outcome().is_some() {
        return false;
    }
    next.state
        .successors()
        .iter()
        .any(|r| matches!(r.outcome(), Some(Outcome::Win { winner, .. }) if winner != s.to_move()))
}

#[test]
fn never_returns_an_illegal_move() {
    for (k, s) in random_positions(1, 60).iter().enumerate() {
        for level in Level::ALL {
            let r = best(s, level, 1_500, k as u64);
            assert!(s.play(&r.best).is_ok(), "{level} played {} in {s}", r.best);
            assert_eq!(r.pv.first(), Some(&r.best));
        }
        let mut rng = StdRng::seed_from_u64(k as u64);
        assert!(s.play(&greedy_move(s).unwrap()).is_ok());
        assert!(s.play(&random_move(s, &mut rng).unwrap()).is_ok());
    }
}

#[test]
fn takes_the_akawumbi_in_one() {
    let s = state("1a-h, 10i, 2o; 2AB, 3CD, 4EF, 5G, 1HI, 2JK, 3LM, 4NO, 1P / L none 0,0");
    for level in Level::ALL {
        let r = best(&s, level, 5_000, 3);
        assert_eq!(r.best.to_string(), "o", "{level}");
        assert!(r.score >= PROVEN);
    }
}

#[test]
fn takes_a_win_in_one_of_each_kind() {
    use omweso_rules::WinKind;
    // Each position has a few winning moves, all of one kind, among moves that do not win.
    let cases = [
        // A reverse capture (a2xF) and a second clockwise capture leave Upper without a move.
        (
            "2a, 8c, 2d, 1f, 2g, 1hi, 3j, 6l, 1n, 5p; 5B, 3D, 4F, 1G, 6H, 1J, 4L, 1M, 2N, 1O, 4P / L none 0,0",
            WinKind::Normal,
        ),
        (
            "3a, 6c, 3e, 4g, 5h, 1i, 6j, 3k, 1m, 4n, 5o, 3p; 3A, 1BFH, 3I, 2K, 3LM, 2O, 1P / U none 3,4",
            WinKind::EmitweEbiri,
        ),
        ("5a, 1c, 9d, 3e, 1fg, 14h, 2j, 9k, 1l, 5m, 4n, 1p; 1AE, 2F, 1HJMO / L none 1,0", WinKind::Akakyala),
        (
            "1ab, 6c, 1d, 5e, 2f, 5g, 6h, 4i, 3j, 4k, 1lm, 5n, 6o, 2p; 1A, 2BC, 1D, 2EF, 1H / U none 4,1",
            WinKind::Akawumbi,
        ),
    ];
    for (text, kind) in cases {
        let s = state(text);
        let kinds: Vec<Option<WinKind>> = s
            .successors()
            .iter()
            .map(|r| match r.outcome() {
                Some(Outcome::Win { winner, kind }) if winner == s.to_move() => Some(kind),
                _ => None,
            })
            .collect();
        assert!(kinds.contains(&Some(kind)) && kinds.contains(&None), "{text}: {kinds:?}");
        for level in Level::ALL {
            let r = best(&s, level, 3_000, 7);
            let (next, _) = s.play(&r.best).unwrap();
            assert_eq!(
                next.outcome(),
                Some(Outcome::Win { winner: s.to_move(), kind }),
                "{level} played {} in {text}",
                r.best
            );
            assert!(r.score >= PROVEN, "{level}: {}", r.score);
        }
    }
}

#[test]
fn takes_a_win_in_one_when_there_is_one() {
    let mut found = 0;
    for s in random_positions(2, 3_000) {
        let succ = s.successors();
        let winning = succ.iter().filter(|r| wins_now(&s, &r.mv)).count();
        if winning == 0 || winning == succ.len() {
            continue;
        }
        found += 1;
        for level in Level::ALL {
            let r = best(&s, level, 3_000, found);
            assert!(wins_now(&s, &r.best), "{level} played {} in {s}, missing a win", r.best);
        }
        if found == 25 {
            break;
        }
    }
    assert!(found >= 5, "too few test positions: {found}");
}

#[test]
fn avoids_handing_the_opponent_a_win_in_one() {
    let mut found = 0;
    for s in random_positions(3, 3_000) {
        let succ = s.successors();
        if succ.iter().any(|r| r.outcome().is_some()) {
            continue;
        }
        let bad = succ.iter().filter(|r| hands_win(&s, &r.mv)).count();
        if bad == 0 || bad == succ.len() {
            continue;
        }
        found += 1;
        for level in Level::ALL {
            let r = best(&s, level, 20_000, found);
            assert!(!hands_win(&s, &r.best), "{level} played {} in {s}, handing over a win", r.best);
        }
        if found == 25 {
            break;
        }
    }
    assert!(found >= 5, "too few test positions: {found}");
}

#[test]
fn stop_flag_returns_promptly() {
    let s = state("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");
    let stop = AtomicBool::new(false);
    let started = Instant::now();
    let r = std::thread::scope(|scope| {
        let h = scope.spawn(|| {
            let limits = Limits { time: Some(Duration::from_secs(60)), depth: Some(60), nodes: None, threads: 1 };
            ai::search(&s, Level::Master, limits, 0, &stop, &mut |_| {})
        });
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        h.join().unwrap()
    });
    assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
    let r = r.expect("a move");
    assert!(s.play(&r.best).is_ok());

    // Already stopped: still a legal move, at once.
    let r = ai::search(&s, Level::Master, Limits::default(), 0, &stop, &mut |_| {}).expect("a move");
    assert!(s.play(&r.best).is_ok());
}

#[test]
fn deterministic_for_a_seed_and_node_budget() {
    for (k, s) in random_positions(4, 12).iter().enumerate() {
        for level in Level::ALL {
            let (a, b) = (best(s, level, 4_000, k as u64), best(s, level, 4_000, k as u64));
            assert_eq!(a, b, "{level} in {s}");
        }
    }
}

#[test]
fn reports_each_iteration() {
    let s = state("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");
    let stop = AtomicBool::new(false);
    let mut depths = Vec::new();
    let limits = Limits { time: None, depth: Some(4), nodes: None, threads: 1 };
    let r = ai::search(&s, Level::Master, limits, 0, &stop, &mut |i| depths.push(i.depth)).unwrap();
    assert_eq!(depths, vec![1, 2, 3, 4]);
    assert_eq!(r.depth, 4);
}

#[test]
fn no_move_when_the_game_is_over() {
    // Upper has only singletons.
    let s = state("10a-c, 1d-g, 14i; 1A-P / U none 1,1");
    let stop = AtomicBool::new(false);
    assert!(ai::search(&s, Level::Master, limits(100), 0, &stop, &mut |_| {}).is_none());
    assert!(greedy_move(&s).is_none());
}

#[test]
fn levels_by_name() {
    for level in Level::ALL {
        assert_eq!(level.to_string().to_lowercase().parse::<Level>(), Ok(level));
        assert_eq!(level.to_string().parse::<Level>(), Ok(level));
    }
    assert_eq!(Level::Beginner.to_string(), "Beginner");
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn layouts_hold_32_seeds_and_vary_by_seed() {
    let options = RuleOptions::default();
    let seen = Layout::back_row_fours();
    for level in Level::ALL {
        for (side, seen) in [(Side::Lower, None), (Side::Upper, Some(&seen))] {
            let a = choose_layout(side, level, seen, &options, 7);
            assert_eq!(a.counts().iter().map(|&c| c as u32).sum::<u32>(), SEEDS_PER_SIDE);
            assert_eq!(a, choose_layout(side, level, seen, &options, 7), "{level}: deterministic");
        }
    }
    let distinct: std::collections::HashSet<Layout> =
        (0..6).map(|seed| choose_layout(Side::Lower, Level::Beginner, None, &options, seed)).collect();
    assert!(distinct.len() >= 3, "beginner layouts should vary from game to game");
}

#[test]
fn worker_replies_cancels_and_moves_now() {
    let s = state("11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0");
    let w = worker::Worker::spawn();
    let request = |id, time| worker::Request { id, state: s.clone(), level: Level::Master, time, seed: id };

    w.request(request(1, Duration::from_millis(50)));
    let reply = wait(&w);
    assert_eq!(reply.id, 1);
    assert!(s.play(&reply.result.unwrap().best).is_ok());

    // Cancelled: no reply at all; the next request is answered.
    w.request(request(2, Duration::from_secs(60)));
    std::thread::sleep(Duration::from_millis(50));
    w.cancel();
    w.request(request(3, Duration::from_millis(30)));
    assert_eq!(wait(&w).id, 3);

    // Move now: a reply long before the time is up.
    let started = Instant::now();
    w.request(request(4, Duration::from_secs(60)));
    std::thread::sleep(Duration::from_millis(50));
    w.move_now();
    let reply = wait(&w);
    assert_eq!(reply.id, 4);
    assert!(reply.result.is_some());
    assert!(started.elapsed() < Duration::from_secs(10));

    // With two threads a search still answers, and "move now" still stops it.
    w.set_threads(2);
    w.request(request(5, Duration::from_millis(40)));
    let reply = wait(&w);
    assert_eq!(reply.id, 5);
    assert!(s.play(&reply.result.unwrap().best).is_ok());
    w.request(request(6, Duration::from_secs(60)));
    std::thread::sleep(Duration::from_millis(50));
    w.move_now();
    assert_eq!(wait(&w).id, 6);
    drop(w);
}

fn wait(w: &worker::Worker) -> worker::Reply {
    let started = Instant::now();
    loop {
        if let Some(r) = w.try_recv() {
            return r;
        }
        assert!(started.elapsed() < Duration::from_secs(20), "no reply");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_best_move_owns_the_reported_score() {
    // A forced win in 9 moves by O, where a move that merely fails low (C) reaches the same
    // bound: the search must report O (a past bug played C). Late move reductions search
    // some lines less deep than the iteration, so the proof takes the iteration of depth 11.
    let s = state("1a-c, 3d, 4e, 6f, 3g, 1i-mo; 4A, 1B, 6C, 5F, 1G, 5I, 1J, 6K, 3N, 4O, 3P / U none 3,3");
    let stop = AtomicBool::new(false);
    let limits = Limits { time: None, depth: Some(11), nodes: None, threads: 1 };
    let r = ai::search(&s, Level::Master, limits, 0, &stop, &mut |_| {}).unwrap();
    assert_eq!(r.best.to_string(), "O");
    assert!(r.score >= PROVEN);

    // In general: the score of the best move is minus the score of the position it leads to,
    // searched one move less deep. (Three moves deep, where no line is reduced: deeper,
    // late move reductions make a score depend on the path to the position.)
    for (k, s) in random_positions(5, 25).iter().enumerate() {
        let limits = Limits { time: None, depth: Some(3), nodes: None, threads: 1 };
        let r = ai::search(s, Level::Master, limits, k as u64, &stop, &mut |_| {}).unwrap();
        let (next, _) = s.play(&r.best).unwrap();
        if next.outcome().is_some() || r.depth < 3 {
            continue;
        }
        let limits = Limits { time: None, depth: Some(2), nodes: None, threads: 1 };
        let child = ai::search(&next.state, Level::Master, limits, 0, &stop, &mut |_| {}).unwrap();
        if child.depth == 2 {
            assert_eq!(r.score, -child.score, "{s}: {}", r.best);
        }
    }
}

#[test]
fn several_threads_share_the_table_and_still_play_legal_winning_moves() {
    let stop = AtomicBool::new(false);
    for (k, s) in random_positions(21, 12).iter().enumerate() {
        let limits = Limits { time: None, depth: Some(5), nodes: Some(30_000), threads: 3 };
        let r = ai::search(s, Level::Master, limits, k as u64, &stop, &mut |_| {}).expect("a move");
        assert!(s.play(&r.best).is_ok(), "{} in {s}", r.best);
        assert_eq!(r.pv.first(), Some(&r.best));
        // A win in one is still taken.
        if s.successors()
            .iter()
            .any(|n| matches!(n.outcome(), Some(Outcome::Win { winner, .. }) if winner == s.to_move()))
        {
            assert!(wins_now(s, &r.best), "missed a win in {s}");
        }
    }
}
