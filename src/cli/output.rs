//! Where a command's text goes: data on standard output, diagnostics and status on standard
//! error, and how a closed or broken standard output is noticed.

use std::io::Write;
use std::path::Path;

use chessgraph::diagnostic::{FileReport, printable};

/// Writes to standard error. A failure to write there (a full device, a closed stream) is
/// ignored: there is nowhere left to report it, and it must not end the command.
pub fn to_stderr(args: std::fmt::Arguments<'_>) {
    let _ = std::io::stderr().write_fmt(args);
}

/// `eprintln!` that never panics: see [`to_stderr`].
macro_rules! status {
    ($($arg:tt)*) => {
        $crate::cli::output::to_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes a file's diagnostics to standard error, drawn with their snippets or one line each.
pub fn report(r: &FileReport, short: bool, colour: bool) {
    if r.diagnostics.is_empty() {
        return;
    }
    if short {
        to_stderr(format_args!("{}", r.render_short()));
    } else {
        to_stderr(format_args!("{}", r.render(colour, 100)));
    }
}

/// A path as it may be printed (a file name may hold control characters).
pub fn shown(path: &Path) -> String {
    printable(&path.display().to_string()).into_owned()
}

/// A failure to write the command's output, as the message for stderr.
pub fn io_error(e: std::io::Error) -> String {
    e.to_string()
}

/// Whether standard output was closed when the command started (`>&-`). The standard library
/// then opens `/dev/null` in its place (read-write, which no shell redirection does), and the
/// result would be lost while the command succeeds. Linux only (`/proc`); elsewhere, false.
pub fn stdout_was_closed() -> bool {
    let target = std::fs::read_link("/proc/self/fd/1");
    let info = std::fs::read_to_string("/proc/self/fdinfo/1");
    let (Ok(target), Ok(info)) = (target, info) else {
        return false;
    };
    let flags = info
        .lines()
        .find_map(|l| l.strip_prefix("flags:"))
        .and_then(|f| u32::from_str_radix(f.trim(), 8).ok());
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    target == Path::new("/dev/null") && flags.is_some_and(|f| f & ACCESS_MODE == READ_WRITE)
}

/// A writer that counts the bytes written through it and remembers whether its reader went
/// away (a broken pipe: `chessgraph check ... | head`).
pub struct Counted<W> {
    /// The stream written to.
    pub inner: W,
    /// The bytes written so far.
    pub bytes: u64,
    /// Whether a write met a broken pipe.
    pub reader_gone: bool,
}

impl<W> Counted<W> {
    /// Counts nothing yet.
    pub fn new(inner: W) -> Self {
        Counted {
            inner,
            bytes: 0,
            reader_gone: false,
        }
    }

    /// Notes a broken pipe on the way through.
    fn seen<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if r.as_ref()
            .is_err_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
        {
            self.reader_gone = true;
        }
        r
    }
}

impl<W: Write> Write for Counted<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = self.inner.write(buf);
        let n = self.seen(r)?;
        self.bytes += n as u64;
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.inner.flush();
        self.seen(r)
    }
}
