//! Perft: the number of leaf nodes of the legal move tree, the standard test of move generation.
//!
//! One ply is one move of the player to move; eliminations (and a finished game) are settled before
//! a player's moves are generated and are not plies. Counts are exact `u64`.
//!
//! Counts may go through a transposition table ([`PerftTable`], `perft --hash`). (The work units
//! of `perft --split` and `--merge` are the command line's, written on this module.)

pub(crate) mod table;

use table::second_key;
pub use table::{HashStats, PerftTable, TableError};

use crate::movegen::Planned;
use crate::notation::move_text;
use crate::position::Position;

/// Counts the leaves of the legal move tree of `depth` plies below `pos`.
///
/// ```
/// use chessgraph::{Position, Rules, perft::perft};
/// let rules = chessgraph::load("variants/chess.toml").unwrap();
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
    if depth == 1
        && let Some(n) = pos.leaf_count(buf)
    {
        return n;
    }
    let (outcome, res) = pos.resolve(buf);
    let n = if outcome.is_some() {
        0
    } else if depth == 1 {
        buf.len() as u64
    } else {
        let mut n = 0;
        for &m in buf.iter() {
            // Nothing below reads the hash (perft applies no draw rule), and unmake restores it.
            let undo = pos.make_with::<false>(m);
            n += count(pos, depth - 1, rest);
            pos.unmake(undo);
        }
        n
    };
    pos.unresolve(res);
    n
}

/// [`perft`] with a transposition table (see [`PerftTable`]): the same count, and how the table
/// was used. The table may be shared with other counts of the same variant, at once or later.
///
/// ```
/// use chessgraph::{Position, Rules, perft::{PerftTable, perft_hashed}};
/// let rules = chessgraph::load("variants/chess.toml").unwrap();
/// let table = PerftTable::new(1).unwrap();
/// let (count, stats) = perft_hashed(&mut Position::start(&rules), 5, &table).unwrap();
/// assert_eq!(count, 4865609);
/// assert!(stats.hits > 0);
/// ```
///
/// A table serves one loaded variant: [`TableError::OtherVariant`] for a position of another.
pub fn perft_hashed(
    pos: &mut Position,
    depth: u32,
    table: &PerftTable,
) -> Result<(u64, HashStats), TableError> {
    table.bind(pos.rules())?;
    Ok(count_with_table(pos, depth, table))
}

/// [`perft_hashed`] once the table is known to be the variant's.
fn count_with_table(pos: &mut Position, depth: u32, table: &PerftTable) -> (u64, HashStats) {
    let mut bufs: Vec<Vec<Planned>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    let mut stats = HashStats::default();
    let n = count_hashed(pos, depth, &mut bufs, table, &mut stats);
    (n, stats)
}

/// [`perft`] with an optional table: the table's statistics stay zero without one.
fn perft_with(pos: &mut Position, depth: u32, table: Option<&PerftTable>) -> (u64, HashStats) {
    match table {
        Some(t) => count_with_table(pos, depth, t),
        None => (perft(pos, depth), HashStats::default()),
    }
}

/// [`count`] through the table: nodes with at least two plies below them are looked up before
/// they are resolved (what resolving does follows from the position alone) and stored after.
fn count_hashed(
    pos: &mut Position,
    depth: u32,
    bufs: &mut [Vec<Planned>],
    table: &PerftTable,
    stats: &mut HashStats,
) -> u64 {
    if depth < 2 {
        return count(pos, depth, bufs);
    }
    let (k1, k2) = (pos.hash(), second_key(pos));
    stats.probes += 1;
    if let Some(n) = table.probe(k1, k2, depth) {
        stats.hits += 1;
        return n;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    let (outcome, res) = pos.resolve(buf);
    let mut n = 0;
    if outcome.is_none() {
        for &m in buf.iter() {
            let undo = pos.make(m);
            n += count_hashed(pos, depth - 1, rest, table, stats);
            pos.unmake(undo);
        }
    }
    pos.unresolve(res);
    if table.store(k1, k2, depth, n) {
        stats.stores += 1;
    }
    n
}

/// [`perft`] that gives up once the count passes `limit`: `Some(count)` when the tree has at most
/// `limit` leaves, `None` as soon as it is known to have more (so a budget costs about `limit`
/// leaves, however large the tree). The position is left as it was found either way.
///
/// ```
/// use chessgraph::{Position, Rules, perft::perft_within};
/// let rules = chessgraph::load("variants/chess.toml").unwrap();
/// let mut pos = Position::start(&rules);
/// assert_eq!(perft_within(&mut pos, 3, 10_000), Some(8902));
/// assert_eq!(perft_within(&mut pos, 3, 8901), None);
/// ```
pub fn perft_within(pos: &mut Position, depth: u32, limit: u64) -> Option<u64> {
    let mut bufs: Vec<Vec<Planned>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    let mut budget = limit;
    count_within(pos, depth, &mut bufs, &mut budget).then(|| limit - budget)
}

/// Counts leaves into the budget, taking them from `budget`; false once the budget is exceeded
/// (the rest of the tree is not walked).
fn count_within(
    pos: &mut Position,
    depth: u32,
    bufs: &mut [Vec<Planned>],
    budget: &mut u64,
) -> bool {
    if depth == 0 {
        return take(budget, 1);
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1
        && let Some(n) = pos.leaf_count(buf)
    {
        return take(budget, n);
    }
    let (outcome, res) = pos.resolve(buf);
    let within = if outcome.is_some() {
        true
    } else if depth == 1 {
        take(budget, buf.len() as u64)
    } else {
        let mut ok = true;
        for &m in buf.iter() {
            let undo = pos.make(m);
            ok = count_within(pos, depth - 1, rest, budget);
            pos.unmake(undo);
            if !ok {
                break;
            }
        }
        ok
    };
    pos.unresolve(res);
    within
}

/// Takes `n` from the budget; false when there is not that much left.
fn take(budget: &mut u64, n: u64) -> bool {
    match budget.checked_sub(n) {
        Some(left) => {
            *budget = left;
            true
        }
        None => false,
    }
}

/// Perft split by root move: `(move text, count)` sorted by move text, and the total.
pub fn divide(pos: &mut Position, depth: u32) -> (Vec<(String, u64)>, u64) {
    let (counts, total, _) = divide_with(pos, depth, None);
    (counts, total)
}

/// What a divide with a table found: `(move text, count)` sorted by move text, the total, and how
/// the table was used.
pub(crate) type HashedDivide = (Vec<(String, u64)>, u64, HashStats);

/// [`divide`] with an optional transposition table, and how it was used; a table serves one
/// variant ([`TableError::OtherVariant`]).
pub fn divide_hashed(
    pos: &mut Position,
    depth: u32,
    table: Option<&PerftTable>,
) -> Result<HashedDivide, TableError> {
    if let Some(t) = table {
        t.bind(pos.rules())?;
    }
    Ok(divide_with(pos, depth, table))
}

/// [`divide_hashed`] once the table is known to be the variant's.
fn divide_with(pos: &mut Position, depth: u32, table: Option<&PerftTable>) -> HashedDivide {
    let mut stats = HashStats::default();
    if depth == 0 {
        // perft 0 counts the position itself, with no move to divide it by.
        return (Vec::new(), 1, stats);
    }
    let mut moves = Vec::new();
    let (outcome, res) = pos.resolve(&mut moves);
    let mut out = Vec::new();
    if outcome.is_none() && depth > 0 {
        for m in moves {
            let text = move_text(pos, m.mv());
            let undo = pos.make(m);
            let (n, used) = perft_with(pos, depth - 1, table);
            pos.unmake(undo);
            stats += used;
            out.push((text, n));
        }
    }
    pos.unresolve(res);
    let (counts, total) = sorted_with_total(out);
    (counts, total, stats)
}

/// Divide's answer: the `(move text, count)` pairs sorted by move text, and their sum.
fn sorted_with_total(mut counts: Vec<(String, u64)>) -> (Vec<(String, u64)>, u64) {
    counts.sort();
    let total = counts.iter().map(|(_, n)| n).sum();
    (counts, total)
}

/// Told how far a parallel perft has come: `(subtrees done, subtrees in all)`, called from the
/// worker threads (a progress bar, a log line).
#[cfg(feature = "parallel")]
pub(crate) type Progress<'a> = &'a (dyn Fn(u64, u64) + Sync);

/// [`divide`] on `threads` threads, with an optional progress report.
#[cfg(feature = "parallel")]
pub fn divide_parallel(
    pos: &Position,
    depth: u32,
    threads: usize,
    progress: Option<Progress<'_>>,
) -> (Vec<(String, u64)>, u64) {
    let (counts, total, _) = divide_parallel_with(pos, depth, threads, None, progress);
    (counts, total)
}

/// [`divide_parallel`] with an optional transposition table, shared by all the threads, and how
/// it was used; a table serves one variant ([`TableError::OtherVariant`]).
#[cfg(feature = "parallel")]
pub fn divide_parallel_hashed(
    pos: &Position,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
    progress: Option<Progress<'_>>,
) -> Result<HashedDivide, TableError> {
    if let Some(t) = table {
        t.bind(pos.rules())?;
    }
    Ok(divide_parallel_with(pos, depth, threads, table, progress))
}

/// [`divide_parallel_hashed`] once the table is known to be the variant's.
#[cfg(feature = "parallel")]
fn divide_parallel_with(
    pos: &Position,
    depth: u32,
    threads: usize,
    table: Option<&PerftTable>,
    progress: Option<Progress<'_>>,
) -> HashedDivide {
    // Depth 0 counts the position itself, finished or not, as the serial perft does.
    let mut stats = HashStats::default();
    if depth == 0 {
        return (Vec::new(), 1, stats);
    }
    let mut root = pos.clone();
    let mut moves = Vec::new();
    let (outcome, _) = root.resolve(&mut moves);
    if outcome.is_some() {
        return (Vec::new(), 0, stats);
    }
    let tasks = Task::split(&mut root, &moves, depth);
    let mut per_move = vec![0u64; moves.len()];
    let pool = Pool {
        threads,
        table,
        progress,
    };
    for (i, n, used) in pool.count(&root, &tasks, depth) {
        per_move[i] += n;
        stats += used;
    }
    let counts = moves
        .iter()
        .zip(per_move)
        .map(|(&m, n)| (move_text(&root, m.mv()), n))
        .collect();
    let (counts, total) = sorted_with_total(counts);
    (counts, total, stats)
}

/// One subtree of a parallel perft, counted by one worker.
#[cfg(feature = "parallel")]
struct Task {
    /// The index of the root move the subtree is under.
    root_move: usize,
    /// The moves from the root to the subtree: the root move, and a reply when split deeper.
    line: Vec<Planned>,
}

#[cfg(feature = "parallel")]
impl Task {
    /// The tasks below the resolved `root` (whose moves are `moves`): one per root move, or one
    /// per reply when `depth` is enough for many small subtrees to even out the load. `root` is
    /// left as it was.
    fn split(root: &mut Position, moves: &[Planned], depth: u32) -> Vec<Task> {
        let split = depth >= 4;
        let mut tasks = Vec::new();
        for (i, &m) in moves.iter().enumerate() {
            if split {
                let undo = root.make(m);
                let mut replies = Vec::new();
                let (outcome, res) = root.resolve(&mut replies);
                if outcome.is_none() {
                    for r in replies {
                        tasks.push(Task {
                            root_move: i,
                            line: vec![m, r],
                        });
                    }
                }
                root.unresolve(res);
                root.unmake(undo);
            } else {
                tasks.push(Task {
                    root_move: i,
                    line: vec![m],
                });
            }
        }
        tasks
    }

    /// The leaves of the subtree, counted on a copy of `root` (so memory does not grow with depth).
    fn count(&self, root: &Position, depth: u32, table: Option<&PerftTable>) -> (u64, HashStats) {
        let mut p = root.clone();
        let mut scratch = Vec::new();
        for (k, &m) in self.line.iter().enumerate() {
            if k > 0 {
                let _ = p.resolve(&mut scratch);
            }
            p.make(m);
        }
        perft_with(&mut p, depth - self.line.len() as u32, table)
    }
}

/// How a parallel perft counts its tasks: the threads, the shared table, the progress report.
#[cfg(feature = "parallel")]
struct Pool<'a> {
    threads: usize,
    table: Option<&'a PerftTable>,
    progress: Option<Progress<'a>>,
}

#[cfg(feature = "parallel")]
impl Pool<'_> {
    /// Counts `tasks` on a pool of `threads` threads (on the global pool when one cannot be
    /// made), reporting progress after each; `(root move index, count, table use)` per task.
    fn count(&self, root: &Position, tasks: &[Task], depth: u32) -> Vec<(usize, u64, HashStats)> {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicU64, Ordering};

        let total_tasks = tasks.len() as u64;
        let done = AtomicU64::new(0);
        if let Some(report) = self.progress {
            report(0, total_tasks);
        }
        let run = || {
            tasks
                .par_iter()
                .map(|task| {
                    let (n, used) = task.count(root, depth, self.table);
                    if let Some(report) = self.progress {
                        report(done.fetch_add(1, Ordering::Relaxed) + 1, total_tasks);
                    }
                    (task.root_move, n, used)
                })
                .collect()
        };
        match rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads.max(1))
            .build()
        {
            Ok(pool) => pool.install(run),
            Err(_) => run(),
        }
    }
}
