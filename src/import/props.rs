//! A section's keys after inheritance: its own entries over its parent's, down to a built-in
//! variant, each remembering where it was written (a line of the file, or the built-in), so the
//! written files can say where every rule came from and a bad value is reported where it is.

use std::collections::BTreeMap;
use std::ops::Range;

use super::builtins;
use super::error::{Problem, ProblemKind};
use super::ini::{self, Section};

/// Where a key's value was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// A line of the imported file (1-based).
    Line(usize),
    /// A built-in parent.
    Builtin(&'static str),
    /// Fairy-Stockfish's defaults, where a section names no parent.
    Defaults,
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Line(n) => write!(f, "line {n}"),
            Origin::Builtin(b) => write!(f, "built-in `{b}`"),
            Origin::Defaults => write!(f, "Fairy-Stockfish's defaults (no parent)"),
        }
    }
}

/// One key's effective value.
#[derive(Clone, Debug)]
pub(crate) struct Prop {
    /// The value, trimmed.
    pub(crate) value: String,
    /// Where to report a problem with it: the value in the file, or (for a built-in's value)
    /// the parent's name in the section header.
    pub(crate) span: Range<usize>,
    /// The key's span (the parent's name for a built-in's key).
    pub(crate) key_span: Range<usize>,
    /// Where it was written.
    pub(crate) origin: Origin,
    /// How deep in the chain of sections it was written: 0 for a built-in or the defaults, 1
    /// for the first section of the file in the chain, ..., the section's own `depth` for its
    /// own keys (Fairy-Stockfish reads a section's keys over its parent's, in that order).
    pub(crate) depth: usize,
}

/// The effective keys of one section.
#[derive(Clone, Debug)]
pub(crate) struct Props {
    /// The section's name.
    pub(crate) name: String,
    /// The header's span.
    pub(crate) header: Range<usize>,
    /// The line of the header (1-based).
    pub(crate) line: usize,
    /// The chain of parents, nearest first, ending in the built-in.
    pub(crate) lineage: Vec<String>,
    /// Key -> value.
    pub(crate) keys: BTreeMap<String, Prop>,
    /// The section's depth in its chain (1: its parent is a built-in or none).
    pub(crate) depth: usize,
    /// The built-in at the chain's start when its rules come from its shipped variant file
    /// (`shipped.rs`) instead of keys: the section's keys are mapped onto that file.
    pub(crate) shipped: Option<&'static super::shipped::ShippedParent>,
}

impl Props {
    /// The value of `key`, if set anywhere up the chain.
    pub(crate) fn get(&self, key: &str) -> Option<&Prop> {
        self.keys.get(key)
    }
}

/// 1-based line of a byte offset.
pub(crate) fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// Resolves the inheritance of every section, in file order; a section whose parent is unknown
/// (or later in the file) gets a problem and no props.
pub(crate) fn resolve(text: &str, sections: &[Section]) -> (Vec<Option<Props>>, Vec<Problem>) {
    let mut out: Vec<Option<Props>> = Vec::new();
    let mut problems = Vec::new();
    for (i, s) in sections.iter().enumerate() {
        if let Some(first) = sections[..i].iter().find(|e| e.name.text == s.name.text) {
            problems.push(Problem::new(
                ProblemKind::Duplicate,
                s.name.span.clone(),
                format!(
                    "variant `{}` is defined twice (first on line {})",
                    s.name.text,
                    line_of(text, first.header.start)
                ),
                "give each section its own name",
            ));
            out.push(None);
            continue;
        }
        let props = inherit(text, s, sections, &out[..i]);
        match props {
            Ok(p) => out.push(Some(p)),
            Err(p) => {
                problems.extend(p);
                out.push(None);
            }
        }
        if let Some(Some(_)) = out.last() {
            problems.extend(duplicate_keys(text, s));
        }
    }
    (out, problems)
}

/// A key given twice in one section with two values (Fairy-Stockfish would take the last:
/// likely a slip, so it is named). The same value twice says one thing, and is read.
fn duplicate_keys(text: &str, s: &Section) -> Vec<Problem> {
    let mut seen: BTreeMap<&str, (usize, &str)> = BTreeMap::new();
    let mut problems = Vec::new();
    for e in &s.entries {
        match seen.get(e.key.text.as_str()) {
            Some(&(_, value)) if value == e.value.text => {}
            Some(&(first, _)) => problems.push(Problem::new(
                ProblemKind::Duplicate,
                e.key.span.clone(),
                format!(
                    "`{}` is given twice in `[{}]` with two values (first on line {first})",
                    e.key.text, s.name.text
                ),
                "keep one of them (Fairy-Stockfish takes the last)",
            )),
            None => {
                seen.insert(
                    &e.key.text,
                    (line_of(text, e.key.span.start), e.value.text.as_str()),
                );
            }
        }
    }
    problems
}

/// One section's props: its parent's (an earlier section, or a built-in) with its own on top.
fn inherit(
    text: &str,
    s: &Section,
    sections: &[Section],
    earlier: &[Option<Props>],
) -> Result<Props, Vec<Problem>> {
    let mut props = match &s.parent {
        // Without a parent a section starts from Fairy-Stockfish's defaults.
        None => defaults(s),
        Some(parent) => {
            let mut props = match sections[..earlier.len()]
                .iter()
                .position(|e| e.name.text == parent.text)
            {
                Some(j) => match &earlier[j] {
                    Some(p) => p.clone(),
                    None => {
                        return Err(vec![Problem::new(
                            ProblemKind::UnknownParent,
                            parent.span.clone(),
                            format!(
                                "`[{}]` is not imported: its parent `{}` (line {}) is refused",
                                s.name.text,
                                parent.text,
                                line_of(text, sections[j].header.start)
                            ),
                            "fix the parent's problems (reported at its lines); this section follows",
                        )]);
                    }
                },
                None => from_builtin(s, parent)?,
            };
            props.lineage.insert(0, parent.text.clone());
            props
        }
    };
    props.depth += 1;
    props.name = s.name.text.clone();
    props.header = s.header.clone();
    props.line = line_of(text, s.header.start);
    for e in &s.entries {
        props.keys.insert(
            e.key.text.clone(),
            Prop {
                value: e.value.text.clone(),
                span: if e.value.span.is_empty() {
                    e.key.span.clone()
                } else {
                    e.value.span.clone()
                },
                key_span: e.key.span.clone(),
                origin: Origin::Line(line_of(text, e.key.span.start)),
                depth: props.depth,
            },
        );
    }
    Ok(props)
}

/// The props of a built-in parent, located at the parent's name in `s`'s header.
fn from_builtin(s: &Section, parent: &ini::Spanned) -> Result<Props, Vec<Problem>> {
    let Some(b) = builtins::builtin(&parent.text) else {
        if let Some(shipped) = super::shipped::parent(&parent.text) {
            let mut props = base(s, BTreeMap::new());
            props.shipped = Some(shipped);
            return Ok(props);
        }
        return Err(vec![super::shipped::unknown_parent(parent)]);
    };
    // Every built-in starts from chess's keys.
    let chess = builtins::BUILTINS[0].ini;
    let (sections, _) = ini::parse(&format!("[{}:chess]\n{chess}{}", b.name, b.ini));
    let mut keys = BTreeMap::new();
    for e in sections.into_iter().flat_map(|s| s.entries) {
        keys.insert(
            e.key.text,
            Prop {
                value: e.value.text,
                span: parent.span.clone(),
                key_span: parent.span.clone(),
                origin: Origin::Builtin(b.name),
                depth: 0,
            },
        );
    }
    Ok(base(s, keys))
}

/// A chain's start (a built-in or the defaults) under `s`'s name, with `keys`.
fn base(s: &Section, keys: BTreeMap<String, Prop>) -> Props {
    Props {
        name: s.name.text.clone(),
        header: s.header.clone(),
        line: 0,
        lineage: vec![],
        keys,
        depth: 0,
        shipped: None,
    }
}

/// Fairy-Stockfish's defaults, for a section without a parent: an empty 8x8 board, no piece
/// types and no promotion choices unless the section gives them (Fairy-Stockfish keeps chess's
/// start text, whose letters then name no piece: no piece stands on the board). A known
/// difference: a section that gives pieces but no `startFen` starts empty here, where
/// Fairy-Stockfish places those of chess's start letters that now name a piece.
fn defaults(s: &Section) -> Props {
    let mut keys = BTreeMap::new();
    let mut set = |key: &str, value: &str| {
        keys.insert(
            key.to_string(),
            Prop {
                value: value.to_string(),
                span: s.header.clone(),
                key_span: s.header.clone(),
                origin: Origin::Defaults,
                depth: 0,
            },
        );
    };
    for (key, ..) in super::model::PIECE_TYPES {
        set(key, "-");
    }
    set("promotionPieceTypes", "");
    set("startFen", "8/8/8/8/8/8/8/8 w - - 0 1");
    base(s, keys)
}
