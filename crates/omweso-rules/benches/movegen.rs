//! Generating every complete legal move over positions taken from seeded random games:
//! complete moves a second on one core, with the move and the state after it
//! (`successors`, what a search's root and the window use), with the state after it only
//! (`children`, what a search's interior nodes use) and counted only (`count`, what perft's
//! last level uses).

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use omweso_rules::{Child, Successor};
use std::hint::black_box;
use std::ops::ControlFlow;

#[path = "../tests/common/mod.rs"]
mod common;

fn movegen(c: &mut Criterion) {
    let positions = common::game_positions(200);
    let moves: u64 = positions.iter().map(|p| p.successors().len() as u64).sum();
    let mut group = c.benchmark_group("movegen");
    group.throughput(Throughput::Elements(moves));
    group.bench_with_input(BenchmarkId::new("successors", positions.len()), &positions, |b, positions| {
        b.iter(|| {
            let mut n = 0u64;
            for p in positions {
                let _ = p.generate(|s: Successor| -> ControlFlow<()> {
                    black_box(&s);
                    n += 1;
                    ControlFlow::Continue(())
                });
            }
            n
        })
    });
    // What a search's interior node uses: the state after each move, no move built.
    group.bench_with_input(BenchmarkId::new("children", positions.len()), &positions, |b, positions| {
        b.iter(|| {
            let mut n = 0u64;
            for p in positions {
                let _ = p.generate(|c: Child| -> ControlFlow<()> {
                    black_box(&c);
                    n += 1;
                    ControlFlow::Continue(())
                });
            }
            n
        })
    });
    // Perft's last level: every move sown to its end and counted, no state built after it.
    group.bench_with_input(BenchmarkId::new("count", positions.len()), &positions, |b, positions| {
        b.iter(|| positions.iter().map(|p| black_box(p).count_moves()).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
