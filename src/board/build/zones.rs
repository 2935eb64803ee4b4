//! `[zones]`: named sets of nodes. A grid board also has a zone per rank (`rank_1`) and per file
//! (`file_a`), generated; on a grid, a zone may name rectangles (`a1..h2`), and a zone written as
//! a string joins other zones and rectangles (`"rank_1 + rank_2 - center"`).

use std::collections::{BTreeSet, HashMap};

use super::Builder;
use crate::board::{GridShape, NodeId, Zone};
use crate::diagnostic::{Code, Diagnostic, quoted, suggest};
use crate::limits::MAX_ZONE_DEPTH;
use crate::spec::board::{BoardSpec, ZoneSpec, ZoneValue};
use crate::spec::{Located, Span};

/// The zones a grid generates: `rank_N` (every node of rank N) and `file_X` (of file X).
fn generated_zones(grid: &GridShape, nodes: &[crate::board::Node]) -> Vec<Zone> {
    let of = |keep: &dyn Fn(u16, u16) -> bool| -> Vec<NodeId> {
        let on = |(i, n): (usize, &crate::board::Node)| {
            n.grid
                .is_some_and(|(f, r)| keep(f, r))
                .then_some(NodeId(i as u16))
        };
        nodes.iter().enumerate().filter_map(on).collect()
    };
    let ranks = (0..grid.ranks).map(|r| Zone {
        name: format!("rank_{}", r + 1),
        nodes: of(&|_, rank| rank == r),
        generated: true,
    });
    let files = grid.files.iter().enumerate().map(|(f, name)| Zone {
        name: format!("file_{name}"),
        nodes: of(&|file, _| usize::from(file) == f),
        generated: true,
    });
    let edges = grid
        .hex
        .as_ref()
        .map_or_else(Vec::new, |shape| super::hex::edge_zones(shape, nodes));
    ranks.chain(files).chain(edges).collect()
}

/// Where a declared zone is in its evaluation.
#[derive(Clone)]
enum State {
    Pending,
    /// Being evaluated: a reference back to it is a cycle.
    Busy,
    Done(BTreeSet<NodeId>),
}

/// The zones being evaluated: the generated ones, and the declared ones by name.
struct Zones<'s> {
    /// Zones being evaluated, one inside the other.
    depth: usize,
    generated: HashMap<String, BTreeSet<NodeId>>,
    declared: HashMap<&'s str, (usize, State)>,
    specs: &'s [ZoneSpec],
}

impl Builder<'_> {
    /// The zones, each with its nodes ascending and once: the declared ones in file order, then
    /// the generated ones. Unknown nodes and zones, rectangles off a grid, cycles and declared
    /// zones with a generated name are reported.
    pub(super) fn zones(&mut self, spec: &BoardSpec, grid: Option<&GridShape>) -> Vec<Zone> {
        let mut generated = grid.map_or_else(Vec::new, |g| generated_zones(g, &self.nodes));
        if let Some(cube) = &spec.cube {
            generated.extend(super::cube::cube_zones(cube, self));
        }
        let mut zones = Zones {
            depth: 0,
            generated: generated
                .iter()
                .map(|z| (z.name.clone(), z.nodes.iter().copied().collect()))
                .collect(),
            declared: HashMap::new(),
            specs: &spec.zones,
        };
        for (i, z) in spec.zones.iter().enumerate() {
            if z.name.value.is_empty() {
                let example = "`center = [\"d4\", \"e4\"]`";
                self.push(Diagnostic::empty_name(z.name.span.clone(), "zone", example));
            }
            if zones.generated.contains_key(&z.name.value) {
                continue;
            }
            zones
                .declared
                .entry(z.name.value.as_str())
                .or_insert((i, State::Pending));
        }
        let mut out = Vec::new();
        for z in &spec.zones {
            if let Some(same) = zones.generated.get(&z.name.value).cloned() {
                self.generated_name(&mut zones, z, spec, &same, grid.is_some());
                continue;
            }
            let nodes = self.zone_nodes(&mut zones, &z.name.value, grid.is_some());
            out.push(Zone {
                name: z.name.value.clone(),
                nodes: nodes.into_iter().collect(),
                generated: false,
            });
        }
        out.extend(generated);
        out
    }

    /// A declared zone named like one the grid generates: accepted when its nodes are exactly the
    /// generated ones (an old file; `lint::redundant-zone` says so), otherwise an error naming
    /// both.
    fn generated_name(
        &mut self,
        zones: &mut Zones<'_>,
        z: &ZoneSpec,
        spec: &BoardSpec,
        generated: &BTreeSet<NodeId>,
        grid: bool,
    ) {
        let before = self.diags.len();
        let ctx = format!("zone `{}`", z.name.value);
        let declared: BTreeSet<NodeId> = match &z.value {
            ZoneValue::List(items) => items
                .iter()
                .flat_map(|item| self.zone_item(item, &ctx, grid))
                .collect(),
            ZoneValue::Expression(text) => self.zone_expression(zones, text, &ctx, grid),
        };
        if self.diags.len() > before || declared == *generated {
            return;
        }
        let name = &z.name.value;
        let names = |set: BTreeSet<&NodeId>| {
            let all: Vec<&str> = set
                .iter()
                .map(|n| self.nodes[n.index()].name.as_str())
                .collect();
            let shown = all.iter().take(8).copied().collect::<Vec<_>>().join(", ");
            match all.len() {
                0 => "none".to_string(),
                n if n > 8 => format!("{shown} and {} more", n - 8),
                _ => shown,
            }
        };
        let extra = names(declared.difference(generated).collect());
        let missing = names(generated.difference(&declared).collect());
        let differs = match (extra.as_str(), missing.as_str()) {
            ("none", _) => format!("{missing} left out"),
            (_, "none") => format!("{extra} added"),
            _ => format!("{extra} added, {missing} left out"),
        };
        let what = match (name.strip_prefix("rank_"), name.strip_prefix("file_")) {
            (Some(rank), _) => format!("every node of rank {rank}"),
            (_, Some(file)) => format!("every node of file {file}"),
            _ => "cells on the hexagon's edge".to_string(),
        };
        let mut d = Diagnostic::new(
            Code::GeneratedZoneName,
            z.name.span.clone(),
            format!(
                "zone `{name}` has the name of a zone the grid generates, `{name}` ({what}), with other nodes ({differs})"
            ),
        )
        .label("not the generated nodes")
        .help(format!(
            "remove it and use the generated `{name}`, or give this zone another name (a declaration with exactly the generated nodes is accepted, with a warning)"
        ));
        if let Some(span) = spec
            .grid
            .as_ref()
            .map(|g| &g.span)
            .or(spec.hex.as_ref().map(|h| &h.span))
        {
            d = d.related(span.clone(), format!("generates `{name}`"));
        }
        self.push(d);
    }

    /// The nodes of the declared zone `name` (evaluated once; a cycle is reported and empty).
    fn zone_nodes(&mut self, zones: &mut Zones<'_>, name: &str, grid: bool) -> BTreeSet<NodeId> {
        let Some((i, state)) = zones.declared.get(name).cloned() else {
            return BTreeSet::new();
        };
        match state {
            State::Done(nodes) => return nodes,
            State::Busy => return BTreeSet::new(),
            State::Pending => {}
        }
        let z = &zones.specs[i];
        zones
            .declared
            .insert(z.name.value.as_str(), (i, State::Busy));
        let ctx = format!("zone `{}`", z.name.value);
        let mut nodes = BTreeSet::new();
        match &z.value {
            ZoneValue::List(items) => {
                for item in items {
                    nodes.extend(self.zone_item(item, &ctx, grid));
                }
            }
            ZoneValue::Expression(text) => {
                nodes = self.zone_expression(zones, text, &ctx, grid);
            }
        }
        zones
            .declared
            .insert(z.name.value.as_str(), (i, State::Done(nodes.clone())));
        nodes
    }

    /// An array entry: a node name, or a rectangle `a1..h2`.
    fn zone_item(&mut self, item: &Located<String>, ctx: &str, grid: bool) -> Vec<NodeId> {
        match item.value.split_once("..") {
            Some((a, b)) => self.rectangle(item, a, b, ctx, grid),
            None => self
                .resolve_node(item, ctx, Code::ZoneUnknownNode)
                .into_iter()
                .collect(),
        }
    }

    /// The nodes of the rectangle between corners `a` and `b` (in any order), on a grid board.
    fn rectangle(
        &mut self,
        at: &Located<String>,
        a: &str,
        b: &str,
        ctx: &str,
        grid: bool,
    ) -> Vec<NodeId> {
        if !grid {
            self.push(
                Diagnostic::new(
                    Code::BadZone,
                    at.span.clone(),
                    format!(
                        "{ctx}: the rectangle `{}` needs a grid board, and this board has no `[grid]`",
                        quoted(&at.value)
                    ),
                )
                .label("a rectangle")
                .help("list the nodes one by one, or join other zones"),
            );
            return Vec::new();
        }
        let corner = |this: &mut Self, name: &str| {
            let located = Located::new(name.to_string(), at.span.clone());
            let n = this.resolve_node(&located, ctx, Code::ZoneUnknownNode)?;
            let on_grid = this.nodes[n.index()].grid;
            if on_grid.is_none() {
                this.push(
                    Diagnostic::new(
                        Code::BadZone,
                        at.span.clone(),
                        format!("{ctx}: rectangle corner `{name}` is a `[[node]]`, not a node of the grid"),
                    )
                    .label("a rectangle")
                    .help("a rectangle's corners are grid nodes (file + rank); list other nodes by name"),
                );
            }
            on_grid
        };
        let (Some((f1, r1)), Some((f2, r2))) = (corner(self, a), corner(self, b)) else {
            return Vec::new();
        };
        let (files, ranks) = (f1.min(f2)..=f1.max(f2), r1.min(r2)..=r1.max(r2));
        let inside = |(i, n): (usize, &crate::board::Node)| {
            n.grid
                .is_some_and(|(f, r)| files.contains(&f) && ranks.contains(&r))
                .then_some(NodeId(i as u16))
        };
        self.nodes.iter().enumerate().filter_map(inside).collect()
    }

    /// A zone expression: terms (zone names, rectangles) joined by ` + ` and ` - `, left to right.
    fn zone_expression(
        &mut self,
        zones: &mut Zones<'_>,
        text: &Located<String>,
        ctx: &str,
        grid: bool,
    ) -> BTreeSet<NodeId> {
        let words = words_with_spans(text, self.text);
        let mut nodes = BTreeSet::new();
        let mut op = Some('+');
        for (word, span) in &words {
            let located = Located::new(word.to_string(), span.clone());
            match (op, *word) {
                (None, "+") => op = Some('+'),
                (None, "-") => op = Some('-'),
                (Some(o), w) if w != "+" && w != "-" => {
                    let term = self.zone_term(zones, &located, ctx, grid);
                    match o {
                        '+' => nodes.extend(term),
                        _ => nodes.retain(|n| !term.contains(n)),
                    }
                    op = None;
                }
                (expected, _) => {
                    let wanted = match expected {
                        Some(_) => "a zone name or a rectangle `a1..h2`",
                        None => "` + ` or ` - ` between two zones (with spaces round it)",
                    };
                    self.bad_expression(&located, ctx, &format!("expected {wanted}"));
                    return nodes;
                }
            }
        }
        if op.is_some() {
            let at = words
                .last()
                .map_or(text.span.clone(), |(_, s)| s.end..s.end);
            let located = Located::new(String::new(), at);
            self.bad_expression(&located, ctx, "the expression ends without a zone");
        }
        nodes
    }

    /// One term of a zone expression: a rectangle, a generated zone or a declared one.
    fn zone_term(
        &mut self,
        zones: &mut Zones<'_>,
        term: &Located<String>,
        ctx: &str,
        grid: bool,
    ) -> BTreeSet<NodeId> {
        if let Some((a, b)) = term.value.split_once("..") {
            return self.rectangle(term, a, b, ctx, grid).into_iter().collect();
        }
        if let Some(nodes) = zones.generated.get(&term.value) {
            return nodes.clone();
        }
        match zones.declared.get(term.value.as_str()) {
            Some((_, State::Busy)) => {
                self.push(
                    Diagnostic::new(
                        Code::BadZone,
                        term.span.clone(),
                        format!(
                            "{ctx} uses zone `{}`, which leads back to it: a zone cannot be defined through itself",
                            term.value
                        ),
                    )
                    .label("a cycle")
                    .help("a zone may use other zones, but not itself, directly or through others"),
                );
                BTreeSet::new()
            }
            Some(_) if zones.depth >= MAX_ZONE_DEPTH => {
                self.push(
                    Diagnostic::new(
                        Code::BadZone,
                        term.span.clone(),
                        format!("{ctx}: zones lead through more than {MAX_ZONE_DEPTH} other zones"),
                    )
                    .label("too deep")
                    .help("name the nodes or rectangles of a zone nearer the start of the chain"),
                );
                BTreeSet::new()
            }
            Some(_) => {
                zones.depth += 1;
                let nodes = self.zone_nodes(zones, &term.value, grid);
                zones.depth -= 1;
                nodes
            }
            None => {
                let names = zones
                    .generated
                    .keys()
                    .map(String::as_str)
                    .chain(zones.declared.keys().copied());
                let help = suggest(&term.value, names).unwrap_or_else(|| {
                    "name a zone of this board (grid boards also have `rank_1`, `file_a`, ...)"
                        .to_string()
                });
                self.push(
                    Diagnostic::new(
                        Code::UnknownZone,
                        term.span.clone(),
                        format!(
                            "{ctx} uses zone `{}`, which the board does not have",
                            quoted(&term.value)
                        ),
                    )
                    .label("unknown zone")
                    .help(help),
                );
                BTreeSet::new()
            }
        }
    }

    fn bad_expression(&mut self, at: &Located<String>, ctx: &str, what: &str) {
        self.push(
            Diagnostic::new(
                Code::BadZone,
                at.span.clone(),
                format!("{ctx}: {what}"),
            )
            .label("here")
            .help("write zones and rectangles joined by ` + ` and ` - `, e.g. \"rank_1 + rank_2 - a1..b2\""),
        );
    }
}

/// The whitespace-separated words of a string value with their spans in the file: exact when
/// the file writes the string plainly (quotes round the same text), else the whole value.
fn words_with_spans<'v>(value: &'v Located<String>, file: &str) -> Vec<(&'v str, Span)> {
    let raw = file.get(value.span.clone()).unwrap_or("");
    let plain =
        raw.len() == value.value.len() + 2 && raw.get(1..raw.len() - 1) == Some(&value.value);
    let base = value.span.start + 1;
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in value.value.char_indices().chain([(value.value.len(), ' ')]) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let span = if plain {
                    base + s..base + i
                } else {
                    value.span.clone()
                };
                words.push((&value.value[s..i], span));
                start = None;
            }
            _ => {}
        }
    }
    words
}
