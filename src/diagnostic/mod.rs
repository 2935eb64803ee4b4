//! Located, coded diagnostics for data files, rendered with the source snippet.
//!
//! Every problem found while loading a board or variant file becomes one [`Diagnostic`]: a stable
//! code ([`Diagnostic::code`]), a severity, a byte span into the file, a short message, a label for the span and an optional
//! help line written from the user's own file ("did you mean `ne`?"). Loading collects all of them;
//! [`FileReport`] renders them with miette, naming the file, line and column. The files themselves
//! ([`SourceFile`], and the set of files a variant is read from) are read and located in
//! `source.rs`.

use std::fmt;
use std::ops::Range;
use std::sync::Arc;

use crate::limits::{MAX_QUOTED_CHARS, MAX_REPEATED_DIAGNOSTICS};
#[cfg(feature = "fancy")]
use miette::{GraphicalReportHandler, GraphicalTheme};
use miette::{LabeledSpan, NamedSource, SourceCode};

pub(crate) mod code;
mod record;
mod source;

pub(crate) use code::Code;

pub use record::Record;
pub use source::SourceFile;
pub(crate) use source::SourceSet;

/// How bad a diagnostic is. Warnings never make a file invalid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The file is rejected.
    Error,
    /// The file is accepted, but the author should look.
    Warning,
}

/// One problem in one file: where, what, and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code; it also fixes the severity.
    pub(crate) code: Code,
    /// One sentence saying what is wrong.
    pub message: String,
    /// Byte range in the file the problem is about.
    pub span: Range<usize>,
    /// Text shown under the span.
    pub(crate) label: String,
    /// Further spans that explain the problem ("first declared here").
    pub(crate) related: Vec<(Range<usize>, String)>,
    /// What to do about it, written from the user's file.
    pub help: Option<String>,
}

impl Diagnostic {
    /// A diagnostic with a message and a span; add a label, help and related spans with the builders.
    pub(crate) fn new(code: Code, span: Range<usize>, message: impl Into<String>) -> Self {
        Diagnostic {
            code,
            message: message.into(),
            span,
            label: String::new(),
            related: Vec::new(),
            help: None,
        }
    }

    /// Sets the label under the primary span.
    pub(crate) fn label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Sets the help line.
    pub(crate) fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Sets the help line when there is one.
    pub(crate) fn maybe_help(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }

    /// Adds a secondary span.
    pub(crate) fn related(mut self, span: Range<usize>, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    /// The stable code, printed as `area::what` (`board::unknown-node`): codes never change
    /// meaning once released, so scripts and documentation can rely on them.
    pub fn code(&self) -> &'static str {
        self.code.as_str()
    }

    /// The severity, from the code.
    pub fn severity(&self) -> Severity {
        self.code.severity()
    }

    /// An empty name where a `what` name is written (`schema::invalid-value`); `example` shows
    /// one in the help line.
    pub(crate) fn empty_name(span: Range<usize>, what: &str, example: &str) -> Self {
        Diagnostic::new(
            Code::InvalidValue,
            span,
            format!("`` cannot be a {what} name"),
        )
        .label(format!("{what} name"))
        .help(format!(
            "names are printed in summaries, messages and pictures: give it one, e.g. {example}"
        ))
    }
}

/// The diagnostics of one file, ready to print.
#[derive(Clone, Debug)]
pub struct FileReport {
    /// The file they are about.
    pub source: SourceFile,
    /// Errors first, then warnings, each group in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Errors found, those counted in an "and K more" diagnostic included.
    errors: usize,
}

impl FileReport {
    /// Sorts the diagnostics (errors first, then by position) and wraps them. Of one code, the
    /// first `MAX_REPEATED_DIAGNOSTICS` are kept and the rest counted in one last diagnostic
    /// ("and K more"), so a flood of one mistake stays readable and quick to print.
    pub fn new(source: SourceFile, mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort_by(|a, b| {
            (a.severity(), a.span.start, a.code).cmp(&(b.severity(), b.span.start, b.code))
        });
        diagnostics.dedup();
        let errors = diagnostics
            .iter()
            .filter(|d| d.severity() == Severity::Error)
            .count();
        let mut kept: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len().min(256));
        let mut dropped: Vec<(Code, usize, std::ops::Range<usize>)> = Vec::new();
        let mut per_code: std::collections::HashMap<Code, usize> = std::collections::HashMap::new();
        for d in diagnostics {
            let n = per_code.entry(d.code).or_insert(0);
            *n += 1;
            if *n <= MAX_REPEATED_DIAGNOSTICS {
                kept.push(d);
            } else {
                match dropped.iter_mut().find(|(c, _, _)| *c == d.code) {
                    Some(entry) => entry.1 += 1,
                    None => dropped.push((d.code, 1, d.span.clone())),
                }
            }
        }
        for (code, count, span) in dropped {
            kept.push(
                Diagnostic::new(code, span, format!("and {count} more `{code}` problem(s)"))
                    .label("the next one")
                    .help(format!(
                        "only the first {MAX_REPEATED_DIAGNOSTICS} of one kind are shown; fix those first"
                    )),
            );
        }
        FileReport {
            source,
            diagnostics: kept,
            errors,
        }
    }

    /// Whether any diagnostic is an error.
    pub fn has_errors(&self) -> bool {
        self.diagnostics
            .iter()
            .any(|d| d.severity() == Severity::Error)
    }

    /// Number of errors, all of them: those beyond the shown ones are counted too.
    pub fn error_count(&self) -> usize {
        self.errors
    }

    /// The diagnostics paired with this file's text, each a [`miette::Diagnostic`] that any
    /// miette report handler can draw (the binary draws them graphically).
    pub fn shown(&self) -> impl Iterator<Item = ShownDiagnostic<'_>> {
        let named = Arc::new(NamedSource::new(
            self.source.shown_path(),
            self.source.text.clone(),
        ));
        self.diagnostics.iter().map(move |d| {
            // miette cannot draw a snippet past column 65,535 (and nobody reads one that wide):
            // such a diagnostic is shown with its location and no snippet.
            let spans = std::iter::once(&d.span).chain(d.related.iter().map(|(s, _)| s));
            let drawable = spans.into_iter().all(|s| {
                self.source.line_len_at(s.start) <= MAX_SNIPPET_LINE
                    && self.source.line_len_at(s.end) <= MAX_SNIPPET_LINE
            });
            ShownDiagnostic {
                diag: d,
                source: named.clone(),
                location: self.location(d),
                snippet: drawable,
            }
        })
    }

    #[cfg(feature = "fancy")]
    /// Renders every diagnostic with its snippet. `colour` selects ANSI colours; `width` wraps lines.
    pub fn render(&self, colour: bool, width: usize) -> String {
        let theme = if colour {
            GraphicalTheme::unicode()
        } else {
            GraphicalTheme::unicode_nocolor()
        };
        let handler = GraphicalReportHandler::new_themed(theme)
            .with_width(width)
            .with_links(false);
        let mut out = String::new();
        for shown in self.shown() {
            if handler.render_report(&mut out, &shown).is_err() {
                out.push_str(&shown.to_string());
            }
            out.push('\n');
        }
        out
    }

    /// One line per diagnostic: `file:line:col: error[code]: message`, the compact form for scripts.
    pub fn render_short(&self) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            out.push_str(&self.location(d));
            // One line per problem, whatever user text the message quotes.
            out.push_str(&format!(
                ": {}[{}]: {}\n",
                severity_word(d.severity()),
                d.code,
                printable(&d.message)
            ));
        }
        out
    }

    fn location(&self, d: &Diagnostic) -> String {
        let (line, col) = self.source.line_col(d.span.start);
        format!("{}:{line}:{col}", self.source.shown_path())
    }
}

fn severity_word(s: Severity) -> &'static str {
    match s {
        Severity::Error => "error",
        Severity::Warning => "warning",
    }
}

/// Longest source line drawn in a snippet, in bytes.
const MAX_SNIPPET_LINE: usize = 2_000;

/// A [`Diagnostic`] with the text of its file, as a [`miette::Diagnostic`]. Its message names the
/// location only when no snippet can be drawn (a line too long to show); otherwise the snippet's
/// header names it, once.
pub struct ShownDiagnostic<'a> {
    diag: &'a Diagnostic,
    source: Arc<NamedSource<Arc<str>>>,
    location: String,
    /// Draw the source snippet (else the location is part of the message).
    snippet: bool,
}

impl ShownDiagnostic<'_> {
    /// `file:line:col` of the diagnostic's main span.
    pub fn location(&self) -> &str {
        &self.location
    }
}

impl fmt::Debug for ShownDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for ShownDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.snippet {
            f.write_str(&self.diag.message)
        } else {
            write!(
                f,
                "{}: {} (the line is too long to show)",
                self.location, self.diag.message
            )
        }
    }
}

impl std::error::Error for ShownDiagnostic<'_> {}

impl miette::Diagnostic for ShownDiagnostic<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        Some(Box::new(self.diag.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity() {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.snippet.then_some(&*self.source as &dyn SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if !self.snippet {
            return None;
        }
        let primary = LabeledSpan::new_primary_with_span(
            (!self.diag.label.is_empty()).then(|| self.diag.label.clone()),
            self.diag.span.clone(),
        );
        let related = self
            .diag
            .related
            .iter()
            .map(|(span, label)| LabeledSpan::new_with_span(Some(label.clone()), span.clone()));
        Some(Box::new(std::iter::once(primary).chain(related)))
    }
}

/// The closest candidate to a misspelt name, for "did you mean" help lines.
pub(crate) fn did_you_mean<'a>(
    wrong: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(wrong, c), c))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(a.1)))
        .map(|(_, c)| c)
}

/// A help line `did you mean `x`?` when a close candidate exists.
pub fn suggest<'a>(wrong: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    did_you_mean(wrong, candidates).map(|c| format!("did you mean `{c}`?"))
}

/// Whether `c` is a bidirectional formatting character (U+061C, U+200E, U+200F, U+202A to
/// U+202E, U+2066 to U+2069): shown raw, it reorders the text around it on the screen.
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Whether `c` may not be shown raw: a control character (it would drive the terminal) or a
/// bidirectional formatting character (it would reorder the line).
pub fn is_unprintable(c: char) -> bool {
    c.is_control() || is_bidi_control(c)
}

/// Text given by a user as it may be shown: every unprintable character
/// written as `\u{1b}`; other text unchanged. The one way user text is escaped for printing.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(is_unprintable) {
        return text.into();
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unprintable(c) {
            shown.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            shown.push(c);
        }
    }
    shown.into()
}

/// User text to quote in a message: [`printable`], and cut after `MAX_QUOTED_CHARS`
/// characters with `…`, so that a huge input gives a short message.
pub fn quoted(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MAX_QUOTED_CHARS) {
        None => printable(text),
        Some((cut, _)) => format!("{}…", printable(&text[..cut])).into(),
    }
}
