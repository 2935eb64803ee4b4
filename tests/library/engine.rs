//! The computer player (`chessgraph::Engine`): it finds mates, wins hanging material, follows
//! each variant's own end rules (stalemate a draw or a win, reaching a zone), and plays the
//! three-player and numbered games without failing.

use chessgraph::notation::move_text;
use chessgraph::{Engine, Limits, Position};
use std::time::Duration;

const WIN: i32 = 1_000_000;

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

/// The engine's move and score at `fen` of `variant`, searched to depth `d`.
fn best(variant: &str, fen: &str, d: u32) -> (String, i32) {
    let rules = crate::helpers::load(format!("variants/{variant}.toml"));
    let pos = Position::from_fen(&rules, fen).unwrap();
    let found = Engine::new(&rules).search(&pos, &[], depth(d));
    let m = found.best.expect("a move");
    assert!(pos.is_legal(&m), "{variant}: the engine's move is legal");
    (move_text(&pos, m), found.score)
}

#[test]
fn finds_a_mate_in_one() {
    let (m, score) = best("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 3);
    assert_eq!(m, "a1-a8");
    assert_eq!(score, WIN - 1);
}

#[test]
fn finds_a_mate_in_two() {
    // 1. Rd8+ Rxd8 2. Rxd8#.
    let (m, score) = best("chess", "r5k1/5ppp/8/8/8/8/3R1PPP/3R2K1 w - - 0 1", 4);
    assert_eq!(score, WIN - 3, "mate in two ({m})");
    assert_eq!(m, "d2-d8");
}

#[test]
fn sees_a_mate_against_it() {
    // After 1. Rd8+ black's best is to lose in two more plies: the score says so from his side.
    let (_, score) = best("chess", "r2R2k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1", 3);
    assert_eq!(score, -(WIN - 2));
}

#[test]
fn takes_a_hanging_queen() {
    let (m, score) = best("chess", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", 3);
    assert_eq!(m, "d2-d5");
    assert!(score > 300, "{score}");
}

#[test]
fn does_not_take_a_defended_pawn_with_the_queen() {
    // Qxd5 loses the queen to the pawn on e6 (quiescence sees it).
    let (m, _) = best("chess", "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", 2);
    assert_ne!(m, "d1-d5");
}

#[test]
fn stalemate_is_a_draw_in_chess_and_a_win_in_chaturanga() {
    // Nf6-d7 stalemates the black king on a8: a draw in chess, avoided; a win in chaturanga,
    // where the stalemated player loses.
    let fen = "k7/8/1K3N2/8/8/8/7P/8 w - - 0 1";
    let (m, score) = best("chess", fen, 2);
    assert_ne!(m, "f6-d7");
    assert!(score > 0 && score < WIN / 2, "{score}");
    let (m, score) = best("chaturanga", fen, 2);
    assert_eq!(m, "f6-d7");
    assert_eq!(score, WIN - 1);
}

#[test]
fn reaches_the_hill() {
    let (m, score) = best("kingofthehill", "4k3/8/8/8/8/3K4/8/8 w - - 0 1", 2);
    assert!(m == "d3-d4" || m == "d3-e4", "{m}");
    assert_eq!(score, WIN - 1);
}

/// Plays `plies` moves of the engine from the start of `variant` at `limits`; every move is
/// legal and the game goes on or ends by the position's own judgement.
fn self_play(variant: &str, plies: usize, limits: Limits) {
    let rules = crate::helpers::load(format!("variants/{variant}.toml"));
    let mut pos = Position::start(&rules);
    let mut engine = Engine::new(&rules);
    let mut earlier = Vec::new();
    for _ in 0..plies {
        let found = engine.search(&pos, &earlier, limits);
        let Some(m) = found.best else {
            assert!(
                pos.outcome().is_some(),
                "{variant}: no move, and the game is not over"
            );
            return;
        };
        assert!(found.nodes > 0);
        earlier.push(pos.hash());
        pos.play(&m).unwrap();
        if pos.outcome().is_some() {
            return;
        }
    }
}

#[test]
fn plays_three_man_chess() {
    self_play("three_man_chess", 9, depth(2));
}

#[test]
fn plays_rithmomachia() {
    self_play("rithmomachia", 6, depth(2));
}

#[test]
fn plays_crazyhouse_and_shogi() {
    self_play("crazyhouse", 8, depth(2));
    self_play("shogi", 8, depth(2));
}

#[test]
fn stops_at_the_node_limit_and_the_stop_flag() {
    let rules = crate::helpers::load("variants/chess.toml");
    let pos = Position::start(&rules);
    let mut engine = Engine::new(&rules);
    let limits = Limits {
        nodes: Some(5_000),
        ..Limits::default()
    };
    let found = engine.search(&pos, &[], limits);
    assert!(found.nodes <= 5_000, "{}", found.nodes);
    assert!(found.best.is_some());
    engine
        .stop_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let limits = Limits {
        movetime: Some(Duration::from_secs(60)),
        ..Limits::default()
    };
    let t = std::time::Instant::now();
    let found = engine.search(&pos, &[], limits);
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(found.best.is_some_and(|m| pos.is_legal(&m)));
}

#[test]
fn estimated_piece_values_order_the_chess_pieces() {
    let rules = crate::helpers::load("variants/chess.toml");
    let engine = Engine::new(&rules);
    let v = |c| engine.piece_values()[rules.kind_by_letter(c).unwrap().index()];
    assert!(v('P') < v('N') && v('N') <= v('B') && v('B') < v('R') && v('R') < v('Q'));
    assert!((80..=130).contains(&v('P')), "pawn {}", v('P'));
    assert!((700..=1100).contains(&v('Q')), "queen {}", v('Q'));
}

#[test]
fn a_value_in_the_file_overrides_the_estimate() {
    let dir = crate::helpers::temp_dir();
    let chess = std::fs::canonicalize("variants/chess.toml").unwrap();
    let path = dir.path().join("v.toml");
    let text = format!(
        "extends = {:?}\n[variant]\nname = \"Valued\"\n[pieces.knight]\nvalue = 345\n",
        chess.display().to_string()
    );
    std::fs::write(&path, text).unwrap();
    let rules = crate::helpers::load(&path);
    let base = crate::helpers::load("variants/chess.toml");
    let value = |r: &std::sync::Arc<chessgraph::Rules>, e: &Engine, c| {
        e.piece_values()[r.kind_by_letter(c).unwrap().index()]
    };
    let (valued, estimated) = (Engine::new(&rules), Engine::new(&base));
    assert_eq!(value(&rules, &valued, 'N'), 345);
    assert_ne!(value(&base, &estimated, 'N'), 345);
    assert_eq!(value(&rules, &valued, 'B'), value(&base, &estimated, 'B'));
}

/// The engine with max-n for more than two players.
fn max_n_engine(rules: &std::sync::Arc<chessgraph::Rules>) -> Engine {
    let mut engine = Engine::new(rules);
    engine.set_max_n(true);
    engine
}

#[test]
fn max_n_plays_three_and_four_players() {
    for variant in ["three_man_chess", "four_player_chess"] {
        let rules = crate::helpers::load(format!("variants/{variant}.toml"));
        let mut pos = Position::start(&rules);
        let mut engine = max_n_engine(&rules);
        let mut earlier = Vec::new();
        for _ in 0..6 {
            let found = engine.search(&pos, &earlier, depth(2));
            let m = found.best.expect("a move at the start of the game");
            assert!(pos.is_legal(&m), "{variant}: the max-n move is legal");
            assert_eq!(found.depth, 2, "{variant}: both iterations completed");
            assert!(
                found.line.first() == Some(&m),
                "{variant}: the line starts with the move"
            );
            earlier.push(pos.hash());
            pos.play(&m).unwrap();
        }
    }
}

#[test]
fn max_n_takes_a_hanging_queen_and_counts_fewer_cuts_than_paranoid() {
    // Blue's queen stands on f3, where Red's e2 and g2 pawns and e1 knight attack it.
    let rules = crate::helpers::load("variants/four_player_chess.toml");
    let fen = Position::start(&rules)
        .to_fen()
        .replace("/bQbP10gPgK/", "/1bP10gPgK/")
        .replace("/8/rPrPrPrPrPrPrPrP/", "/2bQ5/rPrPrPrPrPrPrPrP/");
    let pos = Position::from_fen(&rules, &fen).unwrap();
    let maxn = max_n_engine(&rules).search(&pos, &[], depth(2));
    let m = maxn.best.expect("a move");
    assert!(
        move_text(&pos, m).ends_with("f3"),
        "max-n takes the queen, not {}",
        move_text(&pos, m)
    );
    // Red's score is his own less the average of the other three: taking Blue's queen gains a
    // third of its value (about 1,460 centipawns) against them.
    assert!(maxn.score > 350, "a queen up: {}", maxn.score);
    // Max-n prunes nothing, so the same depth costs it more nodes than the paranoid search.
    let paranoid = Engine::new(&rules).search(&pos, &[], depth(2));
    assert!(move_text(&pos, paranoid.best.unwrap()).ends_with("f3"));
    assert!(
        maxn.nodes > paranoid.nodes,
        "max-n {} nodes, paranoid {}",
        maxn.nodes,
        paranoid.nodes
    );
}

#[test]
fn max_n_is_the_paranoid_search_for_two_players() {
    let rules = crate::helpers::load("variants/chess.toml");
    let pos = Position::from_fen(&rules, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    let a = max_n_engine(&rules).search(&pos, &[], depth(3));
    let b = Engine::new(&rules).search(&pos, &[], depth(3));
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
}

/// The estimated value of kind `letter` in the variant file `path`.
fn estimated(path: &std::path::Path, letter: char) -> i32 {
    let rules = chessgraph::load(path).unwrap();
    Engine::new(&rules).piece_values()[rules.kind_by_letter(letter).unwrap().index()]
}

#[test]
fn a_piece_that_only_hops_is_valued_on_a_half_filled_board() {
    // The grasshopper has no move on the empty board; on the half-filled board it has some.
    let grasshopper = estimated("variants/grasshopper.toml".as_ref(), 'G');
    let pawn = estimated("variants/grasshopper.toml".as_ref(), 'P');
    let queen = estimated("variants/grasshopper.toml".as_ref(), 'Q');
    assert!(
        pawn < grasshopper && grasshopper < queen,
        "grasshopper {grasshopper}"
    );
    // Janggi's cannon, its `value` taken out: its screens are soldiers, never cannons.
    let dir = tempfile::tempdir().unwrap();
    let board = std::fs::canonicalize("boards/janggi.toml").unwrap();
    let text = std::fs::read_to_string("variants/janggicasual.toml")
        .unwrap()
        .replace("value = 360\n", "")
        .replace(
            "\"../boards/janggi.toml\"",
            &format!("{:?}", board.display().to_string()),
        );
    let path = dir.path().join("janggi.toml");
    std::fs::write(&path, text).unwrap();
    let cannon = estimated(&path, 'C');
    let chariot = estimated(&path, 'R');
    assert!(
        (150..chariot).contains(&cannon),
        "cannon {cannon}, chariot {chariot}"
    );
}
