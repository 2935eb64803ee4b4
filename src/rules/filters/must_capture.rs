//! `[moves] must_capture = true`: when some legal move captures, only the captures are legal
//! (antichess, giveaway, losers).

use std::sync::Arc;

use super::{Candidates, Counting, FilterSlice, LegalityFilter};
use crate::rules::{PieceKind, Rules};
use crate::spec::variant::VariantSpec;

/// The key that declares the rule.
pub(crate) const KEY: &str = "must_capture";

/// The compiled rule: it has no parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MustCapture;

impl FilterSlice for MustCapture {
    const KEY: &'static str = KEY;

    fn build(spec: &VariantSpec, _kinds: &[PieceKind]) -> Option<Arc<dyn LegalityFilter>> {
        spec.moves
            .must_capture
            .then(|| Arc::new(MustCapture) as Arc<dyn LegalityFilter>)
    }
}

impl LegalityFilter for MustCapture {
    fn retain(&self, moves: &mut dyn Candidates) {
        if moves.any(&mut |c| c.captures) {
            moves.retain(&mut |c| c.captures);
        }
    }

    fn counting(&self) -> Counting {
        Counting::CapturesFirst
    }

    fn summary(&self, _rules: &Rules) -> Option<String> {
        Some("moves: a capture is compulsory".to_string())
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made candidate moves: the slice needs nothing else.
    use super::super::{Candidate, TestMoves};
    use super::*;
    use crate::ids::{NodeId, NodeSet};

    fn kept(moves: Vec<Candidate>) -> Vec<Candidate> {
        let mut list = TestMoves {
            moves,
            checkers: NodeSet::default(),
            hand: Vec::new(),
        };
        MustCapture.retain(&mut list);
        list.moves
    }

    #[test]
    fn only_the_captures_stay_when_there_are_any() {
        let (p, n) = (crate::ids::KindId(0), crate::ids::KindId(1));
        let quiet = Candidate::normal(NodeId(1), NodeId(2), p, None);
        let take = Candidate::normal(NodeId(3), NodeId(4), p, Some(n));
        let ep = Candidate {
            victim: None,
            captures: true,
            ordinary: false,
            ..Candidate::normal(NodeId(5), NodeId(6), p, None)
        };
        assert_eq!(kept(vec![quiet, take, ep]), vec![take, ep]);
    }

    #[test]
    fn without_a_capture_every_move_stays() {
        let p = crate::ids::KindId(0);
        let quiet = Candidate::normal(NodeId(1), NodeId(2), p, None);
        let other = Candidate::normal(NodeId(3), NodeId(4), p, None);
        assert_eq!(kept(vec![quiet, other]), vec![quiet, other]);
    }

    #[test]
    fn it_is_declared_by_its_key_and_summarised() {
        let rules = crate::load("variants/antichess.toml").expect("loads");
        assert!(rules.filters.declares(KEY));
        let lines: Vec<String> = rules.filters.summary_lines(&rules).collect();
        assert_eq!(lines, ["moves: a capture is compulsory"]);
        let chess = crate::load("variants/chess.toml").expect("loads");
        assert!(!chess.filters.declares(KEY));
    }
}
