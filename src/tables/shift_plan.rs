//! Shift plans: the steps and leaps of one (kind, frame) as translations of node numbers, so that
//! perft's last ply counts the moves of every piece of the kind at once (all of a side's pawns in
//! a few word operations) instead of piece by piece.
//!
//! A ray of a (kind, frame) is a translation when, from every origin where it exists, its squares
//! lie the same node numbers away from the origin. On a grid numbered rank by rank a pawn's step,
//! a knight's leap and a king's step are; a ray that wraps round a cylinder or turns through a
//! twisted centre is not, and its kind keeps the count plans of `count_plan.rs`. Whether a ray is
//! a translation is read off the compiled rays, so the same data serves every graph.

use crate::ids::{FrameId, KindId, NodeId, NodeSet, TagSet};
use crate::path::{Kind, Mode};

use super::MoveTables;

/// Most squares a shifted step passes (which must be empty).
const MAX_PASSED: usize = 3;

/// One translation of a (kind, frame): from every node of `origins`, a ray to the node `offset`
/// numbers away, over the nodes `passed` numbers away (which must be empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShiftRay {
    /// Where the ray exists (its walk completes).
    pub(crate) origins: NodeSet,
    /// The offsets of the squares passed, which must be empty (a step's; none for a leap).
    passed: [i16; MAX_PASSED],
    /// How many of `passed` there are.
    npassed: u8,
    /// The offset of the destination.
    pub(crate) offset: i16,
    /// Move, capture or both.
    pub(crate) mode: Mode,
    /// Only from this player-relative zone (`from:ZONE`).
    pub(crate) from_zone: Option<u8>,
    /// This ray has the offset and mode of the one before it: from one origin they reach one
    /// square, which is one move (their origins are joined before the shift).
    pub(crate) joins: bool,
}

impl ShiftRay {
    /// The offsets of the squares passed.
    pub(crate) fn passed(&self) -> &[i16] {
        &self.passed[..self.npassed as usize]
    }
}

/// The key of a ray as a translation: offsets passed, offset, mode and zone.
type Key = ([i16; MAX_PASSED], u8, i16, Mode, Option<u8>);

impl MoveTables {
    /// The shift plans of every (kind, frame) ([`MoveTables::shift_plan`]), afresh, once the count
    /// plans are built (until then no (kind, frame) has one). A (kind, frame) gets one when every ray it has from any origin but its en
    /// passant rays is a plain step or leap in its count plan, crosses none of `gate_tags`,
    /// passes at most [`MAX_PASSED`] squares and is a translation; and when no two of its
    /// translations with one offset but different modes could give one move twice.
    pub(crate) fn build_shift_plans(&mut self, gate_tags: TagSet) {
        self.shift_index.clear();
        self.shift_ranges.clear();
        self.shift_rays.clear();
        let combos = self.ray_ranges.len() / self.nodes.max(1);
        for c in 0..combos {
            let plan = self.translations(c, gate_tags);
            let index = match plan {
                Some(mut rays) if !rays.is_empty() => {
                    rays.sort_by_key(|r| (r.offset, r.mode as u8));
                    for i in 1..rays.len() {
                        rays[i].joins = rays[i].offset == rays[i - 1].offset
                            && rays[i].mode == rays[i - 1].mode;
                    }
                    let start = self.shift_rays.len() as u32;
                    self.shift_rays.extend(rays);
                    self.shift_ranges
                        .push((start, self.shift_rays.len() as u32));
                    self.shift_ranges.len() as u32
                }
                _ => 0,
            };
            self.shift_index.push(index);
        }
    }

    /// The translations of (kind, frame) number `c`, or `None` when some ray is not one (see
    /// [`MoveTables::build_shift_plans`]).
    fn translations(&self, c: usize, gate_tags: TagSet) -> Option<Vec<ShiftRay>> {
        let mut keys: Vec<(Key, NodeSet)> = Vec::new();
        for n in 0..self.nodes {
            let (a, b) = self.ray_ranges[c * self.nodes + n];
            for r in &self.rays[a as usize..b as usize] {
                if r.en_passant {
                    continue;
                }
                let steps = self.steps(r);
                if r.special
                    || r.kind == Kind::Ride
                    || !r.in_masks
                    || steps.iter().any(|s| s.tags.intersects(gate_tags))
                {
                    return None;
                }
                let off = |s: &super::RayStep| i16::try_from(s.node.index() as i64 - n as i64);
                let (last, before) = steps.split_last()?;
                let mut passed = [0i16; MAX_PASSED];
                let npassed = if r.kind == Kind::Step {
                    before.len()
                } else {
                    0
                };
                if npassed > MAX_PASSED {
                    return None;
                }
                for (p, s) in passed.iter_mut().zip(&before[..npassed]) {
                    *p = off(s).ok()?;
                }
                let key = (passed, npassed as u8, off(last).ok()?, r.mode, r.from_zone);
                match keys.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, origins)) => origins.insert(NodeId(n as u16)),
                    None => keys.push((key, NodeSet::from_nodes([NodeId(n as u16)]))),
                }
            }
        }
        // Two modes on one offset give one move twice where both apply (the walk keeps one),
        // except a quiet move and a capture, which never apply on one occupancy.
        let clash = keys.iter().any(|((_, _, o, m, _), _)| {
            keys.iter().any(|((_, _, o2, m2, _), _)| {
                o == o2 && m != m2 && (*m == Mode::Both || *m2 == Mode::Both)
            })
        });
        if clash {
            return None;
        }
        Some(
            keys.into_iter()
                .map(
                    |((passed, npassed, offset, mode, from_zone), origins)| ShiftRay {
                        origins,
                        passed,
                        npassed,
                        offset,
                        mode,
                        from_zone,
                        joins: false,
                    },
                )
                .collect(),
        )
    }

    /// Whether the board has at most 64 nodes: a shift plan counts on one word.
    #[inline(always)]
    pub(crate) fn one_word(&self) -> bool {
        self.nodes <= 64
    }

    /// The shift plan of kind `k` in frame `f` and its number (an index among the plans), if it
    /// has one.
    #[inline(always)]
    pub(crate) fn shift_plan(&self, k: KindId, f: FrameId) -> Option<(u32, &[ShiftRay])> {
        let i = *self.shift_index.get(k.index() * self.frames + f.index())?;
        let (a, b) = *self.shift_ranges.get((i as usize).checked_sub(1)?)?;
        Some((i, &self.shift_rays[a as usize..b as usize]))
    }
}

/// A set of nodes as a shift plan counts it: one word on a board of at most 64 nodes, a whole
/// [`NodeSet`] on a larger one.
pub(crate) trait Bits: Copy {
    /// The set as this type (the first word of it for `u64`).
    fn of(s: &NodeSet) -> Self;
    /// The nodes in both sets.
    fn and(self, o: Self) -> Self;
    /// The nodes in either set.
    fn or(self, o: Self) -> Self;
    /// The nodes not in the set.
    fn not(self) -> Self;
    /// The set moved by `d` node numbers.
    fn shift(self, d: i32) -> Self;
    /// The number of nodes.
    fn count(self) -> u32;
    /// Whether the set has a node.
    fn any(self) -> bool;
}

impl Bits for u64 {
    #[inline(always)]
    fn of(s: &NodeSet) -> u64 {
        s.word(0)
    }
    #[inline(always)]
    fn and(self, o: u64) -> u64 {
        self & o
    }
    #[inline(always)]
    fn or(self, o: u64) -> u64 {
        self | o
    }
    #[inline(always)]
    fn not(self) -> u64 {
        !self
    }
    #[inline(always)]
    fn shift(self, d: i32) -> u64 {
        // Offsets on a board of 64 nodes are below 64 either way.
        if d >= 0 { self << d } else { self >> -d }
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline(always)]
    fn any(self) -> bool {
        self != 0
    }
}

impl Bits for NodeSet {
    #[inline(always)]
    fn of(s: &NodeSet) -> NodeSet {
        *s
    }
    #[inline(always)]
    fn and(self, o: NodeSet) -> NodeSet {
        NodeSet::and(self, o)
    }
    #[inline(always)]
    fn or(self, o: NodeSet) -> NodeSet {
        NodeSet::or(self, o)
    }
    #[inline(always)]
    fn not(self) -> NodeSet {
        self.complement()
    }
    #[inline(always)]
    fn shift(self, d: i32) -> NodeSet {
        self.shifted(d)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.len()
    }
    #[inline(always)]
    fn any(self) -> bool {
        !self.is_empty()
    }
}

/// The occupancy a shift plan is counted on.
pub(crate) struct ShiftBoard<B> {
    /// Every occupied node.
    pub(crate) occupied: B,
    /// The pieces of the side to move.
    pub(crate) own: B,
    /// The pieces it may take.
    pub(crate) enemy: B,
}

/// The moves of the pieces on `pieces` (one kind and frame, with the plan `rays`) on this
/// occupancy, and the captures among them when `captures` is asked for: `None` when one of them
/// lands on `listed` (it must be listed). `zone(z)` is the mover's zone `z`.
#[inline(always)]
pub(crate) fn shift_count<'z, B: Bits>(
    rays: &[ShiftRay],
    pieces: B,
    board: &ShiftBoard<B>,
    zone: impl Fn(u8) -> &'z NodeSet,
    listed: B,
    captures: bool,
) -> Option<(u32, u32)> {
    let (mut all, mut taken) = (0, 0);
    let mut from = B::of(&NodeSet::default());
    let empty = board.occupied.not();
    for (i, r) in rays.iter().enumerate() {
        let mut x = pieces.and(B::of(&r.origins));
        if let Some(z) = r.from_zone {
            x = x.and(B::of(zone(z)));
        }
        for &d in r.passed() {
            x = x.and(empty.shift(-i32::from(d)));
        }
        from = from.or(x);
        if rays.get(i + 1).is_some_and(|n| n.joins) {
            continue;
        }
        let open = match r.mode {
            Mode::Move => empty,
            Mode::Capture => board.enemy,
            Mode::Both => board.own.not(),
        };
        let dest = from.shift(i32::from(r.offset)).and(open);
        from = B::of(&NodeSet::default());
        if dest.and(listed).any() {
            return None;
        }
        all += dest.count();
        if captures && r.mode != Mode::Move {
            taken += dest.and(board.enemy).count();
        }
    }
    Some((all, taken))
}
