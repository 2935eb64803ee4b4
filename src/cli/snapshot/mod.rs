//! What a variant file means, as one deterministic, readable report (`chessgraph snapshot`): the
//! rules summary (players, pieces and their patterns, zones, castling, promotion, hands, gates,
//! outcome), then for the start position and each extra position its text view, its sorted legal
//! moves, the perft table to a depth and the divide at that depth.
//!
//! The default depth is the deepest whose perft is at most [`NODE_BUDGET`] leaves, so the report
//! is the same bytes on every machine and with any number of threads. Stored reports are insta
//! `.snap` files (`snap`); `chessgraph snapshot --check` compares a fresh report with one.
//!
//! The command line's, on the library's public API; the tests include this folder to pin the
//! shipped variants' reports.

mod positions;
pub(crate) mod snap;

use std::fmt::Write;
use std::sync::Arc;

use serde::Serialize;

pub use positions::{ExtraPosition, read_positions};
pub use snap::{SNAP_CODE, SnapFile, unified_diff};

use chessgraph::limits::MAX_PERFT_DEPTH;
use chessgraph::notation::sorted_texts;
use chessgraph::perft::{divide, perft_within};
use chessgraph::{Outcome, Position, Rules};

/// The default depth is the deepest whose perft has at most this many leaves.
pub const NODE_BUDGET: u64 = 1_000_000;

/// What to report.
#[derive(Clone, Debug)]
pub struct Options {
    /// The perft depth of every position; `None`: per position, the deepest depth whose perft is
    /// at most [`NODE_BUDGET`] (at least 1).
    pub depth: Option<u32>,
    /// Positions reported after the start.
    pub positions: Vec<ExtraPosition>,
    /// Threads for the divide (1: the calling thread). The report does not depend on it.
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            depth: None,
            positions: Vec::new(),
            threads: 1,
        }
    }
}

/// The report of a variant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// The variant's name.
    pub(crate) variant: String,
    /// The rules summary, one line each.
    pub(crate) summary: Vec<String>,
    /// The start position, then the extra positions.
    pub positions: Vec<PositionReport>,
}

/// One position of a report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PositionReport {
    /// `start`, or where the position came from (`line 3`).
    pub(crate) label: String,
    /// Its position text.
    pub(crate) fen: String,
    /// The text view: board rows, whose turn, check, the result.
    #[serde(skip)]
    pub(crate) view: String,
    /// Who is to move (after eliminations are settled), by name; `None` when the game is over.
    pub(crate) to_move: Option<String>,
    /// How the game ended, when it did.
    pub(crate) outcome: Option<String>,
    /// The legal moves, sorted by text.
    pub moves: Vec<String>,
    /// `(depth, leaves)` from depth 1.
    pub perft: Vec<(u32, u64)>,
    /// The divide at the last depth: `(move, leaves)` sorted by move text.
    pub(crate) divide: Vec<(String, u64)>,
}

/// The report of `rules` (its start position and `options.positions`).
pub fn report(rules: &Arc<Rules>, options: &Options) -> Report {
    let mut positions = vec![position_report(
        "start".to_string(),
        Position::start(rules),
        options,
    )];
    for extra in &options.positions {
        positions.push(position_report(
            extra.label.clone(),
            extra.position.clone(),
            options,
        ));
    }
    let mut summary = summary_lines(rules);
    summary.push(piece_values_line(rules));
    Report {
        variant: rules.name().to_string(),
        summary,
        positions,
    }
}

/// The value the computer player gives each piece kind: a rule change that changes a piece's
/// mobility changes its estimate, and so shows in a snapshot's diff.
fn piece_values_line(rules: &Arc<Rules>) -> String {
    let engine = chessgraph::Engine::new(rules);
    let values: Vec<String> = (rules.kinds().iter())
        .zip(engine.piece_values())
        .map(|(kind, value)| format!("{} {value}", kind.name))
        .collect();
    format!(
        "piece values (centipawns: the file's `value`, else estimated from mobility): {}",
        values.join(", ")
    )
}

/// The rules summary with the zones: what `check` prints, and every player-relative zone.
pub fn summary_lines(rules: &Rules) -> Vec<String> {
    let board = rules.board();
    let mut castlings = rules.castling().iter();
    let mut lines = Vec::new();
    for line in rules.summary().lines() {
        lines.push(line.to_string());
        // Which squares must be empty and safe: a change there changes the moves.
        if line.starts_with("castling ")
            && let Some(c) = castlings.next()
        {
            let names = |v: &[chessgraph::NodeId]| -> String {
                let n: Vec<&str> = v.iter().map(|&n| board.node_name(n)).collect();
                if n.is_empty() {
                    "none".into()
                } else {
                    n.join(" ")
                }
            };
            lines.push(format!(
                "  empty {}; not attacked {}",
                names(&c.empty),
                names(&c.safe)
            ));
        }
    }
    let start = lines.iter().rposition(|l| l.starts_with("start: "));
    let mut zones = Vec::new();
    for z in 0..rules.zone_count() {
        let per: Vec<String> = rules
            .player_ids()
            .map(|p| {
                let nodes: Vec<&str> = rules
                    .zone(z, p)
                    .iter()
                    .map(|n| board.node_name(n))
                    .collect();
                format!("{} {}", rules.player(p).name, nodes.join(" "))
            })
            .collect();
        zones.push(format!("zone {}: {}", rules.zone_name(z), per.join("; ")));
    }
    let at = start.unwrap_or(lines.len());
    lines.splice(at..at, zones);
    lines
}

/// How a finished game ended, in words.
pub fn outcome_text(rules: &Rules, o: Outcome) -> String {
    o.describe(rules)
}

/// The legal moves of the player to move (after eliminations), sorted by text, with the outcome.
pub(crate) fn sorted_moves(pos: &mut Position) -> (Vec<String>, Option<Outcome>) {
    let mut planned = Vec::new();
    let (outcome, res) = pos.resolve(&mut planned);
    let moves = sorted_texts(pos, planned.iter().map(|m| m.mv()));
    pos.unresolve(res);
    (moves, outcome)
}

fn position_report(label: String, mut pos: Position, options: &Options) -> PositionReport {
    let rules = pos.rules().clone();
    let (moves, outcome) = sorted_moves(&mut pos);
    let to_move = {
        let mut scratch = Vec::new();
        let (o, res) = pos.resolve(&mut scratch);
        let p = o
            .is_none()
            .then(|| rules.player(pos.to_move()).name.clone());
        pos.unresolve(res);
        p
    };
    let (depth, mut perft) = match options.depth {
        Some(d) => (d, Vec::new()),
        None => default_depth(&mut pos),
    };
    for d in perft.len() as u32 + 1..depth {
        perft.push((d, chessgraph::perft::perft(&mut pos, d)));
    }
    perft.truncate(depth.saturating_sub(1) as usize);
    let (divide, total) = if depth == 0 {
        (Vec::new(), 1)
    } else {
        divide_on(&mut pos, depth, options.threads)
    };
    if depth > 0 {
        perft.push((depth, total));
    }
    PositionReport {
        label,
        fen: pos.to_fen(),
        view: pos.to_text(),
        to_move,
        outcome: outcome.map(|o| outcome_text(&rules, o)),
        moves,
        perft,
        divide,
    }
}

/// The deepest depth (at least 1) whose perft is at most [`NODE_BUDGET`], with the counts of
/// the depths above it.
fn default_depth(pos: &mut Position) -> (u32, Vec<(u32, u64)>) {
    let mut counts = Vec::new();
    let mut depth = 1;
    while depth < MAX_PERFT_DEPTH {
        match perft_within(pos, depth, NODE_BUDGET) {
            Some(n) => {
                counts.push((depth, n));
                if n == 0 {
                    break;
                }
                depth += 1;
            }
            None => {
                depth = depth.saturating_sub(1).max(1);
                break;
            }
        }
    }
    let depth = depth.min(counts.len().max(1) as u32);
    counts.truncate(depth as usize);
    (depth, counts)
}

#[cfg(feature = "parallel")]
fn divide_on(pos: &mut Position, depth: u32, threads: usize) -> (Vec<(String, u64)>, u64) {
    if threads > 1 {
        chessgraph::perft::divide_parallel(pos, depth, threads, None)
    } else {
        divide(pos, depth)
    }
}

#[cfg(not(feature = "parallel"))]
fn divide_on(pos: &mut Position, depth: u32, _threads: usize) -> (Vec<(String, u64)>, u64) {
    divide(pos, depth)
}

/// Move texts on lines of at most this many characters.
const WRAP: usize = 100;

impl Report {
    /// The report as text (the body of a `.snap` file).
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "== rules ==");
        for l in &self.summary {
            let _ = writeln!(s, "{l}");
        }
        for p in &self.positions {
            let _ = writeln!(s, "\n== position: {} ==", p.label);
            s.push_str(&p.view);
            let _ = writeln!(s, "\nmoves ({}):", p.moves.len());
            let mut line = String::new();
            for m in &p.moves {
                if !line.is_empty() && line.len() + 1 + m.len() > WRAP {
                    let _ = writeln!(s, "{line}");
                    line.clear();
                }
                if !line.is_empty() {
                    line.push(' ');
                }
                line.push_str(m);
            }
            if !line.is_empty() {
                let _ = writeln!(s, "{line}");
            }
            if !p.perft.is_empty() {
                s.push('\n');
            }
            for (d, n) in &p.perft {
                let _ = writeln!(s, "perft {d}: {n}");
            }
            if let Some((d, _)) = p.perft.last().filter(|_| !p.divide.is_empty()) {
                let _ = writeln!(s, "\ndivide {d}:");
                for (m, n) in &p.divide {
                    let _ = writeln!(s, "{m}: {n}");
                }
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_has_the_perft_table_to_its_depth() {
        let rules = chessgraph::load("variants/chess.toml").unwrap();
        let r = report(
            &rules,
            &Options {
                depth: Some(2),
                ..Options::default()
            },
        );
        assert_eq!(r.positions[0].perft, vec![(1, 20), (2, 400)]);
        assert!(r.to_text().contains("perft 2: 400\n"));
    }
}
