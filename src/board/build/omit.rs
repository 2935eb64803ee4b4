//! `[grid] omit`: the cells of a grid left out of the board (a four-player board's corners).

use std::collections::HashSet;

use super::Builder;
use crate::diagnostic::{Code, Diagnostic, quoted, suggest};
use crate::spec::Located;
use crate::spec::board::GridSpec;

impl Builder<'_> {
    /// The (file, rank) cells `omit` names: each entry a cell name (`a1`) or a rectangle between
    /// two cells (`a1..c3`, corners in any order). A name that is not a cell of the grid is
    /// reported where it is written.
    pub(super) fn omitted_cells(
        &mut self,
        grid: &GridSpec,
        files: &[String],
    ) -> HashSet<(u16, u16)> {
        let mut out = HashSet::new();
        for item in &grid.omit {
            let corners: Vec<&str> = match item.value.split_once("..") {
                Some((a, b)) => vec![a, b],
                None => vec![item.value.as_str()],
            };
            let cells: Vec<(u16, u16)> = corners
                .iter()
                .filter_map(|name| self.grid_cell(item, name, grid.ranks.value, files))
                .collect();
            if cells.len() != corners.len() {
                continue;
            }
            let (a, b) = (cells[0], cells[cells.len() - 1]);
            for f in a.0.min(b.0)..=a.0.max(b.0) {
                for r in a.1.min(b.1)..=a.1.max(b.1) {
                    out.insert((f, r));
                }
            }
        }
        out
    }

    /// The (file, rank) of the grid cell `name` (file + rank number), or `None` reported.
    fn grid_cell(
        &mut self,
        at: &Located<String>,
        name: &str,
        ranks: u32,
        files: &[String],
    ) -> Option<(u16, u16)> {
        let found = files.iter().enumerate().find_map(|(f, file)| {
            let rank: u32 = name.strip_prefix(file.as_str())?.parse().ok()?;
            (1..=ranks)
                .contains(&rank)
                .then_some((f as u16, (rank - 1) as u16))
        });
        if found.is_none() {
            let names: Vec<String> = files
                .iter()
                .flat_map(|f| (1..=ranks).map(move |r| format!("{f}{r}")))
                .collect();
            let help = suggest(name, names.iter().map(String::as_str)).unwrap_or_else(|| {
                format!(
                    "a cell is a file ({}..{}) and a rank (1..{ranks}), e.g. `{}1`",
                    files[0],
                    files[files.len() - 1],
                    files[0]
                )
            });
            self.push(
                Diagnostic::new(
                    Code::BadGrid,
                    at.span.clone(),
                    format!(
                        "`omit` names `{}`, which is not a cell of the grid",
                        quoted(name)
                    ),
                )
                .label("expected a cell name or a rectangle `a1..c3`")
                .help(help),
            );
        }
        found
    }
}
