//! Janggi's rules that perft alone does not pin down: the pass (the royal's null move, refused in
//! check, ended by a second pass), bikjang (facing generals must part, a pass then ends the game
//! and is legal even in check) and the cannon's screens. The move trees themselves are compared
//! with pyffish in tests/perft/janggi*.perft and tests/games/janggi*.games.

use std::sync::Arc;

use chessgraph::notation::{legal_move_texts, parse_move};
use chessgraph::{EndRule, Outcome, Position, Rules};

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

fn play(pos: &mut Position, text: &str) -> chessgraph::Undo {
    let m = parse_move(pos, text).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    pos.play(&m).unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

#[test]
fn a_pass_is_the_generals_null_move_and_two_in_a_row_draw() {
    let r = rules("janggicasual");
    let mut pos = Position::start(&r);
    let start = pos.clone();
    assert!(legal_move_texts(&pos).contains(&"e2-e2".to_string()));
    let first = play(&mut pos, "e2e2");
    // The board is the same, the turn and the clock moved on, and the pass is remembered.
    assert_eq!(
        pos.to_fen(),
        "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 1 1"
    );
    assert_ne!(pos.hash(), at(&r, &pos.to_fen()).hash());
    assert_eq!(pos.outcome(), None);
    play(&mut pos, "e9e9");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::DrawnBy(EndRule::Declared {
            key: "passes",
            entry: 0
        }))
    );
    // A move between the passes starts the count again.
    let mut pos = start.clone();
    play(&mut pos, "e2e2");
    play(&mut pos, "a10a9");
    play(&mut pos, "e2e2");
    assert_eq!(pos.outcome(), None);
    let mut pos = start.clone();
    let undo = play(&mut pos, "e2e2");
    pos.unmake(undo);
    assert_eq!(pos, start);
    drop(first);
}

#[test]
fn no_pass_in_check() {
    let r = rules("janggicasual");
    // The chariot on e2 checks the general on d1 along the palace diagonal.
    let pos = at(&r, "4k4/9/9/9/9/9/9/9/4r4/3K5 w - - 0 1");
    assert_eq!(legal_move_texts(&pos), ["d1-e2"]);
    assert!(parse_move(&pos, "d1d1").is_err());
}

#[test]
fn facing_generals_must_part_and_a_pass_then_ends_the_game() {
    let fen = "4k4/3P5/9/9/9/9/9/9/9/4K4 w - - 0 1";
    // Casual rules: facing is nothing special.
    let casual = at(&rules("janggicasual"), fen);
    assert!(legal_move_texts(&casual).contains(&"d9-d10".to_string()));
    // Traditional rules: block the file, step aside, or pass.
    let r = rules("janggitraditional");
    let mut pos = at(&r, fen);
    assert_eq!(legal_move_texts(&pos), ["d9-e9", "e1-d1", "e1-e1", "e1-f1"]);
    play(&mut pos, "e1e1");
    assert_eq!(
        pos.outcome(),
        Some(Outcome::DrawnBy(EndRule::Declared {
            key: "facing_pass",
            entry: 0
        }))
    );
    // Facing and in check from the horse on f3: the pass stays legal under bikjang, and only
    // then.
    let fen = "4k4/9/9/9/9/9/9/5n3/9/4K4 w - - 0 1";
    assert_eq!(legal_move_texts(&at(&r, fen)), ["e1-d1", "e1-e1", "e1-f1"]);
    assert_eq!(
        legal_move_texts(&at(&rules("janggicasual"), fen)),
        ["e1-d1", "e1-e2", "e1-f1"]
    );
}

#[test]
fn a_cannon_neither_hops_over_nor_takes_a_cannon() {
    let r = rules("janggicasual");
    // The white cannon on e4: over the soldier on e5 to e6..e10; westwards its screen is the
    // soldier on c4, and the black cannon beyond it is no target.
    let pos = at(&r, "3k5/9/9/9/9/4p4/1cP1C4/9/9/3K5 w - - 0 1");
    let mut from_e4: Vec<String> = legal_move_texts(&pos)
        .into_iter()
        .filter(|m| m.starts_with("e4"))
        .collect();
    from_e4.sort();
    assert_eq!(from_e4, ["e4-e10", "e4-e6", "e4-e7", "e4-e8", "e4-e9"]);
    // A cannon as the only screen gives no check: the general on d1 may stay.
    let pos = at(&r, "4k4/9/9/9/9/9/9/9/9/3KC3c w - - 0 1");
    assert!(legal_move_texts(&pos).contains(&"d1-d1".to_string()));
}
