//! The start position's part in the rules: the castling rooks it names, its legality and its
//! material.

use std::sync::Arc;

use super::Builder;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::Rules;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The rules with the kind of every castling rook the file does not name: the piece of the
    /// castling player on the rook's square in the start position.
    fn with_start_rooks(&mut self, spec: &VariantSpec, mut rules: Rules) -> Option<Rules> {
        if rules.castling.iter().all(|c| !c.rook_from_start) {
            return Some(rules);
        }
        let shared = Arc::new(rules);
        // A start that does not even read is reported by the full check that follows.
        let placed = (self.check_start.read)(&shared, &spec.start.value).unwrap_or_default();
        rules = Arc::try_unwrap(shared).unwrap_or_else(|a| (*a).clone());
        for (i, c) in rules.castling.iter_mut().enumerate() {
            if !c.rook_from_start {
                continue;
            }
            match placed
                .iter()
                .find(|(n, owner, _)| *n == c.rook_from && *owner == c.player)
            {
                Some(&(_, _, kind)) => c.rook_kind = kind,
                None => {
                    let square = rules.board.node_name(c.rook_from).to_string();
                    self.err(
                        Diagnostic::new(
                            Code::BadCastling,
                            spec.castling[i].rook.span(),
                            format!("castling `{}` names no `rook_piece`, and no piece of its player stands on {square} in the start position", c.right),
                        )
                        .label("rook squares")
                        .help("name the castling piece with `rook_piece = \"...\"`, or set it up on its square"),
                    );
                }
            }
        }
        (!self.has_errors()).then_some(rules)
    }

    /// The rules with the material of their start position, which must be legal.
    pub(super) fn with_start_material(
        &mut self,
        spec: &VariantSpec,
        rules: Rules,
    ) -> Option<Rules> {
        // The position parser takes the rules behind an `Arc`; once it is done they are unshared
        // again (cloned, should anything still hold them).
        let rules = Arc::new(self.with_start_rooks(spec, rules)?);
        let material = match (self.check_start.judge)(&rules, &spec.start.value) {
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
        // Shift plans serve a side without royals and without drops (horde's White, extinction):
        // built only where the start has one, so that other variants load as before.
        let royalless = material.iter().any(|kinds| {
            (kinds.iter().enumerate())
                .all(|(k, &n)| n == 0 || !rules.is_royal(crate::ids::KindId(k as u8)))
        });
        if royalless && rules.hands.is_none() {
            let gate_tags = rules.gate_tags;
            rules.tables.build_shift_plans(gate_tags);
        }
        rules.start_material = Some(material);
        Some(rules)
    }
}
