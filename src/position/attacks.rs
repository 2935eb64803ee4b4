//! Attacks and check: which pieces attack a node, whose royal is attacked. Read from the reverse
//! tables (which origins attack a target, through which squares), so no opponent move is
//! generated.

use crate::ids::{NodeId, NodeSet, PlayerId, PlayerSet};
use crate::rules::effects::AfterMove;
#[cfg(doc)]
use crate::rules::effects::MoveEffect;
use crate::tables::{Attack, SpecialAttack};

use super::Position;

impl Position {
    /// Whether the piece on the origin of reverse entry `a` belongs to a player in `by` and attacks
    /// along `a` when the squares between are empty: the right kind and frame, its `from:ZONE`
    /// condition met, and no gated link on the way (no attack crosses one, open or not).
    #[inline]
    pub(crate) fn attacks_along(&self, a: &Attack, by: u8) -> bool {
        let rules = &*self.rules;
        if a.tags.intersects(rules.gate_tags()) {
            return false;
        }
        let Some(p) = self.squares[a.origin.index()] else {
            return false;
        };
        if by & (1 << p.owner.0) == 0 {
            return false;
        }
        let Some(bit) = rules.tables().attack_bit(p.kind, p.frame) else {
            return false;
        };
        a.kinds & (1 << bit) != 0
            && a.from_zone
                .is_none_or(|z| rules.zone(z as usize, p.owner).contains(a.origin))
    }

    /// Whether `n` is attacked by any piece of a player in `by`, live or not: callers pass live
    /// players only.
    pub fn attacked_by(&self, n: NodeId, by: PlayerSet) -> bool {
        self.attacked_by_bits(n, by.bits())
    }

    /// [`Position::attacked_by`] with the players as bits (the hot paths' form).
    #[inline]
    pub(crate) fn attacked_by_bits(&self, n: NodeId, by: u8) -> bool {
        self.attacked_by_bits_if(n, by, |_| true)
    }

    /// [`Position::attacked_by_bits`], counting only the attackers on the nodes `keep` accepts
    /// (with `|_| true` it compiles to the plain test).
    #[inline]
    fn attacked_by_bits_if(&self, n: NodeId, by: u8, keep: impl Fn(NodeId) -> bool) -> bool {
        let t = self.rules.tables();
        for a in t.attacks_on(n) {
            if !self.attacks_along(a, by) || !keep(a.origin) {
                continue;
            }
            if t.between(a)
                .iter()
                .all(|b| self.squares[b.index()].is_none())
            {
                return true;
            }
        }
        t.has_special_attacks()
            && t.special_attacks_on(n).iter().any(|sa| {
                self.attacks_along(&sa.attack, by)
                    && keep(sa.attack.origin)
                    && self.special_open(sa, n)
            })
    }

    /// Whether a hop or zone-confined reverse entry on `target`, whose attacker
    /// [`Position::attacks_along`] found, is open: the squares passed hold exactly the screens it
    /// needs (the last of them close enough to the target), and they and the target lie in the
    /// attacker's zones.
    pub(crate) fn special_open(&self, sa: &SpecialAttack, target: NodeId) -> bool {
        let t = self.rules.tables();
        let between = t.between(&sa.attack);
        let s = sa.screens;
        let owner = match self.squares[sa.attack.origin.index()] {
            Some(p) => p,
            None => return false,
        };
        // Screens of a kind the attacker may not hop over (`cannot_hop`) close the way.
        let bars = self.rules.kind(owner.kind).cannot_hop;
        if bars != 0
            && between
                .iter()
                .any(|b| self.squares[b.index()].is_some_and(|p| bars & (1 << p.kind.index()) != 0))
        {
            return false;
        }
        let owner = owner.owner;
        if !s.leap {
            let mut count = 0u8;
            let mut last = 0;
            for (i, b) in between.iter().enumerate() {
                if self.squares[b.index()].is_some() {
                    count += 1;
                    last = i;
                    if count > s.over {
                        return false;
                    }
                }
            }
            if count != s.over || (s.beyond > 0 && between.len() - last > s.beyond as usize) {
                return false;
            }
        }
        let rules = &*self.rules;
        let in_zone =
            |z: Option<u8>, n: NodeId| z.is_none_or(|z| rules.zone(z as usize, owner).contains(n));
        in_zone(s.to_zone, target)
            && in_zone(s.within, target)
            && between.iter().all(|&b| in_zone(s.within, b))
    }

    /// Whether a royal piece of `p` is attacked by a live opponent, or faces a live opponent's
    /// royal along a direction of `[facing_royals]` with nothing between; with `[moves]
    /// check_all_royals`, whether all of his royals are (and he has one).
    #[inline]
    pub fn royal_attacked(&self, p: PlayerId) -> bool {
        self.royal_attacked_among(p, self.royals)
    }

    /// [`Position::royal_attacked`], looking only at the nodes of `at`, which hold every royal
    /// (the kept royals' set, or a superset of it while a move is written into the squares
    /// alone).
    #[inline]
    pub(crate) fn royal_attacked_among(&self, p: PlayerId, at: NodeSet) -> bool {
        let by = self.alive & !(1 << p.0);
        self.royals_threatened(p, by, at)
    }

    /// Whether the royals of `p` are attacked by the players in `by` (or face one of their
    /// royals), as check is judged: any of them, or with `check_all_royals` every one.
    #[inline]
    fn royals_threatened(&self, p: PlayerId, by: u8, at: NodeSet) -> bool {
        let rules = &*self.rules;
        let facing = !rules.facing.is_empty();
        let mut royals = at.iter().filter(|n| {
            self.squares[n.index()].is_some_and(|pc| pc.owner == p && rules.is_royal(pc.kind))
        });
        let mut hit =
            |n: NodeId| self.threatened(n, by) || (facing && self.faces_royal(n, by).is_some());
        if rules.moves.all_royals {
            return all_royals_hit(&mut royals, &mut hit);
        }
        royals.any(hit)
    }

    /// Whether `n` is attacked by a player in `by` whose capture on `n` the variant's
    /// after-move effects allow: an attack whose capture would remove the attacker's own royal
    /// (an explosion beside it) threatens nothing. Without effects, [`Position::attacked_by_bits`].
    #[inline]
    pub(crate) fn threatened(&self, n: NodeId, by: u8) -> bool {
        if self.rules.effects.is_empty() {
            return self.attacked_by_bits(n, by);
        }
        self.threatened_despite_effects(n, by)
    }

    /// [`Position::threatened`] in a variant with after-move effects: player by player.
    #[cold]
    #[inline(never)]
    fn threatened_despite_effects(&self, n: NodeId, by: u8) -> bool {
        let view = Shown { pos: self };
        let rules = &*self.rules;
        // Kinds that never capture (a royal a capture would petrify) threaten nothing.
        let disarmed = rules.disarmed_kinds;
        let armed = |o: NodeId| {
            self.squares[o.index()].is_none_or(|p| disarmed & (1 << p.kind.index()) == 0)
        };
        rules.player_ids().any(|q| {
            by & (1 << q.0) != 0
                && self.attacked_by_bits_if(n, 1 << q.0, armed)
                && !rules.effects.iter().any(|e| e.shields(&view, n, q))
        })
    }

    /// Walks from the royal on `n` along each direction of `[facing_royals]` to the first piece:
    /// when one is a royal of a player in `by`, the squares in between are empty, and this is
    /// the direction where that happens.
    pub(crate) fn faces_royal(&self, n: NodeId, by: u8) -> Option<crate::ids::DirId> {
        self.faces_royal_along(&self.rules.facing, n, by)
    }

    /// Whether a royal of the side to move faces a live opponent's royal along one of the board
    /// directions `dirs`, with nothing between (`[facing_royals] must_break`).
    pub(crate) fn royals_face_along(&self, dirs: &[crate::ids::DirId]) -> bool {
        let by = self.alive & !(1 << self.to_move.0);
        let mine = self.royals.and(self.by_owner[self.to_move.index()]);
        mine.iter()
            .any(|n| self.faces_royal_along(dirs, n, by).is_some())
    }

    /// [`Position::faces_royal`] along the directions `dirs`.
    pub(crate) fn faces_royal_along(
        &self,
        dirs: &[crate::ids::DirId],
        n: NodeId,
        by: u8,
    ) -> Option<crate::ids::DirId> {
        let rules = &*self.rules;
        dirs.iter().copied().find(|&d| {
            self.first_piece_along(n, d)
                .is_some_and(|(_, p)| by & (1 << p.owner.0) != 0 && rules.is_royal(p.kind))
        })
    }

    /// The first occupied node from `n` along board direction `d` (not turned by frames), and its
    /// piece; none at the board's edge or back at `n`.
    pub(crate) fn first_piece_along(
        &self,
        n: NodeId,
        d: crate::ids::DirId,
    ) -> Option<(NodeId, super::Piece)> {
        let board = self.rules.board();
        let mut at = n;
        for _ in 0..self.squares.len() {
            at = board.step(at, d)?.to;
            if at == n {
                return None;
            }
            if let Some(p) = self.squares[at.index()] {
                return Some((at, p));
            }
        }
        None
    }

    /// Whether `p` attacks a royal piece of any live opponent (discovered and earlier attacks
    /// count); with `[moves] check_all_royals`, all the royals of one of them.
    pub(crate) fn gives_check(&self, p: PlayerId) -> bool {
        self.gives_check_among(p, self.royals)
    }

    /// [`Position::gives_check`], looking only at the nodes of `at`, which hold every royal (see
    /// [`Position::royal_attacked_among`]).
    #[inline]
    pub(crate) fn gives_check_among(&self, p: PlayerId, at: NodeSet) -> bool {
        let rules = &*self.rules;
        if rules.moves.all_royals {
            return (rules.player_ids())
                .any(|q| q != p && self.is_alive(q) && self.royals_threatened(q, 1 << p.0, at));
        }
        at.iter().any(|n| {
            self.squares[n.index()].is_some_and(|pc| {
                pc.owner != p && self.is_alive(pc.owner) && rules.is_royal(pc.kind)
            }) && self.threatened(n, 1 << p.0)
        })
    }

    /// Whether the player to move is in check.
    pub fn is_check(&self) -> bool {
        self.royal_attacked(self.to_move)
    }

    /// The live players whose royals are attacked.
    pub fn checked_players(&self) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        for p in self.rules.player_ids() {
            if self.is_alive(p) && self.royal_attacked(p) {
                set.insert(p);
            }
        }
        set
    }
}

/// Whether `hit` holds for every node of `royals`, and there is one (`check_all_royals`).
#[cold]
#[inline(never)]
fn all_royals_hit(
    royals: &mut dyn Iterator<Item = NodeId>,
    hit: &mut dyn FnMut(NodeId) -> bool,
) -> bool {
    let mut any = false;
    for n in royals {
        if !hit(n) {
            return false;
        }
        any = true;
    }
    any
}

/// A position as the after-move effects' view, for [`MoveEffect::shields`] (no move: the mover
/// and destination are never read there).
struct Shown<'a> {
    pos: &'a Position,
}

impl AfterMove for Shown<'_> {
    fn rules(&self) -> &crate::rules::Rules {
        &self.pos.rules
    }

    fn mover(&self) -> PlayerId {
        self.pos.to_move
    }

    fn destination(&self) -> NodeId {
        NodeId(0)
    }

    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, crate::ids::KindId)> {
        self.pos.squares[node.index()].map(|p| (p.owner, p.kind))
    }

    fn captured(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spartan chess's duple check (`check_all_royals`), read from pyffish's `gives_check`.
    #[test]
    fn with_check_all_royals_only_every_royal_attacked_is_check() {
        let rules = crate::load("variants/spartan.toml").expect("loads");
        let at = |fen: &str| Position::from_fen(&rules, fen).expect("reads");
        let (white, black) = (PlayerId(0), PlayerId(1));
        // One of two kings attacked: no check, and White gives none.
        let one = at("4K3/8/8/8/8/8/8/R2k3k b - - 0 1");
        assert!(!one.royal_attacked(black));
        assert!(!one.gives_check(white));
        assert!(one.checkers().is_empty());
        // Both attacked: check.
        let both = at("k6k/8/8/8/3K4/8/2R3R1/R6R b - - 1 1");
        assert!(both.royal_attacked(black));
        assert!(both.gives_check(white));
        assert_eq!(both.checkers().len(), 2);
        // The last king is royal as usual.
        let last = at("4K3/8/8/8/8/8/8/3R2k1 b - - 0 2");
        assert!(last.royal_attacked(black) && last.is_check());
    }
}
