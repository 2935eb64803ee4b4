//! Legality: which pseudo-legal moves keep the mover's royals safe (judged from pins where that
//! is enough, by playing the move otherwise), and the answer for any [`Move`] value.

use crate::ids::{NodeId, NodeSet};
use crate::position::Position;
use crate::rules::filters::{Candidate, Stage};

use super::candidates::MoveList;

use super::{Move, Planned};

/// Most pins tracked for one royal before falling back to playing every move.
pub(super) const MAX_PINS: usize = 32;

/// The only royal of the side to move, not in check, with its pins (pinned node, index of the
/// pinning attack entry) and the squares where a move may open or close a line pins do not see
/// (`None`: there are none); see [`Position::royal_pins`].
pub(super) struct PinView<'a> {
    /// Where the royal stands.
    pub(crate) king: NodeId,
    /// Its pins.
    pub(crate) pins: &'a [(NodeId, u16)],
    /// The sensitive squares, if any.
    pub(crate) sensitive: Option<&'a NodeSet>,
}

impl Position {
    /// Whether a pseudo-legal move of the side to move keeps its royals safe (and, for a move
    /// across a gate that forbids it, gives no check). Plays the move and takes it back.
    pub(crate) fn keeps_royals_safe(&mut self, m: Planned) -> bool {
        let me = self.to_move;
        let undo = self.make_with::<false>(m);
        // After-move effects (an explosion) may take the mover's own royal: never legal.
        let rules = &*self.rules;
        let own_royal_lost = !rules.effects.is_empty()
            && (undo.removed().iter()).any(|(_, x)| x.owner == me && rules.is_royal(x.kind));
        let exposed = own_royal_lost || self.royal_attacked(me);
        let forbidden_check = (m.no_check || !self.rules.moves.may_check) && self.gives_check(me);
        self.unmake(undo);
        !exposed && !forbidden_check
    }

    /// [`Position::keeps_royals_safe`] for a side whose only royal stands on `king`: after the
    /// move only the royal's new square is looked at, not the whole board; on the squares alone
    /// where that is exact ([`Position::judge_on_squares`]), else by playing the move.
    fn keeps_royal_safe_at(&mut self, m: Planned, king: NodeId) -> bool {
        if let Some(safe) = self.judge_on_squares(m, Some(king)) {
            return safe;
        }
        let me = self.to_move;
        let at = match m.mv {
            Move::Normal { from, to, .. } if from == king => to,
            Move::Castle {
                king_from, king_to, ..
            } if king_from == king => king_to,
            _ => king,
        };
        let undo = self.make_with::<false>(m);
        let rules = &*self.rules;
        let exposed = match self.squares[at.index()] {
            Some(p) if p.owner == me && rules.is_royal(p.kind) => {
                let by = self.alive & !(1 << me.0);
                self.attacked_by_bits(at, by)
                    || (!rules.facing.is_empty() && self.faces_royal(at, by).is_some())
            }
            _ => self.royal_attacked(me),
        };
        let forbidden_check = (m.no_check || !rules.moves.may_check) && self.gives_check(me);
        self.unmake(undo);
        !exposed && !forbidden_check
    }

    /// Appends the legal moves of the side to move into `out` (cleared first), as generated, for
    /// [`Position::make`]. Eliminations that are due are not settled here: see
    /// [`Position::resolve`].
    ///
    /// With one royal piece that is not in check, ordinary moves are judged from the pins of that
    /// royal (the own pieces that alone stand between it and an attacker) without being played; king
    /// moves, en passant, castling and moves that must not give check are judged on the squares
    /// alone (`judge_on_squares`). In check, a move of another piece must land on the
    /// check mask (`check_mask`) and is judged on the squares; so is every move of a
    /// side with several royals or none. Captures of a royal, drops, captures after a move and
    /// numbers are played and tested. Lines that a move can open or close
    /// otherwise (an enemy hop's line to the royal with one screen too many or too few, or
    /// facing royals with one piece between) make their squares sensitive: a move from or to
    /// one of them is played and tested too.
    pub(crate) fn legal_moves_into(&mut self, out: &mut Vec<Planned>) {
        out.clear();
        self.pseudo_legal_moves(out);
        if !self.rules.filters.pseudo.is_empty() {
            self.apply_filters(Stage::Pseudo, out);
        }
        if !self.rules.any_royal
            && self.rules.gates().is_empty()
            && self.hands.is_empty()
            && self.rules.filters.legal.is_empty()
        {
            // No royal to expose, no gate to give check across, no drop to mate, no filter of
            // the legal moves: every pseudo-legal move is legal (with its second parts).
            if self.rules.second_part {
                self.add_second_parts(out);
            }
            return;
        }
        if !self.unguarded_turn() {
            self.keep_royals_safe(out);
        }
        if !self.rules.filters.legal.is_empty() {
            self.apply_filters(Stage::Legal, out);
        }
        if !self.hands.is_empty() {
            self.refuse_mating_drops(out);
        }
        if self.rules.second_part {
            self.add_second_parts(out);
        }
    }

    /// Whether every pseudo-legal move of the side to move keeps its royals safe: it has none on
    /// the board, and no move must be judged for the checks it gives (every move may check, and
    /// no gate or standing promotion forbids it).
    #[inline]
    pub(super) fn unguarded_turn(&self) -> bool {
        !self.rules.checks_judged && !self.royals.intersects(self.by_owner[self.to_move.index()])
    }

    /// Keeps the pseudo-legal moves of `out` that leave the royals of the side to move safe (and
    /// give no check where they must not): the part of [`Position::legal_moves_into`] that
    /// judges royals.
    fn keep_royals_safe(&mut self, out: &mut Vec<Planned>) {
        let mut pins = [(NodeId(0), 0u16); MAX_PINS];
        let mut sensitive = NodeSet::default();
        // Captures after the move remove enemy pieces that may have blocked an enemy line to
        // the royal: pins cannot judge those moves.
        let pinned = if self.rules.effects.is_empty() {
            self.royal_pins(&mut pins, &mut sensitive)
        } else {
            None
        };
        match pinned {
            Some((king, npins, any_sensitive)) => {
                let pins = PinView {
                    king,
                    pins: &pins[..npins],
                    sensitive: any_sensitive.then_some(&sensitive),
                };
                let mut i = 0;
                while i < out.len() {
                    if self.pins_allow(out[i], &pins) {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
            None => {
                let mine = self.royals.and(self.by_owner[self.to_move.index()]);
                // A promotion that makes a royal is judged on every royal, not the one's square.
                let king = (mine.first())
                    .filter(|&k| mine.last() == Some(k) && !self.rules.moves.royal_promotion);
                let mask = king.and_then(|k| self.check_mask(k));
                let mut i = 0;
                while i < out.len() {
                    let legal = match king {
                        Some(k) => self.answers_check(out[i], k, mask.as_ref()),
                        None => match self.judge_on_squares(out[i], None) {
                            Some(safe) => safe,
                            None => self.keeps_royals_safe(out[i]),
                        },
                    };
                    if legal {
                        i += 1;
                    } else {
                        out.swap_remove(i);
                    }
                }
            }
        }
    }

    /// Applies the legality filters of `stage` ([`crate::rules::filters`]) to `moves`, in order.
    #[cold]
    #[inline(never)]
    pub(super) fn apply_filters(&mut self, stage: Stage, moves: &mut Vec<Planned>) {
        let rules = self.rules.clone();
        let filters = match stage {
            Stage::Pseudo => &rules.filters.pseudo,
            Stage::Legal => &rules.filters.legal,
        };
        let mut list = MoveList { pos: self, moves };
        for f in filters {
            f.retain(&mut list);
        }
    }

    /// A generated move of the side to move as the legality filters see it.
    #[inline]
    pub(crate) fn candidate(&self, m: Move) -> Candidate {
        let from = m.from();
        let mover = from.and_then(|f| self.squares[f.index()]);
        let victim = mover.and_then(|p| match m {
            Move::Normal { to, .. } => self.squares[to.index()].filter(|x| x.owner != p.owner),
            Move::EnPassant { .. } => (self.ep.iter())
                .find(|e| e.square == m.to())
                .and_then(|e| self.squares[e.pawn.index()]),
            Move::Castle { .. } | Move::Drop { .. } => None,
        });
        Candidate {
            from,
            to: m.to(),
            mover: mover.map(|p| p.kind),
            // What `captures` says, from what is already known: a victim, or en passant.
            captures: victim.is_some() || matches!(m, Move::EnPassant { .. }),
            victim: victim.map(|v| v.kind),
            moves_royal: from.is_some_and(|f| self.royals.contains(f)),
            ordinary: matches!(m, Move::Normal { .. }),
            dropped: match m {
                Move::Drop { kind, .. } => Some(kind),
                _ => None,
            },
        }
    }

    /// The nodes of the live opponents' pieces that attack a royal of the side to move (none
    /// with `[moves] check_all_royals` while one of his royals is not attacked).
    pub(crate) fn checkers(&self) -> NodeSet {
        if self.rules.moves.all_royals && !self.is_check() {
            return NodeSet::default();
        }
        let t = self.rules.tables();
        let by = self.alive & !(1 << self.to_move.0);
        let mut found = NodeSet::default();
        for royal in self.royals.and(self.by_owner[self.to_move.index()]).iter() {
            for a in t.attacks_on(royal) {
                if self.attacks_along(a, by)
                    && t.between(a)
                        .iter()
                        .all(|b| self.squares[b.index()].is_none())
                {
                    found.insert(a.origin);
                }
            }
            for sa in t.special_attacks_on(royal) {
                if self.attacks_along(&sa.attack, by) && self.special_open(sa, royal) {
                    found.insert(sa.attack.origin);
                }
            }
        }
        found
    }

    /// Whether a pseudo-legal move keeps the only royal safe, judged from its pins where that
    /// is enough and by playing the move otherwise (see [`Position::legal_moves_into`]).
    #[inline(always)]
    pub(super) fn pins_allow(&mut self, m: Planned, pins: &PinView<'_>) -> bool {
        let touches = |n: NodeId| pins.sensitive.is_some_and(|s| s.contains(n));
        let may_check = self.rules.moves.may_check;
        match m.mv {
            Move::Normal { from, to, .. }
                if from != pins.king
                    && !self.squares[to.index()].is_some_and(|p| self.rules.is_royal(p.kind))
                    && !touches(from)
                    && !touches(to) =>
            {
                self.pin_allows(pins.king, pins.pins, from, to)
                    && ((may_check && !m.no_check) || !self.checks_on_squares(m))
            }
            // A piece added while the royal is not in check shields, never exposes (unless it
            // completes a screen).
            Move::Drop { to, .. } if !touches(to) && may_check => true,
            _ => self.keeps_royal_safe_at(m, pins.king),
        }
    }

    /// Whether a move takes a piece, whoever moves it (en passant included; a castling onto its
    /// own rook does not).
    pub fn is_capture(&self, m: &Move) -> bool {
        let Some(mover) = m.from().and_then(|f| self.piece_at(f)) else {
            return false;
        };
        matches!(m, Move::EnPassant { .. })
            || self
                .piece_at(m.to())
                .is_some_and(|p| p.owner != mover.owner)
    }

    /// Whether a move of the side to move captures: it lands on another player's piece, or
    /// takes en passant (castling never captures).
    pub(crate) fn captures(&self, m: &Move) -> bool {
        match *m {
            Move::EnPassant { .. } => true,
            Move::Normal { to, .. } => {
                self.squares[to.index()].is_some_and(|x| x.owner != self.to_move)
            }
            Move::Castle { .. } | Move::Drop { .. } => false,
        }
    }

    /// The only royal of the side to move, its pins (pinned node, index of the pinning attack
    /// entry) and whether any square is `sensitive` (see [`Position::screen_lines`]); `None` when
    /// there is not exactly one royal, it is in check, there are too many pins, or some
    /// promotion makes a royal.
    #[inline]
    pub(super) fn royal_pins(
        &self,
        pins: &mut [(NodeId, u16); MAX_PINS],
        sensitive: &mut NodeSet,
    ) -> Option<(NodeId, usize, bool)> {
        let rules = &*self.rules;
        let me = self.to_move;
        let mine = self.royals.and(self.by_owner[me.index()]);
        let king = mine.first()?;
        // A promotion that makes a second royal is not judged by the first one's pins.
        if mine.last() != Some(king) || rules.moves.royal_promotion {
            return None;
        }
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
        let any_sensitive = self.screen_lines(king, opponents, sensitive)?;
        Some((king, n, any_sensitive))
    }

    /// The squares where a move may open or close a line to the royal on `king` that pins do not
    /// see: every square of an enemy hop's (or zone-confined pattern's) way whose screens are one
    /// off what it needs, with the attacker's own square; the squares between facing royals with
    /// one piece between. Whether there is any; `None` when such a line is open (in check).
    /// Variants without hops, zone-confined attacks or facing royals pay two tests.
    fn screen_lines(&self, king: NodeId, opponents: u8, sensitive: &mut NodeSet) -> Option<bool> {
        let t = self.rules.tables();
        let mut any = false;
        if t.has_special_attacks() {
            for sa in t.special_attacks_on(king) {
                if !self.attacks_along(&sa.attack, opponents) {
                    continue;
                }
                if self.special_open(sa, king) {
                    return None;
                }
                let between = t.between(&sa.attack);
                let occupied = between
                    .iter()
                    .filter(|b| self.squares[b.index()].is_some())
                    .count();
                let over = usize::from(sa.screens.over);
                if !sa.screens.leap && occupied + 1 >= over && occupied <= over + 1 {
                    any = true;
                    sensitive.insert(sa.attack.origin);
                    for &b in between {
                        sensitive.insert(b);
                    }
                }
            }
        }
        if !self.rules.facing.is_empty() {
            any |= self.facing_lines(king, opponents, sensitive)?;
        }
        Some(any)
    }

    /// The facing-royals part of [`Position::screen_lines`].
    fn facing_lines(&self, king: NodeId, opponents: u8, sensitive: &mut NodeSet) -> Option<bool> {
        let rules = &*self.rules;
        let board = rules.board();
        let mut any = false;
        for &d in &rules.facing {
            let Some((first, p)) = self.first_piece_along(king, d) else {
                continue;
            };
            let enemy_royal = |p: crate::position::Piece| {
                opponents & (1 << p.owner.0) != 0 && rules.is_royal(p.kind)
            };
            if enemy_royal(p) {
                return None;
            }
            if !self
                .first_piece_along(first, d)
                .is_some_and(|(_, q)| enemy_royal(q))
            {
                continue;
            }
            any = true;
            let mut at = king;
            while let Some(st) = board.step(at, d) {
                at = st.to;
                if at != first && self.squares[at.index()].is_some() {
                    break;
                }
                sensitive.insert(at);
            }
        }
        Some(any)
    }

    /// Whether an ordinary move keeps every line it is pinned on blocked: it stays between the
    /// royal on `king` and the pinner, or takes the pinner. `pins` are those of
    /// [`Position::royal_pins`].
    #[inline]
    fn pin_allows(&self, king: NodeId, pins: &[(NodeId, u16)], from: NodeId, to: NodeId) -> bool {
        let t = self.rules.tables();
        let entries = t.attacks_on(king);
        pins.iter().filter(|(n, _)| *n == from).all(|&(_, ei)| {
            let a = &entries[ei as usize];
            to == a.origin || t.between(a).contains(&to)
        })
    }

    /// The legal moves of the piece on `from` as if its owner were to move (castling included), in
    /// generation order, whoever's turn it really is: what a picture or a "what can this piece do"
    /// query shows. Empty for an empty node, a node of another board, or a piece of an eliminated
    /// player.
    pub fn piece_legal_moves(&self, from: NodeId) -> Vec<Move> {
        let Some(Some(pc)) = self.squares.get(from.index()) else {
            return Vec::new();
        };
        let mut p = self.clone();
        p.to_move = pc.owner;
        let mut moves = Vec::new();
        p.piece_moves(from, &mut moves);
        if p.rules.any_standing {
            p.standing_promotions_of(from, &mut moves);
        }
        let mut castles = Vec::new();
        p.castling_moves(&mut castles);
        moves.extend(castles.into_iter().filter(|m| m.mv.from() == Some(from)));
        let mut legal: Vec<Planned> = moves
            .into_iter()
            .filter(|&m| p.keeps_royals_safe(m))
            .collect();
        if !p.rules.filters.pseudo.is_empty() || !p.rules.filters.legal.is_empty() {
            // A filter may judge a move against all of the owner's moves (a compulsory capture),
            // not this piece's only: the piece's moves are those of the whole list.
            let mut all = Vec::new();
            p.legal_moves_into(&mut all);
            legal.retain(|m| all.iter().any(|a| a.mv == m.mv));
        }
        if p.rules.second_part {
            p.add_second_parts(&mut legal);
        }
        legal.into_iter().map(|m| m.mv).collect()
    }

    /// The legal moves of the side to move, in generation order (eliminations that are due are
    /// not settled: see [`Position::resolve`]).
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut p = self.clone();
        let mut v = Vec::new();
        p.legal_moves_into(&mut v);
        v.into_iter().map(|m| m.mv).collect()
    }

    /// Whether `m` is a legal move here, as [`Position::play`] judges it: eliminations that are
    /// due are settled first, and a finished game has no legal move. Answers for any value,
    /// generated or not, including one built from another variant's ids (never legal).
    pub fn is_legal(&self, m: &Move) -> bool {
        self.plan(m).is_some()
    }

    /// The generated form of a legal move `m` of the side to move, on a copy of this position
    /// with the eliminations that are due settled; `None` if `m` is not legal.
    pub(crate) fn plan(&self, m: &Move) -> Option<Planned> {
        if !self.names_own_ids(m) {
            return None;
        }
        let mut work = self.clone();
        let mut legal = Vec::new();
        let (outcome, _) = work.resolve(&mut legal);
        if outcome.is_some() {
            return None;
        }
        legal.into_iter().find(|p| p.mv == *m)
    }

    /// Whether every id in `m` is one of this variant's (a node of the board, a kind of the
    /// rules), so that looking it up cannot go out of bounds.
    pub(crate) fn names_own_ids(&self, m: &Move) -> bool {
        let nodes = self.squares.len();
        let kinds = self.rules.kinds().len();
        let node = |n: NodeId| n.index() < nodes;
        let gated = m.gating().is_none_or(|g| match (g.kind(), g.blocker_to()) {
            (Some(k), _) => k.index() < kinds,
            (None, to) => to.is_some_and(node),
        });
        gated
            && match *m {
                Move::Normal {
                    from,
                    to,
                    promotion,
                    ..
                } => node(from) && node(to) && promotion.is_none_or(|k| k.index() < kinds),
                Move::Castle {
                    king_from,
                    king_to,
                    rook_from,
                    ..
                } => node(king_from) && node(king_to) && node(rook_from),
                Move::EnPassant {
                    from, to, captured, ..
                } => node(from) && node(to) && node(captured),
                Move::Drop { kind, to, .. } => kind.index() < kinds && node(to),
            }
    }
}

#[cfg(test)]
mod tests {

    use super::super::test_games;
    use super::*;

    /// The moves that keep the royals safe when played with make and unmake, as
    /// [`Position::legal_moves_into`] would keep them, sorted as text.
    fn played_legal(pos: &mut Position) -> Vec<String> {
        let mut played = Vec::new();
        pos.pseudo_legal_moves(&mut played);
        if !pos.rules.filters.pseudo.is_empty() {
            pos.apply_filters(Stage::Pseudo, &mut played);
        }
        played.retain(|&m| pos.keeps_royals_safe(m));
        if !pos.rules.filters.legal.is_empty() {
            pos.apply_filters(Stage::Legal, &mut played);
        }
        if !pos.hands.is_empty() {
            pos.refuse_mating_drops(&mut played);
        }
        sorted(&played)
    }

    fn sorted(moves: &[Planned]) -> Vec<String> {
        let mut v: Vec<String> = moves.iter().map(|m| format!("{:?}", m.mv)).collect();
        v.sort();
        v
    }

    /// The legal moves as [`Position::legal_moves_into`] finds them (pins, check masks, moves
    /// judged on the squares alone) are exactly the pseudo-legal moves that keep the royals safe
    /// when played with make and unmake, at every position of seeded pseudo-random games of
    /// variants with rings, cylinders, a twisted centre and moats, hops, drops, facing royals,
    /// promotions and castling.
    #[test]
    fn legal_moves_equal_the_moves_that_survive_make_and_unmake() {
        for file in [
            "chess",
            "three_man_chess",
            "three_man_chess_literal",
            "circular_chess",
            "cylindrical_chess",
            "capablanca",
            "crazyhouse",
            "shogi",
            "xiangqi",
            "grand",
            "knightmate",
            "threekings",
            "atomic",
            "nocheckatomic",
            "makpong",
            "spartan",
        ] {
            let rules = test_games::load(file);
            for game in 0..6u64 {
                let mut pos = Position::start(&rules);
                let mut legal = Vec::new();
                let mut seed = 0x9e37_79b9_7f4a_7c15u64 ^ (game << 32);
                for ply in 0..150 {
                    let (outcome, _) = pos.resolve(&mut legal);
                    if outcome.is_some() || legal.is_empty() {
                        break;
                    }
                    pos.legal_moves_into(&mut legal);
                    let played = played_legal(&mut pos);
                    assert_eq!(sorted(&legal), played, "{file} game {game} ply {ply}");
                    pos.make(legal[test_games::pick(&mut seed, legal.len())]);
                }
            }
        }
    }

    /// Checks that random games seldom reach: one rook checking both ways round a ring
    /// (circular, cylindrical), answered by taking it; a knight and a rook checking at once.
    #[test]
    fn checks_along_two_lines_or_by_two_pieces_are_answered_as_played() {
        for (file, fen) in [
            ("circular_chess", "7N3k4/6p7P1/1P7p6/r3K11 w - - 0 1"),
            (
                "cylindrical_chess",
                "rn3bn1/p3ppp1/2k4R/p7/2p2P2/5K2/1PbPP3/R1B3N1 b - - 1 15",
            ),
            (
                "cylindrical_chess",
                "r3k3/1P5P/8/8/8/8/1p5p/R3K3 w Qq - 0 1",
            ),
            ("chess", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1"),
            ("chess", "4k3/8/8/8/8/8/3n4/r3K2R w K - 0 1"),
        ] {
            let rules = test_games::load(file);
            let mut pos = Position::from_fen(&rules, fen).expect("test position reads");
            let mut legal = Vec::new();
            pos.legal_moves_into(&mut legal);
            assert!(!legal.is_empty(), "{file} {fen}");
            assert_eq!(sorted(&legal), played_legal(&mut pos), "{file} {fen}");
        }
    }
}
