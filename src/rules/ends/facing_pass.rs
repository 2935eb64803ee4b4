//! `facing_pass`: the game ends when a player passes (`[moves] pass`) while the royals face
//! each other along `[facing_royals]` with `must_break` (janggi's bikjang: the facing stood
//! through a whole turn).
//!
//! ```toml
//! [facing_royals]
//! directions = ["n", "s"]
//! must_break = true
//!
//! [outcome]
//! facing_pass = "draw"
//! ```

use std::sync::Arc;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict, result_word};
use crate::ids::PlayerId;
use crate::rules::{Policy, Rules};

/// `facing_pass = "draw"`.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(transparent)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema), schemars(inline))]
pub(crate) struct FacingPassSpec(
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))] toml::Spanned<Policy>,
);

/// The slice.
pub(super) struct FacingPass;

impl EndSlice for FacingPass {
    const KEY: &'static str = "facing_pass";
    const ABOUT: &'static str = "The result for the player to move when the player before him passed while their royals faced along `[facing_royals]` (with `must_break`): janggi's bikjang, a draw in the traditional rules.";
    type Spec = FacingPassSpec;

    fn build(
        FacingPassSpec(spec): &FacingPassSpec,
        _cx: &mut dyn BuildContext,
    ) -> Option<Arc<dyn DeclaredEnd>> {
        Some(Arc::new(FacingPassRule {
            policy: *spec.get_ref(),
        }))
    }
}

/// The end by a pass while the royals face, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FacingPassRule {
    /// The result for the player to move.
    policy: Policy,
}

impl DeclaredEnd for FacingPassRule {
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        (turn.passes() > 0 && turn.royals_face())
            .then(|| Verdict::applies(turn.to_move(), self.policy))
    }

    fn summary(&self, _rules: &Rules) -> String {
        format!(
            "a pass while the royals face: {} for the player to move",
            result_word(self.policy)
        )
    }

    fn describe(&self, _rules: &Rules, _p: PlayerId, _entry: u8) -> String {
        "a pass while the royals faced each other".into()
    }
}
