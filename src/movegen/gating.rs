//! Gating (`[[gating]]`): a move from a square whose right its player holds may have a second
//! part, a piece of his hand placed on the square just left (a castling's: the king's or the
//! rook's). A gating move is legal exactly when the same move without its second part is, as
//! Fairy-Stockfish plays Seirawan chess (a piece pinned to its king stays pinned, though the
//! gated piece would fill its square); and why a refused second part is refused.

use crate::ids::{KindId, NodeId};
use crate::position::{Piece, Position};

use super::refusal::PlayError;
use super::{Effect, Gating, Move, Planned};

impl Position {
    /// Appends to `legal` (the legal moves of the side to move) the gating forms of each: one
    /// per kind in hand that may stand on the square the move leaves.
    #[inline(never)]
    pub(crate) fn add_gating_moves(&self, legal: &mut Vec<Planned>) {
        for i in 0..legal.len() {
            let p = legal[i];
            match p.mv {
                Move::Normal { from, to, .. } if from != to => {
                    self.push_gates(p, from, false, legal);
                }
                Move::Castle {
                    king_from,
                    rook_from,
                    ..
                } => {
                    self.push_gates(p, king_from, false, legal);
                    self.push_gates(p, rook_from, true, legal);
                }
                _ => {}
            }
        }
    }

    /// The gating forms of `p` that place a piece on `at` (the rook's square when `on_rook`).
    fn push_gates(&self, p: Planned, at: NodeId, on_rook: bool, out: &mut Vec<Planned>) {
        if !self.holds_gating(at) || !self.empty_after(p, at) {
            return;
        }
        for k in self.rules.kind_ids() {
            if self.hand(self.to_move, k) == 0 || !self.may_gate(k, at) {
                continue;
            }
            let gating = if on_rook {
                Gating::on_rook_square(k)
            } else {
                Gating::new(k)
            };
            out.push(Planned {
                mv: p.mv.with_gating(gating),
                ..p
            });
        }
    }

    /// Whether the side to move holds the gating right of `at`.
    fn holds_gating(&self, at: NodeId) -> bool {
        (self.rules.gating_bit(self.to_move, at)).is_some_and(|b| self.castling & (1 << b) != 0)
    }

    /// Whether `at`, a square the move leaves, is empty once it is made (a castling's king or
    /// rook may end on the other's start square).
    fn empty_after(&self, p: Planned, at: NodeId) -> bool {
        match p.effect {
            Effect::Castle { index } => {
                let c = &self.rules.castling()[index as usize];
                at != c.king_to && at != c.rook_to
            }
            _ => true,
        }
    }

    /// Whether a piece of kind `k` may be gated onto `at` by the side to move: where it may be
    /// dropped (a drop zone, a square from which it could move), or, without drops, where it
    /// could move from.
    fn may_gate(&self, k: KindId, at: NodeId) -> bool {
        let rules = &*self.rules;
        let me = self.to_move;
        match &rules.kind(k).drop {
            Some(rule) => rule.targets(me).contains(at),
            None => rules.can_move_from(k, rules.start_frame(me, k, at), at),
        }
    }

    /// Step 3d of make: the second part of a gating move, the piece from the hand onto its
    /// square.
    #[inline(never)]
    pub(super) fn place_gated<const HASH: bool>(&mut self, m: Move, owner: crate::ids::PlayerId) {
        let Some((at, kind)) = m.gated() else {
            return;
        };
        self.add_to_hand::<HASH>(owner, kind, false);
        let frame = self.rules.start_frame(owner, kind, at);
        self.put::<HASH>(at, Piece { owner, kind, frame });
        self.castling &= !self.dead_gating_rights(owner);
    }

    /// The gating rights of `p` that can never be used: all of them once his hand is empty in
    /// a variant whose captures do not go to hand (Fairy-Stockfish clears them then; with
    /// captures to hand they wait for the next capture).
    pub(crate) fn dead_gating_rights(&self, p: crate::ids::PlayerId) -> u32 {
        let rules = &*self.rules;
        if rules.captures_to_hand() || rules.kind_ids().any(|k| self.hand(p, k) > 0) {
            return 0;
        }
        rules.gating_mask(p)
    }

    /// Unmake's share: the gated piece back into the hand.
    #[inline(never)]
    pub(super) fn unplace_gated(&mut self, m: Move, owner: crate::ids::PlayerId) {
        if let Some((at, kind)) = m.gated() {
            self.set_square(at, None);
            self.add_to_hand::<false>(owner, kind, true);
        }
    }

    /// Why the gating move `m` is refused when the same move without its second part is legal:
    /// no right to gate there, no such piece in hand, a kind that may not stand there, or a
    /// square the castling fills.
    pub(super) fn explain_gating(&self, m: &Move, plain: Planned) -> PlayError {
        let rules = &*self.rules;
        let me = self.to_move;
        let (at, kind) = m.gated().expect("a gating move");
        let square = rules.board().node_name(at).to_string();
        let player = rules.player(me).name.clone();
        let token = rules.kind(kind).token();
        if !self.holds_gating(at) {
            PlayError::NoGatingRight { player, square }
        } else if self.hand(me, kind) == 0 {
            PlayError::NoneInHand { player, token }
        } else if !self.empty_after(plain, at) {
            PlayError::GateOnPiece { square }
        } else {
            PlayError::DropNotThere {
                token,
                square,
                why: "its kind may not be dropped or gated there".to_string(),
            }
        }
    }
}
