//! `playtest`: the computer plays a variant against itself, and the results say whether the
//! game is balanced (per-seat scores with their uncertainty, the first-move advantage, game
//! lengths, how games ended, the estimated piece values).
//!
//! Each game starts with a few random plies chosen by a generator seeded from `--seed` and the
//! game's number, so games differ and a run is reproducible: with `--depth` or `--nodes` (the
//! default) every game is the same on every machine and with any number of threads; with
//! `--movetime` the searches depend on the machine's speed.

mod chart;
mod report;

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use chessgraph::notation::{legal_move_texts, move_text};
use chessgraph::{Engine, Limits, Outcome, Position};
use rayon::prelude::*;

use super::args::PlaytestArgs;
use super::game::Game;
use super::load::load_position;
use super::output::io_error;
pub use report::Summary;

/// One finished (or stopped) self-play game.
#[derive(Clone, Debug)]
pub struct Played {
    /// Plies played.
    pub plies: usize,
    /// The winning seat, if one won.
    pub winner: Option<usize>,
    /// The rule that ended it, in a few words (`checkmate`, `repetition`, ...).
    pub end: String,
    /// The game's record (start position and moves), for `--records`.
    pub record: String,
}

/// `playtest VARIANT`: plays the games in parallel, then prints the report (text or `--json`),
/// and writes the chart and the records when asked.
pub fn playtest_command(
    args: &PlaytestArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let start = load_position(&args.variant, &args.at, colour)?;
    let opening = Game::new(start.clone(), true);
    if let Some(result) = opening.result_text() {
        return Err(format!(
            "the game is over at the start ({result}): there is nothing to playtest"
        ));
    }
    let limits = args.limits();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build()
        .map_err(|e| format!("cannot start the threads: {e}"))?;
    let bar = progress_bar(args.games);
    let games: Result<Vec<Played>, String> = pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .map(|i| {
                let seed = game_seed(args.seed, i);
                let played = play_one(
                    &start,
                    limits,
                    args.search.max_n(),
                    args.random_plies,
                    args.max_plies,
                    seed,
                );
                if let Some(b) = &bar {
                    b.inc(1);
                }
                played
            })
            .collect()
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let games = games?;
    let values = Engine::new(start.rules()).piece_values().to_vec();
    let summary = Summary::new(start.rules(), &games, &values, args);
    if args.json {
        let text = serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?;
        writeln!(out, "{text}").map_err(io_error)?;
    } else {
        out.write_all(summary.to_text().as_bytes())
            .map_err(io_error)?;
    }
    if let Some(path) = &args.chart {
        let svg = chart::chart_svg(&summary);
        super::output_file::write_output(path, svg.as_bytes(), start.rules().files())
            .map_err(|e| e.to_string())?;
        super::output::to_stderr(format_args!("wrote {}\n", path.display()));
    }
    if let Some(dir) = &args.records {
        let width = args.games.to_string().len();
        let files: Vec<(PathBuf, String)> = (games.iter().enumerate())
            .map(|(i, g)| {
                let name = format!("game-{:0width$}.toml", i + 1);
                (dir.join(name), g.record.clone())
            })
            .collect();
        super::authoring::write_new_files(&files, "playtest")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The seed of game `i`: the run's seed and the game's number mixed (SplitMix64's finaliser),
/// so neighbouring games get unrelated openings.
fn game_seed(seed: u64, i: usize) -> u64 {
    let mut z = seed
        ^ (i as u64)
            .wrapping_add(1)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One self-play game from `start`: `random_plies` random moves, then the engine for every
/// seat within `limits`, until the game ends or `max_plies` plies were played.
fn play_one(
    start: &Position,
    limits: Limits,
    max_n: bool,
    random_plies: usize,
    max_plies: usize,
    seed: u64,
) -> Result<Played, String> {
    let mut game = Game::new(start.clone(), true);
    let mut engine = Engine::new(start.rules());
    engine.set_max_n(max_n);
    let mut state = seed;
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let pos = game.position().clone();
        let text = if game.moves().len() < random_plies {
            let texts = legal_move_texts(&pos);
            state = game_seed(state, texts.len());
            match texts.get((state % texts.len().max(1) as u64) as usize) {
                Some(t) => t.clone(),
                None => break,
            }
        } else {
            let earlier: Vec<u64> = (0..game.moves().len())
                .filter_map(|i| game.position_at(i).map(Position::hash))
                .collect();
            match engine.search(&pos, &earlier, limits).best {
                Some(m) => move_text(&pos, m),
                None => break,
            }
        };
        game.play_text(&text)
            .map_err(|e| format!("the move {text} was refused: {e} (a bug: please report it)"))?;
    }
    let outcome = game.outcome();
    Ok(Played {
        plies: game.moves().len(),
        winner: outcome.and_then(winner_of).map(|p| p.index()),
        end: outcome.map_or_else(
            || format!("unfinished after {max_plies} plies"),
            |o| report::end_name(game.position(), o),
        ),
        record: game.record().to_toml(),
    })
}

/// The player who won, if one did.
fn winner_of(o: Outcome) -> Option<chessgraph::PlayerId> {
    match o {
        Outcome::Winner(p) | Outcome::WonBy(p, _) | Outcome::OnPoints(p, _) => Some(p),
        Outcome::Stalemate(_) | Outcome::DrawnBy(_) => None,
    }
}

/// A progress bar of games, only for a person watching.
fn progress_bar(games: usize) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let pb = indicatif::ProgressBar::new(games as u64);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "playtest [{bar:40}] {pos}/{len} games, {elapsed} (eta {eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        pb
    })
}
