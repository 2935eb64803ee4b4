//! `[map]`: directions as grid offsets (Game Courier's `map`), and which edges they cross.

use serde::Deserialize;
use toml::Spanned;

use super::{Located, Span, TableReader, deserialize};
use crate::diagnostic::Diagnostic;

/// Which edges of a grid the `[map]` offsets cross: the surface the grid is drawn on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum Wrap {
    /// No edge is crossed: a flat board.
    #[default]
    None,
    /// The last file is joined to the first (`wrap_files = true` says the same).
    Cylinder,
    /// The last file is joined to the first and the last rank to the first.
    Torus,
    /// The last file is joined to the first upside down: crossing that seam turns rank `r` into
    /// rank `ranks + 1 - r` and the crossing piece's frame by the board's `mirror` twist (every
    /// offset direction to the one with the rank offset negated).
    #[serde(alias = "mobius")]
    Moebius,
    /// The files are joined as on a Möbius strip and the ranks as on a cylinder: a Klein bottle.
    Klein,
}

impl Wrap {
    /// Whether the offsets cross from the last file to the first.
    pub(crate) fn files(self) -> bool {
        self != Wrap::None
    }

    /// Whether the offsets cross from the last rank to the first.
    pub(crate) fn ranks(self) -> bool {
        matches!(self, Wrap::Torus | Wrap::Klein)
    }

    /// Whether crossing the file seam mirrors the ranks (and carries the `mirror` twist).
    pub(crate) fn mirrored(self) -> bool {
        matches!(self, Wrap::Moebius | Wrap::Klein)
    }
}

/// `[map]`: directions as grid offsets.
#[derive(Clone, Debug)]
pub(crate) struct MapSpec {
    /// The table, for messages.
    pub(crate) span: Span,
    /// Which edges the offsets cross, and where the file said so.
    pub(crate) wrap: Located<Wrap>,
    /// Direction name and (file, rank) offset.
    pub(crate) offsets: Vec<(Located<String>, Located<[i32; 2]>)>,
}

/// `[map]`, when the file has one that is a table.
pub(super) fn read_map(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Option<MapSpec> {
    let v = top.raw("map")?;
    let mut m = TableReader::of_value(v, "`[map]`", diags)?;
    let wrap = read_wrap(&mut m, diags);
    let offsets = m
        .named_entries("offsets", diags)
        .into_iter()
        .filter_map(|(name, v)| read_offset(name, v, diags))
        .collect();
    let span = m.span();
    m.finish(diags);
    Some(MapSpec {
        span,
        wrap,
        offsets,
    })
}

/// `[map] wrap`, or its older spelling `wrap_files = true` (a cylinder); both at once are refused,
/// since one could contradict the other.
fn read_wrap(m: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> Located<Wrap> {
    let files = m.optional::<bool>("wrap_files", diags);
    let wrap = m.optional::<Wrap>("wrap", diags);
    match (files, wrap) {
        (Some(f), Some(w)) => {
            diags.push(
                Diagnostic::new(
                    crate::diagnostic::Code::BadWrap,
                    f.span.clone(),
                    "`[map]` has both `wrap_files` and `wrap`",
                )
                .label("the older spelling of `wrap = \"cylinder\"`")
                .related(w.span.clone(), "`wrap` given here")
                .help("keep `wrap` and remove `wrap_files`"),
            );
            w
        }
        (Some(f), None) => Located::new(if f.value { Wrap::Cylinder } else { Wrap::None }, f.span),
        (None, Some(w)) => w,
        (None, None) => Located::new(Wrap::None, m.span().start..m.span().start),
    }
}

/// One `[map]` offset: `[files, ranks]`.
fn read_offset(
    name: Located<String>,
    v: &Spanned<toml::de::DeValue<'_>>,
    diags: &mut Vec<Diagnostic>,
) -> Option<(Located<String>, Located<[i32; 2]>)> {
    let what = format!("offset of `{}` (an array `[files, ranks]`)", name.value);
    let off = deserialize::<Vec<i32>>(v, &what, diags)?;
    match off.as_slice() {
        [f, r] => Some((name, Located::new([*f, *r], v.span()))),
        _ => {
            diags.push(
                Diagnostic::new(
                    crate::diagnostic::Code::InvalidValue,
                    v.span(),
                    format!(
                        "the offset of `{}` has {} number(s); an offset is `[files, ranks]`",
                        name.value,
                        off.len()
                    ),
                )
                .label("expected two numbers")
                .help("e.g. `n = [0, 1]`: zero files across, one rank up"),
            );
            None
        }
    }
}
