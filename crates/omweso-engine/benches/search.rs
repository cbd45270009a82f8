//! Search speed on positions from seeded random games: fixed-depth and fixed-node searches.

use criterion::{Criterion, criterion_group, criterion_main};
use omweso_engine::{self as ai, Level, Limits};
use omweso_rules::GameState;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

#[path = "../../omweso-rules/tests/common/mod.rs"]
mod common;

/// Middle-game positions: random layouts, then 10–20 random moves.
fn positions() -> Vec<GameState> {
    common::random_states(2026, 8, 10..21)
}

fn bench(c: &mut Criterion) {
    let positions = positions();
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("depth 5, 8 positions", |b| {
        b.iter(|| {
            for s in &positions {
                let limits = Limits { time: None, depth: Some(5), nodes: None, threads: 1 };
                black_box(ai::search(s, Level::Master, limits, 0, &stop, &mut |_| {}));
            }
        })
    });
    group.bench_function("20k nodes, 8 positions", |b| {
        b.iter(|| {
            for s in &positions {
                let limits = Limits { time: None, depth: None, nodes: Some(20_000), threads: 1 };
                black_box(ai::search(s, Level::Master, limits, 0, &stop, &mut |_| {}));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
