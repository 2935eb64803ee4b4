//! The moves of a turn as the legality filters (`crate::rules::filters`) see them: the list
//! and the position it was generated in, behind the filters' `Candidates` view.

use crate::ids::{DirId, KindId, NodeSet};
use crate::position::Position;
use crate::rules::ends::TurnStart;
use crate::rules::filters::{Candidate, Candidates, PositionView};

use super::Planned;

/// The moves of a turn and the position they are generated in, as the legality filters see them.
pub(super) struct MoveList<'a> {
    pub(super) pos: &'a mut Position,
    pub(super) moves: &'a mut Vec<Planned>,
}

impl PositionView for Position {
    fn royals_face(&self, dirs: &[DirId]) -> bool {
        self.royals_face_along(dirs)
    }
}

impl Candidates for MoveList<'_> {
    fn any(&self, test: &mut dyn FnMut(&Candidate) -> bool) -> bool {
        self.moves.iter().any(|m| test(&self.pos.candidate(m.mv)))
    }

    fn retain(&mut self, keep: &mut dyn FnMut(&Candidate) -> bool) {
        let pos = &*self.pos;
        self.moves.retain(|m| keep(&pos.candidate(m.mv)));
    }

    fn checkers(&self) -> NodeSet {
        self.pos.checkers()
    }

    fn position(&self) -> &dyn PositionView {
        &*self.pos
    }

    fn retain_after(
        &mut self,
        played: &mut dyn FnMut(&Candidate) -> bool,
        keep: &mut dyn FnMut(&dyn PositionView) -> bool,
    ) {
        let moves = &mut *self.moves;
        let mut i = 0;
        while i < moves.len() {
            let m = moves[i];
            let kept = !played(&self.pos.candidate(m.mv)) || {
                let undo = self.pos.make_with::<false>(m);
                let kept = keep(&*self.pos);
                self.pos.unmake(undo);
                kept
            };
            if kept {
                i += 1;
            } else {
                moves.swap_remove(i);
            }
        }
    }

    fn add_pass(&mut self) {
        self.pos.pass_move(self.moves);
    }

    fn retain_effective(
        &mut self,
        effects: &[std::sync::Arc<dyn crate::rules::effects::MoveEffect>],
    ) {
        let pos = &*self.pos;
        (self.moves).retain(|m| {
            let c = pos.candidate(m.mv);
            effects.iter().all(|e| pos.effect_finds(&c, &**e))
        });
    }

    fn in_hand(&self, k: KindId) -> u32 {
        self.pos.hand(self.pos.to_move, k)
    }

    fn turn_start(&self) -> &dyn TurnStart {
        &*self.pos
    }

    fn retain_played(&mut self, keep: &mut dyn FnMut(&Candidate, &dyn TurnStart) -> bool) {
        let mut work = self.pos.clone();
        let pos = &*self.pos;
        self.moves.retain(|&m| {
            let c = pos.candidate(m.mv);
            let undo = work.make_with::<false>(m);
            let kept = keep(&c, &work);
            work.unmake(undo);
            kept
        });
    }
}
