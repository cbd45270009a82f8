//! The pictures the board is drawn from, made by `assets/make_assets.py` and embedded in the
//! program: the wood, a carved hole, the seeds (an atlas of variants), the hand and the
//! application icon. Decoded once and kept as egui textures in the context's memory.

use egui::{ColorImage, Context, Id, TextureFilter, TextureHandle, TextureOptions};
use std::sync::Arc;

/// The board's wood (RGB, the grain along its length).
pub const WOOD_PNG: &[u8] = include_bytes!("../../../assets/wood.png");
/// The shading of one carved hole, to lay over the wood (RGBA).
pub const HOLE_PNG: &[u8] = include_bytes!("../../../assets/hole.png");
/// The seeds: [`SEED_VARIANTS`] square pictures side by side (RGBA).
pub const SEEDS_PNG: &[u8] = include_bytes!("../../../assets/seeds.png");
/// The hand that carries the seeds being sown (RGBA).
pub const HAND_PNG: &[u8] = include_bytes!("../../../assets/hand.png");
/// The application's icon (RGBA, square).
pub const ICON_PNG: &[u8] = include_bytes!("../../../assets/icon.png");

/// Seed pictures in [`SEEDS_PNG`], side by side.
pub const SEED_VARIANTS: usize = 4;
/// The hole's radius as a part of half the hole picture's width (as in the script).
pub const HOLE_RIM: f32 = 0.82;
/// A seed's radius as a part of half a seed picture's width (as in the script).
pub const SEED_R: f32 = 0.72;

/// A PNG that could not be decoded.
#[derive(Debug, thiserror::Error)]
#[error("cannot decode {name}: {source}")]
pub struct AssetError {
    name: &'static str,
    source: image::ImageError,
}

/// Decodes a PNG into an egui image (unmultiplied RGBA).
pub fn decode(name: &'static str, png: &[u8]) -> Result<ColorImage, AssetError> {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .map_err(|source| AssetError { name, source })?
        .to_rgba8();
    let size = [img.width() as usize, img.height() as usize];
    Ok(ColorImage::from_rgba_unmultiplied(size, img.as_raw()))
}

/// The window's icon.
pub fn icon() -> Result<egui::IconData, AssetError> {
    let img = image::load_from_memory_with_format(ICON_PNG, image::ImageFormat::Png)
        .map_err(|source| AssetError { name: "icon.png", source })?
        .to_rgba8();
    Ok(egui::IconData { width: img.width(), height: img.height(), rgba: img.into_raw() })
}

/// The board's textures.
#[derive(Clone)]
pub struct Textures {
    /// The wood.
    pub wood: TextureHandle,
    /// One carved hole.
    pub hole: TextureHandle,
    /// The seed atlas.
    pub seeds: TextureHandle,
    /// The hand.
    pub hand: TextureHandle,
}

impl Textures {
    /// The textures, decoded and uploaded at the first call and kept in `ctx`'s memory.
    /// A picture that cannot be decoded (a broken build) is drawn as a grey square.
    pub fn get(ctx: &Context) -> Arc<Textures> {
        let id = Id::unique("omweso-textures");
        if let Some(t) = ctx.data(|d| d.get_temp::<Arc<Textures>>(id)) {
            return t;
        }
        // Mipmaps keep the seeds and the grain smooth when they are drawn small.
        let options = TextureOptions::LINEAR.with_mipmap_mode(Some(TextureFilter::Linear));
        let load = |name: &'static str, png: &[u8]| {
            let image = decode(name, png).unwrap_or_else(|_| ColorImage::filled([4, 4], egui::Color32::GRAY));
            ctx.load_texture(name, image, options)
        };
        let t = Arc::new(Textures {
            wood: load("wood.png", WOOD_PNG),
            hole: load("hole.png", HOLE_PNG),
            seeds: load("seeds.png", SEEDS_PNG),
            hand: load("hand.png", HAND_PNG),
        });
        ctx.data_mut(|d| d.insert_temp(id, t.clone()));
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_picture_decodes_with_the_shape_the_board_expects() {
        let wood = decode("wood.png", WOOD_PNG).expect("wood");
        assert!(wood.width() >= 512 && wood.width() > wood.height(), "the grain runs along the board");
        let hole = decode("hole.png", HOLE_PNG).expect("hole");
        assert_eq!(hole.width(), hole.height(), "a hole is square");
        let seeds = decode("seeds.png", SEEDS_PNG).expect("seeds");
        assert_eq!(seeds.width(), seeds.height() * SEED_VARIANTS, "the seed pictures are square, side by side");
        let hand = decode("hand.png", HAND_PNG).expect("hand");
        assert!(hand.width() > 0 && hand.height() > 0);
        let icon = icon().expect("icon");
        assert_eq!(icon.width, icon.height, "the icon is square");
        assert!(icon.width >= 128 && icon.width.is_multiple_of(4));
    }
}
