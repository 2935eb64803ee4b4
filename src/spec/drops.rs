//! `drop = { ... }` of a piece: where a piece of its kind may be dropped from the hand, besides
//! the general rule (an empty node from which it could move).
//!
//! ```toml
//! [pieces.pawn]
//! drop = { zone = "pawn_drops", per_line = { direction = "n", max = 1 }, no_mate = true }
//!
//! [pieces.bishop]
//! drop = { zone = "back_rank", opposite_colours = true }   # placement chess's bishops
//! ```

use serde::Deserialize;
use toml::Spanned;

/// `drop = { zone, per_line, no_mate, opposite_colours }` of a piece: where a piece of this kind
/// may be dropped from the hand, besides the general rule (an empty node from which it could
/// move).
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
    /// The player's pieces of this kind end on light and dark squares alike (placement chess's
    /// bishops): a drop of it may not put more than half of them (rounded up, those in hand
    /// counted) on one colour, and a drop of any other kind may not take the last free square
    /// of a colour in this kind's drop zone that those still in hand need.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    pub(crate) opposite_colours: Option<Spanned<bool>>,
    /// The kind is a promoted face (`+L`) that may be dropped: a piece of its base kind (`L`,
    /// the kind a captured one joins the hand as) leaves the hand and enters as this face
    /// (`+L@c3`; Kyoto and micro shogi, Fairy-Stockfish's `dropPromoted`). The face's own drop
    /// rules (zone, `allow_stuck`, ...) apply to it.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    pub(crate) face: Option<Spanned<bool>>,
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
