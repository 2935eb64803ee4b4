//! The end conditions of `[outcome]` besides mate and stalemate, as the position offers them to
//! the rules: the position is a [`TurnStart`] for the end-rule slices of `rules::ends`, and
//! their verdicts become how a turn settles. `checks` is judged here (its count of checks
//! given is position state). Each condition is checked at the start of a turn (see
//! [`Position::resolve`]) and only when the variant declares it.

use crate::ids::{KindId, NodeId, PlayerId};
use crate::position::{EndRule, Outcome, Position};
use crate::rules::ends::{TurnStart, Verdict};
use crate::rules::{Policy, Rules};

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

    /// The declared end rule `i` of the outcome policy, judged on the turn about to start;
    /// `moves` is scratch for a rule that looks at the legal moves.
    pub(super) fn declared_end(&mut self, i: usize, moves: &mut Vec<Planned>) -> Option<Turn> {
        let rules = self.rules.clone();
        let d = &rules.outcome().declared[i];
        let Verdict {
            player,
            policy,
            entry,
        } = d.rule.judge(&mut Settling { pos: self, moves })?;
        let rule = EndRule::Declared { key: d.key, entry };
        Some(self.verdict(player, policy, rule))
    }

    /// Whether declared end rule `i` ends the turn about to start, for perft's leaf count:
    /// `true` also when the rule needs the legal moves (the turn is then settled whole).
    pub(super) fn declared_end_settles(&mut self, i: usize, moves: &mut Vec<Planned>) -> bool {
        let rules = self.rules.clone();
        let rule = &rules.outcome().declared[i].rule;
        rule.needs_moves() || rule.judge(&mut Settling { pos: self, moves }).is_some()
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
        self.squares
            .iter()
            .flatten()
            .filter(|x| x.owner == p && kinds & (1 << x.kind.index()) != 0)
            .count() as u32
    }

    fn some_move_leads_to(&mut self, test: &dyn Fn(&dyn TurnStart) -> bool) -> bool {
        Settling {
            pos: self,
            moves: &mut Vec::new(),
        }
        .some_move_leads_to(test)
    }
}

/// A position settling its turn, with the scratch list the legal moves go to.
struct Settling<'a> {
    pos: &'a mut Position,
    moves: &'a mut Vec<Planned>,
}

impl TurnStart for Settling<'_> {
    fn rules(&self) -> &Rules {
        &self.pos.rules
    }

    fn to_move(&self) -> PlayerId {
        self.pos.to_move
    }

    fn last_mover(&self) -> PlayerId {
        TurnStart::last_mover(&*self.pos)
    }

    fn is_alive(&self, p: PlayerId) -> bool {
        TurnStart::is_alive(&*self.pos, p)
    }

    fn piece_at(&self, node: NodeId) -> Option<(PlayerId, KindId)> {
        TurnStart::piece_at(&*self.pos, node)
    }

    fn count_pieces(&self, p: PlayerId, kinds: u32) -> u32 {
        TurnStart::count_pieces(&*self.pos, p, kinds)
    }

    fn some_move_leads_to(&mut self, test: &dyn Fn(&dyn TurnStart) -> bool) -> bool {
        self.pos.legal_moves_into(self.moves);
        self.moves.iter().any(|&m| {
            let undo = self.pos.make_with::<false>(m);
            let holds = test(&*self.pos);
            self.pos.unmake(undo);
            holds
        })
    }
}
