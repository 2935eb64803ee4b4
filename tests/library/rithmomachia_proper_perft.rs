//! Perft of variants/rithmomachia_proper.toml checked by an independent route: the moves come
//! from the reference walker (`chessgraph::testing::destinations`), and the victories that end
//! the game are judged by a second implementation written here from our ruling (section 10a),
//! not the engine's; only the judged captures are the engine's (themselves checked against the
//! oracle by the default game's perft).

use chessgraph::notation::parse_move;
use chessgraph::perft::perft;
use chessgraph::{Material, NodeId, PlayerId, Position};

use crate::rithmomachia::position_with;

const PROPER: &str = "variants/rithmomachia_proper.toml";

/// Whether player `p` (0 White, 1 Black) has won by one of the proper file's victories, as the
/// ruling words them: De corpore, De honore liteque, then the three progressions.
fn has_won(pos: &Position, p: PlayerId) -> bool {
    let m = pos.captured(p);
    let (value, digits) = if p.index() == 0 {
        (1315, 40)
    } else {
        (984, 36)
    };
    let corpore = m.men >= 15;
    let liteque = m.value >= value && m.men <= 15 && m.digits <= digits;
    corpore || liteque || progression(pos, p)
}

/// The values a square offers: a man its number, a pyramid each part and its total.
fn values(pos: &Position, at: (i32, i32)) -> Vec<u64> {
    let n = node(pos, at).expect("on the board");
    let mut out: Vec<u64> = (chessgraph::testing::numbers_at(pos, n)
        .expect("numbers")
        .parts()
        .iter())
    .map(|q| u64::from(q.value))
    .collect();
    out.extend(pos.value_at(n).map(u64::from));
    out
}

fn node(pos: &Position, (f, r): (i32, i32)) -> Option<NodeId> {
    if !(0..8).contains(&f) || !(1..=16).contains(&r) {
        return None;
    }
    let name = format!("{}{r}", (b'a' + f as u8) as char);
    pos.rules().board().node(&name)
}

fn occupied(pos: &Position, at: (i32, i32)) -> bool {
    node(pos, at).is_some_and(|n| pos.piece_at(n).is_some())
}

/// The opponent's half: ranks 9-16 for White, 1-8 for Black.
fn in_half(p: PlayerId, (f, r): (i32, i32)) -> bool {
    (0..8).contains(&f)
        && if p.index() == 0 {
            r >= 9
        } else {
            (1..=8).contains(&r)
        }
}

fn mean3(x: u64, y: u64, z: u64) -> [bool; 3] {
    let (x, y, z) = (x as u128, y as u128, z as u128);
    [y + y == x + z, y * y == x * z, y * (x + z) == 2 * x * z]
}

/// Victoria excellentissima, major or magna for `p`.
fn progression(pos: &Position, p: PlayerId) -> bool {
    let dirs = [
        (0, 1),
        (1, 0),
        (0, -1),
        (-1, 0),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    for f in 0..8 {
        for r in 1..=16 {
            let a = (f, r);
            let mine = node(pos, a)
                .and_then(|n| pos.piece_at(n))
                .is_some_and(|x| x.owner == p);
            if !mine || !in_half(p, a) {
                continue;
            }
            for d in dirs {
                let Some(k) = (1..16).find(|k| occupied(pos, (f + d.0 * k, r + d.1 * k))) else {
                    continue;
                };
                let m = (f + d.0 * k, r + d.1 * k);
                if !in_half(p, m) {
                    continue;
                }
                let mut legs = vec![d];
                if d.0 == 0 || d.1 == 0 {
                    legs.extend([(d.1, d.0), (-d.1, -d.0)]);
                }
                for e_dir in legs {
                    let next = |from: (i32, i32)| {
                        let to = (from.0 + e_dir.0 * k, from.1 + e_dir.1 * k);
                        let between_empty = (1..k)
                            .all(|i| !occupied(pos, (from.0 + e_dir.0 * i, from.1 + e_dir.1 * i)));
                        (between_empty && occupied(pos, to) && in_half(p, to)).then_some(to)
                    };
                    let Some(e) = next(m) else { continue };
                    let (va, vm, ve) = (values(pos, a), values(pos, m), values(pos, e));
                    let four = next(e).map(|g| values(pos, g));
                    for &x in &va {
                        for &y in &vm {
                            for &z in &ve {
                                if let Some(vf) = &four {
                                    for &w in vf {
                                        let mut s = [x, y, z, w];
                                        s.sort_unstable();
                                        if s.windows(2).any(|q| q[0] == q[1]) {
                                            continue;
                                        }
                                        let t = [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3]];
                                        let kinds = (0..3)
                                            .filter(|&i| {
                                                t.iter()
                                                    .any(|t| mean3(s[t[0]], s[t[1]], s[t[2]])[i])
                                            })
                                            .count();
                                        if kinds >= 2 {
                                            return true;
                                        }
                                    }
                                }
                                let rising = (x < y && y < z) || (x > y && y > z);
                                if rising && mean3(x, y, z).iter().any(|&b| b) {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// Leaves at `depth`, by the reference walker's moves and the victories above.
fn walk(pos: &Position, depth: u32) -> u64 {
    let rules = pos.rules().clone();
    let mover = pos.to_move();
    let last = rules.player_id(1 - mover.index()).expect("two players");
    if has_won(pos, last) || has_won(pos, mover) {
        return 0;
    }
    let mut texts = Vec::new();
    for n in rules.board().node_ids() {
        if pos.piece_at(n).is_some_and(|x| x.owner == mover) {
            for d in chessgraph::testing::reference::destinations(pos, n) {
                let b = rules.board();
                texts.push(format!("{}-{}", b.node_name(n), b.node_name(d.node)));
            }
        }
    }
    if depth == 1 {
        return texts.len() as u64;
    }
    texts
        .iter()
        .map(|t| {
            let mut next = pos.clone();
            let m = parse_move(&next, t).unwrap_or_else(|e| panic!("{t}: {e}"));
            next.play(&m).unwrap_or_else(|e| panic!("{t}: {e}"));
            walk(&next, depth - 1)
        })
        .sum()
}

fn check(pos: &Position, depth: u32) -> u64 {
    let engine = perft(&mut pos.clone(), depth);
    assert_eq!(walk(pos, depth), engine, "{}", pos.to_fen());
    engine
}

/// How many of the moves from `pos` end the game by a victory (so the walk's checks matter).
fn winning_moves(pos: &Position) -> usize {
    let mover = pos.to_move();
    chessgraph::notation::legal_move_texts(pos)
        .iter()
        .filter(|t| {
            let mut next = pos.clone();
            let m = parse_move(&next, t).expect("legal");
            next.play(&m).expect("legal");
            has_won(&next, mover)
        })
        .count()
}

#[test]
fn proper_perft_from_the_start_by_an_independent_route() {
    let rules = crate::helpers::load(PROPER);
    let start = Position::start(&rules);
    assert_eq!(check(&start, 3), 355809);
}

#[test]
fn proper_perft_from_three_positions_by_an_independent_route() {
    let none = Material::default();
    // 1. Near the four-man victories on both halves (the vectors of the victory tests together).
    let pos = position_with(
        PROPER,
        &[
            ("C3", "c9"),
            ("C4", "c10"),
            ("T9", "c12"),
            ("C6", "d12"),
            ("C2", "a1"),
            ("C8", "h1"),
        ],
        &[
            ("C1", "f5"),
            ("C2", "f6"),
            ("C4", "f8"),
            ("C3", "e8"),
            ("C5", "h16"),
        ],
        false,
        [none; 2],
    );
    assert!(winning_moves(&pos) >= 1, "d12-c11 among them");
    check(&pos, 3);
    // 2. The start with White near De honore liteque: a capture of S225 (3 digits) or T90 wins,
    //    one of C9 (1299 < 1315) does not.
    let rules = crate::helpers::load(PROPER);
    let text = Position::start(&rules)
        .to_fen()
        .replace(" 0 1", " 0 1 captured:w=10/1290/37,b=14/900/30");
    let pos = Position::from_fen(&rules, &text).expect("reads");
    assert!(winning_moves(&pos) >= 2, "a3-b6, c4-b6 (S225), a4-b7 (T90)");
    check(&pos, 3);
    // 3. A turn at the middle man and a pyramid: Victoria excellentissima by c9 c10 d10 e10.
    let pos = position_with(
        PROPER,
        &[
            ("C3", "c9"),
            ("C4", "c10"),
            ("T9", "e10"),
            ("C6", "e11"),
            ("P[S25 T9 C4]", "d4"),
        ],
        &[
            ("C7", "a16"),
            ("T12", "g12"),
            ("P[S36 C1]", "d13"),
            ("C5", "h16"),
        ],
        false,
        [none; 2],
    );
    assert!(winning_moves(&pos) >= 1, "e11-d10");
    check(&pos, 3);
}
