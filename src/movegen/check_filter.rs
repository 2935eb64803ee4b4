//! Where moves that may not give check (`[moves] may_check = false`, racing kings) can give one:
//! a count at the last ply judges only the moves that land where their piece would attack an
//! enemy royal, or leave a square on a line from one of the mover's pieces to it. Every other
//! ordinary move gives no check and is counted like a move in chess.

use arrayvec::ArrayVec;

use crate::ids::{NodeId, NodeSet};
use crate::position::Piece;
use crate::position::Position;

/// Most attack kinds (kind and frame) of one side the filter keeps squares for; a piece of
/// any further one has every move judged.
const MAX_BITS: usize = 16;

/// The squares where the side to move may give check (see [`Position::check_filter`]).
pub(super) struct CheckFilter {
    /// The enemy royals' nodes.
    royals: NodeSet,
    /// Per attack kind (the bit of [`crate::tables::MoveTables::attack_bit`]), the squares
    /// from which a piece of it attacks an enemy royal when the way is empty.
    direct: ArrayVec<(u8, NodeSet), MAX_BITS>,
    /// The squares on the lines from the mover's pieces to an enemy royal (a move from one may
    /// uncover a check).
    lines: NodeSet,
}

impl Position {
    /// The squares where a move of the side to move may give check, for a count of a side
    /// whose moves may not: `None` where the squares do not decide it (an enemy royal is
    /// attacked already, hops or facing royals, a twisted board where a move changes the
    /// piece's frame (one with a twist besides the identity), `check_all_royals`, captures after a move).
    pub(super) fn check_filter(&self) -> Option<CheckFilter> {
        let rules = &*self.rules;
        let t = rules.tables();
        if t.has_special_attacks()
            || !rules.facing.is_empty()
            || rules.board().twists().len() > 1
            || rules.moves.all_royals
            || !rules.effects.is_empty()
        {
            return None;
        }
        let me = self.to_move;
        let royals = self.royals.minus(self.by_owner[me.index()]);
        let mine = 1u8 << me.0;
        let mut lines = NodeSet::default();
        for r in royals.iter() {
            for a in t.attacks_on(r) {
                if !self.attacks_along(a, mine) {
                    continue;
                }
                let between = t.between(a);
                if between.iter().all(|b| self.squares[b.index()].is_none()) {
                    return None; // attacked already
                }
                for &b in between {
                    lines.insert(b);
                }
            }
        }
        Some(CheckFilter {
            royals,
            direct: ArrayVec::new(),
            lines,
        })
    }

    /// The squares where an ordinary move of the piece on `from` may give check (to be judged),
    /// its promotion zone included; `None` when every move of it may (it stands on a line to an
    /// enemy royal, turns over as it moves, is a stack, or the filter has no room for its kind).
    pub(super) fn checking_squares(
        &self,
        filter: &mut CheckFilter,
        from: NodeId,
    ) -> Option<NodeSet> {
        let rules = &*self.rules;
        let p: Piece = self.squares[from.index()]?;
        let kind = rules.kind(p.kind);
        // A piece that turns over as it moves attacks as another kind where it lands.
        if filter.lines.contains(from) || kind.flip.is_some() || kind.stack {
            return None;
        }
        let t = rules.tables();
        let promotion = match &rules.kind(p.kind).promotion {
            // A move out of the zone promotes too: every move is judged.
            Some(pr) if pr.leaving && rules.zone(pr.zone, p.owner).contains(from) => return None,
            Some(pr) => *rules.zone(pr.zone, p.owner),
            None => NodeSet::default(),
        };
        let Some(bit) = t.attack_bit(p.kind, p.frame) else {
            return Some(promotion);
        };
        if let Some((_, s)) = filter.direct.iter().find(|(b, _)| *b == bit) {
            return Some(s.or(promotion));
        }
        let mut s = NodeSet::default();
        for r in filter.royals.iter() {
            for a in t.attacks_on(r) {
                if a.kinds & (1 << bit) != 0 && !a.tags.intersects(rules.gate_tags()) {
                    s.insert(a.origin);
                }
            }
        }
        filter.direct.try_push((bit, s)).ok()?;
        Some(s.or(promotion))
    }
}
