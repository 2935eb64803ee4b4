//! A plain-text view of a position for terminals: the rows of the board, whose turn, check,
//! eliminated players.

use std::fmt::Write;

use super::{Outcome, Position};
use crate::rules::PlayerId;

impl Position {
    /// The piece token of a square for text views (`.` when empty). A piece whose orientation is
    /// not the one it would start with there (a 3 Man Chess pawn that crossed the center) is marked
    /// with `'`, because its moves differ.
    fn cell(&self, n: crate::board::NodeId) -> String {
        let rules = &*self.rules;
        match self.squares[n.index()] {
            None => ".".to_string(),
            Some(pc) => {
                let mut s = rules.kind(pc.kind).token_for(&rules.player(pc.owner).mark);
                if let Some(v) = self.value_at(n) {
                    // A number, or a stack's total (its parts are in the position text).
                    let _ = write!(s, "{v}");
                }
                if pc.frame != rules.start_frame(pc.owner, pc.kind, n) {
                    s.push('\'');
                }
                s
            }
        }
    }

    /// The position as text: one line per board row (top first) with a row label, square
    /// names below, then the state of the game.
    pub fn to_text(&self) -> String {
        let mut s = self.board_text();
        self.write_state(&mut s);
        let _ = writeln!(s, "fen: {}", self.to_fen());
        s
    }

    /// The rows of the board (top first) with their labels, the file names below, and the note
    /// on turned pieces when there is one.
    fn board_text(&self) -> String {
        let board = self.rules.board();
        let width = board
            .node_ids()
            .map(|n| self.cell(n).len())
            .max()
            .unwrap_or(1)
            .max(1)
            + 1;
        let mut s = String::new();
        let label_w = board
            .rows()
            .iter()
            .map(|r| row_label(board, r).len())
            .max()
            .unwrap_or(0);
        for row in board.rows() {
            let _ = write!(s, "{:>label_w$} |", row_label(board, row));
            self.write_row(&mut s, row, width);
            s.push('\n');
        }
        if let Some(g) = board.grid() {
            let _ = write!(s, "{:>label_w$}  ", "");
            for f in &g.files {
                let _ = write!(s, "{f:>width$}");
            }
            s.push('\n');
        }
        if board.node_ids().any(|n| self.cell(n).ends_with('\'')) {
            let _ = writeln!(
                s,
                "(' marks a piece turned round: it moves in another orientation)"
            );
        }
        s
    }

    /// The state of the game under the board: whose turn, the hands, the captured material,
    /// who is in check or out, and how the game ended.
    fn write_state(&self, s: &mut String) {
        let rules = &*self.rules;
        let p = rules.player(self.to_move);
        let _ = writeln!(s, "to move: {} ({})", p.name, p.short);
        if let Some(hands) = self.hands_text() {
            let _ = writeln!(s, "in hand: {hands}");
        }
        if rules.has_numbers() {
            let _ = writeln!(s, "captured: {}", self.captured_words());
        }
        let checked: Vec<&str> = self
            .checked_players()
            .iter()
            .map(|p| rules.player(p).name.as_str())
            .collect();
        if !checked.is_empty() {
            let _ = writeln!(s, "in check: {}", checked.join(", "));
        }
        let out: Vec<&str> = (0..rules.players().len())
            .filter(|&i| !self.is_alive(PlayerId(i as u8)))
            .map(|i| rules.players()[i].name.as_str())
            .collect();
        if !out.is_empty() {
            let _ = writeln!(s, "eliminated: {}", out.join(", "));
        }
        match self.outcome() {
            Some(o @ Outcome::Winner(_)) => {
                let _ = writeln!(s, "game over: {}", self.result_text(o));
            }
            Some(Outcome::Stalemate(p)) => {
                let _ = writeln!(
                    s,
                    "game over: draw ({} is stalemated)",
                    rules.player(p).name
                );
            }
            Some(other) => {
                let _ = writeln!(s, "game over: {}", self.result_text(other));
            }
            None => {}
        }
    }

    /// The material each player captured (variants with numbers): men, value and digits.
    fn captured_words(&self) -> String {
        let rules = &*self.rules;
        let each: Vec<String> = rules
            .player_ids()
            .map(|p| {
                let m = self.captured(p);
                let digits = if rules.counts_digits() {
                    format!(" / {} digits", m.digits)
                } else {
                    String::new()
                };
                format!(
                    "{} {} men / {}{digits}",
                    rules.player(p).name,
                    m.men,
                    m.value
                )
            })
            .collect();
        each.join(", ")
    }
}

impl Position {
    /// How a game ended, in words, naming checkmate and stalemate: the last loser is not
    /// eliminated in the position, he is the player to move
    /// (`black wins: white has no legal move and is in check (checkmate)`).
    pub fn result_text(&self, outcome: Outcome) -> String {
        let rules = &*self.rules;
        match outcome {
            Outcome::Winner(w) if self.alive_count() >= 2 => {
                let loser = self.to_move();
                let checked = self.royal_attacked(loser);
                let score = match rules.outcome.stalemate_score {
                    Some(s) if !checked => format!(", scored {} to {s}", 1.0 - s),
                    _ => String::new(),
                };
                format!(
                    "{} wins: {} has no legal move and {}{score}",
                    rules.player(w).name,
                    rules.player(loser).name,
                    if checked {
                        "is in check (checkmate)"
                    } else {
                        "is not in check (stalemate)"
                    }
                )
            }
            Outcome::Winner(w) => {
                format!("{} wins: the last player standing", rules.player(w).name)
            }
            other => other.describe_on(rules, &self.ending_squares(other)),
        }
    }
}

impl Position {
    /// One row's cells, each `width` wide; a grid node stands under its file's name, past any
    /// cells the grid omits.
    fn write_row(&self, s: &mut String, row: &[crate::board::NodeId], width: usize) {
        let board = self.rules.board();
        let mut column = 0;
        for &n in row {
            if let Some((f, _)) = board.node_info(n).grid {
                for _ in column..f {
                    let _ = write!(s, "{:>width$}", "");
                }
                column = column.max(f + 1);
            }
            let _ = write!(s, "{:>width$}", self.cell(n));
        }
    }
}

fn row_label(board: &crate::board::Board, row: &[crate::board::NodeId]) -> String {
    match row.first().and_then(|&n| board.node_info(n).grid) {
        Some((_, r)) => (r + 1).to_string(),
        None => row
            .first()
            .map_or(String::new(), |&n| board.node_name(n).to_string()),
    }
}
