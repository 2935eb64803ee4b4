//! Why a promotion beyond its choice's `limits` is refused.

use crate::position::{Piece, Position};

use super::{Move, PlayError};

impl Position {
    /// The refusal of `m`, a move of the piece `pc` of the side to move, when it promotes to a
    /// choice whose `limits` entry its player has reached; `None` otherwise.
    pub(super) fn promotion_limit_refusal(&self, m: &Move, pc: Piece) -> Option<PlayError> {
        let rules = &*self.rules;
        let c = m.promotion()?;
        let kind = rules.kind(pc.kind);
        let pr = kind.promotion.as_ref().or(kind.standing.as_ref())?;
        let &(_, at_most) = pr.limits.iter().find(|(k, _)| *k == c)?;
        let count = self.kind_count(pc.owner, c);
        (count >= at_most).then(|| PlayError::PromotionLimited {
            mv: m.text(rules),
            player: rules.player(pc.owner).name.clone(),
            kind: rules.kind(c).name.clone(),
            count,
            at_most,
        })
    }
}
