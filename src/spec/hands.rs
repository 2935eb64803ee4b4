//! `[hands]`: the players have hands, and pieces in hand may be dropped.

use serde::Deserialize;
use toml::Spanned;

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
    /// Whether pieces in hand may be dropped (the default); `false`: they enter only by gating
    /// (`[[gating]]`: Seirawan chess).
    #[cfg_attr(
        feature = "schema",
        schemars(default = "crate::spec::hands::default_true")
    )]
    pub(crate) drops: Option<bool>,
    /// The order the hand group of position text writes kinds in, as tokens (`"QRBNP"`,
    /// `"R B G S N L P"`); kinds not listed follow in file order.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) order: Option<Spanned<String>>,
    /// Compulsory drops (Fairy-Stockfish's `mustDrop`): piece names. While the player to move
    /// has a piece of one of these kinds in hand and can drop one legally, his move is such a
    /// drop.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) must_drop: Vec<Spanned<String>>,
    /// A drop that puts a castling's king and rook both on their start squares gives the
    /// castling's right (Fairy-Stockfish's `castlingDroppedPiece`, placement chess).
    #[serde(default)]
    pub(crate) castling_by_drop: bool,
}

/// The default of a `true` flag, for the schema.
#[cfg(feature = "schema")]
pub(crate) fn default_true() -> Option<bool> {
    Some(true)
}
