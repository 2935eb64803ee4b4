//! `chessgraph import fsf FILE.ini [--variant NAME] [-o DIR]`: Fairy-Stockfish variants as
//! chessgraph board and variant files.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use chessgraph::diagnostic::{FileReport, SourceFile};
use chessgraph::import::import_fsf;

use super::args::FsfArgs;
use super::output::{io_error, report};

/// Prints (no `-o`) or writes (`-o DIR`, never over a file) the files of every imported section;
/// problems of the ini are reported with their line, and nothing is written.
pub(super) fn import_fsf_command(
    args: &FsfArgs,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let source = SourceFile::read(&args.file).map_err(|failed| {
        let (source, d) = *failed;
        report(&FileReport::new(source, vec![d]), false, colour);
        format!("cannot read {}", args.file.display())
    })?;
    let imported = import_fsf(&source, args.variant.as_deref()).map_err(|e| {
        report(&e.0, false, colour);
        e.to_string()
    })?;
    match &args.output {
        None => {
            for i in &imported {
                for (name, text) in [
                    (&i.board_file, &i.board_text),
                    (&i.variant_file, &i.variant_text),
                ] {
                    writeln!(out, "# ==> {name} <==\n{text}").map_err(io_error)?;
                }
            }
        }
        Some(dir) => {
            let files: Vec<(PathBuf, String)> = imported
                .iter()
                .flat_map(|i| {
                    [
                        (dir.join(&i.board_file), i.board_text.clone()),
                        (dir.join(&i.variant_file), i.variant_text.clone()),
                    ]
                })
                .collect();
            if !dir.is_dir() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot make the folder {}: {e}", dir.display()))?;
            }
            super::authoring::write_new_files(&files, "import")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
