//! Black-box tests of the `chessgraph` command line: each runs the binary and checks what it
//! prints. One test binary; each file is a module.

#[path = "../helpers/mod.rs"]
mod helpers;

mod cli;
mod game_ends_cli;
mod perft_units;
mod play;
mod render_cli;
mod rule_changes;
mod three_man_chess_cli;
