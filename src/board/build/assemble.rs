//! The parts of the finished board derived from its checked nodes and links: the graph (for DOT
//! export and connectivity) and the rows of position text.

use petgraph::graph::DiGraph;

use super::Builder;
use crate::board::{Board, DirId, GridShape, Node, NodeId, Placement, TagSet, TwistId};

impl Builder<'_> {
    /// The links as a graph; edges in (node, direction) order, so that the graph does not depend
    /// on the order of the link map.
    pub(super) fn graph(&self) -> DiGraph<NodeId, (DirId, TwistId, TagSet)> {
        let mut graph = DiGraph::with_capacity(self.nodes.len(), self.links.len());
        for i in 0..self.nodes.len() {
            graph.add_node(NodeId(i as u16));
        }
        let mut sorted: Vec<_> = self.links.iter().collect();
        sorted.sort_by_key(|(k, _)| **k);
        for (&(n, d), link) in sorted {
            graph.add_edge(
                Board::graph_index(n),
                Board::graph_index(link.step.to),
                (d, link.step.twist, link.step.tags),
            );
        }
        graph
    }
}

/// Rows for position text: top row first (greatest y, or innermost ring), left to right.
pub(super) fn rows(nodes: &[Node]) -> Vec<Vec<NodeId>> {
    let key = |n: &Node| match n.placement {
        Placement::Grid { x, y } => (y, x),
        Placement::Polar { ring, sector } => (ring, sector),
    };
    let mut ids: Vec<NodeId> = (0..nodes.len()).map(|i| NodeId(i as u16)).collect();
    ids.sort_by(|a, b| {
        let (ya, xa) = key(&nodes[a.index()]);
        let (yb, xb) = key(&nodes[b.index()]);
        yb.total_cmp(&ya).then(xa.total_cmp(&xb))
    });
    let mut rows: Vec<Vec<NodeId>> = Vec::new();
    let mut last_y = None;
    for id in ids {
        let y = key(&nodes[id.index()]).0;
        if last_y != Some(y) {
            rows.push(Vec::new());
            last_y = Some(y);
        }
        rows.last_mut().expect("pushed above").push(id);
    }
    rows
}

/// With `[grid] walls`: every cell of the grid, rank by rank from the top, file by file; a cell
/// without a node (omitted: a wall) is `None`.
pub(super) fn wall_rows(nodes: &[Node], shape: &GridShape) -> Vec<Vec<Option<NodeId>>> {
    let files = shape.files.len();
    let mut rows = vec![vec![None; files]; usize::from(shape.ranks)];
    for (i, node) in nodes.iter().enumerate() {
        if let Some((f, r)) = node.grid {
            rows[usize::from(r)][usize::from(f)] = Some(NodeId(i as u16));
        }
    }
    rows.reverse();
    rows
}
