//! The board: the carved wood, 4 × 8 holes, seeds, counts, marks, the decision offer and
//! the sowing hand. Painting only: the board says which hole was clicked, the app decides
//! what that means. The material (wood, holes, seeds, hand) is painted by
//! [`crate::app::ui::carving`]; the marks are rings around the holes and buttons between them, so
//! that they never hide a count, a letter or a seed.

use crate::app::model::animation::Hand;
use crate::app::ui::carving::{self, paint_hand, ring};
use crate::app::ui::textures::Textures;
use crate::app::ui::theme;
use egui::{
    Align2, Color32, FontId, Id, Modifiers, Painter, Pos2, Rect, Role, Sense, Shape, Stroke, Ui, Vec2, WidgetInfo,
    pos2, vec2,
};
use omweso_rules::{DecisionPoint, Direction, Hole, Side};
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
    /// The suggested move (Hint), before it is played: the hole to sow.
    pub hint: Option<Hole>,
    /// At the decision offered now, the way the hint chose (RULES.md 3.5): its arrow is
    /// marked, and named in the groove.
    pub hint_choice: Option<Direction>,
    /// Start hole of the last move.
    pub last_start: Option<Hole>,
    /// Holes captured in the last move (or so far in the move being animated).
    pub captured: Vec<Hole>,
    /// The decision offered now (RULES.md 3.5).
    pub offer: Option<DecisionPoint>,
    /// Holes the opponent could capture on its next move, with the seeds at stake (the
    /// threats, or what the hovered move would leave exposed).
    pub threats: Vec<(Hole, u32)>,
    /// The seeds in hand: moving between holes while a move is sown, resting over the hole
    /// they were lifted from at a decision point.
    pub hand: Option<Hand>,
    /// The hole lifted last in the animation (start or relay).
    pub lifted: Option<Hole>,
    /// The holes the lesson's text names (a wide soft ring each).
    pub named: Vec<Hole>,
}

/// What happened on the board this frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BoardResponse {
    /// Clickable holes clicked this frame, in order, each with the modifiers held at its
    /// own click (a slow frame may hold several clicks).
    pub clicked: Vec<(Hole, Modifiers)>,
    /// Clickable holes right-clicked this frame, in order.
    pub secondary: Vec<Hole>,
    /// The hole under the pointer.
    pub hovered: Option<Hole>,
    /// A direction arrow of the offer was clicked.
    pub choose: Option<Direction>,
    /// The board was clicked (on its own layer), whether or not a hole took the click.
    pub pressed: bool,
    /// This frame's clicks came from a touch screen (no hover there: a first touch of a
    /// hole shows where its lap ends, a second sows).
    pub touched: bool,
    /// The frame's input time, in seconds (egui's clock).
    pub at: f64,
    /// Where the board and its holes were drawn.
    pub geometry: Option<Geometry>,
}

/// Where the holes are: the board fitted into a rectangle, keeping its proportions.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// The wooden board.
    pub board: Rect,
    /// Size of one hole's cell.
    pub cell: f32,
    /// The rim of wood around the holes, in cells ([`MARGIN`], or less on a narrow screen).
    margin: f32,
    flipped: bool,
}

const MARGIN: f32 = 0.5;
/// The rim on a narrow screen, in cells.
const NARROW_MARGIN: f32 = 0.04;
/// The least width of a hole's target for a finger, in points (CSS pixels in a page): the
/// 44 of Apple's and the W3C's guidance for touch targets.
pub const TOUCH: f32 = 44.0;
const GAP: f32 = 0.45;
const PLATE: f32 = 0.6;
/// Room left and right of the board (for its shadow), in cells.
const SIDE: f32 = 0.15;

impl Geometry {
    /// The largest board that fits `avail` with room for the name plates.
    /// On a screen too narrow for holes of [`TOUCH`] points with the board's full rim (a
    /// phone held upright: 360 points for eight holes), the rim and the room beside it give
    /// way first, so that each hole stays a finger's target (issue 50).
    pub fn fit(avail: Rect, flipped: bool) -> Geometry {
        let roomy = Geometry::with_rim(avail, flipped, MARGIN, SIDE);
        if roomy.cell >= TOUCH { roomy } else { Geometry::with_rim(avail, flipped, NARROW_MARGIN, 0.0) }
    }

    /// The height of the board, with its name plates, that [`Geometry::fit`] draws in a
    /// width of `width` points when the height is not what limits it.
    pub fn height_for_width(width: f32) -> f32 {
        let tall = Geometry::fit(Rect::from_min_size(Pos2::ZERO, vec2(width, f32::MAX / 4.0)), false);
        tall.cell * (4.0 + GAP + 2.0 * tall.margin + 2.0 * PLATE)
    }

    fn with_rim(avail: Rect, flipped: bool, margin: f32, side: f32) -> Geometry {
        let w = 8.0 + 2.0 * margin;
        let h = 4.0 + GAP + 2.0 * margin;
        let cell = (avail.width() / (w + 2.0 * side)).min(avail.height() / (h + 2.0 * PLATE)).max(4.0);
        let board = Rect::from_center_size(avail.center(), vec2(w * cell, h * cell));
        Geometry { board, cell, margin, flipped }
    }

    /// Where a hole takes a click or a touch: its whole cell (wider than the hole drawn,
    /// so that a finger need not land inside the circle).
    pub fn target(&self, hole: Hole) -> Rect {
        Rect::from_center_size(self.center(hole), Vec2::splat(self.cell))
    }

    /// Radius of a hole.
    pub fn radius(&self) -> f32 {
        self.cell * theme::HOLE_R
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
            self.board.left() + (self.margin + col + 0.5) * self.cell,
            self.board.top() + (self.margin + row + 0.5 + gap) * self.cell,
        )
    }

    /// The middle of the groove between the two halves.
    pub fn groove_y(&self) -> f32 {
        self.board.top() + (self.margin + 2.0 + GAP / 2.0) * self.cell
    }

    /// The side shown at the bottom.
    pub fn bottom_side(&self) -> Side {
        if self.flipped { Side::Upper } else { Side::Lower }
    }

    /// Where the button for sowing from `hole` in `dir` sits: between the hole and the
    /// next one that way, clear of both holes' seeds, counts and letters.
    pub fn arrow_at(&self, hole: Hole, dir: Direction) -> (Pos2, Vec2) {
        let (c, next) = (self.center(hole), self.center(hole.step(dir)));
        let v = (next - c).normalized();
        (c + v * self.cell * 0.5, v)
    }
}

/// The accessible label of a hole: `Lower d, 4 seeds`.
pub fn hole_label(hole: Hole, seeds: u8) -> String {
    let plural = if seeds == 1 { "seed" } else { "seeds" };
    format!("{} {}, {} {}", hole.side(), hole.letter(), seeds, plural)
}

/// What is under the pointer: a hole, an arrow of the offer.
#[derive(Clone, Copy, Debug, Default)]
pub struct Pointer {
    /// The hole under the pointer.
    pub hole: Option<Hole>,
    /// The offer's arrow under the pointer.
    pub arrow: Option<Direction>,
}

/// Draws the board into the space left in `ui` and reports clicks.
pub fn show(ui: &mut Ui, view: &BoardView) -> BoardResponse {
    let avail = ui.available_rect_before_wrap();
    let (rect, _) = ui.allocate_exact_size(avail.size(), Sense::hover());
    let geo = Geometry::fit(rect, view.flipped);
    let mut out = BoardResponse::default();
    let mut pointer = Pointer::default();
    out.geometry = Some(geo);
    // Every click of the frame, each with its own modifiers: egui's `clicked()` is one per
    // frame and reads the modifiers at the frame's end. Only where the board is on top (a
    // window over it takes its own clicks).
    let layer = ui.layer_id();
    let releases: Vec<(egui::Pos2, egui::PointerButton, Modifiers)> = ui
        .input(|i| {
            i.events
                .iter()
                .filter_map(|e| match e {
                    egui::Event::PointerButton { pos, button, pressed: false, modifiers } => {
                        Some((*pos, *button, *modifiers))
                    }
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .into_iter()
        .filter(|(pos, _, _)| ui.ctx().layer_id_at(*pos) == Some(layer))
        .collect();
    let modifiers = ui.input(|i| i.modifiers);
    // A browser sends a tap as pointer events and then as touch events: both are the touch
    // (the touch is down while the pointer's release is read, or ends in this frame).
    (out.touched, out.at) =
        ui.input(|i| (i.any_touches() || i.events.iter().any(|e| matches!(e, egui::Event::Touch { .. })), i.time));
    out.pressed = releases.iter().any(|(pos, b, _)| *b == egui::PointerButton::Primary && rect.contains(*pos));
    // The pointer first, so that the marks painted below know what it is over.
    for index in 0..32 {
        let hole = Hole::from_index(index);
        let clickable = view.clickable.contains(&hole);
        let area = geo.target(hole);
        let resp = ui.interact(area, Id::unique(("hole", index)), Sense::click());
        let mut label = hole_label(hole, view.counts[index]);
        if view.hint == Some(hole) {
            label.push_str(", the hint's hole to sow");
        }
        resp.widget_info(|| WidgetInfo::labeled(Role::Button, clickable, &label));
        if resp.hovered() {
            out.hovered = Some(hole);
            pointer.hole = Some(hole);
        }
        if clickable {
            let here = |button| releases.iter().filter(move |(pos, b, _)| *b == button && area.contains(*pos));
            let primary: Vec<_> = here(egui::PointerButton::Primary).map(|&(_, _, m)| (hole, m)).collect();
            let secondary = here(egui::PointerButton::Secondary).count();
            // A click with no pointer event of its own (the keyboard, a screen reader)
            // counts once.
            if !primary.is_empty() {
                out.clicked.extend(primary);
            } else if resp.clicked() {
                out.clicked.push((hole, modifiers));
            }
            if secondary > 0 {
                out.secondary.extend(std::iter::repeat_n(hole, secondary));
            } else if resp.secondary_clicked() {
                out.secondary.push(hole);
            }
        }
    }
    if let Some(dp) = view.offer {
        for dir in [Direction::Clockwise, Direction::Anticlockwise] {
            let (at, _) = geo.arrow_at(dp.hole, dir);
            let area = Rect::from_center_size(at, Vec2::splat(2.4 * geo.cell * theme::ARROW_R));
            let resp = ui.interact(area, Id::unique(("offer", dir == Direction::Clockwise)), Sense::click());
            let mut label = offer_label(&dp, dir);
            if view.hint_choice == Some(dir) {
                label.push_str(" (the hint's choice)");
            }
            resp.widget_info(|| WidgetInfo::labeled(Role::Button, true, &label));
            if resp.hovered() {
                pointer.arrow = Some(dir);
            }
            if resp.clicked() {
                out.choose = Some(dir);
            }
        }
    }
    paint(&ui.painter_at(rect), &geo, view, pointer);
    out
}

fn offer_label(dp: &DecisionPoint, dir: Direction) -> String {
    match dir {
        Direction::Clockwise => format!(
            "Sow {} seeds clockwise from {}: capture {} from {} and {}",
            dp.seeds, dp.hole, dp.captures, dp.takes_front, dp.takes_back
        ),
        Direction::Anticlockwise => format!("Sow {} seeds anticlockwise from {}", dp.seeds, dp.hole),
    }
}

/// Paints the board (the bench measures this with [`show`]): the wood, the holes and
/// their seeds, then the marks, then the counts and letters over everything but the hand.
pub fn paint(painter: &Painter, geo: &Geometry, view: &BoardView, pointer: Pointer) {
    let dark = painter.ctx().theme() == egui::Theme::Dark;
    let tex = Textures::get(painter.ctx());
    painter.rect_filled(painter.clip_rect(), 0.0, theme::table(dark));
    carving::paint_wood(painter, &tex, geo.board, geo.cell, geo.groove_y());
    paint_plates(painter, geo, view, dark);
    let r = geo.radius();
    carving::paint_holes(painter, &tex, (0..32).map(|i| geo.center(Hole::from_index(i))), r);
    for index in 0..32 {
        let hole = Hole::from_index(index);
        // Tints go under the seeds.
        if view.lifted == Some(hole) {
            painter.circle_filled(geo.center(hole), r, theme::LIFTED);
        }
        if view.captured.contains(&hole) {
            painter.circle_filled(geo.center(hole), r * 0.98, theme::CAPTURE.gamma_multiply(0.1));
        }
    }
    let mut seeds = carving::seed_mesh(&tex);
    for index in 0..32 {
        let c = geo.center(Hole::from_index(index));
        let pile = carving::pile(index as u32, view.counts[index] as u32, r * 0.92, r * theme::SEED_R);
        carving::add_seeds(&mut seeds, c, &pile);
    }
    painter.add(Shape::mesh(seeds));
    paint_marks(painter, geo, view, pointer);
    if let Some(dp) = &view.offer {
        // The hand rests on the hole under the arrows that say where it goes next.
        if let Some(hand) = &view.hand {
            paint_hand_at(painter, &tex, geo, hand, true);
        }
        paint_offer(painter, geo, dp, pointer.arrow);
    }
    if let Some(hole) = view.hint {
        paint_hint(painter, geo, hole);
    }
    paint_threats(painter, geo, &view.threats, &view.named);
    for index in 0..32 {
        let hole = Hole::from_index(index);
        paint_labels(painter, geo, hole, view.counts[index], view.letters);
    }
    if let Some(dp) = &view.offer {
        paint_capture_tag(painter, geo, dp);
        if let Some(way) = view.hint_choice {
            paint_hint_choice(painter, geo, dp, way);
        }
    }
    if let Some(hand) = view.hand.as_ref().filter(|_| view.offer.is_none()) {
        paint_hand_at(painter, &tex, geo, hand, false);
    }
}

/// Rings around the holes, outside their seeds: playable, hovered, last move, captured,
/// the end of the previewed lap, the holes a lesson's text names.
fn paint_marks(painter: &Painter, geo: &Geometry, view: &BoardView, pointer: Pointer) {
    let (r, cell) = (geo.radius(), geo.cell);
    for index in 0..32 {
        let hole = Hole::from_index(index);
        let c = geo.center(hole);
        let clickable = view.clickable.contains(&hole);
        if view.captured.contains(&hole) {
            ring(painter, c, r * 1.04, cell, theme::CAPTURE);
        }
        if clickable && (view.show_clickable || pointer.hole == Some(hole)) {
            let strong = pointer.hole == Some(hole);
            let color = if strong { theme::PLAYABLE } else { theme::PLAYABLE.gamma_multiply(0.6) };
            ring(painter, c, r * 1.1, cell, color);
        }
        if view.last_start == Some(hole) {
            ring(painter, c, r * 1.16, cell * 0.8, theme::LAST_MOVE);
        }
        if view.named.contains(&hole) {
            // Wider than the other rings: the holes the words are about.
            ring(painter, c, r * 1.2, cell * 1.2, theme::NAMED);
        }
        if view.preview == Some(hole) {
            ring(painter, c, r * 1.1, cell, theme::PREVIEW);
            ring(painter, c, r * 1.24, cell * 0.5, theme::PREVIEW.gamma_multiply(0.7));
        }
    }
}

/// Threatened holes: a dashed orange ring and the seeds at stake in the cell's top right
/// corner, which no count, letter or arrow uses (never over the hole's seeds or count).
fn paint_threats(painter: &Painter, geo: &Geometry, threats: &[(Hole, u32)], named: &[Hole]) {
    let (r, cell) = (geo.radius(), geo.cell);
    let stroke = Stroke::new(cell * theme::RING * 0.8, theme::THREAT);
    for &(hole, seeds) in threats {
        let c = geo.center(hole);
        for k in 0..12 {
            let a0 = k as f32 / 12.0 * TAU;
            let a1 = a0 + TAU / 24.0;
            // On the hole's rim: inside the playable ring (1.1) and the lesson's white ring
            // (1.2), which it hid on a hole that was both named and threatened.
            let p = |a: f32| c + vec2(a.cos(), a.sin()) * r * 1.0;
            painter.line_segment([p(a0), p(a1)], stroke);
        }
        // Top right, on the ring: clear of this hole's count and letter and of the
        // neighbours' counts (bottom left ran into the count of the hole to the left).
        // On a hole the lesson names, outside its wide white ring (it was drawn over it).
        let out = if named.contains(&hole) { 0.07 } else { 0.0 };
        let at = c + vec2(theme::COUNT_AT[0] - 0.03 + out, -theme::COUNT_AT[1] + 0.02 - out) * cell;
        let font = FontId::proportional((cell * theme::COUNT_SIZE * 0.9).max(theme::PHONE_TEXT));
        let shadow = Vec2::splat((cell * 0.012).max(1.0));
        painter.text(at + shadow, Align2::CENTER_CENTER, format!("-{seeds}"), font.clone(), theme::COUNT_SHADOW);
        painter.text(at, Align2::CENTER_CENTER, format!("-{seeds}"), font, theme::THREAT);
    }
}

/// The hinted move's hole to sow: a double ring.
fn paint_hint(painter: &Painter, geo: &Geometry, hole: Hole) {
    let (r, cell, c) = (geo.radius(), geo.cell, geo.center(hole));
    ring(painter, c, r * 1.08, cell, theme::PREVIEW);
    ring(painter, c, r * 1.24, cell * 0.6, theme::PREVIEW);
}

/// At a decision, the way the hint chose: a ring around its arrow, and "the hint:
/// clockwise, capture 5" in the groove, in the half of the board away from the capture tag
/// (which sits beside the holes it would take).
fn paint_hint_choice(painter: &Painter, geo: &Geometry, dp: &DecisionPoint, way: Direction) {
    let (at, _) = geo.arrow_at(dp.hole, way);
    let rad = geo.cell * theme::ARROW_R;
    ring(painter, at, rad * 1.45, geo.cell * 0.8, theme::PREVIEW);
    let font = FontId::proportional((geo.cell * theme::LETTER_SIZE * 1.1).max(theme::PHONE_TEXT));
    let ink = Color32::from_rgb(16, 24, 32);
    let galley = painter.layout_no_wrap(hint_choice_words(dp, way), font, ink);
    let pad = vec2(geo.cell * 0.06, geo.cell * 0.02);
    // In the half of the groove away from the capture tag, which sits at the holes it takes.
    let middle = geo.board.center().x;
    let quarter = geo.board.width() / 4.0;
    let x = if geo.center(dp.takes_front).x < middle { middle + quarter } else { middle - quarter };
    let rect = Align2::CENTER_CENTER.anchor_size(pos2(x, geo.groove_y()), galley.size()).expand2(pad);
    painter.rect_filled(rect, rect.height() / 2.0, theme::PREVIEW);
    painter.galley(rect.min + pad, galley, ink);
}

/// The hint's choice at a decision in words: `the hint: clockwise, capture 5`, `the hint:
/// anticlockwise`.
pub fn hint_choice_words(dp: &DecisionPoint, way: Direction) -> String {
    match way {
        Direction::Clockwise => format!("the hint: clockwise, capture {}", dp.captures),
        Direction::Anticlockwise => "the hint: anticlockwise".to_string(),
    }
}

/// A round button with an arrow pointing along `v`.
fn arrow_button(painter: &Painter, at: Pos2, v: Vec2, cell: f32, color: Color32, hot: bool) {
    let rad = cell * theme::ARROW_R * if hot { 1.12 } else { 1.0 };
    painter.circle_filled(at + vec2(rad * 0.12, rad * 0.2), rad, Color32::from_black_alpha(80));
    painter.circle_filled(at, rad, theme::ARROW_DISC);
    painter.circle_stroke(at, rad, Stroke::new(cell * 0.02, color));
    painter.arrow(at - v * rad * 0.55, v * rad * 1.1, Stroke::new(cell * 0.035, color));
}

/// The decision offer: the capture the clockwise lap would make (rings), where it would
/// end, and a button for each direction between the hole and its neighbours.
fn paint_offer(painter: &Painter, geo: &Geometry, dp: &DecisionPoint, hot: Option<Direction>) {
    let (r, cell) = (geo.radius(), geo.cell);
    for h in [dp.takes_front, dp.takes_back] {
        ring(painter, geo.center(h), r * 1.1, cell, theme::CAPTURE);
    }
    ring(painter, geo.center(dp.lands), r * 1.1, cell * 0.8, theme::PREVIEW);
    ring(painter, geo.center(dp.hole), r * 1.1, cell, theme::PLAYABLE);
    for dir in [Direction::Clockwise, Direction::Anticlockwise] {
        let (at, v) = geo.arrow_at(dp.hole, dir);
        let color = match dir {
            Direction::Clockwise => theme::CAPTURE,
            Direction::Anticlockwise => theme::ANTICLOCKWISE,
        };
        arrow_button(painter, at, v, cell, color, hot == Some(dir));
    }
}

/// "capture N", in the groove beside the holes it would take.
fn paint_capture_tag(painter: &Painter, geo: &Geometry, dp: &DecisionPoint) {
    let x = geo.center(dp.takes_front).x;
    let font = FontId::proportional((geo.cell * theme::LETTER_SIZE * 1.1).max(theme::PHONE_TEXT));
    let galley = painter.layout_no_wrap(format!("capture {}", dp.captures), font, Color32::WHITE);
    let pad = vec2(geo.cell * 0.06, geo.cell * 0.02);
    let rect = Align2::CENTER_CENTER.anchor_size(pos2(x, geo.groove_y()), galley.size()).expand2(pad);
    painter.rect_filled(rect, rect.height() / 2.0, theme::CAPTURE);
    painter.galley(rect.min + pad, galley, Color32::WHITE);
}

/// A hole's count (bottom right, beside the hole) and, if shown, its letter (top left,
/// burnt into the wood): never smaller than [`theme::PHONE_TEXT`], on a phone's small board
/// too (issue 50.3).
fn paint_labels(painter: &Painter, geo: &Geometry, hole: Hole, n: u8, letters: bool) {
    let (c, cell) = (geo.center(hole), geo.cell);
    let at = c + vec2(theme::COUNT_AT[0], theme::COUNT_AT[1]) * cell;
    let font = FontId::proportional((cell * theme::COUNT_SIZE).max(theme::PHONE_TEXT));
    let color = if n == 0 { theme::COUNT.gamma_multiply(0.55) } else { theme::COUNT };
    let shadow = Vec2::splat((cell * 0.012).max(1.0));
    painter.text(at + shadow, Align2::CENTER_CENTER, n, font.clone(), theme::COUNT_SHADOW);
    painter.text(at, Align2::CENTER_CENTER, n, font, color);
    if letters {
        let at = c + vec2(theme::LETTER_AT[0], theme::LETTER_AT[1]) * cell;
        let font = FontId::proportional((cell * theme::LETTER_SIZE).max(theme::PHONE_TEXT));
        let lift = vec2(0.0, (cell * 0.01).max(0.7));
        painter.text(at + lift, Align2::CENTER_CENTER, hole.letter(), font.clone(), theme::BEVEL_LIGHT);
        painter.text(at, Align2::CENTER_CENTER, hole.letter(), font, theme::LETTER);
    }
}

/// The name plates above and below the board: name, seeds on the board and in hand.
fn paint_plates(painter: &Painter, geo: &Geometry, view: &BoardView, dark: bool) {
    let in_hand = view.hand.map_or(0, |h| h.seeds);
    for side in Side::BOTH {
        let bottom = side == geo.bottom_side();
        let half = geo.cell * PLATE * 0.5;
        let y = if bottom { geo.board.bottom() + half } else { geo.board.top() - half };
        let turn = view.to_move == Some(side);
        let font = FontId::proportional((geo.cell * theme::PLATE_SIZE).max(theme::PHONE_TEXT));
        let plain = if dark { theme::PLATE } else { Color32::from_rgb(60, 40, 24) };
        let color = if turn { theme::accent(dark) } else { plain };
        let seeds: u32 = view.counts[side.index() * 16..side.index() * 16 + 16].iter().map(|&c| c as u32).sum();
        let mut tail = format!(" · {seeds} seeds");
        if turn && in_hand > 0 {
            tail.push_str(&format!(" + {in_hand} in hand"));
        }
        let text = fit_name(painter, &view.names[side.index()], &tail, &font, geo.board.width() * 0.9);
        let r = painter.text(pos2(geo.board.center().x, y), Align2::CENTER_CENTER, text, font, color);
        if turn {
            painter.circle_filled(pos2(r.left() - geo.cell * 0.2, r.center().y), geo.cell * 0.08, color);
        }
    }
}

/// `name` then `tail` in one line at most `width` points wide in `font`: a long name is cut
/// short with "…", so that the seed count after it is always read.
fn fit_name(painter: &Painter, name: &str, tail: &str, font: &FontId, width: f32) -> String {
    let wide = |text: &str| painter.layout_no_wrap(text.to_owned(), font.clone(), Color32::WHITE).size().x;
    let whole = format!("{name}{tail}");
    if wide(&whole) <= width {
        return whole;
    }
    let chars: Vec<char> = name.chars().collect();
    (1..chars.len())
        .rev()
        .map(|n| format!("{}…{tail}", chars[..n].iter().collect::<String>().trim_end()))
        .find(|t| wide(t) <= width)
        .unwrap_or_else(|| format!("…{tail}"))
}

/// The hand and the seeds in it, with their count: moving from hole to hole while a move
/// is sown; at a decision, resting on the hole it lifted (between the two arrows).
fn paint_hand_at(painter: &Painter, tex: &Textures, geo: &Geometry, hand: &Hand, deciding: bool) {
    let cell = geo.cell;
    // The count sits on the hand itself, so that it never covers a hole's count or letter
    // (a tag beside the hand ran into the neighbouring hole's count).
    let (at, size) = if deciding {
        (geo.center(hand.from), cell * 0.72)
    } else {
        let t = hand.t * hand.t * (3.0 - 2.0 * hand.t);
        (geo.center(hand.from).lerp(geo.center(hand.to), t) + vec2(-0.12, -0.24) * cell, cell * 0.86)
    };
    let tag = at + vec2(0.0, size * 0.18);
    paint_hand(painter, tex, at, size, hand.seeds, geo.radius() * theme::SEED_R * 0.85);
    let font = FontId::proportional((cell * theme::COUNT_SIZE * 1.1).max(theme::PHONE_TEXT));
    let galley = painter.layout_no_wrap(hand.seeds.to_string(), font, Color32::BLACK);
    let rad = galley.size().max_elem() * 0.5 + cell * 0.04;
    painter.circle_filled(tag, rad, theme::HAND_COUNT);
    painter.circle_stroke(tag, rad, Stroke::new(cell * 0.015, Color32::from_black_alpha(140)));
    painter.galley(tag - galley.size() / 2.0, galley, Color32::BLACK);
}
