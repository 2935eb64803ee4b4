//! A second, independent move generator for Circular Chess and Cylindrical Chess.
//!
//! It knows nothing of links, directions, frames, path programs or compiled tables: a square is a
//! pair `(x, y)`, `x` wrapping round (`0..width`), `y` not (`0..height`), and every rule is written
//! from the rules page (`shared/rules/circular-and-cylindrical.md`) with coordinate arithmetic.
//!
//! Both boards are cylinders of 64 squares:
//! - Cylindrical Chess: `x` = file (a..h, 8, wrapping), `y` = rank - 1 (8, not wrapping).
//! - Circular Chess: `x` = sector (a..p, 16, wrapping round the ring, clockwise), `y` = ring - 1
//!   (ring 1 outermost = 0, ring 4 innermost = 3; the center cannot be crossed).
//!
//! In both, a square's name is the letter of `x` followed by `y + 1`, and the pieces move alike in
//! these coordinates (rook: along `x` round the cylinder or along `y`; bishop: `(+-1, +-1)` steps;
//! knight: `(+-1, +-2)` and `(+-2, +-1)`; king: one step), so only pawns and castling differ.
//!
//! The engine is used only to read a position: the piece on each square (by name), the side to
//! move, the castling right tokens held and the en passant squares.

use chessgraph::Position;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Moves first; upper-case letters.
    White,
    /// Lower-case letters.
    Black,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Role {
    /// The piece's letter (upper case).
    pub fn letter(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of a piece kind named as in the shipped variant files (`knight`).
    pub fn from_name(name: &str) -> Role {
        match name {
            "pawn" => Role::Pawn,
            "knight" => Role::Knight,
            "bishop" => Role::Bishop,
            "rook" => Role::Rook,
            "queen" => Role::Queen,
            "king" => Role::King,
            other => panic!("the oracle does not know the piece `{other}`"),
        }
    }
}

const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
/// The knight's eight leaps `(dx, dy)`.
pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];
/// The rook's four steps.
pub const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// The bishop's four steps.
pub const DIAGONAL: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// How pawns move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pawns {
    /// Cylindrical Chess: along `y` (White up, Black down), double step from the second row,
    /// en passant, promotion on the last row.
    Orthodox,
    /// Circular Chess: round the ring away from their own army (see [`Game::ring_pawn_dir`]), double
    /// step from the start sector, no en passant, promotion on the opponent's army line.
    Ring,
}

/// One castling of Cylindrical Chess: the king goes from the e-file to `king_to` on its home row
/// and the rook from `rook_from` to `rook_to`, travelling `rook_step` files at a time (over the
/// seam for a wrong-rook castling).
#[derive(Clone, Copy, Debug)]
struct CastleRule {
    token: char,
    color: Color,
    king_to: i32,
    rook_from: i32,
    rook_to: i32,
    rook_step: i32,
}

const KING_FILE: i32 = 4;

/// Which castlings a Cylindrical Chess file has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Castling {
    /// Orthodox castling only (`cylindrical_chess.toml`).
    Orthodox,
    /// None (`cylindrical_chess_no_castling.toml`).
    None,
    /// Orthodox plus wrong-rook castling over the seam (`cylindrical_chess_wrong_rook.toml`).
    WrongRook,
}

/// The rules of one of the games, in coordinates.
#[derive(Clone, Debug)]
pub struct Game {
    width: i32,
    height: i32,
    pawns: Pawns,
    castling: Vec<CastleRule>,
}

impl Game {
    /// Circular Chess.
    pub fn circular() -> Game {
        Game {
            width: 16,
            height: 4,
            pawns: Pawns::Ring,
            castling: Vec::new(),
        }
    }

    /// Cylindrical Chess with the given castling convention.
    pub fn cylindrical(castling: Castling) -> Game {
        let mut rules = Vec::new();
        for (color, case) in [(Color::White, 0u8), (Color::Black, 32u8)] {
            let token = |c: char| (c as u8 + case) as char;
            if castling != Castling::None {
                // Orthodox: the rook stays on its side of the king.
                rules.push(CastleRule {
                    token: token('K'),
                    color,
                    king_to: 6,
                    rook_from: 7,
                    rook_to: 5,
                    rook_step: -1,
                });
                rules.push(CastleRule {
                    token: token('Q'),
                    color,
                    king_to: 2,
                    rook_from: 0,
                    rook_to: 3,
                    rook_step: 1,
                });
            }
            if castling == Castling::WrongRook {
                // The far rook comes round over the seam: a1 -> h1 -> g1 -> f1, h1 -> a1 -> ... -> d1.
                rules.push(CastleRule {
                    token: token('G'),
                    color,
                    king_to: 6,
                    rook_from: 0,
                    rook_to: 5,
                    rook_step: -1,
                });
                rules.push(CastleRule {
                    token: token('C'),
                    color,
                    king_to: 2,
                    rook_from: 7,
                    rook_to: 3,
                    rook_step: 1,
                });
            }
        }
        Game {
            width: 8,
            height: 8,
            pawns: Pawns::Orthodox,
            castling: rules,
        }
    }

    fn cells(&self) -> usize {
        (self.width * self.height) as usize
    }

    /// The square at `(x, y)`, `x` taken round the cylinder; `None` off the board (`y`).
    fn at(&self, x: i32, y: i32) -> Option<usize> {
        (0..self.height)
            .contains(&y)
            .then(|| (y * self.width + x.rem_euclid(self.width)) as usize)
    }

    fn xy(&self, sq: usize) -> (i32, i32) {
        (sq as i32 % self.width, sq as i32 / self.width)
    }

    /// The square's name: letter of `x`, then `y + 1`.
    pub fn name(&self, sq: usize) -> String {
        let (x, y) = self.xy(sq);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    fn parse_name(&self, name: &str) -> usize {
        let mut cs = name.chars();
        let x = cs.next().expect("a square name") as i32 - 'a' as i32;
        let y: i32 = cs.as_str().parse().expect("a row number");
        self.at(x, y - 1).expect("a square of the board")
    }

    fn home_row(&self, c: Color) -> i32 {
        match c {
            Color::White => 0,
            Color::Black => self.height - 1,
        }
    }

    /// Circular Chess: which way round a pawn runs (+1 clockwise, -1 counter-clockwise). Pawns run
    /// away from their own army: White's army is on sectors h, i (7, 8), so its pawns on the a..h
    /// side run counter-clockwise and those on the i..p side clockwise; Black's army is on a, p
    /// (0, 15), so its pawns on b..h run clockwise and those on i..p counter-clockwise. A pawn never
    /// changes side (it promotes first), so the side it stands on is the side it started on.
    fn ring_pawn_dir(c: Color, x: i32) -> i32 {
        let low_half = x < 8;
        match (c, low_half) {
            (Color::White, true) | (Color::Black, false) => -1,
            (Color::White, false) | (Color::Black, true) => 1,
        }
    }

    fn ring_pawn_start(c: Color, x: i32) -> bool {
        match c {
            Color::White => x == 6 || x == 9,  // sectors g, j
            Color::Black => x == 1 || x == 14, // sectors b, o
        }
    }

    fn ring_promotes(c: Color, x: i32) -> bool {
        match c {
            Color::White => x == 0 || x == 15, // Black's army line: a, p
            Color::Black => x == 7 || x == 8,  // White's army line: h, i
        }
    }

    /// Two castlings of one side move the king alike: the move text names the rook.
    fn castle_ambiguous(&self, i: usize) -> bool {
        let c = self.castling[i];
        self.castling
            .iter()
            .enumerate()
            .any(|(j, o)| j != i && o.color == c.color && o.king_to == c.king_to)
    }
}

/// A move found by the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OMove {
    from: usize,
    to: usize,
    promotion: Option<Role>,
    /// Index of the castling rule.
    castle: Option<usize>,
    /// En passant: the square of the pawn taken.
    ep_capture: Option<usize>,
    /// Double step: the square passed.
    passed: Option<usize>,
}

impl OMove {
    fn plain(from: usize, to: usize) -> OMove {
        OMove {
            from,
            to,
            promotion: None,
            castle: None,
            ep_capture: None,
            passed: None,
        }
    }

    /// Whether the move promotes.
    pub fn is_promotion(&self) -> bool {
        self.promotion.is_some()
    }

    /// Whether the move castles.
    pub fn is_castling(&self) -> bool {
        self.castle.is_some()
    }

    /// Whether the move takes en passant.
    pub fn is_en_passant(&self) -> bool {
        self.ep_capture.is_some()
    }
}

/// A position as the oracle sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OBoard {
    cells: Vec<Option<(Color, Role)>>,
    to_move: Color,
    /// One bit per castling rule of the game.
    rights: u32,
    /// The square a pawn passed on the last move (Cylindrical Chess only).
    ep: Option<usize>,
}

impl OBoard {
    /// Reads an engine position: pieces by square name, side to move, castling tokens, e.p. squares.
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
                cells[game.parse_name(board.node_name(n))] = Some((
                    color(&rules.player(pc.owner).name),
                    Role::from_name(&rules.kind(pc.kind).name),
                ));
            }
        }
        let mut rights = 0;
        for (i, c) in rules.castling().iter().enumerate() {
            if pos.castling_rights().contains(i) {
                let token = c.right.chars().next().expect("a token");
                let j = game
                    .castling
                    .iter()
                    .position(|r| r.token == token && c.right.len() == 1)
                    .unwrap_or_else(|| panic!("the oracle does not know castling `{}`", c.right));
                rights |= 1 << j;
            }
        }
        let eps: Vec<usize> = chessgraph::testing::en_passant(pos)
            .iter()
            .map(|e| game.parse_name(board.node_name(e.square)))
            .collect();
        assert!(
            eps.len() <= 1,
            "two en passant squares in a two-player game"
        );
        OBoard {
            cells,
            to_move: color(&rules.player(pos.to_move()).name),
            rights,
            ep: eps.first().copied(),
        }
    }

    /// Standard position text (FEN): rows from the greatest `y` down, each from `x = 0`.
    pub fn to_fen(&self, game: &Game) -> String {
        let mut rows = Vec::new();
        for y in (0..game.height).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..game.width {
                match self.cells[game.at(x, y).expect("on the board")] {
                    None => empty += 1,
                    Some((c, r)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(match c {
                            Color::White => r.letter(),
                            Color::Black => r.letter().to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let mut rights: String = game
            .castling
            .iter()
            .enumerate()
            .filter(|(i, _)| self.rights & (1 << i) != 0)
            .map(|(_, r)| r.token)
            .collect();
        if rights.is_empty() {
            rights.push('-');
        }
        format!(
            "{} {} {rights} {} 0 1",
            rows.join("/"),
            if self.to_move == Color::White {
                "w"
            } else {
                "b"
            },
            self.ep.map_or("-".to_string(), |s| game.name(s))
        )
    }

    /// The position mapped square by square through `f` (a symmetry of the board), with the
    /// colours swapped when `swap` is set. Castling rights go through `rights`, which gets the
    /// rules' index and returns the index of the image right.
    pub fn transformed(
        &self,
        game: &Game,
        f: impl Fn(i32, i32) -> (i32, i32),
        swap: bool,
        rights: impl Fn(usize) -> usize,
    ) -> OBoard {
        let map = |sq: usize| {
            let (x, y) = game.xy(sq);
            let (x2, y2) = f(x, y);
            game.at(x2, y2)
                .expect("a symmetry maps the board onto itself")
        };
        let recolor = |c: Color| if swap { c.other() } else { c };
        let mut cells = vec![None; game.cells()];
        for (sq, cell) in self.cells.iter().enumerate() {
            cells[map(sq)] = cell.map(|(c, r)| (recolor(c), r));
        }
        let mut r = 0;
        for i in 0..game.castling.len() {
            if self.rights & (1 << i) != 0 {
                r |= 1 << rights(i);
            }
        }
        OBoard {
            cells,
            to_move: recolor(self.to_move),
            rights: r,
            ep: self.ep.map(map),
        }
    }

    /// The rules' index of the castling right with this token (for symmetry maps).
    pub fn castle_index(game: &Game, token: char) -> usize {
        game.castling
            .iter()
            .position(|r| r.token == token)
            .expect("a castling token of the game")
    }

    /// The token of castling right `i`.
    pub fn castle_token(game: &Game, i: usize) -> char {
        game.castling[i].token
    }

    /// Whether the move takes a piece.
    pub fn is_capture(&self, m: OMove) -> bool {
        self.cells[m.to].is_some() || m.ep_capture.is_some()
    }

    fn king(&self, c: Color) -> Option<usize> {
        self.cells.iter().position(|p| *p == Some((c, Role::King)))
    }

    /// Whether `by` attacks `sq`: looked for from `sq` outward, piece by piece.
    fn attacked(&self, game: &Game, sq: usize, by: Color) -> bool {
        let (x, y) = game.xy(sq);
        let holds = |s: Option<usize>, roles: &[Role]| {
            s.and_then(|s| self.cells[s])
                .is_some_and(|(c, r)| c == by && roles.contains(&r))
        };
        for (dx, dy) in KNIGHT {
            if holds(game.at(x + dx, y + dy), &[Role::Knight]) {
                return true;
            }
        }
        for (dx, dy) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
            if holds(game.at(x + dx, y + dy), &[Role::King]) {
                return true;
            }
        }
        for (dirs, roles) in [
            (&ORTHOGONAL, [Role::Rook, Role::Queen]),
            (&DIAGONAL, [Role::Bishop, Role::Queen]),
        ] {
            for &(dx, dy) in dirs {
                if let Some(s) = self.slide_end(game, sq, dx, dy)
                    && holds(Some(s), &roles)
                {
                    return true;
                }
            }
        }
        // Pawns: any enemy pawn next to `sq` whose capture squares include it.
        for (dx, dy) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
            if let Some(s) = game.at(x + dx, y + dy)
                && self.cells[s] == Some((by, Role::Pawn))
                && self.pawn_captures(game, s, by).contains(&sq)
            {
                return true;
            }
        }
        false
    }

    /// The first occupied square from `sq` in direction `(dx, dy)`, if any, before the ray leaves
    /// the board or comes back to `sq`.
    fn slide_end(&self, game: &Game, sq: usize, dx: i32, dy: i32) -> Option<usize> {
        let (x, y) = game.xy(sq);
        for k in 1.. {
            let s = game.at(x + k * dx, y + k * dy)?;
            if s == sq {
                return None;
            }
            if self.cells[s].is_some() {
                return Some(s);
            }
        }
        None
    }

    /// The squares a pawn of `c` on `sq` captures on (occupied or not).
    fn pawn_captures(&self, game: &Game, sq: usize, c: Color) -> Vec<usize> {
        let (x, y) = game.xy(sq);
        let targets = match game.pawns {
            Pawns::Orthodox => {
                let dy = if c == Color::White { 1 } else { -1 };
                [game.at(x + 1, y + dy), game.at(x - 1, y + dy)]
            }
            Pawns::Ring => {
                let d = Game::ring_pawn_dir(c, x);
                [game.at(x + d, y + 1), game.at(x + d, y - 1)]
            }
        };
        targets.into_iter().flatten().collect()
    }

    fn pawn_promotes(&self, game: &Game, to: usize, c: Color) -> bool {
        let (x, y) = game.xy(to);
        match game.pawns {
            Pawns::Orthodox => y == game.home_row(c.other()),
            Pawns::Ring => Game::ring_promotes(c, x),
        }
    }

    fn push_pawn(&self, game: &Game, m: OMove, c: Color, out: &mut Vec<OMove>) {
        if self.pawn_promotes(game, m.to, c) {
            for r in PROMOTIONS {
                out.push(OMove {
                    promotion: Some(r),
                    ..m
                });
            }
        } else {
            out.push(m);
        }
    }

    fn pawn_moves(&self, game: &Game, from: usize, c: Color, out: &mut Vec<OMove>) {
        let (x, y) = game.xy(from);
        let (step, double_ok) = match game.pawns {
            Pawns::Orthodox => {
                let dy = if c == Color::White { 1 } else { -1 };
                ((0, dy), y == game.home_row(c) + dy)
            }
            Pawns::Ring => ((Game::ring_pawn_dir(c, x), 0), Game::ring_pawn_start(c, x)),
        };
        if let Some(one) = game.at(x + step.0, y + step.1)
            && self.cells[one].is_none()
        {
            self.push_pawn(game, OMove::plain(from, one), c, out);
            if double_ok
                && let Some(two) = game.at(x + 2 * step.0, y + 2 * step.1)
                && self.cells[two].is_none()
            {
                out.push(OMove {
                    // Only orthodox pawns leave an en passant square behind.
                    passed: (game.pawns == Pawns::Orthodox).then_some(one),
                    ..OMove::plain(from, two)
                });
            }
        }
        for to in self.pawn_captures(game, from, c) {
            match self.cells[to] {
                Some((o, _)) if o != c => self.push_pawn(game, OMove::plain(from, to), c, out),
                None if self.ep == Some(to) => {
                    let (tx, ty) = game.xy(to);
                    out.push(OMove {
                        ep_capture: game.at(tx, ty - step.1),
                        ..OMove::plain(from, to)
                    });
                }
                _ => {}
            }
        }
    }

    fn castlings(&self, game: &Game, out: &mut Vec<OMove>) {
        let me = self.to_move;
        let row = game.home_row(me);
        for (i, r) in game.castling.iter().enumerate() {
            if r.color != me || self.rights & (1 << i) == 0 {
                continue;
            }
            let king = game.at(KING_FILE, row).expect("on the board");
            let rook = game.at(r.rook_from, row).expect("on the board");
            if self.cells[king] != Some((me, Role::King))
                || self.cells[rook] != Some((me, Role::Rook))
            {
                continue;
            }
            // The king walks along its row without wrapping; the rook goes its own way round.
            let kdir = (r.king_to - KING_FILE).signum();
            let king_path: Vec<i32> = (1..=(r.king_to - KING_FILE).abs())
                .map(|k| KING_FILE + k * kdir)
                .collect();
            let mut rook_path = Vec::new();
            let mut f = r.rook_from;
            while f != r.rook_to {
                f = (f + r.rook_step).rem_euclid(game.width);
                rook_path.push(f);
            }
            let blocked = king_path.iter().chain(rook_path.iter()).any(|&f| {
                let s = game.at(f, row).expect("on the board");
                s != king && s != rook && self.cells[s].is_some()
            });
            if blocked {
                continue;
            }
            let attacked = std::iter::once(KING_FILE)
                .chain(king_path.iter().copied())
                .any(|f| self.attacked(game, game.at(f, row).expect("on the board"), me.other()));
            if attacked {
                continue;
            }
            out.push(OMove {
                castle: Some(i),
                ..OMove::plain(king, game.at(r.king_to, row).expect("on the board"))
            });
        }
    }

    /// Every move of the side to move that ignores check.
    fn pseudo_legal(&self, game: &Game) -> Vec<OMove> {
        let me = self.to_move;
        let mut out = Vec::new();
        for from in 0..game.cells() {
            let Some((c, role)) = self.cells[from] else {
                continue;
            };
            if c != me {
                continue;
            }
            let (x, y) = game.xy(from);
            let mut dests: Vec<usize> = Vec::new();
            let add = |to: usize, dests: &mut Vec<usize>| {
                // Two ways to one square (round the ring either way) are one move.
                if self.cells[to].is_none_or(|(o, _)| o != me) && !dests.contains(&to) {
                    dests.push(to);
                }
            };
            match role {
                Role::Pawn => self.pawn_moves(game, from, me, &mut out),
                Role::Knight => {
                    for (dx, dy) in KNIGHT {
                        if let Some(to) = game.at(x + dx, y + dy) {
                            add(to, &mut dests);
                        }
                    }
                }
                Role::King => {
                    for (dx, dy) in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                        if let Some(to) = game.at(x + dx, y + dy) {
                            add(to, &mut dests);
                        }
                    }
                }
                Role::Rook | Role::Bishop | Role::Queen => {
                    let dirs: Vec<(i32, i32)> = match role {
                        Role::Rook => ORTHOGONAL.to_vec(),
                        Role::Bishop => DIAGONAL.to_vec(),
                        _ => ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect(),
                    };
                    for (dx, dy) in dirs {
                        for k in 1.. {
                            // The ride ends at the edge of `y`, or before it comes back round.
                            let Some(to) = game.at(x + k * dx, y + k * dy) else {
                                break;
                            };
                            if to == from {
                                break;
                            }
                            add(to, &mut dests);
                            if self.cells[to].is_some() {
                                break;
                            }
                        }
                    }
                }
            }
            out.extend(dests.into_iter().map(|to| OMove::plain(from, to)));
        }
        self.castlings(game, &mut out);
        out
    }

    /// Plays a move (no legality check).
    pub fn make(&mut self, game: &Game, m: OMove) {
        let piece = self.cells[m.from].take().expect("a piece to move");
        if let Some(i) = m.castle {
            let r = game.castling[i];
            let row = game.home_row(r.color);
            let rook_from = game.at(r.rook_from, row).expect("on the board");
            let rook = self.cells[rook_from].take();
            self.cells[game.at(r.rook_to, row).expect("on the board")] = rook;
        }
        if let Some(s) = m.ep_capture {
            self.cells[s] = None;
        }
        self.cells[m.to] = Some((piece.0, m.promotion.unwrap_or(piece.1)));
        // A right is lost when its king or rook leaves its square or something lands there.
        for (i, r) in game.castling.iter().enumerate() {
            let row = game.home_row(r.color);
            let squares = [
                game.at(KING_FILE, row).expect("on the board"),
                game.at(r.rook_from, row).expect("on the board"),
            ];
            if squares.contains(&m.from) || squares.contains(&m.to) {
                self.rights &= !(1 << i);
            }
        }
        self.to_move = self.to_move.other();
        // A square no enemy pawn can take on is not remembered (FIDE's repetition rule).
        let taker = self.to_move;
        self.ep = m.passed.filter(|&sq| {
            (0..self.cells.len()).any(|p| {
                self.cells[p] == Some((taker, Role::Pawn))
                    && self.pawn_captures(game, p, taker).contains(&sq)
            })
        });
    }

    /// The legal moves of the side to move.
    pub fn legal_moves(&self, game: &Game) -> Vec<OMove> {
        let me = self.to_move;
        self.pseudo_legal(game)
            .into_iter()
            .filter(|&m| {
                let mut after = self.clone();
                after.make(game, m);
                after
                    .king(me)
                    .is_none_or(|k| !after.attacked(game, k, me.other()))
            })
            .collect()
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self, game: &Game) -> bool {
        self.king(self.to_move)
            .is_some_and(|k| self.attacked(game, k, self.to_move.other()))
    }

    /// A move's text as the engine writes it: `from-to`, `=X`, `/rook` for a castling that shares
    /// its king move with another.
    pub fn text(&self, game: &Game, m: OMove) -> String {
        let mut s = format!("{}-{}", game.name(m.from), game.name(m.to));
        if let Some(r) = m.promotion {
            s.push('=');
            s.push(r.letter());
        }
        if let Some(i) = m.castle
            && game.castle_ambiguous(i)
        {
            let r = game.castling[i];
            s.push('/');
            s.push_str(
                &game.name(
                    game.at(r.rook_from, game.home_row(r.color))
                        .expect("on the board"),
                ),
            );
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
