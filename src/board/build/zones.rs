//! `[zones]`: named sets of nodes.

use super::Builder;
use crate::board::{NodeId, Zone};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::board::BoardSpec;

impl Builder<'_> {
    /// The zones, each with its nodes ascending and once; unknown nodes are reported.
    pub(super) fn zones(&mut self, spec: &BoardSpec) -> Vec<Zone> {
        let mut zones = Vec::new();
        for z in &spec.zones {
            if z.name.value.is_empty() {
                let example = "`rank_8 = [\"a8\", \"b8\"]`";
                self.push(Diagnostic::empty_name(z.name.span.clone(), "zone", example));
            }
            let ctx = format!("zone `{}`", z.name.value);
            let mut nodes: Vec<NodeId> = z
                .nodes
                .iter()
                .filter_map(|n| self.resolve_node(n, &ctx, Code::ZoneUnknownNode))
                .collect();
            nodes.sort();
            nodes.dedup();
            zones.push(Zone {
                name: z.name.value.clone(),
                nodes,
            });
        }
        zones
    }
}
