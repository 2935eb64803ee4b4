//! pyffish's legal move lists along seeded random games, as `scripts/import-oracle`
//! (`tests/import/expected.txt`) and `scripts/pyffish-oracle --games` (`tests/games/*.games`)
//! write them, read and compared with chessgraph's. One format: `section NAME`, an optional
//! `variant PATH` (the shipped file it checks), `start FEN`, `perft DEPTH COUNT`, `game N MOVES...`
//! (the moves played) and `legal N PLY MOVES...` (the sorted legal moves before move PLY of game N;
//! `-` for none); `#` starts a comment.
//!
//! Moves are in one plain form both programs are brought to: FROMTO plus a lower-case promotion
//! letter (`e7e8q`), the suffix `+` or `-` of a move onto a piece's promoted face or back onto
//! its base (`b1a2+`, `a1a2-`), drops as `P@e4` (`+L@c3` for a face), a castling as the king's move to its destination; a
//! gating move with the gated piece's letter after it, as Fairy-Stockfish writes it (`b1c3h`,
//! `e1g1h`), and a castling that gates on the rook's square as the rook onto the king (`h1e1h`).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chessgraph::Move;
use chessgraph::Position;
use chessgraph::notation::{move_text, parse_move};
use chessgraph::testing::{GatingInternals, MoveInternals};

/// What pyffish says about one section (one variant).
#[derive(Default)]
pub struct Section {
    /// The variant file it checks (`variant` line), if the file names one.
    pub variant: Option<PathBuf>,
    /// pyffish's start position text.
    pub start: String,
    pub perft: Vec<(u32, u64)>,
    /// Per game: the moves played, and the legal moves before each ply.
    pub games: BTreeMap<u32, (Vec<String>, Vec<Vec<String>>)>,
}

/// Reads one oracle file: its sections by name. Any other line is an error naming the file.
pub fn read(path: impl AsRef<Path>) -> BTreeMap<String, Section> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out: BTreeMap<String, Section> = BTreeMap::new();
    let mut current = String::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let words: Vec<&str> = line.split(' ').collect();
        if words[0] == "section" {
            current = words[1].to_string();
        }
        let e = out.entry(current.clone()).or_default();
        let rest = || line.split_once(' ').map_or("", |(_, r)| r).to_string();
        match words[0] {
            "section" => {}
            "variant" => e.variant = Some(PathBuf::from(rest())),
            "start" => e.start = rest(),
            "perft" => e
                .perft
                .push((words[1].parse().unwrap(), words[2].parse().unwrap())),
            "game" => {
                let g = words[1].parse().unwrap();
                e.games.entry(g).or_default().0 =
                    words[2..].iter().map(|s| s.to_string()).collect();
            }
            "legal" => {
                let g = words[1].parse().unwrap();
                let moves = words[3..]
                    .iter()
                    .filter(|w| **w != "-")
                    .map(|s| s.to_string())
                    .collect();
                e.games.entry(g).or_default().1.push(moves);
            }
            w => panic!("{}: unknown line `{w}`", path.display()),
        }
    }
    assert!(
        !out.contains_key(""),
        "{}: lines before the first `section`",
        path.display()
    );
    out
}

/// A move in the oracle's plain form: `e2e4`, `e7e8q`, `P@e4`, castling as the king's move,
/// gating as Fairy-Stockfish writes it (`b1c3h`, `h1e1h`), the blocker's move as its duck's
/// (`e2e4,e4d5`).
pub fn plain(pos: &Position, m: Move) -> String {
    let first = plain_first_part(pos, m.with_gating(None));
    let Some(g) = m.gating() else {
        return first;
    };
    let rules = pos.rules();
    let b = rules.board();
    // The blocker's move, as Fairy-Stockfish writes the duck's: `e2e4,e4d5`.
    let Some(kind) = g.kind() else {
        let to = g
            .blocker_to()
            .expect("a second part gates or moves the blocker");
        return format!("{first},{}{}", b.node_name(m.to()), b.node_name(to));
    };
    let letter = rules.kind(kind).token().to_lowercase();
    match m {
        Move::Castle {
            king_from,
            rook_from,
            ..
        } if g.on_rook() => {
            format!(
                "{}{}{letter}",
                b.node_name(rook_from),
                b.node_name(king_from)
            )
        }
        _ => format!("{first}{letter}"),
    }
}

/// [`plain`] of a move without a second part.
fn plain_first_part(pos: &Position, m: Move) -> String {
    let text = move_text(pos, m);
    if text.contains('@') {
        return text;
    }
    // A flip back onto the base face keeps its suffix `-` (`a1-a2-` is `a1a2-`); the `-`
    // between the squares goes.
    let (text, back) = match text.strip_suffix('-') {
        Some(body) => (body, "-"),
        None => (text.as_str(), ""),
    };
    let text = text.split('/').next().unwrap_or_default().replace('-', "");
    match text.split_once('=') {
        Some((squares, promotion)) => format!("{squares}{}{back}", promotion.to_lowercase()),
        None => format!("{text}{back}"),
    }
}

/// The legal moves of the position in the plain form, sorted; none once the game is over.
pub fn legal(pos: &Position) -> Vec<String> {
    let mut p = pos.clone();
    let mut planned = Vec::new();
    let (outcome, _) = p.resolve(&mut planned);
    if outcome.is_some() {
        return Vec::new();
    }
    let mut out: Vec<String> = planned.iter().map(|m| plain(pos, m.mv())).collect();
    out.sort();
    out
}

/// Replays every game of `section` from `start`, comparing the legal moves before each ply with
/// the oracle's; `name` labels the messages. Returns the number of positions compared.
pub fn compare_games(name: &str, start: &Position, section: &Section) -> usize {
    let mut compared = 0;
    for (g, (played, legal_lists)) in &section.games {
        let mut pos = start.clone();
        for (ply, want) in legal_lists.iter().enumerate() {
            assert_eq!(
                &legal(&pos),
                want,
                "{name} game {g} before ply {ply} ({})",
                pos.to_fen()
            );
            compared += 1;
            let Some(m) = played.get(ply) else { break };
            let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("{name} game {g}: {m}: {e}"));
            pos.play(&mv).unwrap();
        }
    }
    compared
}
