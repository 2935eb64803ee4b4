//! Board spec -> validated [`Board`], collecting every problem with its location.

use std::collections::HashMap;

use petgraph::graph::DiGraph;

use super::{
    Board, DirId, Direction, GridShape, MAX_DIRECTIONS, MAX_NODES, MAX_TAGS, MAX_TWISTS, Node,
    NodeId, Placement, Step, TagSet, Twist, TwistId, Zone,
};
use crate::diagnostic::{Code, Diagnostic, suggest};
use crate::spec::board::{
    BoardSpec, Colour, Layout, LinkSpec, Parity, UnlinkSpec, read_board_spec,
};
use crate::spec::{Located, Span, words};

/// Builds a board from a file's text: the board when the file is valid, and every diagnostic.
pub(super) fn build(text: &str) -> (Option<Board>, Vec<Diagnostic>) {
    let spec = match read_board_spec(text) {
        Ok(s) => s,
        Err(diags) => return (None, diags),
    };
    let mut b = Builder {
        text,
        diags: Vec::new(),
        nodes: Vec::new(),
        node_spans: Vec::new(),
        too_many_nodes: false,
        node_index: HashMap::new(),
        directions: Vec::new(),
        dir_spans: Vec::new(),
        twists: vec![Twist {
            name: "identity".into(),
            image: Vec::new(),
        }],
        tags: Vec::new(),
        links: HashMap::new(),
    };
    let grid = b.nodes(&spec);
    b.directions(&spec);
    if b.nodes.is_empty() || b.has_errors() {
        return (None, b.diags);
    }
    let ndirs = b.directions.len();
    b.twists[0].image = (0..ndirs).map(|i| DirId(i as u8)).collect();
    let twist_names = b.twists(&spec);
    b.map(&spec, grid.as_ref());
    b.link_items(&spec, &twist_names);
    b.tag_links(&spec);
    let zones = b.zones(&spec);
    if b.has_errors() {
        return (None, b.diags);
    }
    let mut steps = vec![None; b.nodes.len() * ndirs];
    for (&(n, d), link) in &b.links {
        steps[n.index() * ndirs + d.index()] = Some(link.step);
    }
    b.composites(&mut steps, &spec);
    if b.has_errors() {
        return (None, b.diags);
    }

    let mut graph = DiGraph::with_capacity(b.nodes.len(), b.links.len());
    for i in 0..b.nodes.len() {
        graph.add_node(NodeId(i as u16));
    }
    let mut sorted: Vec<_> = b.links.iter().collect();
    sorted.sort_by_key(|(k, _)| **k);
    for (&(n, d), link) in sorted {
        graph.add_edge(
            Board::graph_index(n),
            Board::graph_index(link.step.to),
            (d, link.step.twist, link.step.tags),
        );
    }

    let rows = rows(&b.nodes);
    let board = Board {
        name: spec.name.value.clone(),
        description: spec.description.clone(),
        layout: spec.layout.value,
        grid,
        node_index: b.node_index.clone(),
        nodes: b.nodes.clone(),
        directions: b.directions.clone(),
        twists: b.twists.clone(),
        tags: b.tags.clone(),
        zones,
        steps,
        rows,
        graph,
    };
    b.warnings(&board, &spec);
    (Some(board), b.diags)
}

struct LinkInfo {
    step: Step,
    span: Span,
}

struct Builder<'t> {
    text: &'t str,
    diags: Vec<Diagnostic>,
    nodes: Vec<Node>,
    node_spans: Vec<Span>,
    /// The node limit was passed (reported once).
    too_many_nodes: bool,
    node_index: HashMap<String, NodeId>,
    directions: Vec<Direction>,
    dir_spans: Vec<Span>,
    twists: Vec<Twist>,
    tags: Vec<String>,
    links: HashMap<(NodeId, DirId), LinkInfo>,
}

fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
}

impl Builder<'_> {
    fn has_errors(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.severity() == crate::diagnostic::Severity::Error)
    }

    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn add_node(&mut self, node: Node, span: Span) {
        if !valid_name(&node.name) {
            self.push(
                Diagnostic::new(
                    Code::BadNodeName,
                    span.clone(),
                    format!("`{}` cannot be a node name", node.name),
                )
                .label("used in move notation, so it must be letters, digits, `_` or `'`")
                .help("rename the node, e.g. `a1`"),
            );
        }
        if let Some(&first) = self.node_index.get(&node.name) {
            let first_span = self.node_spans[first.index()].clone();
            self.push(
                Diagnostic::new(
                    Code::DuplicateNode,
                    span,
                    format!("node `{}` is declared twice", node.name),
                )
                .label("declared again here")
                .related(first_span, "first declared here")
                .help("every node needs its own name"),
            );
            return;
        }
        if self.nodes.len() == MAX_NODES {
            // One error for the first node past the limit; the rest would only repeat it.
            if self.too_many_nodes {
                return;
            }
            self.too_many_nodes = true;
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    span,
                    format!("the board has more than {MAX_NODES} nodes"),
                )
                .label("this node is one too many")
                .help(format!(
                    "chessgraph boards hold at most {MAX_NODES} nodes (the engine's occupancy width)"
                )),
            );
            return;
        }
        let id = NodeId(self.nodes.len() as u16);
        self.node_index.insert(node.name.clone(), id);
        self.nodes.push(node);
        self.node_spans.push(span);
    }

    fn nodes(&mut self, spec: &BoardSpec) -> Option<GridShape> {
        let mut shape = None;
        if let Some(grid) = &spec.grid {
            let files = grid.files.value.names();
            let mut ok = true;
            if files.is_empty() {
                ok = false;
                self.push(
                    Diagnostic::new(
                        Code::BadGrid,
                        grid.files.span.clone(),
                        "the grid has no files",
                    )
                    .label("empty")
                    .help("list the file names, e.g. `files = \"abcdefgh\"`"),
                );
            }
            let mut seen_files = std::collections::HashSet::new();
            for f in files.iter() {
                if !seen_files.insert(f) {
                    ok = false;
                    self.push(
                        Diagnostic::new(
                            Code::BadGrid,
                            grid.files.span.clone(),
                            format!("file `{f}` appears twice in the grid"),
                        )
                        .label("repeated file name"),
                    );
                }
            }
            if grid.ranks.value == 0 || grid.ranks.value > MAX_NODES as u32 {
                ok = false;
                self.push(
                    Diagnostic::new(
                        Code::BadGrid,
                        grid.ranks.span.clone(),
                        format!(
                            "a grid needs 1 to {MAX_NODES} ranks, not {}",
                            grid.ranks.value
                        ),
                    )
                    .label("out of range"),
                );
            }
            if ok && files.len() * grid.ranks.value as usize > MAX_NODES {
                self.push(
                    Diagnostic::new(
                        Code::TooLarge,
                        grid.span.start..grid.ranks.span.end,
                        format!(
                            "{} files x {} ranks = {} nodes, more than the limit of {MAX_NODES}",
                            files.len(),
                            grid.ranks.value,
                            files.len() * grid.ranks.value as usize
                        ),
                    )
                    .label("grid too large")
                    .help(format!(
                        "chessgraph boards hold at most {MAX_NODES} nodes (the engine's occupancy width)"
                    )),
                );
                ok = false;
            }
            if ok {
                let light_parity = match grid.light.as_ref().map(|l| l.value) {
                    Some(Parity::Even) => 0,
                    Some(Parity::Odd) | None => 1,
                };
                let span = grid.span.clone();
                for r in 0..grid.ranks.value as u16 {
                    for (f, file) in files.iter().enumerate() {
                        let f = f as u16;
                        let placement = match spec.layout.value {
                            Layout::Grid => Placement::Grid {
                                x: f as f64,
                                y: r as f64,
                            },
                            Layout::Polar => Placement::Polar {
                                ring: r as f64,
                                sector: f as f64,
                            },
                        };
                        let colour = if (f + r) % 2 == light_parity {
                            Colour::Light
                        } else {
                            Colour::Dark
                        };
                        self.add_node(
                            Node {
                                name: format!("{file}{}", r + 1),
                                placement,
                                colour,
                                grid: Some((f, r)),
                            },
                            span.clone(),
                        );
                    }
                }
                shape = Some(GridShape {
                    files,
                    ranks: grid.ranks.value as u16,
                    wrap_files: spec.map.as_ref().is_some_and(|m| m.wrap_files),
                });
            }
        }
        for n in &spec.nodes {
            let span = n.name.span();
            let (a, b, keys) = match spec.layout.value {
                Layout::Grid => (n.x, n.y, ("x", "y", "ring", "sector", n.ring.or(n.sector))),
                Layout::Polar => (n.ring, n.sector, ("ring", "sector", "x", "y", n.x.or(n.y))),
            };
            let (a, b) = (a.map(|c| c.0), b.map(|c| c.0));
            if keys.4.is_some() {
                self.push(
                    Diagnostic::new(
                        Code::InvalidValue,
                        span.clone(),
                        format!(
                            "node `{}` gives `{}`/`{}`, but this board's layout places nodes by `{}` and `{}`",
                            n.name.get_ref(),
                            keys.2,
                            keys.3,
                            keys.0,
                            keys.1
                        ),
                    )
                    .label("wrong position keys for the layout"),
                );
                continue;
            }
            let (Some(a), Some(b)) = (a, b) else {
                self.push(
                    Diagnostic::new(
                        Code::MissingKey,
                        span,
                        format!("node `{}` has no drawing position", n.name.get_ref()),
                    )
                    .label(format!("needs `{}` and `{}`", keys.0, keys.1))
                    .help(format!(
                        "add `{} = ..., {} = ...` to this node",
                        keys.0, keys.1
                    )),
                );
                continue;
            };
            let placement = match spec.layout.value {
                Layout::Grid => Placement::Grid { x: a, y: b },
                Layout::Polar => Placement::Polar { ring: a, sector: b },
            };
            self.add_node(
                Node {
                    name: n.name.get_ref().clone(),
                    placement,
                    colour: n.colour.as_ref().map_or(Colour::Light, |c| *c.get_ref()),
                    grid: None,
                },
                span,
            );
        }
        if self.nodes.is_empty() && !self.has_errors() {
            self.push(
                Diagnostic::new(Code::NoNodes, 0..0, "the board declares no node")
                    .label("expected `[grid]` or `[[node]]`")
                    .help("add a `[grid]` table (files x ranks) or `[[node]]` items"),
            );
        }
        shape
    }

    fn dir_named(&self, name: &str) -> Option<DirId> {
        self.directions
            .iter()
            .position(|d| d.name == name)
            .map(|i| DirId(i as u8))
    }

    fn unknown_direction(&mut self, name: &Located<String>, context: &str) {
        let help = suggest(&name.value, self.directions.iter().map(|d| d.name.as_str()))
            .unwrap_or_else(|| {
                format!(
                    "declared directions: {}",
                    self.directions
                        .iter()
                        .map(|d| d.name.as_str())
                        .collect::<Vec<_>>()
                        .join(" ")
                )
            });
        self.push(
            Diagnostic::new(
                Code::UnknownDirection,
                name.span.clone(),
                format!(
                    "{context} names direction `{}`, which is not declared",
                    name.value
                ),
            )
            .label("unknown direction")
            .help(help),
        );
    }

    fn resolve_dir(&mut self, name: &Located<String>, context: &str) -> Option<DirId> {
        let d = self.dir_named(&name.value);
        if d.is_none() {
            self.unknown_direction(name, context);
        }
        d
    }

    fn resolve_node(
        &mut self,
        name: &Located<String>,
        context: &str,
        code: Code,
    ) -> Option<NodeId> {
        if let Some(&n) = self.node_index.get(&name.value) {
            return Some(n);
        }
        let help = suggest(&name.value, self.nodes.iter().map(|n| n.name.as_str()))
            .unwrap_or_else(|| "declare the node, or correct the name".to_string());
        self.push(
            Diagnostic::new(
                code,
                name.span.clone(),
                format!(
                    "{context} names node `{}`, which the board does not declare",
                    name.value
                ),
            )
            .label("unknown node")
            .help(help),
        );
        None
    }

    fn directions(&mut self, spec: &BoardSpec) {
        if spec.directions.is_empty() {
            self.push(
                Diagnostic::new(
                    Code::MissingKey,
                    spec.directions_span.clone(),
                    "the board declares no direction",
                )
                .label("expected a `[directions]` table")
                .help("add `[directions]` with entries such as `n = { opposite = \"s\" }`"),
            );
            return;
        }
        for d in &spec.directions {
            if !valid_name(&d.name.value) {
                self.push(
                    Diagnostic::new(
                        Code::InvalidValue,
                        d.name.span.clone(),
                        format!("`{}` cannot be a direction name", d.name.value),
                    )
                    .label("use letters, digits and `_`"),
                );
            }
            if self.directions.len() == MAX_DIRECTIONS {
                self.push(
                    Diagnostic::new(
                        Code::TooLarge,
                        d.name.span.clone(),
                        format!("more than {MAX_DIRECTIONS} directions"),
                    )
                    .label("one too many")
                    .help(format!(
                        "chessgraph boards have at most {MAX_DIRECTIONS} directions"
                    )),
                );
                return;
            }
            self.directions.push(Direction {
                name: d.name.value.clone(),
                opposite: None,
                path: None,
            });
            self.dir_spans.push(d.name.span.clone());
        }
        // Opposites: one side may declare it; both sides must agree.
        for (i, d) in spec.directions.iter().enumerate() {
            let Some(opp) = &d.opposite else { continue };
            let Some(o) = self.resolve_dir(opp, &format!("`{}`'s opposite", d.name.value)) else {
                continue;
            };
            let me = DirId(i as u8);
            for (a, b) in [(me, o), (o, me)] {
                match self.directions[a.index()].opposite {
                    None => self.directions[a.index()].opposite = Some(b),
                    Some(existing) if existing == b => {}
                    Some(existing) => {
                        let msg = format!(
                            "`{}` is declared opposite to both `{}` and `{}`",
                            self.directions[a.index()].name,
                            self.directions[existing.index()].name,
                            self.directions[b.index()].name
                        );
                        self.push(
                            Diagnostic::new(Code::BadOpposite, opp.span.clone(), msg)
                                .label("conflicting opposite")
                                .help("each direction has at most one opposite, and opposites pair up"),
                        );
                    }
                }
            }
        }
        // Composite paths.
        for (i, d) in spec.directions.iter().enumerate() {
            let Some(path) = &d.path else { continue };
            let steps = words(path, self.text);
            if steps.is_empty() {
                self.push(
                    Diagnostic::new(
                        Code::BadComposite,
                        path.span.clone(),
                        format!("composite direction `{}` has an empty path", d.name.value),
                    )
                    .label("no steps")
                    .help("write the steps, e.g. `path = \"n n e\"`"),
                );
                continue;
            }
            let mut ids = Vec::new();
            for s in &steps {
                let Some(id) = self.resolve_dir(s, &format!("the path of `{}`", d.name.value))
                else {
                    continue;
                };
                if spec.directions[id.index()].path.is_some() {
                    self.push(
                        Diagnostic::new(
                            Code::BadComposite,
                            s.span.clone(),
                            format!(
                                "the path of `{}` uses `{}`, itself a composite direction",
                                d.name.value, s.value
                            ),
                        )
                        .label("composite inside a composite")
                        .help("write composite paths with plain (linked) directions only"),
                    );
                    continue;
                }
                ids.push(id);
            }
            if ids.len() == steps.len() {
                self.directions[i].path = Some(ids);
            }
        }
    }

    /// Registers the declared twists; returns name -> id.
    fn twists(&mut self, spec: &BoardSpec) -> HashMap<String, TwistId> {
        let mut names = HashMap::new();
        let n = self.directions.len();
        for t in &spec.twists {
            if !valid_name(&t.name.value) {
                self.push(
                    Diagnostic::new(
                        Code::BadNodeName,
                        t.name.span.clone(),
                        format!("`{}` cannot be a twist name", t.name.value),
                    )
                    .label("twist name")
                    .help("use letters, digits and `_`"),
                );
                continue;
            }
            let mut image: Vec<DirId> = (0..n).map(|i| DirId(i as u8)).collect();
            let mut source_span: Vec<Option<Span>> = vec![None; n];
            let mut ok = true;
            for (from, to) in &t.map {
                let ctx = format!("twist `{}`", t.name.value);
                let f = self.resolve_dir(from, &ctx);
                let g = self.resolve_dir(to, &ctx);
                if let (Some(f), Some(g)) = (f, g) {
                    image[f.index()] = g;
                    source_span[f.index()] = Some(to.span.clone());
                } else {
                    ok = false;
                }
            }
            if !ok {
                continue;
            }
            // Bijective on a finite set <=> injective.
            let mut seen: Vec<Option<usize>> = vec![None; n];
            let mut bijective = true;
            for (i, img) in image.iter().enumerate() {
                if let Some(j) = seen[img.index()] {
                    bijective = false;
                    let (a, b) = (&self.directions[j].name, &self.directions[i].name);
                    let span = source_span[i]
                        .clone()
                        .or_else(|| source_span[j].clone())
                        .unwrap_or(t.name.span.clone());
                    let mut diag = Diagnostic::new(
                        Code::TwistNotPermutation,
                        span,
                        format!(
                            "twist `{}` is not a permutation: `{a}` and `{b}` both go to `{}`",
                            t.name.value, self.directions[img.index()].name
                        ),
                    )
                    .label("second direction mapped here")
                    .help("a twist must send different directions to different directions; map the freed direction back (e.g. `in = \"out\", out = \"in\"`)");
                    if let (Some(sj), Some(_)) = (&source_span[j], &source_span[i]) {
                        diag = diag.related(sj.clone(), "first mapped here");
                    }
                    self.push(diag);
                    break;
                }
                seen[img.index()] = Some(i);
            }
            if bijective {
                let id = self.intern_twist(t.name.value.clone(), image, &t.name.span, true);
                if let Some(id) = id {
                    names.insert(t.name.value.clone(), id);
                }
            }
        }
        names
    }

    /// Adds a twist. Declared twists (`declared`) always get an id of their own, so each keeps its
    /// name; twists composed along composite paths reuse an equal permutation.
    fn intern_twist(
        &mut self,
        name: String,
        image: Vec<DirId>,
        span: &Span,
        declared: bool,
    ) -> Option<TwistId> {
        if !declared && let Some(i) = self.twists.iter().position(|t| t.image == image) {
            return Some(TwistId(i as u8));
        }
        if self.twists.len() >= MAX_TWISTS {
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    span.clone(),
                    format!("more than {MAX_TWISTS} twists"),
                )
                .label("one too many"),
            );
            return None;
        }
        self.twists.push(Twist { name, image });
        Some(TwistId((self.twists.len() - 1) as u8))
    }

    fn tag_bit(&mut self, name: &Located<String>) -> Option<TagSet> {
        if name.value.is_empty() || name.value.chars().any(char::is_whitespace) {
            self.push(
                Diagnostic::new(
                    Code::InvalidValue,
                    name.span.clone(),
                    format!("`{}` cannot be a tag", name.value),
                )
                .label("tags are non-empty names without spaces"),
            );
            return None;
        }
        if let Some(i) = self.tags.iter().position(|t| *t == name.value) {
            return Some(TagSet(1 << i));
        }
        if self.tags.len() == MAX_TAGS {
            self.push(
                Diagnostic::new(
                    Code::TooLarge,
                    name.span.clone(),
                    format!("more than {MAX_TAGS} tags"),
                )
                .label("one too many")
                .help(format!(
                    "a board uses at most {MAX_TAGS} distinct link tags"
                )),
            );
            return None;
        }
        self.tags.push(name.value.clone());
        Some(TagSet(1 << (self.tags.len() - 1)))
    }

    fn add_link(&mut self, from: NodeId, dir: DirId, step: Step, span: Span) {
        if from == step.to {
            self.push(
                Diagnostic::new(
                    Code::SelfLink,
                    span,
                    format!(
                        "`{}` would be linked to itself in direction `{}`",
                        self.nodes[from.index()].name,
                        self.directions[dir.index()].name
                    ),
                )
                .label("a link must lead to another node"),
            );
            return;
        }
        if let Some(existing) = self.links.get(&(from, dir)) {
            let earlier = existing.span.clone();
            let old_to = existing.step.to;
            self.push(
                Diagnostic::new(
                    Code::DuplicateLink,
                    span,
                    format!(
                        "`{}` already has a link in direction `{}` (to `{}`); a node has at most one link per direction",
                        self.nodes[from.index()].name,
                        self.directions[dir.index()].name,
                        self.nodes[old_to.index()].name
                    ),
                )
                .label(format!("second `{}` link from `{}`", self.directions[dir.index()].name, self.nodes[from.index()].name))
                .related(earlier, "first link made here")
                .help("remove one of them, or `[[unlink]]` the first before linking again"),
            );
            return;
        }
        self.links.insert((from, dir), LinkInfo { step, span });
    }

    fn map(&mut self, spec: &BoardSpec, grid: Option<&GridShape>) {
        let Some(map) = &spec.map else { return };
        let Some(grid) = grid else {
            if spec.grid.is_none() {
                self.push(
                    Diagnostic::new(
                        Code::MapWithoutGrid,
                        map.span.start..map.span.start,
                        "`[map]` gives grid offsets, but the board has no `[grid]`",
                    )
                    .label("offsets need files and ranks")
                    .help("add a `[grid]` table, or declare the links with `[[link]]`"),
                );
            }
            return;
        };
        let files = grid.files.len() as i64;
        let ranks = grid.ranks as i64;
        let mut by_pos = HashMap::new();
        for (i, n) in self.nodes.iter().enumerate() {
            if let Some(p) = n.grid {
                by_pos.insert(p, NodeId(i as u16));
            }
        }
        for (name, offset) in &map.offsets {
            let Some(d) = self.resolve_dir(name, "`[map]`") else {
                continue;
            };
            if self.directions[d.index()].path.is_some() {
                self.push(
                    Diagnostic::new(
                        Code::BadComposite,
                        name.span.clone(),
                        format!(
                            "`{}` is a composite direction and also has a `[map]` offset",
                            name.value
                        ),
                    )
                    .label("links of composite directions come from their path")
                    .help("give the direction either a `path` or an offset, not both"),
                );
                continue;
            }
            let [df, dr] = offset.value;
            if df == 0 && dr == 0 {
                self.push(
                    Diagnostic::new(
                        Code::SelfLink,
                        offset.span.clone(),
                        format!("the offset of `{}` is [0, 0]", name.value),
                    )
                    .label("would link every node to itself"),
                );
                continue;
            }
            for f in 0..files {
                for r in 0..ranks {
                    let (mut tf, tr) = (f + df as i64, r + dr as i64);
                    if map.wrap_files {
                        tf = tf.rem_euclid(files);
                    }
                    if !(0..files).contains(&tf) || !(0..ranks).contains(&tr) {
                        continue;
                    }
                    let from = by_pos[&(f as u16, r as u16)];
                    let to = by_pos[&(tf as u16, tr as u16)];
                    if from == to {
                        continue; // a full turn round a cylinder is not a link
                    }
                    self.add_link(
                        from,
                        d,
                        Step {
                            to,
                            twist: TwistId::IDENTITY,
                            tags: TagSet::EMPTY,
                        },
                        offset.span.clone(),
                    );
                }
            }
        }
    }

    /// `[[link]]`, `[[rlink]]` and `[[unlink]]` items act in file order, after `[map]`.
    fn link_items(&mut self, spec: &BoardSpec, twists: &HashMap<String, TwistId>) {
        let mut ops: Vec<(usize, Option<&LinkSpec>, Option<&UnlinkSpec>)> = spec
            .links
            .iter()
            .map(|l| (l.dir.span().start, Some(l), None))
            .chain(
                spec.unlinks
                    .iter()
                    .map(|u| (u.dir.span().start, None, Some(u))),
            )
            .collect();
        ops.sort_by_key(|o| o.0);
        for (_, l, u) in ops {
            if let Some(l) = l {
                self.explicit_link(spec, l, twists);
            }
            if let Some(u) = u {
                self.unlink(u);
            }
        }
    }

    fn explicit_link(&mut self, spec: &BoardSpec, l: &LinkSpec, twists: &HashMap<String, TwistId>) {
        {
            let kind = if l.reverse {
                "`[[rlink]]`"
            } else {
                "`[[link]]`"
            };
            let dir_name = Located::from(l.dir.clone());
            let d = self.resolve_dir(&dir_name, kind);
            if let Some(d) = d
                && self.directions[d.index()].path.is_some()
            {
                self.push(
                    Diagnostic::new(
                        Code::BadComposite,
                        dir_name.span.clone(),
                        format!(
                            "`{}` is a composite direction; it cannot be linked by hand",
                            dir_name.value
                        ),
                    )
                    .label("links of composite directions come from their path"),
                );
                return;
            }
            let twist = match &l.twist {
                None => Some(TwistId::IDENTITY),
                Some(t) => match twists.get(t.get_ref()) {
                    Some(&id) => Some(id),
                    None => {
                        let declared: Vec<&str> =
                            spec.twists.iter().map(|t| t.name.value.as_str()).collect();
                        let help =
                            suggest(t.get_ref(), declared.iter().copied()).unwrap_or_else(|| {
                                if declared.is_empty() {
                                    "declare it under `[twists]`".to_string()
                                } else {
                                    format!("declared twists: {}", declared.join(" "))
                                }
                            });
                        // A twist that failed its own checks was reported already.
                        if !declared.contains(&t.get_ref().as_str()) {
                            self.push(
                                Diagnostic::new(
                                    Code::UnknownTwist,
                                    t.span(),
                                    format!("twist `{}` is not declared", t.get_ref()),
                                )
                                .label("unknown twist")
                                .help(help),
                            );
                        }
                        None
                    }
                },
            };
            let mut tags = Some(TagSet::EMPTY);
            for t in &l.tags {
                let bit = self.tag_bit(&Located::from(t.clone()));
                tags = tags.zip(bit).map(|(a, b)| a.union(b));
            }
            let chain: Vec<Option<NodeId>> = l
                .chain
                .get_ref()
                .iter()
                .map(|n| self.resolve_node(&Located::from(n.clone()), kind, Code::UnknownNode))
                .collect();
            if chain.len() < 2 {
                self.push(
                    Diagnostic::new(
                        Code::ShortChain,
                        l.chain.span(),
                        format!(
                            "a link chain needs at least two nodes, this one has {}",
                            chain.len()
                        ),
                    )
                    .label("nothing to link")
                    .help("write `chain = [\"from\", \"to\"]`"),
                );
                return;
            }
            let (Some(d), Some(twist), Some(tags)) = (d, twist, tags) else {
                return;
            };
            for (i, pair) in chain.windows(2).enumerate() {
                let (Some(a), Some(b)) = (pair[0], pair[1]) else {
                    continue;
                };
                let (from, to) = if l.reverse { (b, a) } else { (a, b) };
                let items = l.chain.get_ref();
                let span = items[i].span().start..items[i + 1].span().end;
                self.add_link(from, d, Step { to, twist, tags }, span);
            }
        }
    }

    fn composite_not_editable(&mut self, d: DirId, span: Span, what: &str) -> bool {
        if self.directions[d.index()].path.is_none() {
            return false;
        }
        let name = self.directions[d.index()].name.clone();
        self.push(
            Diagnostic::new(
                Code::BadComposite,
                span,
                format!("`{name}` is a composite direction: its links cannot be {what}"),
            )
            .label("composite direction")
            .help(format!(
                "a `{name}` link follows its path and carries the tags of the links it crosses; {what} those links instead"
            )),
        );
        true
    }

    fn unlink(&mut self, u: &UnlinkSpec) {
        {
            let Some(d) = self.resolve_dir(&Located::from(u.dir.clone()), "`[[unlink]]`") else {
                return;
            };
            if self.composite_not_editable(d, u.dir.span(), "unlinked") {
                return;
            }
            for n in &u.nodes {
                let name = Located::from(n.clone());
                let Some(id) = self.resolve_node(&name, "`[[unlink]]`", Code::UnknownNode) else {
                    continue;
                };
                if self.links.remove(&(id, d)).is_none() {
                    self.push(
                        Diagnostic::new(
                            Code::NoSuchLink,
                            name.span.clone(),
                            format!(
                                "`{}` has no link in direction `{}` to remove",
                                name.value,
                                u.dir.get_ref()
                            ),
                        )
                        .label("nothing to unlink"),
                    );
                }
            }
        }
    }

    fn tag_links(&mut self, spec: &BoardSpec) {
        for t in &spec.tags {
            let Some(bit) = self.tag_bit(&Located::from(t.name.clone())) else {
                continue;
            };
            for r in &t.links {
                let r = Located::from(r.clone());
                let parts = words(&r, self.text);
                if parts.len() != 3 {
                    self.push(
                        Diagnostic::new(
                            Code::BadLinkRef,
                            r.span.clone(),
                            format!("`{}` is not a link reference", r.value),
                        )
                        .label("expected three words: from, direction, to")
                        .help("write links as \"h1 cw i1\""),
                    );
                    continue;
                }
                let ctx = "`[[tag]]`";
                let from = self.resolve_node(&parts[0], ctx, Code::UnknownNode);
                let dir = self.resolve_dir(&parts[1], ctx);
                let to = self.resolve_node(&parts[2], ctx, Code::UnknownNode);
                let (Some(from), Some(dir), Some(to)) = (from, dir, to) else {
                    continue;
                };
                if self.composite_not_editable(dir, parts[1].span.clone(), "tagged") {
                    continue;
                }
                match self.links.get_mut(&(from, dir)) {
                    Some(link) if link.step.to == to => link.step.tags = link.step.tags.union(bit),
                    other => {
                        let actual = other.map(|l| l.step.to);
                        let help = match actual {
                            Some(a) => format!(
                                "`{} {}` leads to `{}`",
                                parts[0].value,
                                parts[1].value,
                                self.nodes[a.index()].name
                            ),
                            None => {
                                format!("`{}` has no `{}` link", parts[0].value, parts[1].value)
                            }
                        };
                        self.push(
                            Diagnostic::new(
                                Code::NoSuchLink,
                                r.span.clone(),
                                format!("the board has no link `{}`", r.value),
                            )
                            .label("no such link to tag")
                            .help(help),
                        );
                    }
                }
            }
        }
    }

    fn composites(&mut self, steps: &mut [Option<Step>], spec: &BoardSpec) {
        let ndirs = self.directions.len();
        for (di, dir) in self.directions.clone().iter().enumerate() {
            let Some(path) = &dir.path else { continue };
            let span = spec.directions[di]
                .path
                .as_ref()
                .map_or(0..0, |p| p.span.clone());
            for n in 0..self.nodes.len() {
                let mut frame: Vec<DirId> = self.twists[0].image.clone();
                let mut at = NodeId(n as u16);
                let mut tags = TagSet::EMPTY;
                let mut ok = true;
                for &d in path {
                    let actual = frame[d.index()];
                    match steps[at.index() * ndirs + actual.index()] {
                        Some(s) => {
                            at = s.to;
                            tags = tags.union(s.tags);
                            if s.twist != TwistId::IDENTITY {
                                let t = &self.twists[s.twist.index()].image;
                                frame = frame.iter().map(|x| t[x.index()]).collect();
                            }
                        }
                        None => {
                            ok = false;
                            break;
                        }
                    }
                }
                if !ok || at.index() == n {
                    continue;
                }
                let twist = if frame == self.twists[0].image {
                    Some(TwistId::IDENTITY)
                } else {
                    self.intern_twist(format!("{}+path", dir.name), frame, &span, false)
                };
                let Some(twist) = twist else { return };
                steps[n * ndirs + di] = Some(Step {
                    to: at,
                    twist,
                    tags,
                });
            }
        }
    }

    fn zones(&mut self, spec: &BoardSpec) -> Vec<Zone> {
        let mut zones = Vec::new();
        for z in &spec.zones {
            if z.name.value.is_empty() {
                let example = "`rank_8 = [\"a8\", \"b8\"]`";
                self.push(Diagnostic::empty_name(z.name.span.clone(), "zone", example));
            }
            let ctx = format!("zone `{}`", z.name.value);
            let mut nodes: Vec<NodeId> = z
                .nodes
                .iter()
                .filter_map(|n| self.resolve_node(n, &ctx, Code::ZoneUnknownNode))
                .collect();
            nodes.sort();
            nodes.dedup();
            zones.push(Zone {
                name: z.name.value.clone(),
                nodes,
            });
        }
        zones
    }

    fn warnings(&mut self, board: &Board, spec: &BoardSpec) {
        // Opposite links that do not lead back, one warning per direction.
        for d in board.direction_ids() {
            let info = board.direction_info(d);
            if info.path.is_some() {
                continue;
            }
            let Some(opp) = info.opposite else { continue };
            let mut bad = Vec::new();
            for n in board.node_ids() {
                let Some(s) = board.step(n, d) else { continue };
                let back_dir = board.twist(s.twist).apply(opp);
                let back = board.step(s.to, back_dir);
                if back.map(|b| b.to) != Some(n) {
                    bad.push((n, s.to, back_dir, back.map(|b| b.to)));
                }
            }
            if bad.is_empty() {
                continue;
            }
            let (n, to, back_dir, back) = bad[0];
            let span = self
                .links
                .get(&(n, d))
                .map_or(self.dir_spans[d.index()].clone(), |l| l.span.clone());
            let what = match back {
                Some(b) => format!("leads to `{}`", board.node_name(b)),
                None => "does not exist".to_string(),
            };
            self.push(
                Diagnostic::new(
                    Code::NonReciprocalLink,
                    span,
                    format!(
                        "{} `{}` link(s) are not undone by their opposite: `{} {} {}`, but the way back `{} {}` {}",
                        bad.len(),
                        info.name,
                        board.node_name(n),
                        info.name,
                        board.node_name(to),
                        board.node_name(to),
                        board.direction_name(back_dir),
                        what
                    ),
                )
                .label("first such link")
                .help("with a twist T on `a --d--> b`, the way back is `b --T(opposite(d))--> a`; add the missing link or correct the opposite"),
            );
        }
        // Reachability from the first node, along links.
        let mut seen = vec![false; board.node_count()];
        let mut stack = vec![NodeId(0)];
        seen[0] = true;
        while let Some(n) = stack.pop() {
            for d in board.direction_ids() {
                if let Some(s) = board.step(n, d)
                    && !seen[s.to.index()]
                {
                    seen[s.to.index()] = true;
                    stack.push(s.to);
                }
            }
        }
        let unreached: Vec<NodeId> = board.node_ids().filter(|n| !seen[n.index()]).collect();
        if let Some(&first) = unreached.first() {
            let names: Vec<&str> = unreached
                .iter()
                .take(12)
                .map(|&n| board.node_name(n))
                .collect();
            let more = if unreached.len() > 12 { " ..." } else { "" };
            self.push(
                Diagnostic::new(
                    Code::UnreachableNode,
                    self.node_spans[first.index()].clone(),
                    format!(
                        "{} node(s) cannot be reached from `{}`: {}{more}",
                        unreached.len(),
                        board.node_name(NodeId(0)),
                        names.join(" ")
                    ),
                )
                .label("unreachable")
                .help("no piece can ever get there; link these nodes or remove them"),
            );
        }
        // Directions without links.
        for d in board.direction_ids() {
            if board.node_ids().all(|n| board.step(n, d).is_none()) {
                self.push(
                    Diagnostic::new(
                        Code::UnusedDirection,
                        self.dir_spans[d.index()].clone(),
                        format!("direction `{}` has no link", board.direction_name(d)),
                    )
                    .label("never used by any link")
                    .help("give it a `[map]` offset or `[[link]]`s, or remove it"),
                );
            }
        }
        let _ = spec;
    }
}

/// Rows for position text: top row first (greatest y, or innermost ring), left to right.
fn rows(nodes: &[Node]) -> Vec<Vec<NodeId>> {
    let key = |n: &Node| match n.placement {
        Placement::Grid { x, y } => (y, x),
        Placement::Polar { ring, sector } => (ring, sector),
    };
    let mut ids: Vec<NodeId> = (0..nodes.len()).map(|i| NodeId(i as u16)).collect();
    ids.sort_by(|a, b| {
        let (ya, xa) = key(&nodes[a.index()]);
        let (yb, xb) = key(&nodes[b.index()]);
        yb.total_cmp(&ya).then(xa.total_cmp(&xb))
    });
    let mut rows: Vec<Vec<NodeId>> = Vec::new();
    let mut last_y = None;
    for id in ids {
        let y = key(&nodes[id.index()]).0;
        if last_y != Some(y) {
            rows.push(Vec::new());
            last_y = Some(y);
        }
        rows.last_mut().expect("pushed above").push(id);
    }
    rows
}
