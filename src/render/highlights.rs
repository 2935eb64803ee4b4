//! Marks on cells: the last move, the piece whose moves are shown and its destinations (captures
//! ringed), checked royals, the squares a finished game's end names.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::Geometry;
use super::svg::{escape, num};
use crate::board::{Board, NodeId};
use crate::ids::KindId;
use crate::movegen::Move;
use crate::position::Position;

/// The distinct destinations of the piece on `from` (as if its owner were to move), ascending,
/// each with whether the move captures.
pub(super) fn destinations(pos: &Position, from: NodeId) -> Vec<(NodeId, bool)> {
    let mut set: BTreeSet<(NodeId, bool)> = BTreeSet::new();
    for m in pos.piece_legal_moves(from) {
        set.insert((m.to(), pos.is_capture(&m)));
    }
    set.into_iter().collect()
}

/// The nodes where the side to move may drop a piece of kind `k` from his hand, ascending.
pub(super) fn drop_targets(pos: &Position, k: KindId) -> Vec<NodeId> {
    let mut targets: Vec<NodeId> = pos
        .legal_moves()
        .into_iter()
        .filter_map(|m| match m {
            Move::Drop { kind, to, .. } if kind == k => Some(to),
            _ => None,
        })
        .collect();
    targets.sort();
    targets
}

/// The highlights layer, under the pieces: last move, the chosen piece, the squares the end of
/// a finished game names, checked royals.
pub(super) fn write_highlights(
    s: &mut String,
    board: &Board,
    geo: &Geometry,
    pos: &Position,
    last: Option<(NodeId, NodeId)>,
    from: Option<NodeId>,
) {
    s.push_str("<g id=\"highlights\">\n");
    let overlay = |s: &mut String, class: &str, n: NodeId, fill: &str| {
        let _ = writeln!(
            s,
            "<path class=\"{class}\" data-node=\"{}\" d=\"{}\" {fill}/>",
            escape(board.node_name(n)),
            geo.cell_path(n)
        );
    };
    if let Some((a, b)) = last {
        for n in [a, b] {
            overlay(s, "last-move", n, "fill=\"#f4e04d\" fill-opacity=\"0.55\"");
        }
    }
    if let Some(n) = from.filter(|&n| pos.piece_at(n).is_some()) {
        overlay(s, "from", n, "fill=\"#3d85c6\" fill-opacity=\"0.5\"");
    }
    // A finished game: the squares its end names (a progression's line), ringed in green.
    if let Some(o) = pos.outcome() {
        for n in pos.ending_squares(o) {
            overlay(
                s,
                "ending",
                n,
                "fill=\"#6aa84f\" fill-opacity=\"0.45\" stroke=\"#274e13\" stroke-width=\"3\"",
            );
        }
    }
    let checked = pos.checked_players();
    let rules = pos.rules();
    for n in board.node_ids() {
        if let Some(pc) = pos.piece_at(n)
            && rules.kind(pc.kind).royal
            && checked.contains(pc.owner)
        {
            overlay(s, "check", n, "fill=\"url(#check)\"");
        }
    }
    s.push_str("</g>\n");
}

/// The destinations layer, over the pieces: a dot per move, a ring per capture.
pub(super) fn write_destinations(
    s: &mut String,
    board: &Board,
    geo: &Geometry,
    dests: &[(NodeId, bool)],
) {
    s.push_str("<g id=\"destinations\">\n");
    for &(n, capture) in dests {
        let (x, y) = geo.centre(n);
        let c = geo.cell_size(n);
        let name = escape(board.node_name(n));
        if capture {
            let _ = writeln!(
                s,
                "<circle class=\"capture\" data-node=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"#c62828\" stroke-width=\"{}\" stroke-opacity=\"0.85\"/>",
                num(x),
                num(y),
                num(c * 0.44),
                num(c * 0.08)
            );
        } else {
            let _ = writeln!(
                s,
                "<circle class=\"destination\" data-node=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#1e6b2a\" fill-opacity=\"0.7\"/>",
                num(x),
                num(y),
                num(c * 0.16)
            );
        }
    }
    s.push_str("</g>\n");
}

/// Groups of marked moves: an arrow from the origin to the destination, or a ring on the
/// destination of a drop; one colour per group.
pub(super) fn write_marked_moves(
    s: &mut String,
    board: &Board,
    geo: &Geometry,
    groups: &[Vec<(Option<NodeId>, NodeId)>],
) {
    const COLOURS: [&str; 3] = ["#c62828", "#1565c0", "#6a1b9a"];
    s.push_str("<g id=\"marked-moves\">\n");
    for (i, group) in groups.iter().enumerate() {
        let colour = COLOURS[i.min(COLOURS.len() - 1)];
        for &(from, to) in group {
            let (tx, ty) = geo.centre(to);
            let c = geo.cell_size(to);
            let name = escape(board.node_name(to));
            if let Some(f) = from {
                let (fx, fy) = geo.centre(f);
                let _ = writeln!(
                    s,
                    "<line class=\"marked-move group-{i}\" data-from=\"{}\" data-node=\"{name}\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-opacity=\"0.8\" stroke-linecap=\"round\"/>",
                    escape(board.node_name(f)),
                    num(fx),
                    num(fy),
                    num(tx),
                    num(ty),
                    num(c * 0.08)
                );
            }
            let _ = writeln!(
                s,
                "<circle class=\"marked-move group-{i}\" data-node=\"{name}\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"{}\" stroke-opacity=\"0.85\"/>",
                num(tx),
                num(ty),
                num(c * 0.3),
                num(c * 0.08)
            );
        }
    }
    s.push_str("</g>\n");
}
