//! The board: painted wood, 4 × 8 holes, seeds, counts, highlights, the decision offer and
//! the sowing hand. Painting only: the board says which hole was clicked, the app decides
//! what that means.

use super::animation::Hand;
use super::theme;
use crate::rules::{DecisionPoint, Direction, Hole, Side};
use egui::{
    Align2, Color32, CornerRadius, FontId, Id, Mesh, Modifiers, Painter, Pos2, Rect, Role, Sense, Shape, Stroke,
    StrokeKind, Ui, Vec2, WidgetInfo, pos2, vec2,
};
use std::f32::consts::TAU;

/// What the board shows.
#[derive(Clone, Debug, Default)]
pub struct BoardView {
    /// Seeds per hole, by [`Hole::index`].
    pub counts: [u8; 32],
    /// Upper's view: Upper's half at the bottom.
    pub flipped: bool,
    /// Show the hole letters.
    pub letters: bool,
    /// Name plates: name and side, by [`Side::index`].
    pub names: [String; 2],
    /// The side whose turn it is (its plate is lit).
    pub to_move: Option<Side>,
    /// Holes that react to clicks, by [`Hole::index`].
    pub clickable: Vec<Hole>,
    /// Mark every clickable hole, not only the hovered one.
    pub show_clickable: bool,
    /// The hole where the hovered hole's first lap would end.
    pub preview: Option<Hole>,
    /// The suggested move (Hint): its start hole first, then each hole from which it
    /// chooses to sow clockwise (RULES.md 3.5).
    pub hint: Vec<Hole>,
    /// Start hole of the last move.
    pub last_start: Option<Hole>,
    /// Holes captured in the last move (or so far in the move being animated).
    pub captured: Vec<Hole>,
    /// The decision offered now (RULES.md 3.5).
    pub offer: Option<DecisionPoint>,
    /// Holes the opponent could capture on its next move, with the seeds at stake (the
    /// threats, or what the hovered move would leave exposed).
    pub threats: Vec<(Hole, u32)>,
    /// The sowing hand.
    pub hand: Option<Hand>,
    /// The hole lifted last in the animation (start or relay).
    pub lifted: Option<Hole>,
}

/// What happened on the board this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardResponse {
    /// A clickable hole was clicked, with the modifiers held.
    pub clicked: Option<(Hole, Modifiers)>,
    /// A clickable hole was right-clicked.
    pub secondary: Option<Hole>,
    /// The hole under the pointer.
    pub hovered: Option<Hole>,
    /// A direction arrow of the offer was clicked.
    pub choose: Option<Direction>,
}

/// Where the holes are: the board fitted into a rectangle, keeping its proportions.
#[derive(Clone, Copy, Debug)]
pub struct Geometry {
    /// The wooden board.
    pub board: Rect,
    /// Size of one hole's cell.
    pub cell: f32,
    flipped: bool,
}

const MARGIN: f32 = 0.5;
const GAP: f32 = 0.45;
const PLATE: f32 = 0.6;

impl Geometry {
    /// The largest board that fits `avail` with room for the name plates.
    pub fn fit(avail: Rect, flipped: bool) -> Geometry {
        let w = 8.0 + 2.0 * MARGIN;
        let h = 4.0 + GAP + 2.0 * MARGIN;
        let cell = (avail.width() / w).min(avail.height() / (h + 2.0 * PLATE)).max(4.0);
        let board = Rect::from_center_size(avail.center(), vec2(w * cell, h * cell));
        Geometry { board, cell, flipped }
    }

    /// Radius of a hole.
    pub fn radius(&self) -> f32 {
        self.cell * 0.41
    }

    /// Centre of a hole.
    pub fn center(&self, hole: Hole) -> Pos2 {
        let mut col = hole.column() as f32 - 1.0;
        let mut row = match (hole.side(), hole.is_front()) {
            (Side::Upper, false) => 0.0,
            (Side::Upper, true) => 1.0,
            (Side::Lower, true) => 2.0,
            (Side::Lower, false) => 3.0,
        };
        if self.flipped {
            col = 7.0 - col;
            row = 3.0 - row;
        }
        let gap = if row >= 2.0 { GAP } else { 0.0 };
        pos2(
            self.board.left() + (MARGIN + col + 0.5) * self.cell,
            self.board.top() + (MARGIN + row + 0.5 + gap) * self.cell,
        )
    }

    /// The side shown at the bottom.
    pub fn bottom_side(&self) -> Side {
        if self.flipped { Side::Upper } else { Side::Lower }
    }
}

/// A small deterministic hash for grain and seed scatter (no jitter between frames).
fn hash(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x7feb_352d);
    x ^= x >> 15;
    x = x.wrapping_mul(0x846c_a68b);
    x ^= x >> 16;
    x
}

/// A number in 0..1 from a hash of `a` and `b`.
fn unit(a: u32, b: u32) -> f32 {
    (hash(a.wrapping_mul(0x9e37_79b9) ^ hash(b)) & 0xffff) as f32 / 65535.0
}

/// The accessible label of a hole: `Lower d, 4 seeds`.
pub fn hole_label(hole: Hole, seeds: u8) -> String {
    let plural = if seeds == 1 { "seed" } else { "seeds" };
    format!("{} {}, {} {}", hole.side(), hole.letter(), seeds, plural)
}

/// Draws the board into the space left in `ui` and reports clicks.
pub fn show(ui: &mut Ui, view: &BoardView) -> BoardResponse {
    let avail = ui.available_rect_before_wrap();
    let (rect, _) = ui.allocate_exact_size(avail.size(), Sense::hover());
    let geo = Geometry::fit(rect, view.flipped);
    let painter = ui.painter_at(rect);
    paint(&painter, &geo, view);
    let mut out = BoardResponse::default();
    let r = geo.radius();
    let modifiers = ui.input(|i| i.modifiers);
    for index in 0..32 {
        let hole = Hole::from_index(index);
        let c = geo.center(hole);
        let clickable = view.clickable.contains(&hole);
        let resp =
            ui.interact(Rect::from_center_size(c, Vec2::splat(2.0 * r)), Id::unique(("hole", index)), Sense::click());
        let label = hole_label(hole, view.counts[index]);
        resp.widget_info(|| WidgetInfo::labeled(Role::Button, clickable, &label));
        if resp.hovered() {
            out.hovered = Some(hole);
            if clickable {
                painter.circle_stroke(c, r * 1.1, Stroke::new(r * 0.1, theme::PLAYABLE));
            }
        }
        if clickable && resp.clicked() {
            out.clicked = Some((hole, modifiers));
        }
        if clickable && resp.secondary_clicked() {
            out.secondary = Some(hole);
        }
    }
    if let Some(dp) = view.offer {
        out.choose = offer(ui, &painter, &geo, &dp);
    }
    if let Some(hand) = view.hand {
        paint_hand(&painter, &geo, &hand);
    }
    out
}

/// Paints everything that is not interactive (the bench measures this with [`show`]).
pub fn paint(painter: &Painter, geo: &Geometry, view: &BoardView) {
    painter.rect_filled(painter.clip_rect(), 0.0, theme::TABLE);
    paint_wood(painter, geo);
    paint_plates(painter, geo, view);
    let r = geo.radius();
    for index in 0..32 {
        let hole = Hole::from_index(index);
        let c = geo.center(hole);
        paint_hole(painter, c, r);
        paint_seeds(painter, c, r, index as u32, view.counts[index]);
    }
    for index in 0..32 {
        let hole = Hole::from_index(index);
        let c = geo.center(hole);
        if view.show_clickable && view.clickable.contains(&hole) {
            painter.circle_stroke(c, r * 1.06, Stroke::new(r * 0.06, theme::PLAYABLE.gamma_multiply(0.8)));
        }
        if view.last_start == Some(hole) {
            painter.circle_stroke(c, r * 1.12, Stroke::new(r * 0.08, theme::LAST_MOVE));
        }
        if view.lifted == Some(hole) {
            painter.circle_filled(c, r, Color32::from_rgba_unmultiplied(255, 240, 200, 40));
        }
        if view.captured.contains(&hole) {
            painter.circle_stroke(c, r * 1.02, Stroke::new(r * 0.1, theme::CAPTURE));
            let d = r * 0.35;
            let s = Stroke::new(r * 0.08, theme::CAPTURE.gamma_multiply(0.8));
            painter.line_segment([c + vec2(-d, -d), c + vec2(d, d)], s);
            painter.line_segment([c + vec2(-d, d), c + vec2(d, -d)], s);
        }
        if view.preview == Some(hole) {
            painter.circle_stroke(c, r * 1.0, Stroke::new(r * 0.09, theme::PREVIEW));
            painter.circle_filled(c, r * 0.12, theme::PREVIEW);
        }
        paint_badges(painter, c, r, hole, view.counts[index], view.letters);
    }
    paint_hint(painter, geo, &view.hint);
    paint_threats(painter, geo, &view.threats);
}

/// Threatened holes: a dashed orange ring and the seeds at stake beside the hole (never
/// over its count or letter).
fn paint_threats(painter: &Painter, geo: &Geometry, threats: &[(Hole, u32)]) {
    let r = geo.radius();
    for &(hole, seeds) in threats {
        let c = geo.center(hole);
        let stroke = Stroke::new(r * 0.07, theme::THREAT);
        for k in 0..12 {
            let a0 = k as f32 / 12.0 * TAU;
            let a1 = a0 + TAU / 24.0;
            let p = |a: f32| c + vec2(a.cos(), a.sin()) * r * 1.2;
            painter.line_segment([p(a0), p(a1)], stroke);
        }
        painter.text(
            c + vec2(r * 0.95, -r * 0.95),
            Align2::CENTER_CENTER,
            format!("-{seeds}"),
            FontId::proportional((r * 0.38).max(8.0)),
            theme::THREAT,
        );
    }
}

/// The hinted move: a double ring on its start hole; at each hole where it chooses to sow
/// clockwise, a ring and an arrow toward the next hole clockwise.
fn paint_hint(painter: &Painter, geo: &Geometry, hint: &[Hole]) {
    let r = geo.radius();
    for (i, &hole) in hint.iter().enumerate() {
        let c = geo.center(hole);
        painter.circle_stroke(c, r * 1.16, Stroke::new(r * 0.09, theme::PREVIEW));
        if i == 0 {
            painter.circle_stroke(c, r * 0.92, Stroke::new(r * 0.05, theme::PREVIEW));
        } else {
            let v = (geo.center(hole.step(Direction::Clockwise)) - c).normalized();
            painter.arrow(c + v * r * 0.55, v * r * 0.75, Stroke::new(r * 0.1, theme::PREVIEW));
        }
    }
}

fn paint_wood(painter: &Painter, geo: &Geometry) {
    let b = geo.board;
    // Shadow under the board.
    painter.rect_filled(
        b.translate(vec2(geo.cell * 0.08, geo.cell * 0.12)),
        geo.cell * 0.15,
        Color32::from_black_alpha(110),
    );
    // The face: a vertex-coloured mesh whose colour follows wavy grain bands along the board.
    let (nx, ny) = (36usize, 28usize);
    let mut mesh = Mesh::default();
    mesh.reserve_vertices((nx + 1) * (ny + 1));
    mesh.reserve_triangles(nx * ny * 2);
    for j in 0..=ny {
        for i in 0..=nx {
            let (u, v) = (i as f32 / nx as f32, j as f32 / ny as f32);
            let wave = (v * 23.0 + 1.8 * (u * 3.3 + v * 4.0).sin() + 0.6 * (u * 9.1).sin()).sin();
            let fine = (v * 61.0 + 2.5 * (u * 5.7).sin()).sin();
            let k = (0.55 + 0.28 * wave + 0.1 * fine - 0.12 * (u - 0.5).abs()).clamp(0.0, 1.0);
            let color = lerp_color(theme::WOOD_DARK, theme::WOOD_LIGHT, k);
            mesh.colored_vertex(pos2(b.left() + u * b.width(), b.top() + v * b.height()), color);
        }
    }
    for j in 0..ny {
        for i in 0..nx {
            let a = (j * (nx + 1) + i) as u32;
            let c = a + (nx + 1) as u32;
            mesh.add_triangle(a, a + 1, c);
            mesh.add_triangle(a + 1, c + 1, c);
        }
    }
    painter.add(Shape::mesh(mesh));
    // Grain lines.
    let steps = 32;
    for line in 0..34u32 {
        let y0 = b.top() + unit(line, 1) * b.height();
        let amp = (0.02 + 0.06 * unit(line, 2)) * geo.cell;
        let freq = 2.0 + 5.0 * unit(line, 3);
        let phase = TAU * unit(line, 4);
        let x0 = b.left() + unit(line, 5) * b.width() * 0.5;
        let x1 = x0 + (0.4 + 0.6 * unit(line, 6)) * b.width();
        let pts: Vec<Pos2> = (0..=steps)
            .map(|s| {
                let u = s as f32 / steps as f32;
                let x = (x0 + u * (x1 - x0)).min(b.right() - 1.0);
                pos2(x, (y0 + amp * (freq * u * TAU + phase).sin()).clamp(b.top() + 1.0, b.bottom() - 1.0))
            })
            .collect();
        let alpha = 40 + (unit(line, 7) * 70.0) as u8;
        let color = Color32::from_rgba_unmultiplied(96, 56, 26, alpha);
        painter.add(Shape::line(pts, Stroke::new(0.5 + 1.3 * unit(line, 8), color)));
    }
    // The groove between the two halves.
    let top_front = geo.center(Hole::from_letter('A').unwrap_or(Hole::from_index(0)));
    let bottom_front = geo.center(Hole::from_letter('a').unwrap_or(Hole::from_index(0)));
    let mid = (top_front.y + bottom_front.y) / 2.0;
    let groove = Rect::from_x_y_ranges(
        b.left() + geo.cell * 0.25..=b.right() - geo.cell * 0.25,
        mid - geo.cell * 0.06..=mid + geo.cell * 0.06,
    );
    painter.rect_filled(groove, geo.cell * 0.06, Color32::from_rgba_unmultiplied(70, 40, 18, 170));
    painter.line_segment(
        [pos2(groove.left(), groove.bottom() + 1.0), pos2(groove.right(), groove.bottom() + 1.0)],
        Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 220, 170, 60)),
    );
    // Rim and a soft top-left sheen.
    painter.rect_stroke(b, geo.cell * 0.15, Stroke::new(geo.cell * 0.12, theme::WOOD_RIM), StrokeKind::Inside);
    painter.rect_stroke(
        b.shrink(geo.cell * 0.12),
        geo.cell * 0.08,
        Stroke::new(1.5, Color32::from_rgba_unmultiplied(255, 225, 180, 50)),
        StrokeKind::Inside,
    );
}

fn lerp_color(a: Color32, b: Color32, t: f32) -> Color32 {
    let l = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color32::from_rgb(l(a.r(), b.r()), l(a.g(), b.g()), l(a.b(), b.b()))
}

fn paint_plates(painter: &Painter, geo: &Geometry, view: &BoardView) {
    for side in Side::BOTH {
        let bottom = side == geo.bottom_side();
        let y =
            if bottom { geo.board.bottom() + geo.cell * PLATE * 0.5 } else { geo.board.top() - geo.cell * PLATE * 0.5 };
        let turn = view.to_move == Some(side);
        let font = FontId::proportional((geo.cell * 0.26).clamp(10.0, 22.0));
        let color = if turn { theme::PLAYABLE } else { Color32::from_gray(200) };
        let seeds: u32 = view.counts[side.index() * 16..side.index() * 16 + 16].iter().map(|&c| c as u32).sum();
        let name = &view.names[side.index()];
        let text = format!("{name} · {seeds} seeds");
        let r = painter.text(pos2(geo.board.center().x, y), Align2::CENTER_CENTER, text, font, color);
        if turn {
            painter.circle_filled(pos2(r.left() - geo.cell * 0.2, r.center().y), geo.cell * 0.09, theme::PLAYABLE);
        }
    }
}

fn paint_hole(painter: &Painter, c: Pos2, r: f32) {
    painter.circle_filled(c + vec2(0.0, r * 0.07), r * 1.05, Color32::from_rgba_unmultiplied(255, 225, 180, 55));
    painter.circle_filled(c, r, theme::HOLE_DEEP);
    painter.circle_filled(c + vec2(r * 0.03, r * 0.12), r * 0.84, theme::HOLE_FLOOR);
    painter.circle_filled(c + vec2(r * 0.05, r * 0.2), r * 0.55, lerp_color(theme::HOLE_FLOOR, theme::WOOD_DARK, 0.35));
}

/// Most seeds drawn in one hole; the count badge tells the rest.
const MAX_DRAWN: u32 = 32;

fn paint_seeds(painter: &Painter, c: Pos2, r: f32, hole: u32, n: u8) {
    let m = (n as u32).min(MAX_DRAWN);
    if m == 0 {
        return;
    }
    let fill = ((m as f32 - 1.0) / (MAX_DRAWN as f32 - 1.0)).clamp(0.0, 1.0);
    let size = r * (0.27 - 0.12 * fill.sqrt());
    let spread = r * (0.25 + 0.45 * fill.sqrt()) + if m > 1 { size * 0.6 } else { 0.0 };
    let mut seeds = Vec::with_capacity(m as usize);
    for i in 0..m {
        let key = hole * 97 + i;
        let rho = if m == 1 {
            r * 0.08 * unit(key, 1)
        } else {
            spread * ((i as f32 + 0.5) / m as f32).sqrt() * (0.9 + 0.2 * unit(key, 2))
        };
        let ang = i as f32 * 2.399_963 + hole as f32 * 0.77 + 0.4 * unit(key, 3);
        let p = c + vec2(ang.cos(), ang.sin()) * rho.min(r - size * 1.1);
        seeds.push((p, key));
    }
    for &(p, _) in &seeds {
        painter.circle_filled(p + vec2(size * 0.15, size * 0.3), size * 0.95, Color32::from_black_alpha(90));
    }
    for &(p, key) in &seeds {
        let rot = TAU * unit(key, 4);
        let (ax, ay) = (size * (1.08 + 0.12 * unit(key, 5)), size * (0.8 + 0.1 * unit(key, 6)));
        let k = (unit(key, 7) * 26.0) as u8;
        let warm = (unit(key, 8) * 10.0) as u8;
        let body = Color32::from_rgb(44 + k + warm, 40 + k, 36 + k / 2);
        let (s, co) = rot.sin_cos();
        let pts: Vec<Pos2> = (0..14)
            .map(|j| {
                let t = j as f32 / 14.0 * TAU;
                let bump = 1.0 + 0.05 * (t * 3.0 + rot).sin();
                let (x, y) = (ax * t.cos() * bump, ay * t.sin() * bump);
                p + vec2(x * co - y * s, x * s + y * co)
            })
            .collect();
        painter.add(Shape::convex_polygon(pts, body, Stroke::new(0.6, Color32::from_rgb(22, 18, 16))));
        let hl = p + vec2(-0.3 * size, -0.35 * size);
        painter.add(Shape::ellipse_filled(hl, vec2(size * 0.38, size * 0.22), Color32::from_white_alpha(70)));
        painter.circle_filled(hl + vec2(-0.05 * size, -0.03 * size), size * 0.1, Color32::from_white_alpha(150));
    }
}

fn paint_badges(painter: &Painter, c: Pos2, r: f32, hole: Hole, n: u8, letters: bool) {
    let bc = c + vec2(r * 0.78, r * 0.74);
    let br = r * 0.3;
    painter.circle_filled(bc, br, theme::BADGE);
    painter.circle_stroke(bc, br, Stroke::new(1.0, Color32::from_rgba_unmultiplied(255, 225, 180, 90)));
    let size = if n >= 10 { br * 1.05 } else { br * 1.3 };
    painter.text(bc, Align2::CENTER_CENTER, n, FontId::proportional(size.max(7.0)), Color32::WHITE);
    if letters {
        let lc = c + vec2(-r * 0.82, -r * 0.78);
        painter.text(
            lc,
            Align2::CENTER_CENTER,
            hole.letter(),
            FontId::monospace((r * 0.38).max(7.0)),
            Color32::from_rgb(255, 240, 205),
        );
    }
}

/// The decision offer: the capture the clockwise lap would make, and an arrow for each
/// direction, clickable.
fn offer(ui: &Ui, painter: &Painter, geo: &Geometry, dp: &DecisionPoint) -> Option<Direction> {
    let r = geo.radius();
    let c = geo.center(dp.hole);
    for h in [dp.takes_front, dp.takes_back] {
        let hc = geo.center(h);
        painter.circle_stroke(hc, r * 1.08, Stroke::new(r * 0.1, theme::CAPTURE));
    }
    painter.circle_stroke(geo.center(dp.lands), r * 1.08, Stroke::new(r * 0.08, theme::PREVIEW));
    painter.circle_stroke(c, r * 1.15, Stroke::new(r * 0.1, theme::PLAYABLE));
    let mut chosen = None;
    for dir in [Direction::Clockwise, Direction::Anticlockwise] {
        let next = geo.center(dp.hole.step(dir));
        let v = (next - c).normalized();
        let tip = c + v * geo.cell * 0.62;
        let color = match dir {
            Direction::Clockwise => theme::CAPTURE,
            Direction::Anticlockwise => Color32::from_rgb(240, 240, 230),
        };
        let label = match dir {
            Direction::Clockwise => format!(
                "Sow {} seeds clockwise from {}: capture {} from {} and {}",
                dp.seeds, dp.hole, dp.captures, dp.takes_front, dp.takes_back
            ),
            Direction::Anticlockwise => format!("Sow {} seeds anticlockwise from {}", dp.seeds, dp.hole),
        };
        let rect = Rect::from_center_size(tip, Vec2::splat(r * 0.9));
        let resp = ui.interact(rect, Id::unique(("offer", dir == Direction::Clockwise)), Sense::click());
        resp.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
        let glow = if resp.hovered() { 1.0 } else { 0.75 };
        painter.circle_filled(tip, r * 0.42, Color32::from_black_alpha(170));
        painter.circle_stroke(tip, r * 0.42, Stroke::new(2.0, color.gamma_multiply(glow)));
        painter.arrow(tip - v * r * 0.25, v * r * 0.5, Stroke::new(r * 0.1, color.gamma_multiply(glow)));
        if resp.clicked() {
            chosen = Some(dir);
        }
    }
    let note = format!("capture {}", dp.captures);
    let mid = (geo.center(dp.takes_front) + geo.center(dp.takes_back).to_vec2()) / 2.0;
    let galley = painter.layout_no_wrap(note, FontId::proportional((r * 0.4).max(9.0)), Color32::WHITE);
    let rect = Align2::CENTER_CENTER.anchor_size(mid, galley.size()).expand(3.0);
    painter.rect_filled(rect, 4.0, theme::CAPTURE.gamma_multiply(0.9));
    painter.galley(rect.min + Vec2::splat(3.0), galley, Color32::WHITE);
    chosen
}

fn paint_hand(painter: &Painter, geo: &Geometry, hand: &Hand) {
    let r = geo.radius();
    let t = hand.t * hand.t * (3.0 - 2.0 * hand.t);
    let p = geo.center(hand.from).lerp(geo.center(hand.to), t) + vec2(-r * 0.35, -r * 0.55);
    painter.add(Shape::ellipse_filled(
        p + vec2(r * 0.08, r * 0.12),
        vec2(r * 0.62, r * 0.5),
        Color32::from_black_alpha(90),
    ));
    painter.add(Shape::ellipse_filled(p, vec2(r * 0.6, r * 0.48), theme::HAND));
    painter.add(Shape::ellipse_stroke(p, vec2(r * 0.6, r * 0.48), Stroke::new(1.5, Color32::from_rgb(110, 70, 44))));
    for i in 0..hand.seeds.min(6) {
        let a = i as f32 * 2.4;
        painter.circle_filled(p + vec2(a.cos(), a.sin()) * r * 0.22, r * 0.1, Color32::from_rgb(50, 44, 40));
    }
    let badge = p + vec2(r * 0.55, -r * 0.35);
    painter.circle_filled(badge, r * 0.3, theme::PLAYABLE);
    painter.text(badge, Align2::CENTER_CENTER, hand.seeds, FontId::proportional((r * 0.34).max(8.0)), Color32::BLACK);
}

/// The corner radius used by panels drawn over the board.
pub fn plate_radius() -> CornerRadius {
    CornerRadius::same(6)
}
