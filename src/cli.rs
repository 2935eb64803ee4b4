//! The `chessgraph` command line: argument parsing and output formats.
//!
//! Output formats are a public interface (scripts diff them): data on standard output, diagnostics,
//! headers and status on standard error.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::board::Board;
use crate::diagnostic::FileReport;

/// chessgraph: chess variants as data. Boards are graphs of named direction links; pieces are
/// link-path programs; one generic engine plays every variant.
#[derive(Debug, Parser)]
#[command(name = "chessgraph", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate board files; print a summary of each valid one, or every problem with its location.
    Check {
        /// Board files (TOML).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Print diagnostics as one `file:line:col: error[code]: message` line each.
        #[arg(long)]
        short: bool,
    },
    /// List the links leaving a node: direction, target, twist, tags.
    Links {
        /// Board file.
        board: PathBuf,
        /// Node name, e.g. `a6`.
        node: String,
    },
    /// Print the board's link graph in Graphviz DOT.
    Dot {
        /// Board file.
        board: PathBuf,
    },
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let colour = std::io::stderr().is_terminal();
    match run(cli, &mut out, colour) {
        Ok(code) => code,
        Err(msg) => {
            let _ = out.flush();
            eprintln!("error: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn report(r: &FileReport, short: bool, colour: bool) {
    if r.diagnostics.is_empty() {
        return;
    }
    if short {
        eprint!("{}", r.render_short());
    } else {
        eprint!("{}", r.render(colour, 100));
    }
}

fn load_board(path: &Path, colour: bool) -> Result<Board, String> {
    Board::load(path).map_err(|e| {
        report(&e.0, false, colour);
        format!("{} is not a valid board file", path.display())
    })
}

/// Runs a parsed command, writing data to `out`; returns the exit code or a message for stderr.
pub fn run(cli: Cli, out: &mut dyn Write, colour: bool) -> Result<ExitCode, String> {
    let io = |e: std::io::Error| e.to_string();
    match cli.command {
        Command::Check { files, short } => {
            let mut ok = true;
            for f in &files {
                let (result, rep) = Board::check_file(f);
                report(&rep, short, colour);
                match result {
                    Ok(board) => {
                        let warnings = rep.diagnostics.len();
                        writeln!(out, "{}: ok ({warnings} warning(s))", f.display()).map_err(io)?;
                        for line in board.summary().lines() {
                            writeln!(out, "  {line}").map_err(io)?;
                        }
                    }
                    Err(rep) => {
                        ok = false;
                        eprintln!(
                            "{}: invalid ({} error(s))",
                            f.display(),
                            rep.error_count()
                        );
                    }
                }
            }
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Links { board, node } => {
            let b = load_board(&board, colour)?;
            let Some(n) = b.node(&node) else {
                let hint = crate::diagnostic::suggest(&node, b.node_ids().map(|n| b.node_name(n)))
                    .map(|h| format!(" ({h})"))
                    .unwrap_or_default();
                return Err(format!("{} has no node `{node}`{hint}", board.display()));
            };
            write!(out, "{}", b.node_links(n)).map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Dot { board } => {
            let b = load_board(&board, colour)?;
            write!(out, "{}", b.to_dot()).map_err(io)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
