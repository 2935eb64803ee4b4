//! The authoring commands: `schema` (the JSON Schema of the file formats) and `new` (a complete,
//! commented board or variant file to start from).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chessgraph::FileKind;
use chessgraph::schema::schema_text;

use super::args::{FileKindArg, NewArgs};
use super::output::{io_error, to_stderr};

mod templates;

/// `schema board|variant`: the schema on standard output.
pub fn schema_command(kind: FileKindArg, out: &mut dyn Write) -> Result<ExitCode, String> {
    let kind = match kind {
        FileKindArg::Board => FileKind::Board,
        FileKindArg::Variant => FileKind::Variant,
    };
    out.write_all(schema_text(kind).as_bytes())
        .map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `new board|variant NAME`: writes the files, never over an existing one.
pub fn new_command(args: &NewArgs) -> Result<ExitCode, String> {
    templates::write_new(args)
}

/// Writes new files: every target is checked first, and if one exists (or two targets are one
/// file) nothing is written and the error names it; `command` names the command in it.
pub fn write_new_files(files: &[(PathBuf, String)], command: &str) -> Result<(), String> {
    for (i, (path, _)) in files.iter().enumerate() {
        if path.symlink_metadata().is_ok() {
            return Err(format!(
                "{} already exists: `{command}` never writes over a file (choose another name or folder, or move it)",
                path.display()
            ));
        }
        if files[..i].iter().any(|(p, _)| p == path) {
            return Err(format!(
                "{} would be written twice: two sections make one file name",
                path.display()
            ));
        }
    }
    for (path, text) in files {
        write_fresh(path, text)?;
        to_stderr(format_args!("wrote {}\n", path.display()));
    }
    Ok(())
}

/// Creates `path` with `text`; fails rather than replace a file that appeared meanwhile.
fn write_fresh(path: &Path, text: &str) -> Result<(), String> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    f.write_all(text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}
