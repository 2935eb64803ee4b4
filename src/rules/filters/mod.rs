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
mod compulsory_effects;
mod facing_break;
mod forced_pass;
mod must_capture;
mod must_drop;
mod royal_takes_checker;
mod sole_royal;

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use super::effects::MoveEffect;
use super::ends::TurnStart;
use super::{KindId, PieceKind, Rules};
use crate::ids::{DirId, NodeId, NodeSet};
use crate::spec::variant::VariantSpec;

/// Every legality-filter slice, in the order the filters apply (the order matters: a
/// compulsory capture is judged among the moves the filters before it left).
pub(crate) const FILTERS: &[FilterFamily] = &[
    FilterFamily::of::<capture_bars::CaptureBars>(),
    FilterFamily::of::<royal_takes_checker::RoyalTakesChecker>(),
    FilterFamily::of::<sole_royal::SoleRoyal>(),
    FilterFamily::of::<must_capture::MustCapture>(),
    FilterFamily::of::<facing_break::FacingBreak>(),
    FilterFamily::of::<must_drop::MustDrop>(),
    FilterFamily::of::<compulsory_effects::CompulsoryEffects>(),
    FilterFamily::of::<forced_pass::ForcedPass>(),
];

/// A compiled legality filter of a variant: it takes away generated moves.
pub(crate) trait LegalityFilter: Any + fmt::Debug + Send + Sync {
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

    /// Where the summary line stands.
    fn section(&self) -> Section {
        Section::Moves
    }
}

/// Where a filter's line stands in the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Section {
    /// With the move rules, after the outcome (`moves: ...`).
    Moves,
    /// With the rules of lines on the board, after the captures and the facing royals.
    Lines,
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
    /// The kind it drops, when it is a drop.
    pub(crate) dropped: Option<KindId>,
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
    /// How many pieces of kind `k` the side to move holds in hand.
    fn in_hand(&self, k: KindId) -> u32;
    /// The position the moves are generated in.
    fn position(&self) -> &dyn PositionView;
    /// Keeps the moves `played` does not hold for, and of the others those after which `keep`
    /// holds for the position they lead to (each move played and taken back; the next player
    /// is to move there). The order of the moves left may change.
    fn retain_after(
        &mut self,
        played: &mut dyn FnMut(&Candidate) -> bool,
        keep: &mut dyn FnMut(&dyn PositionView) -> bool,
    );
    /// Adds the pass (`[moves] pass`: the null move of the royal of the side to move) at the
    /// end.
    fn add_pass(&mut self);
    /// The position the moves are generated in, as the end rules see a turn start.
    fn turn_start(&self) -> &dyn TurnStart;
    /// Keeps the moves after which every one of `effects` would find something to do (judged
    /// on the position as the move would leave it, without playing it).
    fn retain_effective(&mut self, effects: &[Arc<dyn MoveEffect>]);
    /// Keeps the moves after which `keep` holds of the move and the position it leads to (each
    /// move is played on a copy and taken back: only the variants whose filters ask pay for it).
    fn retain_played(&mut self, keep: &mut dyn FnMut(&Candidate, &dyn TurnStart) -> bool);
}

/// A position as the filters see it: the one the moves are generated in, or one a move leads
/// to.
pub(crate) trait PositionView {
    /// Whether a royal of the player to move faces a live opponent's royal along one of the
    /// board directions `dirs`, with nothing between.
    fn royals_face(&self, dirs: &[DirId]) -> bool;
}

/// What a filter slice reads while it compiles.
pub(crate) struct FilterInputs<'a> {
    /// The variant as read.
    pub(crate) spec: &'a VariantSpec,
    /// The pieces, validated.
    pub(crate) kinds: &'a [PieceKind],
    /// The board directions of `[facing_royals]`, validated (empty without the table).
    pub(crate) facing: &'a [DirId],
    /// The after-move effects, compiled.
    pub(crate) effects: &'a [Arc<dyn MoveEffect>],
}

/// A legality filter as a slice: how the keys that declare it compile.
pub(crate) trait FilterSlice {
    /// The key that declares the filter, as the README and the summaries name it.
    const KEY: &'static str;
    /// Compiles the filter when the variant declares it.
    fn build(inputs: &FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>>;
}

/// [`FilterSlice::build`].
type BuildFilter = fn(&FilterInputs<'_>) -> Option<Arc<dyn LegalityFilter>>;

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
    pub(crate) fn build(inputs: &FilterInputs<'_>) -> Filters {
        let mut filters = Filters::default();
        for family in FILTERS {
            let Some(f) = (family.build)(inputs) else {
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

    /// The summary lines of the filters of `section`, in order.
    pub(crate) fn summary_lines<'a>(
        &'a self,
        rules: &'a Rules,
        section: Section,
    ) -> impl Iterator<Item = String> + 'a {
        (self.pseudo.iter().chain(&self.legal))
            .filter(move |f| f.section() == section)
            .filter_map(|f| f.summary(rules))
    }

    /// The compiled filter of type `T`, when the variant declares it.
    fn find<T: LegalityFilter>(&self) -> Option<&T> {
        (self.pseudo.iter().chain(&self.legal)).find_map(|f| (&**f as &dyn Any).downcast_ref::<T>())
    }
}

// The keys of the filters whose refusals `play` explains in their own words, the test of the
// one that acts in check, and the lines of the one the end rule `facing_pass` looks along.
pub(crate) use facing_break::lines as facing_break_lines;
pub(crate) use must_capture::KEY as MUST_CAPTURE;
pub(crate) use royal_takes_checker::{KEY as ROYAL_TAKES_CHECKER, refuses};
pub(crate) use sole_royal::SoleRoyal;

/// A candidate list for the slices' unit tests: moves as [`Candidate`]s, the checkers, and
/// which royals face.
#[cfg(test)]
#[derive(Default)]
pub(super) struct TestMoves {
    /// The moves.
    pub(super) moves: Vec<Candidate>,
    /// The checkers.
    pub(super) checkers: NodeSet,
    /// The hand of the side to move, by kind (missing kinds: none).
    pub(super) hand: Vec<u32>,
    /// Whether the royals face now.
    pub(super) facing: bool,
    /// The destinations of the moves that end the facing.
    pub(super) breaking: NodeSet,
    /// The destinations of the moves an effect finds something to do after.
    pub(super) effective: NodeSet,
}

/// [`TestMoves`]' position, or the position after one of its moves: whether the royals face.
#[cfg(test)]
struct TestView(bool);

#[cfg(test)]
impl PositionView for TestView {
    fn royals_face(&self, _dirs: &[DirId]) -> bool {
        self.0
    }
}

#[cfg(test)]
impl TestMoves {
    /// The pass [`Candidates::add_pass`] adds: the royal on node 0 stays there.
    pub(super) const PASS: Candidate = Candidate {
        from: Some(NodeId(0)),
        to: NodeId(0),
        mover: Some(KindId(0)),
        captures: false,
        victim: None,
        moves_royal: true,
        ordinary: true,
        dropped: None,
    };
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
    fn position(&self) -> &dyn PositionView {
        static VIEWS: [TestView; 2] = [TestView(false), TestView(true)];
        &VIEWS[usize::from(self.facing)]
    }
    fn retain_after(
        &mut self,
        played: &mut dyn FnMut(&Candidate) -> bool,
        keep: &mut dyn FnMut(&dyn PositionView) -> bool,
    ) {
        let (facing, breaking) = (self.facing, self.breaking);
        self.moves
            .retain(|m| !played(m) || keep(&TestView(facing && !breaking.contains(m.to))));
    }
    fn add_pass(&mut self) {
        self.moves.push(Self::PASS);
    }
    fn in_hand(&self, k: KindId) -> u32 {
        self.hand.get(k.index()).copied().unwrap_or(0)
    }
    fn turn_start(&self) -> &dyn TurnStart {
        unreachable!("the slices tested on this list never look at the position")
    }
    fn retain_played(&mut self, _keep: &mut dyn FnMut(&Candidate, &dyn TurnStart) -> bool) {
        unreachable!("the slices tested on this list never play the moves")
    }
    fn retain_effective(&mut self, _effects: &[Arc<dyn MoveEffect>]) {
        let effective = self.effective;
        self.moves.retain(|m| effective.contains(m.to));
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
            dropped: None,
        }
    }
}
