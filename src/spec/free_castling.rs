//! `[[free_castling]]`: castling from wherever the king and the rook start on a row (Chess960).

use serde::Deserialize;
use toml::Spanned;

/// One `[[free_castling]]`: one side's castling of one player from any start squares of a row.
/// The king and a rook that stand on the row (the rook beyond the king, on the side the king
/// goes to as seen from the rook's destination) castle to the two destinations; every square
/// between the outermost of the four must be empty but for the two pieces, and the king's squares
/// from its start to its destination must not be attacked.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct FreeCastlingSpec {
    /// The player (a `[[player]]` name) who may castle.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) player: Spanned<String>,
    /// The row, in the order position text lists the rights (`["h1", "g1", ..., "a1"]`).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) squares: Spanned<Vec<Spanned<String>>>,
    /// The right's token of a rook on each square of `squares` (`["H", "G", ..., "A"]`), letters;
    /// entries of both sides share the tokens of a square.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) rights: Spanned<Vec<Spanned<String>>>,
    /// Where the king ends (`"g1"`), a square of `squares`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) king: Spanned<String>,
    /// Where the rook ends (`"f1"`), a square of `squares`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) rook: Spanned<String>,
    /// The piece name that plays the king's part; the variant's only royal kind when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) king_piece: Option<Spanned<String>>,
    /// The piece name that plays the rook's part.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) rook_piece: Spanned<String>,
}
