//! The draw rules of `[draws]`: the n-move rule, repetition, counting and insufficient material. They are
//! for games people play (`play`, `show`): perft and the move list never apply them, so they are
//! asked for separately from [`Position::resolve`].

use crate::ids::KindId;
use crate::position::{EndRule, Outcome, Position};

impl Position {
    /// The draw the variant's `[draws]` rules declare here, if any: `earlier` holds the hashes of
    /// the positions of the game before this one (for repetition). Whether the game is already
    /// over by its own rules is [`Position::outcome`]'s business, asked first.
    ///
    /// ```
    /// use chessgraph::{EndRule, Outcome, Position, Rules};
    /// let rules = chessgraph::load("variants/shatranj.toml").unwrap();
    /// let pos = Position::from_fen(&rules, "3k4/8/8/8/8/8/8/R2K4 w - - 140 90").unwrap();
    /// assert_eq!(pos.draw_by_rules(&[]), Some(Outcome::DrawnBy(EndRule::MoveRule)));
    /// ```
    pub fn draw_by_rules(&self, earlier: &[u64]) -> Option<Outcome> {
        let d = self.rules.draw_rules();
        let drawn = |rule| Some(self.decide_draw(Outcome::DrawnBy(rule)));
        if let Some(n) = d.move_rule
            && u64::from(self.halfmove) >= u64::from(n) * self.alive_count() as u64
        {
            return drawn(EndRule::MoveRule);
        }
        if let Some(n) = d.repetition {
            let here = self.hash();
            let seen = earlier.iter().filter(|&&h| h == here).count() + 1;
            if seen >= n as usize {
                return drawn(EndRule::Repetition);
            }
        }
        if self.count_drawn() {
            return drawn(EndRule::Counting);
        }
        if !d.insufficient.is_empty() {
            let mut kinds: Vec<KindId> = self.squares.iter().flatten().map(|p| p.kind).collect();
            kinds.sort();
            if d.insufficient.contains(&kinds) {
                return drawn(EndRule::InsufficientMaterial);
            }
        }
        None
    }
}
