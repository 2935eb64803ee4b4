//! Diagnostics as plain data, for machine-readable output (`chessgraph check --json`).

use serde::Serialize;

use super::{FileReport, severity_word};

/// One diagnostic as data: where (1-based line and column, in characters, of the start and end
/// of its span), what and how to fix it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Record {
    /// The stable code, such as `lint::unused-frame`.
    pub(crate) code: &'static str,
    /// `error` or `warning`.
    pub(crate) severity: &'static str,
    /// The file the diagnostic is in, its path as given (JSON escapes what needs escaping).
    pub(crate) file: String,
    /// Line of the span's start.
    pub(crate) line: usize,
    /// Column of the span's start.
    pub(crate) column: usize,
    /// Line of the span's end.
    pub(crate) end_line: usize,
    /// Column of the span's end.
    pub(crate) end_column: usize,
    /// What is wrong.
    pub(crate) message: String,
    /// The text under the span (empty when there is none).
    pub(crate) label: String,
    /// What to do about it, when there is a help line.
    pub(crate) help: Option<String>,
}

impl FileReport {
    /// The diagnostics of the report as data, in the report's order.
    pub fn records(&self) -> Vec<Record> {
        let file = self.source.path().display().to_string();
        self.diagnostics
            .iter()
            .map(|d| {
                let (line, column) = self.source.line_col(d.span.start);
                let (end_line, end_column) = self.source.line_col(d.span.end);
                Record {
                    code: d.code.as_str(),
                    severity: severity_word(d.severity()),
                    file: file.clone(),
                    line,
                    column,
                    end_line,
                    end_column,
                    message: d.message.clone(),
                    label: d.label.clone(),
                    help: d.help.clone(),
                }
            })
            .collect()
    }

    /// Number of warnings shown.
    pub fn warning_count(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity() == super::Severity::Warning)
            .count()
    }
}
