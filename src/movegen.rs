//! Moves: generation from the compiled tables, make/unmake, attacks, check, the end of a turn.
//!
//! Generation writes into a caller's buffer and reads only the occupancy and the flat tables: no
//! allocation per move. Legality is "the mover's royal pieces are not attacked by a live opponent
//! after the move"; attacks come from the reverse tables.

use crate::board::NodeId;
use crate::path::Kind;
use crate::position::{EpEntry, EpList, Outcome, Piece, Position};
use crate::rules::{FrameId, KindId, NodeSet, PlayerId, Policy, Rules};

/// Most pins tracked for one royal before falling back to playing every move.
const MAX_PINS: usize = 32;

/// What a move does besides moving one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    /// Nothing else.
    None,
    /// Captures the piece on `captured` (not on the destination): en passant.
    EnPassant {
        /// Where the captured piece stands.
        captured: NodeId,
    },
    /// Passes squares that become en passant squares: the steps of this ray before its last.
    CreatesEp {
        /// Index of the first passed step in the tables, and their number.
        first_step: u32,
        /// Number of passed squares.
        passed: u8,
    },
    /// Castling number `index` of the rules (the king's move; the rook moves too).
    Castle {
        /// Index into [`crate::rules::Rules::castling`].
        index: u8,
    },
}

/// A move of the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece starts.
    pub from: NodeId,
    /// Where it ends.
    pub to: NodeId,
    /// The kind it becomes.
    pub promotion: Option<KindId>,
    /// Its frame after the move.
    pub frame: FrameId,
    /// Extra effects.
    pub special: Special,
    /// The move crosses an open gate that forbids giving check: it is legal only if, afterwards,
    /// no live opponent's royal is attacked by the mover.
    pub no_check: bool,
}

/// Why [`Position::play`] refused a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is not among the legal moves of the position (`notation::parse_move` explains
    /// a move text in detail).
    #[error("that move is not legal here")]
    NotLegal,
}

/// The pieces one move removed, in the order it removed them (at most
/// [`MAX_REMOVALS`](crate::limits::MAX_REMOVALS)).
pub type Removals = arrayvec::ArrayVec<(NodeId, Piece), { crate::limits::MAX_REMOVALS }>;

/// What [`Position::make`] changed, so that [`Position::unmake`] can restore it exactly.
#[derive(Clone, Debug)]
pub struct Undo {
    mv: Move,
    moved: Piece,
    removed: Removals,
    rook: Option<(NodeId, NodeId, Piece)>,
    castling: u32,
    ep: EpList,
    to_move: PlayerId,
    alive: u8,
    halfmove: u32,
    fullmove: u32,
    gates_open: u32,
    pieces_hash: u64,
}

impl Undo {
    /// The pieces the move removed, with the nodes they stood on.
    pub fn removed(&self) -> &[(NodeId, Piece)] {
        &self.removed
    }
}

/// What [`Position::resolve`] changed.
#[derive(Clone, Copy, Debug)]
pub struct Resolution {
    to_move: PlayerId,
    alive: u8,
    ep: EpList,
    fullmove: u32,
    gates_open: u32,
}

impl Position {
    /// Appends the pseudo-legal moves of the piece on `from` (as if its owner were to move).
    pub fn piece_moves(&self, from: NodeId, out: &mut Vec<Move>) {
        let Some(pc) = self.squares[from.index()] else {
            return;
        };
        if !self.is_alive(pc.owner) {
            return;
        }
        let rules = &*self.rules;
        let t = rules.tables();
        let kind = rules.kind(pc.kind);
        // Gates: closed ones stop a path; open ones may still forbid captures or check.
        let (mut closed, mut quiet_only, mut no_check) = (0u32, 0u32, 0u32);
        for (i, g) in rules.gates().iter().enumerate() {
            if self.gates_open & (1 << i) == 0 {
                closed |= g.tags.0;
            } else {
                if !g.capture_when_open {
                    quiet_only |= g.tags.0;
                }
                if !g.check_when_open {
                    no_check |= g.tags.0;
                }
            }
        }
        let first = out.len();
        // `seen`: destinations reached by an unrestricted path; `seen_gated`: only by a path
        // across an open gate. A square reached both ways is an ordinary move (rules 10.9).
        let mut seen = NodeSet::default();
        let mut seen_gated = NodeSet::default();
        for ray in t.rays(pc.kind, pc.frame, from) {
            if let Some(z) = ray.from_zone
                && !rules.zone(z as usize, pc.owner).contains(from)
            {
                continue;
            }
            let steps = t.steps(ray);
            let last = steps.len() - 1;
            for (i, s) in steps.iter().enumerate() {
                if s.tags.0 & closed != 0 {
                    break;
                }
                let dest = ray.kind == Kind::Ride || i == last;
                let occ = self.squares[s.node.index()];
                let gated = s.tags.0 & (quiet_only | no_check) != 0;
                let taken = seen.contains(s.node) || (gated && seen_gated.contains(s.node));
                let allowed = !taken;
                if dest && allowed && !(occ.is_some() && s.tags.0 & quiet_only != 0) {
                    let special = if ray.en_passant {
                        match occ {
                            None => self
                                .ep
                                .iter()
                                .find(|e| e.square == s.node && e.owner != pc.owner)
                                .map(|e| Special::EnPassant { captured: e.pawn }),
                            Some(_) => None,
                        }
                    } else {
                        match occ {
                            None if ray.mode.quiet() => Some(if ray.creates_ep && last > 0 {
                                Special::CreatesEp {
                                    first_step: ray.start,
                                    passed: last as u8,
                                }
                            } else {
                                Special::None
                            }),
                            Some(o) if ray.mode.captures() && o.owner != pc.owner => {
                                Some(Special::None)
                            }
                            _ => None,
                        }
                    };
                    if let Some(special) = special {
                        if gated {
                            seen_gated.insert(s.node);
                        } else {
                            seen.insert(s.node);
                            if seen_gated.contains(s.node) {
                                let node = s.node;
                                let mut k = first;
                                while k < out.len() {
                                    if out[k].to == node && out[k].from == from {
                                        out.remove(k);
                                    } else {
                                        k += 1;
                                    }
                                }
                            }
                        }
                        let no_check = s.tags.0 & no_check != 0;
                        let frame = s.frame;
                        match &kind.promotion {
                            Some((z, choices)) if rules.zone(*z, pc.owner).contains(s.node) => {
                                for &c in choices {
                                    out.push(Move {
                                        from,
                                        to: s.node,
                                        promotion: Some(c),
                                        frame: rules.canonical_frame(c, frame),
                                        special,
                                        no_check,
                                    });
                                }
                            }
                            _ => out.push(Move {
                                from,
                                to: s.node,
                                promotion: None,
                                frame,
                                special,
                                no_check,
                            }),
                        }
                    }
                }
                if occ.is_some() && ray.kind != Kind::Leap {
                    break;
                }
            }
        }
    }

    /// Appends the castling moves open to the side to move.
    fn castling_moves(&self, out: &mut Vec<Move>) {
        let rules = &*self.rules;
        let opponents = self.alive & !(1 << self.to_move.0);
        for (i, c) in rules.castling().iter().enumerate() {
            if c.player != self.to_move || self.castling & (1 << i) == 0 {
                continue;
            }
            let king = self.squares[c.king_from.index()];
            let rook = self.squares[c.rook_from.index()];
            if king.is_none_or(|k| k.owner != c.player || k.kind != c.king_kind)
                || rook.is_none_or(|r| r.owner != c.player || r.kind != c.rook_kind)
            {
                continue;
            }
            if c.empty
                .iter()
                .any(|&n| n != c.king_from && n != c.rook_from && self.squares[n.index()].is_some())
            {
                continue;
            }
            if c.safe.iter().any(|&n| self.attacked_by(n, opponents)) {
                continue;
            }
            let k = king.expect("checked above");
            out.push(Move {
                from: c.king_from,
                to: c.king_to,
                promotion: None,
                frame: k.frame,
                special: Special::Castle { index: i as u8 },
                no_check: false,
            });
        }
    }

    /// Appends every pseudo-legal move of the side to move.
    pub fn pseudo_legal_moves(&self, out: &mut Vec<Move>) {
        for i in 0..self.squares.len() {
            if self.squares[i].is_some_and(|p| p.owner == self.to_move) {
                self.piece_moves(NodeId(i as u16), out);
            }
        }
        self.castling_moves(out);
    }

    /// Whether a pseudo-legal move of the side to move is legal.
    pub fn is_legal(&mut self, m: Move) -> bool {
        let me = self.to_move;
        let undo = self.make_with::<false>(m);
        let exposed = self.royal_attacked(me);
        let forbidden_check = m.no_check && self.gives_check(me);
        let ok = !exposed && !forbidden_check;
        self.unmake(undo);
        ok
    }

    /// Appends the legal moves of the side to move into `out` (cleared first).
    ///
    /// With one royal piece that is not in check, ordinary moves are judged from the pins of that
    /// royal (the own pieces that alone stand between it and an attacker) without being played; king
    /// moves, en passant, castling, king captures and moves that must not give check are played and
    /// tested. Otherwise every move is played and tested.
    pub fn legal_moves_into(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_legal_moves(out);
        let mut pins = [(NodeId(0), 0u16); MAX_PINS];
        match self.royal_pins(&mut pins) {
            Some((king, npins)) => {
                let pins = &pins[..npins];
                let mut i = 0;
                while i < out.len() {
                    let m = out[i];
                    let simple = m.from != king
                        && matches!(m.special, Special::None | Special::CreatesEp { .. })
                        && !m.no_check
                        && !self.squares[m.to.index()]
                            .is_some_and(|p| self.rules.kind(p.kind).royal);
                    let ok = if simple {
                        self.pin_allows(king, pins, m)
                    } else {
                        self.is_legal(m)
                    };
                    if ok {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
            None => {
                let mut i = 0;
                while i < out.len() {
                    if self.is_legal(out[i]) {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
        }
    }

    /// The only royal of the side to move and its pins (pinned node, index of the pinning attack
    /// entry); `None` when there is not exactly one royal, it is in check, or there are too many pins.
    fn royal_pins(&self, pins: &mut [(NodeId, u16); MAX_PINS]) -> Option<(NodeId, usize)> {
        let rules = &*self.rules;
        let me = self.to_move;
        let mut king = None;
        for (i, s) in self.squares.iter().enumerate() {
            if let Some(p) = s
                && p.owner == me
                && rules.kind(p.kind).royal
            {
                if king.is_some() {
                    return None;
                }
                king = Some(NodeId(i as u16));
            }
        }
        let king = king?;
        let opponents = self.alive & !(1 << me.0);
        let t = rules.tables();
        let mut n = 0;
        for (ei, a) in t.attacks_on(king).iter().enumerate() {
            if !self.attacks_along(a, opponents) {
                continue;
            }
            let mut blocker = None;
            let mut count = 0;
            for b in t.between(a) {
                if let Some(q) = self.squares[b.index()] {
                    count += 1;
                    blocker = Some((*b, q));
                    if count > 1 {
                        break;
                    }
                }
            }
            match (count, blocker) {
                (0, _) => return None, // in check
                (1, Some((b, q))) if q.owner == me => {
                    if n == MAX_PINS {
                        return None;
                    }
                    pins[n] = (b, ei as u16);
                    n += 1;
                }
                _ => {}
            }
        }
        Some((king, n))
    }

    /// Whether an ordinary move keeps every line it is pinned on blocked: it stays between the
    /// royal and the pinner, or takes the pinner.
    fn pin_allows(&self, king: NodeId, pins: &[(NodeId, u16)], m: Move) -> bool {
        let t = self.rules.tables();
        let entries = t.attacks_on(king);
        pins.iter().filter(|(n, _)| *n == m.from).all(|&(_, ei)| {
            let a = &entries[ei as usize];
            m.to == a.origin || t.between(a).contains(&m.to)
        })
    }

    /// The legal moves of the piece on `from` as if its owner were to move (castling included), in
    /// generation order, whoever's turn it really is: what a picture or a "what can this piece do"
    /// query shows. Empty for an empty node or a piece of an eliminated player.
    pub fn piece_legal_moves(&self, from: NodeId) -> Vec<Move> {
        let Some(pc) = self.squares[from.index()] else {
            return Vec::new();
        };
        let mut p = self.clone();
        p.to_move = pc.owner;
        let mut moves = Vec::new();
        p.piece_moves(from, &mut moves);
        let mut castles = Vec::new();
        p.castling_moves(&mut castles);
        moves.extend(castles.into_iter().filter(|m| m.from == from));
        let mut legal = Vec::with_capacity(moves.len());
        for m in moves {
            if p.is_legal(m) {
                legal.push(m);
            }
        }
        legal
    }

    /// The legal moves of the side to move, in generation order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut p = self.clone();
        let mut v = Vec::new();
        p.legal_moves_into(&mut v);
        v
    }

    /// Plays a (pseudo-legal) move and returns what is needed to take it back.
    ///
    /// A pipeline of steps, each a method: lift the piece, remove what the move captures, place
    /// it (promotion, frame), then the after-move effects (castling rook, castling rights, clocks,
    /// elimination by royal capture, en passant entries, gates) and the turn. Every change of the
    /// board goes through [`Position::put`] and [`Position::take`], which keep the hash.
    pub fn make(&mut self, m: Move) -> Undo {
        self.make_with::<true>(m)
    }

    /// [`Position::make`], keeping the hash when `HASH`: a legality probe, which takes the move
    /// back at once (restoring the hash), skips that work.
    #[inline]
    fn make_with<const HASH: bool>(&mut self, m: Move) -> Undo {
        let mut undo = Undo {
            mv: m,
            moved: self.squares[m.from.index()].expect("a move starts on a piece"),
            removed: Removals::new(),
            rook: None,
            castling: self.castling,
            ep: self.ep,
            to_move: self.to_move,
            alive: self.alive,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
            gates_open: self.gates_open,
            pieces_hash: self.pieces_hash,
        };
        self.take::<HASH>(m.from);
        self.remove_captured::<HASH>(m, &mut undo);
        self.place::<HASH>(m, undo.moved);
        self.after_move(m, &mut undo);
        undo
    }

    /// Step 2: removes what the move captures: the piece on the destination (displacement), or
    /// the pawn an en passant capture names, or a piece on the castling rook's square.
    #[inline]
    fn remove_captured<const HASH: bool>(&mut self, m: Move, undo: &mut Undo) {
        match m.special {
            Special::Castle { index } => {
                let c = &self.rules.castling()[index as usize];
                let (rook_from, rook_to) = (c.rook_from, c.rook_to);
                let rook = self.take::<HASH>(rook_from).expect("castling rook");
                undo.rook = Some((rook_from, rook_to, rook));
                if let Some(x) = self.take::<HASH>(rook_to) {
                    undo.removed.push((rook_to, x));
                }
                self.put::<HASH>(rook_to, rook);
            }
            Special::EnPassant { captured } => {
                if let Some(x) = self.take::<HASH>(captured) {
                    undo.removed.push((captured, x));
                }
            }
            _ => {}
        }
        if let Some(x) = self.take::<HASH>(m.to) {
            undo.removed.push((m.to, x));
        }
    }

    /// Step 3: places the moved piece on the destination, promoted and in its new frame.
    #[inline]
    fn place<const HASH: bool>(&mut self, m: Move, moved: Piece) {
        let piece = Piece {
            owner: moved.owner,
            kind: m.promotion.unwrap_or(moved.kind),
            frame: m.frame,
        };
        self.put::<HASH>(m.to, piece);
    }

    /// Step 4: the effects of the move on the rest of the state, then the turn. The rules are
    /// borrowed field by field (no reference-count traffic on the hot path).
    #[inline]
    fn after_move(&mut self, m: Move, undo: &mut Undo) {
        let rules: &Rules = &self.rules;
        let moved = undo.moved;
        let clear = &rules.castle_clear;
        let mut lost = clear[m.from.index()] | clear[m.to.index()];
        for (n, _) in undo.removed.iter() {
            lost |= clear[n.index()];
        }
        if let Some((rf, _, _)) = undo.rook {
            lost |= clear[rf.index()];
        }
        self.castling &= !lost;
        let capture = undo.removed.iter().any(|(_, x)| x.owner != moved.owner);
        if capture || rules.kind(moved.kind).resets_clock {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        // Captured royals: a player left without royals is out at once.
        for &(_, x) in undo.removed.iter() {
            if rules.kind(x.kind).royal
                && x.owner != moved.owner
                && self.alive & (1 << x.owner.0) != 0
                && !has_royal(rules, &self.squares, x.owner)
            {
                self.alive &= !(1 << x.owner.0);
            }
        }
        update_en_passant(rules, &self.squares, &mut self.ep, m, moved);
        if !rules.gates().is_empty() {
            crate::position::open_gates(rules, &self.squares, self.alive, &mut self.gates_open);
        }
        pass_turn(
            rules,
            &mut self.to_move,
            self.alive,
            &mut self.ep,
            &mut self.fullmove,
        );
    }

    /// Takes back the move `undo` was made for: the board in the reverse order of `make`, then
    /// the saved state.
    pub fn unmake(&mut self, undo: Undo) {
        let m = undo.mv;
        self.squares[m.to.index()] = None;
        for &(n, x) in undo.removed.iter().rev() {
            self.squares[n.index()] = Some(x);
        }
        if let Some((rf, rt, rook)) = undo.rook {
            if undo.removed.iter().all(|(n, _)| *n != rt) {
                self.squares[rt.index()] = None;
            }
            self.squares[rf.index()] = Some(rook);
        }
        self.squares[m.from.index()] = Some(undo.moved);
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.to_move = undo.to_move;
        self.alive = undo.alive;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
        self.gates_open = undo.gates_open;
        self.pieces_hash = undo.pieces_hash;
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), PlayError> {
        if !self.legal_moves().contains(&m) {
            return Err(PlayError::NotLegal);
        }
        self.make(m);
        Ok(())
    }

    /// Settles a turn whose player has no legal move: eliminates him (mate, or stalemate where the
    /// policy says so) and passes the turn on, as often as needed. Returns how the game ended, if it
    /// did, and what to restore with [`Position::unresolve`]. `moves` is a scratch buffer.
    pub fn resolve(&mut self, moves: &mut Vec<Move>) -> (Option<Outcome>, Resolution) {
        let saved = Resolution {
            to_move: self.to_move,
            alive: self.alive,
            ep: self.ep,
            fullmove: self.fullmove,
            gates_open: self.gates_open,
        };
        loop {
            if self.alive_count() <= 1 {
                return (Some(Outcome::Winner(self.to_move)), saved);
            }
            self.legal_moves_into(moves);
            if !moves.is_empty() {
                return (None, saved);
            }
            let policy = if self.is_check() {
                self.rules.outcome().checkmate
            } else {
                self.rules.outcome().stalemate_with(self.alive_count())
            };
            match policy {
                Policy::Draw => return (Some(Outcome::Stalemate(self.to_move)), saved),
                // The last elimination ends the game; the position is left as it stands.
                Policy::Eliminate if self.alive_count() == 2 => {
                    return (Some(Outcome::Winner(self.next_alive(self.to_move))), saved);
                }
                Policy::Eliminate => {
                    self.alive &= !(1 << self.to_move.0);
                    self.update_gates();
                    pass_turn(
                        &self.rules,
                        &mut self.to_move,
                        self.alive,
                        &mut self.ep,
                        &mut self.fullmove,
                    );
                }
            }
        }
    }

    /// Restores what [`Position::resolve`] changed.
    pub fn unresolve(&mut self, r: Resolution) {
        self.to_move = r.to_move;
        self.alive = r.alive;
        self.ep = r.ep;
        self.fullmove = r.fullmove;
        self.gates_open = r.gates_open;
    }

    /// How the game has ended, if it has (the position itself is not changed).
    pub fn outcome(&self) -> Option<Outcome> {
        let mut p = self.clone();
        p.resolve(&mut Vec::new()).0
    }
}

/// Passes the turn from the current seat to the next live one; en passant entries die when the turn
/// comes round to their owner's seat (moving there or skipping it).
fn pass_turn(
    rules: &Rules,
    to_move: &mut PlayerId,
    alive: u8,
    ep: &mut EpList,
    fullmove: &mut u32,
) {
    let n = rules.players().len();
    let mut seat = to_move.index();
    for _ in 0..n {
        seat = (seat + 1) % n;
        if seat == 0 {
            *fullmove += 1;
        }
        let s = PlayerId(seat as u8);
        if !ep.is_empty() {
            ep.retain(|e| e.owner != s);
        }
        if alive & (1 << seat) != 0 {
            break;
        }
    }
    *to_move = PlayerId(seat as u8);
}

/// En passant entries: stale ones go, a double step adds the squares it passed.
#[inline]
fn update_en_passant(
    rules: &Rules,
    squares: &[Option<Piece>],
    ep: &mut EpList,
    m: Move,
    moved: Piece,
) {
    if !ep.is_empty() {
        ep.retain(|e| {
            squares[e.square.index()].is_none()
                && squares[e.pawn.index()].is_some_and(|p| p.owner == e.owner)
                && e.pawn != m.from
        });
    }
    if let Special::CreatesEp { first_step, passed } = m.special {
        let t = rules.tables();
        for k in 0..passed as u32 {
            let step = t.step_at(first_step + k);
            ep.push(EpEntry {
                owner: moved.owner,
                square: step.node,
                pawn: m.to,
            });
        }
    }
}

/// Whether a player has a royal piece on the board.
fn has_royal(rules: &Rules, squares: &[Option<Piece>], p: PlayerId) -> bool {
    squares
        .iter()
        .flatten()
        .any(|x| x.owner == p && rules.kind(x.kind).royal)
}
