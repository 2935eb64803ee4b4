//! `[[gating]]`: rights to gate, one per square of a row. A piece that leaves a square whose
//! right its owner holds may bring a piece of his hand onto it as the second part of the move
//! (Seirawan chess's hawk and elephant); the right is lost once a piece leaves or lands on the
//! square. The rights are written in position text after their player's castling rights, as
//! Fairy-Stockfish writes them (`KQBCDFGkqbcdfg`: a castling right stands for the rights of its
//! king's and rook's squares too).
//!
//! ```toml
//! [[gating]]
//! player = "white"
//! squares = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"]
//! rights = ["A", "B", "C", "D", "E", "F", "G", "H"]
//! ```

use serde::Deserialize;
use toml::Spanned;

/// One `[[gating]]`: a player's gating rights, one per square.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct GatingSpec {
    /// The player (a `[[player]]` name) who holds the rights.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) player: Spanned<String>,
    /// The squares whose pieces hold a right: a move from one of them may place a piece of the
    /// player's hand there (a kind that may be dropped there), and the right is lost once a
    /// piece leaves or lands on the square.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) squares: Spanned<Vec<Spanned<String>>>,
    /// Each square's right token in position text (`["A", ..., "H"]`), letters, written after
    /// the player's castling rights; a castling right stands for the rights of its king's and
    /// rook's squares (not written again).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) rights: Spanned<Vec<Spanned<String>>>,
}
