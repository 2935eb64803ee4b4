//! `[[capture]] rule = "overturn"`: every unbroken line of other players' pieces along one of
//! the listed board directions from the moved piece, closed at its far end by a piece of the
//! mover, changes owner: those pieces are the mover's from then on (Othello's flips). Nothing
//! leaves the board. With `compulsory = true` a move that turns nothing over is no move (the
//! legality filter `rules::filters::compulsory_effects` asks [`MoveEffect::compulsory`]).
//!
//! ```toml
//! [[capture]]
//! rule = "overturn"
//! directions = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
//! compulsory = true
//! ```

use std::sync::Arc;

use super::{AfterMove, EffectContext, EffectSlice, Found, MoveEffect};
use crate::rules::{CaptureRule, DirId, Rules};
use crate::spec::variant::CaptureSpec;

/// The compiled rule: the board directions it looks along, and whether a move must turn
/// something over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Overturn {
    directions: Vec<DirId>,
    compulsory: bool,
}

impl EffectSlice for Overturn {
    const RULE: CaptureRule = CaptureRule::Overturn;

    /// Nothing is removed: no removals are booked (the pieces turned over are kept apart).
    fn build(spec: &CaptureSpec, cx: &mut dyn EffectContext) -> Option<Arc<dyn MoveEffect>> {
        let directions = cx.required_directions(spec)?;
        Some(Arc::new(Overturn {
            directions,
            compulsory: spec.compulsory,
        }))
    }
}

impl MoveEffect for Overturn {
    fn apply(&self, after: &dyn AfterMove, found: &mut Found) {
        let (board, mover, to) = (after.rules().board(), after.mover(), after.destination());
        for &d in &self.directions {
            let mut at = to;
            let mut run = 0;
            // The line's pieces of other players, up to the first square that is not one.
            let closed = loop {
                let Some(next) = board.step(at, d) else {
                    break false;
                };
                at = next.to;
                match after.piece_at(at) {
                    Some((owner, _)) if owner != mover => run += 1,
                    Some(_) => break run > 0,
                    None => break false,
                }
            };
            if closed {
                let mut back = to;
                for _ in 0..run {
                    back = board.step(back, d).expect("the line walked above").to;
                    found.turn_over(back);
                }
            }
        }
    }

    fn compulsory(&self) -> bool {
        self.compulsory
    }

    fn summary(&self, rules: &Rules) -> String {
        let board = rules.board();
        let dirs: Vec<&str> = (self.directions.iter())
            .map(|&d| board.direction_name(d))
            .collect();
        format!(
            "after a move: lines of other players' pieces closed by the mover's turn over, along {}{}",
            dirs.join(" "),
            if self.compulsory {
                " (a move that turns nothing over is no move)"
            } else {
                ""
            }
        )
    }
}

#[cfg(test)]
mod tests {
    //! The rule applied to a hand-made view of a position: the slice needs nothing else.
    use super::super::test_view::view;
    use super::*;

    /// The squares turned over after White lands on `to` among `pieces`, sorted.
    fn turned(to: &str, pieces: &[&str]) -> Vec<String> {
        let after = view("variants/flipello.toml", to, false, pieces);
        let effect = after.rules.effects[0].clone();
        let mut found = Found::default();
        effect.apply(&after, &mut found);
        let b = after.rules.board();
        let mut out: Vec<String> = (found.turned().iter())
            .map(|n| b.node_name(n).to_string())
            .collect();
        out.sort();
        out
    }

    #[test]
    fn closed_lines_turn_over_open_ones_do_not() {
        // e4 to a closed line d4-c4 (b4 White), a closed diagonal f5 (g6 White), an open
        // line e5-e6 (nothing behind) and a gap: e3 empty, e2 Black.
        let pieces = [
            "d4:p", "c4:p", "b4:P", "f5:p", "g6:P", "e5:p", "e6:p", "e2:p",
        ];
        assert_eq!(turned("e4", &pieces), ["c4", "d4", "f5"]);
    }

    #[test]
    fn a_neighbour_of_the_mover_closes_nothing() {
        // White's own piece next to e4, then Black's: nothing between to turn over.
        assert!(turned("e4", &["e5:P", "e6:p", "e7:P"]).is_empty());
        // A line that runs to the edge stays.
        assert!(
            turned(
                "a1",
                &["b1:p", "c1:p", "d1:p", "e1:p", "f1:p", "g1:p", "h1:p"]
            )
            .is_empty()
        );
    }
}
