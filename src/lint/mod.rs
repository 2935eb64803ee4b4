//! Semantic lints: files that load but probably do not mean what their author meant.
//!
//! A variant file can be valid and still wrong: a frame no player uses, Black's pawns walking the
//! same way as White's, a piece stuck on its start square, a promotion zone out of reach, castling
//! squares the usual rule would check, a start with no legal move, mate without a royal piece,
//! zones and tags nothing uses, captures before anyone moved. Each lint is a warning with a stable `lint::` code, located on the
//! file's own text and with a help line; `chessgraph check` prints them and `--deny-warnings` makes
//! them fail. They run on the finished rules and their start position, so this module comes after
//! `variant` in the data flow; one file per group of lints.
//!
//! ```
//! let (rules, reports) = chessgraph::lint::check_variant("variants/chess.toml");
//! assert!(rules.is_some());
//! assert!(reports.iter().all(|r| r.diagnostics.is_empty()));
//! ```

mod castling;
mod frames;
mod migrate;
mod mobility;
mod start;
mod unused;
mod zones;

pub use migrate::migrate;
pub(crate) use start::start_has_captures;

use std::path::Path;
use std::sync::Arc;

use crate::board::Board;
use crate::diagnostic::{Diagnostic, FileReport, SourceFile, SourceSet};
use crate::position::Position;
use crate::rules::Rules;
use crate::spec::variant::{VariantSpec, read_variant_spec};

/// What every lint reads: the rules, the start position, and the spec with its spans.
struct Context<'a> {
    rules: &'a Arc<Rules>,
    start: &'a Position,
    spec: &'a VariantSpec,
}

/// Loads a variant file as [`Rules::check_file`] does and, when it is valid, adds the lints'
/// warnings to the reports (each in the file that says what it is about).
pub fn check_variant(path: impl AsRef<Path>) -> (Option<Rules>, Vec<FileReport>) {
    let path = path.as_ref();
    let (rules, mut reports) = Rules::check_file(path);
    let Some(rules) = rules else {
        return (None, reports);
    };
    let (sources, spec) = read_variant_spec(path, &crate::rules::ends::declared_keys());
    let Ok(spec) = spec else {
        return (Some(rules), reports);
    };
    let rules = Arc::new(rules);
    let diags = lints(&rules, &spec);
    merge(&mut reports, &sources, diags);
    if let Ok(source) = SourceFile::read(&spec.board_path) {
        let mut diags = board_lints(source.text(), rules.board());
        diags.retain(|d| !spec.allowed_lints.allows(d.code()));
        let mut board = SourceSet::new();
        board.add(source);
        merge(&mut reports, &board, diags);
    }
    let rules = Arc::try_unwrap(rules).unwrap_or_else(|shared| (*shared).clone());
    (Some(rules), reports)
}

/// Loads a board file as [`Board::check_file`] does and, when it is valid, adds the board's lints
/// (`lint::redundant-zone`) to its report.
pub fn check_board(path: impl AsRef<Path>) -> (Result<Board, FileReport>, FileReport) {
    let (board, report) = Board::check_file(path);
    let Ok(board) = board else {
        return (board, report);
    };
    let diags = board_lints(report.source.text(), &board);
    let mut all = report.diagnostics.clone();
    all.extend(diags);
    (Ok(board), FileReport::new(report.source.clone(), all))
}

/// The lints of a loaded board, from its text.
pub(crate) fn board_lints(text: &str, board: &Board) -> Vec<Diagnostic> {
    match crate::spec::board::read_board_spec(text) {
        Ok(spec) => zones::redundant_zones(&spec, board),
        Err(_) => Vec::new(),
    }
}

/// Every lint's warnings for valid rules, in the span space of the spec's sources.
fn lints(rules: &Arc<Rules>, spec: &VariantSpec) -> Vec<Diagnostic> {
    let start = Position::start(rules);
    let cx = Context {
        rules,
        start: &start,
        spec,
    };
    let mut diags = Vec::new();
    frames::unused_frames(&cx, &mut diags);
    frames::shared_orientation(&cx, &mut diags);
    frames::unturned_directions(&cx, &mut diags);
    mobility::immobile_pieces(&cx, &mut diags);
    mobility::unreachable_promotions(&cx, &mut diags);
    castling::castling_squares(&cx, &mut diags);
    start::start_without_moves(&cx, &mut diags);
    start::mate_without_royal(&cx, &mut diags);
    start::start_captures(&cx, &mut diags);
    unused::unused_zones(&cx, &mut diags);
    unused::unused_tags(&cx, &mut diags);
    diags.retain(|d| !spec.allowed_lints.allows(d.code()));
    diags
}

/// Adds diagnostics to the reports of their files (a file without a report gets one).
fn merge(reports: &mut Vec<FileReport>, sources: &SourceSet, diags: Vec<Diagnostic>) {
    if diags.is_empty() {
        return;
    }
    for new in sources.reports(diags) {
        if new.diagnostics.is_empty() {
            continue;
        }
        match reports
            .iter_mut()
            .find(|r| r.source.path() == new.source.path())
        {
            Some(old) => {
                let mut all = std::mem::take(&mut old.diagnostics);
                all.extend(new.diagnostics);
                *old = FileReport::new(old.source.clone(), all);
            }
            None => reports.push(new),
        }
    }
}

/// Names joined for a message: `a1, b1 and c1`.
fn listed<S: AsRef<str>>(names: &[S]) -> String {
    match names {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}
