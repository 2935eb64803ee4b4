//! The end rules a variant declares in `[outcome]`, one file each: a *slice* holds the rule's key
//! and its value's type (which the JSON Schema and the README key table are made from), its
//! validation with located diagnostics, its compiled form, how it judges a turn, its summary line
//! for `snapshot` and its words for a finished game.
//!
//! A new end rule is a new file here implementing [`EndSlice`] and one line in [`FAMILIES`] (plus
//! its `mod` line). The engine knows the rules only through [`DeclaredEnd`], judged at the start
//! of every turn on a [`TurnStart`], the narrow view of a position the rules may look at (the
//! position comes later in the data flow, so it implements the view, not the other way round).
//!
//! Checkmate, stalemate, the last player standing, `checks` (its count of checks given is part
//! of the position and its text) and Rithmomachia's victories (`captured`, `progression`, which
//! read the captured material the position keeps) are judged by the engine itself, in the order
//! the README gives.

mod bare_royal;
mod facing_pass;
mod hold;
mod mate_series;
mod material;
mod passes;
mod reach;
mod stalemate_count;

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use toml::Spanned;

use super::{KindId, PieceKind, Policy, Rules};
use crate::diagnostic::Diagnostic;
use crate::ids::{NodeId, PlayerId};
use crate::spec::variant::{DeclaredKey, read_declared};

/// Every end-rule slice, in the order they are judged at the start of a turn (a slice with
/// [`EndSlice::BEFORE_CHECKS`] comes before `checks`, the others after it).
pub(crate) const FAMILIES: &[EndFamily] = &[
    EndFamily::of::<reach::Reach>(),
    EndFamily::of::<bare_royal::BareRoyal>(),
    EndFamily::of::<material::Material>(),
    EndFamily::of::<hold::Hold>(),
    EndFamily::of::<stalemate_count::StalemateCount>(),
    EndFamily::of::<passes::Passes>(),
    EndFamily::of::<facing_pass::FacingPass>(),
    EndFamily::of::<mate_series::MateSeries>(),
];

/// A compiled end rule of a variant, judged at the start of every turn.
pub(crate) trait DeclaredEnd: fmt::Debug + Send + Sync {
    /// What the rule says of the turn about to start: `None` while it does not apply.
    fn judge(&self, turn: &dyn TurnStart) -> Option<Verdict>;

    /// What the rule says of a stalemate (the player to move has no legal move and is not in
    /// check), instead of the `stalemate` policy: `None` to leave it to the policy.
    fn stalemate(&self, _turn: &dyn TurnStart) -> Option<Verdict> {
        None
    }

    /// What the rule says of a checkmate of the player to move, instead of the `checkmate`
    /// policy: `None` to leave it to the policy.
    fn checkmate(&self, _turn: &dyn TurnStart) -> Option<Verdict> {
        None
    }

    /// The kinds (bit `k`: kind `k`) whose checks mark a player's series of checks (see
    /// [`TurnStart::series_held`]); 0 for a rule that does not look at the series.
    fn series_kinds(&self) -> u32 {
        0
    }

    /// The rule in `snapshot`'s and `check`'s summary: one line (or more), in the file's terms.
    fn summary(&self, rules: &Rules) -> String;

    /// Why the game ended by this rule, in words (`entry`: the [`Verdict::entry`]; `p`: the
    /// winner, or the player to move for a draw).
    fn describe(&self, rules: &Rules, p: PlayerId, entry: u8) -> String;
}

/// What an end rule decided: `policy` applies to `player` (he wins, the game is drawn, or he
/// is out; with two players in, the other then wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    /// The player the policy applies to.
    pub(crate) player: PlayerId,
    /// What happens to him.
    pub(crate) policy: Policy,
    /// Which entry of the rule decided (for rules with several, such as `material`).
    pub(crate) entry: u8,
}

impl Verdict {
    /// `player` wins.
    pub(crate) fn wins(player: PlayerId) -> Self {
        Verdict::applies(player, Policy::Win)
    }

    /// The game is drawn (`player`: the player to move).
    pub(crate) fn draw(player: PlayerId) -> Self {
        Verdict::applies(player, Policy::Draw)
    }

    /// `policy` applies to `player`.
    pub(crate) fn applies(player: PlayerId, policy: Policy) -> Self {
        Verdict {
            player,
            policy,
            entry: 0,
        }
    }

    /// The same verdict, by entry `entry` of the rule.
    pub(crate) fn by_entry(self, entry: u8) -> Self {
        Verdict { entry, ..self }
    }
}

/// The position at the start of a turn, as the end rules see it.
pub(crate) trait TurnStart {
    /// The rules of the game.
    fn rules(&self) -> &Rules;
    /// The player whose turn starts.
    fn to_move(&self) -> PlayerId;
    /// The live player who moved last (the player to move himself when he is the only one).
    fn last_mover(&self) -> PlayerId;
    /// Whether `p` is still in the game.
    fn is_alive(&self, p: PlayerId) -> bool;
    /// The owner and kind of the piece on `node`.
    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)>;
    /// How many pieces `p` has on the board of the kinds in `kinds` (bit `k`: kind `k`).
    fn count_pieces(&self, p: PlayerId, kinds: u32) -> u32;
    /// [`TurnStart::count_pieces`] counted no further than `cap`: the smaller of the two.
    fn count_pieces_up_to(&self, p: PlayerId, kinds: u32, cap: u32) -> u32 {
        self.count_pieces(p, kinds).min(cap)
    }
    /// Kinds (bit `k`: kind `k`) of which `p` has a piece on the board: for each of `groups`
    /// (sets of kinds), one of its kinds that he has if he has any, and maybe more.
    fn kinds_held(&self, p: PlayerId, groups: &[u32]) -> u32 {
        (0..32)
            .map(|k| 1u32 << k)
            .filter(|&bit| {
                groups.iter().any(|g| g & bit != 0) && self.count_pieces_up_to(p, bit, 1) > 0
            })
            .fold(0, |m, bit| m | bit)
    }
    /// How many pieces `p` has in hand of the kinds in `kinds` (none without hands).
    fn count_in_hand(&self, _p: PlayerId, _kinds: u32) -> u32 {
        0
    }
    /// How many passes (`[moves] pass`) were played in a row just before this turn.
    fn passes(&self) -> u8;
    /// The kinds (bit `k`: kind `k`) of the pieces that give check to the player to move.
    fn checker_kinds(&self) -> u32 {
        0
    }
    /// Whether `p`'s unbroken series of checks, up to his last move, held a check by a kind of
    /// a rule's [`DeclaredEnd::series_kinds`].
    fn series_held(&self, _p: PlayerId) -> bool {
        false
    }
    /// Whether a royal of the player to move faces an enemy royal along the directions of
    /// `[facing_royals] must_break`.
    fn royals_face(&self) -> bool;
    /// Whether a piece on `node` is attacked by a live player other than `p` (could be taken
    /// there, as check is judged).
    fn attacked_by_others(&self, node: NodeId, p: PlayerId) -> bool;
    /// Whether some legal move of the player to move leads to a position where `test` holds
    /// (the moves are played on a copy: rules ask it rarely, perft's bulk count never).
    fn some_move_leads_to(&self, test: &dyn Fn(&dyn TurnStart) -> bool) -> bool;
}

impl dyn TurnStart + '_ {
    /// The live players from the one who moved last, in turn order (he, then the player to
    /// move, then the others).
    pub(crate) fn players_from_last_mover(&self) -> impl Iterator<Item = PlayerId> + '_ {
        let n = self.rules().players().len();
        let last = self.last_mover().index();
        (0..n)
            .map(move |k| PlayerId::seat(((last + k) % n) as u8))
            .filter(|&p| self.is_alive(p))
    }

    /// Whether a piece of `p` of a kind in `kinds` (bit `k`: kind `k`) stands in zone `zone`
    /// of `p` (an index of [`Rules::zone`]).
    pub(crate) fn has_piece_in(&self, p: PlayerId, kinds: u32, zone: usize) -> bool {
        self.rules().zone(zone, p).iter().any(|n| {
            self.piece_at(n)
                .is_some_and(|(o, k)| o == p && kinds & (1 << k.index()) != 0)
        })
    }
}

/// An end rule as a slice: its key, its value's type, and how the value compiles.
pub(crate) trait EndSlice {
    /// The key of `[outcome]` that declares the rule.
    const KEY: &'static str;
    /// What the key does, in one or two sentences: the schema's description of the key, and so
    /// the README's key table.
    const ABOUT: &'static str;
    /// Judged before `checks` (the others are judged after it).
    const BEFORE_CHECKS: bool = false;
    /// The key's value as read from the file.
    type Spec: SpecType;
    /// Validates the value and compiles the rule; every problem goes to `cx`, located.
    fn build(spec: &Self::Spec, cx: &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>>;
}

/// What the type of a slice's value must be: read by serde and, with the `schema` feature,
/// described by schemars.
#[cfg(feature = "schema")]
pub(crate) trait SpecType:
    serde::de::DeserializeOwned + schemars::JsonSchema + Send + Sync + 'static
{
}
#[cfg(feature = "schema")]
impl<T: serde::de::DeserializeOwned + schemars::JsonSchema + Send + Sync + 'static> SpecType for T {}

/// What the type of a slice's value must be: read by serde.
#[cfg(not(feature = "schema"))]
pub(crate) trait SpecType: serde::de::DeserializeOwned + Send + Sync + 'static {}
#[cfg(not(feature = "schema"))]
impl<T: serde::de::DeserializeOwned + Send + Sync + 'static> SpecType for T {}

/// What a slice may ask of the rules under construction while it compiles.
pub(crate) trait BuildContext {
    /// The piece kinds, in declaration order.
    fn kinds(&self) -> &[PieceKind];
    /// The kind with this piece name, or a located error naming `context` (e.g. "`reach`").
    fn kind_named(&mut self, name: &Spanned<String>, context: &str) -> Option<KindId>;
    /// The index of a player-relative zone name (or a board zone), as [`Rules::zone`] takes it;
    /// an unknown name is reported with the other zones.
    fn zone(&mut self, name: &Spanned<String>) -> usize;
    /// Reports a problem.
    fn error(&mut self, d: Diagnostic);
}

impl dyn BuildContext + '_ {
    /// The bits of the kinds named in `names`, or of every kind when `names` is `None`; an
    /// unknown name is reported and left out.
    pub(crate) fn kind_mask(&mut self, names: Option<&[Spanned<String>]>, context: &str) -> u32 {
        match names {
            None => (1u64 << self.kinds().len()).wrapping_sub(1) as u32,
            Some(names) => names
                .iter()
                .filter_map(|n| self.kind_named(n, context))
                .fold(0, |mask, k| mask | (1 << k.index())),
        }
    }

    /// Whether some kind is royal.
    pub(crate) fn has_royal(&self) -> bool {
        self.kinds().iter().any(|k| k.royal)
    }
}

/// [`EndSlice::build`] on a value whose type is erased.
type BuildErased =
    fn(&(dyn Any + Send + Sync), &mut dyn BuildContext) -> Option<Arc<dyn DeclaredEnd>>;

/// A slice with its types erased, as the registry holds it.
#[derive(Clone, Copy)]
pub(crate) struct EndFamily {
    /// [`EndSlice::KEY`].
    pub(crate) key: &'static str,
    /// [`EndSlice::ABOUT`] (read by the schema).
    #[cfg_attr(not(feature = "schema"), allow(dead_code))]
    pub(crate) about: &'static str,
    /// [`EndSlice::BEFORE_CHECKS`].
    pub(crate) before_checks: bool,
    read: crate::spec::outcome::ReadDeclared,
    build: BuildErased,
    /// The schema of the key's value (without its description).
    #[cfg(feature = "schema")]
    pub(crate) schema: fn(&mut schemars::SchemaGenerator) -> schemars::Schema,
}

impl EndFamily {
    /// The registry entry of slice `S`.
    const fn of<S: EndSlice>() -> Self {
        EndFamily {
            key: S::KEY,
            about: S::ABOUT,
            before_checks: S::BEFORE_CHECKS,
            read: read_declared::<S::Spec>,
            build: build_erased::<S>,
            #[cfg(feature = "schema")]
            schema: schema_of::<S::Spec>,
        }
    }

    /// Compiles a value this family read.
    pub(crate) fn build(
        &self,
        value: &(dyn Any + Send + Sync),
        cx: &mut dyn BuildContext,
    ) -> Option<Arc<dyn DeclaredEnd>> {
        (self.build)(value, cx)
    }
}

/// The keys the spec reader asks `[outcome]` for on behalf of the slices.
pub fn declared_keys() -> Vec<DeclaredKey> {
    FAMILIES
        .iter()
        .map(|f| DeclaredKey {
            key: f.key,
            read: f.read,
        })
        .collect()
}

fn build_erased<S: EndSlice>(
    value: &(dyn Any + Send + Sync),
    cx: &mut dyn BuildContext,
) -> Option<Arc<dyn DeclaredEnd>> {
    // The family read this value, so it has the family's type.
    let spec = value.downcast_ref::<S::Spec>()?;
    S::build(spec, cx)
}

#[cfg(feature = "schema")]
fn schema_of<T: schemars::JsonSchema>(
    generator: &mut schemars::SchemaGenerator,
) -> schemars::Schema {
    generator.subschema_for::<T>()
}

/// A declared end rule of compiled rules, under its key.
#[derive(Clone, Debug)]
pub(crate) struct Declared {
    /// The key of `[outcome]` that declared it.
    pub(crate) key: &'static str,
    /// Judged before `checks` (and summarised after it).
    pub(crate) before_checks: bool,
    /// The compiled rule.
    pub(crate) rule: Arc<dyn DeclaredEnd>,
}

/// The word for a policy in summaries: the rules' files say `loss` for a player put out.
pub(crate) fn result_word(p: Policy) -> &'static str {
    match p {
        Policy::Eliminate => "loss",
        Policy::Draw => "draw",
        Policy::Win => "win",
    }
}

/// A hand-made view of a position for the slices' unit tests: pieces on squares and a player to
/// move, two players, both in.
#[cfg(test)]
pub(super) struct TestTurn {
    /// The rules of the game.
    pub(super) rules: Rules,
    /// The player whose turn starts.
    pub(super) to_move: PlayerId,
    /// The pieces: node, owner, kind.
    pub(super) pieces: Vec<(NodeId, PlayerId, KindId)>,
    /// The nodes the opponents of their pieces' owners attack.
    pub(super) attacked: Vec<NodeId>,
}

#[cfg(test)]
impl TurnStart for TestTurn {
    fn rules(&self) -> &Rules {
        &self.rules
    }
    fn to_move(&self) -> PlayerId {
        self.to_move
    }
    fn last_mover(&self) -> PlayerId {
        PlayerId::seat(1 - self.to_move.index() as u8)
    }
    fn is_alive(&self, _p: PlayerId) -> bool {
        true
    }
    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
        (self.pieces.iter())
            .find(|(n, _, _)| *n == node)
            .map(|&(_, p, k)| (p, k))
    }
    fn count_pieces(&self, p: PlayerId, kinds: u32) -> u32 {
        (self.pieces.iter())
            .filter(|(_, o, k)| *o == p && kinds & (1 << k.index()) != 0)
            .count() as u32
    }
    fn passes(&self) -> u8 {
        0
    }
    fn royals_face(&self) -> bool {
        false
    }
    fn attacked_by_others(&self, node: NodeId, _p: PlayerId) -> bool {
        self.attacked.contains(&node)
    }
    fn some_move_leads_to(&self, _test: &dyn Fn(&dyn TurnStart) -> bool) -> bool {
        unreachable!("the slices tested on this view never look at the moves")
    }
}
