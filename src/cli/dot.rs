//! `dot`: a board as a Graphviz graph.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use super::load::load_board;
use super::output::io_error;
use super::render_command::direction_named;

/// `dot`: the graph of the board of `board` (a board or a variant file), all its links or only
/// those of the direction `links` names.
pub fn dot_command(
    board: &Path,
    links: Option<&str>,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let b = load_board(board, colour)?;
    let only = links.map(|l| direction_named(&b, l)).transpose()?;
    write!(out, "{}", b.to_dot_with(only)).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}
