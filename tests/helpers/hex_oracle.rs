//! A second, independent move generator for Gliński's hexagonal chess, written from the rules
//! page (`docs/rules/glinski.md`) with cube coordinates.
//!
//! It knows nothing of links, directions, frames, zones, path programs or compiled tables. A cell
//! is a pair `(q, r)` of axial coordinates (the cube coordinates `(q, r, -q-r)` without the third):
//! `q` counts files from the middle one (`-5` is file a, `5` file l), `r` counts cells up the file,
//! and the centre f6 is `(0, 0)`. A cell is on the board when `|q|`, `|r|` and `|q + r|` are at most
//! 5 (91 cells). The cell one file to the right at the same `r` is half a cell higher, so the
//! picture height of a cell, in half cells, is `2r + q`.
//!
//! Names: the file letter (`abcdefghikl`, no `j`) and the rank, counted from 1 at the lowest cell
//! of the file. Moves: the six orthogonal steps cross a side of the cell; the six diagonal steps
//! are the sums of two neighbouring orthogonal ones; a knight goes two orthogonal steps and one
//! more turned 60 degrees. White's pawns walk up their file (`(0, 1)`) and take on the two cells
//! ahead that share a side with theirs (`(-1, 1)` and `(1, 0)`); Black's are the mirror image.
//!
//! The engine is used only to read a position: the piece on each cell (by name), the side to move
//! and the en passant cells.

use chessgraph::Position;

pub use super::ring_oracle::{Color, Role};

/// Files left to right.
const FILES: &str = "abcdefghikl";
/// Cells along each side of the hexagon, less one.
const N: i32 = 5;
/// Board cells indexed `(q + N) * 11 + (r + N)` (some indices are off the hexagon).
const SLOTS: usize = 121;

/// A step in axial coordinates, `(dq, dr)`.
type Step = (i32, i32);

const ORTHOGONAL: [(i32, i32); 6] = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)];

/// The six diagonal steps: each pair of neighbouring orthogonal steps added.
fn diagonals() -> Vec<(i32, i32)> {
    (0..6)
        .map(|i| {
            let (a, b) = (ORTHOGONAL[i], ORTHOGONAL[(i + 1) % 6]);
            (a.0 + b.0, a.1 + b.1)
        })
        .collect()
}

/// The twelve knight leaps: two orthogonal steps, then one turned 60 degrees either way.
fn knight_leaps() -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for i in 0..6 {
        let a = ORTHOGONAL[i];
        for turn in [1, 5] {
            let b = ORTHOGONAL[(i + turn) % 6];
            out.push((2 * a.0 + b.0, 2 * a.1 + b.1));
        }
    }
    out
}

/// The slot of `(q, r)`, when it is a cell of the board.
fn at(q: i32, r: i32) -> Option<usize> {
    (q.abs() <= N && r.abs() <= N && (q + r).abs() <= N).then(|| ((q + N) * 11 + (r + N)) as usize)
}

fn qr(slot: usize) -> (i32, i32) {
    (slot as i32 / 11 - N, slot as i32 % 11 - N)
}

/// The lowest `r` of file `q`.
fn bottom(q: i32) -> i32 {
    (-N).max(-N - q)
}

/// A cell's name: its file letter and its rank from the bottom of the file.
pub fn name(slot: usize) -> String {
    let (q, r) = qr(slot);
    let file = FILES.as_bytes()[(q + N) as usize] as char;
    format!("{file}{}", r - bottom(q) + 1)
}

fn parse_name(name: &str) -> usize {
    let file = name.chars().next().expect("a cell name");
    let q = FILES.find(file).expect("a file letter") as i32 - N;
    let rank: i32 = name[1..].parse().expect("a rank number");
    at(q, bottom(q) + rank - 1).expect("a cell of the board")
}

/// The pawn start cells of a side (the rules page's setup).
fn pawn_starts(c: Color) -> Vec<usize> {
    let names = match c {
        Color::White => "b1 c2 d3 e4 f5 g4 h3 i2 k1",
        Color::Black => "b7 c7 d7 e7 f7 g7 h7 i7 k7",
    };
    names.split(' ').map(parse_name).collect()
}

/// A pawn's step forward and its two capture steps.
fn pawn_steps(c: Color) -> ((i32, i32), [(i32, i32); 2]) {
    match c {
        Color::White => ((0, 1), [(-1, 1), (1, 0)]),
        // Mirrored top to bottom: the height 2r + q changes sign, q stays.
        Color::Black => ((0, -1), [(-1, 0), (1, -1)]),
    }
}

/// A move found by the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OMove {
    from: usize,
    to: usize,
    promotion: Option<Role>,
    /// En passant: the cell of the pawn taken.
    ep_capture: Option<usize>,
    /// Double step: the cell passed.
    passed: Option<usize>,
}

impl OMove {
    fn plain(from: usize, to: usize) -> OMove {
        OMove {
            from,
            to,
            promotion: None,
            ep_capture: None,
            passed: None,
        }
    }

    /// Whether the move promotes.
    pub fn is_promotion(&self) -> bool {
        self.promotion.is_some()
    }

    /// Whether the move takes en passant.
    pub fn is_en_passant(&self) -> bool {
        self.ep_capture.is_some()
    }
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// A position as the oracle sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexBoard {
    cells: Vec<Option<(Color, Role)>>,
    to_move: Color,
    /// The cell a pawn passed on the last move, and the pawn's cell.
    ep: Option<(usize, usize)>,
}

impl HexBoard {
    /// Reads an engine position: pieces by cell name, side to move, the en passant cell.
    pub fn read(pos: &Position) -> HexBoard {
        let rules = pos.rules();
        let board = rules.board();
        assert_eq!(board.node_count(), 91, "not Gliński's board");
        let color = |name: &str| match name {
            "white" => Color::White,
            "black" => Color::Black,
            other => panic!("the oracle does not know the player `{other}`"),
        };
        let mut cells = vec![None; SLOTS];
        for n in board.node_ids() {
            if let Some(pc) = pos.piece_at(n) {
                cells[parse_name(board.node_name(n))] = Some((
                    color(&rules.player(pc.owner).name),
                    Role::from_name(&rules.kind(pc.kind).name),
                ));
            }
        }
        let to_move = color(&rules.player(pos.to_move()).name);
        let eps: Vec<usize> = chessgraph::testing::en_passant(pos)
            .iter()
            .map(|e| parse_name(board.node_name(e.square)))
            .collect();
        assert!(eps.len() <= 1, "two en passant cells in a two-player game");
        // The pawn that passed stands one step further on, in its own direction.
        let ep = eps.first().map(|&passed| {
            let (q, r) = qr(passed);
            let (fwd, _) = pawn_steps(to_move.other());
            (passed, at(q + fwd.0, r + fwd.1).expect("the pawn's cell"))
        });
        HexBoard { cells, to_move, ep }
    }

    /// Position text: rows of the picture from the highest down (height `2r + q`), each left to
    /// right, runs of empty cells as numbers.
    pub fn to_fen(&self) -> String {
        let mut by_height: Vec<(i32, i32, usize)> = (0..SLOTS)
            .filter(|&s| {
                let (q, r) = qr(s);
                at(q, r).is_some()
            })
            .map(|s| {
                let (q, r) = qr(s);
                (-(2 * r + q), q, s)
            })
            .collect();
        by_height.sort();
        let mut rows: Vec<String> = Vec::new();
        let mut last = None;
        let mut empty = 0;
        for (h, _, s) in by_height {
            if last != Some(h) {
                if let Some(row) = rows.last_mut()
                    && empty > 0
                {
                    row.push_str(&empty.to_string());
                }
                rows.push(String::new());
                empty = 0;
                last = Some(h);
            }
            let row = rows.last_mut().expect("pushed");
            match self.cells[s] {
                None => empty += 1,
                Some((c, role)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    let l = role.letter();
                    row.push(if c == Color::White {
                        l
                    } else {
                        l.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            rows.last_mut().expect("a row").push_str(&empty.to_string());
        }
        format!(
            "{} {} - {} 0 1",
            rows.join("/"),
            if self.to_move == Color::White {
                "w"
            } else {
                "b"
            },
            self.ep.map_or("-".to_string(), |(s, _)| name(s))
        )
    }

    /// Whether the move takes a piece.
    pub fn is_capture(&self, m: OMove) -> bool {
        self.cells[m.to].is_some() || m.ep_capture.is_some()
    }

    fn king(&self, c: Color) -> Option<usize> {
        self.cells.iter().position(|p| *p == Some((c, Role::King)))
    }

    fn holds(&self, s: Option<usize>, by: Color, roles: &[Role]) -> bool {
        s.and_then(|s| self.cells[s])
            .is_some_and(|(c, r)| c == by && roles.contains(&r))
    }

    /// The first occupied cell from `(q, r)` along `(dq, dr)`.
    fn ray_end(&self, (q, r): (i32, i32), (dq, dr): (i32, i32)) -> Option<usize> {
        (1..)
            .map_while(|k| at(q + k * dq, r + k * dr))
            .find(|&s| self.cells[s].is_some())
    }

    /// Whether `by` attacks `sq`, looked for from `sq` outward.
    fn attacked(&self, sq: usize, by: Color) -> bool {
        let (q, r) = qr(sq);
        let diag = diagonals();
        let near = |d: &(i32, i32)| at(q + d.0, r + d.1);
        knight_leaps().iter().any(|d| self.holds(near(d), by, &[Role::Knight]))
            || ORTHOGONAL.iter().chain(&diag).any(|d| self.holds(near(d), by, &[Role::King]))
            || ORTHOGONAL.iter().any(|&d| {
                self.holds(self.ray_end((q, r), d), by, &[Role::Rook, Role::Queen])
            })
            || diag.iter().any(|&d| {
                self.holds(self.ray_end((q, r), d), by, &[Role::Bishop, Role::Queen])
            })
            // A pawn of `by` attacks the cells its capture steps lead to.
            || pawn_steps(by)
                .1
                .iter()
                .any(|&(dq, dr)| self.holds(at(q - dq, r - dr), by, &[Role::Pawn]))
    }

    fn push_pawn(&self, m: OMove, c: Color, out: &mut Vec<OMove>) {
        let (q, r) = qr(m.to);
        let (fwd, _) = pawn_steps(c);
        // Promotion on the last cell of the file.
        if at(q + fwd.0, r + fwd.1).is_none() {
            out.extend(PROMOTIONS.map(|role| OMove {
                promotion: Some(role),
                ..m
            }));
        } else {
            out.push(m);
        }
    }

    fn pawn_moves(&self, from: usize, c: Color, out: &mut Vec<OMove>) {
        let (q, r) = qr(from);
        let (fwd, takes) = pawn_steps(c);
        if let Some(one) = at(q + fwd.0, r + fwd.1)
            && self.cells[one].is_none()
        {
            self.push_pawn(OMove::plain(from, one), c, out);
            if pawn_starts(c).contains(&from)
                && let Some(two) = at(q + 2 * fwd.0, r + 2 * fwd.1)
                && self.cells[two].is_none()
            {
                out.push(OMove {
                    passed: Some(one),
                    ..OMove::plain(from, two)
                });
            }
        }
        for (dq, dr) in takes {
            let Some(to) = at(q + dq, r + dr) else {
                continue;
            };
            match (self.cells[to], self.ep) {
                (Some((o, _)), _) if o != c => self.push_pawn(OMove::plain(from, to), c, out),
                (None, Some((passed, pawn))) if passed == to => out.push(OMove {
                    ep_capture: Some(pawn),
                    ..OMove::plain(from, to)
                }),
                _ => {}
            }
        }
    }

    /// Every move of the side to move that ignores check.
    fn pseudo_legal(&self) -> Vec<OMove> {
        let me = self.to_move;
        let diag = diagonals();
        let mut out = Vec::new();
        for from in 0..SLOTS {
            let Some((c, role)) = self.cells[from] else {
                continue;
            };
            if c != me {
                continue;
            }
            let (q, r) = qr(from);
            let free = |s: usize| self.cells[s].is_none_or(|(o, _)| o != me);
            let (steps, rides): (Vec<Step>, Vec<Step>) = match role {
                Role::Pawn => {
                    self.pawn_moves(from, me, &mut out);
                    continue;
                }
                Role::Knight => (knight_leaps(), Vec::new()),
                Role::King => (
                    ORTHOGONAL.iter().chain(&diag).copied().collect(),
                    Vec::new(),
                ),
                Role::Rook => (Vec::new(), ORTHOGONAL.to_vec()),
                Role::Bishop => (Vec::new(), diag.clone()),
                Role::Queen => (
                    Vec::new(),
                    ORTHOGONAL.iter().chain(&diag).copied().collect(),
                ),
            };
            for (dq, dr) in steps {
                if let Some(to) = at(q + dq, r + dr).filter(|&s| free(s)) {
                    out.push(OMove::plain(from, to));
                }
            }
            for (dq, dr) in rides {
                for to in (1..).map_while(|k| at(q + k * dq, r + k * dr)) {
                    if free(to) {
                        out.push(OMove::plain(from, to));
                    }
                    if self.cells[to].is_some() {
                        break;
                    }
                }
            }
        }
        out
    }

    /// Plays a move (no legality check).
    pub fn make(&mut self, m: OMove) {
        let piece = self.cells[m.from].take().expect("a piece to move");
        if let Some(s) = m.ep_capture {
            self.cells[s] = None;
        }
        self.cells[m.to] = Some((piece.0, m.promotion.unwrap_or(piece.1)));
        self.to_move = self.to_move.other();
        // A passed cell no enemy pawn can take on is not remembered.
        let taker = self.to_move;
        self.ep = m
            .passed
            .filter(|&passed| {
                let (q, r) = qr(passed);
                pawn_steps(taker)
                    .1
                    .iter()
                    .any(|&(dq, dr)| self.holds(at(q - dq, r - dr), taker, &[Role::Pawn]))
            })
            .map(|passed| (passed, m.to));
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<OMove> {
        let me = self.to_move;
        self.pseudo_legal()
            .into_iter()
            .filter(|&m| {
                let mut after = self.clone();
                after.make(m);
                after
                    .king(me)
                    .is_none_or(|k| !after.attacked(k, me.other()))
            })
            .collect()
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.to_move)
            .is_some_and(|k| self.attacked(k, self.to_move.other()))
    }

    /// A move's text as the engine writes it: `from-to`, `=X` for a promotion.
    pub fn text(&self, m: OMove) -> String {
        let mut s = format!("{}-{}", name(m.from), name(m.to));
        if let Some(r) = m.promotion {
            s.push('=');
            s.push(r.letter());
        }
        s
    }

    /// The sorted texts of the legal moves.
    pub fn legal_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .legal_moves()
            .into_iter()
            .map(|m| self.text(m))
            .collect();
        v.sort();
        v
    }

    /// Perft: leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut next = self.clone();
                next.make(m);
                next.perft(depth - 1)
            })
            .sum()
    }
}
