//! Solver speed: proving the first-move positions of Master layout pairs that the solver
//! proves quickly (`benches/first-moves.txt`, the proof suite's file), and the RULES.md §6
//! worked start, each to its proof, on one thread and on two.

use criterion::{Criterion, criterion_group, criterion_main};
use omweso_engine::{SolveLimits, Verdict, solve};
use omweso_rules::GameState;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The proof suite's first-move positions the solver proves within 0.1 s on one thread (most
/// of them), so that a sample takes about a second.
fn quick_positions() -> Vec<GameState> {
    let stop = AtomicBool::new(false);
    include_str!("first-moves.txt")
        .lines()
        .filter_map(|l| l.parse::<GameState>().ok())
        .filter(|s| {
            let limits = SolveLimits { time: Some(Duration::from_millis(100)), ..SolveLimits::default() };
            matches!(solve(s, limits, &stop).verdict, Verdict::Win { .. })
        })
        .collect()
}

fn prove_all(positions: &[GameState], threads: usize, stop: &AtomicBool) {
    for s in positions {
        let limits = SolveLimits { time: None, threads, ..SolveLimits::default() };
        assert!(matches!(black_box(solve(s, limits, stop)).verdict, Verdict::Win { .. }), "{s}");
    }
}

fn bench(c: &mut Criterion) {
    let quick = quick_positions();
    let worked: GameState = "9a, 3b, 4d-fhm; 4A-F, 3G, 5P / L both 0,0".parse().expect("the worked start");
    let stop = AtomicBool::new(false);
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for threads in [1, 2] {
        group.bench_function(format!("{} first-move positions, {threads} thread(s)", quick.len()), |b| {
            b.iter(|| prove_all(&quick, threads, &stop))
        });
    }
    group.measurement_time(Duration::from_secs(60));
    for threads in [1, 2] {
        group.bench_function(format!("the worked start, {threads} thread(s)"), |b| {
            b.iter(|| prove_all(std::slice::from_ref(&worked), threads, &stop))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
