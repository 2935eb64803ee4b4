//! `chessgraph import fsf FILE.ini [--variant NAME] [-o DIR]`: Fairy-Stockfish variants as
//! chessgraph board and variant files.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chessgraph::diagnostic::{FileReport, SourceFile};
use chessgraph::import::import_fsf;

use super::args::FsfArgs;
use super::output::{io_error, report};

/// Prints (no `-o`) or writes (`-o DIR`, never over a file, all or none) the files of every
/// section that imports; the others are reported with their problems, located, and the exit
/// status is then 1.
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
    let (imported, refused) = import_fsf(&source, args.variant.as_deref());
    if let Some(e) = &refused {
        report(&e.0, false, colour);
    }
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
        Some(_) if imported.is_empty() => {}
        Some(dir) => {
            check_output_folder(dir, args.follow)?;
            // Every board before any variant: a variant is never there without its board.
            let boards = imported
                .iter()
                .map(|i| (&i.board_file, &i.board_text, "board"));
            // A variant that extends a shipped file names it from DIR.
            let texts: Vec<String> = imported.iter().map(|i| extends_from(dir, i)).collect();
            let variants = imported
                .iter()
                .zip(&texts)
                .map(|(i, text)| (&i.variant_file, text, "variant"));
            let files: Vec<(PathBuf, String)> = boards
                .chain(variants)
                .map(|(name, text, kind)| {
                    let text = match schema_near(dir, kind) {
                        Some(schema) => format!("#:schema {schema}\n{text}"),
                        None => text.clone(),
                    };
                    (dir.join(name), text)
                })
                .collect();
            super::authoring::write_new_files(&files, "import")?;
        }
    }
    match refused {
        None => Ok(ExitCode::SUCCESS),
        Some(e) if imported.is_empty() => Err(e.to_string()),
        Some(e) => Err(format!(
            "{e}; the other {} section(s) were imported",
            imported.len()
        )),
    }
}

/// The path from `dir` to `schema/KIND.schema.json` in `dir` or the nearest folder above it that
/// has one (a checkout's `schema/` beside its `variants/`), written with `/` for taplo's
/// `#:schema` line; `None` when there is none, so that no file names a schema that is not there.
fn schema_near(dir: &Path, kind: &str) -> Option<String> {
    let file = format!("{kind}.schema.json");
    let mut at = lexical_absolute(dir)?;
    let mut up = 0;
    loop {
        if at.join("schema").join(&file).is_file() {
            return Some(format!("{}schema/{file}", "../".repeat(up)));
        }
        if !at.pop() {
            return None;
        }
        up += 1;
    }
}

/// `path` made absolute, `..` taken lexically, as the path is written (the folder may not exist
/// yet).
fn lexical_absolute(path: &Path) -> Option<PathBuf> {
    let start = std::path::absolute(path).ok()?;
    let mut at = PathBuf::new();
    for c in start.components() {
        match c {
            std::path::Component::ParentDir => {
                at.pop();
            }
            std::path::Component::CurDir => {}
            c => at.push(c),
        }
    }
    Some(at)
}

/// The variant text of `i` with its `extends` (an absolute path to a shipped variant) written
/// relative to `dir`, where the file goes; unchanged when it extends nothing.
fn extends_from(dir: &Path, i: &chessgraph::import::Imported) -> String {
    let Some(target) = &i.extends else {
        return i.variant_text.clone();
    };
    let (Some(from), Some(to)) = (lexical_absolute(dir), lexical_absolute(target)) else {
        return i.variant_text.clone();
    };
    let (a, b): (Vec<_>, Vec<_>) = (from.components().collect(), to.components().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    // Only the root in common: the absolute path says more than a climb to it.
    if common <= 1 {
        return i.variant_text.clone();
    }
    let mut rel: Vec<String> = vec!["..".to_string(); a.len() - common];
    rel.extend(
        b[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    let old = format!(
        "extends = \"{}\"",
        target.to_string_lossy().replace('\\', "/")
    );
    let new = format!("extends = \"{}\"", rel.join("/"));
    i.variant_text.replacen(&old, &new, 1)
}

/// Refuses an output folder that is a file, or a symbolic link unless `follow` (a link could
/// lead anywhere, a system folder included). A missing folder is made by the write itself, and
/// removed again if the write fails or is interrupted.
fn check_output_folder(dir: &Path, follow: bool) -> Result<(), String> {
    // `link/` would be the folder the link leads to: look at the link itself.
    let dir: PathBuf = dir.components().collect();
    let shown = dir.display();
    match std::fs::symlink_metadata(&dir) {
        Ok(m) if m.file_type().is_symlink() && !follow => {
            let to =
                std::fs::read_link(&dir).map_or_else(|_| "?".into(), |t| t.display().to_string());
            return Err(format!(
                "{shown} is a symbolic link (to {to}): `import` writes only into a real folder unless --follow is given"
            ));
        }
        Ok(m) if m.is_file() => {
            return Err(format!(
                "{shown} is a file, not a folder: -o names the folder the files are written into"
            ));
        }
        _ => {}
    }
    Ok(())
}
