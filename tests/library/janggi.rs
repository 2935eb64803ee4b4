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

/// The end by counting (`[outcome] draw_points`): the positions and moves are pyffish 0.0.90's
/// `game_result` cases for its built-in `janggi` and `janggimodern` (its score for the player to
/// move: +mate where Cho wins with Cho to move, and so on), written here as the winner.
#[test]
fn a_double_pass_or_a_pass_in_bikjang_is_decided_on_points() {
    use chessgraph::PlayerId;
    const CHO: PlayerId = PlayerId::seat(0);
    const HAN: PlayerId = PlayerId::seat(1);
    let passes = EndRule::Declared {
        key: "passes",
        entry: 0,
    };
    let facing = EndRule::Declared {
        key: "facing_pass",
        entry: 0,
    };
    let cases: [(&str, &str, &[&str], Option<Outcome>); 10] = [
        // The start: 72 points to Han's 73.5 (72 and 1.5 for moving second).
        (
            "janggi",
            "",
            &["e2e2", "e9e9"],
            Some(Outcome::OnPoints(HAN, passes)),
        ),
        // A soldier (2) beats Han's 1.5; a guard (3) does not beat a soldier and the 1.5.
        (
            "janggi",
            "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1",
            &["d1d1", "e10e10"],
            Some(Outcome::OnPoints(CHO, passes)),
        ),
        (
            "janggi",
            "4k4/9/9/9/9/4p4/9/9/9/3KA4 w - - 0 1",
            &["d1d1", "e10e10"],
            Some(Outcome::OnPoints(HAN, passes)),
        ),
        // A pass while the generals face ends the game at once.
        (
            "janggi",
            "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1",
            &["d1d1", "e10d10", "d1d1"],
            Some(Outcome::OnPoints(CHO, facing)),
        ),
        (
            "janggi",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            &["e1e1"],
            Some(Outcome::OnPoints(HAN, facing)),
        ),
        (
            "janggi",
            "4k4/9/9/9/9/9/9/9/9/3K4R w - - 0 1",
            &["d1e1", "e10e10"],
            Some(Outcome::OnPoints(CHO, facing)),
        ),
        // The modern rules count after two passes, and know no bikjang.
        (
            "janggimodern",
            "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1",
            &["d1d1", "e10e10"],
            Some(Outcome::OnPoints(CHO, passes)),
        ),
        (
            "janggimodern",
            "4k4/9/9/9/9/4p4/9/9/9/3KA4 w - - 0 1",
            &["d1d1", "e10e10"],
            Some(Outcome::OnPoints(HAN, passes)),
        ),
        (
            "janggimodern",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            &["e1e1"],
            None,
        ),
        // The traditional rules do not count.
        (
            "janggitraditional",
            "4k4/9/9/9/9/9/9/9/4P4/3K5 w - - 0 1",
            &["d1d1", "e10e10"],
            Some(Outcome::DrawnBy(passes)),
        ),
    ];
    for (variant, fen, moves, expected) in cases {
        let r = rules(variant);
        let mut pos = if fen.is_empty() {
            Position::start(&r)
        } else {
            at(&r, fen)
        };
        for m in moves {
            assert_eq!(pos.outcome(), None, "{variant} {fen} before {m}");
            play(&mut pos, m);
        }
        assert_eq!(pos.outcome(), expected, "{variant} {fen} {moves:?}");
    }
    let r = rules("janggi");
    let mut pos = Position::start(&r);
    assert_eq!(pos.points(CHO), Some(72.0));
    assert_eq!(pos.points(HAN), Some(73.5));
    play(&mut pos, "e2e2");
    play(&mut pos, "e9e9");
    assert_eq!(
        pos.outcome().map(|o| o.describe(&r)),
        Some("han wins on points: 2 passes in a row".to_string())
    );
    assert_eq!(Position::start(&rules("janggicasual")).points(CHO), None);
}
