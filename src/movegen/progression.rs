//! Victories by numbers in progression on a line (`[outcome] progression`, Rithmomachia's
//! Victoria magna), judged on the position after a move.

use super::judge::{Values, cell_values};
use crate::ids::{NodeId, PlayerId};
use crate::position::Position;
use crate::rules::ProgressionWin;
use crate::spec::outcome::Mean;

impl Position {
    /// Whether player `p` has three pieces in progression as `win` asks: one of his numbered
    /// pieces `A`, the first piece `M` met from it along a direction, `k` squares away, and a piece
    /// `E` `k` squares from `M` straight on or after an allowed turn (the squares between empty),
    /// all three in `p`'s zone, with numbers strictly rising or falling in one of the means.
    pub(crate) fn has_progression(&self, p: PlayerId, win: &ProgressionWin) -> bool {
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
                    let Some(e) = self.piece_after_empty(m, *d2, k) else {
                        continue;
                    };
                    if zone.contains(e) && in_progression(&va, &vm, &self.values_at(e), &win.means)
                    {
                        return true;
                    }
                }
            }
        }
        false
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

/// Whether some choice of one number of each piece is strictly monotone and in one of `means`.
fn in_progression(va: &[u64], vm: &[u64], ve: &[u64], means: &[Mean]) -> bool {
    va.iter().any(|&a| {
        vm.iter().any(|&m| {
            ve.iter().any(|&e| {
                let monotone = (a < m && m < e) || (a > m && m > e);
                monotone
                    && means.iter().any(|mean| {
                        let (a, m, e) = (u128::from(a), u128::from(m), u128::from(e));
                        match mean {
                            Mean::Arithmetic => m + m == a + e,
                            Mean::Geometric => m * m == a * e,
                            Mean::Harmonic => m * (a + e) == 2 * a * e,
                        }
                    })
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
}
