//! What a section means, in chessgraph's terms: the grid, the pieces (Betza strings, the pawn as
//! path programs), the start position, the zones the rules need, and the rules themselves
//! (`rules.rs`). Every key is read here or reported: nothing is dropped silently.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Range;

use super::error::{Problem, ProblemKind};
use super::props::{Origin, Prop, Props};
use super::region::{Grid, Square, parse_placement, parse_region};
use crate::diagnostic::Diagnostic;

/// Fairy-Stockfish's built-in piece types the importer knows: the key that gives one its letter,
/// our piece name, its moves in Betza notation, and whether it is royal.
pub(crate) const PIECE_TYPES: &[(&str, &str, &str, bool)] = &[
    ("pawn", "pawn", "", false),
    ("knight", "knight", "N", false),
    ("bishop", "bishop", "B", false),
    ("rook", "rook", "R", false),
    ("queen", "queen", "Q", false),
    ("king", "king", "K", true),
    ("fers", "fers", "F", false),
    ("wazir", "wazir", "W", false),
    ("alfil", "alfil", "A", false),
    ("commoner", "commoner", "K", false),
    ("archbishop", "archbishop", "BN", false),
    ("chancellor", "chancellor", "RN", false),
    ("amazon", "amazon", "QN", false),
    ("centaur", "centaur", "KN", false),
    ("silver", "silver", "FfW", false),
    ("gold", "gold", "WfF", false),
    ("lance", "lance", "fR", false),
    ("dragonHorse", "dragon_horse", "BW", false),
    ("bers", "bers", "RF", false),
    ("horse", "horse", "nN", false),
    ("fersAlfil", "fers_alfil", "FA", false),
    ("aiwok", "aiwok", "RNF", false),
    ("knibis", "knibis", "mNcB", false),
    ("biskni", "biskni", "mBcN", false),
    ("kniroo", "kniroo", "mNcR", false),
    ("rookni", "rookni", "mRcN", false),
    ("shogiPawn", "shogi_pawn", "fW", false),
    ("clobber", "clobber", "cW", false),
    ("breakthrough", "breakthrough", "fmWfF", false),
    ("elephant", "elephant", "nA", false),
    ("janggiElephant", "janggi_elephant", "nZ", false),
    ("immobile", "immobile", "", false),
];

/// The most custom pieces (`customPiece1` .. `customPiece25`).
pub(crate) const MAX_CUSTOM: usize = 25;

/// One piece kind of the variant.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Its name in the variant file (`knight`, `custom1`).
    pub(crate) name: String,
    /// Its letter, upper case.
    pub(crate) letter: char,
    /// Its moves in Betza notation (empty for the pawn, written as path programs).
    pub(crate) betza: String,
    /// Check and mate are about it.
    pub(crate) royal: bool,
    /// The key that made it and where that was written.
    pub(crate) source: String,
}

/// A board zone the written board declares: a name, its squares and why it exists.
#[derive(Clone, Debug)]
pub struct Zone {
    /// Its name in the board file.
    pub name: String,
    /// Its squares.
    pub(crate) squares: BTreeSet<Square>,
    /// A comment: where it comes from.
    pub(crate) why: String,
}

/// A castling of one player, as squares.
#[derive(Clone, Debug)]
pub struct Castling {
    /// 0: the first player (White), 1: Black.
    pub player: usize,
    /// The right's token (`K`, `q`).
    pub right: char,
    /// King from, to.
    pub(crate) king: (Square, Square),
    /// Rook from, to.
    pub(crate) rook: (Square, Square),
    /// The castling rook's piece name when it is not the rook.
    pub(crate) rook_piece: Option<String>,
    /// The castling king's piece name when it is not the royal king.
    pub(crate) king_piece: Option<String>,
    /// Squares that must be empty.
    pub(crate) empty: Vec<Square>,
    /// Squares that may not be attacked.
    pub(crate) safe: Vec<Square>,
}

/// The pawn's rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct PawnRules {
    /// A double step from the player's `pawn_start` zone.
    pub(crate) double_step: bool,
    /// En passant captures.
    pub(crate) en_passant: bool,
    /// Promotion choices (upper-case letters); empty: no promotion.
    pub(crate) choices: Vec<char>,
    /// The pawn's drop zone exists (`pawn_drops`).
    pub(crate) drop_zone: bool,
    /// Which keys made these rules, for the comment above the pawn.
    pub(crate) sources: Vec<String>,
}

/// The variant's end rules.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ending {
    /// `stalemate` policy (`draw`, `loss`, `win`).
    pub(crate) stalemate: String,
    /// `material` entries: piece names (empty: every piece), at most, result.
    pub(crate) material: Vec<(Vec<String>, u32, String)>,
    /// `reach`: the piece name (`None`: any piece) and reply.
    pub(crate) reach: Option<(Option<String>, bool)>,
    /// `[moves] must_capture`.
    pub(crate) must_capture: bool,
    /// `[moves] may_check = false`.
    pub(crate) no_checks: bool,
    /// `checks`: the checks that win (the most either player must give at the start).
    pub(crate) checks: Option<u32>,
    /// `[draws] move_rule`.
    pub(crate) move_rule: u32,
    /// `[draws] repetition`.
    pub(crate) repetition: u32,
}

/// A section in chessgraph's terms, ready to be written.
#[derive(Clone, Debug)]
pub(crate) struct Model {
    /// The section's name.
    pub(crate) name: String,
    /// Its parents, nearest first.
    pub(crate) lineage: Vec<String>,
    /// The header's line.
    pub(crate) line: usize,
    /// The grid.
    pub(crate) grid: Grid,
    /// The pieces, pawn first when there is one.
    pub(crate) pieces: Vec<Piece>,
    /// The start position (our position text).
    pub(crate) start: String,
    /// Where the start position came from.
    pub(crate) start_source: String,
    /// Zones of the board.
    pub(crate) zones: Vec<Zone>,
    /// Per player (White, Black): player zone name -> board zone name.
    pub(crate) player_zones: [BTreeMap<String, String>; 2],
    /// The pawn, when the variant has one.
    pub(crate) pawn: Option<PawnRules>,
    /// Castlings.
    pub(crate) castling: Vec<Castling>,
    /// Which keys made the castlings, for the comment above them.
    pub(crate) castling_sources: Vec<String>,
    /// `[hands] captured` when the variant has drops.
    pub(crate) hands: Option<&'static str>,
    /// `[hands] promoted = "keep"` (`dropLoop`): a captured promoted piece joins the hand as
    /// what it became.
    pub(crate) drop_loop: bool,
    /// An explosion on capture (`blastOnCapture`).
    pub(crate) blast: Option<super::blast::Blast>,
    /// End rules.
    pub(crate) ending: Ending,
    /// Comments for the head of the variant file: where rules came from, decisions.
    pub(crate) notes: Vec<String>,
}

/// Reading one section's keys, collecting problems.
pub(crate) struct Cx<'a> {
    /// The section's keys.
    pub(crate) props: &'a Props,
    /// Problems found so far, as diagnostics.
    pub(crate) problems: Vec<Diagnostic>,
    /// Keys read (the rest are reported as unsupported).
    pub(crate) read: BTreeSet<String>,
    /// Comments for the written variant file, found while reading.
    pub(crate) notes: Vec<String>,
    /// The grid or the pieces had a problem: checks that build on them (the start position's
    /// letters, the promotion choices) would only repeat it in other words, and are skipped.
    pub(crate) shaky: bool,
}

impl<'a> Cx<'a> {
    /// A reader of `props`.
    pub(crate) fn new(props: &'a Props) -> Self {
        Cx {
            props,
            problems: Vec::new(),
            read: BTreeSet::new(),
            notes: Vec::new(),
            shaky: false,
        }
    }

    /// The prop of `key`, marking it read.
    pub(crate) fn get(&mut self, key: &str) -> Option<&'a Prop> {
        self.read.insert(key.to_string());
        self.props.get(key)
    }

    /// A problem with `prop`'s value.
    pub(crate) fn bad(&mut self, span: Range<usize>, message: String, help: impl Into<String>) {
        self.problems
            .push(Problem::new(ProblemKind::BadValue, span, message, help).into());
    }

    /// Where key `key` is written, or the section header when it is not.
    pub(crate) fn span_of(&self, key: &str) -> Range<usize> {
        self.props
            .get(key)
            .map_or(self.props.header.clone(), |p| p.span.clone())
    }

    /// A boolean key (`true`/`false`), or `default`.
    pub(crate) fn boolean(&mut self, key: &str, default: bool) -> bool {
        let Some(p) = self.get(key) else {
            return default;
        };
        match p.value.as_str() {
            "true" => true,
            "false" => false,
            v => {
                self.bad(
                    p.span.clone(),
                    format!("`{key}` is `true` or `false`, not `{v}`"),
                    format!("write `{key} = true` or `{key} = false`"),
                );
                default
            }
        }
    }

    /// A whole number in `range`, or `default`.
    pub(crate) fn number(&mut self, key: &str, default: u32, range: Range<u32>) -> u32 {
        let Some(p) = self.get(key) else {
            return default;
        };
        match p.value.parse::<u32>() {
            Ok(n) if range.contains(&n) => n,
            _ => {
                self.bad(
                    p.span.clone(),
                    format!(
                        "`{key}` is a whole number from {} to {}, not `{}`",
                        range.start,
                        range.end - 1,
                        p.value
                    ),
                    format!("e.g. `{key} = {default}`"),
                );
                default
            }
        }
    }

    /// A region key on `grid`, or `None` when the key is not set (or does not read).
    pub(crate) fn region(&mut self, key: &str, grid: Grid) -> Option<BTreeSet<Square>> {
        let p = self.get(key)?;
        match parse_region(grid, &p.value) {
            Ok(r) => Some(r),
            Err((at, word)) => {
                let span = match p.origin {
                    Origin::Line(_) => p.span.start + at..p.span.start + at + word.len(),
                    _ => p.span.clone(),
                };
                self.bad(
                    span,
                    format!(
                        "`{word}` in `{key}` is not a square, `*RANK` or `FILE*` of the {}x{} board",
                        grid.files, grid.ranks
                    ),
                    "a region is squares and whole ranks or files separated by spaces: `*8`, `a*`, `d4 e5`, or `-`",
                );
                None
            }
        }
    }

    /// Where each of `keys` that is set was written, for comments.
    pub(crate) fn sources(&self, keys: &[&str]) -> Vec<String> {
        keys.iter()
            .filter(|k| self.props.get(k).is_some())
            .map(|k| self.source(k))
            .collect()
    }

    /// Where a key was written, for comments: `line 12` or `built-in chess`; `default` when
    /// unset.
    pub(crate) fn source(&self, key: &str) -> String {
        match self.props.get(key) {
            Some(p) => format!("`{key}`, {}", p.origin),
            None => format!("`{key}` (default)"),
        }
    }
}

/// The grid of a section: `maxFile` (a letter or a number) by `maxRank`.
pub(crate) fn grid(cx: &mut Cx<'_>) -> Grid {
    let ranks = cx.number("maxRank", 8, 1..27) as usize;
    let files = match cx.get("maxFile") {
        None => 8,
        Some(p) => {
            let v = p.value.as_str();
            let n = match v.chars().next() {
                Some(c) if v.len() == 1 && c.is_ascii_lowercase() => {
                    Some(c as usize - 'a' as usize + 1)
                }
                _ => v.parse::<usize>().ok(),
            };
            match n {
                Some(n) if (2..=26).contains(&n) => n,
                _ => {
                    cx.bad(
                        p.span.clone(),
                        format!(
                            "`maxFile` is a file letter `b` to `z` or a number 2 to 26, not `{v}`"
                        ),
                        "e.g. `maxFile = j` for ten files",
                    );
                    8
                }
            }
        }
    };
    if files * ranks > crate::limits::MAX_NODES {
        let span = cx
            .props
            .get("maxRank")
            .or(cx.props.get("maxFile"))
            .map_or(cx.props.header.clone(), |p| p.span.clone());
        cx.bad(
            span,
            format!(
                "a {files}x{ranks} board has {} squares; a board has at most {}",
                files * ranks,
                crate::limits::MAX_NODES
            ),
            "make `maxFile` or `maxRank` smaller",
        );
        return Grid { files: 8, ranks: 8 };
    }
    Grid { files, ranks }
}

/// The pieces: the built-in types (chess's six unless the section changes their letters or
/// removes them with `-`) and the custom pieces. As in Fairy-Stockfish, a section's keys are
/// read over its parent's, and a piece given a letter that another piece has replaces it.
pub(crate) fn pieces(cx: &mut Cx<'_>) -> Vec<Piece> {
    let mut defs: Vec<(usize, usize, String, Piece)> = Vec::new();
    for (order, &(key, name, betza, royal)) in PIECE_TYPES.iter().enumerate() {
        if let Some((depth, piece)) = builtin_piece(cx, key, name, betza, royal) {
            defs.push((depth, order, key.to_string(), piece));
        }
    }
    for i in 1..=MAX_CUSTOM {
        let key = format!("customPiece{i}");
        if let Some((depth, piece)) = custom_piece(cx, &key, i) {
            defs.push((depth, PIECE_TYPES.len() + i, key, piece));
        }
    }
    defs.sort_by_key(|d| (d.0, d.1));
    let mut out: Vec<(String, Piece)> = Vec::new();
    for (_, _, key, piece) in defs {
        if let Some(at) = out.iter().position(|(_, p)| p.letter == piece.letter) {
            let (old, _) = out.remove(at);
            cx.notes.push(format!(
                "{} takes the letter `{}` of `{old}`, which it replaces, as in Fairy-Stockfish.",
                piece.source,
                piece.letter.to_ascii_lowercase()
            ));
        }
        out.push((key, piece));
    }
    // The pawn first, then the file's order of keys.
    out.sort_by_key(|(_, p)| p.name != "pawn");
    out.into_iter().map(|(_, p)| p).collect()
}

/// A built-in piece type's key: its letter (`king` may add its own Betza, `k:KN`), `-` for no
/// such piece, or chess's default letter; with the depth it was written at.
fn builtin_piece(
    cx: &mut Cx<'_>,
    key: &str,
    name: &str,
    betza: &str,
    royal: bool,
) -> Option<(usize, Piece)> {
    const DEFAULTS: [(&str, char); 6] = [
        ("pawn", 'p'),
        ("knight", 'n'),
        ("bishop", 'b'),
        ("rook", 'r'),
        ("queen", 'q'),
        ("king", 'k'),
    ];
    let piece = |letter: char, betza: &str, source: String| Piece {
        name: name.into(),
        letter: letter.to_ascii_uppercase(),
        betza: betza.into(),
        royal,
        source,
    };
    let Some(p) = cx.get(key) else {
        let c = DEFAULTS.iter().find(|d| d.0 == key)?.1;
        return Some((
            0,
            piece(
                c,
                betza,
                format!("`{key} = {c}`, as in Fairy-Stockfish's chess"),
            ),
        ));
    };
    if p.value == "-" {
        return None;
    }
    let source = format!("`{key} = {}`, {}", p.value, p.origin);
    if let Some(c) = single_letter(&p.value) {
        return Some((p.depth, piece(c, betza, source)));
    }
    // `king = k:KN`: a royal piece with its own moves.
    if let Some((c, own)) = (key == "king").then(|| letter_betza(&p.value)).flatten() {
        if let Origin::Line(_) = p.origin {
            check_betza(cx, own, p.span.start + 2);
        }
        return Some((p.depth, piece(c, &quiet_initial(own), source)));
    }
    let (span, v) = (p.span.clone(), p.value.clone());
    let form = if key == "king" { " (or `k:BETZA`)" } else { "" };
    cx.bad(
        span,
        format!("`{key}` is the piece's letter{form} or `-` (no such piece), not `{v}`"),
        format!("e.g. `{key} = {}`", key.chars().next().unwrap_or('x')),
    );
    None
}

/// A Betza string with its `i` (initial) moves made quiet, as Fairy-Stockfish plays them: an
/// `i` move never captures (`iN` is `imN`, `icN` nothing).
pub(crate) fn quiet_initial(betza: &str) -> String {
    let chars: Vec<char> = betza.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let start = i;
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            i += 1;
        }
        let mods: String = chars[start..i].iter().collect();
        let atom_start = i;
        if i < chars.len() {
            i += 1;
        }
        while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == chars[atom_start]) {
            i += 1;
        }
        let atom: String = chars[atom_start..i].iter().collect();
        if !mods.contains('i') {
            out.push_str(&mods);
        } else if mods.contains('c') && !mods.contains('m') {
            continue;
        } else {
            out.extend(mods.chars().filter(|&c| c != 'c' && c != 'm'));
            out.push('m');
        }
        out.push_str(&atom);
    }
    out
}

/// `LETTER:BETZA`.
fn letter_betza(value: &str) -> Option<(char, &str)> {
    value
        .split_once(':')
        .and_then(|(l, b)| Some((single_letter(l)?, b)))
}

/// `customPieceN = letter:betza`, the Betza string checked where it is; with its depth.
fn custom_piece(cx: &mut Cx<'_>, key: &str, i: usize) -> Option<(usize, Piece)> {
    let p = cx.get(key)?;
    let Some((letter, betza)) = letter_betza(&p.value) else {
        let (span, v) = (p.span.clone(), p.value.clone());
        cx.bad(
            span,
            format!("`{key}` is `LETTER:BETZA`, not `{v}`"),
            format!("e.g. `{key} = u:mNcK`"),
        );
        return None;
    };
    if let Origin::Line(_) = p.origin {
        check_betza(cx, betza, p.span.start + 2);
    }
    Some((
        p.depth,
        Piece {
            name: format!("custom{i}"),
            letter: letter.to_ascii_uppercase(),
            betza: quiet_initial(betza),
            royal: false,
            source: format!("`{key} = {}`, {}", p.value, p.origin),
        },
    ))
}

/// A Betza string the board's compass and knight directions can play; a problem at its
/// character otherwise.
fn check_betza(cx: &mut Cx<'_>, betza: &str, at: usize) {
    let has = |d: &str| {
        super::board::DIRECTIONS
            .iter()
            .chain(super::board::KNIGHT_DIRECTIONS)
            .any(|x| x.0 == d)
    };
    if let Err(d) = crate::betza::compile(betza, &has, &|r| at + r.start..at + r.end) {
        cx.problems.push(d);
    }
}

/// One ASCII letter, lower case in the ini.
pub(crate) fn single_letter(text: &str) -> Option<char> {
    let mut c = text.chars();
    match (c.next(), c.next()) {
        (Some(l), None) if l.is_ascii_alphabetic() => Some(l.to_ascii_lowercase()),
        _ => None,
    }
}

/// A start position with the fields Fairy-Stockfish lets a file leave out filled in: the side
/// to move (`w`), castling rights and en passant (`-`), the move counters (`0 1`); so the board
/// alone, or `... w - 0 1` (no en passant field), reads as the full form.
pub(crate) fn full_fen(fen: &str) -> String {
    let mut fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.is_empty() {
        return String::new();
    }
    fn fits(fields: &[&str], i: usize, ok: &dyn Fn(&str) -> bool) -> bool {
        fields.get(i).is_some_and(|f| ok(f))
    }
    if !fits(&fields, 1, &|f| matches!(f, "w" | "b")) {
        fields.insert(1.min(fields.len()), "w");
    }
    // Castling rights are letters or `-`; a number here is already a move counter.
    if !fits(&fields, 2, &|f| {
        f.chars().all(|c| c.is_ascii_alphabetic()) || f == "-"
    }) {
        fields.insert(2.min(fields.len()), "-");
    }
    let square = |f: &str| {
        f == "-"
            || (f.len() >= 2
                && f.starts_with(|c: char| c.is_ascii_lowercase())
                && f[1..].chars().all(|c| c.is_ascii_digit()))
    };
    if !fits(&fields, 3, &square) {
        fields.insert(3.min(fields.len()), "-");
    }
    let counters = fields[4..].iter().filter(|f| !f.contains('+')).count();
    let pad = ["0", "1"];
    fields.extend(pad.iter().skip(counters.min(2)));
    fields.join(" ")
}

/// The start position: `startFen` checked against the grid and the pieces; the pieces by square.
pub(crate) fn start(
    cx: &mut Cx<'_>,
    grid: Grid,
    pieces: &[Piece],
) -> (String, BTreeMap<Square, char>) {
    let Some(p) = cx.get("startFen") else {
        return (String::new(), BTreeMap::new());
    };
    let field = p.value.split(' ').next().unwrap_or("");
    if cx.shaky {
        return (full_fen(&p.value), BTreeMap::new());
    }
    match parse_placement(grid, field) {
        Ok((placed, hand)) => {
            let drops = cx
                .props
                .get("pieceDrops")
                .is_some_and(|d| d.value == "true");
            if hand.as_ref().is_some_and(|h| !h.is_empty()) && !drops {
                cx.bad(
                    p.span.clone(),
                    "`startFen` has pieces in hand, but the variant has no drops".into(),
                    "set `pieceDrops = true`, or end the placement without `[...]`",
                );
            }
            let unknown: Vec<char> = placed
                .values()
                .filter(|c| !pieces.iter().any(|k| k.letter == c.to_ascii_uppercase()))
                .copied()
                .collect();
            if let Some(c) = unknown.first() {
                cx.bad(
                    p.span.clone(),
                    format!("the start position has `{c}`, which is no piece of this variant"),
                    format!(
                        "its pieces are {}; define `{}` with a piece key or `customPieceN = {}:BETZA`",
                        if pieces.is_empty() {
                            "none (a section without a parent starts with no pieces)".to_string()
                        } else {
                            pieces.iter().map(|k| k.letter.to_ascii_lowercase().to_string()).collect::<Vec<_>>().join(" ")
                        },
                        c.to_ascii_lowercase(),
                        c.to_ascii_lowercase()
                    ),
                );
            }
            (full_fen(&p.value), placed)
        }
        Err(why) => {
            cx.bad(
                p.span.clone(),
                format!("`startFen` does not fit the {}x{} board: {why}", grid.files, grid.ranks),
                "one row per rank, top first; digits count empty squares; set `maxFile`/`maxRank` or the position",
            );
            (p.value.clone(), BTreeMap::new())
        }
    }
}
