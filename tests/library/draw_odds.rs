//! Draw odds (`[outcome] draw_odds = PLAYER`): Armageddon, where every game that would end
//! drawn is won by Black. The values are pyffish 0.0.90's for its built-in `armageddon`: a
//! stalemate of either side, the 50-move rule and threefold repetition all score a win for Black
//! (chess scores each a draw).

use std::sync::Arc;

use chessgraph::notation::parse_move;
use chessgraph::{EndRule, Outcome, PlayerId, Position, Rules};

const WHITE: PlayerId = PlayerId::seat(0);
const BLACK: PlayerId = PlayerId::seat(1);

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

/// Plays `moves` from `fen`; the hashes of the positions before the last one come along.
fn after(rules: &Arc<Rules>, fen: &str, moves: &[&str]) -> (Position, Vec<u64>) {
    let mut pos = at(rules, fen);
    let mut earlier = Vec::new();
    for m in moves {
        earlier.push(pos.hash());
        let mv = parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(&mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    (pos, earlier)
}

#[test]
fn a_stalemate_of_either_side_is_won_by_black() {
    let (armageddon, chess) = (rules("armageddon"), rules("chess"));
    // Black to move, stalemated: pyffish scores +mate for the side to move (Black).
    let black_stuck = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let pos = at(&armageddon, black_stuck);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::WonBy(BLACK, EndRule::Stalemate))
    );
    assert_eq!(
        pos.outcome().unwrap().describe(&armageddon),
        "black wins by draw odds: the player to move has no legal move and is not in check (stalemate)"
    );
    assert_eq!(
        at(&chess, black_stuck).outcome(),
        Some(Outcome::Stalemate(BLACK))
    );
    // White to move, stalemated: pyffish scores -mate for the side to move (White).
    let white_stuck = "8/8/8/8/8/6k1/5q2/7K w - - 0 1";
    assert_eq!(
        at(&armageddon, white_stuck).outcome(),
        Some(Outcome::WonBy(BLACK, EndRule::Stalemate))
    );
    assert_eq!(
        at(&chess, white_stuck).outcome(),
        Some(Outcome::Stalemate(WHITE))
    );
}

#[test]
fn the_move_rule_and_repetition_are_won_by_black() {
    let r = rules("armageddon");
    // The hundredth half-move without a capture or a pawn move.
    let (pos, _) = after(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &["a1-a2"]);
    assert_eq!(pos.outcome(), None, "the game goes on by the moves alone");
    assert_eq!(
        pos.draw_by_rules(&[]),
        Some(Outcome::WonBy(BLACK, EndRule::MoveRule))
    );
    let (before, _) = after(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 98 80", &["a1-a2"]);
    assert_eq!(before.draw_by_rules(&[]), None);
    // The start of the shuffle comes back a third time.
    let shuffle = ["a1-a2", "e8-d8", "a2-a1", "d8-e8"];
    let moves: Vec<&str> = shuffle.iter().chain(&shuffle).copied().collect();
    let (pos, earlier) = after(&r, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", &moves);
    assert_eq!(
        pos.draw_by_rules(&earlier),
        Some(Outcome::WonBy(BLACK, EndRule::Repetition))
    );
    assert_eq!(
        pos.draw_by_rules(&earlier[1..]),
        None,
        "twice is not enough"
    );
    // Checkmate is untouched: White still wins it.
    let (mate, _) = after(&r, "6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", &["a1-a8"]);
    assert_eq!(mate.outcome(), Some(Outcome::Winner(WHITE)));
}

#[test]
fn draw_odds_name_a_player_of_the_variant() {
    let dir = crate::helpers::temp_dir();
    let path = dir.path().join("odds.toml");
    let base = std::fs::canonicalize("variants/chess.toml").expect("chess");
    std::fs::write(
        &path,
        format!(
            "extends = {:?}\n[variant]\nname = \"odds\"\n\n[outcome]\ndraw_odds = \"blak\"\n",
            base.display().to_string()
        ),
    )
    .expect("written");
    let e = chessgraph::load(&path).expect_err("no player is called blak");
    let text = format!("{e:?}");
    assert!(text.contains("blak") && text.contains("black"), "{text}");
}
