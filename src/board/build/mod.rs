//! Board spec -> validated [`Board`], collecting every problem with its location.
//!
//! The build is a sequence of steps, each a group of [`Builder`] methods in a file of its own:
//! nodes, directions, twists, `[map]` links, explicit links, tags, zones, the step table with its
//! composite directions, the derived graph and rows, and last the warnings about the finished
//! board. The steps are child modules so that the builder's state stays private to the build.

mod assemble;
mod cube;
mod directions;
mod hex;
mod links;
mod map;
mod nodes;
mod omit;
mod steps;
mod style;
mod tags;
mod twists;
mod warnings;
mod zones;

use std::collections::HashMap;

use super::{Board, DirId, Direction, Node, NodeId, Step, Twist};
use crate::diagnostic::{Diagnostic, Severity};
use crate::spec::Span;
use crate::spec::board::read_board_spec;

/// Builds a board from a file's text: the board when the file is valid, and every diagnostic.
pub(super) fn build(text: &str) -> (Option<Board>, Vec<Diagnostic>) {
    let spec = match read_board_spec(text) {
        Ok(s) => s,
        Err(diags) => return (None, diags),
    };
    let mut b = Builder::new(text);
    let grid = b.nodes(&spec);
    b.directions(&spec);
    if b.nodes.is_empty() || b.has_errors() {
        return (None, b.diags);
    }
    let ndirs = b.directions.len();
    b.twists[0].image = (0..ndirs).map(|i| DirId(i as u8)).collect();
    let twist_names = b.twists(&spec);
    b.map(&spec, grid.as_ref());
    if let Some(cube) = &spec.cube {
        b.cube_links(cube);
    }
    b.link_items(&spec, &twist_names);
    b.tag_links(&spec);
    let zones = b.zones(&spec, grid.as_ref());
    let style = b.style(&spec);
    if b.has_errors() {
        return (None, b.diags);
    }
    let mut steps = b.link_steps();
    b.composites(&mut steps, &spec);
    if b.has_errors() {
        return (None, b.diags);
    }
    let wall_rows = spec
        .grid
        .as_ref()
        .filter(|g| g.walls)
        .zip(grid.as_ref())
        .map(|(_, shape)| assemble::wall_rows(&b.nodes, shape));
    let board = Board {
        name: spec.name.value.clone(),
        description: spec.description.clone(),
        layout: spec.layout.value,
        grid,
        node_index: b.node_index.clone(),
        nodes: b.nodes.clone(),
        directions: b.directions.clone(),
        twists: b.twists.clone(),
        tags: b.tags.clone(),
        zones,
        steps,
        rows: assemble::rows(&b.nodes),
        wall_rows,
        graph: b.graph(),
        style,
    };
    b.warnings(&board);
    (Some(board), b.diags)
}

/// A link made so far, with where the file made it.
struct LinkInfo {
    step: Step,
    span: Span,
}

/// The board under construction and every diagnostic found so far.
struct Builder<'t> {
    text: &'t str,
    diags: Vec<Diagnostic>,
    nodes: Vec<Node>,
    node_spans: Vec<Span>,
    /// The node limit was passed (reported once).
    too_many_nodes: bool,
    node_index: HashMap<String, NodeId>,
    directions: Vec<Direction>,
    dir_spans: Vec<Span>,
    twists: Vec<Twist>,
    tags: Vec<String>,
    links: HashMap<(NodeId, DirId), LinkInfo>,
}

/// Whether a node, direction or twist name can be written in move notation and position text.
fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
}

impl<'t> Builder<'t> {
    /// An empty builder for the file `text`; twist 0 is the identity (its image is set once the
    /// directions are known).
    fn new(text: &'t str) -> Self {
        Builder {
            text,
            diags: Vec::new(),
            nodes: Vec::new(),
            node_spans: Vec::new(),
            too_many_nodes: false,
            node_index: HashMap::new(),
            directions: Vec::new(),
            dir_spans: Vec::new(),
            twists: vec![Twist {
                name: "identity".into(),
                image: Vec::new(),
            }],
            tags: Vec::new(),
            links: HashMap::new(),
        }
    }

    fn has_errors(&self) -> bool {
        self.diags.iter().any(|d| d.severity() == Severity::Error)
    }

    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }
}
