//! A second, independent move generator for the hexagonal games (Gliński's, McCooey's and
//! Shafran's), written from the rules pages (`docs/rules/glinski.md`, `mccooey.md`,
//! `shafran.md`) with picture coordinates.
//!
//! It knows nothing of links, directions, frames, zones, path programs or compiled tables. A cell
//! is a pair `(f, h)`: `f` the file from 0 on the left, `h` the height of its centre in half
//! cells above the lowest cell of the board. Each file is a column of cells a whole cell apart,
//! centred on the board's middle height, so the cells of neighbouring files stand half a cell
//! apart. The six orthogonal steps cross a side of the cell (`(0, 2)` straight up, `(1, 1)` up
//! and to the right, ...); the six diagonal steps are the sums of two neighbouring orthogonal
//! ones; a knight goes two orthogonal steps and one more turned 60 degrees.
//!
//! Names: the file letter and the rank: counted from 1 at the lowest cell of the file (Gliński's
//! and McCooey's notation), or the line of cells falling to the right, counted from 1 at White's
//! left corner (Shafran's). Black's army is White's mirrored top to bottom (Gliński, McCooey) or
//! turned half round the centre (Shafran); so are its pawn moves, start cells and castlings.
//!
//! The games themselves (boards, names, pawns, castlings) are described in `hex_games.rs`.
//!
//! The engine is used only to read a position: the piece on each cell (by name), the side to move,
//! the castling rights and the en passant cells.

use chessgraph::Position;

use super::hex_games::{HexGame, ORTHOGONAL, Step};
pub use super::ring_oracle::{Color, Role};

/// The six diagonal steps: each pair of neighbouring orthogonal steps added.
fn diagonals() -> Vec<Step> {
    (0..6)
        .map(|i| {
            let (a, b) = (ORTHOGONAL[i], ORTHOGONAL[(i + 1) % 6]);
            (a.0 + b.0, a.1 + b.1)
        })
        .collect()
}

/// The twelve knight leaps: two orthogonal steps, then one turned 60 degrees either way.
fn knight_leaps() -> Vec<Step> {
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

/// A move found by the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OMove {
    from: usize,
    to: usize,
    promotion: Option<Role>,
    /// En passant: the cell of the pawn taken.
    ep_capture: Option<usize>,
    /// A longer first step: the cells passed (the second only on a three-cell step).
    passed: [Option<usize>; 2],
    /// Castling: the index of the castle played.
    castle: Option<usize>,
}

impl OMove {
    fn plain(from: usize, to: usize) -> OMove {
        OMove {
            from,
            to,
            promotion: None,
            ep_capture: None,
            passed: [None; 2],
            castle: None,
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

    /// Whether the move castles.
    pub fn is_castling(&self) -> bool {
        self.castle.is_some()
    }
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// A position as the oracle sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexBoard {
    game: &'static HexGame,
    cells: Vec<Option<(Color, Role)>>,
    to_move: Color,
    /// The cells a pawn passed on the last move (in the order passed), and the pawn's cell.
    ep: Vec<(usize, usize)>,
    /// The castlings (by index in the game's list) still allowed.
    rights: Vec<bool>,
}

impl HexBoard {
    /// Reads an engine position of `game`: pieces by cell name, side to move, castling rights,
    /// the en passant cells.
    pub fn read(game: &'static HexGame, pos: &Position) -> HexBoard {
        let rules = pos.rules();
        let board = rules.board();
        assert_eq!(
            board.node_count(),
            game.cells().count(),
            "not {}'s board",
            game.name
        );
        let color = |name: &str| match name {
            "white" => Color::White,
            "black" => Color::Black,
            other => panic!("the oracle does not know the player `{other}`"),
        };
        let mut cells = vec![None; game.slots()];
        for n in board.node_ids() {
            if let Some(pc) = pos.piece_at(n) {
                cells[game.parse(board.node_name(n))] = Some((
                    color(&rules.player(pc.owner).name),
                    Role::from_name(&rules.kind(pc.kind).name),
                ));
            }
        }
        let to_move = color(&rules.player(pos.to_move()).name);
        let fen = pos.to_fen();
        let field: Vec<&str> = fen.split(' ').collect();
        let rights = game
            .castles
            .iter()
            .map(|c| field[2].contains(c.right))
            .collect();
        // Each pawn that passed a cell stands further on in its own direction.
        let (fwd, _) = game.pawn_steps(to_move.other());
        let ep = chessgraph::testing::en_passant(pos)
            .iter()
            .map(|e| {
                let passed = game.parse(board.node_name(e.square));
                let (f, h) = HexGame::fh(passed);
                let pawn = (1..=2)
                    .filter_map(|k| game.at(f + k * fwd.0, h + k * fwd.1))
                    .find(|&s| cells[s] == Some((to_move.other(), Role::Pawn)))
                    .expect("the pawn that passed");
                (passed, pawn)
            })
            .collect();
        HexBoard {
            game,
            cells,
            to_move,
            ep,
            rights,
        }
    }

    /// Position text: rows of the picture from the highest down, each left to right, runs of
    /// empty cells as numbers.
    pub fn to_fen(&self) -> String {
        let mut rows: Vec<String> = Vec::new();
        for h in (0..=self.game.top()).rev() {
            let row: Vec<Option<(Color, Role)>> = (0..self.game.columns.len() as i32)
                .filter_map(|f| self.game.at(f, h))
                .map(|s| self.cells[s])
                .collect();
            if row.is_empty() {
                continue;
            }
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some((c, role)) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        let l = role.letter();
                        text.push(if c == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        });
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            rows.push(text);
        }
        let rights: String = self
            .game
            .castles
            .iter()
            .zip(&self.rights)
            .filter(|(_, on)| **on)
            .map(|(c, _)| c.right)
            .collect();
        let ep: Vec<String> = self.ep.iter().map(|&(s, _)| self.game.name(s)).collect();
        let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        format!(
            "{} {} {} {} 0 1",
            rows.join("/"),
            if self.to_move == Color::White {
                "w"
            } else {
                "b"
            },
            dash(rights),
            dash(ep.join(","))
        )
    }

    /// Whether the move takes a piece.
    pub fn is_capture(&self, m: OMove) -> bool {
        m.castle.is_none() && self.cells[m.to].is_some() || m.ep_capture.is_some()
    }

    fn king(&self, c: Color) -> Option<usize> {
        self.cells.iter().position(|p| *p == Some((c, Role::King)))
    }

    fn holds(&self, s: Option<usize>, by: Color, roles: &[Role]) -> bool {
        s.and_then(|s| self.cells[s])
            .is_some_and(|(c, r)| c == by && roles.contains(&r))
    }

    /// The first occupied cell from `(f, h)` along `(df, dh)`.
    fn ray_end(&self, (f, h): Step, (df, dh): Step) -> Option<usize> {
        (1..)
            .map_while(|k| self.game.at(f + k * df, h + k * dh))
            .find(|&s| self.cells[s].is_some())
    }

    /// Whether `by` attacks `sq`, looked for from `sq` outward.
    fn attacked(&self, sq: usize, by: Color) -> bool {
        let (f, h) = HexGame::fh(sq);
        let diag = diagonals();
        let near = |d: &Step| self.game.at(f + d.0, h + d.1);
        knight_leaps().iter().any(|d| self.holds(near(d), by, &[Role::Knight]))
            || ORTHOGONAL.iter().chain(&diag).any(|d| self.holds(near(d), by, &[Role::King]))
            || ORTHOGONAL.iter().any(|&d| {
                self.holds(self.ray_end((f, h), d), by, &[Role::Rook, Role::Queen])
            })
            || diag.iter().any(|&d| {
                self.holds(self.ray_end((f, h), d), by, &[Role::Bishop, Role::Queen])
            })
            // A pawn of `by` attacks the cells its capture steps lead to.
            || self.game.pawn_steps(by)
                .1
                .iter()
                .any(|&(df, dh)| self.holds(self.game.at(f - df, h - dh), by, &[Role::Pawn]))
    }

    fn push_pawn(&self, m: OMove, c: Color, out: &mut Vec<OMove>) {
        let (f, h) = HexGame::fh(m.to);
        let (fwd, _) = self.game.pawn_steps(c);
        // Promotion on the last cell of the file.
        if self.game.at(f + fwd.0, h + fwd.1).is_none() {
            out.extend(PROMOTIONS.map(|role| OMove {
                promotion: Some(role),
                ..m
            }));
        } else {
            out.push(m);
        }
    }

    fn pawn_moves(&self, from: usize, c: Color, out: &mut Vec<OMove>) {
        let (f, h) = HexGame::fh(from);
        let (fwd, takes) = self.game.pawn_steps(c);
        let mut passed = Vec::new();
        for k in 1..=self.game.first_step(c, from) {
            let Some(to) = self.game.at(f + k * fwd.0, h + k * fwd.1) else {
                break;
            };
            if self.cells[to].is_some() {
                break;
            }
            let m = OMove {
                passed: [passed.first().copied(), passed.get(1).copied()],
                ..OMove::plain(from, to)
            };
            self.push_pawn(m, c, out);
            passed.push(to);
        }
        for (df, dh) in takes {
            let Some(to) = self.game.at(f + df, h + dh) else {
                continue;
            };
            match self.cells[to] {
                Some((o, _)) if o != c => self.push_pawn(OMove::plain(from, to), c, out),
                None => {
                    if let Some(&(_, pawn)) = self.ep.iter().find(|&&(s, _)| s == to) {
                        self.push_pawn(
                            OMove {
                                ep_capture: Some(pawn),
                                ..OMove::plain(from, to)
                            },
                            c,
                            out,
                        );
                    }
                }
                _ => {}
            }
        }
    }

    /// The castlings of the side to move whose squares are free and safe.
    fn castlings(&self, out: &mut Vec<OMove>) {
        let me = self.to_move;
        for (i, c) in self.game.castles.iter().enumerate() {
            let mine = self.cells[c.king.0] == Some((me, Role::King))
                && self.cells[c.rook.0] == Some((me, Role::Rook));
            if !self.rights[i] || !mine {
                continue;
            }
            let movers = [c.king.0, c.rook.0];
            let clear = |s: &usize| movers.contains(s) || self.cells[*s].is_none();
            let free = c.empty.iter().chain(&[c.king.1, c.rook.1]).all(clear);
            if free && c.safe.iter().all(|&s| !self.attacked(s, me.other())) {
                out.push(OMove {
                    castle: Some(i),
                    ..OMove::plain(c.king.0, c.king.1)
                });
            }
        }
    }

    /// Every move of the side to move that ignores check.
    fn pseudo_legal(&self) -> Vec<OMove> {
        let me = self.to_move;
        let diag = diagonals();
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            let Some((c, role)) = self.cells[from] else {
                continue;
            };
            if c != me {
                continue;
            }
            let (f, h) = HexGame::fh(from);
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
            for (df, dh) in steps {
                if let Some(to) = self.game.at(f + df, h + dh).filter(|&s| free(s)) {
                    out.push(OMove::plain(from, to));
                }
            }
            for (df, dh) in rides {
                for to in (1..).map_while(|k| self.game.at(f + k * df, h + k * dh)) {
                    if free(to) {
                        out.push(OMove::plain(from, to));
                    }
                    if self.cells[to].is_some() {
                        break;
                    }
                }
            }
        }
        self.castlings(&mut out);
        out
    }

    /// Plays a move (no legality check).
    pub fn make(&mut self, m: OMove) {
        let piece = self.cells[m.from].take().expect("a piece to move");
        if let Some(s) = m.ep_capture {
            self.cells[s] = None;
        }
        if let Some(i) = m.castle {
            let (from, to) = self.game.castles[i].rook;
            let rook = self.cells[from].take();
            self.cells[to] = rook;
        }
        // A castling right goes with its king or rook leaving, or being taken on, its cell.
        for (i, c) in self.game.castles.iter().enumerate() {
            if [c.king.0, c.rook.0]
                .iter()
                .any(|s| *s == m.from || *s == m.to)
            {
                self.rights[i] = false;
            }
        }
        self.cells[m.to] = Some((piece.0, m.promotion.unwrap_or(piece.1)));
        self.to_move = self.to_move.other();
        // A passed cell no enemy pawn can take on is not remembered.
        let taker = self.to_move;
        let takes = self.game.pawn_steps(taker).1;
        self.ep = m
            .passed
            .iter()
            .flatten()
            .filter(|&&passed| {
                let (f, h) = HexGame::fh(passed);
                takes
                    .iter()
                    .any(|&(df, dh)| self.holds(self.game.at(f - df, h - dh), taker, &[Role::Pawn]))
            })
            .map(|&passed| (passed, m.to))
            .collect();
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

    /// A move's text as the engine writes it: `from-to` (a castling as the king's move), `=X`
    /// for a promotion.
    pub fn text(&self, m: OMove) -> String {
        let mut s = format!("{}-{}", self.game.name(m.from), self.game.name(m.to));
        if let Some(r) = m.promotion {
            s.push('=');
            s.push(r.letter());
        }
        s
    }

    /// The sorted texts of the legal moves.
    pub fn legal_texts(&self) -> Vec<String> {
        super::oracle::legal_texts(self, &())
    }

    /// Perft: leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, depth: u32) -> u64 {
        super::oracle::perft(self, &(), depth)
    }
}

impl super::oracle::Oracle for HexBoard {
    type Move = OMove;
    type Game = ();

    fn legal(&self, _: &()) -> Vec<OMove> {
        self.legal_moves()
    }

    fn play(&mut self, _: &(), m: OMove) {
        self.make(m);
    }

    fn write(&self, _: &(), m: OMove) -> String {
        self.text(m)
    }
}
