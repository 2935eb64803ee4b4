//! Judging a move on the squares alone: the pieces it moves, takes and places are written into
//! the square array, the attacks on the royal are looked up, and the squares are put back. No
//! hash, journal, clock or right is touched, so this is much cheaper than make and unmake; it is
//! exact wherever nothing but the squares decides whether a royal is attacked after the move
//! (attacks read only the squares, and a gate's tag keeps an attack out whether it is open or
//! not).

use arrayvec::ArrayVec;

use crate::ids::{NodeId, NodeSet};
use crate::position::{Piece, Position};

use super::{Effect, Move, Planned};

/// Checkers beyond this many give no check mask (every move is judged).
const MAX_CHECKERS: usize = 8;

/// The squares a move writes, with what stood there, to put back in reverse order.
type Written = ArrayVec<(NodeId, Option<Piece>), 5>;

impl Position {
    /// Whether the move keeps the mover's royals safe and, where it must not give check, gives
    /// none, judged on the squares alone (see the module). With `king`, the mover's only royal
    /// stands there and only its square is looked at; without, every royal of the mover is.
    /// `None` where this is not exact: captures by relation, numbers, a drop, or a move that
    /// takes a royal (which can put a player out).
    pub(super) fn judge_on_squares(&mut self, m: Planned, king: Option<NodeId>) -> Option<bool> {
        let rules = &*self.rules;
        if !rules.effects.is_empty() || rules.numbers {
            return None;
        }
        let royal_at = |n: NodeId| {
            self.squares[n.index()]
                .is_some_and(|p| p.owner != self.to_move && rules.is_royal(p.kind))
        };
        let taken_royal = match m.mv {
            Move::Normal { to, .. } => royal_at(to),
            Move::EnPassant { to, captured, .. } => royal_at(to) || royal_at(captured),
            Move::Castle { king_to, .. } => royal_at(king_to),
            Move::Drop { .. } => return None,
        };
        if taken_royal {
            return None;
        }
        let me = self.to_move;
        let at = king.map(|king| match m.mv {
            Move::Normal { from, to, .. } if from == king => to,
            Move::Castle {
                king_from, king_to, ..
            } if king_from == king => king_to,
            _ => king,
        });
        let written = self.write_move(m);
        // The kept sets are not written: every royal now stands where one stood or on a
        // square the move wrote.
        let mut royals = self.royals;
        for &(n, _) in &written {
            royals.insert(n);
        }
        let rules = &*self.rules;
        let exposed = match at.and_then(|at| self.squares[at.index()].map(|p| (at, p))) {
            Some((at, p)) if p.owner == me && rules.is_royal(p.kind) => {
                let by = self.alive & !(1 << me.0);
                self.attacked_by_bits(at, by)
                    || (!rules.facing.is_empty() && self.faces_royal(at, by).is_some())
            }
            _ => self.royal_attacked_among(me, royals),
        };
        let forbidden_check =
            (m.no_check || !rules.moves.may_check) && self.gives_check_among(me, royals);
        for &(n, p) in written.iter().rev() {
            self.squares[n.index()] = p;
        }
        Some(!exposed && !forbidden_check)
    }

    /// Whether an ordinary move of the side to move gives check, judged on the squares alone:
    /// for a move that must not give check and that pins show keeps the mover's royal safe.
    pub(super) fn checks_on_squares(&mut self, m: Planned) -> bool {
        let written = self.write_move(m);
        let mut royals = self.royals;
        for &(n, _) in &written {
            royals.insert(n);
        }
        let checks = self.gives_check_among(self.to_move, royals);
        for &(n, p) in written.iter().rev() {
            self.squares[n.index()] = p;
        }
        checks
    }

    /// Writes the move into the squares as make places it (the castling rook first, then what
    /// is taken, then the mover in its new kind and frame), returning what stood on each square
    /// written.
    fn write_move(&mut self, m: Planned) -> Written {
        let mut written = Written::new();
        let mut set = |squares: &mut [Option<Piece>], n: NodeId, p: Option<Piece>| {
            written.push((n, squares[n.index()]));
            squares[n.index()] = p;
        };
        let from = m.mv.from().expect("a judged move starts on a node");
        let moved = self.squares[from.index()].expect("a generated move starts on a piece");
        set(&mut self.squares, from, None);
        if let Effect::Castle { index } = m.effect {
            let c = &self.rules.castling()[index as usize];
            let rook = self.squares[c.rook_from.index()];
            set(&mut self.squares, c.rook_from, None);
            set(&mut self.squares, c.rook_to, rook);
        }
        if let Move::EnPassant { captured, .. } = m.mv {
            set(&mut self.squares, captured, None);
        }
        let placed = Piece {
            owner: moved.owner,
            kind: m.mv.promotion().unwrap_or(moved.kind),
            frame: m.frame,
        };
        set(&mut self.squares, m.mv.to(), Some(placed));
        written
    }

    /// The squares where a move of another piece than the royal on `king` must land to answer
    /// the checks it is in: a superset (the moves inside are still judged). Each checker gives
    /// its square and the squares between along every line it checks on (on a ring a piece may
    /// check both ways round); the mask is what every checker's squares share. `None` when the
    /// royal is not in check, or a check can be answered otherwise too: by hops or facing
    /// royals, whose lines a move can close elsewhere, or by captures after a move.
    pub(super) fn check_mask(&self, king: NodeId) -> Option<NodeSet> {
        let rules = &*self.rules;
        let t = rules.tables();
        if t.has_special_attacks() || !rules.facing.is_empty() || !rules.effects.is_empty() {
            return None;
        }
        let by = self.alive & !(1 << self.to_move.0);
        let mut checkers: ArrayVec<(NodeId, NodeSet), MAX_CHECKERS> = ArrayVec::new();
        for a in t.attacks_on(king) {
            if !self.attacks_along(a, by) {
                continue;
            }
            let between = t.between(a);
            if between.iter().any(|b| self.squares[b.index()].is_some()) {
                continue;
            }
            let i = match checkers.iter().position(|c| c.0 == a.origin) {
                Some(i) => i,
                None => {
                    checkers
                        .try_push((a.origin, NodeSet::from_nodes([a.origin])))
                        .ok()?;
                    checkers.len() - 1
                }
            };
            for &b in between {
                checkers[i].1.insert(b);
            }
        }
        let (first, rest) = checkers.split_first()?;
        Some(rest.iter().fold(first.1, |m, c| m.and(c.1)))
    }

    /// Whether a pseudo-legal move answers the check of the only royal on `king`: a move of
    /// another piece outside `mask` ([`Position::check_mask`]) does not; the others are judged on
    /// the squares, or played where that is not exact.
    pub(super) fn answers_check(
        &mut self,
        m: Planned,
        king: NodeId,
        mask: Option<&NodeSet>,
    ) -> bool {
        // Taking a royal may put its player out, and its pieces' checks with it.
        let takes_royal = |to: NodeId| {
            self.squares[to.index()]
                .is_some_and(|p| p.owner != self.to_move && self.rules.is_royal(p.kind))
        };
        let outside = match m.mv {
            Move::Normal { from, to, .. } => {
                from != king && !takes_royal(to) && mask.is_some_and(|s| !s.contains(to))
            }
            Move::Drop { to, .. } => mask.is_some_and(|s| !s.contains(to)),
            Move::EnPassant { .. } | Move::Castle { .. } => false,
        };
        if outside {
            return false;
        }
        match self.judge_on_squares(m, Some(king)) {
            Some(safe) => safe,
            None => self.keeps_royals_safe(m),
        }
    }
}
