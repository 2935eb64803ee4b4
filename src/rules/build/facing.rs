//! `[facing_royals]`: the directions along which two royals may not face each other.

use super::Builder;
use crate::board::DirId;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::PieceKind;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The board directions of `[facing_royals]`, each listed once; the rule needs a direction
    /// and a royal piece kind to mean anything.
    pub(super) fn facing(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> Vec<DirId> {
        let Some(f) = &spec.facing else {
            return Vec::new();
        };
        let out = self.directions(&f.directions);
        let problem = if f.directions.get_ref().is_empty() {
            Some((
                "`[facing_royals]` with no direction forbids nothing",
                "list the board directions to look along, e.g. `[\"n\", \"s\"]`",
            ))
        } else if !kinds.iter().any(|k| k.royal) {
            Some((
                "`[facing_royals]` in a variant without royal pieces",
                "mark the kings `royal = true`, or remove `[facing_royals]`",
            ))
        } else {
            None
        };
        if let Some((message, help)) = problem {
            self.err(
                Diagnostic::new(Code::InvalidValue, f.directions.span(), message)
                    .label("here")
                    .help(help),
            );
        }
        out
    }
}
