//! Walls (`[grid] walls = true`): cells a grid omits are no squares (nothing stands, slides or
//! lands there, a leap jumps them) and position text writes each as `*` where it stands in its
//! row, as Fairy-Stockfish does (`*pppppppp*`). A `*` on a square, a piece or an empty count where
//! a wall stands, and a `*` on a board without walls are refused with what the row should be.

use std::sync::Arc;

use chessgraph::{Position, Rules};

use crate::helpers::legal_moves_from;

fn rules(name: &str) -> Arc<Rules> {
    crate::helpers::load(format!("variants/{name}.toml"))
}

fn at(rules: &Arc<Rules>, fen: &str) -> Position {
    Position::from_fen(rules, fen).unwrap_or_else(|e| panic!("`{fen}`: {e}"))
}

fn refusal(rules: &Arc<Rules>, fen: &str) -> String {
    match Position::from_fen(rules, fen) {
        Ok(_) => panic!("`{fen}` is read, though it misplaces a wall"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn position_text_writes_each_wall_as_a_star_in_its_row() {
    let r = rules("troitzky");
    let start = r.start_fen().to_string();
    assert_eq!(
        start,
        "****qk****/**rnbbnr**/*pppppppp*/*8*/10/10/*8*/*PPPPPPPP*/**RNBBNR**/****QK**** w - - 0 1"
    );
    assert_eq!(at(&r, &start).to_fen(), start);
    // A piece next to a wall, an empty run between two walls, a full row without walls.
    let fen = "****qk****/**r4r**/*p6p*/*8*/4N5/10/*8*/*P6P*/**R4R**/****QK**** b - - 0 7";
    assert_eq!(at(&r, fen).to_fen(), fen);
}

#[test]
fn slides_stop_before_a_wall_and_leaps_jump_it() {
    // The amazon on a1 of Gustav III's board: a2 above it is a wall, b1 and b2 hold its own
    // pieces, so its only move is the knight's leap over the wall to b3.
    let r = rules("gustav3");
    let pos = at(&r, r.start_fen());
    assert_eq!(legal_moves_from(&pos, "a1"), ["a1-b3"]);
    // A lone queen on e6 of Troitzky's board (ranks 5 and 6 run the board's width): west she
    // slides to a6, north-west to c8 (b9 is a wall), south-west to b3 (a2 is a wall), south-east
    // to h3 (i2), north-east to h9 (i10).
    let r = rules("troitzky");
    let pos = at(
        &r,
        "****1k****/**6**/*8*/*8*/4Q5/10/*8*/*8*/**6**/****K1**** w - - 0 1",
    );
    let moves = legal_moves_from(&pos, "e6");
    for reached in ["e6-a6", "e6-j6", "e6-c8", "e6-b3", "e6-h3", "e6-h9"] {
        assert!(
            moves.contains(&reached.to_string()),
            "{reached} in {moves:?}"
        );
    }
    for walled in ["e6-b9", "e6-a2", "e6-i2", "e6-i10"] {
        assert!(
            !moves.contains(&walled.to_string()),
            "{walled} in {moves:?}"
        );
    }
    // 9 on the rank, 8 on the file (down to e2: White's king is on e1), 2 + 3 + 3 + 3 on the
    // diagonals, which walls end.
    assert_eq!(moves.len(), 28, "{moves:?}");
}

#[test]
fn a_misplaced_wall_is_refused_with_the_row_it_should_be() {
    let r = rules("gustav3");
    let e = refusal(
        &r,
        "arnbqkbnra/*pppppppp*/*8*/*8*/*8*/*8*/PPPPPPPPP*/1RNBQKBNRA w KQkq - 0 1",
    );
    assert!(
        e.contains("row 7 (`PPPPPPPPP*`): a piece where the wall a2 stands")
            && e.contains("(this row, empty, is `*8*`)"),
        "{e}"
    );
    let e = refusal(
        &r,
        "arnbqkbnra/*pppppppp*/10/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
    );
    assert!(
        e.contains("row 3 (`10`): empty squares where the wall a6 stands"),
        "{e}"
    );
    let e = refusal(
        &r,
        "arnbqkbnra/*pppppppp*/*8*/**7*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
    );
    assert!(
        e.contains("row 4 (`**7*`): `*` (a wall) on b5, which is a square of the board"),
        "{e}"
    );
    // A wall left out: the row comes up short, and the message shows it with its walls.
    let e = refusal(
        &r,
        "arnbqkbnra/*pppppppp*/*8/*8*/*8*/*8*/*PPPPPPPP*/ARNBQKBNRA w KQkq - 0 1",
    );
    assert!(
        e.contains("row 3 (`*8`): 9 cells, the row has 10 with its walls (empty, it is `*8*`)"),
        "{e}"
    );
    // A board without walls has no place for a `*`.
    let chess = rules("chess");
    let e = refusal(
        &chess,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP*/RNBQKBNR w KQkq - 0 1",
    );
    assert!(
        e.contains("`*` (a wall) on h2: this board has no walls"),
        "{e}"
    );
}

#[test]
fn omitted_cells_without_walls_are_not_written() {
    // The four-player board omits its corners without `walls`: its rows list squares only, as
    // they always have.
    let r = rules("four_player_chess");
    let start = r.start_fen();
    assert!(start.starts_with("yRyNyByKyQyByNyR/"), "{start}");
    assert!(!start.contains('*'));
    assert_eq!(at(&r, start).to_fen(), start);
}
