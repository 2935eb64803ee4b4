//! Counting at the last ply for a side without royals (horde's white side, breakthrough,
//! clobber): every pseudo-legal move is legal, so the moves are tallied, the pieces of a kind with
//! a shift plan all at once (a few word operations per offset), the others piece by piece.

use crate::ids::{NodeId, NodeSet};
use crate::position::{Piece, Position};
use crate::tables::{Bits, ShiftBoard, ShiftRay, shift_count};

use super::count::{Occupancy, listed_squares, plan_destinations};
use super::generate::{GateTags, MoveSink};
use super::{Move, Planned};

/// Most (kind, frame)s of one side counted together by their shift plans; the pieces of any
/// further one are counted one by one.
const MAX_GROUPS: usize = 8;

/// A sink that counts every move, and the captures among them (a variant without royals: every
/// pseudo-legal move is legal, but a capture may be compulsory).
struct Tally<'a> {
    all: u64,
    captures: u64,
    squares: &'a [Option<Piece>],
}

impl MoveSink for Tally<'_> {
    #[inline(always)]
    fn push(&mut self, m: Planned) {
        self.all += 1;
        let capture = match m.mv {
            Move::Normal { to, .. } => self.squares[to.index()].is_some(),
            Move::EnPassant { .. } => true,
            Move::Castle { .. } | Move::Drop { .. } => false,
        };
        self.captures += u64::from(capture);
    }

    fn len(&self) -> usize {
        self.all as usize
    }

    /// Never needed: a tally is only used while no open gate restricts moves.
    fn retract(&mut self, _first: usize, _node: NodeId) {
        debug_assert!(
            false,
            "a tally cannot retract moves (restricting gates are listed)"
        );
    }
}

impl Position {
    /// [`Position::count_legal_moves`] for a side without royals (in a variant without royals,
    /// or one where [`Position::unguarded_turn`] holds), with no drops and no captures after a
    /// move: every pseudo-legal move is legal, but when a capture is compulsory and there is one,
    /// only the captures count. A piece's moves come from its count plan where that holds them
    /// (no promotion among them), the others are walked.
    #[inline(never)]
    pub(super) fn count_without_royals(&self, gates: GateTags, buf: &mut Vec<Planned>) -> u64 {
        let rules = &*self.rules;
        let mut tally = Tally {
            all: 0,
            captures: 0,
            squares: &self.squares,
        };
        let board = Occupancy::of(self, None, gates);
        // The pieces of a (kind, frame) with a shift plan are counted together, below.
        let mut groups = arrayvec::ArrayVec::<(Piece, NodeSet), MAX_GROUPS>::new();
        for from in board.own.iter() {
            let Some(p) = self.squares[from.index()] else {
                continue;
            };
            if rules.tables().shift_plan(p.kind, p.frame).is_some() && !rules.kind(p.kind).stack {
                let full = groups.is_full();
                match groups
                    .iter_mut()
                    .find(|(q, _)| q.kind == p.kind && q.frame == p.frame)
                {
                    Some((_, pieces)) => {
                        pieces.insert(from);
                        continue;
                    }
                    None if !full => {
                        groups.push((p, NodeSet::from_nodes([from])));
                        continue;
                    }
                    None => {}
                }
            }
            self.tally_piece(from, p, &board, &mut tally);
        }
        for (p, pieces) in groups {
            self.tally_group(p, pieces, &board, &mut tally);
        }
        buf.clear();
        self.castling_moves(buf);
        let all = tally.all + buf.len() as u64;
        if self.rules.filters.captures_first && tally.captures > 0 {
            tally.captures
        } else {
            all
        }
    }

    /// The moves of the piece `p` on `from` for [`Position::count_without_royals`], into the
    /// tally: from its count plan where that holds them (no promotion among them), else walked.
    #[inline(always)]
    fn tally_piece(&self, from: NodeId, p: Piece, board: &Occupancy, tally: &mut Tally<'_>) {
        let rules = &*self.rules;
        let plan = match rules.tables().count_plan(p.kind, p.frame, from) {
            Some((plan, rays)) if !rules.kind(p.kind).stack => {
                listed_squares(rules, p, from, board).and_then(|listed| {
                    let dest = plan_destinations(rules, p, from, board, plan, rays);
                    (!dest.intersects(listed)).then_some((plan, dest))
                })
            }
            _ => None,
        };
        let Some((plan, dest)) = plan else {
            self.piece_moves_into::<_, false>(from, board.gates, tally);
            return;
        };
        tally.all += u64::from(dest.len());
        if rules.filters.captures_first {
            tally.captures += u64::from(dest.and(board.enemy).len());
        }
        if !plan.complete || (plan.en_passant && !self.ep.is_empty()) {
            self.piece_moves_into::<_, true>(from, board.gates, tally);
        }
    }

    /// The moves of the pieces on `pieces`, all `p`'s kind, frame and owner, for
    /// [`Position::count_without_royals`], into the tally: counted at once from their kind's
    /// shift plan, and en passant captures walked for the pieces that may take on an en passant
    /// square. Piece by piece when a move must be listed (a promotion).
    fn tally_group(&self, p: Piece, pieces: NodeSet, board: &Occupancy, tally: &mut Tally<'_>) {
        let rules = &*self.rules;
        let t = rules.tables();
        let listed = match &rules.kind(p.kind).promotion {
            None => Some(board.special),
            Some(pr) => {
                let zone = rules.zone(pr.zone, p.owner);
                (!(pr.leaving && zone.intersects(pieces))).then(|| board.special.or(*zone))
            }
        };
        let rays = t.shift_plan(p.kind, p.frame).map(|(_, rays)| rays);
        let counted = match (rays, listed) {
            (Some(rays), Some(listed)) if t.one_word() => {
                self.shift_tally::<u64>(rays, p, pieces, board, listed)
            }
            (Some(rays), Some(listed)) => {
                self.shift_tally::<NodeSet>(rays, p, pieces, board, listed)
            }
            _ => None,
        };
        let Some((all, taken)) = counted else {
            for from in pieces.iter() {
                self.tally_piece(from, p, board, tally);
            }
            return;
        };
        tally.all += u64::from(all);
        tally.captures += u64::from(taken);
        if self.ep.is_empty() {
            return;
        }
        let mut takers = NodeSet::default();
        for e in self.ep.iter() {
            for tk in t.en_passant_takers(e.square) {
                if tk.kind == p.kind && tk.frame == p.frame && pieces.contains(tk.origin) {
                    takers.insert(tk.origin);
                }
            }
        }
        for from in takers.iter() {
            self.piece_moves_into::<_, true>(from, board.gates, tally);
        }
    }

    /// [`shift_count`] of the pieces on `pieces` (all `p`'s kind, frame and owner) on the
    /// occupancy as `B`.
    #[inline(always)]
    fn shift_tally<B: Bits>(
        &self,
        rays: &[ShiftRay],
        p: Piece,
        pieces: NodeSet,
        board: &Occupancy,
        listed: NodeSet,
    ) -> Option<(u32, u32)> {
        let rules = &*self.rules;
        let shift_board = ShiftBoard {
            occupied: B::of(&board.occupied),
            own: B::of(&board.own),
            enemy: B::of(&board.enemy),
        };
        let zone = |z: u8| rules.zone(z as usize, p.owner);
        let captures = rules.filters.captures_first;
        shift_count(
            rays,
            B::of(&pieces),
            &shift_board,
            zone,
            B::of(&listed),
            captures,
        )
    }
}
