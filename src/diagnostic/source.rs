//! The text of board and variant files: reading a file (bounded, a regular file, UTF-8 without raw
//! control or bidirectional formatting characters), locating a byte in it, and the set of files a
//! variant was loaded from (it and the files it `extends`) as one span space.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{Code, Diagnostic, FileReport, is_unprintable, printable};
use crate::limits::MAX_FILE_BYTES;

/// The text of a data file with its name, shared by every diagnostic about it.
#[derive(Clone, Debug)]
pub struct SourceFile {
    path: PathBuf,
    /// Shared with the reports drawn from it.
    pub(super) text: Arc<str>,
}

impl SourceFile {
    /// A source from its path (as it should be printed) and its text.
    pub fn new(path: impl Into<PathBuf>, text: impl Into<Arc<str>>) -> Self {
        SourceFile {
            path: path.into(),
            text: text.into(),
        }
    }

    /// The path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path as it may be printed: [`printable`] (a file name may hold any character).
    pub(crate) fn shown_path(&self) -> String {
        printable(&self.path.display().to_string()).into_owned()
    }

    /// The whole text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..floor_char_boundary(&self.text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        (line, before[line_start..].chars().count() + 1)
    }
}

impl SourceFile {
    /// Reads a board or variant file: only a regular file (never a FIFO, device or directory,
    /// which could block or never end), of at most [`MAX_FILE_BYTES`] bytes, in UTF-8. On
    /// failure, the source as far as it could be read (for locating the problem) and the
    /// diagnostic (`file::unreadable`), located at the offending byte for a UTF-8 error.
    pub fn read(path: &Path) -> Result<SourceFile, Box<(SourceFile, Diagnostic)>> {
        let bytes =
            read_regular_file(path).map_err(|message| unreadable(path, "", 0..0, message))?;
        let text = String::from_utf8(bytes).map_err(|e| not_utf8(path, &e))?;
        match text.find(is_raw_control) {
            None => Ok(SourceFile::new(path, text)),
            Some(at) => Err(raw_control(path, &text, at)),
        }
    }

    /// The length in bytes of the line holding `offset`.
    pub(super) fn line_len_at(&self, offset: usize) -> usize {
        let text = &self.text;
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
        let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
        end - start
    }
}

/// A failure to read `path`: the source as far as it was read and a `file::unreadable` diagnostic.
fn unreadable(
    path: &Path,
    text: &str,
    span: std::ops::Range<usize>,
    message: String,
) -> Box<(SourceFile, Diagnostic)> {
    Box::new((
        SourceFile::new(path, text),
        Diagnostic::new(Code::Io, span, message),
    ))
}

/// The bytes of `path` if it is a regular file of at most [`MAX_FILE_BYTES`] bytes, or why not.
/// The limit holds while reading too: a file that grows after its size was looked at is cut off
/// one byte past the limit.
fn read_regular_file(path: &Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read the file: {e}"))?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "not a regular file (a FIFO, a device, ...)"
        };
        return Err(format!("cannot read the file: it is {what}"));
    }
    let too_large = |n: u64| {
        format!("the file has {n} bytes or more; files may have at most {MAX_FILE_BYTES} bytes")
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|e| format!("cannot read the file: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(bytes.len() as u64));
    }
    Ok(bytes)
}

/// The diagnostic of a file that is not UTF-8, located at the first byte that cannot start a
/// character; the text is shown with that byte and those after it replaced.
fn not_utf8(path: &Path, e: &std::string::FromUtf8Error) -> Box<(SourceFile, Diagnostic)> {
    let at = e.utf8_error().valid_up_to();
    let bad = e.as_bytes()[at];
    let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
    unreadable(
        path,
        &text,
        at..at + 1,
        format!("the file is not UTF-8 text: byte 0x{bad:02x} cannot start a character here"),
    )
}

/// The diagnostic of a file holding a raw control or bidirectional formatting character at byte
/// `at`.
fn raw_control(path: &Path, text: &str, at: usize) -> Box<(SourceFile, Diagnostic)> {
    // Shown with every such character as `?` (one byte for one byte, so the location holds):
    // printing the line raw would drive the terminal.
    let c = text[at..].chars().next().unwrap_or('?');
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if is_raw_control(c) {
            shown.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            shown.push(c);
        }
    }
    let what = if c.is_control() {
        "control character"
    } else {
        "bidirectional formatting character"
    };
    unreadable(
        path,
        &shown,
        at..at + 1,
        format!(
            "the file holds a raw {what} (U+{:04X}), shown as `?`",
            u32::from(c)
        ),
    )
}

/// A character a data file may not hold raw: a control character other than tab and line
/// endings, or a bidirectional formatting character.
fn is_raw_control(c: char) -> bool {
    // Tabs and line breaks are text; other control characters would drive the terminal, and
    // bidirectional formatting characters would reorder the line.
    is_unprintable(c) && !matches!(c, '\t' | '\n' | '\r')
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Several source files seen as one span space, for files that `extends` others: file `i` occupies
/// the byte range starting at its offset. Diagnostics carry spans in that space; `SourceSet::reports`
/// gives each file its own report.
#[derive(Clone, Debug, Default)]
pub struct SourceSet {
    files: Vec<(SourceFile, usize)>,
}

impl SourceSet {
    /// An empty set.
    pub(crate) fn new() -> Self {
        SourceSet::default()
    }

    /// Adds a file and returns the offset its spans are shifted by.
    pub(crate) fn add(&mut self, file: SourceFile) -> usize {
        let offset = self.files.last().map_or(0, |(f, o)| o + f.text().len() + 1);
        self.files.push((file, offset));
        offset
    }

    /// The files with the offsets of their spans, in the order they were added.
    pub(crate) fn files(&self) -> impl Iterator<Item = (&SourceFile, usize)> {
        self.files.iter().map(|(f, o)| (f, *o))
    }

    /// The paths of the files, in the order they were added.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &Path> {
        self.files.iter().map(|(f, _)| f.path())
    }

    /// The file a shifted position belongs to, with its offset.
    pub(crate) fn file_at(&self, pos: usize) -> Option<(&SourceFile, usize)> {
        self.files
            .iter()
            .rev()
            .find(|(_, o)| *o <= pos)
            .map(|(f, o)| (f, *o))
    }

    /// Splits diagnostics by file (unshifting spans); files without diagnostics are left out, except
    /// the main file, which always has a report.
    pub(crate) fn reports(&self, diags: Vec<Diagnostic>) -> Vec<FileReport> {
        let mut per: Vec<Vec<Diagnostic>> = vec![Vec::new(); self.files.len().max(1)];
        let index_at = |pos: usize| self.files.iter().rposition(|(_, o)| *o <= pos).unwrap_or(0);
        for mut d in diags {
            let idx = index_at(d.span.start);
            let off = self.files.get(idx).map_or(0, |(_, o)| *o);
            let shift =
                |s: &std::ops::Range<usize>| s.start.saturating_sub(off)..s.end.saturating_sub(off);
            d.span = shift(&d.span);
            // A related span in another file (one the variant extends) cannot be drawn in this
            // file's snippet: it is named, with its place, in the help line instead.
            let mut elsewhere = Vec::new();
            let mut here = Vec::new();
            for (s, label) in std::mem::take(&mut d.related) {
                let j = index_at(s.start);
                match self.files.get(j) {
                    Some((f, o)) if j != idx => {
                        let (line, column) = f.line_col(s.start - o);
                        elsewhere.push(format!("{label}: {}:{line}:{column}", f.shown_path()));
                    }
                    _ => here.push((shift(&s), label)),
                }
            }
            d.related = here;
            if !elsewhere.is_empty() {
                let notes = elsewhere.join("; ");
                d.help = Some(match d.help.take() {
                    Some(h) => format!("{h} ({notes})"),
                    None => notes,
                });
            }
            per[idx].push(d);
        }
        per.into_iter()
            .enumerate()
            .filter(|(i, d)| *i == 0 || !d.is_empty())
            .filter_map(|(i, d)| {
                self.files
                    .get(i)
                    .map(|(f, _)| FileReport::new(f.clone(), d))
            })
            .collect()
    }
}
