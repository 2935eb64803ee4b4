//! `[[first_move]]`: a right a piece holds until it first moves or is taken, written in position
//! text among the castling rights; patterns marked `first-move` need it (Cambodian chess's king
//! and met, `DEde` in Fairy-Stockfish's text).
//!
//! ```toml
//! [[first_move]]
//! player = "white"
//! square = "d1"                     # the right is lost once a piece leaves or lands on d1
//! right = "D"                       # its token, written with the castling rights
//! lost_when_aimed_by = ["rook"]     # also lost when an enemy rook moves onto d1's lines
//! ```

use serde::Deserialize;
use toml::Spanned;

/// One `[[first_move]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct FirstMoveSpec {
    /// The player (a `[[player]]` name) who holds the right.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) player: Spanned<String>,
    /// The node whose piece holds the right: the right is lost once a piece leaves it, lands on
    /// it or is taken there. A pattern with the `first-move` modifier is used only from a square
    /// whose right its owner holds.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) square: Spanned<String>,
    /// The right's token in position text, written after the castling rights (`D`): letters,
    /// and no token (castling's included) may begin another.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) right: Spanned<String>,
    /// Piece names: the right is also lost when another player's piece of one of these kinds
    /// moves to a square from which one of its patterns would reach `square` on an empty board
    /// (Fairy-Stockfish's Cambodian king, whose leap a rook on its file or rank takes away).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) lost_when_aimed_by: Vec<Spanned<String>>,
}
