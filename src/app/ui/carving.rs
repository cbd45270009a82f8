//! The board's material, painted from the pictures in `assets/` (see [`crate::app::ui::textures`]):
//! the wood with its bevelled edge, rounded corners and the groove, the carved holes, the
//! seeds piled in them and the hand that sows. Light comes from the top left throughout.
//! Sizes are parts of the cell (see [`crate::app::ui::theme`]).

use crate::app::ui::textures::{self, Textures};
use crate::app::ui::theme;
use egui::{Color32, Mesh, Painter, Pos2, Rect, Shape, Vec2, pos2, vec2};
use std::f32::consts::FRAC_PI_2;

/// A small deterministic hash (the same seeds every frame: no jitter).
fn hash(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// A number in 0..1 from `a` and `b`.
pub fn unit(a: u32, b: u32) -> f32 {
    (hash(a.wrapping_mul(0x9e37_79b9) ^ hash(b)) & 0xffff) as f32 / 65535.0
}

/// The direction the light comes from, on the board's plane (toward the top left).
const LIGHT: Vec2 = vec2(-0.6, -0.8);

/// The wood: the board's shadow on the table, the textured face with rounded corners, the
/// bevelled edge lit on the top and left, and the groove between the two halves at `groove_y`.
pub fn paint_wood(painter: &Painter, tex: &Textures, board: Rect, cell: f32, groove_y: f32) {
    let corner = cell * theme::CORNER;
    let shadow =
        egui::epaint::RectShape::filled(board.translate(vec2(cell * 0.06, cell * 0.12)), corner, theme::BOARD_SHADOW)
            .with_blur_width(cell * 0.35);
    painter.add(shadow);
    let full = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
    painter.add(egui::epaint::RectShape::filled(board, corner, theme::WOOD_TINT).with_texture(tex.wood.id(), full));
    bevel(painter, board, corner, cell * theme::BEVEL);
    groove(painter, board, cell, groove_y);
}

/// Points around a rounded rectangle, clockwise from the top left corner, each with its
/// outward normal.
fn outline(rect: Rect, radius: f32, per_corner: usize) -> Vec<(Pos2, Vec2)> {
    let r = radius.min(rect.width() / 2.0).min(rect.height() / 2.0).max(0.0);
    let corners = [
        (pos2(rect.left() + r, rect.top() + r), 2.0),
        (pos2(rect.right() - r, rect.top() + r), 3.0),
        (pos2(rect.right() - r, rect.bottom() - r), 0.0),
        (pos2(rect.left() + r, rect.bottom() - r), 1.0),
    ];
    let mut pts = Vec::with_capacity(4 * (per_corner + 1));
    for (c, quarter) in corners {
        for i in 0..=per_corner {
            let a = (quarter + i as f32 / per_corner as f32) * FRAC_PI_2;
            let n = vec2(a.cos(), a.sin());
            pts.push((c + n * r, n));
        }
    }
    pts
}

/// The rounded edge: a band whose shade follows its slope toward or away from the light.
fn bevel(painter: &Painter, board: Rect, corner: f32, width: f32) {
    let outer = outline(board, corner, 10);
    let inner = outline(board.shrink(width), (corner - width).max(width * 0.5), 10);
    let mut mesh = Mesh::default();
    let shade = |n: Vec2, k: f32| {
        let lit = n.dot(LIGHT.normalized());
        if lit > 0.0 {
            theme::BEVEL_LIGHT.gamma_multiply(lit * k)
        } else {
            theme::BEVEL_SHADOW.gamma_multiply(-lit * k)
        }
    };
    for (&(o, n), &(i, _)) in outer.iter().zip(&inner) {
        mesh.colored_vertex(o, shade(n, 1.0));
        mesh.colored_vertex(i, shade(n, 0.35));
    }
    let count = outer.len() as u32;
    for k in 0..count {
        let (a, b) = (2 * k, 2 * ((k + 1) % count));
        mesh.add_triangle(a, b, a + 1);
        mesh.add_triangle(b, b + 1, a + 1);
    }
    painter.add(Shape::mesh(mesh));
    let edge = egui::Stroke::new((width * 0.08).max(1.0), Color32::from_black_alpha(120));
    painter.rect_stroke(board, corner, edge, egui::StrokeKind::Inside);
}

/// The groove between the halves: a rounded channel, its upper wall in shadow, its lower
/// wall catching the light.
fn groove(painter: &Painter, board: Rect, cell: f32, y: f32) {
    let h = cell * theme::GROOVE;
    let slot = Rect::from_x_y_ranges(board.left() + cell * 0.45..=board.right() - cell * 0.45, y - h..=y + h);
    painter.rect_filled(slot, h, theme::GROOVE_FLOOR);
    let upper = Rect::from_x_y_ranges(slot.x_range(), slot.top()..=slot.center().y);
    painter.add(
        egui::epaint::RectShape::filled(upper.shrink2(vec2(h, 0.0)), h * 0.5, Color32::from_black_alpha(90))
            .with_blur_width(h),
    );
    let lit = egui::Stroke::new((h * 0.25).max(1.0), theme::BEVEL_LIGHT.gamma_multiply(1.4));
    painter.line_segment([pos2(slot.left() + h, slot.bottom()), pos2(slot.right() - h, slot.bottom())], lit);
}

/// The carved holes, all in one mesh.
pub fn paint_holes(painter: &Painter, tex: &Textures, centers: impl Iterator<Item = Pos2>, r: f32) {
    let mut mesh = Mesh::with_texture(tex.hole.id());
    let full = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
    let size = Vec2::splat(2.0 * r / textures::HOLE_RIM);
    for c in centers {
        mesh.add_rect_with_uv(Rect::from_center_size(c, size), full, Color32::WHITE);
    }
    painter.add(Shape::mesh(mesh));
}

/// One seed of a pile: where it lies, its size, tint and picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seed {
    /// From the pile's centre.
    pub offset: Vec2,
    /// Its radius.
    pub radius: f32,
    /// Grey to grey-brown, lighter higher in the pile.
    pub tint: Color32,
    /// Which picture of the seed atlas.
    pub variant: usize,
}

/// How `n` seeds lie in a bowl of radius `space` (seeds of radius about `seed`), bottom
/// layer first: they gather at the bottom, and a large number heaps up into a mound (its
/// upper layers narrower and drawn higher). `key` makes each hole's pile its own; the
/// same key and count always give the same pile.
pub fn pile(key: u32, n: u32, space: f32, seed: f32) -> Vec<Seed> {
    if n == 0 {
        return Vec::new();
    }
    // Many seeds: smaller, so that even all 64 stay inside the bowl's rim.
    let s = seed * (24.0 / n as f32).sqrt().clamp(0.62, 1.0);
    let base = (space - s * 0.9).max(s * 0.5);
    let cap = |r: f32| 1 + (1.1 * (r / s).powi(2)) as u32;
    let mut layers = 1;
    while layers < 16 && (0..layers).map(|k| cap(base * (1.0 - k as f32 / layers as f32))).sum::<u32>() < n {
        layers += 1;
    }
    let mut out = Vec::with_capacity(n as usize);
    let mut left = n;
    for k in 0..layers {
        let r = base * (1.0 - k as f32 / layers as f32);
        let m = cap(r).min(left);
        left -= m;
        // A few seeds gather at the bottom rather than spread to the wall.
        let spread = r.min(s * (m as f32 / 1.1).sqrt());
        // Each layer a little higher, never so high that its seeds cross the rim.
        let lift = (k as f32 * s * 0.38).min((space - s * 0.5 - spread).max(0.0));
        let start = out.len();
        for j in 0..m {
            let i = n - left - m + j;
            let h = key.wrapping_mul(131).wrapping_add(i);
            let rho = spread * ((j as f32 + 0.5) / m as f32).sqrt() * (0.88 + 0.24 * unit(h, 1));
            let ang = j as f32 * 2.399_963 + key as f32 * 0.77 + k as f32 * 1.3 + 0.5 * unit(h, 2);
            let offset = vec2(ang.cos(), ang.sin() * 0.94) * rho - vec2(0.0, lift);
            let tone = unit(h, 3);
            let light = 0.8 + 0.16 * unit(h, 4) + 0.04 * k as f32;
            let tint = lerp_color(theme::SEED_GREY, theme::SEED_BROWN, tone).gamma_multiply(light.min(1.0));
            let tint = Color32::from_rgb(tint.r(), tint.g(), tint.b());
            let radius = s * (0.92 + 0.16 * unit(h, 5));
            out.push(Seed { offset, radius, tint, variant: (hash(h) as usize) % textures::SEED_VARIANTS });
        }
        // The front of a layer overlaps its back.
        out[start..].sort_by(|a, b| a.offset.y.total_cmp(&b.offset.y));
        if left == 0 {
            break;
        }
    }
    out
}

fn lerp_color(a: Color32, b: Color32, t: f32) -> Color32 {
    let l = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(l(a.r(), b.r()), l(a.g(), b.g()), l(a.b(), b.b()))
}

/// Adds seeds at `center` to a mesh on the seed atlas.
pub fn add_seeds(mesh: &mut Mesh, center: Pos2, seeds: &[Seed]) {
    let w = 1.0 / textures::SEED_VARIANTS as f32;
    for s in seeds {
        let uv = Rect::from_min_max(pos2(s.variant as f32 * w, 0.0), pos2((s.variant + 1) as f32 * w, 1.0));
        let size = Vec2::splat(2.0 * s.radius / textures::SEED_R);
        mesh.add_rect_with_uv(Rect::from_center_size(center + s.offset, size), uv, s.tint);
    }
}

/// A mesh for seeds.
pub fn seed_mesh(tex: &Textures) -> Mesh {
    Mesh::with_texture(tex.seeds.id())
}

/// The hand at `at` (the centre of its palm), `size` wide, holding `seeds` seeds.
pub fn paint_hand(painter: &Painter, tex: &Textures, at: Pos2, size: f32, seeds: u32, seed_r: f32) {
    let rect = Rect::from_center_size(at + vec2(0.0, -size * 0.02), vec2(size, size * 0.8));
    let full = Rect::from_min_max(Pos2::ZERO, pos2(1.0, 1.0));
    painter.image(tex.hand.id(), rect, full, Color32::WHITE);
    let mut mesh = seed_mesh(tex);
    add_seeds(&mut mesh, at + vec2(size * 0.01, size * 0.03), &pile(7, seeds.min(12), size * 0.2, seed_r));
    painter.add(Shape::mesh(mesh));
}

/// A ring around a hole, `k` times the hole's radius: the marks.
pub fn ring(painter: &Painter, c: Pos2, r: f32, cell: f32, color: Color32) {
    painter.circle_stroke(c, r, egui::Stroke::new(cell * theme::RING, color));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pile_has_every_seed_and_is_the_same_each_time() {
        for n in [1, 2, 5, 12, 30, 46, 64] {
            let p = pile(3, n, 36.0, 9.0);
            assert_eq!(p.len(), n as usize);
            assert_eq!(p, pile(3, n, 36.0, 9.0), "deterministic");
            assert_ne!(p, pile(4, n, 36.0, 9.0), "each hole its own");
        }
    }

    #[test]
    fn seeds_stay_in_the_bowl_unless_the_pile_is_large() {
        for n in 1..=24 {
            for s in pile(9, n, 36.0, 9.0) {
                assert!(s.offset.length() + s.radius <= 36.0 + 9.0 * 0.4, "{n} seeds: {s:?}");
            }
        }
    }
}
