//! What two rule sets do differently (`chessgraph diff OLD NEW`): the rules summaries line by
//! line, then the legal move **sets** at every position of the move tree, shallowest first.
//!
//! The search is breadth first over positions: depth by depth (iterative deepening), each
//! position reached by both rule sets along the same moves, children in sorted move text, a
//! position seen before (by the pair of hashes) never walked twice. At every position the player
//! to move, the outcome and the sorted move texts of both sides are compared; the first position
//! where they differ is the answer: the shallowest, and among those the first in sorted move text.
//! Perft counts are reported for both sides but decide nothing: counts can agree while the sets
//! differ.
//! (The test below, `three_man_chess_differs_at_the_start`, shows one found.)

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use serde::Serialize;

use chessgraph::notation::{move_text, play_line};
use chessgraph::perft::perft_within;
use chessgraph::{Outcome, Planned, Position, Resolution, Rules};

use super::snapshot::{NODE_BUDGET, outcome_text, summary_lines};

/// The default depth of the search.
pub const DEFAULT_DEPTH: u32 = 4;

/// Where and how deep to compare.
#[derive(Clone, Debug)]
pub struct Options {
    /// The position text both sides start from (`None`: each side's start position).
    pub fen: Option<String>,
    /// Moves played first, in both.
    pub moves: String,
    /// Positions up to this many plies below the start are compared.
    pub depth: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            fen: None,
            moves: String::new(),
            depth: DEFAULT_DEPTH,
        }
    }
}

/// Why two rule sets could not be compared.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DiffError {
    /// The boards name their nodes differently, so move texts mean different things.
    #[error(
        "the boards have different node names (only OLD's: {}; only NEW's: {}): only the rules summaries are compared",
        listed(.only_old),
        listed(.only_new)
    )]
    DifferentBoards {
        /// Node names only OLD's board has (at most 10 listed).
        only_old: Vec<String>,
        /// Node names only NEW's board has (at most 10 listed).
        only_new: Vec<String>,
    },
    /// The start position (`fen`, `moves`) is not a position of one side.
    #[error("{side}: {message}")]
    BadStart {
        /// `OLD` or `NEW`.
        side: &'static str,
        /// Why.
        message: String,
    },
}

impl miette::Diagnostic for DiffError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(match self {
            DiffError::DifferentBoards { .. } => "diff::different-boards",
            DiffError::BadStart { .. } => "diff::bad-start",
        }))
    }
}

fn listed(names: &[String]) -> String {
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(" ")
    }
}

/// Perft of both sides at one depth; `None`: over [`NODE_BUDGET`], not counted to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PerftPair {
    /// Depth.
    pub depth: u32,
    /// OLD's count.
    pub old: Option<u64>,
    /// NEW's count.
    pub new: Option<u64>,
}

/// One side of a differing position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Side {
    /// The position text.
    pub fen: String,
    /// Who is to move, after eliminations (`None` when the game is over).
    pub to_move: Option<String>,
    /// How the game ended there, if it did.
    pub outcome: Option<String>,
    /// Every legal move, sorted.
    pub moves: Vec<String>,
}

/// The first position where the two rule sets differ.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Difference {
    /// Plies below the start.
    pub depth: u32,
    /// The moves from the start that reach it (played alike in both).
    pub moves: Vec<String>,
    /// OLD's view of it.
    pub old: Side,
    /// NEW's view of it.
    pub new: Side,
    /// Moves only OLD has, sorted.
    pub only_old: Vec<String>,
    /// Moves only NEW has, sorted.
    pub only_new: Vec<String>,
    /// Perft of both sides below it, from depth 1 to the depth left (at least 1).
    pub perft: Vec<PerftPair>,
}

/// What [`first_difference`] found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DiffReport {
    /// A unified diff of the rules summaries (`None`: the same).
    pub summary_diff: Option<String>,
    /// The depth searched to.
    pub depth: u32,
    /// The position text of the start (OLD's).
    pub start: String,
    /// Distinct positions whose moves were compared.
    pub positions_compared: u64,
    /// Perft from the start, both sides, depth 1 up to `depth` (stopping after a count over the
    /// budget).
    pub perft: Vec<PerftPair>,
    /// The first differing position, if any.
    pub difference: Option<Difference>,
}

/// A unified diff of the two rules summaries (with zones), or `None` when they are the same.
pub fn summary_diff(old: &Rules, new: &Rules) -> Option<String> {
    let text = |r: &Rules| summary_lines(r).join("\n") + "\n";
    super::snapshot::unified_diff(&text(old), &text(new), "OLD", "NEW")
}

/// Compares `old` and `new`: their summaries, then their move sets over the tree.
pub fn first_difference(
    old: &Arc<Rules>,
    new: &Arc<Rules>,
    options: &Options,
) -> Result<DiffReport, DiffError> {
    same_nodes(old, new)?;
    let mut a = start(old, options, "OLD")?;
    let mut b = start(new, options, "NEW")?;
    let perft = perft_pairs(&mut a, &mut b, options.depth);
    let mut search = Search {
        path: Vec::new(),
        seen: HashMap::new(),
        compared: HashSet::new(),
        positions: 0,
    };
    let mut difference = None;
    for target in 0..=options.depth {
        search.seen.clear();
        if let Some(found) = search.walk(&mut a, &mut b, 0, target) {
            difference = Some(found);
            break;
        }
    }
    if let Some(d) = &mut difference {
        d.perft = below(
            &mut a,
            &mut b,
            &d.moves,
            options.depth.saturating_sub(d.depth),
        );
    }
    Ok(DiffReport {
        summary_diff: summary_diff(old, new),
        depth: options.depth,
        start: a.to_fen(),
        positions_compared: search.positions,
        perft,
        difference,
    })
}

/// Both boards must name the same nodes: moves are compared as text.
fn same_nodes(old: &Rules, new: &Rules) -> Result<(), DiffError> {
    let names = |r: &Rules| -> Vec<String> {
        let b = r.board();
        let mut v: Vec<String> = b.node_ids().map(|n| b.node_name(n).to_string()).collect();
        v.sort();
        v
    };
    let (a, b) = (names(old), names(new));
    if a == b {
        return Ok(());
    }
    let only = |x: &[String], y: &[String]| -> Vec<String> {
        x.iter()
            .filter(|n| y.binary_search(n).is_err())
            .take(10)
            .cloned()
            .collect()
    };
    Err(DiffError::DifferentBoards {
        only_old: only(&a, &b),
        only_new: only(&b, &a),
    })
}

/// The start of one side: `fen` (or its start position) with `moves` played.
fn start(rules: &Arc<Rules>, options: &Options, side: &'static str) -> Result<Position, DiffError> {
    let bad = |message: String| DiffError::BadStart { side, message };
    let mut pos = match &options.fen {
        Some(f) => Position::from_fen(rules, f).map_err(|e| bad(format!("invalid --fen: {e}")))?,
        None => Position::start(rules),
    };
    play_line(&mut pos, &options.moves).map_err(|e| bad(format!("--moves: {e}")))?;
    Ok(pos)
}

/// What is compared at a position: who moves, how the game ended, the moves.
#[derive(PartialEq, Eq)]
struct Signature {
    to_move: Option<String>,
    outcome: Option<String>,
    /// Sorted by text, with the move to play.
    moves: Vec<(String, Planned)>,
}

impl Signature {
    /// The signature of `pos`, which is left resolved (eliminations settled): the caller
    /// unresolves with the returned value.
    fn of(pos: &mut Position, buf: &mut Vec<Planned>) -> (Signature, Resolution) {
        let (outcome, res) = pos.resolve(buf);
        let rules = pos.rules().clone();
        let mut moves: Vec<(String, Planned)> =
            buf.iter().map(|&m| (move_text(pos, m.mv()), m)).collect();
        moves.sort_by(|x, y| x.0.cmp(&y.0));
        let sig = Signature {
            to_move: outcome
                .is_none()
                .then(|| rules.player(pos.to_move()).name.clone()),
            outcome: outcome.map(|o: Outcome| outcome_text(&rules, o)),
            moves,
        };
        (sig, res)
    }

    fn same_as(&self, other: &Signature) -> bool {
        self.to_move == other.to_move
            && self.outcome == other.outcome
            && self.moves.len() == other.moves.len()
            && self.moves.iter().zip(&other.moves).all(|(x, y)| x.0 == y.0)
    }

    fn side(&self, pos: &Position) -> Side {
        Side {
            fen: pos.to_fen(),
            to_move: self.to_move.clone(),
            outcome: self.outcome.clone(),
            moves: self.moves.iter().map(|m| m.0.clone()).collect(),
        }
    }
}

struct Search {
    /// The moves from the start to the current position.
    path: Vec<String>,
    /// Positions walked in this round, with the shallowest ply they were reached at.
    seen: HashMap<(u64, u64), u32>,
    /// Positions whose moves were compared (in any round).
    compared: HashSet<(u64, u64)>,
    positions: u64,
}

impl Search {
    /// Walks the tree to `target` plies, comparing the positions at that ply; the first
    /// difference in sorted move order.
    fn walk(
        &mut self,
        a: &mut Position,
        b: &mut Position,
        ply: u32,
        target: u32,
    ) -> Option<Difference> {
        let key = (a.hash(), b.hash());
        if ply == target {
            if !self.compared.insert(key) {
                return None;
            }
            self.positions += 1;
        } else {
            match self.seen.get(&key) {
                Some(&at) if at <= ply => return None,
                _ => {
                    self.seen.insert(key, ply);
                }
            }
        }
        let (mut ba, mut bb) = (Vec::new(), Vec::new());
        let (sa, ra) = Signature::of(a, &mut ba);
        let (sb, rb) = Signature::of(b, &mut bb);
        let mut found = None;
        if !sa.same_as(&sb) {
            found = Some(self.difference(ply, &sa, a, &sb, b));
        } else if ply < target {
            for (x, y) in sa.moves.iter().zip(&sb.moves) {
                let (ua, ub) = (a.make(x.1), b.make(y.1));
                self.path.push(x.0.clone());
                found = self.walk(a, b, ply + 1, target);
                self.path.pop();
                a.unmake(ua);
                b.unmake(ub);
                if found.is_some() {
                    break;
                }
            }
        }
        a.unresolve(ra);
        b.unresolve(rb);
        found
    }

    fn difference(
        &self,
        ply: u32,
        sa: &Signature,
        a: &Position,
        sb: &Signature,
        b: &Position,
    ) -> Difference {
        let (old, new) = (sa.side(a), sb.side(b));
        let only = |x: &[String], y: &[String]| -> Vec<String> {
            x.iter()
                .filter(|m| y.binary_search(m).is_err())
                .cloned()
                .collect()
        };
        Difference {
            depth: ply,
            moves: self.path.clone(),
            only_old: only(&old.moves, &new.moves),
            only_new: only(&new.moves, &old.moves),
            old,
            new,
            perft: Vec::new(),
        }
    }
}

/// Perft of both sides at the position `moves` reach (depth 1 to `left`, at least 1).
fn below(a: &mut Position, b: &mut Position, moves: &[String], left: u32) -> Vec<PerftPair> {
    let line = moves.join(" ");
    let (mut a, mut b) = (a.clone(), b.clone());
    if play_line(&mut a, &line).is_err() || play_line(&mut b, &line).is_err() {
        return Vec::new();
    }
    perft_pairs(&mut a, &mut b, left.max(1))
}

/// Perft of both sides from depth 1 to `depth`, stopping after a count over [`NODE_BUDGET`].
fn perft_pairs(a: &mut Position, b: &mut Position, depth: u32) -> Vec<PerftPair> {
    let mut out = Vec::new();
    for d in 1..=depth {
        let pair = PerftPair {
            depth: d,
            old: perft_within(a, d, NODE_BUDGET),
            new: perft_within(b, d, NODE_BUDGET),
        };
        out.push(pair);
        if pair.old.is_none() || pair.new.is_none() {
            break;
        }
    }
    out
}

/// The example this module's documentation gave when it was in the library.
#[cfg(test)]
mod example {
    use super::{Options, first_difference};

    #[test]
    fn three_man_chess_differs_at_the_start() {
        let strict = chessgraph::load("variants/three_man_chess.toml").unwrap();
        let literal = chessgraph::load("variants/three_man_chess_literal.toml").unwrap();
        let d = first_difference(&strict, &literal, &Options::default()).unwrap();
        let found = d
            .difference
            .expect("the knights jump the moats differently");
        assert_eq!(found.depth, 0);
        assert!(found.only_old.is_empty());
        assert_eq!(found.only_new, ["b1-x2", "g1-i2"]);
    }
}
