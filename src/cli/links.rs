//! `links`: the links leaving one node of a board.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use super::load::load_board;
use super::output::io_error;

/// `links`: the links leaving `node` of the board of `board` (a board or a variant file).
pub fn links_command(
    board: &Path,
    node: &str,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let b = load_board(board, colour)?;
    let Some(n) = b.node(node) else {
        let hint = chessgraph::diagnostic::suggest(node, b.node_ids().map(|n| b.node_name(n)))
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return Err(format!(
            "{} has no node `{}`{hint}",
            board.display(),
            chessgraph::diagnostic::quoted(node)
        ));
    };
    write!(out, "{}", b.node_links(n)).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}
