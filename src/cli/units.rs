//! Work units: a perft cut into independent counts that any job runner can share out between
//! machines (`perft --split K`, `perft --unit LINE`, `perft --merge UNITS RESULTS...`).
//!
//! A unit is one plain text line naming the variant files by a content hash, the base position
//! (`--fen`, `--moves`), the moves down to the unit and the depth left below it:
//!
//! ```text
//! unit 5d1c0f3e9a7b2468 base 0 3 --moves "e2-e4 e7-e5"
//! ```
//!
//! `base 0` says how many of the moves are the base's (the rest lead from the base position to
//! the unit), and the tail, `3 --moves "e2-e4 e7-e5"`, is the arguments of the plain
//! `perft VARIANT 3 --moves "e2-e4 e7-e5"`. A result is `result COUNT` followed by its unit.
//! The sum of the results of a split's units is the perft of its base position, which [`merge`]
//! checks and adds up.

use std::fmt;
use std::hash::Hasher;
use std::sync::Arc;

use chessgraph::notation::{move_text, play_line};
use chessgraph::{Planned, Position, Rules};

/// A content hash of a variant's files (the variant file, the files it extends and its board):
/// units of other files are refused. SipHash-1-3 of the contents with fixed keys, so it is the
/// same on every machine whatever the paths of the files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FilesHash(pub u64);

impl fmt::Display for FilesHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:016x}", self.0)
    }
}

impl FilesHash {
    /// The hash of the files `rules` were read from, read again now.
    pub fn of(rules: &Rules) -> Result<FilesHash, UnitError> {
        let mut h = siphasher::sip::SipHasher13::new_with_keys(
            0x6368_6573_7367_7261,
            0x7068_2075_6e69_7473,
        );
        for path in rules.files() {
            let bytes = std::fs::read(path).map_err(|e| UnitError::Files {
                file: path.display().to_string(),
                message: e.to_string(),
            })?;
            h.write_u64(bytes.len() as u64);
            h.write(&bytes);
        }
        Ok(FilesHash(h.finish()))
    }
}

/// What is wrong with a unit or result line, or the files of a unit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UnitError {
    /// The line does not read as a unit (or a result).
    #[error("{message}; a unit reads `unit HASH base N DEPTH [--fen \"TEXT\"] --moves \"MOVES\"`")]
    Syntax {
        /// What was found instead of what was expected.
        message: String,
    },
    /// The position text or a move cannot be written in a unit line.
    #[error("{what} cannot be written in a unit line: it holds `\"` or a control character")]
    Unquotable {
        /// `--fen` or the move.
        what: String,
    },
    /// A variant file could not be read again for the content hash.
    #[error("{file}: cannot read the file for its content hash: {message}")]
    Files {
        /// The file.
        file: String,
        /// Why.
        message: String,
    },
    /// The unit is of other variant files.
    #[error(
        "the unit is of other variant files: its content hash is {unit}, and these files ({files}) hash to {here}; count it with the files it was split from"
    )]
    OtherFiles {
        /// The unit's hash.
        unit: FilesHash,
        /// The hash of the files at hand.
        here: FilesHash,
        /// The files at hand.
        files: String,
    },
    /// The unit's position text or moves do not give a position.
    #[error("the unit's {0}")]
    Position(String),
}

impl miette::Diagnostic for UnitError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(match self {
            UnitError::Syntax { .. } => "perft::unit_syntax",
            UnitError::Unquotable { .. } => "perft::unit_unquotable",
            UnitError::Files { .. } => "perft::unit_files",
            UnitError::OtherFiles { .. } => "perft::unit_other_files",
            UnitError::Position(_) => "perft::unit_position",
        }))
    }
}

/// One work unit: a position of a split and the depth left below it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The content hash of the variant files.
    pub files: FilesHash,
    /// The base position text (`--fen`); `None`: the variant's start.
    pub fen: Option<String>,
    /// The moves from there: the base's (`--moves`), then those down to the unit.
    pub moves: Vec<String>,
    /// How many of `moves` are the base's.
    pub base: usize,
    /// The depth left below the unit.
    pub depth: u32,
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unit {} base {} {}", self.files, self.base, self.depth)?;
        if let Some(fen) = &self.fen {
            write!(f, " --fen \"{fen}\"")?;
        }
        write!(f, " --moves \"{}\"", self.moves.join(" "))
    }
}

/// Whether `text` can stand between double quotes in a line.
fn quotable(text: &str) -> bool {
    !text.contains(|c: char| c == '"' || c.is_control())
}

impl Unit {
    /// The unit of a whole perft: `depth` plies below `fen` (or the start) after `moves` (words
    /// separated by white space, as `--moves` takes them), with no move of a split yet.
    pub fn base(
        files: FilesHash,
        fen: Option<&str>,
        moves: &str,
        depth: u32,
    ) -> Result<Unit, UnitError> {
        if let Some(f) = fen.filter(|f| !quotable(f)) {
            return Err(UnitError::Unquotable {
                what: format!("--fen `{}`", f.escape_debug()),
            });
        }
        let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
        if let Some(m) = moves.iter().find(|m| !quotable(m)) {
            return Err(UnitError::Unquotable {
                what: format!("the move `{}`", m.escape_debug()),
            });
        }
        Ok(Unit {
            files,
            fen: fen.map(str::to_string),
            base: moves.len(),
            moves,
            depth,
        })
    }

    /// The moves from the base position to the unit.
    pub fn prefix(&self) -> &[String] {
        &self.moves[self.base.min(self.moves.len())..]
    }

    /// Whether `other` is of the same split: the same files, base position and moves, and the
    /// same number of moves down to the unit and depth below it.
    pub fn same_split(&self, other: &Unit) -> bool {
        self.files == other.files
            && self.fen == other.fen
            && self.base == other.base
            && self.moves[..self.base] == other.moves[..other.base]
            && self.moves.len() == other.moves.len()
            && self.depth == other.depth
    }

    /// The unit's position in `rules`, after checking that they are read from the unit's files.
    pub fn position(&self, rules: &Arc<Rules>) -> Result<Position, UnitError> {
        let here = FilesHash::of(rules)?;
        if here != self.files {
            let files: Vec<String> = rules
                .files()
                .iter()
                .map(|f| f.display().to_string())
                .collect();
            return Err(UnitError::OtherFiles {
                unit: self.files,
                here,
                files: files.join(", "),
            });
        }
        let mut pos = match &self.fen {
            Some(f) => Position::from_fen(rules, f)
                .map_err(|e| UnitError::Position(format!("--fen: {e}")))?,
            None => Position::start(rules),
        };
        play_line(&mut pos, &self.moves.join(" "))
            .map_err(|e| UnitError::Position(format!("--moves: {e}")))?;
        Ok(pos)
    }

    /// Reads a unit line (as [`Unit`]'s `Display` writes it).
    pub fn parse(line: &str) -> Result<Unit, UnitError> {
        let mut words = Words::new(line);
        words.keyword("unit")?;
        let files = words.hash()?;
        words.keyword("base")?;
        let base = words.number("the number of base moves after `base`")?;
        let depth = words.number("the depth")?;
        let depth = u32::try_from(depth)
            .ok()
            .filter(|&d| d <= chessgraph::limits::MAX_PERFT_DEPTH)
            .ok_or_else(|| {
                syntax(format!(
                    "the depth {depth} is past the largest, {}",
                    chessgraph::limits::MAX_PERFT_DEPTH
                ))
            })?;
        let mut flag = words.word("`--fen` or `--moves`")?;
        let mut fen = None;
        if flag == "--fen" {
            fen = Some(words.quoted("--fen")?.to_string());
            flag = words.word("`--moves`")?;
        }
        if flag != "--moves" {
            return Err(syntax(format!("expected `--moves`, found `{flag}`")));
        }
        let moves: Vec<String> = words
            .quoted("--moves")?
            .split_whitespace()
            .map(str::to_string)
            .collect();
        words.end()?;
        let base = usize::try_from(base)
            .ok()
            .filter(|&b| b <= moves.len())
            .ok_or_else(|| {
                syntax(format!(
                    "`base {base}` names more moves than the {} of --moves",
                    moves.len()
                ))
            })?;
        Ok(Unit {
            files,
            fen,
            moves,
            base,
            depth,
        })
    }
}

/// A syntax error with this message.
fn syntax(message: String) -> UnitError {
    UnitError::Syntax { message }
}

/// The words of a unit line: plain words, or text between double quotes.
struct Words<'a> {
    rest: &'a str,
}

impl<'a> Words<'a> {
    fn new(line: &'a str) -> Self {
        Words { rest: line.trim() }
    }

    /// The next plain word, `what` being what is expected there.
    fn word(&mut self, what: &str) -> Result<&'a str, UnitError> {
        let rest = self.rest.trim_start();
        if rest.is_empty() {
            return Err(syntax(format!(
                "expected {what}, found the end of the line"
            )));
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        self.rest = &rest[end..];
        Ok(&rest[..end])
    }

    /// The next word, which must be `keyword`.
    fn keyword(&mut self, keyword: &str) -> Result<(), UnitError> {
        let w = self.word(&format!("`{keyword}`"))?;
        if w == keyword {
            Ok(())
        } else {
            Err(syntax(format!("expected `{keyword}`, found `{w}`")))
        }
    }

    /// A whole number.
    fn number(&mut self, what: &str) -> Result<u64, UnitError> {
        let w = self.word(what)?;
        w.parse()
            .map_err(|_| syntax(format!("expected {what} (a whole number), found `{w}`")))
    }

    /// A content hash: 16 hexadecimal digits.
    fn hash(&mut self) -> Result<FilesHash, UnitError> {
        let w = self.word("the content hash of the variant files")?;
        if w.len() == 16
            && let Ok(h) = u64::from_str_radix(w, 16)
        {
            return Ok(FilesHash(h));
        }
        Err(syntax(format!(
            "expected the content hash of the variant files (16 hexadecimal digits), found `{w}`"
        )))
    }

    /// Text between double quotes, the value of `flag`.
    fn quoted(&mut self, flag: &str) -> Result<&'a str, UnitError> {
        let rest = self.rest.trim_start();
        let Some(inner) = rest.strip_prefix('"') else {
            return Err(syntax(format!(
                "expected the value of {flag} between double quotes"
            )));
        };
        let Some(close) = inner.find('"') else {
            return Err(syntax(format!("the value of {flag} has no closing `\"`")));
        };
        let after = &inner[close + 1..];
        if !after.is_empty() && !after.starts_with(char::is_whitespace) {
            return Err(syntax(format!(
                "expected a space after the value of {flag}"
            )));
        }
        self.rest = after;
        Ok(&inner[..close])
    }

    /// Nothing may follow.
    fn end(&mut self) -> Result<(), UnitError> {
        match self.rest.trim() {
            "" => Ok(()),
            extra => Err(syntax(format!("unexpected `{extra}` after the moves"))),
        }
    }
}

/// The result of a unit: its leaf count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitResult {
    /// The leaves below the unit.
    pub nodes: u64,
    /// The unit.
    pub unit: Unit,
}

impl fmt::Display for UnitResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "result {} {}", self.nodes, self.unit)
    }
}

impl UnitResult {
    /// Reads a result line (`result COUNT unit ...`).
    pub fn parse(line: &str) -> Result<UnitResult, UnitError> {
        let mut words = Words::new(line);
        words.keyword("result")?;
        let nodes = words.number("the leaf count after `result`")?;
        Ok(UnitResult {
            nodes,
            unit: Unit::parse(words.rest)?,
        })
    }
}

/// Walks `k` plies below the resolved `pos` (the position of `root`), calling `emit` with a unit
/// for every position reached (moves in text order at every ply); returns how many. The depth
/// left is `root.depth - k`; `k` is at most `root.depth`. A finished game on the way has no
/// leaves below it and gives no unit. `pos` is left as it was.
pub fn split(
    root: &Unit,
    pos: &mut Position,
    k: u32,
    emit: &mut dyn FnMut(&Unit) -> std::io::Result<()>,
) -> std::io::Result<u64> {
    let mut unit = Unit {
        depth: root.depth.saturating_sub(k),
        ..root.clone()
    };
    walk(pos, k, &mut unit, emit)
}

/// [`split`]'s walk, `unit.moves` holding the moves so far.
fn walk(
    pos: &mut Position,
    k: u32,
    unit: &mut Unit,
    emit: &mut dyn FnMut(&Unit) -> std::io::Result<()>,
) -> std::io::Result<u64> {
    if k == 0 {
        emit(unit)?;
        return Ok(1);
    }
    let mut moves: Vec<Planned> = Vec::new();
    let (outcome, res) = pos.resolve(&mut moves);
    let mut texts: Vec<(String, Planned)> = Vec::new();
    if outcome.is_none() {
        texts = moves.iter().map(|&m| (move_text(pos, m.mv()), m)).collect();
        texts.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut n = 0;
    let mut result = Ok(());
    for (text, m) in texts {
        let undo = pos.make(m);
        unit.moves.push(text);
        let r = walk(pos, k - 1, unit, emit);
        unit.moves.pop();
        pos.unmake(undo);
        match r {
            Ok(c) => n += c,
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    pos.unresolve(res);
    result.map(|()| n)
}
