//! Building one frame of the window at 1280×800 (egui layout + tessellation, no rasterizer).

use criterion::{Criterion, criterion_group, criterion_main};
use omweso::app::{App, model::session::Session, model::settings::Settings};
use omweso_rules::GameState;

fn frame(c: &mut Criterion) {
    let state: GameState =
        "11a, 5b, 2c, 1d, 5e, 2g, 7h, 1jk, 3n-p; 5DE, 3G, 1JL, 5P / U none 1,0".parse().expect("state");
    let mut app = App::new(Session::from_state(Settings::default(), state));
    let ctx = egui::Context::default();
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
        ..Default::default()
    };
    c.bench_function("frame 1280x800", |b| {
        b.iter(|| {
            let out = ctx.run_ui(input(), |ui| app.ui(ui));
            let prims = ctx.tessellate(out.shapes, out.pixels_per_point);
            std::hint::black_box(prims.len())
        })
    });
}

criterion_group!(benches, frame);
criterion_main!(benches);
