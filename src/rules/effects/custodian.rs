//! `[[capture]] rule = "custodian"`: an enemy piece next to the moved piece, with a piece of the
//! mover right behind it on the same line, is removed (Hasami shogi, Tablut, Rithmomachia's
//! ambush without arithmetic). The rule looks along the listed board directions from the moved
//! piece, not turned by the mover's frame.

use std::sync::Arc;

use super::{AfterMove, EffectContext, EffectSlice, Found, MoveEffect};
use crate::rules::{CaptureRule, DirId, Rules};
use crate::spec::variant::CaptureSpec;

/// The compiled rule: the board directions it looks along.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Custodian {
    directions: Vec<DirId>,
}

impl EffectSlice for Custodian {
    const RULE: CaptureRule = CaptureRule::Custodian;

    fn build(spec: &CaptureSpec, cx: &mut dyn EffectContext) -> Option<Arc<dyn MoveEffect>> {
        let directions = cx.required_directions(spec)?;
        if let Some(list) = &spec.directions {
            // One victim per direction at most.
            cx.reserve_removals(directions.len(), list);
        }
        Some(Arc::new(Custodian { directions }))
    }
}

impl MoveEffect for Custodian {
    fn apply(&self, after: &dyn AfterMove, found: &mut Found) {
        let (board, mover, to) = (after.rules().board(), after.mover(), after.destination());
        for &d in &self.directions {
            let Some(next) = board.step(to, d) else {
                continue;
            };
            let Some(behind) = board.step(next.to, d) else {
                continue;
            };
            let victim = after.piece_at(next.to);
            let holder = after.piece_at(behind.to);
            if victim.is_some_and(|(owner, _)| owner != mover)
                && holder.is_some_and(|(owner, _)| owner == mover)
            {
                found.capture(next.to);
            }
        }
    }

    fn summary(&self, rules: &Rules) -> String {
        let board = rules.board();
        let dirs: Vec<&str> = (self.directions.iter())
            .map(|&d| board.direction_name(d))
            .collect();
        format!("capture after a move: custodian along {}", dirs.join(" "))
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to a hand-made view of a position: the slice needs nothing else.
    use super::*;
    use crate::ids::{KindId, NodeId, PlayerId};

    /// Pieces on squares, the mover and where his piece landed: all the rule looks at.
    struct After {
        rules: Arc<Rules>,
        mover: PlayerId,
        to: NodeId,
        pieces: Vec<(NodeId, PlayerId)>,
    }

    impl AfterMove for After {
        fn rules(&self) -> &Rules {
            &self.rules
        }
        fn mover(&self) -> PlayerId {
            self.mover
        }
        fn destination(&self) -> NodeId {
            self.to
        }
        fn captured(&self) -> bool {
            false
        }
        fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
            let rook = self.rules.kind_by_letter('R').expect("a rook");
            (self.pieces.iter())
                .find(|(n, _)| *n == node)
                .map(|&(_, p)| (p, rook))
        }
    }

    /// What the test bed's rule removes after White lands on `to`, with White on `white` and
    /// Black on `black`, as sorted square names.
    fn removed(to: &str, white: &[&str], black: &[&str]) -> Vec<String> {
        let rules = crate::load("tests/fixtures/rule_variants/custodian.toml").expect("loads");
        let effect = rules.effects[0].clone();
        let b = rules.board();
        let node = |s: &str| b.node(s).expect("a square");
        let (w, k) = (PlayerId::seat(0), PlayerId::seat(1));
        let mut pieces: Vec<(NodeId, PlayerId)> = white.iter().map(|s| (node(s), w)).collect();
        pieces.extend(black.iter().map(|s| (node(s), k)));
        pieces.push((node(to), w));
        let after = After {
            to: node(to),
            mover: w,
            pieces,
            rules: rules.clone(),
        };
        let mut found = Found::default();
        effect.apply(&after, &mut found);
        let mut names: Vec<String> = (found.nodes().iter())
            .map(|&n| b.node_name(n).to_string())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn an_enemy_between_the_moved_piece_and_a_friend_is_removed() {
        assert_eq!(
            removed("e4", &["c4", "g4", "e2"], &["d4", "f4", "e3"]),
            ["d4", "e3", "f4"]
        );
    }

    #[test]
    fn no_friend_behind_or_a_friend_in_between_removes_nothing() {
        // d4 has nobody behind it; e5 is White's own; f4 has an enemy, not a friend, behind it.
        assert!(removed("e4", &["e5", "e6"], &["d4", "f4", "g4"]).is_empty());
    }

    #[test]
    fn it_looks_only_along_its_directions() {
        // The test bed lists n, e, s, w: a diagonal sandwich stays.
        assert!(removed("e4", &["c2"], &["d3"]).is_empty());
    }

    #[test]
    fn its_summary_names_the_directions() {
        let rules = crate::load("tests/fixtures/rule_variants/custodian.toml").expect("loads");
        assert_eq!(
            rules.effects[0].summary(&rules),
            "capture after a move: custodian along n e s w"
        );
    }
}
