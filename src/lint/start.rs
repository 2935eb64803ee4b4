//! The game as a whole: a start position whose side to move has no legal move
//! (`lint::start-without-moves`; the side not to move in check is already an error), and mate
//! relied on without a royal piece (`lint::mate-without-royal`).

use super::Context;
use crate::diagnostic::{Code, Diagnostic};

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
