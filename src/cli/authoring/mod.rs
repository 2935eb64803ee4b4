//! The authoring commands: `schema` (the JSON Schema of the file formats) and `new` (a complete,
//! commented board or variant file to start from).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::interrupt::{Interrupt, deferred};
use super::output_file::temporary_in;
use chessgraph::FileKind;
use chessgraph::schema::schema_text;
use tempfile::NamedTempFile;

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

/// Writes new files, all or none: every target is checked first, and if one exists (or two
/// targets are one file) nothing is written and the error names it; `command` names the
/// command in it. Missing folders are made. Each file is written to a temporary file beside
/// its target, and only when all are written do they take their names, in the order given (so
/// a file is never there without the ones before it: give a board before the variant that
/// names it), never over a file that appeared meanwhile. A failure (a full disk) or Ctrl-C
/// leaves no file behind, nor a folder it made.
pub fn write_new_files(files: &[(PathBuf, String)], command: &str) -> Result<(), String> {
    let files: Vec<(PathBuf, String)> = files
        .iter()
        .map(|(path, text)| (resolve_missing(path), text.clone()))
        .collect();
    let files = files.as_slice();
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
    deferred(|interrupt| {
        let mut made = Vec::new();
        let written = make_folders(files, &mut made).and_then(|()| stage_all(files, interrupt));
        let named = written.and_then(|staged| name_all(staged, files));
        if named.is_err() {
            for folder in made.iter().rev() {
                // Ours, made a moment ago and emptied again: all or none.
                let _ = std::fs::remove_dir(folder);
            }
        }
        named
    })?;
    for (path, _) in files {
        to_stderr(format_args!("wrote {}\n", path.display()));
    }
    Ok(())
}

/// `path` with each `..` that follows a folder that does not exist taken lexically
/// (`x/../y` is `y` when `x` is missing: the system cannot go through a missing folder, and
/// nothing that is not there can be a link); a `..` after an existing folder is left to the
/// system, which follows links as it should.
fn resolve_missing(path: &Path) -> PathBuf {
    let mut at = PathBuf::new();
    for c in path.components() {
        match c {
            std::path::Component::ParentDir
                if !at.as_os_str().is_empty()
                    && !at.ends_with("..")
                    && at.symlink_metadata().is_err() =>
            {
                at.pop();
            }
            c => at.push(c),
        }
    }
    at
}

/// Makes the missing folders of `files`, outermost first, each recorded in `made`.
fn make_folders(files: &[(PathBuf, String)], made: &mut Vec<PathBuf>) -> Result<(), String> {
    for (path, _) in files {
        let Some(folder) = path.parent().filter(|d| !d.as_os_str().is_empty()) else {
            continue;
        };
        let missing: Vec<&Path> = folder
            .ancestors()
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .collect();
        for d in missing.into_iter().rev() {
            std::fs::create_dir(d)
                .map_err(|e| format!("cannot make the folder {}: {e}", d.display()))?;
            made.push(d.to_path_buf());
        }
    }
    Ok(())
}

/// Every file staged; on Ctrl-C the staged ones are dropped (removed) and nothing is named.
fn stage_all(
    files: &[(PathBuf, String)],
    interrupt: &Interrupt,
) -> Result<Vec<NamedTempFile>, String> {
    let mut staged = Vec::with_capacity(files.len());
    for (path, text) in files {
        if interrupt.requested() {
            return Err("nothing was written".into());
        }
        staged.push(stage(path, text)?);
    }
    Ok(staged)
}

/// The staged files take their names, in order; on a failure the ones named are removed.
fn name_all(staged: Vec<NamedTempFile>, files: &[(PathBuf, String)]) -> Result<(), String> {
    let mut named: Vec<&Path> = Vec::with_capacity(files.len());
    for (tmp, (path, _)) in staged.into_iter().zip(files) {
        if let Err(e) = tmp.persist_noclobber(path) {
            for done in named {
                // Ours, made a moment ago: all or none.
                let _ = std::fs::remove_file(done);
            }
            return Err(format!("cannot create {}: {}", path.display(), e.error));
        }
        named.push(path);
    }
    Ok(())
}

/// `text` in a temporary file in `path`'s folder, on disk.
fn stage(path: &Path, text: &str) -> Result<NamedTempFile, String> {
    let fail = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = temporary_in(dir).map_err(fail)?;
    // Through the file itself: tempfile's own errors would name the temporary file.
    tmp.as_file_mut().write_all(text.as_bytes()).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    Ok(tmp)
}
