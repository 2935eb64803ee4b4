//! The benchmark suite behind `chessgraph bench`: single-threaded perft speed on the positions the
//! speed targets name (orthodox chess, the ring variants to depth 6, and the Capablanca, grand,
//! xiangqi and shogi starts), and the time to load (parse, validate, compile) every shipped
//! variant.
//!
//! Whole-command comparisons with other engines are in `scripts/bench-vs-fairy-stockfish.sh`.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::perft::perft;

/// One perft measurement.
#[derive(Clone, Debug)]
pub struct PerftRow {
    /// What was counted.
    pub name: String,
    /// Depth.
    pub depth: u32,
    /// Leaf count.
    pub nodes: u64,
    /// Wall time of the count (loading excluded).
    pub time: Duration,
}

impl PerftRow {
    /// Nodes per second.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.time.as_secs_f64().max(1e-9)
    }
}

/// One load-time measurement.
#[derive(Clone, Debug)]
pub struct LoadRow {
    /// The variant file.
    pub file: PathBuf,
    /// Mean time of one load, or why the file does not load.
    pub mean: Result<Duration, String>,
}

/// The perft cases: (name, variant file, position text or start, depths).
fn cases(quick: bool) -> Vec<(&'static str, &'static str, Option<&'static str>, Vec<u32>)> {
    let d = |a: u32, b: u32| {
        if quick {
            vec![a - 1, b - 1]
        } else {
            vec![a, b]
        }
    };
    vec![
        ("chess start", "variants/chess.toml", None, d(5, 6)),
        (
            "chess kiwipete",
            "variants/chess.toml",
            Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
            d(4, 5),
        ),
        (
            "3 man chess start",
            "variants/three_man_chess.toml",
            None,
            d(5, 6),
        ),
        (
            "3 man chess literal start",
            "variants/three_man_chess_literal.toml",
            None,
            d(5, 6),
        ),
        (
            "circular chess start",
            "variants/circular_chess.toml",
            None,
            d(5, 6),
        ),
        (
            "cylindrical chess start",
            "variants/cylindrical_chess.toml",
            None,
            d(5, 6),
        ),
        (
            "capablanca start",
            "variants/capablanca.toml",
            None,
            d(4, 5),
        ),
        ("grand start", "variants/grand.toml", None, d(3, 4)),
        ("xiangqi start", "variants/xiangqi.toml", None, d(4, 5)),
        ("shogi start", "variants/shogi.toml", None, d(4, 5)),
    ]
}

/// Runs the perft cases under `root`, calling `each` after every measurement; returns the rows
/// and the cases that could not run, each with the reason (a missing or broken variant file).
pub fn run_perft(
    root: &Path,
    quick: bool,
    mut each: impl FnMut(&PerftRow),
) -> (Vec<PerftRow>, Vec<(String, String)>) {
    let mut rows = Vec::new();
    let mut skipped = Vec::new();
    for (name, file, fen, depths) in cases(quick) {
        let rules = match Rules::load(root.join(file)) {
            Ok(r) => Arc::new(r),
            Err(e) => {
                skipped.push((name.to_string(), format!("{file}: {e}")));
                continue;
            }
        };
        let pos = match fen {
            Some(f) => match Position::from_fen(&rules, f) {
                Ok(p) => p,
                Err(e) => {
                    skipped.push((name.to_string(), e.to_string()));
                    continue;
                }
            },
            None => Position::start(&rules),
        };
        for depth in depths {
            let mut p = pos.clone();
            let start = Instant::now();
            let nodes = perft(&mut p, depth);
            let row = PerftRow {
                name: name.to_string(),
                depth,
                nodes,
                time: start.elapsed(),
            };
            each(&row);
            rows.push(row);
        }
    }
    (rows, skipped)
}

/// Loads every `variants/*.toml` under `root` `repeat` times and returns the mean time per file;
/// a file that does not load is tried once and reported with the reason.
pub fn run_load(root: &Path, repeat: u32) -> Vec<LoadRow> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root.join("variants"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "toml"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let start = Instant::now();
            let mean = match (0..repeat.max(1)).try_for_each(|_| Rules::load(&file).map(drop)) {
                Ok(()) => Ok(start.elapsed() / repeat.max(1)),
                Err(e) => Err(e.to_string()),
            };
            LoadRow { mean, file }
        })
        .collect()
}
