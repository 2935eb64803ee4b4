//! Problems in the line-based text files the testing commands read (position lists, perft
//! suites, stored snapshots): the file, the 1-based line and column, what is wrong and what was
//! expected there. Unlike board and variant diagnostics they have no source snippet: one line says
//! it all (`suite.epd:3:52: expected a number after `D2`, found `4x0``).

use std::path::{Path, PathBuf};

use chessgraph::diagnostic::{SourceFile, printable};

/// A located problem in a text file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}:{line}:{column}: {message}", printable(&.path.display().to_string()))]
pub struct TextError {
    /// The file, as the user named it.
    pub(crate) path: PathBuf,
    /// 1-based line (0 when the problem is the file as a whole).
    pub line: usize,
    /// 1-based column in characters.
    pub column: usize,
    /// What is wrong and what was expected.
    pub message: String,
    /// A stable code (`snapshot::positions`, `perft-suite::syntax`, ...).
    pub(crate) code: &'static str,
}

impl TextError {
    /// A problem at `line:column` of `path`.
    pub(crate) fn new(
        path: &Path,
        line: usize,
        column: usize,
        code: &'static str,
        message: impl Into<String>,
    ) -> Self {
        TextError {
            path: path.to_path_buf(),
            line,
            column,
            message: message.into(),
            code,
        }
    }
}

impl miette::Diagnostic for TextError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(self.code))
    }
}

/// Reads a text file the way board and variant files are read (a regular file, bounded, UTF-8
/// without raw control characters); a failure is located where the file goes wrong.
pub fn read_text_file(path: &Path, code: &'static str) -> Result<SourceFile, TextError> {
    SourceFile::read(path).map_err(|failed| {
        let (source, d) = *failed;
        let (line, column) = source.line_col(d.span.start);
        TextError::new(path, line, column, code, d.message)
    })
}

/// The 1-based column (in characters) of byte `offset` of `line`.
pub(crate) fn column_of(line: &str, offset: usize) -> usize {
    line[..offset.min(line.len())].chars().count() + 1
}
