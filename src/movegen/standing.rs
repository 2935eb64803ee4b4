//! Standing promotions (`promotion = { standing = true, .. }`, sittuyin): a promotion that is a
//! move of its own. A piece on a node of its promotion zone (any node, with `last_anywhere`,
//! when it is its player's only piece of the kind) turns into one of the choices where it
//! stands, or while stepping as that choice moves onto an empty node; with `lost_only` only into
//! a kind its player has fewer of on the board than at the start; with `no_check` the move may
//! not give check (the legality test plays it), and with `no_attack` the new piece may not
//! attack an enemy piece where it lands (its lines as the board stands, the piece's old node
//! still occupied).

use crate::ids::{KindId, NodeId};
use crate::path::Kind;
use crate::position::{Piece, Position};

use super::{Effect, Move, Planned};

impl Position {
    /// Appends the standing promotions of every piece of the side to move.
    #[cold]
    #[inline(never)]
    pub(crate) fn standing_promotions(&self, out: &mut Vec<Planned>) {
        for from in self.by_owner[self.to_move.index()].iter() {
            self.standing_promotions_of(from, out);
        }
    }

    /// Appends the standing promotions of the piece on `from` (as if its owner were to move).
    pub(crate) fn standing_promotions_of(&self, from: NodeId, out: &mut Vec<Planned>) {
        let rules = &*self.rules;
        let Some(pc) = self.squares[from.index()] else {
            return;
        };
        let Some(pr) = &rules.kind(pc.kind).standing else {
            return;
        };
        let only = || {
            (self.by_owner[pc.owner.index()].iter())
                .filter(|n| self.squares[n.index()].is_some_and(|p| p.kind == pc.kind))
                .count()
                == 1
        };
        let in_zone = rules.zone(pr.zone, pc.owner).contains(from);
        if !(in_zone || (pr.last_anywhere && only())) {
            return;
        }
        for &c in &pr.choices {
            if pr.lost_only && !self.has_lost(pc.owner, c) {
                continue;
            }
            if !pr.limits.is_empty() && !pr.within_limit(c, || self.kind_count(pc.owner, c)) {
                continue;
            }
            let frame = rules.canonical_frame(c, pc.frame);
            let first = out.len();
            self.moves_as(
                from,
                Piece {
                    owner: pc.owner,
                    kind: c,
                    frame,
                },
                out,
            );
            // The steps onto empty nodes only, each as the promotion; then the one in place.
            out.push(Planned {
                mv: Move::Normal {
                    from,
                    to: from,
                    promotion: Some(c),
                    gating: None,
                },
                frame,
                effect: Effect::None,
                no_check: pr.no_check,
            });
            let mut i = first;
            while i < out.len() {
                match out[i].mv {
                    Move::Normal { to, .. }
                        if (to == from || self.squares[to.index()].is_none())
                            && !(pr.no_attack && self.attacks_as(to, pc, c)) =>
                    {
                        out[i].mv = Move::Normal {
                            from,
                            to,
                            promotion: Some(c),
                            gating: None,
                        };
                        out[i].effect = Effect::None;
                        out[i].no_check |= pr.no_check;
                        i += 1;
                    }
                    _ => {
                        out.swap_remove(i);
                    }
                }
            }
        }
    }

    /// Whether `pc`, become kind `c` on `at`, attacks an enemy piece there.
    fn attacks_as(&self, at: NodeId, pc: Piece, c: KindId) -> bool {
        let rules = &*self.rules;
        let t = rules.tables();
        let frame = rules.canonical_frame(c, pc.frame);
        let enemy = |n: NodeId| self.squares[n.index()].is_some_and(|x| x.owner != pc.owner);
        t.rays(c, frame, at).iter().any(|ray| {
            let steps = t.steps(ray);
            let Some((last, way)) = steps.split_last() else {
                return false;
            };
            let empty = |n: NodeId| self.squares[n.index()].is_none();
            ray.mode.captures()
                && match ray.kind {
                    Kind::Leap => enemy(last.node),
                    Kind::Step => way.iter().all(|s| empty(s.node)) && enemy(last.node),
                    Kind::Ride => {
                        (steps.iter().find(|s| !empty(s.node))).is_some_and(|s| enemy(s.node))
                    }
                }
        })
    }
}
