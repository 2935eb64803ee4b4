//! `[[capture]]`: rules that remove pieces after a move by their relation to the mover's pieces.

use super::Builder;
use crate::diagnostic::{Code, Diagnostic};
use crate::limits::MAX_REMOVALS;
use crate::rules::RelationCapture;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The relation captures, each direction a direction of the board. One move may remove the
    /// piece it displaces (or takes en passant, or finds on a castling rook's square) and one
    /// piece per listed direction: together at most [`MAX_REMOVALS`].
    pub(super) fn relation_captures(&mut self, spec: &VariantSpec) -> Vec<RelationCapture> {
        let mut out = Vec::new();
        let mut total = 0;
        for c in &spec.captures {
            let directions = self.board_directions(c.directions.get_ref());
            if c.directions.get_ref().is_empty() {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        c.directions.span(),
                        "a capture rule with no direction never captures",
                    )
                    .label("no direction")
                    .help("list the board directions it looks along, e.g. `[\"n\", \"e\", \"s\", \"w\"]`"),
                );
            }
            total += directions.len();
            if total + 2 > MAX_REMOVALS {
                self.err(
                    Diagnostic::new(
                        Code::VariantTooLarge,
                        c.directions.span(),
                        format!(
                            "captures after a move look along {total} directions; at most {} in all",
                            MAX_REMOVALS - 2
                        ),
                    )
                    .label("too many directions")
                    .help("one move removes at most MAX_REMOVALS pieces (see the README's limits)"),
                );
            }
            out.push(RelationCapture {
                rule: *c.rule.get_ref(),
                directions,
            });
        }
        out
    }
}
