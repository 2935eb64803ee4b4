//! insta's `.snap` file format, so that stored reports are reviewed with `cargo insta review`:
//! a header of `key: value` lines between two `---` lines, then the body.
//!
//! ```text
//! ---
//! source: chessgraph snapshot
//! expression: chessgraph snapshot variants/chess.toml
//! input_file: variants/chess.toml
//! ---
//! == rules ==
//! ...
//! ```
//!
//! Bodies are compared as insta compares them: line endings normalised (`\r\n` as `\n`) and
//! trailing whitespace at the end removed; the header is ignored.

use std::path::Path;

use super::super::text_error::TextError;

/// The code of problems with a stored snapshot file.
pub const SNAP_CODE: &str = "snapshot::snap-file";

/// A `.snap` file: its header fields in order and its body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SnapFile {
    /// `key: value` pairs of the header, in order (values unquoted).
    pub metadata: Vec<(String, String)>,
    /// The snapshot itself.
    pub body: String,
}

impl SnapFile {
    /// The file's text: the header, then the body ending with one line break.
    pub fn to_text(&self) -> String {
        let mut s = String::from("---\n");
        for (k, v) in &self.metadata {
            s.push_str(k);
            s.push_str(": ");
            s.push_str(&yaml_scalar(v));
            s.push('\n');
        }
        s.push_str("---\n");
        s.push_str(self.body.trim_end());
        s.push('\n');
        s
    }

    /// Reads a `.snap` file's text; `path` names it in messages.
    pub fn parse(path: &Path, text: &str) -> Result<SnapFile, TextError> {
        let mut lines = text.split_inclusive('\n');
        let first = lines.next().unwrap_or("");
        if first.trim_end() != "---" {
            return Err(TextError::new(
                path,
                1,
                1,
                SNAP_CODE,
                "expected `---`, the first line of a .snap file (write one with `chessgraph snapshot VARIANT -o FILE`)",
            ));
        }
        let mut metadata = Vec::new();
        let mut offset = first.len();
        for (i, line) in lines.by_ref().enumerate() {
            offset += line.len();
            let l = line.trim_end();
            if l == "---" {
                return Ok(SnapFile {
                    metadata,
                    body: text[offset..].to_string(),
                });
            }
            match l.split_once(':') {
                Some((k, v)) if !k.is_empty() && !k.starts_with(' ') => {
                    metadata.push((k.to_string(), unquote(v.trim())));
                }
                // insta writes nested values (`info:` maps) indented: kept as they are.
                _ if l.starts_with(' ') || l.is_empty() => {}
                _ => {
                    return Err(TextError::new(
                        path,
                        i + 2,
                        1,
                        SNAP_CODE,
                        format!(
                            "expected a header line `key: value` or the closing `---`, found `{}`",
                            chessgraph::diagnostic::quoted(l)
                        ),
                    ));
                }
            }
        }
        let line = text.lines().count().max(1);
        Err(TextError::new(
            path,
            line,
            1,
            SNAP_CODE,
            "the header has no closing `---` line",
        ))
    }
}

/// A body as insta compares it: `\r\n` read as `\n`, trailing whitespace at the end removed.
pub(crate) fn normalize(body: &str) -> String {
    body.trim_end().replace("\r\n", "\n")
}

/// A unified diff of two texts (three lines of context), or `None` when they are equal after
/// `normalize`.
pub fn unified_diff(old: &str, new: &str, old_label: &str, new_label: &str) -> Option<String> {
    let (old, new) = (normalize(old) + "\n", normalize(new) + "\n");
    if old == new {
        return None;
    }
    let diff = similar::TextDiff::from_lines(&old, &new);
    Some(
        diff.unified_diff()
            .context_radius(3)
            .header(old_label, new_label)
            .to_string(),
    )
}

/// A header value as YAML: plain when it cannot be misread, else double-quoted with escapes.
fn yaml_scalar(v: &str) -> String {
    let plain = !v.is_empty()
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || " _./@=+,-".contains(c))
        && !v.starts_with(['-', ' ', '@'])
        && !v.ends_with(' ');
    if plain {
        return v.to_string();
    }
    let mut s = String::from("\"");
    for c in v.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' => s.push_str("\\n"),
            '\t' => s.push_str("\\t"),
            c if c.is_control() => s.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// A header value read back: double-quoted values unescaped, others as written.
fn unquote(v: &str) -> String {
    let Some(inner) = v.strip_prefix('"').and_then(|r| r.strip_suffix('"')) else {
        return v.to_string();
    };
    let mut out = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                if let Some(c) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                    out.push(c);
                }
            }
            Some(c) => out.push(c),
            None => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_reads_back_with_its_header_and_body() {
        let f = SnapFile {
            metadata: vec![
                ("source".into(), "chessgraph snapshot".into()),
                ("expression".into(), "a: \"b\"".into()),
            ],
            body: "line 1\nline 2\n".into(),
        };
        let text = f.to_text();
        assert_eq!(
            text,
            "---\nsource: chessgraph snapshot\nexpression: \"a: \\\"b\\\"\"\n---\nline 1\nline 2\n"
        );
        let back = SnapFile::parse(Path::new("x.snap"), &text).unwrap();
        assert_eq!(back.metadata, f.metadata);
        assert_eq!(normalize(&back.body), normalize(&f.body));
    }

    #[test]
    fn bodies_compare_as_insta_compares_them() {
        assert_eq!(unified_diff("a\r\nb\n\n  \n", "a\nb", "old", "new"), None);
        let d = unified_diff("a\nb\nc\n", "a\nB\nc\n", "old", "new").unwrap();
        assert!(d.contains("-b\n+B\n"), "{d}");
    }

    #[test]
    fn a_file_without_header_is_refused_with_its_line() {
        let e = SnapFile::parse(Path::new("x.snap"), "hello\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 1));
        let e = SnapFile::parse(Path::new("x.snap"), "---\nsource: x\nbody\n").unwrap_err();
        assert_eq!(e.line, 3, "{e}");
    }
}
