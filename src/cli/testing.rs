//! The commands for testing rule changes: `snapshot`, `diff` and `perft-suite`. They parse
//! nothing themselves and compute nothing: the library's `snapshot`, `diff` and `perft_suite`
//! modules do; this prints. Exit status: 0 ok, 1 a difference or a failure found, 2 bad input.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use serde::Serialize;

use super::diff::{self, DiffError, DiffReport, PerftPair};
use super::output_file::write_output;
use crate::cli::revision::{CheckedOut, VariantSource, check_out};
use chessgraph::Board;
use chessgraph::NodeId;
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::render::{RenderOptions, render_svg};

use super::args::{DiffArgs, SnapshotArgs, SuiteArgs};
use super::load::load_rules;
use super::output::{io_error, shown, to_stderr};
use super::perft_suite::{self, Format};
use super::snapshot::{self, SnapFile};
use super::text_error::{TextError, read_text_file};

/// Exit status 1: a difference or a failing count was found.
const FOUND: u8 = 1;

/// JSON text with a final line break.
fn json<T: Serialize>(value: &T) -> Result<String, String> {
    serde_json::to_string_pretty(value)
        .map(|s| s + "\n")
        .map_err(|e| e.to_string())
}

/// `snapshot`: the report on stdout, to a file, or compared with a stored one.
pub fn snapshot_command(
    args: &SnapshotArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let rules = load_rules(&args.variant, colour)?;
    let positions = match &args.positions {
        Some(f) => snapshot::read_positions(&rules, f).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let threads = args.threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let options = snapshot::Options {
        depth: args.depth,
        positions,
        threads,
    };
    let report = snapshot::report(&rules, &options);
    let file = SnapFile {
        metadata: header(args),
        body: report.to_text(),
    };
    let mut inputs: Vec<PathBuf> = rules.files().to_vec();
    inputs.extend(args.positions.clone());
    if let Some(stored) = &args.check {
        return check_snapshot(args, stored, &file, &inputs, out);
    }
    let text = if args.json {
        json(&report)?
    } else {
        file.to_text()
    };
    match &args.output {
        Some(path) if path.as_os_str() != "-" => {
            write_output(path, text.as_bytes(), &inputs).map_err(|e| e.to_string())?;
            status!("wrote {}", shown(path));
        }
        _ => out.write_all(text.as_bytes()).map_err(io_error)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The `.snap` header: what made the report, so `cargo insta review` can say it.
fn header(args: &SnapshotArgs) -> Vec<(String, String)> {
    let variant = args.variant.display().to_string();
    let mut expression = format!("chessgraph snapshot {variant}");
    if let Some(d) = args.depth {
        expression.push_str(&format!(" --depth {d}"));
    }
    if let Some(p) = &args.positions {
        expression.push_str(&format!(" --positions {}", p.display()));
    }
    vec![
        ("source".into(), "chessgraph snapshot".into()),
        ("expression".into(), expression),
        ("input_file".into(), variant),
    ]
}

/// What `snapshot --check --json` prints.
#[derive(Serialize)]
struct CheckResult<'a> {
    file: String,
    /// `unchanged`, `changed`, `updated` or `created`.
    status: &'a str,
    /// The unified diff from the stored body to the new one, when it changed.
    diff: Option<String>,
    /// Where the new report was written for review, if it was.
    new_file: Option<String>,
}

/// `snapshot --check FILE [--update]`.
fn check_snapshot(
    args: &SnapshotArgs,
    stored: &Path,
    file: &SnapFile,
    inputs: &[PathBuf],
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    let write = |path: &Path| {
        write_output(path, file.to_text().as_bytes(), inputs).map_err(|e| e.to_string())
    };
    let mut result = CheckResult {
        file: stored.display().to_string(),
        status: "unchanged",
        diff: None,
        new_file: None,
    };
    let code = if args.update && !stored.exists() {
        write(stored)?;
        result.status = "created";
        status!("{}: created", shown(stored));
        ExitCode::SUCCESS
    } else {
        let old = read_stored(args, stored)?;
        let label = stored.display().to_string();
        match snapshot::unified_diff(
            &old.body,
            &file.body,
            &format!("{label} (stored)"),
            &format!("{label} (now)"),
        ) {
            None => {
                status!("{}: unchanged", shown(stored));
                ExitCode::SUCCESS
            }
            Some(d) if args.update => {
                write(stored)?;
                result.status = "updated";
                result.diff = Some(d);
                status!("{}: updated", shown(stored));
                ExitCode::SUCCESS
            }
            Some(d) => {
                result.status = "changed";
                if !args.json {
                    out.write_all(d.as_bytes()).map_err(io_error)?;
                }
                result.diff = Some(d);
                result.new_file = write_for_review(stored, file, inputs)?;
                ExitCode::from(FOUND)
            }
        }
    };
    if args.json {
        out.write_all(json(&result)?.as_bytes()).map_err(io_error)?;
    }
    Ok(code)
}

/// The stored snapshot of `snapshot --check FILE`, read and parsed.
fn read_stored(args: &SnapshotArgs, stored: &Path) -> Result<SnapFile, String> {
    let text = read_text_file(stored, snapshot::SNAP_CODE).map_err(|e| {
        if stored.exists() {
            e.to_string()
        } else {
            format!(
                "{e} (write it first with `chessgraph snapshot {} --check {} --update`)",
                args.variant.display(),
                stored.display()
            )
        }
    })?;
    // A byte-order mark some editors write is no part of the report.
    let body = text.text();
    let body = body.strip_prefix('\u{feff}').unwrap_or(body);
    SnapFile::parse(stored, body).map_err(|e| e.to_string())
}

/// A changed report written beside the stored one as `FILE.new` for review (not on CI, where
/// nobody reviews it there); returns that file's name.
fn write_for_review(
    stored: &Path,
    file: &SnapFile,
    inputs: &[PathBuf],
) -> Result<Option<String>, String> {
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        status!("{}: the report changed", shown(stored));
        return Ok(None);
    }
    let mut new = stored.as_os_str().to_owned();
    new.push(".new");
    let new = PathBuf::from(new);
    let mut inputs = inputs.to_vec();
    inputs.push(stored.to_path_buf());
    write_output(&new, file.to_text().as_bytes(), &inputs).map_err(|e| e.to_string())?;
    status!(
        "{}: the report changed; the new one is in {} (review it with `cargo insta review --workspace-root DIR`, or accept it with --update)",
        shown(stored),
        shown(&new)
    );
    Ok(Some(new.display().to_string()))
}

/// A variant of `diff`: its rules, how to name it, and the files of a revision (kept until the
/// command ends).
struct Loaded {
    rules: Arc<Rules>,
    label: String,
    /// The variant file that was loaded (in a temporary folder for a revision).
    file: PathBuf,
    _checkout: Option<CheckedOut>,
}

fn load_side(spec: &str, colour: bool) -> Result<Loaded, String> {
    match VariantSource::parse(spec) {
        VariantSource::File(path) => Ok(Loaded {
            rules: load_rules(&path, colour)?,
            label: spec.to_string(),
            file: path,
            _checkout: None,
        }),
        VariantSource::Revision { path, rev } => {
            let checked = check_out(&path, &rev).map_err(|e| e.to_string())?;
            let root = format!("{}/", checked.dir.path().display());
            let rules = Rules::load(&checked.variant).map_err(|e| {
                for r in &e.0 {
                    // The files are named as `REV:path`, not by the temporary folder.
                    let text = r.render(colour, 100).replace(&root, &format!("{rev}:"));
                    to_stderr(format_args!("{text}"));
                }
                format!("{spec} is not a valid variant file at {rev}")
            })?;
            Ok(Loaded {
                rules: Arc::new(rules),
                label: spec.to_string(),
                file: checked.variant.clone(),
                _checkout: Some(checked),
            })
        }
    }
}

/// What `diff --json` prints.
#[derive(Serialize)]
struct DiffJson<'a> {
    old: &'a str,
    new: &'a str,
    #[serde(flatten)]
    report: &'a DiffReport,
}

fn count(n: Option<u64>) -> String {
    n.map_or_else(
        || format!("over {}", snapshot::NODE_BUDGET),
        |n| n.to_string(),
    )
}

fn perft_lines(s: &mut String, pairs: &[PerftPair], indent: &str) {
    for p in pairs {
        let same = if p.old == p.new { "" } else { "  (differ)" };
        s.push_str(&format!(
            "{indent}perft {}: {} / {}{same}\n",
            p.depth,
            count(p.old),
            count(p.new)
        ));
    }
}

/// `diff OLD NEW`.
pub fn diff_command(
    args: &DiffArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let old = load_side(&args.old, colour)?;
    let new = load_side(&args.new, colour)?;
    let options = diff::Options {
        fen: args.fen.clone(),
        moves: args.moves.clone(),
        depth: args.depth.unwrap_or(diff::DEFAULT_DEPTH),
    };
    let report = match diff::first_difference(&old.rules, &new.rules, &options) {
        Ok(r) => r,
        Err(e @ DiffError::DifferentBoards { .. }) => {
            let summary = diff::summary_diff(&old.rules, &new.rules);
            if !args.json {
                let text = summary.unwrap_or_else(|| "rules summaries: the same\n".into());
                out.write_all(text.as_bytes()).map_err(io_error)?;
            }
            let (line, column) = board_line(&new.file);
            return Err(format!("{}:{line}:{column}: {e}", new.label));
        }
        Err(e) => return Err(e.to_string()),
    };
    if args.json {
        let j = DiffJson {
            old: &args.old,
            new: &args.new,
            report: &report,
        };
        out.write_all(json(&j)?.as_bytes()).map_err(io_error)?;
    } else {
        out.write_all(diff_text(&report).as_bytes())
            .map_err(io_error)?;
    }
    if let (Some(svg), Some(d)) = (&args.svg, &report.difference) {
        let picture = difference_svg(&old.rules, d)?;
        let mut inputs = old.rules.files().to_vec();
        inputs.extend(new.rules.files().iter().cloned());
        write_output(svg, picture.as_bytes(), &inputs).map_err(|e| e.to_string())?;
        status!("wrote {}", shown(svg));
    }
    Ok(if report.difference.is_some() {
        ExitCode::from(FOUND)
    } else {
        ExitCode::SUCCESS
    })
}

/// The line and column of the `board` key of a variant file (1:1 when it names none: the board
/// comes from a file it extends).
fn board_line(file: &Path) -> (usize, usize) {
    let text = std::fs::read_to_string(file).unwrap_or_default();
    text.lines()
        .enumerate()
        .find(|(_, l)| {
            let t = l.trim_start();
            t.starts_with("board") && t["board".len()..].trim_start().starts_with('=')
        })
        .map_or((1, 1), |(i, l)| (i + 1, l.len() - l.trim_start().len() + 1))
}

/// The picture of the first differing position of `diff` (OLD's rules): the moves only OLD has
/// and those only NEW has marked differently.
fn difference_svg(rules: &Arc<Rules>, d: &diff::Difference) -> Result<String, String> {
    let mut pos = Position::from_fen(rules, &d.old.fen).map_err(|e| e.to_string())?;
    let _ = pos.resolve(&mut Vec::new());
    let board = rules.board();
    let ends = |moves: &[String]| -> Vec<(Option<NodeId>, NodeId)> {
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
fn move_ends(board: &Board, text: &str) -> Option<(Option<NodeId>, NodeId)> {
    let core = text.split(['=', '/']).next()?.trim_end_matches(['+', '-']);
    if let Some((_, to)) = core.split_once('@') {
        return Some((None, board.node(to)?));
    }
    let (from, to) = core.split_once('-')?;
    Some((Some(board.node(from)?), board.node(to)?))
}

/// The text of a diff report.
fn diff_text(r: &DiffReport) -> String {
    let mut s = String::new();
    match &r.summary_diff {
        None => s.push_str("rules summaries: the same\n"),
        Some(d) => {
            s.push_str("rules summaries differ:\n");
            s.push_str(d);
        }
    }
    s.push_str(&format!("\nperft from {} (OLD / NEW):\n", r.start));
    perft_lines(&mut s, &r.perft, "  ");
    match &r.difference {
        None => s.push_str(&format!(
            "\nno difference in the legal moves up to depth {} ({} positions compared)\n",
            r.depth, r.positions_compared
        )),
        Some(d) => {
            let after = if d.moves.is_empty() {
                "at the start".to_string()
            } else {
                format!("after {}", d.moves.join(" "))
            };
            s.push_str(&format!(
                "\nfirst difference at depth {}, {after} ({} positions compared):\n",
                d.depth, r.positions_compared
            ));
            s.push_str(&format!("  position: {}\n", d.old.fen));
            if d.new.fen != d.old.fen {
                s.push_str(&format!("  NEW's position text: {}\n", d.new.fen));
            }
            let said = |o: &Option<String>| o.clone().unwrap_or_else(|| "nobody".into());
            if d.old.to_move != d.new.to_move {
                s.push_str(&format!(
                    "  to move: {} (OLD), {} (NEW)\n",
                    said(&d.old.to_move),
                    said(&d.new.to_move)
                ));
            }
            if d.old.outcome != d.new.outcome {
                let o = |x: &Option<String>| x.clone().unwrap_or_else(|| "the game goes on".into());
                s.push_str(&format!(
                    "  outcome: {} (OLD), {} (NEW)\n",
                    o(&d.old.outcome),
                    o(&d.new.outcome)
                ));
            }
            s.push_str(&format!(
                "  moves only in OLD ({}): {}\n",
                d.only_old.len(),
                d.only_old.join(" ")
            ));
            s.push_str(&format!(
                "  moves only in NEW ({}): {}\n",
                d.only_new.len(),
                d.only_new.join(" ")
            ));
            s.push_str("  perft below it (OLD / NEW):\n");
            perft_lines(&mut s, &d.perft, "    ");
        }
    }
    s.lines().map(|l| l.trim_end().to_string() + "\n").collect()
}

/// `perft-suite FILE`.
pub fn suite_command(
    args: &SuiteArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let source = read_text_file(&args.file, perft_suite::SUITE_CODE).map_err(|e| e.to_string())?;
    let format = Format::of(&args.file, source.text());
    let suite = perft_suite::parse(&args.file, source.text(), format).map_err(|e| e.to_string())?;
    let mut rules = BTreeMap::new();
    for e in &suite.entries {
        let file = suite
            .variant_of(e, args.variant.as_deref())
            .map_err(|e: TextError| e.to_string())?;
        if let std::collections::btree_map::Entry::Vacant(slot) = rules.entry(file) {
            let r = load_rules(slot.key(), colour)?;
            slot.insert(r);
        }
    }
    let mut failed_write = None;
    let result = perft_suite::run(
        &suite,
        args.variant.as_deref(),
        &rules,
        args.max_nodes,
        &mut |r| {
            if !args.json
                && let Err(e) = writeln!(out, "{}", r.line_text()).and_then(|()| out.flush())
            {
                failed_write.get_or_insert(e);
            }
        },
    )
    .map_err(|e| e.to_string())?;
    if let Some(e) = failed_write {
        return Err(io_error(e));
    }
    if args.json {
        out.write_all(json(&result)?.as_bytes()).map_err(io_error)?;
    } else {
        writeln!(out, "{}", result.summary_text()).map_err(io_error)?;
    }
    Ok(if result.failed > 0 {
        ExitCode::from(FOUND)
    } else {
        ExitCode::SUCCESS
    })
}
