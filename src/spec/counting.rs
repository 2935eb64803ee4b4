//! `[draws] counting`: the counting rules of makruk and its family, as read from TOML (the
//! meaning is checked in `rules::draws::counting`).
//!
//! ```toml
//! [draws]
//! counting = { pawns = ["pawn"], board = 64, from_pieces = true, otherwise = 64, bare = [
//!     { pieces = ["rook"], at_least = 2, moves = 8 },
//!     { pieces = ["rook"], moves = 16 },
//! ] }
//! ```

use serde::Deserialize;
use toml::Spanned;

/// `[draws] counting`: a game without pawns is drawn when the stronger side has not won within
/// a number of moves (makruk's board's honour and pieces' honour counting).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CountingSpec {
    /// The kinds whose presence on the board (either side's) keeps the count from running
    /// (`["pawn"]`; none when left out).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) pawns: Vec<Spanned<String>>,
    /// The board's honour: when both players have more than their royal pieces, the count runs
    /// from 0 and the game is drawn after this many moves of each player. No such count when
    /// left out or 0 (a file that extends one with it says 0).
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub(crate) board: Option<Spanned<u32>>,
    /// The pieces' honour: when the player to move has royal pieces only, the first entry whose
    /// pieces the other player has (at least `at_least` of them) gives the moves; tried in order.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<BareLimitSpec>"))]
    pub(crate) bare: Vec<Spanned<BareLimitSpec>>,
    /// The pieces' honour's moves when no entry of `bare` holds; no count then when left out
    /// or 0.
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub(crate) otherwise: Option<Spanned<u32>>,
    /// The pieces' honour's count starts at the number of pieces on the board (two plies each)
    /// instead of 0 (makruk; ASEAN chess starts at 0). Default false.
    #[serde(default)]
    pub(crate) from_pieces: bool,
}

/// One entry of `bare`: the moves the count allows against these pieces.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct BareLimitSpec {
    /// The piece names counted together (`["rook"]`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) pieces: Vec<Spanned<String>>,
    /// How many of them the stronger player must have (default 1).
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub(crate) at_least: Option<Spanned<u32>>,
    /// The moves of each player the count allows.
    #[cfg_attr(feature = "schema", schemars(with = "u32"))]
    pub(crate) moves: Spanned<u32>,
}
