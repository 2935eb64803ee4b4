//! The `chessgraph` command line: which command runs for the parsed arguments (the arguments are
//! in [`args`], each command in its own file). It lives in the binary, so that embedding the
//! library pulls in none of its dependencies (clap, indicatif).
//!
//! Output formats are a public interface (scripts diff them): data on standard output, diagnostics,
//! headers and status on standard error.

// First: its `status!` macro is used by the modules declared after it.
#[macro_use]
mod output;
mod interrupt;
mod output_file;

mod args;
mod authoring;
mod bench;
mod betza;
mod check;
mod diff;
mod dot;
mod fix;
mod game;
mod import;
mod json;
mod links;
mod load;
mod merge;
mod moves;
mod perft;
mod perft_suite;
mod picture;
mod play;
mod playtest;
mod render_command;
mod revision;
mod serve;
mod session;
mod show;
mod snapshot;
mod testing;
mod text_error;
mod uci;
mod units;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

use clap::Parser;

use chessgraph::diagnostic::printable;

use args::{Cli, Command};
use output::{Counted, stdout_was_closed};

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let closed = stdout_was_closed();
    let stdout = std::io::stdout();
    let mut out = Counted::new(stdout.lock());
    let colour = std::io::stderr().is_terminal();
    let result = run(cli, &mut out, colour);
    let flushed = out.flush();
    match result {
        // The reader took what it wanted and left (`| head`): nothing went wrong.
        _ if out.reader_gone => ExitCode::SUCCESS,
        Ok(_) if closed && out.bytes > 0 => {
            status!("error: standard output is closed: the result was lost");
            ExitCode::FAILURE
        }
        Ok(_) if flushed.is_err() => {
            let e = flushed.err().map(|e| e.to_string()).unwrap_or_default();
            status!("error: cannot write to standard output: {e}");
            ExitCode::FAILURE
        }
        Ok(code) => code,
        Err(msg) => {
            // Messages quote what the user typed (moves, nodes, paths): never raw on a terminal.
            status!("error: {}", printable(&msg));
            ExitCode::FAILURE
        }
    }
}

/// Runs a parsed command, writing data to `out`; returns the exit code or a message for stderr.
pub fn run(cli: Cli, out: &mut dyn Write, colour: bool) -> Result<ExitCode, String> {
    match cli.command {
        Command::Check {
            files,
            short,
            json,
            deny_warnings,
        } => {
            let options = check::CheckOptions {
                short,
                json,
                deny_warnings,
                colour,
            };
            check::check_command(&files, options, out)
        }
        Command::Fix { files } => fix::fix_command(&files, out, colour),
        Command::Links { board, node } => links::links_command(&board, &node, out, colour),
        Command::Betza { notation, board } => betza::betza_command(&notation, &board, out, colour),
        Command::Dot { board, links } => dot::dot_command(&board, links.as_deref(), out, colour),
        Command::Moves { variant, at, json } => {
            moves::moves_command(&variant, &at, json, out, colour)
        }
        Command::Perft(args) => perft::perft_command(&args, out, colour),
        Command::Bench(args) => bench::bench_command(&args, out),
        Command::Show {
            variant,
            at,
            no_draw_rules,
            json,
        } => show::show_command(&variant, &at, !no_draw_rules, json, out, colour),
        Command::Render {
            file,
            at,
            from,
            drop,
            links,
            tags,
            rotate,
            flip,
            output,
        } => {
            let request = render_command::RenderRequest {
                from,
                drop,
                links,
                tags,
                rotate,
                flip,
            };
            render_command::render_command(&file, &at, request, output.as_deref(), out, colour)
        }
        Command::Play {
            variant,
            at,
            no_draw_rules,
            computer,
        } => play::play_command(&variant, &at, !no_draw_rules, &computer, out, colour),
        Command::Uci { variants } => uci::uci_command(&variants, out),
        Command::Playtest(args) => playtest::playtest_command(&args, out, colour),
        Command::Snapshot(args) => bad_input(testing::snapshot_command(&args, out, colour)),
        Command::Diff(args) => bad_input(testing::diff_command(&args, out, colour)),
        Command::PerftSuite(args) => bad_input(testing::suite_command(&args, out, colour)),
        Command::Serve(args) => serve::serve_command(&args, colour),
        Command::Schema { kind } => authoring::schema_command(kind, out),
        Command::New(args) => authoring::new_command(&args),
        Command::Import(args::ImportCommand::Fsf(args)) => {
            import::import_fsf_command(&args, out, colour)
        }
    }
}

/// The testing commands (`snapshot`, `diff`, `perft-suite`) keep exit status 1 for "a difference
/// or a failure was found": a message about bad input ends them with status 2.
fn bad_input(result: Result<ExitCode, String>) -> Result<ExitCode, String> {
    result.or_else(|msg| {
        status!("error: {}", printable(&msg));
        Ok(ExitCode::from(2))
    })
}
