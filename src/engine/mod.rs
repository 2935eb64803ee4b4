//! The computer player: a search that plays every variant from its rules alone.
//!
//! [`Engine`] searches a position within [`Limits`] (depth, nodes, time, and a stop flag another
//! thread may set) and answers a [`Found`]: the best move, its score, the depth reached, the
//! nodes searched and the principal variation. The search is iterative deepening alpha-beta over
//! the score of the player to move at the root: he maximises it and every other player
//! minimises it (negamax for two players; for more, the paranoid search: the others are taken to
//! be allied against him). Players out of the game are skipped as the position says, and every
//! end of the game, draws by `[draws]` included, is the position's own judgement.
//!
//! The evaluation needs only the variant file: material (each kind's value is estimated from its
//! mobility unless the file gives `value`; the formula is in `values`), the mobility of each
//! piece on its node, promotion progress, attacked nodes next to royals, material in hand, and
//! the way made to a victory by captured material.

mod eval;
mod maxn;
mod search;
mod table;
mod values;

use crate::limits::MAX_SEARCH_DEPTH;
use crate::movegen::{Move, Planned};
use crate::position::Position;
use crate::rules::Rules;
use search::{INF, MATE_BOUND, Searcher};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use table::Table;
use values::Tables;

/// Slots of the transposition table, as a power of two (2^20 entries, about 40 MB).
const TABLE_BITS: u32 = 20;

/// How long a search may go on: it stops at the first limit reached (or when the stop flag is
/// set); without any, it goes to the deepest depth the engine searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Plies, at most (deeper iterations are not started).
    pub depth: Option<u32>,
    /// Nodes searched, at most.
    pub nodes: Option<u64>,
    /// Time, at most.
    pub movetime: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// The best move; `None` only when the game is over at the root.
    pub best: Option<Move>,
    /// The score for the player to move at the root, in centipawns (a pawn is about 100); a won
    /// game `n` plies away scores `1_000_000 - n`, a lost one `-(1_000_000 - n)`.
    pub score: i32,
    /// The depth of the last iteration completed (0: none was).
    pub depth: u32,
    /// Nodes searched, quiescence included.
    pub nodes: u64,
    /// The principal variation: the moves expected, the best first.
    pub line: Vec<Move>,
}

/// A computer player for one variant: its evaluation tables, transposition table and move
/// ordering history persist from one search to the next.
///
/// ```
/// use chessgraph::{Engine, Limits, Position};
/// let rules = chessgraph::load("variants/chess.toml").unwrap();
/// // White mates at once: Ra8#.
/// let pos = Position::from_fen(&rules, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let mut engine = Engine::new(&rules);
/// let found = engine.search(&pos, &[], Limits { depth: Some(3), ..Limits::default() });
/// assert_eq!(chessgraph::notation::move_text(&pos, found.best.unwrap()), "a1-a8");
/// assert_eq!(found.score, 1_000_000 - 1);
/// ```
#[derive(Debug)]
pub struct Engine {
    tables: Tables,
    tt: Table,
    history: Vec<i32>,
    stop: Arc<AtomicBool>,
    max_n: bool,
}

impl Engine {
    /// A computer player for the variant of `rules` (its tables are worked out here).
    pub fn new(rules: &Arc<Rules>) -> Engine {
        let tables = Tables::new(rules);
        let n = tables.nodes;
        let history = vec![0; n * n + tables.kinds * n];
        Engine {
            tables,
            tt: Table::new(TABLE_BITS),
            history,
            stop: Arc::new(AtomicBool::new(false)),
            max_n: false,
        }
    }

    /// From now on, searches positions of three or more players still in the game by max-n
    /// (`true`: each player for himself) or by the paranoid search (`false`, the default: the
    /// others allied against the player to move). Two players are searched by negamax either way.
    pub fn set_max_n(&mut self, on: bool) {
        self.max_n = on;
    }

    /// The flag that stops a search: set it (from any thread) and the search returns soon with
    /// the best move of its last completed iteration. The search does not clear it: clear it
    /// before searching again.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// The value of each piece kind, by kind index, in centipawns: the file's `value`, or the
    /// estimate from the piece's mobility (royal kinds included, though the evaluation does not
    /// count their material).
    pub fn piece_values(&self) -> &[i32] {
        &self.tables.value
    }

    /// Searches `pos` within `limits`; `earlier` holds the hashes ([`Position::hash`]) of the
    /// game's positions before it, for the draw by repetition.
    pub fn search(&mut self, pos: &Position, earlier: &[u64], limits: Limits) -> Found {
        let start = Instant::now();
        let mut pos = pos.clone();
        let mut moves: Vec<Planned> = Vec::new();
        let (outcome, _) = pos.resolve(&mut moves);
        if outcome.is_some() || moves.is_empty() {
            return Found {
                best: None,
                score: 0,
                depth: 0,
                nodes: 0,
                line: Vec::new(),
            };
        }
        for h in &mut self.history {
            *h /= 2;
        }
        let root = pos.to_move();
        let max_depth = limits
            .depth
            .unwrap_or(MAX_SEARCH_DEPTH)
            .clamp(1, MAX_SEARCH_DEPTH);
        let mut s = Searcher::new(
            &self.tables,
            &mut self.tt,
            &mut self.history,
            &self.stop,
            root,
            earlier.to_vec(),
            limits.nodes.unwrap_or(u64::MAX).max(1),
            limits.movetime.map(|t| start + t),
        );
        let key = s.key(&pos);
        let mut found = Found {
            best: Some(moves[0].mv()),
            score: 0,
            depth: 0,
            nodes: 0,
            line: Vec::new(),
        };
        let max_n = self.max_n && pos.alive_count() > 2;
        for depth in 1..=max_depth {
            let score = if max_n {
                s.max_n(&mut pos, depth as i32, 0)[root.index()]
            } else {
                s.search(&mut pos, depth as i32, 0, -INF, INF)
            };
            if s.aborted {
                break;
            }
            found.score = score;
            found.depth = depth;
            if let Some(best) = s.tt.probe(key).and_then(|e| e.best) {
                found.best = Some(best);
            }
            let mate_in = search::MATE - score.abs();
            let half_time = limits.movetime.is_some_and(|t| start.elapsed() * 2 > t);
            if (score.abs() > MATE_BOUND && mate_in <= depth as i32) || half_time {
                break;
            }
        }
        found.nodes = s.nodes;
        found.line = principal_line(&s, &pos, found.best, max_depth);
        found
    }
}

/// The moves the table expects from `pos`, starting with `best`.
fn principal_line(s: &Searcher<'_>, pos: &Position, best: Option<Move>, most: u32) -> Vec<Move> {
    let mut line = Vec::new();
    let mut pos = pos.clone();
    let mut next = best;
    let mut seen = Vec::new();
    while let Some(m) = next {
        if line.len() >= most as usize || pos.play(&m).is_err() {
            break;
        }
        line.push(m);
        let mut moves = Vec::new();
        if pos.resolve(&mut moves).0.is_some() || seen.contains(&pos.hash()) {
            break;
        }
        seen.push(pos.hash());
        next = s.tt.probe(s.key(&pos)).and_then(|e| e.best);
    }
    line
}
