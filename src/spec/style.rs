//! `[style]` of a board file: how pictures draw the board, for boards that are not chequered
//! squares. Drawing only: no rule reads it.
//!
//! ```toml
//! [style]
//! cells = "points"                      # pieces stand on the crossings of lines
//! lines_along = ["n", "e"]              # the links drawn as lines (default: n and e)
//! gaps = [["b5", "b6"], ["c5", "c6"]]   # links not drawn (xiangqi's river)
//! lines = [["d1", "f3"], ["f1", "d3"]]  # more lines between two nodes (the palace's diagonals)
//! marks = [["c3", "d4"]]                # a dot halfway between two nodes (shogi's star points)
//! ```

use serde::Deserialize;
use toml::Spanned;

use super::{Located, TableReader};
use crate::diagnostic::Diagnostic;

/// How the cells are drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum CellStyle {
    /// Light and dark cells, as the board's colours say (the default).
    #[default]
    Checkered,
    /// Every cell one colour, with lines between them (shogi, makruk).
    Plain,
    /// Pieces on the crossings of lines drawn along links (xiangqi, janggi).
    Points,
}

/// `[style]` as the JSON Schema describes it (the reader reads it key by key).
#[cfg(feature = "schema")]
#[derive(Debug, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct StyleTable {
    /// `checkered` (default: light and dark cells as the board's colours say), `plain` (one
    /// colour, lines between the cells: shogi, makruk) or `points` (pieces on the crossings of
    /// lines drawn along links: xiangqi, janggi).
    #[serde(default)]
    cells: CellStyle,
    /// With `points`: the directions whose links are drawn as lines (default `["n", "e"]`).
    #[schemars(with = "Option<Vec<String>>")]
    lines_along: Option<Vec<Spanned<String>>>,
    /// With `points`: links not drawn, as pairs of nodes (xiangqi's river: `[["b5", "b6"], ...]`).
    #[serde(default)]
    #[schemars(with = "Vec<[String; 2]>")]
    gaps: Vec<[Spanned<String>; 2]>,
    /// More lines, each between the centres of two nodes (the palace's diagonals).
    #[serde(default)]
    #[schemars(with = "Vec<[String; 2]>")]
    lines: Vec<[Spanned<String>; 2]>,
    /// Dots, each halfway between the centres of two nodes (shogi's star points: `[["c3", "d4"]]`).
    #[serde(default)]
    #[schemars(with = "Vec<[String; 2]>")]
    marks: Vec<[Spanned<String>; 2]>,
}

/// A pair of node names with where each is written.
pub(crate) type NodePair = [Located<String>; 2];

/// `[style]`, read.
#[derive(Clone, Debug, Default)]
pub(crate) struct StyleSpec {
    /// How the cells are drawn.
    pub(crate) cells: CellStyle,
    /// The directions drawn as lines (`points`), when given.
    pub(crate) lines_along: Option<Vec<Located<String>>>,
    /// Links not drawn.
    pub(crate) gaps: Vec<NodePair>,
    /// More lines.
    pub(crate) lines: Vec<NodePair>,
    /// Dots.
    pub(crate) marks: Vec<NodePair>,
    /// Where `[style]` is, for messages about the whole table.
    pub(crate) span: super::Span,
}

/// `[style]` of a board file (the default style when it is absent).
pub(super) fn read_style(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> StyleSpec {
    let Some(v) = top.raw("style") else {
        return StyleSpec::default();
    };
    let span = v.span();
    let Some(mut t) = TableReader::of_value(v, "`[style]`", diags) else {
        return StyleSpec::default();
    };
    let mut pairs = |key: &'static str| -> Vec<NodePair> {
        t.optional::<Vec<[Spanned<String>; 2]>>(key, diags)
            .map(|l| l.value)
            .unwrap_or_default()
            .into_iter()
            .map(|p| p.map(Located::from))
            .collect()
    };
    let (gaps, lines, marks) = (pairs("gaps"), pairs("lines"), pairs("marks"));
    let cells = t.optional::<CellStyle>("cells", diags);
    let lines_along = t
        .optional::<Vec<Spanned<String>>>("lines_along", diags)
        .map(|l| l.value.into_iter().map(Located::from).collect());
    t.finish(diags);
    StyleSpec {
        cells: cells.map(|c| c.value).unwrap_or_default(),
        lines_along,
        gaps,
        lines,
        marks,
        span,
    }
}
