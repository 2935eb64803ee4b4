//! `check`: every file validated and linted; a summary of each valid one on standard output, the
//! problems on standard error (`--short`: one line each and nothing for a clean file; `--json`: one
//! document on standard output); `--deny-warnings` fails a file with warnings.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use serde::Serialize;

use chessgraph::FileKind;
use chessgraph::diagnostic::{FileReport, Record};

use super::load::kind_of;
use super::output::{io_error, report, shown, to_stderr};

/// How `check` prints.
#[derive(Clone, Copy, Debug)]
pub struct CheckOptions {
    /// One line per diagnostic; nothing for a file without any.
    pub short: bool,
    /// One JSON document on standard output instead of the text.
    pub json: bool,
    /// A file with warnings fails.
    pub deny_warnings: bool,
    /// Colours on standard error.
    pub colour: bool,
}

/// One file's result, as `--json` prints it.
#[derive(Serialize)]
struct Checked {
    /// The path as given (JSON escapes a control character; the text output shows it escaped
    /// as Rust would, which no JSON reader understands).
    file: String,
    /// `board` or `variant`.
    kind: &'static str,
    /// Whether the file passed (no errors; no warnings either with `--deny-warnings`).
    valid: bool,
    errors: usize,
    warnings: usize,
    /// Every diagnostic of the file and of the files it reads (extended files, its board).
    diagnostics: Vec<Record>,
    /// The summary lines of a valid file.
    summary: Vec<String>,
}

/// The whole `--json` document.
#[derive(Serialize)]
struct CheckDocument {
    files: Vec<Checked>,
    valid: bool,
}

/// Validates and lints one file: its kind, its reports, and its summary when valid.
fn check_one(f: &Path) -> (FileKind, Vec<FileReport>, Option<String>) {
    let kind = kind_of(f).unwrap_or(FileKind::Board);
    match kind {
        FileKind::Variant => {
            let (rules, reports) = chessgraph::lint::check_variant(f);
            (kind, reports, rules.map(|r| r.summary()))
        }
        FileKind::Board => {
            let (result, rep) = chessgraph::lint::check_board(f);
            (kind, vec![rep], result.ok().map(|b| b.summary()))
        }
    }
}

/// `check`: exit 1 when any file is invalid (or has warnings, with `--deny-warnings`).
pub fn check_command(
    files: &[std::path::PathBuf],
    options: CheckOptions,
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    let mut all_ok = true;
    let mut document = Vec::new();
    for f in files {
        let (kind, reports, summary) = check_one(f);
        let errors: usize = reports.iter().map(FileReport::error_count).sum();
        let warnings: usize = reports.iter().map(FileReport::warning_count).sum();
        let ok = summary.is_some() && !(options.deny_warnings && warnings > 0);
        all_ok &= ok;
        if options.json {
            document.push(Checked {
                file: f.display().to_string(),
                kind: match kind {
                    FileKind::Board => "board",
                    FileKind::Variant => "variant",
                },
                valid: ok,
                errors,
                warnings,
                diagnostics: reports.iter().flat_map(FileReport::records).collect(),
                summary: summary
                    .iter()
                    .flat_map(|s| s.lines().map(str::to_string))
                    .collect(),
            });
            continue;
        }
        for r in &reports {
            report(r, options.short, options.colour);
        }
        match summary {
            Some(summary) if ok => {
                if !options.short {
                    writeln!(out, "{}: ok ({warnings} warning(s))", shown(f)).map_err(io_error)?;
                    for line in summary.lines() {
                        writeln!(out, "  {line}").map_err(io_error)?;
                    }
                }
            }
            Some(_) => to_stderr(format_args!(
                "{}: invalid ({warnings} warning(s), denied by --deny-warnings)\n",
                shown(f)
            )),
            None => to_stderr(format_args!("{}: invalid ({errors} error(s))\n", shown(f))),
        }
    }
    if options.json {
        let doc = CheckDocument {
            files: document,
            valid: all_ok,
        };
        let text = serde_json::to_string_pretty(&doc).map_err(|e| e.to_string())?;
        writeln!(out, "{text}").map_err(io_error)?;
    }
    Ok(if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
