//! The `chessgraph` command line: what each command does and its output formats (the arguments
//! are in [`args`]). It lives in the binary, so that embedding the library pulls in none of its
//! dependencies (clap, indicatif).
//!
//! Output formats are a public interface (scripts diff them): data on standard output, diagnostics,
//! headers and status on standard error.

mod args;
mod betza;
mod check;
mod perft;

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

use clap::Parser;

use std::sync::Arc;

pub use args::{BenchArgs, Cli, Command, PositionArgs};
use chessgraph::board::Board;
use chessgraph::diagnostic::{FileReport, SourceFile, printable};
use chessgraph::movegen::Move;
use chessgraph::notation::{LineError, move_text, parse_move, play_line};
use chessgraph::output_file::{check_target, write_output};
use chessgraph::play::PlayOptions;
use chessgraph::position::{Outcome, Position};
use chessgraph::render::{RenderOptions, render_svg};
use chessgraph::rules::Rules;
use chessgraph::spec::kind::{FileKind, file_kind};

/// Writes to standard error. A failure to write there (a full device, a closed stream) is
/// ignored: there is nowhere left to report it, and it must not end the command.
fn to_stderr(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().write_fmt(args);
}

/// `eprintln!` that never panics: see [`to_stderr`].
macro_rules! status {
    ($($arg:tt)*) => {
        to_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

mod authoring;
mod import;
mod json;
mod picture;
mod render_command;
mod serve;
mod testing;

/// Whether standard output was closed when the command started (`>&-`). The standard library
/// then opens `/dev/null` in its place (read-write, which no shell redirection does), and the
/// result would be lost while the command succeeds. Linux only (`/proc`); elsewhere, false.
fn stdout_was_closed() -> bool {
    let target = std::fs::read_link("/proc/self/fd/1");
    let info = std::fs::read_to_string("/proc/self/fdinfo/1");
    let (Ok(target), Ok(info)) = (target, info) else {
        return false;
    };
    let flags = info
        .lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    target == Path::new("/dev/null") && flags.is_some_and(|f| f & ACCESS_MODE == READ_WRITE)
}

/// A writer that counts the bytes written through it and remembers whether its reader went
/// away (a broken pipe: `chessgraph check ... | head`).
struct Counted<W> {
    inner: W,
    bytes: u64,
    reader_gone: bool,
}

impl<W> Counted<W> {
    /// Notes a broken pipe on the way through.
    fn seen<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if r.as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            self.reader_gone = true;
        }
        r
    }
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        let n = self.seen(r)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.seen(r)
    }
}

/// Runs the command line with the process arguments.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let closed = stdout_was_closed();
    let stdout = std::io::stdout();
    let mut out = Counted {
        inner: stdout.lock(),
        bytes: 0,
        reader_gone: false,
    };
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

fn report(r: &FileReport, short: bool, colour: bool) {
    if r.diagnostics.is_empty() {
        return;
    }
    if short {
        to_stderr(format_args!("{}", r.render_short()));
    } else {
        to_stderr(format_args!("{}", r.render(colour, 100)));
    }
}

/// The format of the file at `path`, when it can be read and told.
fn kind_of(path: &Path) -> Option<FileKind> {
    SourceFile::read(path)
        .ok()
        .and_then(|s| file_kind(s.text()))
}

/// The message for a file of the other kind than the command needs.
fn wrong_kind(path: &Path, found: FileKind, expected: FileKind) -> String {
    format!(
        "{} is a {} ({}); this command needs a {} ({})",
        shown(path),
        found.describe(),
        found.marker(),
        expected.describe(),
        expected.marker()
    )
}

fn load_rules(path: &Path, colour: bool) -> Result<Arc<Rules>, String> {
    if kind_of(path) == Some(FileKind::Board) {
        return Err(wrong_kind(path, FileKind::Board, FileKind::Variant));
    }
    Rules::load(path).map(Arc::new).map_err(|e| {
        for r in &e.0 {
            report(r, false, colour);
        }
        format!("{} is not a valid variant file", path.display())
    })
}

/// The position a command works on: `--fen` (or the start) with `--moves` played.
pub fn position_at(rules: &Arc<Rules>, at: &PositionArgs) -> Result<Position, String> {
    let mut pos = match &at.fen {
        Some(f) => Position::from_fen(rules, f).map_err(|e| format!("invalid --fen: {e}"))?,
        None => Position::start(rules),
    };
    play_line(&mut pos, &at.moves).map_err(|e| format!("--moves: {e}"))?;
    Ok(pos)
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

/// Like [`position_at`], and also returns the last move of `--moves` (for highlighting).
pub fn position_and_last_move(
    rules: &Arc<Rules>,
    at: &PositionArgs,
) -> Result<(Position, Option<Move>), String> {
    let words: Vec<&str> = at.moves.split_whitespace().collect();
    let Some((last, first)) = words.split_last() else {
        return Ok((position_at(rules, at)?, None));
    };
    let mut pos = position_at(
        rules,
        &PositionArgs {
            fen: at.fen.clone(),
            moves: first.join(" "),
        },
    )?;
    let m = parse_move(&pos, last).map_err(|error| {
        format!(
            "--moves: {}",
            LineError {
                index: words.len(),
                text: last.to_string(),
                error,
            }
        )
    })?;
    pos.play(&m).map_err(|e| {
        format!(
            "--moves: {}",
            LineError {
                index: words.len(),
                text: last.to_string(),
                error: e.into(),
            }
        )
    })?;
    let _ = pos.resolve(&mut Vec::new());
    Ok((pos, Some(m)))
}

fn game_over_text(rules: &Rules, o: Outcome) -> String {
    match o {
        Outcome::Winner(w) => format!("game over: {} wins", rules.player(w).name),
        Outcome::Stalemate(p) => {
            format!("game over: draw ({} is stalemated)", rules.player(p).name)
        }
        other => format!("game over: {}", other.describe(rules)),
    }
}

/// A path as it may be printed (a file name may hold control characters).
fn shown(path: &Path) -> String {
    printable(&path.display().to_string()).into_owned()
}

/// The board of a board file, or of a variant file (its `board`).
fn load_board(path: &Path, colour: bool) -> Result<Board, String> {
    if kind_of(path) == Some(FileKind::Variant) {
        return Ok(load_rules(path, colour)?.board().clone());
    }
    Board::load(path).map_err(|e| {
        report(&e.0, false, colour);
        format!("{} is not a valid board file", path.display())
    })
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
        Command::Links { board, node } => links_command(&board, &node, out, colour),
        Command::Betza { notation, board } => betza::betza_command(&notation, &board, out, colour),
        Command::Dot { board, links } => {
            let b = load_board(&board, colour)?;
            let only = links
                .map(|l| render_command::direction_named(&b, &l))
                .transpose()?;
            write!(out, "{}", b.to_dot_with(only)).map_err(io_error)?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Moves { variant, at, json } => {
            let pos = load_position(&variant, &at, colour)?;
            if json {
                return json::moves(&pos, out).map_err(io_error);
            }
            moves_command(&pos, out)
        }
        Command::Perft(args) => perft::perft_command(&args, out, colour),
        Command::Bench(args) => bench_command(&args, out),
        Command::Show {
            variant,
            at,
            no_draw_rules,
            json,
        } => show_command(&variant, &at, !no_draw_rules, json, out, colour),
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
            let (svg, inputs) = render_command::render_file(&file, &at, request, colour)?;
            write_picture(&svg, &inputs, output.as_deref(), out)
        }
        Command::Play {
            variant,
            at,
            no_draw_rules,
        } => play_command(load_position(&variant, &at, colour)?, !no_draw_rules, out),
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

/// Writes a rendered picture to `output` (its format from the extension; never over one of the
/// `inputs`), or the SVG to `out` without one or with `-`.
fn write_picture(
    svg: &str,
    inputs: &[std::path::PathBuf],
    output: Option<&Path>,
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    match output {
        Some(path) if path.as_os_str() != "-" => {
            check_target(path, inputs).map_err(|e| e.to_string())?;
            let bytes = picture::encode(svg, picture::format_of(path)?)?;
            write_output(path, &bytes, inputs).map_err(|e| e.to_string())?;
            status!("wrote {}", shown(path));
        }
        _ => out.write_all(svg.as_bytes()).map_err(io_error)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// `show`: the position after `at`, as text or JSON, with the draw the draw rules would give
/// (when `draw_rules`).
fn show_command(
    variant: &Path,
    at: &PositionArgs,
    draw_rules: bool,
    json: bool,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let rules = load_rules(variant, colour)?;
    let pos = position_at(&rules, at)?;
    let draw = (draw_rules && pos.outcome().is_none())
        .then(|| pos.draw_by_rules(&earlier_hashes(&rules, at)))
        .flatten();
    if json {
        return json::show(&pos, draw, out).map_err(io_error);
    }
    write!(out, "{}", pos.to_text()).map_err(io_error)?;
    if let Some(draw) = draw {
        writeln!(out, "{}", game_over_text(&rules, draw)).map_err(io_error)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The testing commands (`snapshot`, `diff`, `perft-suite`) keep exit status 1 for "a difference
/// or a failure was found": a message about bad input ends them with status 2.
fn bad_input(result: Result<ExitCode, String>) -> Result<ExitCode, String> {
    result.or_else(|msg| {
        status!("error: {}", printable(&msg));
        Ok(ExitCode::from(2))
    })
}

/// The picture of the first differing position of `diff` (OLD's rules): the moves only OLD has
/// and those only NEW has marked differently.
fn difference_svg(rules: &Arc<Rules>, d: &chessgraph::diff::Difference) -> Result<String, String> {
    let mut pos = Position::from_fen(rules, &d.old.fen).map_err(|e| e.to_string())?;
    let _ = pos.resolve(&mut Vec::new());
    let board = rules.board();
    let ends =
        |moves: &[String]| -> Vec<(Option<chessgraph::ids::NodeId>, chessgraph::ids::NodeId)> {
            moves.iter().filter_map(|m| move_ends(board, m)).collect()
        };
    let options = RenderOptions {
        marked_moves: vec![ends(&d.only_old), ends(&d.only_new)],
        title: Some(format!(
            "{}: only OLD's moves (red), only NEW's (blue)",
            rules.name()
        )),
        ..RenderOptions::default()
    };
    Ok(render_svg(board, Some(&pos), &options))
}

/// The nodes a move text goes from and to (`e2-e4`, `e7-e8=Q`, `e1-g1/h1`, `P@e4`).
fn move_ends(
    board: &Board,
    text: &str,
) -> Option<(Option<chessgraph::ids::NodeId>, chessgraph::ids::NodeId)> {
    let core = text.split(['=', '/']).next()?.trim_end_matches(['+', '-']);
    if let Some((_, to)) = core.split_once('@') {
        return Some((None, board.node(to)?));
    }
    let (from, to) = core.split_once('-')?;
    Some((Some(board.node(from)?), board.node(to)?))
}

/// The position of a command on a variant file: the variant loaded (its problems reported), then
/// [`position_at`].
fn load_position(variant: &Path, at: &PositionArgs, colour: bool) -> Result<Position, String> {
    position_at(&load_rules(variant, colour)?, at)
}

/// A failure to write the command's output, as the message for stderr.
fn io_error(e: std::io::Error) -> String {
    e.to_string()
}

/// `links`: the links leaving one node of a board.
fn links_command(
    board: &Path,
    node: &str,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let b = load_board(board, colour)?;
    let Some(n) = b.node(node) else {
        let hint = chessgraph::diagnostic::suggest(node, b.node_ids().map(|n| b.node_name(n)))
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        return Err(format!("{} has no node `{node}`{hint}", board.display()));
    };
    write!(out, "{}", b.node_links(n)).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `moves`: the legal moves on stdout, sorted; whose turn (or the game's end) on stderr.
fn moves_command(pos: &Position, out: &mut dyn Write) -> Result<ExitCode, String> {
    let rules = pos.rules();
    if let Some(o) = pos.outcome() {
        status!("{}", game_over_text(rules, o));
        return Ok(ExitCode::SUCCESS);
    }
    let mut texts: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| move_text(pos, m))
        .collect();
    texts.sort();
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

/// `play`: a game at the terminal; piped input is echoed so that the output reads as a session.
fn play_command(pos: Position, draw_rules: bool, out: &mut dyn Write) -> Result<ExitCode, String> {
    let stdin = std::io::stdin();
    let options = PlayOptions {
        echo: !stdin.is_terminal(),
        draw_rules,
    };
    chessgraph::play::play(pos, stdin.lock(), out, &options).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `bench`: single-threaded perft speed and load times of the shipped variants.
fn bench_command(args: &BenchArgs, out: &mut dyn Write) -> Result<ExitCode, String> {
    let io = |e: std::io::Error| e.to_string();
    let variants = args.root.join("variants");
    if !variants.is_dir() {
        return Err(format!(
            "bench runs on the shipped variants: `{}` is not a directory (run it from the repository root, or give --root)",
            variants.display()
        ));
    }
    writeln!(
        out,
        "{:<26} {:>5} {:>12} {:>9} {:>14}",
        "perft (1 thread)", "depth", "nodes", "seconds", "nodes/s"
    )
    .map_err(io)?;
    let mut failed: Option<std::io::Error> = None;
    let (_, skipped) = crate::bench::run_perft(&args.root, args.quick, |r| {
        if let Err(e) = writeln!(
            out,
            "{:<26} {:>5} {:>12} {:>9.3} {:>14.0}",
            r.name,
            r.depth,
            r.nodes,
            r.time.as_secs_f64(),
            r.nps()
        )
        .and_then(|()| out.flush())
        {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(e.to_string());
    }
    for (name, why) in &skipped {
        writeln!(out, "{name:<26} {:>5}  ({why})", "FAILS").map_err(io)?;
    }
    writeln!(
        out,
        "\n{:<45} {:>12}",
        "load (parse, validate, compile)", "ms"
    )
    .map_err(io)?;
    let mut failing = 0;
    let loads = crate::bench::run_load(&args.root, 10);
    if loads.is_empty() {
        return Err(format!("no variant files under `{}`", variants.display()));
    }
    for r in loads {
        match r.mean {
            Ok(mean) => writeln!(
                out,
                "{:<45} {:>12.2}",
                r.file.display(),
                mean.as_secs_f64() * 1000.0
            ),
            Err(why) => {
                failing += 1;
                writeln!(out, "{:<45} {:>12}  ({why})", r.file.display(), "FAILS")
            }
        }
        .map_err(io)?;
    }
    if failing > 0 {
        return Err(format!(
            "{failing} variant file(s) under `{}` do not load (see `chessgraph check`)",
            variants.display()
        ));
    }
    if !skipped.is_empty() {
        return Err(format!(
            "{} benchmark case(s) could not run: their variant files are missing or do not load",
            skipped.len()
        ));
    }
    Ok(ExitCode::SUCCESS)
}
