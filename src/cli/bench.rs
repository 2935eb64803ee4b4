//! `bench`: single-threaded perft speed and load times of the shipped variants.

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use super::args::BenchArgs;
use super::output::io_error;

/// `bench`: the perft table, then the load table; fails when a case could not run.
pub fn bench_command(args: &BenchArgs, out: &mut dyn Write) -> Result<ExitCode, String> {
    let variants = args.root.join("variants");
    if !variants.is_dir() {
        return Err(format!(
            "bench runs on the shipped variants: `{}` is not a directory (run it from the repository root, or give --root)",
            variants.display()
        ));
    }
    let skipped = perft_table(args, out)?;
    load_table(&args.root, &variants, out)?;
    if !skipped.is_empty() {
        return Err(format!(
            "{} benchmark case(s) could not run: their variant files are missing or do not load",
            skipped.len()
        ));
    }
    Ok(ExitCode::SUCCESS)
}

/// The perft speed of each case, a line as it finishes; returns the cases that could not run.
fn perft_table(args: &BenchArgs, out: &mut dyn Write) -> Result<Vec<(String, String)>, String> {
    writeln!(
        out,
        "{:<26} {:>5} {:>12} {:>9} {:>14}",
        "perft (1 thread)", "depth", "nodes", "seconds", "nodes/s"
    )
    .map_err(io_error)?;
    let mut failed: Option<std::io::Error> = None;
    let (_, skipped) = crate::bench::run_perft(&args.root, args.quick, |r| {
        if let Err(e) = writeln!(
            out,
            "{:<26} {:>5} {:>12} {:>9.3} {:>14.0}",
            r.name,
            r.depth,
            r.nodes,
            r.time.as_secs_f64(),
            r.nps()
        )
        .and_then(|()| out.flush())
        {
            failed.get_or_insert(e);
        }
    });
    if let Some(e) = failed {
        return Err(e.to_string());
    }
    for (name, why) in &skipped {
        writeln!(out, "{name:<26} {:>5}  ({why})", "FAILS").map_err(io_error)?;
    }
    Ok(skipped)
}

/// The mean load time of each variant file under `variants`; fails when one does not load.
fn load_table(root: &Path, variants: &Path, out: &mut dyn Write) -> Result<(), String> {
    writeln!(
        out,
        "\n{:<45} {:>12}",
        "load (parse, validate, compile)", "ms"
    )
    .map_err(io_error)?;
    let mut failing = 0;
    let loads = crate::bench::run_load(root, 10);
    if loads.is_empty() {
        return Err(format!("no variant files under `{}`", variants.display()));
    }
    for r in loads {
        match r.mean {
            Ok(mean) => writeln!(
                out,
                "{:<45} {:>12.2}",
                r.file.display(),
                mean.as_secs_f64() * 1000.0
            ),
            Err(why) => {
                failing += 1;
                writeln!(out, "{:<45} {:>12}  ({why})", r.file.display(), "FAILS")
            }
        }
        .map_err(io_error)?;
    }
    if failing > 0 {
        return Err(format!(
            "{failing} variant file(s) under `{}` do not load (see `chessgraph check`)",
            variants.display()
        ));
    }
    Ok(())
}
