//! Piece glyphs drawn as SVG shapes, never as font characters, so every machine draws the same
//! picture.
//!
//! The six orthodox letters (K, Q, R, B, N, P) have a recognisable silhouette each; every other
//! letter (fairy pieces) is a disc with the letter written in a built-in stroke alphabet. Shapes live
//! in a 100 x 100 box; the body takes the player's fill and outline colours (inherited from the
//! `<use>` element), the detail lines take `currentColor`, set to a colour that contrasts with the
//! fill.

use std::fmt::Write;

use super::svg::{escape, num};
use crate::spec::variant::PieceShape;

/// How one player's pieces are painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceStyle {
    /// Body colour.
    pub fill: [u8; 3],
    /// Outline colour.
    pub(crate) outline: [u8; 3],
    /// Colour of the inner lines (contrasting with the fill).
    pub detail: [u8; 3],
}

/// The letters with a silhouette of their own.
pub(crate) const SILHOUETTES: &[char] = &['K', 'Q', 'R', 'B', 'N', 'P'];

/// The `<defs>` content: one `<g id="piece-X">` per silhouette and the fairy disc.
pub(crate) fn defs() -> String {
    let mut s = String::new();
    for &(id, body, detail) in SHAPES {
        let _ = write!(s, "<g id=\"piece-{id}\">{body}");
        if !detail.is_empty() {
            let _ = write!(
                s,
                "<path d=\"{detail}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"3\"/>"
            );
        }
        s.push_str("</g>\n");
    }
    s
}

/// What a piece's picture shows: its letter, the outline its kind asks for, and its number if it
/// carries one (written inside the outline instead of the letter).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Glyph {
    /// The kind's letter.
    pub(crate) letter: char,
    /// The kind's outline.
    pub(crate) shape: PieceShape,
    /// The piece's number (a stack: its total).
    pub(crate) number: Option<u32>,
}

/// A piece centred on `(x, y)`, `size` units tall, with a `<title>`.
pub(crate) fn piece(
    glyph: Glyph,
    x: f64,
    y: f64,
    size: f64,
    style: PieceStyle,
    title: &str,
) -> String {
    let scale = size / 100.0;
    let letter = glyph.letter.to_ascii_uppercase();
    if glyph.shape == PieceShape::Disc && glyph.number.is_none() {
        let mut s = group_start(x, y, scale, style, title);
        s.push_str("<circle cx=\"50\" cy=\"50\" r=\"42\" stroke-width=\"4\"/></g>");
        return s;
    }
    if let Some(mark) = mark_body(glyph.shape) {
        let mut s = group_start(x, y, scale, style, title);
        s.push_str(mark);
        s.push_str("</g>");
        return s;
    }
    if glyph.shape != PieceShape::Letter || glyph.number.is_some() {
        return outlined(glyph, x, y, scale, style, title);
    }
    let id = if SILHOUETTES.contains(&letter) {
        letter.to_string()
    } else {
        "disc".to_string()
    };
    let mut s = group_start(x, y, scale, style, title);
    let _ = write!(s, "<use href=\"#piece-{id}\"/>");
    if id == "disc" {
        let _ = write!(
            s,
            "<path d=\"{}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"5\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            letter_path(letter)
        );
    }
    s.push_str("</g>");
    s
}

/// The picture of a mark, drawn in fixed colours whoever keeps it: an arrow's cross, a removed
/// square's hole (it covers the whole cell); `None` for the other shapes.
fn mark_body(shape: PieceShape) -> Option<&'static str> {
    match shape {
        PieceShape::Marker => Some(
            "<circle cx=\"50\" cy=\"50\" r=\"30\" fill=\"#5a1e1e\" stroke=\"#1a0a0a\" stroke-width=\"4\"/>\
             <path d=\"M36 36L64 64M64 36L36 64\" stroke=\"#f2e6d0\" stroke-width=\"8\" stroke-linecap=\"round\"/>",
        ),
        PieceShape::Hole => Some(
            "<rect x=\"-4\" y=\"-4\" width=\"108\" height=\"108\" fill=\"#2b2b2b\" stroke=\"#111111\" stroke-width=\"3\"/>\
             <rect x=\"8\" y=\"8\" width=\"84\" height=\"84\" rx=\"6\" fill=\"#141414\" stroke=\"none\"/>",
        ),
        _ => None,
    }
}

/// A piece drawn as a geometric outline (its kind's `shape`, a disc for `letter`) with its number,
/// or else its letter, written inside.
fn outlined(glyph: Glyph, x: f64, y: f64, scale: f64, style: PieceStyle, title: &str) -> String {
    // The outline, and the box the text fits in (centre x, centre y, width, height).
    let (body, text_box) = match glyph.shape {
        PieceShape::Letter
        | PieceShape::Circle
        | PieceShape::Disc
        | PieceShape::Marker
        | PieceShape::Hole => (
            "<circle cx=\"50\" cy=\"50\" r=\"42\" stroke-width=\"4\"/>",
            (50.0, 50.0, 62.0, 34.0),
        ),
        PieceShape::Square => (
            "<rect x=\"10\" y=\"10\" width=\"80\" height=\"80\" stroke-width=\"4\"/>",
            (50.0, 50.0, 66.0, 36.0),
        ),
        PieceShape::Triangle => (
            "<path d=\"M50 6L94 88H6Z\" stroke-width=\"4\" stroke-linejoin=\"round\"/>",
            (50.0, 66.0, 50.0, 26.0),
        ),
        PieceShape::Pyramid => (
            "<path d=\"M50 2L96 80H4Z\" stroke-width=\"4\" stroke-linejoin=\"round\"/><rect x=\"4\" y=\"84\" width=\"92\" height=\"12\" stroke-width=\"4\"/>",
            (50.0, 60.0, 50.0, 26.0),
        ),
    };
    let text = match glyph.number {
        Some(n) => n.to_string(),
        None => glyph.letter.to_ascii_uppercase().to_string(),
    };
    let (cx, cy, w, h) = text_box;
    let (d, stroke) = text_path(&text, cx, cy, w, h);
    let mut s = group_start(x, y, scale, style, title);
    let _ = write!(
        s,
        "{body}<path d=\"{d}\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/></g>",
        num(stroke)
    );
    s
}

/// The opening of a piece's group: placed, scaled, painted in the player's colours and titled.
fn group_start(x: f64, y: f64, scale: f64, style: PieceStyle, title: &str) -> String {
    format!(
        "<g transform=\"translate({} {}) scale({}) translate(-50 -50)\" fill=\"{}\" stroke=\"{}\" color=\"{}\"><title>{}</title>",
        num(x),
        num(y),
        num_scale(scale),
        super::svg::hex(style.fill),
        super::svg::hex(style.outline),
        super::svg::hex(style.detail),
        escape(title)
    )
}

/// Scales get four decimals: two would make pieces visibly jump in size between cells.
fn num_scale(x: f64) -> String {
    let mut t = format!("{:.4}", x);
    while t.ends_with('0') {
        t.pop();
    }
    if t.ends_with('.') {
        t.pop();
    }
    t
}

/// (id, body elements, detail path) of each shape, in a fixed order.
const SHAPES: &[(&str, &str, &str)] = &[
    (
        "K",
        "<path d=\"M46 12H54V22H62V30H54V56H46V30H38V22H46Z\" stroke-width=\"3\" stroke-linejoin=\"round\"/>\
         <path d=\"M28 88L72 88L70 78C82 64 80 44 66 44C58 44 53 50 50 58C47 50 42 44 34 44C20 44 18 64 30 78Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>",
        "M30 78H70M50 58V78",
    ),
    (
        "Q",
        "<path d=\"M28 88L72 88L70 78L80 36L65 60L62 28L54 58L50 22L46 58L38 28L35 60L20 36L30 78Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>\
         <circle cx=\"20\" cy=\"32\" r=\"5\" stroke-width=\"3\"/><circle cx=\"38\" cy=\"24\" r=\"5\" stroke-width=\"3\"/>\
         <circle cx=\"50\" cy=\"18\" r=\"5\" stroke-width=\"3\"/><circle cx=\"62\" cy=\"24\" r=\"5\" stroke-width=\"3\"/>\
         <circle cx=\"80\" cy=\"32\" r=\"5\" stroke-width=\"3\"/>",
        "M30 78H70",
    ),
    (
        "R",
        "<path d=\"M26 88L74 88L74 80L67 76L65 44L71 40L71 16L62 16L62 24L55 24L55 16L45 16L45 24L38 24L38 16L29 16L29 40L35 44L33 76L26 80Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>",
        "M35 44H65M33 76H67",
    ),
    (
        "B",
        "<path d=\"M36 78C24 62 34 44 50 24C66 44 76 62 64 78Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>\
         <circle cx=\"50\" cy=\"18\" r=\"6\" stroke-width=\"3\"/>\
         <path d=\"M26 88L74 88L68 78L32 78Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>",
        "M57 42L45 56M40 70H60",
    ),
    (
        "N",
        "<path d=\"M34 88L76 88C78 66 74 46 64 32C58 24 52 20 48 19L46 10L40 19L35 14L34 24C27 30 22 40 18 52C16 58 20 62 25 60C30 58 33 56 38 54C42 52 46 52 50 48C48 60 38 70 34 88Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>\
         <circle cx=\"38\" cy=\"31\" r=\"3\" fill=\"currentColor\" stroke=\"none\"/>",
        "M62 32C70 46 72 64 70 82",
    ),
    (
        "P",
        "<path d=\"M30 88C30 72 38 62 46 54L54 54C62 62 70 72 70 88Z\" stroke-width=\"3.5\" stroke-linejoin=\"round\"/>\
         <path d=\"M38 50H62V57H38Z\" stroke-width=\"3\" stroke-linejoin=\"round\"/>\
         <circle cx=\"50\" cy=\"34\" r=\"13\" stroke-width=\"3.5\"/>",
        "",
    ),
    (
        "disc",
        "<circle cx=\"50\" cy=\"50\" r=\"40\" stroke-width=\"3.5\"/>",
        "",
    ),
];

/// Strokes of the letters A to Z on a 4 x 6 grid: polylines of `x,y` points, `|` between strokes.
const ALPHABET: [&str; 26] = [
    "0,6 2,0 4,6|0.7,4 3.3,4",
    "0,0 0,6 3,6 4,5 4,4 3,3 0,3|0,0 3,0 4,1 4,2 3,3",
    "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5",
    "0,0 0,6 2,6 4,4 4,2 2,0 0,0",
    "4,0 0,0 0,6 4,6|0,3 3,3",
    "4,0 0,0 0,6|0,3 3,3",
    "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3",
    "0,0 0,6|4,0 4,6|0,3 4,3",
    "1,0 3,0|2,0 2,6|1,6 3,6",
    "4,0 4,5 3,6 1,6 0,5",
    "0,0 0,6|4,0 0,4|1,3 4,6",
    "0,0 0,6 4,6",
    "0,6 0,0 2,3 4,0 4,6",
    "0,6 0,0 4,6 4,0",
    "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0",
    "0,6 0,0 3,0 4,1 4,2 3,3 0,3",
    "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0|2.5,4.5 4,6",
    "0,6 0,0 3,0 4,1 4,2 3,3 0,3|2,3 4,6",
    "4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5",
    "0,0 4,0|2,0 2,6",
    "0,0 0,5 1,6 3,6 4,5 4,0",
    "0,0 2,6 4,0",
    "0,0 1,6 2,3 3,6 4,0",
    "0,0 4,6|4,0 0,6",
    "0,0 2,3 4,0|2,3 2,6",
    "0,0 4,0 0,6 4,6",
];

/// The digits 0 to 9 in the stroke alphabet's 4 x 6 grid.
const DIGITS: [&str; 10] = [
    "1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0",
    "1,1 2,0 2,6|1,6 3,6",
    "0,1 1,0 3,0 4,1 4,2 0,6 4,6",
    "0,1 1,0 3,0 4,1 4,2 3,3 4,4 4,5 3,6 1,6 0,5|1.5,3 3,3",
    "3,6 3,0 0,4 4,4",
    "4,0 0,0 0,3 3,3 4,4 4,5 3,6 0,6",
    "4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3",
    "0,0 4,0 1.5,6",
    "1,0 3,0 4,1 4,2 3,3 1,3 0,2 0,1 1,0|1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3",
    "4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6 0,5",
];

/// The strokes of one character: A to Z, 0 to 9, a `?` shape for anything else.
fn strokes(c: char) -> &'static str {
    match c {
        'A'..='Z' => ALPHABET[(c as u8 - b'A') as usize],
        '0'..='9' => DIGITS[(c as u8 - b'0') as usize],
        _ => "0,1 1,0 3,0 4,1 4,2 2,3.5 2,4.5|2,5.8 2,6",
    }
}

/// SVG path data writing an upper-case letter in the middle of the 100 x 100 box (a `?` shape for
/// anything that is not A to Z).
pub(crate) fn letter_path(letter: char) -> String {
    text_path(&letter.to_string(), 50.0, 50.0, 28.0, 42.0).0
}

/// SVG path data writing `text` (upper-case letters and digits) centred on `(cx, cy)` as large as
/// fits `width` x `height`, and the stroke width that suits that size. Characters are 4 units
/// wide and 6 tall, 1.5 apart.
pub fn text_path(text: &str, cx: f64, cy: f64, width: f64, height: f64) -> (String, f64) {
    let n = text.chars().count().max(1) as f64;
    let units = n * 4.0 + (n - 1.0) * 1.5;
    let scale = (width / units).min(height / 6.0);
    let (x0, y0) = (cx - units * scale / 2.0, cy - 3.0 * scale);
    let mut d = String::new();
    for (k, c) in text.chars().enumerate() {
        let left = x0 + k as f64 * 5.5 * scale;
        for stroke in strokes(c).split('|') {
            for (i, pt) in stroke.split(' ').enumerate() {
                let (x, y) = pt.split_once(',').unwrap_or(("0", "0"));
                let x: f64 = x.parse().unwrap_or(0.0);
                let y: f64 = y.parse().unwrap_or(0.0);
                let _ = write!(
                    d,
                    "{}{} {}",
                    if i == 0 { 'M' } else { 'L' },
                    num(left + x * scale),
                    num(y0 + y * scale)
                );
            }
        }
    }
    (d, (scale * 0.72).min(5.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_has_strokes() {
        for c in 'A'..='Z' {
            let d = letter_path(c);
            assert!(d.starts_with("M"), "{c}: {d}");
        }
        assert_eq!(letter_path('T'), "M36 29L64 29M50 29L50 71");
    }

    #[test]
    fn scales_keep_four_decimals() {
        assert_eq!(num_scale(0.4), "0.4");
        assert_eq!(num_scale(0.41237), "0.4124");
    }
}
