//! Writing the files a command produces (pictures) without ever losing a file.
//!
//! A picture is written to a temporary file in the target's directory and renamed over the
//! target, so a failed write (a full disk) leaves the old file as it was; and a command never
//! writes over one of its own inputs (the variant, the files it extends, its board).

use std::path::{Path, PathBuf};

/// Why an output file was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// No file name at all.
    #[error("no file name given")]
    Empty,
    /// The target is one of the command's input files.
    #[error("refusing to write over `{0}`: the command reads it")]
    IsAnInput(PathBuf),
    /// The file system refused.
    #[error("cannot write `{path}`: {source}")]
    Io {
        /// The target.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Whether two paths name the same existing file (through links and `..` alike).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes `bytes` to `path` atomically (temporary file and rename), unless `path` is empty or
/// names one of `inputs`.
pub fn write_output(path: &Path, bytes: &[u8], inputs: &[PathBuf]) -> Result<(), OutputError> {
    use std::io::Write;
    if path.as_os_str().is_empty() {
        return Err(OutputError::Empty);
    }
    if let Some(input) = inputs.iter().find(|i| same_file(path, i)) {
        return Err(OutputError::IsAnInput(input.clone()));
    }
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(io)?;
    tmp.write_all(bytes).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path).map_err(|e| io(e.error))?;
    Ok(())
}
