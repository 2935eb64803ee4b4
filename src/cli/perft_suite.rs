//! Perft suites (`chessgraph perft-suite`): positions with their expected perft counts, in the
//! EPD form the chess-programming community uses or in our own `tests/perft/*.perft` form, run
//! and judged depth by depth.
//!
//! - EPD: one position a line, `POSITION ;D1 20 ;D2 400 ...`; an `id NAME` field (`;id start`)
//!   names it. The position text must fit on one line (it may omit the clocks, as EPD does). The
//!   variant is given by the caller (`--variant`).
//! - `.perft`: entries of `id NAME`, `variant PATH`, `fen TEXT` and `perft DEPTH COUNT` lines,
//!   separated by blank lines. `PATH` is relative to the current directory, or else to the suite's
//!   folder. Entries written by `scripts/fsf-oracle` also have a `moves MOVE...` line (the moves
//!   from the variant's start that reach the position) and an `fsf-fen TEXT` line
//!   (Fairy-Stockfish's text of it): they are read into the entry for the test suite to check;
//!   running a suite does not use them.
//!
//! Lines starting with `#` are comments in both. A suite is read whole before anything is run, so a
//! mistake in it is reported (file, line, column, what was expected) before any count.
//!
//! The command line's, on the library's public API (`chessgraph::perft`); the tests include this
//! file to check suites the same way.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::Serialize;

use chessgraph::diagnostic::quoted;
use chessgraph::perft::perft;
use chessgraph::{Position, Rules};

use super::text_error::{TextError, column_of};

/// The code of problems in a suite file.
pub const SUITE_CODE: &str = "perft-suite::syntax";

/// The two suite formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `POSITION ;D1 N ;D2 N ...` per line.
    Epd,
    /// Our `tests/perft/*.perft` entries.
    Perft,
}

impl Format {
    /// The format of a file: `.perft` files are ours; a file whose first entry line starts with
    /// `id ` is ours too; anything else is EPD.
    pub fn of(path: &Path, text: &str) -> Format {
        if path.extension().is_some_and(|e| e == "perft") {
            return Format::Perft;
        }
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        match first {
            Some(l) if l.starts_with("id ") => Format::Perft,
            _ => Format::Epd,
        }
    }
}

/// An expected count, with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// Depth in plies.
    pub depth: u32,
    /// Leaves of the move tree.
    pub nodes: u64,
    /// 1-based line and column of the count.
    pub(crate) at: (usize, usize),
}

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name: the `id`, or `line N`.
    pub name: String,
    /// 1-based line where it starts.
    pub line: usize,
    /// The variant file named by the entry (`.perft` files).
    pub variant: Option<PathBuf>,
    /// The position text, with its line and column.
    pub fen: String,
    /// Where the position text is written.
    pub(crate) fen_at: (usize, usize),
    /// The expected counts, by depth as written.
    pub counts: Vec<Expected>,
    /// `moves` (`.perft` files): the moves from the variant's start that reach the position, as
    /// written (Fairy-Stockfish's compact UCI text), when given.
    pub moves: Option<Vec<String>>,
    /// `fsf-fen` (`.perft` files): Fairy-Stockfish's text of the position, when given.
    pub fsf_fen: Option<String>,
}

/// A suite file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    /// The file.
    pub(crate) path: PathBuf,
    /// Its format.
    pub format: Format,
    /// Its positions, in file order.
    pub entries: Vec<Entry>,
}

/// Reads a suite's text (`path` names it in messages and anchors relative variant paths).
pub fn parse(path: &Path, text: &str, format: Format) -> Result<Suite, TextError> {
    let entries = match format {
        Format::Epd => parse_epd(path, text)?,
        Format::Perft => parse_perft(path, text)?,
    };
    if entries.is_empty() {
        return Err(TextError::new(
            path,
            text.lines().count().max(1),
            1,
            SUITE_CODE,
            "the suite has no positions",
        ));
    }
    Ok(Suite {
        path: path.to_path_buf(),
        format,
        entries,
    })
}

/// The lines that say something (not blank, not a `#` comment): index, line, trimmed line.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i, line, line.trim()))
        .filter(|(_, _, t)| !t.is_empty() && !t.starts_with('#'))
}

fn parse_epd(path: &Path, text: &str) -> Result<Vec<Entry>, TextError> {
    let mut out = Vec::new();
    for (i, line, _) in content_lines(text) {
        let err = |offset: usize, m: String| {
            TextError::new(path, i + 1, column_of(line, offset), SUITE_CODE, m)
        };
        // Where a slice of `line` starts (the end of the line for a slice from elsewhere).
        let offset_of = |s: &str| {
            (s.as_ptr() as usize)
                .checked_sub(line.as_ptr() as usize)
                .filter(|&o| o <= line.len())
                .unwrap_or(line.len())
        };
        let mut fields = line.split(';');
        let fen = fields.next().unwrap_or("").trim();
        if fen.is_empty() {
            return Err(err(
                0,
                "expected a position text before the first `;`".into(),
            ));
        }
        let mut entry = Entry {
            name: format!("line {}", i + 1),
            line: i + 1,
            variant: None,
            fen: fen.to_string(),
            fen_at: (i + 1, column_of(line, offset_of(fen))),
            counts: Vec::new(),
            moves: None,
            fsf_fen: None,
        };
        for field in fields {
            let f = field.trim();
            let at = offset_of(f);
            if let Some(name) = f.strip_prefix("id ") {
                entry.name = name.trim().trim_matches('"').to_string();
                continue;
            }
            let Some(rest) = f.strip_prefix('D') else {
                let found = if f.is_empty() {
                    "nothing".to_string()
                } else {
                    format!("`{}`", quoted(f))
                };
                return Err(err(
                    at,
                    format!("expected `D<depth> <count>` or `id NAME`, found {found}"),
                ));
            };
            let (d, n) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
            let depth = number(d, "a depth", &f[..1 + d.len()]).map_err(|m| err(at + 1, m))?;
            let n = n.trim();
            let nodes = number(n, "a count", f).map_err(|m| err(offset_of(n).max(at), m))?;
            let depth = u32::try_from(depth)
                .ok()
                .filter(|&d| d <= chessgraph::limits::MAX_PERFT_DEPTH)
                .ok_or_else(|| err(at + 1, format!("depth {depth} is over 64")))?;
            if let Some(m) = repeated_depth(&entry.counts, depth) {
                return Err(err(at + 1, m));
            }
            entry.counts.push(Expected {
                depth,
                nodes,
                at: (i + 1, column_of(line, offset_of(n))),
            });
        }
        if entry.counts.is_empty() {
            return Err(err(
                line.len(),
                "expected at least one `;D<depth> <count>`".into(),
            ));
        }
        out.push(entry);
    }
    Ok(out)
}

/// Why a `.perft` entry may not have a `key` line again: one `variant`, `fen`, `moves` and
/// `fsf-fen` each (a second one would silently replace the first).
fn repeated_line(e: &Entry, key: &str) -> Option<String> {
    let given = match key {
        "variant" => e.variant.is_some(),
        "fen" => !e.fen.is_empty(),
        "fsf-fen" => e.fsf_fen.is_some(),
        "moves" => e.moves.is_some(),
        _ => false,
    };
    given.then(|| {
        format!(
            "`{key}` is given twice for `{}` (one `{key}` line per entry)",
            quoted(&e.name)
        )
    })
}

/// Why `depth` may not be counted again: an entry counts each depth once (a second count would
/// be judged too, and the report would name the depth twice).
fn repeated_depth(counts: &[Expected], depth: u32) -> Option<String> {
    let first = counts.iter().find(|c| c.depth == depth)?;
    Some(format!(
        "depth {depth} is given twice (first at line {}, column {}): one count per depth",
        first.at.0, first.at.1
    ))
}

/// A number of the suite, or what was expected instead.
fn number(text: &str, what: &str, shown: &str) -> Result<u64, String> {
    text.parse::<u64>().map_err(|_| {
        format!(
            "expected {what} (a whole number), found `{}`",
            quoted(if text.is_empty() { shown } else { text })
        )
    })
}

fn parse_perft(path: &Path, text: &str) -> Result<Vec<Entry>, TextError> {
    let mut out: Vec<Entry> = Vec::new();
    for (i, line, trimmed) in content_lines(text) {
        let err = |offset: usize, m: String| {
            TextError::new(path, i + 1, column_of(line, offset), SUITE_CODE, m)
        };
        let start = line.len() - line.trim_start().len();
        let (key, value) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        let value_at = start + key.len() + (value.len() - value.trim_start().len()) + 1;
        let value = value.trim();
        if key == "id" {
            out.push(Entry {
                name: value.to_string(),
                line: i + 1,
                variant: None,
                fen: String::new(),
                fen_at: (i + 1, 1),
                counts: Vec::new(),
                moves: None,
                fsf_fen: None,
            });
            continue;
        }
        let Some(e) = out.last_mut() else {
            return Err(err(
                start,
                format!("expected `id NAME` before `{}`", quoted(key)),
            ));
        };
        if let Some(m) = repeated_line(e, key) {
            return Err(err(start, m));
        }
        match key {
            "variant" => e.variant = Some(PathBuf::from(value)),
            "fen" => {
                e.fen = value.to_string();
                e.fen_at = (i + 1, column_of(line, value_at));
            }
            "fsf-fen" => e.fsf_fen = Some(value.to_string()),
            "moves" => e.moves = Some(value.split_whitespace().map(String::from).collect()),
            "perft" => {
                let (depth, nodes, n_at) =
                    count_line(line, value, value_at).map_err(|(o, m)| err(o, m))?;
                if let Some(m) = repeated_depth(&e.counts, depth) {
                    return Err(err(value_at, m));
                }
                e.counts.push(Expected {
                    depth,
                    nodes,
                    at: (i + 1, column_of(line, n_at)),
                });
            }
            other => {
                return Err(err(
                    start,
                    format!(
                        "expected `id`, `variant`, `fen`, `perft`, `moves` or `fsf-fen`, found `{}`",
                        quoted(other)
                    ),
                ));
            }
        }
    }
    match out.iter().find_map(|e| missing_line(path, e)) {
        Some(problem) => Err(problem),
        None => Ok(out),
    }
}

/// The problem of a `.perft` entry without a position or a count, at its `id` line.
fn missing_line(path: &Path, e: &Entry) -> Option<TextError> {
    let what = if e.fen.is_empty() {
        "a `fen TEXT` line"
    } else if e.counts.is_empty() {
        "a `perft DEPTH COUNT` line"
    } else {
        return None;
    };
    Some(TextError::new(
        path,
        e.line,
        1,
        SUITE_CODE,
        format!("the entry `{}` lacks {what}", quoted(&e.name)),
    ))
}

/// The depth, the count and the offset of the count of a `perft DEPTH COUNT` line whose value
/// (`DEPTH COUNT`) starts at `value_at`; or the offset and text of its problem.
fn count_line(
    line: &str,
    value: &str,
    value_at: usize,
) -> Result<(u32, u64, usize), (usize, String)> {
    let words: Vec<&str> = value.split_whitespace().collect();
    let [d, n] = words[..] else {
        return Err((value_at, "expected `perft DEPTH COUNT`".into()));
    };
    let depth = number(d, "a depth", d).map_err(|m| (value_at, m))?;
    let n_at = n.as_ptr() as usize - line.as_ptr() as usize;
    let nodes = number(n, "a count", n).map_err(|m| (n_at, m))?;
    let depth = u32::try_from(depth)
        .ok()
        .filter(|&d| d <= chessgraph::limits::MAX_PERFT_DEPTH)
        .ok_or_else(|| (value_at, format!("depth {depth} is over 64")))?;
    Ok((depth, nodes, n_at))
}

impl Suite {
    /// The variant file of an entry: `variant` (the caller's choice, `--variant`) when given,
    /// else the entry's own, relative to the current directory or else to the suite's folder.
    pub fn variant_of(&self, e: &Entry, variant: Option<&Path>) -> Result<PathBuf, TextError> {
        if let Some(v) = variant {
            return Ok(v.to_path_buf());
        }
        let Some(own) = &e.variant else {
            return Err(TextError::new(
                &self.path,
                e.line,
                1,
                SUITE_CODE,
                match self.format {
                    Format::Epd => "an EPD suite names no variant: give one with --variant FILE",
                    Format::Perft => {
                        "the entry has no `variant PATH` line (or give --variant FILE)"
                    }
                },
            ));
        };
        let beside = self.path.parent().map(|d| d.join(own));
        Ok(match beside {
            Some(b) if !own.is_file() && b.is_file() => b,
            _ => own.clone(),
        })
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;

    fn epd(line: &str) -> Result<Suite, TextError> {
        parse(Path::new("s.epd"), line, Format::Epd)
    }

    #[test]
    fn an_epd_line_reads_into_its_counts() {
        let suite = epd("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9\n").unwrap();
        assert_eq!(suite.entries[0].counts.len(), 2);
    }

    #[test]
    fn every_malformed_epd_field_is_located_never_a_panic() {
        let fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
        for (tail, column, says) in [
            (" ;D2", 33, "expected a count (a whole number), found `D2`"),
            (" ;D", 32, "expected a depth (a whole number), found `D`"),
            (" ;Dx 5", 32, "expected a depth (a whole number), found `x`"),
            (" ;D1 5 ;", 37, "or `id NAME`, found nothing"),
            (" ;D99 5", 32, "depth 99 is over 64"),
            (" ;hello", 31, "found `hello`"),
            (
                " ;D1 3 ;D1 3",
                38,
                "depth 1 is given twice (first at line 1, column 34)",
            ),
            ("", 29, "expected at least one `;D<depth> <count>`"),
        ] {
            let e = epd(&format!("{fen}{tail}")).unwrap_err();
            assert_eq!((e.line, e.column), (1, column), "{tail:?}: {e}");
            assert!(e.message.contains(says), "{tail:?}: {e}");
        }
        let ok = epd(&format!("{fen} ;id two kings ;D1 3 ;D2 9")).unwrap();
        assert_eq!(ok.entries[0].name, "two kings");
        assert_eq!(ok.entries[0].counts[1].at, (1, 54));
    }

    #[test]
    fn perft_files_need_an_id_a_position_and_a_count() {
        let p = |t: &str| parse(Path::new("s.perft"), t, Format::Perft);
        assert!(
            p("fen x\n")
                .unwrap_err()
                .message
                .contains("expected `id NAME` before `fen`")
        );
        let e = p("id a\nvariant v.toml\nperft 1 20\n").unwrap_err();
        assert!(e.message.contains("lacks a `fen TEXT` line"), "{e}");
        let e = p("id a\nfen x\nperft 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 7), "{e}");
        let e = p("id a\nfen x\nwhat 1\n").unwrap_err();
        assert!(e.message.contains("found `what`"), "{e}");
    }

    #[test]
    fn a_perft_entry_gives_each_depth_and_each_line_once() {
        let p = |t: &str| parse(Path::new("s.perft"), t, Format::Perft);
        let e = p("id a\nfen x\nperft 1 20\nperft 1 20\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 7), "{e}");
        assert!(
            e.message
                .contains("depth 1 is given twice (first at line 3, column 9)"),
            "{e}"
        );
        for key in ["variant v.toml", "fen y", "moves e2e4", "fsf-fen y"] {
            let text =
                format!("id a\nfen x\nvariant v.toml\nmoves e2e4\nfsf-fen y\n{key}\nperft 1 20\n");
            let e = p(&text).unwrap_err();
            let name = key.split(' ').next().unwrap();
            assert_eq!((e.line, e.column), (6, 1), "{key}: {e}");
            assert!(
                e.message
                    .contains(&format!("`{name}` is given twice for `a`")),
                "{e}"
            );
        }
        // Another entry may give them again.
        assert!(p("id a\nfen x\nperft 1 20\nid b\nfen x\nperft 1 20\n").is_ok());
    }

    #[test]
    fn oracle_lines_are_read_into_the_entry() {
        let text =
            "id a\nfen x\nmoves e2e4  e7e5\nfsf-fen y z\nperft 1 20\nid b\nfen x\nperft 1 20\n";
        let suite = parse(Path::new("s.perft"), text, Format::Perft).unwrap();
        let [a, b] = &suite.entries[..] else {
            panic!("two entries")
        };
        assert_eq!(a.moves, Some(vec!["e2e4".to_string(), "e7e5".to_string()]));
        assert_eq!(a.fsf_fen.as_deref(), Some("y z"));
        assert_eq!((&b.moves, &b.fsf_fen), (&None, &None));
    }
}
