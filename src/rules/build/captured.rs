//! `[outcome] captured`: the victories by captured material, their numbers by player, checked
//! (no number below 1, a limit only beside a threshold, no victory that refines another).

use super::Builder;
use super::lookup::unknown;
use crate::diagnostic::{Code, Diagnostic};
use crate::rules::{CapturedWin, Player};
use crate::spec::outcome::{CapturedKey, CapturedWinSpec, PerPlayer};
use crate::spec::variant::VariantSpec;

impl Builder<'_> {
    /// The victories by captured material (`[outcome] captured`), numbers by player.
    pub(super) fn captured_wins(
        &mut self,
        spec: &VariantSpec,
        players: &[Player],
    ) -> Vec<CapturedWin> {
        let mut out: Vec<CapturedWin> = Vec::new();
        for c in &spec.outcome.captured {
            let conditions: Vec<_> = c
                .conditions()
                .map(|(key, v)| (key, self.per_player(key, v, players)))
                .collect();
            let win = CapturedWin {
                name: c.name.get_ref().clone(),
                conditions,
            };
            self.check_thresholds(c, &win, players);
            for earlier in &out {
                if let Some((narrow, wide)) = refinement(&win, earlier, players.len()) {
                    self.err(
                        Diagnostic::new(
                            Code::InvalidValue,
                            c.name.span(),
                            format!(
                                "`{}` holds only when `{}` holds too: a victory that adds limits to another is played instead of it, never beside it",
                                narrow.name, wide.name
                            ),
                        )
                        .label("refines another victory of `captured`")
                        .help(format!("keep one of `{}` and `{}`", narrow.name, wide.name)),
                    );
                }
            }
            out.push(win);
        }
        out
    }

    /// One condition's numbers by player, each at least 1.
    fn per_player(
        &mut self,
        key: CapturedKey,
        v: &toml::Spanned<PerPlayer>,
        players: &[Player],
    ) -> Vec<Option<u64>> {
        let mut out = vec![None; players.len()];
        let positive = |n: i64, span: std::ops::Range<usize>, this: &mut Self| {
            let ok = u64::try_from(n).ok().filter(|&n| n >= 1);
            if ok.is_none() {
                this.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        span,
                        format!(
                            "`{} = {n}`: a number of captured material is at least 1",
                            key.key()
                        ),
                    )
                    .label("not a positive number")
                    .help({
                        let (example, how) = match key {
                            CapturedKey::Men => (15, "at least"),
                            CapturedKey::Value => (1315, "at least"),
                            CapturedKey::Digits => (40, "at least"),
                            CapturedKey::MenMax => (15, "at most"),
                            CapturedKey::DigitsMax => (40, "at most"),
                        };
                        format!("e.g. `{} = {example}` ({how} {example})", key.key())
                    }),
                );
            }
            ok
        };
        match v.get_ref() {
            PerPlayer::All(n) => {
                let n = positive(*n, v.span(), self);
                out.iter_mut().for_each(|x| *x = n);
            }
            PerPlayer::Each(map) => {
                for (name, n) in map {
                    let n = positive(*n.get_ref(), n.span(), self);
                    match players.iter().position(|p| &p.name == name) {
                        Some(i) => out[i] = n,
                        None => {
                            let names: Vec<&str> =
                                players.iter().map(|p| p.name.as_str()).collect();
                            self.err(unknown(v.span(), "player", name, &names));
                        }
                    }
                }
            }
        }
        out
    }

    /// A victory needs a threshold, and a player with a limit needs a threshold beside it.
    fn check_thresholds(&mut self, c: &CapturedWinSpec, win: &CapturedWin, players: &[Player]) {
        if !c.conditions().any(|(k, _)| !k.is_limit()) {
            self.err(
                Diagnostic::new(Code::MissingKey, c.name.span(), "a victory by captured material needs `men`, `value` or `digits`")
                    .label("no threshold")
                    .help("e.g. `{ name = \"De corpore\", men = 15 }` or `value = { white = 1315, black = 984 }`"),
            );
            return;
        }
        for (i, p) in players.iter().enumerate() {
            let given = |limit: bool| {
                win.conditions
                    .iter()
                    .any(|(k, by)| k.is_limit() == limit && by[i].is_some())
            };
            if given(true) && !given(false) {
                self.err(
                    Diagnostic::new(
                        Code::MissingKey,
                        c.name.span(),
                        format!("`{}` limits {}'s captured material but gives him no threshold to reach", win.name, p.name),
                    )
                    .label("a limit without a threshold")
                    .help(format!("give {} a `men`, `value` or `digits` in this entry", p.name)),
                );
            }
        }
    }
}

/// Whether one of the two victories holds only when the other does (for every player: every
/// condition of the wider one is among the narrower one's, the same or stricter): returns
/// (narrower, wider).
fn refinement<'w>(
    a: &'w CapturedWin,
    b: &'w CapturedWin,
    players: usize,
) -> Option<(&'w CapturedWin, &'w CapturedWin)> {
    if implies(a, b, players) {
        Some((a, b))
    } else if implies(b, a, players) {
        Some((b, a))
    } else {
        None
    }
}

/// Whether `narrow` holding for a player means `wide` holds for him (and `wide` is played by
/// some player).
fn implies(narrow: &CapturedWin, wide: &CapturedWin, players: usize) -> bool {
    let mut played = false;
    for p in 0..players {
        let for_p = |w: &CapturedWin| -> Vec<(CapturedKey, u64)> {
            w.conditions
                .iter()
                .filter_map(|(k, by)| by[p].map(|x| (*k, x)))
                .collect()
        };
        let (n, w) = (for_p(narrow), for_p(wide));
        if w.is_empty() {
            continue;
        }
        played = true;
        let covered = w.iter().all(|&(k, x)| {
            n.iter()
                .any(|&(nk, nx)| nk == k && if k.is_limit() { nx <= x } else { nx >= x })
        });
        if n.is_empty() || !covered {
            return false;
        }
    }
    played
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win(name: &str, conditions: &[(CapturedKey, u64)]) -> CapturedWin {
        CapturedWin {
            name: name.into(),
            conditions: conditions
                .iter()
                .map(|&(k, x)| (k, vec![Some(x), Some(x)]))
                .collect(),
        }
    }

    #[test]
    fn a_victory_with_more_limits_refines_the_other() {
        use CapturedKey::*;
        let bonis = win("De bonis", &[(Value, 1315)]);
        let lite = win("De lite", &[(Value, 1315), (DigitsMax, 40)]);
        let honore = win("De honore", &[(Value, 1315), (MenMax, 15)]);
        let corpore = win("De corpore", &[(Men, 15)]);
        assert!(implies(&lite, &bonis, 2));
        assert!(!implies(&bonis, &lite, 2));
        assert!(refinement(&bonis, &honore, 2).is_some());
        assert!(refinement(&lite, &honore, 2).is_none());
        assert!(refinement(&corpore, &bonis, 2).is_none());
        assert!(refinement(&corpore, &honore, 2).is_none());
        // A higher value does not refine a lower one's victory away: it still implies it.
        let rich = win("rich", &[(Value, 2000), (DigitsMax, 40)]);
        assert!(implies(&rich, &bonis, 2));
        let poor = win("poor", &[(Value, 1000), (DigitsMax, 40)]);
        assert!(!implies(&poor, &bonis, 2));
    }
}
