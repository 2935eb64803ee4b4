//! Reading a move of a variant with a blocker (`[blocker]`: duck chess): the first part as any
//! move is read, then, after a comma, where the blocker goes: chessgraph's `e2-e4,*@d5` (the
//! blocker's token, `@`, the square), Fairy-Stockfish's `e2e4,e4d5` (the square the first part
//! ends on, then the blocker's: a castling's is the king's destination), `e4-d5`, or the square
//! alone (`e2e4,d5`).

use crate::ids::NodeId;
use crate::movegen::{Gating, Move};
use crate::position::Position;
use crate::rules::Blocker;

use super::MoveError;
use super::read::{Parsed, Step, malformed, matching_step, node, parse_text, refused_step};

/// Reads a move of the side to move in a variant with a blocker and checks that it is legal,
/// or says why not (a missing second part, an occupied square, a blocker left in place).
pub(super) fn parse_blocker_move(
    pos: &Position,
    b: Blocker,
    text: &str,
) -> Result<Move, MoveError> {
    let (first_text, part) = match text.split_once(',') {
        Some((first, part)) => (first, Some(part.trim())),
        None => (text, None),
    };
    let parsed = parse_text(pos, first_text.trim())?;
    let mut work = pos.clone();
    let mut legal = Vec::new();
    if let (Some(outcome), _) = work.resolve(&mut legal) {
        return Err(work.game_over(outcome).into());
    }
    let mut plain: Vec<Move> = legal.iter().map(|p| p.mv().with_gating(None)).collect();
    plain.sort();
    plain.dedup();
    let first = match parsed {
        Parsed::Drop { kind, to, value } => Move::Drop { kind, to, value },
        Parsed::Step {
            from,
            to,
            promotion,
            rook,
        } => {
            let step = Step {
                from,
                to,
                promotion,
                rook,
                gate: None,
            };
            match matching_step(&work, &plain, &step) {
                Ok(m) => m,
                Err(Some(e)) => return Err(e),
                Err(None) => refused_step(&work, &step)?,
            }
        }
    };
    let wanted = match part {
        // The build keeps a blocker's board within the squares a gating byte names.
        Some(part) => {
            first.with_gating(Gating::blocker(blocker_square(pos, b, text, first, part)?))
        }
        None => first,
    };
    match legal.iter().find(|p| p.mv() == wanted) {
        Some(p) => Ok(p.mv()),
        None => Err(work.explain(&wanted, &legal).into()),
    }
}

/// The square the second part `part` sends the blocker to, in any of the forms read.
fn blocker_square(
    pos: &Position,
    b: Blocker,
    text: &str,
    first: Move,
    part: &str,
) -> Result<NodeId, MoveError> {
    let rules = pos.rules();
    let board = rules.board();
    let token = rules.kind(b.kind).token();
    let usage = format!(
        "write where the {} goes after a comma: `{token}@` and the square (e.g. `e2-e4,{token}@d5`), or Fairy-Stockfish's `e2e4,e4d5`",
        rules.kind(b.kind).name
    );
    if part.len() > 64 {
        return Err(malformed(text, usage));
    }
    if let Some((t, sq)) = part.split_once('@') {
        if !t.eq_ignore_ascii_case(&token) {
            return Err(malformed(text, usage));
        }
        return node(pos, text, sq);
    }
    if let Some(sq) = board.node(part) {
        return Ok(sq);
    }
    let cuts = (1..part.len()).filter(|&c| part.is_char_boundary(c));
    let pairs: Vec<(NodeId, NodeId)> = match part.split_once('-') {
        Some((a, z)) => vec![(node(pos, text, a)?, node(pos, text, z)?)],
        None => cuts
            .filter_map(|c| Some((board.node(&part[..c])?, board.node(&part[c..])?)))
            .collect(),
    };
    match pairs.as_slice() {
        [(start, sq)] if *start == first.to() => Ok(*sq),
        [(start, _)] => Err(malformed(
            text,
            format!(
                "the {}'s part starts where the move ends ({}), not on {}",
                rules.kind(b.kind).name,
                board.node_name(first.to()),
                board.node_name(*start)
            ),
        )),
        _ => Err(malformed(text, usage)),
    }
}
