//! Shared helpers for the 3 Man Chess engine tests: loading the two variant files, building
//! positions (as Setups, or as position text for the text tests) from a list of pieces, reading moves and targets back as square names, and
//! (ring, file) arithmetic that does not use the board's link graph.
//!
//! Position text (see `src/position/fen.rs`): rows ring 6 first .. ring 1 last, each row files
//! a..x, a number counts empty squares, pieces `wK`, `gP`, `bP[crossed]`; then side to move, castling
//! (`-` or tokens run together: `wKwQgK`), en passant, halfmove, fullmove and optional `out:`/`open:`.

// Each test file uses a different part of this module.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use chessgraph::NodeId;
use chessgraph::Planned;
use chessgraph::SetupPiece;
use chessgraph::notation::{legal_move_texts, parse_move, play_line};
use chessgraph::{Mark, PlayerId, Rules};
use chessgraph::{Position, TEXT_WAIVERS};

use super::load;
use chessgraph::testing::RulesInternals;

/// The default variant (`knight_moat = strict`).
pub const STRICT: &str = "variants/three_man_chess.toml";
/// The variant with `knight_moat = literal`.
pub const LITERAL: &str = "variants/three_man_chess_literal.toml";

/// File letters, clockwise from White's queen's rook file.
pub const FILES: &[u8; 24] = b"abcdefghijklmnopqrstuvwx";

/// Players in seat order.
pub const WHITE: PlayerId = PlayerId::seat(0);
/// Second seat.
pub const GRAY: PlayerId = PlayerId::seat(1);
/// Third seat.
pub const BLACK: PlayerId = PlayerId::seat(2);

/// Gate names in the variant file, and the `open:` field that bridges all three moats.
pub const ALL_OPEN: &str = "open:black-white,white-gray,gray-black";

/// The three kings on their start squares keep every back rank occupied: all moats closed.
pub const KINGS: [(&str, &str); 3] = [("e1", "wK"), ("m1", "gK"), ("u1", "bK")];

/// The three start kings plus `extra` pieces.
pub fn with_kings<'a>(extra: &[(&'a str, &'a str)]) -> Vec<(&'a str, &'a str)> {
    [&KINGS[..], extra].concat()
}

/// The strict rules.
pub fn strict() -> Arc<Rules> {
    load(STRICT)
}

/// The literal rules.
pub fn literal() -> Arc<Rules> {
    load(LITERAL)
}

/// The name of the square on ring index `r` (0 = ring 1) and file `f` (taken mod 24).
pub fn sq(r: usize, f: i32) -> String {
    let f = f.rem_euclid(24) as usize;
    format!("{}{}", FILES[f] as char, r + 1)
}

/// (ring index, file index) of a square name.
pub fn coords(name: &str) -> (usize, i32) {
    let f = FILES
        .iter()
        .position(|&c| c == name.as_bytes()[0])
        .unwrap_or_else(|| panic!("bad file in {name}"));
    let r: usize = name[1..].parse().expect("ring number");
    assert!((1..=6).contains(&r), "bad ring in {name}");
    (r - 1, f as i32)
}

/// Position text from a list of (square, piece token) and the fields after the rows
/// (`"w - - 0 1"`, `"g wK - 0 1 out:b"`, ...).
pub fn fen(pieces: &[(&str, &str)], rest: &str) -> String {
    let mut at: BTreeMap<(usize, i32), &str> = BTreeMap::new();
    for &(s, p) in pieces {
        assert!(at.insert(coords(s), p).is_none(), "two pieces on {s}");
    }
    let mut rows = Vec::new();
    for r in (0..6).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for f in 0..24 {
            match at.get(&(r, f)) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push_str(p);
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    format!("{} {rest}", rows.join("/"))
}

/// A hand-made position, built as a `Setup`: the pieces placed from (square, token), the
/// remaining fields (`"w - - 0 1"`, `"g wK - 0 1 out:b"`, ...) read on their own. En passant
/// entries name the pawns that made them, so a position with one is read whole as text (the
/// rules page's vectors). Panics with the setup errors.
pub fn setup(rules: &Arc<Rules>, pieces: &[(&str, &str)], rest: &str) -> Position {
    let en_passant = rest.split_whitespace().nth(2).is_some_and(|f| f != "-");
    if en_passant {
        let text = fen(pieces, rest);
        return Position::from_fen(rules, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let empty = ["24"; 6].join("/");
    let mut setup = Position::read_setup(rules, &format!("{empty} {rest}"))
        .unwrap_or_else(|e| panic!("`{rest}`: {e}"));
    for &(square, token) in pieces {
        setup.place(node(rules, square), setup_piece(rules, token));
    }
    Position::from_setup(rules, setup, TEXT_WAIVERS)
        .unwrap_or_else(|e| panic!("{pieces:?} {rest}: {e}"))
}

/// A piece from its token: the owner's prefix mark, the kind's letter, perhaps `[frame]`.
fn setup_piece(rules: &Rules, token: &str) -> SetupPiece {
    let (body, frame) = match token.split_once('[') {
        Some((b, f)) => (b, Some(f.trim_end_matches(']'))),
        None => (token, None),
    };
    let (owner, letter) = rules
        .player_ids()
        .find_map(|p| match &rules.player(p).mark {
            Mark::Prefix(m) => body.strip_prefix(m.as_str()).map(|l| (p, l)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no player's mark in `{token}`"));
    let mut chars = letter.chars();
    let kind = match (chars.next(), chars.next()) {
        (Some(c), None) => rules.kind_by_letter(c),
        _ => None,
    }
    .unwrap_or_else(|| panic!("no piece `{letter}` in `{token}`"));
    let piece = SetupPiece::new(owner, kind);
    match frame {
        Some(f) => piece.in_frame(
            rules
                .frame_by_name(f)
                .unwrap_or_else(|| panic!("no frame {f}")),
        ),
        None => piece,
    }
}

/// The node of a square name.
pub fn node(rules: &Rules, name: &str) -> NodeId {
    rules
        .board()
        .node(name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// The names of a list of squares, as a set.
pub fn names(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// The pseudo-legal moves of the piece on `from` (as if its owner were to move).
pub fn piece_moves(pos: &Position, from: &str) -> Vec<Planned> {
    let mut out = Vec::new();
    pos.piece_moves(node(pos.rules(), from), &mut out);
    out
}

/// The destinations of the pseudo-legal moves of the piece on `from`.
pub fn targets(pos: &Position, from: &str) -> BTreeSet<String> {
    let b = pos.rules().board();
    piece_moves(pos, from)
        .iter()
        .map(|m| b.node_name(m.mv().to()).to_string())
        .collect()
}

/// The legal moves of the side to move, as move text.
pub fn legal(pos: &Position) -> BTreeSet<String> {
    legal_move_texts(pos).into_iter().collect()
}

/// The legal moves of the side to move that start on `from`, as destination names.
pub fn legal_from(pos: &Position, from: &str) -> BTreeSet<String> {
    let n = node(pos.rules(), from);
    let b = pos.rules().board();
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.from() == Some(n))
        .map(|m| b.node_name(m.to()).to_string())
        .collect()
}

/// Whether the move text is legal for the side to move.
pub fn is_legal(pos: &Position, text: &str) -> bool {
    parse_move(pos, text).is_ok()
}

/// Plays a line of moves (settling eliminations), panicking with the reason if one is refused.
pub fn play(pos: &mut Position, line: &str) {
    if let Err(e) = play_line(pos, line) {
        panic!("{line}: {e}\nat {}", pos.to_fen());
    }
}

/// The piece token on a square (`wP[crossed]`, `gK`), or `None` when it is empty, read back from
/// the position text so that the test does not depend on internal ids.
pub fn token_at(pos: &Position, square: &str) -> Option<String> {
    let text = pos.to_fen();
    let rows = text.split(' ').next().expect("rows");
    let (r, f) = coords(square);
    let row = rows.split('/').nth(5 - r).expect("six rows");
    parse_row(row).remove(&f)
}

/// The pieces of one row of position text, by file index.
pub fn parse_row(row: &str) -> BTreeMap<i32, String> {
    let mut out = BTreeMap::new();
    let chars: Vec<char> = row.chars().collect();
    let (mut i, mut f) = (0, 0i32);
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let mut n = 0;
            while i < chars.len() && chars[i].is_ascii_digit() {
                n = n * 10 + chars[i].to_digit(10).expect("digit") as i32;
                i += 1;
            }
            f += n;
            continue;
        }
        // mark + letter, then an optional `[frame]`
        let mut tok: String = chars[i..i + 2].iter().collect();
        i += 2;
        if chars.get(i) == Some(&'[') {
            let end = chars[i..].iter().position(|&c| c == ']').expect("]") + i;
            tok.extend(&chars[i..=end]);
            i = end + 1;
        }
        out.insert(f, tok);
        f += 1;
    }
    out
}

/// All (square, token) pairs of a position text.
pub fn pieces_of(text: &str) -> Vec<(String, String)> {
    let rows = text.split(' ').next().expect("rows");
    let mut out = Vec::new();
    for (i, row) in rows.split('/').enumerate() {
        let r = 5 - i;
        for (f, tok) in parse_row(row) {
            out.push((sq(r, f), tok));
        }
    }
    out
}

/// Whether a gate (by name) is open in the position.
pub fn gate_open(pos: &Position, name: &str) -> bool {
    let i = pos
        .rules()
        .gates()
        .iter()
        .position(|g| g.name == name)
        .unwrap_or_else(|| panic!("no gate {name}"));
    chessgraph::testing::gates_open(pos).contains(i)
}

/// Perft from position text.
pub fn perft_of(rules: &Arc<Rules>, text: &str, depth: u32) -> u64 {
    let mut pos = Position::from_fen(rules, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    chessgraph::perft::perft(&mut pos, depth)
}

/// The player-letter rotation of one segment clockwise: white -> gray -> black -> white.
fn rot_player(c: char) -> char {
    match c {
        'w' => 'g',
        'g' => 'b',
        'b' => 'w',
        _ => panic!("not a player letter: {c}"),
    }
}

fn rot_square(s: &str) -> String {
    let (r, f) = coords(s);
    sq(r, f + 8)
}

fn rot_gate(g: &str) -> &'static str {
    match g {
        "black-white" => "white-gray",
        "white-gray" => "gray-black",
        "gray-black" => "black-white",
        _ => panic!("unknown gate {g}"),
    }
}

/// Position text turned by one segment: every square's file + 8, every player's role passed on
/// (white's pieces become gray's, gray's black's, black's white's), and with them the side to move,
/// the castling rights, en passant entries, eliminated players and opened gates. Written by hand
/// from the text, independently of the engine.
pub fn rotate(text: &str) -> String {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let pieces: Vec<(String, String)> = pieces_of(text)
        .into_iter()
        .map(|(s, t)| {
            let mut t2 = String::new();
            t2.push(rot_player(t.chars().next().expect("mark")));
            t2.push_str(&t[1..]);
            (rot_square(&s), t2)
        })
        .collect();
    let side = rot_player(fields[1].chars().next().expect("side")).to_string();
    let castling = if fields[2] == "-" {
        "-".to_string()
    } else {
        let c: Vec<char> = fields[2].chars().collect();
        c.chunks(2)
            .map(|t| format!("{}{}", rot_player(t[0]), t[1]))
            .collect()
    };
    let ep = if fields[3] == "-" {
        "-".to_string()
    } else {
        fields[3]
            .split(',')
            .map(|e| {
                let (owner, rest) = match e.split_once(':') {
                    Some((o, r)) => (Some(rot_player(o.chars().next().expect("owner"))), r),
                    None => (None, e),
                };
                let (s, pawn) = match rest.split_once('@') {
                    Some((s, p)) => (rot_square(s), Some(rot_square(p))),
                    None => (rot_square(rest), None),
                };
                let mut out = String::new();
                if let Some(o) = owner {
                    out.push(o);
                    out.push(':');
                }
                out.push_str(&s);
                if let Some(p) = pawn {
                    out.push('@');
                    out.push_str(&p);
                }
                out
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut rest = format!("{side} {castling} {ep} {} {}", fields[4], fields[5]);
    for extra in &fields[6..] {
        let (k, v) = extra.split_once(':').expect("key:value");
        let list: Vec<String> = match k {
            "out" => v
                .split(',')
                .map(|p| rot_player(p.chars().next().expect("p")).to_string())
                .collect(),
            "open" => v.split(',').map(|g| rot_gate(g).to_string()).collect(),
            _ => panic!("unknown field {extra}"),
        };
        rest.push_str(&format!(" {k}:{}", list.join(",")));
    }
    let refs: Vec<(&str, &str)> = pieces
        .iter()
        .map(|(s, t)| (s.as_str(), t.as_str()))
        .collect();
    fen(&refs, &rest)
}
