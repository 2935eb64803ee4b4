//! The mechanical migrations of `docs/format-changes.md`, as `chessgraph fix` applies them: text
//! edits of the entries concerned only (comments, order and spacing stay), kept only when the
//! result loads.

use std::ops::Range;
use std::path::Path;

use super::{board_lints, zones};
use crate::FileKind;
use crate::board::Board;
use crate::diagnostic::{FileReport, SourceFile};
use crate::rules::Rules;

/// A board or variant file's text with every mechanical migration of `docs/format-changes.md`
/// applied, or `None` when it needs none: on a grid board, zones declared exactly as the grid
/// generates them are dropped; in a variant, a piece with neither `moves` nor `betza` (refused
/// since 2026-11-25; before, it had no moves) gets `moves = []`. A file that does not load, or
/// whose migrated text would not, gives its reports.
pub fn migrate(path: impl AsRef<Path>) -> Result<Option<String>, Vec<FileReport>> {
    let path = path.as_ref();
    let source = SourceFile::read(path).map_err(|failed| {
        let (source, diagnostic) = *failed;
        vec![FileReport::new(source, vec![diagnostic])]
    })?;
    match crate::spec::kind::file_kind(source.text()) {
        Some(FileKind::Variant) => migrate_variant(path, &source),
        _ => migrate_board(&source),
    }
}

/// Drops the declared zones the grid generates with the same nodes.
fn migrate_board(source: &SourceFile) -> Result<Option<String>, Vec<FileReport>> {
    let (board, report) = Board::check_source(source.clone());
    let board = board.map_err(|r| vec![r])?;
    let text = source.text();
    let Ok(spec) = crate::spec::board::read_board_spec(text) else {
        return Err(vec![report]);
    };
    let ranges: Vec<_> = zones::redundant(&spec, &board)
        .into_iter()
        .map(|z| zones::entry_range(text, z))
        .collect();
    if ranges.is_empty() {
        return Ok(None);
    }
    let fixed = edited(
        text,
        ranges.into_iter().map(|r| (r, String::new())).collect(),
    );
    match Board::check_source(SourceFile::new(source.path(), fixed.as_str())) {
        (Ok(b), _) if board_lints(&fixed, &b).is_empty() => Ok(Some(fixed)),
        (_, report) => Err(vec![report]),
    }
}

/// Gives `moves = []` to each piece of the file that has neither `moves` nor `betza`.
fn migrate_variant(path: &Path, source: &SourceFile) -> Result<Option<String>, Vec<FileReport>> {
    let (rules, reports) = Rules::check_file(path);
    if rules.is_some() {
        return Ok(None);
    }
    let text = source.text();
    let own = reports.iter().filter(|r| r.source.path() == path);
    let edits: Vec<(Range<usize>, String)> = own
        .flat_map(|r| &r.diagnostics)
        .filter(|d| {
            d.code() == "schema::missing-key" && d.message.contains("neither `moves` nor `betza`")
        })
        .filter_map(|d| {
            let at = text.get(d.span.clone())?;
            if at.starts_with('[') {
                Some((d.span.end..d.span.end, "\nmoves = []".to_string()))
            } else if at.starts_with('{') && !at[1..].trim_start().starts_with('}') {
                let after = d.span.start + 1;
                Some((after..after, " moves = [],".to_string()))
            } else {
                None
            }
        })
        .collect();
    if edits.is_empty() {
        return Err(reports);
    }
    let fixed = edited(text, edits);
    // The migrated text is loaded beside the file (its board and parents are relative to it).
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let loads = tempfile::Builder::new()
        .prefix(".fix-")
        .suffix(".toml")
        .tempfile_in(dir)
        .and_then(|mut f| {
            std::io::Write::write_all(&mut f, fixed.as_bytes())?;
            Ok(Rules::check_file(f.path()).0.is_some())
        });
    match loads {
        Ok(true) => Ok(Some(fixed)),
        _ => Err(reports),
    }
}

/// `text` with each range replaced, the ranges disjoint.
fn edited(text: &str, mut edits: Vec<(Range<usize>, String)>) -> String {
    edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
    let mut out = text.to_string();
    for (r, with) in edits {
        out.replace_range(r, &with);
    }
    out
}
