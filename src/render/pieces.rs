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

/// How one player's pieces are painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceStyle {
    /// Body colour.
    pub fill: [u8; 3],
    /// Outline colour.
    pub outline: [u8; 3],
    /// Colour of the inner lines (contrasting with the fill).
    pub detail: [u8; 3],
}

/// The letters with a silhouette of their own.
pub const SILHOUETTES: &[char] = &['K', 'Q', 'R', 'B', 'N', 'P'];

/// The `<defs>` content: one `<g id="piece-X">` per silhouette and the fairy disc.
pub fn defs() -> String {
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

/// A piece of letter `letter` centred on `(x, y)`, `size` units tall, with a `<title>`.
pub fn piece(letter: char, x: f64, y: f64, size: f64, style: PieceStyle, title: &str) -> String {
    let scale = size / 100.0;
    let letter = letter.to_ascii_uppercase();
    let id = if SILHOUETTES.contains(&letter) {
        letter.to_string()
    } else {
        "disc".to_string()
    };
    let mut s = format!(
        "<g transform=\"translate({} {}) scale({}) translate(-50 -50)\" fill=\"{}\" stroke=\"{}\" color=\"{}\"><title>{}</title><use href=\"#piece-{id}\"/>",
        num(x),
        num(y),
        num_scale(scale),
        super::svg::hex(style.fill),
        super::svg::hex(style.outline),
        super::svg::hex(style.detail),
        escape(title)
    );
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

/// SVG path data writing an upper-case letter in the middle of the 100 x 100 box (a `?` shape for
/// anything that is not A to Z).
pub fn letter_path(letter: char) -> String {
    let strokes = match letter {
        'A'..='Z' => ALPHABET[(letter as u8 - b'A') as usize],
        _ => "0,1 1,0 3,0 4,1 4,2 2,3.5 2,4.5|2,5.8 2,6",
    };
    let mut d = String::new();
    for stroke in strokes.split('|') {
        for (i, pt) in stroke.split(' ').enumerate() {
            let (x, y) = pt.split_once(',').unwrap_or(("0", "0"));
            let x: f64 = x.parse().unwrap_or(0.0);
            let y: f64 = y.parse().unwrap_or(0.0);
            let _ = write!(
                d,
                "{}{} {}",
                if i == 0 { 'M' } else { 'L' },
                num(36.0 + x * 7.0),
                num(29.0 + y * 7.0)
            );
        }
    }
    d
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
