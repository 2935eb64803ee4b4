//! Which format a file is written in: a board file (`[board]`) or a variant file (`[variant]` or
//! `extends`), guessed from its top-level tables when it has neither (a misspelt `[varient]`),
//! so that every command can say which kind it expected when given the other.

use toml::de::DeTable;

use crate::diagnostic::did_you_mean;

/// The two formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A board file: nodes, directions, links, zones.
    Board,
    /// A variant file: a board, players, pieces, rules.
    Variant,
}

impl FileKind {
    /// `board file` or `variant file`, for messages.
    pub fn describe(self) -> &'static str {
        match self {
            FileKind::Board => "board file",
            FileKind::Variant => "variant file",
        }
    }

    /// What a file of this kind has at the top, for messages.
    pub fn marker(self) -> &'static str {
        match self {
            FileKind::Board => "a `[board]` table",
            FileKind::Variant => "a `[variant]` table or `extends`",
        }
    }
}

/// The kind a file's text is written in: by its `[variant]`, `extends` or `[board]` table, else
/// by its other top-level tables (`[[player]]` and `[pieces]` belong to variants, `[grid]` and
/// `[[node]]` to boards, a misspelt `[varient]` to the table it is closest to). `None` when
/// nothing tells, or the text is not TOML and names neither table on a line of its own.
///
/// ```
/// use chessgraph::{FileKind, file_kind};
/// assert_eq!(file_kind("[board]\nname = \"b\""), Some(FileKind::Board));
/// assert_eq!(file_kind("extends = \"chess.toml\""), Some(FileKind::Variant));
/// assert_eq!(file_kind("[varient]\nname = \"v\""), Some(FileKind::Variant));
/// assert_eq!(file_kind("[bord]\n[grid]\nranks = 8"), Some(FileKind::Board));
/// assert_eq!(file_kind("[[player]]\nname = \"white\""), Some(FileKind::Variant));
/// assert_eq!(file_kind("# nothing yet"), None);
/// ```
pub fn file_kind(text: &str) -> Option<FileKind> {
    let keys: Vec<String> = match DeTable::parse(text) {
        Ok(t) => t
            .get_ref()
            .keys()
            .map(|k| k.get_ref().to_string())
            .collect(),
        Err(_) => text
            .lines()
            .filter_map(|l| {
                let l = l.trim();
                let name = l.trim_start_matches('[').trim_end_matches(']');
                (l.starts_with('[') || l.starts_with("extends"))
                    .then(|| name.split(['=', '.', ' ']).next().unwrap_or("").to_string())
            })
            .collect(),
    };
    let has = |k: &str| keys.iter().any(|x| x == k);
    if has("variant") || has("extends") {
        return Some(FileKind::Variant);
    }
    if has("board") {
        return Some(FileKind::Board);
    }
    let vote = |k: &str| -> Option<FileKind> {
        let board_only = super::board::TOP_LEVEL_KEYS
            .iter()
            .any(|b| *b == k && !super::variant::TOP_LEVEL_KEYS.contains(b));
        let variant_only = super::variant::TOP_LEVEL_KEYS
            .iter()
            .any(|v| *v == k && !super::board::TOP_LEVEL_KEYS.contains(v));
        match (variant_only, board_only) {
            (true, _) => Some(FileKind::Variant),
            (_, true) => Some(FileKind::Board),
            _ => match did_you_mean(k, ["variant", "board"]) {
                Some("variant") => Some(FileKind::Variant),
                Some(_) => Some(FileKind::Board),
                None => None,
            },
        }
    };
    let votes: Vec<FileKind> = keys.iter().filter_map(|k| vote(k)).collect();
    let variant = votes.iter().filter(|v| **v == FileKind::Variant).count();
    let board = votes.len() - variant;
    match variant.cmp(&board) {
        std::cmp::Ordering::Greater => Some(FileKind::Variant),
        std::cmp::Ordering::Less => Some(FileKind::Board),
        std::cmp::Ordering::Equal => None,
    }
}
