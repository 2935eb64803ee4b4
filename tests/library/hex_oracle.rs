//! The engine against a second, independent move generator for the hexagonal games, Gliński's,
//! McCooey's and Shafran's (`tests/helpers/hex_oracle.rs`: picture coordinates, no link graph, no
//! compiled tables).
//!
//! - Legal move sets (as sorted move texts) agree along seeded random games; every legal move's
//!   text parses back to the same move, the oracle's own make gives the position the engine
//!   reaches, and both write the same position text.
//! - Perft from the start (depth 1..=3; 4 with `--ignored`) and from five positions of seeded
//!   random games (depth 3) agrees.

use crate::helpers::hex_games::{GLINSKI, HexGame, MCCOOEY, SHAFRAN};
use crate::helpers::hex_oracle::HexBoard;
use crate::helpers::{Rng, assert_same_moves, load};
use std::sync::LazyLock;

use chessgraph::Position;
use chessgraph::notation::{legal_move_texts, move_text, parse_move};
use chessgraph::perft::perft;

/// The three games: variant file and the oracle's description.
const GAMES: [(&str, &LazyLock<HexGame>); 3] = [
    ("variants/glinski.toml", &GLINSKI),
    ("variants/mccooey.toml", &MCCOOEY),
    ("variants/shafran.toml", &SHAFRAN),
];

/// The first four fields of position text (pieces, side, castling, en passant).
fn fen4(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// Perft of `pos` by the engine and by the oracle, asserted equal.
fn assert_perft(game: &'static HexGame, pos: &Position, depth: u32) -> u64 {
    let oracle = HexBoard::read(game, pos).perft(depth);
    let engine = perft(&mut pos.clone(), depth);
    assert_eq!(engine, oracle, "perft {depth} of {}", pos.to_fen());
    engine
}

/// What the random games met, so that the comparison is known to have seen the special moves.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    checks: usize,
    promotions: usize,
    en_passant: usize,
    castlings: usize,
    ends: usize,
}

/// Plays seeded random games of `variant` from the start until `want` positions have been
/// compared (more if they have not yet met every special move); special moves (promotion, en passant, castling) are chosen half of the time they are
/// available and captures a third of the time, so that games reach them and thin out.
fn compare_along_playouts(
    (variant, game): (&str, &'static LazyLock<HexGame>),
    want: usize,
    seed: u64,
) -> Coverage {
    let rules = load(variant);
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    // Games go on past `want` positions (up to ten times as many) until they have met checks,
    // promotions, en passant and, where the game has it, castling.
    let castles = !rules.castling().is_empty();
    let met = |c: &Coverage| {
        c.checks > 0 && c.promotions > 0 && c.en_passant > 0 && (c.castlings > 0 || !castles)
    };
    while cov.positions < want || !met(&cov) && cov.positions < 10 * want {
        let mut pos = Position::start(&rules);
        let mut expected: Option<HexBoard> = None;
        for _ in 0..120 {
            let fen = pos.to_fen();
            let oracle = HexBoard::read(game, &pos);
            if let Some(e) = expected.take() {
                assert_eq!(
                    e, oracle,
                    "the oracle's make and the engine's differ at {fen}"
                );
            }
            assert_eq!(fen4(&oracle.to_fen()), fen4(&fen), "position text");
            assert_same_moves(&oracle.legal_texts(), &legal_move_texts(&pos), &fen);
            for m in pos.legal_moves() {
                let text = move_text(&pos, m);
                assert_eq!(parse_move(&pos, &text), Ok(m), "`{text}` at {fen}");
            }
            let moves = oracle.legal_moves();
            cov.positions += 1;
            cov.checks += usize::from(oracle.in_check());
            cov.promotions += usize::from(moves.iter().any(|m| m.is_promotion()));
            cov.en_passant += usize::from(moves.iter().any(|m| m.is_en_passant()));
            cov.castlings += usize::from(moves.iter().any(|m| m.is_castling()));
            if moves.is_empty() {
                cov.ends += 1;
                break;
            }
            let pick = |keep: &dyn Fn(usize) -> bool| -> Vec<usize> {
                (0..moves.len()).filter(|&i| keep(i)).collect()
            };
            let special = pick(&|i| {
                moves[i].is_promotion() || moves[i].is_en_passant() || moves[i].is_castling()
            });
            let captures = pick(&|i| oracle.is_capture(moves[i]));
            let i = if !special.is_empty() && rng.below(2) == 0 {
                special[rng.below(special.len())]
            } else if !captures.is_empty() && rng.below(3) == 0 {
                captures[rng.below(captures.len())]
            } else {
                rng.below(moves.len())
            };
            let text = oracle.text(moves[i]);
            let m = parse_move(&pos, &text).unwrap_or_else(|e| panic!("{text} at {fen}: {e}"));
            let mut next = oracle.clone();
            next.make(moves[i]);
            expected = Some(next);
            pos.play(&m).expect("a legal move");
        }
    }
    cov
}

#[test]
fn move_sets_agree_with_the_oracle_along_random_games() {
    for (game, seed) in GAMES.into_iter().zip([0x6c1a5, 0x3c00e, 0x5af7a]) {
        let cov = compare_along_playouts(game, 400, seed);
        assert!(
            cov.checks > 0 && cov.promotions > 0 && cov.en_passant > 0,
            "{}: the games must reach checks, promotions and en passant: {cov:?}",
            game.0
        );
        // Only Shafran's game castles, and its games must meet castling.
        let castles = game.0.contains("shafran");
        assert_eq!(cov.castlings > 0, castles, "{}: castlings {cov:?}", game.0);
    }
}

#[test]
fn perft_from_the_start_agrees_with_the_oracle() {
    let mut counts = Vec::new();
    for (variant, game) in GAMES {
        let rules = load(variant);
        let start = Position::start(&rules);
        counts.push(
            (1..=3)
                .map(|d| assert_perft(game, &start, d))
                .collect::<Vec<u64>>(),
        );
    }
    // Gliński's depth 1 by hand: 51 (pawns 9 + 8 double steps, knights 8, bishops 12, rooks 6,
    // queen 6, king 2). McCooey's: 31 (pawns 7 + 6 double steps, knights 10, the bishop on f3 8;
    // the rest walled in). Shafran's: 42 (pawns 9 + 10 longer first steps, knights 7, bishops 4
    // each from c1, f2 and h4, queen 4).
    assert_eq!(
        counts.iter().map(|c| c[0]).collect::<Vec<_>>(),
        [51, 31, 42],
        "{counts:?}"
    );
    assert_eq!(counts[0], [51, 2586, 137_858]);
}

#[test]
fn perft_3_from_random_positions_agrees_with_the_oracle() {
    for (variant, game) in GAMES {
        let rules = load(variant);
        let mut rng = Rng::new(0x91);
        for n in 0..5 {
            let mut pos = Position::start(&rules);
            let plies = 10 + 6 * n;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                pos.play(&m).expect("a legal move");
            }
            assert_perft(game, &pos, 3);
        }
    }
}

/// The deeper cross-check; run with `cargo test --release --test library hex_oracle -- --ignored`.
#[test]
#[ignore = "slow in the dev profile: perft 4 with the oracle"]
fn perft_4_from_the_start_agrees_with_the_oracle() {
    for (variant, game) in GAMES {
        let rules = load(variant);
        let count = assert_perft(game, &Position::start(&rules), 4);
        eprintln!("{variant}: perft 4 = {count}");
    }
}
