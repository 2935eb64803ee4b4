//! `[outcome]`: what happens to a player without a legal move.

use super::Builder;
use super::lookup::unknown;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{CapturedWin, EndCondition, OutcomePolicy, Policy};
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
            conditions: if spec.outcome.captured.is_empty() {
                vec![EndCondition::LastPlayerStanding, EndCondition::NoLegalMove]
            } else {
                vec![
                    EndCondition::LastPlayerStanding,
                    EndCondition::CapturedMaterial,
                    EndCondition::NoLegalMove,
                ]
            },
        }
    }
}

impl Builder<'_> {
    /// The victories by captured material (`[outcome] captured`), values by player name.
    pub(super) fn captured_wins(
        &mut self,
        spec: &VariantSpec,
        players: &[crate::rules::Player],
    ) -> Vec<CapturedWin> {
        let mut out = Vec::new();
        for c in &spec.outcome.captured {
            let mut value = vec![None; players.len()];
            if let Some(map) = &c.value {
                for (name, v) in map.get_ref() {
                    match players.iter().position(|p| &p.name == name) {
                        Some(i) => value[i] = Some(*v.get_ref()),
                        None => {
                            let names: Vec<&str> =
                                players.iter().map(|p| p.name.as_str()).collect();
                            self.err(unknown(map.span(), "player", name, &names));
                        }
                    }
                }
            }
            if c.men.is_none() && c.value.is_none() {
                self.err(
                    Diagnostic::new(Code::MissingKey, c.name.span(), "a victory by captured material needs `men` or `value`")
                        .label("no threshold")
                        .help("e.g. `{ name = \"De corpore\", men = 15 }` or `value = { white = 1315, black = 984 }`"),
                );
            }
            out.push(CapturedWin {
                name: c.name.get_ref().clone(),
                men: c.men.as_ref().map(|m| *m.get_ref()),
                value,
            });
        }
        out
    }
}
