//! Bulk counting at the last ply: how many legal moves the side to move has, without listing the
//! moves that pins alone show to be legal. Perft's leaves are most of its work; this is where it
//! counts them.
//!
//! With one royal that is not in check, a piece that is neither the royal, nor pinned, nor on a
//! square where a move may open a line pins do not see, has as many legal moves as pseudo-legal
//! ones, except moves that take a royal, land on such a square, take en passant or must not give
//! check: those are collected and judged one by one, like every move of the other pieces,
//! castling and drops. Every other case lists the legal moves and counts them.

use crate::ids::{NodeId, NodeSet};
use crate::position::{Piece, Position};
use crate::rules::{EndCondition, Rules};
use crate::tables::{BitRay, CountPlan};

use super::check_filter::CheckFilter;
use super::generate::{GateTags, MoveSink};
use super::legality::{MAX_PINS, PinView};
use super::{Move, Planned};

/// A sink that counts the moves pins show to be legal and keeps the others for judging.
struct Counter<'a> {
    counted: u64,
    squares: &'a [Option<Piece>],
    rules: &'a Rules,
    sensitive: Option<&'a NodeSet>,
    deferred: &'a mut Vec<Planned>,
}

impl MoveSink for Counter<'_> {
    #[inline(always)]
    fn push(&mut self, m: Planned) {
        match m.mv {
            Move::Normal { to, .. }
                if !m.no_check
                    && !self.sensitive.is_some_and(|s| s.contains(to))
                    && !self.squares[to.index()].is_some_and(|p| self.rules.is_royal(p.kind)) =>
            {
                self.counted += 1;
            }
            _ => self.deferred.push(m),
        }
    }

    fn len(&self) -> usize {
        self.deferred.len()
    }

    /// Never needed: counting is only used while no open gate restricts moves, and only such
    /// gates retract moves.
    fn retract(&mut self, first: usize, node: NodeId) {
        debug_assert!(
            false,
            "a counter cannot retract moves (restricting gates are listed)"
        );
        self.deferred.retract(first, node);
    }
}

/// The occupancy as node sets, for counting with the count plans.
pub(super) struct Occupancy {
    /// Every occupied node.
    pub(super) occupied: NodeSet,
    /// The nodes of the side to move.
    pub(super) own: NodeSet,
    /// The nodes of the other players (eliminated ones included: their pieces may be taken).
    pub(super) enemy: NodeSet,
    /// Where a move is listed, not counted: the royals' nodes and the sensitive squares.
    pub(super) special: NodeSet,
    /// The gates' tags, for every piece's walk.
    pub(super) gates: GateTags,
}

impl Occupancy {
    pub(super) fn of(pos: &Position, sensitive: Option<&NodeSet>, gates: GateTags) -> Occupancy {
        let occupied = pos.occupied();
        let own = pos.by_owner[pos.to_move.index()];
        // Only another player's royal can be a destination.
        let special = sensitive
            .copied()
            .unwrap_or_default()
            .or(pos.royals.minus(own));
        Occupancy {
            occupied,
            own,
            enemy: occupied.minus(own),
            special,
            gates,
        }
    }
}

/// The destinations where a move of the piece `p` on `from` must be listed, not counted: royals,
/// sensitive squares and its promotion zone; `None` when every move must be (it promotes on
/// leaving where it stands).
#[inline(always)]
pub(super) fn listed_squares(
    rules: &Rules,
    p: Piece,
    from: NodeId,
    board: &Occupancy,
) -> Option<NodeSet> {
    match &rules.kind(p.kind).promotion {
        None => Some(board.special),
        Some(pr) => {
            let zone = rules.zone(pr.zone, p.owner);
            (!(pr.leaving && zone.contains(from))).then(|| board.special.or(*zone))
        }
    }
}

/// The destinations of the piece `p` on `from` along the rays of its count plan on this
/// occupancy, as one set: rays of an entry whose squares may repeat give each square once.
#[inline(always)]
pub(super) fn plan_destinations(
    rules: &Rules,
    p: Piece,
    from: NodeId,
    board: &Occupancy,
    plan: &CountPlan,
    rays: &[BitRay],
) -> NodeSet {
    let mut dest = if plan.any_leap {
        plan.leaps.reach(board.occupied, board.own, board.enemy)
    } else {
        NodeSet::default()
    };
    let closed = board.gates.closed();
    let mut open = false;
    for r in rays {
        if r.continues && !open {
            continue;
        }
        let zoned_out = match r.from_zone {
            Some(z) => !rules.zone(z as usize, p.owner).contains(from),
            None => false,
        };
        if zoned_out || r.gates.intersects(closed) {
            open = false;
            continue;
        }
        let w = r.word as usize;
        let (reach, through) = r.reach(board.occupied.word(w), board.enemy.word(w));
        open = through;
        dest.add_word(w, reach);
    }
    dest
}

impl Position {
    /// The number of legal moves of the side to move once the turn is settled, when the game goes
    /// on and this player has a move: what perft counts one ply above its leaves. `None` when the
    /// turn must be settled by [`Position::resolve`] (the game ends, a player is out, or an end
    /// condition needs the moves themselves). The position is not changed.
    pub(crate) fn leaf_count(&mut self, buf: &mut Vec<Planned>) -> Option<u64> {
        for i in 0..self.rules.outcome().conditions.len() {
            let settled = match self.rules.outcome().conditions[i] {
                EndCondition::LastPlayerStanding => self.alive_count() <= 1,
                EndCondition::Declared(d) => self.declared_end_settles(d as usize),
                EndCondition::CheckCount => self.checks_end().is_some(),
                EndCondition::CapturedMaterial => self.number_winner().is_some(),
                EndCondition::NoLegalMove => {
                    let n = self.count_legal_moves(buf);
                    return (n > 0).then_some(n);
                }
            };
            if settled {
                return None;
            }
        }
        None
    }

    /// The number of legal moves of the side to move, as [`Position::legal_moves_into`] would
    /// list them (`buf` is scratch).
    fn count_legal_moves(&mut self, buf: &mut Vec<Planned>) -> u64 {
        let rules = &*self.rules;
        let gates = self.gate_tags();
        let unrestricted = gates.unrestricted();
        if unrestricted
            && rules.effects.is_empty()
            && self.hands.is_empty()
            && rules.filters.royalless_count
            && !rules.second_part
            && (!rules.any_royal || self.unguarded_turn())
        {
            return self.count_without_royals(gates, buf);
        }
        let countable = rules.any_royal
            && unrestricted
            && rules.filters.pins_count
            && rules.effects.is_empty()
            && (rules.moves.may_check || self.hands.is_empty())
            && !rules.moves.pass
            && !rules.second_part;
        let mut pins = [(NodeId(0), 0u16); MAX_PINS];
        let mut sensitive = NodeSet::default();
        let pinned = if countable {
            self.royal_pins(&mut pins, &mut sensitive)
        } else {
            None
        };
        let Some((king, npins, any_sensitive)) = pinned else {
            self.legal_moves_into(buf);
            return buf.len() as u64;
        };
        let view = PinView {
            king,
            pins: &pins[..npins],
            sensitive: any_sensitive.then_some(&sensitive),
        };
        let board = Occupancy::of(self, view.sensitive, gates);
        // Without hops, zone-confined attacks or facing royals, a royal's step is legal exactly
        // when its destination is not attacked once it has left its square.
        // Where moves may not give check, every move is listed and judged.
        let by_attacks = !rules.tables().has_special_attacks()
            && rules.facing.is_empty()
            && rules.moves.may_check;
        // Where moves may not give check, the squares where they may: the others are counted.
        let mut filter = if rules.moves.may_check {
            None
        } else {
            self.check_filter()
        };
        let mut n = match filter.as_mut() {
            None => self.count_pieces::<false>(king, by_attacks, &view, &board, None, buf),
            Some(f) => self.count_pieces_filtered(king, by_attacks, &view, &board, f, buf),
        };
        buf.clear();
        self.castling_moves(buf);
        if self.rules.any_standing {
            self.standing_promotions(buf);
        }
        n += self.count_allowed(buf, &view);
        if !self.hands.is_empty() {
            buf.clear();
            self.drop_moves(buf);
            for &m in buf.iter() {
                n += u64::from(self.pins_allow(m, &view) && !self.mating_drop_refused(m));
            }
        }
        n
    }

    /// The moves of the piece on `from` that pins show to be legal, counted; the others are
    /// left in `buf` for judging.
    #[inline(always)]
    fn count_piece<const JUDGED: bool>(
        &self,
        from: NodeId,
        view: &PinView<'_>,
        board: &Occupancy,
        judged: Option<NodeSet>,
        buf: &mut Vec<Planned>,
    ) -> u64 {
        let rules = &*self.rules;
        let Some(p) = self.squares[from.index()] else {
            return 0;
        };
        let kind = rules.kind(p.kind);
        // With `JUDGED`, `judged` holds the squares where this piece's moves may give check
        // (see [`Position::checking_squares`]): its kind is listed only for that reason.
        if from == view.king
            || view.pins.iter().any(|&(pn, _)| pn == from)
            || view.sensitive.is_some_and(|s| s.contains(from))
            || (!JUDGED && kind.listed)
        {
            self.piece_moves_into::<_, false>(from, board.gates, buf);
            return 0;
        }
        let judged = if JUDGED { judged } else { None };
        // The moves in the count plan, unless one must be listed: onto a royal or a sensitive
        // square, or a promotion.
        let masked = match rules.tables().count_plan(p.kind, p.frame, from) {
            Some((plan, rays)) => {
                let listed =
                    listed_squares(rules, p, from, board).map(|l| judged.map_or(l, |j| l.or(j)));
                let dest = plan_destinations(rules, p, from, board, plan, rays);
                match listed.filter(|l| !dest.intersects(*l)) {
                    Some(_) if plan.complete && (!plan.en_passant || self.ep.is_empty()) => {
                        return u64::from(dest.len());
                    }
                    Some(_) => Some(u64::from(dest.len())),
                    None => None,
                }
            }
            None => None,
        };
        let merged;
        let sensitive = match judged {
            Some(j) => {
                merged = view.sensitive.map_or(j, |s| s.or(j));
                Some(&merged)
            }
            None => view.sensitive,
        };
        let mut counter = Counter {
            counted: 0,
            squares: &self.squares,
            rules,
            sensitive,
            deferred: buf,
        };
        match masked {
            Some(k) => {
                self.piece_moves_into::<_, true>(from, board.gates, &mut counter);
                counter.counted + k
            }
            None => {
                self.piece_moves_into::<_, false>(from, board.gates, &mut counter);
                counter.counted
            }
        }
    }

    /// The moves of the side to move's pieces (not castling, standing promotions or drops),
    /// counted as [`Position::count_legal_moves`] does. With `FILTERED`, `filter` holds the
    /// squares where moves may give check (variants where they may not); without, the loop is
    /// chess's, with nothing of the filter in it.
    #[inline(always)]
    fn count_pieces<const FILTERED: bool>(
        &mut self,
        king: NodeId,
        by_attacks: bool,
        view: &PinView<'_>,
        board: &Occupancy,
        mut filter: Option<&mut CheckFilter>,
        buf: &mut Vec<Planned>,
    ) -> u64 {
        let mut n = 0;
        for from in board.own.iter() {
            if from == king
                && by_attacks
                && let Some(k) = self.count_royal_by_plan(king, board)
            {
                n += k;
                continue;
            }
            buf.clear();
            // Where moves may not give check, a piece with squares where they cannot is counted
            // but for those; every other piece as in chess.
            let judged = match filter.as_deref_mut() {
                Some(f) if FILTERED => self.checking_squares(f, from),
                _ => None,
            };
            n += match judged {
                None => self.count_piece::<false>(from, view, board, None, buf),
                Some(_) => self.count_piece::<true>(from, view, board, judged, buf),
            };
            if buf.is_empty() {
                continue;
            }
            n += if from == king && by_attacks {
                self.count_royal_moves(buf, view)
            } else {
                self.count_allowed(buf, view)
            };
        }
        n
    }

    /// [`Position::count_pieces`] with the check filter, out of line: only variants where moves
    /// may not give check take it, and inlined it would lay out chess's count differently.
    #[inline(never)]
    fn count_pieces_filtered(
        &mut self,
        king: NodeId,
        by_attacks: bool,
        view: &PinView<'_>,
        board: &Occupancy,
        filter: &mut CheckFilter,
        buf: &mut Vec<Planned>,
    ) -> u64 {
        self.count_pieces::<true>(king, by_attacks, view, board, Some(filter), buf)
    }

    /// The legal moves of the royal on `king` counted from its count plan, in a variant where
    /// attacks alone decide them (see [`Position::count_royal_moves`]): each destination is looked
    /// at for attacks with the royal lifted off its square. `None` when the plan does not hold
    /// every move, or a move must be listed (a promotion, a capture of a royal).
    fn count_royal_by_plan(&mut self, king: NodeId, board: &Occupancy) -> Option<u64> {
        let rules = &*self.rules;
        let p = self.squares[king.index()]?;
        let (plan, rays) = rules.tables().count_plan(p.kind, p.frame, king)?;
        if !plan.complete || plan.en_passant || rules.kind(p.kind).stack {
            return None;
        }
        let listed = listed_squares(rules, p, king, board)?;
        let dest = plan_destinations(rules, p, king, board, plan, rays);
        if dest.intersects(listed) {
            return None;
        }
        let by = self.alive & !(1 << self.to_move.0);
        let lifted = self.squares[king.index()].take();
        let n = dest
            .iter()
            .filter(|&d| !self.attacked_by_bits(d, by))
            .count();
        self.squares[king.index()] = lifted;
        Some(n as u64)
    }

    /// How many of `moves`, the moves of the royal on `view.king`, are legal, in a variant where
    /// only attacks on the royal's square decide it (no hops, zone-confined attacks or facing
    /// royals). A plain move is judged by looking for attacks on its destination with the royal
    /// lifted off its square (so that it does not shield the squares behind it); a promotion, a
    /// capture of a royal or a move that must not give check is judged like any other move
    /// ([`Position::pins_allow`]).
    fn count_royal_moves(&mut self, moves: &[Planned], view: &PinView<'_>) -> u64 {
        let by = self.alive & !(1 << self.to_move.0);
        let lifted = self.squares[view.king.index()].take();
        let (mut n, mut others) = (0, false);
        for m in moves {
            if self.plain_royal_move(m) {
                n += u64::from(!self.attacked_by_bits(m.mv.to(), by));
            } else {
                others = true;
            }
        }
        self.squares[view.king.index()] = lifted;
        if others {
            for &m in moves {
                if !self.plain_royal_move(&m) {
                    n += u64::from(self.pins_allow(m, view));
                }
            }
        }
        n
    }

    /// Whether a royal's move is judged by the attacks on its destination alone (see
    /// [`Position::count_royal_moves`]): an ordinary move that promotes nothing, takes no royal
    /// and may give check.
    #[inline(always)]
    fn plain_royal_move(&self, m: &Planned) -> bool {
        match m.mv {
            Move::Normal {
                to,
                promotion: None,
                ..
            } => {
                !m.no_check
                    && !self.squares[to.index()].is_some_and(|p| self.rules.is_royal(p.kind))
            }
            _ => false,
        }
    }

    /// How many of `moves` the pins (or playing them) allow.
    fn count_allowed(&mut self, moves: &[Planned], view: &PinView<'_>) -> u64 {
        moves.iter().filter(|&&m| self.pins_allow(m, view)).count() as u64
    }
}

#[cfg(test)]
mod tests {

    use super::super::test_games;
    use super::*;

    /// Along seeded pseudo-random games (captures, promotions, drops, castling, numbers and
    /// stacks, three players), the occupancy sets follow every make and unmake, and the count
    /// equals the number of listed legal moves.
    #[test]
    fn counts_and_occupancy_follow_make_and_unmake() {
        for file in [
            "chess",
            "three_man_chess",
            "crazyhouse",
            "shogi",
            "xiangqi",
            "rithmomachia",
            "capablanca",
            "antichess",
            "three_man_chess_literal",
            "circular_chess",
            "cylindrical_chess",
            "grand",
            "knightmate",
            "horde",
            "extinction",
            "threekings",
            "racingkings",
            "breakthrough",
        ] {
            let rules = test_games::load(file);
            let mut pos = Position::start(&rules);
            let (mut buf, mut moves) = (Vec::new(), Vec::new());
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for ply in 0..120 {
                let (outcome, _) = pos.resolve(&mut moves);
                assert_eq!(
                    pos.by_owner.to_vec(),
                    crate::position::occupancy_of(&pos.squares).to_vec(),
                    "{file} ply {ply}"
                );
                let royals = crate::position::royals_of(&rules, &pos.squares);
                assert_eq!(pos.royals, royals, "{file} ply {ply}");
                if outcome.is_some() || moves.is_empty() {
                    break;
                }
                let counted = pos.clone().leaf_count(&mut buf);
                assert!(
                    counted.is_none_or(|n| n == moves.len() as u64),
                    "{file} ply {ply}"
                );
                for &m in &moves {
                    let undo = pos.make(m);
                    assert_eq!(
                        pos.by_owner.to_vec(),
                        crate::position::occupancy_of(&pos.squares).to_vec(),
                        "{file} ply {ply}"
                    );
                    let royals = crate::position::royals_of(&rules, &pos.squares);
                    assert_eq!(pos.royals, royals, "{file} ply {ply}");
                    pos.unmake(undo);
                }
                pos.make(moves[test_games::pick(&mut seed, moves.len())]);
            }
        }
    }

    /// The reference for the count plans: wherever a piece's plan holds every ray (and no en
    /// passant capture is possible), its destinations on the occupancy equal those of walking the
    /// rays square by square, along seeded pseudo-random games of variants with rings, a twisted
    /// centre with moats, cylinders, large boards and drops.
    #[test]
    fn plan_destinations_equal_the_walked_ones() {
        for file in [
            "chess",
            "three_man_chess",
            "three_man_chess_literal",
            "circular_chess",
            "cylindrical_chess",
            "grand",
            "shogi",
            "capablanca",
        ] {
            let rules = test_games::load(file);
            let mut pos = Position::start(&rules);
            let (mut moves, mut walked) = (Vec::new(), Vec::new());
            let mut seed = 0x2545_f491_4f6c_dd1du64;
            let mut compared = 0;
            for _ in 0..160 {
                let (outcome, _) = pos.resolve(&mut moves);
                if outcome.is_some() || moves.is_empty() {
                    break;
                }
                let gates = pos.gate_tags();
                if !gates.unrestricted() {
                    // Counting lists every move while an open gate restricts what crosses it.
                    pos.make(moves[0]);
                    continue;
                }
                let board = Occupancy::of(&pos, None, gates);
                for from in board.own.iter() {
                    let p = pos.squares[from.index()].expect("own node holds a piece");
                    let Some((plan, rays)) = rules.tables().count_plan(p.kind, p.frame, from)
                    else {
                        continue;
                    };
                    if !plan.complete || (plan.en_passant && !pos.ep.is_empty()) {
                        continue;
                    }
                    let planned = plan_destinations(&rules, p, from, &board, plan, rays);
                    walked.clear();
                    pos.piece_moves_into::<_, false>(from, gates, &mut walked);
                    let reached = NodeSet::from_nodes(walked.iter().map(|m| m.mv.to()));
                    assert_eq!(planned, reached, "{file} {:?} from {from:?}", p.kind);
                    compared += 1;
                }
                pos.make(moves[test_games::pick(&mut seed, moves.len())]);
            }
            assert!(compared > 100, "{file}: only {compared} pieces compared");
        }
    }
}
