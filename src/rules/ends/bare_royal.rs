//! `bare_royal`: a player left with royal pieces only loses, after his one reply (shatranj,
//! courier).
//!
//! ```toml
//! [outcome]
//! bare_royal = "loss"
//! ```

use std::sync::Arc;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict, result_word};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::PlayerId;
use crate::rules::{Policy, Rules};

/// `bare_royal = "loss"`.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema), schemars(inline))]
pub(crate) struct BareRoyalSpec(
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))] toml::Spanned<Policy>,
);

/// The slice.
pub(super) struct BareRoyal;

impl EndSlice for BareRoyal {
    const KEY: &'static str = "bare_royal";
    const ABOUT: &'static str = "`loss`: a player left with royal pieces only loses, after his one reply (shatranj). Needs a royal piece.";
    type Spec = BareRoyalSpec;

    /// Only `loss` (or `eliminate`) means anything, and only with royal pieces.
    fn build(
        BareRoyalSpec(spec): &BareRoyalSpec,
        cx: &mut dyn BuildContext,
    ) -> Option<Arc<dyn DeclaredEnd>> {
        if *spec.get_ref() != Policy::Eliminate {
            cx.error(
                Diagnostic::new(
                    Code::InvalidValue,
                    spec.span(),
                    "`bare_royal` can only be `loss`: the bared player loses",
                )
                .label("expected \"loss\"")
                .help("write `bare_royal = \"loss\"`, or leave the key out"),
            );
            return None;
        }
        if !cx.has_royal() {
            cx.error(
                Diagnostic::new(
                    Code::InvalidValue,
                    spec.span(),
                    "`bare_royal` needs a royal piece, and no piece of this variant is royal",
                )
                .label("no royal piece")
                .help("mark the king `royal = true`, or count pieces with `material`"),
            );
            return None;
        }
        let non_royal = (cx.kinds().iter().enumerate())
            .filter(|(_, k)| !k.royal)
            .fold(0u32, |bits, (i, _)| bits | (1 << i));
        Some(Arc::new(BareRoyalRule {
            policy: *spec.get_ref(),
            non_royal,
        }))
    }
}

/// A bared player's fate, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BareRoyalRule {
    policy: Policy,
    /// The kinds that are not royal (bit `k`: kind `k`).
    non_royal: u32,
}

impl DeclaredEnd for BareRoyalRule {
    /// The player who moved last has royals only and the player to move has more: the bared
    /// player has had his one move and loses. The player to move has royals only and the other
    /// two or more other pieces: no single capture can bare him, so he loses now.
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        let (p, last) = (turn.to_move(), turn.last_mover());
        if p == last {
            return None;
        }
        let mine = turn.count_pieces(p, self.non_royal);
        let theirs = turn.count_pieces(last, self.non_royal);
        if theirs == 0 && mine > 0 {
            Some(Verdict::applies(last, self.policy))
        } else if mine == 0 && theirs >= 2 {
            Some(Verdict::applies(p, self.policy))
        } else {
            None
        }
    }

    fn summary(&self, _rules: &Rules) -> String {
        format!("bare royal: {}", result_word(self.policy))
    }

    fn describe(&self, _rules: &Rules, _p: PlayerId, _entry: u8) -> String {
        "a player is left with royal pieces only (bare royal)".into()
    }
}
