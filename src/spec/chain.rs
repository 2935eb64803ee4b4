//! Reading the chain of files a variant file `extends`: each file read once (a cycle, a missing
//! file, a board file or too long a chain is an error at the `extends` that names it), parsed in
//! a span space of its own, then merged child over parent (see `extends.rs`).

use std::path::{Path, PathBuf};

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::variant::looks_like_variant;
use super::{Span, parse_document};
use crate::diagnostic::{Code, Diagnostic, SourceFile, SourceSet};
use crate::limits::MAX_EXTENDS_DEPTH;

/// Why a file reached by `extends` is not a variant file at all (so its text is not shown):
/// it is not TOML, or has neither a `[variant]` table nor `extends`. `None` when it looks like one
/// (its own problems are then reported in it).
fn not_a_variant(source: &SourceFile) -> Option<String> {
    match DeTable::parse(source.text()) {
        Err(e) => {
            let at = e.span().map_or(0, |s| s.start);
            let (line, col) = source.line_col(at);
            Some(format!("it is not TOML (line {line}, column {col})"))
        }
        Ok(t) if !looks_like_variant(source.text()) || t.get_ref().is_empty() => {
            Some("it has no `[variant]` table".into())
        }
        Ok(_) => None,
    }
}

/// One file of an `extends` chain: its text, its offset in the span space, its path.
pub(super) type ChainFile = (String, usize, PathBuf);

/// The variant file at `path` and every file it extends, child first, each added to `sources`;
/// `None` when the chain breaks (why is in `diags`).
pub(super) fn read_chain(
    path: &Path,
    sources: &mut SourceSet,
    diags: &mut Vec<Diagnostic>,
) -> Option<Vec<ChainFile>> {
    let mut texts: Vec<ChainFile> = Vec::new();
    let mut current = path.to_path_buf();
    let mut extends_span: Option<Span> = None;
    loop {
        let source = read_chain_file(&current, extends_span.clone(), sources, diags)?;
        let text = source.text().to_string();
        if let Some(d) = chain_problem(&texts, &current, &source, extends_span.clone()) {
            diags.push(d);
            return None;
        }
        let offset = sources.add(SourceFile::new(&current, text.clone()));
        let next = extends_target(&text);
        texts.push((text, offset, current.clone()));
        match next {
            Some((rel, span)) => {
                extends_span = Some(span.start + offset..span.end + offset);
                current = current.parent().unwrap_or(Path::new(".")).join(rel);
            }
            None => break,
        }
    }
    Some(texts)
}

/// Reads one file of the chain. A file named by `extends` (at `extends_span`) that cannot be read
/// is reported there; the first file's own failure is reported in it.
fn read_chain_file(
    current: &Path,
    extends_span: Option<Span>,
    sources: &mut SourceSet,
    diags: &mut Vec<Diagnostic>,
) -> Option<SourceFile> {
    let (source, d) = match SourceFile::read(current) {
        Ok(source) => return Some(source),
        Err(failed) => *failed,
    };
    match extends_span {
        Some(span) => diags.push(
            Diagnostic::new(
                Code::BadExtends,
                span,
                format!(
                    "cannot read `{}`: {}",
                    current.display(),
                    d.message
                        .strip_prefix("cannot read the file: ")
                        .unwrap_or(&d.message)
                ),
            )
            .label("extended file")
            .help("`extends` is relative to the file that says it"),
        ),
        None => {
            let offset = sources.add(source);
            let mut d = d;
            d.span = d.span.start + offset..d.span.end + offset;
            diags.push(d);
        }
    }
    None
}

/// Why `source` (at `current`, reached through `extends_span`) cannot join the chain read so far
/// (`texts`): it closes a loop, makes the chain too long, or is no variant file.
fn chain_problem(
    texts: &[ChainFile],
    current: &Path,
    source: &SourceFile,
    extends_span: Option<Span>,
) -> Option<Diagnostic> {
    if texts.iter().any(|(_, _, p)| same_file(p, current)) {
        return Some(
            Diagnostic::new(
                Code::BadExtends,
                extends_span.unwrap_or(0..0),
                format!("`extends` loops back to `{}`", current.display()),
            )
            .label("cycle")
            .help("a variant may extend another, but never itself, directly or not"),
        );
    }
    if texts.len() == MAX_EXTENDS_DEPTH {
        return Some(
            Diagnostic::new(
                Code::BadExtends,
                extends_span.unwrap_or(0..0),
                format!(
                    "the `extends` chain is too long: a variant and at most {} files it extends",
                    MAX_EXTENDS_DEPTH - 1
                ),
            )
            .label("one file too many")
            .help("merge some of the files of the chain"),
        );
    }
    let span = extends_span?;
    let why = not_a_variant(source)?;
    Some(
        Diagnostic::new(
            Code::BadExtends,
            span,
            format!("`{}` is not a variant file: {why}", current.display()),
        )
        .label("extended file")
        .help("`extends` names another variant file"),
    )
}

/// The file a text `extends` and where it says so, when it does.
fn extends_target(text: &str) -> Option<(String, Span)> {
    // Peek at `extends` without full parsing errors (they are reported later).
    DeTable::parse(text).ok().and_then(|t| {
        t.get_ref().get("extends").and_then(|v| match v.get_ref() {
            DeValue::String(s) => Some((s.to_string(), v.span())),
            _ => None,
        })
    })
}

/// Parses each file (reporting syntax errors in its own span space), then merges them: child over
/// parent.
pub(super) fn parse_and_merge<'t>(
    texts: &'t [ChainFile],
    diags: &mut Vec<Diagnostic>,
) -> Option<DeTable<'t>> {
    let mut merged: Option<DeTable<'_>> = None;
    for (text, offset, _) in texts.iter().rev() {
        match parse_document(text) {
            Ok(t) => {
                let shifted = shift_table(t.into_inner(), *offset);
                let parent = merged.unwrap_or_default();
                merged = Some(super::extends::extend(parent, shifted, diags));
            }
            Err(ds) => diags.extend(ds.into_iter().map(|mut d| {
                d.span = d.span.start + offset..d.span.end + offset;
                d
            })),
        }
    }
    merged
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

fn shift_value<'i>(v: Spanned<DeValue<'i>>, offset: usize) -> Spanned<DeValue<'i>> {
    let span = v.span();
    let value = match v.into_inner() {
        DeValue::Array(a) => {
            DeValue::Array(a.into_iter().map(|x| shift_value(x, offset)).collect())
        }
        DeValue::Table(t) => DeValue::Table(shift_table(t, offset)),
        other => other,
    };
    Spanned::new(span.start + offset..span.end + offset, value)
}

fn shift_table(t: DeTable<'_>, offset: usize) -> DeTable<'_> {
    let mut out = DeTable::new();
    for (k, v) in t {
        let ks = k.span();
        out.insert(
            Spanned::new(ks.start + offset..ks.end + offset, k.into_inner()),
            shift_value(v, offset),
        );
    }
    out
}
