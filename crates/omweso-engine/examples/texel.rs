//! Tunes the evaluation's weights by self-play (texel tuning): plays Master against Master
//! at a fixed node budget (deterministic), labels every position of each game with the
//! game's result for the player to move, and fits the weights of `ai::eval` so that a
//! logistic curve of the evaluation predicts those results (least squares), keeping the
//! value of a seed fixed. Prints the fitted weights, to be copied into `ai::eval::WEIGHTS`
//! and then checked by a match against the old weights (`omweso match`).
//!
//! `cargo run --release --example texel -- [games] [nodes-per-move] [positions-file]`
//! (default 400 games, 3000 nodes). With a positions file that exists the games are read
//! from it instead of being played; otherwise they are written to it.
//!
//! A measurement and a tool, not a test: half the games start from layouts chosen by the
//! engine, half from random layouts, a quarter of the positions of each game (by game) are
//! kept aside to check that the fit is not learning noise.

use omweso_engine::eval::{FEATURE_NAMES, FEATURES, WEIGHTS, features};
use omweso_engine::{self as ai, Level, Limits, choose_layout};
use omweso_rules::{GameState, Layout, Outcome, RuleOptions, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

/// One labelled position: the game it came from, its state and the result for the player
/// to move (1 win, 0.5 annulled or unfinished, 0 loss).
struct Sample {
    game: u64,
    state: GameState,
    result: f64,
}

fn play_game(game: u64, nodes: u64) -> Vec<Sample> {
    let options = RuleOptions::default();
    let (lower, upper) = if game.is_multiple_of(2) {
        let upper = choose_layout(Side::Upper, Level::Strong, None, &options, game * 2 + 1);
        (choose_layout(Side::Lower, Level::Strong, Some(&upper), &options, game * 2 + 2), upper)
    } else {
        let mut rng = StdRng::seed_from_u64(game);
        (Layout::random(&mut rng), Layout::random(&mut rng))
    };
    let mut state = GameState::from_layouts(&lower, &upper, Side::Lower, options);
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let mut winner = None;
    for ply in 0..400u64 {
        let limits = Limits { time: None, depth: None, nodes: Some(nodes), threads: 1 };
        let Some(r) = ai::search(&state, Level::Master, limits, game ^ (ply << 20), &stop, &mut |_| {}) else {
            break;
        };
        seen.push(state.clone());
        let (next, _) = state.play(&r.best).expect("the engine plays legal moves");
        match next.outcome() {
            Some(Outcome::Win { winner: w, .. }) => {
                winner = Some(w);
                break;
            }
            Some(Outcome::Annulled) => break,
            None => state = next.state,
        }
    }
    seen.into_iter()
        .skip(2)
        .map(|s| {
            let result = match winner {
                Some(w) if w == s.to_move() => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            Sample { game, state: s, result }
        })
        .collect()
}

fn read_or_play(games: u64, nodes: u64, file: Option<&str>) -> Vec<Sample> {
    if let Some(text) = file.and_then(|f| std::fs::read_to_string(f).ok()) {
        return text
            .lines()
            .filter_map(|line| {
                let mut parts = line.split('\t');
                let game = parts.next()?.parse().ok()?;
                let result = parts.next()?.parse().ok()?;
                let state = parts.next()?.parse().ok()?;
                Some(Sample { game, state, result })
            })
            .collect();
    }
    let samples: Vec<Sample> = (0..games).into_par_iter().flat_map_iter(|g| play_game(g, nodes)).collect();
    if let Some(f) = file {
        let text: String = samples.iter().map(|s| format!("{}\t{}\t{}\n", s.game, s.result, s.state)).collect();
        std::fs::write(f, text).expect("positions file written");
    }
    samples
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared error of the predictions `sigmoid(k * eval / 100)`.
fn loss(data: &[([f64; FEATURES], f64)], w: &[f64; FEATURES], k: f64) -> f64 {
    let total: f64 = data
        .iter()
        .map(|(f, r)| {
            let e: f64 = f.iter().zip(w).map(|(a, b)| a * b).sum();
            (r - sigmoid(k * e / 100.0)).powi(2)
        })
        .sum();
    total / data.len().max(1) as f64
}

/// The scale `k` that best fits the weights as they are (golden-section search).
fn fit_k(data: &[([f64; FEATURES], f64)], w: &[f64; FEATURES]) -> f64 {
    let (mut lo, mut hi) = (0.001f64, 2.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if loss(data, w, a) < loss(data, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Pull of each weight back towards today's value, per (100 units)² of change: rare terms
/// (a mover with one playable hole) keep their hand-set values unless the data insist.
const RIDGE: f64 = 1e-4;

/// Adam on the squared error plus [`RIDGE`]; the first weight (the seed) stays fixed.
fn fit_weights(data: &[([f64; FEATURES], f64)], start: &[f64; FEATURES], k: f64) -> [f64; FEATURES] {
    let anchor = WEIGHTS.map(f64::from);
    let mut w = *start;
    let (mut m, mut v) = ([0f64; FEATURES], [0f64; FEATURES]);
    let (rate, b1, b2) = (2.0, 0.9, 0.999);
    for step in 1..=3000 {
        let mut grad = [0f64; FEATURES];
        for (f, r) in data {
            let e: f64 = f.iter().zip(&w).map(|(a, b)| a * b).sum();
            let p = sigmoid(k * e / 100.0);
            let d = -2.0 * (r - p) * p * (1.0 - p) * k / 100.0;
            for (g, x) in grad.iter_mut().zip(f) {
                *g += d * x;
            }
        }
        for i in 1..FEATURES {
            let g = grad[i] / data.len() as f64 + 2.0 * RIDGE * (w[i] - anchor[i]) / 1e4;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let (mh, vh) = (m[i] / (1.0 - b1.powi(step)), v[i] / (1.0 - b2.powi(step)));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    w
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games = args.first().and_then(|a| a.parse().ok()).unwrap_or(400);
    let nodes = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3000);
    let samples = read_or_play(games, nodes, args.get(2).map(String::as_str));
    let as_row = |s: &Sample| (features(&s.state).map(f64::from), s.result);
    let train: Vec<_> = samples.iter().filter(|s| s.game % 4 != 3).map(as_row).collect();
    let check: Vec<_> = samples.iter().filter(|s| s.game % 4 == 3).map(as_row).collect();
    println!("{} positions for fitting, {} kept aside", train.len(), check.len());

    let old = WEIGHTS.map(f64::from);
    let k = fit_k(&train, &old);
    println!(
        "scale k = {k:.4}; error with today's weights: fit {:.5}, aside {:.5}",
        loss(&train, &old, k),
        loss(&check, &old, k)
    );
    let mut w = old;
    let mut k2 = k;
    for _ in 0..3 {
        w = fit_weights(&train, &w, k2);
        k2 = fit_k(&train, &w);
    }
    println!(
        "scale k = {k2:.4}; error with fitted weights (ridge {RIDGE}): fit {:.5}, aside {:.5}",
        loss(&train, &w, k2),
        loss(&check, &w, k2)
    );
    // The seed keeps its value (100): the other weights are measured against it.
    let rescaled: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    for (name, (o, n)) in FEATURE_NAMES.iter().zip(WEIGHTS.iter().zip(&rescaled)) {
        println!("{name:>18}: {o:>5} -> {n:>5}");
    }
    println!("WEIGHTS = {rescaled:?}");
}
