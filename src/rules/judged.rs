//! The rules of numbered variants as the rules hold them: captures judged on the whole position
//! after a move (`[[capture]]` `reach`, `line`, `enclose`) and victories by captured material.

use super::{CaptureRule, DirId, Rules, relation};

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
    /// `line`: the board directions looked along from the victim.
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

/// A victory by captured material (`[outcome] captured`): the player whose captured men reach
/// `men`, or whose captured value reaches his entry of `value`, wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturedWin {
    /// The name of the victory, for messages (`De corpore`).
    pub name: String,
    /// Captured men (each part of a stack one) that win, if counted.
    pub(crate) men: Option<u32>,
    /// Captured value that wins, per player (`None`: not by value for that player).
    pub(crate) value: Vec<Option<u64>>,
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
    /// The means that win.
    pub(crate) means: Vec<crate::spec::outcome::Mean>,
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
            CaptureRule::Custodian => "custodian".into(),
        }
    }

    /// A victory by captured material in words.
    pub(super) fn captured_win_summary(&self, w: &CapturedWin) -> String {
        let mut parts = Vec::new();
        if let Some(m) = w.men {
            parts.push(format!("{m} men"));
        }
        for (p, v) in self.players.iter().zip(&w.value) {
            if let Some(v) = v {
                parts.push(format!("value {v} ({})", p.name));
            }
        }
        format!("{}: {}", w.name, parts.join(" or "))
    }
}
