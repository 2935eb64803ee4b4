//! The piece path language: one move pattern per string.
//!
//! ```text
//! pattern  := [mode] kind path+ modifier*
//! mode     := "move" | "capture" | "both"          (default: both)
//! kind     := "leap" | "step" | "ride"
//! path     := DIRECTION | "(" DIRECTION+ ["stop"] ("|" DIRECTION+)* ")"
//! modifier := "from:" ZONE | "creates-ep" | "en-passant" | "avoid:" TAG
//! ```
//!
//! - `leap P`: the destination is the end of path P; the squares on the way do not matter.
//! - `step P`: like leap, but every square on the way must be empty.
//! - `ride P`: every square along P is a destination while the way is empty; the last direction of P
//!   repeats unless P ends with `stop`.
//! - Several paths in one pattern are alternatives (`ride n s e w` is a rook).
//! - `from:ZONE`: only from a square of ZONE (a player-relative zone name, or a board zone).
//! - `creates-ep`: the squares passed become en passant squares. `en-passant`: the pattern may (only)
//!   capture on an opponent's en passant square, removing the piece that passed it.
//! - `avoid:TAG`: the path may not cross a link with that tag.
//! - `(in in cw | cw in in)`: one path walked as its first sequence; the sequences after `|` are
//!   other leg orders of the same jump. The move is still one path, but it crosses every tag that any
//!   of its leg orders arriving at the same square crosses (3 Man Chess knights and moats).
//!
//! Directions are player-relative: they are looked up in the moving piece's frame.

use crate::diagnostic::{Code, Diagnostic};
use crate::ids::{DirId, TagSet};
use crate::spec::{Located, Span, string_content_start};

/// Which kind of move a pattern makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// To an empty square or by capturing.
    Both,
    /// Only to an empty square.
    Move,
    /// Only by capturing.
    Capture,
}

impl Mode {
    /// Whether the pattern may end on an empty square.
    pub fn quiet(self) -> bool {
        self != Mode::Capture
    }

    /// Whether the pattern may capture.
    pub fn captures(self) -> bool {
        self != Mode::Move
    }
}

/// How a path is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Only the end counts; the way may be occupied.
    Leap,
    /// Only the end counts; the way must be empty.
    Step,
    /// Every square is a destination while the way is empty; the last direction repeats.
    Ride,
}

/// One path: directions walked in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathAst {
    /// The directions, with their spans.
    pub dirs: Vec<Located<String>>,
    /// `stop`: a ride does not repeat the last direction.
    pub stop: bool,
    /// Other leg orders (after `|`): they add the tags they cross, nothing else.
    pub alternatives: Vec<Vec<Located<String>>>,
}

/// One parsed pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternAst {
    /// The mode.
    pub mode: Mode,
    /// The kind.
    pub kind: Kind,
    /// Alternative paths.
    pub paths: Vec<PathAst>,
    /// `from:ZONE`.
    pub from_zone: Option<Located<String>>,
    /// `creates-ep`.
    pub creates_ep: bool,
    /// `en-passant`.
    pub en_passant: bool,
    /// `avoid:TAG`s.
    pub avoid: Vec<Located<String>>,
    /// The whole string's span.
    pub span: Span,
}

struct Token {
    text: String,
    span: Span,
}

fn tokenize(value: &Located<String>, file_text: &str) -> Vec<Token> {
    let base = string_content_start(&value.span, file_text);
    let at = |a: usize, b: usize| match base {
        Some(s) => s + a..s + b,
        None => value.span.clone(),
    };
    let mut out = Vec::new();
    let s = &value.value;
    let mut start: Option<usize> = None;
    for (i, c) in s.char_indices() {
        if c.is_whitespace() || c == '(' || c == ')' || c == '|' {
            if let Some(st) = start.take() {
                out.push(Token {
                    text: s[st..i].to_string(),
                    span: at(st, i),
                });
            }
            if c == '(' || c == ')' || c == '|' {
                out.push(Token {
                    text: c.to_string(),
                    span: at(i, i + 1),
                });
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(st) = start {
        out.push(Token {
            text: s[st..].to_string(),
            span: at(st, s.len()),
        });
    }
    out
}

fn is_modifier(word: &str) -> bool {
    word.contains(':') || word.contains('-')
}

fn syntax(span: Span, message: impl Into<String>, label: &str, help: &str) -> Diagnostic {
    Diagnostic::new(Code::PathSyntax, span, message)
        .label(label)
        .help(help.to_string())
}

const SHAPE: &str = "a pattern reads `[move|capture] leap|step|ride PATH... [modifiers]`, e.g. `ride n s e w` or `move step (n n) from:pawn_start creates-ep`";

/// Parses one pattern string. `value` carries the string and its span; `file_text` is the whole file,
/// used to point at single tokens.
pub fn parse_pattern(value: &Located<String>, file_text: &str) -> Result<PatternAst, Diagnostic> {
    let tokens = tokenize(value, file_text);
    let mut i = 0;
    let end_span = value.span.end.saturating_sub(1)..value.span.end;
    let mut mode = Mode::Both;
    if let Some(t) = tokens.first() {
        match t.text.as_str() {
            "move" => mode = Mode::Move,
            "capture" => mode = Mode::Capture,
            "both" => mode = Mode::Both,
            _ => i = usize::MAX,
        }
    }
    i = if i == usize::MAX { 0 } else { 1 };
    let kind = match tokens.get(i).map(|t| t.text.as_str()) {
        Some("leap") => Kind::Leap,
        Some("step") => Kind::Step,
        Some("ride") => Kind::Ride,
        Some(other) => {
            let t = &tokens[i];
            return Err(syntax(
                t.span.clone(),
                format!("expected `leap`, `step` or `ride`, found `{other}`"),
                "expected the pattern kind here",
                SHAPE,
            ));
        }
        None => {
            return Err(syntax(
                if tokens.is_empty() {
                    value.span.clone()
                } else {
                    end_span
                },
                "the pattern ends before its kind (`leap`, `step` or `ride`)",
                "incomplete pattern",
                SHAPE,
            ));
        }
    };
    i += 1;
    let mut paths = Vec::new();
    while let Some(t) = tokens.get(i) {
        if t.text == "(" {
            let open = t.span.clone();
            i += 1;
            let mut dirs = Vec::new();
            let mut stop = false;
            let mut alternatives: Vec<Vec<Located<String>>> = Vec::new();
            loop {
                let Some(t) = tokens.get(i) else {
                    return Err(syntax(
                        open,
                        "unclosed `(`",
                        "this parenthesis is never closed",
                        "close the path with `)`",
                    ));
                };
                i += 1;
                match t.text.as_str() {
                    ")" => break,
                    "|" => {
                        if dirs.is_empty() || alternatives.last().is_some_and(Vec::is_empty) {
                            return Err(syntax(
                                t.span.clone(),
                                "`|` must stand between two sequences of directions",
                                "empty leg order",
                                "write other leg orders of a jump as `(in in cw | cw in in)`",
                            ));
                        }
                        alternatives.push(Vec::new());
                    }
                    "(" => {
                        return Err(syntax(
                            t.span.clone(),
                            "paths do not nest",
                            "unexpected `(`",
                            "write one flat sequence of directions per path",
                        ));
                    }
                    "stop" => {
                        if dirs.is_empty() {
                            return Err(syntax(
                                t.span.clone(),
                                "`stop` before any direction",
                                "nothing to stop",
                                "`stop` ends a path: `(n n n n stop)`",
                            ));
                        }
                        stop = true;
                        match tokens.get(i) {
                            Some(n) if n.text == ")" => {}
                            Some(n) => {
                                return Err(syntax(
                                    n.span.clone(),
                                    format!("`{}` after `stop`", n.text),
                                    "expected `)`",
                                    "`stop` is the last word of a path",
                                ));
                            }
                            None => {}
                        }
                    }
                    w => match alternatives.last_mut() {
                        Some(alt) => alt.push(Located::new(w.to_string(), t.span.clone())),
                        None => dirs.push(Located::new(w.to_string(), t.span.clone())),
                    },
                }
            }
            if dirs.is_empty() {
                return Err(syntax(
                    open.start..tokens[i - 1].span.end,
                    "empty path `()`",
                    "no direction in this path",
                    "write at least one direction: `(n ne)`",
                ));
            }
            if alternatives.last().is_some_and(Vec::is_empty) {
                return Err(syntax(
                    tokens[i - 1].span.clone(),
                    "a `|` with no leg order after it",
                    "empty leg order",
                    "write other leg orders of a jump as `(in in cw | cw in in)`",
                ));
            }
            if stop && !alternatives.is_empty() {
                return Err(syntax(
                    open.start..tokens[i - 1].span.end,
                    "`stop` with other leg orders",
                    "leg orders describe one jump",
                    "use `|` only in `leap` and `step` paths, without `stop`",
                ));
            }
            paths.push(PathAst {
                dirs,
                stop,
                alternatives,
            });
        } else if t.text == ")" {
            return Err(syntax(
                t.span.clone(),
                "`)` without `(`",
                "unbalanced",
                SHAPE,
            ));
        } else if t.text == "|" {
            return Err(syntax(
                t.span.clone(),
                "`|` outside parentheses",
                "leg orders belong inside one path",
                "write other leg orders of a jump as `(in in cw | cw in in)`",
            ));
        } else if t.text == "stop" {
            return Err(syntax(
                t.span.clone(),
                "`stop` outside parentheses",
                "stop what?",
                "`stop` ends a parenthesised path: `ride (n n n n stop)`",
            ));
        } else if is_modifier(&t.text) {
            break;
        } else {
            paths.push(PathAst {
                dirs: vec![Located::new(t.text.clone(), t.span.clone())],
                stop: false,
                alternatives: Vec::new(),
            });
            i += 1;
        }
    }
    if paths.is_empty() {
        let span = tokens.get(i).map_or(end_span, |t| t.span.clone());
        return Err(syntax(
            span,
            "the pattern has no path",
            "expected a direction or `(` here",
            SHAPE,
        ));
    }
    let mut pat = PatternAst {
        mode,
        kind,
        paths,
        from_zone: None,
        creates_ep: false,
        en_passant: false,
        avoid: Vec::new(),
        span: value.span.clone(),
    };
    for t in &tokens[i..] {
        let bad = |msg: String, help: &str| {
            Diagnostic::new(Code::PathBadModifier, t.span.clone(), msg)
                .label("here")
                .help(help.to_string())
        };
        match t.text.split_once(':') {
            Some(("from", zone)) if !zone.is_empty() => {
                pat.from_zone = Some(Located::new(zone.to_string(), t.span.clone()))
            }
            Some(("avoid", tag)) if !tag.is_empty() => pat
                .avoid
                .push(Located::new(tag.to_string(), t.span.clone())),
            None if t.text == "creates-ep" => pat.creates_ep = true,
            None if t.text == "en-passant" => pat.en_passant = true,
            _ if t.text == "(" || t.text == ")" || t.text == "|" || !is_modifier(&t.text) => {
                return Err(bad(
                    format!("`{}` after the modifiers", t.text),
                    "paths come before modifiers: `move step (n n) from:pawn_start creates-ep`",
                ));
            }
            _ => {
                return Err(bad(
                    format!("unknown modifier `{}`", t.text),
                    "modifiers are `from:ZONE`, `creates-ep`, `en-passant` and `avoid:TAG`",
                ));
            }
        }
    }
    if pat.en_passant && pat.mode == Mode::Move {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            value.span.clone(),
            "`en-passant` on a `move` pattern: en passant is a capture",
        )
        .label("contradictory")
        .help("write `capture leap ne nw en-passant`"));
    }
    if pat.kind == Kind::Ride && pat.paths.iter().any(|p| !p.alternatives.is_empty()) {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            value.span.clone(),
            "leg orders (`|`) in a ride",
        )
        .label("a ride has one way")
        .help("use `|` in `leap` and `step` paths: `leap (in in cw | cw in in)`"));
    }
    if pat.creates_ep && pat.kind == Kind::Ride {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            value.span.clone(),
            "`creates-ep` on a ride",
        )
        .label("which squares were passed?")
        .help("use `creates-ep` with `step` (e.g. a pawn's `move step (n n) creates-ep`)"));
    }
    Ok(pat)
}

/// One compiled move pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// Mode.
    pub mode: Mode,
    /// Kind.
    pub kind: Kind,
    /// Paths: player-relative directions, and whether the ride stops.
    pub paths: Vec<(Vec<DirId>, bool)>,
    /// Per path, its other leg orders (`|`), which add the tags they cross.
    pub alternatives: Vec<Vec<Vec<DirId>>>,
    /// Index of a player-relative zone the piece must stand on.
    pub from_zone: Option<usize>,
    /// The pattern creates en passant squares.
    pub creates_ep: bool,
    /// The pattern captures en passant (only).
    pub en_passant: bool,
    /// Links the path may not cross.
    pub avoid: TagSet,
    /// The pattern as written.
    pub text: String,
}

impl Pattern {
    /// Whether this pattern attacks its capture squares (captures normally, not only en passant).
    pub fn attacks(&self) -> bool {
        self.mode.captures() && !self.en_passant
    }
}
