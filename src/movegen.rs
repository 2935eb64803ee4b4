//! Moves: generation from the compiled tables, make/unmake, attacks, check, the end of a turn.
//!
//! Generation writes into a caller's buffer and reads only the occupancy and the flat tables: no
//! allocation per move. Legality is "the mover's royal pieces are not attacked by a live opponent
//! after the move"; attacks come from the reverse tables.

use crate::board::NodeId;
use crate::path::Kind;
use crate::position::{EpEntry, EpList, Outcome, Piece, Position};
use crate::rules::{FrameId, KindId, NodeSet, PlayerId, Policy};

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
}

/// What [`Position::make`] changed, so that [`Position::unmake`] can restore it exactly.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    mv: Move,
    moved: Piece,
    captured: Option<(NodeId, Piece)>,
    rook: Option<(NodeId, NodeId, Piece)>,
    castling: u32,
    ep: EpList,
    to_move: PlayerId,
    alive: u8,
    halfmove: u32,
    fullmove: u32,
}

/// What [`Position::resolve`] changed.
#[derive(Clone, Copy, Debug)]
pub struct Resolution {
    to_move: PlayerId,
    alive: u8,
    ep: EpList,
    fullmove: u32,
}

impl Position {
    /// Whether `n` is attacked by any piece of a player in `by` (a bit set of players), live or not:
    /// callers pass live players only.
    pub fn attacked_by(&self, n: NodeId, by: u8) -> bool {
        let t = self.rules.tables();
        for a in t.attacks_on(n) {
            let Some(p) = self.squares[a.origin.index()] else {
                continue;
            };
            if by & (1 << p.owner.0) == 0 {
                continue;
            }
            let Some(bit) = t.attack_bit(p.kind, p.frame) else {
                continue;
            };
            if a.kinds & (1 << bit) == 0 {
                continue;
            }
            if t.between(a)
                .iter()
                .all(|b| self.squares[b.index()].is_none())
            {
                return true;
            }
        }
        false
    }

    /// Whether a royal piece of `p` is attacked by a live opponent.
    pub fn royal_attacked(&self, p: PlayerId) -> bool {
        let by = self.alive & !(1 << p.0);
        let rules = &*self.rules;
        self.squares.iter().enumerate().any(|(i, s)| {
            s.is_some_and(|pc| pc.owner == p && rules.kind(pc.kind).royal)
                && self.attacked_by(NodeId(i as u16), by)
        })
    }

    /// Whether the player to move is in check.
    pub fn is_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }

    /// The live players whose royals are attacked, as a bit set.
    pub fn checked_players(&self) -> u8 {
        (0..self.rules.players().len())
            .filter(|&i| self.is_alive(PlayerId(i as u8)) && self.royal_attacked(PlayerId(i as u8)))
            .fold(0, |m, i| m | (1 << i))
    }

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
        let mut seen = NodeSet::default();
        for ray in t.rays(pc.kind, pc.frame, from) {
            if let Some(z) = ray.from_zone
                && !rules.zone(z as usize, pc.owner).contains(from)
            {
                continue;
            }
            let steps = t.steps(ray);
            let last = steps.len() - 1;
            for (i, s) in steps.iter().enumerate() {
                let dest = ray.kind == Kind::Ride || i == last;
                let occ = self.squares[s.node.index()];
                if dest && !seen.contains(s.node) {
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
                        seen.insert(s.node);
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
                                    });
                                }
                            }
                            _ => out.push(Move {
                                from,
                                to: s.node,
                                promotion: None,
                                frame,
                                special,
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
        let undo = self.make(m);
        let ok = !self.royal_attacked(me);
        self.unmake(undo);
        ok
    }

    /// Appends the legal moves of the side to move into `out` (cleared first).
    pub fn legal_moves_into(&mut self, out: &mut Vec<Move>) {
        out.clear();
        self.pseudo_legal_moves(out);
        let mut i = 0;
        while i < out.len() {
            if self.is_legal(out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
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

    /// Passes the turn from the current seat to the next live one; en passant entries die when the
    /// turn comes round to their owner's seat (moving there or skipping it).
    fn pass_turn(&mut self) {
        let n = self.rules.players().len();
        let mut seat = self.to_move.index();
        for _ in 0..n {
            seat = (seat + 1) % n;
            if seat == 0 {
                self.fullmove += 1;
            }
            let s = PlayerId(seat as u8);
            self.ep.retain(|e| e.owner != s);
            if self.is_alive(s) {
                break;
            }
        }
        self.to_move = PlayerId(seat as u8);
    }

    /// Plays a (pseudo-legal) move and returns what is needed to take it back.
    pub fn make(&mut self, m: Move) -> Undo {
        let rules = self.rules.clone();
        let moved = self.squares[m.from.index()].expect("a move starts on a piece");
        let mut undo = Undo {
            mv: m,
            moved,
            captured: None,
            rook: None,
            castling: self.castling,
            ep: self.ep,
            to_move: self.to_move,
            alive: self.alive,
            halfmove: self.halfmove,
            fullmove: self.fullmove,
        };
        self.squares[m.from.index()] = None;
        let mut capture = false;
        match m.special {
            Special::Castle { index } => {
                let c = &rules.castling()[index as usize];
                let rook = self.squares[c.rook_from.index()].expect("castling rook");
                self.squares[c.rook_from.index()] = None;
                undo.rook = Some((c.rook_from, c.rook_to, rook));
                if let Some(x) = self.squares[c.rook_to.index()].filter(|_| c.rook_to != m.from) {
                    // Only possible in odd castlings whose squares are not checked empty.
                    undo.captured = Some((c.rook_to, x));
                }
                self.squares[c.rook_to.index()] = Some(rook);
            }
            Special::EnPassant { captured } => {
                if let Some(x) = self.squares[captured.index()] {
                    undo.captured = Some((captured, x));
                    self.squares[captured.index()] = None;
                    capture = true;
                }
            }
            _ => {}
        }
        if let Some(x) = self.squares[m.to.index()] {
            undo.captured = Some((m.to, x));
            capture = true;
        }
        let kind = m.promotion.unwrap_or(moved.kind);
        self.squares[m.to.index()] = Some(Piece {
            owner: moved.owner,
            kind,
            frame: m.frame,
        });
        self.castling &= !(rules.castle_clear[m.from.index()] | rules.castle_clear[m.to.index()]);
        if let Some((n, _)) = undo.captured {
            self.castling &= !rules.castle_clear[n.index()];
        }
        if let Some((rf, _, _)) = undo.rook {
            self.castling &= !rules.castle_clear[rf.index()];
        }
        if capture || rules.kind(moved.kind).promotion.is_some() {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        // Captured royals: a player without royals is out at once.
        if let Some((_, x)) = undo.captured
            && rules.kind(x.kind).royal
            && x.owner != moved.owner
            && self.is_alive(x.owner)
            && !self
                .squares
                .iter()
                .flatten()
                .any(|p| p.owner == x.owner && rules.kind(p.kind).royal)
        {
            self.alive &= !(1 << x.owner.0);
        }
        // En passant entries: stale ones go, a double step adds its passed squares.
        let squares = &self.squares;
        self.ep.retain(|e| {
            squares[e.square.index()].is_none()
                && squares[e.pawn.index()].is_some_and(|p| p.owner == e.owner)
                && e.pawn != m.from
        });
        if let Special::CreatesEp { first_step, passed } = m.special {
            let t = rules.tables();
            for k in 0..passed as u32 {
                let step = t.step_at(first_step + k);
                self.ep.push(EpEntry {
                    owner: moved.owner,
                    square: step.node,
                    pawn: m.to,
                });
            }
        }
        self.pass_turn();
        undo
    }

    /// Takes back the move `undo` was made for.
    pub fn unmake(&mut self, undo: Undo) {
        let m = undo.mv;
        self.squares[m.to.index()] = None;
        if let Some((rf, rt, rook)) = undo.rook {
            self.squares[rt.index()] = None;
            self.squares[rf.index()] = Some(rook);
        }
        if let Some((n, x)) = undo.captured {
            self.squares[n.index()] = Some(x);
        }
        self.squares[m.from.index()] = Some(undo.moved);
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.to_move = undo.to_move;
        self.alive = undo.alive;
        self.halfmove = undo.halfmove;
        self.fullmove = undo.fullmove;
    }

    /// Plays a move after checking that it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), crate::notation::MoveError> {
        if !self.legal_moves().contains(&m) {
            return Err(crate::notation::MoveError::Illegal(
                "that move is not legal here".into(),
            ));
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
                    self.pass_turn();
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
    }

    /// How the game has ended, if it has (the position itself is not changed).
    pub fn outcome(&self) -> Option<Outcome> {
        let mut p = self.clone();
        p.resolve(&mut Vec::new()).0
    }
}
