//! Link tags: the board's tag names, and `[[tag]]` items that put them on existing links.

use super::Builder;
use crate::board::{MAX_TAGS, TagSet};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::board::BoardSpec;
use crate::spec::{Located, words};

impl Builder<'_> {
    /// The bit of tag `name`, added when new; `None` when the name or the count is wrong (reported).
    pub(super) fn tag_bit(&mut self, name: &Located<String>) -> Option<TagSet> {
        if name.value.is_empty() || name.value.chars().any(char::is_whitespace) {
            self.push(
                Diagnostic::new(
                    Code::InvalidValue,
                    name.span.clone(),
                    format!("`{}` cannot be a tag", name.value),
                )
                .label("tags are non-empty names without spaces"),
            );
            return None;
        }
        if let Some(i) = self.tags.iter().position(|t| *t == name.value) {
            return Some(TagSet(1 << i));
        }
        if self.tags.len() == MAX_TAGS {
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    name.span.clone(),
                    format!("more than {MAX_TAGS} tags"),
                )
                .label("one too many")
                .help(format!(
                    "a board uses at most {MAX_TAGS} distinct link tags"
                )),
            );
            return None;
        }
        self.tags.push(name.value.clone());
        Some(TagSet(1 << (self.tags.len() - 1)))
    }

    /// Every `[[tag]]` item: its tag added to each link it names.
    pub(super) fn tag_links(&mut self, spec: &BoardSpec) {
        for t in &spec.tags {
            let Some(bit) = self.tag_bit(&Located::from(t.name.clone())) else {
                continue;
            };
            for r in &t.links {
                self.tag_link(bit, &Located::from(r.clone()));
            }
        }
    }

    /// Adds tag `bit` to the link written `"from dir to"` in `r`, which must exist.
    fn tag_link(&mut self, bit: TagSet, r: &Located<String>) {
        let parts = words(r, self.text);
        if parts.len() != 3 {
            self.push(
                Diagnostic::new(
                    Code::BadLinkRef,
                    r.span.clone(),
                    format!("`{}` is not a link reference", r.value),
                )
                .label("expected three words: from, direction, to")
                .help("write links as \"h1 cw i1\""),
            );
            return;
        }
        let ctx = "`[[tag]]`";
        let from = self.resolve_node(&parts[0], ctx, Code::UnknownNode);
        let dir = self.resolve_dir(&parts[1], ctx);
        let to = self.resolve_node(&parts[2], ctx, Code::UnknownNode);
        let (Some(from), Some(dir), Some(to)) = (from, dir, to) else {
            return;
        };
        if self.composite_not_editable(dir, parts[1].span.clone(), "tagged") {
            return;
        }
        match self.links.get_mut(&(from, dir)) {
            Some(link) if link.step.to == to => link.step.tags = link.step.tags.union(bit),
            other => {
                let actual = other.map(|l| l.step.to);
                let help = match actual {
                    Some(a) => format!(
                        "`{} {}` leads to `{}`",
                        parts[0].value,
                        parts[1].value,
                        self.nodes[a.index()].name
                    ),
                    None => {
                        format!("`{}` has no `{}` link", parts[0].value, parts[1].value)
                    }
                };
                self.push(
                    Diagnostic::new(
                        Code::NoSuchLink,
                        r.span.clone(),
                        format!("the board has no link `{}`", r.value),
                    )
                    .label("no such link to tag")
                    .help(help),
                );
            }
        }
    }
}
