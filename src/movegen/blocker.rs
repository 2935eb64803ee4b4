//! The blocker (`[blocker]`: duck chess's duck, amazons' arrows): every move has a second part
//! that puts the neutral blocker on an empty square, from wherever it stands (or onto the
//! board, while it is not there); with `must_move`, not the square it stands on; with `stays`,
//! a new one every move, and the old ones stay. Where it may go can be narrowed: where a piece
//! of the `reach` kind could move from the landing square, the square the piece left, a zone.
//! The first part is legal exactly when the same move without the second part is: the legal
//! moves are the plain legal moves, each once per square the blocker may go to, as
//! Fairy-Stockfish lists duck and arrow moves. Here are the moves' second parts, their make and
//! unmake, and why one is refused.

use crate::ids::{KindId, NodeId, NodeSet, PlayerId};
use crate::path::Kind;
use crate::position::{Piece, Position};
use crate::rules::Blocker;

use super::refusal::PlayError;
use super::{Effect, Gating, Move, Planned};

impl Position {
    /// The second parts of the legal moves in `legal` (the moves without them): each move
    /// replaced by its gating forms (`[[gating]]`, added beside it) or its blocker forms.
    #[inline(never)]
    pub(crate) fn add_second_parts(&self, legal: &mut Vec<Planned>) {
        match self.rules.blocker {
            Some(b) => self.add_blocker_moves(b, legal),
            None => self.add_gating_moves(legal),
        }
    }

    /// Replaces each move of `legal` by its forms with the blocker's move: one per square it may
    /// go to once the first part is made.
    fn add_blocker_moves(&self, b: Blocker, legal: &mut Vec<Planned>) {
        let at = self.moving_blocker(b);
        let mut empty = self.empty_squares();
        if let (false, Some(at)) = (b.must_move, at) {
            empty.insert(at);
        }
        let plain = legal.len();
        for i in 0..plain {
            let p = legal[i];
            let free = self.blocker_places(b, p, self.free_after(p, empty));
            // The build keeps a blocker's board within the squares a gating byte names.
            for g in free.iter().filter_map(Gating::blocker) {
                legal.push(Planned {
                    mv: p.mv.with_gating(Some(g)),
                    ..p
                });
            }
        }
        legal.drain(..plain);
    }

    /// `empty` (the squares the blocker may go to before the move) as the first part of `p`
    /// changes it: the squares it leaves are free, those it fills are not.
    fn free_after(&self, p: Planned, mut empty: NodeSet) -> NodeSet {
        match p.mv {
            Move::Normal { from, to, .. } => {
                empty.insert(from);
                empty.remove(to);
            }
            Move::EnPassant {
                from, to, captured, ..
            } => {
                empty.insert(from);
                empty.insert(captured);
                empty.remove(to);
            }
            Move::Castle {
                king_from,
                king_to,
                rook_from,
                ..
            } => {
                empty.insert(king_from);
                empty.insert(rook_from);
                empty.remove(king_to);
                if let Effect::Castle { index } = p.effect {
                    empty.remove(self.rules.castling()[index as usize].rook_to);
                }
            }
            Move::Drop { to, .. } => empty.remove(to),
        }
        empty
    }

    /// The squares of `free` (empty once the first part of `p` is made) that the blocker may
    /// go to: those the `reach` kind could move to from the landing square, the square the
    /// piece left, within the zone, as the blocker declares.
    fn blocker_places(&self, b: Blocker, p: Planned, free: NodeSet) -> NodeSet {
        let mut places = match (b.left, b.reach) {
            (true, _) => {
                let mut left = NodeSet::default();
                if let Some(from) = p.mv.from() {
                    left.insert(from);
                }
                left.and(free)
            }
            (false, Some(k)) => self.blocker_reach(k, p.mv.to(), free),
            (false, None) => free,
        };
        if let Some(z) = b.zone {
            places = places.and(z);
        }
        places
    }

    /// The squares a piece of kind `k` of the side to move, standing on `at`, could move to by
    /// its leaps, steps and rides while the squares of `free` alone are empty (the build
    /// refuses a reach kind with hops or zones).
    fn blocker_reach(&self, k: KindId, at: NodeId, free: NodeSet) -> NodeSet {
        let rules = &*self.rules;
        let t = rules.tables();
        let frame = rules.start_frame(self.to_move, k, at);
        let mut reach = NodeSet::default();
        for ray in t.rays(k, frame, at) {
            if !ray.mode.quiet() || ray.special {
                continue;
            }
            let steps = t.steps(ray);
            let last = steps.len() - 1;
            for (i, s) in steps.iter().enumerate() {
                let empty = free.contains(s.node);
                if empty && (ray.kind == Kind::Ride || i == last) {
                    reach.insert(s.node);
                }
                if !empty && ray.kind != Kind::Leap {
                    break;
                }
            }
        }
        reach
    }

    /// The empty squares.
    fn empty_squares(&self) -> NodeSet {
        let mut empty = NodeSet::default();
        for (i, sq) in self.squares.iter().enumerate() {
            if sq.is_none() {
                empty.insert(NodeId(i as u16));
            }
        }
        empty
    }

    /// Where the one blocker that moves stands (`None` when it is off the board, and for
    /// blockers that stay: each move places a new one).
    fn moving_blocker(&self, b: Blocker) -> Option<NodeId> {
        (!b.stays).then(|| self.blocker_square(b)).flatten()
    }

    /// Where the blocker stands, if it is on the board (the engine keeps it among the first
    /// player's pieces, as every neutral piece).
    pub(crate) fn blocker_square(&self, b: Blocker) -> Option<NodeId> {
        let seat = PlayerId::seat(0);
        self.by_owner[seat.index()]
            .iter()
            .find(|n| self.squares[n.index()].is_some_and(|p| p.kind == b.kind))
    }

    /// Step 3d of make: the second part, the gated piece or the blocker's move; returns where
    /// the blocker stood before (for unmake).
    #[inline(never)]
    pub(super) fn place_second_part<const HASH: bool>(
        &mut self,
        m: Move,
        owner: PlayerId,
    ) -> Option<NodeId> {
        let Some(b) = self.rules.blocker else {
            self.place_gated::<HASH>(m, owner);
            return None;
        };
        let to = m.blocker_to()?;
        let from = self.moving_blocker(b);
        let piece = match from {
            Some(f) => self.take::<HASH>(f).expect("the blocker stands there"),
            None => {
                let seat = PlayerId::seat(0);
                let frame = self.rules.start_frame(seat, b.kind, to);
                Piece {
                    owner: seat,
                    kind: b.kind,
                    frame,
                }
            }
        };
        self.put::<HASH>(to, piece);
        from
    }

    /// Unmake's share: the gated piece back into the hand, or the blocker back where it stood
    /// (`from`; off the board when it was not on it).
    #[inline(never)]
    pub(super) fn unplace_second_part(&mut self, m: Move, owner: PlayerId, from: Option<NodeId>) {
        if self.rules.blocker.is_none() {
            self.unplace_gated(m, owner);
            return;
        }
        if let Some(to) = m.blocker_to() {
            let piece = self.squares[to.index()];
            self.set_square(to, None);
            if let Some(f) = from {
                self.set_square(f, piece);
            }
        }
    }

    /// Why `m` is refused in a variant with a blocker, when the reason is its second part: its
    /// first part is legal but the second is missing, names a square the blocker may not go to
    /// (occupied, out of reach, ...), or gates a piece. `None` when the first part is to blame (the
    /// caller explains the move without its second part).
    pub(super) fn explain_blocker(
        &self,
        b: Blocker,
        m: &Move,
        legal: &[Planned],
    ) -> Option<PlayError> {
        let rules = &*self.rules;
        let piece = rules.kind(b.kind).name.clone();
        let plain = m.with_gating(None);
        let first = legal.iter().find(|p| p.mv.with_gating(None) == plain);
        match (first, m.gating()) {
            (_, Some(g)) if g.kind().is_some() => Some(PlayError::BlockerOnly {
                piece,
                token: rules.kind(b.kind).token(),
            }),
            (None, Some(_)) => Some(self.explain(&plain, legal)),
            (None, None) => None,
            (Some(p), None) => Some(PlayError::BlockerMissing {
                mv: plain.text(rules),
                piece,
                example: p.mv.text(rules),
            }),
            (Some(p), Some(g)) => {
                let to = g.blocker_to()?;
                Some(self.misplaced_blocker(b, *p, to))
            }
        }
    }

    /// Why the blocker may not go on `to` after the legal first part `p`: the square is
    /// occupied, is where the blocker stands, is not the square left, lies outside its zone or
    /// out of the reach kind's moves.
    fn misplaced_blocker(&self, b: Blocker, p: Planned, to: NodeId) -> PlayError {
        let rules = &*self.rules;
        let piece = rules.kind(b.kind).name.clone();
        let name = |n: NodeId| rules.board().node_name(n).to_string();
        let square = name(to);
        let here = self.moving_blocker(b);
        let free = self.free_after(p, self.empty_squares());
        if here == Some(to) && b.must_move {
            return PlayError::BlockerMustMove { piece, square };
        }
        if !free.contains(to) && here != Some(to) {
            return PlayError::BlockerOnPiece { piece, square };
        }
        match (b.left, p.mv.from(), b.reach) {
            (true, Some(left), _) if left != to => PlayError::BlockerNotLeft {
                piece,
                square,
                left: name(left),
            },
            (false, _, Some(k)) if !self.blocker_reach(k, p.mv.to(), free).contains(to) => {
                PlayError::BlockerOutOfReach {
                    piece,
                    square,
                    reach: rules.kind(k).name.clone(),
                    from: name(p.mv.to()),
                }
            }
            _ if b.zone.is_some_and(|z| !z.contains(to)) => {
                PlayError::BlockerOffZone { piece, square }
            }
            _ => PlayError::BlockerOnPiece { piece, square },
        }
    }
}
