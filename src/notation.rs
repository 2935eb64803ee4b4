//! Move text: `from-to`, `from-to=Q`, castling as the king's move (`e1-g1`, or `e1-g1/h1` naming the
//! rook when two castlings move the king alike), and the compact `e2e4` / `e7e8q` form on input.
//!
//! Every legal move prints and parses back to itself; a move that cannot be played is rejected with
//! the reason.

use crate::board::NodeId;
use crate::movegen::{Move, Special};
use crate::position::Position;
use crate::rules::KindId;

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move of this board.
    #[error("cannot read move `{text}`: {reason}")]
    Malformed {
        /// What was given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A readable move that is not legal here.
    #[error("{0}")]
    Illegal(String),
    /// The game is over.
    #[error("the game is over: {0}")]
    GameOver(String),
}

/// The text of a move: `from-to`, `=X` for promotion, `/rook` for an ambiguous castling.
pub fn move_text(pos: &Position, m: Move) -> String {
    let rules = pos.rules();
    let b = rules.board();
    let mut s = format!("{}-{}", b.node_name(m.from), b.node_name(m.to));
    if let Some(k) = m.promotion {
        s.push('=');
        s.push(rules.kind(k).letter);
    }
    if let Special::Castle { index } = m.special {
        let c = &rules.castling()[index as usize];
        if c.ambiguous {
            s.push('/');
            s.push_str(b.node_name(c.rook_from));
        }
    }
    s
}

struct Parsed {
    from: NodeId,
    to: NodeId,
    promotion: Option<KindId>,
    rook: Option<NodeId>,
}

fn malformed(text: &str, reason: impl Into<String>) -> MoveError {
    MoveError::Malformed {
        text: text.to_string(),
        reason: reason.into(),
    }
}

fn node(pos: &Position, text: &str, name: &str) -> Result<NodeId, MoveError> {
    let b = pos.rules().board();
    b.node(name).ok_or_else(|| {
        let hint = crate::diagnostic::suggest(name, b.node_ids().map(|n| b.node_name(n)))
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        malformed(text, format!("the board has no square `{name}`{hint}"))
    })
}

fn parse_text(pos: &Position, text: &str) -> Result<Parsed, MoveError> {
    let rules = pos.rules();
    let b = rules.board();
    // Two node names and a few marks at most: refusing longer text at once keeps the search for
    // a cut of the compact form short whatever is typed.
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
    let (body, rook) = match text.split_once('/') {
        Some((a, r)) => (a, Some(node(pos, text, r)?)),
        None => (text, None),
    };
    let (body, promo) = match body.split_once('=') {
        Some((a, p)) => {
            let mut cs = p.chars();
            let k = match (cs.next(), cs.next()) {
                (Some(c), None) => rules
                    .kind_by_letter(c)
                    .ok_or_else(|| malformed(text, format!("no piece has the letter `{c}`")))?,
                _ => {
                    return Err(malformed(
                        text,
                        "write the promotion as `=` and one letter, e.g. `=Q`",
                    ));
                }
            };
            (a, Some(k))
        }
        None => (body, None),
    };
    if let Some((f, t)) = body.split_once('-') {
        return Ok(Parsed {
            from: node(pos, text, f)?,
            to: node(pos, text, t)?,
            promotion: promo,
            rook,
        });
    }
    // Compact form: two node names run together, perhaps with a promotion letter at the end.
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
        // A promotion letter at the end: the last character, however many bytes it takes.
        if promo.is_none()
            && let Some(last) = rest.chars().next_back()
            && rest.len() > last.len_utf8()
        {
            let t = &rest[..rest.len() - last.len_utf8()];
            if let (Some(to), Some(k)) = (b.node(t), rules.kind_by_letter(last)) {
                found.push((from, to, Some(k)));
            }
        }
    }
    match found.as_slice() {
        [(from, to, promotion)] => Ok(Parsed {
            from: *from,
            to: *to,
            promotion: *promotion,
            rook,
        }),
        [] => Err(malformed(
            text,
            "expected `from-to` with square names (e.g. `e2-e4`, `e7-e8=Q`)",
        )),
        _ => Err(malformed(
            text,
            "the squares can be read more than one way; write `from-to`",
        )),
    }
}

/// Reads a move of the side to move and checks that it is legal, or says why not.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let text = text.trim();
    let rules = pos.rules().clone();
    let b = rules.board();
    let p = parse_text(pos, text)?;
    let mut work = pos.clone();
    let mut scratch = Vec::new();
    if let (Some(outcome), _) = work.resolve(&mut scratch) {
        return Err(MoveError::GameOver(match outcome {
            crate::position::Outcome::Winner(w) => format!("{} has won", rules.player(w).name),
            crate::position::Outcome::Stalemate(s) => {
                format!("{} is stalemated: a draw", rules.player(s).name)
            }
        }));
    }
    let me = work.to_move();
    let name = |n: NodeId| b.node_name(n).to_string();
    let Some(pc) = work.piece_at(p.from) else {
        return Err(MoveError::Illegal(format!(
            "there is no piece on {}",
            name(p.from)
        )));
    };
    let kind = &rules.kind(pc.kind).name;
    if pc.owner != me {
        return Err(MoveError::Illegal(format!(
            "the {kind} on {} belongs to {}; it is {}'s turn",
            name(p.from),
            rules.player(pc.owner).name,
            rules.player(me).name
        )));
    }
    let legal: Vec<Move> = scratch;
    let candidates: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| m.from == p.from && m.to == p.to)
        .collect();
    let matching: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|m| m.promotion == p.promotion)
        .filter(|m| match (p.rook, m.special) {
            (Some(r), Special::Castle { index }) => rules.castling()[index as usize].rook_from == r,
            (Some(_), _) => false,
            (None, _) => true,
        })
        .collect();
    match matching.as_slice() {
        [m] => return Ok(*m),
        [_, _, ..] => {
            let texts: Vec<String> = matching.iter().map(|m| move_text(&work, *m)).collect();
            return Err(MoveError::Illegal(format!(
                "ambiguous: write one of {}",
                texts.join(", ")
            )));
        }
        [] => {}
    }
    if !candidates.is_empty() {
        let texts: Vec<String> = candidates.iter().map(|m| move_text(&work, *m)).collect();
        return Err(MoveError::Illegal(match p.promotion {
            None if candidates.iter().all(|m| m.promotion.is_some()) => format!(
                "the {kind} must promote on {}: write one of {}",
                name(p.to),
                texts.join(", ")
            ),
            _ => format!("write one of {}", texts.join(", ")),
        }));
    }
    // Not legal: say why.
    let mut pseudo = Vec::new();
    work.piece_moves(p.from, &mut pseudo);
    let mut all = Vec::new();
    work.pseudo_legal_moves(&mut all);
    pseudo.extend(
        all.into_iter()
            .filter(|m| m.from == p.from && matches!(m.special, Special::Castle { .. })),
    );
    if let Some(m) = pseudo.iter().find(|m| m.to == p.to) {
        let mut after = work.clone();
        after.make(*m);
        let royal = rules
            .kinds()
            .iter()
            .find(|k| k.royal)
            .map_or("royal piece", |k| k.name.as_str());
        return Err(MoveError::Illegal(format!(
            "{} would leave {}'s {royal} attacked",
            move_text(&work, *m),
            rules.player(me).name
        )));
    }
    for (i, c) in rules.castling().iter().enumerate() {
        if c.player == me
            && c.king_from == p.from
            && c.king_to == p.to
            && p.rook.is_none_or(|r| c.rook_from == r)
        {
            let why = if work.castling_rights() & (1 << i) == 0 {
                "the right to castle this way is lost".to_string()
            } else if let Some(&n) = c
                .empty
                .iter()
                .find(|&&n| n != c.king_from && n != c.rook_from && work.piece_at(n).is_some())
            {
                format!("{} is not empty", name(n))
            } else if let Some(&n) = c
                .safe
                .iter()
                .find(|&&n| work.attacked_by(n, work.alive_mask() & !(1 << me.0)))
            {
                format!("{} is attacked", name(n))
            } else {
                "its conditions are not met".to_string()
            };
            return Err(MoveError::Illegal(format!(
                "cannot castle {}-{}: {why}",
                name(p.from),
                name(p.to)
            )));
        }
    }
    if p.promotion.is_some() && rules.kind(pc.kind).promotion.is_none() {
        return Err(MoveError::Illegal(format!("a {kind} does not promote")));
    }
    let why = blocked_reason(&work, p.from, p.to)
        .map(|w| format!(": {w}"))
        .unwrap_or_default();
    Err(MoveError::Illegal(format!(
        "the {kind} on {} cannot move to {}{why}",
        name(p.from),
        name(p.to)
    )))
}

/// Why a path of the piece on `from` that does reach `to` on an empty board is not open now: a
/// closed gate, a capture across an open gate, a piece in the way, the wrong kind of target, a
/// `from:` zone. `None` when no path of the piece leads there at all.
fn blocked_reason(pos: &Position, from: NodeId, to: NodeId) -> Option<String> {
    let rules = pos.rules();
    let b = rules.board();
    let pc = pos.piece_at(from)?;
    let t = rules.tables();
    let gate_named = |tags: crate::board::TagSet, open: bool| {
        rules
            .gates()
            .iter()
            .enumerate()
            .find(|(i, g)| tags.intersects(g.tags) && (pos.gates_open() & (1 << i) != 0) == open)
            .map(|(_, g)| g.name.clone())
    };
    let mut reasons = Vec::new();
    for ray in t.rays(pc.kind, pc.frame, from) {
        let steps = t.steps(ray);
        let Some(i) = steps.iter().position(|s| s.node == to) else {
            continue;
        };
        let dest = ray.kind == crate::path::Kind::Ride || i + 1 == steps.len();
        if !dest {
            continue;
        }
        let s = steps[i];
        let target = pos.piece_at(to);
        let reason = if let Some(z) = ray.from_zone
            && !rules.zone(z as usize, pc.owner).contains(from)
        {
            format!(
                "that move is only made from {}",
                rules.zone_name(z as usize)
            )
        } else if let Some(g) = gate_named(s.tags, false) {
            format!("the way crosses `{g}`, which is closed")
        } else if let Some(blocker) = (ray.kind != crate::path::Kind::Leap)
            .then(|| steps[..i].iter().find(|x| pos.piece_at(x.node).is_some()))
            .flatten()
        {
            format!("{} is in the way", b.node_name(blocker.node))
        } else if target.is_some()
            && let Some(g) = gate_named(s.tags, true)
        {
            format!("no capture across `{g}`")
        } else if target.is_some_and(|x| x.owner == pc.owner) {
            format!("{} holds a piece of its own side", b.node_name(to))
        } else if target.is_some() && !ray.mode.captures() {
            "it captures only in another way".to_string()
        } else if target.is_none() && (ray.en_passant || !ray.mode.quiet()) {
            // (An en passant pattern finds no en passant square here: also only a capture.)
            "that move only captures, and nothing stands there".to_string()
        } else {
            continue;
        };
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    }
    (!reasons.is_empty()).then(|| reasons.join("; "))
}

/// Why a line of moves could not be played: which move (1-based), its text, and the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} `{text}`: {error}")]
pub struct LineError {
    /// 1-based number of the move in the line.
    pub index: usize,
    /// The move as written.
    pub text: String,
    /// Why it was rejected.
    pub error: MoveError,
}

/// Plays a whitespace-separated line of moves from `pos`, settling eliminations before each move.
pub fn play_line(pos: &mut Position, line: &str) -> Result<(), LineError> {
    let mut scratch = Vec::new();
    for (i, text) in line.split_whitespace().enumerate() {
        let m = parse_move(pos, text).map_err(|error| LineError {
            index: i + 1,
            text: text.to_string(),
            error,
        })?;
        let (_, _) = pos.resolve(&mut scratch);
        pos.make(m);
    }
    let (_, _) = pos.resolve(&mut scratch);
    Ok(())
}
