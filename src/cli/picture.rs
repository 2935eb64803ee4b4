//! The picture formats `render -o` writes: SVG as drawn, or PNG rasterised by resvg with the
//! font shipped in `assets/fonts/` (never a system font), so the same input gives the same bytes
//! on every machine.

use std::path::Path;
use std::sync::Arc;

use resvg::{tiny_skia, usvg};

/// The label font, built into the binary.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The font family of [`FONT`], which every picture names first.
const FONT_FAMILY: &str = "DejaVu Sans";

/// A picture file format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// SVG text, as drawn.
    Svg,
    /// PNG, rasterised at one pixel per SVG unit.
    Png,
}

/// The format an output path asks for by its extension (`.svg`, `.png`; none: SVG).
pub fn format_of(path: &Path) -> Result<Format, String> {
    match path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
    {
        None => Ok(Format::Svg),
        Some(e) if e == "svg" => Ok(Format::Svg),
        Some(e) if e == "png" => Ok(Format::Png),
        Some(e) => Err(format!(
            "cannot write a `.{}` picture ({}): render writes .svg and .png files",
            chessgraph::diagnostic::printable(&e),
            super::output::shown(path)
        )),
    }
}

/// The picture's bytes in `format`.
pub fn encode(svg: &str, format: Format) -> Result<Vec<u8>, String> {
    match format {
        Format::Svg => Ok(svg.as_bytes().to_vec()),
        Format::Png => png(svg),
    }
}

/// Rasterises an SVG picture of ours to PNG.
fn png(svg: &str) -> Result<Vec<u8>, String> {
    let mut options = usvg::Options {
        font_family: FONT_FAMILY.into(),
        ..usvg::Options::default()
    };
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_sans_serif_family(FONT_FAMILY);
    options.fontdb = Arc::new(fonts);
    let tree =
        usvg::Tree::from_str(svg, &options).map_err(|e| format!("cannot draw the PNG: {e}"))?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot draw a {}x{} PNG", size.width(), size.height()))?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}
