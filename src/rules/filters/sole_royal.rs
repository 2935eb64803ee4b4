//! A piece's `sole_royal = true`: the kinds that say so are royal only while one piece of them is
//! left to a player. While he has one, no move may leave it attacked; while he has two or more,
//! any of them may be left attacked and taken (Sho shogi's king and crown prince, Fairy-
//! Stockfish's pseudo-royal extinction). Whether the piece is alone is judged before the move: a
//! promotion that makes a second one does not free the first. A player who has lost them all is
//! judged by `[outcome] material`.

use std::sync::Arc;

use super::{Candidates, FilterInputs, FilterSlice, LegalityFilter};
use crate::ids::{NodeId, PlayerId};
use crate::rules::ends::TurnStart;
use crate::rules::{PieceKind, Rules};

/// The key that declares the rule.
pub(crate) const KEY: &str = "sole_royal";

/// The compiled rule: the kinds that are royal while alone (bit `k`: kind `k`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SoleRoyal {
    kinds: u32,
}

impl FilterSlice for SoleRoyal {
    const KEY: &'static str = KEY;

    /// The keys were read with the pieces (`rules::build::pieces`).
    fn build(inputs: &FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>> {
        SoleRoyal::among(inputs.kinds).map(|r| Arc::new(r) as Arc<dyn LegalityFilter>)
    }
}

impl SoleRoyal {
    /// The rule of kinds `kinds`, when one of them says `sole_royal`.
    fn among(kinds: &[PieceKind]) -> Option<SoleRoyal> {
        let mask = (kinds.iter().enumerate())
            .filter(|(_, k)| k.sole_royal)
            .fold(0u32, |m, (i, _)| m | (1 << i));
        (mask != 0).then_some(SoleRoyal { kinds: mask })
    }

    /// The rule of `rules`, when it declares one.
    pub(crate) fn of(rules: &Rules) -> Option<SoleRoyal> {
        SoleRoyal::among(rules.kinds())
    }

    /// Where the piece of `p` that the rule guards in `before` stands: his only one of the
    /// kinds (`None`: he has none, or two or more).
    pub(crate) fn guarded(&self, before: &dyn TurnStart, p: PlayerId) -> Option<NodeId> {
        if before.count_pieces(p, self.kinds) != 1 {
            return None;
        }
        before.rules().board().node_ids().find(|&n| {
            before
                .piece_at(n)
                .is_some_and(|(o, k)| o == p && self.kinds & (1 << k.index()) != 0)
        })
    }

    /// Whether a move from `from` to `to` leaves the piece of `p` guarded on `at` attacked,
    /// judged on `after`, the position it led to (a piece it made, a promoted crown prince, is
    /// not guarded yet).
    pub(crate) fn exposes(
        &self,
        after: &dyn TurnStart,
        p: PlayerId,
        at: NodeId,
        (from, to): (Option<NodeId>, NodeId),
    ) -> bool {
        let now = if from == Some(at) { to } else { at };
        after.attacked_by_others(now, p)
    }
}

impl LegalityFilter for SoleRoyal {
    fn retain(&self, moves: &mut dyn Candidates) {
        let me = moves.turn_start().to_move();
        let Some(at) = self.guarded(moves.turn_start(), me) else {
            return;
        };
        moves.retain_played(&mut |c, after| !self.exposes(after, me, at, (c.from, c.to)));
    }

    fn summary(&self, rules: &Rules) -> Option<String> {
        let names: Vec<&str> = (rules.kind_ids())
            .filter(|k| self.kinds & (1 << k.index()) != 0)
            .map(|k| rules.kind(k).name.as_str())
            .collect();
        Some(format!(
            "moves: a player's last {} may not be left attacked",
            names.join(" or ")
        ))
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to hand-made positions before and after each candidate move.
    use super::super::super::ends::TestTurn;
    use super::super::{Candidate, Candidates};
    use super::*;
    use crate::ids::{KindId, NodeSet};

    /// Candidate moves, each with the view of the position it leads to.
    struct Played {
        before: TestTurn,
        moves: Vec<(Candidate, TestTurn)>,
    }

    impl Candidates for Played {
        fn any(&self, test: &mut dyn FnMut(&Candidate) -> bool) -> bool {
            self.moves.iter().any(|(c, _)| test(c))
        }
        fn retain(&mut self, keep: &mut dyn FnMut(&Candidate) -> bool) {
            self.moves.retain(|(c, _)| keep(c));
        }
        fn checkers(&self) -> NodeSet {
            NodeSet::default()
        }
        fn turn_start(&self) -> &dyn TurnStart {
            &self.before
        }
        fn in_hand(&self, _k: KindId) -> u32 {
            0
        }
        fn position(&self) -> &dyn super::super::PositionView {
            unreachable!("the sole royal looks at turn starts only")
        }
        fn retain_after(
            &mut self,
            _played: &mut dyn FnMut(&Candidate) -> bool,
            _keep: &mut dyn FnMut(&dyn super::super::PositionView) -> bool,
        ) {
            unreachable!("the sole royal plays moves through retain_played")
        }
        fn add_pass(&mut self) {
            unreachable!("the sole royal adds no move")
        }
        fn retain_effective(&mut self, _effects: &[Arc<dyn crate::rules::effects::MoveEffect>]) {
            unreachable!("the sole royal asks no effect")
        }
        fn retain_played(&mut self, keep: &mut dyn FnMut(&Candidate, &dyn TurnStart) -> bool) {
            self.moves.retain(|(c, after)| keep(c, after));
        }
    }

    /// A view of Sho shogi: sente's pieces (kind, square), the squares sente's opponent attacks.
    fn view(rules: &Rules, to_move: u8, pieces: &[(KindId, &str)], attacked: &[&str]) -> TestTurn {
        let node = |s: &str| rules.board().node(s).expect("a square");
        TestTurn {
            rules: rules.clone(),
            to_move: PlayerId::seat(to_move),
            pieces: (pieces.iter())
                .map(|&(k, s)| (node(s), PlayerId::seat(0), k))
                .collect(),
            attacked: attacked.iter().map(|s| node(s)).collect(),
        }
    }

    #[test]
    fn the_last_royal_may_not_be_left_attacked_and_two_may() {
        let rules = crate::load("variants/shoshogi.toml").expect("loads");
        let kind = |t: &str| rules.kind_by_token(t.starts_with('+'), t.chars().last().unwrap());
        let (king, prince) = (kind("K").unwrap(), kind("+E").unwrap());
        let rule = SoleRoyal::of(&rules).expect("declared");
        assert!(rules.filters.declares(KEY));
        let node = |s: &str| rules.board().node(s).expect("a square");
        let step = |to: &str| Candidate::normal(node("e1"), node(to), king, None);
        let alone = |at: &str, attacked: &[&str]| view(&rules, 1, &[(king, at)], attacked);
        let mut list = Played {
            before: view(&rules, 0, &[(king, "e1")], &[]),
            moves: vec![
                (step("e2"), alone("e2", &["e2"])),
                (step("d1"), alone("d1", &["e2"])),
            ],
        };
        rule.retain(&mut list);
        assert_eq!(list.moves.len(), 1, "the king may not step into the attack");
        assert_eq!(list.moves[0].0, step("d1"));
        let both = |attacked: &[&str]| view(&rules, 1, &[(king, "e1"), (prince, "e2")], attacked);
        let mut list = Played {
            before: view(&rules, 0, &[(king, "e1"), (prince, "e2")], &[]),
            moves: vec![(step("d2"), both(&["e1", "e2", "d2"]))],
        };
        rule.retain(&mut list);
        assert_eq!(
            list.moves.len(),
            1,
            "with the prince, the king may be left attacked"
        );
        assert!(
            rule.summary(&rules)
                .unwrap()
                .contains("king or crown_prince")
        );
    }
}
