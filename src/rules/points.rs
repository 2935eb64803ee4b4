//! `[outcome] draw_points`, compiled: the points that decide a game that would end drawn
//! (janggi's counting). What a player's points are is the position's business
//! ([`crate::Position::points`]); here is what they are made of and who wins on them.

use std::fmt::Write;

use super::{PlayerId, Rules};

/// The points that decide every game that would end drawn.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct DrawPoints {
    /// The points of one piece, by kind index (0 for kinds not named).
    pub(crate) values: Vec<f64>,
    /// The points of each player besides his pieces, by seat.
    pub(crate) bonus: Vec<f64>,
}

impl DrawPoints {
    /// The one player with the most points among `points` (by seat, `None` for a player out),
    /// or `None` when the most points are shared.
    pub(crate) fn winner(points: &[Option<f64>]) -> Option<PlayerId> {
        let best = points.iter().flatten().copied().fold(f64::MIN, f64::max);
        let mut top = (points.iter().enumerate()).filter(|(_, p)| **p == Some(best));
        match (top.next(), top.next()) {
            (Some((seat, _)), None) => Some(PlayerId::seat(seat as u8)),
            _ => None,
        }
    }

    /// The rule in `snapshot`'s and `check`'s summary.
    pub(crate) fn summary(&self, rules: &Rules) -> String {
        let mut s = String::from("draw points: a game that would end drawn is won on points (");
        let values: Vec<String> = (self.values.iter().enumerate())
            .filter(|(_, v)| **v != 0.0)
            .map(|(k, v)| format!("{} {v}", rules.kinds()[k].name))
            .collect();
        s.push_str(&values.join(", "));
        for (seat, b) in self.bonus.iter().enumerate().filter(|(_, b)| **b != 0.0) {
            let _ = write!(s, "; {} {b} more", rules.players()[seat].name);
        }
        s.push_str("), equal points draw");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_one_player_with_the_most_points_wins() {
        assert_eq!(
            DrawPoints::winner(&[Some(72.0), Some(73.5)]),
            Some(PlayerId::seat(1))
        );
        assert_eq!(
            DrawPoints::winner(&[Some(74.0), Some(73.5)]),
            Some(PlayerId::seat(0))
        );
        assert_eq!(DrawPoints::winner(&[Some(3.0), Some(3.0)]), None);
        assert_eq!(
            DrawPoints::winner(&[Some(3.0), None, Some(1.0)]),
            Some(PlayerId::seat(0))
        );
    }
}
