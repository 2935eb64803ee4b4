//! Writing the files a command produces (pictures) without ever losing a file.
//!
//! A picture is written to a temporary file in the target's directory and renamed over the
//! target, so a failed write (a full disk) leaves the old file as it was; and a command never
//! writes over one of its own inputs (the variant, the files it extends, its board). Only a
//! regular file is replaced, keeping its permissions; a symbolic link is followed and the file
//! it leads to is written; a directory, a FIFO, a device or a socket is refused, never replaced.

use std::fs::{Metadata, Permissions};
use std::io;
use std::path::{Path, PathBuf};

/// Most symbolic links followed in a row to the file an output path leads to (as Linux allows);
/// more, or a loop, is refused.
const MAX_SYMLINK_HOPS: usize = 40;
/// Why an output file was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// No file name at all.
    #[error("no file name given")]
    Empty,
    /// The target is one of the command's input files.
    #[error("refusing to write over `{0}`: the command reads it")]
    IsAnInput(PathBuf),
    /// The target exists and is not a regular file: a directory, a FIFO, a device, a socket
    /// (itself or at the end of its symbolic links), or it is read-only.
    #[error("cannot write `{path}`: {why}")]
    NotAFile {
        /// The target, as the user named it.
        path: PathBuf,
        /// What it is.
        why: String,
    },
    /// The file system refused.
    #[error("cannot write `{path}`: {source}")]
    Io {
        /// The target, as the user named it.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// Whether two paths name the same existing file (through links and `..` alike).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Refuses an empty path and one that names one of `inputs`: the checks [`write_output`] makes
/// before anything else, for a caller that has work to do (a format to choose, a picture to
/// encode) before writing.
pub fn check_target(path: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    if path.as_os_str().is_empty() {
        return Err(OutputError::Empty);
    }
    if let Some(input) = inputs.iter().find(|i| same_file(path, i)) {
        return Err(OutputError::IsAnInput(input.clone()));
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically (temporary file and rename), unless `path` is empty,
/// names one of `inputs`, or is not (and does not lead to) a regular file or a new one.
pub fn write_output(path: &Path, bytes: &[u8], inputs: &[PathBuf]) -> Result<(), OutputError> {
    check_target(path, inputs)?;
    let (target, permissions) = resolve_target(path)?;
    // Ctrl-C waits for the rename: the file is the old one or the new one, never a stray
    // temporary file beside it.
    super::interrupt::deferred(|_| write_atomically(path, &target, permissions, bytes))
}

/// Where writing `path` puts the bytes: `path` itself or the end of its symbolic links, with
/// the permissions of the file there (`None`: there is none yet).
fn resolve_target(path: &Path) -> Result<(PathBuf, Option<Permissions>), OutputError> {
    let refuse = |why: String| OutputError::NotAFile {
        path: path.to_path_buf(),
        why,
    };
    let mut target = path.to_path_buf();
    for _ in 0..=MAX_SYMLINK_HOPS {
        let meta = match std::fs::symlink_metadata(&target) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let lossy = target.as_os_str().to_string_lossy();
                if lossy.ends_with(std::path::is_separator) {
                    return Err(refuse(
                        "it names a directory (it ends with `/`), not a file".into(),
                    ));
                }
                return Ok((target, None));
            }
            Err(e) => return Err(io_error(path, e)),
            Ok(meta) => meta,
        };
        if meta.file_type().is_symlink() {
            let link = std::fs::read_link(&target).map_err(|e| io_error(path, e))?;
            target = target.parent().unwrap_or(Path::new("")).join(link);
        } else if !meta.is_file() {
            let it = if target == path {
                "it is".to_string()
            } else {
                format!("it leads to `{}`, which is", target.display())
            };
            return Err(refuse(format!("{it} {}, not a regular file", kind(&meta))));
        } else if meta.permissions().readonly() {
            return Err(refuse("the file is read-only".into()));
        } else {
            return Ok((target, Some(meta.permissions())));
        }
    }
    Err(refuse(format!(
        "more than {MAX_SYMLINK_HOPS} symbolic links in a row"
    )))
}

/// What a file that is not a regular one is, for messages.
fn kind(meta: &Metadata) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        for (is, what) in [
            (t.is_fifo(), "a FIFO"),
            (t.is_char_device(), "a character device"),
            (t.is_block_device(), "a block device"),
            (t.is_socket(), "a socket"),
        ] {
            if is {
                return what;
            }
        }
    }
    if meta.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// Writes `bytes` to a temporary file beside `target` and renames it over `target`. The new
/// file gets `permissions` (those of the file it replaces), or those of any new file (read and
/// write for all, less the umask). Errors name `path`, the user's name for the file.
fn write_atomically(
    path: &Path,
    target: &Path,
    permissions: Option<Permissions>,
    bytes: &[u8],
) -> Result<(), OutputError> {
    use std::io::Write;
    let io = |e| io_error(path, e);
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    // A missing folder is reported as the file system says it (tempfile's errors name the
    // temporary file instead).
    std::fs::metadata(dir).map_err(io)?;
    let mut tmp = temporary_in(dir).map_err(io)?;
    if let Some(p) = permissions {
        tmp.as_file().set_permissions(p).map_err(io)?;
    }
    tmp.write_all(bytes).map_err(io)?;
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(target).map_err(|e| io(e.error))?;
    Ok(())
}

/// A new temporary file in `dir` (removed when dropped, unless persisted under its name), with
/// the permissions of any new file: read and write for all, less the umask. Its errors name no
/// file (the user never named the temporary one): the caller says which file it was for.
pub fn temporary_in(dir: &Path) -> io::Result<tempfile::NamedTempFile> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".chessgraph-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir).map_err(unnamed)
}

/// An error tempfile wrapped with the temporary file's name keeps only its kind.
fn unnamed(e: io::Error) -> io::Error {
    if e.raw_os_error().is_none() && e.get_ref().is_some() {
        io::Error::from(e.kind())
    } else {
        e
    }
}

/// A file system error about `path`.
fn io_error(path: &Path, e: io::Error) -> OutputError {
    OutputError::Io {
        path: path.to_path_buf(),
        source: unnamed(e),
    }
}
