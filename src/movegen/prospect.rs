//! A move's after-move effects judged before it is made: the position as the move would leave
//! it (the moved piece lifted from its origin and standing on its destination), seen by an
//! effect as an [`AfterMove`]. The legality filter of compulsory effects asks it (Othello: a
//! placement that turns nothing over is no move), without playing the move.

use crate::ids::{KindId, NodeId, PlayerId};
use crate::position::Position;
use crate::rules::Rules;
use crate::rules::effects::{AfterMove, Found, MoveEffect};
use crate::rules::filters::Candidate;

/// The position a candidate move would produce, read through the position it is generated in.
struct Prospect<'a> {
    pos: &'a Position,
    from: Option<NodeId>,
    to: NodeId,
    moved: KindId,
}

impl AfterMove for Prospect<'_> {
    fn rules(&self) -> &Rules {
        &self.pos.rules
    }

    fn mover(&self) -> PlayerId {
        self.pos.to_move
    }

    fn destination(&self) -> NodeId {
        self.to
    }

    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
        if node == self.to {
            return Some((self.pos.to_move, self.moved));
        }
        if Some(node) == self.from {
            return None;
        }
        self.pos.squares[node.index()].map(|p| (p.owner, p.kind))
    }

    fn captured(&self) -> bool {
        false
    }

    fn moved_kind(&self) -> Option<KindId> {
        Some(self.moved)
    }
}

impl Position {
    /// Whether `effect` would find something to do after the candidate move `c` of the side to
    /// move (a pass, a piece's null move, finds nothing).
    pub(crate) fn effect_finds(&self, c: &Candidate, effect: &dyn MoveEffect) -> bool {
        let Some(moved) = c.dropped.or(c.mover) else {
            return false;
        };
        if c.from == Some(c.to) {
            return false;
        }
        let view = Prospect {
            pos: self,
            from: c.from,
            to: c.to,
            moved,
        };
        let mut found = Found::default();
        effect.apply(&view, &mut found);
        !found.is_empty()
    }
}
