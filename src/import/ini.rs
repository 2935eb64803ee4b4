//! A Fairy-Stockfish variants file read line by line, keeping where every section, key and value
//! is: `[name]` or `[name:parent]` headers, `key = value` entries, `#` and `;` comment lines. Any
//! other line is a located error; nothing is skipped silently.

use std::ops::Range;

use super::error::{Problem, ProblemKind};

/// A piece of the file with the byte range it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Spanned {
    /// The text, trimmed.
    pub(crate) text: String,
    /// Where it is in the file.
    pub(crate) span: Range<usize>,
}

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The key.
    pub(crate) key: Spanned,
    /// The value (empty text when nothing follows `=`).
    pub(crate) value: Spanned,
}

/// One `[name]` or `[name:parent]` section and its entries in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Section {
    /// The variant's name.
    pub(crate) name: Spanned,
    /// The section or built-in variant it inherits from.
    pub(crate) parent: Option<Spanned>,
    /// The header line's span (`[` to `]`).
    pub(crate) header: Range<usize>,
    /// The entries, in file order.
    pub(crate) entries: Vec<Entry>,
}

/// The sections of a file; the problems of lines that do not read.
pub(crate) fn parse(text: &str) -> (Vec<Section>, Vec<Problem>) {
    let mut sections: Vec<Section> = Vec::new();
    let mut problems = Vec::new();
    // A UTF-8 byte-order mark is not part of the first line (TOML files with one load too).
    let mut offset = if text.starts_with('\u{feff}') { 3 } else { 0 };
    for raw in text[offset..].split_inclusive('\n') {
        let start = offset;
        offset += raw.len();
        let line = raw.trim_end_matches(['\n', '\r']);
        let lead = line.len() - line.trim_start().len();
        let body = line.trim();
        if body.is_empty() || body.starts_with('#') || body.starts_with(';') {
            continue;
        }
        let at = start + lead;
        if body.starts_with('[') {
            match header(body, at) {
                Ok(s) => sections.push(s),
                Err(p) => {
                    // The lines below belong to this refused section, not to the one above.
                    let inner = body.trim_start_matches('[').trim_end_matches(']');
                    let name = inner.split(':').next().unwrap_or("").trim();
                    sections.push(Section {
                        name: Spanned {
                            text: name.to_string(),
                            span: p.span.clone(),
                        },
                        parent: None,
                        header: at..at + body.len(),
                        entries: Vec::new(),
                    });
                    problems.push(p);
                }
            }
            continue;
        }
        match (entry(body, at), sections.last_mut()) {
            (Ok(e), Some(s)) => s.entries.push(e),
            (Ok(e), None) => problems.push(Problem::new(
                ProblemKind::Syntax,
                e.key.span.start..e.value.span.end.max(e.key.span.end),
                "a key before the first section",
                "`[name:parent]` before it: every key belongs to a variant",
            )),
            (Err(p), _) => problems.push(p),
        }
    }
    (sections, problems)
}

/// `[name]` or `[name:parent]`, starting at byte `at`.
fn header(body: &str, at: usize) -> Result<Section, Problem> {
    let Some(inner) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) else {
        return Err(Problem::new(
            ProblemKind::Syntax,
            at..at + body.len(),
            "a section header without its closing `]`",
            "a header is `[name]` or `[name:parent]` alone on its line",
        ));
    };
    let (name, parent) = match inner.split_once(':') {
        Some((n, p)) => (n, Some((p, n.len() + 2))),
        None => (inner, None),
    };
    let name = word(name, at + 1, "a variant name")?;
    let parent = match parent {
        Some((p, skip)) => Some(word(p, at + skip, "a parent variant's name")?),
        None => None,
    };
    Ok(Section {
        name,
        parent,
        header: at..at + body.len(),
        entries: Vec::new(),
    })
}

/// A name in a header, starting at byte `at`: any text without `[`, `]`, `:` or control
/// characters, as Fairy-Stockfish reads it (the written files' names replace what a file name
/// cannot hold with `_`).
fn word(raw: &str, at: usize, what: &str) -> Result<Spanned, Problem> {
    let lead = raw.len() - raw.trim_start().len();
    let text = raw.trim();
    let span = at + lead..at + lead + text.len();
    let fine = !text.is_empty()
        && text
            .chars()
            .all(|c| !c.is_control() && !matches!(c, '[' | ']' | ':'));
    if fine {
        Ok(Spanned {
            text: text.to_string(),
            span,
        })
    } else {
        let span = if text.is_empty() {
            at..at + raw.len().max(1)
        } else {
            span
        };
        Err(Problem::new(
            ProblemKind::Syntax,
            span,
            if text.is_empty() {
                format!("expected {what} here, found nothing")
            } else {
                format!("expected {what} (no `[`, `]` or `:`), found `{text}`")
            },
            "a header is `[name]` or `[name:parent]`, e.g. `[mychess:chess]`",
        ))
    }
}

/// `key = value`, starting at byte `at`.
fn entry(body: &str, at: usize) -> Result<Entry, Problem> {
    let Some(eq) = body.find('=') else {
        return Err(Problem::new(
            ProblemKind::Syntax,
            at..at + body.len(),
            format!("expected `key = value`, found `{body}`"),
            "every line is a `[section]` header, a `key = value` entry, a comment (`#`, `;`) or blank",
        ));
    };
    let key_raw = &body[..eq];
    let key = key_raw.trim_end();
    if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(Problem::new(
            ProblemKind::Syntax,
            at..at + key.len().max(1),
            format!("expected a key (letters and digits) before `=`, found `{key}`"),
            "entries are `key = value`, e.g. `maxFile = j`",
        ));
    }
    let rest = &body[eq + 1..];
    let lead = rest.len() - rest.trim_start().len();
    let value = rest.trim();
    let vstart = at + eq + 1 + lead;
    Ok(Entry {
        key: Spanned {
            text: key.to_string(),
            span: at..at + key.len(),
        },
        value: Spanned {
            text: value.to_string(),
            span: vstart..vstart + value.len(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sections_entries_and_spans() {
        let text = "# c\n[a:chess]\nmaxFile = j\n; x\n\n[b]\n  startFen=8/8 w - - 0 1\n";
        let (s, p) = parse(text);
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].name.text, "a");
        assert_eq!(s[0].parent.as_ref().map(|p| p.text.as_str()), Some("chess"));
        let e = &s[0].entries[0];
        assert_eq!(&text[e.key.span.clone()], "maxFile");
        assert_eq!(&text[e.value.span.clone()], "j");
        assert_eq!(&text[s[1].entries[0].value.span.clone()], "8/8 w - - 0 1");
        assert!(s[1].parent.is_none());
    }

    #[test]
    fn bad_lines_are_located() {
        let (_, p) = parse("x = 1\n[a:chess\nnonsense\n[:b]\n");
        assert_eq!(p.len(), 4, "{p:?}");
    }
}
