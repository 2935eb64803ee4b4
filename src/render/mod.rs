//! Pictures of boards and positions as SVG.
//!
//! [`render_svg`] draws any board (grid squares, or rings of annular cells around a central void
//! for polar boards) with its light and dark cells and coordinates, and optionally a position's
//! pieces (every player's, in distinct colours; eliminated players' pieces greyed and hatched), the
//! last move, checked royals, the legal destinations of one piece ([`RenderOptions::from`]), the
//! links of one direction as arrows (twisted links dashed in another colour) and tagged links as
//! heavy lines. Piece shapes are SVG paths, not font glyphs, so the picture is the same everywhere;
//! the output is deterministic (same input, same bytes).
//!
//! Every cell is one element with class `cell` and a `data-node` attribute naming its node, so
//! tools (and the tests) can find cells in the picture.
//!
//! ```
//! use chessgraph::{Position, Rules, render::{RenderOptions, render_svg}};
//! let rules = chessgraph::load("variants/chess.toml").unwrap();
//! let pos = Position::start(&rules);
//! let svg = render_svg(rules.board(), Some(&pos), &RenderOptions::default());
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"cell ").count(), 64);
//! ```

mod caption;
mod cells;
pub(crate) mod geometry;
mod highlights;
mod links;
pub(crate) mod pieces;
pub(crate) mod players;
mod style;
pub(crate) mod svg;

use std::fmt::Write;

use crate::board::{Board, DirId, NodeId};
use crate::ids::KindId;
use crate::position::Position;

pub(crate) use geometry::Geometry;
pub(crate) use pieces::PieceStyle;
pub use players::{default_rotation, seat_rotation};
use svg::{escape, num};

/// Colour of light cells.
pub(crate) const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
/// Colour of dark cells.
pub(crate) const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
/// Colour of the third cell colour of hex boards, between light and dark.
pub(crate) const MID: [u8; 3] = [0xd6, 0xb0, 0x8c];
/// Colour of every cell of a board drawn plain or with points (`[style] cells`): wood.
pub(crate) const PLAIN: [u8; 3] = [0xe8, 0xc9, 0x8e];
/// Colour of the central void of polar boards.
pub(crate) const VOID: [u8; 3] = [0xe4, 0xdd, 0xd2];

/// What to draw besides the board and the pieces.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RenderOptions {
    /// Mark the legal destinations of the piece on this node (captures differently), as if its
    /// owner were to move. An empty node (or no position) draws no marks.
    pub from: Option<NodeId>,
    /// Mark the nodes where the side to move may drop a piece of this kind from his hand.
    pub drop: Option<KindId>,
    /// The last move played, highlighted: (from, to).
    pub last_move: Option<(NodeId, NodeId)>,
    /// The last move as the caption writes it (`P@e4`, `a7-a8=N`); `FROM-TO` when `None`.
    pub last_move_text: Option<String>,
    /// Draw every link of this direction as an arrow; twisted links dashed, in another colour.
    pub links: Option<DirId>,
    /// Draw tagged links (moats, creeks) as heavy lines, one colour per tag, with a legend.
    pub tags: bool,
    /// Polar boards: the angle where sector 0 begins, in degrees clockwise from straight up. When
    /// `None`: with a position, [`default_rotation`] of its variant; without, 0.
    pub rotation: Option<f64>,
    /// The caption's first line; the variant's (or board's) name when `None`.
    pub title: Option<String>,
    /// Groups of moves drawn as arrows (from, to), or as a ring on the destination for a drop
    /// (no from): the first group red, the second blue, further ones purple. `chessgraph diff
    /// --svg` marks the moves only OLD has and those only NEW has.
    pub marked_moves: Vec<Vec<(Option<NodeId>, NodeId)>>,
}

/// Draws `board` as an SVG document, with `position`'s pieces when given.
///
/// `position` must be a position of a variant on `board` (e.g. `pos.rules().board()`); nodes are
/// matched by index, and a position whose board has another number of nodes is ignored.
pub fn render_svg(board: &Board, position: Option<&Position>, options: &RenderOptions) -> String {
    let pos = position.filter(|p| p.rules().board().node_count() == board.node_count());
    let rotation = options
        .rotation
        .unwrap_or_else(|| pos.map_or(0.0, |p| default_rotation(p.rules())));
    Picture::plan(board, pos, options, Geometry::new(board, rotation)).to_svg()
}

/// Everything a picture shows, worked out before any of it is written: the caption's height
/// depends on what the layers show, and the layers are written in a fixed order.
struct Picture<'a> {
    board: &'a Board,
    pos: Option<&'a Position>,
    options: &'a RenderOptions,
    geo: Geometry,
    /// The node of `options.from` with its piece's destinations (each with whether it captures).
    moves: Option<(NodeId, Vec<(NodeId, bool)>)>,
    /// The kind of `options.drop` with the nodes it may be dropped on.
    drops: Option<(KindId, Vec<NodeId>)>,
    links: Vec<links::Link>,
    tag_lines: Vec<links::TagLine>,
    /// The tags listed under the caption, by index.
    tag_legend: Vec<usize>,
    caption: Vec<String>,
}

impl<'a> Picture<'a> {
    fn plan(
        board: &'a Board,
        pos: Option<&'a Position>,
        options: &'a RenderOptions,
        geo: Geometry,
    ) -> Self {
        let moves = match (pos, options.from) {
            (Some(p), Some(from)) => Some((from, highlights::destinations(p, from))),
            _ => None,
        };
        let drops = match (pos, options.drop) {
            (Some(p), Some(k)) => Some((k, highlights::drop_targets(p, k))),
            _ => None,
        };
        let links: Vec<links::Link> = options
            .links
            .map(|d| links::direction_links(board, &geo, d))
            .unwrap_or_default();
        let (tag_lines, tag_legend) = if options.tags {
            (
                links::tagged_links(board, &geo),
                (0..board.tags().len()).collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let mut caption = caption::lines(board, pos, options, moves.as_ref(), &links);
        if let (Some(p), Some((k, targets))) = (pos, &drops) {
            caption.insert(2, caption::drop_line(p, *k, targets.len()));
        }
        Picture {
            board,
            pos,
            options,
            geo,
            moves,
            drops,
            links,
            tag_lines,
            tag_legend,
            caption,
        }
    }

    /// The SVG document: the layers bottom to top, then the caption.
    fn to_svg(&self) -> String {
        let (board, geo) = (self.board, &self.geo);
        let mut s = String::new();
        self.write_header(&mut s);
        cells::write_cells(&mut s, board, geo);
        style::write_style(&mut s, board, geo);
        if let Some(p) = self.pos {
            let (last, from) = (self.options.last_move, self.options.from);
            highlights::write_highlights(&mut s, board, geo, p, last, from);
        }
        links::write_tags(&mut s, &self.tag_lines);
        cells::write_labels(&mut s, board, geo);
        if let Some(p) = self.pos {
            players::write_pieces(&mut s, board, geo, p);
        }
        if let Some((_, dests)) = &self.moves {
            highlights::write_destinations(&mut s, board, geo, dests);
        }
        if let Some((_, targets)) = &self.drops {
            let dests: Vec<(NodeId, bool)> = targets.iter().map(|&n| (n, false)).collect();
            highlights::write_destinations(&mut s, board, geo, &dests);
        }
        links::write_links(&mut s, &self.links);
        if !self.options.marked_moves.is_empty() {
            highlights::write_marked_moves(&mut s, board, geo, &self.options.marked_moves);
        }
        let lines = caption::wrap(&self.caption, geo.width());
        caption::write(&mut s, board, geo.height(), &lines, &self.tag_legend);
        s.push_str("</svg>\n");
        s
    }

    /// The document's opening: the `<svg>` element sized for the board and the caption, the
    /// title (the caption on one line), the shared definitions and the white background.
    fn write_header(&self, s: &mut String) {
        let width = self.geo.width();
        let lines = caption::wrap(&self.caption, width).len();
        let height = self.geo.height() + caption::height(lines, self.tag_legend.len());
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"DejaVu Sans, Arial, sans-serif\">",
            w = num(width),
            h = num(height)
        );
        let _ = writeln!(s, "<title>{}</title>", escape(&self.caption.join(" | ")));
        write_defs(s);
        let _ = writeln!(
            s,
            "<rect width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            num(width),
            num(height)
        );
    }
}

/// The shared definitions: piece glyphs, the hatching of frozen pieces, the glow of checked
/// royals and the arrow heads.
fn write_defs(s: &mut String) {
    s.push_str("<defs>\n");
    s.push_str(&pieces::defs());
    s.push_str(
        "<pattern id=\"frozen\" width=\"7\" height=\"7\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><path d=\"M0 0V7\" stroke=\"#3a3a3a\" stroke-width=\"2\" stroke-opacity=\"0.6\"/></pattern>\n",
    );
    s.push_str(
        "<radialGradient id=\"check\"><stop offset=\"0\" stop-color=\"#ff1a1a\" stop-opacity=\"0.95\"/><stop offset=\"0.5\" stop-color=\"#e01010\" stop-opacity=\"0.6\"/><stop offset=\"1\" stop-color=\"#a00000\" stop-opacity=\"0\"/></radialGradient>\n",
    );
    for (id, colour) in [("arrow", links::LINK), ("arrow-twisted", links::TWISTED)] {
        let _ = writeln!(
            s,
            "<marker id=\"{id}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"4\" markerHeight=\"4\" orient=\"auto\"><path d=\"M0 0L10 5L0 10Z\" fill=\"{colour}\"/></marker>"
        );
    }
    s.push_str("</defs>\n");
}
