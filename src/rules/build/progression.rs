//! `[outcome] progression`: the victories by numbers in progression on a line, each with its
//! zone interned, its directions and turns, and its number of pieces checked against the board.

use super::Builder;
use crate::board::DirId;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{NodeSet, ProgressionWin};
use crate::spec::outcome::ProgressionSpec;
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The victories by numbers in progression, in file order; `zone_of[i]` is the interned
    /// zone of the `i`-th, `zones` the zones by interned index and player.
    pub(super) fn progressions(
        &mut self,
        spec: &VariantSpec,
        zone_of: &[usize],
        zones: &[Vec<NodeSet>],
    ) -> Vec<ProgressionWin> {
        let mut out = Vec::new();
        for (p, &zone) in spec.outcome.progression.iter().zip(zone_of) {
            let directions = self.progression_directions(p);
            let squares = p.squares.as_ref().map_or(3, |s| *s.get_ref());
            let kinds = self.progression_kinds(p, squares);
            if p.means.is_empty() {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        p.name.span(),
                        "a progression with no mean never wins",
                    )
                    .label("no `means`")
                    .help("e.g. `means = [\"arithmetic\", \"geometric\", \"harmonic\"]`"),
                );
            }
            if let Some(per_player) = zones.get(zone) {
                let names: Vec<&str> = spec
                    .players
                    .iter()
                    .map(|x| x.name.get_ref().as_str())
                    .collect();
                self.progression_fits(p, squares, &directions, per_player, &names);
            }
            out.push(ProgressionWin {
                name: p.name.get_ref().clone(),
                zone,
                directions,
                means: p.means.iter().map(|m| *m.get_ref()).collect(),
                kinds,
            });
        }
        out
    }

    /// The directions from the first piece, each with the turns its last legs may take.
    fn progression_directions(&mut self, p: &ProgressionSpec) -> Vec<(DirId, Vec<DirId>)> {
        let directions = self.directions(&p.directions);
        let mut with_turns = Vec::new();
        for d in directions {
            let name = self.board.direction_name(d).to_string();
            let turns = p
                .turns
                .get(&name)
                .map_or_else(Vec::new, |t| self.directions(t));
            with_turns.push((d, turns));
        }
        for (name, list) in &p.turns {
            if !p.directions.get_ref().iter().any(|d| d.get_ref() == name) {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        list.span(),
                        format!("`turns` names `{name}`, which is not one of `directions`"),
                    )
                    .label("not a direction of the progression")
                    .help("turns are given for the directions listed in `directions`"),
                );
            }
        }
        with_turns
    }

    /// `squares` (3 or 4) and `kinds` (with 4 only, from 1 to the number of means).
    fn progression_kinds(&mut self, p: &ProgressionSpec, squares: u8) -> Option<u8> {
        if let Some(s) = &p.squares
            && !(3..=4).contains(s.get_ref())
        {
            self.err(
                Diagnostic::new(
                    Code::InvalidValue,
                    s.span(),
                    format!(
                        "`squares = {}`: a progression has 3 or 4 pieces",
                        s.get_ref()
                    ),
                )
                .label("expected 3 or 4")
                .help(
                    "`squares = 4` with `kinds = 2` is Victoria major, `kinds = 3` excellentissima",
                ),
            );
            return None;
        }
        match (&p.kinds, squares) {
            (Some(k), 4) if (1..=p.means.len()).contains(&usize::from(*k.get_ref())) => {
                Some(*k.get_ref())
            }
            (Some(k), 4) => {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        k.span(),
                        format!(
                            "`kinds = {}`: from 1 to the number of `means` ({})",
                            k.get_ref(),
                            p.means.len()
                        ),
                    )
                    .label("no such count of kinds")
                    .help("`kinds = 2`: exactly two kinds of mean present (Victoria major)"),
                );
                None
            }
            (None, 4) => {
                self.err(
                    Diagnostic::new(
                        Code::MissingKey,
                        p.name.span(),
                        "a progression of four pieces needs `kinds`",
                    )
                    .label("no `kinds`")
                    .help("`kinds = 2` (Victoria major) or `kinds = 3` (excellentissima)"),
                );
                None
            }
            (Some(k), _) => {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        k.span(),
                        "`kinds` counts the means of four pieces: it needs `squares = 4`",
                    )
                    .label("three pieces are in one mean")
                    .help("add `squares = 4`, or leave `kinds` out"),
                );
                None
            }
            (None, _) => None,
        }
    }

    /// Refuses a progression whose pieces cannot stand in a line in its zone for some player:
    /// `squares` nodes one step apart, straight on or after an allowed turn at the second.
    fn progression_fits(
        &mut self,
        p: &ProgressionSpec,
        squares: u8,
        directions: &[(DirId, Vec<DirId>)],
        per_player: &[NodeSet],
        names: &[&str],
    ) {
        let board = self.board;
        let step = |n, d| board.step(n, d).map(|s| s.to);
        for (i, zone) in per_player.iter().enumerate() {
            let fits = board.node_ids().filter(|&a| zone.contains(a)).any(|a| {
                directions.iter().any(|(d, turns)| {
                    let Some(m) = step(a, *d).filter(|&m| zone.contains(m)) else {
                        return false;
                    };
                    std::iter::once(d).chain(turns).any(|&d2| {
                        let mut at = m;
                        (2..squares).all(|_| match step(at, d2).filter(|&n| zone.contains(n)) {
                            Some(n) => {
                                at = n;
                                true
                            }
                            None => false,
                        })
                    })
                })
            });
            if !fits {
                let player = names.get(i).copied().unwrap_or("a player");
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        p.name.span(),
                        format!(
                            "`{}` needs {squares} squares in a line in zone `{}`, and {player}'s has none",
                            p.name.get_ref(),
                            p.zone.get_ref()
                        ),
                    )
                    .label("cannot be reached on this board")
                    .help("a larger zone, or fewer `squares`"),
                );
                return;
            }
        }
    }
}
