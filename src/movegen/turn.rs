//! The end of a turn: passing it to the next live seat, settling a turn whose player has no
//! legal move (elimination or the end of the game, by the variant's outcome policy), the outcome.

use crate::ids::PlayerId;
use crate::position::{EndRule, EpList, Outcome, Position};
use crate::rules::{EndCondition, Policy, Rules};

use super::Planned;

/// What the end conditions say of a turn.
pub(super) enum Turn {
    /// The player to move plays.
    Play,
    /// The game is over.
    Over(Outcome),
    /// A player is out (the turn passes on if it was his); the conditions are checked again.
    PlayerOut(PlayerId),
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
    /// Settles a turn whose player has no legal move: eliminates him (mate, or stalemate where the
    /// policy says so) and passes the turn on, as often as needed. Returns how the game ended, if it
    /// did, and what to restore with [`Position::unresolve`]. `moves` receives the legal moves of
    /// the player who is then to move (empty when the game is over).
    pub fn resolve(&mut self, moves: &mut Vec<Planned>) -> (Option<Outcome>, Resolution) {
        let saved = Resolution {
            to_move: self.to_move,
            alive: self.alive,
            ep: self.ep,
            fullmove: self.fullmove,
            gates_open: self.gates_open,
        };
        loop {
            match self.settle_turn(moves) {
                Turn::Play => return (None, saved),
                Turn::Over(o) => {
                    moves.clear();
                    return (Some(self.decide_draw(o)), saved);
                }
                Turn::PlayerOut(p) => {
                    self.alive &= !(1 << p.0);
                    self.update_gates();
                    if p == self.to_move {
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
    }

    /// Checks the variant's end conditions, in order, for the player to move; `moves` receives his
    /// legal moves once they are generated.
    #[inline]
    fn settle_turn(&mut self, moves: &mut Vec<Planned>) -> Turn {
        for i in 0..self.rules.outcome().conditions.len() {
            let settled = match self.rules.outcome().conditions[i] {
                EndCondition::LastPlayerStanding => {
                    (self.alive_count() <= 1).then_some(Turn::Over(Outcome::Winner(self.to_move)))
                }
                EndCondition::Declared(d) => self.declared_end(d as usize),
                EndCondition::CheckCount => self.checks_end(),
                EndCondition::CapturedMaterial => self
                    .number_winner()
                    .map(|(p, rule)| Turn::Over(Outcome::WonBy(p, rule))),
                EndCondition::NoLegalMove => self.no_legal_move(moves),
            };
            if let Some(t) = settled {
                return t;
            }
        }
        Turn::Play
    }

    /// The player who has reached a victory of `[outcome] captured` (his captured material) or
    /// `progression`, and which: the player who moved last is looked at first (only a player's
    /// own moves add to his material), each player's captured victories before his progression.
    pub(super) fn number_winner(&self) -> Option<(PlayerId, EndRule)> {
        let rules = &*self.rules;
        let last = self.previous_alive(self.to_move);
        let n = rules.players().len();
        (0..n)
            .map(|i| PlayerId(((last.index() + i) % n) as u8))
            .find_map(|p| match self.captured_win_index(p) {
                Some(i) => Some((p, EndRule::Captured(i as u8))),
                None => (rules.progressions().iter())
                    .position(|w| self.progression_of(p, w).is_some())
                    .map(|i| (p, EndRule::Progression(i as u8))),
            })
    }

    /// The first victory by captured material player `p` has reached, if any.
    #[cfg(feature = "testing")]
    pub(crate) fn captured_win(&self, p: PlayerId) -> Option<&crate::rules::CapturedWin> {
        self.captured_win_index(p)
            .and_then(|i| self.rules.captured_wins.get(i))
    }

    /// The index of the first victory by captured material player `p` has reached.
    fn captured_win_index(&self, p: PlayerId) -> Option<usize> {
        let m = self.captured(p);
        self.rules.captured_wins.iter().position(|w| w.holds(p, &m))
    }

    /// The checkmate or stalemate policy when the player to move has no legal move.
    fn no_legal_move(&mut self, moves: &mut Vec<Planned>) -> Option<Turn> {
        self.legal_moves_into(moves);
        if !moves.is_empty() {
            return None;
        }
        let (policy, rule) = if self.is_check() {
            if let Some(t) = self.declared_checkmate() {
                return Some(t);
            }
            (self.rules.outcome().checkmate, EndRule::Checkmate)
        } else if let Some(t) = self.declared_stalemate() {
            return Some(t);
        } else {
            let alive = self.alive_count();
            (
                self.rules.outcome().stalemate_with(alive),
                EndRule::Stalemate,
            )
        };
        Some(match policy {
            Policy::Draw => Turn::Over(Outcome::Stalemate(self.to_move)),
            // The last elimination ends the game; the position is left as it stands.
            Policy::Eliminate if self.alive_count() == 2 => {
                Turn::Over(Outcome::Winner(self.next_alive(self.to_move)))
            }
            Policy::Eliminate => Turn::PlayerOut(self.to_move),
            Policy::Win => Turn::Over(Outcome::WonBy(self.to_move, rule)),
        })
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
pub(super) fn pass_turn(
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
