//! Castling squares the usual rule would check and the file leaves out
//! (`lint::castling-squares`): every square the king and the rook pass or land on empty, and the
//! king's start, path and destination not attacked (for a royal king).

use std::collections::BTreeSet;

use super::{Context, listed};
use crate::board::Board;
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::NodeId;
use crate::rules::Castling;

/// The squares after `from` up to and including `to` along the one board direction that gets
/// there in the fewest steps; `None` when no direction leads there in a straight line.
fn line(board: &Board, from: NodeId, to: NodeId) -> Option<Vec<NodeId>> {
    if from == to {
        return Some(Vec::new());
    }
    board
        .direction_ids()
        .filter(|&d| board.direction_info(d).path.is_none())
        .filter_map(|d| {
            let mut walked = Vec::new();
            let mut at = from;
            while let Some(step) = board.step(at, d) {
                if step.to == from || walked.contains(&step.to) {
                    return None;
                }
                walked.push(step.to);
                if step.to == to {
                    return Some(walked);
                }
                at = step.to;
            }
            None
        })
        .min_by_key(Vec::len)
}

/// What the usual rule would list and the entry does not: (missing from `empty`, missing from
/// `safe`).
fn missing(cx: &Context<'_>, c: &Castling) -> Option<(Vec<NodeId>, Vec<NodeId>)> {
    let board = cx.rules.board();
    let king_path = line(board, c.king_from, c.king_to)?;
    let rook_path = line(board, c.rook_from, c.rook_to)?;
    let implied: BTreeSet<NodeId> = [c.king_from, c.king_to, c.rook_from, c.rook_to]
        .into_iter()
        .chain(c.empty.iter().copied())
        .chain(c.safe.iter().copied())
        .collect();
    let mut empty: Vec<NodeId> = king_path
        .iter()
        .chain(&rook_path)
        .copied()
        .filter(|n| !implied.contains(n))
        .collect();
    empty.sort();
    empty.dedup();
    let royal = cx.rules.kind(c.king_kind).royal;
    let safe: Vec<NodeId> = std::iter::once(c.king_from)
        .chain(king_path)
        .filter(|n| royal && !c.safe.contains(n))
        .collect();
    Some((empty, safe))
}

/// Every castling entry whose `empty` or `safe` leaves out a square the usual rule would list.
pub(super) fn castling_squares(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let board = rules.board();
    let names = |nodes: &[NodeId]| -> Vec<String> {
        nodes
            .iter()
            .map(|&n| format!("`{}`", board.node_name(n)))
            .collect()
    };
    for c in rules.castling() {
        let player = &rules.player(c.player).name;
        let spec = cx
            .spec
            .castling
            .iter()
            .find(|s| *s.right.get_ref() == c.right && s.player.get_ref() == player);
        let (Some(spec), Some((empty, safe))) = (spec, missing(cx, c)) else {
            continue;
        };
        for (nodes, key, why) in [
            (empty, "empty", "the king or the rook passes or lands there"),
            (safe, "safe", "the king stands, passes or lands there"),
        ] {
            if nodes.is_empty() {
                continue;
            }
            let shown = names(&nodes);
            out.push(
                Diagnostic::new(
                    Code::LintCastlingSquares,
                    spec.right.span(),
                    format!(
                        "castling `{}` of {player} does not list {} in `{key}`, where the usual rule would: {why}",
                        c.right,
                        listed(&shown)
                    ),
                )
                .label("this castling")
                .help(format!(
                    "add {} to `{key}`, or keep the entry if the variant really allows it",
                    listed(&shown)
                )),
            );
        }
    }
}
