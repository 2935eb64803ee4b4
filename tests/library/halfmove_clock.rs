//! The halfmove clock's data forms besides `resets_clock`: `resets_clock_if_irreversible`
//! (pawnsideways: a step the pawn could take back keeps the clock) and `promotion_resets_clock`
//! (pawnback: pawn moves keep it, a promotion resets it), as pyffish 0.0.90 counts.

use std::sync::Arc;

use chessgraph::notation::parse_move;
use chessgraph::{Position, Rules};

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

/// The halfmove clock after `moves` from `fen`.
fn clock_after(rules: &Arc<Rules>, fen: &str, moves: &[&str]) -> String {
    let mut pos = Position::from_fen(rules, fen).expect("reads");
    for m in moves {
        let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(&mv).expect("legal");
    }
    pos.to_fen()
        .split_whitespace()
        .nth(4)
        .expect("a clock")
        .to_string()
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn a_sideways_pawn_step_keeps_the_clock_and_a_forward_one_resets_it() {
    let r = rules("pawnsideways");
    // Values pyffish 0.0.90 writes after the same moves.
    assert_eq!(clock_after(&r, START, &["g1f3", "e7e5", "e2e3"]), "0");
    assert_eq!(
        clock_after(&r, START, &["g1f3", "e7e5", "e2e3", "g8f6", "e3d3"]),
        "2"
    );
    assert_eq!(
        clock_after(&r, START, &["g1f3", "e7e5", "e2e4", "g8f6", "e4d4"]),
        "2"
    );
}

#[test]
fn pawnback_pawn_moves_keep_the_clock_and_a_promotion_resets_it() {
    let r = rules("pawnback");
    assert_eq!(clock_after(&r, START, &["g1f3", "e7e5", "e2e4"]), "3");
    assert_eq!(
        clock_after(&r, START, &["g1f3", "e7e5", "e2e4", "g8f6", "e4e3"]),
        "5"
    );
    let promote = "4k3/1P6/8/8/8/8/8/4K3 w - - 7 20";
    assert_eq!(clock_after(&r, promote, &["b7b8q"]), "0");
    assert_eq!(clock_after(&r, promote, &["b7b6"]), "8");
}
