//! The board file's `[style]` drawn: the lines of a board whose pieces stand on points (along
//! the links of `lines_along`, less the `gaps`, plus the extra `lines`) and the `marks` (dots
//! halfway between two nodes). Chequered and plain cells are drawn by [`super::cells`].

use std::fmt::Write;

use super::Geometry;
use super::svg::num;
use crate::board::{Board, NodeId};
use crate::spec::style::CellStyle;

/// The colour of the lines and dots.
const INK: &str = "#4a3425";

/// The style layer (nothing for a chequered board without marks): above the cells, below the
/// highlights and pieces.
pub(super) fn write_style(s: &mut String, board: &Board, geo: &Geometry) {
    let style = board.style();
    let mut segments: Vec<(NodeId, NodeId)> = Vec::new();
    if style.cells == CellStyle::Points {
        let gap = |a: NodeId, b: NodeId| {
            (style.gaps.iter()).any(|&(x, y)| (x, y) == (a, b) || (x, y) == (b, a))
        };
        for n in board.node_ids() {
            for &d in &style.lines_along {
                let Some(step) = board.step(n, d) else {
                    continue;
                };
                // A link across a seam (a wrapped edge) joins far-apart points: not a line.
                let near = distance(geo, n, step.to) <= 1.5 * geo.cell_size(n);
                if near && !gap(n, step.to) {
                    segments.push((n, step.to));
                }
            }
        }
    }
    segments.extend(&style.lines);
    if segments.is_empty() && style.marks.is_empty() {
        return;
    }
    let _ = writeln!(
        s,
        "<g id=\"style\" stroke=\"{INK}\" stroke-width=\"1.5\" stroke-linecap=\"square\" fill=\"{INK}\">"
    );
    for (a, b) in segments {
        let ((x1, y1), (x2, y2)) = (geo.centre(a), geo.centre(b));
        let _ = writeln!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }
    for &(a, b) in &style.marks {
        let ((x1, y1), (x2, y2)) = (geo.centre(a), geo.centre(b));
        let r = 0.06 * geo.cell_size(a);
        let (cx, cy) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
        let _ = writeln!(
            s,
            "<circle class=\"mark\" cx=\"{}\" cy=\"{}\" r=\"{}\" stroke=\"none\"/>",
            num(cx),
            num(cy),
            num(r)
        );
    }
    s.push_str("</g>\n");
}

/// The distance between two nodes' centres in the picture.
fn distance(geo: &Geometry, a: NodeId, b: NodeId) -> f64 {
    let ((x1, y1), (x2, y2)) = (geo.centre(a), geo.centre(b));
    (x1 - x2).hypot(y1 - y2)
}
