//! Zones: the player-relative zone names that patterns and promotions use, and each player's
//! board zone for each.

use super::Builder;
use super::lookup::unknown;
use crate::rules::NodeSet;
use crate::spec::Located;
use crate::spec::variant::VariantSpec;

/// The zone names patterns and promotions use, in the order they were first named, with where.
#[derive(Default)]
pub(super) struct ZoneKeys(pub(super) Vec<(String, std::ops::Range<usize>)>);

impl ZoneKeys {
    /// The index of a zone name, added when new.
    pub(super) fn intern(&mut self, name: &Located<String>) -> usize {
        match self.0.iter().position(|(n, _)| *n == name.value) {
            Some(i) => i,
            None => {
                self.0.push((name.value.clone(), name.span.clone()));
                self.0.len() - 1
            }
        }
    }
}

impl Builder<'_> {
    /// Every interned zone, per player.
    pub(super) fn zones(&mut self, spec: &VariantSpec, zone_keys: &ZoneKeys) -> Vec<Vec<NodeSet>> {
        let board = self.board;
        let mut zones = Vec::new();
        for (key, span) in &zone_keys.0 {
            let mut per = Vec::new();
            for (pi, p) in spec.players.iter().enumerate() {
                let board_name = p
                    .zones
                    .get(key)
                    .map(|z| z.get_ref().as_str())
                    .unwrap_or(key);
                match self.board_zone(board_name) {
                    Some(s) => per.push(s),
                    None => {
                        let names: Vec<&str> =
                            board.zones().iter().map(|z| z.name.as_str()).collect();
                        let (span, msg) = match p.zones.get(key) {
                            Some(z) => (
                                z.span(),
                                format!(
                                    "player `{}` maps zone `{key}` to `{board_name}`, which the board does not have",
                                    p.name.get_ref()
                                ),
                            ),
                            None => (
                                span.clone(),
                                format!(
                                    "zone `{key}` is neither a zone of player {} (`{}`) nor of the board",
                                    pi + 1,
                                    p.name.get_ref()
                                ),
                            ),
                        };
                        let mut d = unknown(span, "zone", board_name, &names);
                        d.message = msg;
                        if !p.zones.contains_key(key) {
                            d.help = Some(format!(
                                "add `zones = {{ {key} = \"...\" }}` to player `{}`, or name a board zone",
                                p.name.get_ref()
                            ));
                        }
                        self.err(d);
                        per.push(NodeSet::default());
                    }
                }
            }
            zones.push(per);
        }

        zones
    }
}
