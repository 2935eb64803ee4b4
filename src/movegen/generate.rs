//! Pseudo-legal moves: every move the tables allow from the occupancy, gates and en passant
//! entries, before asking whether the mover's royals stay safe.

use crate::ids::{KindId, NodeId, NodeSet, PlayerId, TagSet};
use crate::limits::MAX_STACK_PARTS;
use crate::path::Kind;
use crate::position::{Piece, Position};
use crate::rules::{PieceKind, Rules};
use crate::tables::{Ray, RayStep};

use super::{Effect, Move, Planned};

/// The link tags a piece's paths must treat specially because of the gates: closed ones stop
/// a path; open ones may still forbid captures or check across them.
#[derive(Clone, Copy)]
pub(super) struct GateTags {
    closed: u32,
    quiet_only: u32,
    no_check: u32,
}

impl GateTags {
    /// The tags of the closed gates: a path stops before crossing one.
    #[inline(always)]
    pub(super) fn closed(&self) -> TagSet {
        TagSet(self.closed)
    }

    /// Whether no open gate restricts what crosses it (every gate is closed or lets all
    /// through): then no destination needs remembering.
    pub(super) fn unrestricted(&self) -> bool {
        self.quiet_only | self.no_check == 0
    }
}

impl Position {
    pub(super) fn gate_tags(&self) -> GateTags {
        let mut g = GateTags {
            closed: 0,
            quiet_only: 0,
            no_check: 0,
        };
        for (i, gate) in self.rules.gates().iter().enumerate() {
            if self.gates_open & (1 << i) == 0 {
                g.closed |= gate.tags.0;
            } else {
                if !gate.capture_when_open {
                    g.quiet_only |= gate.tags.0;
                }
                if !gate.check_when_open {
                    g.no_check |= gate.tags.0;
                }
            }
        }
        g
    }

    /// Appends the pseudo-legal moves of the piece on `from` (as if its owner were to move);
    /// castling is not included (see `Position::pseudo_legal_moves`).
    pub fn piece_moves(&self, from: NodeId, out: &mut Vec<Planned>) {
        self.piece_moves_into::<_, false>(from, self.gate_tags(), out);
    }

    /// [`Position::piece_moves`] into any [`MoveSink`]: a buffer, or a counter at perft's last ply;
    /// `gates` are [`Position::gate_tags`], worked out once for all the pieces.
    /// With `SKIP_MASKED`, the rays whose moves the caller took from the count plan
    /// ([`crate::tables::Ray::in_masks`]) are not walked.
    #[inline(always)]
    pub(super) fn piece_moves_into<S: MoveSink, const SKIP_MASKED: bool>(
        &self,
        from: NodeId,
        gates: GateTags,
        out: &mut S,
    ) {
        let Some(pc) = self.squares[from.index()] else {
            return;
        };
        if !self.is_alive(pc.owner) {
            return;
        }
        let rules = &*self.rules;
        let kind = rules.kind(pc.kind);
        // Without gates and with rays that never meet, no square can be reached twice: the
        // destinations need not be remembered.
        // Closed gates only cut rays short, which keeps distinct destinations distinct.
        let distinct = !kind.stack
            && (gates.quiet_only | gates.no_check) == 0
            && rules
                .tables()
                .destinations_distinct(pc.kind, pc.frame, from);
        let mut g = Gen {
            from,
            piece: pc,
            kind,
            remember: !distinct,
            gates,
            first: out.len(),
            seen: NodeSet::default(),
            seen_gated: NodeSet::default(),
            out,
        };
        // A stack moves with the moves of the kinds it holds; any other piece as its kind.
        if kind.stack {
            self.stack_moves(&mut g);
        } else {
            self.kind_moves::<S, SKIP_MASKED>(&mut g, pc.kind);
        }
    }

    /// Appends the pseudo-legal moves from `from` of `piece` moving as its kind, whatever
    /// stands on `from` (the steps of a standing promotion, as the kind it becomes).
    pub(super) fn moves_as(&self, from: NodeId, piece: Piece, out: &mut Vec<Planned>) {
        let mut g = Gen {
            from,
            piece,
            kind: self.rules.kind(piece.kind),
            remember: true,
            gates: self.gate_tags(),
            first: out.len(),
            seen: NodeSet::default(),
            seen_gated: NodeSet::default(),
            out,
        };
        self.kind_moves::<_, false>(&mut g, piece.kind);
    }

    /// The moves of a stack: those of each kind it holds (kept out of line, so that the one
    /// inlined walk serves every other piece).
    #[cold]
    #[inline(never)]
    fn stack_moves<S: MoveSink>(&self, g: &mut Gen<'_, S>) {
        let mut held: arrayvec::ArrayVec<KindId, MAX_STACK_PARTS> = arrayvec::ArrayVec::new();
        for p in self.numbers.cells[g.from.index()].parts() {
            if !held.contains(&p.kind) {
                held.push(p.kind);
            }
        }
        for k in held {
            self.kind_moves::<S, false>(g, k);
        }
    }

    /// The moves of the piece being generated along the rays of kind `k` (its own kind, or a
    /// kind a stack holds).
    #[inline(always)]
    fn kind_moves<S: MoveSink, const SKIP_MASKED: bool>(&self, g: &mut Gen<'_, S>, k: KindId) {
        let rules = &*self.rules;
        let t = rules.tables();
        let (from, pc) = (g.from, g.piece);
        for ray in t.rays(k, pc.frame, from) {
            if SKIP_MASKED && ray.in_masks {
                continue;
            }
            if let Some(z) = ray.from_zone
                && !rules.zone(z as usize, pc.owner).contains(from)
            {
                continue;
            }
            let steps = t.steps(ray);
            if ray.special {
                self.special_ray_moves(g, k, ray, steps);
                continue;
            }
            let last = steps.len() - 1;
            for (i, s) in steps.iter().enumerate() {
                if s.tags.0 & g.gates.closed != 0 {
                    break;
                }
                let occ = self.squares[s.node.index()];
                if ray.kind == Kind::Ride || i == last {
                    self.arrive(g, ray, s, occ, last);
                }
                if occ.is_some() && ray.kind != Kind::Leap {
                    break;
                }
            }
        }
    }

    /// The moves along a ray of a hop or zone-confined pattern of kind `k`: squares outside `within:ZONE` end
    /// the path, `over:N` screens are passed before the piece may stop (at most `beyond:K` squares
    /// past the last), and only squares of `to:ZONE` are destinations.
    #[inline(always)]
    fn special_ray_moves<S: MoveSink>(
        &self,
        g: &mut Gen<'_, S>,
        k: KindId,
        ray: &Ray,
        steps: &[RayStep],
    ) {
        let rules = &*self.rules;
        let pattern = &rules.kind(k).patterns[ray.pattern as usize];
        if (pattern.first_move && !self.holds_first_move(g.piece.owner, g.from))
            || (pattern.not_in_check && self.royal_attacked(g.piece.owner))
        {
            return;
        }
        let zone = |z: Option<usize>| z.map(|z| rules.zone(z, g.piece.owner));
        let (within, to_zone) = (zone(pattern.within), zone(pattern.to_zone));
        let (over, beyond) = (pattern.over, pattern.beyond as usize);
        // A screen of a kind the piece may not hop over (`cannot_hop`) ends the way.
        let bars = rules.kind(k).cannot_hop;
        let barred = |occ: Option<Piece>| occ.is_some_and(|p| bars & (1 << p.kind.index()) != 0);
        let last = steps.len() - 1;
        let mut screens = 0u8;
        let mut since = 0usize;
        for (i, s) in steps.iter().enumerate() {
            if s.tags.0 & g.gates.closed != 0 || within.is_some_and(|z| !z.contains(s.node)) {
                break;
            }
            let occ = self.squares[s.node.index()];
            let stop_here = match ray.kind {
                Kind::Leap => i == last,
                Kind::Step if i < last => {
                    screens += u8::from(occ.is_some());
                    if screens > over || barred(occ) {
                        break;
                    }
                    false
                }
                Kind::Step => screens == over,
                Kind::Ride if screens < over => {
                    if barred(occ) {
                        break;
                    }
                    screens += u8::from(occ.is_some());
                    continue;
                }
                Kind::Ride => {
                    since += 1;
                    if beyond > 0 && since > beyond {
                        break;
                    }
                    true
                }
            };
            if stop_here && to_zone.is_none_or(|z| z.contains(s.node)) {
                self.arrive(g, ray, s, occ, last);
            }
            if ray.kind == Kind::Ride && occ.is_some() {
                break;
            }
        }
    }

    /// The move (or promotion moves) of the piece arriving on step `s` of `ray` where `occ`
    /// stands, unless the square allows none or an earlier path already reached it. `seen`:
    /// destinations reached by an unrestricted path; `seen_gated`: only by a path across an open
    /// gate. A square reached both ways is an ordinary move (rules 10.9).
    #[inline(always)]
    fn arrive<S: MoveSink>(
        &self,
        g: &mut Gen<'_, S>,
        ray: &Ray,
        s: &RayStep,
        occ: Option<Piece>,
        last: usize,
    ) {
        if !g.remember {
            if let Some((victim, effect)) = self.move_at(ray, s, occ, g.piece.owner, last) {
                let arrival = Arrival {
                    from: g.from,
                    step: s,
                    victim,
                    effect,
                    no_check: false,
                };
                push_moves(self, g.kind, g.piece, arrival, g.out);
            }
            return;
        }
        let gates = &g.gates;
        let gated = s.tags.0 & (gates.quiet_only | gates.no_check) != 0;
        let taken = g.seen.contains(s.node) || (gated && g.seen_gated.contains(s.node));
        if taken || (occ.is_some() && s.tags.0 & gates.quiet_only != 0) {
            return;
        }
        let Some((victim, effect)) = self.move_at(ray, s, occ, g.piece.owner, last) else {
            return;
        };
        if gated {
            g.seen_gated.insert(s.node);
        } else {
            g.seen.insert(s.node);
            if g.seen_gated.contains(s.node) {
                g.out.retract(g.first, s.node);
            }
        }
        let arrival = Arrival {
            from: g.from,
            step: s,
            victim,
            effect,
            no_check: s.tags.0 & gates.no_check != 0,
        };
        push_moves(self, g.kind, g.piece, arrival, g.out);
    }

    /// What a step of a ray gives when the piece may stop there: `(en passant victim, effect)`,
    /// or `None` when the square allows no move of this ray (an own piece, the wrong mode, no en
    /// passant entry).
    #[inline(always)]
    fn move_at(
        &self,
        ray: &Ray,
        s: &RayStep,
        occ: Option<Piece>,
        owner: PlayerId,
        last: usize,
    ) -> Option<(Option<NodeId>, Effect)> {
        if ray.en_passant {
            return match occ {
                None => self
                    .ep
                    .iter()
                    .find(|e| e.square == s.node && e.owner != owner)
                    .map(|e| (Some(e.pawn), Effect::None)),
                Some(_) => None,
            };
        }
        match occ {
            None if ray.mode.quiet() => Some((
                None,
                if ray.creates_ep && last > 0 {
                    Effect::CreatesEp {
                        first_step: ray.start,
                        passed: last as u8,
                    }
                } else {
                    Effect::None
                },
            )),
            Some(o) if ray.mode.captures() && o.owner != owner => Some((None, Effect::None)),
            _ => None,
        }
    }

    /// Whether `owner` holds a first-move right (`[[first_move]]`) on `at`.
    fn holds_first_move(&self, owner: PlayerId, at: NodeId) -> bool {
        let base = self.rules.castling_rights.len();
        (self.rules.first_moves.iter().enumerate()).any(|(i, f)| {
            f.square == at && f.player == owner && self.castling & (1 << (base + i)) != 0
        })
    }

    /// Appends the castling moves open to the side to move.
    pub(crate) fn castling_moves(&self, out: &mut Vec<Planned>) {
        let rules = &*self.rules;
        let opponents = self.alive & !(1 << self.to_move.0);
        for (i, c) in rules.castling().iter().enumerate() {
            if c.player != self.to_move || self.castling & (1 << c.bit) == 0 {
                continue;
            }
            let king = self.squares[c.king_from.index()];
            let rook = self.squares[c.rook_from.index()];
            let (Some(k), Some(r)) = (king, rook) else {
                continue;
            };
            if k.owner != c.player
                || k.kind != c.king_kind
                || r.owner != c.player
                || r.kind != c.rook_kind
            {
                continue;
            }
            if c.empty
                .iter()
                .any(|&n| n != c.king_from && n != c.rook_from && self.squares[n.index()].is_some())
            {
                continue;
            }
            if c.safe.iter().any(|&n| self.threatened(n, opponents)) {
                continue;
            }
            out.push(Planned {
                mv: Move::Castle {
                    king_from: c.king_from,
                    king_to: c.king_to,
                    rook_from: c.rook_from,
                    gating: None,
                },
                frame: k.frame,
                effect: Effect::Castle { index: i as u8 },
                no_check: false,
            });
        }
    }

    /// Whether `owner` has fewer pieces of kind `k` on the board than in the start position (what a
    /// `lost_only` promotion asks).
    pub(crate) fn has_lost(&self, owner: PlayerId, k: KindId) -> bool {
        let Some(start) = self.rules.start_material() else {
            return true;
        };
        let on_board = self
            .squares
            .iter()
            .flatten()
            .filter(|p| p.owner == owner && p.kind == k)
            .count();
        on_board < start[owner.index()][k.index()]
    }

    /// How many pieces of kind `k` `owner` has on the board (what a promotion's `limits` count).
    pub(crate) fn kind_count(&self, owner: PlayerId, k: KindId) -> u32 {
        (self.by_owner[owner.index()].iter())
            .filter(|n| self.squares[n.index()].is_some_and(|p| p.kind == k))
            .count() as u32
    }

    /// Appends every pseudo-legal move of the side to move. Kept out of line: inlined into its
    /// one caller, the legal move generator, it ran 4% more instructions (horde perft 5).
    #[inline(never)]
    pub(crate) fn pseudo_legal_moves(&self, out: &mut Vec<Planned>) {
        let gates = self.gate_tags();
        for from in self.by_owner[self.to_move.index()].iter() {
            self.piece_moves_into::<_, false>(from, gates, out);
        }
        self.castling_moves(out);
        self.drop_moves(out);
        if self.rules.any_standing {
            self.standing_promotions(out);
        }
        if self.rules.moves.pass {
            self.pass_move(out);
        }
    }

    /// `[moves] pass` (and `pass_when_stuck`): the pass of the side to move, as the null move
    /// of its first royal, or of its first piece when it has no royal (legal, like any move,
    /// only if it leaves the royals unattacked).
    #[cold]
    #[inline(never)]
    pub(super) fn pass_move(&self, out: &mut Vec<Planned>) {
        let own = self.by_owner[self.to_move.index()];
        let Some(royal) = self.royals.and(own).first().or_else(|| own.first()) else {
            return;
        };
        let Some(piece) = self.squares[royal.index()] else {
            return;
        };
        out.push(Planned {
            mv: Move::Normal {
                from: royal,
                to: royal,
                promotion: None,
                gating: None,
            },
            frame: piece.frame,
            effect: Effect::None,
            no_check: false,
        });
    }
}

/// The moves of one piece being generated: where it stands, the gates, the destinations
/// reached so far, and where its moves begin in `out`.
struct Gen<'o, S: MoveSink> {
    from: NodeId,
    piece: Piece,
    /// The piece's kind (a stack's own kind, whose promotion applies).
    kind: &'o PieceKind,
    /// Whether destinations must be remembered (see [`crate::tables::MoveTables::destinations_distinct`]).
    remember: bool,
    gates: GateTags,
    first: usize,
    seen: NodeSet,
    seen_gated: NodeSet,
    out: &'o mut S,
}

/// A piece arriving on a step of a ray: what the move takes and does.
struct Arrival<'a> {
    from: NodeId,
    step: &'a RayStep,
    victim: Option<NodeId>,
    effect: Effect,
    no_check: bool,
}

/// Appends the moves of one arrival: an en passant capture, one move per promotion choice in
/// the piece's promotion zone, or one ordinary move.
#[inline(always)]
fn push_moves<S: MoveSink>(
    pos: &Position,
    kind: &PieceKind,
    piece: Piece,
    a: Arrival<'_>,
    out: &mut S,
) {
    let owner = piece.owner;
    let rules: &Rules = &pos.rules;
    let (from, to) = (a.from, a.step.node);
    let planned = |mv, frame| Planned {
        mv,
        frame,
        effect: a.effect,
        no_check: a.no_check,
    };
    let plain = Move::Normal {
        from,
        to,
        promotion: None,
        gating: None,
    };
    if kind.arrives_plain && a.victim.is_none() {
        out.push(planned(plain, a.step.frame));
        return;
    }
    let promotion = match (a.victim, &kind.promotion) {
        (Some(captured), _) => {
            out.push(planned(
                Move::EnPassant {
                    from,
                    to,
                    captured,
                    gating: None,
                },
                a.step.frame,
            ));
            return;
        }
        (None, Some(pr))
            if rules.zone(pr.zone, owner).contains(to)
                || (pr.leaving && rules.zone(pr.zone, owner).contains(from)) =>
        {
            pr
        }
        (None, _) => {
            match kind.flip {
                None => out.push(planned(plain, a.step.frame)),
                Some(flip) => {
                    let (mv, frame) = flipped(pos, kind, flip, piece, &a);
                    out.push(planned(mv, frame));
                }
            }
            return;
        }
    };
    let choices = if promotion.by_zone.is_empty() {
        &promotion.choices
    } else {
        zone_choices(rules, promotion, owner, to)
    };
    for &c in choices {
        if promotion.lost_only && !pos.has_lost(owner, c) {
            continue;
        }
        if !promotion.limits.is_empty() && !promotion.within_limit(c, || pos.kind_count(owner, c)) {
            continue;
        }
        out.push(planned(
            Move::Normal {
                from,
                to,
                promotion: Some(c),
                gating: None,
            },
            rules.canonical_frame(c, a.step.frame),
        ));
    }
    // Declining is a move of its own, where the piece could still move afterwards.
    if promotion.optional && rules.can_move_from(piece.kind, a.step.frame, to) {
        out.push(planned(plain, a.step.frame));
    }
}

/// The move of a piece that flips (`flip`, `rules::flip`): its promotion is the kind it turns
/// into when the flip applies, in the frame that kind has. A piece whose moves ignore its frame
/// stands in the identity frame, so the kind it turns into takes its owner's frame there.
#[cold]
#[inline(never)]
fn flipped(
    pos: &Position,
    kind: &PieceKind,
    flip: crate::rules::flip::Flip,
    piece: Piece,
    a: &Arrival<'_>,
) -> (Move, crate::ids::FrameId) {
    let (from, to) = (a.from, a.step.node);
    let captures = pos.squares[to.index()].is_some();
    let Some(k) = flip.after(captures) else {
        let plain = Move::Normal {
            from,
            to,
            promotion: None,
            gating: None,
        };
        return (plain, a.step.frame);
    };
    let rules: &Rules = &pos.rules;
    let frame = if kind.oriented {
        rules.canonical_frame(k, a.step.frame)
    } else {
        rules.start_frame(piece.owner, k, to)
    };
    let mv = Move::Normal {
        from,
        to,
        promotion: Some(k),
        gating: None,
    };
    (mv, frame)
}

/// The promotion choices on `to` of a promotion with choices per zone (kept out of line: most
/// variants have none).
#[cold]
#[inline(never)]
fn zone_choices<'r>(
    rules: &Rules,
    promotion: &'r crate::rules::Promotion,
    owner: PlayerId,
    to: NodeId,
) -> &'r [KindId] {
    promotion.choices_at(|z| rules.zone(z, owner).contains(to))
}

/// Where generated moves go: a buffer (generation), or a counter (perft's last ply, see
/// `count.rs`). Generic, so that each kind of sink gets its own inlined walk.
pub(super) trait MoveSink {
    /// Takes one generated move.
    fn push(&mut self, m: Planned);
    /// How many moves were taken so far (where a piece's moves begin).
    fn len(&self) -> usize;
    /// Takes back the moves to `node` taken since `first` (a path across an open gate reached
    /// it first; an unrestricted path reaching it too makes it an ordinary move).
    fn retract(&mut self, first: usize, node: NodeId);
}

impl MoveSink for Vec<Planned> {
    #[inline(always)]
    fn push(&mut self, m: Planned) {
        Vec::push(self, m);
    }

    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn retract(&mut self, first: usize, node: NodeId) {
        let mut k = first;
        while k < self.len() {
            if self[k].mv.to() == node {
                self.remove(k);
            } else {
                k += 1;
            }
        }
    }
}
