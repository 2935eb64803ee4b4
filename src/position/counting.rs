//! The count of `[draws] counting` as position state: set from a [`Setup`] (position text),
//! advanced by [`Position::play`] (never by `make`: perft and the search do not count), and
//! written as Fairy-Stockfish writes it: the limit in plies in the en passant field's place,
//! the count in the halfmove clock's place (`8/4k3/8/8/8/8/R7/3K4 w - 32 7 2`). While a
//! count runs, that text carries no halfmove clock, as Fairy-Stockfish's does not: read back,
//! the clock is the count.

use super::Position;
use crate::rules::draws::counting::{CountState, Counting};
use crate::rules::ends::TurnStart;
use crate::setup::{Setup, SetupProblem};

impl Position {
    /// The running count of `[draws] counting`, if any: its limit and where it stands, both in
    /// plies (the game is drawn when the count is past the limit).
    ///
    /// ```
    /// use chessgraph::Position;
    /// let rules = chessgraph::load("variants/makruk.toml").unwrap();
    /// let pos = Position::from_fen(&rules, "8/4k3/8/8/8/8/R7/3K4 w - 32 7 2").unwrap();
    /// assert_eq!(pos.count(), Some((32, 7)));
    /// ```
    pub fn count(&self) -> Option<(u32, u32)> {
        self.count.map(|c| (u32::from(c.limit), u32::from(c.ply)))
    }

    /// The setup's count, checked: the variant must have a counting rule, and both numbers
    /// fit in the position.
    pub(super) fn set_count(&mut self, setup: &Setup, problems: &mut Vec<SetupProblem>) {
        let Some((limit, ply)) = setup.counting else {
            return;
        };
        if self.rules.draw_rules().counting.is_none() {
            problems.push(SetupProblem::NotInThisVariant {
                what: format!("a count (limit {limit}, at {ply})"),
                lacks: "no `[draws] counting` rule",
            });
            return;
        }
        match (u16::try_from(limit), u16::try_from(ply)) {
            (Ok(limit), Ok(ply)) if limit > 0 => self.count = Some(CountState { limit, ply }),
            _ => problems.push(SetupProblem::NotInThisVariant {
                what: format!("a count (limit {limit}, at {ply})"),
                lacks: "counts with a limit from 1 to 65535 plies only",
            }),
        }
    }

    /// Advances the count after a move played from a position whose count was `before`
    /// (`captured`: the move took a piece).
    pub(crate) fn advance_count(&mut self, before: Option<CountState>, captured: bool) {
        let rules = self.rules.clone();
        if let Some(c) = &rules.draw_rules().counting {
            self.count = c.after_move(before, captured, self as &dyn TurnStart);
        }
    }

    /// Whether the count has run past its limit.
    pub(crate) fn count_drawn(&self) -> bool {
        self.count.is_some_and(Counting::drawn)
    }

    /// The en passant field and the halfmove field of position text: the count's limit and
    /// the count while a count runs (no pawn is on the board, so no en passant entry is
    /// either), else the en passant entries and the halfmove clock.
    pub(super) fn fen_clock_fields(&self) -> (String, u32) {
        match self.count {
            Some(c) => (c.limit.to_string(), u32::from(c.ply)),
            None => (self.fen_en_passant(), self.halfmove),
        }
    }
}

/// In variants that count, takes Fairy-Stockfish's limit out of the en passant field, where it
/// stands while a count runs (digits only: no square name is a number), leaving `-` there.
pub(super) fn take_limit_field(counts: bool, fields: &mut [&str]) -> Option<u32> {
    let ep = fields.get_mut(3).filter(|_| counts)?;
    let limit = ep
        .parse::<u32>()
        .ok()
        .filter(|_| ep.bytes().all(|b| b.is_ascii_digit()))?;
    *ep = "-";
    Some(limit)
}
