//! The effects a variant declares after a move, one file each: a *slice* holds the rule's name in
//! `[[capture]]`, its validation with located diagnostics, its compiled form, what it does to the
//! position a move produced, and its summary line for `snapshot`.
//!
//! A new after-move effect is a new file here implementing [`EffectSlice`] and one line in
//! [`EFFECTS`] (plus its `mod` line and its name in [`CaptureRule`]). The engine knows the effects
//! only through [`MoveEffect`], applied after every move to an [`AfterMove`], the narrow view of
//! the position the move produced (the position comes later in the data flow, so it implements
//! the view). Every effect looks at the same position: what they find is collected in
//! [`Found`] and removed at once afterwards, whichever effect found it, so their order never
//! matters.
//!
//! The captures judged with numbers (`reach`, `line`, `enclose`: Rithmomachia's) stay with the
//! engine's numbers step, which keeps stacks and captured material; like the count plans of the
//! hot path they are specialised, and the reference walker checks them.

mod custodian;
mod explosion;

use std::fmt;
use std::sync::Arc;

use arrayvec::ArrayVec;

use super::{CaptureRule, DirId, KindId, Rules};
use crate::ids::{NodeId, PlayerId};
use crate::limits::MAX_REMOVALS;
use crate::spec::variant::{CaptureSpec, DirNames};

/// Every after-move effect slice, by the `rule` of `[[capture]]` that declares it.
pub(crate) const EFFECTS: &[EffectFamily] = &[
    EffectFamily::of::<custodian::Custodian>(),
    EffectFamily::of::<explosion::Explosion>(),
];

/// A compiled after-move effect of a variant, applied to the position every move produced.
pub trait MoveEffect: fmt::Debug + Send + Sync {
    /// Collects in `found` the pieces the effect removes from the position `after` shows.
    fn apply(&self, after: &dyn AfterMove, found: &mut Found);

    /// Whether a capture by `by` landing on `at`, on the position `after` shows, would remove
    /// one of `by`'s own royals: such a capture is never legal, so `by`'s attack on a royal on
    /// `at` gives no check (atomic chess: kings side by side). `after`'s mover and destination
    /// mean nothing here.
    fn shields(&self, _after: &dyn AfterMove, _at: NodeId, _by: PlayerId) -> bool {
        false
    }

    /// The effect in `snapshot`'s and `check`'s summary: one line, in the file's terms.
    fn summary(&self, rules: &Rules) -> String;
}

/// The position a move produced (the moved piece on its destination, what it displaced gone),
/// as the after-move effects see it.
pub trait AfterMove {
    /// The rules of the game.
    fn rules(&self) -> &Rules;
    /// The player who moved.
    fn mover(&self) -> PlayerId;
    /// Where the moved piece stands now.
    fn destination(&self) -> NodeId;
    /// The owner and kind of the piece on `node`.
    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)>;
    /// Whether the move took a piece of another player.
    fn captured(&self) -> bool;
}

/// The nodes whose pieces the effects of one move remove, each once. At most [`MAX_REMOVALS`]:
/// the load-time limit ([`EffectContext::reserve_removals`]) keeps every move within it.
#[derive(Clone, Debug, Default)]
pub struct Found(ArrayVec<NodeId, MAX_REMOVALS>);

impl Found {
    /// Marks the piece on `node` as removed (once, however many effects find it).
    pub fn capture(&mut self, node: NodeId) {
        if !self.0.contains(&node) {
            // The load-time limit keeps this within capacity.
            let _ = self.0.try_push(node);
        }
    }

    /// The nodes found, in the order they were found.
    pub fn nodes(&self) -> &[NodeId] {
        &self.0
    }
}

/// An after-move effect as a slice: the `[[capture]]` rule that declares it and how an entry
/// compiles.
pub(crate) trait EffectSlice {
    /// The `rule` of `[[capture]]` that declares the effect.
    const RULE: CaptureRule;
    /// Validates the entry and compiles the effect; every problem goes to `cx`, located.
    fn build(spec: &CaptureSpec, cx: &mut dyn EffectContext) -> Option<Arc<dyn MoveEffect>>;
}

/// What an effect slice may ask of the rules under construction while it compiles.
pub(crate) trait EffectContext {
    /// The entry's `directions`, each a direction of the board and listed once; a missing or
    /// empty list is reported (such a rule would never act) and gives `None`.
    fn required_directions(&mut self, spec: &CaptureSpec) -> Option<Vec<DirId>>;
    /// Books `n` more removals per move for the entry's list `at`: one move removes at most
    /// [`MAX_REMOVALS`] pieces, and going past that is reported there.
    fn reserve_removals(&mut self, n: usize, at: &DirNames);
    /// The kinds a list names, as bits (`0` when there is no list); unknown names are reported,
    /// naming the key `context`.
    fn kind_mask(&mut self, names: Option<&DirNames>, context: &str) -> u32;
}

/// One registered effect slice, as the builder calls it.
pub(crate) struct EffectFamily {
    /// The `rule` of `[[capture]]` that declares it.
    pub rule: CaptureRule,
    build: fn(&CaptureSpec, &mut dyn EffectContext) -> Option<Arc<dyn MoveEffect>>,
}

impl EffectFamily {
    /// The family of slice `S`.
    const fn of<S: EffectSlice>() -> Self {
        EffectFamily {
            rule: S::RULE,
            build: S::build,
        }
    }

    /// The slice for `rule`, if the rule is a slice's.
    pub fn find(rule: CaptureRule) -> Option<&'static EffectFamily> {
        EFFECTS.iter().find(|f| f.rule == rule)
    }

    /// Compiles one `[[capture]]` entry of this family.
    pub fn build(
        &self,
        spec: &CaptureSpec,
        cx: &mut dyn EffectContext,
    ) -> Option<Arc<dyn MoveEffect>> {
        (self.build)(spec, cx)
    }
}
