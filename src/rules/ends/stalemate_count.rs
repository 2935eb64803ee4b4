//! `stalemate_count`: a stalemate is adjudicated by counting pieces. The stalemated player (to
//! move, not in check, without a legal move) compares his count of pieces on the board with
//! that of the player who moved last: fewer, equal or more each have their result (suicide
//! chess: the player with fewer pieces wins, equal counts draw), as Fairy-Stockfish's
//! `stalematePieceCount`.
//!
//! ```toml
//! [outcome]
//! stalemate_count = { fewer = "win", equal = "draw", more = "loss" }
//! ```

use std::cmp::Ordering;
use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict, result_word};
use crate::ids::PlayerId;
use crate::rules::{Policy, Rules};

/// `stalemate_count`: what a stalemate does to the stalemated player, by his count of pieces
/// against the last mover's.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct StalemateCountSpec {
    /// He has fewer pieces: `loss` (`eliminate`), `draw` or `win`.
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))]
    fewer: Spanned<Policy>,
    /// Equal counts.
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))]
    equal: Spanned<Policy>,
    /// He has more pieces.
    #[cfg_attr(feature = "schema", schemars(with = "Policy"))]
    more: Spanned<Policy>,
}

/// The slice.
pub(super) struct StalemateCount;

impl EndSlice for StalemateCount {
    const KEY: &'static str = "stalemate_count";
    const ABOUT: &'static str = "A stalemate is adjudicated by counting pieces on the board: the stalemated player's result when he has fewer pieces than the player who moved last, as many, or more (suicide chess: `{ fewer = \"win\", equal = \"draw\", more = \"loss\" }`); it replaces `stalemate`.";
    type Spec = StalemateCountSpec;

    fn build(
        spec: &StalemateCountSpec,
        _cx: &mut dyn BuildContext,
    ) -> Option<Arc<dyn DeclaredEnd>> {
        Some(Arc::new(StalemateCountRule {
            fewer: *spec.fewer.get_ref(),
            equal: *spec.equal.get_ref(),
            more: *spec.more.get_ref(),
        }))
    }
}

/// The results by count, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct StalemateCountRule {
    fewer: Policy,
    equal: Policy,
    more: Policy,
}

impl DeclaredEnd for StalemateCountRule {
    /// Judges stalemates only ([`DeclaredEnd::stalemate`]).
    fn judge(&self, _turn: &dyn TurnStart) -> Option<Verdict> {
        None
    }

    fn stalemate(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        let p = turn.to_move();
        let all = u32::MAX;
        let (ours, theirs) = (
            turn.count_pieces(p, all),
            turn.count_pieces(turn.last_mover(), all),
        );
        let (policy, entry) = match ours.cmp(&theirs) {
            Ordering::Less => (self.fewer, 0),
            Ordering::Equal => (self.equal, 1),
            Ordering::Greater => (self.more, 2),
        };
        Some(Verdict::applies(p, policy).by_entry(entry))
    }

    fn summary(&self, _rules: &Rules) -> String {
        format!(
            "stalemate_count: the stalemated player with fewer pieces: {}; as many: {}; more: {}",
            result_word(self.fewer),
            result_word(self.equal),
            result_word(self.more)
        )
    }

    fn describe(&self, _rules: &Rules, _p: PlayerId, entry: u8) -> String {
        let how = ["fewer pieces", "as many pieces", "more pieces"];
        format!(
            "stalemate, the stalemated player having {}",
            how[usize::from(entry).min(2)]
        )
    }
}

#[cfg(test)]
mod tests {
    //! The rule judged on a hand-made view of a stalemate: the slice needs nothing else.
    use super::super::TestTurn as Turn;
    use super::*;

    /// Suicide's rule on a stalemate of `to_move` with these counts.
    fn judged(to_move: u8, counts: [u32; 2]) -> (Option<Verdict>, Option<Verdict>) {
        let rules = Rules::load("variants/suicide.toml").expect("suicide loads");
        let d = rules
            .outcome()
            .declared("stalemate_count")
            .expect("a stalemate_count rule")
            .clone();
        // Pawns on the first squares, as many as each player has.
        let pawn = rules.kind_by_letter('P').expect("a pawn");
        let mut nodes = rules.board().node_ids().collect::<Vec<_>>().into_iter();
        let mut pieces = Vec::new();
        for (p, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                let node = nodes.next().expect("room on the board");
                pieces.push((node, PlayerId::seat(p as u8), pawn));
            }
        }
        let turn = Turn {
            rules,
            to_move: PlayerId::seat(to_move),
            pieces,
            attacked: Vec::new(),
        };
        (d.rule.judge(&turn), d.rule.stalemate(&turn))
    }

    #[test]
    fn the_stalemated_player_with_fewer_pieces_wins_with_more_loses_equal_draws() {
        let white = PlayerId::seat(0);
        let black = PlayerId::seat(1);
        assert_eq!(judged(0, [2, 3]).1, Some(Verdict::wins(white)));
        assert_eq!(
            judged(1, [2, 3]).1,
            Some(Verdict::applies(black, Policy::Eliminate).by_entry(2))
        );
        assert_eq!(judged(0, [4, 4]).1, Some(Verdict::draw(white).by_entry(1)));
    }

    #[test]
    fn turns_that_are_no_stalemate_are_left_alone() {
        assert_eq!(judged(0, [1, 9]).0, None, "judged only when stalemated");
    }
}
