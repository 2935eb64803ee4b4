//! The end conditions of `[outcome]` besides mate and stalemate, as the position offers them to
//! the rules: the position is a [`TurnStart`] for the end-rule slices of `rules::ends`, and
//! their verdicts become how a turn settles. `checks` is judged here (its count of checks
//! given is position state). Each condition is checked at the start of a turn (see
//! [`Position::resolve`]) and only when the variant declares it.

use crate::ids::{KindId, NodeId, PlayerId};
use crate::position::{EndRule, Outcome, Position};
use crate::rules::ends::{TurnStart, Verdict};
use crate::rules::{Policy, Rules};

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

    /// The declared end rule `i` of the outcome policy, judged on the turn about to start.
    pub(super) fn declared_end(&self, i: usize) -> Option<Turn> {
        let d = &self.rules.outcome().declared[i];
        Some(self.declared_verdict(d.key, d.rule.judge(self)?))
    }

    /// A verdict of the declared rule of `key`, as the turn it settles.
    fn declared_verdict(&self, key: &'static str, v: Verdict) -> Turn {
        let rule = EndRule::Declared {
            key,
            entry: v.entry,
        };
        self.verdict(v.player, v.policy, rule)
    }

    /// A declared rule's verdict on a stalemate of the player to move (the first rule that has
    /// one), instead of the `stalemate` policy.
    pub(super) fn declared_stalemate(&self) -> Option<Turn> {
        (self.rules.outcome().declared.iter())
            .find_map(|d| Some(self.declared_verdict(d.key, d.rule.stalemate(self)?)))
    }

    /// A declared rule's verdict on a checkmate of the player to move (the first rule that has
    /// one), instead of the `checkmate` policy.
    pub(super) fn declared_checkmate(&self) -> Option<Turn> {
        (self.rules.outcome().declared.iter())
            .find_map(|d| Some(self.declared_verdict(d.key, d.rule.checkmate(self)?)))
    }

    /// The kinds of `by`'s pieces that attack a royal of another live player (as check is
    /// judged).
    pub(super) fn checker_kinds_of(&self, by: PlayerId) -> u32 {
        let mut kinds = 0;
        for n in self.royals.iter() {
            let Some(royal) = self.squares[n.index()] else {
                continue;
            };
            if royal.owner == by || !self.is_alive(royal.owner) {
                continue;
            }
            for a in self.rules.tables().attacks_on(n) {
                if let Some(x) = self.squares[a.origin.index()]
                    && x.owner == by
                    && self.attacks_along(a, 1 << by.0)
                    && (self.rules.tables().between(a).iter())
                        .all(|b| self.squares[b.index()].is_none())
                {
                    kinds |= 1 << x.kind.index();
                }
            }
        }
        kinds
    }

    /// Whether declared end rule `i` ends the turn about to start, for perft's leaf count (a
    /// rule that looks at the legal moves, a reply to an arrival, lists them itself; the turn
    /// is then counted only when the game goes on).
    pub(super) fn declared_end_settles(&self, i: usize) -> bool {
        self.rules.outcome().declared[i].rule.judge(self).is_some()
    }

    /// `checks`: the player who moved last has no check left to give: he has won.
    pub(super) fn checks_end(&self) -> Option<Turn> {
        let last = self.previous_alive(self.to_move);
        (last != self.to_move && self.checks[last.index()] == 0)
            .then_some(Turn::Over(Outcome::WonBy(last, EndRule::Checks)))
    }
}

impl TurnStart for Position {
    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn to_move(&self) -> PlayerId {
        self.to_move
    }

    fn last_mover(&self) -> PlayerId {
        self.previous_alive(self.to_move)
    }

    fn is_alive(&self, p: PlayerId) -> bool {
        self.alive & (1 << p.index()) != 0
    }

    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
        self.squares[node.index()].map(|x| (x.owner, x.kind))
    }

    fn count_pieces(&self, p: PlayerId, kinds: u32) -> u32 {
        let own = &self.by_owner[p.index()];
        let every = (1u64 << self.rules.kinds().len()).wrapping_sub(1) as u32;
        if kinds & every == every {
            return own.len();
        }
        own.iter()
            .filter(|n| self.squares[n.index()].is_some_and(|x| kinds & (1 << x.kind.index()) != 0))
            .count() as u32
    }

    fn count_pieces_up_to(&self, p: PlayerId, kinds: u32, cap: u32) -> u32 {
        let mut n = 0;
        for at in self.by_owner[p.index()].iter() {
            if n >= cap {
                break;
            }
            let kind = self.squares[at.index()].map_or(0, |x| 1 << x.kind.index());
            n += u32::from(kinds & kind != 0);
        }
        n
    }

    fn kinds_held(&self, p: PlayerId, groups: &[u32]) -> u32 {
        let mut held = 0;
        for at in self.by_owner[p.index()].iter() {
            held |= self.squares[at.index()].map_or(0, |x| 1 << x.kind.index());
            if groups.iter().all(|g| g & held != 0) {
                break;
            }
        }
        held
    }

    fn count_in_hand(&self, p: PlayerId, kinds: u32) -> u32 {
        (self.rules.kind_ids())
            .filter(|k| kinds & (1 << k.index()) != 0)
            .map(|k| self.hand(p, k))
            .sum()
    }

    fn passes(&self) -> u8 {
        self.passes
    }

    fn checker_kinds(&self) -> u32 {
        (self.rules.player_ids())
            .filter(|&p| p != self.to_move && self.is_alive(p))
            .fold(0, |m, p| m | self.checker_kinds_of(p))
    }

    fn series_held(&self, p: PlayerId) -> bool {
        self.series & (1 << p.index()) != 0
    }

    fn royals_face(&self) -> bool {
        self.royals_face_along(crate::rules::filters::facing_break_lines(
            &self.rules.filters,
        ))
    }

    fn attacked_by_others(&self, node: NodeId, p: PlayerId) -> bool {
        self.threatened(node, self.alive & !(1 << p.0))
    }

    fn some_move_leads_to(&self, test: &dyn Fn(&dyn TurnStart) -> bool) -> bool {
        let mut work = self.clone();
        let mut moves = Vec::new();
        work.legal_moves_into(&mut moves);
        moves.iter().any(|&m| {
            let undo = work.make_with::<false>(m);
            let holds = test(&work);
            work.unmake(undo);
            holds
        })
    }
}
