//! `material`: a player whose count of some kinds of pieces falls to a number loses, draws or
//! wins (three kings, extinction, horde).
//!
//! ```toml
//! [outcome]
//! material = [{ pieces = ["king"], at_most = 2, result = "loss" }]   # three kings
//! material = [{ at_most = 0, result = "loss" }]                      # no piece left
//! material = [{ pieces = ["king"], at_most = 0, in_hand = true, opponent_at_least = 2,
//!               result = "loss" }]                                  # koedem
//! ```

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict, result_word};
use crate::diagnostic::{Code, Diagnostic};
use crate::ids::PlayerId;
use crate::rules::{Policy, Rules};

/// One entry of `material`: a player whose count of some kinds falls to a number.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct MaterialSpec {
    /// The piece names counted together; every piece of the player when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<Vec<String>>"))]
    pieces: Option<Vec<Spanned<String>>>,
    /// The rule applies when the player's count is at most this.
    #[cfg_attr(feature = "schema", schemars(with = "u32"))]
    at_most: Spanned<u32>,
    /// What happens to the player: `loss` (`eliminate`), `draw` or `win`.
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))]
    result: Spanned<Policy>,
    /// Pieces in hand count too, not only those on the board (koedem's kings).
    #[serde(default)]
    in_hand: bool,
    /// The rule applies only while another live player's count of the same kinds (in hand too
    /// with `in_hand`) is at least this (koedem: the opponent owns both kings).
    #[serde(default)]
    opponent_at_least: Option<u32>,
}

/// The slice.
pub(super) struct Material;

impl EndSlice for Material {
    const KEY: &'static str = "material";
    const ABOUT: &'static str =
        "Rules on a player's count of pieces; the first that holds decides.";
    type Spec = Vec<MaterialSpec>;

    /// Each entry's kinds (every kind when `pieces` is left out).
    fn build(spec: &Vec<MaterialSpec>, cx: &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>> {
        let mut entries = Vec::new();
        for m in spec {
            if m.pieces.as_ref().is_some_and(|p| p.is_empty()) {
                cx.error(
                    Diagnostic::new(
                        Code::InvalidValue,
                        m.at_most.span(),
                        "`material` entry with `pieces = []` counts nothing",
                    )
                    .label("this entry")
                    .help("list piece names, or leave `pieces` out to count every piece"),
                );
                continue;
            }
            entries.push(MaterialEntry {
                kinds: cx.kind_mask(m.pieces.as_deref(), "`material`"),
                at_most: *m.at_most.get_ref(),
                result: *m.result.get_ref(),
                in_hand: m.in_hand,
                opponent_at_least: m.opponent_at_least,
            });
        }
        let absent = (entries.iter())
            .filter(|m| m.by_absence())
            .map(|m| m.kinds)
            .collect();
        (!entries.is_empty())
            .then(|| Arc::new(MaterialRule { entries, absent }) as Arc<dyn DeclaredEnd>)
    }
}

/// A rule on a player's count of pieces, compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
struct MaterialEntry {
    /// The kinds counted together (bit `k`: kind `k`).
    kinds: u32,
    /// The rule applies when the count is at most this.
    at_most: u32,
    /// What happens to the player.
    result: Policy,
    /// Pieces in hand count too.
    in_hand: bool,
    /// Another live player must have at least this many.
    opponent_at_least: Option<u32>,
}

impl MaterialEntry {
    /// Player `p`'s count of the entry's kinds, counted no further than `cap`.
    fn count(&self, turn: &dyn TurnStart, p: PlayerId, cap: u32) -> u32 {
        let hand = if self.in_hand {
            turn.count_in_hand(p, self.kinds)
        } else {
            0
        };
        turn.count_pieces_up_to(p, self.kinds, cap.saturating_sub(hand)) + hand
    }

    /// Whether the entry applies to `p`; `held` are kinds `p` has on the board, one of this
    /// entry's at least if he has any (see [`TurnStart::kinds_held`]).
    fn applies(&self, turn: &dyn TurnStart, p: PlayerId, held: u32) -> bool {
        let low = if self.by_absence() {
            held & self.kinds == 0
        } else {
            self.count(turn, p, self.at_most.saturating_add(1)) <= self.at_most
        };
        low && self.opponent_at_least.is_none_or(|n| {
            (turn.players_from_last_mover()).any(|o| o != p && self.count(turn, o, n) >= n)
        })
    }

    /// Whether the entry holds exactly when the player has no piece of its kinds on the board.
    fn by_absence(&self) -> bool {
        self.at_most == 0 && !self.in_hand
    }
}

/// Every entry of `material`, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
struct MaterialRule {
    entries: Vec<MaterialEntry>,
    /// The kinds of each entry that holds when a player has no piece of them on the board
    /// (extinction's: each kind on its own), looked for in one pass over his pieces.
    absent: Vec<u32>,
}

impl MaterialRule {
    /// The entry's kinds in words: their names joined by `joiner`, or `all` when it counts
    /// every kind.
    fn kinds_in_words(rules: &Rules, m: &MaterialEntry, joiner: &str, all: &str) -> String {
        let kinds: Vec<&str> = rules
            .kind_ids()
            .filter(|k| m.kinds & (1 << k.index()) != 0)
            .map(|k| rules.kind(k).name.as_str())
            .collect();
        if kinds.len() == rules.kinds().len() {
            all.to_string()
        } else {
            kinds.join(joiner)
        }
    }
}

impl DeclaredEnd for MaterialRule {
    /// The first player, from the one who moved last, whose count of an entry's kinds is at
    /// most its number, by the first such entry.
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        for p in turn.players_from_last_mover() {
            // Which kinds of the entries judged by absence the player holds, in one look.
            let held = if self.absent.is_empty() {
                0
            } else {
                turn.kinds_held(p, &self.absent)
            };
            for (i, m) in self.entries.iter().enumerate() {
                if m.applies(turn, p, held) {
                    return Some(Verdict::applies(p, m.result).by_entry(i as u8));
                }
            }
        }
        None
    }

    fn summary(&self, rules: &Rules) -> String {
        let lines: Vec<String> = (self.entries.iter())
            .map(|m| {
                let what = Self::kinds_in_words(rules, m, "+", "all pieces");
                let result = result_word(m.result);
                let hand = if m.in_hand { " (in hand too)" } else { "" };
                let other = (m.opponent_at_least)
                    .map_or(String::new(), |n| format!(" while another player has {n}"));
                format!(
                    "material: {what}{hand} at most {}{other}: {result}",
                    m.at_most
                )
            })
            .collect();
        lines.join("\n")
    }

    fn describe(&self, rules: &Rules, _p: PlayerId, entry: u8) -> String {
        let Some(m) = self.entries.get(entry as usize) else {
            return "a player's material".into();
        };
        let what = Self::kinds_in_words(rules, m, " or ", "piece");
        match m.at_most {
            0 => format!("a player has no {what} left"),
            n => format!("a player is down to {n} {what}(s)"),
        }
    }
}
