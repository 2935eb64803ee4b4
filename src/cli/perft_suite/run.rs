//! Running a suite: each position counted depth by depth, and what became of each count.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use chessgraph::perft::perft;
use chessgraph::{Position, Rules};

use super::{Expected, SUITE_CODE, Suite, TextError};

/// What became of one expected count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub(crate) enum DepthResult {
    /// Counted and equal.
    Pass {
        /// Depth.
        depth: u32,
        /// Leaves.
        nodes: u64,
    },
    /// Counted and different.
    Fail {
        /// Depth.
        depth: u32,
        /// As written in the suite.
        expected: u64,
        /// As counted.
        found: u64,
    },
    /// Not counted: the expected count is over the node budget.
    Skipped {
        /// Depth.
        depth: u32,
        /// As written in the suite.
        expected: u64,
    },
}

/// The result of one position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryResult {
    /// Its name.
    pub(crate) name: String,
    /// 1-based line where it starts.
    pub(crate) line: usize,
    /// The variant file it was counted with.
    pub(crate) variant: String,
    /// Its position text as written.
    pub(crate) fen: String,
    /// Every depth, ascending; counting stops at the first failing depth (deeper ones are
    /// not listed).
    pub(crate) depths: Vec<DepthResult>,
}

impl EntryResult {
    /// The first failing depth: (depth, expected, found).
    pub(crate) fn failure(&self) -> Option<(u32, u64, u64)> {
        self.depths.iter().find_map(|d| match *d {
            DepthResult::Fail {
                depth,
                expected,
                found,
            } => Some((depth, expected, found)),
            _ => None,
        })
    }

    /// The result as one line: `NAME (line N): pass (depths 1-4; 5 skipped)` or
    /// `NAME (line N): FAIL at depth 3: expected 8902, found 8901`.
    pub fn line_text(&self) -> String {
        let head = format!("{} (line {})", self.name, self.line);
        if let Some((d, expected, found)) = self.failure() {
            return format!("{head}: FAIL at depth {d}: expected {expected}, found {found}");
        }
        let list = |skipped: bool| -> Vec<String> {
            self.depths
                .iter()
                .filter_map(|d| match *d {
                    DepthResult::Pass { depth, .. } if !skipped => Some(depth.to_string()),
                    DepthResult::Skipped { depth, .. } if skipped => Some(depth.to_string()),
                    _ => None,
                })
                .collect()
        };
        let (run, skipped) = (list(false), list(true));
        let mut s = format!("{head}: ");
        if run.is_empty() {
            s.push_str("skipped (every count is over the node budget)");
        } else {
            s.push_str(&format!("pass (depth {})", run.join(", ")));
        }
        if !skipped.is_empty() && !run.is_empty() {
            s.push_str(&format!("; depth {} skipped", skipped.join(", ")));
        }
        s
    }
}

/// The result of a suite.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SuiteResult {
    /// The suite file.
    pub(crate) suite: String,
    /// Per position, in file order.
    pub(crate) entries: Vec<EntryResult>,
    /// Positions with every counted depth right (and at least one counted).
    pub(crate) passed: usize,
    /// Positions with a wrong count.
    pub failed: usize,
    /// Positions of which no depth was counted.
    pub(crate) skipped: usize,
    /// Depths counted in all.
    pub(crate) depths_counted: usize,
    /// Depths not counted (over the node budget).
    pub(crate) depths_skipped: usize,
}

impl SuiteResult {
    /// The closing line: `7 position(s): 6 passed, 1 failed, 0 skipped; 24 depth(s) counted, 5 skipped`.
    pub fn summary_text(&self) -> String {
        format!(
            "{} position(s): {} passed, {} failed, {} skipped; {} depth(s) counted, {} skipped",
            self.entries.len(),
            self.passed,
            self.failed,
            self.skipped,
            self.depths_counted,
            self.depths_skipped
        )
    }
}

/// Runs a suite. `rules` has the rules of every variant file the entries use (see
/// [`Suite::variant_of`]); every position is read before any is counted, and a position text
/// that does not load is an error located at it. Depths whose expected count is over
/// `max_nodes` are skipped; `each` is told every position's result as soon as it is known.
pub fn run(
    suite: &Suite,
    variant: Option<&Path>,
    rules: &BTreeMap<PathBuf, Arc<Rules>>,
    max_nodes: Option<u64>,
    each: &mut dyn FnMut(&EntryResult),
) -> Result<SuiteResult, TextError> {
    let mut prepared = Vec::new();
    for e in &suite.entries {
        let file = suite.variant_of(e, variant)?;
        let Some(r) = rules.get(&file) else {
            return Err(TextError::new(
                &suite.path,
                e.line,
                1,
                SUITE_CODE,
                format!("the variant file {} was not loaded", file.display()),
            ));
        };
        let pos = Position::from_fen(r, &e.fen).map_err(|why| {
            TextError::new(
                &suite.path,
                e.fen_at.0,
                e.fen_at.1,
                SUITE_CODE,
                format!("expected a position text of {}: {why}", r.name()),
            )
        })?;
        prepared.push((e, file, pos));
    }
    let mut entries = Vec::new();
    for (e, file, mut pos) in prepared {
        let result = EntryResult {
            name: e.name.clone(),
            line: e.line,
            variant: file.display().to_string(),
            fen: e.fen.clone(),
            depths: count_depths(&mut pos, &e.counts, max_nodes),
        };
        each(&result);
        entries.push(result);
    }
    let counted = |d: &DepthResult| !matches!(d, DepthResult::Skipped { .. });
    let failed = entries.iter().filter(|e| e.failure().is_some()).count();
    let skipped = entries
        .iter()
        .filter(|e| !e.depths.iter().any(counted))
        .count();
    Ok(SuiteResult {
        suite: suite.path.display().to_string(),
        passed: entries.len() - failed - skipped,
        failed,
        skipped,
        depths_counted: entries
            .iter()
            .flat_map(|e| &e.depths)
            .filter(|d| counted(d))
            .count(),
        depths_skipped: entries
            .iter()
            .flat_map(|e| &e.depths)
            .filter(|d| !counted(d))
            .count(),
        entries,
    })
}

/// The expected counts of one position judged, shallowest first; the first wrong count ends
/// them (the deeper ones would only repeat it).
fn count_depths(
    pos: &mut Position,
    counts: &[Expected],
    max_nodes: Option<u64>,
) -> Vec<DepthResult> {
    let mut counts = counts.to_vec();
    counts.sort_by_key(|c| c.depth);
    let mut depths = Vec::new();
    for c in counts {
        if max_nodes.is_some_and(|m| c.nodes > m) {
            depths.push(DepthResult::Skipped {
                depth: c.depth,
                expected: c.nodes,
            });
            continue;
        }
        let found = perft(pos, c.depth);
        if found == c.nodes {
            depths.push(DepthResult::Pass {
                depth: c.depth,
                nodes: found,
            });
        } else {
            depths.push(DepthResult::Fail {
                depth: c.depth,
                expected: c.nodes,
                found,
            });
            break;
        }
    }
    depths
}
