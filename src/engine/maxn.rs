//! Max-n: the search for more than two players where nobody is taken to be allied. Each node
//! holds a score for every player, and the player to move picks the move whose scores are best
//! for himself (Luckhardt and Irani, 1986). It sees what the paranoid search misses, a player
//! who gains by leaving another alone, at the price of pruning: max-n cuts nothing, so it
//! reaches less deep in the same nodes.
//!
//! Like the paranoid search it ends in quiescence (the mover may stand or take) and every end
//! of the game is the position's own judgement.

use super::eval::evaluate_all;
use super::search::{MATE, Searcher};
use super::table::{Bound, Entry};
use crate::limits::MAX_PLAYERS;
use crate::movegen::{Move, Planned};
use crate::position::{Outcome, Position};

/// A score per player, by player index.
pub(crate) type Scores = [i32; MAX_PLAYERS];

/// Most plies of max-n quiescence (it prunes nothing, so it stays short).
const MAX_QPLY: u32 = 3;

impl Searcher<'_> {
    /// The max-n scores of `pos` searched `depth` plies deep. The move the player to move picks
    /// goes to the table as its best move (for the order of the next iteration and the principal
    /// line; at depth 0, so the paranoid search never takes its score).
    pub(crate) fn max_n(&mut self, pos: &mut Position, depth: i32, ply: usize) -> Scores {
        if ply > 0 && pos.draw_by_rules(&self.path).is_some() {
            return [0; MAX_PLAYERS];
        }
        if depth <= 0 || ply + MAX_QPLY as usize + 2 >= self.max_ply() {
            return self.max_n_quiesce(pos, ply, 0);
        }
        if self.tick() {
            return [0; MAX_PLAYERS];
        }
        self.resolved(pos, ply, |s, pos, moves| {
            s.max_n_moves(pos, moves, depth, ply)
        })
    }

    /// The scores of a finished game, or else `then` of the position's legal moves.
    fn resolved(
        &mut self,
        pos: &mut Position,
        ply: usize,
        then: impl FnOnce(&mut Self, &mut Position, &mut Vec<Planned>) -> Scores,
    ) -> Scores {
        let mut moves = self.take_buffer(ply);
        let (outcome, res) = pos.resolve(&mut moves);
        let scores = match settled_all(outcome, ply) {
            Some(s) => s,
            None => then(self, pos, &mut moves),
        };
        pos.unresolve(res);
        self.give_buffer(ply, moves);
        scores
    }

    /// The moves of a resolved position, searched by max-n.
    fn max_n_moves(
        &mut self,
        pos: &mut Position,
        moves: &[Planned],
        depth: i32,
        ply: usize,
    ) -> Scores {
        let mover = pos.to_move().index();
        let key = self.key(pos);
        let hash = self.tt.probe(key).and_then(|e| e.best);
        let ordered = self.ordered(pos, moves, hash, ply);
        let mut best: Option<(Scores, Move)> = None;
        self.path.push(pos.hash());
        for &(_, m) in ordered.iter() {
            let undo = pos.make(m);
            let s = self.max_n(pos, depth - 1, ply + 1);
            pos.unmake(undo);
            if self.aborted {
                break;
            }
            if best.is_none_or(|(b, _)| s[mover] > b[mover]) {
                best = Some((s, m.mv()));
            }
        }
        self.path.pop();
        self.give_ordered(ply, ordered);
        let Some((scores, m)) = best else {
            return [0; MAX_PLAYERS];
        };
        if !self.aborted {
            self.tt.store(Entry {
                key,
                best: Some(m),
                score: 0,
                depth: 0,
                bound: Bound::Exact,
            });
        }
        scores
    }

    /// Max-n quiescence: the mover stands on the evaluation or takes, whichever is better for
    /// him; every move when in check.
    fn max_n_quiesce(&mut self, pos: &mut Position, ply: usize, q: u32) -> Scores {
        if self.tick() {
            return [0; MAX_PLAYERS];
        }
        self.resolved(pos, ply, |s, pos, moves| {
            s.max_n_tactics(pos, moves, ply, q)
        })
    }

    /// The tactical moves of a resolved position, searched by max-n quiescence.
    fn max_n_tactics(
        &mut self,
        pos: &mut Position,
        moves: &mut Vec<Planned>,
        ply: usize,
        q: u32,
    ) -> Scores {
        let stand = evaluate_all(pos, self.tables);
        if q >= MAX_QPLY || ply + 2 >= self.max_ply() {
            return stand;
        }
        let mover = pos.to_move().index();
        let in_check = pos.is_check();
        let mut best = None;
        if !in_check {
            best = Some(stand);
            moves.retain(|m| super::search::is_tactical(pos, m));
        }
        let ordered = self.ordered(pos, moves, None, ply);
        for &(_, m) in ordered.iter() {
            let undo = pos.make(m);
            let s = self.max_n_quiesce(pos, ply + 1, q + 1);
            pos.unmake(undo);
            if self.aborted {
                break;
            }
            if best.is_none_or(|b: Scores| s[mover] > b[mover]) {
                best = Some(s);
            }
        }
        self.give_ordered(ply, ordered);
        best.unwrap_or(stand)
    }
}

/// The scores of a finished game (the winner `MATE - ply`, everyone else the opposite; a draw
/// nothing), or `None` while it goes on.
fn settled_all(outcome: Option<Outcome>, ply: usize) -> Option<Scores> {
    let won = MATE - ply as i32;
    match outcome {
        Some(Outcome::Winner(w) | Outcome::WonBy(w, _) | Outcome::OnPoints(w, _)) => {
            let mut s = [-won; MAX_PLAYERS];
            s[w.index()] = won;
            Some(s)
        }
        Some(Outcome::Stalemate(_) | Outcome::DrawnBy(_)) => Some([0; MAX_PLAYERS]),
        None => None,
    }
}
