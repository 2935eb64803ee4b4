//! Reading the en passant field of position text, in chessgraph's form and in Fairy-Stockfish's.
//!
//! chessgraph writes entries `[owner:]square[@pawn]` separated by `,`: the square passed, and
//! the piece that passed it where the reader could not derive it. Fairy-Stockfish writes its
//! en passant squares run together (`e3`, `e3e4`): for a piece that is no orthodox pawn (the
//! pawns of Berolina, Pawnback or Pawnsideways chess) every square of the double step after the
//! first, so the square passed and the square the piece stands on (`d3c4`, `f5f6`), even where
//! nothing can take. Both are read: in a run of squares the empty ones are squares passed, and
//! an occupied one names the piece that passed them. chessgraph writes its own form.

use std::sync::Arc;

use super::Position;
use super::fen::derive_pawn;
use super::fen_read::{player_by_short, short_names};
use crate::board::Board;
use crate::diagnostic::quoted;
use crate::ids::{NodeId, PlayerId};
use crate::rules::Rules;
use crate::setup::{EpEntry, Setup};

/// The en passant field: entries `[owner:]square[@pawn]` separated by `,`, or one run of
/// squares as Fairy-Stockfish writes them. An entry without a pawn names the only piece of its
/// owner that can just have passed the square.
pub(super) fn read_en_passant(
    rules: &Arc<Rules>,
    field: &str,
    setup: &mut Setup,
    errs: &mut Vec<String>,
) {
    let tokens: Vec<&str> = field.split(',').collect();
    if tokens.len() > crate::limits::MAX_EP {
        errs.push(format!(
            "{} en passant entries: a position keeps at most {}",
            tokens.len(),
            crate::limits::MAX_EP
        ));
        return;
    }
    // The pieces as placed, to find the pawn an entry leaves out.
    let mut placed = setup.clone();
    placed.en_passant.clear();
    let Ok(pos) = super::from_setup::place_pieces(rules, &placed) else {
        return;
    };
    for tok in tokens {
        match read_entries(&pos, tok) {
            Ok(es) if setup.en_passant.len() + es.len() <= crate::limits::MAX_EP => {
                setup.en_passant.extend(es);
            }
            Ok(_) => errs.push(format!(
                "en passant `{}`: a position keeps at most {} entries",
                quoted(tok),
                crate::limits::MAX_EP
            )),
            Err(m) => errs.push(format!("en passant `{}`: {m}", quoted(tok))),
        }
    }
}

/// One entry of chessgraph's form, or the entries of a run of squares (Fairy-Stockfish's).
fn read_entries(pos: &Position, tok: &str) -> Result<Vec<EpEntry>, String> {
    let rules = pos.rules();
    let board = rules.board();
    let (owner, rest) = match tok.split_once(':') {
        Some((o, r)) => (
            player_by_short(rules, o).ok_or_else(|| {
                format!(
                    "unknown player `{}` (expected one of: {})",
                    quoted(o),
                    short_names(rules)
                )
            })?,
            r,
        ),
        None => (pos.previous_alive(pos.to_move()), tok),
    };
    let (sq, pawn) = match rest.split_once('@') {
        Some((s, p)) => (s, Some(p)),
        None => (rest, None),
    };
    let square = match board.node(sq) {
        Some(n) => n,
        None if pawn.is_none() => {
            return match split_squares(board, sq) {
                Some(run) if run.len() > 1 => run_entries(pos, owner, &run),
                _ => Err(format!("the board has no square `{}`", quoted(sq))),
            };
        }
        None => return Err(format!("the board has no square `{}`", quoted(sq))),
    };
    let pawn = match pawn {
        Some(p) => board
            .node(p)
            .ok_or_else(|| format!("the board has no square `{}`", quoted(p)))?,
        None => derived(pos, owner, square, sq)?,
    };
    Ok(vec![EpEntry {
        owner,
        square,
        pawn,
    }])
}

/// The piece of `owner` that can just have passed `square` (named `name`).
fn derived(pos: &Position, owner: PlayerId, square: NodeId, name: &str) -> Result<NodeId, String> {
    derive_pawn(pos, owner, square).ok_or_else(|| {
        format!(
            "no piece of {} can just have passed {name}",
            pos.rules().player(owner).name
        )
    })
}

/// Fairy-Stockfish's run of squares (`d3c4`): an entry per empty square, whose pawn is the one
/// occupied square of the run (a piece of `owner`), or derived when every square is empty.
fn run_entries(pos: &Position, owner: PlayerId, run: &[NodeId]) -> Result<Vec<EpEntry>, String> {
    let board = pos.rules().board();
    let occupied: Vec<NodeId> = run
        .iter()
        .copied()
        .filter(|n| pos.squares[n.index()].is_some())
        .collect();
    let pawn = match occupied[..] {
        [] => None,
        [n] if pos.squares[n.index()].is_some_and(|p| p.owner == owner) => Some(n),
        [n] => {
            return Err(format!(
                "{} holds no piece of {}, who made the double step",
                board.node_name(n),
                pos.rules().player(owner).name
            ));
        }
        _ => return Err("more than one of its squares is occupied".into()),
    };
    run.iter()
        .filter(|n| !occupied.contains(n))
        .map(|&square| {
            let pawn = match pawn {
                Some(p) => p,
                None => derived(pos, owner, square, board.node_name(square))?,
            };
            Ok(EpEntry {
                owner,
                square,
                pawn,
            })
        })
        .collect()
}

/// `text` as square names run together (`d3c4`, `a10a9`), if it is one way; the longest name
/// is tried first at every point.
fn split_squares(board: &Board, text: &str) -> Option<Vec<NodeId>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    (1..=text.len()).rev().find_map(|k| {
        let head = text.get(..k)?;
        let n = board.node(head)?;
        let mut rest = split_squares(board, &text[k..])?;
        rest.insert(0, n);
        Some(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(name: &str) -> Arc<Rules> {
        Arc::new(Rules::load(format!("variants/{name}.toml")).expect("a shipped variant loads"))
    }

    #[test]
    fn a_run_of_squares_splits_into_names() {
        let rules = load("chess");
        let b = rules.board();
        let run = split_squares(b, "d3c4").expect("two squares");
        assert_eq!(run, vec![b.node("d3").unwrap(), b.node("c4").unwrap()]);
        assert!(split_squares(b, "d3c9").is_none());
        assert!(split_squares(b, "d3c").is_none());
    }

    #[test]
    fn fairy_stockfish_runs_read_as_the_square_passed_and_the_pawn() {
        // Berolina: e2-c4 passes d3; Fairy-Stockfish writes `d3c4`.
        let rules = load("berolina");
        let fsf = "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c4 0 1";
        let read = Position::read_setup(&rules, fsf).expect("reads");
        let b = rules.board();
        let e = read.en_passant[0];
        assert_eq!(
            (e.square, e.pawn),
            (b.node("d3").unwrap(), b.node("c4").unwrap())
        );
        assert_eq!(read.en_passant.len(), 1);
        // A run whose occupied square holds the other player's piece is refused with the reason.
        let bad = "rnbqkbnr/pppppppp/8/8/2P5/8/PPPP1PPP/RNBQKBNR b KQkq d3c7 0 1";
        let err = Position::read_setup(&rules, bad).expect_err("c7 is Black's, White stepped");
        assert!(err.to_string().contains("no piece of"), "{err}");
        let err = Position::read_setup(&rules, "8/8/8/8/8/8/8/K6k w - d3z9 0 1").unwrap_err();
        assert!(err.to_string().contains("no square `d3z9`"), "{err}");
    }
}
