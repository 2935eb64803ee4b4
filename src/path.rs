//! The piece path language: one move pattern per string.
//!
//! ```text
//! pattern  := [mode] kind path+ modifier*
//! mode     := "move" | "capture" | "both"          (default: both)
//! kind     := "leap" | "step" | "ride"
//! path     := DIRECTION | "(" DIRECTION+ ["stop"] ("|" DIRECTION+)* ")"
//! modifier := "from:" ZONE | "within:" ZONE | "to:" ZONE | "over:" N | "beyond:" N
//!           | "creates-ep" | "en-passant" | "avoid:" TAG | "first-move" | "not-in-check"
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
//! - `first-move` (on a `move` pattern): only while the square the piece stands on holds its
//!   owner's `[[first_move]]` right (Cambodian chess's king and met, whose right position text
//!   writes like castling's). `not-in-check` (on a `move` pattern): only while the owner is not in
//!   check (the Cambodian king's leap).
//! - `within:ZONE`: every square the path reaches (passes or ends on) lies in ZONE: a ride stops at
//!   the zone's edge (xiangqi's palace, the elephant's own side of the river). The origin does not
//!   matter.
//! - `to:ZONE`: the path may pass anywhere but only ends in ZONE.
//! - `over:N` (hops): the path must pass exactly N occupied squares (screens, of any side) before it
//!   may stop. On a `ride`, squares before the N-th screen are not destinations; after it the ride
//!   goes on over empty squares and ends at the first piece, which it may capture (the xiangqi
//!   cannon: `capture ride n s e w over:1`). On a `step`, exactly N squares of the way are occupied.
//! - `beyond:K` (with `over` on a ride): at most K squares past the last screen (the grasshopper:
//!   `ride n s e w ne nw se sw over:1 beyond:1` lands right behind the first piece).
//! - `(in in cw | cw in in)`: one path walked as its first sequence; the sequences after `|` are
//!   other leg orders of the same jump. The move is still one path, but it crosses every tag that any
//!   of its leg orders arriving at the same square crosses (3 Man Chess knights and moats).
//!
//! Directions are player-relative: they are looked up in the moving piece's frame.

use crate::diagnostic::{Code, Diagnostic};
use crate::ids::{DirId, TagSet};
use crate::limits::{MAX_LEG_ORDERS_PER_PATTERN, MAX_PATHS_PER_PATTERN};
use crate::spec::{Located, Span, string_content_start};

/// Which kind of move a pattern makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Mode {
    /// To an empty square or by capturing.
    Both,
    /// Only to an empty square.
    Move,
    /// Only by capturing.
    Capture,
}

impl Mode {
    /// Whether the pattern may end on an empty square.
    pub(crate) fn quiet(self) -> bool {
        self != Mode::Capture
    }

    /// Whether the pattern may capture.
    pub(crate) fn captures(self) -> bool {
        self != Mode::Move
    }
}

/// How a path is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    /// Only the end counts; the way may be occupied.
    Leap,
    /// Only the end counts; the way must be empty.
    Step,
    /// Every square is a destination while the way is empty; the last direction repeats.
    Ride,
}

/// One path: directions walked in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PathAst {
    /// The directions, with their spans.
    pub(crate) dirs: Vec<Located<String>>,
    /// `stop`: a ride does not repeat the last direction.
    pub(crate) stop: bool,
    /// Other leg orders (after `|`): they add the tags they cross, nothing else.
    pub(crate) alternatives: Vec<Vec<Located<String>>>,
}

/// One parsed pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternAst {
    /// The mode.
    pub(crate) mode: Mode,
    /// The kind.
    pub(crate) kind: Kind,
    /// Alternative paths.
    pub(crate) paths: Vec<PathAst>,
    /// `from:ZONE`.
    pub(crate) from_zone: Option<Located<String>>,
    /// `creates-ep`.
    pub(crate) creates_ep: bool,
    /// `en-passant`.
    pub(crate) en_passant: bool,
    /// `avoid:TAG`s.
    pub(crate) avoid: Vec<Located<String>>,
    /// `within:ZONE`.
    pub(crate) within: Option<Located<String>>,
    /// `to:ZONE`.
    pub(crate) to_zone: Option<Located<String>>,
    /// `over:N`: the screens a hop passes.
    pub(crate) over: Option<Located<u8>>,
    /// `beyond:K`: how far past the last screen a hop may go.
    pub(crate) beyond: Option<Located<u8>>,
    /// `first-move`.
    pub(crate) first_move: bool,
    /// `not-in-check`.
    pub(crate) not_in_check: bool,
    /// The whole string's span.
    pub(crate) span: Span,
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
    let end_span = value.span.end.saturating_sub(1)..value.span.end;
    let (mode, at) = parse_mode(&tokens);
    let kind = parse_kind(&tokens, at, value, &end_span)?;
    let (paths, at) = parse_paths(&tokens, at + 1)?;
    if paths.is_empty() {
        let span = tokens.get(at).map_or(end_span, |t| t.span.clone());
        return Err(syntax(
            span,
            "the pattern has no path",
            "expected a direction or `(` here",
            SHAPE,
        ));
    }
    refuse_too_many_paths(&paths)?;
    let mut pat = PatternAst {
        mode,
        kind,
        paths,
        from_zone: None,
        creates_ep: false,
        en_passant: false,
        avoid: Vec::new(),
        within: None,
        to_zone: None,
        over: None,
        beyond: None,
        first_move: false,
        not_in_check: false,
        span: value.span.clone(),
    };
    parse_modifiers(&tokens[at..], &mut pat)?;
    check_combination(&pat)?;
    Ok(pat)
}

/// Refuses a pattern with more than [`MAX_PATHS_PER_PATTERN`] paths, or more than
/// [`MAX_LEG_ORDERS_PER_PATTERN`] leg orders: paths are compiled into rays for every node and
/// frame, so load time and memory grow with their number (leg orders only add tags, cheaply).
fn refuse_too_many_paths(paths: &[PathAst]) -> Result<(), Diagnostic> {
    let mut legs = 0;
    for (i, p) in paths.iter().enumerate() {
        // The path's own order, then the others after `|`.
        legs += 1 + p.alternatives.len();
        let what = if i >= MAX_PATHS_PER_PATTERN {
            format!("more than {MAX_PATHS_PER_PATTERN} paths in one pattern")
        } else if legs > MAX_LEG_ORDERS_PER_PATTERN {
            format!("more than {MAX_LEG_ORDERS_PER_PATTERN} leg orders in one pattern")
        } else {
            continue;
        };
        let span = p.dirs.first().map_or(0..0, |d| d.span.clone());
        return Err(Diagnostic::new(Code::VariantTooLarge, span, what)
            .label("one too many")
            .help("split the moves over several patterns, or list each path once"));
    }
    Ok(())
}

/// The optional leading mode, and the index of the token after it.
fn parse_mode(tokens: &[Token]) -> (Mode, usize) {
    match tokens.first().map(|t| t.text.as_str()) {
        Some("move") => (Mode::Move, 1),
        Some("capture") => (Mode::Capture, 1),
        Some("both") => (Mode::Both, 1),
        _ => (Mode::Both, 0),
    }
}

/// The kind, which token `at` must be; `end_span` is where a pattern that stops short ends.
fn parse_kind(
    tokens: &[Token],
    at: usize,
    value: &Located<String>,
    end_span: &Span,
) -> Result<Kind, Diagnostic> {
    match tokens.get(at).map(|t| t.text.as_str()) {
        Some("leap") => Ok(Kind::Leap),
        Some("step") => Ok(Kind::Step),
        Some("ride") => Ok(Kind::Ride),
        Some(other) => Err(syntax(
            tokens[at].span.clone(),
            format!("expected `leap`, `step` or `ride`, found `{other}`"),
            "expected the pattern kind here",
            SHAPE,
        )),
        None => Err(syntax(
            if tokens.is_empty() {
                value.span.clone()
            } else {
                end_span.clone()
            },
            "the pattern ends before its kind (`leap`, `step` or `ride`)",
            "incomplete pattern",
            SHAPE,
        )),
    }
}

/// The paths from token `at` up to the first modifier, and the index of that modifier (or of the
/// end).
fn parse_paths(tokens: &[Token], mut at: usize) -> Result<(Vec<PathAst>, usize), Diagnostic> {
    let mut paths = Vec::new();
    while let Some(t) = tokens.get(at) {
        match t.text.as_str() {
            "(" => {
                let (path, next) = parse_group(tokens, at)?;
                paths.push(path);
                at = next;
            }
            ")" => {
                return Err(syntax(
                    t.span.clone(),
                    "`)` without `(`",
                    "unbalanced",
                    SHAPE,
                ));
            }
            "|" => {
                return Err(syntax(
                    t.span.clone(),
                    "`|` outside parentheses",
                    "leg orders belong inside one path",
                    "write other leg orders of a jump as `(in in cw | cw in in)`",
                ));
            }
            "stop" => {
                return Err(syntax(
                    t.span.clone(),
                    "`stop` outside parentheses",
                    "stop what?",
                    "`stop` ends a parenthesised path: `ride (n n n n stop)`",
                ));
            }
            w if is_modifier(w) => break,
            w => {
                paths.push(PathAst {
                    dirs: vec![Located::new(w.to_string(), t.span.clone())],
                    stop: false,
                    alternatives: Vec::new(),
                });
                at += 1;
            }
        }
    }
    Ok((paths, at))
}

/// The parenthesised path whose `(` is token `open_at`, and the index of the token after its `)`.
fn parse_group(tokens: &[Token], open_at: usize) -> Result<(PathAst, usize), Diagnostic> {
    let open = tokens[open_at].span.clone();
    let (path, next) = group_words(tokens, &open, open_at + 1)?;
    let close = &tokens[next - 1].span;
    if path.dirs.is_empty() {
        return Err(syntax(
            open.start..close.end,
            "empty path `()`",
            "no direction in this path",
            "write at least one direction: `(n ne)`",
        ));
    }
    if path.alternatives.last().is_some_and(Vec::is_empty) {
        return Err(syntax(
            close.clone(),
            "a `|` with no leg order after it",
            "empty leg order",
            "write other leg orders of a jump as `(in in cw | cw in in)`",
        ));
    }
    if path.stop && !path.alternatives.is_empty() {
        return Err(syntax(
            open.start..close.end,
            "`stop` with other leg orders",
            "leg orders describe one jump",
            "use `|` only in `leap` and `step` paths, without `stop`",
        ));
    }
    Ok((path, next))
}

/// The words of a parenthesised path from token `at` to its `)` (`open` is the `(`), and the index
/// of the token after the `)`; the path as a whole is checked by the caller.
fn group_words(
    tokens: &[Token],
    open: &Span,
    mut at: usize,
) -> Result<(PathAst, usize), Diagnostic> {
    let mut path = PathAst {
        dirs: Vec::new(),
        stop: false,
        alternatives: Vec::new(),
    };
    loop {
        let Some(t) = tokens.get(at) else {
            return Err(syntax(
                open.clone(),
                "unclosed `(`",
                "this parenthesis is never closed",
                "close the path with `)`",
            ));
        };
        at += 1;
        match t.text.as_str() {
            ")" => break,
            "|" => {
                if path.dirs.is_empty() || path.alternatives.last().is_some_and(Vec::is_empty) {
                    return Err(syntax(
                        t.span.clone(),
                        "`|` must stand between two sequences of directions",
                        "empty leg order",
                        "write other leg orders of a jump as `(in in cw | cw in in)`",
                    ));
                }
                path.alternatives.push(Vec::new());
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
                check_stop(t, path.dirs.is_empty(), tokens.get(at))?;
                path.stop = true;
            }
            w => {
                let word = Located::new(w.to_string(), t.span.clone());
                match path.alternatives.last_mut() {
                    Some(alt) => alt.push(word),
                    None => path.dirs.push(word),
                }
            }
        }
    }
    Ok((path, at))
}

/// A `stop` (token `t`) needs a direction before it and nothing but `)` after it (`next`).
fn check_stop(t: &Token, no_dirs: bool, next: Option<&Token>) -> Result<(), Diagnostic> {
    if no_dirs {
        return Err(syntax(
            t.span.clone(),
            "`stop` before any direction",
            "nothing to stop",
            "`stop` ends a path: `(n n n n stop)`",
        ));
    }
    match next {
        Some(n) if n.text != ")" => Err(syntax(
            n.span.clone(),
            format!("`{}` after `stop`", n.text),
            "expected `)`",
            "`stop` is the last word of a path",
        )),
        _ => Ok(()),
    }
}

/// Reads the modifiers (every token after the paths) into `pat`.
fn parse_modifiers(tokens: &[Token], pat: &mut PatternAst) -> Result<(), Diagnostic> {
    for t in tokens {
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
            Some(("within", zone)) if !zone.is_empty() => {
                pat.within = Some(Located::new(zone.to_string(), t.span.clone()))
            }
            Some(("to", zone)) if !zone.is_empty() => {
                pat.to_zone = Some(Located::new(zone.to_string(), t.span.clone()))
            }
            Some((key @ ("over" | "beyond"), n)) => {
                let count = match n.parse::<u8>() {
                    Ok(c) if (1..=MAX_SCREENS).contains(&c) => c,
                    _ => {
                        return Err(bad(
                            format!("`{}`: expected a count from 1 to {MAX_SCREENS}", t.text),
                            "write `over:1` (one screen, the cannon) or `beyond:1` (land right behind it)",
                        ));
                    }
                };
                let slot = if key == "over" {
                    &mut pat.over
                } else {
                    &mut pat.beyond
                };
                *slot = Some(Located::new(count, t.span.clone()));
            }
            None if t.text == "creates-ep" => pat.creates_ep = true,
            None if t.text == "en-passant" => pat.en_passant = true,
            None if t.text == "first-move" => pat.first_move = true,
            None if t.text == "not-in-check" => pat.not_in_check = true,
            _ if t.text == "(" || t.text == ")" || t.text == "|" || !is_modifier(&t.text) => {
                return Err(bad(
                    format!("`{}` after the modifiers", t.text),
                    "paths come before modifiers: `move step (n n) from:pawn_start creates-ep`",
                ));
            }
            _ => {
                return Err(bad(
                    format!("unknown modifier `{}`", t.text),
                    "modifiers are `from:ZONE`, `within:ZONE`, `to:ZONE`, `over:N`, `beyond:K`, `creates-ep`, `en-passant`, `avoid:TAG`, `first-move` and `not-in-check`",
                ));
            }
        }
    }
    Ok(())
}

/// Rejects a mode, kind and modifiers that contradict one another.
fn check_combination(pat: &PatternAst) -> Result<(), Diagnostic> {
    if pat.en_passant && pat.mode == Mode::Move {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            pat.span.clone(),
            "`en-passant` on a `move` pattern: en passant is a capture",
        )
        .label("contradictory")
        .help("write `capture leap ne nw en-passant`"));
    }
    if pat.kind == Kind::Ride && pat.paths.iter().any(|p| !p.alternatives.is_empty()) {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            pat.span.clone(),
            "leg orders (`|`) in a ride",
        )
        .label("a ride has one way")
        .help("use `|` in `leap` and `step` paths: `leap (in in cw | cw in in)`"));
    }
    check_hop(pat)?;
    if (pat.first_move || pat.not_in_check) && pat.mode != Mode::Move {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            pat.span.clone(),
            "`first-move` or `not-in-check` on a pattern that captures",
        )
        .label("its attacks would depend on the position's rights")
        .help("write a `move` pattern: `move leap nnw nne first-move not-in-check`"));
    }
    if pat.creates_ep && pat.kind == Kind::Ride {
        return Err(Diagnostic::new(
            Code::PathBadModifier,
            pat.span.clone(),
            "`creates-ep` on a ride",
        )
        .label("which squares were passed?")
        .help("use `creates-ep` with `step` (e.g. a pawn's `move step (n n) creates-ep`)"));
    }
    Ok(())
}

/// The most screens a hop may pass (`over:N`) and the farthest it may land beyond them.
pub(crate) const MAX_SCREENS: u8 = 16;

/// Rejects hop modifiers (`over`, `beyond`) that make no sense with the pattern's kind.
fn check_hop(pat: &PatternAst) -> Result<(), Diagnostic> {
    let refuse = |span: &Span, msg: &str, label: &str, help: &str| {
        Err(
            Diagnostic::new(Code::PathBadModifier, span.clone(), msg.to_string())
                .label(label)
                .help(help.to_string()),
        )
    };
    if let Some(o) = &pat.over {
        if pat.kind == Kind::Leap {
            return refuse(
                &o.span,
                "`over:N` on a leap: a leap passes over anything",
                "a hop needs a way",
                "hop with `ride` (cannon: `capture ride n s e w over:1`) or `step`",
            );
        }
        if pat.en_passant || pat.creates_ep {
            return refuse(
                &o.span,
                "`over:N` with en passant",
                "a hop neither creates nor takes en passant",
                "write the hop and the en passant moves as separate patterns",
            );
        }
    }
    match (&pat.beyond, &pat.over) {
        (Some(b), None) => refuse(
            &b.span,
            "`beyond:K` without `over:N`",
            "beyond what?",
            "`beyond:K` limits how far a hop goes past its screens: `ride n over:1 beyond:1`",
        ),
        (Some(b), Some(_)) if pat.kind != Kind::Ride => refuse(
            &b.span,
            "`beyond:K` on a step",
            "a step ends where its path ends",
            "use `beyond:K` with `ride`",
        ),
        _ => Ok(()),
    }
}

/// One compiled move pattern.
#[derive(Clone, Debug)]
pub struct Pattern {
    /// Mode.
    pub(crate) mode: Mode,
    /// Kind.
    pub(crate) kind: Kind,
    /// Paths: player-relative directions, and whether the ride stops.
    pub(crate) paths: Vec<(Vec<DirId>, bool)>,
    /// Per path, its other leg orders (`|`), which add the tags they cross.
    pub(crate) alternatives: Vec<Vec<Vec<DirId>>>,
    /// Index of a player-relative zone the piece must stand on.
    pub(crate) from_zone: Option<usize>,
    /// The pattern creates en passant squares.
    pub(crate) creates_ep: bool,
    /// The pattern captures en passant (only).
    pub(crate) en_passant: bool,
    /// Links the path may not cross.
    pub(crate) avoid: TagSet,
    /// Index of a player-relative zone every square of the path must lie in (`within:ZONE`).
    pub(crate) within: Option<usize>,
    /// Index of a player-relative zone the destination must lie in (`to:ZONE`).
    pub(crate) to_zone: Option<usize>,
    /// Screens a hop must pass before it may stop (`over:N`); 0: not a hop.
    pub(crate) over: u8,
    /// How many squares past its last screen a hop may go (`beyond:K`); 0: no limit.
    pub(crate) beyond: u8,
    /// Only while the piece's square holds its owner's first-move right (`first-move`).
    pub(crate) first_move: bool,
    /// Only while the owner is not in check (`not-in-check`).
    pub(crate) not_in_check: bool,
    /// The pattern as written.
    pub text: String,
}

impl Pattern {
    /// Whether this pattern attacks its capture squares (captures normally, not only en passant).
    pub(crate) fn attacks(&self) -> bool {
        self.mode.captures() && !self.en_passant
    }

    /// Whether the pattern hops or is confined to zones: its moves and attacks are judged by the
    /// general walk rather than the plain one.
    pub(crate) fn is_special(&self) -> bool {
        self.over > 0
            || self.within.is_some()
            || self.to_zone.is_some()
            || self.first_move
            || self.not_in_check
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A step pattern of `orders` leg orders of one two-leg path (`(n e | e n | n e ...)`).
    fn with_orders(orders: usize) -> Result<PatternAst, Diagnostic> {
        let mut text = "step (n e".to_string();
        for i in 1..orders {
            text.push_str(if i % 2 == 1 { " | e n" } else { " | n e" });
        }
        text.push(')');
        let len = text.len();
        parse_pattern(&Located::new(text, 0..len), "")
    }

    #[test]
    fn the_leg_order_limit_counts_every_order_of_a_path() {
        assert!(with_orders(MAX_LEG_ORDERS_PER_PATTERN).is_ok());
        let e = with_orders(MAX_LEG_ORDERS_PER_PATTERN + 1).unwrap_err();
        assert_eq!(e.message, "more than 32768 leg orders in one pattern");
    }
}
