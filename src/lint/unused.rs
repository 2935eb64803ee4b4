//! Names declared and never used: a player's zone that no pattern, promotion, drop or outcome
//! names (`lint::unused-zone`), and a tag of the board that no gate and no `avoid:` of the
//! variant reads (`lint::unused-tag`).

use super::Context;
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::TagSet;

/// A `[[player]] zones` entry whose name nothing of the variant uses.
pub(super) fn unused_zones(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    for p in &cx.spec.players {
        for (key, target) in &p.zones {
            if rules.zone_by_name(key).is_some() {
                continue;
            }
            out.push(
                Diagnostic::new(
                    Code::LintUnusedZone,
                    target.span(),
                    format!(
                        "player `{}` declares zone `{key}`, but no pattern (`from:`, `within:`, `to:`), promotion, drop or outcome of the variant uses it",
                        p.name.get_ref()
                    ),
                )
                .label("never used")
                .help(format!("use `{key}` (e.g. `from:{key}` in a pattern), or remove the entry")),
            );
        }
    }
}

/// A tag of the board that the variant never reads: no gate closes it and no pattern avoids it.
pub(super) fn unused_tags(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let board = rules.board();
    let avoided = rules
        .kinds()
        .iter()
        .flat_map(|k| &k.patterns)
        .fold(TagSet::EMPTY, |acc, p| acc.union(p.avoid));
    let read = avoided.union(rules.gate_tags());
    let unused: Vec<&str> = board
        .tags()
        .iter()
        .enumerate()
        .filter(|(i, _)| !read.indices().any(|r| r == *i))
        .map(|(_, t)| t.as_str())
        .collect();
    for tag in unused {
        out.push(
            Diagnostic::new(
                Code::LintUnusedTag,
                cx.spec.board.span.clone(),
                format!(
                    "the board tags links `{tag}`, but no gate and no `avoid:{tag}` of the variant reads the tag"
                ),
            )
            .label("the board")
            .help(format!(
                "close the links with a `[[gate]] tag = \"{tag}\"`, keep pieces off them with `avoid:{tag}`, or drop the tag from the board"
            )),
        );
    }
}
