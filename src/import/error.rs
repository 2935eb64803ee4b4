//! What can be wrong with a Fairy-Stockfish variants file, located in it: each problem becomes a
//! project [`Diagnostic`] (code `import::...`, span, label, help), and the import fails with all
//! of them at once in an [`ImportError`].

use std::ops::Range;

use crate::diagnostic::{Code, Diagnostic, FileReport};

/// The kinds of problem an ini file can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ProblemKind {
    /// A line that is not a header, an entry, a comment or blank.
    Syntax,
    /// A section or a key given twice.
    Duplicate,
    /// A parent that is neither an earlier section nor a supported built-in variant.
    UnknownParent,
    /// A key Fairy-Stockfish has that the importer cannot express (or does not know).
    UnsupportedKey,
    /// A known key with a value that does not read or that the importer cannot express.
    BadValue,
    /// `--variant NAME` names no section of the file.
    NoSuchVariant,
}

impl ProblemKind {
    /// The stable diagnostic code.
    pub(crate) fn code(self) -> Code {
        match self {
            ProblemKind::Syntax => Code::ImportSyntax,
            ProblemKind::Duplicate => Code::ImportDuplicate,
            ProblemKind::UnknownParent => Code::ImportUnknownParent,
            ProblemKind::UnsupportedKey => Code::ImportUnsupportedKey,
            ProblemKind::BadValue => Code::ImportBadValue,
            ProblemKind::NoSuchVariant => Code::ImportNoSuchVariant,
        }
    }

    fn label(self) -> &'static str {
        match self {
            ProblemKind::Syntax => "does not read",
            ProblemKind::Duplicate => "given again here",
            ProblemKind::UnknownParent => "unknown parent",
            ProblemKind::UnsupportedKey => "not supported",
            ProblemKind::BadValue => "this value",
            ProblemKind::NoSuchVariant => "no such section",
        }
    }
}

/// One located problem of an ini file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Problem {
    /// What kind of problem.
    pub(crate) kind: ProblemKind,
    /// Where in the file.
    pub(crate) span: Range<usize>,
    /// What is wrong and what was expected.
    pub(crate) message: String,
    /// What to do about it.
    pub(crate) help: String,
}

impl Problem {
    /// A problem at `span`.
    pub(crate) fn new(
        kind: ProblemKind,
        span: Range<usize>,
        message: impl Into<String>,
        help: impl Into<String>,
    ) -> Self {
        Problem {
            kind,
            span,
            message: message.into(),
            help: help.into(),
        }
    }
}

impl From<Problem> for Diagnostic {
    fn from(p: Problem) -> Diagnostic {
        Diagnostic::new(p.kind.code(), p.span, p.message)
            .label(p.kind.label())
            .help(p.help)
    }
}

/// Why an import failed: the file's problems, every one located, ready to print.
#[derive(Debug, thiserror::Error)]
#[error("{} cannot be imported: {} problem(s)", .0.source.shown_path(), .0.error_count())]
pub struct ImportError(pub FileReport);

impl miette::Diagnostic for ImportError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        self.0
            .diagnostics
            .first()
            .map(|d| Box::new(d.code) as Box<dyn std::fmt::Display>)
    }

    fn help<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(
            "every problem is listed with its line; `FileReport::render` draws them",
        ))
    }
}
