//! Four-player chess against a second, independent move generator (`tests/helpers/four_player.rs`:
//! coordinate arithmetic written from `docs/rules/four-player-chess.md`, no link graph, no frames,
//! no compiled tables).
//!
//! - Legal move sets (as sorted move texts) agree along seeded random games, and the oracle's own
//!   make reaches the position the engine reaches (pieces, turn, rights, players in, game over).
//! - Perft agrees from the start (depth 4) and from five seeded random positions (depth 3).
//! - The board: 160 squares, the cut corners have no node and no link leads into them.

use std::sync::Arc;

use crate::helpers::four_player::{Four, on_board, parse};
use crate::helpers::{Rng, assert_same_moves, load, playout};
use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::perft::perft;
use chessgraph::{Outcome, PlayerId, Position, Rules};

const VARIANT: &str = "variants/four_player_chess.toml";

fn rules() -> Arc<Rules> {
    load(VARIANT)
}

/// How much of the rules the playouts exercised.
#[derive(Debug, Default)]
struct Coverage {
    positions: usize,
    checks: usize,
    castlings: usize,
    promotions: usize,
    eliminations: usize,
    ends: usize,
}

/// Plays seeded random games, choosing captures two times in three (so that games thin out into
/// eliminations and ends), and compares the engine with the oracle at every position.
fn compare_along_playouts(games: usize, plies: usize, seed: u64) -> Coverage {
    let rules = rules();
    let mut rng = Rng::new(seed);
    let mut cov = Coverage::default();
    for _ in 0..games {
        let mut pos = Position::start(&rules);
        let mut expected: Option<Four> = None;
        for _ in 0..plies {
            let mut planned = Vec::new();
            pos.resolve(&mut planned);
            let fen = pos.to_fen();
            let oracle = Four::read(&pos);
            if let Some(e) = expected.take() {
                assert_eq!(
                    e, oracle,
                    "the oracle's make and the engine's differ at {fen}"
                );
                if e.alive().iter().filter(|&&a| a).count() < 4 {
                    cov.eliminations += 1;
                }
            }
            let mine = oracle.legal_texts();
            let theirs = legal_move_texts(&pos);
            assert_same_moves(&mine, &theirs, &fen);
            cov.positions += 1;
            cov.checks += usize::from(oracle.in_check());
            let moves = oracle.legal_moves();
            if moves.is_empty() {
                cov.ends += 1;
                break;
            }
            cov.castlings += usize::from(mine.iter().any(|t| is_castling(&pos, t)));
            cov.promotions += usize::from(mine.iter().any(|t| t.ends_with("=Q")));
            let captures: Vec<usize> = (0..moves.len())
                .filter(|&i| oracle.is_capture(moves[i]))
                .collect();
            let pick = if !captures.is_empty() && rng.below(3) != 0 {
                captures[rng.below(captures.len())]
            } else {
                rng.below(moves.len())
            };
            let text = oracle.text(moves[pick]);
            let m = parse_move(&pos, &text).unwrap_or_else(|e| panic!("{text} at {fen}: {e}"));
            pos.play(&m)
                .unwrap_or_else(|e| panic!("{text} at {fen}: {e}"));
            let mut next = oracle.clone();
            next.make(moves[pick]);
            expected = Some(next);
        }
    }
    cov
}

/// Whether the move text `t` moves a king two squares in `pos` (a castling).
fn is_castling(pos: &Position, t: &str) -> bool {
    let (from, to) = t.split_once('-').expect("from-to");
    let rules = pos.rules();
    let n = rules.board().node(from).expect("a square");
    let (a, b) = (parse(from), parse(to.trim_end_matches("=Q")));
    pos.piece_at(n)
        .is_some_and(|pc| rules.kind(pc.kind).name == "king")
        && ((a.0 - b.0).abs() == 2 || (a.1 - b.1).abs() == 2)
}

#[test]
fn the_board_is_a_cross_of_160_squares() {
    let rules = rules();
    let board = rules.board();
    assert_eq!(board.node_count(), 160);
    let mut names = 0;
    for x in 0..14 {
        for y in 0..14 {
            let name = format!("{}{}", (b'a' + x as u8) as char, y + 1);
            assert_eq!(board.node(&name).is_some(), on_board(x, y), "{name}");
            names += usize::from(on_board(x, y));
        }
    }
    assert_eq!(names, 160);
}

#[test]
fn the_start_position_reads_and_writes_back() {
    let rules = rules();
    let pos = Position::start(&rules);
    assert_eq!(pos.to_fen(), rules.start_fen());
    let oracle = Four::read(&pos);
    assert_eq!(oracle.legal_texts(), legal_move_texts(&pos));
    assert_eq!(oracle.legal_moves().len(), 20);
}

#[test]
fn legal_moves_agree_with_the_oracle_along_random_games() {
    let cov = compare_along_playouts(16, 600, 0x4f0e_2026);
    eprintln!("{cov:?}");
    assert!(cov.positions > 2000, "{cov:?}");
    assert!(
        cov.checks > 0 && cov.castlings > 0 && cov.promotions > 0,
        "{cov:?}"
    );
    assert!(cov.eliminations > 0, "{cov:?}");
}

/// Plays `text` from `fen` on the engine and on the oracle; both must reach the same state.
fn both_play(fen: &str, text: &str) -> (Position, Four) {
    let rules = rules();
    let mut pos = Position::from_fen(&rules, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut oracle = Four::read(&pos);
    let m = oracle
        .legal_moves()
        .into_iter()
        .find(|&m| oracle.text(m) == text)
        .unwrap_or_else(|| panic!("the oracle has no {text} at {fen}"));
    oracle.make(m);
    pos.play(&parse_move(&pos, text).expect("a move"))
        .expect("legal");
    pos.resolve(&mut Vec::new());
    assert_eq!(Four::read(&pos), oracle, "after {text} from {fen}");
    (pos, oracle)
}

/// Red, Blue, Yellow, Green in or out.
fn players_in(pos: &Position) -> Vec<bool> {
    pos.rules().player_ids().map(|p| pos.is_alive(p)).collect()
}

#[test]
fn taking_a_live_king_puts_its_owner_out_and_the_turn_skips_him() {
    // Blue's king on a7 was left en prise to Red's rook on d7.
    let fen = "yK7/8/8/14/14/14/13gK/bK2rR10/14/14/14/8/8/4rK3 r - - 0 1";
    let (pos, _) = both_play(fen, "d7-a7");
    assert_eq!(players_in(&pos), [true, false, true, true]);
    assert_eq!(pos.rules().player(pos.to_move()).name, "yellow");
    assert!(pos.outcome().is_none());
}

#[test]
fn mate_with_two_in_ends_the_game() {
    // Blue and Green are out (their kings frozen on a7 and n8); Rk4-d4 mates Yellow's d14 king.
    let fen = "yK7/2rQ5/8/14/14/14/13gK/bK13/14/14/10rR3/8/8/4rK3 r - - 0 1 out:b,g";
    let (pos, oracle) = both_play(fen, "k4-d4");
    assert_eq!(pos.outcome(), Some(Outcome::Winner(PlayerId::seat(0))));
    assert!(oracle.legal_moves().is_empty());
}

#[test]
fn stalemate_draws_with_two_in_and_puts_the_player_out_with_three() {
    // Qe5-e12 leaves Yellow's d14 king no move, not in check.
    let two = "yK7/8/8/14/14/14/13gK/bK13/14/4rQ9/14/8/8/4rK3 r - - 0 1 out:b,g";
    let (pos, _) = both_play(two, "e5-e12");
    assert_eq!(players_in(&pos), [true, false, true, false]);
    assert_eq!(pos.outcome(), Some(Outcome::Stalemate(PlayerId::seat(2))));
    // The same with Blue in and Blue's queen: Yellow is out and Red is next.
    let three = "yK7/8/8/14/14/14/13gK/bK13/14/4bQ9/14/8/8/4rK3 b - - 0 1 out:g";
    let (pos, _) = both_play(three, "e5-e12");
    assert_eq!(players_in(&pos), [true, true, false, false]);
    assert_eq!(pos.rules().player(pos.to_move()).name, "red");
    assert!(pos.outcome().is_none());
}

#[test]
fn perft_from_the_start_agrees_with_the_oracle() {
    let rules = rules();
    let oracle = Four::read(&Position::start(&rules));
    for depth in 1..=4 {
        let mut pos = Position::start(&rules);
        assert_eq!(perft(&mut pos, depth), oracle.perft(depth), "depth {depth}");
    }
}

/// Five positions from seeded random games of 30 to 70 plies (captures preferred, so that they
/// hold open lines, checks and fewer pieces).
fn random_positions() -> Vec<Position> {
    let rules = rules();
    let mut rng = Rng::new(0x0f0f_4444);
    (0..5)
        .map(|i| playout(Position::start(&rules), &mut rng, 30 + 10 * i, |_, _, _| {}))
        .collect()
}

#[test]
fn perft_from_random_positions_agrees_with_the_oracle() {
    for mut pos in random_positions() {
        let mut planned = Vec::new();
        pos.resolve(&mut planned);
        let fen = pos.to_fen();
        let oracle = Four::read(&pos);
        assert_eq!(perft(&mut pos, 3), oracle.perft(3), "{fen}");
    }
}

#[test]
fn turn_order_reorders_the_seats() {
    let dir = crate::helpers::temp_dir();
    let base = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(VARIANT);
    let file = dir.path().join("anticlockwise.toml");
    std::fs::write(
        &file,
        format!(
            "extends = {:?}\n[variant]\nname = \"Anticlockwise\"\nturn_order = [\"red\", \"green\", \"yellow\", \"blue\"]\n",
            base.display().to_string()
        ),
    )
    .expect("written");
    let rules = load(&file);
    let names: Vec<&str> = rules
        .player_ids()
        .map(|p| rules.player(p).name.as_str())
        .collect();
    assert_eq!(names, ["red", "green", "yellow", "blue"]);
    let mut pos = Position::start(&rules);
    pos.play(&parse_move(&pos, "h2-h3").expect("a move"))
        .expect("legal");
    assert_eq!(rules.player(pos.to_move()).name, "green");
}
