//! The board file an import writes: a grid written like the shipped grid boards
//! (`boards/grid_10x8.toml`: compass and knight directions as offsets), with the zones the
//! variant's rules need.

use std::fmt::Write as _;

use super::model::Model;
use super::region::{Grid, Square, file_letter};

/// Compass directions: name, offset [files, ranks], opposite (declared on the first of a pair).
pub const DIRECTIONS: &[(&str, [i32; 2], Option<&str>)] = &[
    ("n", [0, 1], Some("s")),
    ("e", [1, 0], Some("w")),
    ("ne", [1, 1], Some("sw")),
    ("nw", [-1, 1], Some("se")),
    ("s", [0, -1], None),
    ("w", [-1, 0], None),
    ("sw", [-1, -1], None),
    ("se", [1, -1], None),
];

/// Knight directions: `nne` is two north and one east.
pub const KNIGHT_DIRECTIONS: &[(&str, [i32; 2], Option<&str>)] = &[
    ("nne", [1, 2], Some("ssw")),
    ("nnw", [-1, 2], Some("sse")),
    ("nee", [2, 1], Some("sww")),
    ("nww", [-2, 1], Some("see")),
    ("ssw", [-1, -2], None),
    ("sse", [1, -2], None),
    ("sww", [-2, -1], None),
    ("see", [2, -1], None),
];

/// Black's frame: every direction turned half round (north to south, east to west), as
/// Fairy-Stockfish turns Black's moves: Black's left is White's right.
pub(crate) fn black_frame() -> String {
    let pairs: Vec<String> = DIRECTIONS
        .iter()
        .chain(KNIGHT_DIRECTIONS)
        .filter_map(|(d, [df, dr], _)| {
            let (name, _, _) = DIRECTIONS
                .iter()
                .chain(KNIGHT_DIRECTIONS)
                .find(|(_, o, _)| *o == [-*df, -*dr])?;
            (d != name).then(|| format!("{d} = \"{name}\""))
        })
        .collect();
    format!("{{ {} }}", pairs.join(", "))
}

/// The board file's text.
pub(crate) fn board_text(m: &Model, file_name: &str) -> String {
    let Grid { files, ranks } = m.grid;
    let last = file_letter(files - 1);
    let mut t = String::new();
    super::write::comment(&mut t, &super::write::editor_note("board"));
    super::write::comment(
        &mut t,
        &format!(
            "{files}x{ranks} board of `{}`, written by `chessgraph import fsf` ({file_name}).",
            m.name
        ),
    );
    t.push_str(&format!(
        "\
#
# Written like the shipped grid boards (boards/chess.toml, boards/grid_10x8.toml): files a..{last},
# ranks 1..{ranks}, compass and knight directions as offsets, so Betza pieces run unchanged. The
# grid makes a zone per rank (`rank_1` ...) and per file (`file_a` ...); the zones below are the
# regions of the variant's rules.

[board]
name = {q}
description = \"{files}x{ranks} grid, compass and knight directions\"
layout = \"grid\"

[grid]
files = \"{letters}\"
ranks = {ranks}
light = \"odd\"          # a square is light when file index + rank index (from 0) is odd: a1 dark

[directions]
",
        q = quote(&format!("{} board", m.name)),
        letters = (0..files).map(file_letter).collect::<String>(),
    ));
    for (d, _, opp) in DIRECTIONS.iter().chain(KNIGHT_DIRECTIONS) {
        match opp {
            Some(o) => writeln!(t, "{d} = {{ opposite = \"{o}\" }}"),
            None => writeln!(t, "{d} = {{}}"),
        }
        .ok();
    }
    t.push_str("\n[map]\nwrap_files = false\n[map.offsets]          # [files, ranks]\n");
    for (d, [df, dr], _) in DIRECTIONS.iter().chain(KNIGHT_DIRECTIONS) {
        writeln!(t, "{d} = [{df}, {dr}]").ok();
    }
    if !m.zones.is_empty() {
        t.push_str("\n[zones]\n");
    }
    for z in &m.zones {
        super::write::comment(&mut t, &z.why);
        writeln!(t, "{} = {}", z.name, zone_value(m.grid, &z.squares)).ok();
    }
    t
}

/// A zone's value: a rectangle when the squares fill one, else the squares.
fn zone_value(grid: Grid, squares: &std::collections::BTreeSet<Square>) -> String {
    let (Some(lo_f), Some(hi_f)) = (
        squares.iter().map(|s| s.0).min(),
        squares.iter().map(|s| s.0).max(),
    ) else {
        return "[]".into();
    };
    let lo_r = squares.iter().map(|s| s.1).min().unwrap_or(0);
    let hi_r = squares.iter().map(|s| s.1).max().unwrap_or(0);
    if squares.len() == (hi_f - lo_f + 1) * (hi_r - lo_r + 1) && squares.len() > 1 {
        return format!(
            "[\"{}..{}\"]",
            grid.name((lo_f, lo_r)),
            grid.name((hi_f, hi_r))
        );
    }
    let names: Vec<String> = squares
        .iter()
        .map(|&s| format!("\"{}\"", grid.name(s)))
        .collect();
    format!("[{}]", names.join(", "))
}

/// A TOML string.
pub(crate) fn quote(s: &str) -> String {
    toml::Value::String(s.to_string()).to_string()
}
