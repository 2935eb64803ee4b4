//! The blocker (`[blocker]`: duck chess's duck): every move has a second part that puts the
//! neutral blocker on an empty square, from wherever it stands (or onto the board, while it is
//! not there); with `must_move`, not the square it stands on. The first part is legal exactly
//! when the same move without the second part is: the legal moves are the plain legal moves,
//! each once per square the blocker may go to, as Fairy-Stockfish lists duck moves. Here are
//! the moves' second parts, their make and unmake, and why one is refused.

use crate::ids::{NodeId, NodeSet, PlayerId};
use crate::position::{Piece, Position};
use crate::rules::Blocker;

use super::refusal::PlayError;
use super::{Effect, Gating, Move, Planned};

impl Position {
    /// The second parts of the legal moves in `legal` (the moves without them): each move
    /// replaced by its gating forms (`[[gating]]`, added beside it) or its blocker forms.
    #[inline(never)]
    pub(crate) fn add_second_parts(&self, legal: &mut Vec<Planned>) {
        match self.rules.blocker {
            Some(b) => self.add_blocker_moves(b, legal),
            None => self.add_gating_moves(legal),
        }
    }

    /// Replaces each move of `legal` by its forms with the blocker's move: one per square it may
    /// go to once the first part is made.
    fn add_blocker_moves(&self, b: Blocker, legal: &mut Vec<Planned>) {
        let at = self.blocker_square(b);
        let mut empty = NodeSet::default();
        for (i, sq) in self.squares.iter().enumerate() {
            if sq.is_none() {
                empty.insert(NodeId(i as u16));
            }
        }
        if let (false, Some(at)) = (b.must_move, at) {
            empty.insert(at);
        }
        let plain = legal.len();
        for i in 0..plain {
            let p = legal[i];
            let free = self.free_after(p, empty);
            // The build keeps a blocker's board within the squares a gating byte names.
            for g in free.iter().filter_map(Gating::blocker) {
                legal.push(Planned {
                    mv: p.mv.with_gating(Some(g)),
                    ..p
                });
            }
        }
        legal.drain(..plain);
    }

    /// `empty` (the squares the blocker may go to before the move) as the first part of `p`
    /// changes it: the squares it leaves are free, those it fills are not.
    fn free_after(&self, p: Planned, mut empty: NodeSet) -> NodeSet {
        match p.mv {
            Move::Normal { from, to, .. } => {
                empty.insert(from);
                empty.remove(to);
            }
            Move::EnPassant {
                from, to, captured, ..
            } => {
                empty.insert(from);
                empty.insert(captured);
                empty.remove(to);
            }
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                ..
            } => {
                empty.insert(king_from);
                empty.insert(rook_from);
                empty.remove(king_to);
                if let Effect::Castle { index } = p.effect {
                    empty.remove(self.rules.castling()[index as usize].rook_to);
                }
            }
            Move::Drop { to, .. } => empty.remove(to),
        }
        empty
    }

    /// Where the blocker stands, if it is on the board (the engine keeps it among the first
    /// player's pieces, as every neutral piece).
    pub(crate) fn blocker_square(&self, b: Blocker) -> Option<NodeId> {
        let seat = PlayerId::seat(0);
        self.by_owner[seat.index()]
            .iter()
            .find(|n| self.squares[n.index()].is_some_and(|p| p.kind == b.kind))
    }

    /// Step 3d of make: the second part, the gated piece or the blocker's move; returns where
    /// the blocker stood before (for unmake).
    #[inline(never)]
    pub(super) fn place_second_part<const HASH: bool>(
        &mut self,
        m: Move,
        owner: PlayerId,
    ) -> Option<NodeId> {
        let Some(b) = self.rules.blocker else {
            self.place_gated::<HASH>(m, owner);
            return None;
        };
        let to = m.blocker_to()?;
        let from = self.blocker_square(b);
        let piece = match from {
            Some(f) => self.take::<HASH>(f).expect("the blocker stands there"),
            None => {
                let seat = PlayerId::seat(0);
                let frame = self.rules.start_frame(seat, b.kind, to);
                Piece {
                    owner: seat,
                    kind: b.kind,
                    frame,
                }
            }
        };
        self.put::<HASH>(to, piece);
        from
    }

    /// Unmake's share: the gated piece back into the hand, or the blocker back where it stood
    /// (`from`; off the board when it was not on it).
    #[inline(never)]
    pub(super) fn unplace_second_part(&mut self, m: Move, owner: PlayerId, from: Option<NodeId>) {
        if self.rules.blocker.is_none() {
            self.unplace_gated(m, owner);
            return;
        }
        if let Some(to) = m.blocker_to() {
            let piece = self.squares[to.index()];
            self.set_square(to, None);
            if let Some(f) = from {
                self.set_square(f, piece);
            }
        }
    }

    /// Why `m` is refused in a variant with a blocker, when the reason is its second part: its
    /// first part is legal but the second is missing, names an occupied square or leaves the
    /// blocker where it stands, or gates a piece. `None` when the first part is to blame (the
    /// caller explains the move without its second part).
    pub(super) fn explain_blocker(
        &self,
        b: Blocker,
        m: &Move,
        legal: &[Planned],
    ) -> Option<PlayError> {
        let rules = &*self.rules;
        let piece = rules.kind(b.kind).name.clone();
        let plain = m.with_gating(None);
        let first = legal.iter().find(|p| p.mv.with_gating(None) == plain);
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        match (first, m.gating()) {
            (_, Some(g)) if g.kind().is_some() => Some(PlayError::BlockerOnly {
                piece,
                token: rules.kind(b.kind).token(),
            }),
            (None, Some(_)) => Some(self.explain(&plain, legal)),
            (None, None) => None,
            (Some(p), None) => Some(PlayError::BlockerMissing {
                mv: plain.text(rules),
                piece,
                example: p.mv.text(rules),
            }),
            (Some(_), Some(g)) => {
                let to = g.blocker_to()?;
                let here = self.blocker_square(b);
                Some(if here == Some(to) && b.must_move {
                    PlayError::BlockerMustMove {
                        piece,
                        square: name(to),
                    }
                } else {
                    PlayError::BlockerOnPiece {
                        piece,
                        square: name(to),
                    }
                })
            }
        }
    }
}
