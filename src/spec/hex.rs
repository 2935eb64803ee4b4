//! `[hex]`, the hexagon generator of a board file, as read from TOML (before any meaning is
//! checked).
//!
//! ```toml
//! [board]
//! name = "Gliński's board"
//! layout = "hex"                  # the default with `[hex]`: cells drawn as hexagons
//!
//! [hex]                           # a hexagon of hexagonal cells in vertical files
//! side = 6                        # cells along each of its six sides (91 cells)
//! files = "abcdefghikl"           # optional: 2 * side - 1 files; letters without `j` by default
//! ```

use super::board::{Files, read_files};
use super::{Located, Span, TableReader};
use crate::diagnostic::Diagnostic;

/// `[hex]`: the hexagon-of-hexagons node generator.
#[derive(Clone, Debug)]
pub(crate) struct HexSpec {
    /// The table, for messages.
    pub(crate) span: Span,
    /// Cells along each side of the hexagon.
    pub(crate) side: Located<u32>,
    /// File names, left to right, when given (else letters from `a`, `j` left out).
    pub(crate) files: Option<Located<Files>>,
}

/// `[hex]`, when the file has one that reads.
pub(crate) fn read_hex(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<HexSpec> {
    let v = top.raw("hex")?;
    let mut h = TableReader::of_value(v, "`[hex]`", diags)?;
    let side = h.required::<u32>("side", "6", diags);
    let files = read_files(&mut h, false, diags);
    let span = h.span();
    h.finish(diags);
    Some(HexSpec {
        span,
        side: side?,
        files,
    })
}
