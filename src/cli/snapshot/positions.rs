//! The positions a snapshot reports besides the start (`--positions FILE`): one per line, either
//! a position text or `moves M1 M2 ...` (moves played from the start). Blank lines and lines
//! starting with `#` are skipped.

use std::path::Path;
use std::sync::Arc;

use chessgraph::notation::play_line;
use chessgraph::{Position, Rules};

use super::super::text_error::{TextError, column_of, read_text_file};

/// The code of problems in a positions file.
pub(crate) const POSITIONS_CODE: &str = "snapshot::positions";

/// A position to report, with where it came from.
#[derive(Clone, Debug)]
pub struct ExtraPosition {
    /// How the report names it: `line N`.
    pub(crate) label: String,
    /// The position.
    pub(crate) position: Position,
}

/// Reads a positions file for `rules`; the first problem is returned, located.
pub fn read_positions(rules: &Arc<Rules>, path: &Path) -> Result<Vec<ExtraPosition>, TextError> {
    let source = read_text_file(path, POSITIONS_CODE)?;
    parse_positions(rules, path, source.text())
}

/// Reads the text of a positions file (`path` names it in messages).
pub(crate) fn parse_positions(
    rules: &Arc<Rules>,
    path: &Path,
    text: &str,
) -> Result<Vec<ExtraPosition>, TextError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let at = line.len() - line.trim_start().len();
        let err = |offset: usize, message: String| {
            TextError::new(
                path,
                i + 1,
                column_of(line, offset),
                POSITIONS_CODE,
                message,
            )
        };
        let position = match trimmed.strip_prefix("moves") {
            Some(rest) if rest.is_empty() || rest.starts_with(char::is_whitespace) => {
                let mut pos = Position::start(rules);
                play_line(&mut pos, rest).map_err(|e| {
                    // Locate the failing move: the index-th word after `moves`.
                    let offset = rest
                        .split_whitespace()
                        .nth(e.index - 1)
                        .map_or(0, |w| w.as_ptr() as usize - line.as_ptr() as usize);
                    err(offset, format!("cannot play the moves from the start: {e}"))
                })?;
                pos
            }
            _ => Position::from_fen(rules, trimmed).map_err(|e| {
                err(
                    at,
                    format!(
                        "expected a position text of {} or `moves M1 M2 ...`: {e}",
                        rules.name()
                    ),
                )
            })?,
        };
        out.push(ExtraPosition {
            label: format!("line {}", i + 1),
            position,
        });
    }
    Ok(out)
}
