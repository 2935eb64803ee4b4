//! `[blocker]`: every move has a second part that moves a neutral blocker (duck chess's duck)
//! to an empty square; the first such move brings it onto the board. The blocker blocks every
//! piece and no piece may take it (it is a `neutral` kind).
//!
//! ```toml
//! [blocker]
//! piece = "duck"       # a neutral kind: `neutral = true`, `moves = []`
//! must_move = true     # it may not stay where it stands
//! ```

use serde::Deserialize;
use toml::Spanned;

/// `[blocker]`: the neutral piece every move places, and whether it must leave its square.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct BlockerSpec {
    /// The blocker's kind (a `[pieces.NAME]` with `neutral = true`): after the rest of every move,
    /// the mover puts it on an empty square (from wherever it stands, or, while it is not on
    /// the board, from outside); at most one stands on the board.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) piece: Spanned<String>,
    /// Whether the blocker must leave the square it stands on (duck chess); `false` (the
    /// default): it may stay there.
    #[serde(default)]
    pub(crate) must_move: bool,
}
