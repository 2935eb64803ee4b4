//! `[facing_royals] must_break = true` (janggi's bikjang): when a royal of the side to move faces
//! an enemy royal along the directions of `[facing_royals]` at the start of the turn, only the
//! moves that end the facing stay legal, and the pass (`[moves] pass`), which is legal then even
//! in check. The end rule `facing_pass` (`src/rules/ends/facing_pass.rs`) looks along the same
//! lines ([`lines`]).

use std::sync::Arc;

use super::{Candidate, Candidates, FilterInputs, FilterSlice, Filters, LegalityFilter, Section};
use crate::ids::DirId;
use crate::rules::Rules;

/// The key that declares the rule.
pub(crate) const KEY: &str = "must_break";

/// The compiled rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct FacingBreak {
    /// The board directions of `[facing_royals]`.
    dirs: Vec<DirId>,
    /// Whether the variant has the pass (`[moves] pass`): added while the royals face when the
    /// royal's safety took it out (in check, the pass is legal then).
    pass: bool,
}

/// The directions the rule looks along in `filters`; empty when the variant does not declare it.
pub(crate) fn lines(filters: &Filters) -> &[DirId] {
    filters.find::<FacingBreak>().map_or(&[], |f| &f.dirs)
}

/// Whether `c` is a pass: a royal's null move.
fn is_pass(c: &Candidate) -> bool {
    c.ordinary && c.from == Some(c.to)
}

impl FilterSlice for FacingBreak {
    const KEY: &'static str = KEY;

    /// The directions were checked with `[facing_royals]` (`rules::build::facing`), which the
    /// facing restriction of xiangqi shares.
    fn build(inputs: &FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>> {
        let declared = inputs.spec.facing.as_ref().is_some_and(|f| f.must_break);
        let pass = (inputs.spec.moves.pass.as_ref()).is_some_and(|p| *p.get_ref());
        (declared && !inputs.facing.is_empty()).then(|| {
            Arc::new(FacingBreak {
                dirs: inputs.facing.to_vec(),
                pass,
            }) as Arc<dyn LegalityFilter>
        })
    }
}

impl LegalityFilter for FacingBreak {
    fn retain(&self, moves: &mut dyn Candidates) {
        if !moves.position().royals_face(&self.dirs) {
            return;
        }
        // Facing is mutual: the opponent, to move after the move, faces exactly when we still do.
        moves.retain_after(&mut |c| !is_pass(c), &mut |after| {
            !after.royals_face(&self.dirs)
        });
        if self.pass && !moves.any(&mut is_pass) {
            moves.add_pass();
        }
    }

    fn summary(&self, rules: &Rules) -> Option<String> {
        let dirs: Vec<&str> = (self.dirs.iter())
            .map(|&d| rules.board().direction_name(d))
            .collect();
        Some(format!(
            "royals facing along {} at the start of a turn: the move must end it, or pass",
            dirs.join(" ")
        ))
    }

    fn section(&self) -> Section {
        Section::Lines
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made candidate moves: the slice needs nothing else.
    use super::super::{Section, TestMoves};
    use super::*;
    use crate::ids::{KindId, NodeId, NodeSet};

    /// The royal's step to 1, a piece's move to 3 that ends the facing, one to 5 that does not.
    fn moves() -> Vec<Candidate> {
        let (k, p) = (KindId(0), KindId(1));
        let step = Candidate {
            moves_royal: true,
            ..Candidate::normal(NodeId(0), NodeId(1), k, None)
        };
        let block = Candidate::normal(NodeId(2), NodeId(3), p, None);
        let aside = Candidate::normal(NodeId(4), NodeId(5), p, None);
        vec![step, block, aside]
    }

    fn kept(rule: &FacingBreak, moves: Vec<Candidate>, facing: bool) -> Vec<Candidate> {
        let mut breaking = NodeSet::default();
        breaking.insert(NodeId(1));
        breaking.insert(NodeId(3));
        let mut list = TestMoves {
            moves,
            facing,
            breaking,
            ..TestMoves::default()
        };
        rule.retain(&mut list);
        list.moves
    }

    fn rule(pass: bool) -> FacingBreak {
        FacingBreak {
            dirs: vec![DirId(0)],
            pass,
        }
    }

    #[test]
    fn while_the_royals_do_not_face_every_move_stays() {
        assert_eq!(kept(&rule(true), moves(), false), moves());
    }

    #[test]
    fn while_they_face_only_the_moves_that_end_it_stay_and_the_pass() {
        let all = moves();
        // The pass was taken out (in check): it comes back.
        assert_eq!(
            kept(&rule(true), all.clone(), true),
            vec![all[0], all[1], TestMoves::PASS]
        );
        // A pass already there stays, once.
        let with_pass = vec![all[2], TestMoves::PASS];
        assert_eq!(kept(&rule(true), with_pass, true), vec![TestMoves::PASS]);
        // Without `[moves] pass` none is added.
        assert_eq!(kept(&rule(false), all.clone(), true), vec![all[0], all[1]]);
    }

    #[test]
    fn it_is_declared_by_its_key_and_summarised() {
        let rules = crate::load("variants/janggitraditional.toml").expect("loads");
        assert!(rules.filters.declares(KEY));
        assert_eq!(lines(&rules.filters).len(), 2);
        let lines: Vec<String> = (rules.filters)
            .summary_lines(&rules, Section::Lines)
            .collect();
        assert_eq!(
            lines,
            ["royals facing along n s at the start of a turn: the move must end it, or pass"]
        );
        let casual = crate::load("variants/janggicasual.toml").expect("loads");
        assert!(!casual.filters.declares(KEY));
        assert!(super::lines(&casual.filters).is_empty());
    }
}
