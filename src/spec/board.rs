//! The board file format, as read from TOML (before any meaning is checked).
//!
//! ```toml
//! [board]
//! name = "Orthodox chess"
//! layout = "grid"                 # "grid" (x, y), "polar" (ring, sector) or "hex" drawing positions
//!
//! [grid]                          # generator: files x ranks, node name = file + rank
//! files = "abcdefgh"              # a string of one-letter files, or an array of names
//! ranks = 8
//! light = "odd"                   # a node is light when file index + rank index (from 0) is odd
//! omit = ["a1..c3", "n14"]         # cells left out: rectangles (corners in any order) and names
//! walls = true                    # the omitted cells are walls: `*` in position text
//!
//! [hex]                           # or a hexagon of hexagons (see `spec::hex`)
//!
//! [cube]                          # generator: levels x files x ranks, node name = level + file + rank
//! levels = "ABCDE"                # bottom to top; the 26 one-step directions are made too
//! files = "abcde"
//! ranks = 5
//!
//! [directions]                    # every direction name, optional `opposite`, or a composite `path`
//! n = { opposite = "s" }
//! nne = { path = "n n e" }
//!
//! [map]                           # Game Courier `map`: a direction is an offset on the grid
//! wrap = "none"                   # or "cylinder", "torus", "moebius", "klein": edges the offsets cross
//! offsets = { n = [0, 1] }        # [files, ranks]
//!
//! [twists]                        # direction permutations carried by links
//! center = { in = "out", out = "in" }
//!
//! [[link]]                        # explicit links: each node of `chain` to the next, in `dir`
//! dir = "in"
//! chain = ["a6", "m6"]
//! twist = "center"
//! tags = ["void"]
//!
//! [[rlink]]                       # the same, each node to the previous one
//! [[unlink]]                      # removes links: `dir` and `nodes`
//! [[tag]]                         # tags existing links: `name` and `links = ["h1 cw i1", ...]`
//!
//! [zones]                         # named node sets (grid boards also have rank_N and file_X)
//! white_back_rank = ["a1", "b1"]
//! ranks_2_7 = ["a2..h7"]           # a rectangle (grid boards): corners in any order
//! edges = "file_a + file_h - rank_1" # zones and rectangles, ` + ` union, ` - ` difference
//! ```

use serde::Deserialize;
use toml::Spanned;

use super::grid::read_grid;
pub(super) use super::grid::read_names;
pub(crate) use super::grid::{Files, GridSpec, Parity, read_files};
use super::map::read_map;
pub(crate) use super::map::{MapSpec, Wrap};
use super::{Located, Span, TableReader, deserialize, parse_document};
use crate::diagnostic::Diagnostic;
use crate::limits::MAX_COORDINATE;

/// How node drawing positions are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// Square cells drawn at (`x`, `y`) (a `[grid]` gives them), `y` growing upward.
    Grid,
    /// Annular cells drawn at (`ring`, `sector`) round a central void; ring 0 is the outermost.
    Polar,
    /// Hexagonal cells in vertical files drawn at (`x`, `y`) (a `[hex]` gives them): `x` the file,
    /// `y` in cell heights, a file's cells half a cell above or below its neighbours'.
    Hex,
}

/// The colour of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// A light square.
    Light,
    /// A dark square.
    Dark,
    /// The third colour of a board of hexagons (between light and dark).
    Mid,
}

/// A drawing coordinate: a finite number of magnitude at most [`MAX_COORDINATE`] (TOML's `nan`
/// and `inf`, and numbers too large to draw, are refused where they are written, so no picture
/// ever holds `NaN` or `inf`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Coordinate(pub f64);

#[cfg(feature = "schema")]
impl schemars::JsonSchema for Coordinate {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Coordinate".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "number",
            "minimum": -MAX_COORDINATE,
            "maximum": MAX_COORDINATE,
        })
    }
}

impl<'de> Deserialize<'de> for Coordinate {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        if !v.is_finite() {
            Err(serde::de::Error::custom(format!(
                "a coordinate must be a finite number, not `{v}`"
            )))
        } else if v.abs() > MAX_COORDINATE {
            Err(serde::de::Error::custom(format!(
                "a coordinate must be from -{MAX_COORDINATE} to {MAX_COORDINATE}, not `{v:e}`"
            )))
        } else {
            Ok(Coordinate(v))
        }
    }
}

/// One `[[node]]`: a node declared by hand.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct NodeSpec {
    /// The node's name, used in position text, move text and zones: letters, digits, `_` and `'`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) name: Spanned<String>,
    /// Where a `grid` or `hex` layout draws the node: its column (left to right, one unit per
    /// square or file).
    pub(crate) x: Option<Coordinate>,
    /// Where a `grid` or `hex` layout draws the node: its row (bottom to top, one unit per square
    /// or cell; on a hex layout the cells of neighbouring files are half a unit apart).
    pub(crate) y: Option<Coordinate>,
    /// Where a `polar` layout draws the node: its ring, 0 the outermost.
    pub(crate) ring: Option<Coordinate>,
    /// Where a `polar` layout draws the node: its sector, clockwise.
    pub(crate) sector: Option<Coordinate>,
    /// The cell's colour in pictures, `light`, `dark` or `mid`; light when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Colour>"))]
    pub(crate) colour: Option<Spanned<Colour>>,
}

/// One entry of `[directions]`.
#[derive(Clone, Debug)]
pub(crate) struct DirectionSpec {
    /// The direction's name.
    pub(crate) name: Located<String>,
    /// The opposite direction, when declared.
    pub(crate) opposite: Option<Located<String>>,
    /// For composite directions, the steps (`"n n e"`).
    pub(crate) path: Option<Located<String>>,
}

/// One entry of `[directions]`, as written: `n = { opposite = "s" }`, `nne = { path = "n n e" }`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DirectionBody {
    /// The direction that undoes this one (`n` and `s`); declared on one of the two, it pairs
    /// both. Frames and twists keep opposites paired; `check` warns about a link not undone by its
    /// opposite.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    opposite: Option<Spanned<String>>,
    /// Makes this a composite direction: a space-separated sequence of plain directions
    /// (`"n n e"`); its links follow the path, twists composed and tags collected.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    path: Option<Spanned<String>>,
}

/// One entry of `[twists]`: a named direction permutation.
#[derive(Clone, Debug)]
pub(crate) struct TwistSpec {
    /// The twist's name.
    pub(crate) name: Located<String>,
    /// `from -> to` pairs; unnamed directions map to themselves.
    pub(crate) map: Vec<(Located<String>, Located<String>)>,
}

/// A `[[link]]` or `[[rlink]]` item.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct LinkSpec {
    /// The direction (declared in `[directions]`) of every link of the chain.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) dir: Spanned<String>,
    /// Node names in order: each is linked to the next in `dir` (`[[rlink]]`: to the previous).
    /// A node may have at most one link per direction.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) chain: Spanned<Vec<Spanned<String>>>,
    /// A twist (declared in `[twists]`) carried by every link of the chain: a piece crossing it
    /// has its directions renamed by the twist from then on.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) twist: Option<Spanned<String>>,
    /// Tags on every link of the chain (such as `moat:white-gray`), used by gates and `avoid:TAG`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) tags: Vec<Spanned<String>>,
    /// Set for `[[rlink]]`.
    #[serde(skip)]
    pub(crate) reverse: bool,
}

/// An `[[unlink]]` item.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct UnlinkSpec {
    /// The direction whose links are removed.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) dir: Spanned<String>,
    /// The nodes whose link in `dir` is removed (acts in file order with `[[link]]`, after `[map]`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) nodes: Vec<Spanned<String>>,
}

/// A `[[tag]]` item: tags existing links.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct TagSpec {
    /// The tag, such as `moat:white-gray`; gates and `avoid:TAG` name it.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) name: Spanned<String>,
    /// The existing links to tag, each written `"FROM DIRECTION TO"` (`"h1 cw i1"`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) links: Vec<Spanned<String>>,
}

/// One entry of `[zones]`.
#[derive(Clone, Debug)]
pub(crate) struct ZoneSpec {
    /// The zone's name.
    pub(crate) name: Located<String>,
    /// Its nodes, as written.
    pub(crate) value: ZoneValue,
    /// Where the value is written (the array or the string).
    pub(crate) span: Span,
}

/// How a zone gives its nodes.
#[derive(Clone, Debug)]
pub(crate) enum ZoneValue {
    /// An array: node names and, on grid boards, rectangles `a1..h2`.
    List(Vec<Located<String>>),
    /// A string: zones and rectangles joined by ` + ` (union) and ` - ` (difference), left to
    /// right (`"rank_1 + rank_2 - center"`).
    Expression(Located<String>),
}

/// A whole board file, read but not yet validated.
#[derive(Clone, Debug)]
pub struct BoardSpec {
    /// `[board] name`.
    pub(crate) name: Located<String>,
    /// `[board] description`.
    pub(crate) description: Option<String>,
    /// `[board] layout`.
    pub(crate) layout: Located<Layout>,
    /// `[grid]`.
    pub(crate) grid: Option<GridSpec>,
    /// `[hex]`.
    pub(crate) hex: Option<super::hex::HexSpec>,
    /// `[cube]`.
    pub(crate) cube: Option<super::cube::CubeSpec>,
    /// `[[node]]` items.
    pub(crate) nodes: Vec<NodeSpec>,
    /// `[directions]` entries in file order.
    pub(crate) directions: Vec<DirectionSpec>,
    /// `[map]`.
    pub(crate) map: Option<MapSpec>,
    /// `[twists]` entries.
    pub(crate) twists: Vec<TwistSpec>,
    /// `[[link]]` and `[[rlink]]` items in file order.
    pub(crate) links: Vec<LinkSpec>,
    /// `[[unlink]]` items.
    pub(crate) unlinks: Vec<UnlinkSpec>,
    /// `[[tag]]` items.
    pub(crate) tags: Vec<TagSpec>,
    /// `[zones]` entries.
    pub(crate) zones: Vec<ZoneSpec>,
    /// Span of `[directions]` (or the file start), for whole-table messages.
    pub(crate) directions_span: Span,
    /// `[style]`.
    pub(crate) style: super::style::StyleSpec,
}

/// Keys of a board file's top level.
pub(crate) const TOP_LEVEL_KEYS: &[&str] = &[
    "board",
    "grid",
    "hex",
    "cube",
    "node",
    "directions",
    "map",
    "twists",
    "link",
    "rlink",
    "unlink",
    "tag",
    "zones",
    "style",
];

/// Reads a board file's text into a [`BoardSpec`], or every problem found on the way.
pub fn read_board_spec(text: &str) -> Result<BoardSpec, Vec<Diagnostic>> {
    let doc = parse_document(text)?;
    let mut diags = Vec::new();
    let mut top = TableReader::new(doc.get_ref(), 0..0, "the board file");
    // The tables are read in this order because `finish` lists the allowed keys in the order
    // they were asked for.
    let (name, description, layout) = read_board_table(&mut top, &mut diags);
    let grid = read_grid(&mut top, &mut diags);
    let hex = super::hex::read_hex(&mut top, &mut diags);
    // Without `layout`, a `[hex]` board is drawn in hexagons and any other in squares.
    let layout = layout.unwrap_or_else(|span| {
        let default = if hex.is_some() {
            Layout::Hex
        } else {
            Layout::Grid
        };
        Located::new(default, span)
    });
    let cube = super::cube::read_cube(&mut top, &mut diags);
    let nodes = top.items::<NodeSpec>("node", "`[[node]]`", &mut diags);
    let directions_span = top.raw("directions").map_or(0..0, |v| v.span());
    let directions = read_directions(&mut top, &mut diags);
    let map = read_map(&mut top, &mut diags);
    let twists = top
        .named_renamings("twists", "twist", &mut diags)
        .into_iter()
        .map(|(name, map)| TwistSpec { name, map })
        .collect();
    let links = read_links(&mut top, &mut diags);
    let unlinks = top.items::<UnlinkSpec>("unlink", "`[[unlink]]`", &mut diags);
    let tags = top.items::<TagSpec>("tag", "`[[tag]]`", &mut diags);
    let zones = read_zones(&mut top, &mut diags);
    let style = super::style::read_style(&mut top, &mut diags);
    top.finish(&mut diags);

    match name {
        Some(name) if diags.is_empty() => Ok(BoardSpec {
            name,
            description,
            layout,
            grid,
            hex,
            cube,
            nodes,
            directions,
            map,
            twists,
            links,
            unlinks,
            tags,
            zones,
            directions_span,
            style,
        }),
        _ => Err(diags),
    }
}

/// What `[board]` says: the name (`None` when missing, which is reported), the description and
/// the layout (or, when not given, where the table is).
type BoardTable = (
    Option<Located<String>>,
    Option<String>,
    Result<Located<Layout>, Span>,
);

/// `[board]`.
fn read_board_table(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> BoardTable {
    let board_table = match top.raw("board") {
        Some(v) => TableReader::of_value(v, "`[board]`", diags),
        None if top.has_misspelt("board") => None,
        None => {
            diags.push(
                Diagnostic::new(
                    crate::diagnostic::Code::MissingKey,
                    0..0,
                    "the board file has no `[board]` table",
                )
                .label("expected `[board]` with a `name`")
                .help("start the file with `[board]` and `name = \"...\"`"),
            );
            None
        }
    };
    match board_table {
        Some(mut b) => {
            let name = b.required::<String>("name", "\"My board\"", diags);
            let description = b.optional::<String>("description", diags).map(|d| d.value);
            let layout = b.optional::<Layout>("layout", diags);
            let span = b.span();
            b.finish(diags);
            (name, description, layout.ok_or(span))
        }
        None => (None, None, Err(0..0)),
    }
}

/// The entries of `[directions]` that read, in file order.
fn read_directions(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<DirectionSpec> {
    top.named_entries("directions", diags)
        .into_iter()
        .filter_map(|(name, v)| {
            let what = format!("direction `{}`", name.value);
            let body = deserialize::<DirectionBody>(v, &what, diags)?;
            Some(DirectionSpec {
                name,
                opposite: body.opposite.map(Located::from),
                path: body.path.map(Located::from),
            })
        })
        .collect()
}

/// The `[[link]]` and `[[rlink]]` items, in file order.
fn read_links(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> Vec<LinkSpec> {
    let mut links = Vec::new();
    for (key, reverse) in [("link", false), ("rlink", true)] {
        let what = format!("`[[{key}]]`");
        for v in top.array_items(key, diags) {
            if let Some(mut l) = deserialize::<LinkSpec>(v, &what, diags) {
                l.reverse = reverse;
                links.push(l);
            }
        }
    }
    links.sort_by_key(|l| l.dir.span().start);
    links
}

/// The entries of `[zones]` that read.
fn read_zones(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> Vec<ZoneSpec> {
    top.named_entries("zones", diags)
        .into_iter()
        .filter_map(|(name, v)| {
            if let toml::de::DeValue::String(text) = v.get_ref() {
                let value = ZoneValue::Expression(Located::new(text.to_string(), v.span()));
                return Some(ZoneSpec {
                    name,
                    value,
                    span: v.span(),
                });
            }
            let what = format!(
                "zone `{}` (an array of node names, or a string such as \"rank_1 + rank_2\")",
                name.value
            );
            let nodes = deserialize::<Vec<Spanned<String>>>(v, &what, diags)?;
            Some(ZoneSpec {
                name,
                value: ZoneValue::List(nodes.into_iter().map(Located::from).collect()),
                span: v.span(),
            })
        })
        .collect()
}
