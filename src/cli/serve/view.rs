//! What the page is told about a game and a variant, as JSON: everything it shows comes from the
//! library (legal moves, results, position text), so the page holds no rules.

use serde_json::{Value, json};

use crate::cli::game::{Game, choices_by_origin, choices_from};
use chessgraph::Position;
use chessgraph::render::{default_rotation, seat_rotation};
use chessgraph::{Board, NodeId, Placement, TwistId};
use chessgraph::{PlayerId, Rules};

use super::state::{Slot, Variant};

/// A variant as the list shows it.
pub fn variant_json(id: usize, v: &Variant) -> Value {
    let rules = v.rules.as_deref();
    json!({
        "id": id,
        "file": v.path.display().to_string(),
        "name": rules.map(Rules::name),
        "players": rules.map(|r| r.players().iter().map(|p| p.name.clone()).collect::<Vec<_>>()),
        "hands": rules.is_some_and(|r| r.hands().is_some()),
        "broken": v.broken,
        "problems": v.problems,
    })
}

/// The board's nodes and links (for keyboard navigation and the link inspector).
pub fn board_json(board: &Board) -> Value {
    let nodes: Vec<Value> = board
        .node_ids()
        .map(|n| json!({ "name": board.node_name(n), "links": links_json(board, n) }))
        .collect();
    json!({ "name": board.name(), "nodes": nodes })
}

/// The links leaving a node: direction, target, twist (when it has one) and tags.
fn links_json(board: &Board, n: NodeId) -> Vec<Value> {
    board
        .direction_ids()
        .filter_map(|d| {
            let step = board.step(n, d)?;
            let twist = &board.twist(step.twist).name;
            Some(json!({
                "direction": board.direction_name(d),
                "to": board.node_name(step.to),
                "twist": (step.twist != TwistId::IDENTITY).then_some(twist),
                "tags": board.tag_names(step.tags),
            }))
        })
        .collect()
}

/// The players, each with whether it is out, its own view's rotation and its hand.
fn players_json(pos: &Position) -> Vec<Value> {
    let rules = pos.rules();
    rules
        .players()
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let id = PlayerId::seat(i as u8);
            let hand: Vec<Value> = pos
                .hand_of(id)
                .into_iter()
                .filter(|&(_, n)| n > 0)
                .map(|(k, n)| {
                    let kind = rules.kind(k);
                    json!({ "token": kind.token(), "name": kind.name, "count": n })
                })
                .collect();
            json!({
                "name": p.name,
                "out": !pos.is_alive(id),
                "rotation": seat_rotation(rules, id),
                "hand": hand,
            })
        })
        .collect()
}

/// A game as the page shows it.
pub fn game_json(id: u64, slot: &Slot, variant: &Variant) -> Value {
    let game: &Game = &slot.game;
    let pos = game.position();
    let rules = pos.rules();
    let board = rules.board();
    let name = |n| board.node_name(n).to_string();
    let moves: Vec<Value> = game
        .moves()
        .iter()
        .enumerate()
        .map(|(i, m)| {
            json!({
                "ply": i + 1,
                "text": m.text,
                "mover": rules.player(m.mover).name,
                "from": m.from.map(name),
                "to": name(m.to),
                "events": m.events,
            })
        })
        .collect();
    let over = game.outcome().is_some();
    json!({
        "id": id.to_string(),
        "version": slot.version,
        "variant": slot.variant,
        "variant_name": rules.name(),
        "ply": game.moves().len(),
        "position": pos.to_fen(),
        "text": pos.to_text(),
        "to_move": (!over).then(|| rules.player(pos.to_move()).name.clone()),
        "computer": slot.computer.iter().map(|p| rules.player(p).name.clone()).collect::<Vec<_>>(),
        "thinking": slot.thinking,
        "check": pos.is_check(),
        "players": players_json(pos),
        "captured": pos.captured_text(),
        "result": game.result_text(),
        "ending_squares": game
            .outcome()
            .map(|o| pos.ending_squares(o).into_iter().map(name).collect::<Vec<_>>())
            .unwrap_or_default(),
        "legal": if over { Default::default() } else { choices_by_origin(pos) },
        "last_move": moves.last(),
        "moves": moves,
        "start_events": game.start_events(),
        "polar": is_polar(board),
        "rotation": default_rotation(rules),
        "broken": variant.broken,
        "problems": variant.problems,
    })
}

/// Whether the board is drawn as rings (it then turns for each seat's view; a grid flips).
fn is_polar(board: &Board) -> bool {
    board
        .node_ids()
        .any(|n| matches!(board.node_info(n).placement, Placement::Polar { .. }))
}

/// What the link inspector shows about one node: its links and the legal moves of the piece on
/// it, whoever's turn it is.
pub fn inspect_json(pos: &Position, node: NodeId) -> Value {
    let rules = pos.rules();
    let board = rules.board();
    let piece = pos.piece_at(node).map(|p| {
        json!({
            "owner": rules.player(p.owner).name,
            "kind": rules.kind(p.kind).name,
        })
    });
    json!({
        "node": board.node_name(node),
        "links": links_json(board, node),
        "piece": piece,
        "destinations": choices_from(pos, node),
    })
}
