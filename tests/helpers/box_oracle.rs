//! A second, independent move generator for Raumschach, Toroidal Chess and Möbius Chess.
//!
//! It knows nothing of links, directions, frames, path programs or compiled tables: a cell is
//! `[level, file, rank]` (indices from 0; the flat games have one level), and every rule is written
//! from the rules pages (`docs/rules/raumschach.md`, `toroidal_chess.md`, `moebius_chess.md`) with
//! coordinate arithmetic:
//! - Raumschach: a 5x5x5 box, nothing wraps.
//! - Toroidal Chess: 8x8, the files and the ranks wrap.
//! - Möbius Chess: 8x8, the files wrap with a twist: past file h comes file a with rank `r`
//!   turned into rank `9 - r`, and a piece that crossed moves upside down from then on (its rank
//!   steps negated), which matters for the pawns only.
//!
//! The engine is used only to read a position: the piece on each cell (by name), which way each
//! pawn walks (its frame's name: `identity` up the ranks, `black` down), the side to move and the
//! en passant square.

use chessgraph::Position;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Color {
    /// Moves first; upper-case letters.
    White,
    /// Lower-case letters.
    Black,
}

impl Color {
    /// Which way this side's pawns walk along the ranks at the start.
    fn forward(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Pawn,
    Knight,
    Bishop,
    Unicorn,
    Rook,
    Queen,
    King,
}

impl Role {
    fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Unicorn => 'U',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    fn from_name(name: &str) -> Role {
        match name {
            "pawn" => Role::Pawn,
            "knight" => Role::Knight,
            "bishop" => Role::Bishop,
            "unicorn" => Role::Unicorn,
            "rook" => Role::Rook,
            "queen" => Role::Queen,
            "king" => Role::King,
            other => panic!("the oracle does not know the piece `{other}`"),
        }
    }

    /// How many axes a slider's or the king's step changes, or `None` for every number.
    fn axes(self) -> Option<usize> {
        match self {
            Role::Rook => Some(1),
            Role::Bishop => Some(2),
            Role::Unicorn => Some(3),
            _ => None,
        }
    }
}

/// Which game's pawns, promotions and seams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Raumschach,
    Torus,
    Moebius,
}

/// The rules of one of the games, in coordinates.
#[derive(Clone, Debug)]
pub struct Game {
    kind: Kind,
    /// Levels, files, ranks.
    size: [i32; 3],
}

/// A piece: side, type, and for a pawn the way it walks along the ranks (+1 or -1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    color: Color,
    role: Role,
    forward: i32,
}

/// A move: from, to, promotion, and the cell of a pawn taken en passant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OMove {
    from: usize,
    to: usize,
    promotion: Option<Role>,
    en_passant: Option<usize>,
    /// The mover crossed the twisted seam an odd number of times.
    flips: bool,
}

/// A position: a man per cell, the side to move, the en passant square and its victim.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OBoard {
    cells: Vec<Option<Man>>,
    to_move: Color,
    ep: Option<(usize, usize)>,
}

/// Every step `[level, file, rank]` of one cell in any direction.
fn unit_steps() -> Vec<[i32; 3]> {
    let mut v = Vec::new();
    for l in -1..=1 {
        for f in -1..=1 {
            for r in -1..=1 {
                if [l, f, r] != [0, 0, 0] {
                    v.push([l, f, r]);
                }
            }
        }
    }
    v
}

/// The knight's leaps: two along one axis, one along another.
fn knight_leaps() -> Vec<[i32; 3]> {
    let mut v = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            if a == b {
                continue;
            }
            for (sa, sb) in [(2, 1), (2, -1), (-2, 1), (-2, -1)] {
                let mut o = [0; 3];
                o[a] = sa;
                o[b] = sb;
                v.push(o);
            }
        }
    }
    v
}

impl Game {
    /// Raumschach: 5x5x5, levels A..E.
    pub fn raumschach() -> Game {
        Game {
            kind: Kind::Raumschach,
            size: [5, 5, 5],
        }
    }

    /// Toroidal Chess: 8x8, both edges wrap.
    pub fn torus() -> Game {
        Game {
            kind: Kind::Torus,
            size: [1, 8, 8],
        }
    }

    /// Möbius Chess: 8x8, the files wrap with a twist.
    pub fn moebius() -> Game {
        Game {
            kind: Kind::Moebius,
            size: [1, 8, 8],
        }
    }

    fn cells(&self) -> usize {
        self.size.iter().product::<i32>() as usize
    }

    fn index(&self, [l, f, r]: [i32; 3]) -> usize {
        ((l * self.size[2] + r) * self.size[1] + f) as usize
    }

    fn at(&self, i: usize) -> [i32; 3] {
        let i = i as i32;
        let (f, rest) = (i % self.size[1], i / self.size[1]);
        [rest / self.size[2], f, rest % self.size[2]]
    }

    /// A cell's name: `Aa1` in the cube, `a1` on the flat boards.
    pub fn name(&self, i: usize) -> String {
        let [l, f, r] = self.at(i);
        let file = (b'a' + f as u8) as char;
        if self.kind == Kind::Raumschach {
            format!("{}{file}{}", (b'A' + l as u8) as char, r + 1)
        } else {
            format!("{file}{}", r + 1)
        }
    }

    fn parse(&self, name: &str) -> usize {
        (0..self.cells())
            .find(|&i| self.name(i) == name)
            .unwrap_or_else(|| panic!("no cell `{name}`"))
    }

    /// Where `d` leads from `at`: the cell, and whether the way crossed the twisted seam.
    fn go(&self, [l, f, r]: [i32; 3], [dl, df, dr]: [i32; 3]) -> Option<([i32; 3], bool)> {
        let [nl, nf, nr] = self.size;
        let (l, mut f, mut r) = (l + dl, f + df, r + dr);
        let mut flipped = false;
        if self.kind == Kind::Torus {
            r = r.rem_euclid(nr);
        }
        if self.kind != Kind::Raumschach && !(0..nf).contains(&f) {
            f = f.rem_euclid(nf);
            if self.kind == Kind::Moebius {
                r = nr - 1 - r;
                flipped = true;
            }
        }
        ((0..nl).contains(&l) && (0..nf).contains(&f) && (0..nr).contains(&r))
            .then_some(([l, f, r], flipped))
    }

    fn promotions(&self) -> Vec<Role> {
        let mut v = vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
        if self.kind == Kind::Raumschach {
            v.push(Role::Unicorn);
        }
        v
    }

    /// Whether a pawn of `c` arriving on `at` promotes.
    fn promotes(&self, c: Color, [l, _, r]: [i32; 3]) -> bool {
        let top = self.size[2] - 1;
        match (self.kind, c) {
            (Kind::Raumschach, Color::White) => l == self.size[0] - 1 && r == top,
            (Kind::Raumschach, Color::Black) => l == 0 && r == 0,
            (Kind::Torus, Color::White) => r == top,
            (Kind::Torus, Color::Black) => r == 0,
            (Kind::Moebius, _) => r == 0 || r == top,
        }
    }

    /// How far a pawn may step straight on from `at`: the longest first move.
    fn pawn_reach(&self, c: Color, [_, _, r]: [i32; 3]) -> i32 {
        match (self.kind, c) {
            (Kind::Raumschach, _) => 1,
            (Kind::Torus, Color::White) if r == 0 => 3,
            (Kind::Torus, Color::Black) if r == 7 => 3,
            (Kind::Moebius, Color::White) if r == 1 => 2,
            (Kind::Moebius, Color::Black) if r == 6 => 2,
            _ => 1,
        }
    }
}

impl OBoard {
    /// Reads an engine position.
    pub fn read(game: &Game, pos: &Position) -> OBoard {
        let rules = pos.rules();
        let board = rules.board();
        assert_eq!(
            board.node_count(),
            game.cells(),
            "wrong game for this board"
        );
        let color = |name: &str| match name {
            "white" => Color::White,
            "black" => Color::Black,
            other => panic!("the oracle does not know the player `{other}`"),
        };
        let mut cells = vec![None; game.cells()];
        for n in board.node_ids() {
            if let Some(pc) = pos.piece_at(n) {
                let c = color(&rules.player(pc.owner).name);
                let role = Role::from_name(&rules.kind(pc.kind).name);
                // Which way a pawn walks is its frame: `identity` up the ranks, `black` down.
                let forward = match (role, rules.frame_name(pc.frame)) {
                    (Role::Pawn, "black") => -1,
                    (Role::Pawn, _) => 1,
                    _ => c.forward(),
                };
                cells[game.parse(board.node_name(n))] = Some(Man {
                    color: c,
                    role,
                    forward,
                });
            }
        }
        let ep = chessgraph::testing::en_passant(pos).first().map(|e| {
            let square = game.parse(board.node_name(e.square));
            let victim = game.parse(board.node_name(e.pawn));
            (square, victim)
        });
        OBoard {
            cells,
            to_move: color(&rules.player(pos.to_move()).name),
            ep,
        }
    }

    /// How many pawns walk the other way than their side's (turned over by the twisted seam).
    pub fn turned_pawns(&self) -> usize {
        let turned =
            |m: &Man| m.role == Role::Pawn && (m.forward == 1) != (m.color == Color::White);
        self.cells.iter().flatten().filter(|m| turned(m)).count()
    }

    /// Whether a pawn may be taken en passant.
    pub fn has_en_passant(&self) -> bool {
        self.ep.is_some()
    }

    /// The cells a man on `from` attacks or moves to (`captures`: its captures, which for a pawn
    /// are its diagonal steps, occupied or not), with whether each way crossed the seam.
    fn targets(&self, game: &Game, from: usize, captures: bool) -> Vec<(usize, bool)> {
        let man = self.cells[from].expect("a man");
        let at = game.at(from);
        let mut out = Vec::new();
        match man.role {
            Role::Pawn => {
                let fw = man.forward;
                let lv = if man.color == Color::White { 1 } else { -1 };
                let ways: Vec<[i32; 3]> = if captures {
                    vec![
                        [0, 1, fw],
                        [0, -1, fw],
                        [lv, 1, 0],
                        [lv, -1, 0],
                        [lv, 0, fw],
                    ]
                } else {
                    vec![[0, 0, fw], [lv, 0, 0]]
                };
                for w in ways {
                    if let Some((to, flip)) = game.go(at, w) {
                        out.push((game.index(to), flip));
                    }
                }
            }
            Role::Knight => {
                for w in knight_leaps() {
                    if let Some((to, flip)) = game.go(at, w) {
                        out.push((game.index(to), flip));
                    }
                }
            }
            Role::King => {
                for w in unit_steps() {
                    if let Some((to, flip)) = game.go(at, w) {
                        out.push((game.index(to), flip));
                    }
                }
            }
            role => {
                let steps = unit_steps().into_iter().filter(|w| {
                    role.axes()
                        .is_none_or(|n| w.iter().filter(|&&c| c != 0).count() == n)
                });
                for w in steps {
                    self.ride(game, from, w, &mut out);
                }
            }
        }
        out
    }

    /// A slide from `from` along `w` until the edge, a man, or the way back to `from`; across
    /// the twisted seam the rank step turns round.
    fn ride(&self, game: &Game, from: usize, mut w: [i32; 3], out: &mut Vec<(usize, bool)>) {
        let mut at = game.at(from);
        let mut flipped = false;
        while let Some((to, flip)) = game.go(at, w) {
            if flip {
                w[2] = -w[2];
                flipped = !flipped;
            }
            let i = game.index(to);
            if i == from {
                break;
            }
            out.push((i, flipped));
            if self.cells[i].is_some() {
                break;
            }
            at = to;
        }
    }

    /// Whether a man of `by` attacks `sq`: the first man along each line from `sq`, and the men a
    /// knight's leap away, are asked whether they reach `sq`.
    fn attacked(&self, game: &Game, sq: usize, by: Color) -> bool {
        let reaches = |i: usize| {
            self.cells[i].is_some_and(|m| m.color == by)
                && self.targets(game, i, true).iter().any(|&(t, _)| t == sq)
        };
        let mut line = Vec::new();
        for w in unit_steps() {
            line.clear();
            self.ride(game, sq, w, &mut line);
            if let Some(&(last, _)) = line.last()
                && reaches(last)
            {
                return true;
            }
        }
        knight_leaps()
            .into_iter()
            .filter_map(|w| game.go(game.at(sq), w))
            .any(|(t, _)| reaches(game.index(t)))
    }

    fn push(&self, game: &Game, m: OMove, out: &mut Vec<OMove>) {
        let man = self.cells[m.from].expect("a man");
        if man.role == Role::Pawn && game.promotes(man.color, game.at(m.to)) {
            for p in game.promotions() {
                out.push(OMove {
                    promotion: Some(p),
                    ..m
                });
            }
        } else {
            out.push(m);
        }
    }

    fn pseudo_legal(&self, game: &Game) -> Vec<OMove> {
        let mut out = Vec::new();
        for from in 0..self.cells.len() {
            let Some(man) = self.cells[from].filter(|m| m.color == self.to_move) else {
                continue;
            };
            let plain = |to: usize, flips: bool| OMove {
                from,
                to,
                promotion: None,
                en_passant: None,
                flips,
            };
            for (to, flips) in self.targets(game, from, true) {
                match self.cells[to] {
                    Some(t) if t.color != man.color => self.push(game, plain(to, flips), &mut out),
                    None if man.role != Role::Pawn => self.push(game, plain(to, flips), &mut out),
                    None if self.ep.is_some_and(|(sq, _)| sq == to) => {
                        let victim = self.ep.expect("checked").1;
                        let m = OMove {
                            en_passant: Some(victim),
                            ..plain(to, flips)
                        };
                        out.push(m);
                    }
                    _ => {}
                }
            }
            if man.role == Role::Pawn {
                for (to, flips) in self.targets(game, from, false) {
                    if self.cells[to].is_none() {
                        self.push(game, plain(to, flips), &mut out);
                    }
                }
                let reach = game.pawn_reach(man.color, game.at(from));
                let mut at = game.at(from);
                for _ in 1..reach {
                    let Some((next, _)) = game.go(at, [0, 0, man.forward]) else {
                        break;
                    };
                    if self.cells[game.index(next)].is_some() {
                        break;
                    }
                    at = next;
                    if let Some((far, _)) = game.go(at, [0, 0, man.forward])
                        && self.cells[game.index(far)].is_none()
                    {
                        self.push(game, plain(game.index(far), false), &mut out);
                    }
                }
            }
        }
        out.sort_by_key(|m| (m.from, m.to, m.promotion.map(|p| p.letter())));
        out.dedup_by_key(|m| (m.from, m.to, m.promotion));
        out
    }

    /// Plays a move.
    pub fn make(&mut self, game: &Game, m: OMove) {
        let mut man = self.cells[m.from].take().expect("a man");
        if let Some(v) = m.en_passant {
            self.cells[v] = None;
        }
        if m.flips && man.role == Role::Pawn {
            man.forward = -man.forward;
        }
        if let Some(p) = m.promotion {
            man.role = p;
            man.forward = man.color.forward();
        }
        let [_, _, r0] = game.at(m.from);
        let [_, _, r1] = game.at(m.to);
        self.ep = None;
        if man.role == Role::Pawn && game.kind == Kind::Moebius && (r1 - r0).abs() == 2 {
            let mid = game.index([0, game.at(m.from)[1], (r0 + r1) / 2]);
            self.ep = Some((mid, m.to));
        }
        self.cells[m.to] = Some(man);
        self.to_move = match self.to_move {
            Color::White => Color::Black,
            Color::Black => Color::White,
        };
        // Like the engine, keep the en passant square only when a pawn can take there.
        if self.ep.is_some()
            && !self
                .pseudo_legal(game)
                .iter()
                .any(|m| m.en_passant.is_some())
        {
            self.ep = None;
        }
    }

    /// The legal moves: those after which the mover's king is not attacked.
    pub fn legal_moves(&self, game: &Game) -> Vec<OMove> {
        let me = self.to_move;
        self.pseudo_legal(game)
            .into_iter()
            .filter(|&m| {
                let mut next = self.clone();
                next.make(game, m);
                let king = (0..next.cells.len()).find(|&i| {
                    next.cells[i].is_some_and(|c| c.color == me && c.role == Role::King)
                });
                king.is_none_or(|k| !next.attacked(game, k, next.to_move))
            })
            .collect()
    }

    /// Whether some legal move leads from here to `next` (the oracle's own make against the
    /// engine's).
    pub fn reaches(&self, game: &Game, next: &OBoard) -> bool {
        self.legal_moves(game).into_iter().any(|m| {
            let mut after = self.clone();
            after.make(game, m);
            after == *next
        })
    }

    /// A move's text as the engine writes it: `from-to`, `=X`.
    pub fn text(&self, game: &Game, m: OMove) -> String {
        let mut s = format!("{}-{}", game.name(m.from), game.name(m.to));
        if let Some(p) = m.promotion {
            s.push('=');
            s.push(p.letter());
        }
        s
    }

    /// The sorted texts of the legal moves.
    pub fn legal_texts(&self, game: &Game) -> Vec<String> {
        super::oracle::legal_texts(self, game)
    }

    /// Perft: leaves of the legal move tree `depth` plies deep.
    pub fn perft(&self, game: &Game, depth: u32) -> u64 {
        super::oracle::perft(self, game, depth)
    }
}

impl super::oracle::Oracle for OBoard {
    type Move = OMove;
    type Game = Game;

    fn legal(&self, game: &Game) -> Vec<OMove> {
        self.legal_moves(game)
    }

    fn play(&mut self, game: &Game, m: OMove) {
        self.make(game, m);
    }

    fn write(&self, game: &Game, m: OMove) -> String {
        self.text(game, m)
    }
}
