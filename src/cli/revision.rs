//! Variant files at a git revision (`chessgraph diff FILE@REV ...`): the file, the files it
//! `extends` and its board are read with `git show REV:PATH` (the `git` program on the `PATH`)
//! and written under a temporary folder with the repository's layout, where they load as
//! usual. Only those files are read, at that revision; nothing in the working tree changes.
//!
//! `FILE@REV` is read as a revision only when no file of that name exists: an existing file
//! whose name contains `@` wins.

use std::path::{Component, Path, PathBuf};
use std::process::Command;

/// Where a variant is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantSource {
    /// A file in the working tree.
    File(PathBuf),
    /// A file at a git revision.
    Revision {
        /// The file, as a path in the working tree.
        path: PathBuf,
        /// The revision (`HEAD~1`, a branch, a commit).
        rev: String,
    },
}

impl VariantSource {
    /// Reads `FILE` or `FILE@REV`; an existing file whose name holds `@` is a file.
    pub fn parse(spec: &str) -> VariantSource {
        if Path::new(spec).exists() {
            return VariantSource::File(spec.into());
        }
        match spec.rsplit_once('@') {
            Some((path, rev)) if !path.is_empty() && !rev.is_empty() => VariantSource::Revision {
                path: path.into(),
                rev: rev.to_string(),
            },
            _ => VariantSource::File(spec.into()),
        }
    }
}

/// Why a variant could not be read at a revision.
#[derive(Debug, thiserror::Error)]
#[error("{spec}: {message}")]
pub struct RevisionError {
    /// `FILE@REV` as given.
    pub spec: String,
    /// What went wrong (git's own message when git refused).
    pub message: String,
}

impl miette::Diagnostic for RevisionError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new("diff::revision"))
    }
}

/// A variant's files at a revision, written out; they are removed when this is dropped.
#[derive(Debug)]
pub struct CheckedOut {
    /// The temporary folder (the repository's root at the revision).
    pub dir: tempfile::TempDir,
    /// The variant file inside it.
    pub variant: PathBuf,
}

/// Reads `path` (a variant file) at `rev`, with the files it extends and its board.
pub fn check_out(path: &Path, rev: &str) -> Result<CheckedOut, RevisionError> {
    let spec = format!("{}@{rev}", path.display());
    let fail = |message: String| RevisionError {
        spec: spec.clone(),
        message,
    };
    if rev.starts_with('-') {
        return Err(fail(format!("`{rev}` is not a revision")));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let folder = folder
        .canonicalize()
        .map_err(|e| fail(format!("cannot enter {}: {e}", folder.display())))?;
    let top = git(&folder, &["rev-parse", "--show-toplevel"]).map_err(&fail)?;
    let top = PathBuf::from(String::from_utf8_lossy(&top).trim())
        .canonicalize()
        .map_err(|e| fail(format!("cannot read the repository's root: {e}")))?;
    let name = path
        .file_name()
        .ok_or_else(|| fail("expected a file name before `@`".into()))?;
    let first = inside(&top, &folder.join(name)).map_err(&fail)?;
    let dir = tempfile::Builder::new()
        .prefix("chessgraph-rev-")
        .tempdir()
        .map_err(|e| fail(format!("cannot make a temporary folder: {e}")))?;
    let mut todo = vec![first.clone()];
    let mut files: Vec<PathBuf> = Vec::new();
    while let Some(rel) = todo.pop() {
        if files.contains(&rel) {
            continue;
        }
        let limit = chessgraph::limits::MAX_EXTENDS_DEPTH + 1;
        if files.len() > limit {
            return Err(fail(format!(
                "more than {limit} files are named by `extends` and `board`"
            )));
        }
        let spec_path = format!("{rev}:{}", slash_path(&rel));
        let bytes = git(&top, &["show", &spec_path]).map_err(&fail)?;
        if bytes.len() as u64 > chessgraph::limits::MAX_FILE_BYTES {
            return Err(fail(format!("{} is over the size limit", rel.display())));
        }
        let target = dir.path().join(&rel);
        if let Some(p) = target.parent() {
            std::fs::create_dir_all(p).map_err(|e| fail(format!("cannot write: {e}")))?;
        }
        std::fs::write(&target, &bytes).map_err(|e| fail(format!("cannot write: {e}")))?;
        let text = String::from_utf8_lossy(&bytes);
        let base = rel.parent().map(Path::to_path_buf).unwrap_or_default();
        for named in referenced_files(&text) {
            let named = Path::new(&named);
            let joined = if named.is_absolute() {
                inside(&top, named).map_err(&fail)?
            } else {
                normalize(&base.join(named)).ok_or_else(|| {
                    fail(format!(
                        "{} names {}, outside the repository",
                        rel.display(),
                        named.display()
                    ))
                })?
            };
            todo.push(joined);
        }
        files.push(rel);
    }
    Ok(CheckedOut {
        variant: dir.path().join(&first),
        dir,
    })
}

/// The files a variant text names: `extends` and `[variant] board`. Text that does not parse
/// names none (the loader will say what is wrong with it).
fn referenced_files(text: &str) -> Vec<String> {
    let Ok(table) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(e) = table.get("extends").and_then(|v| v.as_str()) {
        out.push(e.to_string());
    }
    if let Some(b) = table
        .get("variant")
        .and_then(|v| v.get("board"))
        .and_then(|v| v.as_str())
    {
        out.push(b.to_string());
    }
    out
}

/// `path` (absolute) as a path from `top`, or why not.
fn inside(top: &Path, path: &Path) -> Result<PathBuf, String> {
    let path = normalize(path).unwrap_or_else(|| path.to_path_buf());
    path.strip_prefix(top).map(Path::to_path_buf).map_err(|_| {
        format!(
            "{} is not in the repository {}",
            path.display(),
            top.display()
        )
    })
}

/// `a/b/../c` as `a/c`; `None` when it climbs above its start.
fn normalize(p: &Path) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// A relative path with `/` separators, as git's `REV:PATH` wants it.
fn slash_path(p: &Path) -> String {
    p.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Runs `git ARGS` in `dir`; its standard output, or its message.
fn git(dir: &Path, args: &[&str]) -> Result<Vec<u8>, String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output()
        .map_err(|e| format!("cannot run git: {e}"))?;
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(format!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_at_sign_is_a_revision_only_when_no_such_file_exists() {
        assert_eq!(
            VariantSource::parse("variants/chess.toml@HEAD~1"),
            VariantSource::Revision {
                path: "variants/chess.toml".into(),
                rev: "HEAD~1".into()
            }
        );
        assert_eq!(
            VariantSource::parse("variants/chess.toml"),
            VariantSource::File("variants/chess.toml".into())
        );
    }

    #[test]
    fn paths_are_normalised_inside_the_repository() {
        assert_eq!(
            normalize(Path::new("variants/../boards/chess.toml")),
            Some(PathBuf::from("boards/chess.toml"))
        );
        assert_eq!(normalize(Path::new("../x")), None);
    }
}
