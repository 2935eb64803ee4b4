//! The board itself: its cells (light, dark and, on hex boards, mid), the outline and void of polar boards, and the
//! coordinates along the edges or the node names in the cells.

use std::fmt::Write;

use super::svg::{escape, hex, num};
use super::{DARK, Geometry, LIGHT, MID, PLAIN, VOID};
use crate::board::{Board, Colour};
use crate::spec::style::CellStyle;

/// The cells layer: one element per node, with class `cell` and `data-node`.
pub(super) fn write_cells(s: &mut String, board: &Board, geo: &Geometry) {
    let polar = geo.void().is_some();
    let cells = board.style().cells;
    if polar {
        s.push_str("<g id=\"cells\" stroke=\"#6b4f3a\" stroke-width=\"0.8\">\n");
    } else if cells == CellStyle::Plain {
        // One colour: the lines between the cells are what show them.
        s.push_str("<g id=\"cells\" stroke=\"#4a3425\" stroke-width=\"1.5\">\n");
    } else {
        s.push_str("<g id=\"cells\">\n");
    }
    for n in board.node_ids() {
        let info = board.node_info(n);
        let (class, fill) = match (cells, info.colour) {
            (CellStyle::Plain | CellStyle::Points, _) => ("plain", PLAIN),
            (CellStyle::Checkered, Colour::Light) => ("light", LIGHT),
            (CellStyle::Checkered, Colour::Dark) => ("dark", DARK),
            (CellStyle::Checkered, Colour::Mid) => ("mid", MID),
        };
        let name = escape(&info.name);
        let _ = writeln!(
            s,
            "<path class=\"cell {class}\" data-node=\"{name}\" d=\"{}\" fill=\"{}\"><title>{name}</title></path>",
            geo.cell_path(n),
            hex(fill)
        );
    }
    s.push_str("</g>\n");
    if let Some((cx, cy, r)) = geo.outer_circle() {
        let _ = writeln!(
            s,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#4a3425\" stroke-width=\"2\"/>",
            num(cx),
            num(cy),
            num(r)
        );
    }
    if let Some((cx, cy, r)) = geo.void() {
        let _ = writeln!(
            s,
            "<circle class=\"void\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\" stroke=\"#4a3425\" stroke-width=\"1.5\"/>",
            num(cx),
            num(cy),
            num(r),
            hex(VOID)
        );
    }
}

/// The coordinates layer, and the names layer on boards whose cells carry their names.
pub(super) fn write_labels(s: &mut String, board: &Board, geo: &Geometry) {
    let labels = geo.edge_labels();
    if !labels.is_empty() {
        let size = if geo.void().is_some() { 15.0 } else { 14.0 };
        let _ = writeln!(
            s,
            "<g id=\"coordinates\" font-size=\"{}\" fill=\"#333333\" text-anchor=\"middle\">",
            num(size)
        );
        for l in labels {
            // Text is centred by hand (no `dominant-baseline`: not every renderer has it).
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\">{}</text>",
                num(l.at.0),
                num(l.at.1 + size * 0.35),
                escape(&l.text)
            );
        }
        s.push_str("</g>\n");
    }
    if geo.names_in_cells() {
        s.push_str("<g id=\"names\" text-anchor=\"middle\">\n");
        for n in board.node_ids() {
            let size = (geo.cell_size(n) * 0.22).clamp(6.0, 11.0);
            let (x, y) = geo.name_anchor(n);
            let fill = match board.node_info(n).colour {
                Colour::Light => "#8b6b4e",
                Colour::Dark | Colour::Mid => "#f3e3c8",
            };
            let _ = writeln!(
                s,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{fill}\">{}</text>",
                num(x),
                num(y + size * 0.35),
                num(size),
                escape(board.node_name(n))
            );
        }
        s.push_str("</g>\n");
    }
}
