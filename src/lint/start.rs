//! The game as a whole: a start position whose side to move has no legal move
//! (`lint::start-without-moves`; the side not to move in check is already an error), and mate
//! relied on without a royal piece (`lint::mate-without-royal`), and captures possible before
//! anyone moved (`lint::start-captures`).

use super::Context;
use crate::diagnostic::{Code, Diagnostic};
use std::sync::Arc;

use crate::ids::{NodeId, PlayerId, PlayerSet};
use crate::position::Position;
use crate::rules::Rules;

/// The side to move has no legal move in the start position: the game is over before it starts.
pub(super) fn start_without_moves(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let pos = cx.start;
    if !pos.legal_moves().is_empty() {
        return;
    }
    let player = &cx.rules.player(pos.to_move()).name;
    let how = if pos.is_check() {
        "is checkmated"
    } else {
        "has no legal move"
    };
    out.push(
        Diagnostic::new(
            Code::LintStartWithoutMoves,
            cx.spec.start.span.clone(),
            format!("in the start position {player}, to move, {how}: the game ends before it begins"),
        )
        .label("this start position")
        .help("check the position text (pieces, side to move) and the pieces' patterns in their frames"),
    );
}

/// No piece is royal, and mate is the only way the game could be won: no material, reach,
/// check-count or captured-material victory, and stalemate is a draw.
pub(super) fn mate_without_royal(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    if rules.kinds().iter().any(|k| k.royal) {
        return;
    }
    let outcome = &cx.spec.outcome;
    let stalemate_decides = outcome
        .stalemate
        .as_ref()
        .is_some_and(|s| s.value != crate::rules::Policy::Draw)
        || !outcome.stalemate_by_players.is_empty();
    let other_end = !outcome.declared.is_empty()
        || outcome.checks.is_some()
        || !outcome.captured.is_empty()
        || stalemate_decides;
    if other_end {
        return;
    }
    let (span, message) = match &outcome.checkmate {
        Some(checkmate) => (
            checkmate.span.clone(),
            "`checkmate` can never apply: no piece is royal, so no player is ever in check, and the outcome has no other way to win",
        ),
        None => (
            cx.spec.name.span.clone(),
            "no piece is royal, so nobody is ever mated, and the outcome has no other way to win",
        ),
    };
    out.push(
        Diagnostic::new(Code::LintMateWithoutRoyal, span, message)
            .label("relies on mate")
            .help("make the king royal (`royal = true`), or end the game another way (`[outcome] material`, `reach`, `stalemate = \"eliminate\"`)"),
    );
}

/// Some player can capture in the start position: on most boards a link or frame that joins
/// squares it should not (a seam glued the wrong way, a frame turning a player's pawns).
/// Games that start in contact (Clobber, 3 Man Chess's centre, a torus) say so in
/// `[lints] allow`.
pub(super) fn start_captures(cx: &Context<'_>, out: &mut Vec<Diagnostic>) {
    let rules = cx.rules;
    let board = rules.board();
    let found: Vec<String> = capture_targets(cx.start)
        .into_iter()
        .map(|(by, targets)| {
            let more = match targets.len() {
                1 => String::new(),
                2 => " (and 1 more square)".to_string(),
                n => format!(" (and {} more squares)", n - 1),
            };
            let first = board.node_name(targets[0]);
            format!("{} can take on {first}{more}", rules.player(by).name)
        })
        .collect();
    if found.is_empty() {
        return;
    }
    out.push(
        Diagnostic::new(
            Code::LintStartCaptures,
            cx.spec.start.span.clone(),
            format!(
                "in the start position a capture is already possible: {}",
                super::listed(&found)
            ),
        )
        .label("this start position")
        .help("on most boards this is a link or frame joining squares it should not (see `chessgraph links`); if the game starts in contact, add `allow = [\"start-captures\"]` to `[lints]`"),
    );
}

/// Whether some player can capture in the start position of `rules` (`lint::start-captures`
/// would fire): `import fsf` writes the allowance into such files, whose games start in contact
/// on purpose.
pub(crate) fn start_has_captures(rules: &Arc<Rules>) -> bool {
    !capture_targets(&Position::start(rules)).is_empty()
}

/// Each live player who attacks another's piece in `pos`, with the squares of those pieces.
fn capture_targets(pos: &Position) -> Vec<(PlayerId, Vec<NodeId>)> {
    let rules = pos.rules();
    let board = rules.board();
    rules
        .player_ids()
        .filter(|&p| pos.is_alive(p))
        .filter_map(|by| {
            let targets: Vec<NodeId> = board
                .node_ids()
                .filter(|&n| {
                    pos.piece_at(n).is_some_and(|piece| piece.owner != by)
                        && pos.attacked_by(n, PlayerSet::only(by))
                })
                .collect();
            (!targets.is_empty()).then_some((by, targets))
        })
        .collect()
}
