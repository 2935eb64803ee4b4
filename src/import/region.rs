//! Squares, ranks and Fairy-Stockfish regions (`*8`, `a*`, `d4 e4 d5 e5`) on a grid of so many
//! files and ranks, and the placement field of a start position.

use std::collections::{BTreeMap, BTreeSet};

/// A square: file and rank, both from 0 (a1 is (0, 0)).
pub(crate) type Square = (usize, usize);

/// The grid's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Files, left to right.
    pub(crate) files: usize,
    /// Ranks, bottom to top.
    pub(crate) ranks: usize,
}

impl Grid {
    /// The name of a square: file letter and rank number (`a1`, `j10`).
    pub(crate) fn name(&self, (f, r): Square) -> String {
        format!("{}{}", file_letter(f), r + 1)
    }

    /// Every square of ranks `from..=to` (0-based).
    pub(crate) fn ranks_between(&self, from: usize, to: usize) -> BTreeSet<Square> {
        (from..=to.min(self.ranks - 1))
            .flat_map(|r| (0..self.files).map(move |f| (f, r)))
            .collect()
    }

    /// The rank as Black sees it: rank `r` counted from the other side.
    pub(crate) fn mirror(&self, r: usize) -> usize {
        self.ranks - 1 - r
    }

    /// A square's file from its letter.
    pub(crate) fn file_of(&self, c: char) -> Option<usize> {
        let f = (c as usize).checked_sub('a' as usize)?;
        (c.is_ascii_lowercase() && f < self.files).then_some(f)
    }

    /// A square from its name (`e4`).
    pub(crate) fn square(&self, text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let f = self.file_of(chars.next()?)?;
        let r: usize = chars.as_str().parse().ok()?;
        (1..=self.ranks).contains(&r).then_some((f, r - 1))
    }
}

/// The letter of a file (0: `a`).
pub(crate) fn file_letter(f: usize) -> char {
    char::from(b'a' + f as u8)
}

/// Fairy-Stockfish's largest board (files, ranks): a region may name its squares beyond a smaller
/// board, which hold nothing (`promotionRegionWhite = *6 *7 *8 *9 *10` on 8 ranks).
const FSF_LARGEST: Grid = Grid {
    files: 12,
    ranks: 10,
};

/// Reads a region: words separated by spaces, each a square (`e4`), a whole rank (`*8`), a whole
/// file (`a*`), or `-` (no square); squares of Fairy-Stockfish's largest board beyond `grid`
/// are none of it. On failure, the byte offset and text of the word.
pub(crate) fn parse_region(grid: Grid, text: &str) -> Result<BTreeSet<Square>, (usize, String)> {
    let mut out = BTreeSet::new();
    let mut offset = 0;
    for word in text.split(' ') {
        let at = offset;
        offset += word.len() + 1;
        if word.is_empty() || word == "-" {
            continue;
        }
        if grid != FSF_LARGEST && off_board(grid, word) {
            continue;
        }
        if let Some(rank) = word.strip_prefix('*') {
            match rank.parse::<usize>() {
                Ok(r) if (1..=grid.ranks).contains(&r) => {
                    out.extend((0..grid.files).map(|f| (f, r - 1)));
                    continue;
                }
                _ => return Err((at, word.to_string())),
            }
        }
        if let Some(file) = word.strip_suffix('*') {
            let mut c = file.chars();
            match (c.next().and_then(|c| grid.file_of(c)), c.next()) {
                (Some(f), None) => {
                    out.extend((0..grid.ranks).map(|r| (f, r)));
                    continue;
                }
                _ => return Err((at, word.to_string())),
            }
        }
        match grid.square(word) {
            Some(s) => {
                out.insert(s);
            }
            None => return Err((at, word.to_string())),
        }
    }
    Ok(out)
}

/// Whether `word` names only squares of Fairy-Stockfish's largest board that `grid` lacks.
fn off_board(grid: Grid, word: &str) -> bool {
    let Ok(largest) = parse_region(FSF_LARGEST, word) else {
        return false;
    };
    !largest.is_empty()
        && largest
            .iter()
            .all(|&(f, r)| f >= grid.files || r >= grid.ranks)
}

/// The pieces of a start position's placement field (before the first space): square -> letter
/// as written (upper case: the first player). A `+` before a letter and a `~` after it are
/// kept out of the letter; a hand group `[...]` at the end is returned apart. Errors say what
/// is wrong.
pub(crate) fn parse_placement(
    grid: Grid,
    field: &str,
) -> Result<(BTreeMap<Square, char>, Option<String>), String> {
    let (rows, hand) = match field.find('[') {
        Some(i) if field.ends_with(']') => {
            (&field[..i], Some(field[i + 1..field.len() - 1].to_string()))
        }
        Some(_) => return Err("a hand group `[...]` must end the placement".into()),
        None => (field, None),
    };
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != grid.ranks {
        return Err(format!(
            "{} rows, but the board has {} ranks",
            rows.len(),
            grid.ranks
        ));
    }
    let mut out = BTreeMap::new();
    for (i, row) in rows.iter().enumerate() {
        let r = grid.ranks - 1 - i;
        let mut f = 0usize;
        let mut digits = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                f += digits
                    .parse::<usize>()
                    .map_err(|_| format!("row {} does not read", i + 1))?;
                digits.clear();
            }
            match c {
                '+' | '~' => {}
                c if c.is_ascii_alphabetic() => {
                    if f >= grid.files {
                        return Err(format!("row {} is longer than {} files", i + 1, grid.files));
                    }
                    out.insert((f, r), c);
                    f += 1;
                }
                c => return Err(format!("`{c}` in row {}", i + 1)),
            }
        }
        if !digits.is_empty() {
            f += digits
                .parse::<usize>()
                .map_err(|_| format!("row {} does not read", i + 1))?;
        }
        if f != grid.files {
            return Err(format!(
                "row {} ({row}) covers {f} files, but the board has {}",
                i + 1,
                grid.files
            ));
        }
    }
    Ok((out, hand))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_and_placements_read() {
        let g = Grid {
            files: 10,
            ranks: 10,
        };
        let r = parse_region(g, "*10 a* e4").unwrap();
        assert_eq!(r.len(), 10 + 10 - 1 + 1);
        // k4 is a square of Fairy-Stockfish's largest board (12 files), not of this one: none;
        // m4 is of no board Fairy-Stockfish has.
        assert_eq!(parse_region(g, "e4 k4").unwrap().len(), 1);
        assert_eq!(parse_region(g, "e4 m4").unwrap_err(), (3, "m4".into()));
        let (p, hand) = parse_placement(g, "r9/10/10/10/10/10/10/10/10/9K[Pp]").unwrap();
        assert_eq!(p.get(&(0, 9)), Some(&'r'));
        assert_eq!(p.get(&(9, 0)), Some(&'K'));
        assert_eq!(hand.as_deref(), Some("Pp"));
        assert!(parse_placement(g, "8/8").is_err());
    }
}
