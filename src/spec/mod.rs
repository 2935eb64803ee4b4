//! The spec layer: TOML text -> plain structs that remember where every value came from.
//!
//! Reading never stops at the first problem. TOML syntax errors are all collected by the recovering
//! parser; then every table is read key by key and every array item on its own, so one wrong value
//! does not hide the next. Semantics (does this node exist?) are checked later, on the spec structs.

pub(crate) mod blocker;
pub(crate) mod board;
mod capture;
mod chain;
pub(crate) mod counting;
pub(crate) mod cube;
pub(crate) mod drops;
mod extends;
pub(crate) mod first_move;
pub(crate) mod flip;
pub(crate) mod free_castling;
pub(crate) mod gating;
mod grid;
mod hands;
pub(crate) mod hex;
pub(crate) mod kind;
pub(crate) mod lints;
mod map;
pub(crate) mod outcome;
mod piece;
pub(crate) mod points;
#[cfg(feature = "schema")]
pub mod schema;
pub(crate) mod style;
mod turn_order;
pub(crate) mod variant;

use std::ops::Range;

use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::{DeTable, DeValue, ValueDeserializer};

use crate::diagnostic::{Code, Diagnostic, suggest};

/// A byte range in a data file.
pub(crate) type Span = Range<usize>;

/// A value together with the span it was read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<T> {
    /// The value.
    pub(crate) value: T,
    /// Where it stands in the file.
    pub(crate) span: Span,
}

impl<T> Located<T> {
    /// Wraps a value with its span.
    pub fn new(value: T, span: Span) -> Self {
        Located { value, span }
    }
}

impl<T> From<Spanned<T>> for Located<T> {
    fn from(s: Spanned<T>) -> Self {
        let span = s.span();
        Located::new(s.into_inner(), span)
    }
}

/// Parses a whole TOML document, reporting every syntax error.
pub(crate) fn parse_document(text: &str) -> Result<Spanned<DeTable<'_>>, Vec<Diagnostic>> {
    let (table, errors) = DeTable::parse_recoverable(text);
    if errors.is_empty() {
        let mut diags = Vec::new();
        control_characters(table.get_ref(), &mut diags);
        return if diags.is_empty() {
            Ok(table)
        } else {
            Err(diags)
        };
    }
    Err(errors
        .into_iter()
        .map(|e| {
            let span = e.span().unwrap_or(0..0);
            Diagnostic::new(
                Code::TomlSyntax,
                span,
                format!("invalid TOML: {}", first_line(e.message())),
            )
            .label("here")
            .help("the file must be valid TOML (https://toml.io) before its meaning can be checked")
        })
        .collect())
}

/// The first character of a string that no name or text of ours may hold: a control character
/// (ESC, BEL, NUL, ...) other than tab and line breaks, or a bidirectional formatting character
/// (U+202E, ...). Written out raw they would drive the terminal or reorder the line, and no XML
/// picture may contain control characters.
fn forbidden_character(s: &str) -> Option<char> {
    s.chars().find(|&c| {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
            || crate::diagnostic::is_bidi_control(c)
    })
}

/// Reports every key and string value of a document that holds a forbidden character.
fn control_characters(table: &DeTable<'_>, diags: &mut Vec<Diagnostic>) {
    fn value(v: &Spanned<DeValue<'_>>, diags: &mut Vec<Diagnostic>) {
        match v.get_ref() {
            DeValue::String(s) => {
                if let Some(c) = forbidden_character(s) {
                    diags.push(found(v.span(), c));
                }
            }
            DeValue::Array(items) => items.iter().for_each(|i| value(i, diags)),
            DeValue::Table(t) => control_characters(t, diags),
            _ => {}
        }
    }
    fn found(span: Span, c: char) -> Diagnostic {
        if !c.is_control() {
            return Diagnostic::new(
                Code::ControlCharacter,
                span,
                format!(
                    "a bidirectional formatting character (U+{:04X}) in a name or text",
                    u32::from(c)
                ),
            )
            .label("here")
            .help("it reorders the text around it where it is printed: write names and texts without it");
        }
        Diagnostic::new(
            Code::ControlCharacter,
            span,
            "a control character (such as ESC, BEL or NUL) in a name or text",
        )
        .label("here")
        .help("names and texts are printed and drawn: write them without control characters")
    }
    for (k, v) in table {
        if let Some(c) = forbidden_character(k.get_ref()) {
            diags.push(found(k.span(), c));
        }
        value(v, diags);
    }
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or(s).trim()
}

/// Deserializes one TOML value into `T`, turning a serde error into a located diagnostic.
pub(crate) fn deserialize<T: DeserializeOwned>(
    value: &Spanned<DeValue<'_>>,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<T> {
    match T::deserialize(ValueDeserializer::from(value.clone())) {
        Ok(v) => Some(v),
        Err(e) => {
            diags.push(schema_error(&e, value.span(), what));
            None
        }
    }
}

/// Rewrites serde's wording in the user's terms: no Rust type names.
fn plain_words(msg: &str) -> String {
    let mut out = String::new();
    let mut rest = msg;
    while let Some(i) = rest.find("struct ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + "struct ".len()..];
        let end = after
            .find(|c: char| !c.is_alphanumeric() && c != '_')
            .unwrap_or(after.len());
        out.push_str("a table");
        rest = &after[end..];
    }
    out.push_str(rest);
    // The range named is the largest the key can hold; the checks after reading may name a
    // smaller limit.
    out.replace(
        "expected u32",
        "expected a whole number from 0 to 4294967295",
    )
    .replace("expected u16", "expected a whole number from 0 to 65535")
    .replace("expected u8", "expected a whole number from 0 to 255")
    .replace(
        "expected i32",
        "expected a whole number from -2147483648 to 2147483647",
    )
    .replace("expected f64", "expected a number")
    .replace("expected a sequence", "expected an array")
    .replace("expected a map", "expected a table")
}

/// `unknown field `colr`, expected one of `a`, `b`` -> (`colr`, [a, b]).
fn unknown_field_parts(msg: &str) -> Option<(String, Vec<String>)> {
    let rest = msg.strip_prefix("unknown field `")?;
    let (field, rest) = rest.split_once('`')?;
    let known = rest
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    Some((field.to_string(), known))
}

fn schema_error(e: &toml::de::Error, fallback: Span, what: &str) -> Diagnostic {
    let msg = plain_words(first_line(e.message()));
    let span = e.span().unwrap_or(fallback);
    let (code, help) = if msg.starts_with("unknown field") {
        let help = match unknown_field_parts(&msg) {
            Some((field, known)) => suggest(&field, known.iter().map(String::as_str))
                .unwrap_or_else(|| {
                    format!(
                        "the keys allowed here are {}",
                        known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                }),
            None => "remove this key".to_string(),
        };
        (Code::UnknownKey, Some(help))
    } else if msg.starts_with("invalid type") {
        (Code::WrongType, None)
    } else if msg.starts_with("missing field") {
        (Code::MissingKey, None)
    } else {
        (Code::InvalidValue, None)
    };
    Diagnostic::new(code, span, format!("{what}: {msg}"))
        .label("here")
        .maybe_help(help)
}

/// A named direction renaming (a board's twist, a variant's frame): its name and its
/// `from = "to"` pairs in file order.
pub(crate) type NamedRenaming = (Located<String>, Vec<(Located<String>, Located<String>)>);

/// Reads a TOML table key by key, remembering which keys were expected, so that unknown keys can be
/// reported (with a did-you-mean) once everything known has been taken.
pub(crate) struct TableReader<'a, 'i> {
    table: &'a DeTable<'i>,
    span: Span,
    what: String,
    known: Vec<&'static str>,
}

impl<'a, 'i> TableReader<'a, 'i> {
    /// A reader for `table`, described as `what` in messages (e.g. "`[grid]`").
    pub(crate) fn new(table: &'a DeTable<'i>, span: Span, what: impl Into<String>) -> Self {
        TableReader {
            table,
            span,
            what: what.into(),
            known: Vec::new(),
        }
    }

    /// Builds a reader for a value that must be a table; reports a wrong type otherwise.
    pub(crate) fn of_value(
        value: &'a Spanned<DeValue<'i>>,
        what: impl Into<String>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Self> {
        let what = what.into();
        match value.get_ref() {
            DeValue::Table(t) => Some(TableReader::new(t, value.span(), what)),
            other => {
                diags.push(
                    Diagnostic::new(
                        Code::WrongType,
                        value.span(),
                        format!("{what} must be a table, found {}", type_name(other)),
                    )
                    .label("expected a table"),
                );
                None
            }
        }
    }

    /// The span of the whole table.
    pub(crate) fn span(&self) -> Span {
        self.span.clone()
    }

    /// The raw value of `key`, marking it known.
    pub(crate) fn raw(&mut self, key: &'static str) -> Option<&'a Spanned<DeValue<'i>>> {
        // A key asked for twice (its span, then its items) is listed once.
        if !self.known.contains(&key) {
            self.known.push(key);
        }
        self.table.get(key)
    }

    /// An optional key.
    pub(crate) fn optional<T: DeserializeOwned>(
        &mut self,
        key: &'static str,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Located<T>> {
        let what = format!("{} key `{key}`", self.what);
        let value = self.raw(key)?;
        deserialize(value, &what, diags).map(|v| Located::new(v, value.span()))
    }

    /// A required key; its absence is reported at the table.
    pub(crate) fn required<T: DeserializeOwned>(
        &mut self,
        key: &'static str,
        expected: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Located<T>> {
        if self.table.get(key).is_none() {
            if !self.known.contains(&key) {
                self.known.push(key);
            }
            self.missing(key, expected, diags);
            return None;
        }
        self.optional(key, diags)
    }

    /// Reports that a required key is absent.
    /// Whether the table has a key that is a misspelling of `key` (`varient` for `variant`):
    /// its unknown-key diagnostic says "did you mean", which makes a missing-key one redundant.
    pub(crate) fn has_misspelt(&self, key: &str) -> bool {
        self.table.keys().any(|k| {
            let k = k.get_ref();
            k != key && crate::diagnostic::did_you_mean(k, [key]).is_some()
        })
    }

    pub(crate) fn missing(&self, key: &str, expected: &str, diags: &mut Vec<Diagnostic>) {
        diags.push(
            Diagnostic::new(
                Code::MissingKey,
                self.header_span(),
                format!("{} has no key `{key}`", self.what),
            )
            .label(format!("`{key}` missing in this table"))
            .help(format!("add `{key} = {expected}`")),
        );
    }

    /// A key whose value is a table of user-chosen names (directions, zones, ...), as entries in file
    /// order with the span of each name.
    pub(crate) fn named_entries(
        &mut self,
        key: &'static str,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<(Located<String>, &'a Spanned<DeValue<'i>>)> {
        let Some(value) = self.raw(key) else {
            return Vec::new();
        };
        let what = format!("{} key `{key}`", self.what);
        match TableReader::of_value(value, what, diags) {
            Some(t) => t.entries(),
            None => Vec::new(),
        }
    }

    /// All entries of this table with their key spans, marking them all known.
    pub(crate) fn entries(&self) -> Vec<(Located<String>, &'a Spanned<DeValue<'i>>)> {
        self.table
            .iter()
            .map(|(k, v)| (Located::new(k.get_ref().to_string(), k.span()), v))
            .collect()
    }

    /// An array of tables (`[[link]]`): each item separately, so one bad item does not hide another.
    pub(crate) fn array_items(
        &mut self,
        key: &'static str,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<&'a Spanned<DeValue<'i>>> {
        let Some(value) = self.raw(key) else {
            return Vec::new();
        };
        match value.get_ref() {
            DeValue::Array(items) => items.iter().collect(),
            other => {
                diags.push(
                    Diagnostic::new(
                        Code::WrongType,
                        value.span(),
                        format!(
                            "{} key `{key}` must be an array of tables (`[[{key}]]`), found {}",
                            self.what,
                            type_name(other)
                        ),
                    )
                    .label("expected `[[...]]` items"),
                );
                Vec::new()
            }
        }
    }

    /// The items of an array of tables (`[[player]]`), each read as a `T` described as `what`; an
    /// item that does not read is reported and left out.
    pub(crate) fn items<T: DeserializeOwned>(
        &mut self,
        key: &'static str,
        what: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<T> {
        self.array_items(key, diags)
            .into_iter()
            .filter_map(|v| deserialize::<T>(v, what, diags))
            .collect()
    }

    /// A key whose value is a table of named direction renamings (`[twists]`, `[frames]`): each
    /// name with its `from = "to"` pairs in file order. `noun` names one entry in messages
    /// ("twist").
    pub(crate) fn named_renamings(
        &mut self,
        key: &'static str,
        noun: &str,
        diags: &mut Vec<Diagnostic>,
    ) -> Vec<NamedRenaming> {
        self.named_entries(key, diags)
            .into_iter()
            .filter_map(|(name, v)| {
                let what = format!("{noun} `{}`", name.value);
                let t = TableReader::of_value(v, what.clone(), diags)?;
                let map = t
                    .entries()
                    .into_iter()
                    .filter_map(|(from, to)| {
                        let s = deserialize::<String>(to, &what, diags)?;
                        Some((from, Located::new(s, to.span())))
                    })
                    .collect();
                Some((name, map))
            })
            .collect()
    }

    /// Span to point at when the table itself is meant: its header line when it has one.
    fn header_span(&self) -> Span {
        let s = self.span.start;
        s..s
    }

    /// Reports every key that was not asked for.
    pub(crate) fn finish(self, diags: &mut Vec<Diagnostic>) {
        for (key, _) in self.table.iter() {
            let name = key.get_ref().as_ref();
            if !self.known.contains(&name) {
                let help = suggest(name, self.known.iter().copied()).unwrap_or_else(|| {
                    format!(
                        "the keys allowed in {} are {}",
                        self.what,
                        self.known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                });
                diags.push(
                    Diagnostic::new(
                        Code::UnknownKey,
                        key.span(),
                        format!("unknown key `{name}` in {}", self.what),
                    )
                    .label("not a key of this table")
                    .help(help),
                );
            }
        }
    }
}

/// The TOML name of a value's type, for messages.
pub(crate) fn type_name(v: &DeValue<'_>) -> &'static str {
    match v {
        DeValue::String(_) => "a string",
        DeValue::Integer(_) => "an integer",
        DeValue::Float(_) => "a float",
        DeValue::Boolean(_) => "a boolean",
        DeValue::Datetime(_) => "a date-time",
        DeValue::Array(_) => "an array",
        DeValue::Table(_) => "a table",
    }
}

/// Splits a string value into whitespace-separated words, each with its span in the file.
///
/// The span arithmetic assumes a basic or literal string without escapes, which is what names and
/// path programs are; should a string contain escapes, spans fall back to the whole string.
pub(crate) fn words(value: &Located<String>, raw_text: &str) -> Vec<Located<String>> {
    let inner_start = string_content_start(&value.span, raw_text);
    let mut out = Vec::new();
    let mut offset = 0;
    for part in value.value.split_whitespace() {
        let at = value.value[offset..]
            .find(part)
            .map_or(offset, |i| offset + i);
        offset = at + part.len();
        let span = match inner_start {
            Some(s) => s + at..s + at + part.len(),
            None => value.span.clone(),
        };
        out.push(Located::new(part.to_string(), span));
    }
    out
}

/// Where the characters of a string literal begin, when its source text is the value verbatim.
pub(crate) fn string_content_start(span: &Span, text: &str) -> Option<usize> {
    let lit = text.get(span.clone())?;
    let quote = if lit.starts_with("\"\"\"") || lit.starts_with("'''") {
        3
    } else if lit.starts_with('"') || lit.starts_with('\'') {
        1
    } else {
        return None;
    };
    if lit.starts_with('"') && lit.contains('\\') {
        return None;
    }
    // TOML drops a newline directly after the opening quotes of a multi-line string.
    let rest = &lit[quote..];
    let skip = if quote == 3 {
        if rest.starts_with("\r\n") {
            2
        } else if rest.starts_with('\n') {
            1
        } else {
            0
        }
    } else {
        0
    };
    Some(span.start + quote + skip)
}
