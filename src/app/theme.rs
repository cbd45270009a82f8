//! Colours and sizes of the window: warm wood, dark glossy seeds, soft highlights.

use egui::Color32;

/// Light wood of the board's face.
pub const WOOD_LIGHT: Color32 = Color32::from_rgb(196, 140, 84);
/// Darker wood of the grain.
pub const WOOD_DARK: Color32 = Color32::from_rgb(150, 98, 52);
/// The board's rim.
pub const WOOD_RIM: Color32 = Color32::from_rgb(104, 62, 30);
/// Inside of a hole.
pub const HOLE_DEEP: Color32 = Color32::from_rgb(62, 36, 18);
/// The lit floor of a hole.
pub const HOLE_FLOOR: Color32 = Color32::from_rgb(92, 58, 30);
/// Table cloth behind the board.
pub const TABLE: Color32 = Color32::from_rgb(38, 46, 40);
/// Highlight of a playable / hovered hole.
pub const PLAYABLE: Color32 = Color32::from_rgb(250, 222, 120);
/// The hole where a previewed first lap ends.
pub const PREVIEW: Color32 = Color32::from_rgb(120, 210, 255);
/// Captured holes.
pub const CAPTURE: Color32 = Color32::from_rgb(230, 70, 50);
/// The start of the last move.
pub const LAST_MOVE: Color32 = Color32::from_rgb(120, 230, 140);
/// Count badges.
pub const BADGE: Color32 = Color32::from_rgba_premultiplied(20, 12, 6, 200);
/// The sowing hand.
pub const HAND: Color32 = Color32::from_rgb(176, 120, 86);
/// Holes the opponent could capture next.
pub const THREAT: Color32 = Color32::from_rgb(255, 150, 40);
