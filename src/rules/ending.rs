//! How a game ends and what is legal besides the pieces' patterns, as the rules hold them:
//! `[outcome]`, `[moves]` and `[draws]`, validated.

use std::fmt::Write;

use super::ends::Declared;
use super::{KindId, PlayerId, Policy, Rules};

/// A way a player's turn can end the game or a player's part in it, checked in order at the
/// start of every turn (before the moves of the player to move are generated). Only the
/// conditions a variant declares are in its list, so the others cost nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EndCondition {
    /// One player is left in the game: he has won.
    LastPlayerStanding,
    /// An end rule of `[outcome]` that is a slice (`reach`, `bare_royal`, `material`,
    /// ...): the index of [`OutcomePolicy::declared`].
    Declared(u8),
    /// `checks`: the player who moved last has given his last check.
    CheckCount,
    /// `captured` or `progression`: a player's captured material has reached a threshold, or he
    /// has three numbers in progression: he has won.
    CapturedMaterial,
    /// The player to move has no legal move: the checkmate or stalemate policy decides (always
    /// the last condition).
    NoLegalMove,
}

/// What happens when the game ends in a way the variant declares.
#[derive(Clone, Debug)]
pub(crate) struct OutcomePolicy {
    /// In check.
    pub(crate) checkmate: Policy,
    /// Not in check, by the number of players still in (index = count); `stalemate` otherwise.
    pub(crate) stalemate_by_players: Vec<Option<Policy>>,
    /// Not in check, default.
    pub(crate) stalemate: Policy,
    /// The score a player who loses by stalemate keeps, when the variant scores it.
    pub(crate) stalemate_score: Option<f64>,
    /// The player who wins every game that would end drawn (`draw_odds`).
    pub(crate) draw_odds: Option<PlayerId>,
    /// The points that decide every game that would end drawn (`draw_points`).
    pub(crate) draw_points: Option<super::DrawPoints>,
    /// The number of checks that wins, when the variant counts them.
    pub(crate) checks: Option<u32>,
    /// The end rules of `[outcome]` that are slices, in the order they are judged.
    pub(crate) declared: Vec<Declared>,
    /// The kinds whose checks mark a player's series of checks (a rule's
    /// `series_kinds`); 0 when no rule looks at the series, and make then skips it.
    pub(crate) series_kinds: u32,
    /// The conditions checked at the start of every turn, in order.
    pub(crate) conditions: Vec<EndCondition>,
}

impl OutcomePolicy {
    /// Stalemate policy with `alive` players in the game.
    pub(crate) fn stalemate_with(&self, alive: usize) -> Policy {
        self.stalemate_by_players
            .get(alive)
            .copied()
            .flatten()
            .unwrap_or(self.stalemate)
    }

    /// The declared rule of `key`, if the variant has one.
    pub(crate) fn declared(&self, key: &str) -> Option<&Declared> {
        self.declared.iter().find(|d| d.key == key)
    }
}

/// What is legal besides the pieces' own patterns (`[moves]`) and the legality filters
/// ([`super::filters`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MoveRules {
    /// Whether a move may give check; when not, a move that attacks a live opponent's royal is
    /// illegal.
    pub(crate) may_check: bool,
    /// The player to move may pass (`pass`): his royal's null move.
    pub(crate) pass: bool,
    /// `check_all_royals`: a player is in check only when every royal of his is attacked.
    pub(crate) all_royals: bool,
    /// Some promotion makes a royal: the move's new royal must be judged too, so the shortcuts
    /// that look at one royal's square do not apply.
    pub(crate) royal_promotion: bool,
}

impl Default for MoveRules {
    fn default() -> Self {
        MoveRules {
            may_check: true,
            pass: false,
            all_royals: false,
            royal_promotion: false,
        }
    }
}

/// The draw rules `play` and `show` apply; perft and the move list never do (`[draws]`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct DrawRules {
    /// Drawn after this many moves of every player in the game without a capture or a
    /// clock-resetting move.
    pub(crate) move_rule: Option<u32>,
    /// Drawn when a position (by its hash) occurs this many times.
    pub(crate) repetition: Option<u32>,
    /// Drawn when the pieces on the board, whoever owns them, are exactly one of these
    /// multisets of kinds (each sorted).
    pub(crate) insufficient: Vec<Vec<KindId>>,
    /// The counting rules (`counting`, makruk's family).
    pub(crate) counting: Option<super::draws::counting::Counting>,
}

/// The word for a policy in summaries.
fn policy_word(p: Policy) -> &'static str {
    match p {
        // `loss` reads as `eliminate`: say both, since the file may have written either.
        Policy::Eliminate => "eliminate (= loss: the player is out)",
        Policy::Draw => "draw",
        Policy::Win => "win",
    }
}

impl Rules {
    /// The outcome policies, one line each: checkmate and stalemate first, then the rules the
    /// variant adds.
    pub(super) fn outcome_summary(&self) -> String {
        let o = &self.outcome;
        let mut st = format!("stalemate: {}", policy_word(o.stalemate));
        for (n, p) in o.stalemate_by_players.iter().enumerate() {
            if let Some(p) = p {
                let _ = write!(st, ", with {n} players: {}", policy_word(*p));
            }
        }
        if let Some(score) = o.stalemate_score {
            let _ = write!(
                st,
                ", scored {score} to the stalemated player, {} to the other",
                1.0 - score
            );
        }
        let mut s = format!("checkmate: {}; {st}", policy_word(o.checkmate));
        if let Some(w) = o.draw_odds {
            let _ = write!(
                s,
                "\ndraw odds: a game that would end drawn is won by {}",
                self.player(w).name
            );
        }
        if let Some(points) = &o.draw_points {
            let _ = write!(s, "\n{}", points.summary(self));
        }
        let (before, after): (Vec<&Declared>, Vec<&Declared>) =
            o.declared.iter().partition(|d| d.before_checks);
        for d in &after {
            let _ = write!(s, "\n{}", d.rule.summary(self));
        }
        if let Some(n) = o.checks {
            let _ = write!(s, "\nchecks: the check number {n} wins");
        }
        for d in &before {
            let _ = write!(s, "\n{}", d.rule.summary(self));
        }
        for line in (self.filters).summary_lines(self, super::filters::Section::Moves) {
            let _ = write!(s, "\n{line}");
        }
        if !self.moves.may_check {
            s.push_str("\nmoves: no move may give check");
        }
        if self.moves.all_royals {
            s.push_str(
                "\nmoves: a player is in check only when all his royals are attacked (the others may be taken)",
            );
        }
        s
    }
}
