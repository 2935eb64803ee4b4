//! Perft suites (`chessgraph perft-suite`): positions with their expected perft counts, in the
//! EPD form the chess-programming community uses or in our own `tests/perft/*.perft` form, run
//! and judged depth by depth.
//!
//! - EPD: one position a line, `POSITION ;D1 20 ;D2 400 ...`; an `id NAME` field (`;id start`)
//!   names it. The position text must fit on one line (it may omit the clocks, as EPD does). The
//!   variant is given by the caller (`--variant`).
//! - `.perft`: entries of `id NAME`, `variant PATH`, `fen TEXT` and `perft DEPTH COUNT` lines,
//!   separated by blank lines. `PATH` is relative to the current directory, or else to the suite's
//!   folder. Entries written by `scripts/fsf-oracle` also have a `moves MOVE...` line (the moves
//!   from the variant's start that reach the position) and an `fsf-fen TEXT` line
//!   (Fairy-Stockfish's text of it): they are read into the entry for the test suite to check;
//!   running a suite does not use them.
//!
//! Lines starting with `#` are comments in both. A suite is read whole before anything is run, so a
//! mistake in it is reported (file, line, column, what was expected) before any count.
//!
//! The command line's, on the library's public API (`chessgraph::perft`); the tests include this
//! file to check suites the same way.

mod read;
mod run;

use std::path::{Path, PathBuf};

use super::text_error::{TextError, column_of};
use read::{parse_epd, parse_perft};
pub use run::run;

/// The code of problems in a suite file.
pub const SUITE_CODE: &str = "perft-suite::syntax";

/// The two suite formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// `POSITION ;D1 N ;D2 N ...` per line.
    Epd,
    /// Our `tests/perft/*.perft` entries.
    Perft,
}

impl Format {
    /// The format of a file: `.perft` files are ours; a file whose first entry line starts with
    /// `id ` is ours too; anything else is EPD.
    pub fn of(path: &Path, text: &str) -> Format {
        if path.extension().is_some_and(|e| e == "perft") {
            return Format::Perft;
        }
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('#'));
        match first {
            Some(l) if l.starts_with("id ") => Format::Perft,
            _ => Format::Epd,
        }
    }
}

/// An expected count, with where it is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expected {
    /// Depth in plies.
    pub depth: u32,
    /// Leaves of the move tree.
    pub nodes: u64,
    /// 1-based line and column of the count.
    pub(crate) at: (usize, usize),
}

/// One position of a suite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name: the `id`, or `line N`.
    pub name: String,
    /// 1-based line where it starts.
    pub line: usize,
    /// The variant file named by the entry (`.perft` files).
    pub variant: Option<PathBuf>,
    /// The position text, with its line and column.
    pub fen: String,
    /// Where the position text is written.
    pub(crate) fen_at: (usize, usize),
    /// The expected counts, by depth as written.
    pub counts: Vec<Expected>,
    /// `moves` (`.perft` files): the moves from the variant's start that reach the position, as
    /// written (Fairy-Stockfish's compact UCI text), when given.
    pub moves: Option<Vec<String>>,
    /// `fsf-fen` (`.perft` files): Fairy-Stockfish's text of the position, when given.
    pub fsf_fen: Option<String>,
}

/// A suite file, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suite {
    /// The file.
    pub(crate) path: PathBuf,
    /// Its format.
    pub format: Format,
    /// Its positions, in file order.
    pub entries: Vec<Entry>,
}

/// Reads a suite's text (`path` names it in messages and anchors relative variant paths).
pub fn parse(path: &Path, text: &str, format: Format) -> Result<Suite, TextError> {
    let entries = match format {
        Format::Epd => parse_epd(path, text)?,
        Format::Perft => parse_perft(path, text)?,
    };
    if entries.is_empty() {
        return Err(TextError::new(
            path,
            text.lines().count().max(1),
            1,
            SUITE_CODE,
            "the suite has no positions",
        ));
    }
    Ok(Suite {
        path: path.to_path_buf(),
        format,
        entries,
    })
}

impl Suite {
    /// The variant file of an entry: `variant` (the caller's choice, `--variant`) when given,
    /// else the entry's own, relative to the current directory or else to the suite's folder.
    pub fn variant_of(&self, e: &Entry, variant: Option<&Path>) -> Result<PathBuf, TextError> {
        if let Some(v) = variant {
            return Ok(v.to_path_buf());
        }
        let Some(own) = &e.variant else {
            return Err(TextError::new(
                &self.path,
                e.line,
                1,
                SUITE_CODE,
                match self.format {
                    Format::Epd => "an EPD suite names no variant: give one with --variant FILE",
                    Format::Perft => {
                        "the entry has no `variant PATH` line (or give --variant FILE)"
                    }
                },
            ));
        };
        let beside = self.path.parent().map(|d| d.join(own));
        Ok(match beside {
            Some(b) if !own.is_file() && b.is_file() => b,
            _ => own.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn epd(line: &str) -> Result<Suite, TextError> {
        parse(Path::new("s.epd"), line, Format::Epd)
    }

    #[test]
    fn an_epd_line_reads_into_its_counts() {
        let suite = epd("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9\n").unwrap();
        assert_eq!(suite.entries[0].counts.len(), 2);
    }

    #[test]
    fn every_malformed_epd_field_is_located_never_a_panic() {
        let fen = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
        for (tail, column, says) in [
            (" ;D2", 33, "expected a count (a whole number), found `D2`"),
            (" ;D", 32, "expected a depth (a whole number), found `D`"),
            (" ;Dx 5", 32, "expected a depth (a whole number), found `x`"),
            (" ;D1 5 ;", 37, "or `id NAME`, found nothing"),
            (" ;D99 5", 32, "depth 99 is over 64"),
            (" ;hello", 31, "found `hello`"),
            (
                " ;D1 3 ;D1 3",
                38,
                "depth 1 is given twice (first at line 1, column 34)",
            ),
            ("", 29, "expected at least one `;D<depth> <count>`"),
        ] {
            let e = epd(&format!("{fen}{tail}")).unwrap_err();
            assert_eq!((e.line, e.column), (1, column), "{tail:?}: {e}");
            assert!(e.message.contains(says), "{tail:?}: {e}");
        }
        let ok = epd(&format!("{fen} ;id two kings ;D1 3 ;D2 9")).unwrap();
        assert_eq!(ok.entries[0].name, "two kings");
        assert_eq!(ok.entries[0].counts[1].at, (1, 54));
    }

    #[test]
    fn perft_files_need_an_id_a_position_and_a_count() {
        let p = |t: &str| parse(Path::new("s.perft"), t, Format::Perft);
        assert!(
            p("fen x\n")
                .unwrap_err()
                .message
                .contains("expected `id NAME` before `fen`")
        );
        let e = p("id a\nvariant v.toml\nperft 1 20\n").unwrap_err();
        assert!(e.message.contains("lacks a `fen TEXT` line"), "{e}");
        let e = p("id a\nfen x\nperft 1\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 7), "{e}");
        let e = p("id a\nfen x\nwhat 1\n").unwrap_err();
        assert!(e.message.contains("found `what`"), "{e}");
    }

    #[test]
    fn a_perft_entry_gives_each_depth_and_each_line_once() {
        let p = |t: &str| parse(Path::new("s.perft"), t, Format::Perft);
        let e = p("id a\nfen x\nperft 1 20\nperft 1 20\n").unwrap_err();
        assert_eq!((e.line, e.column), (4, 7), "{e}");
        assert!(
            e.message
                .contains("depth 1 is given twice (first at line 3, column 9)"),
            "{e}"
        );
        for key in ["variant v.toml", "fen y", "moves e2e4", "fsf-fen y"] {
            let text =
                format!("id a\nfen x\nvariant v.toml\nmoves e2e4\nfsf-fen y\n{key}\nperft 1 20\n");
            let e = p(&text).unwrap_err();
            let name = key.split(' ').next().unwrap();
            assert_eq!((e.line, e.column), (6, 1), "{key}: {e}");
            assert!(
                e.message
                    .contains(&format!("`{name}` is given twice for `a`")),
                "{e}"
            );
        }
        // Another entry may give them again.
        assert!(p("id a\nfen x\nperft 1 20\nid b\nfen x\nperft 1 20\n").is_ok());
    }

    #[test]
    fn oracle_lines_are_read_into_the_entry() {
        let text =
            "id a\nfen x\nmoves e2e4  e7e5\nfsf-fen y z\nperft 1 20\nid b\nfen x\nperft 1 20\n";
        let suite = parse(Path::new("s.perft"), text, Format::Perft).unwrap();
        let [a, b] = &suite.entries[..] else {
            panic!("two entries")
        };
        assert_eq!(a.moves, Some(vec!["e2e4".to_string(), "e7e5".to_string()]));
        assert_eq!(a.fsf_fen.as_deref(), Some("y z"));
        assert_eq!((&b.moves, &b.fsf_fen), (&None, &None));
    }
}
