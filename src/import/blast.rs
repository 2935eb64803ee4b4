//! Explosions on capture, read from Fairy-Stockfish's `blastOnCapture` and `blastImmuneTypes`:
//! a `[[capture]] rule = "explosion"` over the eight neighbours, as `variants/atomic.toml`.

use std::fmt::Write as _;

use super::board::quote;
use super::model::{Cx, Model};

/// An explosion on capture: the pieces no blast removes, and where the rule came from.
#[derive(Clone, Debug, Default)]
pub(crate) struct Blast {
    /// Pieces spared around the capture square (Fairy-Stockfish's `pawn` type, when present).
    pub(crate) spared: Vec<String>,
    /// Pieces no blast removes, not even at the capture square (`blastImmuneTypes`).
    pub(crate) immune: Vec<String>,
    /// The keys that made the rule, for its comment.
    pub(crate) source: String,
}

/// `blastOnCapture` (with `blastImmuneTypes`): the capturer and every piece on the eight
/// squares around the capture go too, pawns around it excepted (Fairy-Stockfish spares its
/// `pawn` type, not pieces that only move like one).
pub(crate) fn blast(cx: &mut Cx<'_>, m: &mut Model) {
    let on = cx.boolean("blastOnCapture", false);
    let immune_key = cx.get("blastImmuneTypes").cloned();
    if !on {
        return;
    }
    let mut immune = Vec::new();
    if let Some(p) = immune_key {
        for c in p.value.chars().filter(|c| !c.is_whitespace() && *c != '-') {
            match m.piece_named(c) {
                Some(name) if !immune.contains(&name) => immune.push(name),
                Some(_) => {}
                None => cx.bad(
                    p.span.clone(),
                    format!("`blastImmuneTypes` names `{c}`, which is no piece of this variant"),
                    "list the letters of the pieces no explosion removes, e.g. `blastImmuneTypes = k`",
                ),
            }
        }
    }
    let spared = m
        .pieces
        .iter()
        .filter(|p| p.name == "pawn")
        .map(|p| p.name.clone())
        .collect();
    m.blast = Some(Blast {
        spared,
        immune,
        source: cx
            .sources(&["blastOnCapture", "blastImmuneTypes"])
            .join("; "),
    });
}

/// The `[[capture]]` table of an explosion.
pub(crate) fn write(t: &mut String, b: &Blast) {
    let list = |v: &[String]| v.iter().map(|s| quote(s)).collect::<Vec<_>>().join(", ");
    writeln!(
        t,
        "\n[[capture]]               # {}\nrule = \"explosion\"\n\
         directions = [\"n\", \"ne\", \"e\", \"se\", \"s\", \"sw\", \"w\", \"nw\"]\n\
         spared = [{}]\nimmune = [{}]",
        b.source,
        list(&b.spared),
        list(&b.immune)
    )
    .ok();
}
