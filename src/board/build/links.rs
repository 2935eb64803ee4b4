//! Links made by hand: `[[link]]`, `[[rlink]]` and `[[unlink]]`, and the one door every link goes
//! through ([`Builder::add_link`]).

use std::collections::HashMap;

use toml::Spanned;

use super::{Builder, LinkInfo};
use crate::board::{DirId, NodeId, Step, TagSet, TwistId};
use crate::diagnostic::{Code, Diagnostic, quoted, suggest};
use crate::spec::board::{BoardSpec, LinkSpec, UnlinkSpec};
use crate::spec::{Located, Span};

impl Builder<'_> {
    /// Links `from` in direction `dir`, unless the link leads back to `from` or the node already
    /// has a link in that direction (both reported).
    pub(super) fn add_link(&mut self, from: NodeId, dir: DirId, step: Step, span: Span) {
        if from == step.to {
            self.push(
                Diagnostic::new(
                    Code::SelfLink,
                    span,
                    format!(
                        "`{}` would be linked to itself in direction `{}`",
                        self.nodes[from.index()].name,
                        self.directions[dir.index()].name
                    ),
                )
                .label("a link must lead to another node"),
            );
            return;
        }
        if let Some(existing) = self.links.get(&(from, dir)) {
            let earlier = existing.span.clone();
            let old_to = existing.step.to;
            self.push(
                Diagnostic::new(
                    Code::DuplicateLink,
                    span,
                    format!(
                        "`{}` already has a link in direction `{}` (to `{}`); a node has at most one link per direction",
                        self.nodes[from.index()].name,
                        self.directions[dir.index()].name,
                        self.nodes[old_to.index()].name
                    ),
                )
                .label(format!("second `{}` link from `{}`", self.directions[dir.index()].name, self.nodes[from.index()].name))
                .related(earlier, "first link made here")
                .help("remove one of them, or `[[unlink]]` the first before linking again"),
            );
            return;
        }
        self.links.insert((from, dir), LinkInfo { step, span });
    }

    /// `[[link]]`, `[[rlink]]` and `[[unlink]]` items act in file order, after `[map]`.
    pub(super) fn link_items(&mut self, spec: &BoardSpec, twists: &HashMap<String, TwistId>) {
        let mut ops: Vec<(usize, Option<&LinkSpec>, Option<&UnlinkSpec>)> = spec
            .links
            .iter()
            .map(|l| (l.dir.span().start, Some(l), None))
            .chain(
                spec.unlinks
                    .iter()
                    .map(|u| (u.dir.span().start, None, Some(u))),
            )
            .collect();
        ops.sort_by_key(|o| o.0);
        for (_, l, u) in ops {
            if let Some(l) = l {
                self.explicit_link(spec, l, twists);
            }
            if let Some(u) = u {
                self.unlink(u);
            }
        }
    }

    /// One `[[link]]` or `[[rlink]]` item: each node of the chain linked to the next (or the
    /// previous), with the item's twist and tags.
    fn explicit_link(&mut self, spec: &BoardSpec, l: &LinkSpec, twists: &HashMap<String, TwistId>) {
        let kind = if l.reverse {
            "`[[rlink]]`"
        } else {
            "`[[link]]`"
        };
        let dir_name = Located::from(l.dir.clone());
        let d = self.resolve_dir(&dir_name, kind);
        if let Some(d) = d
            && self.directions[d.index()].path.is_some()
        {
            self.push(
                Diagnostic::new(
                    Code::BadComposite,
                    dir_name.span.clone(),
                    format!(
                        "`{}` is a composite direction; it cannot be linked by hand",
                        dir_name.value
                    ),
                )
                .label("links of composite directions come from their path"),
            );
            return;
        }
        let twist = self.link_twist(spec, l.twist.as_ref(), twists);
        let mut tags = Some(TagSet::EMPTY);
        for t in &l.tags {
            let bit = self.tag_bit(&Located::from(t.clone()));
            tags = tags.zip(bit).map(|(a, b)| a.union(b));
        }
        let chain: Vec<Option<NodeId>> = l
            .chain
            .get_ref()
            .iter()
            .map(|n| self.resolve_node(&Located::from(n.clone()), kind, Code::UnknownNode))
            .collect();
        if chain.len() < 2 {
            self.push(
                Diagnostic::new(
                    Code::ShortChain,
                    l.chain.span(),
                    format!(
                        "a link chain needs at least two nodes, this one has {}",
                        chain.len()
                    ),
                )
                .label("nothing to link")
                .help("write `chain = [\"from\", \"to\"]`"),
            );
            return;
        }
        let (Some(d), Some(twist), Some(tags)) = (d, twist, tags) else {
            return;
        };
        for (i, pair) in chain.windows(2).enumerate() {
            let (Some(a), Some(b)) = (pair[0], pair[1]) else {
                continue;
            };
            let (from, to) = if l.reverse { (b, a) } else { (a, b) };
            let items = l.chain.get_ref();
            let span = items[i].span().start..items[i + 1].span().end;
            self.add_link(from, d, Step { to, twist, tags }, span);
        }
    }

    /// The twist a link item carries: the identity when it names none, `None` when it names an
    /// unknown one (reported, unless the twist was declared and failed its own checks).
    fn link_twist(
        &mut self,
        spec: &BoardSpec,
        twist: Option<&Spanned<String>>,
        twists: &HashMap<String, TwistId>,
    ) -> Option<TwistId> {
        let Some(t) = twist else {
            return Some(TwistId::IDENTITY);
        };
        if let Some(&id) = twists.get(t.get_ref()) {
            return Some(id);
        }
        let declared: Vec<&str> = spec.twists.iter().map(|t| t.name.value.as_str()).collect();
        let help = suggest(t.get_ref(), declared.iter().copied()).unwrap_or_else(|| {
            if declared.is_empty() {
                "declare it under `[twists]`".to_string()
            } else {
                format!("declared twists: {}", declared.join(" "))
            }
        });
        // A twist that failed its own checks was reported already.
        if !declared.contains(&t.get_ref().as_str()) {
            self.push(
                Diagnostic::new(
                    Code::UnknownTwist,
                    t.span(),
                    format!("twist `{}` is not declared", quoted(t.get_ref())),
                )
                .label("unknown twist")
                .help(help),
            );
        }
        None
    }

    /// Whether `d` is a composite direction, whose links cannot be `what` by hand (reported).
    pub(super) fn composite_not_editable(&mut self, d: DirId, span: Span, what: &str) -> bool {
        if self.directions[d.index()].path.is_none() {
            return false;
        }
        let name = self.directions[d.index()].name.clone();
        self.push(
            Diagnostic::new(
                Code::BadComposite,
                span,
                format!("`{name}` is a composite direction: its links cannot be {what}"),
            )
            .label("composite direction")
            .help(format!(
                "a `{name}` link follows its path and carries the tags of the links it crosses; {what} those links instead"
            )),
        );
        true
    }

    /// One `[[unlink]]` item: removes the links of its nodes in its direction.
    fn unlink(&mut self, u: &UnlinkSpec) {
        let Some(d) = self.resolve_dir(&Located::from(u.dir.clone()), "`[[unlink]]`") else {
            return;
        };
        if self.composite_not_editable(d, u.dir.span(), "unlinked") {
            return;
        }
        for n in &u.nodes {
            let name = Located::from(n.clone());
            let Some(id) = self.resolve_node(&name, "`[[unlink]]`", Code::UnknownNode) else {
                continue;
            };
            if self.links.remove(&(id, d)).is_none() {
                self.push(
                    Diagnostic::new(
                        Code::NoSuchLink,
                        name.span.clone(),
                        format!(
                            "`{}` has no link in direction `{}` to remove",
                            name.value,
                            u.dir.get_ref()
                        ),
                    )
                    .label("nothing to unlink"),
                );
            }
        }
    }
}
