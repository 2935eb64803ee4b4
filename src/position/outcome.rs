//! How a finished game ended, and the words for it.

use crate::ids::NodeId;
use crate::position::Position;
use crate::rules::{DrawPoints, PlayerId, Rules};

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The last player standing.
    Winner(PlayerId),
    /// A draw, with the player who was stalemated.
    Stalemate(PlayerId),
    /// A player won by a rule of the variant (the stalemated player in antichess, the player
    /// whose opponent was bared, the player who gave the third check, ...).
    WonBy(PlayerId, EndRule),
    /// A draw by a rule of the variant (both kings reached the goal) or a draw rule of `play`.
    DrawnBy(EndRule),
    /// A game that would have ended drawn by the rule, won on points by the player
    /// (`[outcome] draw_points`: janggi's counting).
    OnPoints(PlayerId, EndRule),
}

/// The rule that ended a game, besides the last player standing and a drawn stalemate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndRule {
    /// The player to move had no legal move and was not in check.
    Stalemate,
    /// The player to move had no legal move and was in check.
    Checkmate,
    /// An end rule of `[outcome]` that is a slice, by its key (`reach`, `bare_royal`,
    /// `material`, ...) and the entry of the rule that decided (`material` has several).
    Declared {
        /// The key of `[outcome]`.
        key: &'static str,
        /// The entry of the rule, in file order (0 for rules of one entry).
        entry: u8,
    },
    /// A player gave his last check (`checks`).
    Checks,
    /// A player's captured material reached a threshold (`captured`, by index).
    Captured(u8),
    /// A player has numbers in progression on a line (`progression`, by index).
    Progression(u8),
    /// The n-move rule of `[draws]`.
    MoveRule,
    /// A repeated position (`[draws] repetition`).
    Repetition,
    /// Material that cannot end the game (`[draws] insufficient`).
    InsufficientMaterial,
    /// A count of `[draws] counting` ran past its limit.
    Counting,
}

impl EndRule {
    /// Whether the rule ends a game drawn where no draw odds turn it into a win: a stalemate the
    /// variant scores a draw, and the draw rules of `[draws]`.
    fn draws(self, rules: &Rules) -> bool {
        match self {
            EndRule::Stalemate => rules.outcome().stalemate == crate::rules::Policy::Draw,
            EndRule::MoveRule
            | EndRule::Repetition
            | EndRule::InsufficientMaterial
            | EndRule::Counting => true,
            _ => false,
        }
    }

    /// The rule in a few words, the same for every player (`checkmate`, `repetition`, the
    /// `[outcome]` key of a declared rule, the name of a victory by captured material): what
    /// `playtest` counts games by.
    pub fn name(self, rules: &Rules) -> String {
        match self {
            EndRule::Stalemate => "stalemate".into(),
            EndRule::Checkmate => "checkmate".into(),
            EndRule::Declared { key, .. } => format!("`{key}`"),
            EndRule::Checks => "checks".into(),
            EndRule::Captured(i) => (rules.captured_wins().get(usize::from(i)))
                .map_or_else(|| "captured material".into(), |w| w.name.clone()),
            EndRule::Progression(i) => (rules.progressions().get(usize::from(i)))
                .map_or_else(|| "numbers in progression".into(), |w| w.name.clone()),
            EndRule::MoveRule => "move rule".into(),
            EndRule::Repetition => "repetition".into(),
            EndRule::InsufficientMaterial => "insufficient material".into(),
            EndRule::Counting => "counting".into(),
        }
    }

    /// Why the game ended, in words, for the player it concerns (`p`: the winner of
    /// [`Outcome::WonBy`]; the player to move for a draw); `on`: the squares the end names
    /// ([`crate::Position::ending_squares`]), written after a progression's numbers.
    pub(crate) fn describe(self, rules: &Rules, p: PlayerId, on: &[NodeId]) -> String {
        let name = &rules.player(p).name;
        match self {
            EndRule::Stalemate => {
                "the player to move has no legal move and is not in check (stalemate)".into()
            }
            EndRule::Checkmate => {
                "the player to move has no legal move and is in check (checkmate)".into()
            }
            EndRule::Declared { key, entry } => match rules.outcome().declared(key) {
                Some(d) => d.rule.describe(rules, p, entry),
                None => format!("`{key}`"),
            },
            EndRule::Checks => format!(
                "{name} gave check {} times",
                rules.outcome().checks.unwrap_or(0)
            ),
            EndRule::Captured(i) => match rules.captured_wins().get(i as usize) {
                Some(w) => format!("{} ({name} captured {})", w.name, w.conditions_for(p)),
                None => "captured material".into(),
            },
            EndRule::Progression(i) => match rules.progressions().get(i as usize) {
                Some(w) => format!(
                    "{} ({name} has {} numbers in progression{})",
                    w.name,
                    if w.kinds.is_some() { "four" } else { "three" },
                    squares_text(rules, on)
                ),
                None => "numbers in progression".into(),
            },
            EndRule::MoveRule => format!(
                "{} moves of every player without a capture or a clock-resetting move",
                rules.draw_rules().move_rule.unwrap_or(0)
            ),
            EndRule::Repetition => format!(
                "the same position occurred {} times",
                rules.draw_rules().repetition.unwrap_or(0)
            ),
            EndRule::InsufficientMaterial => "no material left that can end the game".into(),
            EndRule::Counting => "the count ran out before a mate (`[draws] counting`)".into(),
        }
    }
}

/// ` on c9 c10 c11 c12`: the squares an end names, or nothing.
fn squares_text(rules: &Rules, on: &[NodeId]) -> String {
    let names: Vec<&str> = on.iter().map(|&n| rules.board().node_name(n)).collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(" on {}", names.join(" "))
    }
}

impl Outcome {
    /// The outcome under the variant's draw odds (`[outcome] draw_odds`): a game that would end
    /// drawn is won by the player who has them.
    pub(crate) fn with_draw_odds(self, rules: &Rules) -> Outcome {
        match (rules.outcome().draw_odds, self) {
            (Some(w), Outcome::Stalemate(_)) => Outcome::WonBy(w, EndRule::Stalemate),
            (Some(w), Outcome::DrawnBy(rule)) => Outcome::WonBy(w, rule),
            _ => self,
        }
    }

    /// The result in words: `white wins: ...`, `draw: ...`.
    pub fn describe(self, rules: &Rules) -> String {
        self.describe_on(rules, &[])
    }

    /// [`Outcome::describe`], naming the squares the end names (`on`, e.g. a progression's).
    pub(crate) fn describe_on(self, rules: &Rules, on: &[NodeId]) -> String {
        match self {
            Outcome::Winner(w) => {
                format!("{} wins: the last player standing", rules.player(w).name)
            }
            Outcome::Stalemate(p) => format!(
                "draw: {} has no legal move and is not in check (stalemate)",
                rules.player(p).name
            ),
            Outcome::WonBy(w, rule)
                if rules.outcome().draw_odds == Some(w) && rule.draws(rules) =>
            {
                format!(
                    "{} wins by draw odds: {}",
                    rules.player(w).name,
                    rule.describe(rules, w, on)
                )
            }
            Outcome::WonBy(w, rule) => {
                format!(
                    "{} wins: {}",
                    rules.player(w).name,
                    rule.describe(rules, w, on)
                )
            }
            Outcome::DrawnBy(rule) => {
                format!("draw: {}", rule.describe(rules, PlayerId::seat(0), on))
            }
            Outcome::OnPoints(w, rule) => format!(
                "{} wins on points: {}",
                rules.player(w).name,
                rule.describe(rules, w, on)
            ),
        }
    }

    /// The player who won, if someone did.
    pub fn winner(self) -> Option<PlayerId> {
        match self {
            Outcome::Winner(p) | Outcome::WonBy(p, _) | Outcome::OnPoints(p, _) => Some(p),
            Outcome::Stalemate(_) | Outcome::DrawnBy(_) => None,
        }
    }
}

impl Position {
    /// `o` as the variant decides a game that would end drawn: won by the player with the draw
    /// odds (`draw_odds`), or by the one player with the most points (`draw_points`).
    pub(crate) fn decide_draw(&self, o: Outcome) -> Outcome {
        let o = o.with_draw_odds(&self.rules);
        let rule = match o {
            Outcome::Stalemate(_) => EndRule::Stalemate,
            Outcome::DrawnBy(rule) => rule,
            _ => return o,
        };
        if self.rules.outcome().draw_points.is_none() {
            return o;
        }
        let points: Vec<Option<f64>> = (0..self.rules.players().len())
            .map(|seat| self.points(PlayerId::seat(seat as u8)))
            .collect();
        DrawPoints::winner(&points).map_or(o, |w| Outcome::OnPoints(w, rule))
    }

    /// Player `p`'s points under `[outcome] draw_points`: his pieces' values and his bonus;
    /// `None` without the rule, or for a player out of the game.
    ///
    /// ```
    /// use chessgraph::{PlayerId, Position};
    /// let rules = chessgraph::load("variants/janggi.toml").unwrap();
    /// let start = Position::start(&rules);
    /// assert_eq!(start.points(PlayerId::seat(0)), Some(72.0));
    /// assert_eq!(start.points(PlayerId::seat(1)), Some(73.5));
    /// ```
    pub fn points(&self, p: PlayerId) -> Option<f64> {
        let rule = self.rules.outcome().draw_points.as_ref()?;
        if !self.is_alive(p) {
            return None;
        }
        let pieces: f64 = (self.squares.iter().flatten())
            .filter(|x| x.owner == p)
            .map(|x| rule.values[x.kind.index()])
            .sum();
        Some(pieces + rule.bonus[p.index()])
    }
}
