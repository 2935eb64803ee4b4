//! How the game ends, read from Fairy-Stockfish's keys: mate and stalemate values, extinction,
//! flag regions, check counting, compulsory captures and checks, the draw rules.

use std::collections::BTreeSet;

use super::model::{Cx, Ending, Model, single_letter};
use super::region::Square;
use super::rules::both_players;

/// How the game ends: mate, stalemate, extinction, a flag region; captures and checks; the
/// draw rules.
pub(crate) fn ending(cx: &mut Cx<'_>, m: &mut Model) {
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

/// The key that gives a player's flag region: `flagRegionWhite` (or `...Black`), or `flagRegion`
/// (both players' region) where it is written deeper in the chain (Fairy-Stockfish reads a
/// section's `flagRegion` before its per-colour keys, each section over its parent's).
fn flag_region_key(cx: &Cx<'_>, colour: usize) -> String {
    let own = format!("flagRegion{}", ["White", "Black"][colour]);
    match (cx.props.get("flagRegion"), cx.props.get(&own)) {
        (Some(both), Some(o)) if both.depth > o.depth => "flagRegion".into(),
        (Some(_), None) => "flagRegion".into(),
        _ => own,
    }
}

/// `flagPiece` with `flagRegionWhite` / `flagRegionBlack` or `flagRegion` (and `flagMove`):
/// `reach`.
fn flag(cx: &mut Cx<'_>, m: &mut Model, e: &mut Ending) {
    let reply = cx.boolean("flagMove", false);
    let g = m.grid;
    let keys = [flag_region_key(cx, 0), flag_region_key(cx, 1)];
    cx.get("flagRegion");
    let regions = [cx.region(&keys[0], g), cx.region(&keys[1], g)];
    // Unset (with a region given) or `*`: any piece, as Fairy-Stockfish reads it.
    let p = cx.get("flagPiece").cloned();
    if p.is_none() && regions.iter().all(Option::is_none) {
        return;
    }
    let name = match p.as_ref().map(|p| p.value.trim()) {
        None | Some("*") => None,
        Some(v) => {
            match single_letter(v).and_then(|c| m.piece_named(c)) {
                Some(name) => Some(name),
                None => {
                    let span = p
                        .as_ref()
                        .map_or(cx.props.header.clone(), |p| p.span.clone());
                    cx.bad(
                    span,
                    format!("`flagPiece` is the letter of one piece of this variant, or `*`, not `{v}`"),
                    "e.g. `flagPiece = k`",
                );
                    return;
                }
            }
        }
    };
    let at = p
        .as_ref()
        .map_or(cx.props.header.clone(), |p| p.span.clone());
    let mut sets: [BTreeSet<Square>; 2] = Default::default();
    for (i, r) in regions.into_iter().enumerate() {
        let key = &keys[i];
        let Some(r) = r else {
            if cx.props.get(key).is_none() {
                cx.bad(
                    at.clone(),
                    format!("a flag rule without `{key}`"),
                    "give both players' regions, e.g. `flagRegionWhite = *8`, or `flagRegion` for both",
                );
            }
            // (A region that does not read is reported as such.)
            return;
        };
        sets[i] = r;
    }
    let source = cx.sources(&["flagPiece", &keys[0], &keys[1]]).join("; ");
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
    // A short start (`... w 3+3 0 1`) read as the full form, as the position is.
    let full = super::model::full_fen(&p.value);
    let field = full.split_whitespace().nth(4).unwrap_or("");
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
