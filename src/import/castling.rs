//! Castling as Fairy-Stockfish plays it, read from its keys into `[[castling]]` entries.

use std::collections::BTreeMap;

use super::model::{Castling, Cx, Model, single_letter};
use super::region::{Grid, Square};

/// Castling: for each player with a castling king on his castling rank, the outermost rook on
/// each side, the king to `castlingKingsideFile` / `castlingQueensideFile` and the rook to the
/// square beside it, as Fairy-Stockfish does.
pub(crate) fn castling(cx: &mut Cx<'_>, m: &mut Model, placed: &BTreeMap<Square, char>) {
    let on = cx.boolean("castling", true);
    // `chess960 = false` is the default and says nothing; `true` stays unread, so it is
    // refused with the capability it needs (960 placement).
    if cx.boolean("chess960", false) {
        cx.read.remove("chess960");
    }
    let g = m.grid;
    let files: Vec<Option<usize>> = [
        ("castlingKingsideFile", 'g'),
        ("castlingQueensideFile", 'c'),
    ]
    .iter()
    .map(|&(key, default)| file_key(cx, g, key, default))
    .collect();
    let rank = cx.number("castlingRank", 1, 1..g.ranks as u32 + 1) as usize - 1;
    let rook_letter = castling_piece(cx, m, "castlingRookPiece", "rook");
    let king_letter = castling_piece(cx, m, "castlingKingPiece", "king");
    let (Some(kf), Some(qf), Some(rook), Some(king)) =
        (files[0], files[1], rook_letter, king_letter)
    else {
        return;
    };
    m.castling_sources = cx.sources(&CASTLING_KEYS);
    if !on {
        return;
    }
    // A castling king that is not the royal one is named; a non-royal one has no squares that
    // must be safe (chessgraph does not derive castling's safety from a piece that is not royal).
    let royal = m
        .pieces
        .iter()
        .any(|p| p.royal && p.letter == king.to_ascii_uppercase());
    let rule = CastlingRule {
        files: [kf, qf],
        rank,
        king,
        rook,
        royal,
        king_piece: (!royal).then(|| m.piece_named(king)).flatten(),
        rook_piece: (m.piece_named(rook).as_deref() != Some("rook"))
            .then(|| m.piece_named(rook))
            .flatten(),
    };
    for player in 0..2 {
        let found = player_castlings(m.grid, &rule, placed, player);
        m.castling.extend(found);
    }
}

/// What the castling keys say, read.
struct CastlingRule {
    /// The king's destination files, kingside and queenside.
    files: [usize; 2],
    /// The castling rank (0-based, White's side).
    rank: usize,
    /// The castling king's and rook's letters.
    king: char,
    rook: char,
    /// The castling king is the royal piece.
    royal: bool,
    /// The pieces named in the entries when they are not the king and the rook.
    king_piece: Option<String>,
    rook_piece: Option<String>,
}

/// One player's castlings: his castling king on his castling rank, and the outermost castling
/// rook on each side of it.
fn player_castlings(
    g: Grid,
    rule: &CastlingRule,
    placed: &BTreeMap<Square, char>,
    player: usize,
) -> Vec<Castling> {
    let r = if player == 0 {
        rule.rank
    } else {
        g.mirror(rule.rank)
    };
    let case = |c: char| {
        if player == 0 {
            c.to_ascii_uppercase()
        } else {
            c.to_ascii_lowercase()
        }
    };
    let Some(k) = (0..g.files).find(|&f| placed.get(&(f, r)) == Some(&case(rule.king))) else {
        return Vec::new();
    };
    let rooks: Vec<usize> = (0..g.files)
        .filter(|&f| placed.get(&(f, r)) == Some(&case(rule.rook)))
        .collect();
    let sides = [
        (
            rooks.iter().copied().filter(|&f| f > k).max(),
            rule.files[0],
            'K',
        ),
        (
            rooks.iter().copied().filter(|&f| f < k).min(),
            rule.files[1],
            'Q',
        ),
    ];
    let mut out = Vec::new();
    for (rook_from, king_to, right) in sides {
        let Some(rf) = rook_from else { continue };
        if king_to == k {
            continue;
        }
        let rook_to = if right == 'K' {
            king_to - 1
        } else {
            king_to + 1
        };
        let lo = k.min(king_to).min(rf).min(rook_to);
        let hi = k.max(king_to).max(rf).max(rook_to);
        let empty = (lo..=hi)
            .filter(|&f| f != k && f != rf)
            .map(|f| (f, r))
            .collect();
        let safe: Vec<usize> = if k < king_to {
            (k..=king_to).collect()
        } else {
            (king_to..=k).rev().collect()
        };
        out.push(Castling {
            player,
            right: case(right),
            king: ((k, r), (king_to, r)),
            rook: ((rf, r), (rook_to, r)),
            rook_piece: rule.rook_piece.clone(),
            king_piece: rule.king_piece.clone(),
            empty,
            safe: if rule.royal {
                safe.into_iter().map(|f| (f, r)).collect()
            } else {
                Vec::new()
            },
        });
    }
    out
}

/// A file letter key.
fn file_key(cx: &mut Cx<'_>, g: Grid, key: &str, default: char) -> Option<usize> {
    let Some(p) = cx.get(key) else {
        return g.file_of(default);
    };
    match single_letter(&p.value).and_then(|c| g.file_of(c)) {
        Some(f) if f > 0 && f + 1 < g.files => Some(f),
        _ => {
            let (span, v) = (p.span.clone(), p.value.clone());
            cx.bad(
                span,
                format!("`{key}` is a file of the board but not the first or last, not `{v}`"),
                format!("e.g. `{key} = {default}`"),
            );
            None
        }
    }
}

/// The castling king's or rook's letter: the key's piece, else the piece type `piece`.
fn castling_piece(cx: &mut Cx<'_>, m: &Model, key: &str, piece: &str) -> Option<char> {
    let Some(p) = cx.get(key) else {
        // Fairy-Stockfish's default is the piece type, whatever its letter: no castling
        // without it.
        return m.pieces.iter().find(|k| k.name == piece).map(|k| k.letter);
    };
    match single_letter(&p.value) {
        Some(c) if m.piece_named(c).is_some() => Some(c),
        _ if cx.shaky => None,
        _ => {
            let (span, v) = (p.span.clone(), p.value.clone());
            cx.bad(
                span,
                format!("`{key}` is the letter of a piece of this variant, not `{v}`"),
                format!("e.g. `{key} = {}`", &piece[..1]),
            );
            None
        }
    }
}

/// The keys of the castling rules.
pub(super) const CASTLING_KEYS: [&str; 6] = [
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingRookPiece",
    "castlingKingPiece",
];
