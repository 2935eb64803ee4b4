//! A piece's `cannot_capture = [..]`: the captures of the kinds it lists are no moves at all for
//! it (atomar: a king takes nothing). The piece's line of the summary says it.

use std::sync::Arc;

use super::{Candidates, FilterSlice, LegalityFilter, Stage};
use crate::rules::{PieceKind, Rules};
use crate::spec::variant::VariantSpec;

/// The compiled rule: for each kind, the kinds it may not capture (bit `k`: kind `k`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CaptureBars {
    bars: Vec<u32>,
}

impl FilterSlice for CaptureBars {
    const KEY: &'static str = "cannot_capture";

    /// The names were checked with the pieces (`rules::build::pieces`), which keep the masks.
    fn build(_spec: &VariantSpec, kinds: &[PieceKind]) -> Option<Arc<dyn LegalityFilter>> {
        let bars: Vec<u32> = kinds.iter().map(|k| k.cannot_capture).collect();
        (bars.iter().any(|&b| b != 0))
            .then(|| Arc::new(CaptureBars { bars }) as Arc<dyn LegalityFilter>)
    }
}

impl LegalityFilter for CaptureBars {
    fn retain(&self, moves: &mut dyn Candidates) {
        moves.retain(&mut |c| match (c.mover, c.victim) {
            (Some(m), Some(v)) => self.bars[m.index()] & (1 << v.index()) == 0,
            _ => true,
        });
    }

    fn stage(&self) -> Stage {
        Stage::Pseudo
    }

    fn summary(&self, _rules: &Rules) -> Option<String> {
        None
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made candidate moves: the slice needs nothing else.
    use super::super::{Candidate, TestMoves};
    use crate::ids::{NodeId, NodeSet};

    #[test]
    fn a_king_does_not_take_the_other_king_in_atomar() {
        let rules = crate::load("variants/atomar.toml").expect("loads");
        let kind = |l| rules.kind_by_letter(l).expect("a piece");
        let (king, queen) = (kind('K'), kind('Q'));
        let filters = &rules.filters;
        assert!(filters.declares("cannot_capture") && filters.pseudo.len() == 1);
        let moves = vec![
            Candidate::normal(NodeId(1), NodeId(2), king, Some(king)),
            Candidate::normal(NodeId(1), NodeId(3), king, Some(queen)),
            Candidate::normal(NodeId(4), NodeId(5), queen, Some(king)),
        ];
        let mut list = TestMoves {
            moves: moves.clone(),
            checkers: NodeSet::default(),
            hand: Vec::new(),
        };
        filters.pseudo[0].retain(&mut list);
        assert_eq!(list.moves, vec![moves[1], moves[2]]);
        assert_eq!(filters.pseudo[0].summary(&rules), None);
    }
}
