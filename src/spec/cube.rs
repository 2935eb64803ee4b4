//! `[cube]`: the levels x files x ranks node generator of three-dimensional boards, as read from
//! TOML (the build makes its nodes, its 26 one-step directions and its links).
//!
//! ```toml
//! [cube]
//! levels = "ABCDE"      # bottom to top: a string of one-letter levels, or an array of names
//! files = "abcde"       # left to right
//! ranks = 5             # named 1 up to it, front to back
//! light = "odd"         # a cell is light when level + file + rank index (from 0) is odd
//! ```

use super::board::{Files, Parity, read_names};
use super::{Located, Span, TableReader};
use crate::diagnostic::Diagnostic;

/// `[cube]`: the levels x files x ranks node generator.
#[derive(Clone, Debug)]
pub(crate) struct CubeSpec {
    /// The table, for messages.
    pub(crate) span: Span,
    /// Level names, bottom to top.
    pub(crate) levels: Located<Files>,
    /// File names, left to right.
    pub(crate) files: Located<Files>,
    /// Number of ranks, named 1..=ranks.
    pub(crate) ranks: Located<u32>,
    /// Which cells are light.
    pub(crate) light: Option<Located<Parity>>,
}

/// `[cube]`, when the file has one that reads.
pub(super) fn read_cube(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<CubeSpec> {
    let v = top.raw("cube")?;
    let mut c = TableReader::of_value(v, "`[cube]`", diags)?;
    let levels = read_names(&mut c, "levels", true, "\"ABCDE\"", diags);
    let files = read_names(&mut c, "files", true, "\"abcde\"", diags);
    let ranks = c.required::<u32>("ranks", "5", diags);
    let light = c.optional::<Parity>("light", diags);
    let span = c.span();
    c.finish(diags);
    Some(CubeSpec {
        span,
        levels: levels?,
        files: files?,
        ranks: ranks?,
        light,
    })
}
