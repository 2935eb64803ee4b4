//! What a playtest found: per-seat results with 95% intervals, the first-move advantage, game
//! lengths, how games ended and the piece values; as text or JSON.

use std::collections::BTreeMap;
use std::fmt::Write;

use chessgraph::{Outcome, Position, Rules};
use serde::Serialize;

use super::Played;
use crate::cli::args::PlaytestArgs;

/// One seat's results. A win scores 1, a draw 1/n among n players, a loss 0.
#[derive(Debug, Serialize)]
pub struct Seat {
    /// The player's name.
    pub name: String,
    /// Games won, drawn and lost.
    pub wins: usize,
    /// See `wins`.
    pub draws: usize,
    /// See `wins`.
    pub losses: usize,
    /// The mean score, from 0 to 1.
    pub score: f64,
    /// Half the width of its 95% interval (1.96 standard errors of the mean).
    pub margin: f64,
}

/// The whole report.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// The variant's name.
    pub variant: String,
    /// Games played.
    pub games: usize,
    /// How each move was searched, in words.
    pub limit: String,
    /// Random plies at the start of each game.
    pub random_plies: usize,
    /// The run's seed.
    pub seed: u64,
    /// Results per seat, in turn order.
    pub seats: Vec<Seat>,
    /// The first seat's score minus its fair share (1/n), with its margin, and as Elo.
    pub first_move_advantage: f64,
    /// The Elo difference the first seat's score means (two players only).
    pub first_move_elo: Option<f64>,
    /// Game lengths in plies: shortest, median, mean, longest.
    pub length: Length,
    /// How many games ended by each rule, most common first.
    pub ends: Vec<(String, usize)>,
    /// Each kind's value in centipawns (royal kinds are not counted as material).
    pub values: Vec<(String, i32)>,
}

/// Game lengths in plies.
#[derive(Debug, Serialize)]
pub struct Length {
    /// The shortest game.
    pub min: usize,
    /// The median game.
    pub median: usize,
    /// The mean.
    pub mean: f64,
    /// The longest game.
    pub max: usize,
    /// Games per bucket of `bucket` plies (the first bucket starts at 0).
    pub histogram: Vec<usize>,
    /// The width of a bucket, in plies.
    pub bucket: usize,
}

impl Summary {
    /// The report of `games` of the variant of `rules`.
    pub fn new(rules: &Rules, games: &[Played], values: &[i32], args: &PlaytestArgs) -> Summary {
        let n = games.len().max(1) as f64;
        let seats_n = rules.players().len();
        let seats: Vec<Seat> = (0..seats_n)
            .map(|s| seat(&rules.players()[s].name, s, seats_n, games))
            .collect();
        let fair = 1.0 / seats_n as f64;
        let first = seats.first().map_or(fair, |s| s.score);
        let first_move_elo = (seats_n == 2).then(|| {
            let s = first.clamp(0.5 / n, 1.0 - 0.5 / n);
            400.0 * (s / (1.0 - s)).log10()
        });
        let mut ends: BTreeMap<&str, usize> = BTreeMap::new();
        for g in games {
            *ends.entry(&g.end).or_default() += 1;
        }
        let mut ends: Vec<(String, usize)> =
            ends.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        ends.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let limits = args.limits();
        let mut limit = match (limits.depth, limits.nodes, limits.movetime) {
            (Some(d), _, _) => format!("depth {d}"),
            (_, Some(nodes), _) => format!("{nodes} nodes"),
            (_, _, Some(t)) => format!("{} ms", t.as_millis()),
            _ => "no limit".into(),
        };
        if seats_n > 2 && args.search.max_n() {
            limit.push_str(" (max-n)");
        }
        Summary {
            variant: rules.name().to_string(),
            games: games.len(),
            limit,
            random_plies: args.random_plies,
            seed: args.seed,
            first_move_advantage: first - fair,
            first_move_elo,
            seats,
            length: length(games),
            ends,
            values: (rules.kinds().iter().zip(values))
                .map(|(k, &v)| (format!("{} {}", k.letter, k.name), v))
                .collect(),
        }
    }

    /// The report as text.
    pub fn to_text(&self) -> String {
        let mut t = String::new();
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let _ = writeln!(
            t,
            "playtest {}: {} games, {} per move, {} random opening plies, seed {}",
            self.variant, self.games, self.limit, self.random_plies, self.seed
        );
        let _ = writeln!(t, "seat        wins  draws  losses   score  95% interval");
        for s in &self.seats {
            let _ = writeln!(
                t,
                "{:<10} {:>5} {:>6} {:>7} {:>7}  ±{}",
                s.name,
                s.wins,
                s.draws,
                s.losses,
                pct(s.score),
                pct(s.margin)
            );
        }
        if let Some(first) = self.seats.first() {
            let elo = self
                .first_move_elo
                .map_or(String::new(), |e| format!(", about {e:+.0} Elo"));
            let _ = writeln!(
                t,
                "first-move advantage: {} scores {} (fair share {}, ±{}){elo}",
                first.name,
                pct(first.score),
                pct(first.score - self.first_move_advantage),
                pct(first.margin)
            );
        }
        let l = &self.length;
        let _ = writeln!(
            t,
            "game length (plies): shortest {}, median {}, mean {:.1}, longest {}",
            l.min, l.median, l.mean, l.max
        );
        let most = l.histogram.iter().copied().max().unwrap_or(0).max(1);
        for (i, &count) in l.histogram.iter().enumerate() {
            let bar = "#".repeat((count * 40).div_ceil(most));
            let range = format!("{}-{}", i * l.bucket, (i + 1) * l.bucket - 1);
            let _ = writeln!(t, "  {range:>9} {count:>5} {bar}");
        }
        let _ = writeln!(t, "how the games ended:");
        for (end, count) in &self.ends {
            let _ = writeln!(t, "  {count:>5}  {end}");
        }
        let values: Vec<String> = (self.values.iter())
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(t, "piece values (centipawns): {}", values.join(", "));
        t
    }
}

/// One seat's results over `games`.
fn seat(name: &str, s: usize, seats: usize, games: &[Played]) -> Seat {
    let share = 1.0 / seats as f64;
    let scores: Vec<f64> = (games.iter())
        .map(|g| match g.winner {
            Some(w) if w == s => 1.0,
            Some(_) => 0.0,
            None => share,
        })
        .collect();
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Seat {
        name: name.to_string(),
        wins: games.iter().filter(|g| g.winner == Some(s)).count(),
        draws: games.iter().filter(|g| g.winner.is_none()).count(),
        losses: games
            .iter()
            .filter(|g| g.winner.is_some_and(|w| w != s))
            .count(),
        score: mean,
        margin: 1.96 * (var / n).sqrt(),
    }
}

/// The lengths of `games`, with a histogram of at most 10 buckets of a round width.
fn length(games: &[Played]) -> Length {
    let mut plies: Vec<usize> = games.iter().map(|g| g.plies).collect();
    plies.sort_unstable();
    let max = plies.last().copied().unwrap_or(0);
    let bucket = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|&w| (max / w) < 10)
        .unwrap_or(1000);
    let mut histogram = vec![0; max / bucket + 1];
    for &p in &plies {
        histogram[p / bucket] += 1;
    }
    Length {
        min: plies.first().copied().unwrap_or(0),
        median: plies.get(plies.len() / 2).copied().unwrap_or(0),
        mean: plies.iter().sum::<usize>() as f64 / plies.len().max(1) as f64,
        max,
        histogram,
        bucket,
    }
}

/// How a game ended in `pos`, in a few words: the rule, and whether it was a win or a draw.
pub fn end_name(pos: &Position, o: Outcome) -> String {
    let rules = pos.rules();
    match o {
        // A player to move without a move, while others are in: as `result_text` says it.
        Outcome::Winner(_) if pos.players_in().len() >= 2 => {
            if pos.royal_attacked(pos.to_move()) {
                "checkmate (win)".into()
            } else {
                "stalemate (win)".into()
            }
        }
        Outcome::Winner(_) => "last player standing (win)".into(),
        Outcome::Stalemate(_) => "stalemate (draw)".into(),
        Outcome::WonBy(_, r) => format!("{} (win)", r.name(rules)),
        Outcome::DrawnBy(r) => format!("{} (draw)", r.name(rules)),
        Outcome::OnPoints(_, r) => format!("{} (win on points)", r.name(rules)),
    }
}
