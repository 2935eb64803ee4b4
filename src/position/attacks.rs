//! Attacks and check: which pieces attack a node, whose royal is attacked. Read from the reverse
//! tables (which origins attack a target, through which squares), so no opponent move is
//! generated.

use crate::ids::{NodeId, PlayerId, PlayerSet};
use crate::tables::Attack;

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
        let t = self.rules.tables();
        for a in t.attacks_on(n) {
            if !self.attacks_along(a, by) {
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
    #[inline]
    pub fn royal_attacked(&self, p: PlayerId) -> bool {
        let by = self.alive & !(1 << p.0);
        let rules = &*self.rules;
        self.squares.iter().enumerate().any(|(i, s)| {
            s.is_some_and(|pc| pc.owner == p && rules.kind(pc.kind).royal)
                && self.attacked_by_bits(NodeId(i as u16), by)
        })
    }

    /// Whether `p` attacks a royal piece of any live opponent (discovered and earlier attacks count).
    pub fn gives_check(&self, p: PlayerId) -> bool {
        let rules = &*self.rules;
        self.squares.iter().enumerate().any(|(i, s)| {
            s.is_some_and(|pc| {
                pc.owner != p && self.is_alive(pc.owner) && rules.kind(pc.kind).royal
            }) && self.attacked_by_bits(NodeId(i as u16), 1 << p.0)
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
