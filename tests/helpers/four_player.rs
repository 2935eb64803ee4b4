//! A second, independent move generator for four-player chess, written from the rules page
//! (`docs/rules/four-player-chess.md`) with coordinate arithmetic.
//!
//! It knows nothing of links, directions, frames, path programs, zones or compiled tables: a
//! square is a pair `(x, y)` on a 14x14 grid (`x` = file a..n, `y` = rank - 1) less the four 3x3
//! corners, and each seat's army is Red's turned by `seat` quarter turns clockwise about the
//! board's centre. The engine is used only to read a position: the piece on each square (by
//! name), the side to move, the castling right tokens held, who is still in and whether the game
//! is over.

use chessgraph::Position;

// The piece types and the pieces' steps are plain chess, shared with the ring oracle.
use super::ring_oracle::{DIAGONAL, KNIGHT, ORTHOGONAL, Role};

/// Board size (both ways).
pub const SIZE: i32 = 14;
/// Seat names in turn order, with the first letter of their castling tokens.
pub const SEATS: [(&str, char); 4] = [("red", 'r'), ("blue", 'b'), ("yellow", 'y'), ("green", 'g')];

/// Whether (x, y) is a square of the board: on the 14x14 grid and not in a 3x3 corner.
pub fn on_board(x: i32, y: i32) -> bool {
    let edge = |v: i32| !(3..=10).contains(&v);
    (0..SIZE).contains(&x) && (0..SIZE).contains(&y) && !(edge(x) && edge(y))
}

/// The square's name: file letter and rank number.
pub fn name((x, y): (i32, i32)) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// (x, y) of a square name.
pub fn parse(name: &str) -> (i32, i32) {
    let x = i32::from(name.as_bytes()[0] - b'a');
    let y: i32 = name[1..].parse().expect("a rank number");
    (x, y - 1)
}

/// A vector of Red's turned by `seat` quarter turns clockwise.
fn turn(seat: usize, (mut dx, mut dy): (i32, i32)) -> (i32, i32) {
    for _ in 0..seat {
        (dx, dy) = (dy, -dx);
    }
    (dx, dy)
}

/// A square of Red's turned by `seat` quarter turns clockwise about the board's centre.
fn turn_square(seat: usize, (mut x, mut y): (i32, i32)) -> (i32, i32) {
    for _ in 0..seat {
        (x, y) = (y, SIZE - 1 - x);
    }
    (x, y)
}

/// How far a square is from `seat`'s own edge: 0 on the back line, 7 on the promotion line.
fn progress(seat: usize, at: (i32, i32)) -> i32 {
    // Turning the square back by the seat's turns makes it a square as Red sees it.
    let mut sq = at;
    for _ in 0..seat {
        sq = (SIZE - 1 - sq.1, sq.0);
    }
    sq.1
}

/// One castling of a seat, as Red's squares (x on rank 1) turned for the seat.
struct Castle {
    king: (i32, i32),
    rook: (i32, i32),
    empty: &'static [i32],
    safe: &'static [i32],
}

/// Red's castlings: short (king h1 to j1, rook k1 to i1) and long (king h1 to f1, rook d1 to g1).
const CASTLES: [Castle; 2] = [
    Castle {
        king: (7, 9),
        rook: (10, 8),
        empty: &[8, 9],
        safe: &[7, 8, 9],
    },
    Castle {
        king: (7, 5),
        rook: (3, 6),
        empty: &[4, 5, 6],
        safe: &[7, 6, 5],
    },
];

/// A move: from, to, whether it promotes, and the castling (seat * 2 + 0 short / 1 long).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OMove {
    from: (i32, i32),
    to: (i32, i32),
    promotes: bool,
    castle: Option<usize>,
}

/// A position: pieces (seat, role) by square, the seat to move, castling rights (bit
/// `seat * 2 + side`), who is in, and whether the game is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Four {
    cells: Vec<Option<(usize, Role)>>,
    to_move: usize,
    rights: u8,
    alive: [bool; 4],
    over: bool,
}

fn index((x, y): (i32, i32)) -> usize {
    (y * SIZE + x) as usize
}

impl Four {
    /// Reads the engine's position (pieces by square name, turn, rights, players in).
    pub fn read(pos: &Position) -> Four {
        let rules = pos.rules();
        let board = rules.board();
        assert_eq!(board.node_count(), 160, "not the four-player board");
        let seat = |name: &str| {
            SEATS
                .iter()
                .position(|(n, _)| *n == name)
                .unwrap_or_else(|| panic!("the oracle does not know the player `{name}`"))
        };
        let mut cells = vec![None; (SIZE * SIZE) as usize];
        for n in board.node_ids() {
            if let Some(pc) = pos.piece_at(n) {
                let at = parse(board.node_name(n));
                assert!(
                    on_board(at.0, at.1),
                    "{} is not a square",
                    board.node_name(n)
                );
                cells[index(at)] = Some((
                    seat(&rules.player(pc.owner).name),
                    Role::from_name(&rules.kind(pc.kind).name),
                ));
            }
        }
        let mut rights = 0;
        for (i, c) in rules.castling().iter().enumerate() {
            if pos.castling_rights().contains(i) {
                let b = c.right.as_bytes();
                let s = SEATS
                    .iter()
                    .position(|(_, m)| *m as u8 == b[0])
                    .expect("a seat's castling token");
                rights |= 1 << (s * 2 + usize::from(b[1] == b'Q'));
            }
        }
        let mut alive = [false; 4];
        for p in rules.player_ids() {
            alive[seat(&rules.player(p).name)] = pos.is_alive(p);
        }
        Four {
            cells,
            to_move: seat(&rules.player(pos.to_move()).name),
            rights,
            alive,
            over: pos.outcome().is_some(),
        }
    }

    fn at(&self, sq: (i32, i32)) -> Option<(usize, Role)> {
        self.cells[index(sq)]
    }

    /// Whether `sq` is attacked by a piece of a live seat other than `seat` (frozen pieces
    /// never attack).
    pub fn attacked(&self, sq: (i32, i32), seat: usize) -> bool {
        let enemy = |p: Option<(usize, Role)>, roles: &[Role]| {
            p.is_some_and(|(s, r)| s != seat && self.alive[s] && roles.contains(&r))
        };
        let (x, y) = sq;
        for (dx, dy) in KNIGHT {
            if on_board(x + dx, y + dy) && enemy(self.at((x + dx, y + dy)), &[Role::Knight]) {
                return true;
            }
        }
        for (dirs, roles) in [
            (ORTHOGONAL, [Role::Rook, Role::Queen]),
            (DIAGONAL, [Role::Bishop, Role::Queen]),
        ] {
            for (dx, dy) in dirs {
                let (mut cx, mut cy) = (x + dx, y + dy);
                let mut first = true;
                while on_board(cx, cy) {
                    if let Some(p) = self.at((cx, cy)) {
                        if enemy(Some(p), &roles) || (first && enemy(Some(p), &[Role::King])) {
                            return true;
                        }
                        break;
                    }
                    first = false;
                    cx += dx;
                    cy += dy;
                }
            }
        }
        // A pawn of seat `o` on p attacks p + forward +- side: look back from `sq`.
        for o in (0..4).filter(|&o| o != seat && self.alive[o]) {
            let (fx, fy) = turn(o, (0, 1));
            for side in [-1, 1] {
                let (sx, sy) = turn(o, (side, 0));
                let p = (x - fx - sx, y - fy - sy);
                if on_board(p.0, p.1) && self.at(p) == Some((o, Role::Pawn)) {
                    return true;
                }
            }
        }
        false
    }

    fn king(&self, seat: usize) -> Option<(i32, i32)> {
        (0..SIZE * SIZE)
            .map(|i| (i % SIZE, i / SIZE))
            .find(|&sq| self.cells[index(sq)] == Some((seat, Role::King)))
    }

    /// Whether the seat to move is in check.
    pub fn in_check(&self) -> bool {
        self.king(self.to_move)
            .is_some_and(|k| self.attacked(k, self.to_move))
    }

    fn pseudo(&self) -> Vec<OMove> {
        let me = self.to_move;
        let mut out = Vec::new();
        let plain = |from, to| OMove {
            from,
            to,
            promotes: false,
            castle: None,
        };
        for i in 0..SIZE * SIZE {
            let from = (i % SIZE, i / SIZE);
            let Some((s, role)) = self.cells[index(from)] else {
                continue;
            };
            if s != me {
                continue;
            }
            let free = |to: (i32, i32)| on_board(to.0, to.1) && self.at(to).is_none();
            let takes =
                |to: (i32, i32)| on_board(to.0, to.1) && self.at(to).is_some_and(|(o, _)| o != me);
            let add = |v: (i32, i32)| (from.0 + v.0, from.1 + v.1);
            match role {
                Role::Pawn => {
                    let f = turn(me, (0, 1));
                    let mut targets = Vec::new();
                    if free(add(f)) {
                        targets.push(add(f));
                        let two = add((2 * f.0, 2 * f.1));
                        if progress(me, from) == 1 && free(two) {
                            targets.push(two);
                        }
                    }
                    for side in [-1, 1] {
                        let c = turn(me, (side, 1));
                        if takes(add(c)) {
                            targets.push(add(c));
                        }
                    }
                    for to in targets {
                        out.push(OMove {
                            promotes: progress(me, to) == 7,
                            ..plain(from, to)
                        });
                    }
                }
                Role::Knight | Role::King => {
                    let steps: Vec<(i32, i32)> = if role == Role::Knight {
                        KNIGHT.to_vec()
                    } else {
                        [ORTHOGONAL, DIAGONAL].concat()
                    };
                    for v in steps {
                        if free(add(v)) || takes(add(v)) {
                            out.push(plain(from, add(v)));
                        }
                    }
                }
                Role::Bishop | Role::Rook | Role::Queen => {
                    let dirs = match role {
                        Role::Bishop => DIAGONAL.to_vec(),
                        Role::Rook => ORTHOGONAL.to_vec(),
                        _ => [ORTHOGONAL, DIAGONAL].concat(),
                    };
                    for (dx, dy) in dirs {
                        let mut to = add((dx, dy));
                        while free(to) {
                            out.push(plain(from, to));
                            to = (to.0 + dx, to.1 + dy);
                        }
                        if takes(to) {
                            out.push(plain(from, to));
                        }
                    }
                }
            }
        }
        self.castlings(&mut out);
        out
    }

    fn castlings(&self, out: &mut Vec<OMove>) {
        let me = self.to_move;
        for (side, c) in CASTLES.iter().enumerate() {
            let red = |x: i32| turn_square(me, (x, 0));
            if self.rights & (1 << (me * 2 + side)) == 0
                || self.at(red(c.king.0)) != Some((me, Role::King))
                || self.at(red(c.rook.0)) != Some((me, Role::Rook))
                || c.empty.iter().any(|&x| self.at(red(x)).is_some())
                || c.safe.iter().any(|&x| self.attacked(red(x), me))
            {
                continue;
            }
            out.push(OMove {
                from: red(c.king.0),
                to: red(c.king.1),
                promotes: false,
                castle: Some(me * 2 + side),
            });
        }
    }

    /// Plays `m` without judging it: the piece moves (a pawn on its 8th line becomes a queen,
    /// castling moves the rook too); a live king taken puts its owner out at once; rights whose
    /// king or rook square was left or entered are lost. The turn does not pass.
    fn apply(&mut self, m: OMove) {
        let mover = self.at(m.from).expect("a piece to move");
        if let Some((o, Role::King)) = self.at(m.to)
            && self.alive[o]
        {
            self.alive[o] = false;
        }
        self.cells[index(m.to)] = Some(if m.promotes {
            (mover.0, Role::Queen)
        } else {
            mover
        });
        self.cells[index(m.from)] = None;
        if let Some(c) = m.castle {
            let (seat, side) = (c / 2, c % 2);
            let red = |x: i32| turn_square(seat, (x, 0));
            self.cells[index(red(CASTLES[side].rook.0))] = None;
            self.cells[index(red(CASTLES[side].rook.1))] = Some((seat, Role::Rook));
        }
        for seat in 0..4 {
            for (side, c) in CASTLES.iter().enumerate() {
                let touched = [c.king.0, c.rook.0]
                    .iter()
                    .any(|&x| [m.from, m.to].contains(&turn_square(seat, (x, 0))));
                if touched {
                    self.rights &= !(1 << (seat * 2 + side));
                }
            }
        }
    }

    /// The legal moves of the seat to move (none when the game is over): the mover's king is
    /// not attacked by a live opponent afterwards.
    pub fn legal_moves(&self) -> Vec<OMove> {
        if self.over {
            return Vec::new();
        }
        let me = self.to_move;
        self.pseudo()
            .into_iter()
            .filter(|&m| {
                let mut after = self.clone();
                after.apply(m);
                after.king(me).is_none_or(|k| !after.attacked(k, me))
            })
            .collect()
    }

    /// Plays a legal move: then the turn passes to the next seat still in, and each seat
    /// reached with no legal move is out while three or four are in (mated or stalemated); with
    /// two in the game ends there (mate: the other wins; stalemate: a draw); with one seat left
    /// the game is over.
    pub fn make(&mut self, m: OMove) {
        self.apply(m);
        self.pass_turn();
    }

    fn pass_turn(&mut self) {
        loop {
            if self.alive.iter().filter(|&&a| a).count() <= 1 {
                self.over = true;
                return;
            }
            self.to_move = (1..=4)
                .map(|k| (self.to_move + k) % 4)
                .find(|&s| self.alive[s])
                .expect("a seat in");
            if !self.legal_moves().is_empty() {
                return;
            }
            // Mated or stalemated with three or four in: out. With two in the game ends there:
            // mated, the other wins; stalemated, a draw (the player stays in, the game is over).
            if self.alive.iter().filter(|&&a| a).count() >= 3 {
                self.alive[self.to_move] = false;
            } else {
                self.over = true;
                return;
            }
        }
    }

    /// Move text as the engine writes it: `from-to`, `=Q` for a promotion.
    pub fn text(&self, m: OMove) -> String {
        let mut s = format!("{}-{}", name(m.from), name(m.to));
        if m.promotes {
            s.push_str("=Q");
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

    /// Whether `m` takes a piece.
    pub fn is_capture(&self, m: OMove) -> bool {
        self.at(m.to).is_some()
    }

    /// The seats still in.
    pub fn alive(&self) -> [bool; 4] {
        self.alive
    }
}

impl super::oracle::Oracle for Four {
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
