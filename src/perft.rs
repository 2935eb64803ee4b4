//! Perft: the number of leaf nodes of the legal move tree, the standard test of move generation.
//!
//! One ply is one move of the player to move; eliminations (and a finished game) are settled before
//! a player's moves are generated and are not plies. Counts are exact `u64`.

use crate::movegen::Planned;
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
    let mut bufs: Vec<Vec<Planned>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    count(pos, depth, &mut bufs)
}

fn count(pos: &mut Position, depth: u32, bufs: &mut [Vec<Planned>]) -> u64 {
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
            let text = move_text(pos, m.mv());
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

/// Told how far a parallel perft has come: `(subtrees done, subtrees in all)`, called from the
/// worker threads (a progress bar, a log line).
pub type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// Perft on `threads` threads (rayon), with an optional progress report. The tree is split below
/// the root (at depth 2 when deep enough, for an even load); each task counts on its own copy of
/// the position, so memory does not grow with depth.
#[cfg(feature = "parallel")]
pub fn perft_parallel(
    pos: &Position,
    depth: u32,
    threads: usize,
    progress: Option<Progress<'_>>,
) -> u64 {
    divide_parallel(pos, depth, threads, progress).1
}

/// [`divide`] on `threads` threads, with an optional progress report.
#[cfg(feature = "parallel")]
pub fn divide_parallel(
    pos: &Position,
    depth: u32,
    threads: usize,
    progress: Option<Progress<'_>>,
) -> (Vec<(String, u64)>, u64) {
    use rayon::prelude::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    // Depth 0 counts the position itself, finished or not, as the serial perft does.
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let mut root = pos.clone();
    let mut moves = Vec::new();
    let (outcome, _) = root.resolve(&mut moves);
    if outcome.is_some() {
        return (Vec::new(), 0);
    }
    // Tasks: (root move index, line of moves below it).
    let split = depth >= 4;
    let mut tasks: Vec<(usize, Vec<Planned>)> = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        if split {
            let undo = root.make(m);
            let mut replies = Vec::new();
            let (outcome, res) = root.resolve(&mut replies);
            if outcome.is_none() {
                for r in replies {
                    tasks.push((i, vec![m, r]));
                }
            }
            root.unresolve(res);
            root.unmake(undo);
        } else {
            tasks.push((i, vec![m]));
        }
    }
    let total_tasks = tasks.len() as u64;
    let done = AtomicU64::new(0);
    if let Some(report) = progress {
        report(0, total_tasks);
    }
    let run = || {
        tasks
            .par_iter()
            .map(|(i, line)| {
                let mut p = root.clone();
                let mut scratch = Vec::new();
                for (k, &m) in line.iter().enumerate() {
                    if k > 0 {
                        let _ = p.resolve(&mut scratch);
                    }
                    p.make(m);
                }
                let n = perft(&mut p, depth - line.len() as u32);
                if let Some(report) = progress {
                    report(done.fetch_add(1, Ordering::Relaxed) + 1, total_tasks);
                }
                (*i, n)
            })
            .collect::<Vec<(usize, u64)>>()
    };
    let counts = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
    {
        Ok(pool) => pool.install(run),
        Err(_) => run(),
    };
    let mut per_move = vec![0u64; moves.len()];
    for (i, n) in counts {
        per_move[i] += n;
    }
    let mut out: Vec<(String, u64)> = moves
        .iter()
        .zip(per_move)
        .map(|(&m, n)| (move_text(&root, m.mv()), n))
        .collect();
    out.sort();
    let total = out.iter().map(|(_, n)| n).sum();
    (out, total)
}
