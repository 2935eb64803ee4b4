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

/// `promotion = { zone, choices, optional, leaving, lost_only, by_zone }` of a piece.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PromotionSpec {
    /// The player-relative (or board) zone where the piece promotes.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) zone: Spanned<String>,
    /// The tokens of the kinds it may become (`"Q"`, `"+P"`); at least one.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) choices: Vec<Spanned<String>>,
    /// The piece may decline to promote, except where it could never move again (shogi).
    #[serde(default)]
    pub(crate) optional: bool,
    /// A move that starts in the zone promotes too, not only one that ends there (shogi).
    #[serde(default)]
    pub(crate) leaving: bool,
    /// Only to a kind of which the player has fewer on the board than in the start position
    /// (grand chess: a pawn promotes only to a piece its side has lost).
    #[serde(default)]
    pub(crate) lost_only: bool,
    /// Other choices in parts of the zone: the first entry whose zone holds the destination
    /// gives the choices there (`by_zone = [{ zone = "rank_10", choices = ["Q"] }]`).
    #[serde(default)]
    pub(crate) by_zone: Vec<ZoneChoicesSpec>,
}

/// One entry of a promotion's `by_zone`: the choices of a promotion that ends in `zone`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct ZoneChoicesSpec {
    /// The player-relative (or board) zone, usually part of the promotion zone.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) zone: Spanned<String>,
    /// The tokens of the kinds it may become there.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) choices: Vec<Spanned<String>>,
}

/// `drop = { zone, per_line, no_mate }` of a piece: where a piece of this kind may be dropped
/// from the hand, besides the general rule (an empty node from which it could move).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DropSpec {
    /// The player-relative (or board) zone the piece may be dropped in; anywhere when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) zone: Option<Spanned<String>>,
    /// At most `max` of the player's pieces of this kind on one line of a board direction.
    pub(crate) per_line: Option<PerLineSpec>,
    /// A drop of this piece may give check but not checkmate (shogi's pawn).
    #[serde(default)]
    pub(crate) no_mate: bool,
    /// The piece may be dropped even where it could never move again (dobutsu's chick on the
    /// far rank); by default such nodes are left out of the drops.
    #[serde(default)]
    pub(crate) allow_stuck: bool,
}

/// `per_line = { direction, max }`: a limit per line of a board direction (nifu: one pawn per
/// file).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PerLineSpec {
    /// A board direction; a line is the nodes joined by its links (both ways).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) direction: Spanned<String>,
    /// How many of the player's pieces of the kind a line may hold after the drop.
    #[cfg_attr(feature = "schema", schemars(with = "u8"))]
    pub(crate) max: Spanned<u8>,
}

/// Where a captured piece goes in a variant with hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub(crate) enum CapturedTo {
    /// Into the capturer's hand, as its base kind (a promoted piece demotes).
    ToHand,
    /// Out of the game.
    Out,
}

/// What a captured promoted piece joins the hand as, in a variant whose captures go to hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub(crate) enum PromotedToHand {
    /// As the piece that promoted (crazyhouse, shogi).
    #[default]
    Demote,
    /// As the kind it became, which may be dropped as such (loop chess, chessgi).
    Keep,
}

/// `[hands]`: the players have hands, and pieces in hand may be dropped.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct HandsSpec {
    /// Where captured pieces go: `to-hand` (the capturer's hand) or `out`.
    #[cfg_attr(feature = "schema", schemars(with = "CapturedTo"))]
    pub(crate) captured: Spanned<CapturedTo>,
    /// What a captured promoted piece joins the hand as: `demote` (the piece that promoted, as in
    /// crazyhouse and shogi; the default) or `keep` (the kind it became, as in loop chess).
    #[cfg_attr(feature = "schema", schemars(with = "Option<PromotedToHand>"))]
    pub(crate) promoted: Option<Spanned<PromotedToHand>>,
    /// Every drop resets the halfmove clock, as a capture does (Fairy-Stockfish's rule); by
    /// default only drops of a kind that `resets_clock` do.
    #[serde(default)]
    pub(crate) drops_reset_clock: bool,
    /// The order the hand group of position text writes kinds in, as tokens (`"QRBNP"`,
    /// `"R B G S N L P"`); kinds not listed follow in file order.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) order: Option<Spanned<String>>,
}

/// One `[pieces.NAME]`.
#[derive(Clone, Debug)]
pub(crate) struct PieceSpec {
    /// The piece's name (the table key).
    pub(crate) name: Located<String>,
    /// The piece's letter in position text.
    pub(crate) letter: Spanned<String>,
    /// Whether the piece is royal (check and mate are about royals).
    pub(crate) royal: bool,
    /// Whether it is royal only while its owner's last of the `sole_royal` kinds.
    pub(crate) sole_royal: Option<Spanned<bool>>,
    /// Whether a move of the piece resets the halfmove clock (as a capture does).
    pub(crate) resets_clock: bool,
    /// Whether its moves that it could not take back reset the halfmove clock.
    pub(crate) resets_clock_if_irreversible: bool,
    /// Whether its promotion resets the halfmove clock.
    pub(crate) promotion_resets_clock: bool,
    /// The piece names it may not capture (`cannot_capture`).
    pub(crate) cannot_capture: Option<DirNames>,
    /// The piece names its hops may not use as screens (`cannot_hop`).
    pub(crate) cannot_hop: Option<DirNames>,
    /// Path programs, one pattern per string.
    pub(crate) moves: Vec<Spanned<String>>,
    /// Betza / XBetza notation (`betza = "WfcFifmnD"`), compiled into path programs beside
    /// `moves`; see the README's "Betza notation".
    pub(crate) betza: Option<Spanned<String>>,
    /// Promotion, when the piece promotes.
    pub(crate) promotion: Option<PromotionSpec>,
    /// Drop rules, in a variant with hands.
    pub(crate) drop: Option<Spanned<DropSpec>>,
    /// Every piece of the kind carries a number (`C{16}` in position text).
    pub(crate) numbered: bool,
    /// The kind is a stack: it holds parts (each with a kind and a number) and moves with the
    /// moves of the kinds it still holds (`P(S{36}.C{1})`).
    pub(crate) stack: bool,
    /// The outline pictures draw the piece in.
    pub(crate) shape: PieceShape,
    /// The piece's worth to the computer player (a pawn is about 100), when the file gives it.
    pub(crate) value: Option<Spanned<u32>>,
}

/// The outline pictures draw a piece in (`shape` of `[pieces.NAME]`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) enum PieceShape {
    /// From the letter: a chess silhouette for K, Q, R, B, N and P, a disc with the letter else.
    #[default]
    Letter,
    /// A circle.
    Circle,
    /// A triangle, point up.
    Triangle,
    /// A square.
    Square,
    /// A pyramid: a triangle on a base.
    Pyramid,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PieceBody {
    /// The piece's letter in position text and promotion choices: one letter, or `+` and a letter
    /// for a promoted face (`+P`). Each player writes it with his `mark`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    letter: Spanned<String>,
    /// Check and checkmate are about royal pieces; a player whose last royal is captured is out.
    #[serde(default)]
    royal: bool,
    /// Royal only while it is its owner's last piece of the kinds that say `sole_royal`: then no
    /// move may leave it attacked; while he has two or more, any may be left attacked and taken
    /// (Sho shogi's king and crown prince). Not with `royal`.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    sole_royal: Option<Spanned<bool>>,
    /// Its moves reset the halfmove clock, as captures do (pawns).
    #[serde(default)]
    resets_clock: bool,
    /// Only its moves that it could not take back reset the halfmove clock: a move it could
    /// undo by one of its own patterns to an empty square (a pawn's sideways step) does not;
    /// a promotion always does (Fairy-Stockfish's rule; pawnsideways).
    #[serde(default)]
    resets_clock_if_irreversible: bool,
    /// Its promotion resets the halfmove clock, whatever `resets_clock` says of its other moves
    /// (pawnback, whose pawns step back and forth).
    #[serde(default)]
    promotion_resets_clock: bool,
    /// The piece names it may not capture: a move of this piece onto one of them is no move
    /// (atomar's kings, which may not take each other). Attacks are unchanged: a royal it could
    /// not take is still in check from it.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    cannot_capture: Option<DirNames>,
    /// The piece names its hops (`over:N`) may not pass as screens: a hop whose way holds one
    /// of them is no move and no attack (janggi's cannon, which neither hops over nor takes
    /// another cannon: `cannot_hop = ["cannon"]` with `cannot_capture = ["cannon"]`).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    cannot_hop: Option<DirNames>,
    /// The piece's move patterns in the path language, one pattern per string:
    /// `[move|capture] leap|step|ride PATH... [modifiers]` (`"ride n s e w"`,
    /// `"move step (n n) from:pawn_start creates-ep"`). A piece needs `moves`, `betza` or both.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    moves: Option<Vec<Spanned<String>>>,
    /// The piece's moves in Betza / XBetza notation (`"WfcFifmnD"`), compiled into path programs
    /// beside `moves` (see the README's Betza section).
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    betza: Option<Spanned<String>>,
    /// How the piece promotes, when it does.
    promotion: Option<PromotionSpec>,
    /// Where the piece may be dropped from a hand (variants with `[hands]`).
    #[cfg_attr(feature = "schema", schemars(with = "Option<DropSpec>"))]
    drop: Option<Spanned<DropSpec>>,
    /// Every piece of the kind carries a number from 1 to 65,535 (`C{16}` in position text).
    #[serde(default)]
    numbered: bool,
    /// The kind is a stack of parts, each a kind and a number (`P(S{36}.C{1})`); it moves with the
    /// moves of the kinds it still holds, so its own `moves` is `[]`.
    #[serde(default)]
    stack: bool,
    /// The outline pictures draw the piece in: `letter` (a chess silhouette for K Q R B N P, a
    /// disc with the letter else), `circle`, `triangle`, `square` or `pyramid`. A numbered piece
    /// shows its number inside it.
    #[serde(default)]
    shape: PieceShape,
    /// The piece's worth to the computer player, a pawn being about 100 (from 1 to 100000);
    /// estimated from its mobility when omitted.
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<u32>", range(min = 1, max = 100_000))
    )]
    value: Option<Spanned<u32>>,
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

/// A rule that removes pieces after a move by where they stand relative to the mover's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum CaptureRule {
    /// An enemy piece next to the moved piece, with a piece of the mover right behind it on the
    /// same line, is removed (Hasami shogi, Tablut, Rithmomachia's ambush without arithmetic).
    Custodian,
    /// An enemy piece that one (or two) of the mover's pieces *reach* (could move to, were its
    /// square empty), with numbers satisfying one of the `relations` (Rithmomachia's equality
    /// and ambush).
    Reach,
    /// An enemy piece on a line (`directions`) from one of the mover's pieces, `k` squares away,
    /// with numbers satisfying one of the `relations` (Rithmomachia's eruption).
    Line,
    /// An enemy piece whose neighbours in one of the `neighbourhoods` are all the mover's
    /// pieces (or off the board, with `edge_closes`): Rithmomachia's siege.
    Enclose,
    /// An enemy piece that has no move on the position after the move (its own pieces and the
    /// edge count) and a piece of the mover next to it along one of the `directions`:
    /// Rithmomachia's siege by immobilisation. A stack is taken whole.
    Immobilise,
    /// After a capture, the capturing piece and every piece one step away along the
    /// `directions` are removed, whoever owns them, but for the kinds `spared` (around the
    /// capture only) and `immune` (anywhere, the capturer too): atomic chess.
    Explosion,
}

/// A list of board direction names as the file writes them.
pub(crate) type DirNames = Spanned<Vec<Spanned<String>>>;

/// One `[[capture]]`: pieces removed after every move, besides what the move displaces.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CaptureSpec {
    /// The rule: `custodian`, `reach`, `line`, `enclose`, `immobilise` or `explosion`.
    #[cfg_attr(feature = "schema", schemars(with = "CaptureRule"))]
    pub(crate) rule: Spanned<CaptureRule>,
    /// `custodian`, `line`, `explosion`: the board directions (not turned by the mover's frame)
    /// along which the rule looks (`custodian`: from the moved piece; `line`: from the victim;
    /// `explosion`: one step from the capture).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) directions: Option<Spanned<Vec<Spanned<String>>>>,
    /// `reach`: how many of the mover's pieces take part (1 or 2).
    #[cfg_attr(feature = "schema", schemars(with = "Option<u8>"))]
    pub(crate) attackers: Option<Spanned<u8>>,
    /// `reach`, `line`: relations between the numbers, any of which captures
    /// (`"a + b = v"`, `"a * (k + 1) = v"`; variables `a`, `b`, `v`, `k`).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) relations: Option<Vec<Spanned<String>>>,
    /// `line`: only the first piece met on the line counts (else pieces between do not matter).
    #[serde(default)]
    pub(crate) first_only: bool,
    /// `enclose`: sets of board directions; a victim whose neighbours in one set are all the
    /// mover's pieces is removed.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<Vec<String>>>"))]
    pub(crate) neighbourhoods: Option<Spanned<Vec<DirNames>>>,
    /// `enclose`: a neighbour off the board counts as the mover's.
    #[serde(default)]
    pub(crate) edge_closes: bool,
    /// `enclose`: each direction of a set is closed by the first piece met along it, however far
    /// (the mover's closes it), not only by the neighbour: a distant siege. The edge closes a side
    /// (with `edge_closes`) only next to the victim.
    #[serde(default)]
    pub(crate) distant: bool,
    /// `explosion`: the kinds the blast spares around the capture (the capturer is not spared).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) spared: Option<Spanned<Vec<Spanned<String>>>>,
    /// `explosion`: the kinds no blast removes, the capturer included.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) immune: Option<Spanned<Vec<Spanned<String>>>>,
}

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
    "outcome",
    "moves",
    "draws",
    "gate",
    "capture",
    "hands",
    "remove",
    "players",
    "facing_royals",
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
        outcome,
        moves,
        draws,
        gates,
        captures,
        hands,
        facing,
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

/// The `[pieces.*]` tables that read, in file order.
fn read_pieces(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> Vec<PieceSpec> {
    top.named_entries("pieces", diags)
        .into_iter()
        .filter_map(|(name, v)| {
            let what = format!("piece `{}`", name.value);
            let b = deserialize::<PieceBody>(v, &what, diags)?;
            if b.moves.is_none() && b.betza.is_none() {
                // Either may be left out, not both: a piece without moves is a mistake.
                diags.push(
                    Diagnostic::new(
                        Code::MissingKey,
                        v.span(),
                        format!("{what} has neither `moves` nor `betza`"),
                    )
                    .label("no moves")
                    .help("give its moves as path programs (`moves = [\"ride n s e w\"]`), in Betza notation (`betza = \"R\"`), or `moves = []`"),
                );
            }
            Some(PieceSpec {
                name,
                letter: b.letter,
                royal: b.royal,
                sole_royal: b.sole_royal,
                resets_clock: b.resets_clock,
                resets_clock_if_irreversible: b.resets_clock_if_irreversible,
                promotion_resets_clock: b.promotion_resets_clock,
                cannot_capture: b.cannot_capture,
                cannot_hop: b.cannot_hop,
                moves: b.moves.unwrap_or_default(),
                betza: b.betza,
                promotion: b.promotion,
                drop: b.drop,
                numbered: b.numbered,
                stack: b.stack,
                shape: b.shape,
                value: b.value,
            })
        })
        .collect()
}
