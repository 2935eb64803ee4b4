//! The rules of numbered variants as the rules hold them: captures judged on the whole position
//! after a move (`[[capture]]` `reach`, `line`, `enclose`) and victories by captured material.

use super::{CaptureRule, DirId, PlayerId, Rules, relation};
use crate::setup::Material;
use crate::spec::outcome::CapturedKey;

/// A rule judged on the whole position after every move (`[[capture]]` with `rule = "reach"`,
/// `"line"` or `"enclose"`): every enemy piece (or part of a stack) it finds is removed, all at
/// once, and counted in the mover's captured material.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct JudgedCapture {
    /// Which rule.
    pub(crate) rule: CaptureRule,
    /// `reach`: how many of the mover's pieces take part (1 or 2).
    pub(crate) attackers: u8,
    /// `reach`, `line`: the relations, any of which captures.
    pub(crate) relations: Vec<relation::Relation>,
    /// `line`: the board directions looked along from the victim; `immobilise`: where the
    /// mover's neighbour may stand.
    pub(crate) directions: Vec<DirId>,
    /// `line`: only the first piece met counts.
    pub(crate) first_only: bool,
    /// `enclose`: the sets of neighbours.
    pub(crate) neighbourhoods: Vec<Vec<DirId>>,
    /// `enclose`: off the board counts as the mover's.
    pub(crate) edge_closes: bool,
    /// `enclose`: the first piece met along each direction closes it, however far.
    pub(crate) distant: bool,
}

/// A victory by captured material (`[outcome] captured`): a player for whom the entry gives a
/// threshold wins when his captured material meets every condition it gives for him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturedWin {
    /// The name of the victory, for messages (`De corpore`).
    pub name: String,
    /// The conditions, each with its number per player (`None`: not for that player).
    pub(crate) conditions: Vec<(CapturedKey, Vec<Option<u64>>)>,
}

impl CapturedWin {
    /// How far player `p`, with captured material `m`, is along the way to this victory, from 0
    /// to 1: the least fraction reached of its thresholds (all must hold), limits left aside;
    /// 0 when the victory has no threshold for `p`. For the computer player's evaluation.
    pub(crate) fn progress(&self, p: PlayerId, m: &Material) -> f64 {
        let mut least: Option<f64> = None;
        for (key, by_player) in &self.conditions {
            let Some(&Some(x)) = by_player.get(p.index()) else {
                continue;
            };
            if key.is_limit() {
                continue;
            }
            let have = match key {
                CapturedKey::Men | CapturedKey::MenMax => u64::from(m.men),
                CapturedKey::Value => m.value,
                CapturedKey::Digits | CapturedKey::DigitsMax => u64::from(m.digits),
            };
            let fraction = (have as f64 / x.max(1) as f64).min(1.0);
            least = Some(least.map_or(fraction, |l| l.min(fraction)));
        }
        least.unwrap_or(0.0)
    }

    /// Whether player `p`, with captured material `m`, has won by it.
    pub(crate) fn holds(&self, p: PlayerId, m: &Material) -> bool {
        let mut threshold = false;
        for (key, by_player) in &self.conditions {
            let Some(&Some(x)) = by_player.get(p.index()) else {
                continue;
            };
            let have = match key {
                CapturedKey::Men | CapturedKey::MenMax => u64::from(m.men),
                CapturedKey::Value => m.value,
                CapturedKey::Digits | CapturedKey::DigitsMax => u64::from(m.digits),
            };
            if key.is_limit() {
                if have > x {
                    return false;
                }
            } else if have >= x {
                threshold = true;
            } else {
                return false;
            }
        }
        threshold
    }

    /// Whether it reads the digits of captured numbers.
    pub(crate) fn reads_digits(&self) -> bool {
        self.conditions
            .iter()
            .any(|(k, _)| matches!(k, CapturedKey::Digits | CapturedKey::DigitsMax))
    }

    /// Its conditions for player `p` in words (`value 1315 and at most 40 digits`).
    pub(crate) fn conditions_for(&self, p: PlayerId) -> String {
        let mut out = Vec::new();
        for (key, by_player) in &self.conditions {
            if let Some(&Some(x)) = by_player.get(p.index()) {
                out.push(match key {
                    CapturedKey::Men => format!("{x} men"),
                    CapturedKey::Value => format!("value {x}"),
                    CapturedKey::Digits => format!("{x} digits"),
                    CapturedKey::MenMax => format!("at most {x} men"),
                    CapturedKey::DigitsMax => format!("at most {x} digits"),
                });
            }
        }
        out.join(" and ")
    }
}

/// A victory by numbers in progression on a line (`[outcome] progression`, Rithmomachia's
/// Victoria magna): see [`crate::spec::outcome::ProgressionSpec`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ProgressionWin {
    /// The victory's name, for messages.
    pub(crate) name: String,
    /// The player-relative zone the three pieces stand in.
    pub(crate) zone: usize,
    /// The directions from the first piece to the second, each with the directions the last leg
    /// may take besides going straight on.
    pub(crate) directions: Vec<(DirId, Vec<DirId>)>,
    /// The means that win (with four pieces: the kinds counted).
    pub(crate) means: Vec<crate::spec::outcome::Mean>,
    /// Four pieces, with exactly this many kinds of mean present among their numbers (`None`:
    /// three pieces in one of the means).
    pub(crate) kinds: Option<u8>,
}

impl Rules {
    /// A judged capture rule in words.
    pub(super) fn judged_summary(&self, j: &JudgedCapture) -> String {
        let dirs = |ds: &[DirId]| {
            ds.iter()
                .map(|&d| self.board.direction_name(d))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let rels = j
            .relations
            .iter()
            .map(|r| r.text.as_str())
            .collect::<Vec<_>>()
            .join(" or ");
        match j.rule {
            CaptureRule::Reach => {
                format!("{} attacker(s) reaching the victim, {rels}", j.attackers)
            }
            CaptureRule::Line => format!(
                "along {}{}, {rels}",
                dirs(&j.directions),
                if j.first_only {
                    " (first piece met)"
                } else {
                    ""
                }
            ),
            CaptureRule::Enclose => {
                let sets: Vec<String> = j.neighbourhoods.iter().map(|s| dirs(s)).collect();
                format!(
                    "enclosed on {}{}{}",
                    sets.join(" or "),
                    if j.distant {
                        " (by the first piece met, however far)"
                    } else {
                        ""
                    },
                    if j.edge_closes {
                        " (the edge closes)"
                    } else {
                        ""
                    }
                )
            }
            CaptureRule::Immobilise => format!(
                "no move left, with a piece of the mover next to it ({})",
                dirs(&j.directions)
            ),
            CaptureRule::Custodian => "custodian".into(),
            CaptureRule::Explosion => "explosion".into(),
            CaptureRule::Petrify => "petrify".into(),
            CaptureRule::Overturn => "overturn".into(),
        }
    }

    /// A victory by captured material in words: its conditions, once when every player has
    /// the same, else by player (`De bonis: value 1315 (white) or value 984 (black)`).
    pub(super) fn captured_win_summary(&self, w: &CapturedWin) -> String {
        let each: Vec<(String, &str)> = self
            .player_ids()
            .map(|p| (w.conditions_for(p), self.player(p).name.as_str()))
            .filter(|(c, _)| !c.is_empty())
            .collect();
        let same = each.len() == self.players.len() && each.iter().all(|(c, _)| *c == each[0].0);
        let text = if same {
            each[0].0.clone()
        } else {
            let by: Vec<String> = each.iter().map(|(c, n)| format!("{c} ({n})")).collect();
            by.join(" or ")
        };
        format!("{}: {text}", w.name)
    }
}
