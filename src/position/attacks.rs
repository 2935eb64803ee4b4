//! Attacks and check: which pieces attack a node, whose royal is attacked. Read from the reverse
//! tables (which origins attack a target, through which squares), so no opponent move is
//! generated.

use crate::ids::{NodeId, PlayerId};
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

    /// Whether `n` is attacked by any piece of a player in `by` (a bit set of players), live or not:
    /// callers pass live players only.
    #[inline]
    pub fn attacked_by(&self, n: NodeId, by: u8) -> bool {
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
                && self.attacked_by(NodeId(i as u16), by)
        })
    }

    /// Whether `p` attacks a royal piece of any live opponent (discovered and earlier attacks count).
    pub fn gives_check(&self, p: PlayerId) -> bool {
        let rules = &*self.rules;
        self.squares.iter().enumerate().any(|(i, s)| {
            s.is_some_and(|pc| {
                pc.owner != p && self.is_alive(pc.owner) && rules.kind(pc.kind).royal
            }) && self.attacked_by(NodeId(i as u16), 1 << p.0)
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
}
