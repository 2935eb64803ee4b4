//! `play`: a game at the terminal.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use chessgraph::PlayerSet;

use super::session::{Computer, PlayOptions};

use super::args::{ComputerArgs, PositionArgs};
use super::load::load_position;
use super::output::io_error;

/// `play`: a game from the position `at` names; piped input is echoed so that the output reads
/// as a session.
pub fn play_command(
    variant: &Path,
    at: &PositionArgs,
    draw_rules: bool,
    computer: &ComputerArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let pos = load_position(variant, at, colour)?;
    let seats = seats(pos.rules(), &computer.engine)?;
    let stdin = std::io::stdin();
    let options = PlayOptions {
        echo: !stdin.is_terminal(),
        draw_rules,
        computer: Computer {
            seats,
            limits: computer.limits(),
            max_n: computer.search.max_n(),
        },
    };
    super::session::play(pos, stdin.lock(), out, &options).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// The seats `--engine` names, by player name; an unknown name is refused with the known ones.
pub(crate) fn seats(rules: &chessgraph::Rules, names: &[String]) -> Result<PlayerSet, String> {
    let mut seats = PlayerSet::EMPTY;
    for name in names {
        let name = name.trim();
        match rules.player_ids().find(|&p| rules.player(p).name == name) {
            Some(p) => seats.insert(p),
            None => {
                let known: Vec<&str> = rules.players().iter().map(|p| p.name.as_str()).collect();
                return Err(format!(
                    "--engine: `{}` is not a seat of {}: the seats are {}",
                    chessgraph::diagnostic::printable(name),
                    rules.name(),
                    known.join(", ")
                ));
            }
        }
    }
    Ok(seats)
}
