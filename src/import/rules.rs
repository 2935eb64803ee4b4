//! The rules of a section: the pawn (double step, en passant, promotion) and drops, read from
//! their Fairy-Stockfish keys into the [`Model`], and the zones they need; castling is in
//! `castling.rs`, how the game ends in `ending.rs`.

use std::collections::BTreeSet;

use super::model::{Cx, Model, PawnRules, Zone};
use super::region::{Grid, Square};

impl Model {
    /// The board zone holding exactly `squares` (declared once, under `name` when new), mapped to
    /// `key` for `player`.
    pub(crate) fn zone(
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
    pub(crate) fn piece_named(&self, letter: char) -> Option<String> {
        let l = letter.to_ascii_uppercase();
        self.pieces
            .iter()
            .find(|p| p.letter == l)
            .map(|p| p.name.clone())
    }
}

/// The squares of a player's relative ranks `from..=to` (1-based, from his side).
pub(super) fn relative_ranks(
    grid: Grid,
    player: usize,
    from: usize,
    to: usize,
) -> BTreeSet<Square> {
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

/// How a rank key makes a region: `promotionRank = N` is ranks N to the last;
/// `doubleStepRank = N` ranks `doubleStepRankMin` (2 unless given) to N.
enum RankSpan {
    /// From the rank key's rank to the last rank.
    ToEnd,
    /// From the rank of this key (default 2) to the rank key's rank.
    From(&'static str),
}

/// The regions of a `...White`/`...Black` key pair, else of a rank key counted from each
/// player's side, else Fairy-Stockfish's chess defaults, which are absolute ranks (`default`:
/// White's and Black's, 1-based).
fn player_regions(
    cx: &mut Cx<'_>,
    g: Grid,
    base: &str,
    rank_key: &str,
    default: [usize; 2],
    span: RankSpan,
) -> [BTreeSet<Square>; 2] {
    let absolute = |r: usize| {
        if (1..=g.ranks).contains(&r) {
            g.ranks_between(r - 1, r - 1)
        } else {
            BTreeSet::new()
        }
    };
    let mut out = default.map(absolute);
    let min_key = match span {
        RankSpan::From(k) => Some(k),
        RankSpan::ToEnd => None,
    };
    if cx.props.get(rank_key).is_some() || min_key.is_some_and(|k| cx.props.get(k).is_some()) {
        let ranks = 1..g.ranks as u32 + 1;
        let (from, to) = match min_key {
            None => {
                let rank = cx.number(rank_key, 1, ranks) as usize;
                (rank, g.ranks)
            }
            Some(k) => (
                cx.number(k, 2, ranks.clone()) as usize,
                cx.number(rank_key, 2, ranks) as usize,
            ),
        };
        out = [
            relative_ranks(g, 0, from, to),
            relative_ranks(g, 1, from, to),
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
pub(super) fn both_players(m: &mut Model, key: &str, sets: [BTreeSet<Square>; 2], source: &str) {
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
pub(crate) fn pawn(cx: &mut Cx<'_>, m: &mut Model) {
    let g = m.grid;
    let (starts, start_source) = double_step_starts(cx, g);
    let double = cx.boolean("doubleStep", true);
    if m.pieces.iter().any(|p| p.betza.contains('i')) {
        initial_moves(cx, m, double, &starts, &start_source);
    }
    if !m.pieces.iter().any(|p| p.name == "pawn") {
        for key in PAWN_KEYS.iter().chain(&["mandatoryPawnPromotion"]) {
            cx.get(key);
        }
        return;
    }
    let mut rules = PawnRules {
        double_step: double,
        ..PawnRules::default()
    };
    if rules.double_step {
        both_players(m, "pawn_start", starts, &start_source);
    }
    rules.en_passant = en_passant(cx, g, rules.double_step);
    let zones = player_regions(
        cx,
        g,
        "promotionRegion",
        "promotionRank",
        [8, 1],
        RankSpan::ToEnd,
    );
    rules.choices = promotion_choices(cx, m);
    mandatory_promotion(cx);
    if !rules.choices.is_empty() {
        promotion_zones(cx, m, zones);
    }
    rules.sources = cx.sources(&PAWN_KEYS);
    m.pawn = Some(rules);
}

/// The squares of each player's double steps, and the keys that say so (or where the default
/// comes from).
fn double_step_starts(cx: &mut Cx<'_>, g: Grid) -> ([BTreeSet<Square>; 2], String) {
    let starts = player_regions(
        cx,
        g,
        "doubleStepRegion",
        "doubleStepRank",
        [2, 7],
        RankSpan::From("doubleStepRankMin"),
    );
    let keys = [
        "doubleStepRank",
        "doubleStepRankMin",
        "doubleStepRegionWhite",
        "doubleStepRegionBlack",
    ];
    let source = sources_or(cx, &keys, "Fairy-Stockfish's chess (ranks 2 and 7)");
    (starts, source)
}

/// Where the values of `keys` come from, or `default` when the file gives none of them.
fn sources_or(cx: &Cx<'_>, keys: &[&str], default: &str) -> String {
    let source = cx.sources(keys).join("; ");
    if source.is_empty() {
        default.to_string()
    } else {
        source
    }
}

/// The zone `initial` of Betza's `i` moves: the double-step squares, or none without double
/// steps (then Fairy-Stockfish has no initial moves at all).
fn initial_moves(
    cx: &mut Cx<'_>,
    m: &mut Model,
    double: bool,
    starts: &[BTreeSet<Square>; 2],
    start_source: &str,
) {
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

/// The zone `promotion` of each player, with the keys that say where it is.
fn promotion_zones(cx: &mut Cx<'_>, m: &mut Model, zones: [BTreeSet<Square>; 2]) {
    let keys = [
        "promotionRank",
        "promotionRegionWhite",
        "promotionRegionBlack",
    ];
    let source = sources_or(cx, &keys, "Fairy-Stockfish's chess (ranks 8 and 1)");
    both_players(m, "promotion", zones, &source);
}

/// The keys of the pawn's rules.
pub(super) const PAWN_KEYS: [&str; 11] = [
    "doubleStep",
    "doubleStepRank",
    "doubleStepRankMin",
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
    let span = cx.span_of("mandatoryPawnPromotion");
    cx.bad(
        span,
        "`mandatoryPawnPromotion = false` cannot be expressed: Fairy-Stockfish then lets a pawn stay unpromoted on the last rank, where it can never move; chessgraph makes promotion compulsory there".into(),
        "remove the line (promotion is then compulsory, as in chess)",
    );
}

/// `promotionPieceTypes`: letters of the variant's pieces (default `qrbn`).
fn promotion_choices(cx: &mut Cx<'_>, m: &Model) -> Vec<char> {
    // Types the section itself lists must exist; inherited ones (chess's `qrbn` included) are
    // dropped when the section removed the piece (`queen = -`), as Fairy-Stockfish does.
    let (text, span, own) = match cx.get("promotionPieceTypes") {
        Some(p) => (
            p.value.clone(),
            Some(p.span.clone()),
            p.depth == cx.props.depth,
        ),
        None => ("qrbn".to_string(), None, false),
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
        } else if cx.shaky {
            // A bad piece key, reported where it is.
        } else if !own {
            cx.notes.push(format!(
                "The inherited promotion choice `{c}` is left out: this variant has no such piece."
            ));
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

/// Drops: `pieceDrops` (and `capturesToHand`); pawns are not dropped on the first rank nor in
/// the promotion zone unless `firstRankPawnDrops` / `promotionZonePawnDrops` say so.
pub(crate) fn drops(cx: &mut Cx<'_>, m: &mut Model) {
    let drops = cx.boolean("pieceDrops", false);
    let to_hand = cx.boolean("capturesToHand", false);
    let first_rank = cx.boolean("firstRankPawnDrops", false);
    let promotion_zone = cx.boolean("promotionZonePawnDrops", false);
    m.drop_loop = cx.boolean("dropLoop", false);
    if m.drop_loop && !to_hand {
        let span = cx.span_of("dropLoop");
        cx.bad(
            span,
            "`dropLoop` without `capturesToHand = true` cannot be expressed: no captured piece joins a hand".into(),
            "set `pieceDrops = true` and `capturesToHand = true` too, or remove `dropLoop`",
        );
        return;
    }
    if to_hand && !drops {
        let span = cx.span_of("capturesToHand");
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
