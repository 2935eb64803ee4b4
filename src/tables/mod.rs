//! Compiled move tables: path programs walked once over the board, stored as flat rays.
//!
//! For every (piece kind, frame, node) the tables hold the rays a piece there can move along: each
//! ray an ordered run of [`RayStep`]s (node, frame after arriving, tags crossed so far). Move
//! generation reads only these arrays and the occupancy; nothing is allocated per move. The reverse
//! tables say, for every target node, from which origins (and through which squares) a piece of a given
//! kind and frame attacks it, so check detection never generates opponent moves.

use rustc_hash::FxHashMap;

use crate::board::Board;
use crate::ids::{DirId, FrameId, KindId, NodeId, NodeSet, TagSet};
use crate::limits::MAX_ATTACK_WAYS;
use crate::path::{Kind, Mode, Pattern};

mod count_plan;
mod shift_plan;

pub(crate) use count_plan::{BitRay, CountPlan};
pub(crate) use shift_plan::{Bits, ShiftBoard, ShiftRay, shift_count};

/// One square along a ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RayStep {
    /// The node reached.
    pub node: NodeId,
    /// The moving piece's frame after arriving there.
    pub(crate) frame: FrameId,
    /// Every tag crossed from the origin up to here.
    pub tags: TagSet,
}

/// One ray: a walked path of one pattern from one origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// Index of the pattern in its piece kind.
    pub(crate) pattern: u16,
    /// First step in [`MoveTables::steps`].
    pub(crate) start: u32,
    /// Number of steps.
    pub(crate) len: u16,
    /// Leap, step or ride.
    pub(crate) kind: Kind,
    /// Move, capture or both.
    pub(crate) mode: Mode,
    /// Only from this player-relative zone.
    pub(crate) from_zone: Option<u8>,
    /// Creates en passant squares (the squares passed).
    pub(crate) creates_ep: bool,
    /// Captures only en passant.
    pub(crate) en_passant: bool,
    /// The pattern hops or is confined to zones ([`Pattern::is_special`]): its moves are judged by
    /// the general walk, which reads the pattern.
    pub(crate) special: bool,
    /// Its destinations are in the entry's [`CountPlan`] (a plain leap or one-square step in the
    /// leap masks, or a plain ride in node order or a step as a [`BitRay`]), so a count of moves need not
    /// walk it.
    pub(crate) in_masks: bool,
}

/// One reverse entry: a piece standing on `origin` attacks the target when `between` is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Attack {
    /// Where the attacker stands.
    pub(crate) origin: NodeId,
    /// Start of the squares that must be empty, in [`MoveTables::between`].
    pub(crate) between_start: u32,
    /// Their number.
    pub(crate) between_len: u16,
    /// Which (kind, frame) combinations attack this way: bit [`MoveTables::attack_bit`].
    pub(crate) kinds: u64,
    /// Tags crossed on the way.
    pub(crate) tags: TagSet,
    /// The attack counts only when the attacker stands in this player-relative zone (`from:ZONE`).
    pub(crate) from_zone: Option<u8>,
}

/// What a hop or a zone-confined pattern asks of an attack beyond [`Attack`]'s plain
/// conditions, judged on the occupancy and the attacker's zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Screens {
    /// Exactly this many of the squares passed are occupied (`over:N`; 0 for a plain `step` or
    /// `ride`, whose way is empty).
    pub(crate) over: u8,
    /// The last screen is at most this many squares before the target (`beyond:K`); 0: any.
    pub(crate) beyond: u8,
    /// A leap: the squares passed may hold anything.
    pub(crate) leap: bool,
    /// Every square passed and the target lie in this player-relative zone of the attacker.
    pub(crate) within: Option<u8>,
    /// The target lies in this player-relative zone of the attacker.
    pub(crate) to_zone: Option<u8>,
}

/// One reverse entry of a hop or a zone-confined pattern: a plain entry whose `between` squares
/// are all those the path passes, and what they must hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SpecialAttack {
    /// Origin, squares passed, kinds, tags and `from:ZONE`.
    pub(crate) attack: Attack,
    /// The conditions on the squares passed and on zones.
    pub(crate) screens: Screens,
}

/// A piece that can take en passant on some node: its kind and frame standing on `origin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct EpTaker {
    /// Where the taker stands.
    pub(crate) origin: NodeId,
    /// Its kind.
    pub(crate) kind: KindId,
    /// Its frame (the identity for a kind whose moves do not depend on its frame).
    pub(crate) frame: FrameId,
}

/// One way to attack a target, before the tables are flattened: the attacker's origin, the
/// squares that must be empty (for a special way: every square passed) as a [`Prefixes`] id, the
/// tags crossed, the zone the attacker must stand in, and for a hop or a zone-confined pattern its
/// conditions. Two ways are the same exactly when their keys are.
type WayKey = (NodeId, u32, TagSet, Option<u8>, Option<Screens>);

/// A distinct way to attack a target: its key, where its `between` squares are stored (start and
/// length in [`MoveTables::between`]) and the bits of the (kind, frame)s that attack that way.
struct Way {
    key: WayKey,
    between: (u32, u16),
    kinds: u64,
}

/// The sequences of squares a ray passes before its targets, interned as a trie: id 0 is the
/// empty sequence, and a sequence and one more square get one id. A ray's targets share its
/// prefixes, so a long ride costs one entry per square, not one copy of the squares before each
/// target (which made a 256-node ring of riders take gigabytes).
#[derive(Default)]
struct Prefixes(FxHashMap<(u32, NodeId), u32>);

impl Prefixes {
    /// The id of sequence `prefix` followed by `node`.
    fn then(&mut self, prefix: u32, node: NodeId) -> u32 {
        let next = self.0.len() as u32 + 1;
        *self.0.entry((prefix, node)).or_insert(next)
    }
}

/// Flat move and attack tables for one variant.
#[derive(Clone, Debug, Default)]
pub struct MoveTables {
    nodes: usize,
    frames: usize,
    ray_ranges: Vec<(u32, u32)>,
    /// Per entry of `ray_ranges`: no two rays can give a move to the same square on the same
    /// occupancy, so the generator need not remember the squares it reached.
    distinct: Vec<bool>,
    /// Per entry of `ray_ranges`: index in `plans` of its count plan (0: none, `plans[0]` is empty).
    plan_index: Vec<u32>,
    plans: Vec<CountPlan>,
    /// The bit rays of every count plan, each plan's in one range.
    bit_rays: Vec<BitRay>,
    /// Per (kind, frame): 1 + index in `shift_ranges` of its shift plan (0: none).
    shift_index: Vec<u32>,
    /// The range of each shift plan in `shift_rays`.
    shift_ranges: Vec<(u32, u32)>,
    /// The translations of every shift plan.
    shift_rays: Vec<ShiftRay>,
    rays: Vec<Ray>,
    steps: Vec<RayStep>,
    attack_ranges: Vec<(u32, u32)>,
    attacks: Vec<Attack>,
    between: Vec<NodeId>,
    attack_bits: Vec<Option<u8>>,
    special_ranges: Vec<(u32, u32)>,
    /// Per target node: who takes en passant there (see [`MoveTables::en_passant_takers`]).
    ep_taker_ranges: Vec<(u32, u32)>,
    ep_takers: Vec<EpTaker>,
    special_attacks: Vec<SpecialAttack>,
}

/// What the tables need to know about one piece kind: its patterns, and whether its moves depend
/// on its frame.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KindProgram<'a> {
    /// The compiled patterns.
    pub(crate) patterns: &'a [Pattern],
    /// The piece keeps its frame (else it always stands in the identity frame).
    pub(crate) oriented: bool,
}

/// What the walker needs to know about frames.
pub(crate) struct FrameData<'a> {
    /// `images[f][d]`: board direction for player-relative `d` in frame `f`.
    pub(crate) images: &'a [Vec<DirId>],
    /// `after[f * twists + t]`.
    pub(crate) after: &'a [u8],
    /// Number of board twists.
    pub(crate) twists: usize,
}

/// Walks one path from `origin` in frame `frame`: the obviously-correct definition of the path
/// semantics that the tables are built from. Returns no step when a leap or step cannot be completed.
pub(crate) fn walk_path(
    board: &Board,
    frames: &FrameData<'_>,
    origin: NodeId,
    frame: FrameId,
    pattern: &Pattern,
    path: usize,
) -> Vec<RayStep> {
    let (dirs, stop) = (&pattern.paths[path].0, pattern.paths[path].1);
    let mut out = walk_dirs(board, frames, origin, frame, pattern, dirs, stop);
    // Other leg orders of the same jump add the tags they cross on the way to the same square.
    // Each is walked on its own, once: the time grows with the number of leg orders, no faster.
    if let Some(last) = out.last_mut() {
        for alt in &pattern.alternatives[path] {
            let alt_steps = walk_dirs(board, frames, origin, frame, pattern, alt, true);
            if let Some(a) = alt_steps.last()
                && a.node == last.node
            {
                last.tags = last.tags.union(a.tags);
            }
        }
    }
    out
}

/// The squares of the directions `dirs` walked from `origin` in frame `frame` with `pattern`'s
/// kind and avoided tags (`stop`: a ride does not repeat its last direction), each with the
/// frame on arrival and the tags crossed so far. None when a leap or step cannot be completed.
fn walk_dirs(
    board: &Board,
    frames: &FrameData<'_>,
    origin: NodeId,
    frame: FrameId,
    pattern: &Pattern,
    dirs: &[DirId],
    stop: bool,
) -> Vec<RayStep> {
    let (kind, avoid) = (pattern.kind, pattern.avoid);
    let mut out: Vec<RayStep> = Vec::new();
    let mut at = origin;
    let mut f = frame;
    let mut tags = TagSet::EMPTY;
    let mut i = 0;
    loop {
        let d = if i < dirs.len() {
            dirs[i]
        } else if kind == Kind::Ride && !stop {
            dirs[dirs.len() - 1]
        } else {
            break;
        };
        let actual = frames.images[f.index()][d.index()];
        let Some(st) = board.step(at, actual) else {
            break;
        };
        if st.tags.intersects(avoid) {
            break;
        }
        // No null move, no loop: a path ends before it comes back to a square it has passed.
        if st.to == origin || out.iter().any(|s| s.node == st.to) {
            break;
        }
        f = FrameId(frames.after[f.index() * frames.twists + st.twist.index()]);
        tags = tags.union(st.tags);
        out.push(RayStep {
            node: st.to,
            frame: f,
            tags,
        });
        at = st.to;
        i += 1;
    }
    if kind != Kind::Ride && out.len() < dirs.len() {
        out.clear();
    }
    out
}

impl MoveTables {
    /// Compiles the tables of every kind, frame and node; `None` when they would hold more than
    /// [`MAX_ATTACK_WAYS`] distinct ways to attack (the work stops there, so the time and memory
    /// a variant takes to load stay bounded).
    pub(crate) fn compile(
        board: &Board,
        frames: &FrameData<'_>,
        kinds: &[KindProgram<'_>],
    ) -> Option<Self> {
        let mut t = MoveTables::compile_rays(board, frames, kinds);
        t.build_attacks(kinds)?;
        t.build_en_passant_takers(kinds);
        Some(t)
    }

    /// The rays alone, without the attack tables: enough to compare a kind's moves across frames
    /// (the larger part of [`MoveTables::compile`] is the attacks).
    pub(crate) fn compile_rays(
        board: &Board,
        frames: &FrameData<'_>,
        kinds: &[KindProgram<'_>],
    ) -> Self {
        let nodes = board.node_count();
        let nframes = frames.images.len();
        let mut t = MoveTables {
            nodes,
            frames: nframes,
            plans: vec![CountPlan::default()],
            ..Default::default()
        };
        for (ki, k) in kinds.iter().enumerate() {
            for f in 0..nframes {
                let frame = FrameId(f as u8);
                for n in board.node_ids() {
                    let first = t.rays.len() as u32;
                    for (pi, p) in k.patterns.iter().enumerate() {
                        for path in 0..p.paths.len() {
                            let steps = walk_path(board, frames, n, frame, p, path);
                            if steps.is_empty() {
                                continue;
                            }
                            let start = t.steps.len() as u32;
                            for s in steps {
                                t.steps.push(RayStep {
                                    frame: if k.oriented {
                                        s.frame
                                    } else {
                                        FrameId::IDENTITY
                                    },
                                    ..s
                                });
                            }
                            t.rays.push(Ray {
                                pattern: pi as u16,
                                start,
                                len: (t.steps.len() as u32 - start) as u16,
                                kind: p.kind,
                                mode: p.mode,
                                from_zone: p.from_zone.map(|z| z as u8),
                                creates_ep: p.creates_ep,
                                en_passant: p.en_passant,
                                special: p.is_special(),
                                in_masks: false,
                            });
                        }
                    }
                    t.ray_ranges.push((first, t.rays.len() as u32));
                    let distinct = t.rays_reach_distinct(&t.rays[first as usize..]);
                    t.distinct.push(distinct);
                    let _ = ki;
                }
            }
        }
        t
    }

    /// The reverse index of en passant rays: for every node, the (origin, kind, frame) whose en
    /// passant ray ends there, for the frames a piece of the kind can stand in.
    fn build_en_passant_takers(&mut self, kinds: &[KindProgram<'_>]) {
        let mut per_target: Vec<Vec<EpTaker>> = vec![Vec::new(); self.nodes];
        for (ki, k) in kinds.iter().enumerate() {
            let frames = if k.oriented { self.frames } else { 1 };
            for f in 0..frames {
                for n in 0..self.nodes {
                    let (a, b) = self.ray_ranges[(ki * self.frames + f) * self.nodes + n];
                    for ray in &self.rays[a as usize..b as usize] {
                        if let Some(last) = self.steps(ray).last().filter(|_| ray.en_passant) {
                            per_target[last.node.index()].push(EpTaker {
                                origin: NodeId(n as u16),
                                kind: KindId(ki as u8),
                                frame: FrameId(f as u8),
                            });
                        }
                    }
                }
            }
        }
        for list in per_target {
            let start = self.ep_takers.len() as u32;
            self.ep_takers.extend(list);
            self.ep_taker_ranges
                .push((start, self.ep_takers.len() as u32));
        }
    }

    /// Whether no two of `rays` (the rays of one kind, frame and origin) can give moves to the
    /// same square on the same occupancy: an empty square is reached by quiet and en passant
    /// rays, an occupied one by capturing rays. A hop or zone-confined ray counts as reaching
    /// every square of its path both ways.
    fn rays_reach_distinct(&self, rays: &[Ray]) -> bool {
        // [reached on an empty square, reached on an occupied one]
        let mut reached = [NodeSet::default(); 2];
        for r in rays {
            let ends = self.ray_ends(r);
            let empty = r.en_passant || r.mode.quiet() || r.special;
            let occupied = (!r.en_passant && r.mode.captures()) || r.special;
            for s in ends {
                for (wanted, set) in [(empty, 0), (occupied, 1)] {
                    if wanted {
                        if reached[set].contains(s.node) {
                            return false;
                        }
                        reached[set].insert(s.node);
                    }
                }
            }
        }
        true
    }

    /// The steps of ray `r` where it may give a move: every step of a ride, hop or
    /// zone-confined ray, the last of any other.
    fn ray_ends(&self, r: &Ray) -> &[RayStep] {
        let steps = self.steps(r);
        if r.kind == Kind::Ride || r.special {
            steps
        } else {
            &steps[steps.len() - 1..]
        }
    }

    /// Whether the rays a count walks (those not [`Ray::in_masks`]) can never give a move to a
    /// square that the masked rays of the same entry give one to, on the same occupancy (see
    /// [`MoveTables::rays_reach_distinct`]): then a count of the masked rays' destinations and
    /// a walk of the others never count one move twice.
    pub(crate) fn walked_rays_apart(&self, rays: &[Ray]) -> bool {
        // [masked, walked], each [reached on an empty square, reached on an occupied one]
        let mut reached = [[NodeSet::default(); 2]; 2];
        for r in rays {
            let ends = self.ray_ends(r);
            let set = &mut reached[usize::from(!r.in_masks)];
            for s in ends {
                if r.en_passant || r.mode.quiet() || r.special {
                    set[0].insert(s.node);
                }
                if (!r.en_passant && r.mode.captures()) || r.special {
                    set[1].insert(s.node);
                }
            }
        }
        let [masked, walked] = reached;
        !masked[0].intersects(walked[0]) && !masked[1].intersects(walked[1])
    }

    /// Number of (kind, frame) attack bits in use; at most 64.
    pub(crate) fn attack_bit_count(kinds: &[KindProgram<'_>], frames: usize) -> usize {
        kinds
            .iter()
            .map(|k| if k.oriented { frames } else { 1 })
            .sum()
    }

    /// The reverse tables: for every target node, from where and through which squares each
    /// (kind, frame) attacks it.
    fn build_attacks(&mut self, kinds: &[KindProgram<'_>]) -> Option<()> {
        self.attack_bits = self.number_attack_bits(kinds);
        let per_target = self.attack_ways(kinds)?;
        self.store_attacks(per_target);
        Some(())
    }

    /// The bit of each (kind, frame) in [`Attack::kinds`]: every frame of an oriented kind, only
    /// frame 0 of another (its moves do not depend on its frame); 64 bits at the most.
    fn number_attack_bits(&self, kinds: &[KindProgram<'_>]) -> Vec<Option<u8>> {
        let mut bits = vec![None; kinds.len() * self.frames];
        let mut next = 0u8;
        for (ki, k) in kinds.iter().enumerate() {
            for f in 0..self.frames {
                if (k.oriented || f == 0) && next < 64 {
                    bits[ki * self.frames + f] = Some(next);
                    next += 1;
                }
            }
        }
        bits
    }

    /// For every target node, the distinct ways it is attacked, in the order the rays reach them,
    /// each with the bits of the (kind, frame)s that attack that way. The squares a way passes
    /// are stored once per ray that first needs them (a way points into its ray's squares).
    fn attack_ways(&mut self, kinds: &[KindProgram<'_>]) -> Option<Vec<Vec<Way>>> {
        let mut per_target: Vec<Vec<Way>> = (0..self.nodes).map(|_| Vec::new()).collect();
        // Where each distinct way of a target sits in its list: merging attack bits stays linear in
        // the number of rays however many patterns a piece has.
        let mut index: Vec<FxHashMap<WayKey, usize>> = vec![FxHashMap::default(); self.nodes];
        let mut prefixes = Prefixes::default();
        let mut between: Vec<NodeId> = Vec::new();
        let mut distinct = 0usize;
        for (ki, k) in kinds.iter().enumerate() {
            for f in 0..self.frames {
                let Some(bit) = self.attack_bits[ki * self.frames + f] else {
                    continue;
                };
                for n in 0..self.nodes {
                    let (a, b) = self.ray_ranges[(ki * self.frames + f) * self.nodes + n];
                    for ray in &self.rays[a as usize..b as usize] {
                        let pattern = &k.patterns[ray.pattern as usize];
                        if !pattern.attacks() {
                            continue;
                        }
                        let origin = NodeId(n as u16);
                        let ways = RayWays::of(&self.steps, ray, pattern);
                        ways.add(
                            origin,
                            1 << bit,
                            &mut prefixes,
                            &mut between,
                            |target, way| {
                                let list = &mut per_target[target.index()];
                                match index[target.index()].get(&way.key) {
                                    Some(&i) => list[i].kinds |= way.kinds,
                                    None => {
                                        index[target.index()].insert(way.key, list.len());
                                        list.push(way);
                                        distinct += 1;
                                    }
                                }
                            },
                        );
                        if distinct > MAX_ATTACK_WAYS {
                            return None;
                        }
                    }
                }
            }
        }
        self.between = between;
        Some(per_target)
    }

    /// Stores the ways flat: one range of [`Attack`]s per target node (their `between` squares
    /// already in place). Hop and zone-confined ways go to a list of their own, which variants
    /// without them never read.
    fn store_attacks(&mut self, per_target: Vec<Vec<Way>>) {
        for list in per_target {
            let first = self.attacks.len() as u32;
            let first_special = self.special_attacks.len() as u32;
            for way in list {
                let (origin, _, tags, from_zone, screens) = way.key;
                let attack = Attack {
                    origin,
                    between_start: way.between.0,
                    between_len: way.between.1,
                    kinds: way.kinds,
                    tags,
                    from_zone,
                };
                match screens {
                    None => self.attacks.push(attack),
                    Some(screens) => self.special_attacks.push(SpecialAttack { attack, screens }),
                }
            }
            self.attack_ranges.push((first, self.attacks.len() as u32));
            self.special_ranges
                .push((first_special, self.special_attacks.len() as u32));
        }
    }

    /// The rays of a piece of kind `k` in frame `f` standing on `n`.
    #[inline(always)]
    pub fn rays(&self, k: KindId, f: FrameId, n: NodeId) -> &[Ray] {
        let (a, b) =
            self.ray_ranges[(k.index() * self.frames + f.index()) * self.nodes + n.index()];
        &self.rays[a as usize..b as usize]
    }

    /// Whether the rays of kind `k` in frame `f` from `n` give moves to distinct squares on any
    /// occupancy (see [`MoveTables::rays`]).
    #[inline]
    pub(crate) fn destinations_distinct(&self, k: KindId, f: FrameId, n: NodeId) -> bool {
        self.distinct[(k.index() * self.frames + f.index()) * self.nodes + n.index()]
    }

    /// The steps of a ray.
    #[inline]
    pub fn steps(&self, r: &Ray) -> &[RayStep] {
        &self.steps[r.start as usize..r.start as usize + r.len as usize]
    }

    /// One step by its index in the flat step array.
    #[inline]
    pub(crate) fn step_at(&self, i: u32) -> RayStep {
        self.steps[i as usize]
    }

    /// The reverse entries of a target node.
    #[inline]
    pub(crate) fn attacks_on(&self, n: NodeId) -> &[Attack] {
        let (a, b) = self.attack_ranges[n.index()];
        &self.attacks[a as usize..b as usize]
    }

    /// Who can take en passant on `n`: a piece of `kind` in `frame` on `origin` has an en passant
    /// ray ending there (gates and occupancy aside).
    #[inline]
    pub(crate) fn en_passant_takers(&self, n: NodeId) -> &[EpTaker] {
        let (a, b) = self.ep_taker_ranges[n.index()];
        &self.ep_takers[a as usize..b as usize]
    }

    /// The reverse entries of hops and zone-confined patterns on a target node (empty in variants
    /// without them: see [`MoveTables::has_special_attacks`]).
    #[inline]
    pub(crate) fn special_attacks_on(&self, n: NodeId) -> &[SpecialAttack] {
        let (a, b) = self.special_ranges[n.index()];
        &self.special_attacks[a as usize..b as usize]
    }

    /// Whether any piece attacks by a hop or a zone-confined pattern.
    #[inline]
    pub(crate) fn has_special_attacks(&self) -> bool {
        !self.special_attacks.is_empty()
    }

    /// The squares an attack passes over.
    #[inline]
    pub(crate) fn between(&self, a: &Attack) -> &[NodeId] {
        &self.between[a.between_start as usize..a.between_start as usize + a.between_len as usize]
    }

    /// The bit of (kind, frame) in [`Attack::kinds`] (none for a kind that never attacks in that frame).
    #[inline]
    pub(crate) fn attack_bit(&self, k: KindId, f: FrameId) -> Option<u8> {
        self.attack_bits[k.index() * self.frames + f.index()]
    }
}

/// The attacks of one ray: every square of a ride, the last of a leap or step; a leap passes over
/// nothing, the others over the squares before. A hop or zone-confined pattern's way keeps every
/// square passed, with its conditions.
struct RayWays<'t> {
    steps: &'t [RayStep],
    kind: Kind,
    from_zone: Option<u8>,
    screens: Option<Screens>,
}

impl<'t> RayWays<'t> {
    fn of(all: &'t [RayStep], ray: &Ray, pattern: &Pattern) -> Self {
        let steps = &all[ray.start as usize..(ray.start + u32::from(ray.len)) as usize];
        let screens = ray.special.then(|| Screens {
            over: pattern.over,
            beyond: pattern.beyond,
            leap: ray.kind == Kind::Leap,
            within: pattern.within.map(|z| z as u8),
            to_zone: pattern.to_zone.map(|z| z as u8),
        });
        RayWays {
            steps,
            kind: ray.kind,
            from_zone: ray.from_zone,
            screens,
        }
    }

    /// Gives `add` each target with its way from `origin` (attacked by `kinds`). The squares
    /// passed are interned in `prefixes`; the ray's squares join `between` once, when its first
    /// way that passes some is made (a way merged into an equal one keeps that one's squares).
    fn add(
        &self,
        origin: NodeId,
        kinds: u64,
        prefixes: &mut Prefixes,
        between: &mut Vec<NodeId>,
        mut add: impl FnMut(NodeId, Way),
    ) {
        let passes = !(self.kind == Kind::Leap && self.screens.is_none());
        let mut stored: Option<u32> = None;
        let mut prefix = 0;
        for (i, s) in self.steps.iter().enumerate() {
            if self.kind == Kind::Ride || i + 1 == self.steps.len() {
                let len = if passes { i } else { 0 };
                let start = if len == 0 {
                    0
                } else {
                    *stored.get_or_insert_with(|| {
                        let at = between.len() as u32;
                        between.extend(self.steps.iter().map(|s| s.node));
                        at
                    })
                };
                let key = (
                    origin,
                    if passes { prefix } else { 0 },
                    s.tags,
                    self.from_zone,
                    self.screens,
                );
                add(
                    s.node,
                    Way {
                        key,
                        between: (start, len as u16),
                        kinds,
                    },
                );
            }
            if passes && i + 1 < self.steps.len() {
                prefix = prefixes.then(prefix, s.node);
            }
        }
    }
}
