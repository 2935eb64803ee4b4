//! `passes`: the game ends when the players have passed (`[moves] pass`) so many times in a row
//! (janggi: two passes in a row, a draw in the casual rules).
//!
//! ```toml
//! [outcome]
//! passes = { count = 2, result = "draw" }
//! ```

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict, result_word};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::PlayerId;
use crate::rules::{Policy, Rules};

/// `passes`: so many passes in a row end the game.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PassesSpec {
    /// How many passes in a row end the game (at least 1).
    #[cfg_attr(feature = "schema", schemars(with = "u8"))]
    count: Spanned<u8>,
    /// What happens to the player to move then: `draw`, `loss` or `win`.
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))]
    result: Spanned<Policy>,
}

/// The slice.
pub(super) struct Passes;

impl EndSlice for Passes {
    const KEY: &'static str = "passes";
    const ABOUT: &'static str = "`{ count = N, result = R }`: after N passes in a row (`[moves] pass`) the game ends, with result R for the player then to move (janggi: two passes, a draw).";
    type Spec = PassesSpec;

    fn build(spec: &PassesSpec, cx: &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>> {
        if *spec.count.get_ref() == 0 {
            cx.error(
                Diagnostic::new(
                    Code::InvalidValue,
                    spec.count.span(),
                    "`passes` with `count = 0` would end every game before its first move",
                )
                .label("expected 1 or more")
                .help("write the number of passes in a row that ends the game: `count = 2`"),
            );
            return None;
        }
        Some(Arc::new(PassesRule {
            count: *spec.count.get_ref(),
            policy: *spec.result.get_ref(),
        }))
    }
}

/// The end after passes in a row, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PassesRule {
    /// Passes in a row that end the game.
    count: u8,
    /// The result for the player to move.
    policy: Policy,
}

impl DeclaredEnd for PassesRule {
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        (turn.passes() >= self.count).then(|| Verdict::applies(turn.to_move(), self.policy))
    }

    fn summary(&self, _rules: &Rules) -> String {
        format!(
            "{} passes in a row: {} for the player to move",
            self.count,
            result_word(self.policy)
        )
    }

    fn describe(&self, _rules: &Rules, _p: PlayerId, _entry: u8) -> String {
        format!("{} passes in a row", self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_ends_at_the_count_and_not_before() {
        let rule = PassesRule {
            count: 2,
            policy: Policy::Draw,
        };
        struct Passed(u8, Rules);
        impl TurnStart for Passed {
            fn rules(&self) -> &Rules {
                &self.1
            }
            fn to_move(&self) -> PlayerId {
                PlayerId::seat(0)
            }
            fn last_mover(&self) -> PlayerId {
                PlayerId::seat(1)
            }
            fn is_alive(&self, _p: PlayerId) -> bool {
                true
            }
            fn piece_at(&self, _n: crate::ids::NodeId) -> Option<(PlayerId, crate::ids::KindId)> {
                None
            }
            fn count_pieces(&self, _p: PlayerId, _kinds: u32) -> u32 {
                0
            }
            fn passes(&self) -> u8 {
                self.0
            }
            fn royals_face(&self) -> bool {
                false
            }
            fn attacked_by_others(&self, _n: crate::ids::NodeId, _p: PlayerId) -> bool {
                false
            }
            fn some_move_leads_to(&self, _t: &dyn Fn(&dyn TurnStart) -> bool) -> bool {
                false
            }
        }
        let rules = (*crate::load("variants/chess.toml").unwrap()).clone();
        assert_eq!(rule.judge(&Passed(1, rules.clone())), None);
        let v = rule.judge(&Passed(2, rules)).unwrap();
        assert_eq!((v.player, v.policy), (PlayerId::seat(0), Policy::Draw));
    }
}
