//! `[pieces.NAME]`: a piece's letter, moves, promotion, drop rules and picture, as read from
//! the file (before any meaning is checked).

use serde::Deserialize;
use toml::Spanned;

use super::variant::DirNames;
use super::{Located, TableReader, deserialize};
use crate::diagnostic::{Code, Diagnostic};

/// One `[pieces.NAME]`.
#[derive(Clone, Debug)]
pub(crate) struct PieceSpec {
    /// The piece's name (the table key).
    pub(crate) name: Located<String>,
    /// The piece's letter in position text.
    pub(crate) letter: Spanned<String>,
    /// Whether the piece is royal (check and mate are about royals).
    pub(crate) royal: bool,
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
    /// The piece belongs to no player (`neutral`).
    pub(crate) neutral: Option<Spanned<bool>>,
    /// Whether it is royal only while its owner's last of the `sole_royal` kinds.
    pub(crate) sole_royal: Option<Spanned<bool>>,
    /// Path programs, one pattern per string.
    pub(crate) moves: Vec<Spanned<String>>,
    /// Betza / XBetza notation (`betza = "WfcFifmnD"`), compiled into path programs beside
    /// `moves`; see the README's "Betza notation".
    pub(crate) betza: Option<Spanned<String>>,
    /// Promotion, when the piece promotes.
    pub(crate) promotion: Option<PromotionSpec>,
    /// The kind it turns into after its moves (`flip`), when it does.
    pub(crate) flip: Option<Spanned<FlipSpec>>,
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
    /// A plain disc in the owner's colour, no letter (Othello's stones).
    Disc,
    /// A small dark cross on a disc, no letter: a mark left on the board (amazons' arrows).
    Marker,
    /// The square drawn as a hole, no letter: a square removed from the game (isolation).
    Hole,
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
    /// The piece belongs to no player: it has no moves (`moves = []`), no piece may capture it,
    /// and position text writes its letter alike for every player; the letter may be `*`
    /// (Fairy-Stockfish's stone, which `[[capture]] rule = "petrify"` leaves). The engine keeps it
    /// among the first player's pieces, which therefore never capture it either.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    neutral: Option<Spanned<bool>>,
    /// Royal only while it is its owner's last piece of the kinds that say `sole_royal`: then no
    /// move may leave it attacked; while he has two or more, any may be left attacked and taken
    /// (Sho shogi's king and crown prince). Not with `royal`.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    sole_royal: Option<Spanned<bool>>,
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
    /// The kind the piece turns into after each of its moves (Kyoto shogi) or captures (micro
    /// shogi): `flip = { to = "+S" }`, `flip = { to = "+L", after = "capture" }`.
    #[cfg_attr(feature = "schema", schemars(with = "Option<FlipSpec>"))]
    flip: Option<Spanned<FlipSpec>>,
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
    /// disc with the letter else), `circle`, `triangle`, `square`, `pyramid`, `disc` (a plain
    /// disc in the owner's colour, no letter: Othello's stones), `marker` (a small dark cross:
    /// amazons' arrows) or `hole` (the square drawn as a hole: isolation's removed squares). A
    /// numbered piece shows its number inside it.
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

/// `promotion = { zone, choices, optional, leaving, lost_only, by_zone, limits }` of a piece.
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
    /// Choices offered only while the player has fewer pieces of them on the board than a
    /// count (Spartan chess: `limits = [{ choice = "K", at_most = 2 }]`, a hoplite becomes a
    /// king only while its side has fewer than two).
    #[serde(default)]
    pub(crate) limits: Vec<PromotionLimitSpec>,
    /// The promotion is a move of its own (sittuyin): a piece standing in the zone turns into a
    /// choice where it stands, or while stepping as that kind moves onto an empty node; its
    /// ordinary moves never promote.
    #[serde(default)]
    pub(crate) standing: bool,
    /// With `standing`: a player's only piece of this kind promotes from any node.
    #[serde(default)]
    pub(crate) last_anywhere: bool,
    /// With `standing`: the promotion may not give check.
    #[serde(default)]
    pub(crate) no_check: bool,
    /// With `standing`: the promoted piece may not attack an enemy piece where it lands.
    #[serde(default)]
    pub(crate) no_attack: bool,
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

/// One entry of a promotion's `limits`: a choice that may not bring its kind past a count.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PromotionLimitSpec {
    /// The token of one of the promotion's choices (`"K"`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) choice: Spanned<String>,
    /// The most pieces of that kind its player may have on the board after the promotion
    /// (from 1 to 255): the choice is offered only while he has fewer.
    #[cfg_attr(feature = "schema", schemars(with = "u32", range(min = 1, max = 255)))]
    pub(crate) at_most: Spanned<u32>,
}

pub(crate) use super::drops::DropSpec;
pub(crate) use super::flip::FlipSpec;

/// The `[pieces.*]` tables that read, in file order.
pub(super) fn read_pieces(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<PieceSpec> {
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
                resets_clock: b.resets_clock,
                resets_clock_if_irreversible: b.resets_clock_if_irreversible,
                promotion_resets_clock: b.promotion_resets_clock,
                cannot_capture: b.cannot_capture,
                cannot_hop: b.cannot_hop,
                neutral: b.neutral,
                sole_royal: b.sole_royal,
                moves: b.moves.unwrap_or_default(),
                betza: b.betza,
                promotion: b.promotion,
                flip: b.flip,
                drop: b.drop,
                numbered: b.numbered,
                stack: b.stack,
                shape: b.shape,
                value: b.value,
            })
        })
        .collect()
}
