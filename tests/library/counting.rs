//! `[draws] counting` (makruk's family) against pyffish 0.0.90: seeded random games from set-up
//! endgames (`tests/data/counting.txt`, written by `scripts/counting-oracle`), replayed through
//! the command line's game (as `play` and `serve` keep it): after every ply the position text
//! (which carries the count) equals pyffish's, and the game ends exactly where pyffish says it
//! may (a draw) or must (no legal move). Then the rule's fine points on hand-made positions.

use std::collections::BTreeMap;
use std::sync::Arc;

use chessgraph::perft::perft;
use chessgraph::{EndRule, Outcome, Position, Rules};

use crate::helpers::game::Game;

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

/// One game of the data file: variant, seed, start, and per ply the move, pyffish's text after
/// it and what ends there.
struct OracleGame {
    variant: String,
    seed: String,
    start: String,
    plies: Vec<(String, String, String)>,
}

fn oracle_games() -> Vec<OracleGame> {
    let text = std::fs::read_to_string("tests/data/counting.txt").expect("the counting data");
    let mut games: Vec<OracleGame> = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        if let Some(head) = parts[0].strip_prefix("game ") {
            let (variant, seed) = head.split_once(' ').expect("game VARIANT SEED");
            games.push(OracleGame {
                variant: variant.into(),
                seed: seed.into(),
                start: parts[1].into(),
                plies: Vec::new(),
            });
        } else {
            let m = parts[0].strip_prefix("ply ").expect("a ply line");
            let g = games.last_mut().expect("a ply after a game line");
            g.plies.push((m.into(), parts[1].into(), parts[2].into()));
        }
    }
    games
}

#[test]
fn games_end_by_counting_where_pyffish_ends_them_and_the_text_carries_the_count() {
    let mut by_variant: BTreeMap<String, Arc<Rules>> = BTreeMap::new();
    let (mut games, mut drawn, mut counted) = (0, 0, 0);
    for g in oracle_games() {
        let rules = (by_variant.entry(g.variant.clone()))
            .or_insert_with(|| rules(&g.variant))
            .clone();
        let mut game = Game::new(at(&rules, &g.start), true);
        for (i, (m, fsf, end)) in g.plies.iter().enumerate() {
            let here = format!("{} seed {} ply {} ({m})", g.variant, g.seed, i + 1);
            // pyffish names the only promotion (`a2a1m`); chessgraph writes none where there is
            // one choice, and reads the move without it.
            let played = game
                .play_text(m)
                .map(|_| ())
                .or_else(|_| game.play_text(&m[..4]).map(|_| ()));
            played.unwrap_or_else(|e| panic!("{here}: {m} refused: {e}"));
            // pyffish's text, read and written by chessgraph (karouk's checks move to the end).
            let theirs = at(&rules, fsf).to_fen();
            assert_eq!(game.position().to_fen(), theirs, "{here}");
            counted += usize::from(game.position().count().is_some());
            let outcome = game.outcome();
            match end.as_str() {
                "draw" => {
                    assert!(
                        matches!(outcome, Some(Outcome::DrawnBy(_))),
                        "{here}: pyffish draws, we have {outcome:?}"
                    );
                    drawn += 1;
                }
                "over" => assert!(outcome.is_some(), "{here}: pyffish has no legal move"),
                _ => assert_eq!(outcome, None, "{here}: pyffish plays on"),
            }
        }
        games += 1;
    }
    assert!(
        games >= 50 && drawn >= 40 && counted > 1000,
        "{games} {drawn} {counted}"
    );
}

#[test]
fn the_count_starts_without_pawns_and_a_capture_that_bares_restarts_it() {
    let makruk = rules("makruk");
    let count_after = |fen: &str, moves: &[&str]| {
        let mut game = Game::new(at(&makruk, fen), true);
        game.play_all(moves).expect("legal moves");
        game.position().count()
    };
    // King and rook against a bare king: 16 moves, counted from the three pieces.
    assert_eq!(
        count_after("4k3/8/8/8/8/8/8/R2K4 w - - 0 1", &["a1a2"]),
        Some((32, 6))
    );
    // The bare king moving first starts nothing.
    assert_eq!(
        count_after("4k3/8/8/8/8/8/8/R2K4 b - - 0 1", &["e8e7"]),
        None
    );
    // A pawn on the board: no count; the board's honour once both have pieces and no pawn.
    assert_eq!(
        count_after("4k3/8/8/p7/8/8/8/R2K4 w - - 0 1", &["a1a2"]),
        None
    );
    assert_eq!(
        count_after("4k1n1/8/8/8/8/8/8/R2K4 w - - 0 1", &["a1a2"]),
        Some((128, 0))
    );
    // Board's honour running: a capture that leaves a bare king restarts it as the pieces'
    // honour (two rooks: 8 moves, from four pieces); one that does not just counts on.
    let fen = "4k3/8/8/8/8/8/6n1/R2K2R1 w - 128 50 30";
    assert_eq!(count_after(fen, &["g1g2"]), Some((16, 8)));
    let fen = "4k3/8/8/8/8/5s2/6n1/R2K2R1 w - 128 50 30";
    assert_eq!(count_after(fen, &["g1g2"]), Some((128, 51)));
}

#[test]
fn the_count_past_its_limit_draws_but_a_mate_on_the_last_ply_wins() {
    let makruk = rules("makruk");
    let mut game = Game::new(at(&makruk, "8/4k3/8/8/8/8/R7/3K4 w - 32 31 2"), true);
    game.play_all(&["a2a3"]).expect("legal");
    assert_eq!(game.outcome(), None, "32 of 32: not past");
    game.play_all(&["e7e6"]).expect("legal");
    assert_eq!(game.outcome(), Some(Outcome::DrawnBy(EndRule::Counting)));
    assert!(game.result_text().expect("over").contains("count"));
    // The mate comes first (pyffish: game_result -32000, no optional end).
    let mut game = Game::new(at(&makruk, "3k4/R7/3K4/8/8/8/8/8 w - 32 32 30"), true);
    game.play_all(&["a7a8"]).expect("legal");
    assert!(
        matches!(game.outcome(), Some(Outcome::Winner(_))),
        "{:?}",
        game.outcome()
    );
    // Without the draw rules (`--no-draw-rules`) the game goes on.
    let mut game = Game::new(at(&makruk, "8/4k3/8/8/8/8/R7/3K4 w - 32 32 2"), false);
    game.play_all(&["a2a3"]).expect("legal");
    assert_eq!(game.outcome(), None);
}

#[test]
fn old_position_text_still_loads_and_a_count_where_none_is_kept_is_refused() {
    let makruk = rules("makruk");
    assert_eq!(at(&makruk, "8/4k3/8/8/8/8/R7/3K4 w - - 7 2").count(), None);
    let chess = rules("chess");
    assert!(Position::from_fen(&chess, "8/4k3/8/8/8/8/R7/3K4 w - 32 7 2").is_err());
    let err = Position::from_fen(&makruk, "8/4k3/8/8/8/8/R7/3K4 w - 0 7 2").unwrap_err();
    assert!(err.to_string().contains("count"), "{err}");
    // The count changes no move: perft is the same with it, past its limit, or without it.
    let counts: Vec<u64> = ["- 32 7 2", "- 32 40 2", "- - 7 2"]
        .iter()
        .map(|tail| {
            perft(
                &mut at(&makruk, &format!("8/4k3/8/8/8/8/R7/3K4 w {tail}")),
                3,
            )
        })
        .collect();
    assert_eq!(counts, vec![counts[0]; 3]);
}
