//! `perft`: the count (plain, hashed, on several threads), and the work units that share a
//! perft out between machines (`--split`, `--unit`, `--merge`).

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::merge::{self, Named};
use super::units::{self, FilesHash, Unit, UnitResult};
use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::perft::{self, HashStats, PerftTable};

use super::args::PerftArgs;
use super::load::{load_rules, position_at};
use super::output::{io_error, shown, to_stderr};

/// `perft`: the count and the divide, a split, one unit's count, or the merge of a split's results.
pub(super) fn perft_command(
    args: &PerftArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    if let Some(files) = &args.merge {
        return merge_command(files, out);
    }
    let Some(variant) = &args.variant else {
        return Err("perft needs a variant file".into());
    };
    let rules = load_rules(variant, colour)?;
    let how = Counting {
        threads: args.threads,
        hash: args.hash,
        divide: args.divide,
    };
    if let Some(line) = &args.unit {
        if args.at.fen.is_some() || !args.at.moves.trim().is_empty() {
            return Err(
                "--unit: the unit line holds its position: leave out --fen and --moves".into(),
            );
        }
        return unit_command(&rules, line, &how, out);
    }
    let Some(depth) = args.depth else {
        return Err("perft needs a depth (or --unit LINE)".into());
    };
    let mut pos = position_at(&rules, &args.at)?;
    if let Some(k) = args.split {
        return split_command(&rules, &mut pos, args, depth, k, out);
    }
    let (lines, total) = how.count(&pos, depth)?;
    if args.json {
        let lines = args.divide.then_some(lines.as_slice());
        return super::json::perft(&pos, depth, total, lines, out)
            .map(|()| ExitCode::SUCCESS)
            .map_err(io_error);
    }
    if args.divide {
        for (m, n) in lines {
            writeln!(out, "{m}: {n}").map_err(io_error)?;
        }
        writeln!(out).map_err(io_error)?;
    }
    writeln!(out, "Nodes searched: {total}").map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// How to count: threads, hash table, divide.
struct Counting {
    threads: Option<usize>,
    hash: Option<usize>,
    divide: bool,
}

impl Counting {
    /// Counts `depth` plies below `pos` (the divide's lines, and the total), with the status on
    /// standard error: the speed, and the table's use with `--hash`.
    fn count(&self, pos: &Position, depth: u32) -> Result<(Vec<(String, u64)>, u64), String> {
        let table = self
            .hash
            .map(PerftTable::new)
            .transpose()
            .map_err(|e| format!("--hash: {e}"))?;
        let start = std::time::Instant::now();
        let threads = self.threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let progress = progress_bar(depth);
        let report = |done: u64, all: u64| {
            if let Some(pb) = &progress {
                pb.set_length(all);
                pb.set_position(done);
            }
        };
        let mut pos = pos.clone();
        let (lines, total, stats) = if threads <= 1 && progress.is_none() {
            if self.divide || table.is_some() {
                perft::divide_hashed(&mut pos, depth, table.as_ref())
                    .map_err(|e| format!("--hash: {e}"))?
            } else {
                (
                    Vec::new(),
                    perft::perft(&mut pos, depth),
                    HashStats::default(),
                )
            }
        } else {
            perft::divide_parallel_hashed(&pos, depth, threads, table.as_ref(), Some(&report))
                .map_err(|e| format!("--hash: {e}"))?
        };
        if let Some(pb) = progress {
            pb.finish_and_clear();
        }
        let secs = start.elapsed().as_secs_f64();
        status(format_args!(
            "perft {depth}: {total} nodes in {secs:.3} s ({:.0} nodes/s)",
            total as f64 / secs.max(1e-9)
        ));
        if let Some(t) = &table {
            let percent = 100.0 * stats.hits as f64 / (stats.probes as f64).max(1.0);
            status(format_args!(
                "hash: {} entries; {} probes, {} hits ({percent:.1}%), {} stores",
                t.entries(),
                stats.probes,
                stats.hits,
                stats.stores
            ));
        }
        Ok((lines, total))
    }
}

/// Writes one status line to standard error.
fn status(args: std::fmt::Arguments<'_>) {
    to_stderr(format_args!("{args}\n"));
}

/// A progress bar only for a person watching a long run.
fn progress_bar(depth: u32) -> Option<indicatif::ProgressBar> {
    (std::io::stderr().is_terminal() && depth >= 5).then(|| {
        let pb = indicatif::ProgressBar::new(0);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "perft {prefix} [{bar:40}] {pos}/{len} subtrees, {elapsed} (eta {eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
            .progress_chars("=> "),
        );
        pb.set_prefix(depth.to_string());
        pb
    })
}

/// `perft --split K`: the work units, one line each, and their number on standard error.
fn split_command(
    rules: &Arc<Rules>,
    pos: &mut Position,
    args: &PerftArgs,
    depth: u32,
    k: u32,
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    if k > depth {
        return Err(format!(
            "--split {k}: the units are at most DEPTH ({depth}) plies down"
        ));
    }
    let files = FilesHash::of(rules).map_err(|e| e.to_string())?;
    let root = Unit::base(files, args.at.fen.as_deref(), &args.at.moves, depth)
        .map_err(|e| e.to_string())?;
    let units = units::split(&root, pos, k, &mut |u| writeln!(out, "{u}")).map_err(io_error)?;
    if units == 0 {
        // Every line ends within K plies: there is nothing to count, and nothing to merge.
        status(format_args!(
            "perft {depth}, {k} plies down: no unit (every game ends sooner): the count is 0"
        ));
    } else {
        status(format_args!(
            "perft {depth}, {k} plies down: {units} unit(s) of depth {}",
            depth - k
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// `perft VARIANT --unit LINE`: one unit's count, as a result line.
fn unit_command(
    rules: &Arc<Rules>,
    line: &str,
    how: &Counting,
    out: &mut dyn Write,
) -> Result<ExitCode, String> {
    let unit = Unit::parse(line).map_err(|e| format!("--unit: {e}"))?;
    let pos = unit.position(rules).map_err(|e| format!("--unit: {e}"))?;
    let (_, nodes) = how.count(&pos, unit.depth)?;
    writeln!(out, "{}", UnitResult { nodes, unit }).map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `perft --merge UNITS RESULTS...`: the sum of a split's results, every unit counted once.
fn merge_command(files: &[PathBuf], out: &mut dyn Write) -> Result<ExitCode, String> {
    let read = |p: &Path| {
        std::fs::read_to_string(p).map_err(|e| format!("--merge: {}: cannot read: {e}", shown(p)))
    };
    let Some((units_file, result_files)) = files.split_first() else {
        return Err("--merge needs the file of units and the files of results".into());
    };
    let names: Vec<String> = files.iter().map(|p| shown(p)).collect();
    let units_text = read(units_file)?;
    let texts = result_files
        .iter()
        .map(|p| read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let results: Vec<Named<'_>> = texts
        .iter()
        .zip(&names[1..])
        .map(|(text, name)| Named { name, text })
        .collect();
    let units = Named {
        name: &names[0],
        text: &units_text,
    };
    let total = merge::merge(units, &results).map_err(|e| format!("--merge: {e}"))?;
    writeln!(out, "Nodes searched: {total}").map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}
