//! The rules from their finished parts, with the start position checked.

use std::sync::Arc;

use super::{Builder, Parts};
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::Rules;
use crate::spec::variant::VariantSpec;
use crate::zobrist::ZobristKeys;

impl Builder<'_> {
    /// The rules from their parts, with the start position checked.
    pub(super) fn assemble(mut self, spec: &VariantSpec, parts: Parts) -> Option<Rules> {
        let board = self.board;
        let Parts {
            frames,
            after,
            players,
            kinds,
            zone_keys,
            zones,
            tables,
            castling,
            castle_clear,
            outcome,
            gates,
            gate_tags,
            captures,
        } = parts;
        if self.has_errors() {
            return None;
        }
        let mut zone_names: Vec<String> = zone_keys.0.into_iter().map(|(n, _)| n).collect();
        zone_names.shrink_to_fit();
        let zobrist =
            ZobristKeys::new(board.node_count(), players.len(), kinds.len(), frames.len());
        let rules = Rules {
            name: spec.name.value.clone(),
            description: spec.description.clone(),
            board: board.clone(),
            players,
            frames,
            frame_after: after,
            kinds,
            zone_names,
            zones,
            castling,
            castle_clear,
            outcome,
            gates,
            gate_tags,
            captures,
            start: spec.start.value.clone(),
            tables,
            zobrist,
            start_material: None,
            files: Vec::new(),
        };
        self.with_start_material(spec, rules)
    }

    /// The rules with the material of their start position, which must be legal.
    fn with_start_material(&mut self, spec: &VariantSpec, rules: Rules) -> Option<Rules> {
        // The position parser takes the rules behind an `Arc`; once it is done they are unshared
        // again (cloned, should anything still hold them).
        let rules = Arc::new(rules);
        let material = match (self.check_start)(&rules, &spec.start.value) {
            Ok(m) => m,
            Err(e) => {
                self.err(
                    Diagnostic::new(
                        Code::BadStart,
                        spec.start.span.clone(),
                        format!("the start position is not valid: {e}"),
                    )
                    .label("start position")
                    .help("position text: rows top first separated by `/`, then side to move, castling rights, en passant, clocks"),
                );
                return None;
            }
        };
        let mut rules = Arc::try_unwrap(rules).unwrap_or_else(|a| (*a).clone());
        rules.start_material = Some(material);
        Some(rules)
    }
}
