//! Perft: the number of leaf nodes of the legal move tree, the standard test of move generation.
//!
//! One ply is one move of the player to move; eliminations (and a finished game) are settled before
//! a player's moves are generated and are not plies. Counts are exact `u64`.

use crate::movegen::Move;
use crate::notation::move_text;
use crate::position::Position;

/// Counts the leaves of the legal move tree of `depth` plies below `pos`.
///
/// ```
/// use std::sync::Arc;
/// use chessgraph::{perft::perft, position::Position, rules::Rules};
/// let rules = Arc::new(Rules::load("variants/chess.toml").unwrap());
/// assert_eq!(perft(&mut Position::start(&rules), 2), 400);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    count(pos, depth, &mut bufs)
}

fn count(pos: &mut Position, depth: u32, bufs: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    let (outcome, res) = pos.resolve(buf);
    let n = if outcome.is_some() {
        0
    } else if depth == 1 {
        buf.len() as u64
    } else {
        let mut n = 0;
        for &m in buf.iter() {
            let undo = pos.make(m);
            n += count(pos, depth - 1, rest);
            pos.unmake(undo);
        }
        n
    };
    pos.unresolve(res);
    n
}

/// Perft split by root move: `(move text, count)` sorted by move text, and the total.
pub fn divide(pos: &mut Position, depth: u32) -> (Vec<(String, u64)>, u64) {
    let mut moves = Vec::new();
    let (outcome, res) = pos.resolve(&mut moves);
    let mut out = Vec::new();
    if outcome.is_none() && depth > 0 {
        for m in moves {
            let text = move_text(pos, m);
            let undo = pos.make(m);
            let n = perft(pos, depth - 1);
            pos.unmake(undo);
            out.push((text, n));
        }
    }
    pos.unresolve(res);
    out.sort();
    let total = out.iter().map(|(_, n)| n).sum();
    (out, total)
}
