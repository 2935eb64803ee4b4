//! What the evaluation reads, worked out once per variant from its rules alone: the value of each
//! piece kind (estimated from its mobility unless the file gives `value`), how much better or
//! worse a kind does on each node than on average, how far each node is from a kind's promotion
//! zone, and each node's neighbours.
//!
//! The estimate: `E` is the average number of destinations of the piece on the empty board, `F`
//! the average with every other node holding an enemy piece (so captures count and blocked rides
//! do not), both over the nodes where the piece has some move on the empty board; with
//! `m = 3/4 E + 1/4 F` the value is `round(81 * m^0.8)`. That gives chess about pawn 100,
//! knight 305, bishop 399, rook 567, queen 843.
//!
//! A piece with no move on the empty board (one that only hops: the grasshopper, janggi's
//! cannon) would be worth 0 that way, so it is measured on a half-filled board instead: `m` is
//! the average number of its destinations over the nodes where it has one, with an enemy piece
//! on a fixed pseudo-random half of the other nodes. The filler is the most numerous other
//! non-royal kind of the start position (a screen of its own kind may not count, as for
//! janggi's cannon), else its own kind.

use crate::ids::{KindId, NodeId, PlayerId};
use crate::position::{Piece, Position};
use crate::rules::Rules;
use std::collections::VecDeque;
use std::sync::Arc;

/// Centipawns per move a piece has on its node beyond its average (the mobility term).
const MOBILITY_WEIGHT: f64 = 4.0;

/// The per-variant tables of the evaluation.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// The value of each kind, by kind index (royal kinds included, for reports).
    pub(crate) value: Vec<i32>,
    /// Mobility bonus, `[kind * nodes + node]`.
    pub(crate) centre: Vec<i16>,
    /// Distance to the kind's promotion zone for its owner, `[(player * kinds + kind) * nodes +
    /// node]`; `u8::MAX` where there is no zone or it cannot be reached.
    pub(crate) promo_dist: Vec<u8>,
    /// What promoting gains (the best choice's value less the kind's), by kind.
    pub(crate) promo_gain: Vec<i32>,
    /// The nodes one link away from each node (either way).
    pub(crate) neighbours: Vec<Vec<NodeId>>,
    /// Number of nodes.
    pub(crate) nodes: usize,
    /// Number of kinds.
    pub(crate) kinds: usize,
}

impl Tables {
    /// The tables of a variant.
    pub(crate) fn new(rules: &Arc<Rules>) -> Tables {
        let nodes = rules.board().node_count();
        let kinds = rules.kinds().len();
        let (per_node, estimated) = mobility(rules);
        let value: Vec<i32> = rules
            .kinds()
            .iter()
            .zip(&estimated)
            .map(|(k, &e)| k.value.map_or(e, |v| v as i32))
            .collect();
        let mut centre = vec![0i16; kinds * nodes];
        for (k, counts) in per_node.iter().enumerate() {
            if rules.kinds()[k].royal {
                continue;
            }
            let moving: Vec<f64> = counts.iter().filter(|&&c| c > 0.0).copied().collect();
            let avg = moving.iter().sum::<f64>() / moving.len().max(1) as f64;
            for (n, &c) in counts.iter().enumerate() {
                if c > 0.0 {
                    centre[k * nodes + n] = ((c - avg) * MOBILITY_WEIGHT).round() as i16;
                }
            }
        }
        let neighbours = neighbours(rules);
        let (promo_dist, promo_gain) = promotion(rules, &value, &neighbours);
        Tables {
            value,
            centre,
            promo_dist,
            promo_gain,
            neighbours,
            nodes,
            kinds,
        }
    }
}

/// The value the formula of the module doc gives for an average mobility `m`.
fn value_of_mobility(m: f64) -> i32 {
    (81.0 * m.powf(0.8)).round() as i32
}

/// For each kind: the number of destinations on the empty board from each node (on the
/// half-filled board for a piece that has none there), and the estimated value.
fn mobility(rules: &Arc<Rules>) -> (Vec<Vec<f64>>, Vec<i32>) {
    let start = Position::start(rules);
    let mut empty = start.clone();
    for n in rules.board().node_ids() {
        empty.take::<false>(n);
    }
    let me = PlayerId(0);
    let frame = rules.player(me).frame;
    let enemy = rules.player_ids().find(|&p| p != me);
    let mut buf = Vec::new();
    let mut per_node = Vec::new();
    let mut values = Vec::new();
    for k in rules.kind_ids() {
        let piece = Piece {
            owner: me,
            kind: k,
            frame,
        };
        let full = enemy.map(|o| Filler::all(rules, o, k));
        let mut counts = Vec::new();
        let (mut sum_e, mut sum_f, mut moving) = (0.0, 0.0, 0usize);
        for n in rules.board().node_ids() {
            let e = destinations(&mut empty, n, piece, None, &mut buf);
            counts.push(e as f64);
            if e == 0 {
                continue;
            }
            let f = full.as_ref().map_or(0, |filler| {
                destinations(&mut empty, n, piece, Some(filler), &mut buf)
            });
            sum_e += e as f64;
            sum_f += f as f64;
            moving += 1;
        }
        let m = if moving > 0 {
            (0.75 * sum_e + 0.25 * sum_f) / moving as f64
        } else if let Some(o) = enemy {
            hopping_mobility(&mut empty, &start, piece, o, &mut counts, &mut buf)
        } else {
            0.0
        };
        per_node.push(counts);
        values.push(value_of_mobility(m));
    }
    (per_node, values)
}

/// The average number of destinations of a piece that has none on the empty board, over the
/// nodes where it has some on the half-filled board; `counts` gets them per node.
fn hopping_mobility(
    empty: &mut Position,
    start: &Position,
    piece: Piece,
    enemy: PlayerId,
    counts: &mut [f64],
    buf: &mut Vec<crate::movegen::Planned>,
) -> f64 {
    let rules = Arc::clone(empty.rules());
    let filler = Filler::half(&rules, start, enemy, piece.kind);
    let (mut sum, mut moving) = (0.0, 0usize);
    for n in rules.board().node_ids() {
        if filler.nodes.contains(&n) {
            continue;
        }
        let h = destinations(empty, n, piece, Some(&filler), buf);
        counts[n.index()] = h as f64;
        if h > 0 {
            sum += h as f64;
            moving += 1;
        }
    }
    if moving == 0 {
        0.0
    } else {
        sum / moving as f64
    }
}

/// Enemy pieces put around a piece being measured.
struct Filler {
    /// The piece put on each of `nodes`.
    piece: Piece,
    /// Where (the measured piece's own node is skipped).
    nodes: Vec<NodeId>,
}

impl Filler {
    /// Every node, holding `enemy`'s pieces of `kind`.
    fn all(rules: &Rules, enemy: PlayerId, kind: KindId) -> Filler {
        Filler {
            piece: Piece {
                owner: enemy,
                kind,
                frame: rules.player(enemy).frame,
            },
            nodes: rules.board().node_ids().collect(),
        }
    }

    /// A fixed pseudo-random half of the nodes (a multiplicative hash of the node's index, so
    /// no file, rank or colour is favoured), holding `enemy`'s pieces of the most numerous
    /// non-royal kind of the start other than `kind` (else of `kind`).
    fn half(rules: &Rules, start: &Position, enemy: PlayerId, kind: KindId) -> Filler {
        let mut tally = vec![0usize; rules.kinds().len()];
        for n in rules.board().node_ids() {
            if let Some(p) = start.piece_at(n) {
                tally[p.kind.index()] += 1;
            }
        }
        let filler = rules
            .kind_ids()
            .filter(|&k| k != kind && !rules.kinds()[k.index()].royal && tally[k.index()] > 0)
            .max_by_key(|&k| (tally[k.index()], std::cmp::Reverse(k.index())))
            .unwrap_or(kind);
        let nodes = rules
            .board()
            .node_ids()
            .filter(|n| (n.index() as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 63 == 1)
            .collect();
        Filler {
            nodes,
            ..Filler::all(rules, enemy, filler)
        }
    }
}

/// The distinct destinations of `piece` on `n` of the empty position `pos`, with `filler`'s
/// pieces around it when given (the position is left empty).
fn destinations(
    pos: &mut Position,
    n: NodeId,
    piece: Piece,
    filler: Option<&Filler>,
    buf: &mut Vec<crate::movegen::Planned>,
) -> usize {
    let others: Vec<(NodeId, Piece)> = filler
        .into_iter()
        .flat_map(|f| f.nodes.iter().map(|&m| (m, f.piece)))
        .filter(|&(m, _)| m != n)
        .collect();
    for &(m, p) in &others {
        pos.put::<false>(m, p);
    }
    pos.put::<false>(n, piece);
    buf.clear();
    pos.piece_moves(n, buf);
    let mut to: Vec<NodeId> = buf.iter().map(|m| m.mv().to()).collect();
    to.sort();
    to.dedup();
    pos.take::<false>(n);
    for &(m, _) in &others {
        pos.take::<false>(m);
    }
    to.len()
}

/// The nodes one link away from each node, either way.
fn neighbours(rules: &Rules) -> Vec<Vec<NodeId>> {
    let board = rules.board();
    let mut out = vec![Vec::new(); board.node_count()];
    for (from, _, step) in board.links() {
        if step.to != from {
            out[from.index()].push(step.to);
            out[step.to.index()].push(from);
        }
    }
    for v in &mut out {
        v.sort();
        v.dedup();
    }
    out
}

/// Distances to each kind's promotion zone (by player), and what promoting gains.
fn promotion(rules: &Rules, value: &[i32], neighbours: &[Vec<NodeId>]) -> (Vec<u8>, Vec<i32>) {
    let nodes = neighbours.len();
    let kinds = rules.kinds().len();
    let players = rules.players().len();
    let mut dist = vec![u8::MAX; players * kinds * nodes];
    let mut gain = vec![0; kinds];
    for (k, kind) in rules.kinds().iter().enumerate() {
        let Some(pr) = &kind.promotion else { continue };
        let best = pr
            .all_choices()
            .map(|c| value[c.index()])
            .max()
            .unwrap_or(0);
        gain[k] = (best - value[k]).max(0);
        for p in rules.player_ids() {
            let zone = rules.zone(pr.zone, p);
            let d = bfs(neighbours, zone.iter());
            let at = (p.index() * kinds + k) * nodes;
            dist[at..at + nodes].copy_from_slice(&d);
        }
    }
    (dist, gain)
}

/// Link distances from a set of nodes (capped at `u8::MAX`, which also means unreachable).
fn bfs(neighbours: &[Vec<NodeId>], from: impl Iterator<Item = NodeId>) -> Vec<u8> {
    let mut d = vec![u8::MAX; neighbours.len()];
    let mut queue = VecDeque::new();
    for n in from {
        d[n.index()] = 0;
        queue.push_back(n);
    }
    while let Some(n) = queue.pop_front() {
        let next = d[n.index()].saturating_add(1);
        for &m in &neighbours[n.index()] {
            if d[m.index()] == u8::MAX && next < u8::MAX {
                d[m.index()] = next;
                queue.push_back(m);
            }
        }
    }
    d
}

/// The kind's value (by kind id).
impl Tables {
    #[inline]
    pub(crate) fn value_of(&self, k: KindId) -> i32 {
        self.value[k.index()]
    }
}
