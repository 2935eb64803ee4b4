//! The hexagonal games as their rules pages describe them (`docs/rules/glinski.md`,
//! `mccooey.md`, `shafran.md`), for the oracle of `hex_oracle.rs`: each board's files and their
//! cells in picture coordinates, how cells are named, the pawns' capture steps and start cells,
//! whether Black's army is White's mirrored or turned, and the castlings.

use std::sync::LazyLock;

use super::ring_oracle::Color;

/// A step `(df, dh)`: files to the right, half cells up.
pub(super) type Step = (i32, i32);

pub(super) const ORTHOGONAL: [Step; 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];

/// Heights are below this; a slot is `f * ROW + h`.
const ROW: usize = 32;

/// How a game names its cells' ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ranks {
    /// From 1 at the lowest cell of each file.
    FromFoot,
    /// Along the lines of cells falling to the right, from 1 at the lowest.
    Falling,
}

/// A castling: the king's and the rook's cells (White's; Black's are their images).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Castle {
    pub(super) right: &'static str,
    pub(super) king: (usize, usize),
    pub(super) rook: (usize, usize),
    /// Cells that must be empty besides the two destinations.
    pub(super) empty: Vec<usize>,
    /// Cells no enemy piece may attack.
    pub(super) safe: Vec<usize>,
}

/// One hexagonal game as its rules page describes it.
#[derive(Debug, PartialEq, Eq)]
pub struct HexGame {
    pub(super) name: &'static str,
    /// Each file's lowest cell height and its number of cells.
    pub(super) columns: Vec<(i32, i32)>,
    /// Each cell's name, by slot (empty off the board).
    names: Vec<String>,
    /// Black is White turned half round (else mirrored top to bottom).
    turned: bool,
    /// White's pawn capture steps.
    takes: [Step; 2],
    /// White's pawn start cells and how many cells each may go on its first move.
    starts: Vec<(usize, i32)>,
    /// Every castling, White's then Black's, in the order of the variant's rights.
    pub(super) castles: Vec<Castle>,
}

impl HexGame {
    fn new(name: &'static str, files: &'static str, lengths: &[i32], ranks: Ranks) -> HexGame {
        let longest = *lengths.iter().max().expect("files");
        let mut g = HexGame {
            name,
            columns: lengths.iter().map(|&l| (longest - l, l)).collect(),
            names: Vec::new(),
            turned: false,
            takes: [(1, 1), (-1, 1)],
            starts: Vec::new(),
            castles: Vec::new(),
        };
        // The lowest line of cells falling to the right.
        let line = |s: usize| {
            let (f, h) = Self::fh(s);
            (h + f).div_euclid(2)
        };
        let lowest = g.cells().map(line).min().expect("cells");
        g.names = (0..g.slots())
            .map(|s| {
                let (f, h) = Self::fh(s);
                if g.at(f, h).is_none() {
                    return String::new();
                }
                let file = files.as_bytes()[f as usize] as char;
                let rank = match ranks {
                    Ranks::FromFoot => (h - g.columns[f as usize].0) / 2 + 1,
                    Ranks::Falling => line(s) - lowest + 1,
                };
                format!("{file}{rank}")
            })
            .collect();
        g
    }

    pub(super) fn slots(&self) -> usize {
        self.columns.len() * ROW
    }

    /// The slot of `(f, h)`, when it is a cell of the board.
    pub(super) fn at(&self, f: i32, h: i32) -> Option<usize> {
        let &(foot, len) = self.columns.get(usize::try_from(f).ok()?)?;
        let k = h - foot;
        (k >= 0 && k % 2 == 0 && k / 2 < len).then(|| f as usize * ROW + h as usize)
    }

    pub(super) fn fh(slot: usize) -> (i32, i32) {
        ((slot / ROW) as i32, (slot % ROW) as i32)
    }

    /// Every cell.
    pub(super) fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.slots()).filter(|&s| {
            let (f, h) = Self::fh(s);
            self.at(f, h).is_some()
        })
    }

    /// The height of the board's highest cell.
    pub(super) fn top(&self) -> i32 {
        self.columns
            .iter()
            .map(|(foot, len)| foot + 2 * (len - 1))
            .max()
            .unwrap_or(0)
    }

    /// The image of a White cell on Black's side.
    fn image(&self, slot: usize) -> usize {
        let (f, h) = Self::fh(slot);
        let f = if self.turned {
            self.columns.len() as i32 - 1 - f
        } else {
            f
        };
        self.at(f, self.top() - h).expect("the board is symmetric")
    }

    /// A cell's name.
    pub fn name(&self, slot: usize) -> String {
        self.names[slot].clone()
    }

    pub(super) fn parse(&self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("`{name}` is no cell of {}", self.name))
    }

    fn parse_all(&self, names: &str) -> Vec<usize> {
        names.split(' ').map(|n| self.parse(n)).collect()
    }

    /// A pawn's step forward and its two capture steps.
    pub(super) fn pawn_steps(&self, c: Color) -> (Step, [Step; 2]) {
        match c {
            Color::White => ((0, 2), self.takes),
            // Mirrored or turned, the capture steps are the same pair with the height negated.
            Color::Black => ((0, -2), self.takes.map(|(f, h)| (f, -h))),
        }
    }

    /// How far a pawn of `c` on `slot` may go on its first move (1 off the start cells).
    pub(super) fn first_step(&self, c: Color, slot: usize) -> i32 {
        self.starts
            .iter()
            .find(|&&(s, _)| match c {
                Color::White => s == slot,
                Color::Black => self.image(s) == slot,
            })
            .map_or(1, |&(_, n)| n)
    }

    fn castle(
        &self,
        right: &'static str,
        (king, rook): ((&str, &str), (&str, &str)),
        empty: &str,
        safe: &str,
    ) -> Castle {
        Castle {
            right,
            king: (self.parse(king.0), self.parse(king.1)),
            rook: (self.parse(rook.0), self.parse(rook.1)),
            empty: self.parse_all(empty),
            safe: self.parse_all(safe),
        }
    }

    /// Black's castlings: White's images, with lower-case rights.
    fn add_black_castles(&mut self, rights: [&'static str; 4]) {
        let black: Vec<Castle> = self
            .castles
            .iter()
            .zip(rights)
            .map(|(c, right)| Castle {
                right,
                king: (self.image(c.king.0), self.image(c.king.1)),
                rook: (self.image(c.rook.0), self.image(c.rook.1)),
                empty: c.empty.iter().map(|&s| self.image(s)).collect(),
                safe: c.safe.iter().map(|&s| self.image(s)).collect(),
            })
            .collect();
        self.castles.extend(black);
    }
}

/// The regular hexagon of side 6 (Gliński's and McCooey's board).
fn hexagon_91(name: &'static str) -> HexGame {
    HexGame::new(
        name,
        "abcdefghikl",
        &[6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6],
        Ranks::FromFoot,
    )
}

/// Gliński's hexagonal chess: pawns take at 60 degrees, double steps from nine start cells.
pub static GLINSKI: LazyLock<HexGame> = LazyLock::new(|| {
    let mut g = hexagon_91("Gliński's hexagonal chess");
    g.starts = g
        .parse_all("b1 c2 d3 e4 f5 g4 h3 i2 k1")
        .into_iter()
        .map(|s| (s, 2))
        .collect();
    g
});

/// McCooey's hexagonal chess: pawns take diagonally forward, no double step for the f pawn.
pub static MCCOOEY: LazyLock<HexGame> = LazyLock::new(|| {
    let mut g = hexagon_91("McCooey's hexagonal chess");
    g.takes = [(1, 3), (-1, 3)];
    g.starts = g
        .parse_all("c1 d2 e3 g3 h2 i1")
        .into_iter()
        .map(|s| (s, 2))
        .collect();
    g
});

/// Shafran's hexagonal chess: 70 cells, pawns to the middle, castling short and long both ways.
pub static SHAFRAN: LazyLock<HexGame> = LazyLock::new(|| {
    let mut g = HexGame::new(
        "Shafran's hexagonal chess",
        "abcdefghi",
        &[6, 7, 8, 9, 10, 9, 8, 7, 6],
        Ranks::Falling,
    );
    g.turned = true;
    g.takes = [(1, 3), (-1, 3)];
    let two = g.parse_all("b2 c2 g4 h5").into_iter().map(|s| (s, 2));
    let three = g.parse_all("d2 e2 f3").into_iter().map(|s| (s, 3));
    g.starts = two.chain(three).collect();
    g.castles = vec![
        g.castle("Qs", (("e1", "c1"), ("a1", "d1")), "b1 c1 d1", "e1 d1 c1"),
        g.castle(
            "Ql",
            (("e1", "b1"), ("a1", "c1")),
            "b1 c1 d1",
            "e1 d1 c1 b1",
        ),
        g.castle("Bs", (("e1", "g3"), ("i5", "f2")), "f2 g3 h4", "e1 f2 g3"),
        g.castle(
            "Bl",
            (("e1", "h4"), ("i5", "g3")),
            "f2 g3 h4",
            "e1 f2 g3 h4",
        ),
    ];
    g.add_black_castles(["qs", "ql", "bs", "bl"]);
    g
});
