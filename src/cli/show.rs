//! `show`: a position as text or JSON, with the draw the draw rules would give.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use chessgraph::Rules;
use chessgraph::notation::parse_move;
use chessgraph::{Outcome, Position};

use super::args::PositionArgs;
use super::json;
use super::load::{load_rules, position_at};
use super::output::io_error;

/// `show`: the position after `at`, as text or JSON, with the draw the draw rules would give
/// (when `draw_rules`).
pub fn show_command(
    variant: &Path,
    at: &PositionArgs,
    draw_rules: bool,
    as_json: bool,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let rules = load_rules(variant, colour)?;
    let pos = position_at(&rules, at)?;
    let draw = (draw_rules && pos.outcome().is_none())
        .then(|| pos.draw_by_rules(&earlier_hashes(&rules, at)))
        .flatten();
    if as_json {
        return json::show(&pos, draw, out).map_err(io_error);
    }
    write!(out, "{}", pos.to_text()).map_err(io_error)?;
    if let Some(draw) = draw {
        writeln!(out, "{}", game_over_text(&pos, draw)).map_err(io_error)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The hashes of the positions before each of `--moves` (for the repetition rule of `show`):
/// the line is known to play, as [`position_at`] played it first.
fn earlier_hashes(rules: &Arc<Rules>, at: &PositionArgs) -> Vec<u64> {
    let mut pos = match &at.fen {
        Some(f) => match Position::from_fen(rules, f) {
            Ok(p) => p,
            Err(_) => return Vec::new(),
        },
        None => Position::start(rules),
    };
    let mut hashes = Vec::new();
    for text in at.moves.split_whitespace() {
        hashes.push(pos.hash());
        match parse_move(&pos, text) {
            Ok(m) if pos.play(&m).is_ok() => {}
            _ => break,
        }
    }
    hashes
}

/// How a game ended, as `show` and `moves` print it.
pub fn game_over_text(pos: &Position, o: Outcome) -> String {
    let rules = pos.rules();
    match o {
        Outcome::Winner(w) => format!("game over: {} wins", rules.player(w).name),
        Outcome::Stalemate(p) => {
            format!("game over: draw ({} is stalemated)", rules.player(p).name)
        }
        other => format!("game over: {}", pos.result_text(other)),
    }
}
