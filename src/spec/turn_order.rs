//! `[variant] turn_order`: the seats in the order they move, by player name, when it is not the
//! order of the `[[player]]` tables (a variant that extends another may reorder its players).

use toml::Spanned;

use super::Located;
use super::variant::PlayerSpec;
use crate::diagnostic::{Code, Diagnostic, quoted, suggest};

/// The players in the order `order` names them (the file order when there is none). Every name
/// must be a declared player's, each player named once; each problem is reported where it is
/// written, and the file order kept.
pub(super) fn ordered(
    players: Vec<PlayerSpec>,
    order: Option<Located<Vec<Spanned<String>>>>,
    diags: &mut Vec<Diagnostic>,
) -> Vec<PlayerSpec> {
    let Some(order) = order else {
        return players;
    };
    let names: Vec<&str> = players.iter().map(|p| p.name.get_ref().as_str()).collect();
    let mut seats: Vec<usize> = Vec::new();
    let before = diags.len();
    for name in &order.value {
        match names.iter().position(|n| n == name.get_ref()) {
            Some(i) if seats.contains(&i) => diags.push(
                Diagnostic::new(
                    Code::InvalidValue,
                    name.span(),
                    format!("`turn_order` names `{}` twice", quoted(name.get_ref())),
                )
                .label("named again here")
                .help("name every player once"),
            ),
            Some(i) => seats.push(i),
            None => diags.push(
                Diagnostic::new(
                    Code::UnknownName,
                    name.span(),
                    format!(
                        "`turn_order` names `{}`, which is not a `[[player]]` of the variant",
                        quoted(name.get_ref())
                    ),
                )
                .label("unknown player")
                .help(
                    suggest(name.get_ref(), names.iter().copied())
                        .unwrap_or_else(|| format!("the players are {}", names.join(", "))),
                ),
            ),
        }
    }
    let left_out: Vec<&str> = (0..names.len())
        .filter(|i| !seats.contains(i))
        .map(|i| names[i])
        .collect();
    if diags.len() == before && !left_out.is_empty() {
        diags.push(
            Diagnostic::new(
                Code::InvalidValue,
                order.span.clone(),
                format!("`turn_order` leaves out {}", left_out.join(", ")),
            )
            .label("every player must have a turn")
            .help("name every `[[player]]` once, in the order they move"),
        );
    }
    if diags.len() != before {
        return players;
    }
    let mut slots: Vec<Option<PlayerSpec>> = players.into_iter().map(Some).collect();
    seats.iter().filter_map(|&i| slots[i].take()).collect()
}
