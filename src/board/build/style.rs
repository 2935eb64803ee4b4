//! `[style]`: the node and direction names of the board's drawing checked and resolved.

use super::Builder;
use crate::board::{BoardStyle, NodeId};
use crate::diagnostic::{Code, Diagnostic};
use crate::spec::board::BoardSpec;
use crate::spec::style::{CellStyle, NodePair};

impl Builder<'_> {
    /// The board's drawing style, every name resolved (unknown ones reported).
    pub(super) fn style(&mut self, spec: &BoardSpec) -> BoardStyle {
        let s = &spec.style;
        let lines_along = match (&s.lines_along, s.cells) {
            (Some(dirs), _) => dirs
                .iter()
                .filter_map(|d| self.resolve_dir(d, "`[style] lines_along`"))
                .collect(),
            (None, CellStyle::Points) => {
                let defaults: Vec<_> = ["n", "e"]
                    .into_iter()
                    .filter_map(|d| self.dir_named(d))
                    .collect();
                if defaults.len() < 2 {
                    self.push(
                        Diagnostic::new(
                            Code::InvalidValue,
                            s.span.clone(),
                            "`cells = \"points\"` draws lines along `n` and `e` by default, and the board lacks one of them",
                        )
                        .label("this style")
                        .help("name the directions to draw: `lines_along = [\"up\", \"right\"]`"),
                    );
                }
                defaults
            }
            (None, _) => Vec::new(),
        };
        let mut pairs = |list: &[NodePair], what: &str| -> Vec<(NodeId, NodeId)> {
            let context = format!("`[style] {what}`");
            list.iter()
                .filter_map(|[a, b]| {
                    let a = self.resolve_node(a, &context, Code::UnknownNode);
                    let b = self.resolve_node(b, &context, Code::UnknownNode);
                    a.zip(b)
                })
                .collect()
        };
        let gaps = pairs(&s.gaps, "gaps");
        let lines = pairs(&s.lines, "lines");
        let marks = pairs(&s.marks, "marks");
        BoardStyle {
            cells: s.cells,
            lines_along,
            gaps,
            lines,
            marks,
        }
    }
}
