//! Search speed on positions from seeded random games: fixed-depth and fixed-node searches.

use criterion::{Criterion, criterion_group, criterion_main};
use omweso::ai::{self, Level, Limits, random_move};
use omweso::rules::{GameState, Layout, RuleOptions, Side};
use rand::SeedableRng;
use rand::rngs::StdRng;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

/// Middle-game positions: random layouts, then 10–20 random moves.
fn positions() -> Vec<GameState> {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut out = Vec::new();
    while out.len() < 8 {
        let (l, u) = (Layout::random(&mut rng), Layout::random(&mut rng));
        let mut s = GameState::from_layouts(&l, &u, Side::Lower, RuleOptions::default());
        for _ in 0..10 + out.len() {
            let Some(mv) = random_move(&s, &mut rng) else { break };
            let (next, _) = s.play(&mv).expect("legal");
            if next.outcome.is_some() {
                break;
            }
            s = next.state;
        }
        if s.outcome().is_none() {
            out.push(s);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("depth 5, 8 positions", |b| {
        b.iter(|| {
            for s in &positions {
                let limits = Limits { time: None, depth: Some(5), nodes: None };
                black_box(ai::search(s, Level::Master, limits, 0, &stop, &mut |_| {}));
            }
        })
    });
    group.bench_function("20k nodes, 8 positions", |b| {
        b.iter(|| {
            for s in &positions {
                let limits = Limits { time: None, depth: None, nodes: Some(20_000) };
                black_box(ai::search(s, Level::Master, limits, 0, &stop, &mut |_| {}));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
