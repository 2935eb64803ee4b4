//! `mate_series`: a checkmate is judged by the series of checks that ends in it (shatar, as
//! Fairy-Stockfish's `shatarMateRule`). Each player's series is his unbroken run of moves that
//! gave check (the opponent's replies do not break it; a move of his that gives no check
//! does). The mate wins only if one check of the mating player's series was given by a piece of
//! `pieces` (a shak: rook, knight or bers); a mate given by pieces of `alone` only loses for the
//! mating player (shatar: a mate by knights alone); any other mate ends as `otherwise` says
//! (niol: a draw).
//!
//! Whether a series has held such a check is position state, one bit per player, set by every
//! move that gives check by one of `pieces`, kept by one that gives check by other pieces, and
//! cleared by one that gives none; it is part of the hash. A position read from text starts
//! every series empty, as Fairy-Stockfish does at the position it is given. The rule changes
//! no legal move.
//!
//! ```toml
//! [outcome]
//! mate_series = { pieces = ["rook", "knight", "bers"], alone = ["knight"], otherwise = "draw" }
//! ```

use std::sync::Arc;

use serde::Deserialize;
use toml::Spanned;

use super::{BuildContext, DeclaredEnd, EndSlice, TurnStart, Verdict, result_word};
use crate::ids::PlayerId;
use crate::rules::{Policy, Rules};

/// `mate_series`: a checkmate wins only after a check by one of `pieces` in the mating
/// player's unbroken series of checks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct MateSeriesSpec {
    /// The piece names whose checks make the series' mate a win (shatar's shak).
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    pieces: Vec<Spanned<String>>,
    /// The piece names that may not mate alone: a mate whose every checker is one of them is
    /// lost by the mating player.
    #[serde(default)]
    #[cfg_attr(feature = "schema", schemars(with = "Vec<String>"))]
    alone: Vec<Spanned<String>>,
    /// The result, for the mated player, of a mate whose series held no such check (`draw`
    /// unless given).
    #[cfg_attr(feature = "schema", schemars(with = "Option<Policy>"))]
    otherwise: Option<Spanned<Policy>>,
}

/// The slice.
pub(super) struct MateSeries;

impl EndSlice for MateSeries {
    const KEY: &'static str = "mate_series";
    const ABOUT: &'static str = "A checkmate wins only if the mating player's unbroken series of checks that ends in it held a check by one of `pieces` (shatar's shak); a mate by pieces of `alone` only is lost by the mating player; any other mate ends as `otherwise` says for the mated player (default `draw`).";
    type Spec = MateSeriesSpec;

    fn build(spec: &MateSeriesSpec, cx: &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>> {
        let kinds = cx.kind_mask(Some(&spec.pieces), "`mate_series` `pieces`");
        let alone = if spec.alone.is_empty() {
            0
        } else {
            cx.kind_mask(Some(&spec.alone), "`mate_series` `alone`")
        };
        let otherwise = spec
            .otherwise
            .as_ref()
            .map_or(Policy::Draw, |p| *p.get_ref());
        (kinds != 0).then(|| {
            Arc::new(MateSeriesRule {
                kinds,
                alone,
                otherwise,
            }) as Arc<dyn DeclaredEnd>
        })
    }
}

/// The rule, compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MateSeriesRule {
    /// The kinds whose checks mark a series (bit `k`: kind `k`).
    kinds: u32,
    /// The kinds that may not mate alone.
    alone: u32,
    /// What a mate without a marked series does to the mated player.
    otherwise: Policy,
}

impl DeclaredEnd for MateSeriesRule {
    /// Judges checkmates only ([`DeclaredEnd::checkmate`]).
    fn judge(&self, _turn: &dyn TurnStart) -> Option<Verdict> {
        None
    }

    fn checkmate(&self, turn: &dyn TurnStart) -> Option<Verdict> {
        let mated = turn.to_move();
        let checkers = turn.checker_kinds();
        if self.alone != 0 && checkers != 0 && checkers & !self.alone == 0 {
            return Some(Verdict::wins(mated).by_entry(1));
        }
        if turn.series_held(turn.last_mover()) {
            return Some(Verdict::applies(mated, Policy::Eliminate));
        }
        Some(Verdict::applies(mated, self.otherwise).by_entry(2))
    }

    fn series_kinds(&self) -> u32 {
        self.kinds
    }

    fn summary(&self, rules: &Rules) -> String {
        let names = |mask: u32| {
            (rules.kind_ids())
                .filter(|k| mask & (1 << k.index()) != 0)
                .map(|k| rules.kind(k).name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut s = format!(
            "mate_series: a checkmate wins only after a check by {} in the mating player's series of checks; otherwise the mated player's {}",
            names(self.kinds),
            result_word(self.otherwise)
        );
        if self.alone != 0 {
            s += &format!("; a mate by {} alone is lost", names(self.alone));
        }
        s
    }

    fn describe(&self, _rules: &Rules, _p: PlayerId, entry: u8) -> String {
        match entry {
            0 => "checkmate after a series of checks that held a decisive check",
            1 => "checkmate by pieces that may not mate alone",
            _ => "checkmate after a series of checks without a decisive check",
        }
        .to_string()
    }
}

#[cfg(test)]
mod tests {
    //! The rule judged on a hand-made view of a mate.
    use super::*;

    /// The view: the kinds checking the mated player, and whether the mater's series held.
    struct Mate {
        rules: Rules,
        checkers: u32,
        held: bool,
    }

    impl TurnStart for Mate {
        fn rules(&self) -> &Rules {
            &self.rules
        }
        fn to_move(&self) -> PlayerId {
            PlayerId::seat(1)
        }
        fn last_mover(&self) -> PlayerId {
            PlayerId::seat(0)
        }
        fn is_alive(&self, _p: PlayerId) -> bool {
            true
        }
        fn piece_at(&self, _node: crate::ids::NodeId) -> Option<(PlayerId, crate::ids::KindId)> {
            None
        }
        fn count_pieces(&self, _p: PlayerId, _kinds: u32) -> u32 {
            0
        }
        fn passes(&self) -> u8 {
            0
        }
        fn royals_face(&self) -> bool {
            false
        }
        fn attacked_by_others(&self, _node: crate::ids::NodeId, _p: PlayerId) -> bool {
            false
        }
        fn some_move_leads_to(&self, _test: &dyn Fn(&dyn TurnStart) -> bool) -> bool {
            false
        }
        fn checker_kinds(&self) -> u32 {
            self.checkers
        }
        fn series_held(&self, p: PlayerId) -> bool {
            p == PlayerId::seat(0) && self.held
        }
    }

    fn judged(letters: &str, held: bool) -> Verdict {
        let rules = Rules::load("variants/shatar.toml").expect("shatar loads");
        let rule = rules
            .outcome()
            .declared("mate_series")
            .expect("a mate_series rule")
            .rule
            .clone();
        let checkers = letters.chars().fold(0, |m, c| {
            m | 1 << rules.kind_by_letter(c).expect("a kind").index()
        });
        let mate = Mate {
            rules,
            checkers,
            held,
        };
        rule.checkmate(&mate).expect("judges every mate")
    }

    #[test]
    fn a_series_with_a_shak_wins_without_one_draws_and_knights_alone_lose() {
        let black = PlayerId::seat(1);
        assert_eq!(
            judged("B", true),
            Verdict::applies(black, Policy::Eliminate)
        );
        assert_eq!(judged("B", false), Verdict::draw(black).by_entry(2));
        assert_eq!(judged("N", true), Verdict::wins(black).by_entry(1));
        assert_eq!(judged("NR", false), Verdict::draw(black).by_entry(2));
    }
}
