//! The validated board: nodes, directions, links with twists and tags, zones.
//!
//! A [`Board`] is only made by [`Board::load`] / [`Board::from_toml`], which check everything once; after
//! that every [`NodeId`], [`DirId`] and [`TwistId`] handed out is valid for it. The hot paths read the
//! dense step table ([`Board::step`]); the petgraph graph serves DOT export and connectivity.
//!
//! ```
//! use chessgraph::Board;
//! let board = Board::load("boards/chess.toml").unwrap();
//! let e2 = board.node("e2").unwrap();
//! let n = board.direction("n").unwrap();
//! assert_eq!(board.node_name(board.step(e2, n).unwrap().to), "e3");
//! ```

mod build;
pub(crate) mod hex;
mod report;

use std::collections::HashMap;
use std::path::Path;

use petgraph::graph::{DiGraph, NodeIndex};

use crate::diagnostic::{FileReport, SourceFile};
pub use crate::spec::board::{Colour, Layout};

pub(crate) use crate::limits::MAX_DIRECTIONS;
pub(crate) use crate::limits::MAX_NODES;
pub(crate) use crate::limits::MAX_TAGS;
pub(crate) use crate::limits::MAX_TWISTS;

pub(crate) use crate::ids::TagSet;
pub use crate::ids::{DirId, NodeId, TwistId};

/// Where a node is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Placement {
    /// Square at (x, y), y upward.
    Grid {
        /// Column.
        x: f64,
        /// Row, upward.
        y: f64,
    },
    /// Annular cell; ring 0 is the outermost.
    Polar {
        /// Ring, 0 outermost.
        ring: f64,
        /// Sector, clockwise.
        sector: f64,
    },
}

/// A node (square) of the board.
#[derive(Clone, Debug)]
pub struct Node {
    /// Its name, as used in move notation.
    pub(crate) name: String,
    /// Drawing position.
    pub placement: Placement,
    /// Square colour.
    pub colour: Colour,
    /// (file index, rank index) when made by the grid generator.
    pub(crate) grid: Option<(u16, u16)>,
}

/// A direction name of the board.
#[derive(Clone, Debug)]
pub struct Direction {
    /// Its name.
    pub(crate) name: String,
    /// The reverse direction, when declared.
    pub opposite: Option<DirId>,
    /// For composite directions, the steps they are made of.
    pub path: Option<Vec<DirId>>,
}

/// A permutation of the board's directions carried by a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Twist {
    /// Its name (composed twists are named `a+b`).
    pub name: String,
    /// `image[d]` is where direction `d` goes.
    pub(crate) image: Vec<DirId>,
}

impl Twist {
    /// Where `d` goes under the twist.
    pub fn apply(&self, d: DirId) -> DirId {
        self.image[d.index()]
    }
}

/// One link as the hot paths see it: where it goes, the twist it carries, its tags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The target node.
    pub to: NodeId,
    /// The twist applied to the mover's frame after crossing.
    pub twist: TwistId,
    /// The link's tags.
    pub tags: TagSet,
}

/// A named set of nodes.
#[derive(Clone, Debug)]
pub struct Zone {
    /// Its name.
    pub name: String,
    /// Its nodes, ascending.
    pub nodes: Vec<NodeId>,
    /// Made by the grid (`rank_N`, `file_X`), not declared in the file.
    pub generated: bool,
}

/// Where the board's nodes came from, for summaries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridShape {
    /// File names in order.
    pub files: Vec<String>,
    /// Number of ranks.
    pub ranks: u16,
    /// Which edges the `[map]` offsets cross.
    pub(crate) wrap: crate::spec::board::Wrap,
    /// The shape of a `[hex]` board's cells (its `[map]` offsets are axial).
    pub(crate) hex: Option<hex::HexShape>,
}

/// A validated board.
#[derive(Clone, Debug)]
pub struct Board {
    name: String,
    description: Option<String>,
    layout: Layout,
    grid: Option<GridShape>,
    nodes: Vec<Node>,
    directions: Vec<Direction>,
    twists: Vec<Twist>,
    tags: Vec<String>,
    zones: Vec<Zone>,
    steps: Vec<Option<Step>>,
    rows: Vec<Vec<NodeId>>,
    /// With `[grid] walls`: every grid row top first, a wall (an omitted cell) as `None`.
    wall_rows: Option<Vec<Vec<Option<NodeId>>>>,
    node_index: HashMap<String, NodeId>,
    graph: DiGraph<NodeId, (DirId, TwistId, TagSet)>,
    style: BoardStyle,
}

/// How pictures draw a board (its file's `[style]`): drawing only, no rule reads it.
#[derive(Clone, Debug, Default)]
pub(crate) struct BoardStyle {
    /// Chequered squares, plain squares or points on lines.
    pub(crate) cells: crate::spec::style::CellStyle,
    /// With points: the directions whose links are drawn as lines.
    pub(crate) lines_along: Vec<DirId>,
    /// Links not drawn, either way round.
    pub(crate) gaps: Vec<(NodeId, NodeId)>,
    /// More lines between node centres.
    pub(crate) lines: Vec<(NodeId, NodeId)>,
    /// Dots halfway between two node centres.
    pub(crate) marks: Vec<(NodeId, NodeId)>,
}

/// A board file that could not be loaded: every problem found, located in the file.
#[derive(Debug, thiserror::Error)]
#[error("{} has {} error(s)", .0.source.path().display(), .0.error_count())]
pub struct LoadError(pub FileReport);

impl Board {
    /// Loads and validates a board file. Warnings are dropped; use [`Board::check_file`] to see them.
    pub fn load(path: impl AsRef<Path>) -> Result<Board, LoadError> {
        Board::check_file(path).0.map_err(LoadError)
    }

    /// Loads a board file and returns it (or its errors) together with the full report, warnings
    /// included.
    pub fn check_file(path: impl AsRef<Path>) -> (Result<Board, FileReport>, FileReport) {
        let path = path.as_ref();
        match SourceFile::read(path) {
            Ok(source) => Board::check_source(source),
            Err(failed) => {
                let (source, diagnostic) = *failed;
                let report = FileReport::new(source, vec![diagnostic]);
                (Err(report.clone()), report)
            }
        }
    }

    /// Validates a board given as text; `path` is only used in messages.
    pub fn from_toml(path: impl AsRef<Path>, text: &str) -> Result<Board, LoadError> {
        Board::check_source(SourceFile::new(path.as_ref(), text))
            .0
            .map_err(LoadError)
    }

    /// Validates a source and returns the board or the errors, and the report with warnings.
    pub fn check_source(source: SourceFile) -> (Result<Board, FileReport>, FileReport) {
        let (board, diags) = build::build(source.text());
        let report = FileReport::new(source, diags);
        match board {
            Some(b) if !report.has_errors() => (Ok(b), report),
            _ => (Err(report.clone()), report),
        }
    }

    /// The board's display name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The optional description.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// How nodes are drawn.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The grid the nodes were generated on, if any.
    pub fn grid(&self) -> Option<&GridShape> {
        self.grid.as_ref()
    }

    /// How pictures draw the board.
    pub(crate) fn style(&self) -> &BoardStyle {
        &self.style
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// All node ids, ascending.
    pub fn node_ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).map(|i| NodeId(i as u16))
    }

    /// A node's data.
    pub fn node_info(&self, n: NodeId) -> &Node {
        &self.nodes[n.index()]
    }

    /// A node's name.
    pub fn node_name(&self, n: NodeId) -> &str {
        &self.nodes[n.index()].name
    }

    /// The node with this name.
    pub fn node(&self, name: &str) -> Option<NodeId> {
        self.node_index.get(name).copied()
    }

    /// Number of directions (composite ones included).
    pub(crate) fn direction_count(&self) -> usize {
        self.directions.len()
    }

    /// All direction ids, in declaration order.
    pub fn direction_ids(&self) -> impl Iterator<Item = DirId> + '_ {
        (0..self.directions.len()).map(|i| DirId(i as u8))
    }

    /// A direction's data.
    pub fn direction_info(&self, d: DirId) -> &Direction {
        &self.directions[d.index()]
    }

    /// A direction's name.
    pub fn direction_name(&self, d: DirId) -> &str {
        &self.directions[d.index()].name
    }

    /// The direction with this name.
    pub fn direction(&self, name: &str) -> Option<DirId> {
        self.directions
            .iter()
            .position(|d| d.name == name)
            .map(|i| DirId(i as u8))
    }

    /// The twists; index 0 is the identity.
    pub fn twists(&self) -> &[Twist] {
        &self.twists
    }

    /// One twist.
    pub fn twist(&self, t: TwistId) -> &Twist {
        &self.twists[t.index()]
    }

    /// The id of a named twist.
    pub fn twist_named(&self, name: &str) -> Option<TwistId> {
        self.twists
            .iter()
            .position(|t| t.name == name)
            .map(|i| TwistId(i as u8))
    }

    /// Tag names; bit i of a [`TagSet`] is `tags()[i]`.
    pub fn tags(&self) -> &[String] {
        &self.tags
    }

    /// The set holding one named tag.
    pub fn tag(&self, name: &str) -> Option<TagSet> {
        self.tags
            .iter()
            .position(|t| t == name)
            .map(|i| TagSet(1 << i))
    }

    /// The set of all tags whose name starts with `prefix` (e.g. every `moat:` tag).
    #[cfg(feature = "testing")]
    pub(crate) fn tags_with_prefix(&self, prefix: &str) -> TagSet {
        TagSet(
            self.tags
                .iter()
                .enumerate()
                .filter(|(_, t)| t.starts_with(prefix))
                .fold(0, |acc, (i, _)| acc | (1 << i)),
        )
    }

    /// Tag names of a set, for printing.
    pub fn tag_names(&self, set: TagSet) -> Vec<&str> {
        set.indices().map(|i| self.tags[i].as_str()).collect()
    }

    /// The named zones: the declared ones in file order, then those the grid generates
    /// (`rank_1`.., `file_a`..).
    pub fn zones(&self) -> &[Zone] {
        &self.zones
    }

    /// The zone with this name.
    pub fn zone(&self, name: &str) -> Option<&Zone> {
        self.zones.iter().find(|z| z.name == name)
    }

    /// The link leaving `n` in direction `d`, if any. This is the dense table the engine walks.
    #[inline]
    pub fn step(&self, n: NodeId, d: DirId) -> Option<Step> {
        self.steps[n.index() * self.directions.len() + d.index()]
    }

    /// Node rows for position text (FEN): top row first, each left to right.
    pub fn rows(&self) -> &[Vec<NodeId>] {
        &self.rows
    }

    /// With `[grid] walls`, the rows of position text: every cell of the grid's rectangle, top
    /// row first, a wall (a cell the grid omits) as `None`.
    pub(crate) fn wall_rows(&self) -> Option<&[Vec<Option<NodeId>>]> {
        self.wall_rows.as_deref()
    }

    /// Every link, as (from, direction, step), in node then direction order.
    pub fn links(&self) -> impl Iterator<Item = (NodeId, DirId, Step)> + '_ {
        self.node_ids().flat_map(move |n| {
            self.direction_ids()
                .filter_map(move |d| self.step(n, d).map(|s| (n, d, s)))
        })
    }

    /// Number of weakly connected parts of the link graph (1 = connected).
    pub(crate) fn connected_parts(&self) -> usize {
        petgraph::algo::connected_components(&self.graph)
    }

    /// Whether every node can reach every other along links.
    pub(crate) fn strongly_connected(&self) -> bool {
        petgraph::algo::kosaraju_scc(&self.graph).len() == 1
    }

    fn graph_index(n: NodeId) -> NodeIndex {
        NodeIndex::new(n.index())
    }
}
