//! Walls in position text: on a board with `[grid] walls`, every cell of the grid's rectangle has
//! its place in a row, and a cell the grid omits (a wall) is written `*`, as Fairy-Stockfish
//! writes walls (`*pppppppp*`). Other boards' rows list their squares only.

use std::fmt::Write;

use crate::board::Board;
use crate::ids::NodeId;

/// The cells of each row of position text, top row first: the squares, and on a board with
/// `[grid] walls` a wall as `None`.
pub(super) fn text_rows(board: &Board) -> Vec<Vec<Option<NodeId>>> {
    match board.wall_rows() {
        Some(rows) => rows.to_vec(),
        None => board
            .rows()
            .iter()
            .map(|row| row.iter().map(|&n| Some(n)).collect())
            .collect(),
    }
}

/// How the row `slots` reads with every square empty (`*8*`): what the reader expects.
fn empty_row(slots: &[Option<NodeId>]) -> String {
    let mut s = String::new();
    let mut empty = 0;
    for slot in slots {
        if slot.is_some() {
            empty += 1;
            continue;
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
            empty = 0;
        }
        s.push('*');
    }
    if empty > 0 {
        let _ = write!(s, "{empty}");
    }
    s
}

/// The name of the cell in column `col` of text row `row` (top first) of a grid.
fn cell_name(board: &Board, row: usize, col: usize) -> String {
    match board.grid() {
        Some(g) => format!(
            "{}{}",
            g.files.get(col).map_or("?", String::as_str),
            usize::from(g.ranks).saturating_sub(row)
        ),
        None => format!("cell {}", col + 1),
    }
}

/// `what` (a piece, or empty squares) written where the wall in column `col` stands.
pub(super) fn misplaced(
    board: &Board,
    row: usize,
    slots: &[Option<NodeId>],
    col: usize,
    what: &str,
) -> String {
    format!(
        "{what} where the wall {} stands: a wall is written `*` (this row, empty, is `{}`)",
        cell_name(board, row, col),
        empty_row(slots)
    )
}

/// A `*` written on the square `n`.
pub(super) fn not_a_wall(board: &Board, slots: &[Option<NodeId>], n: NodeId) -> String {
    if board.wall_rows().is_none() {
        return format!(
            "`*` (a wall) on {}: this board has no walls, its rows list its squares only",
            board.node_name(n)
        );
    }
    format!(
        "`*` (a wall) on {}, which is a square of the board (this row, empty, is `{}`)",
        board.node_name(n),
        empty_row(slots)
    )
}

/// A row of `col` cells where the board's has `slots.len()`; with walls, the row's empty form.
pub(super) fn short_row(col: usize, slots: &[Option<NodeId>]) -> String {
    if slots.iter().all(Option::is_some) {
        return format!("{col} squares, the row has {}", slots.len());
    }
    format!(
        "{col} cells, the row has {} with its walls (empty, it is `{}`)",
        slots.len(),
        empty_row(slots)
    )
}
