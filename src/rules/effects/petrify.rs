//! `[[capture]] rule = "petrify"`: after a capture, the capturing piece turns into a stone, a
//! neutral piece (`neutral = true`) that never moves and that no piece may take; the kinds
//! `immune` capture as usual (petrified chess: pawns).
//!
//! ```toml
//! [pieces.stone]
//! letter = "*"
//! neutral = true
//! moves = []
//!
//! [[capture]]
//! rule = "petrify"
//! stone = "stone"
//! immune = ["pawn"]
//! ```
//!
//! A royal that is not immune would leave the game by its capture, which no move may do, so it
//! never captures, and its attacks give no check ([`MoveEffect::disarms`]): two kings may stand
//! side by side.

use std::sync::Arc;

use super::{AfterMove, EffectContext, EffectSlice, Found, MoveEffect};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::KindId;
use crate::rules::{CaptureRule, Rules};
use crate::spec::variant::CaptureSpec;

/// The compiled rule: the stone's kind and the kinds that capture without turning to stone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Petrify {
    stone: KindId,
    /// Bit `k`: kind `k` captures without turning to stone.
    immune: u32,
}

impl EffectSlice for Petrify {
    const RULE: CaptureRule = CaptureRule::Petrify;

    fn build(spec: &CaptureSpec, cx: &mut dyn EffectContext) -> Option<Arc<dyn MoveEffect>> {
        let immune = cx.kind_mask(spec.immune.as_ref(), "`immune`");
        let Some(name) = &spec.stone else {
            cx.error(
                Diagnostic::new(
                    Code::MissingKey,
                    spec.rule.span(),
                    "`petrify` needs `stone`: the neutral piece a capturer turns into",
                )
                .label("no stone")
                .help(
                    "declare `[pieces.stone]` with `neutral = true` and write `stone = \"stone\"`",
                ),
            );
            return None;
        };
        let stone = cx.kind_named(name, "`stone`")?;
        if !cx.kinds()[stone.index()].neutral {
            cx.error(
                Diagnostic::new(
                    Code::InvalidValue,
                    name.span(),
                    format!("the stone `{}` is not a neutral piece", name.get_ref()),
                )
                .label("expected a piece with `neutral = true`")
                .help("a stone belongs to no player: give the piece `neutral = true`"),
            );
            return None;
        }
        Some(Arc::new(Petrify { stone, immune }))
    }
}

impl Petrify {
    /// Whether a capture by a piece of kind `k` turns it to stone.
    fn petrifies(&self, k: KindId) -> bool {
        self.immune & (1 << k.index()) == 0 && k != self.stone
    }
}

impl MoveEffect for Petrify {
    fn apply(&self, after: &dyn AfterMove, found: &mut Found) {
        if !after.captured() {
            return;
        }
        let to = after.destination();
        // The kind that captured decides, not the one it promoted to.
        if let Some((owner, k)) = after.piece_at(to)
            && owner == after.mover()
            && self.petrifies(after.moved_kind().unwrap_or(k))
        {
            found.turn_to(to, self.stone);
        }
    }

    fn disarms(&self, rules: &Rules, k: KindId) -> bool {
        rules.is_royal(k) && self.petrifies(k)
    }

    fn summary(&self, rules: &Rules) -> String {
        let immune: Vec<&str> = (rules.kind_ids())
            .filter(|&k| self.immune & (1 << k.index()) != 0)
            .map(|k| rules.kind(k).name.as_str())
            .collect();
        format!(
            "capture after a move: the capturer turns to {} (immune: {})",
            rules.kind(self.stone).name,
            if immune.is_empty() {
                "none".to_string()
            } else {
                immune.join(" ")
            }
        )
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to a hand-made view of a position: the slice needs nothing else.
    use super::super::test_view::view;
    use super::*;

    #[test]
    fn a_capturer_turns_to_stone_unless_immune() {
        let file = "variants/petrified.toml";
        let after = |letter: &str, captured| view(file, "d5", captured, &[letter]);
        let rules = after("d5:Q", true).rules;
        let kind = |l| rules.kind_by_letter(l).expect("a piece");
        let (queen, king, stone) = (kind('Q'), kind('K'), kind('*'));
        let rule = &rules.effects[0];
        let mut found = Found::default();
        rule.apply(&after("d5:Q", true), &mut found);
        let d5 = rules.board().node("d5").expect("a square");
        assert_eq!((found.nodes(), found.left()), (&[d5][..], Some(stone)));
        for (piece, captured) in [("d5:Q", false), ("d5:P", true)] {
            let mut found = Found::default();
            rule.apply(&after(piece, captured), &mut found);
            assert!(found.nodes().is_empty() && found.left().is_none());
        }
        assert!(rule.disarms(&rules, king) && !rule.disarms(&rules, queen));
    }
}
