//! Reading a suite: the EPD lines and the `.perft` entries, every mistake located.

use std::path::{Path, PathBuf};

use chessgraph::diagnostic::quoted;

use super::{Entry, Expected, SUITE_CODE, TextError, column_of};

/// The lines that say something (not blank, not a `#` comment): index, line, trimmed line.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i, line, line.trim()))
        .filter(|(_, _, t)| !t.is_empty() && !t.starts_with('#'))
}

pub(super) fn parse_epd(path: &Path, text: &str) -> Result<Vec<Entry>, TextError> {
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

pub(super) fn parse_perft(path: &Path, text: &str) -> Result<Vec<Entry>, TextError> {
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
