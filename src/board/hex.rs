//! The shape of a `[hex]` board: vertical files of hexagonal cells, each file centred on the
//! middle height, so that the cells of neighbouring files stand half a cell apart.
//!
//! Heights are counted in half cells (`h2`). File `f` has `lengths[f]` cells, its lowest at
//! height `foot2[f] = longest - lengths[f]`; its `k`-th cell (from 0) is at `foot2[f] + 2k`.
//! Axial coordinates `(q, r)` (the `[map]` offsets of a hex board) are `q = f` and
//! `r = floor((h2 - f) / 2)`: `r` counts cells up the file, and the cell one file to the right at
//! the same `r` is half a cell higher. A cell's rank depends on the board's [`RankLines`]: its
//! place in its file (bent ranks), or the straight line of cells falling or rising to the right
//! that holds it, numbered from the lowest.

use crate::spec::board::Colour;
use crate::spec::hex::RankLines;

/// The shape of a hex board's generated cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct HexShape {
    /// The side of a regular hexagon, when `[hex] side` made it.
    pub(crate) side: Option<u16>,
    /// The number of cells of each file.
    pub(crate) lengths: Vec<u16>,
    /// Twice the height of each file's lowest cell.
    foot2: Vec<i32>,
    /// How ranks run.
    lines: RankLines,
    /// The line index of rank 1.
    first: i32,
}

impl HexShape {
    /// The shape of files of `lengths` cells (neighbouring lengths differ by an odd number).
    pub(crate) fn new(side: Option<u16>, lengths: Vec<u16>, lines: RankLines) -> HexShape {
        let longest = lengths.iter().copied().max().unwrap_or(0);
        let foot2 = lengths
            .iter()
            .map(|&l| i32::from(longest) - i32::from(l))
            .collect();
        let mut shape = HexShape {
            side,
            lengths,
            foot2,
            lines,
            first: 0,
        };
        shape.first = shape
            .cells()
            .map(|(f, k)| shape.line(f, k))
            .min()
            .unwrap_or(0);
        shape
    }

    /// The cells as (file index, place in the file from 0), file by file, bottom to top.
    pub(crate) fn cells(&self) -> impl Iterator<Item = (u16, u16)> + '_ {
        (0..self.lengths.len() as u16)
            .flat_map(move |f| (0..self.lengths[usize::from(f)]).map(move |k| (f, k)))
    }

    /// Twice the height of a cell.
    pub(crate) fn height2(&self, f: u16, k: u16) -> i32 {
        self.foot2[usize::from(f)] + 2 * i32::from(k)
    }

    /// The index of the line of cells that holds a cell (not yet numbered from rank 1).
    fn line(&self, f: u16, k: u16) -> i32 {
        let h2 = self.height2(f, k);
        match self.lines {
            RankLines::Bent => i32::from(k),
            RankLines::Falling => (h2 + i32::from(f)).div_euclid(2),
            RankLines::Rising => (h2 - i32::from(f)).div_euclid(2),
        }
    }

    /// The rank index (from 0) of a cell.
    pub(crate) fn rank(&self, f: u16, k: u16) -> u16 {
        (self.line(f, k) - self.first) as u16
    }

    /// The number of ranks.
    pub(crate) fn ranks(&self) -> u16 {
        self.cells()
            .map(|(f, k)| self.rank(f, k) + 1)
            .max()
            .unwrap_or(0)
    }

    /// The place in its file of the cell at (file, rank index), when there is one.
    fn place(&self, f: u16, rank: u16) -> Option<u16> {
        let fi = i32::from(f);
        let line = i32::from(rank) + self.first;
        let foot = *self.foot2.get(usize::from(f))?;
        let parity = |x: i32| x.rem_euclid(2);
        let h2 = match self.lines {
            RankLines::Bent => return (rank < self.lengths[usize::from(f)]).then_some(rank),
            RankLines::Falling => 2 * line - fi + parity(foot + fi),
            RankLines::Rising => 2 * line + fi + parity(foot - fi),
        };
        self.at_height(fi, h2)
    }

    /// The place in file `f` of the cell at height `h2`, when there is one.
    fn at_height(&self, f: i32, h2: i32) -> Option<u16> {
        let foot = *self.foot2.get(usize::try_from(f).ok()?)?;
        let twice = h2 - foot;
        let k = twice / 2;
        (twice >= 0 && twice % 2 == 0 && k < i32::from(self.lengths[f as usize]))
            .then_some(k as u16)
    }

    /// The axial `(q, r)` of the cell at (file, rank index).
    pub(crate) fn axial(&self, (f, rank): (u16, u16)) -> Option<(i32, i32)> {
        let k = self.place(f, rank)?;
        let h2 = self.height2(f, k);
        Some((i32::from(f), (h2 - i32::from(f)).div_euclid(2)))
    }

    /// The (file, rank index) of the cell at axial `(q, r)`, when it is on the board.
    pub(crate) fn cell(&self, (q, r): (i32, i32)) -> Option<(u16, u16)> {
        let foot = *self.foot2.get(usize::try_from(q).ok()?)?;
        let h2 = 2 * r + q + (foot - q).rem_euclid(2);
        let k = self.at_height(q, h2)?;
        Some((q as u16, self.rank(q as u16, k)))
    }

    /// The parity of `h2 - f` every cell shares (a `[[node]]` beside the cells must share it).
    pub(crate) fn parity(&self) -> i32 {
        self.foot2.first().map_or(0, |f| f.rem_euclid(2))
    }

    /// A cell's colour: by its height, so that no two neighbours share one and a diagonal step
    /// keeps it; `mid` at the middle height of the longest file (the centre of a regular
    /// hexagon), the cell above a cell of one colour the next in the order mid, light, dark.
    pub(crate) fn colour(&self, f: u16, k: u16) -> Colour {
        let longest = self.lengths.iter().copied().max().unwrap_or(1);
        match (self.height2(f, k) - (i32::from(longest) - 1)).rem_euclid(3) {
            0 => Colour::Mid,
            1 => Colour::Dark,
            _ => Colour::Light,
        }
    }
}
