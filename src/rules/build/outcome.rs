//! `[outcome]`: what happens to a player without a legal move.

use super::Builder;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{EndCondition, OutcomePolicy, Policy};
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The outcome policy.
    pub(super) fn outcome(&mut self, spec: &VariantSpec, player_count: usize) -> OutcomePolicy {
        let mut by = vec![None; player_count + 1];
        for (k, p) in &spec.outcome.stalemate_by_players {
            match k.value.parse::<usize>() {
                Ok(n) if (2..=player_count).contains(&n) => by[n] = Some(p.value),
                _ => self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        k.span.clone(),
                        format!(
                            "`{}` is not a number of players from 2 to {}",
                            k.value, player_count
                        ),
                    )
                    .label("expected a player count")
                    .help("write e.g. `\"3\" = \"eliminate\"`"),
                ),
            }
        }
        OutcomePolicy {
            checkmate: spec
                .outcome
                .checkmate
                .as_ref()
                .map_or(Policy::Eliminate, |p| p.value),
            stalemate: spec
                .outcome
                .stalemate
                .as_ref()
                .map_or(Policy::Draw, |p| p.value),
            stalemate_by_players: by,
            // Today every variant ends this way; the breadth issues add conditions read from
            // `[outcome]` (bare royal, n-check, reaching a zone, captured material).
            conditions: vec![EndCondition::LastPlayerStanding, EndCondition::NoLegalMove],
        }
    }
}
