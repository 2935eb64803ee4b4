//! Text views of a board: the `check` summary, the full link listing, one node's links, DOT.

use std::fmt::Write;

use super::{Board, Colour, DirId, GridShape, Layout, NodeId, Step, TwistId};
use crate::spec::board::Wrap;

impl Board {
    /// The short summary `chessgraph check` prints for a valid board file.
    pub fn summary(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "board: {}", self.name);
        let _ = writeln!(s, "nodes: {}", self.nodes_summary());
        let _ = writeln!(s, "directions: {}", self.directions_summary());
        let _ = writeln!(s, "links: {}", self.links_summary());
        let _ = writeln!(s, "twists: {}", list_or_none(self.twist_counts()));
        let _ = writeln!(s, "tags: {}", list_or_none(self.tag_counts()));
        let zones: Vec<String> = self
            .zones
            .iter()
            .filter(|z| !z.generated)
            .map(|z| format!("{} ({})", z.name, z.nodes.len()))
            .collect();
        let _ = writeln!(s, "zones: {}", list_or_none(zones));
        if let Some(g) = &self.grid {
            let (first, last) = (&g.files[0], &g.files[g.files.len() - 1]);
            let edges = if g.hex.is_some() {
                ", edge_left, edge_top_left, edge_top_right, edge_right, edge_bottom_right, edge_bottom_left, top, bottom, edge"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "generated zones: rank_1..rank_{}, file_{first}..file_{last}{edges}",
                g.ranks
            );
        }
        let _ = writeln!(s, "connected: {}", self.connectedness());
        s
    }

    /// How many nodes, how they are laid out, how many of each colour.
    fn nodes_summary(&self) -> String {
        let count = |c: Colour| self.nodes.iter().filter(|n| n.colour == c).count();
        let shape = match &self.grid {
            Some(GridShape {
                hex: Some(shape),
                files,
                ..
            }) => match shape.side {
                Some(side) => format!(", a hexagon of side {side} in {} files", files.len()),
                None => format!(
                    ", a hexagon in {} files of {} cells",
                    files.len(),
                    shape
                        .lengths
                        .iter()
                        .map(u16::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            },
            Some(g) => format!(
                ", grid {} files x {} ranks{}",
                g.files.len(),
                g.ranks,
                match g.wrap {
                    Wrap::None => "",
                    Wrap::Cylinder => ", files wrap",
                    Wrap::Torus => ", files and ranks wrap (a torus)",
                    Wrap::Moebius => ", files wrap with a twist (a Möbius strip)",
                    Wrap::Klein => ", files wrap with a twist, ranks wrap (a Klein bottle)",
                }
            ),
            None => String::new(),
        };
        let layout = match self.layout {
            Layout::Grid => "grid",
            Layout::Polar => "polar",
            Layout::Hex => "hex",
        };
        let mid = match count(Colour::Mid) {
            0 => String::new(),
            n => format!(", {n} mid"),
        };
        format!(
            "{} ({layout} layout{shape}; {} light, {} dark{mid})",
            self.nodes.len(),
            count(Colour::Light),
            count(Colour::Dark)
        )
    }

    /// How many directions, each with its opposite (`n<>s`) or its path (`nne=(n n e)`).
    fn directions_summary(&self) -> String {
        let names: Vec<String> = self
            .direction_ids()
            .map(|d| {
                let info = self.direction_info(d);
                match (&info.opposite, &info.path) {
                    (_, Some(p)) => format!(
                        "{}=({})",
                        info.name,
                        p.iter()
                            .map(|&x| self.direction_name(x))
                            .collect::<Vec<_>>()
                            .join(" ")
                    ),
                    (Some(o), None) => format!("{}<>{}", info.name, self.direction_name(*o)),
                    (None, None) => info.name.clone(),
                }
            })
            .collect();
        format!("{} ({})", self.directions.len(), names.join(", "))
    }

    /// How many links, in all and per direction.
    fn links_summary(&self) -> String {
        let total = self.links().count();
        let per_dir: Vec<String> = self
            .direction_ids()
            .map(|d| {
                let c = self
                    .node_ids()
                    .filter(|&n| self.step(n, d).is_some())
                    .count();
                format!("{} {c}", self.direction_name(d))
            })
            .collect();
        format!("{total} ({})", per_dir.join(", "))
    }

    /// Each twist but the identity, with how many links carry it.
    fn twist_counts(&self) -> Vec<String> {
        (1..self.twists.len())
            .map(|t| {
                let c = self
                    .links()
                    .filter(|(_, _, st)| st.twist.index() == t)
                    .count();
                format!("{} on {c} links", self.twists[t].name)
            })
            .collect()
    }

    /// Each tag, with how many links carry it; composite links are not counted, as they only
    /// inherit the tags of the links they cross.
    fn tag_counts(&self) -> Vec<String> {
        self.tags
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let c = self
                    .links()
                    .filter(|(_, d, st)| {
                        self.direction_info(*d).path.is_none() && st.tags.0 & (1 << i) != 0
                    })
                    .count();
                format!("{t} on {c} links")
            })
            .collect()
    }

    /// Whether the board is one piece, and whether every node reaches every other.
    fn connectedness(&self) -> String {
        let parts = self.connected_parts();
        if parts == 1 {
            if self.strongly_connected() {
                "yes (every node reaches every node)".to_string()
            } else {
                "yes, but not every node can reach every other".to_string()
            }
        } else {
            format!("no ({parts} separate parts)")
        }
    }

    fn step_text(&self, d: DirId, st: Step) -> String {
        let mut t = format!("{} {}", self.direction_name(d), self.node_name(st.to));
        if st.twist != TwistId::IDENTITY {
            let _ = write!(t, " ~{}", self.twists[st.twist.index()].name);
        }
        if !st.tags.is_empty() {
            let _ = write!(t, " [{}]", self.tag_names(st.tags).join(","));
        }
        t
    }

    /// The links leaving one node, one per line: `direction target [~twist] [tags]`.
    pub fn node_links(&self, n: NodeId) -> String {
        let mut s = String::new();
        for d in self.direction_ids() {
            if let Some(st) = self.step(n, d) {
                let _ = writeln!(s, "{}", self.step_text(d, st));
            }
        }
        s
    }

    /// Every node with every link, deterministic; the basis of the board snapshots.
    pub fn listing(&self) -> String {
        let mut s = String::new();
        for twist in &self.twists[1..] {
            let moves: Vec<String> = self
                .direction_ids()
                .filter(|&d| twist.apply(d) != d)
                .map(|d| {
                    format!(
                        "{}->{}",
                        self.direction_name(d),
                        self.direction_name(twist.apply(d))
                    )
                })
                .collect();
            let _ = writeln!(s, "twist {}: {}", twist.name, moves.join(" "));
        }
        for z in &self.zones {
            let names: Vec<&str> = z.nodes.iter().map(|&n| self.node_name(n)).collect();
            let _ = writeln!(s, "zone {}: {}", z.name, names.join(" "));
        }
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&n| self.node_name(n))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let _ = writeln!(s, "rows (top first): {}", rows.join(" / "));
        for n in self.node_ids() {
            let info = self.node_info(n);
            let colour = match info.colour {
                Colour::Light => "light",
                Colour::Dark => "dark",
                Colour::Mid => "mid",
            };
            let links: Vec<String> = self
                .direction_ids()
                .filter_map(|d| self.step(n, d).map(|st| self.step_text(d, st)))
                .collect();
            let _ = writeln!(s, "{} ({colour}): {}", info.name, links.join(", "));
        }
        s
    }

    /// The link graph in Graphviz DOT (composite directions left out; twisted links dashed, tagged
    /// links bold).
    pub fn to_dot(&self) -> String {
        self.to_dot_with(None)
    }

    /// [`Board::to_dot`] with the links of one direction only, when `only` names one.
    ///
    /// Every node has a fixed position, `pos="X,Y!"` in points (a grid square or a polar ring is
    /// an inch), so `neato -n` draws the board as it is laid out; `dot` ignores positions.
    pub fn to_dot_with(&self, only: Option<DirId>) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "digraph {:?} {{", self.name);
        let _ = writeln!(s, "  node [shape=box];");
        let sectors = self
            .node_ids()
            .filter_map(|n| match self.node_info(n).placement {
                crate::board::Placement::Polar { sector, .. } => Some(sector),
                crate::board::Placement::Grid { .. } => None,
            })
            .fold(0.0_f64, f64::max)
            + 1.0;
        let rings = self
            .node_ids()
            .filter_map(|n| match self.node_info(n).placement {
                crate::board::Placement::Polar { ring, .. } => Some(ring),
                crate::board::Placement::Grid { .. } => None,
            })
            .fold(0.0_f64, f64::max);
        for n in self.node_ids() {
            // Graphviz's y grows upward, as a grid's does; polar boards: ring 0 outermost,
            // sectors clockwise from straight up, round a void one ring wide.
            let (x, y) = match self.node_info(n).placement {
                crate::board::Placement::Grid { x, y } => (x, y),
                crate::board::Placement::Polar { ring, sector } => {
                    let radius = rings - ring + 1.5;
                    let angle = ((sector + 0.5) * 360.0 / sectors).to_radians();
                    (radius * angle.sin(), radius * angle.cos())
                }
            };
            let _ = writeln!(
                s,
                "  {:?} [pos=\"{},{}!\"];",
                self.node_name(n),
                (x * 72.0).round(),
                (y * 72.0).round()
            );
        }
        for e in self.graph.edge_indices() {
            let (a, b) = self.graph.edge_endpoints(e).expect("edge of this graph");
            let (d, twist, tags) = self.graph[e];
            if only.is_some_and(|o| o != d) {
                continue;
            }
            let mut attrs = vec![format!("label={:?}", self.direction_name(d))];
            if twist != TwistId::IDENTITY {
                attrs.push("style=dashed".into());
            }
            if !tags.is_empty() {
                attrs.push("penwidth=3".into());
                attrs.push(format!("tooltip={:?}", self.tag_names(tags).join(",")));
            }
            let _ = writeln!(
                s,
                "  {:?} -> {:?} [{}];",
                self.node_name(self.graph[a]),
                self.node_name(self.graph[b]),
                attrs.join(", ")
            );
        }
        s.push_str("}\n");
        s
    }
}

/// The items of a list joined by commas, or `none`.
fn list_or_none(items: Vec<String>) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items.join(", ")
    }
}
