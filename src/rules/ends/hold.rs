//! `hold`: a player wins when, at the start of his turn, a piece of his stands in his goal zone:
//! he brought it there and it survived every reply (Jeson Mor: a knight on e5 that the opponent
//! could not capture or drive away), as Fairy-Stockfish plays its built-in `jesonmor`.
//!
//! With `safe = true` (dobutsu shogi's try) the piece must stand there unattacked, and it is
//! judged at the start of every turn for every player: a piece that arrives where no opponent
//! attacks it wins at once; one that arrives attacked must survive the reply and stand
//! unattacked at a later turn start. Two players holding at once draw.
//!
//! ```toml
//! [outcome]
//! hold = { piece = "knight", zone = "center" }
//! hold = { zone = "center" }                    # any piece of his
//! hold = { piece = "lion", zone = "far", safe = true }
//! ```

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict};
use crate::ids::PlayerId;
use crate::rules::Rules;

/// `hold`: a piece standing in its owner's zone at the start of his turn wins.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct HoldSpec {
    /// The piece name that must hold the zone; any piece of the player when omitted.
    #[cfg_attr(feature = "schema", schemars(with = "Option<String>"))]
    piece: Option<Spanned<String>>,
    /// A player-relative zone name (or a board zone).
    #[cfg_attr(feature = "schema", schemars(with = "String"))]
    zone: Spanned<String>,
    /// The piece must stand unattacked, judged for every player at every turn start: an
    /// unattacked arrival wins at once (dobutsu's try); two players holding draw.
    #[serde(default)]
    safe: bool,
}

/// The slice.
pub(super) struct Hold;

impl EndSlice for Hold {
    const KEY: &'static str = "hold";
    const ABOUT: &'static str = "A piece (of this kind) that stands in its owner's zone at the start of his turn wins: it arrived and survived the replies (Jeson Mor). With `safe`, at any turn start, unattacked (dobutsu's try).";
    type Spec = HoldSpec;

    fn build(spec: &HoldSpec, cx: &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>> {
        let zone = cx.zone(&spec.zone);
        let pieces = spec.piece.as_ref().map(std::slice::from_ref);
        let kinds = cx.kind_mask(pieces, "`hold`");
        let safe = spec.safe;
        (kinds != 0).then(|| Arc::new(HoldRule { kinds, zone, safe }) as Arc<dyn DeclaredEnd>)
    }
}

/// Holding a zone, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct HoldRule {
    /// The kinds that hold (bit `k`: kind `k`).
    kinds: u32,
    /// The player-relative zone (index of [`Rules::zone`]).
    zone: usize,
    /// The piece must stand unattacked; judged for every player.
    safe: bool,
}

impl DeclaredEnd for HoldRule {
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        if !self.safe {
            let p = turn.to_move();
            return turn
                .has_piece_in(p, self.kinds, self.zone)
                .then(|| Verdict::wins(p));
        }
        let mut holders = turn
            .players_from_last_mover()
            .filter(|&p| self.holds_safely(turn, p));
        let first = holders.next()?;
        Some(match holders.next() {
            None => Verdict::wins(first),
            Some(_) => Verdict::draw(turn.to_move()),
        })
    }

    fn summary(&self, rules: &Rules) -> String {
        if self.safe {
            return format!(
                "hold: {} in {} that no opponent attacks at the start of a turn wins (both: draw)",
                self.pieces(rules),
                rules.zone_name(self.zone)
            );
        }
        format!(
            "hold: {} in {} at the start of its owner's turn wins",
            self.pieces(rules),
            rules.zone_name(self.zone)
        )
    }

    fn describe(&self, rules: &Rules, _p: PlayerId, _entry: u8) -> String {
        let how = if self.safe {
            "where nothing could take it"
        } else {
            "through the replies"
        };
        format!(
            "a {} held {} {how}",
            self.names(rules),
            rules.zone_name(self.zone)
        )
    }
}

impl HoldRule {
    /// Whether a piece of `p` of the rule's kinds stands in his zone unattacked.
    fn holds_safely(&self, turn: &dyn TurnStart, p: PlayerId) -> bool {
        turn.rules().zone(self.zone, p).iter().any(|n| {
            turn.piece_at(n)
                .is_some_and(|(o, k)| o == p && self.kinds & (1 << k.index()) != 0)
                && !turn.attacked_by_others(n, p)
        })
    }

    /// The kinds the rule counts, in words: "a piece" when it counts every kind, else their
    /// names joined with `+`.
    fn pieces(&self, rules: &Rules) -> String {
        if self.kinds.count_ones() as usize == rules.kinds().len() {
            "a piece".to_string()
        } else {
            self.names(rules)
        }
    }

    /// The names of the kinds the rule counts, joined with `+`.
    fn names(&self, rules: &Rules) -> String {
        let names: Vec<&str> = (rules.kind_ids())
            .filter(|k| self.kinds & (1 << k.index()) != 0)
            .map(|k| rules.kind(k).name.as_str())
            .collect();
        names.join("+")
    }
}

#[cfg(test)]
mod tests {
    //! The rule judged on a hand-made view of a position: the slice needs nothing else.
    use super::super::TestTurn as Turn;
    use super::*;

    /// Jeson Mor's rule and a view with one knight of `owner` on `square`, `to_move` to move.
    fn judged(owner: u8, square: &str, to_move: u8) -> Option<Verdict> {
        let rules = Rules::load("variants/jesonmor.toml").expect("jesonmor loads");
        let d = rules
            .outcome()
            .declared("hold")
            .expect("a hold rule")
            .clone();
        let node = rules.board().node(square).expect("a square");
        let knight = rules.kind_by_letter('N').expect("a knight");
        let turn = Turn {
            rules,
            to_move: PlayerId::seat(to_move),
            pieces: vec![(node, PlayerId::seat(owner), knight)],
            attacked: Vec::new(),
        };
        d.rule.judge(&turn)
    }

    /// Dobutsu's try and a view with lions (owner, square) and the attacked squares.
    fn tried(lions: &[(u8, &str)], attacked: &[&str], to_move: u8) -> Option<Verdict> {
        let rules = Rules::load("variants/dobutsu.toml").expect("dobutsu loads");
        let d = rules
            .outcome()
            .declared("hold")
            .expect("a hold rule")
            .clone();
        let lion = rules.kind_by_letter('L').expect("a lion");
        let node = |s: &str| rules.board().node(s).expect("a square");
        let pieces = lions
            .iter()
            .map(|&(o, s)| (node(s), PlayerId::seat(o), lion))
            .collect();
        let attacked = attacked.iter().map(|s| node(s)).collect();
        let turn = Turn {
            to_move: PlayerId::seat(to_move),
            pieces,
            attacked,
            rules,
        };
        d.rule.judge(&turn)
    }

    #[test]
    fn a_lion_on_the_far_rank_unattacked_wins_at_any_turn_start() {
        let (white, black) = (PlayerId::seat(0), PlayerId::seat(1));
        assert_eq!(
            tried(&[(0, "b4")], &[], 1),
            Some(Verdict::wins(white)),
            "at once"
        );
        assert_eq!(tried(&[(0, "b4")], &[], 0), Some(Verdict::wins(white)));
        assert_eq!(tried(&[(1, "a1")], &[], 0), Some(Verdict::wins(black)));
        assert_eq!(
            tried(&[(0, "b4")], &["b4"], 1),
            None,
            "attacked: the reply first"
        );
        assert_eq!(tried(&[(0, "b4")], &["b4"], 0), None, "still attacked");
        assert_eq!(tried(&[(0, "b3")], &[], 1), None, "not the far rank");
        assert_eq!(tried(&[(1, "b4")], &[], 0), None, "not gote's far rank");
        assert_eq!(
            tried(&[(0, "a4"), (1, "c1")], &[], 0),
            Some(Verdict::draw(white))
        );
    }

    #[test]
    fn a_knight_on_e5_at_its_owners_turn_wins() {
        assert_eq!(judged(0, "e5", 0), Some(Verdict::wins(PlayerId::seat(0))));
        assert_eq!(judged(1, "e5", 1), Some(Verdict::wins(PlayerId::seat(1))));
    }

    #[test]
    fn the_opponent_replies_first_and_other_squares_do_not_count() {
        assert_eq!(judged(0, "e5", 1), None, "black still has his reply");
        assert_eq!(judged(0, "d5", 0), None, "d5 is not the goal");
    }
}
