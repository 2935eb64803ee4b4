//! Count plans: the destinations of one (kind, frame, origin) as node sets, so that perft's last
//! ply counts them from the occupancy instead of walking the rays square by square.
//!
//! Leaps are fixed sets by mode. A ride is a set too when its squares come in node order along the
//! ray (ascending or descending): the first blocker is then the lowest (or highest) occupied node
//! of the set, found by a bit scan, and the squares before it are one mask. Whether a ray is in
//! node order is read off the board as it is numbered, so the same data serves every graph: on a
//! grid numbered rank by rank every straight ride qualifies; a ride that turns through a twisted
//! centre or wraps around a cylinder usually does not, and is walked as before.

use crate::ids::{FrameId, KindId, NodeId, NodeSet, TagSet};
use crate::path::{Kind, Mode};

use super::{MoveTables, RayStep};

/// The destinations of the plain leaps of one (kind, frame, origin) by mode: moves a count can
/// take from the occupancy at once (see [`MoveTables::count_plan`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct LeapMasks {
    /// Destinations reached only on an empty square.
    pub(crate) quiet: NodeSet,
    /// Destinations reached only by capturing.
    pub(crate) capture: NodeSet,
    /// Destinations reached either way.
    pub(crate) both: NodeSet,
}

impl LeapMasks {
    /// The destinations open on this occupancy (`own`: the mover's pieces; `enemy`: the pieces
    /// it may take).
    #[inline(always)]
    pub(crate) fn reach(&self, occupied: NodeSet, own: NodeSet, enemy: NodeSet) -> NodeSet {
        self.both
            .minus(own)
            .or(self.quiet.minus(occupied))
            .or(self.capture.and(enemy))
    }
}

/// A plain ray within one 64-node word of the board, counted with bit operations: a ride whose
/// squares come in node order (its destinations are the squares before the first blocker, and
/// the blocker when it may be taken), or a step that needs its way empty (a pawn's double step).
/// One word keeps the scan a single instruction; a ray across words is walked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BitRay {
    /// A ride: every square of the ray; a step: the squares passed, which must be empty. Bits of
    /// word [`BitRay::word`] of a [`NodeSet`].
    pub(crate) squares: u64,
    /// A step: its destination, as a bit of the same word (0 for a ride).
    pub(crate) target: u64,
    /// What kind of ray.
    pub(crate) shape: RayShape,
    /// Which word of a [`NodeSet`] the squares lie in.
    pub(crate) word: u8,
    /// Move, capture or both.
    pub(crate) mode: Mode,
    /// Only from this player-relative zone (`from:ZONE`).
    pub(crate) from_zone: Option<u8>,
    /// This ride goes on from the previous bit ray of the plan, as a segment of one ray: it is
    /// read only when nothing blocked that one. A ray turning out of node order or leaving its
    /// word (round a ring, across a centre) is cut into such segments.
    pub(crate) continues: bool,
    /// The gate tags crossed from the origin up to this ray's squares: a closed gate among them
    /// stops the ray before them.
    pub(crate) gates: TagSet,
}

/// The shape of a [`BitRay`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RayShape {
    /// A ride whose squares ascend in node order.
    Ascending,
    /// A ride whose squares descend in node order.
    Descending,
    /// A step to one square ([`BitRay::target`]) over squares that must be empty.
    Step,
}

impl BitRay {
    /// The destinations of the ray on this occupancy (`occupied` and `enemy`: word
    /// [`BitRay::word`] of the occupied squares and of the pieces it may take), and whether
    /// nothing blocked it (so that a continuing segment is read).
    #[inline(always)]
    pub(crate) fn reach(&self, occupied: u64, enemy: u64) -> (u64, bool) {
        let blockers = self.squares & occupied;
        let quiet = if self.mode.quiet() { !0 } else { 0 };
        let captures = if self.mode.captures() { enemy } else { 0 };
        let first = match self.shape {
            RayShape::Step if blockers == 0 => {
                return (self.target & ((quiet & !occupied) | captures), false);
            }
            RayShape::Step => return (0, false),
            _ if blockers == 0 => return (self.squares & quiet, true),
            RayShape::Ascending => blockers & blockers.wrapping_neg(),
            RayShape::Descending => 1 << (63 - blockers.leading_zeros()),
        };
        let before = match self.shape {
            RayShape::Ascending => self.squares & (first - 1),
            _ => self.squares & !(first | (first - 1)),
        };
        ((before & quiet) | (first & captures), false)
    }
}

/// The count data of one (kind, frame, origin): its leap masks and its bit rays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CountPlan {
    /// The plain leaps and one-square steps.
    pub(crate) leaps: LeapMasks,
    /// Whether any leap is in `leaps` (else they need no reading).
    pub(crate) any_leap: bool,
    /// Whether every ray of the entry but its en passant rays is in the plan: then a count need
    /// walk none when no en passant capture is possible.
    pub(crate) complete: bool,
    /// Whether the entry has en passant rays.
    pub(crate) en_passant: bool,
    rays: (u32, u32),
}

/// Segments of a ride beyond this many are not worth a plan: the ray is walked.
const MAX_SEGMENTS: usize = 8;

impl MoveTables {
    /// The count plans of every entry ([`MoveTables::count_plan`]; until they are built, no
    /// entry has any), afresh. A leap that crosses one of `gate_tags` is a bit ray that knows
    /// it (a gate may close it); a ride is cut where it crosses one. An entry whose rays may reach one square twice gets a plan only
    /// when every ray is in it (the count is of the union of their destinations, and a walked
    /// ray's moves could repeat them).
    pub(crate) fn build_count_plans(&mut self, gate_tags: TagSet) {
        self.plan_index.clear();
        self.plans.truncate(1);
        self.bit_rays.clear();
        self.plan_index.reserve_exact(self.ray_ranges.len());
        self.plans.reserve(self.ray_ranges.len());
        self.bit_rays.reserve(self.rays.len());
        for e in 0..self.ray_ranges.len() {
            let (a, b) = self.ray_ranges[e];
            let rays = a as usize..b as usize;
            let first_bit_ray = self.bit_rays.len();
            let plan = self.collect_plan(rays.clone(), gate_tags);
            let whole = plan.complete && !plan.en_passant;
            let apart = || self.walked_rays_apart(&self.rays[rays.clone()]);
            if (plan.any_leap || plan.rays.1 > plan.rays.0)
                && (self.distinct[e] || whole || apart())
            {
                self.plan_index.push(self.plans.len() as u32);
                self.plans.push(plan);
            } else {
                self.plan_index.push(0);
                self.bit_rays.truncate(first_bit_ray);
                for i in rays {
                    self.rays[i].in_masks = false;
                }
            }
        }
    }

    /// Puts the plain leaps, steps and rides among `rays` (one entry) into a count plan, marking
    /// them [`super::Ray::in_masks`].
    fn collect_plan(&mut self, rays: std::ops::Range<usize>, gate_tags: TagSet) -> CountPlan {
        let first = self.bit_rays.len() as u32;
        let mut plan = CountPlan {
            complete: true,
            ..CountPlan::default()
        };
        for i in rays {
            let r = self.rays[i];
            let steps = &self.steps[r.start as usize..r.start as usize + r.len as usize];
            let last = steps[steps.len() - 1];
            let plain = !r.special && !r.en_passant;
            let leap = plain
                && !last.tags.intersects(gate_tags)
                && !r.creates_ep
                && r.from_zone.is_none()
                && (r.kind == Kind::Leap || r.len == 1);
            let masked = leap;
            let segments = if plain && !masked {
                bit_segments(r.kind, steps, gate_tags)
            } else {
                None
            };
            self.rays[i].in_masks = masked || segments.is_some();
            if masked {
                let set = match r.mode {
                    Mode::Both => &mut plan.leaps.both,
                    Mode::Move => &mut plan.leaps.quiet,
                    Mode::Capture => &mut plan.leaps.capture,
                };
                set.insert(last.node);
                plan.any_leap = true;
            }
            for (k, (squares, target, shape, word, gates)) in
                segments.into_iter().flatten().enumerate()
            {
                self.bit_rays.push(BitRay {
                    squares,
                    target,
                    shape,
                    word,
                    mode: r.mode,
                    from_zone: r.from_zone,
                    continues: k > 0,
                    gates,
                });
            }
            plan.complete &= self.rays[i].in_masks || r.en_passant;
            plan.en_passant |= r.en_passant;
        }
        plan.rays = (first, self.bit_rays.len() as u32);
        plan
    }

    /// The count plan of kind `k` in frame `f` on `n`: the destinations of its rays marked
    /// [`super::Ray::in_masks`], as leap masks and bit rays; `None` when it has none.
    #[inline(always)]
    pub(crate) fn count_plan(
        &self,
        k: KindId,
        f: FrameId,
        n: NodeId,
    ) -> Option<(&CountPlan, &[BitRay])> {
        let e = (k.index() * self.frames + f.index()) * self.nodes + n.index();
        let i = self.plan_index.get(e).copied().unwrap_or(0) as usize;
        if i == 0 {
            return None;
        }
        let plan = &self.plans[i];
        let (a, b) = plan.rays;
        Some((plan, &self.bit_rays[a as usize..b as usize]))
    }
}

/// One bit ray of a ray: squares, target, shape, word and gate tags crossed (see [`BitRay`]).
type Segment = (u64, u64, RayShape, u8, TagSet);

/// The bit rays of one ray, at most [`MAX_SEGMENTS`].
type Segments = arrayvec::ArrayVec<Segment, MAX_SEGMENTS>;

/// A ray as bit rays: a step (or a leap from a zone, or across a gate) as one, its destination
/// and the squares passed in one word; a ride cut into segments, each in node order within one
/// word and behind the same gates (of `gate_tags`). `None` when the ray does not fit (a step
/// across words, a ride of too many segments).
fn bit_segments(kind: Kind, steps: &[RayStep], gate_tags: TagSet) -> Option<Segments> {
    let word = |s: &RayStep| (s.node.index() >> 6) as u8;
    let gates = |s: &RayStep| TagSet(s.tags.0 & gate_tags.0);
    let bit = |s: &RayStep| 1u64 << (s.node.index() & 63);
    let (last, passed) = steps.split_last()?;
    if kind != Kind::Ride {
        if kind != Kind::Leap && passed.iter().any(|s| word(s) != word(last)) {
            return None;
        }
        let squares = match kind {
            Kind::Leap => 0,
            _ => passed.iter().fold(0, |m, s| m | bit(s)),
        };
        let mut one = Segments::new();
        one.push((squares, bit(last), RayShape::Step, word(last), gates(last)));
        return Some(one);
    }
    let mut segments = Segments::new();
    let mut start = 0;
    while start < steps.len() {
        let mut end = start + 1;
        let mut up = None;
        while end < steps.len()
            && word(&steps[end]) == word(&steps[start])
            && gates(&steps[end]) == gates(&steps[start])
        {
            let ascends = steps[end].node > steps[end - 1].node;
            if up.is_some_and(|u| u != ascends) {
                break;
            }
            up = Some(ascends);
            end += 1;
        }
        let squares = steps[start..end].iter().fold(0, |m, s| m | bit(s));
        let shape = match up {
            Some(false) => RayShape::Descending,
            _ => RayShape::Ascending,
        };
        segments
            .try_push((squares, 0, shape, word(&steps[start]), gates(&steps[start])))
            .ok()?;
        start = end;
    }
    Some(segments)
}
