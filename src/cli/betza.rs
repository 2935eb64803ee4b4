//! `chessgraph betza "..." [--board B]`: the path programs a Betza string compiles to.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use chessgraph::diagnostic::{FileReport, SourceFile};

use super::load::load_board;
use super::output::{io_error, report};

/// Prints one path program per line; a string that does not compile is reported at its
/// character, as a one-line source named `<betza>`.
pub(super) fn betza_command(
    notation: &str,
    board: &Path,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    if !board.exists() {
        return Err(format!(
            "there is no board file {}: `betza` compiles on a board's directions (by default boards/chess.toml in the current folder, as in a chessgraph checkout); name one with --board FILE",
            board.display()
        ));
    }
    let b = load_board(board, colour)?;
    let has = |d: &str| b.direction(d).is_some();
    match chessgraph::betza::compile(notation, &has, &|r| r) {
        Ok(programs) => {
            for p in programs {
                writeln!(out, "{}", p.text).map_err(io_error)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(d) => {
            let source = SourceFile::new("<betza>", notation.to_string());
            report(&FileReport::new(source, vec![d]), false, colour);
            Err(format!(
                "`{}` does not compile on {}",
                chessgraph::diagnostic::quoted(notation),
                board.display()
            ))
        }
    }
}
