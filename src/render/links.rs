//! Links drawn over the board: the links of one direction as arrows (twisted links dashed in
//! another colour) and tagged links (moats, creeks) as heavy lines, one colour per tag.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::Geometry;
use super::svg::{escape, num};
use crate::board::{Board, DirId, NodeId, TwistId};

/// Colour of the arrows of untwisted links.
pub(super) const LINK: &str = "#1f4e9c";
/// Colour of the arrows of twisted links.
pub(super) const TWISTED: &str = "#d9480f";
/// Colours of tags, by tag index (cycled).
pub(super) const TAG_COLOURS: [&str; 8] = [
    "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#e377c2", "#8c564b",
];

/// One link to draw.
pub(super) struct Link {
    from: String,
    to: String,
    label: String,
    path: String,
    pub(super) twisted: bool,
}

/// The path from the centre of `a` to the centre of `b`, `trim` units short at both ends.
///
/// On a grid, a link much longer than the direction's usual link (a seam) is a curve bulging to
/// the left of the way, so that it does not hide the row it spans and the way back is a separate
/// curve. On a polar board long links are straight chords: they cross the empty void, where a
/// straight line is the easiest to follow from one end to the other.
fn link_path(geo: &Geometry, a: NodeId, b: NodeId, usual: f64, trim: f64) -> String {
    let (x0, y0) = geo.centre(a);
    let (x1, y1) = geo.centre(b);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = dx.hypot(dy).max(1e-9);
    let shorten = |(px, py): (f64, f64), (tx, ty): (f64, f64), by: f64| {
        let l = tx.hypot(ty).max(1e-9);
        (px + tx / l * by, py + ty / l * by)
    };
    if len > usual * 1.6 && geo.void().is_none() {
        let bulge = 0.18 * len;
        let (cx, cy) = (
            (x0 + x1) / 2.0 + dy / len * bulge,
            (y0 + y1) / 2.0 - dx / len * bulge,
        );
        let p0 = shorten((x0, y0), (cx - x0, cy - y0), trim);
        let p1 = shorten((x1, y1), (cx - x1, cy - y1), trim);
        format!(
            "M{} {}Q{} {} {} {}",
            num(p0.0),
            num(p0.1),
            num(cx),
            num(cy),
            num(p1.0),
            num(p1.1)
        )
    } else {
        let t = trim.min(len * 0.3);
        let p0 = shorten((x0, y0), (dx, dy), t);
        let p1 = shorten((x1, y1), (-dx, -dy), t);
        format!("M{} {}L{} {}", num(p0.0), num(p0.1), num(p1.0), num(p1.1))
    }
}

/// The median length of a set of links (centre to centre).
fn median_length(geo: &Geometry, pairs: &[(NodeId, NodeId)]) -> f64 {
    let mut lens: Vec<f64> = pairs
        .iter()
        .map(|&(a, b)| {
            let (x0, y0) = geo.centre(a);
            let (x1, y1) = geo.centre(b);
            (x1 - x0).hypot(y1 - y0)
        })
        .collect();
    lens.sort_by(f64::total_cmp);
    lens.get(lens.len() / 2).copied().unwrap_or(0.0)
}

/// The links of direction `dir`, each with its arrow and its title.
pub(super) fn direction_links(board: &Board, geo: &Geometry, dir: DirId) -> Vec<Link> {
    let steps: Vec<(NodeId, crate::board::Step)> = board
        .links()
        .filter(|&(_, d, _)| d == dir)
        .map(|(n, _, s)| (n, s))
        .collect();
    let pairs: Vec<(NodeId, NodeId)> = steps.iter().map(|(n, s)| (*n, s.to)).collect();
    let usual = median_length(geo, &pairs);
    steps
        .iter()
        .map(|&(n, step)| {
            let twisted = step.twist != TwistId::IDENTITY;
            let mut label = format!(
                "{} {} {}",
                board.node_name(n),
                board.direction_name(dir),
                board.node_name(step.to)
            );
            if twisted {
                let _ = write!(label, " (twist {})", board.twist(step.twist).name);
            }
            let tags = board.tag_names(step.tags);
            if !tags.is_empty() {
                let _ = write!(label, " [{}]", tags.join(", "));
            }
            Link {
                from: board.node_name(n).to_string(),
                to: board.node_name(step.to).to_string(),
                label,
                path: link_path(geo, n, step.to, usual, geo.cell_size(n) * 0.2),
                twisted,
            }
        })
        .collect()
}

/// The arrows layer (nothing when there are no links).
pub(super) fn write_links(s: &mut String, links: &[Link]) {
    if links.is_empty() {
        return;
    }
    s.push_str("<g id=\"links\" fill=\"none\" stroke-width=\"2.2\" stroke-linecap=\"round\">\n");
    for l in links {
        let (class, style) = if l.twisted {
            (
                "link twisted",
                format!(
                    "stroke=\"{TWISTED}\" stroke-dasharray=\"6 4\" marker-end=\"url(#arrow-twisted)\""
                ),
            )
        } else {
            (
                "link",
                format!("stroke=\"{LINK}\" marker-end=\"url(#arrow)\""),
            )
        };
        let _ = writeln!(
            s,
            "<path class=\"{class}\" data-from=\"{}\" data-to=\"{}\" d=\"{}\" {style}><title>{}</title></path>",
            escape(&l.from),
            escape(&l.to),
            l.path,
            escape(&l.label)
        );
    }
    s.push_str("</g>\n");
}

/// One heavy line of a tagged link.
pub(super) struct TagLine {
    /// The tag's index on the board.
    tag: usize,
    from: String,
    to: String,
    path: String,
}

/// Heavy lines for tagged links: one per (tag, pair of nodes), the two directions of a link drawn
/// once.
pub(super) fn tagged_links(board: &Board, geo: &Geometry) -> Vec<TagLine> {
    let mut seen: BTreeSet<(usize, NodeId, NodeId)> = BTreeSet::new();
    let mut out = Vec::new();
    let mut by_dir: Vec<Vec<(NodeId, NodeId)>> = vec![Vec::new(); board.direction_count()];
    for (n, d, s) in board.links() {
        by_dir[d.index()].push((n, s.to));
    }
    let usual: Vec<f64> = by_dir.iter().map(|p| median_length(geo, p)).collect();
    for (n, d, step) in board.links() {
        for t in step.tags.indices() {
            let key = (t, n.min(step.to), n.max(step.to));
            if !seen.insert(key) {
                continue;
            }
            out.push(TagLine {
                tag: t,
                from: board.node_name(n).to_string(),
                to: board.node_name(step.to).to_string(),
                path: link_path(geo, n, step.to, usual[d.index()], 0.0),
            });
        }
    }
    out
}

/// The heavy lines layer of tagged links (nothing when there are none).
pub(super) fn write_tags(s: &mut String, lines: &[TagLine]) {
    if lines.is_empty() {
        return;
    }
    s.push_str(
        "<g id=\"tags\" fill=\"none\" stroke-width=\"7\" stroke-linecap=\"round\" stroke-opacity=\"0.8\">\n",
    );
    for l in lines {
        let _ = writeln!(
            s,
            "<path class=\"tag\" data-tag=\"{}\" data-from=\"{}\" data-to=\"{}\" d=\"{}\" stroke=\"{}\"/>",
            l.tag,
            escape(&l.from),
            escape(&l.to),
            l.path,
            TAG_COLOURS[l.tag % TAG_COLOURS.len()]
        );
    }
    s.push_str("</g>\n");
}
