//! `[grid]`: the files x ranks node generator, and the names of a generator's lines (`files`,
//! `levels`) that `[hex]` and `[cube]` read too.

use serde::Deserialize;
use toml::Spanned;

use super::{Located, Span, TableReader, deserialize};
use crate::diagnostic::Diagnostic;

/// Which parity of (file index + rank index) is light.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum Parity {
    /// A square is light when its file index plus its rank index (both from 0) is even.
    Even,
    /// A square is light when its file index plus its rank index (both from 0) is odd (a1 dark,
    /// as on a chessboard).
    Odd,
}

/// Files of a grid: a string of one-character names or a list of names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Files {
    /// `"abcdefgh"`: one file per character.
    Letters(String),
    /// `["a", "b", ...]`.
    Names(Vec<String>),
}

impl Files {
    /// The file names in order.
    pub(crate) fn names(&self) -> Vec<String> {
        match self {
            Files::Letters(s) => s.chars().map(String::from).collect(),
            Files::Names(v) => v.clone(),
        }
    }
}

/// `[grid]`: the files x ranks node generator.
#[derive(Clone, Debug)]
pub(crate) struct GridSpec {
    /// The table, for messages.
    pub(crate) span: Span,
    /// File names.
    pub(crate) files: Located<Files>,
    /// Number of ranks, named 1..=ranks.
    pub(crate) ranks: Located<u32>,
    /// Which squares are light.
    pub(crate) light: Option<Located<Parity>>,
    /// Cells of the grid left out of the board (`omit`): names and rectangles `a1..c3`.
    pub(crate) omit: Vec<Located<String>>,
    /// `walls = true`: the omitted cells are walls, written `*` in position text.
    pub(crate) walls: bool,
}

/// `[grid]`, when the file has one that reads.
pub(super) fn read_grid(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<GridSpec> {
    let v = top.raw("grid")?;
    let mut g = TableReader::of_value(v, "`[grid]`", diags)?;
    let files = read_files(&mut g, true, diags);
    let ranks = g.required::<u32>("ranks", "8", diags);
    let light = g.optional::<Parity>("light", diags);
    let omit = g
        .optional::<Vec<Spanned<String>>>("omit", diags)
        .map_or_else(Vec::new, |o| {
            o.value.into_iter().map(Located::from).collect()
        });
    let walls = g.optional::<bool>("walls", diags).is_some_and(|w| w.value);
    let span = g.span();
    g.finish(diags);
    Some(GridSpec {
        span,
        files: files?,
        ranks: ranks?,
        light,
        omit,
        walls,
    })
}

/// The `files` key of `[grid]` (required) or `[hex]` (optional).
pub(crate) fn read_files(
    g: &mut TableReader<'_, '_>,
    required: bool,
    diags: &mut Vec<Diagnostic>,
) -> Option<Located<Files>> {
    read_names(g, "files", required, "\"abcdefgh\"", diags)
}

/// A key that names the lines of a generator (`files`, `levels`): a string of one-letter names or
/// an array of names.
pub(super) fn read_names(
    g: &mut TableReader<'_, '_>,
    key: &'static str,
    required: bool,
    example: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Located<Files>> {
    let Some(value) = g.raw(key) else {
        if required {
            g.missing(key, example, diags);
        }
        return None;
    };
    let table = g.what.clone();
    let files = match value.get_ref() {
        toml::de::DeValue::String(s) => Files::Letters(s.to_string()),
        toml::de::DeValue::Array(_) => Files::Names(deserialize::<Vec<String>>(
            value,
            &format!("{table} key `{key}` (an array of names)"),
            diags,
        )?),
        other => {
            diags.push(
                Diagnostic::new(
                    crate::diagnostic::Code::WrongType,
                    value.span(),
                    format!(
                        "{table} key `{key}` must be a string of letters or an array of names, found {}",
                        super::type_name(other)
                    ),
                )
                .label(format!("expected {example} or an array of names")),
            );
            return None;
        }
    };
    Some(Located::new(files, value.span()))
}
