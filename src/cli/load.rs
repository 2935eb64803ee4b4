//! The loaders the commands share: a variant or board file (its problems reported as `check`
//! reports them), and the position `--fen`/`--moves` name.

use std::path::Path;
use std::sync::Arc;

use chessgraph::Board;
use chessgraph::Move;
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::diagnostic::SourceFile;
use chessgraph::notation::{LineError, parse_move, play_line};
use chessgraph::{FileKind, file_kind};

use super::args::PositionArgs;
use super::output::{report, shown};

/// The format of the file at `path`, when it can be read and told.
pub fn kind_of(path: &Path) -> Option<FileKind> {
    SourceFile::read(path)
        .ok()
        .and_then(|s| file_kind(s.text()))
}

/// The message for a file of the other kind than the command needs.
fn wrong_kind(path: &Path, found: FileKind, expected: FileKind) -> String {
    format!(
        "{} is a {} ({}); this command needs a {} ({})",
        shown(path),
        found.describe(),
        found.marker(),
        expected.describe(),
        expected.marker()
    )
}

/// The rules of a variant file; its problems are reported on stderr.
pub fn load_rules(path: &Path, colour: bool) -> Result<Arc<Rules>, String> {
    if kind_of(path) == Some(FileKind::Board) {
        return Err(wrong_kind(path, FileKind::Board, FileKind::Variant));
    }
    chessgraph::load(path).map_err(|e| {
        for r in &e.0 {
            report(r, false, colour);
        }
        format!("{} is not a valid variant file", path.display())
    })
}

/// The board of a board file, or of a variant file (its `board`).
pub fn load_board(path: &Path, colour: bool) -> Result<Board, String> {
    if kind_of(path) == Some(FileKind::Variant) {
        return Ok(load_rules(path, colour)?.board().clone());
    }
    Board::load(path).map_err(|e| {
        report(&e.0, false, colour);
        format!("{} is not a valid board file", path.display())
    })
}

/// The position of a command on a variant file: the variant loaded (its problems reported), then
/// [`position_at`].
pub fn load_position(variant: &Path, at: &PositionArgs, colour: bool) -> Result<Position, String> {
    position_at(&load_rules(variant, colour)?, at)
}

/// The position a command works on: `--fen` (or the start) with `--moves` played.
pub fn position_at(rules: &Arc<Rules>, at: &PositionArgs) -> Result<Position, String> {
    let mut pos = match &at.fen {
        Some(f) => Position::from_fen(rules, f).map_err(|e| format!("invalid --fen: {e}"))?,
        None => Position::start(rules),
    };
    play_line(&mut pos, &at.moves).map_err(|e| format!("--moves: {e}"))?;
    Ok(pos)
}

/// Like [`position_at`], and also returns the last move of `--moves` (for highlighting).
pub fn position_and_last_move(
    rules: &Arc<Rules>,
    at: &PositionArgs,
) -> Result<(Position, Option<Move>), String> {
    let words: Vec<&str> = at.moves.split_whitespace().collect();
    let Some((last, first)) = words.split_last() else {
        return Ok((position_at(rules, at)?, None));
    };
    let mut pos = position_at(
        rules,
        &PositionArgs {
            fen: at.fen.clone(),
            moves: first.join(" "),
        },
    )?;
    let m = parse_move(&pos, last).map_err(|error| {
        format!(
            "--moves: {}",
            LineError {
                index: words.len(),
                text: last.to_string(),
                error,
            }
        )
    })?;
    pos.play(&m).map_err(|e| {
        format!(
            "--moves: {}",
            LineError {
                index: words.len(),
                text: last.to_string(),
                error: e.into(),
            }
        )
    })?;
    let _ = pos.resolve(&mut Vec::new());
    Ok((pos, Some(m)))
}
