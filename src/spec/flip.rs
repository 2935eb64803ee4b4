//! `flip = { to, after }` of a piece: the kind it turns into after each of its moves (Kyoto
//! shogi: every move), or after each of its captures (micro shogi), as read from the file. The
//! rule's meaning, checks and compiled form are the slice's, `crate::rules::flip`.
//!
//! ```toml
//! [pieces.silver]
//! letter = "S"
//! moves = ["leap n ne nw se sw"]
//! flip = { to = "+S" }                     # after every move: the bishop face
//!
//! [pieces.lance]
//! letter = "L"
//! moves = ["ride n"]
//! flip = { to = "+L", after = "capture" }  # only after a capture: the silver face
//! ```

use serde::Deserialize;
use toml::Spanned;

/// `flip = { to, after }` of a piece: it turns into the kind `to` after each move it makes
/// (`after = "move"`, the default: Kyoto shogi) or after each move that captures (`after =
/// "capture"`: micro shogi). The flip is compulsory and is the move's own promotion: move text
/// writes `+` when the piece turns into its promoted face (`b1-a2+`) and `-` when a promoted
/// face turns back into its base (`a1-a2-`), as Fairy-Stockfish prints them. Not with
/// `promotion`, not on a royal piece, never to a royal kind.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct FlipSpec {
    /// The token of the kind the piece turns into (`"+S"`, `"L"`): usually its other face.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) to: Spanned<String>,
    /// When it turns: after every move it makes (`move`, captures included) or only after a
    /// move that captures (`capture`).
    #[serde(default)]
    pub(crate) after: FlipAfter,
}

/// When a piece flips (`flip.after`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub(crate) enum FlipAfter {
    /// After every move the piece makes (Kyoto shogi).
    #[default]
    Move,
    /// After every move of the piece that captures (micro shogi).
    Capture,
}
