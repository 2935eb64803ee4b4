//! make/unmake: a move as a pipeline of steps (lift the piece, remove what the move captures,
//! place it, the after-move effects, the turn), and its exact undoing.
//!
//! Every change of the board goes through [`Position::put`] and [`Position::take`], which keep
//! the hash; the pieces a move removes are a list, so a step may remove any number of them (up to
//! [`MAX_REMOVALS`]) and unmake puts them all back.

use crate::ids::{KindId, NodeId, PlayerId};
use crate::limits::MAX_REMOVALS;
use crate::position::{EpEntry, EpList, Piece, Position};
use crate::rules::Rules;
use crate::rules::effects::{AfterMove, Found};

use super::{Effect, Move, Planned};

/// The pieces one move removed, in the order it removed them (at most [`MAX_REMOVALS`]).
pub(crate) type Removals = arrayvec::ArrayVec<(NodeId, Piece), MAX_REMOVALS>;

/// What [`Position::make`] changed, so that [`Position::unmake`] can restore it exactly.
#[derive(Clone, Debug)]
pub struct Undo {
    mv: Planned,
    moved: Piece,
    removed: Removals,
    /// How many of `removed` the move itself took (the rest the after-move effects did).
    displaced: u8,
    /// How many pieces the after-move effects turned over (the last of `Position::turned`).
    turned: u8,
    rook: Option<(NodeId, NodeId, Piece)>,
    castling: u32,
    ep: EpList,
    to_move: PlayerId,
    alive: u8,
    halfmove: u32,
    fullmove: u32,
    gates_open: u32,
    checks: [u8; crate::limits::MAX_PLAYERS],
    passes: u8,
    series: u8,
    pieces_hash: u64,
    /// Where the blocker (`[blocker]`) stood before the move.
    blocker_from: Option<NodeId>,
}

impl Undo {
    /// The pieces the move removed, with the nodes they stood on.
    pub fn removed(&self) -> &[(NodeId, Piece)] {
        &self.removed
    }
}

impl Position {
    /// Plays a generated move and returns what is needed to take it back. `m` must be a move of
    /// this position as `Position::legal_moves_into` or `Position::pseudo_legal_moves` made
    /// it (the hot path: nothing is checked); [`Position::play`] plays any [`Move`] after checking
    /// it.
    pub fn make(&mut self, m: Planned) -> Undo {
        self.make_with::<true>(m)
    }

    /// [`Position::make`], keeping the hash when `HASH`: a legality probe, which takes the move
    /// back at once (restoring the hash), skips that work.
    #[inline]
    pub(crate) fn make_with<const HASH: bool>(&mut self, m: Planned) -> Undo {
        let pieces_hash = self.pieces_hash;
        let moved = self.lift::<HASH>(m);
        let mut undo = Undo {
            mv: m,
            moved,
            removed: Removals::new(),
            displaced: 0,
            turned: 0,
            rook: None,
            castling: self.castling,
            ep: self.ep,
            to_move: self.to_move,
            alive: self.alive,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            gates_open: self.gates_open,
            checks: self.checks,
            passes: self.passes,
            series: self.series,
            pieces_hash,
            blocker_from: None,
        };
        self.remove_captured::<HASH>(m, &mut undo);
        self.place::<HASH>(m, undo.moved);
        if self.rules.second_part {
            undo.blocker_from = self.place_second_part::<HASH>(m.mv, undo.moved.owner);
        }
        undo.displaced = undo.removed.len() as u8;
        if !self.rules.effects.is_empty() {
            self.after_move_effects::<HASH>(m.mv.to(), undo.moved.owner, &mut undo);
        }
        // (In a variant with numbers the numbers step puts captures in hand, with their numbers.)
        if self.rules.captures_to_hand() && !self.rules.numbers {
            self.captures_to_hand::<HASH>(&undo, true);
        }
        self.after_move(m, &mut undo);
        if self.rules.numbers {
            let dropped = match m.mv {
                Move::Drop {
                    kind,
                    value: Some(v),
                    ..
                } => Some((kind, v)),
                _ => None,
            };
            let squares = (m.mv.from(), m.mv.to());
            self.numbers_after_move::<HASH>(squares, undo.moved.owner, &undo.removed, dropped);
        }
        undo
    }

    /// Step 1: takes the moving piece off its node, or out of the mover's hand for a drop.
    #[inline]
    fn lift<const HASH: bool>(&mut self, m: Planned) -> Piece {
        match m.mv {
            Move::Drop { kind, .. } => {
                let owner = self.to_move;
                // A face (`+L@c3`) leaves the hand as its base kind.
                let held = self.rules.hand_kind(kind);
                self.add_to_hand::<HASH>(owner, held, false);
                Piece {
                    owner,
                    kind,
                    frame: m.frame,
                }
            }
            mv => {
                let from = mv.from().expect("every move but a drop starts on a node");
                self.take::<HASH>(from)
                    .expect("a generated move starts on a piece")
            }
        }
    }

    /// Step 3c: the enemy pieces the move removed join the mover's hand, each as its base kind
    /// (`add`), or leave it again (unmake).
    fn captures_to_hand<const HASH: bool>(&mut self, undo: &Undo, add: bool) {
        let mover = undo.moved.owner;
        for &(_, x) in undo.removed.iter() {
            if x.owner != mover {
                let k = self.rules.hand_kind(x.kind);
                self.add_to_hand::<HASH>(mover, k, add);
            }
        }
    }

    /// Step 2: removes what the move captures: the piece on the destination (displacement), or
    /// the pawn an en passant capture names, or a piece on the castling rook's square; a castling
    /// moves its rook here too.
    #[inline]
    fn remove_captured<const HASH: bool>(&mut self, m: Planned, undo: &mut Undo) {
        if let Effect::Castle { index } = m.effect {
            let c = &self.rules.castling()[index as usize];
            let (rook_from, rook_to) = (c.rook_from, c.rook_to);
            let rook = self.take::<HASH>(rook_from).expect("castling rook");
            undo.rook = Some((rook_from, rook_to, rook));
            if let Some(x) = self.take::<HASH>(rook_to) {
                undo.removed.push((rook_to, x));
            }
            self.put::<HASH>(rook_to, rook);
        }
        if let Move::EnPassant { captured, .. } = m.mv
            && let Some(x) = self.take::<HASH>(captured)
        {
            undo.removed.push((captured, x));
        }
        let to = m.mv.to();
        if let Some(x) = self.take::<HASH>(to) {
            undo.removed.push((to, x));
        }
    }

    /// Step 3: places the moved piece on the destination, promoted and in its new frame.
    #[inline]
    fn place<const HASH: bool>(&mut self, m: Planned, moved: Piece) {
        let piece = Piece {
            owner: moved.owner,
            kind: m.mv.promotion().unwrap_or(moved.kind),
            frame: m.frame,
        };
        self.put::<HASH>(m.mv.to(), piece);
    }

    /// Step 3b: the variant's after-move effects ([`crate::rules::effects`]), applied to the
    /// position the move produced, all at once: every piece they find is removed, whichever
    /// effect found it.
    fn after_move_effects<const HASH: bool>(
        &mut self,
        to: NodeId,
        mover: PlayerId,
        undo: &mut Undo,
    ) {
        // A pass (the null move of a piece) does nothing to the board.
        if m_is_null(undo) {
            return;
        }
        let mut found = Found::default();
        let view = Aftermath {
            pos: self,
            mover,
            to,
            captured: undo.removed.iter().any(|(_, x)| x.owner != mover),
            moved: undo.moved.kind,
        };
        for effect in &self.rules.effects {
            effect.apply(&view, &mut found);
        }
        for &n in found.nodes() {
            if undo.removed.is_full() {
                break; // (the load-time limit on removals keeps this from happening)
            }
            if let Some(x) = self.take::<HASH>(n) {
                undo.removed.push((n, x));
            }
        }
        // A stone the moved piece turned into (unmake clears the destination first).
        if let Some(kind) = found.left()
            && self.squares[to.index()].is_none()
        {
            let owner = PlayerId::seat(0);
            let frame = self.rules.start_frame(owner, kind, to);
            self.put::<HASH>(to, Piece { owner, kind, frame });
        }
        if !found.turned().is_empty() {
            self.turn_over::<HASH>(found.turned(), mover, undo);
        }
    }

    /// The pieces an effect turned over become `mover`'s where they stand (in his frame), and
    /// are kept as they were for unmake.
    #[cold]
    #[inline(never)]
    fn turn_over<const HASH: bool>(
        &mut self,
        nodes: &crate::ids::NodeSet,
        mover: PlayerId,
        undo: &mut Undo,
    ) {
        for n in nodes.iter() {
            let Some(x) = self.squares[n.index()].filter(|x| x.owner != mover) else {
                continue;
            };
            self.take::<HASH>(n);
            let frame = self.rules.start_frame(mover, x.kind, n);
            self.put::<HASH>(
                n,
                Piece {
                    owner: mover,
                    kind: x.kind,
                    frame,
                },
            );
            self.turned.push((n, x));
            undo.turned += 1;
        }
    }

    /// Unmake's part of [`Position::turn_over`]: the last `count` pieces turned over are
    /// their old owners' again.
    #[cold]
    #[inline(never)]
    fn turn_back(&mut self, count: u8) {
        for _ in 0..count {
            if let Some((n, x)) = self.turned.pop() {
                self.set_square(n, Some(x));
            }
        }
    }

    /// Step 4: the effects of the move on the rest of the state, then the turn. The rules are
    /// borrowed field by field (no reference-count traffic on the hot path).
    #[inline]
    fn after_move(&mut self, m: Planned, undo: &mut Undo) {
        let rules: &Rules = &self.rules;
        let moved = undo.moved;
        self.castling &= !lost_rights(rules, m, undo);
        if let Move::Drop { to, .. } = m.mv
            && rules.hands.as_ref().is_some_and(|h| h.castling_by_drop)
        {
            self.castling |= dropped_rights(rules, &self.squares, to);
        }
        if rules.first_move_aimers & (1 << moved.kind.0) != 0 {
            self.castling &= !aimed_rights(rules, m, moved);
        }
        let capture = undo.removed.iter().any(|(_, x)| x.owner != moved.owner);
        let kind = rules.kind(moved.kind);
        if capture
            || kind.resets_clock
            || (kind.promotion_resets_clock && irreversible(rules, m, moved, kind))
            || (matches!(m.mv, Move::Drop { .. })
                && rules.hands.as_ref().is_some_and(|h| h.drops_reset_clock))
        {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        // Captured royals: a player left without royals is out at once.
        for &(_, x) in undo.removed.iter() {
            if rules.is_royal(x.kind)
                && x.owner != moved.owner
                && self.alive & (1 << x.owner.0) != 0
                && !has_royal(rules, &self.squares, x.owner)
            {
                self.alive &= !(1 << x.owner.0);
            }
        }
        update_en_passant(rules, &self.squares, self.alive, &mut self.ep, m, moved);
        if !rules.gates().is_empty() {
            crate::position::open_gates(rules, &self.by_owner, self.alive, &mut self.gates_open);
        }
        if rules.moves.pass {
            let passed = matches!(m.mv, Move::Normal { from, to, .. } if from == to);
            self.passes = if passed {
                self.passes.saturating_add(1)
            } else {
                0
            };
        }
        let counts_checks = rules.outcome().checks.is_some();
        let marks_series = rules.outcome().series_kinds != 0;
        super::turn::pass_turn(
            rules,
            &mut self.to_move,
            self.alive,
            &mut self.ep,
            &mut self.fullmove,
        );
        if counts_checks {
            self.count_check(moved.owner);
        }
        if marks_series {
            self.mark_series(moved.owner);
        }
    }

    /// `mate_series`: a move of `mover` that gives check by a marking kind marks his series of
    /// checks, one that gives check by other pieces keeps it, one that gives none clears it (out
    /// of the hot path of variants without the rule).
    #[cold]
    #[inline(never)]
    fn mark_series(&mut self, mover: PlayerId) {
        let bit = 1 << mover.index();
        if !self.gives_check(mover) {
            self.series &= !bit;
        } else if self.checker_kinds_of(mover) & self.rules.outcome().series_kinds != 0 {
            self.series |= bit;
        }
    }

    /// n-check: a move of `mover` that leaves a live opponent's royal attacked uses up one of
    /// his checks to give (out of the hot path of variants that do not count checks).
    #[cold]
    #[inline(never)]
    fn count_check(&mut self, mover: PlayerId) {
        if self.gives_check(mover) {
            let left = &mut self.checks[mover.index()];
            *left = left.saturating_sub(1);
        }
    }

    /// Takes back the move `undo` was made for: the board in the reverse order of `make`, then
    /// the saved state.
    pub fn unmake(&mut self, undo: Undo) {
        if self.rules.numbers {
            self.unmake_numbers();
        }
        let m = undo.mv.mv;
        if undo.turned != 0 {
            self.turn_back(undo.turned);
        }
        if self.rules.second_part {
            self.unplace_second_part(m, undo.moved.owner, undo.blocker_from);
        }
        self.set_square(m.to(), None);
        for (i, &(n, x)) in undo.removed.iter().enumerate().rev() {
            // An effect that removed the moved piece itself (an explosion) took it from its
            // destination: it goes back to its origin below, not there.
            if n == m.to() && i >= usize::from(undo.displaced) {
                continue;
            }
            self.set_square(n, Some(x));
        }
        if let Some((rf, rt, rook)) = undo.rook {
            if undo.removed.iter().all(|(n, _)| *n != rt) {
                self.set_square(rt, None);
            }
            self.set_square(rf, Some(rook));
        }
        match m {
            Move::Drop { kind, .. } => {
                let held = self.rules.hand_kind(kind);
                self.add_to_hand::<false>(undo.moved.owner, held, true);
            }
            _ => {
                if let Some(from) = m.from() {
                    self.set_square(from, Some(undo.moved));
                }
            }
        }
        if self.rules.captures_to_hand() && !self.rules.numbers {
            self.captures_to_hand::<false>(&undo, false);
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.to_move = undo.to_move;
        self.alive = undo.alive;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.gates_open = undo.gates_open;
        self.checks = undo.checks;
        self.passes = undo.passes;
        self.series = undo.series;
        self.pieces_hash = undo.pieces_hash;
    }
}

/// Whether the move `undo` was made for is a pass: a piece's null move.
fn m_is_null(undo: &Undo) -> bool {
    matches!(undo.mv.mv, Move::Normal { from, to, .. } if from == to)
}

/// The position a move produced, as the after-move effects see it.
struct Aftermath<'a> {
    pos: &'a Position,
    mover: PlayerId,
    to: NodeId,
    captured: bool,
    moved: KindId,
}

impl AfterMove for Aftermath<'_> {
    fn rules(&self) -> &Rules {
        &self.pos.rules
    }

    fn mover(&self) -> PlayerId {
        self.mover
    }

    fn destination(&self) -> NodeId {
        self.to
    }

    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
        self.pos.squares[node.index()].map(|p| (p.owner, p.kind))
    }

    fn captured(&self) -> bool {
        self.captured
    }

    fn moved_kind(&self) -> Option<KindId> {
        Some(self.moved)
    }
}

/// The castling rights a move loses: those whose king or rook square it leaves, lands on or
/// empties.
#[inline]
fn lost_rights(rules: &Rules, m: Planned, undo: &Undo) -> u32 {
    let clear = &rules.castle_clear;
    let from = m.mv.from().map_or(0, |f| clear[f.index()]);
    let mut lost = from | clear[m.mv.to().index()];
    for (n, _) in undo.removed.iter() {
        lost |= clear[n.index()];
    }
    if let Some((rf, _, _)) = undo.rook {
        lost |= clear[rf.index()];
    }
    for &(player, kind, rights) in &rules.castle_king_clear {
        if undo.moved.owner == player && undo.moved.kind == kind {
            lost |= rights;
        }
    }
    lost
}

/// The castling rights a drop onto `to` gives (`castling_by_drop`): those of the castlings
/// whose king or rook starts on `to` and whose king and rook now both stand on their starts.
#[cold]
#[inline(never)]
fn dropped_rights(rules: &Rules, squares: &[Option<Piece>], to: NodeId) -> u32 {
    let holds = |n: NodeId, player, kind| {
        squares[n.index()].is_some_and(|p| p.owner == player && p.kind == kind)
    };
    (rules.castling.iter())
        .filter(|c| c.king_from == to || c.rook_from == to)
        .filter(|c| {
            holds(c.king_from, c.player, c.king_kind) && holds(c.rook_from, c.player, c.rook_kind)
        })
        .fold(0, |rights, c| rights | 1 << c.bit)
}

/// The first-move rights of other players that a move of `moved` takes away by aiming at their
/// squares: from its destination, one of its patterns reaches the square on an empty board
/// (`lost_when_aimed_by`).
#[cold]
#[inline(never)]
fn aimed_rights(rules: &Rules, m: Planned, moved: Piece) -> u32 {
    let t = rules.tables();
    let rays = t.rays(moved.kind, m.frame, m.mv.to());
    let base = rules.castling_rights.len();
    let mut lost = 0;
    for (i, f) in rules.first_moves.iter().enumerate() {
        if f.player == moved.owner || f.aimed_by & (1 << moved.kind.0) == 0 {
            continue;
        }
        let aims = rays.iter().any(|r| {
            let steps = t.steps(r);
            match r.kind {
                crate::path::Kind::Ride => steps.iter().any(|s| s.node == f.square),
                _ => steps.last().is_some_and(|s| s.node == f.square),
            }
        });
        if aims {
            lost |= 1 << (base + i);
        }
    }
    lost
}

/// Whether a move of a piece whose promotion resets the clock does: a promotion, or (with
/// `resets_clock_if_irreversible`) a move the piece could not take back by one of its own
/// patterns to an empty square, from where it stands now in its new frame, whatever stands
/// between.
#[cold]
#[inline(never)]
fn irreversible(rules: &Rules, m: Planned, moved: Piece, kind: &crate::rules::PieceKind) -> bool {
    if m.mv.promotion().is_some() {
        return true;
    }
    let (Some(from), false) = (m.mv.from(), matches!(m.mv, Move::Castle { .. })) else {
        return false;
    };
    if !kind.resets_clock_if_irreversible {
        return false;
    }
    let to = m.mv.to();
    let t = rules.tables();
    !t.rays(moved.kind, m.frame, to).iter().any(|r| {
        let steps = t.steps(r);
        r.mode.quiet()
            && r.from_zone
                .is_none_or(|z| rules.zone(z as usize, moved.owner).contains(to))
            && match r.kind {
                crate::path::Kind::Ride => steps.iter().any(|s| s.node == from),
                _ => steps.last().is_some_and(|s| s.node == from),
            }
    })
}

/// En passant entries: stale ones go, a double step adds the squares it passed that another
/// player's piece could take on (an entry nobody could use is no part of the position, as in FIDE's
/// repetition rule and Fairy-Stockfish's text).
#[inline]
fn update_en_passant(
    rules: &Rules,
    squares: &[Option<Piece>],
    alive: u8,
    ep: &mut EpList,
    m: Planned,
    moved: Piece,
) {
    let from = m.mv.from();
    if !ep.is_empty() {
        ep.retain(|e| {
            squares[e.square.index()].is_none()
                && squares[e.pawn.index()].is_some_and(|p| p.owner == e.owner)
                && Some(e.pawn) != from
        });
    }
    if let Effect::CreatesEp { first_step, passed } = m.effect {
        let t = rules.tables();
        for k in 0..passed as u32 {
            let step = t.step_at(first_step + k);
            // (A blocker the move put there: duck chess.)
            if squares[step.node.index()].is_some()
                || !crate::position::en_passant_takeable(
                    rules,
                    squares,
                    alive,
                    step.node,
                    moved.owner,
                )
            {
                continue;
            }
            ep.push(EpEntry {
                owner: moved.owner,
                square: step.node,
                pawn: m.mv.to(),
            });
        }
    }
}

/// Whether a player has a royal piece on the board.
fn has_royal(rules: &Rules, squares: &[Option<Piece>], p: PlayerId) -> bool {
    squares
        .iter()
        .flatten()
        .any(|x| x.owner == p && rules.is_royal(x.kind))
}
