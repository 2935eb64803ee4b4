//! The end conditions a variant declares in `[outcome]` besides mate and stalemate: reaching a
//! zone, the n-th check, a bare royal, a count of pieces. Each is checked at the start of a turn
//! (see [`Position::resolve`]) and only when the variant declares it.

use crate::ids::PlayerId;
use crate::position::{EndRule, Outcome, Position};
use crate::rules::{Policy, ReachRule};

use super::Planned;
use super::turn::Turn;

impl Position {
    /// What `policy` does to player `p`, by `rule`: he wins, the game is drawn, or he is out
    /// (with two players in, the other wins).
    fn verdict(&self, p: PlayerId, policy: Policy, rule: EndRule) -> Turn {
        match policy {
            Policy::Win => Turn::Over(Outcome::WonBy(p, rule)),
            Policy::Draw => Turn::Over(Outcome::DrawnBy(rule)),
            Policy::Eliminate if self.alive_count() == 2 => {
                Turn::Over(Outcome::WonBy(self.next_alive(p), rule))
            }
            Policy::Eliminate => Turn::PlayerOut(p),
        }
    }

    /// How many pieces `p` has of the kinds in `mask` (bit `k`: kind `k`).
    fn count_pieces(&self, p: PlayerId, mask: u32) -> u32 {
        self.squares
            .iter()
            .flatten()
            .filter(|x| x.owner == p && mask & (1 << x.kind.index()) != 0)
            .count() as u32
    }

    /// The live players from the one who moved last, in turn order (he, then the player to
    /// move, then the others).
    fn players_from_last_mover(&self) -> impl Iterator<Item = PlayerId> + use<> {
        let n = self.rules.players().len();
        let last = self.previous_alive(self.to_move).index();
        let alive = self.alive;
        (0..n)
            .map(move |k| PlayerId(((last + k) % n) as u8))
            .filter(move |p| alive & (1 << p.0) != 0)
    }

    /// `material`: the first player, from the one who moved last, whose count of a rule's kinds
    /// is at most its number, and the first such rule.
    pub(super) fn material_ends(&self) -> Option<Turn> {
        let rules = &*self.rules;
        for p in self.players_from_last_mover() {
            for (i, m) in rules.outcome().material.iter().enumerate() {
                if self.count_pieces(p, m.kinds) <= m.at_most {
                    return Some(self.verdict(p, m.result, EndRule::Material(i as u8)));
                }
            }
        }
        None
    }

    /// `bare_royal`: the player who moved last has royals only and the player to move has more:
    /// the bared player has had his one move and loses. The player to move has royals only and
    /// the other two or more other pieces: no single capture can bare him, so he loses now.
    pub(super) fn bare_royal_ends(&self) -> Option<Turn> {
        let rules = &*self.rules;
        let policy = rules.outcome().bare_royal?;
        let (p, last) = (self.to_move, self.previous_alive(self.to_move));
        if p == last {
            return None;
        }
        let mut non_royal = 0u32;
        for k in rules.kind_ids() {
            if !rules.kind(k).royal {
                non_royal |= 1 << k.index();
            }
        }
        let (mine, theirs) = (
            self.count_pieces(p, non_royal),
            self.count_pieces(last, non_royal),
        );
        if theirs == 0 && mine > 0 {
            Some(self.verdict(last, policy, EndRule::BareRoyal))
        } else if mine == 0 && theirs >= 2 {
            Some(self.verdict(p, policy, EndRule::BareRoyal))
        } else {
            None
        }
    }

    /// `checks`: the player who moved last has no check left to give: he has won.
    pub(super) fn checks_end(&self) -> Option<Turn> {
        let last = self.previous_alive(self.to_move);
        (last != self.to_move && self.checks[last.index()] == 0)
            .then_some(Turn::Over(Outcome::WonBy(last, EndRule::Checks)))
    }

    /// Whether a piece of `r.kind` of `p` stands in `p`'s goal zone.
    fn in_goal(&self, p: PlayerId, r: ReachRule) -> bool {
        let zone = self.rules.zone(r.zone, p);
        zone.iter()
            .any(|n| self.squares[n.index()].is_some_and(|x| x.owner == p && x.kind == r.kind))
    }

    /// `reach`: on arrival, the player who moved last wins when his piece stands in his goal.
    /// With a reply, a player who arrived wins at the start of his next turn, or draws if the
    /// player who moved after him arrived too; a player who comes later in the round than the one
    /// who just arrived gets his reply only if some legal move of his arrives too.
    pub(super) fn reach_ends(&mut self, moves: &mut Vec<Planned>) -> Option<Turn> {
        let r = self.rules.outcome().reach?;
        let (p, last) = (self.to_move, self.previous_alive(self.to_move));
        let last_arrived = last != p && self.in_goal(last, r);
        if !r.reply {
            return last_arrived.then_some(Turn::Over(Outcome::WonBy(last, EndRule::Reach)));
        }
        if self.in_goal(p, r) {
            return Some(Turn::Over(if last_arrived {
                Outcome::DrawnBy(EndRule::Reach)
            } else {
                Outcome::WonBy(p, EndRule::Reach)
            }));
        }
        if !last_arrived || (p.index() > last.index() && self.can_arrive(moves, r)) {
            return None;
        }
        Some(Turn::Over(Outcome::WonBy(last, EndRule::Reach)))
    }

    /// Whether some legal move of the player to move brings his piece into his goal; `moves`
    /// receives his legal moves.
    fn can_arrive(&mut self, moves: &mut Vec<Planned>, r: ReachRule) -> bool {
        let me = self.to_move;
        self.legal_moves_into(moves);
        moves.iter().any(|&m| {
            let undo = self.make_with::<false>(m);
            let arrived = self.in_goal(me, r);
            self.unmake(undo);
            arrived
        })
    }
}
