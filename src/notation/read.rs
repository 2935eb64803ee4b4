//! Reading move text: the node names of the board, `-`, `=X`, `/rook`, `X@node`, and the compact
//! forms; then matching it against the legal moves, or asking the move generator why not.

use crate::ids::{KindId, NodeId};
use crate::movegen::{Gating, Move};
use crate::position::Position;

use super::MoveError;

/// The promotion a move text asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Promo {
    /// None: the plain move.
    None,
    /// To the kind written with this token (`=Q`, `e7e8q`; a `Q~` twin matches too).
    Token(KindId),
    /// To the piece's promoted face: the `+` suffix (`b2-h8+`, `b2h8+`).
    Face,
    /// A promoted face back to its base kind by a flip: the `-` suffix (`a1-a2-`, `a1a2-`).
    Base,
}

/// What a move text says, before it is matched against the legal moves.
pub(super) enum Parsed {
    /// From one node to another, perhaps promoting, perhaps naming a castling's rook.
    Step {
        from: NodeId,
        to: NodeId,
        promotion: Promo,
        rook: Option<NodeId>,
    },
    /// A piece from the hand onto a node, with the number it carries (`C{16}@e5`).
    Drop {
        kind: KindId,
        to: NodeId,
        value: Option<u16>,
    },
}

pub(super) fn malformed(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Malformed {
        text: text.to_string(),
        reason: reason.into(),
    }
}

pub(super) fn node(pos: &Position, text: &str, name: &str) -> Result<NodeId, MoveError> {
    let b = pos.rules().board();
    b.node(name).ok_or_else(|| {
        let hint = crate::diagnostic::suggest(name, b.node_ids().map(|n| b.node_name(n)))
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        malformed(text, format!("the board has no square `{name}`{hint}"))
    })
}

/// What a move text says: a drop, or a step in the long (`from-to`) or compact form.
pub(super) fn parse_text(pos: &Position, text: &str) -> Result<Parsed, MoveError> {
    refuse_overlong(pos, text)?;
    if let Some((token, node_name)) = text.split_once('@') {
        return parse_drop(pos, text, token, node_name);
    }
    let rules = pos.rules();
    let (unsuffixed, base) = match text.strip_suffix('-') {
        Some(body) if !body.is_empty() => (body, true),
        _ => (text, false),
    };
    if base && !rules.kind_ids().any(|k| rules.is_own_base(k)) {
        return Err(malformed(
            text,
            "no piece of this variant turns back (the suffix `-`); a promotion is written `=` and a token (e.g. `=Q`, `=+P`) or with the suffix `+`",
        ));
    }
    let (text_body, face) = match unsuffixed.strip_suffix('+') {
        Some(body) if !base => (body, true),
        _ => (unsuffixed, false),
    };
    let (body, rook) = match text_body.split_once('/') {
        Some((a, r)) => (a, Some(node(pos, text, r)?)),
        None => (text_body, None),
    };
    let (body, promotion) = match body.split_once('=') {
        Some((a, p)) => (
            a,
            Some(piece_token(
                pos,
                text,
                p,
                "write the promotion as `=` and one letter, e.g. `=Q`",
            )?),
        ),
        None => (body, None),
    };
    if face && promotion.is_some() {
        return Err(malformed(
            text,
            "a promotion is written once: `=` and a token, or the suffix `+`",
        ));
    }
    let (from, to, promotion) = match body.split_once('-') {
        Some((f, t)) => (node(pos, text, f)?, node(pos, text, t)?, promotion),
        None => parse_compact(pos, text, body, promotion)?,
    };
    if base && promotion.is_some() {
        return Err(malformed(
            text,
            "a promotion is written once: `=` and a token, or the suffix `-`",
        ));
    }
    let promotion = match (promotion, face, base) {
        (Some(k), _, _) => Promo::Token(k),
        (None, true, _) => Promo::Face,
        (None, false, true) => Promo::Base,
        (None, false, false) => Promo::None,
    };
    Ok(Parsed::Step {
        from,
        to,
        promotion,
        rook,
    })
}

/// Refuses text longer than two node names and a few marks at once, which keeps the search for
/// a cut of the compact form short whatever is typed.
fn refuse_overlong(pos: &Position, text: &str) -> Result<(), MoveError> {
    let b = pos.rules().board();
    let longest = b
        .node_ids()
        .map(|n| b.node_name(n).len())
        .max()
        .unwrap_or(0);
    if text.len() > 2 * longest + 3 + longest.max(8) {
        return Err(malformed(
            &text.chars().take(40).collect::<String>(),
            format!("too long for a move ({} bytes)", text.len()),
        ));
    }
    Ok(())
}

/// The compact form: two node names run together, perhaps with a promotion token at the end
/// (`e2e4`, `e7e8q`, `e7e8+p`); it must be readable one way only.
fn parse_compact(
    pos: &Position,
    text: &str,
    body: &str,
    promo: Option<KindId>,
) -> Result<(NodeId, NodeId, Option<KindId>), MoveError> {
    let rules = pos.rules();
    let b = rules.board();
    let mut found = Vec::new();
    for cut in 1..body.len() {
        if !body.is_char_boundary(cut) {
            continue;
        }
        let (f, rest) = body.split_at(cut);
        let Some(from) = b.node(f) else { continue };
        if let Some(to) = b.node(rest) {
            found.push((from, to, promo));
        }
        // A promotion token at the end: the last character (however many bytes it takes),
        // perhaps after a `+` (a promoted face: `e7e8+p`).
        if promo.is_none()
            && let Some(last) = rest.chars().next_back()
            && rest.len() > last.len_utf8()
        {
            let t = &rest[..rest.len() - last.len_utf8()];
            let (t, plus) = match t.strip_suffix('+') {
                Some(t) => (t, true),
                None => (t, false),
            };
            if let (Some(to), Some(k)) = (b.node(t), rules.kind_by_token(plus, last)) {
                found.push((from, to, Some(k)));
            }
        }
    }
    match found.as_slice() {
        [one] => Ok(*one),
        [] => Err(unknown_square(pos, text, body).unwrap_or_else(|| {
            malformed(
                text,
                "expected `from-to` with square names (e.g. `e2-e4`, `e7-e8=Q`)",
            )
        })),
        _ => Err(malformed(
            text,
            "the squares can be read more than one way; write `from-to`",
        )),
    }
}

/// The first square-like part of compact text (letters, then digits: `i2` in `i2i4`) that names
/// no node, as [`node`]'s error; `None` when every part names one or the text is not made of
/// such parts.
fn unknown_square(pos: &Position, text: &str, body: &str) -> Option<MoveError> {
    let mut rest = body;
    while !rest.is_empty() {
        let letters = rest
            .find(|c: char| !c.is_ascii_alphabetic())
            .unwrap_or(rest.len());
        let digits = rest[letters..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len() - letters);
        if letters == 0 || digits == 0 {
            return None;
        }
        let (name, tail) = rest.split_at(letters + digits);
        if let Err(e) = node(pos, text, name) {
            return Some(e);
        }
        rest = tail;
    }
    None
}

/// A piece token in move text: one letter, either case, perhaps after `+` (a promoted face);
/// `usage` says how to write the move when the token is not one.
fn piece_token(pos: &Position, text: &str, token: &str, usage: &str) -> Result<KindId, MoveError> {
    let (plus, letter) = match token.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, token),
    };
    let mut cs = letter.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) => pos
            .rules()
            .kind_by_token(plus, c)
            .ok_or_else(|| malformed(text, format!("no piece has the token `{token}`"))),
        _ => Err(malformed(text, usage)),
    }
}

/// `TOKEN@node`: a drop; the token is a piece letter (upper case for every player, as
/// Fairy-Stockfish writes drops; lower case is read too), with the number of a numbered piece
/// after it (`C{16}@e5`; it may be left out when the hand holds one number of the kind).
fn parse_drop(
    pos: &Position,
    text: &str,
    token: &str,
    node_name: &str,
) -> Result<Parsed, MoveError> {
    let (token, value) = match token.strip_suffix('}').and_then(|t| t.split_once('{')) {
        Some((letter, number)) => {
            let v = number
                .parse::<u16>()
                .ok()
                .filter(|&v| v > 0)
                .ok_or_else(|| {
                    malformed(
                        text,
                        format!(
                            "`{{{number}}}`: a piece's number is a whole number from 1 to 65535"
                        ),
                    )
                })?;
            (letter, Some(v))
        }
        None => (token, None),
    };
    let kind = piece_token(
        pos,
        text,
        token,
        "write a drop as a piece letter, `@` and a square, e.g. `P@e4` (a numbered piece with its number: `C{16}@e5`)",
    )?;
    let value = value.or_else(|| match pos.hand_numbers(pos.to_move(), kind) {
        [first, rest @ ..] if rest.iter().all(|v| v == first) => Some(*first),
        _ => None,
    });
    Ok(Parsed::Drop {
        kind,
        to: node(pos, text, node_name)?,
        value,
    })
}

/// The second part of a gating move as written after a comma: the kind and where it is placed
/// (`b1-c3,H@b1`).
#[derive(Clone, Copy)]
pub(super) struct GatePart {
    kind: KindId,
    at: NodeId,
}

/// Reads `TOKEN@node` after a comma: a gating move's second part.
fn parse_gate(pos: &Position, text: &str, part: &str) -> Result<GatePart, MoveError> {
    let usage = "write a gating move's second part as the piece placed, `@` and the square the move leaves, e.g. `b1-c3,H@b1`";
    let Some((token, node_name)) = part.split_once('@') else {
        return Err(malformed(text, usage));
    };
    let kind = piece_token(pos, text, token, usage)?;
    let at = node(pos, text, node_name)?;
    Ok(GatePart { kind, at })
}

/// Reads a move of the side to move and checks that it is legal, or says why not.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    if let Some(b) = pos.rules().blocker {
        return super::blocker::parse_blocker_move(pos, b, text);
    }
    let (first, gate) = match text.split_once(',') {
        Some((first, part)) => (first, Some(parse_gate(pos, text, part)?)),
        None => (text, None),
    };
    let parsed = parse_text(pos, first)?;
    let mut work = pos.clone();
    let mut legal = Vec::new();
    if let (Some(outcome), _) = work.resolve(&mut legal) {
        return Err(work.game_over(outcome).into());
    }
    let wanted = match parsed {
        Parsed::Drop { .. } if gate.is_some() => {
            return Err(malformed(text, "a drop has no second part"));
        }
        Parsed::Drop { kind, to, value } => Move::Drop { kind, to, value },
        Parsed::Step {
            from,
            to,
            promotion,
            rook,
        } => {
            let legal: Vec<Move> = legal.iter().map(|p| p.mv()).collect();
            let step = Step {
                from,
                to,
                promotion,
                rook,
                gate,
            };
            match matching_step(&work, &legal, &step) {
                Ok(m) => return Ok(m),
                Err(Some(e)) => return Err(e),
                Err(None) => refused_step(&work, &step)?,
            }
        }
    };
    match legal.iter().find(|p| p.mv() == wanted) {
        Some(p) => Ok(p.mv()),
        None => Err(work.explain(&wanted, &legal).into()),
    }
}

/// A step as move text gives it: squares, promotion, a castling's rook, a second part.
pub(super) struct Step {
    pub(super) from: NodeId,
    pub(super) to: NodeId,
    pub(super) promotion: Promo,
    pub(super) rook: Option<NodeId>,
    pub(super) gate: Option<GatePart>,
}

/// The one legal move that `step` names; `Err(Some(..))` when it names several, `Err(None)`
/// when none.
pub(super) fn matching_step(
    work: &Position,
    legal: &[Move],
    step: &Step,
) -> Result<Move, Option<MoveError>> {
    let rules = work.rules();
    let (from, to, rook) = (step.from, step.to, step.rook);
    let promotes_as_asked = |m: &Move| match (step.promotion, m.promotion()) {
        (Promo::None, None) => true,
        (Promo::Token(k), Some(p)) => rules.kind(k).token() == rules.kind(p).token(),
        (Promo::Face, Some(p)) => rules.is_own_face(p),
        (Promo::Base, Some(p)) => rules.is_own_base(p),
        _ => false,
    };
    let same_token = |a: KindId, b: KindId| rules.kind(a).token() == rules.kind(b).token();
    let gates_as_asked = |m: &Move| match (step.gate, m.gated()) {
        (None, None) => true,
        (Some(g), Some((at, k))) => g.at == at && same_token(g.kind, k),
        _ => false,
    };
    // The king taking its own rook (`e1h1`, UCI's Chess960 form) names a castling.
    let takes_rook = |m: &Move| {
        matches!(m, Move::Castle { king_from, rook_from, .. }
            if *king_from == from && *rook_from == to && rook.is_none())
            && gates_as_asked(m)
    };
    // Fairy-Stockfish's gating suffix: `b1c3h`, `e1g1h` (on the king's square), and the rook
    // moving onto its king, `h1e1h`, for a castling that gates on the rook's square.
    let fsf_gate = |m: &Move| {
        let (Promo::Token(k), None, Some(g)) = (step.promotion, step.gate, m.gating()) else {
            return false;
        };
        let on_king = m.from() == Some(from) && m.to() == to && !g.on_rook();
        let on_rook = matches!(m, Move::Castle { king_from, rook_from, .. }
            if *rook_from == from && *king_from == to && g.on_rook());
        m.promotion().is_none()
            && g.kind().is_some_and(|g| same_token(k, g))
            && (on_king || on_rook)
    };
    let matching: Vec<Move> = (legal.iter().copied())
        .filter(|m| m.from() == Some(from) && m.to() == to && promotes_as_asked(m))
        .filter(gates_as_asked)
        .filter(|m| match (rook, m) {
            (Some(r), Move::Castle { rook_from, .. }) => *rook_from == r,
            (Some(_), _) => false,
            (None, _) => true,
        })
        .collect();
    // Without `/rook`, a plain move beats the castlings whose text names their rook
    // (a king that castles one step, `d1-e1/h1`, beside its step `d1-e1`).
    let plain: Vec<&Move> = matching
        .iter()
        .filter(|m| rook.is_none() && !m.text(rules).contains('/'))
        .collect();
    if let ([m], [_, _, ..]) = (plain.as_slice(), matching.as_slice()) {
        return Ok(**m);
    }
    match matching.as_slice() {
        [m] => Ok(*m),
        [_, _, ..] => Err(Some(MoveError::Ambiguous {
            choices: matching.iter().map(|m| m.text(rules)).collect(),
        })),
        [] => (legal.iter().copied())
            .find(|m| takes_rook(m) || fsf_gate(m))
            .ok_or(None),
    }
}

/// The move a step text names that no legal move matches, for the explanation: the castling with
/// the rook it names (`/h1`) or that the king lands on (`e1h1`), else the plain move; with the
/// second part it names (a letter after the squares of a piece that does not promote reads as
/// Fairy-Stockfish's gating suffix).
pub(super) fn refused_step(work: &Position, step: &Step) -> Result<Move, MoveError> {
    let rules = work.rules();
    let me = work.to_move();
    let (from, to, rook) = (step.from, step.to, step.rook);
    let castling = |king_from, king_to, rook_from| Move::Castle {
        king_from,
        king_to,
        rook_from,
        gating: None,
    };
    let onto_rook = (rules.castling().iter())
        .find(|c| c.player == me && c.king_from == from && c.rook_from == to && rook.is_none());
    let promotes = work
        .piece_at(from)
        .is_some_and(|p| rules.kind(p.kind).promotion.is_some());
    let fsf_gate = match step.promotion {
        Promo::Token(k) if !rules.gating.is_empty() && !promotes && step.gate.is_none() => Some(k),
        _ => None,
    };
    // `h1e1h`: the rook onto its king, a castling that gates on the rook's square.
    let rook_gate = fsf_gate.and_then(|_| {
        (rules.castling().iter())
            .find(|c| c.player == me && c.rook_from == from && c.king_from == to)
    });
    let mv = match (rook, onto_rook, rook_gate) {
        (_, _, Some(c)) => castling(c.king_from, c.king_to, c.rook_from),
        (None, Some(c), _) => castling(from, c.king_to, to),
        (Some(rook_from), _, _) => castling(from, to, rook_from),
        (None, None, None) => Move::Normal {
            from,
            to,
            promotion: match step.promotion {
                Promo::None => None,
                Promo::Token(_) if fsf_gate.is_some() => None,
                Promo::Token(k) => Some(k),
                // The face of the piece on `from`, for the explanation.
                Promo::Face => work
                    .piece_at(from)
                    .and_then(|p| rules.kind_by_token(true, rules.kind(p.kind).letter)),
                // The base of the face on `from`, for the explanation.
                Promo::Base => work
                    .piece_at(from)
                    .and_then(|p| rules.kind_by_token(false, rules.kind(p.kind).letter)),
            },
            gating: None,
        },
    };
    let gate = match (step.gate, fsf_gate) {
        (Some(g), _) => Some((g.kind, Some(g.at))),
        (None, Some(k)) => Some((k, None)),
        (None, None) => None,
    };
    let Some((kind, at)) = gate else {
        return Ok(mv);
    };
    // Where the piece goes: the square the move leaves (a castling's king or rook square).
    let on_rook = match (mv, at, rook_gate) {
        (_, None, Some(_)) => true,
        (_, None, None) => false,
        (Move::Castle { rook_from, .. }, Some(at), _) if at == rook_from => true,
        (_, Some(at), _) if Some(at) == mv.from() => false,
        (_, Some(at), _) => {
            let b = rules.board();
            return Err(malformed(
                &format!(
                    "{},{}@{}",
                    mv.text(rules),
                    rules.kind(kind).token(),
                    b.node_name(at)
                ),
                format!(
                    "a gating move places its piece on the square it leaves ({}), not on {}",
                    mv.from().map_or("", |f| b.node_name(f)),
                    b.node_name(at)
                ),
            ));
        }
    };
    let gating = if on_rook {
        Gating::on_rook_square(kind)
    } else {
        Gating::new(kind)
    };
    Ok(mv.with_gating(gating))
}
