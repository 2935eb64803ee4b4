//! The rules of a section: the pawn (double step, en passant, promotion), castling, drops and
//! how the game ends, each read from its Fairy-Stockfish keys into the [`Model`].

use std::collections::{BTreeMap, BTreeSet};

use super::model::{Castling, Cx, Ending, Model, PawnRules, Zone, single_letter};
use super::region::{Grid, Square};

impl Model {
    /// The board zone holding exactly `squares` (declared once, under `name` when new), mapped to
    /// `key` for `player`.
    pub fn zone(
        &mut self,
        player: usize,
        key: &str,
        name: &str,
        squares: BTreeSet<Square>,
        why: String,
    ) {
        let g = self.grid;
        let whole_rank = (0..g.ranks).find(|&r| squares == g.ranks_between(r, r));
        let board_name = match self.zones.iter().find(|z| z.squares == squares) {
            Some(z) => z.name.clone(),
            // The grid makes a zone per rank.
            None if whole_rank.is_some() => format!("rank_{}", whole_rank.unwrap_or(0) + 1),
            None => {
                self.zones.push(Zone {
                    name: name.to_string(),
                    squares,
                    why,
                });
                name.to_string()
            }
        };
        self.player_zones[player].insert(key.to_string(), board_name);
    }

    /// The piece name of a letter (any case).
    pub fn piece_named(&self, letter: char) -> Option<String> {
        let l = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .find(|p| p.letter == l)
            .map(|p| p.name.clone())
    }
}

/// The squares of a player's relative ranks `from..=to` (1-based, from his side).
fn relative_ranks(grid: Grid, player: usize, from: usize, to: usize) -> BTreeSet<Square> {
    if from == 0 || from > to || from > grid.ranks {
        return BTreeSet::new();
    }
    let (a, b) = (from - 1, to.min(grid.ranks) - 1);
    if player == 0 {
        grid.ranks_between(a, b)
    } else {
        grid.ranks_between(grid.mirror(b), grid.mirror(a))
    }
}

/// The regions of a `...White`/`...Black` key pair, else of a rank key counted from each
/// player's side (`promotionRank`, through the last rank when `to_end`), else Fairy-Stockfish's
/// chess defaults, which are absolute ranks (`default`: White's and Black's, 1-based).
fn player_regions(
    cx: &mut Cx<'_>,
    g: Grid,
    base: &str,
    rank_key: &str,
    default: [usize; 2],
    to_end: bool,
) -> [BTreeSet<Square>; 2] {
    let absolute = |r: usize| {
        if (1..=g.ranks).contains(&r) {
            g.ranks_between(r - 1, r - 1)
        } else {
            BTreeSet::new()
        }
    };
    let mut out = default.map(absolute);
    if cx.props.get(rank_key).is_some() {
        let rank = cx.number(rank_key, 1, 1..g.ranks as u32 + 1) as usize;
        let to = if to_end { g.ranks } else { rank };
        out = [
            relative_ranks(g, 0, rank, to),
            relative_ranks(g, 1, rank, to),
        ];
    }
    for (i, side) in ["White", "Black"].into_iter().enumerate() {
        if let Some(r) = cx.region(&format!("{base}{side}"), g) {
            out[i] = r;
        }
    }
    out
}

/// Declares `key` for both players: White's and Black's squares, a comment naming `source`.
fn both_players(m: &mut Model, key: &str, sets: [BTreeSet<Square>; 2], source: &str) {
    if sets[0] == sets[1] {
        let [set, _] = sets;
        let why = format!("`{key}` of both players: {source}");
        m.zone(0, key, key, set.clone(), why.clone());
        m.zone(1, key, key, set, why);
        return;
    }
    for (i, (set, side)) in sets.into_iter().zip(["white", "black"]).enumerate() {
        let why = format!("{}'s `{key}`: {source}", ["White", "Black"][i]);
        m.zone(i, key, &format!("{key}_{side}"), set, why);
    }
}

/// The pawn: double step, en passant and promotion. Betza's `i` moves of other pieces start on
/// the double-step ranks, as in Fairy-Stockfish.
pub fn pawn(cx: &mut Cx<'_>, m: &mut Model) {
    let g = m.grid;
    let starts = player_regions(cx, g, "doubleStepRegion", "doubleStepRank", [2, 7], false);
    let start_source = cx
        .sources(&[
            "doubleStepRank",
            "doubleStepRegionWhite",
            "doubleStepRegionBlack",
        ])
        .join("; ");
    let start_source = if start_source.is_empty() {
        "Fairy-Stockfish's chess (ranks 2 and 7)".to_string()
    } else {
        start_source
    };
    let double = cx.boolean("doubleStep", true);
    if m.pieces.iter().any(|p| p.betza.contains('i')) {
        // Without double steps Fairy-Stockfish has no initial moves at all.
        let sets = if double {
            starts.clone()
        } else {
            Default::default()
        };
        let why = if double {
            format!("Betza `i` moves start on the double-step ranks ({start_source})")
        } else {
            format!(
                "no square: no Betza `i` moves without double steps ({})",
                cx.source("doubleStep")
            )
        };
        both_players(m, "initial", sets, &why);
    }
    let Some(pawn) = m.pieces.iter().find(|p| p.name == "pawn") else {
        for key in PAWN_KEYS.iter().chain(&["mandatoryPawnPromotion"]) {
            cx.get(key);
        }
        return;
    };
    let mut rules = PawnRules {
        letter: pawn.letter,
        double_step: double,
        ..PawnRules::default()
    };
    if rules.double_step {
        both_players(m, "pawn_start", starts, &start_source);
    }
    rules.en_passant = en_passant(cx, g, rules.double_step);
    let zones = player_regions(cx, g, "promotionRegion", "promotionRank", [8, 1], true);
    rules.choices = promotion_choices(cx, m);
    mandatory_promotion(cx);
    if !rules.choices.is_empty() {
        let source = cx
            .sources(&[
                "promotionRank",
                "promotionRegionWhite",
                "promotionRegionBlack",
            ])
            .join("; ");
        let source = if source.is_empty() {
            "Fairy-Stockfish's chess (ranks 8 and 1)".to_string()
        } else {
            source
        };
        both_players(m, "promotion", zones, &source);
    }
    rules.sources = cx.sources(&PAWN_KEYS);
    m.pawn = Some(rules);
}

/// The keys of the pawn's rules.
const PAWN_KEYS: [&str; 10] = [
    "doubleStep",
    "doubleStepRank",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "promotionRank",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
];

/// En passant: as the double step, unless both regions are set to nothing.
fn en_passant(cx: &mut Cx<'_>, g: Grid, double: bool) -> bool {
    let ep: Vec<Option<BTreeSet<Square>>> = ["White", "Black"]
        .iter()
        .map(|s| cx.region(&format!("enPassantRegion{s}"), g))
        .collect();
    match (&ep[0], &ep[1]) {
        (None, None) => double,
        (Some(a), Some(b)) if a.is_empty() && b.is_empty() => false,
        _ => {
            let p = cx
                .props
                .get("enPassantRegionWhite")
                .or(cx.props.get("enPassantRegionBlack"));
            let span = p.map_or(cx.props.header.clone(), |p| p.span.clone());
            cx.bad(
                span,
                "en passant regions other than none for both players cannot be expressed".into(),
                "set `enPassantRegionWhite = -` and `enPassantRegionBlack = -` (no en passant), or leave both out",
            );
            double
        }
    }
}

/// `mandatoryPawnPromotion = false` has no data form.
fn mandatory_promotion(cx: &mut Cx<'_>) {
    if cx.boolean("mandatoryPawnPromotion", true) {
        return;
    }
    let span = cx
        .props
        .get("mandatoryPawnPromotion")
        .map_or(cx.props.header.clone(), |p| p.span.clone());
    cx.bad(
        span,
        "`mandatoryPawnPromotion = false` cannot be expressed: Fairy-Stockfish then lets a pawn stay unpromoted on the last rank, where it can never move; chessgraph makes promotion compulsory there".into(),
        "remove the line (promotion is then compulsory, as in chess)",
    );
}

/// `promotionPieceTypes`: letters of the variant's pieces (default `qrbn`).
fn promotion_choices(cx: &mut Cx<'_>, m: &Model) -> Vec<char> {
    let (text, span) = match cx.get("promotionPieceTypes") {
        Some(p) => (p.value.clone(), Some(p.span.clone())),
        None => ("qrbn".to_string(), None),
    };
    let mut out = Vec::new();
    for c in text.chars().filter(|c| *c != '-') {
        let up = c.to_ascii_uppercase();
        if m.pieces
            .iter()
            .any(|p| p.letter == up && p.name != "pawn" && !p.royal)
        {
            if !out.contains(&up) {
                out.push(up);
            }
        } else {
            let span = span.clone().unwrap_or(cx.props.header.clone());
            cx.bad(
                span,
                format!("`promotionPieceTypes` names `{c}`, which is no non-royal piece of this variant"),
                "list the letters of the pieces a pawn may become, e.g. `promotionPieceTypes = qrbn`",
            );
        }
    }
    out
}

/// Castling: for each player with a castling king on his castling rank, the outermost rook on
/// each side, the king to `castlingKingsideFile` / `castlingQueensideFile` and the rook to the
/// square beside it, as Fairy-Stockfish does.
pub fn castling(cx: &mut Cx<'_>, m: &mut Model, placed: &BTreeMap<Square, char>) {
    let on = cx.boolean("castling", true);
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
    m.castling_sources = cx.sources(&[
        "castling",
        "castlingKingsideFile",
        "castlingQueensideFile",
        "castlingRank",
        "castlingRookPiece",
        "castlingKingPiece",
    ]);
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

/// Drops: `pieceDrops` (and `capturesToHand`); pawns are not dropped on the first rank nor in
/// the promotion zone unless `firstRankPawnDrops` / `promotionZonePawnDrops` say so.
pub fn drops(cx: &mut Cx<'_>, m: &mut Model) {
    let drops = cx.boolean("pieceDrops", false);
    let to_hand = cx.boolean("capturesToHand", false);
    let first_rank = cx.boolean("firstRankPawnDrops", false);
    let promotion_zone = cx.boolean("promotionZonePawnDrops", false);
    if to_hand && !drops {
        let span = cx
            .props
            .get("capturesToHand")
            .map_or(cx.props.header.clone(), |p| p.span.clone());
        cx.bad(
            span,
            "`capturesToHand` without `pieceDrops = true` cannot be expressed".into(),
            "set `pieceDrops = true` too, or remove `capturesToHand`",
        );
        return;
    }
    if !drops {
        return;
    }
    m.hands = Some(if to_hand { "to-hand" } else { "out" });
    if let Some(pawn) = m.pawn.as_mut() {
        pawn.drop_zone = true;
    }
    let g = m.grid;
    let zones = [0, 1].map(|player| {
        let mut zone = relative_ranks(g, player, 1, g.ranks);
        if !first_rank {
            zone = &zone - &relative_ranks(g, player, 1, 1);
        }
        let promotion = m.player_zones[player].get("promotion");
        if let Some(z) = promotion.and_then(|b| m.zones.iter().find(|z| &z.name == b))
            && !promotion_zone
        {
            zone = &zone - &z.squares;
        } else if let Some(rank) = promotion.and_then(|b| b.strip_prefix("rank_"))
            && !promotion_zone
        {
            let r: usize = rank.parse().unwrap_or(0);
            zone = &zone - &relative_ranks(g, 0, r, r);
        }
        zone
    });
    let source = cx
        .sources(&["pieceDrops", "firstRankPawnDrops", "promotionZonePawnDrops"])
        .join("; ");
    both_players(
        m,
        "pawn_drops",
        zones,
        &format!("where pawns may be dropped ({source})"),
    );
}

/// How the game ends: mate, stalemate, extinction, a flag region; captures and checks; the
/// draw rules.
pub fn ending(cx: &mut Cx<'_>, m: &mut Model) {
    let mut e = Ending {
        stalemate: value_key(cx, "stalemateValue", "draw", &["draw", "loss", "win"]),
        ..Ending::default()
    };
    value_key(cx, "checkmateValue", "loss", &["loss"]);
    e.must_capture = cx.boolean("mustCapture", false);
    e.no_checks = !cx.boolean("checking", true);
    e.move_rule = cx.number("nMoveRule", 50, 0..1000);
    e.repetition = cx.number("nFoldRule", 3, 0..100);
    e.checks = check_counting(cx);
    extinction(cx, m, &mut e);
    flag(cx, m, &mut e);
    m.ending = e;
}

/// A result key (`loss`, `win`, `draw`) limited to `allowed`.
fn value_key(cx: &mut Cx<'_>, key: &str, default: &str, allowed: &[&str]) -> String {
    let Some(p) = cx.get(key) else {
        return default.to_string();
    };
    if allowed.contains(&p.value.as_str()) {
        return p.value.clone();
    }
    let (span, v) = (p.span.clone(), p.value.clone());
    cx.bad(
        span,
        format!(
            "`{key} = {v}` cannot be expressed: the importer knows {}",
            allowed
                .iter()
                .map(|a| format!("`{a}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        format!("e.g. `{key} = {default}`"),
    );
    default.to_string()
}

/// `extinctionValue` with `extinctionPieceTypes` (`*`: every piece) and `extinctionPieceCount`.
fn extinction(cx: &mut Cx<'_>, m: &Model, e: &mut Ending) {
    let count = cx.number("extinctionPieceCount", 0, 0..100);
    let types = cx.get("extinctionPieceTypes").cloned();
    let Some(p) = cx.get("extinctionValue").cloned() else {
        return;
    };
    let value = value_key(cx, "extinctionValue", "loss", &["loss", "win", "draw"]);
    if m.hands.is_some() {
        cx.bad(
            p.span.clone(),
            "extinction counts pieces in hand too, which `material` does not".into(),
            "remove `extinctionValue` or the drops",
        );
        return;
    }
    let Some(t) = types else {
        cx.bad(
            p.span,
            "`extinctionValue` without `extinctionPieceTypes`".into(),
            "add `extinctionPieceTypes = k` (letters, or `*` for every piece)",
        );
        return;
    };
    if t.value == "*" {
        e.material.push((Vec::new(), count, value));
        return;
    }
    for c in t.value.chars() {
        match m.piece_named(c) {
            Some(name) => e.material.push((vec![name], count, value.clone())),
            None => cx.bad(
                t.span.clone(),
                format!("`extinctionPieceTypes` names `{c}`, which is no piece of this variant"),
                "list piece letters, or `*` for every piece",
            ),
        }
    }
}

/// `flagPiece` with `flagRegionWhite` / `flagRegionBlack` (and `flagMove`): `reach`.
fn flag(cx: &mut Cx<'_>, m: &mut Model, e: &mut Ending) {
    let reply = cx.boolean("flagMove", false);
    let g = m.grid;
    let regions = [
        cx.region("flagRegionWhite", g),
        cx.region("flagRegionBlack", g),
    ];
    let Some(p) = cx.get("flagPiece").cloned() else {
        if regions.iter().any(Option::is_some) {
            cx.bad(
                cx.props.header.clone(),
                "a flag region without `flagPiece`".into(),
                "add `flagPiece = k`",
            );
        }
        return;
    };
    let Some(name) = single_letter(&p.value).and_then(|c| m.piece_named(c)) else {
        cx.bad(
            p.span.clone(),
            format!(
                "`flagPiece` is the letter of one piece of this variant, not `{}`",
                p.value
            ),
            "e.g. `flagPiece = k`",
        );
        return;
    };
    let mut sets: [BTreeSet<Square>; 2] = Default::default();
    for (i, r) in regions.into_iter().enumerate() {
        let key = format!("flagRegion{}", ["White", "Black"][i]);
        let Some(r) = r else {
            if cx.props.get(&key).is_none() {
                cx.bad(
                    p.span.clone(),
                    format!("`flagPiece` without `{key}`"),
                    "give both players' regions, e.g. `flagRegionWhite = *8`",
                );
            }
            // (A region that does not read is reported as such.)
            return;
        };
        sets[i] = r;
    }
    let source = cx
        .sources(&["flagPiece", "flagRegionWhite", "flagRegionBlack"])
        .join("; ");
    both_players(m, "flag", sets, &source);
    e.reach = Some((name, reply));
}

/// `checkCounting = true`: the start position's field after en passant (`3+3`) gives the checks
/// each player must give; the variant wins by the most of them.
fn check_counting(cx: &mut Cx<'_>) -> Option<u32> {
    if !cx.boolean("checkCounting", false) {
        return None;
    }
    let p = cx.props.get("startFen")?;
    let field = p.value.split_whitespace().nth(4).unwrap_or("");
    let counts: Option<Vec<u32>> = field
        .split_once('+')
        .map(|(a, b)| [a, b].iter().filter_map(|n| n.parse().ok()).collect());
    match counts {
        Some(c) if c.len() == 2 && c.iter().all(|n| (1..=255).contains(n)) => c.into_iter().max(),
        _ => {
            let span = p.span.clone();
            cx.bad(
                span,
                format!("`checkCounting = true` needs the checks to give after the en passant field of `startFen` (`3+3`), found `{field}`"),
                "write the start position as Fairy-Stockfish does, e.g. `... w KQkq - 3+3 0 1`",
            );
            None
        }
    }
}
