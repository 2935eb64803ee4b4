//! Gates: links with a tag that stay closed until a condition opens them.

use super::Builder;
use super::lookup::unknown;
use crate::board::TagSet;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{Gate, NodeSet, PlayerId};
use crate::spec::variant::{GateSpec, VariantSpec};

impl Builder<'_> {
    /// The gates and every gated tag.
    pub(super) fn gates(&mut self, spec: &VariantSpec) -> (Vec<Gate>, TagSet) {
        let mut gates: Vec<Gate> = Vec::new();
        let mut gate_tags = TagSet::EMPTY;
        if spec.gates.len() > 32 {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.gates[32].name.span(),
                    "more than 32 gates",
                )
                .label("one too many"),
            );
        }
        for g in &spec.gates {
            let tag = self.gate_tag(g);
            self.gate_name(g, &gates);
            let conds = self.gate_conditions(spec, g);
            if let Some(tag) = tag {
                gate_tags = gate_tags.union(tag);
                gates.push(Gate {
                    name: g.name.get_ref().clone(),
                    tags: tag,
                    opens_when: conds,
                    capture_when_open: g.capture_when_open,
                    check_when_open: g.check_when_open,
                });
            }
        }
        (gates, gate_tags)
    }

    /// The tag a gate closes, which some link must carry.
    fn gate_tag(&mut self, g: &GateSpec) -> Option<TagSet> {
        let board = self.board;
        let tag = board.tag(g.tag.get_ref());
        if tag.is_none() {
            let tags: Vec<&str> = board.tags().iter().map(String::as_str).collect();
            let mut d = unknown(g.tag.span(), "tag", g.tag.get_ref(), &tags);
            d.message = format!(
                "gate `{}`: no link of the board carries tag `{}`",
                g.name.get_ref(),
                g.tag.get_ref()
            );
            self.err(d);
        }
        tag
    }

    /// Checks a gate's name: not one of the `gates` before it, and writable in position text.
    fn gate_name(&mut self, g: &GateSpec, gates: &[Gate]) {
        if gates.iter().any(|x| x.name == *g.name.get_ref()) {
            self.err(
                Diagnostic::new(
                    Code::DuplicateName,
                    g.name.span(),
                    format!("two gates are named `{}`", g.name.get_ref()),
                )
                .label("repeated")
                .help("position text names open gates; give each its own name"),
            );
        }
        if g.name.get_ref().is_empty() || g.name.get_ref().contains([',', ' ', ':']) {
            self.err(
                Diagnostic::new(
                    Code::BadMark,
                    g.name.span(),
                    format!("`{}` cannot be a gate name", g.name.get_ref()),
                )
                .label("no spaces, commas or colons")
                .help("position text lists open gates as `open:a,b`"),
            );
        }
    }

    /// The conditions that open a gate: a player with no piece in a board zone.
    fn gate_conditions(&mut self, spec: &VariantSpec, g: &GateSpec) -> Vec<(PlayerId, NodeSet)> {
        let board = self.board;
        let mut conds = Vec::new();
        for c in &g.opens_when {
            let player = self.player(spec, &c.player);
            let zone = self.board_zone(c.no_piece_in.get_ref());
            if zone.is_none() {
                let names: Vec<&str> = board.zones().iter().map(|z| z.name.as_str()).collect();
                self.err(unknown(
                    c.no_piece_in.span(),
                    "zone",
                    c.no_piece_in.get_ref(),
                    &names,
                ));
            }
            if let (Some(p), Some(z)) = (player, zone) {
                conds.push((PlayerId(p as u8), z));
            }
        }
        conds
    }
}
