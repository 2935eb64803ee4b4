//! Where pieces can go: a piece stuck on a square of the start position
//! (`lint::immobile-piece`), and a promotion zone a piece can never reach
//! (`lint::unreachable-promotion`). Both read the compiled tables on an empty board, so they
//! see every way a piece could ever go, and only warn when there is none.

use std::collections::BTreeSet;

use super::{Context, listed};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::{FrameId, KindId, NodeId, PlayerId};
use crate::path::Kind;

/// The start position's pieces as (owner, kind, node, frame), in node order.
fn start_pieces(cx: &Context<'_>) -> Vec<(PlayerId, KindId, NodeId, FrameId)> {
    cx.rules
        .board()
        .node_ids()
        .filter_map(|n| cx.start.piece_at(n).map(|p| (p.owner, p.kind, n, p.frame)))
        .collect()
}

/// A piece of the start position that has no move from its square even on an empty board
/// (stacks move with the kinds they hold and are left out).
pub(super) fn immobile_pieces(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let board = rules.board();
    let pieces = start_pieces(cx);
    for owner in rules.player_ids() {
        for kind in rules.kind_ids().filter(|k| !rules.kind(*k).stack) {
            let stuck: Vec<&str> = pieces
                .iter()
                .filter(|(o, k, n, f)| {
                    *o == owner && *k == kind && !rules.can_move_from(*k, *f, *n)
                })
                .map(|(_, _, n, _)| board.node_name(*n))
                .collect();
            if stuck.is_empty() {
                continue;
            }
            let (player, piece) = (&rules.player(owner).name, &rules.kind(kind).name);
            out.push(
                Diagnostic::new(
                    Code::LintImmobilePiece,
                    cx.spec.start.span.clone(),
                    format!(
                        "{player}'s {piece} can never move from {}: no pattern of it leads anywhere from there, even on an empty board",
                        listed(&stuck)
                    ),
                )
                .label("in this start position")
                .help(format!(
                    "check the {piece}'s patterns and {player}'s frame (a piece moving `n` where the board ends is stuck), or move it in the start"
                )),
            );
        }
    }
}

/// The (node, frame) pairs a piece can ever reach from its start squares, move by move on an
/// empty board (zone conditions of patterns ignored: a superset).
fn reachable(
    cx: &Context<'_>,
    kind: KindId,
    from: impl Iterator<Item = (NodeId, FrameId)>,
) -> BTreeSet<NodeId> {
    let tables = cx.rules.tables();
    let mut seen: BTreeSet<(NodeId, FrameId)> = from.collect();
    let mut todo: Vec<(NodeId, FrameId)> = seen.iter().copied().collect();
    while let Some((n, f)) = todo.pop() {
        for ray in tables.rays(kind, f, n) {
            let steps = tables.steps(ray);
            for (i, s) in steps.iter().enumerate() {
                let lands = ray.kind == Kind::Ride || i + 1 == steps.len();
                if lands && seen.insert((s.node, s.frame)) {
                    todo.push((s.node, s.frame));
                }
            }
        }
    }
    seen.into_iter().map(|(n, _)| n).collect()
}

/// A kind that promotes, placed in the start position, that can never reach its owner's
/// promotion zone from where it starts.
pub(super) fn unreachable_promotions(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let pieces = start_pieces(cx);
    for kind in rules.kind_ids() {
        let name = &rules.kind(kind).name;
        let spec = cx.spec.pieces.iter().find(|p| p.name.value == *name);
        let (Some(promotion), Some(promotion_spec)) = (
            &rules.kind(kind).promotion,
            spec.and_then(|s| s.promotion.as_ref()),
        ) else {
            continue;
        };
        for owner in rules.player_ids() {
            let starts = pieces
                .iter()
                .filter(|(o, k, _, _)| *o == owner && *k == kind)
                .map(|&(_, _, n, f)| (n, f));
            if starts.clone().next().is_none() {
                continue;
            }
            let zone = rules.zone(promotion.zone, owner);
            if reachable(cx, kind, starts)
                .iter()
                .any(|&n| zone.contains(n))
            {
                continue;
            }
            let (player, piece) = (&rules.player(owner).name, &rules.kind(kind).name);
            let key = rules.zone_name(promotion.zone);
            let zone_name = match cx.spec.players[owner.index()].zones.get(key) {
                Some(board_zone) => format!("`{key}` (`{}`)", board_zone.get_ref()),
                None => format!("`{key}`"),
            };
            out.push(
                Diagnostic::new(
                    Code::LintUnreachablePromotion,
                    promotion_spec.zone.span(),
                    format!(
                        "{player}'s {piece} can never reach its promotion zone {zone_name} from where it starts"
                    ),
                )
                .label("out of reach")
                .help(format!(
                    "check which board zone `{key}` is for {player} (`[[player]] zones`) and the {piece}'s patterns in {player}'s frame"
                )),
            );
        }
    }
}
