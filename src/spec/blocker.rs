//! `[blocker]`: every move has a second part that puts a neutral blocker on a square: duck
//! chess's duck (one piece that moves), or a new mark each move that stays (`stays`: amazons'
//! arrows, isolation's removed squares), on any empty square, or only where a piece of a given
//! kind standing on the landing square could move (`reach`: the arrow's queen shot), on the
//! square the moving piece left (`on = "left"`: joust's and snailtrail's trails), within a zone.
//! The blocker blocks every piece and no piece may take it (it is a `neutral` kind).
//!
//! ```toml
//! [blocker]
//! piece = "duck"       # a neutral kind: `neutral = true`, `moves = []`
//! must_move = true     # it may not stay where it stands
//!
//! [blocker]            # amazons
//! piece = "arrow"
//! stays = true         # every move places a new one; they never leave
//! reach = "amazon"     # where an amazon standing on the landing square could move
//! ```

use serde::Deserialize;
use toml::Spanned;

/// `[blocker]`: the neutral piece every move places, and where it may go.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct BlockerSpec {
    /// The blocker's kind (a `[pieces.NAME]` with `neutral = true`): after the rest of every move,
    /// the mover puts it on an empty square (from wherever it stands, or, while it is not on
    /// the board, from outside); at most one stands on the board, unless it `stays`.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) piece: Spanned<String>,
    /// Whether the blocker must leave the square it stands on (duck chess); `false` (the
    /// default): it may stay there.
    #[serde(default)]
    pub(crate) must_move: bool,
    /// Every move places a new blocker, and those placed stay for the rest of the game
    /// (amazons' arrows, isolation's removed squares: marks, any number on the board); `false`
    /// (the default): one blocker that each move moves.
    #[serde(default)]
    pub(crate) stays: bool,
    /// A piece name: the blocker goes only where a piece of this kind, standing where the
    /// moved piece landed (in the mover's frame), could move once the first part is made, by
    /// its leaps, steps and rides (amazons: `amazon`, the queen's shot); by default anywhere
    /// empty.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) reach: Option<Spanned<String>>,
    /// `"left"`: the blocker goes on the square the moving piece left, and nowhere else
    /// (joust's and snailtrail's trails); `"any"` (the default): any empty square.
    #[cfg_attr(feature = "schema", schemars(with = "Option<BlockerOn>"))]
    pub(crate) on: Option<Spanned<BlockerOn>>,
    /// A board zone: the blocker goes only on its squares (isolation: every square but the
    /// two where the pieces start).
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) zone: Option<Spanned<String>>,
}

/// `on` of `[blocker]`: which square the blocker goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) enum BlockerOn {
    /// Any empty square (within the `reach` and `zone` when given).
    Any,
    /// The square the moving piece left (a castling's: the king's).
    Left,
}
