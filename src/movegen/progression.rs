//! Victories by numbers in progression on a line (`[outcome] progression`, Rithmomachia's
//! Victoria magna, major and excellentissima), judged on the position after a move.

use arrayvec::ArrayVec;

use super::judge::{Values, cell_values};
use crate::ids::{NodeId, PlayerId};
use crate::position::{EndRule, Outcome, Position};
use crate::rules::ProgressionWin;
use crate::spec::outcome::Mean;

/// The squares of a progression found: `A`, `M`, `E` (and `F`).
pub(crate) type ProgressionSquares = ArrayVec<NodeId, 4>;

impl Position {
    /// The squares an end of the game names, for a picture or a report to show: the pieces of a
    /// victory by numbers in progression (`[outcome] progression`), in line order (`A`, `M`, `E`
    /// and `F`); none for every other end (a victory by captured material names no square).
    pub fn ending_squares(&self, outcome: Outcome) -> Vec<NodeId> {
        let Outcome::WonBy(p, EndRule::Progression(i)) = outcome else {
            return Vec::new();
        };
        (self.rules.progressions().get(usize::from(i)))
            .and_then(|w| self.progression_of(p, w))
            .map_or_else(Vec::new, |squares| squares.to_vec())
    }

    /// The squares of pieces of player `p` in progression as `win` asks, if he has them: one of
    /// his numbered pieces `A`, the first piece `M` met from it along a direction, `k` squares
    /// away, a piece `E` `k` squares from `M` straight on or after an allowed turn (the squares
    /// between empty), and with four pieces a piece `F` `k` squares on from `E` the same way,
    /// all in `p`'s zone; three numbers strictly rising or falling in one of the means, or four
    /// different numbers with exactly `kinds` kinds of mean among their three-number subsets.
    pub(crate) fn progression_of(
        &self,
        p: PlayerId,
        win: &ProgressionWin,
    ) -> Option<ProgressionSquares> {
        let rules = &*self.rules;
        let board = rules.board();
        let zone = rules.zone(win.zone, p);
        for a in board.node_ids() {
            if !zone.contains(a) || self.squares[a.index()].is_none_or(|x| x.owner != p) {
                continue;
            }
            let va = self.values_at(a);
            if va.is_empty() {
                continue;
            }
            for (d, turns) in &win.directions {
                let Some((m, k)) = self.first_piece(a, *d) else {
                    continue;
                };
                if !zone.contains(m) {
                    continue;
                }
                let vm = self.values_at(m);
                for d2 in std::iter::once(d).chain(turns) {
                    let Some(e) = self
                        .piece_after_empty(m, *d2, k)
                        .filter(|&e| zone.contains(e))
                    else {
                        continue;
                    };
                    let ve = self.values_at(e);
                    let found = match win.kinds {
                        None => in_progression(&va, &vm, &ve, &win.means)
                            .then(|| ArrayVec::from_iter([a, m, e])),
                        Some(kinds) => self
                            .piece_after_empty(e, *d2, k)
                            .filter(|&f| zone.contains(f))
                            .filter(|&f| {
                                four_in_progression(
                                    [&va, &vm, &ve, &self.values_at(f)],
                                    &win.means,
                                    kinds,
                                )
                            })
                            .map(|f| ArrayVec::from([a, m, e, f])),
                    };
                    if found.is_some() {
                        return found;
                    }
                }
            }
        }
        None
    }

    /// The first occupied node from `from` along `d`, and how many steps away.
    fn first_piece(&self, from: NodeId, d: crate::board::DirId) -> Option<(NodeId, usize)> {
        let board = self.rules.board();
        let mut at = from;
        for k in 1..=board.node_count() {
            at = board.step(at, d)?.to;
            if at == from {
                return None;
            }
            if self.squares[at.index()].is_some() {
                return Some((at, k));
            }
        }
        None
    }

    /// The node `k` steps from `from` along `d` when it is occupied and the `k - 1` between are
    /// empty.
    fn piece_after_empty(&self, from: NodeId, d: crate::board::DirId, k: usize) -> Option<NodeId> {
        let board = self.rules.board();
        let mut at = from;
        for i in 1..=k {
            at = board.step(at, d)?.to;
            let occupied = self.squares[at.index()].is_some();
            if occupied != (i == k) {
                return None;
            }
        }
        Some(at)
    }

    /// The numbers the piece on `n` offers (none for an unnumbered piece).
    fn values_at(&self, n: NodeId) -> Values {
        self.numbers_at(n).map(cell_values).unwrap_or_default()
    }
}

/// Whether `m` is the mean of `a` and `e` (in either order) as `mean` says.
fn is_mean(a: u64, m: u64, e: u64, mean: Mean) -> bool {
    let (a, m, e) = (u128::from(a), u128::from(m), u128::from(e));
    match mean {
        Mean::Arithmetic => m + m == a + e,
        Mean::Geometric => m * m == a * e,
        Mean::Harmonic => m * (a + e) == 2 * a * e,
    }
}

/// Whether some choice of one number of each of four pieces gives four different numbers
/// among whose four three-number subsets (each in increasing order) exactly `kinds` of `means`
/// are present.
fn four_in_progression(values: [&Values; 4], means: &[Mean], kinds: u8) -> bool {
    let [va, vm, ve, vf] = values;
    va.iter().any(|&a| {
        vm.iter().any(|&m| {
            ve.iter().any(|&e| {
                vf.iter()
                    .any(|&f| kinds_present([a, m, e, f], means) == Some(kinds))
            })
        })
    })
}

/// How many of `means` are present among the three-number subsets of four numbers, each in
/// increasing order; `None` unless the four are all different.
fn kinds_present(mut four: [u64; 4], means: &[Mean]) -> Option<u8> {
    four.sort_unstable();
    if four.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let triples = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
    let present = means
        .iter()
        .filter(|&&mean| {
            triples
                .iter()
                .any(|t| is_mean(four[t[0]], four[t[1]], four[t[2]], mean))
        })
        .count();
    Some(present as u8)
}

/// Whether some choice of one number of each piece is strictly monotone and in one of `means`.
fn in_progression(va: &[u64], vm: &[u64], ve: &[u64], means: &[Mean]) -> bool {
    va.iter().any(|&a| {
        vm.iter().any(|&m| {
            ve.iter().any(|&e| {
                let monotone = (a < m && m < e) || (a > m && m > e);
                monotone && means.iter().any(|&mean| is_mean(a, m, e, mean))
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_means_and_the_order() {
        let all = [Mean::Arithmetic, Mean::Geometric, Mean::Harmonic];
        assert!(in_progression(&[2], &[4], &[6], &[Mean::Arithmetic]));
        assert!(in_progression(&[6], &[4], &[2], &[Mean::Arithmetic]));
        assert!(!in_progression(&[2], &[4], &[6], &[Mean::Geometric]));
        assert!(in_progression(&[2], &[4], &[8], &[Mean::Geometric]));
        assert!(in_progression(&[3], &[4], &[6], &[Mean::Harmonic]));
        assert!(
            !in_progression(&[4], &[4], &[4], &all),
            "not strictly monotone"
        );
        assert!(!in_progression(&[2], &[5], &[6], &all));
        // A stack offers any part or its total.
        assert!(in_progression(
            &[9, 1, 10],
            &[20],
            &[30],
            &[Mean::Arithmetic]
        ));
    }

    #[test]
    fn four_numbers_and_the_kinds_of_mean_among_them() {
        let all = [Mean::Arithmetic, Mean::Geometric, Mean::Harmonic];
        // The ruling's examples: 3 4 6 9 (3-6-9, 4-6-9, 3-4-6), 4 6 9 12, 6 8 12 18 all three;
        // 1 2 3 4 two (1-2-3 and 2-3-4 arithmetic, 1-2-4 geometric).
        assert_eq!(kinds_present([3, 4, 6, 9], &all), Some(3));
        assert_eq!(kinds_present([9, 6, 4, 3], &all), Some(3), "any order");
        assert_eq!(kinds_present([4, 6, 9, 12], &all), Some(3));
        assert_eq!(kinds_present([6, 8, 12, 18], &all), Some(3));
        assert_eq!(kinds_present([1, 2, 3, 4], &all), Some(2));
        assert_eq!(kinds_present([1, 2, 4, 9], &all), Some(1), "1-2-4 only");
        assert_eq!(kinds_present([1, 2, 5, 7], &all), Some(0));
        assert_eq!(kinds_present([2, 2, 4, 6], &all), None, "not all different");
        assert_eq!(kinds_present([1, 2, 3, 4], &[Mean::Arithmetic]), Some(1));
        let (a, b, c, d) = (
            Values::from_iter([3]),
            Values::from_iter([4]),
            Values::from_iter([6]),
            Values::from_iter([9, 1, 10]),
        );
        assert!(four_in_progression([&a, &b, &c, &d], &all, 3));
        assert!(!four_in_progression([&a, &b, &c, &d], &all, 2));
    }
}
