//! `reach`: a player wins by bringing a piece of a kind into his goal zone, on arrival (king of
//! the hill) or after the later players' reply (racing kings).
//!
//! ```toml
//! [outcome]
//! reach = { piece = "king", zone = "center" }              # on arrival
//! reach = { piece = "king", zone = "goal", reply = true }  # racing kings
//! reach = { pieces = ["king", "queen"], zone = "center" }  # any of these kinds
//! reach = { zone = "flag" }                                 # any piece (Fairy-Stockfish's `flagPiece = *`)
//! ```

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::PlayerId;
use crate::rules::Rules;

/// `reach`: a player wins by bringing a piece into a zone.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct ReachSpec {
    /// The piece name whose arrival wins (with `pieces` left out).
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    piece: Option<Spanned<String>>,
    /// The piece names any of which wins by arriving (with `piece` left out); every piece
    /// when both are left out.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pieces: Option<Vec<Spanned<String>>>,
    /// A player-relative zone name (or a board zone).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    zone: Spanned<String>,
    /// The players after him in the round get one reply, if it can reach too; reaching too
    /// draws (racing kings). Without it, the game is won on arrival (king of the hill).
    #[serde(default)]
    reply: bool,
}

/// The slice.
pub(super) struct Reach;

impl EndSlice for Reach {
    const KEY: &'static str = "reach";
    const ABOUT: &'static str =
        "A piece of this kind in its owner's zone wins (king of the hill, racing kings).";
    const BEFORE_CHECKS: bool = true;
    type Spec = ReachSpec;

    fn build(spec: &ReachSpec, cx: &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>> {
        let zone = cx.zone(&spec.zone);
        let kinds = match (&spec.piece, &spec.pieces) {
            (Some(one), None) => 1 << cx.kind_named(one, "`reach`")?.index(),
            (Some(one), Some(_)) => {
                cx.error(
                    Diagnostic::new(
                        Code::InvalidValue,
                        one.span(),
                        "`reach` gives both `piece` and `pieces`",
                    )
                    .label("one of the two")
                    .help("name one kind with `piece`, or several with `pieces`"),
                );
                return None;
            }
            (None, pieces) => cx.kind_mask(pieces.as_deref(), "`reach`"),
        };
        if kinds == 0 {
            cx.error(
                Diagnostic::new(
                    Code::InvalidValue,
                    spec.zone.span(),
                    "`reach` with `pieces = []`: no piece could win",
                )
                .label("this rule")
                .help("list piece names, or leave `pieces` out for every piece"),
            );
            return None;
        }
        Some(Arc::new(ReachRule {
            kinds,
            zone,
            reply: spec.reply,
        }))
    }
}

/// Winning by bringing a piece into a zone, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ReachRule {
    /// The kinds any of which may arrive (bit `k`: kind `k`).
    kinds: u32,
    /// The player-relative zone (index of [`Rules::zone`]).
    zone: usize,
    /// The players after the one who arrived, in the same round, get one reply if it can
    /// arrive too; arriving too draws. Without it, arrival wins at once.
    reply: bool,
}

impl ReachRule {
    /// The kinds' names: `king`, `king or queen`, `any piece`.
    fn names(&self, rules: &Rules) -> String {
        let all = rules.kinds().len();
        let every = 1u32.checked_shl(all as u32).map_or(u32::MAX, |b| b - 1);
        if all > 1 && self.kinds == every {
            return "any piece".to_string();
        }
        let names: Vec<&str> = (0..all)
            .filter(|k| self.kinds >> k & 1 == 1)
            .map(|k| rules.kinds()[k].name.as_str())
            .collect();
        names.join(" or ")
    }

    fn in_goal(&self, turn: &dyn TurnStart, p: PlayerId) -> bool {
        turn.has_piece_in(p, self.kinds, self.zone)
    }
}

impl DeclaredEnd for ReachRule {
    /// On arrival, the player who moved last wins when his piece stands in his goal. With a
    /// reply, a player who arrived wins at the start of his next turn, or draws if the player
    /// who moved after him arrived too; a player who comes later in the round than the one who
    /// just arrived gets his reply only if some legal move of his arrives too.
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        let (p, last) = (turn.to_move(), turn.last_mover());
        let last_arrived = last != p && self.in_goal(turn, last);
        if !self.reply {
            return last_arrived.then(|| Verdict::wins(last));
        }
        if self.in_goal(turn, p) {
            return Some(if last_arrived {
                Verdict::draw(p)
            } else {
                Verdict::wins(p)
            });
        }
        if !last_arrived {
            return None;
        }
        let rule = *self;
        let can_reply =
            p.index() > last.index() && turn.some_move_leads_to(&|t| rule.in_goal(t, p));
        (!can_reply).then(|| Verdict::wins(last))
    }

    fn summary(&self, rules: &Rules) -> String {
        format!(
            "reach: {} in {} wins{}",
            self.names(rules),
            rules.zone_name(self.zone),
            if self.reply {
                " (later players reply; reaching too draws)"
            } else {
                " on arrival"
            }
        )
    }

    fn describe(&self, rules: &Rules, _p: PlayerId, _entry: u8) -> String {
        format!(
            "a {} reached {}",
            self.names(rules),
            rules.zone_name(self.zone)
        )
    }
}
