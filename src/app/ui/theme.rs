//! Colours and sizes of the window: the board's warm wood and grey seeds, the marks on it,
//! and the panels, menus and dialogs in the same palette (a light and a dark variant).
//! Sizes on the board are parts of a cell (one hole's square), so the board reads the same
//! from a small window to a 4K screen.

use egui::{Color32, FontFamily, FontId, Stroke, Style, TextStyle, Theme, Visuals};

// ----- The board (parts of a cell, and colours) ----------------------------------------

/// A hole's radius.
pub const HOLE_R: f32 = 0.36;
/// A seed's radius, as a part of the hole's radius.
pub const SEED_R: f32 = 0.28;
/// The board's corner radius.
pub const CORNER: f32 = 0.32;
/// Width of the bevelled edge.
pub const BEVEL: f32 = 0.16;
/// Half the height of the groove between the two halves.
pub const GROOVE: f32 = 0.07;
/// Where a hole's count sits, from its centre (right, down).
pub const COUNT_AT: [f32; 2] = [0.385, 0.385];
/// Height of a count's figures.
pub const COUNT_SIZE: f32 = 0.21;
/// Where a hole's letter sits, from its centre (left, up).
pub const LETTER_AT: [f32; 2] = [-0.4, -0.4];
/// Height of a hole's letter.
pub const LETTER_SIZE: f32 = 0.19;
/// Height of the name plates' text.
pub const PLATE_SIZE: f32 = 0.27;
/// Width of a mark's ring.
pub const RING: f32 = 0.045;
/// Radius of a direction button (decision arrows, hint arrows), between two holes.
pub const ARROW_R: f32 = 0.135;

/// The table under the board, dark variant.
pub const TABLE_DARK: Color32 = Color32::from_rgb(34, 38, 33);
/// The table under the board, light variant.
pub const TABLE_LIGHT: Color32 = Color32::from_rgb(206, 196, 176);
/// Tint of the board's wood (the texture is drawn through it).
pub const WOOD_TINT: Color32 = Color32::from_rgb(255, 250, 244);
/// The light catching the bevel on the lit side.
pub const BEVEL_LIGHT: Color32 = Color32::from_rgba_premultiplied(70, 56, 40, 70);
/// The bevel in shadow.
pub const BEVEL_SHADOW: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 110);
/// The floor of the groove.
pub const GROOVE_FLOOR: Color32 = Color32::from_rgba_premultiplied(36, 20, 8, 150);
/// The shadow the board casts on the table.
pub const BOARD_SHADOW: Color32 = Color32::from_black_alpha(150);
/// The lightest seed's tint (grey).
pub const SEED_GREY: Color32 = Color32::from_rgb(222, 222, 212);
/// The brownest seed's tint (grey-brown).
pub const SEED_BROWN: Color32 = Color32::from_rgb(206, 184, 152);
/// A count's figures.
pub const COUNT: Color32 = Color32::from_rgb(255, 244, 222);
/// The shadow behind a count's figures.
pub const COUNT_SHADOW: Color32 = Color32::from_black_alpha(170);
/// A hole's letter (burnt into the wood).
pub const LETTER: Color32 = Color32::from_rgba_premultiplied(36, 18, 6, 240);
/// Name plates.
pub const PLATE: Color32 = Color32::from_rgb(226, 214, 192);

/// Highlight of a playable / hovered hole, and of the side to move.
pub const PLAYABLE: Color32 = Color32::from_rgb(250, 214, 110);
/// The hole where a previewed first lap ends, and the hint.
pub const PREVIEW: Color32 = Color32::from_rgb(110, 200, 250);
/// Captured holes.
pub const CAPTURE: Color32 = Color32::from_rgb(226, 66, 46);
/// The start of the last move.
pub const LAST_MOVE: Color32 = Color32::from_rgb(120, 224, 140);
/// The holes a lesson's text names: a soft white ring, wider than the others.
pub const NAMED: Color32 = Color32::from_rgba_premultiplied(130, 130, 130, 130);
/// The glow of the hole just lifted.
pub const LIFTED: Color32 = Color32::from_rgba_premultiplied(34, 30, 20, 26);
/// The direction buttons' disc.
pub const ARROW_DISC: Color32 = Color32::from_rgba_premultiplied(24, 14, 8, 210);
/// The anticlockwise arrow.
pub const ANTICLOCKWISE: Color32 = Color32::from_rgb(240, 236, 224);
/// The count beside the hand.
pub const HAND_COUNT: Color32 = Color32::from_rgb(250, 214, 110);

/// The table's colour for the current theme.
pub fn table(dark: bool) -> Color32 {
    if dark { TABLE_DARK } else { TABLE_LIGHT }
}

// ----- Panels, menus and dialogs ---------------------------------------------------------

/// Accents of the panels (the side to move, the status, warnings).
pub const ACCENT_DARK: Color32 = Color32::from_rgb(240, 196, 110);
/// Accents in the light variant.
pub const ACCENT_LIGHT: Color32 = Color32::from_rgb(150, 78, 20);
/// The decision and problem texts.
pub const ALERT: Color32 = Color32::from_rgb(232, 110, 70);

/// The accent colour of the panels for the current theme.
pub fn accent(dark: bool) -> Color32 {
    if dark { ACCENT_DARK } else { ACCENT_LIGHT }
}

/// Text sizes of the window (points).
const BODY: f32 = 15.5;
const HEADING: f32 = 21.0;
const SMALL: f32 = 12.5;
const MONO: f32 = 13.5;

/// Sets the window's own light and dark styles (the theme follows the system unless the
/// player picks one in View → Theme; egui keeps that choice between runs).
pub fn install(ctx: &egui::Context) {
    ctx.set_style_of(Theme::Dark, style(true, false));
    ctx.set_style_of(Theme::Light, style(false, false));
    ctx.options_mut(|o| o.fallback_theme = Theme::Dark);
}

/// The least text size on a small screen (a phone), in points: CSS pixels in a page
/// (issue 50: text at least 14 px).
pub const PHONE_TEXT: f32 = 14.0;

/// A screen this narrow or this low, in points, is a phone's (held upright, or on its side).
pub const PHONE_WIDTH: f32 = 600.0;
/// See [`PHONE_WIDTH`].
pub const PHONE_HEIGHT: f32 = 480.0;

/// Whether the window's drawing area is a phone's screen ([`PHONE_WIDTH`], [`PHONE_HEIGHT`]).
pub fn is_phone(ctx: &egui::Context) -> bool {
    let r = ctx.content_rect();
    r.width() < PHONE_WIDTH || r.height() < PHONE_HEIGHT
}

/// On a phone's screen the small and the fixed-width texts grow to [`PHONE_TEXT`]; back
/// to the window's sizes on a larger one. Changes the style only when that changes.
pub fn fit_text(ctx: &egui::Context) {
    let phone = is_phone(ctx);
    let now = ctx.style_of(Theme::Light).text_styles.get(&TextStyle::Small).map(|f| f.size);
    let wanted = if phone { SMALL.max(PHONE_TEXT) } else { SMALL };
    if now != Some(wanted) {
        ctx.set_style_of(Theme::Dark, style(true, phone));
        ctx.set_style_of(Theme::Light, style(false, phone));
    }
}

fn style(dark: bool, phone: bool) -> Style {
    let least = if phone { PHONE_TEXT } else { 0.0 };
    let mut s = Style { visuals: visuals(dark), ..Style::default() };
    s.text_styles = [
        (TextStyle::Heading, FontId::new(HEADING, FontFamily::Proportional)),
        (TextStyle::Body, FontId::new(BODY, FontFamily::Proportional)),
        (TextStyle::Button, FontId::new(BODY, FontFamily::Proportional)),
        (TextStyle::Small, FontId::new(SMALL.max(least), FontFamily::Proportional)),
        (TextStyle::Monospace, FontId::new(MONO.max(least), FontFamily::Monospace)),
    ]
    .into();
    s.spacing.item_spacing = egui::vec2(8.0, 6.0);
    s.spacing.button_padding = egui::vec2(10.0, 4.0);
    s.spacing.interact_size.y = 26.0;
    s.spacing.window_margin = egui::Margin::same(14);
    s
}

/// Panels in the board's palette: dark walnut with warm light text, or linen with dark
/// brown text; controls in wood tones, selection in the seeds' amber.
fn visuals(dark: bool) -> Visuals {
    let mut v = if dark { Visuals::dark() } else { Visuals::light() };
    let (panel, window, extreme, faint, text) = if dark {
        (
            Color32::from_rgb(42, 32, 24),
            Color32::from_rgb(52, 40, 30),
            Color32::from_rgb(28, 21, 16),
            Color32::from_rgb(58, 45, 34),
            Color32::from_rgb(236, 224, 204),
        )
    } else {
        (
            Color32::from_rgb(240, 230, 212),
            Color32::from_rgb(248, 240, 226),
            Color32::from_rgb(255, 251, 242),
            Color32::from_rgb(228, 214, 190),
            Color32::from_rgb(52, 34, 20),
        )
    };
    let (idle, hover, active) = if dark {
        (Color32::from_rgb(84, 62, 44), Color32::from_rgb(112, 82, 56), Color32::from_rgb(136, 98, 64))
    } else {
        (Color32::from_rgb(222, 200, 168), Color32::from_rgb(206, 178, 140), Color32::from_rgb(190, 156, 112))
    };
    v.panel_fill = panel;
    v.window_fill = window;
    v.extreme_bg_color = extreme;
    v.faint_bg_color = faint;
    v.override_text_color = None;
    v.hyperlink_color = accent(dark);
    v.selection.bg_fill = if dark { Color32::from_rgb(150, 104, 40) } else { Color32::from_rgb(232, 190, 120) };
    v.selection.stroke = Stroke::new(1.0, text);
    v.window_stroke =
        Stroke::new(1.0, if dark { Color32::from_rgb(96, 72, 50) } else { Color32::from_rgb(190, 164, 130) });
    v.window_corner_radius = egui::CornerRadius::same(10);
    v.menu_corner_radius = egui::CornerRadius::same(8);
    let w = &mut v.widgets;
    w.noninteractive.bg_fill = window;
    w.noninteractive.weak_bg_fill = panel;
    w.noninteractive.fg_stroke = Stroke::new(1.0, text);
    w.noninteractive.bg_stroke = Stroke::new(1.0, faint);
    for (state, fill) in [(&mut w.inactive, idle), (&mut w.hovered, hover), (&mut w.active, active)] {
        state.bg_fill = fill;
        state.weak_bg_fill = fill;
        state.corner_radius = egui::CornerRadius::same(6);
        state.fg_stroke = Stroke::new(1.0, text);
    }
    w.open.weak_bg_fill = hover;
    w.open.bg_fill = hover;
    w.hovered.bg_stroke = Stroke::new(1.0, accent(dark));
    v
}
/// Holes the opponent could capture next.
pub const THREAT: Color32 = Color32::from_rgb(255, 150, 40);
