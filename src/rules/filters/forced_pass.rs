//! `[moves] pass_when_stuck = true`: a player with no legal move passes, as Fairy-Stockfish's
//! `passOnStalemate` (Othello). The pass is the null move of his first royal or, with none, of
//! his first piece on the board (`a1a1`, as Fairy-Stockfish writes it); it is one ply. It is
//! offered only while the board has an empty node and the player a piece on it: on a full
//! board, or without a piece, he is stalemated, and the stalemate rules end the game (Othello:
//! `stalemate_count`, the stones counted).

use std::sync::Arc;

use super::{Candidates, FilterInputs, FilterSlice, LegalityFilter};
use crate::rules::Rules;

/// The key that declares the rule.
pub(crate) const KEY: &str = "pass_when_stuck";

/// The compiled rule: it has no parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ForcedPass;

impl FilterSlice for ForcedPass {
    const KEY: &'static str = KEY;

    fn build(inputs: &FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>> {
        (inputs.spec.moves)
            .pass_when_stuck
            .then(|| Arc::new(ForcedPass) as Arc<dyn LegalityFilter>)
    }
}

impl LegalityFilter for ForcedPass {
    fn retain(&self, moves: &mut dyn Candidates) {
        if moves.any(&mut |_| true) {
            return;
        }
        let turn = moves.turn_start();
        let rules = turn.rules();
        let on_board: u32 = (rules.player_ids())
            .map(|p| turn.count_pieces(p, u32::MAX))
            .sum();
        if on_board < rules.board().node_count() as u32 {
            moves.add_pass();
        }
    }

    fn summary(&self, _rules: &Rules) -> Option<String> {
        Some("moves: a player without a move passes (while the board has an empty node)".into())
    }
}
