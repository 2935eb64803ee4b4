//! Position text: a generalized FEN that equals standard FEN on 8x8 boards.
//!
//! `ROWS SIDE CASTLING EP [HALFMOVE FULLMOVE [OUT]]`
//! - ROWS: the board's rows top first (as [`crate::board::Board::rows`] orders them), separated by
//!   `/`; in a row, a number counts empty squares and a piece is its player's mark and letter (`P`,
//!   `p`, or `gP` for prefix marks), followed by `[frame]` when its frame is not the one it would
//!   start with there. On a board with `[grid] walls`, a wall (a cell the grid omits) is `*`,
//!   as Fairy-Stockfish writes it (`*pppppppp*`); other boards write only their squares.
//! - SIDE: the `short` name of the player to move. CASTLING: `-` or the right tokens held.
//! - EP: `-` or entries separated by `,`: `square`, optionally `owner:square` and `square@pawn`
//!   (the owner defaults to the player who moved last, the pawn to the only piece that can have
//!   passed the square). Only entries some other player's piece could take are part of a
//!   position, so only they are written.
//! - Then optional `key:value` fields: `out:g,b` lists eliminated players, `open:NAME,...` gates that
//!   were opened earlier although their condition no longer holds (gates whose condition holds are
//!   open anyway). Both are left out when empty, so 8x8 positions read and write standard FEN.
//!   `checks:3+3`: the checks each player (in seat order) still has to give, always written in
//!   variants with `[outcome] checks`. Also read there: Fairy-Stockfish's `3+3` field after the
//!   en passant field (the same counts) and lichess's trailing `+0+0` (the checks given).

use std::fmt;
use std::fmt::Write;

use super::Position;
use crate::board::NodeId;
use crate::limits::MAX_POSITION_PROBLEMS;
use crate::position::Piece;
use crate::rules::{FrameId, KindId, PlayerId, Rules};

/// Every problem found in a position text or position, at once. Shown, the first
/// `MAX_POSITION_PROBLEMS` are listed and the rest counted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupError(pub Vec<String>);

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = self.0.len().min(MAX_POSITION_PROBLEMS);
        f.write_str(&self.0[..shown].join("; "))?;
        match self.0.len() - shown {
            0 => Ok(()),
            more => write!(f, "; and {more} more problem(s)"),
        }
    }
}

fn piece_token(rules: &Rules, n: NodeId, pc: Piece) -> String {
    let k = rules.kind(pc.kind);
    let mut s = k.token_for(&rules.player(pc.owner).mark);
    if k.marked_promoted {
        s.push('~');
    }
    if pc.frame != rules.start_frame(pc.owner, pc.kind, n) {
        let _ = write!(s, "[{}]", rules.frame_name(pc.frame));
    }
    s
}

impl Position {
    /// The position as text; parses back to an equal position.
    pub fn to_fen(&self) -> String {
        let (ep, halfmove) = self.fen_clock_fields();
        let mut out = format!(
            "{} {} {} {} {} {}",
            self.fen_rows(),
            self.rules.player(self.to_move).short,
            self.fen_castling(),
            ep,
            halfmove,
            self.fullmove
        );
        self.write_fen_fields(&mut out);
        out
    }

    /// ROWS: the board's rows top first, separated by `/`; runs of empty squares as numbers, a
    /// wall (`[grid] walls`) as `*`.
    fn fen_rows(&self) -> String {
        let rules = &*self.rules;
        let board = rules.board();
        let rows: Vec<String> = match board.wall_rows() {
            Some(rows) => rows
                .iter()
                .map(|row| self.fen_row(row.iter().copied()))
                .collect(),
            None => board
                .rows()
                .iter()
                .map(|row| self.fen_row(row.iter().map(|&n| Some(n))))
                .collect(),
        };
        let mut text = rows.join("/");
        if rules.hands().is_some() {
            text.push('[');
            for p in rules.player_ids() {
                for (k, count) in self.hand_of(p) {
                    text.push_str(&self.hand_tokens(p, k, count));
                }
            }
            text.push(']');
        }
        text
    }

    /// One row of ROWS from its cells (a wall as `None`).
    fn fen_row(&self, cells: impl Iterator<Item = Option<NodeId>>) -> String {
        let rules = &*self.rules;
        let mut s = String::new();
        let mut empty = 0;
        for cell in cells {
            let piece = cell.and_then(|n| self.squares[n.index()].map(|pc| (n, pc)));
            if cell.is_some() && piece.is_none() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                let _ = write!(s, "{empty}");
                empty = 0;
            }
            match piece {
                Some((n, pc)) => {
                    s.push_str(&piece_token(rules, n, pc));
                    if rules.has_numbers() {
                        s.push_str(&self.numbers_text(n));
                    }
                }
                None => s.push('*'),
            }
        }
        if empty > 0 {
            let _ = write!(s, "{empty}");
        }
        s
    }

    /// CASTLING: the right tokens held, in the variant's order, or `-`. With gating rights, as
    /// Fairy-Stockfish writes them: each player's rights together (in turn order), his gating
    /// rights after the others, less those a castling right he holds stands for.
    fn fen_castling(&self) -> String {
        let rules = &*self.rules;
        let held = |i: &(usize, &str)| self.castling & (1 << i.0) != 0;
        let castling: String = if rules.gating.is_empty() {
            (rules.right_tokens())
                .filter(held)
                .map(|(_, r)| r)
                .collect()
        } else {
            let implied = rules.gating_implied(self.castling);
            let owners = rules.right_owners();
            let owner = &owners;
            (rules.player_ids())
                .flat_map(|p| {
                    (rules.right_tokens())
                        .filter(move |&(i, _)| owner[i] == p && implied & (1 << i) == 0)
                })
                .filter(held)
                .map(|(_, r)| r)
                .collect()
        };
        if castling.is_empty() {
            "-".into()
        } else {
            castling
        }
    }

    /// EP: the en passant entries separated by `,`, or `-`. An entry names its owner and its pawn
    /// only where the reader could not derive them.
    pub(super) fn fen_en_passant(&self) -> String {
        let rules = &*self.rules;
        let board = rules.board();
        let last = self.previous_alive(self.to_move);
        let eps: Vec<String> = self
            .ep
            .iter()
            .map(|e| {
                let mut s = String::new();
                if e.owner != last {
                    let _ = write!(s, "{}:", rules.player(e.owner).short);
                }
                s.push_str(board.node_name(e.square));
                if derive_pawn(self, e.owner, e.square) != Some(e.pawn) {
                    let _ = write!(s, "@{}", board.node_name(e.pawn));
                }
                s
            })
            .collect();
        if eps.is_empty() {
            "-".to_string()
        } else {
            eps.join(",")
        }
    }

    /// The `out:` and `open:` fields, each written only when it is not empty (so that 8x8
    /// positions stay standard FEN).
    fn write_fen_fields(&self, out: &mut String) {
        let rules = &*self.rules;
        let out_players: Vec<&str> = (0..rules.players().len())
            .filter(|&i| !self.is_alive(PlayerId(i as u8)))
            .map(|i| rules.players()[i].short.as_str())
            .collect();
        if !out_players.is_empty() {
            let _ = write!(out, " out:{}", out_players.join(","));
        }
        // Gates whose condition holds are open anyway: only those opened earlier are written.
        let mut derived = self.clone();
        derived.gates_open = 0;
        derived.update_gates();
        let extra: Vec<&str> = rules
            .gates()
            .iter()
            .enumerate()
            .filter(|(i, _)| self.gates_open & !derived.gates_open & (1 << i) != 0)
            .map(|(_, g)| g.name.as_str())
            .collect();
        if !extra.is_empty() {
            let _ = write!(out, " open:{}", extra.join(","));
        }
        if rules.outcome().checks.is_some() {
            let counts: Vec<String> = rules
                .player_ids()
                .map(|p| self.checks[p.index()].to_string())
                .collect();
            let _ = write!(out, " checks:{}", counts.join("+"));
        }
        if let Some(c) = self.captured_text() {
            let _ = write!(out, " captured:{c}");
        }
    }
}

/// The piece of `owner` that can just have passed `square` with a `creates-ep` move.
pub(super) fn derive_pawn(pos: &Position, owner: PlayerId, square: NodeId) -> Option<NodeId> {
    let rules = &*pos.rules;
    let t = rules.tables();
    let mut found = None;
    for origin in rules.board().node_ids() {
        if pos.squares[origin.index()].is_some() {
            continue;
        }
        for (ki, _) in rules.kinds().iter().enumerate() {
            let kind = KindId(ki as u8);
            for f in 0..rules.frame_count() {
                let frame = FrameId(f as u8);
                if rules.canonical_frame(kind, frame) != frame {
                    continue;
                }
                for ray in t.rays(kind, frame, origin) {
                    if !ray.creates_ep {
                        continue;
                    }
                    let steps = t.steps(ray);
                    let Some(last) = steps.last() else { continue };
                    if !steps[..steps.len() - 1].iter().any(|s| s.node == square) {
                        continue;
                    }
                    let here = pos.squares[last.node.index()];
                    if here.is_some_and(|p| {
                        p.owner == owner && p.kind == kind && p.frame == last.frame
                    }) && found.is_none_or(|x| x == last.node)
                    {
                        found = Some(last.node);
                    } else if here.is_some_and(|p| p.owner == owner && p.kind == kind)
                        && found.is_some_and(|x| x != last.node)
                    {
                        return None;
                    }
                }
            }
        }
    }
    found
}
