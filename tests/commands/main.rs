//! Black-box tests of the `chessgraph` command line: each runs the binary and checks what it
//! prints. One test binary; each file is a module.

#[path = "../helpers/mod.rs"]
mod helpers;

mod authoring;
mod check_cli;
mod cli;
mod computer_cli;
mod game_ends_cli;
mod import_cli;
mod json_output;
mod perft_units;
mod pictures_cli;
mod play;
mod playtest_cli;
mod readme;
mod render_cli;
mod rule_changes;
mod three_man_chess_cli;
