//! The rule tables of a variant file that say how a game ends and which moves are allowed
//! besides the pieces' own patterns, as read from TOML (before any meaning is checked).
//!
//! ```toml
//! [outcome]
//! checkmate = "eliminate"          # or "loss" (the same), "draw", "win"
//! stalemate = "draw"               # the stalemated player: "loss"/"eliminate", "draw", "win"
//! stalemate_by_players = { "3" = "eliminate" }
//! bare_royal = "loss"              # a player left with royal pieces only loses (shatranj)
//! material = [{ pieces = ["king"], at_most = 2, result = "loss" }]   # three kings
//! checks = 3                       # the third check given wins (3check)
//! captured = [{ name = "De corpore", men = 15 }, { name = "De bonis", value = { white = 1315 } }]
//! reach = { piece = "king", zone = "hill" }                # on arrival (king of the hill)
//! reach = { piece = "king", zone = "goal", reply = true }  # racing kings
//!
//! [moves]
//! must_capture = true              # when a capture exists, only captures are legal (antichess)
//! may_check = false                # no move may give check (racing kings)
//!
//! [draws]                          # for `play` and `show` only, never perft
//! move_rule = 50                   # drawn after 50 moves of every player without a capture or pawn move
//! repetition = 3                   # drawn when a position occurs the third time
//! insufficient = [["king", "king"], ["king", "king", "knight"]]
//! ```

use serde::Deserialize;
use toml::Spanned;

use super::{Located, TableReader, deserialize};
use crate::diagnostic::Diagnostic;

/// What happens to a player when a rule of `[outcome]` applies to him.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// The player is out (`loss` is another name for it); the game goes on while two or more
    /// remain, so with two players the other wins.
    #[serde(alias = "loss")]
    Eliminate,
    /// The game ends drawn.
    Draw,
    /// The player wins the game.
    Win,
}

/// One entry of `material`: a player whose count of some kinds falls to a number.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MaterialSpec {
    /// The piece names counted together; every piece of the player when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pub pieces: Option<Vec<Spanned<String>>>,
    /// The rule applies when the player's count is at most this.
    #[cfg_attr(feature = "schema", schemars(with = "u32"))]
    pub at_most: Spanned<u32>,
    /// What happens to the player: `loss` (`eliminate`), `draw` or `win`.
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))]
    pub result: Spanned<Policy>,
}

/// `reach`: a player wins by bringing a piece into a zone.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ReachSpec {
    /// The piece name whose arrival wins.
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub piece: Spanned<String>,
    /// A player-relative zone name (or a board zone).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub zone: Spanned<String>,
    /// The players after him in the round get one reply, if it can reach too; reaching too
    /// draws (racing kings). Without it, the game is won on arrival (king of the hill).
    #[serde(default)]
    pub reply: bool,
}

/// `[outcome]`.
#[derive(Clone, Debug, Default)]
pub struct OutcomeSpec {
    /// Policy on checkmate.
    pub checkmate: Option<Located<Policy>>,
    /// Policy on stalemate.
    pub stalemate: Option<Located<Policy>>,
    /// Stalemate policy by number of players still in the game (overrides `stalemate`).
    pub stalemate_by_players: Vec<(Located<String>, Located<Policy>)>,
    /// What happens to a player left with royal pieces only.
    pub bare_royal: Option<Located<Policy>>,
    /// Rules on a player's count of pieces.
    pub material: Vec<MaterialSpec>,
    /// The number of checks a player must give to win.
    pub checks: Option<Located<u32>>,
    /// Victories by captured material.
    pub captured: Vec<CapturedWinSpec>,
    /// Winning by reaching a zone.
    pub reach: Option<ReachSpec>,
}

/// `[moves]`: what is legal besides the pieces' own patterns.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct MovesSpec {
    /// When any capture is legal, only captures are (antichess).
    #[serde(default)]
    pub must_capture: bool,
    /// Whether a move may give check (default true; false: racing kings).
    #[cfg_attr(feature = "schema", schemars(default = "default_true"))]
    pub may_check: Option<bool>,
}

/// `[draws]`: the draw rules `play` and `show` apply (never perft or the move list).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct DrawsSpec {
    /// Drawn after this many moves of every player without a capture or a clock-resetting move
    /// (50 in chess); no such rule when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub move_rule: Option<Spanned<u32>>,
    /// Drawn when a position occurs this many times (3 in chess); no such rule when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub repetition: Option<Spanned<u32>>,
    /// Drawn when the pieces on the board, whoever owns them, are exactly one of these lists of
    /// piece names (`[["king", "king"]]`).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<Vec<String>>"))]
    pub insufficient: Vec<Spanned<Vec<Spanned<String>>>>,
}

/// `[outcome]`, or the default outcome when the file has none that is a table.
pub(super) fn read_outcome(
    top: &mut TableReader<'_, '_>,
    diags: &mut Vec<Diagnostic>,
) -> OutcomeSpec {
    let Some(mut o) = top
        .raw("outcome")
        .and_then(|v| TableReader::of_value(v, "`[outcome]`", diags))
    else {
        return OutcomeSpec::default();
    };
    let checkmate = o.optional::<Policy>("checkmate", diags);
    let stalemate = o.optional::<Policy>("stalemate", diags);
    let by = o
        .named_entries("stalemate_by_players", diags)
        .into_iter()
        .filter_map(|(k, v)| {
            let p = deserialize::<Policy>(v, "`stalemate_by_players`", diags)?;
            Some((k, Located::new(p, v.span())))
        })
        .collect();
    let bare_royal = o.optional::<Policy>("bare_royal", diags);
    let material = match o.raw("material") {
        Some(v) => deserialize::<Vec<MaterialSpec>>(v, "`[outcome]` key `material`", diags)
            .unwrap_or_default(),
        None => Vec::new(),
    };
    let checks = o.optional::<u32>("checks", diags);
    let reach = o.optional::<ReachSpec>("reach", diags).map(|r| r.value);
    let captured = o
        .optional::<Vec<CapturedWinSpec>>("captured", diags)
        .map_or_else(Vec::new, |c| c.value);
    o.finish(diags);
    OutcomeSpec {
        checkmate,
        stalemate,
        stalemate_by_players: by,
        bare_royal,
        material,
        checks,
        reach,
        captured,
    }
}

#[cfg(feature = "schema")]
fn default_true() -> Option<bool> {
    Some(true)
}

/// One entry of `[outcome] captured`: a player whose captured material reaches a threshold wins.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct CapturedWinSpec {
    /// The victory's name in messages (`"De corpore"`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub name: Spanned<String>,
    /// Captured men (each part of a stack one) that win.
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub men: Option<Spanned<u32>>,
    /// Captured value that wins, by player name (`{ white = 1315 }`).
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<std::collections::BTreeMap<String, u64>>")
    )]
    pub value: Option<Spanned<std::collections::BTreeMap<String, Spanned<u64>>>>,
}

/// `[moves]`, or the defaults.
pub(super) fn read_moves(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> MovesSpec {
    top.optional::<MovesSpec>("moves", diags)
        .map(|m| m.value)
        .unwrap_or_default()
}

/// `[draws]`, or none.
pub(super) fn read_draws(top: &mut TableReader<'_, '_>, diags: &mut Vec<Diagnostic>) -> DrawsSpec {
    top.optional::<DrawsSpec>("draws", diags)
        .map(|m| m.value)
        .unwrap_or_default()
}
