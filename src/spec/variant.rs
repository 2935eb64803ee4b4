//! The variant file format, as read from TOML (before any meaning is checked).
//!
//! ```toml
//! extends = "other.toml"          # optional: start from another variant file, override by key
//!
//! [variant]
//! name = "Orthodox chess"
//! board = "../boards/chess.toml"  # relative to the file that says it
//! start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
//! turn_order = ["white", "black"]  # optional: the seats by player name (default: file order)
//!
//! [frames]                        # named orientations: permutations of the board's directions
//! black = { n = "s", s = "n" }
//!
//! [[player]]                      # turn order = file order, unless `turn_order` says otherwise
//! name = "white"
//! short = "w"                     # side-to-move letter in position text
//! mark = "upper"                  # "upper" / "lower" letters, or a prefix such as "g" (then `gP`)
//! frame = "identity"
//! zones = { promotion = "rank_8" }   # player-relative zone names used by pieces
//! colour = "#ffffff"              # optional: the pieces' colour in pictures (default by seat)
//!
//! [pieces.pawn]
//! letter = "P"
//! royal = false
//! moves = ["move step n", "capture leap ne nw"]
//! promotion = { zone = "promotion", choices = ["Q", "R", "B", "N"] }
//!
//! [[castling]]
//! player = "white"
//! right = "K"
//! king = ["e1", "g1"]
//! rook = ["h1", "f1"]
//! empty = ["f1", "g1"]
//! safe = ["e1", "f1", "g1"]
//!
//! [outcome]
//! checkmate = "eliminate"
//! stalemate = "draw"
//! stalemate_by_players = { "3" = "eliminate" }
//!
//! [[gate]]                        # links tagged `tag` are closed until a condition opens them
//! name = "white-gray"
//! tag = "moat:white-gray"
//! opens_when = [{ player = "white", no_piece_in = "white_back_rank" }]
//! capture_when_open = false       # once open: may a move capture across? give check across?
//! check_when_open = false         # (an attack never crosses a gated link, open or not)
//!
//! [hands]                         # the players have hands; pieces in hand may be dropped
//! captured = "to-hand"            # a captured piece joins the capturer's hand ("out": it leaves)
//!
//! [[capture]]                     # after every move, besides what the move displaces:
//! rule = "custodian"              # an enemy piece between the moved piece and another of
//! directions = ["n", "e", "s", "w"] # the mover's, along one of these board directions
//!
//! [facing_royals]                 # two royals of different players alone on one line along
//! directions = ["n", "s"]         # these board directions: illegal (xiangqi's flying general)
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;
use toml::de::DeTable;

use super::{Located, Span, TableReader, deserialize};
use crate::diagnostic::{Code, Diagnostic, SourceSet};

/// One entry of `[frames]`: a name and `from -> to` direction pairs.
pub(crate) type FrameSpec = (Located<String>, Vec<(Located<String>, Located<String>)>);

/// One `[[player]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PlayerSpec {
    /// The player's name, e.g. `white`: used by castling, gates, `[players.NAME]` and messages.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) name: Spanned<String>,
    /// The side-to-move token in position text, e.g. `w`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) short: Spanned<String>,
    /// How this player's pieces are written in position text: `upper` (`P`), `lower` (`p`), or a
    /// prefix written before the upper-case letter of every piece (`w` -> `wP`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) mark: Spanned<String>,
    /// The player's frame (a name from `[frames]`, or `identity`): how the directions of his
    /// pieces' patterns map to the board's; `identity` when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) frame: Option<Spanned<String>>,
    /// Player-relative zone names (used by patterns, promotion, drops, `reach`) mapped to the
    /// board's zones: `{ promotion = "rank_8" }`.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, String>"))]
    pub(crate) zones: BTreeMap<String, Spanned<String>>,
    /// A board zone mapped to the frame that this player's pieces set up there (by position text)
    /// start with, when it is not the player's own (Circular Chess pawns).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "BTreeMap<String, String>"))]
    pub(crate) start_frames: BTreeMap<String, Spanned<String>>,
    /// The colour of the player's pieces in pictures, `#rrggbb`; chosen by seat when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) colour: Option<Spanned<String>>,
}

/// One `[[castling]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CastlingSpec {
    /// The player (a `[[player]]` name) who may castle.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) player: Spanned<String>,
    /// The right's token in position text (`K`): letters, and no token may begin another.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) right: Spanned<String>,
    /// The king's squares: exactly two, from and to (`["e1", "g1"]`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) king: Spanned<Vec<Spanned<String>>>,
    /// The rook's squares: exactly two, from and to (`["h1", "f1"]`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) rook: Spanned<Vec<Spanned<String>>>,
    /// The piece name that plays the king's part; the variant's only royal kind when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) king_piece: Option<Spanned<String>>,
    /// The piece name that plays the rook's part; else the piece on the rook's square in `start`.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) rook_piece: Option<Spanned<String>>,
    /// Squares that must be empty (the castling king and rook excepted); both destinations must
    /// be empty whatever this says.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) empty: Vec<Spanned<String>>,
    /// Squares no live opponent may attack (usually the king's start, the squares it crosses and
    /// its destination).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) safe: Vec<Spanned<String>>,
}

/// One condition of a gate: `player` has no piece of his own in zone `no_piece_in` (or is out).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct GateConditionSpec {
    /// The player (a `[[player]]` name) whose pieces are looked at; the gate also opens once he
    /// is out.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) player: Spanned<String>,
    /// A board zone: the condition holds when the player has no piece of his own there.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) no_piece_in: Spanned<String>,
}

/// One `[[gate]]`: links with a tag that are closed until a condition opens them for good.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct GateSpec {
    /// The gate's name, written in position text's `open:` field.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) name: Spanned<String>,
    /// The board tag of the gated links: closed to every move until the gate opens.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) tag: Spanned<String>,
    /// The gate opens for good as soon as any of these conditions holds.
    pub(crate) opens_when: Vec<GateConditionSpec>,
    /// Whether a move may capture across the gate once it is open.
    #[serde(default)]
    pub(crate) capture_when_open: bool,
    /// Whether a move across the open gate may give check (no attack ever crosses a gated link).
    #[serde(default)]
    pub(crate) check_when_open: bool,
}

/// A list of board direction names as the file writes them.
pub(crate) type DirNames = Spanned<Vec<Spanned<String>>>;

/// `[facing_royals]`: two royals of different players may not stand alone on one line along
/// these board directions (xiangqi's flying general); a move that leaves them so is illegal.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct FacingSpec {
    /// The board directions (not turned by frames) looked along from each royal.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) directions: Spanned<Vec<Spanned<String>>>,
    /// The royals may come to face each other, but a player whose royal faces an enemy royal
    /// at the start of his turn must end the facing with his move, or pass (`[moves] pass`,
    /// allowed then even in check): janggi's bikjang. Without it they may never face (xiangqi).
    #[serde(default)]
    pub(crate) must_break: bool,
}

pub(crate) use super::capture::{CaptureRule, CaptureSpec};
pub(crate) use super::hands::{CapturedTo, HandsSpec, PromotedToHand};
#[cfg(feature = "schema")]
pub(crate) use super::piece::PieceBody;
use super::piece::read_pieces;
pub(crate) use super::piece::{PieceShape, PieceSpec};

pub(crate) use super::outcome::{
    DeclaredKey, DrawsSpec, MovesSpec, OutcomeSpec, Policy, read_declared,
};

/// A whole variant file (with its `extends` chain merged), read but not validated.
#[derive(Clone, Debug)]
pub struct VariantSpec {
    /// `[variant] name`.
    pub(crate) name: Located<String>,
    /// `[variant] description`.
    pub(crate) description: Option<String>,
    /// `[variant] board`, as written.
    pub(crate) board: Located<String>,
    /// The board file's path, resolved against the file that named it.
    pub(crate) board_path: PathBuf,
    /// `[variant] start`.
    pub(crate) start: Located<String>,
    /// `[frames]`.
    pub(crate) frames: Vec<FrameSpec>,
    /// `[[player]]` in turn order.
    pub(crate) players: Vec<PlayerSpec>,
    /// `[pieces.*]` in file order.
    pub(crate) pieces: Vec<PieceSpec>,
    /// `[[castling]]`.
    pub(crate) castling: Vec<CastlingSpec>,
    /// `[[first_move]]`.
    pub(crate) first_moves: Vec<super::first_move::FirstMoveSpec>,
    /// `[[free_castling]]`.
    pub(crate) free_castling: Vec<super::free_castling::FreeCastlingSpec>,
    /// `[[gating]]`.
    pub(crate) gating: Vec<super::gating::GatingSpec>,
    /// `[outcome]`.
    pub(crate) outcome: OutcomeSpec,
    /// `[moves]`.
    pub(crate) moves: MovesSpec,
    /// `[draws]`.
    pub(crate) draws: DrawsSpec,
    /// `[[gate]]`s.
    pub(crate) gates: Vec<GateSpec>,
    /// `[[capture]]`s.
    pub(crate) captures: Vec<CaptureSpec>,
    /// `[hands]`, when the players have hands.
    pub(crate) hands: Option<Spanned<HandsSpec>>,
    /// `[facing_royals]`.
    pub(crate) facing: Option<FacingSpec>,
    /// `[blocker]`.
    pub(crate) blocker: Option<Spanned<super::blocker::BlockerSpec>>,
    /// Span of `[[player]]` items (or the file start).
    pub(crate) players_span: Span,
    /// `[lints] allow`.
    pub(crate) allowed_lints: super::lints::AllowedLints,
}

/// Keys of a variant file's top level.
pub(crate) const TOP_LEVEL_KEYS: &[&str] = &[
    "extends",
    "variant",
    "frames",
    "player",
    "pieces",
    "castling",
    "first_move",
    "free_castling",
    "gating",
    "outcome",
    "moves",
    "draws",
    "gate",
    "capture",
    "hands",
    "remove",
    "players",
    "facing_royals",
    "blocker",
    "lints",
];

/// Whether a TOML text looks like a variant file (it has `[variant]` or `extends`), as opposed to a
/// board file.
pub(crate) fn looks_like_variant(text: &str) -> bool {
    match DeTable::parse(text) {
        Ok(t) => t.get_ref().contains_key("variant") || t.get_ref().contains_key("extends"),
        Err(_) => text.lines().any(|l| {
            let l = l.trim();
            l == "[variant]" || l.starts_with("extends")
        }),
    }
}

/// Reads a variant file and the files it extends; `declared` are the `[outcome]` keys of the
/// end-rule slices. On failure, every diagnostic, in the span space of the returned [`SourceSet`].
pub fn read_variant_spec(
    path: &Path,
    declared: &[DeclaredKey],
) -> (SourceSet, Result<VariantSpec, Vec<Diagnostic>>) {
    let mut sources = SourceSet::new();
    let mut diags = Vec::new();
    let Some(texts) = super::chain::read_chain(path, &mut sources, &mut diags) else {
        return (sources, Err(diags));
    };
    let merged = super::chain::parse_and_merge(&texts, &mut diags);
    if !diags.is_empty() {
        return (sources, Err(diags));
    }
    let merged = merged.unwrap_or_default();
    let spec = read_merged(&merged, &sources, declared, &mut diags);
    match spec {
        Some(s) if diags.is_empty() => (sources, Ok(s)),
        _ => (sources, Err(diags)),
    }
}

/// The keys of `[variant]`, each `None` when missing or unreadable (which is reported).
struct VariantTable {
    name: Option<Located<String>>,
    description: Option<String>,
    board: Option<Located<String>>,
    start: Option<Located<String>>,
    turn_order: Option<Located<Vec<Spanned<String>>>>,
}

/// The spec from the merged tables of the chain, or `None` when something it needs is missing
/// (reported in `diags`).
fn read_merged(
    doc: &DeTable<'_>,
    sources: &SourceSet,
    declared: &[DeclaredKey],
    diags: &mut Vec<Diagnostic>,
) -> Option<VariantSpec> {
    let mut top = TableReader::new(doc, 0..0, "the variant file");
    // The tables are read in this order because `finish` lists the allowed keys in the order
    // they were asked for.
    let _ = top.optional::<String>("extends", diags);
    let VariantTable {
        name,
        description,
        board,
        start,
        turn_order,
    } = read_variant_table(&mut top, diags);
    let frames = top.named_renamings("frames", "frame", diags);
    let players_span = top.raw("player").map_or(0..0, |v| v.span());
    let players = top.items::<PlayerSpec>("player", "`[[player]]`", diags);
    let players = super::turn_order::ordered(players, turn_order, diags);
    let pieces = read_pieces(&mut top, diags);
    let castling = top.items::<CastlingSpec>("castling", "`[[castling]]`", diags);
    let first_moves =
        top.items::<super::first_move::FirstMoveSpec>("first_move", "`[[first_move]]`", diags);
    let free_castling = top.items("free_castling", "`[[free_castling]]`", diags);
    let gating = top.items::<super::gating::GatingSpec>("gating", "`[[gating]]`", diags);
    let outcome = super::outcome::read_outcome(&mut top, declared, diags);
    let moves = super::outcome::read_moves(&mut top, diags);
    let draws = super::outcome::read_draws(&mut top, diags);
    let gates = top.items::<GateSpec>("gate", "`[[gate]]`", diags);
    let captures = top.items::<CaptureSpec>("capture", "`[[capture]]`", diags);
    let hands = top.raw("hands").and_then(|v| {
        deserialize::<HandsSpec>(v, "`[hands]`", diags).map(|h| Spanned::new(v.span(), h))
    });
    let facing = top
        .raw("facing_royals")
        .and_then(|v| deserialize::<FacingSpec>(v, "`[facing_royals]`", diags));
    let blocker = top.raw("blocker").and_then(|v| {
        deserialize::<super::blocker::BlockerSpec>(v, "`[blocker]`", diags)
            .map(|b| Spanned::new(v.span(), b))
    });
    let allowed_lints = super::lints::read_lints(&mut top, diags);
    // Applied (and taken out) by the merge, but keys of the file all the same: a misspelt
    // `[remov]` is told about them.
    let _ = (top.raw("remove"), top.raw("players"));
    top.finish(diags);

    let board = board?;
    let (base_file, _) = sources.file_at(board.span.start)?;
    let board_path = base_file
        .path()
        .parent()
        .unwrap_or(Path::new("."))
        .join(&board.value);
    Some(VariantSpec {
        name: name?,
        description,
        board,
        board_path,
        start: start?,
        frames,
        players,
        pieces,
        castling,
        first_moves,
        free_castling,
        gating,
        outcome,
        moves,
        draws,
        gates,
        captures,
        hands,
        facing,
        blocker,
        players_span,
        allowed_lints,
    })
}

/// `[variant]`, whose absence is reported.
fn read_variant_table(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> VariantTable {
    let v = match top.raw("variant") {
        Some(v) => TableReader::of_value(v, "`[variant]`", diags),
        None if top.has_misspelt("variant") => None,
        None => {
            diags.push(
                Diagnostic::new(Code::MissingKey, 0..0, "the variant file has no `[variant]` table")
                    .label("expected `[variant]` with `name`, `board` and `start`")
                    .help("start the file with `[variant]`, `name = \"...\"`, `board = \"../boards/x.toml\"`"),
            );
            None
        }
    };
    match v {
        Some(mut v) => {
            let name = v.required::<String>("name", "\"My variant\"", diags);
            let description = v.optional::<String>("description", diags).map(|d| d.value);
            let board = v.required::<String>("board", "\"../boards/chess.toml\"", diags);
            let start = v.required::<String>("start", "\"<position text>\"", diags);
            let turn_order = v.optional::<Vec<Spanned<String>>>("turn_order", diags);
            v.finish(diags);
            VariantTable {
                name,
                description,
                board,
                start,
                turn_order,
            }
        }
        None => VariantTable {
            name: None,
            description: None,
            board: None,
            start: None,
            turn_order: None,
        },
    }
}
