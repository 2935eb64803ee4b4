//! `[[capture]] rule = "explosion"`: a capture blows up the capturing piece and every piece one
//! step away along the listed board directions, whoever owns them, but for the kinds `spared`
//! around the capture (atomic chess: pawns) and the kinds `immune` anywhere (atomar: kings).
//!
//! The blast also decides what an attack on a royal is worth: a capture whose blast would take
//! one of the capturer's own royals can never be played (a move may not remove its mover's
//! royal), so a royal next to an enemy royal is in no check from that enemy
//! ([`MoveEffect::shields`]).

use std::sync::Arc;

use super::{AfterMove, EffectContext, EffectSlice, Found, MoveEffect};
use crate::ids::{KindId, NodeId, PlayerId};
use crate::rules::{CaptureRule, DirId, Rules};
use crate::spec::variant::CaptureSpec;

/// The compiled rule: the blast's directions and the kinds it leaves standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Explosion {
    directions: Vec<DirId>,
    /// Kinds the blast spares around the capture (bit `k`: kind `k`).
    spared: u32,
    /// Kinds no blast removes, the capturer included.
    immune: u32,
}

impl EffectSlice for Explosion {
    const RULE: CaptureRule = CaptureRule::Explosion;

    fn build(spec: &CaptureSpec, cx: &mut dyn EffectContext) -> Option<Arc<dyn MoveEffect>> {
        let directions = cx.required_directions(spec)?;
        if let Some(list) = &spec.directions {
            // Every neighbour and the capturer.
            cx.reserve_removals(directions.len() + 1, list);
        }
        let spared = cx.kind_mask(spec.spared.as_ref(), "`spared`");
        let immune = cx.kind_mask(spec.immune.as_ref(), "`immune`");
        Some(Arc::new(Explosion {
            directions,
            spared,
            immune,
        }))
    }
}

impl Explosion {
    fn has(mask: u32, k: KindId) -> bool {
        mask & (1 << k.index()) != 0
    }

    /// The nodes one step from `at` along the blast's directions.
    fn around<'a>(&'a self, rules: &'a Rules, at: NodeId) -> impl Iterator<Item = NodeId> + 'a {
        let board = rules.board();
        (self.directions.iter()).filter_map(move |&d| board.step(at, d).map(|s| s.to))
    }
}

impl MoveEffect for Explosion {
    fn apply(&self, after: &dyn AfterMove, found: &mut Found) {
        if !after.captured() {
            return;
        }
        let to = after.destination();
        if after
            .piece_at(to)
            .is_some_and(|(_, k)| !Self::has(self.immune, k))
        {
            found.capture(to);
        }
        for n in self.around(after.rules(), to) {
            if after
                .piece_at(n)
                .is_some_and(|(_, k)| !Self::has(self.spared | self.immune, k))
            {
                found.capture(n);
            }
        }
    }

    fn shields(&self, after: &dyn AfterMove, at: NodeId, by: PlayerId) -> bool {
        let rules = after.rules();
        self.around(rules, at).any(|n| {
            after.piece_at(n).is_some_and(|(owner, k)| {
                owner == by && rules.is_royal(k) && !Self::has(self.spared | self.immune, k)
            })
        })
    }

    fn summary(&self, rules: &Rules) -> String {
        let board = rules.board();
        let dirs: Vec<&str> = (self.directions.iter())
            .map(|&d| board.direction_name(d))
            .collect();
        let kinds = |mask: u32| {
            let names: Vec<&str> = (rules.kind_ids())
                .filter(|&k| Self::has(mask, k))
                .map(|k| rules.kind(k).name.as_str())
                .collect();
            if names.is_empty() {
                "none".to_string()
            } else {
                names.join(" ")
            }
        };
        format!(
            "capture after a move: explosion of the capturer and its neighbours along {} (spared around it: {}; immune: {})",
            dirs.join(" "),
            kinds(self.spared),
            kinds(self.immune)
        )
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to a hand-made view of a position: the slice needs nothing else.
    use super::*;

    use super::super::test_view::{After, view};

    /// The sorted square names the first effect of `after`'s rules removes.
    fn removed(after: &After) -> Vec<String> {
        let mut found = Found::default();
        after.rules.effects[0].apply(after, &mut found);
        let b = after.rules.board();
        let mut names: Vec<String> = (found.nodes().iter())
            .map(|&n| b.node_name(n).to_string())
            .collect();
        names.sort();
        names
    }

    const ATOMIC: &str = "variants/atomic.toml";

    #[test]
    fn a_capture_blows_up_the_capturer_and_its_neighbours_but_pawns() {
        // White's knight took on e4: the knight, both players' pieces around it go; the pawns
        // around it and the rook two squares away stay.
        let after = view(
            ATOMIC,
            "e4",
            true,
            &["e4:N", "d5:q", "f3:B", "e5:p", "d3:P", "f5:k", "e6:r"],
        );
        assert_eq!(removed(&after), ["d5", "e4", "f3", "f5"]);
    }

    #[test]
    fn a_capturing_pawn_blows_up_too_and_a_quiet_move_nothing() {
        let pawn = view(ATOMIC, "d5", true, &["d5:P", "c6:n", "e6:p"]);
        assert_eq!(removed(&pawn), ["c6", "d5"]);
        let quiet = view(ATOMIC, "e4", false, &["e4:N", "d5:q", "f3:B"]);
        assert!(removed(&quiet).is_empty());
    }

    #[test]
    fn immune_kinds_stay_even_as_the_capturer() {
        let file = "tests/fixtures/rule_variants/explosion_immune.toml";
        let king = view(file, "e4", true, &["e4:K", "d4:k", "d5:q"]);
        assert_eq!(removed(&king), ["d5"]);
    }

    #[test]
    fn a_royal_next_to_an_enemy_royal_is_shielded_from_that_enemy() {
        let after = view(ATOMIC, "a1", false, &["e4:K", "e5:k", "h8:q"]);
        let effect = &after.rules.effects[0];
        let (e4, e5) = (
            after.rules.board().node("e4"),
            after.rules.board().node("e5"),
        );
        let (white, black) = (PlayerId::seat(0), PlayerId::seat(1));
        // Black's capture on e4 would blow up Black's king on e5, and White's on e5 White's.
        assert!(effect.shields(&after, e4.unwrap(), black));
        assert!(effect.shields(&after, e5.unwrap(), white));
        let apart = view(ATOMIC, "a1", false, &["e4:K", "e6:k"]);
        assert!(!effect.shields(&apart, e4.unwrap(), black));
    }

    #[test]
    fn its_summary_names_the_blast_and_the_kinds_it_leaves() {
        let rules = crate::load(ATOMIC).expect("loads");
        assert_eq!(
            rules.effects[0].summary(&rules),
            "capture after a move: explosion of the capturer and its neighbours along n ne e se s sw w nw (spared around it: pawn; immune: none)"
        );
    }
}
