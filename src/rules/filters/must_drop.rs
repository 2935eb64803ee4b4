//! `[hands] must_drop = [..]`: compulsory drops (Fairy-Stockfish's `mustDrop`). While the side
//! to move has a piece of a listed kind in hand, a drop of another kind is no move, and a move
//! that is no drop stays only when no drop of a listed kind is legal (placement chess: the
//! pieces are placed before the first move; koedem: a king in hand is dropped at once).

use std::sync::Arc;

use super::{Candidates, FilterInputs, FilterSlice, LegalityFilter};
use crate::rules::Rules;

/// The key that declares the rule.
pub(crate) const KEY: &str = "must_drop";

/// The compiled rule: bit `k` for every kind whose drop is compulsory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MustDrop {
    /// The kinds listed.
    pub(crate) kinds: u32,
}

impl FilterSlice for MustDrop {
    const KEY: &'static str = KEY;

    /// The names were checked with the hands (`rules::build::hands`); an unknown one adds no bit.
    fn build(inputs: &FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>> {
        let names = &inputs.spec.hands.as_ref()?.get_ref().must_drop;
        let mask = (names.iter())
            .filter_map(|n| inputs.kinds.iter().position(|k| k.name == *n.get_ref()))
            .fold(0u32, |m, k| m | 1 << k);
        (mask != 0).then(|| Arc::new(MustDrop { kinds: mask }) as Arc<dyn LegalityFilter>)
    }
}

impl MustDrop {
    /// Whether the side to move holds a listed kind in hand: then the rule acts.
    pub(crate) fn acts(&self, moves: &dyn Candidates) -> bool {
        (0..32).any(|k| self.kinds & (1 << k) != 0 && moves.in_hand(crate::ids::KindId(k)) > 0)
    }
}

impl LegalityFilter for MustDrop {
    fn retain(&self, moves: &mut dyn Candidates) {
        if !self.acts(moves) {
            return;
        }
        let listed = |c: &super::Candidate| c.dropped.is_some_and(|k| self.kinds & (1 << k.0) != 0);
        let drop_due = moves.any(&mut |c| listed(c));
        moves.retain(&mut |c| listed(c) || (c.dropped.is_none() && !drop_due));
    }

    fn summary(&self, rules: &Rules) -> Option<String> {
        let tokens: Vec<String> = (rules.kind_ids())
            .filter(|k| self.kinds & (1 << k.0) != 0)
            .map(|k| rules.kind(k).token())
            .collect();
        Some(format!(
            "hands: a drop is compulsory while one of {} is in hand and can be dropped",
            tokens.join(" ")
        ))
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made candidate moves: the slice needs nothing else.
    use super::super::{Candidate, TestMoves};
    use super::*;
    use crate::ids::{KindId, NodeId};

    fn drop(k: u8, to: u16) -> Candidate {
        Candidate {
            from: None,
            mover: None,
            ordinary: false,
            dropped: Some(KindId(k)),
            ..Candidate::normal(NodeId(0), NodeId(to), KindId(k), None)
        }
    }

    fn kept(moves: Vec<Candidate>, hand: Vec<u32>) -> Vec<Candidate> {
        let mut list = TestMoves {
            moves,
            hand,
            ..TestMoves::default()
        };
        MustDrop { kinds: 0b10 }.retain(&mut list);
        list.moves
    }

    #[test]
    fn a_listed_kind_in_hand_is_dropped_before_anything_else() {
        let step = Candidate::normal(NodeId(1), NodeId(2), KindId(0), None);
        let (listed, other) = (drop(1, 5), drop(2, 6));
        assert_eq!(kept(vec![step, listed, other], vec![0, 1, 1]), vec![listed]);
    }

    #[test]
    fn without_a_legal_listed_drop_the_moves_stay_but_other_drops_do_not() {
        let step = Candidate::normal(NodeId(1), NodeId(2), KindId(0), None);
        let other = drop(2, 6);
        assert_eq!(kept(vec![step, other], vec![0, 1, 1]), vec![step]);
    }

    #[test]
    fn with_no_listed_kind_in_hand_every_move_stays() {
        let step = Candidate::normal(NodeId(1), NodeId(2), KindId(0), None);
        let other = drop(2, 6);
        assert_eq!(kept(vec![step, other], vec![0, 0, 1]), vec![step, other]);
    }
}
