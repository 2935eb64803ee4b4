//! How a variant file changes the file it `extends`: tables merge key by key, other values
//! replace, and two tables of its own edit what it inherits instead of replacing it.
//!
//! ```toml
//! extends = "chess.toml"
//!
//! [remove]                              # inherited entries taken out, before the merge
//! pieces = ["queen"]                    # by piece name
//! castling = ["K", "q"]                 # by right token
//! zones = { white = ["pawn_start"] }    # a player's zone names
//!
//! [players.black]                       # keys merged into one inherited `[[player]]`, after the merge
//! zones = { promotion = "rank_2" }
//! ```

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::{Span, type_name};
use crate::diagnostic::{Code, Diagnostic, suggest};

/// `parent` changed by `child`: the child's `[remove]` first, then the merge (child over
/// parent), then the child's `[players.NAME]` changes. Problems with the edits go to `diags`.
pub(super) fn extend<'i>(
    mut parent: DeTable<'i>,
    mut child: DeTable<'i>,
    diags: &mut Vec<Diagnostic>,
) -> DeTable<'i> {
    let remove = child.remove("remove");
    let players = child.remove("players");
    if let Some(r) = remove {
        apply_removals(&mut parent, &r, diags);
    }
    let mut merged = merge(parent, child);
    if let Some(p) = players {
        apply_player_changes(&mut merged, &p, diags);
    }
    merged
}

/// Child over parent: tables merge key by key (recursively), everything else is replaced.
pub(super) fn merge<'i>(mut parent: DeTable<'i>, child: DeTable<'i>) -> DeTable<'i> {
    for (k, v) in child {
        let name = k.get_ref().to_string();
        let existing = parent.remove(name.as_str());
        let value = match (existing, v) {
            (Some(p), c) => match (p.into_inner(), c) {
                (DeValue::Table(pt), c) if matches!(c.get_ref(), DeValue::Table(_)) => {
                    let span = c.span();
                    let DeValue::Table(ct) = c.into_inner() else {
                        unreachable!("checked above")
                    };
                    Spanned::new(span, DeValue::Table(merge(pt, ct)))
                }
                (_, c) => c,
            },
            (None, c) => c,
        };
        parent.insert(k, value);
    }
    parent
}

/// A diagnostic for an edit that names nothing inherited.
fn nothing_inherited(span: Span, what: &str, name: &str, inherited: &[String]) -> Diagnostic {
    let help = suggest(name, inherited.iter().map(String::as_str)).unwrap_or_else(|| {
        if inherited.is_empty() {
            format!("nothing inherited has a {what}: `[remove]` and `[players]` edit the file named by `extends`")
        } else {
            format!("inherited: {}", inherited.join(" "))
        }
    });
    Diagnostic::new(
        Code::UnknownName,
        span,
        format!("no inherited {what} `{name}`"),
    )
    .label("not inherited")
    .help(help)
}

/// A value that must be of one TOML type here.
fn wrong_type(v: &Spanned<DeValue<'_>>, what: &str, expected: &str) -> Diagnostic {
    Diagnostic::new(
        Code::WrongType,
        v.span(),
        format!(
            "{what} must be {expected}, found {}",
            type_name(v.get_ref())
        ),
    )
    .label(format!("expected {expected}"))
}

/// The strings of an array value, with their spans (a wrong type is reported).
fn strings(
    v: &Spanned<DeValue<'_>>,
    what: &str,
    diags: &mut Vec<Diagnostic>,
) -> Vec<(String, Span)> {
    let DeValue::Array(items) = v.get_ref() else {
        diags.push(wrong_type(v, what, "an array of names"));
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|i| match i.get_ref() {
            DeValue::String(s) => Some((s.to_string(), i.span())),
            _ => {
                diags.push(wrong_type(i, what, "a name"));
                None
            }
        })
        .collect()
}

/// The string value of `key` in a table value, if it has one.
fn string_key<'a>(v: &'a Spanned<DeValue<'_>>, key: &str) -> Option<&'a str> {
    match v.get_ref() {
        DeValue::Table(t) => match t.get(key).map(Spanned::get_ref) {
            Some(DeValue::String(s)) => Some(s.as_ref()),
            _ => None,
        },
        _ => None,
    }
}

/// `[remove]`: takes inherited pieces, castlings and players' zone entries out of `parent`.
fn apply_removals(
    parent: &mut DeTable<'_>,
    remove: &Spanned<DeValue<'_>>,
    diags: &mut Vec<Diagnostic>,
) {
    let DeValue::Table(r) = remove.get_ref() else {
        diags.push(wrong_type(remove, "`[remove]`", "a table"));
        return;
    };
    for (key, v) in r.iter() {
        match key.get_ref().as_ref() {
            "pieces" => remove_pieces(parent, v, diags),
            "castling" => remove_castlings(parent, v, diags),
            "zones" => remove_zones(parent, v, diags),
            other => diags.push(
                Diagnostic::new(
                    Code::UnknownKey,
                    key.span(),
                    format!("unknown key `{other}` in `[remove]`"),
                )
                .label("not a key of this table")
                .help(
                    suggest(other, ["pieces", "castling", "zones"]).unwrap_or_else(|| {
                        "the keys allowed in `[remove]` are `pieces`, `castling`, `zones`".into()
                    }),
                ),
            ),
        }
    }
}

fn remove_pieces(parent: &mut DeTable<'_>, v: &Spanned<DeValue<'_>>, diags: &mut Vec<Diagnostic>) {
    let names = strings(v, "`[remove]` key `pieces`", diags);
    let Some(DeValue::Table(pieces)) = parent.get_mut("pieces").map(|p| p.get_mut()) else {
        for (name, span) in names {
            diags.push(nothing_inherited(span, "piece", &name, &[]));
        }
        return;
    };
    for (name, span) in names {
        if pieces.remove(name.as_str()).is_none() {
            let inherited: Vec<String> = pieces.keys().map(|k| k.get_ref().to_string()).collect();
            diags.push(nothing_inherited(span, "piece", &name, &inherited));
        }
    }
}

fn remove_castlings(
    parent: &mut DeTable<'_>,
    v: &Spanned<DeValue<'_>>,
    diags: &mut Vec<Diagnostic>,
) {
    let rights = strings(v, "`[remove]` key `castling`", diags);
    let Some(DeValue::Array(items)) = parent.get_mut("castling").map(|p| p.get_mut()) else {
        for (right, span) in rights {
            diags.push(nothing_inherited(span, "castling right", &right, &[]));
        }
        return;
    };
    for (right, span) in rights {
        let before = items.len();
        let inherited: Vec<String> = items
            .iter()
            .filter_map(|c| string_key(c, "right").map(str::to_string))
            .collect();
        let old = std::mem::replace(items, std::iter::empty().collect());
        *items = old
            .into_iter()
            .filter(|c| string_key(c, "right") != Some(right.as_str()))
            .collect();
        if items.len() == before {
            diags.push(nothing_inherited(
                span,
                "castling right",
                &right,
                &inherited,
            ));
        }
    }
}

/// The inherited `[[player]]` items and their names.
fn player_names(players: &[Spanned<DeValue<'_>>]) -> Vec<String> {
    players
        .iter()
        .filter_map(|p| string_key(p, "name").map(str::to_string))
        .collect()
}

fn remove_zones(parent: &mut DeTable<'_>, v: &Spanned<DeValue<'_>>, diags: &mut Vec<Diagnostic>) {
    let DeValue::Table(by_player) = v.get_ref() else {
        diags.push(wrong_type(
            v,
            "`[remove]` key `zones`",
            "a table of player names",
        ));
        return;
    };
    let players: &mut [Spanned<DeValue<'_>>] = match parent.get_mut("player").map(|p| p.get_mut()) {
        Some(DeValue::Array(items)) => items.as_mut(),
        _ => &mut [],
    };
    for (player, zones) in by_player.iter() {
        let names = strings(zones, "`[remove]` key `zones`", diags);
        let inherited = player_names(players);
        let Some(p) = players
            .iter_mut()
            .find(|p| string_key(p, "name") == Some(player.get_ref().as_ref()))
        else {
            diags.push(nothing_inherited(
                player.span(),
                "player",
                player.get_ref(),
                &inherited,
            ));
            continue;
        };
        let mut zone_table = match p.get_mut() {
            DeValue::Table(t) => match t.get_mut("zones").map(|z| z.get_mut()) {
                Some(DeValue::Table(z)) => Some(z),
                _ => None,
            },
            _ => None,
        };
        for (name, span) in names {
            let removed = match zone_table {
                Some(ref mut z) => z.remove(name.as_str()).is_some(),
                None => false,
            };
            if !removed {
                let known: Vec<String> = zone_table
                    .as_ref()
                    .map(|z| z.keys().map(|k| k.get_ref().to_string()).collect())
                    .unwrap_or_default();
                let mut d = nothing_inherited(span, "zone", &name, &known);
                d.message = format!("player `{}` inherits no zone `{name}`", player.get_ref());
                diags.push(d);
            }
        }
    }
}

/// `[players.NAME]`: merges each table into the `[[player]]` item with that name.
fn apply_player_changes<'i>(
    merged: &mut DeTable<'i>,
    changes: &Spanned<DeValue<'i>>,
    diags: &mut Vec<Diagnostic>,
) {
    let DeValue::Table(changes) = changes.get_ref() else {
        diags.push(wrong_type(
            changes,
            "`[players]`",
            "a table of player names",
        ));
        return;
    };
    let players: &mut [Spanned<DeValue<'i>>] = match merged.get_mut("player").map(|p| p.get_mut()) {
        Some(DeValue::Array(items)) => items.as_mut(),
        _ => &mut [],
    };
    for (name, change) in changes.iter() {
        let DeValue::Table(change_table) = change.get_ref() else {
            diags.push(wrong_type(
                change,
                &format!("`[players.{}]`", name.get_ref()),
                "a table",
            ));
            continue;
        };
        let inherited = player_names(players);
        let Some(p) = players
            .iter_mut()
            .find(|p| string_key(p, "name") == Some(name.get_ref().as_ref()))
        else {
            diags.push(nothing_inherited(
                name.span(),
                "player",
                name.get_ref(),
                &inherited,
            ));
            continue;
        };
        let span = p.span();
        if let DeValue::Table(t) = std::mem::replace(p.get_mut(), DeValue::Boolean(false)) {
            *p = Spanned::new(span, DeValue::Table(merge(t, change_table.clone())));
        }
    }
}
