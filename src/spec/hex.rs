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
//!
//! # or files of given lengths, each centred on the middle height (Shafran's 70 cells):
//! # lengths = [6, 7, 8, 9, 10, 9, 8, 7, 6]
//! # rank_lines = "falling"        # ranks: "bent" (from each file's foot), "falling", "rising"
//! ```

use serde::Deserialize;

use super::board::{Files, read_files};
use super::{Located, Span, TableReader};
use crate::diagnostic::Diagnostic;

/// How the ranks of a hex board run, and so how its cells are named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum RankLines {
    /// Counted from 1 at the lowest cell of each file, so a rank bends where the files stop
    /// growing (Gliński's and McCooey's notation).
    #[default]
    Bent,
    /// Straight lines of cells falling to the right (each cell half a cell below its neighbour on
    /// the left), numbered from 1 at the lowest (Shafran's notation).
    Falling,
    /// Straight lines of cells rising to the right, numbered from 1 at the lowest.
    Rising,
}

/// `[hex]`: the hexagon-of-hexagons node generator.
#[derive(Clone, Debug)]
pub(crate) struct HexSpec {
    /// The table, for messages.
    pub(crate) span: Span,
    /// Cells along each side of a regular hexagon.
    pub(crate) side: Option<Located<u32>>,
    /// Instead of `side`: the number of cells of each file, left to right.
    pub(crate) lengths: Option<Located<Vec<u32>>>,
    /// File names, left to right, when given (else letters from `a`, `j` left out).
    pub(crate) files: Option<Located<Files>>,
    /// How ranks run (default: bent).
    pub(crate) rank_lines: Option<Located<RankLines>>,
}

/// `[hex]`, when the file has one that reads.
pub(crate) fn read_hex(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<HexSpec> {
    let v = top.raw("hex")?;
    let mut h = TableReader::of_value(v, "`[hex]`", diags)?;
    let side = h.optional::<u32>("side", diags);
    let lengths = h.optional::<Vec<u32>>("lengths", diags);
    let files = read_files(&mut h, false, diags);
    let rank_lines = h.optional::<RankLines>("rank_lines", diags);
    let span = h.span();
    h.finish(diags);
    Some(HexSpec {
        span,
        side,
        lengths,
        files,
        rank_lines,
    })
}
