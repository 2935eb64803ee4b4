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
mod overturn;
mod petrify;

use std::fmt;
use std::sync::Arc;

use arrayvec::ArrayVec;

use super::{CaptureRule, DirId, KindId, Rules};
use crate::ids::{NodeId, NodeSet, PlayerId};
use crate::limits::MAX_REMOVALS;
use crate::spec::variant::{CaptureSpec, DirNames};

/// Every after-move effect slice, by the `rule` of `[[capture]]` that declares it.
pub(crate) const EFFECTS: &[EffectFamily] = &[
    EffectFamily::of::<custodian::Custodian>(),
    EffectFamily::of::<explosion::Explosion>(),
    EffectFamily::of::<petrify::Petrify>(),
    EffectFamily::of::<overturn::Overturn>(),
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

    /// Whether a piece of kind `k` can never capture: every capture of it would remove it, and
    /// it is royal, so its attacks threaten nothing (petrified chess: a king that took would
    /// turn to stone). `rules`: the variant's.
    fn disarms(&self, _rules: &Rules, _k: KindId) -> bool {
        false
    }

    /// Whether a move this effect finds nothing for is no move (`overturn` with `compulsory`:
    /// Othello's placements, legal only where they enclose).
    fn compulsory(&self) -> bool {
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
    /// The kind of the moved piece as it was before the move (a pawn that promoted is a pawn
    /// here); `None` where the view knows no more than the destination's piece.
    fn moved_kind(&self) -> Option<KindId> {
        None
    }
}

/// The nodes whose pieces the effects of one move remove, each once. At most [`MAX_REMOVALS`]:
/// the load-time limit ([`EffectContext::reserve_removals`]) keeps every move within it.
#[derive(Clone, Debug, Default)]
pub struct Found {
    nodes: ArrayVec<NodeId, MAX_REMOVALS>,
    left: Option<KindId>,
    turned: NodeSet,
}

impl Found {
    /// Marks the piece on `node` as removed (once, however many effects find it).
    pub fn capture(&mut self, node: NodeId) {
        if !self.nodes.contains(&node) {
            // The load-time limit keeps this within capacity.
            let _ = self.nodes.try_push(node);
        }
    }

    /// Removes the moved piece from its destination and leaves a neutral piece of kind `k`
    /// there (a stone): unmake clears the destination first, so it goes with the move.
    pub fn turn_to(&mut self, destination: NodeId, k: KindId) {
        self.capture(destination);
        self.left = Some(k);
    }

    /// Marks the piece on `node` as turned over: it becomes the mover's where it stands
    /// (`overturn`), unless another effect removes it.
    pub fn turn_over(&mut self, node: NodeId) {
        self.turned.insert(node);
    }

    /// The nodes whose pieces turn over.
    pub fn turned(&self) -> &NodeSet {
        &self.turned
    }

    /// Whether the effects found nothing to do.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty() && self.left.is_none() && self.turned.is_empty()
    }

    /// The nodes found, in the order they were found.
    pub fn nodes(&self) -> &[NodeId] {
        &self.nodes
    }

    /// The kind [`Found::turn_to`] leaves on the destination, if an effect asked for one.
    pub fn left(&self) -> Option<KindId> {
        self.left
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
    /// The kind with this piece name; an unknown name is reported, naming the key `context`.
    fn kind_named(&mut self, name: &toml::Spanned<String>, context: &str) -> Option<KindId>;
    /// The kinds declared so far, in order.
    fn kinds(&self) -> &[super::PieceKind];
    /// Reports a problem.
    fn error(&mut self, d: crate::diagnostic::Diagnostic);
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

/// A hand-made view of a position after a move, for the slices' unit tests.
#[cfg(test)]
pub(super) mod test_view {
    use std::sync::Arc;

    use super::AfterMove;
    use crate::ids::{KindId, NodeId, PlayerId};
    use crate::rules::Rules;

    /// Pieces on squares (owner, letter), the mover, where his piece landed and whether it took.
    pub(crate) struct After {
        pub(crate) rules: Arc<Rules>,
        pub(crate) to: NodeId,
        pub(crate) captured: bool,
        pub(crate) pieces: Vec<(NodeId, PlayerId, KindId)>,
    }

    impl AfterMove for After {
        fn rules(&self) -> &Rules {
            &self.rules
        }
        fn mover(&self) -> PlayerId {
            PlayerId::seat(0)
        }
        fn destination(&self) -> NodeId {
            self.to
        }
        fn captured(&self) -> bool {
            self.captured
        }
        fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
            (self.pieces.iter())
                .find(|(n, _, _)| *n == node)
                .map(|&(_, p, k)| (p, k))
        }
    }

    /// A view of `file`'s rules with pieces given as `"e4:N"` (upper case White, lower case
    /// Black), White's piece landed on `to`.
    pub(crate) fn view(file: &str, to: &str, captured: bool, pieces: &[&str]) -> After {
        let rules = crate::load(file).expect("loads");
        let b = rules.board();
        let pieces = (pieces.iter())
            .map(|s| {
                let (sq, letter) = s.split_once(':').expect("square:letter");
                let c = letter.chars().next().expect("a letter");
                let seat = if c.is_uppercase() { 0 } else { 1 };
                let kind = rules
                    .kind_by_letter(c.to_ascii_uppercase())
                    .expect("a kind");
                (b.node(sq).expect("a square"), PlayerId::seat(seat), kind)
            })
            .collect();
        After {
            to: b.node(to).expect("a square"),
            captured,
            pieces,
            rules,
        }
    }
}
