//! `[facing_royals] must_break` (janggi's bikjang), a legality filter of its own: when a royal
//! of the side to move faces an enemy royal at the start of the turn, only the moves that end
//! the facing stay legal, and the pass (`[moves] pass`), which is legal then even in check.

use crate::position::Position;

use super::{Move, Planned};

impl Position {
    /// Whether a royal of the side to move faces a live opponent's royal along a direction of
    /// `[facing_royals] must_break`, with nothing between.
    pub(crate) fn royals_face(&self) -> bool {
        let rules = &*self.rules;
        let by = self.alive & !(1 << self.to_move.0);
        let mine = self.royals.and(self.by_owner[self.to_move.index()]);
        mine.iter()
            .any(|n| self.faces_royal_along(&rules.facing_break, n, by).is_some())
    }

    /// Keeps, while the royals face, only the moves that end the facing and the pass (added
    /// when the royal's safety took it out: in check, the pass is legal then).
    #[cold]
    #[inline(never)]
    pub(super) fn keep_facing_breaks(&mut self, moves: &mut Vec<Planned>) {
        if !self.royals_face() {
            return;
        }
        let is_pass = |m: &Planned| matches!(m.mv, Move::Normal { from, to, .. } if from == to);
        let mut i = 0;
        while i < moves.len() {
            let m = moves[i];
            let keep = is_pass(&m) || {
                // Facing is mutual: the opponent, now to move, faces exactly when we still do.
                let undo = self.make_with::<false>(m);
                let still = self.royals_face();
                self.unmake(undo);
                !still
            };
            if keep {
                i += 1;
            } else {
                moves.swap_remove(i);
            }
        }
        if self.rules.moves.pass && !moves.iter().any(is_pass) {
            self.pass_move(moves);
        }
    }
}
