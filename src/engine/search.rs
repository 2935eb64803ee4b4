//! The search: iterative deepening alpha-beta over the root player's score (he maximises, every
//! other player minimises: negamax for two players, the paranoid search for more), with a
//! transposition table, quiescence on captures, promotions and checking drops, and move ordering
//! (hash move, captures by victim and attacker value, killers, history).
//!
//! Every end of the game is the position's own judgement ([`Position::resolve`] and
//! [`Position::draw_by_rules`]); the search only scores it.

use super::eval::evaluate;
use super::table::{Bound, Entry, Table};
use super::values::Tables;
use crate::ids::PlayerId;
use crate::limits::MAX_KIND_VALUE;
use crate::movegen::{Move, Planned};
use crate::position::{Outcome, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The score of a won game at the root; a win `n` plies away scores `MATE - n`.
pub(crate) const MATE: i32 = 1_000_000;
/// Beyond every score.
pub(crate) const INF: i32 = MATE + 1;
/// Scores beyond this are wins or losses in plies.
pub(crate) const MATE_BOUND: i32 = MATE - 10_000;
/// Deepest ply of the search, quiescence included.
const MAX_PLY: usize = 160;
/// Most plies of quiescence below the main search.
const MAX_QPLY: u32 = 12;

/// The state of one search.
pub(crate) struct Searcher<'a> {
    pub(crate) tables: &'a Tables,
    pub(crate) tt: &'a mut Table,
    pub(crate) history: &'a mut [i32],
    pub(crate) stop: &'a AtomicBool,
    pub(crate) root: PlayerId,
    pub(crate) salt: u64,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) aborted: bool,
    /// The hashes of the game's positions and of the search path, for repetitions.
    pub(crate) path: Vec<u64>,
    killers: Vec<[Option<Move>; 2]>,
    bufs: Vec<Vec<Planned>>,
    scored: Vec<Vec<(i32, Planned)>>,
}

impl<'a> Searcher<'a> {
    /// A search for `root` (its other fields start empty).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        tables: &'a Tables,
        tt: &'a mut Table,
        history: &'a mut [i32],
        stop: &'a AtomicBool,
        root: PlayerId,
        path: Vec<u64>,
        node_limit: u64,
        deadline: Option<Instant>,
    ) -> Searcher<'a> {
        Searcher {
            tables,
            tt,
            history,
            stop,
            root,
            salt: 0x9E37_79B9_7F4A_7C15u64.wrapping_mul(u64::from(root.0) + 1),
            nodes: 0,
            node_limit,
            deadline,
            aborted: false,
            path,
            killers: vec![[None; 2]; MAX_PLY],
            bufs: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            scored: (0..MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
        }
    }

    /// The table key of a (resolved) position.
    pub(crate) fn key(&self, pos: &Position) -> u64 {
        pos.hash() ^ self.salt
    }

    /// Counts a node and checks the limits; true once the search must stop.
    #[inline]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0
            && (self.stop.load(Ordering::Relaxed)
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.aborted = true;
        }
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        self.aborted
    }

    /// The score of a finished game, or of a position where the root player is out.
    fn settled(&self, pos: &Position, outcome: Option<Outcome>, ply: usize) -> Option<i32> {
        let won = MATE - ply as i32;
        match outcome {
            Some(Outcome::Winner(p) | Outcome::WonBy(p, _) | Outcome::OnPoints(p, _)) => {
                Some(if p == self.root { won } else { -won })
            }
            Some(Outcome::Stalemate(_) | Outcome::DrawnBy(_)) => Some(0),
            None if !pos.is_alive(self.root) => Some(-won),
            None => None,
        }
    }

    /// The alpha-beta search of `depth` plies below `pos`, `ply` plies from the root.
    pub(crate) fn search(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if ply > 0 && pos.draw_by_rules(&self.path).is_some() {
            return 0;
        }
        if depth <= 0 || ply + (MAX_QPLY as usize) + 2 >= MAX_PLY {
            return self.quiesce(pos, ply, alpha, beta, 0);
        }
        if self.tick() {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let (outcome, res) = pos.resolve(&mut moves);
        let score = match self.settled(pos, outcome, ply) {
            Some(s) => s,
            None => self.expand(pos, &moves, depth, ply, alpha, beta),
        };
        pos.unresolve(res);
        self.bufs[ply] = moves;
        score
    }

    /// The moves of a resolved position, searched.
    fn expand(
        &mut self,
        pos: &mut Position,
        moves: &[Planned],
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let key = self.key(pos);
        let entry = self.tt.probe(key);
        if let Some(e) = entry
            && ply > 0
            && i32::from(e.depth) >= depth
        {
            let s = from_table(e.score, ply);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let maximize = pos.to_move() == self.root;
        let mut ordered = std::mem::take(&mut self.scored[ply]);
        self.order(pos, moves, entry.and_then(|e| e.best), ply, &mut ordered);
        let (a0, b0) = (alpha, beta);
        let mut best = if maximize { -INF } else { INF };
        let mut best_move = None;
        self.path.push(pos.hash());
        for &(_, m) in ordered.iter() {
            let undo = pos.make(m);
            let s = self.search(pos, depth - 1, ply + 1, alpha, beta);
            pos.unmake(undo);
            if self.aborted {
                break;
            }
            if (maximize && s > best) || (!maximize && s < best) {
                best = s;
                best_move = Some(m.mv());
            }
            if maximize {
                alpha = alpha.max(s);
            } else {
                beta = beta.min(s);
            }
            if alpha >= beta {
                self.reward(pos, m.mv(), depth, ply);
                break;
            }
        }
        self.path.pop();
        self.scored[ply] = ordered;
        if !self.aborted {
            let bound = if best <= a0 {
                Bound::Upper
            } else if best >= b0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.tt.store(Entry {
                key,
                best: best_move,
                score: to_table(best, ply),
                depth: depth as i16,
                bound,
            });
        }
        best
    }

    /// Quiescence: captures, promotions and (at its first ply) drops that give check, with the
    /// static evaluation as the score of standing pat; every move when in check.
    fn quiesce(&mut self, pos: &mut Position, ply: usize, alpha: i32, beta: i32, q: u32) -> i32 {
        if self.tick() {
            return 0;
        }
        let mut moves = std::mem::take(&mut self.bufs[ply]);
        let (outcome, res) = pos.resolve(&mut moves);
        let score = match self.settled(pos, outcome, ply) {
            Some(s) => s,
            None => self.quiesce_moves(pos, &mut moves, ply, alpha, beta, q),
        };
        pos.unresolve(res);
        self.bufs[ply] = moves;
        score
    }

    /// The tactical moves of a resolved position, searched by quiescence.
    fn quiesce_moves(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<Planned>,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        q: u32,
    ) -> i32 {
        let maximize = pos.to_move() == self.root;
        let stand = evaluate(pos, self.tables, self.root);
        let in_check = pos.is_check();
        if q >= MAX_QPLY || ply + 2 >= MAX_PLY {
            return stand;
        }
        let mut best = if maximize { -INF } else { INF };
        if !in_check {
            best = stand;
            if maximize {
                if stand >= beta {
                    return stand;
                }
                alpha = alpha.max(stand);
            } else {
                if stand <= alpha {
                    return stand;
                }
                beta = beta.min(stand);
            }
            moves.retain(|m| is_tactical(pos, m));
            if q == 0 && pos.rules().hands().is_some() {
                self.keep_checking_drops(pos, moves);
            }
        }
        let mut ordered = std::mem::take(&mut self.scored[ply]);
        self.order(pos, moves, None, ply, &mut ordered);
        for &(_, m) in ordered.iter() {
            let undo = pos.make(m);
            let s = self.quiesce(pos, ply + 1, alpha, beta, q + 1);
            pos.unmake(undo);
            if self.aborted {
                break;
            }
            if maximize {
                best = best.max(s);
                alpha = alpha.max(s);
            } else {
                best = best.min(s);
                beta = beta.min(s);
            }
            if alpha >= beta {
                break;
            }
        }
        self.scored[ply] = ordered;
        best
    }

    /// The move buffer of a ply, taken out while the ply uses it.
    pub(super) fn take_buffer(&mut self, ply: usize) -> Vec<Planned> {
        std::mem::take(&mut self.bufs[ply])
    }

    /// A ply's move buffer, given back.
    pub(super) fn give_buffer(&mut self, ply: usize, moves: Vec<Planned>) {
        self.bufs[ply] = moves;
    }

    /// The moves of a ply in search order (`hash` first), in the ply's buffer taken out.
    pub(super) fn ordered(
        &mut self,
        pos: &Position,
        moves: &[Planned],
        hash: Option<Move>,
        ply: usize,
    ) -> Vec<(i32, Planned)> {
        let mut ordered = std::mem::take(&mut self.scored[ply]);
        self.order(pos, moves, hash, ply, &mut ordered);
        ordered
    }

    /// A ply's ordered buffer, given back.
    pub(super) fn give_ordered(&mut self, ply: usize, ordered: Vec<(i32, Planned)>) {
        self.scored[ply] = ordered;
    }

    /// The deepest ply a search may reach, quiescence included.
    pub(super) fn max_ply(&self) -> usize {
        MAX_PLY
    }

    /// Adds back, from the position's legal moves, the drops that give check.
    fn keep_checking_drops(&mut self, pos: &mut Position, moves: &mut Vec<Planned>) {
        let mut all = Vec::new();
        pos.legal_moves_into(&mut all);
        for m in all {
            if matches!(m.mv(), Move::Drop { .. }) {
                let undo = pos.make(m);
                let check = pos.is_check();
                pos.unmake(undo);
                if check {
                    moves.push(m);
                }
            }
        }
    }

    /// Scores and sorts the moves, best first: the hash move, captures (most valuable victim,
    /// least valuable attacker), promotions, killers, then by history.
    fn order(
        &self,
        pos: &Position,
        moves: &[Planned],
        hash: Option<Move>,
        ply: usize,
        out: &mut Vec<(i32, Planned)>,
    ) {
        out.clear();
        for &m in moves {
            let mv = m.mv();
            let s = if Some(mv) == hash {
                1 << 30
            } else if let Some(v) = self.victim(pos, &mv) {
                let attacker = mv
                    .from()
                    .and_then(|f| pos.piece_at(f))
                    .map_or(0, |p| self.tables.value_of(p.kind));
                (1 << 28) + v * 16 - attacker / 16
            } else if let Some(k) = mv.promotion() {
                (1 << 27) + self.tables.value_of(k)
            } else if self.killers[ply].contains(&Some(mv)) {
                1 << 26
            } else {
                self.history[self.history_index(&mv)]
            };
            out.push((s, m));
        }
        out.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    }

    /// The value of the piece a move of the player to move takes, if it takes one (a royal
    /// above every other).
    fn victim(&self, pos: &Position, mv: &Move) -> Option<i32> {
        let at = match *mv {
            Move::Normal { to, .. } => to,
            Move::EnPassant { captured, .. } => captured,
            _ => return None,
        };
        let p = pos.piece_at(at).filter(|p| p.owner != pos.to_move())?;
        Some(if pos.rules().kinds()[p.kind.index()].royal {
            MAX_KIND_VALUE as i32
        } else {
            self.tables.value_of(p.kind)
        })
    }

    /// The slot of a move in the history table.
    fn history_index(&self, mv: &Move) -> usize {
        let n = self.tables.nodes;
        match *mv {
            Move::Drop { kind, to, .. } => n * n + kind.index() * n + to.index(),
            _ => mv.from().map_or(0, |f| f.index() * n) + mv.to().index(),
        }
    }

    /// A quiet move that cut: a killer of its ply, and credit in the history.
    fn reward(&mut self, pos: &Position, mv: Move, depth: i32, ply: usize) {
        if self.victim(pos, &mv).is_some() {
            return;
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let i = self.history_index(&mv);
        self.history[i] = (self.history[i] + depth * depth).min(1 << 25);
    }
}

/// A move quiescence looks at: a capture or a promotion.
pub(super) fn is_tactical(pos: &Position, m: &Planned) -> bool {
    let mv = m.mv();
    mv.promotion().is_some() || pos.captures(&mv)
}

/// A score as the table keeps it: wins and losses counted from this node.
pub(crate) fn to_table(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

/// A score from the table, for a node `ply` plies from the root.
pub(crate) fn from_table(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
