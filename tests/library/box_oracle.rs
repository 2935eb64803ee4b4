//! The engine against a second, independent move generator for Raumschach, Toroidal Chess and
//! Möbius Chess (`tests/helpers/box_oracle.rs`: cells as coordinates, no link graph, no compiled
//! tables, written from the rules pages in `docs/rules/`).
//!
//! - Perft from the start agrees to depth 3 (depth 4 is `--ignored`: minutes for the oracle in
//!   a debug build).
//! - Along 5 seeded random games per variant, the legal move sets agree at every position, and
//!   perft to depth 3 from each game's last position agrees; each move of the games is one of the
//!   oracle's, its own make reaching the position the engine reaches.

use crate::helpers::box_oracle::{Game, OBoard};
use crate::helpers::{assert_same_moves, load, playout_positions};
use chessgraph::Position;
use chessgraph::notation::legal_move_texts;
use chessgraph::perft::perft;

const RAUMSCHACH: &str = "variants/raumschach.toml";
const TOROIDAL: &str = "variants/toroidal_chess.toml";
const MOEBIUS: &str = "variants/moebius_chess.toml";

/// Perft from the start, engine and oracle, depths 1..=`depth`.
fn start_perft(file: &str, game: &Game, depth: u32) -> Vec<u64> {
    let rules = load(file);
    let mut pos = Position::start(&rules);
    let oracle = OBoard::read(game, &pos);
    (1..=depth)
        .map(|d| {
            let (mine, theirs) = (oracle.perft(game, d), perft(&mut pos, d));
            assert_eq!(mine, theirs, "{file}: perft {d} from the start");
            theirs
        })
        .collect()
}

/// What the random games met.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    /// Positions with a pawn turned over by the twisted seam.
    turned: usize,
    /// Positions where a pawn may be taken en passant.
    en_passant: usize,
}

/// Five seeded random games of `plies` plies: the legal move sets agree at every position, and
/// perft 3 from each game's last position agrees.
fn random_games(file: &str, game: &Game, seed: u64, plies: usize) -> Coverage {
    let rules = load(file);
    let mut cov = Coverage::default();
    for g in 0..5 {
        let positions = playout_positions(&rules, seed + g, 1, plies);
        for pos in &positions {
            let oracle = OBoard::read(game, pos);
            cov.turned += usize::from(oracle.turned_pawns() > 0);
            cov.en_passant += usize::from(oracle.has_en_passant());
            let at = format!("{file}: {}", pos.to_fen());
            assert_same_moves(&oracle.legal_texts(game), &legal_move_texts(pos), &at);
            cov.positions += 1;
        }
        for pair in positions.windows(2) {
            let (before, after) = (OBoard::read(game, &pair[0]), OBoard::read(game, &pair[1]));
            assert!(
                before.reaches(game, &after),
                "{file}: no move of the oracle's leads from {} to {}",
                pair[0].to_fen(),
                pair[1].to_fen()
            );
        }
        let mut last = positions.last().expect("a position").clone();
        let oracle = OBoard::read(game, &last);
        assert_eq!(
            oracle.perft(game, 3),
            perft(&mut last, 3),
            "{file}: perft 3 from {}",
            last.to_fen()
        );
    }
    cov
}

#[test]
fn raumschach_start_perft_agrees_with_the_oracle() {
    assert_eq!(
        start_perft(RAUMSCHACH, &Game::raumschach(), 3),
        [61, 3670, 241883]
    );
}

#[test]
#[ignore = "depth 4 (16 million leaves) takes minutes for the oracle in a debug build"]
fn raumschach_start_perft_4_agrees_with_the_oracle() {
    start_perft(RAUMSCHACH, &Game::raumschach(), 4);
}

#[test]
fn raumschach_random_games_agree_with_the_oracle() {
    let cov = random_games(RAUMSCHACH, &Game::raumschach(), 0x5a_0001, 40);
    assert!(cov.positions > 150, "{cov:?}");
}

#[test]
fn toroidal_chess_start_perft_agrees_with_the_oracle() {
    assert_eq!(
        start_perft(TOROIDAL, &Game::torus(), 4),
        [16, 246, 4481, 83148]
    );
}

#[test]
fn toroidal_chess_random_games_agree_with_the_oracle() {
    let cov = random_games(TOROIDAL, &Game::torus(), 0x70_0001, 80);
    assert!(cov.positions > 200, "{cov:?}");
}

#[test]
fn moebius_chess_start_perft_agrees_with_the_oracle() {
    assert_eq!(
        start_perft(MOEBIUS, &Game::moebius(), 4),
        [22, 466, 11581, 288910]
    );
}

#[test]
fn moebius_chess_random_games_agree_with_the_oracle() {
    let cov = random_games(MOEBIUS, &Game::moebius(), 0x3b_0001, 80);
    assert!(
        cov.positions > 200 && cov.turned > 0 && cov.en_passant > 0,
        "{cov:?}"
    );
}
