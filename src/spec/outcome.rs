//! The rule tables of a variant file that say how a game ends and which moves are allowed
//! besides the pieces' own patterns, as read from TOML (before any meaning is checked).
//!
//! ```toml
//! [outcome]
//! checkmate = "eliminate"          # or "loss" (the same), "draw", "win"
//! stalemate = "draw"               # the stalemated player: "loss"/"eliminate", "draw", "win"
//! stalemate_by_players = { "3" = "eliminate" }
//! stalemate_score = 0.25           # a stalemate lost scores 1/4 to the loser, 3/4 to the winner
//! draw_odds = "black"              # a game that would end drawn is won by black (Armageddon)
//! draw_points = { values = { rook = 5 }, bonus = { black = 1.5 } }  # or decided on points (janggi)
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
//! checked_royal_takes_checker = true  # a royal in check moves only to take its checker (makpong)
//! pass = true                      # a player may pass instead of moving (janggi)
//! check_all_royals = true          # in check only when every royal is attacked (spartan)
//! pass_when_stuck = true           # a player without a move passes (othello)
//!
//! [draws]                          # for `play` and `show` only, never perft
//! move_rule = 50                   # drawn after 50 moves of every player without a capture or pawn move
//! repetition = 3                   # drawn when a position occurs the third time
//! insufficient = [["king", "king"], ["king", "king", "knight"]]
//! counting = { pawns = ["pawn"], board = 64, bare = [{ pieces = ["rook"], moves = 16 }], otherwise = 64 }
//! ```

use std::any::Any;
use std::sync::Arc;

use serde::Deserialize;
use serde::de::DeserializeOwned;
use toml::Spanned;
use toml::de::DeValue;

use super::{Located, Span, TableReader, deserialize};
use crate::diagnostic::Diagnostic;

/// What happens to a player when a rule of `[outcome]` applies to him.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub(crate) enum Policy {
    /// The player is out (`loss` is another name for it); the game goes on while two or more
    /// remain, so with two players the other wins.
    #[serde(alias = "loss")]
    Eliminate,
    /// The game ends drawn.
    Draw,
    /// The player wins the game.
    Win,
}

/// `[outcome]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct OutcomeSpec {
    /// Policy on checkmate.
    pub(crate) checkmate: Option<Located<Policy>>,
    /// Policy on stalemate.
    pub(crate) stalemate: Option<Located<Policy>>,
    /// Stalemate policy by number of players still in the game (overrides `stalemate`).
    pub(crate) stalemate_by_players: Vec<(Located<String>, Located<Policy>)>,
    /// The score a stalemated player who loses keeps (Gliński: 0.25; the winner gets the rest).
    pub(crate) stalemate_score: Option<Located<f64>>,
    /// The player who wins every game that would end drawn (`draw_odds`).
    pub(crate) draw_odds: Option<toml::Spanned<String>>,
    /// The points that decide every game that would end drawn (`draw_points`).
    pub(crate) draw_points: Option<Located<super::points::DrawPointsSpec>>,
    /// The number of checks a player must give to win.
    pub(crate) checks: Option<Located<u32>>,
    /// Victories by captured material.
    pub(crate) captured: Vec<CapturedWinSpec>,
    /// Winning by numbers in progression on a line, in the order they are checked.
    pub(crate) progression: Vec<ProgressionSpec>,
    /// The keys of the end rules declared as slices (`rules::ends`), in the order the slices
    /// are registered, each read as its slice's own type.
    pub(crate) declared: Vec<DeclaredSpec>,
}

/// How a key of `[outcome]` that an end-rule slice owns is read: the spec layer knows the
/// slices only through these (the slices live with the rules, later in the data flow).
#[derive(Clone, Copy)]
pub struct DeclaredKey {
    /// The key in `[outcome]`.
    pub(crate) key: &'static str,
    /// Reads the key's value, reporting problems located; `what` names it in messages.
    pub(crate) read: ReadDeclared,
}

/// Reads the value of a slice's key as the slice's own type.
pub(crate) type ReadDeclared =
    fn(&Spanned<DeValue<'_>>, &str, &mut Vec<Diagnostic>) -> Option<Arc<dyn Any + Send + Sync>>;

/// [`ReadDeclared`] for a slice whose value reads as `T`.
pub(crate) fn read_declared<T: DeserializeOwned + Send + Sync + 'static>(
    value: &Spanned<DeValue<'_>>,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Option<Arc<dyn Any + Send + Sync>> {
    deserialize::<T>(value, what, diags).map(|v| Arc::new(v) as Arc<dyn Any + Send + Sync>)
}

/// The value of a slice's key, read but not judged.
#[derive(Clone)]
pub(crate) struct DeclaredSpec {
    /// The key in `[outcome]`.
    pub(crate) key: &'static str,
    /// Where the value stands in the sources.
    pub(crate) span: Span,
    /// The value, of the type the slice's [`DeclaredKey::read`] made.
    pub(crate) value: Arc<dyn Any + Send + Sync>,
}

impl std::fmt::Debug for DeclaredSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DeclaredSpec")
            .field("key", &self.key)
            .field("span", &self.span)
            .finish_non_exhaustive()
    }
}

/// A mean three numbers may be in (`[outcome] progression`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) enum Mean {
    /// `m - a = e - m`.
    Arithmetic,
    /// `m * m = a * e`.
    Geometric,
    /// `m * (a + e) = 2 * a * e`.
    Harmonic,
}

/// `[outcome] progression` (one table, or an array of them checked in order): after a move, a
/// player wins with one of his numbered pieces `A`, the
/// first piece `M` met from it along a direction `k` squares away, and a piece `E` another `k`
/// squares on (straight, or after one of the allowed turns at `M`, the squares between empty), all
/// three in his zone, whose numbers are strictly rising or falling and in one of the means
/// (Rithmomachia's Victoria magna). `M` and `E` may be anyone's; a stack offers its parts and its
/// total. Checked with the victories by captured material, the mover first.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct ProgressionSpec {
    /// The victory's name in messages (`"Victoria magna"`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) name: Spanned<String>,
    /// The player-relative zone the three pieces stand in (the opponent's half).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) zone: Spanned<String>,
    /// The board directions from the first piece to the second.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pub(crate) directions: Spanned<Vec<Spanned<String>>>,
    /// The turns allowed at the middle piece, by direction: the last leg may take these
    /// directions instead of going straight on (`{ n = ["e", "w"] }`).
    #[serde(default)]
    #[cfg_attr(
        feature = "schema",
        schemars(with = "std::collections::BTreeMap<String, Vec<String>>")
    )]
    pub(crate) turns: std::collections::BTreeMap<String, Spanned<Vec<Spanned<String>>>>,
    /// The means that win: `arithmetic`, `geometric`, `harmonic`.
    #[cfg_attr(feature = "schema", schemars(with = "Vec<Mean>"))]
    pub(crate) means: Vec<Spanned<Mean>>,
    /// How many pieces: 3 (the default: Victoria magna) or 4, the fourth `k` squares on from
    /// the third in the same direction (Victoria major and excellentissima).
    #[cfg_attr(feature = "schema", schemars(with = "Option<u8>"))]
    pub(crate) squares: Option<Spanned<u8>>,
    /// With 4 pieces: how many kinds of `means` must be present, exactly, among the four
    /// three-number subsets of their (all different) numbers, each in increasing order
    /// (`2`: Victoria major; `3`: Victoria excellentissima).
    #[cfg_attr(feature = "schema", schemars(with = "Option<u8>"))]
    pub(crate) kinds: Option<Spanned<u8>>,
}

/// `[moves]`: what is legal besides the pieces' own patterns.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct MovesSpec {
    /// When any capture is legal, only captures are (antichess).
    #[serde(default)]
    pub(crate) must_capture: bool,
    /// Whether a move may give check (default true; false: racing kings).
    #[cfg_attr(feature = "schema", schemars(default = "default_true"))]
    pub(crate) may_check: Option<bool>,
    /// A royal in check may move only to take the one piece checking it, and not at all when
    /// two pieces check; the other pieces answer a check as usual (makpong).
    #[serde(default)]
    pub(crate) checked_royal_takes_checker: bool,
    /// A player may pass instead of moving, unless that leaves his royal attacked: one more
    /// move, written as his royal's null move (`e2e2`, as Fairy-Stockfish writes it; janggi).
    /// Needs a royal piece.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    pub(crate) pass: Option<Spanned<bool>>,
    /// A player with several royals is in check only when every one of them is attacked: a move
    /// may leave some attacked (and they may be taken), not all; with one left it is royal as
    /// usual (Spartan chess's two kings, Fairy-Stockfish's duple check). Needs a royal piece.
    #[cfg_attr(feature = "schema", schemars(with = "Option<bool>"))]
    pub(crate) check_all_royals: Option<Spanned<bool>>,
    /// A player without a legal move passes: one ply, written as the null move of his first
    /// royal or, with none, of his first piece (`a1a1`, as Fairy-Stockfish writes it); only
    /// while the board has an empty node and he has a piece on it, else he is stalemated
    /// (Othello, Fairy-Stockfish's `passOnStalemate`).
    #[serde(default)]
    pub(crate) pass_when_stuck: bool,
}

/// `[draws]`: the draw rules `play` and `show` apply (never perft or the move list).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct DrawsSpec {
    /// Drawn after this many moves of every player without a capture or a clock-resetting move
    /// (50 in chess); no such rule when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub(crate) move_rule: Option<Spanned<u32>>,
    /// Drawn when a position occurs this many times (3 in chess); no such rule when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<u32>"))]
    pub(crate) repetition: Option<Spanned<u32>>,
    /// Drawn when the pieces on the board, whoever owns them, are exactly one of these lists of
    /// piece names (`[["king", "king"]]`).
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<Vec<String>>"))]
    pub(crate) insufficient: Vec<Spanned<Vec<Spanned<String>>>>,
    /// The counting rules of makruk's family: without pawns on the board, a game the stronger
    /// side has not won within a number of moves is drawn (the board's honour while both sides
    /// have pieces, the pieces' honour by the stronger side's material once the other has its
    /// royal only). See "Game ends, move rules and draw rules" in the README.
    #[cfg_attr(
        feature = "schema",
        schemars(with = "Option<super::counting::CountingSpec>")
    )]
    pub(crate) counting: Option<Spanned<super::counting::CountingSpec>>,
}

/// `[outcome]`, or the default outcome when the file has none that is a table. `declared` are the
/// keys of the end-rule slices.
pub(super) fn read_outcome(
    top: &mut TableReader<'_, '_>,
    declared: &[DeclaredKey],
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
    let stalemate_score = o.optional::<f64>("stalemate_score", diags);
    let draw_odds = o
        .optional::<toml::Spanned<String>>("draw_odds", diags)
        .map(|d| d.value);
    let draw_points = o.optional::<super::points::DrawPointsSpec>("draw_points", diags);
    let mut read_declared = Vec::new();
    for d in declared {
        if let Some(v) = o.raw(d.key) {
            let what = format!("`[outcome]` key `{}`", d.key);
            if let Some(value) = (d.read)(v, &what, diags) {
                read_declared.push(DeclaredSpec {
                    key: d.key,
                    span: v.span(),
                    value,
                });
            }
        }
    }
    let checks = o.optional::<u32>("checks", diags);
    let captured = o
        .optional::<Vec<CapturedWinSpec>>("captured", diags)
        .map_or_else(Vec::new, |c| c.value);
    let progression = read_progressions(o.raw("progression"), diags);
    o.finish(diags);
    OutcomeSpec {
        checkmate,
        stalemate,
        stalemate_by_players: by,
        stalemate_score,
        draw_odds,
        draw_points,
        checks,
        captured,
        progression,
        declared: read_declared,
    }
}

/// `progression`: one table, or an array of them checked in order.
fn read_progressions(
    value: Option<&Spanned<DeValue<'_>>>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<ProgressionSpec> {
    let what = "`[outcome]` key `progression`";
    match value.map(|v| (v, v.get_ref())) {
        None => Vec::new(),
        Some((_, DeValue::Array(items))) => items
            .iter()
            .filter_map(|v| deserialize::<ProgressionSpec>(v, what, diags))
            .collect(),
        Some((v, _)) => deserialize::<ProgressionSpec>(v, what, diags)
            .into_iter()
            .collect(),
    }
}

#[cfg(feature = "schema")]
fn default_true() -> Option<bool> {
    Some(true)
}

/// One entry of `[outcome] captured`: a player whose captured material meets every condition
/// the entry gives for him wins. `men`, `value` and `digits` are thresholds (at least),
/// `men_max` and `digits_max` limits (at most); each is one number for every player or a table
/// by player name (`{ white = 1315, black = 984 }`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct CapturedWinSpec {
    /// The victory's name in messages (`"De corpore"`).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    pub(crate) name: Spanned<String>,
    /// Captured men (each part of a stack one) that win: at least this many.
    #[cfg_attr(feature = "schema", schemars(with = "Option<PerPlayerSchema>"))]
    pub(crate) men: Option<Spanned<PerPlayer>>,
    /// Captured value that wins: at least this much.
    #[cfg_attr(feature = "schema", schemars(with = "Option<PerPlayerSchema>"))]
    pub(crate) value: Option<Spanned<PerPlayer>>,
    /// Decimal digits of the captured numbers, added up: at least this many.
    #[cfg_attr(feature = "schema", schemars(with = "Option<PerPlayerSchema>"))]
    pub(crate) digits: Option<Spanned<PerPlayer>>,
    /// Captured men: at most this many (De honore).
    #[cfg_attr(feature = "schema", schemars(with = "Option<PerPlayerSchema>"))]
    pub(crate) men_max: Option<Spanned<PerPlayer>>,
    /// Decimal digits of the captured numbers: at most this many (De lite).
    #[cfg_attr(feature = "schema", schemars(with = "Option<PerPlayerSchema>"))]
    pub(crate) digits_max: Option<Spanned<PerPlayer>>,
}

impl CapturedWinSpec {
    /// The conditions given, each with its key, in the order the keys are listed above.
    pub(crate) fn conditions(&self) -> impl Iterator<Item = (CapturedKey, &Spanned<PerPlayer>)> {
        [
            (CapturedKey::Men, &self.men),
            (CapturedKey::Value, &self.value),
            (CapturedKey::Digits, &self.digits),
            (CapturedKey::MenMax, &self.men_max),
            (CapturedKey::DigitsMax, &self.digits_max),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| (k, v)))
    }
}

/// A condition of a victory by captured material.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum CapturedKey {
    /// `men`: at least.
    Men,
    /// `value`: at least.
    Value,
    /// `digits`: at least.
    Digits,
    /// `men_max`: at most.
    MenMax,
    /// `digits_max`: at most.
    DigitsMax,
}

impl CapturedKey {
    /// The key's name in `[outcome] captured`.
    pub(crate) fn key(self) -> &'static str {
        match self {
            CapturedKey::Men => "men",
            CapturedKey::Value => "value",
            CapturedKey::Digits => "digits",
            CapturedKey::MenMax => "men_max",
            CapturedKey::DigitsMax => "digits_max",
        }
    }

    /// Whether the condition is a limit (at most) rather than a threshold (at least).
    pub(crate) fn is_limit(self) -> bool {
        matches!(self, CapturedKey::MenMax | CapturedKey::DigitsMax)
    }
}

/// A number for every player (`15`) or a table of numbers by player name (`{ white = 1315 }`),
/// as written: signs are judged when the rules are built.
#[derive(Clone, Debug)]
pub(crate) enum PerPlayer {
    /// One number for every player.
    All(i64),
    /// A number for each player named.
    Each(std::collections::BTreeMap<String, Spanned<i64>>),
}

/// The schema's picture of [`PerPlayer`].
#[cfg(feature = "schema")]
#[derive(schemars::JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum PerPlayerSchema {
    /// One number for every player.
    All(u64),
    /// A number for each player, by name.
    Each(std::collections::BTreeMap<String, u64>),
}

impl<'de> Deserialize<'de> for PerPlayer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = PerPlayer;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a whole number or a table of numbers by player name")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<PerPlayer, E> {
                Ok(PerPlayer::All(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<PerPlayer, E> {
                i64::try_from(v)
                    .map(PerPlayer::All)
                    .map_err(|_| E::custom("the number is too large"))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<PerPlayer, A::Error> {
                let mut out = std::collections::BTreeMap::new();
                while let Some((k, v)) = m.next_entry::<String, Spanned<i64>>()? {
                    out.insert(k, v);
                }
                Ok(PerPlayer::Each(out))
            }
        }
        d.deserialize_any(Visit)
    }
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
