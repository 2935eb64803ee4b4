//! `fix`: files written for an earlier format brought to the current one by the mechanical
//! migrations of `docs/format-changes.md`, each written atomically and only when it changes.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use super::output_file::write_output;

use super::output::{io_error, report, shown};

/// `fix FILE...`: `FILE: fixed` for a rewritten file, `FILE: nothing to change` for one left
/// alone; a file that does not load has its problems printed and fails the command.
pub fn fix_command(
    files: &[PathBuf],
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let mut ok = true;
    for f in files {
        match chessgraph::lint::migrate(f) {
            Ok(None) => writeln!(out, "{}: nothing to change", shown(f)).map_err(io_error)?,
            Ok(Some(text)) => match write_output(f, text.as_bytes(), &[]) {
                Ok(()) => writeln!(out, "{}: fixed", shown(f)).map_err(io_error)?,
                Err(e) => {
                    status!("error: {e}");
                    ok = false;
                }
            },
            Err(reports) => {
                for r in &reports {
                    report(r, false, colour);
                }
                status!(
                    "{}: not fixed: it does not load (the problems above)",
                    shown(f)
                );
                ok = false;
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
