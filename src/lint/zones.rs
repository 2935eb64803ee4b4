//! `lint::redundant-zone`: a grid board that declares a zone the grid generates (`rank_2`,
//! `file_a`) with exactly the generated nodes. Boards written before the generated zones all did;
//! they keep loading, with this warning, and `chessgraph fix` drops the declarations.

use std::ops::Range;

use crate::board::Board;
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::board::{BoardSpec, ZoneSpec};

/// The declared zones of a loaded board that the grid also generates: on a board that loads, each
/// has exactly the generated nodes (a different one is `board::generated-zone-name`).
pub(super) fn redundant<'s>(spec: &'s BoardSpec, board: &Board) -> Vec<&'s ZoneSpec> {
    spec.zones
        .iter()
        .filter(|z| board.zone(&z.name.value).is_some_and(|g| g.generated))
        .collect()
}

/// A warning for each redundant declaration, at its name.
pub(super) fn redundant_zones(spec: &BoardSpec, board: &Board) -> Vec<Diagnostic> {
    let what = |name: &str| match name.strip_prefix("rank_") {
        Some(rank) => format!("every node of rank {rank}"),
        None => format!("every node of file {}", name.trim_start_matches("file_")),
    };
    redundant(spec, board)
        .into_iter()
        .map(|z| {
            let name = &z.name.value;
            Diagnostic::new(
                Code::LintRedundantZone,
                z.name.span.clone(),
                format!(
                    "zone `{name}` declares exactly the nodes of the zone the grid generates, `{name}` ({})",
                    what(name)
                ),
            )
            .label("the generated zone already")
            .help("remove the declaration (`chessgraph fix FILE` does), the generated zone stays")
        })
        .collect()
}

/// The byte range that removes a zone's entry from the file: its whole lines (a comment at their
/// end included) when nothing else is on them, otherwise the entry and the comma after it.
pub(super) fn entry_range(text: &str, zone: &ZoneSpec) -> Range<usize> {
    let (start, end) = (zone.name.span.start, zone.span.end);
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i + 1);
    let before = &text[line_start..start];
    let after = text[end..line_end].trim();
    if before.trim().is_empty() && (after.is_empty() || after.starts_with('#')) {
        return line_start..line_end;
    }
    let rest = &text[end..];
    let skip = rest.len() - rest.trim_start_matches([' ', '\t']).len();
    let comma = rest[skip..].starts_with(',');
    let end = if comma {
        let after_comma = &rest[skip + 1..];
        end + skip + 1 + (after_comma.len() - after_comma.trim_start_matches([' ', '\t']).len())
    } else {
        end
    };
    start..end
}
