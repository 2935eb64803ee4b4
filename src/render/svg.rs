//! SVG text: numbers written the same way on every machine, and escaped attribute and text values.

use std::fmt::Write;

/// A coordinate or length as SVG text: at most two decimals, no trailing zeros, never `-0`.
///
/// Fixed rounding is what makes the output byte-for-byte deterministic (the same input gives the
/// same file on every machine), and two decimals of a user unit are far below a pixel.
pub(crate) fn num(x: f64) -> String {
    let mut s = format!("{:.2}", x);
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" { "0".to_string() } else { s }
}

/// Escapes text for use inside an attribute value (double-quoted) or element content.
pub(crate) fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&apos;"),
            c => s.push(c),
        }
    }
    s
}

/// A colour as `#rrggbb`.
pub(crate) fn hex(rgb: [u8; 3]) -> String {
    let mut s = String::from("#");
    for c in rgb {
        let _ = write!(s, "{c:02x}");
    }
    s
}

/// Relative luminance in 0..=1 (sRGB weights, no gamma): enough to choose a contrasting colour.
pub(crate) fn luminance(rgb: [u8; 3]) -> f64 {
    (0.2126 * rgb[0] as f64 + 0.7152 * rgb[1] as f64 + 0.0722 * rgb[2] as f64) / 255.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_stable() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(1.256), "1.26");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-2.1), "-2.1");
        assert_eq!(num(100.0), "100");
    }

    #[test]
    fn escaping() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(hex([255, 0, 16]), "#ff0010");
    }
}
