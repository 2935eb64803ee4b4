//! Looking up what the variant file names (nodes, players, board zones), with a did-you-mean
//! when the name is unknown.

use super::Builder;
use crate::board::NodeId;
use crate::diagnostic::{Code, Diagnostic, suggest};
use crate::rules::NodeSet;
use crate::spec::Located;
use crate::spec::variant::VariantSpec;

/// An unknown `what` named `name`, with the closest of `candidates` or the list of them.
pub(super) fn unknown(
    span: std::ops::Range<usize>,
    what: &str,
    name: &str,
    candidates: &[&str],
) -> Diagnostic {
    let help = suggest(name, candidates.iter().copied()).unwrap_or_else(|| {
        if candidates.is_empty() {
            format!("no {what} is declared")
        } else {
            format!("declared: {}", candidates.join(" "))
        }
    });
    Diagnostic::new(Code::UnknownName, span, format!("unknown {what} `{name}`"))
        .label(format!("not a declared {what}"))
        .help(help)
}

impl Builder<'_> {
    /// The board's node named `name`, or an error naming `context`.
    pub(super) fn node(&mut self, name: &Located<String>, context: &str) -> Option<NodeId> {
        let n = self.board.node(&name.value);
        if n.is_none() {
            let names: Vec<&str> = self
                .board
                .node_ids()
                .map(|n| self.board.node_name(n))
                .collect();
            let mut d = unknown(name.span.clone(), "node", &name.value, &[]);
            d.message = format!(
                "{context} names node `{}`, which the board does not have",
                name.value
            );
            d.help = suggest(&name.value, names.iter().copied())
                .or_else(|| Some("check the board file for the node names".to_string()));
            self.err(d);
        }
        n
    }

    /// The seat of the player named by `name`, or an error with a did-you-mean.
    pub(super) fn player(
        &mut self,
        spec: &VariantSpec,
        name: &toml::Spanned<String>,
    ) -> Option<usize> {
        let found = spec
            .players
            .iter()
            .position(|p| p.name.get_ref() == name.get_ref());
        if found.is_none() {
            let names: Vec<&str> = spec
                .players
                .iter()
                .map(|p| p.name.get_ref().as_str())
                .collect();
            self.err(unknown(name.span(), "player", name.get_ref(), &names));
        }
        found
    }

    /// The nodes of the board zone `name`.
    pub(super) fn board_zone(&self, name: &str) -> Option<NodeSet> {
        self.board
            .zone(name)
            .map(|z| NodeSet::from_nodes(z.nodes.iter().copied()))
    }
}
