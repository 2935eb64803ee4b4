//! `[[capture]] compulsory = true`: an after-move effect that must act. A move after which a
//! compulsory effect finds nothing to do is no move (Othello: a stone is placed only where it
//! turns some over, `rule = "overturn"`). Each move is judged on the position as it would leave
//! it, without playing it ([`Candidates::effect_finds`]).

use std::sync::Arc;

use super::{Candidates, FilterInputs, FilterSlice, LegalityFilter, Stage};
use crate::rules::Rules;
use crate::rules::effects::MoveEffect;

/// The key that declares the rule.
pub(crate) const KEY: &str = "compulsory";

/// The compiled rule: the effects that must act.
#[derive(Debug)]
pub(crate) struct CompulsoryEffects {
    effects: Vec<Arc<dyn MoveEffect>>,
}

impl FilterSlice for CompulsoryEffects {
    const KEY: &'static str = KEY;

    fn build(inputs: &FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>> {
        let effects: Vec<_> = (inputs.effects.iter())
            .filter(|e| e.compulsory())
            .cloned()
            .collect();
        (!effects.is_empty())
            .then(|| Arc::new(CompulsoryEffects { effects }) as Arc<dyn LegalityFilter>)
    }
}

impl LegalityFilter for CompulsoryEffects {
    fn retain(&self, moves: &mut dyn Candidates) {
        moves.retain_effective(&self.effects);
    }

    /// What a move does is judged on the position it is generated in, before the royals'
    /// safety: a move that turns nothing over is no move at all.
    fn stage(&self) -> Stage {
        Stage::Pseudo
    }

    /// The effect's own line says it.
    fn summary(&self, _rules: &Rules) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made candidate moves: the slice needs nothing else.
    use super::super::{Candidate, TestMoves};
    use super::*;
    use crate::ids::{KindId, NodeId, NodeSet};

    #[test]
    fn only_the_moves_an_effect_acts_after_stay() {
        let rules = crate::load("variants/flipello.toml").expect("flipello loads");
        let effects = rules.effects.clone();
        let filter = CompulsoryEffects { effects };
        let drop = |to: u16| Candidate {
            from: None,
            mover: None,
            ordinary: false,
            dropped: Some(KindId(0)),
            ..Candidate::normal(NodeId(0), NodeId(to), KindId(0), None)
        };
        let mut moves = TestMoves {
            moves: vec![drop(1), drop(2), drop(3)],
            effective: NodeSet::from_nodes([NodeId(2)]),
            ..TestMoves::default()
        };
        filter.retain(&mut moves);
        assert_eq!(moves.moves, vec![drop(2)]);
    }
}
