//! The legality filters a variant declares, one file each: a *slice* holds how the rule compiles
//! from the keys that declare it, its compiled form, which generated moves it takes away, how
//! perft's bulk count may honour it, its summary line for `snapshot`, and its unit tests.
//!
//! A new legality filter is a new file here implementing [`FilterSlice`] and one line in
//! [`FILTERS`] (plus its `mod` line; its key stays with the table that holds it, `[moves]` or a
//! piece, whose type the JSON Schema and the README key table are made from). The engine knows
//! the filters only through [`LegalityFilter`], applied to the moves of every turn through
//! [`Candidates`], the narrow view of the moves and the position they are generated in (the
//! position comes later in the data flow, so it implements the view). A variant without filters
//! pays one test of an empty list per turn.
//!
//! The royals' safety (pins, check masks, moves played and taken back), drops that would mate
//! and the gates that forbid check stay with the engine: they are the hot path's own, like the
//! count plans, and the reference walker checks them.

mod capture_bars;
mod must_capture;
mod royal_takes_checker;
mod sole_royal;

use std::fmt;
use std::sync::Arc;

use super::ends::TurnStart;
use super::{KindId, PieceKind, Rules};
use crate::ids::{NodeId, NodeSet};
use crate::spec::variant::VariantSpec;

/// Every legality-filter slice, in the order the filters apply (the order matters: a
/// compulsory capture is judged among the moves the filters before it left).
pub(crate) const FILTERS: &[FilterFamily] = &[
    FilterFamily::of::<capture_bars::CaptureBars>(),
    FilterFamily::of::<royal_takes_checker::RoyalTakesChecker>(),
    FilterFamily::of::<sole_royal::SoleRoyal>(),
    FilterFamily::of::<must_capture::MustCapture>(),
];

/// A compiled legality filter of a variant: it takes away generated moves.
pub(crate) trait LegalityFilter: fmt::Debug + Send + Sync {
    /// Removes from `moves` the moves the rule forbids.
    fn retain(&self, moves: &mut dyn Candidates);

    /// When the filter applies: to the pseudo-legal moves, before the royals' safety is judged,
    /// or to the moves that keep the royals safe.
    fn stage(&self) -> Stage {
        Stage::Legal
    }

    /// How perft's bulk count may honour the filter without listing the moves.
    fn counting(&self) -> Counting {
        Counting::Listed
    }

    /// The rule in `snapshot`'s and `check`'s summary: one line, in the file's terms (`None`
    /// when another line already says it, e.g. the piece's own).
    fn summary(&self, rules: &Rules) -> Option<String>;
}

/// When a filter applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// To the pseudo-legal moves, before the royals' safety is judged: the moves it takes away
    /// are no moves at all.
    Pseudo,
    /// To the moves that keep the royals safe.
    Legal,
}

/// How perft's bulk count may honour a filter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counting {
    /// Only by listing the moves and filtering them.
    Listed,
    /// The filter acts only while the side to move is in check, where the count lists the
    /// moves anyway.
    InCheckOnly,
    /// When some move captures, only the captures stay: the count tallies captures apart.
    CapturesFirst,
}

/// A generated move as the filters see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// Where the moved piece stood (`None`: a drop).
    pub(crate) from: Option<NodeId>,
    /// Where it lands.
    pub(crate) to: NodeId,
    /// The kind of the piece that moves (`None`: a drop).
    pub(crate) mover: Option<KindId>,
    /// Whether the move captures (en passant included; castling and drops never do).
    pub(crate) captures: bool,
    /// The kind of the piece it takes, when it takes one of another player.
    pub(crate) victim: Option<KindId>,
    /// Whether it moves a royal of the side to move.
    pub(crate) moves_royal: bool,
    /// Whether it is an ordinary move (not a castling, en passant or drop).
    pub(crate) ordinary: bool,
}

/// The generated moves of a turn and the position they are generated in, as the filters see
/// them.
pub(crate) trait Candidates {
    /// Whether some move is left that `test` holds for.
    fn any(&self, test: &mut dyn FnMut(&Candidate) -> bool) -> bool;
    /// Keeps the moves `keep` holds for, in their order.
    fn retain(&mut self, keep: &mut dyn FnMut(&Candidate) -> bool);
    /// The nodes of the live opponents' pieces that attack a royal of the side to move.
    fn checkers(&self) -> NodeSet;
    /// The position the moves are generated in, as the end rules see a turn start.
    fn position(&self) -> &dyn TurnStart;
    /// Keeps the moves after which `keep` holds of the move and the position it leads to (each
    /// move is played on a copy and taken back: only the variants whose filters ask pay for it).
    fn retain_played(&mut self, keep: &mut dyn FnMut(&Candidate, &dyn TurnStart) -> bool);
}

/// A legality filter as a slice: how the keys that declare it compile.
pub(crate) trait FilterSlice {
    /// The key that declares the filter, as the README and the summaries name it.
    const KEY: &'static str;
    /// Compiles the filter when the variant declares it (`kinds`: the pieces, validated).
    fn build(spec: &VariantSpec, kinds: &[PieceKind]) -> Option<Arc<dyn LegalityFilter>>;
}

/// [`FilterSlice::build`].
type BuildFilter = fn(&VariantSpec, &[PieceKind]) -> Option<Arc<dyn LegalityFilter>>;

/// One registered filter slice, as the builder calls it.
pub(crate) struct FilterFamily {
    /// [`FilterSlice::KEY`].
    pub(crate) key: &'static str,
    build: BuildFilter,
}

impl FilterFamily {
    /// The family of slice `S`.
    const fn of<S: FilterSlice>() -> Self {
        FilterFamily {
            key: S::KEY,
            build: S::build,
        }
    }
}

/// The legality filters of compiled rules, by stage, with what the bulk count needs to know of
/// them worked out once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Filters {
    /// The filters applied to the pseudo-legal moves, in order.
    pub(crate) pseudo: Vec<Arc<dyn LegalityFilter>>,
    /// The filters applied to the moves that keep the royals safe, in order.
    pub(crate) legal: Vec<Arc<dyn LegalityFilter>>,
    /// The keys of every filter, in order.
    keys: Vec<&'static str>,
    /// Whether perft may count without listing the moves where pins judge them: no filter, or
    /// only filters that act in check alone.
    pub(crate) pins_count: bool,
    /// Whether perft may count a variant without royals without listing its moves: no filter
    /// but ones that act in check alone or keep the captures first.
    pub(crate) royalless_count: bool,
    /// Whether a filter keeps only the captures when there are any.
    pub(crate) captures_first: bool,
}

impl Filters {
    /// Compiles the filters the variant declares, in the order of [`FILTERS`].
    pub(crate) fn build(spec: &VariantSpec, kinds: &[PieceKind]) -> Filters {
        let mut filters = Filters::default();
        for family in FILTERS {
            let Some(f) = (family.build)(spec, kinds) else {
                continue;
            };
            filters.keys.push(family.key);
            match f.stage() {
                Stage::Pseudo => filters.pseudo.push(f),
                Stage::Legal => filters.legal.push(f),
            }
        }
        let all = || filters.pseudo.iter().chain(&filters.legal);
        filters.pins_count =
            filters.pseudo.is_empty() && all().all(|f| f.counting() == Counting::InCheckOnly);
        filters.royalless_count =
            filters.pseudo.is_empty() && all().all(|f| f.counting() != Counting::Listed);
        filters.captures_first = all().any(|f| f.counting() == Counting::CapturesFirst);
        filters
    }

    /// Whether the variant declares the filter of `key`.
    pub(crate) fn declares(&self, key: &str) -> bool {
        self.keys.contains(&key)
    }

    /// The filters' summary lines, in order.
    pub(crate) fn summary_lines<'a>(
        &'a self,
        rules: &'a Rules,
    ) -> impl Iterator<Item = String> + 'a {
        (self.pseudo.iter().chain(&self.legal)).filter_map(|f| f.summary(rules))
    }
}

// The keys of the filters whose refusals `play` explains in their own words, and the test of
// the one that acts in check.
pub(crate) use must_capture::KEY as MUST_CAPTURE;
pub(crate) use royal_takes_checker::{KEY as ROYAL_TAKES_CHECKER, refuses};
pub(crate) use sole_royal::SoleRoyal;

/// A candidate list for the slices' unit tests: moves as [`Candidate`]s, and the checkers.
#[cfg(test)]
pub(super) struct TestMoves {
    /// The moves.
    pub(super) moves: Vec<Candidate>,
    /// The checkers.
    pub(super) checkers: NodeSet,
}

#[cfg(test)]
impl Candidates for TestMoves {
    fn any(&self, test: &mut dyn FnMut(&Candidate) -> bool) -> bool {
        self.moves.iter().any(test)
    }
    fn retain(&mut self, keep: &mut dyn FnMut(&Candidate) -> bool) {
        self.moves.retain(|m| keep(m));
    }
    fn checkers(&self) -> NodeSet {
        self.checkers
    }
    fn position(&self) -> &dyn TurnStart {
        unreachable!("the slices tested on this list never look at the position")
    }
    fn retain_played(&mut self, _keep: &mut dyn FnMut(&Candidate, &dyn TurnStart) -> bool) {
        unreachable!("the slices tested on this list never play the moves")
    }
}

#[cfg(test)]
impl Candidate {
    /// An ordinary move of a piece of `kind` from `from` to `to`, taking `victim`.
    pub(super) fn normal(from: NodeId, to: NodeId, kind: KindId, victim: Option<KindId>) -> Self {
        Candidate {
            from: Some(from),
            to,
            mover: Some(kind),
            captures: victim.is_some(),
            victim,
            moves_royal: false,
            ordinary: true,
        }
    }
}
