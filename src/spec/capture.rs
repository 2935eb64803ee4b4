//! `[[capture]]`: pieces removed after every move, besides what the move displaces (the rules
//! of `src/rules/effects/` and the relation captures of Rithmomachia).

use serde::Deserialize;
use toml::Spanned;

use super::variant::DirNames;

/// A rule that removes pieces after a move by where they stand relative to the mover's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum CaptureRule {
    /// An enemy piece next to the moved piece, with a piece of the mover right behind it on the
    /// same line, is removed (Hasami shogi, Tablut, Rithmomachia's ambush without arithmetic).
    Custodian,
    /// An enemy piece that one (or two) of the mover's pieces *reach* (could move to, were its
    /// square empty), with numbers satisfying one of the `relations` (Rithmomachia's equality
    /// and ambush).
    Reach,
    /// An enemy piece on a line (`directions`) from one of the mover's pieces, `k` squares away,
    /// with numbers satisfying one of the `relations` (Rithmomachia's eruption).
    Line,
    /// An enemy piece whose neighbours in one of the `neighbourhoods` are all the mover's
    /// pieces (or off the board, with `edge_closes`): Rithmomachia's siege.
    Enclose,
    /// An enemy piece that has no move on the position after the move (its own pieces and the
    /// edge count) and a piece of the mover next to it along one of the `directions`:
    /// Rithmomachia's siege by immobilisation. A stack is taken whole.
    Immobilise,
    /// After a capture, the capturing piece and every piece one step away along the
    /// `directions` are removed, whoever owns them, but for the kinds `spared` (around the
    /// capture only) and `immune` (anywhere, the capturer too): atomic chess.
    Explosion,
    /// After a capture, the capturing piece turns into the neutral piece `stone` (it leaves the
    /// game; the stone never moves and is never taken), unless its kind is `immune`: petrified
    /// chess. A royal that is not immune therefore never captures, and gives no check.
    Petrify,
    /// Every unbroken line of other players' pieces along one of the `directions` from the
    /// moved piece that ends at a piece of the mover changes owner: the mover's from then on
    /// (Othello's flips). With `compulsory = true` a move that turns nothing over is no move.
    Overturn,
}

/// One `[[capture]]`: pieces removed after every move, besides what the move displaces.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CaptureSpec {
    /// The rule: `custodian`, `reach`, `line`, `enclose`, `immobilise`, `explosion`, `petrify` or
    /// `overturn`.
    #[cfg_attr(feature = "schema", schemars(with = "CaptureRule"))]
    pub(crate) rule: Spanned<CaptureRule>,
    /// `custodian`, `line`, `explosion`, `overturn`: the board directions (not turned by the mover's frame)
    /// along which the rule looks (`custodian`: from the moved piece; `line`: from the victim;
    /// `explosion`: one step from the capture).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) directions: Option<Spanned<Vec<Spanned<String>>>>,
    /// `reach`: how many of the mover's pieces take part (1 or 2).
    #[cfg_attr(feature = "schema", schemars(with = "Option<u8>"))]
    pub(crate) attackers: Option<Spanned<u8>>,
    /// `reach`, `line`: relations between the numbers, any of which captures
    /// (`"a + b = v"`, `"a * (k + 1) = v"`; variables `a`, `b`, `v`, `k`).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) relations: Option<Vec<Spanned<String>>>,
    /// `line`: only the first piece met on the line counts (else pieces between do not matter).
    #[serde(default)]
    pub(crate) first_only: bool,
    /// `enclose`: sets of board directions; a victim whose neighbours in one set are all the
    /// mover's pieces is removed.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<Vec<String>>>"))]
    pub(crate) neighbourhoods: Option<Spanned<Vec<DirNames>>>,
    /// `enclose`: a neighbour off the board counts as the mover's.
    #[serde(default)]
    pub(crate) edge_closes: bool,
    /// `enclose`: each direction of a set is closed by the first piece met along it, however far
    /// (the mover's closes it), not only by the neighbour: a distant siege. The edge closes a side
    /// (with `edge_closes`) only next to the victim.
    #[serde(default)]
    pub(crate) distant: bool,
    /// `explosion`: the kinds the blast spares around the capture (the capturer is not spared).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) spared: Option<Spanned<Vec<Spanned<String>>>>,
    /// `explosion`: the kinds no blast removes, the capturer included; `petrify`: the kinds
    /// that capture without turning to stone.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub(crate) immune: Option<Spanned<Vec<Spanned<String>>>>,
    /// `petrify`: the neutral piece (`neutral = true`) a capturer turns into.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    pub(crate) stone: Option<Spanned<String>>,
    /// `overturn`: a move that turns nothing over is no move (Othello: a stone is placed only
    /// where it encloses).
    #[serde(default)]
    pub(crate) compulsory: bool,
}
