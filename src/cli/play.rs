//! `play`: a game at the terminal.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use super::session::PlayOptions;

use super::args::PositionArgs;
use super::load::load_position;
use super::output::io_error;

/// `play`: a game from the position `at` names; piped input is echoed so that the output reads
/// as a session.
pub fn play_command(
    variant: &Path,
    at: &PositionArgs,
    draw_rules: bool,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let pos = load_position(variant, at, colour)?;
    let stdin = std::io::stdin();
    let options = PlayOptions {
        echo: !stdin.is_terminal(),
        draw_rules,
    };
    super::session::play(pos, stdin.lock(), out, &options).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}
