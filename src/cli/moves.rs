//! `moves`: the legal moves of a position.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use chessgraph::notation::legal_move_texts;

use super::args::PositionArgs;
use super::json;
use super::load::load_position;
use super::output::io_error;
use super::show::game_over_text;

/// `moves`: the legal moves on stdout, sorted, as lines or JSON; as lines, whose turn (or the
/// game's end) on stderr.
pub fn moves_command(
    variant: &Path,
    at: &PositionArgs,
    as_json: bool,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let pos = load_position(variant, at, colour)?;
    if as_json {
        return json::moves(&pos, out).map_err(io_error);
    }
    let rules = pos.rules();
    if let Some(o) = pos.outcome() {
        status!("{}", game_over_text(&pos, o));
        return Ok(ExitCode::SUCCESS);
    }
    let texts = legal_move_texts(&pos);
    status!(
        "{} to move: {} legal move(s){}",
        rules.player(pos.to_move()).name,
        texts.len(),
        if pos.is_check() { ", in check" } else { "" }
    );
    for t in texts {
        writeln!(out, "{t}").map_err(io_error)?;
    }
    Ok(ExitCode::SUCCESS)
}
