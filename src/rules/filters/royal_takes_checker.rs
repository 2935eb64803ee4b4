//! `[moves] checked_royal_takes_checker = true`: while the side to move is in check, a move of
//! one of its royals stays only if it takes the one piece that checks (none stays under two
//! checkers); the other pieces answer a check as usual (makpong).

use std::sync::Arc;

use super::{Candidate, Candidates, Counting, FilterSlice, LegalityFilter};
use crate::ids::NodeId;
use crate::rules::{PieceKind, Rules};
use crate::spec::variant::VariantSpec;

/// The key that declares the rule.
pub(crate) const KEY: &str = "checked_royal_takes_checker";

/// The compiled rule: it has no parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RoyalTakesChecker;

/// Whether the rule refuses `c` when `only` is the one checker (`None`: two or more): it moves
/// a royal, other than by an ordinary move onto `only`.
pub(crate) fn refuses(c: &Candidate, only: Option<NodeId>) -> bool {
    c.moves_royal && !(c.ordinary && Some(c.to) == only)
}

impl FilterSlice for RoyalTakesChecker {
    const KEY: &'static str = KEY;

    fn build(spec: &VariantSpec, _kinds: &[PieceKind]) -> Option<Arc<dyn LegalityFilter>> {
        (spec.moves.checked_royal_takes_checker)
            .then(|| Arc::new(RoyalTakesChecker) as Arc<dyn LegalityFilter>)
    }
}

impl LegalityFilter for RoyalTakesChecker {
    fn retain(&self, moves: &mut dyn Candidates) {
        let checkers = moves.checkers();
        if checkers.is_empty() {
            return;
        }
        let only = checkers.first().filter(|&c| checkers.last() == Some(c));
        moves.retain(&mut |c| !refuses(c, only));
    }

    fn counting(&self) -> Counting {
        Counting::InCheckOnly
    }

    fn summary(&self, _rules: &Rules) -> Option<String> {
        Some("moves: a royal in check moves only to take its one checker".to_string())
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made candidate moves: the slice needs nothing else.
    use super::super::TestMoves;
    use super::*;
    use crate::ids::{KindId, NodeSet};

    /// A royal's step, a royal's capture of the piece on 9, another piece's move.
    fn moves() -> Vec<Candidate> {
        let (k, p) = (KindId(0), KindId(1));
        let royal = |to, victim| Candidate {
            moves_royal: true,
            ..Candidate::normal(NodeId(1), NodeId(to), k, victim)
        };
        vec![
            royal(2, None),
            royal(9, Some(p)),
            Candidate::normal(NodeId(3), NodeId(4), p, None),
        ]
    }

    fn kept(checkers: &[u16]) -> Vec<Candidate> {
        let mut set = NodeSet::default();
        for &c in checkers {
            set.insert(NodeId(c));
        }
        let mut list = TestMoves {
            moves: moves(),
            checkers: set,
            hand: Vec::new(),
        };
        RoyalTakesChecker.retain(&mut list);
        list.moves
    }

    #[test]
    fn out_of_check_every_move_stays() {
        assert_eq!(kept(&[]), moves());
    }

    #[test]
    fn in_check_a_royal_moves_only_to_take_the_checker() {
        let all = moves();
        assert_eq!(kept(&[9]), vec![all[1], all[2]]);
        // Another square checks: the royal's capture on 9 does not answer it.
        assert_eq!(kept(&[5]), vec![all[2]]);
    }

    #[test]
    fn under_two_checkers_no_royal_move_stays() {
        assert_eq!(kept(&[5, 9]), vec![moves()[2]]);
    }

    #[test]
    fn it_is_declared_by_its_key_and_summarised() {
        let rules = crate::load("variants/makpong.toml").expect("loads");
        assert!(rules.filters.declares(KEY));
        let lines: Vec<String> = rules.filters.summary_lines(&rules).collect();
        assert_eq!(
            lines,
            ["moves: a royal in check moves only to take its one checker"]
        );
    }
}
