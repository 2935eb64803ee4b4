//! Variant spec -> validated [`Rules`], collecting every problem with its location.

use std::collections::HashMap;
use std::path::Path;

use super::{
    Castling, FrameId, Gate, KindId, MAX_PLAYERS, Mark, NodeSet, OutcomePolicy, Pattern, PieceKind,
    Player, PlayerId, Policy, Rules,
};
use crate::board::{Board, DirId, NodeId, TagSet};
use crate::diagnostic::{Code, Diagnostic, FileReport, suggest};
use crate::path::parse_pattern;
use crate::spec::Located;
use crate::spec::variant::{VariantSpec, read_variant_spec};
use crate::tables::{FrameData, KindProgram, MoveTables};

pub use crate::limits::MAX_CASTLINGS;
pub use crate::limits::MAX_FRAMES;
pub use crate::limits::MAX_KINDS;

/// Checks a start position text against finished rules and counts its pieces per player and
/// kind: the front door (`crate::variant`) passes the position parser, which `rules` may not name
/// (it comes later in the data flow).
pub type StartCheck<'a> =
    &'a dyn Fn(&std::sync::Arc<Rules>, &str) -> Result<Vec<Vec<usize>>, String>;

pub(super) fn load(path: &Path, check_start: StartCheck<'_>) -> (Option<Rules>, Vec<FileReport>) {
    let (sources, spec) = read_variant_spec(path);
    let spec = match spec {
        Ok(s) => s,
        Err(diags) => return (None, sources.reports(diags)),
    };
    let mut diags = Vec::new();
    let (board_result, board_report) = Board::check_file(&spec.board_path);
    let board = match board_result {
        Ok(b) => b,
        Err(_) => {
            // A file that is no board at all (unreadable, not TOML, no `[board]`) is not shown:
            // its contents are none of this report's business.
            let foreign = not_a_board(&board_report);
            let why = foreign
                .as_ref()
                .map_or_else(String::new, |w| format!(": {w}"));
            diags.push(
                Diagnostic::new(
                    Code::BadBoard,
                    spec.board.span.clone(),
                    format!("the board file `{}` does not load{why}", spec.board_path.display()),
                )
                .label("this board")
                .help("the board's own problems are listed with it; the path is relative to this file"),
            );
            let mut reports = sources.reports(diags);
            if foreign.is_none() {
                reports.push(board_report);
            }
            return (None, reports);
        }
    };
    // Path programs point into their own file; the parser gets a text where offsets of the
    // shifted span space land on that file's bytes. Made once per file, not once per pattern.
    let padded: Vec<(usize, String)> = sources
        .files()
        .map(|(f, off)| (off, " ".repeat(off) + f.text()))
        .collect();
    let text_of = |span: &std::ops::Range<usize>| -> &str {
        padded
            .iter()
            .rev()
            .find(|(off, _)| *off <= span.start)
            .map_or("", |(_, text)| text.as_str())
    };
    let rules = Builder {
        board: &board,
        diags: &mut diags,
        text_of: &text_of,
        check_start,
    }
    .build(&spec)
    .map(|mut rules| {
        rules.files = sources.paths().map(Path::to_path_buf).collect();
        rules.files.push(spec.board_path.clone());
        rules
    });
    let mut reports = sources.reports(diags);
    if !board_report.diagnostics.is_empty() {
        reports.push(board_report);
    }
    let ok = rules.is_some() && !reports.iter().any(|r| r.has_errors());
    (if ok { rules } else { None }, reports)
}

/// Why a board file that failed to load is not a board file at all, or `None` when it is one
/// with problems of its own.
fn not_a_board(report: &FileReport) -> Option<String> {
    // An unreadable file has no contents to show: its report says why.
    if report.diagnostics.iter().any(|d| d.code == Code::Io) {
        return None;
    }
    let text = report.source.text();
    match toml::de::DeTable::parse(text) {
        Err(e) => {
            let (line, col) = report.source.line_col(e.span().map_or(0, |s| s.start));
            Some(format!("it is not TOML (line {line}, column {col})"))
        }
        Ok(t) if !t.get_ref().contains_key("board") => Some("it has no `[board]` table".into()),
        Ok(_) => None,
    }
}

/// Whether a frame name can be written in position text: letters, digits, `_` and `-`.
fn frame_name_ok(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// The zone names patterns and promotions use, in the order they were first named, with where.
#[derive(Default)]
struct ZoneKeys(Vec<(String, std::ops::Range<usize>)>);

impl ZoneKeys {
    /// The index of a zone name, added when new.
    fn intern(&mut self, name: &Located<String>) -> usize {
        match self.0.iter().position(|(n, _)| *n == name.value) {
            Some(i) => i,
            None => {
                self.0.push((name.value.clone(), name.span.clone()));
                self.0.len() - 1
            }
        }
    }
}

/// The finished parts of the rules, before they are put together.
struct Parts {
    frames: Vec<(String, Vec<DirId>)>,
    after: Vec<u8>,
    players: Vec<Player>,
    kinds: Vec<PieceKind>,
    zone_keys: ZoneKeys,
    zones: Vec<Vec<NodeSet>>,
    tables: MoveTables,
    castling: Vec<Castling>,
    castle_clear: Vec<u32>,
    outcome: OutcomePolicy,
    gates: Vec<Gate>,
    gate_tags: TagSet,
}

/// The id of the frame with this name.
fn frame_named(frames: &[(String, Vec<DirId>)], n: &str) -> Option<FrameId> {
    frames
        .iter()
        .position(|(x, _)| x == n)
        .map(|i| FrameId(i as u8))
}

struct Builder<'a> {
    board: &'a Board,
    diags: &'a mut Vec<Diagnostic>,
    text_of: &'a dyn Fn(&std::ops::Range<usize>) -> &'a str,
    check_start: StartCheck<'a>,
}

/// `#rrggbb` as (red, green, blue).
fn parse_colour(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn unknown(
    span: std::ops::Range<usize>,
    what: &str,
    name: &str,
    candidates: &[&str],
) -> Diagnostic {
    let help = suggest(name, candidates.iter().copied()).unwrap_or_else(|| {
        if candidates.is_empty() {
            format!("no {what} is declared")
        } else {
            format!("declared: {}", candidates.join(" "))
        }
    });
    Diagnostic::new(Code::UnknownName, span, format!("unknown {what} `{name}`"))
        .label(format!("not a declared {what}"))
        .help(help)
}

impl Builder<'_> {
    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn has_errors(&self) -> bool {
        !self.diags.is_empty()
    }

    fn node(&mut self, name: &Located<String>, context: &str) -> Option<NodeId> {
        let n = self.board.node(&name.value);
        if n.is_none() {
            let names: Vec<&str> = self
                .board
                .node_ids()
                .map(|n| self.board.node_name(n))
                .collect();
            let mut d = unknown(name.span.clone(), "node", &name.value, &[]);
            d.message = format!(
                "{context} names node `{}`, which the board does not have",
                name.value
            );
            d.help = suggest(&name.value, names.iter().copied())
                .or_else(|| Some("check the board file for the node names".to_string()));
            self.err(d);
        }
        n
    }

    /// The seat of the player named by `name`, or an error with a did-you-mean.
    fn player(&mut self, spec: &VariantSpec, name: &toml::Spanned<String>) -> Option<usize> {
        let found = spec
            .players
            .iter()
            .position(|p| p.name.get_ref() == name.get_ref());
        if found.is_none() {
            let names: Vec<&str> = spec
                .players
                .iter()
                .map(|p| p.name.get_ref().as_str())
                .collect();
            self.err(unknown(name.span(), "player", name.get_ref(), &names));
        }
        found
    }

    fn board_zone(&self, name: &str) -> Option<NodeSet> {
        self.board
            .zone(name)
            .map(|z| NodeSet::from_nodes(z.nodes.iter().copied()))
    }

    fn permutation(
        &mut self,
        name: &Located<String>,
        map: &[(Located<String>, Located<String>)],
    ) -> Option<Vec<DirId>> {
        let n = self.board.direction_count();
        let mut image: Vec<DirId> = self.board.direction_ids().collect();
        let dirs: Vec<&str> = self
            .board
            .direction_ids()
            .map(|d| self.board.direction_name(d))
            .collect();
        let mut ok = true;
        let mut spans: Vec<Option<std::ops::Range<usize>>> = vec![None; n];
        for (from, to) in map {
            let f = self.board.direction(&from.value);
            let t = self.board.direction(&to.value);
            for (x, l) in [(f, from), (t, to)] {
                if x.is_none() {
                    ok = false;
                    let mut d = unknown(l.span.clone(), "direction", &l.value, &dirs);
                    d.message = format!(
                        "frame `{}` names direction `{}`, which the board does not have",
                        name.value, l.value
                    );
                    self.err(d);
                }
            }
            if let (Some(f), Some(t)) = (f, t) {
                image[f.index()] = t;
                spans[f.index()] = Some(to.span.clone());
            }
        }
        if !ok {
            return None;
        }
        let mut seen: Vec<Option<usize>> = vec![None; n];
        for (i, d) in image.iter().enumerate() {
            if let Some(j) = seen[d.index()] {
                let span = spans[i]
                    .clone()
                    .or(spans[j].clone())
                    .unwrap_or(name.span.clone());
                self.err(
                    Diagnostic::new(
                        Code::FrameNotPermutation,
                        span,
                        format!(
                            "frame `{}` is not a permutation: `{}` and `{}` both become `{}`",
                            name.value,
                            dirs[j],
                            dirs[i],
                            dirs[d.index()]
                        ),
                    )
                    .label("second direction mapped here")
                    .help("a frame renames directions one to one; map the freed direction back (e.g. `n = \"s\", s = \"n\"`)"),
                );
                return None;
            }
            seen[d.index()] = Some(i);
        }
        Some(image)
    }

    /// The castling entries: each checked on its own (two squares each for king and rook, the
    /// pieces, a move that moves something, distinct destinations) and against the others (a
    /// token that is not a prefix of another, so that the castling field reads one way only).
    /// The squares that must be empty are the file's `empty` list plus both destinations and
    /// the squares the king passes (its `safe` list), whatever the file says: castling never
    /// lands on a piece.
    fn castlings(&mut self, spec: &VariantSpec, kinds: &[PieceKind]) -> Vec<Castling> {
        if spec.castling.len() > MAX_CASTLINGS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.castling[MAX_CASTLINGS].right.span(),
                    format!("more than {MAX_CASTLINGS} castling rights"),
                )
                .label("one too many"),
            );
        }
        let mut castling: Vec<Castling> = Vec::new();
        for (i, c) in spec.castling.iter().enumerate() {
            self.castling_token(spec, i);
            if let Some(entry) = self.castling(spec, c, kinds) {
                castling.push(entry);
            }
        }
        castling
    }

    /// Checks the right token of castling entry `i` against the tokens before it.
    fn castling_token(&mut self, spec: &VariantSpec, i: usize) {
        let c = &spec.castling[i];
        let right = c.right.get_ref();
        if right.is_empty() || !right.chars().all(|ch| ch.is_ascii_alphabetic()) {
            self.err(
                Diagnostic::new(
                    Code::BadMark,
                    c.right.span(),
                    format!("`{right}` cannot be a castling right token"),
                )
                .label("use letters")
                .help("e.g. `right = \"K\"`"),
            );
            return;
        }
        for other in &spec.castling[..i] {
            let o = other.right.get_ref();
            let (message, help) = if o == right {
                (
                    format!("two castlings use the right token `{right}`"),
                    "each castling needs its own token in position text",
                )
            } else if o.starts_with(right.as_str()) || right.starts_with(o.as_str()) {
                (
                    format!("the castling right tokens `{o}` and `{right}` begin alike"),
                    "no token may begin another: `KQkq` could then be read two ways",
                )
            } else {
                continue;
            };
            self.err(
                Diagnostic::new(Code::DuplicateName, c.right.span(), message)
                    .label("this token")
                    .related(other.right.span(), "the other token")
                    .help(help),
            );
        }
    }

    /// One castling entry, or `None` (with the errors reported) when it is inconsistent.
    fn castling(
        &mut self,
        spec: &VariantSpec,
        c: &crate::spec::variant::CastlingSpec,
        kinds: &[PieceKind],
    ) -> Option<Castling> {
        let player = self.player(spec, &c.player);
        let [kf, kt] = self.castling_squares(&c.king, "king")?;
        let [rf, rt] = self.castling_squares(&c.rook, "rook")?;
        let loc = |s: &toml::Spanned<String>| Located::from(s.clone());
        let empty: Vec<Option<NodeId>> = c
            .empty
            .iter()
            .map(|n| self.node(&loc(n), "castling `empty`"))
            .collect();
        let safe: Vec<Option<NodeId>> = c
            .safe
            .iter()
            .map(|n| self.node(&loc(n), "castling `safe`"))
            .collect();
        let king_kind = self.castling_king(c, kinds);
        let rook_kind = self.castling_piece(c.rook_piece.as_ref(), "rook", c.rook.span(), kinds);
        let (kf, kt, rf, rt) = (kf?, kt?, rf?, rt?);
        let problem = if kf == rf {
            Some("the king and the rook start on the same square")
        } else if kt == rt {
            Some("the king and the rook end on the same square")
        } else if kf == kt && rf == rt {
            Some("this castling moves neither the king nor the rook")
        } else {
            None
        };
        if let Some(problem) = problem {
            self.err(
                Diagnostic::new(Code::BadCastling, c.rook.span(), problem)
                    .label("rook squares")
                    .related(c.king.span(), "king squares")
                    .help("`king = [from, to]` and `rook = [from, to]` must describe a real move of both"),
            );
            return None;
        }
        if kf == kt {
            self.err(
                Diagnostic::new(
                    Code::BadCastling,
                    c.king.span(),
                    "the king does not move: castling is the king's move",
                )
                .label("king squares")
                .related(c.rook.span(), "rook squares")
                .help("`king = [from, to]` needs two different squares, e.g. `king = [\"e1\", \"g1\"]`"),
            );
            return None;
        }
        let empty: Vec<NodeId> = empty.into_iter().collect::<Option<_>>()?;
        let safe: Vec<NodeId> = safe.into_iter().collect::<Option<_>>()?;
        let mut must_be_empty: Vec<NodeId> = empty
            .iter()
            .chain(&safe)
            .chain([&kt, &rt])
            .copied()
            .filter(|&n| n != kf && n != rf)
            .collect();
        must_be_empty.sort();
        must_be_empty.dedup();
        Some(Castling {
            player: PlayerId(player? as u8),
            right: c.right.get_ref().clone(),
            king_from: kf,
            king_to: kt,
            rook_from: rf,
            rook_to: rt,
            king_kind: KindId(king_kind? as u8),
            rook_kind: KindId(rook_kind? as u8),
            empty: must_be_empty,
            safe,
            ambiguous: false,
        })
    }

    /// The `[from, to]` squares of a castling's king or rook: exactly two nodes of the board.
    fn castling_squares(
        &mut self,
        list: &toml::Spanned<Vec<toml::Spanned<String>>>,
        what: &str,
    ) -> Option<[Option<NodeId>; 2]> {
        let [from, to] = list.get_ref().as_slice() else {
            self.err(
                Diagnostic::new(
                    Code::BadCastling,
                    list.span(),
                    format!(
                        "the {what} needs two squares, where it starts and where it ends; found {}",
                        list.get_ref().len()
                    ),
                )
                .label("two squares")
                .help(format!("e.g. `{what} = [\"e1\", \"g1\"]`")),
            );
            return None;
        };
        let loc = |s: &toml::Spanned<String>| Located::from(s.clone());
        Some([
            self.node(&loc(from), "castling"),
            self.node(&loc(to), "castling"),
        ])
    }

    /// The castling king's kind: `king_piece`, or the variant's only royal kind.
    fn castling_king(
        &mut self,
        c: &crate::spec::variant::CastlingSpec,
        kinds: &[PieceKind],
    ) -> Option<usize> {
        if c.king_piece.is_some() {
            return self.castling_piece(c.king_piece.as_ref(), "king", c.king.span(), kinds);
        }
        let royals: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i].royal).collect();
        match royals.as_slice() {
            [royal] => Some(*royal),
            _ => {
                self.err(
                    Diagnostic::new(
                        Code::BadCastling,
                        c.king.span(),
                        format!(
                            "which piece castles? this variant has {} royal piece kinds",
                            royals.len()
                        ),
                    )
                    .label("which piece is the king?")
                    .help("name it with `king_piece = \"...\"`"),
                );
                None
            }
        }
    }

    /// The kind named by `named` (or `default` when the file names none) for a castling.
    fn castling_piece(
        &mut self,
        named: Option<&toml::Spanned<String>>,
        default: &str,
        fallback_span: std::ops::Range<usize>,
        kinds: &[PieceKind],
    ) -> Option<usize> {
        let name = named.map_or(default, |r| r.get_ref().as_str());
        let found = kinds.iter().position(|k| k.name == name);
        if found.is_none() {
            let span = named.map_or(fallback_span, |r| r.span());
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            let mut d = unknown(span, "piece", name, &names);
            d.message = format!("castling moves a `{name}`, which is not a piece of this variant");
            if named.is_none() {
                d.help = Some(format!(
                    "name the {default}'s piece with `{default}_piece = \"...\"`"
                ));
            }
            self.err(d);
        }
        found
    }

    fn build(mut self, spec: &VariantSpec) -> Option<Rules> {
        self.names_not_empty(spec);
        let mut frames = self.frames(spec);
        let players = self.players(spec, &frames);
        let mut zone_keys = ZoneKeys::default();
        let mut kinds = self.pieces(spec, &mut zone_keys);
        self.promotions(spec, &mut kinds);
        let zones = self.zones(spec, &zone_keys);
        let after = self.frames_through_twists(spec, &mut frames)?;
        if self.has_errors() {
            return None;
        }
        let tables = self.tables(spec, &mut kinds, &frames, &after)?;
        let (castling, castle_clear) = self.castling_entries(spec, &kinds);
        let outcome = self.outcome(spec, players.len());
        let (gates, gate_tags) = self.gates(spec);
        let parts = Parts {
            frames,
            after,
            players,
            kinds,
            zone_keys,
            zones,
            tables,
            castling,
            castle_clear,
            outcome,
            gates,
            gate_tags,
        };
        self.assemble(spec, parts)
    }

    /// Frames: the identity, then the declared ones.
    fn frames(&mut self, spec: &VariantSpec) -> Vec<(String, Vec<DirId>)> {
        let board = self.board;
        // Frames: identity, then the declared ones.
        let mut frames: Vec<(String, Vec<DirId>)> =
            vec![("identity".to_string(), board.direction_ids().collect())];
        for (name, map) in &spec.frames {
            if !frame_name_ok(&name.value) {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        name.span.clone(),
                        format!("`{}` cannot be a frame name", name.value),
                    )
                    .label("frame name")
                    .help("position text writes frames in brackets (`P[crossed]`): use letters, digits, `_` and `-`"),
                );
                continue;
            }
            if let Some(image) = self.permutation(name, map) {
                if name.value == "identity" {
                    if image != frames[0].1 {
                        self.err(
                            Diagnostic::new(
                                Code::DuplicateName,
                                name.span.clone(),
                                "`identity` is the built-in frame that changes nothing",
                            )
                            .label("reserved name")
                            .help("choose another name for this frame"),
                        );
                    }
                    continue;
                }
                frames.push((name.value.clone(), image));
            }
        }
        frames
    }

    /// The players, in turn order.
    fn players(&mut self, spec: &VariantSpec, frames: &[(String, Vec<DirId>)]) -> Vec<Player> {
        let board = self.board;
        let frame_names: Vec<String> = frames.iter().map(|(n, _)| n.clone()).collect();
        // Players.
        if spec.players.is_empty() {
            self.err(
                Diagnostic::new(
                    Code::NoPlayers,
                    spec.players_span.clone(),
                    "the variant declares no player",
                )
                .label("expected `[[player]]` items")
                .help(
                    "add one `[[player]]` per seat, in turn order, with `name`, `short` and `mark`",
                ),
            );
        }
        if spec.players.len() > MAX_PLAYERS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.players[MAX_PLAYERS].name.span(),
                    format!("more than {MAX_PLAYERS} players"),
                )
                .label("one too many"),
            );
        }
        let mut players = Vec::new();
        // Only a usable prefix mark obliges the others to be prefixes too (a mistyped `Lower`
        // is reported once, on its own line).
        let is_prefix = |m: &str| {
            !m.is_empty()
                && m.chars().all(|c| c.is_ascii_lowercase())
                && !matches!(m, "upper" | "lower")
        };
        let any_prefix = spec.players.iter().any(|p| is_prefix(p.mark.get_ref()));
        // A frame declared but rejected was reported already; uses of it are not reported again.
        let declared_frame = |n: &str| spec.frames.iter().any(|(name, _)| name.value == n);
        self.distinct_players(spec);
        for p in &spec.players {
            let short = p.short.get_ref();
            if short.is_empty() || !short.chars().all(|c| c.is_ascii_alphanumeric()) {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        p.short.span(),
                        format!("`{short}` cannot be a side-to-move token"),
                    )
                    .label("use letters or digits")
                    .help("e.g. `short = \"w\"`"),
                );
            }
            let mark = match p.mark.get_ref().as_str() {
                "upper" if !any_prefix => Some(Mark::Upper),
                "lower" if !any_prefix => Some(Mark::Lower),
                m if !m.is_empty()
                    && m.chars().all(|c| c.is_ascii_lowercase())
                    && !matches!(m, "upper" | "lower") =>
                {
                    Some(Mark::Prefix(m.to_string()))
                }
                m => {
                    let help = if any_prefix && matches!(m, "upper" | "lower") {
                        "when one player uses a prefix mark, all must (then letters are upper case after the prefix)".to_string()
                    } else {
                        "write `upper`, `lower`, or a lower-case prefix such as `g`".to_string()
                    };
                    self.err(
                        Diagnostic::new(
                            Code::BadMark,
                            p.mark.span(),
                            format!("`{m}` cannot be a piece mark here"),
                        )
                        .label("unusable mark")
                        .help(help),
                    );
                    None
                }
            };
            let frame = match &p.frame {
                None => Some(FrameId::IDENTITY),
                Some(f) => {
                    let r = frame_named(frames, f.get_ref());
                    if r.is_none() && !declared_frame(f.get_ref()) {
                        let names: Vec<&str> = frame_names.iter().map(String::as_str).collect();
                        self.err(unknown(f.span(), "frame", f.get_ref(), &names));
                    }
                    r
                }
            };
            let mut start_frames = Vec::new();
            for (zone, f) in &p.start_frames {
                let set = self.board_zone(zone);
                let fr = frame_named(frames, f.get_ref());
                if set.is_none() {
                    let names: Vec<&str> = board.zones().iter().map(|z| z.name.as_str()).collect();
                    let mut d = unknown(f.span(), "zone", zone, &names);
                    d.message = format!(
                        "`start_frames` names zone `{zone}`, which the board does not have"
                    );
                    self.err(d);
                }
                if fr.is_none() && !declared_frame(f.get_ref()) {
                    let names: Vec<&str> = frame_names.iter().map(String::as_str).collect();
                    self.err(unknown(f.span(), "frame", f.get_ref(), &names));
                }
                if let (Some(s), Some(fr)) = (set, fr) {
                    start_frames.push((s, fr));
                }
            }
            let colour = p.colour.as_ref().and_then(|c| {
                let rgb = parse_colour(c.get_ref());
                if rgb.is_none() {
                    self.err(
                        Diagnostic::new(
                            Code::InvalidValue,
                            c.span(),
                            format!("`{}` is not a colour", c.get_ref()),
                        )
                        .label("expected `#rrggbb`")
                        .help(
                            "write six hexadecimal digits after `#`, e.g. `colour = \"#8c8c8c\"`",
                        ),
                    );
                }
                rgb
            });
            if let (Some(mark), Some(frame)) = (mark, frame) {
                players.push(Player {
                    name: p.name.get_ref().clone(),
                    short: short.clone(),
                    mark,
                    frame,
                    start_frames,
                    colour,
                });
            }
        }
        players
    }

    /// No two players share a name, a short name or a mark: position text must tell them apart.
    fn distinct_players(&mut self, spec: &VariantSpec) {
        for (i, p) in spec.players.iter().enumerate() {
            for (j, q) in spec.players[..i].iter().enumerate() {
                for (a, b, what) in [
                    (&p.name, &q.name, "name"),
                    (&p.short, &q.short, "short name"),
                    (&p.mark, &q.mark, "mark"),
                ] {
                    if a.get_ref() == b.get_ref() {
                        self.err(
                            Diagnostic::new(
                                Code::DuplicateName,
                                a.span(),
                                format!(
                                    "players {} and {} have the same {what} `{}`",
                                    j + 1,
                                    i + 1,
                                    a.get_ref()
                                ),
                            )
                            .label("repeated")
                            .related(b.span(), "first used here")
                            .help("position text could not tell the players apart"),
                        );
                    }
                }
            }
        }
    }

    /// The piece kinds with their compiled patterns; the zones they name are interned.
    fn pieces(&mut self, spec: &VariantSpec, zone_keys: &mut ZoneKeys) -> Vec<PieceKind> {
        let board = self.board;
        let mut intern_zone = |name: &Located<String>| zone_keys.intern(name);
        // Pieces.
        if spec.pieces.len() > MAX_KINDS {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.pieces[MAX_KINDS].name.span.clone(),
                    format!("more than {MAX_KINDS} piece kinds"),
                )
                .label("one too many"),
            );
        }
        let mut kinds: Vec<PieceKind> = Vec::new();
        let dir_names: Vec<&str> = board
            .direction_ids()
            .map(|d| board.direction_name(d))
            .collect();
        for (i, p) in spec.pieces.iter().enumerate() {
            let c = self.piece_letter(spec, i);
            let patterns = self.piece_patterns(p, &dir_names, &mut intern_zone);
            let promotion = p
                .promotion
                .as_ref()
                .map(|pr| (intern_zone(&Located::from(pr.zone.clone())), pr));
            kinds.push(PieceKind {
                name: p.name.value.clone(),
                letter: c.unwrap_or('?'),
                royal: p.royal,
                resets_clock: p.resets_clock,
                patterns,
                promotion: promotion.map(|(z, _)| (z, Vec::new())),
                oriented: true,
            });
        }
        kinds
    }

    /// The letter of piece `i`: one letter, upper case, not another piece's.
    fn piece_letter(&mut self, spec: &VariantSpec, i: usize) -> Option<char> {
        let p = &spec.pieces[i];
        let letter = p.letter.get_ref();
        let mut chars = letter.chars();
        let c = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
            _ => {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        p.letter.span(),
                        format!("`{letter}` cannot be a piece letter"),
                    )
                    .label("expected one letter")
                    .help("position text writes a piece as one letter, e.g. `letter = \"N\"`"),
                );
                None
            }
        };
        if let Some(c) = c {
            for q in &spec.pieces[..i] {
                if q.letter.get_ref().to_ascii_uppercase() == c.to_string() {
                    self.err(
                        Diagnostic::new(
                            Code::DuplicateName,
                            p.letter.span(),
                            format!(
                                "pieces `{}` and `{}` share the letter `{c}`",
                                q.name.value, p.name.value
                            ),
                        )
                        .label("repeated letter")
                        .related(q.letter.span(), "first used here")
                        .help("give every piece its own letter"),
                    );
                }
            }
        }
        c
    }

    /// The compiled move patterns of a piece; each written once.
    fn piece_patterns(
        &mut self,
        p: &crate::spec::variant::PieceSpec,
        dir_names: &[&str],
        intern_zone: &mut dyn FnMut(&Located<String>) -> usize,
    ) -> Vec<Pattern> {
        let board = self.board;
        let mut patterns = Vec::new();
        let mut written: HashMap<String, std::ops::Range<usize>> = HashMap::new();
        for m in &p.moves {
            let loc = Located::from(m.clone());
            let normal = m.get_ref().split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(first) = written.get(&normal).cloned().or_else(|| {
                written.insert(normal, m.span());
                None
            }) {
                self.err(
                    Diagnostic::new(
                        Code::DuplicateName,
                        loc.span.clone(),
                        format!(
                            "piece `{}` lists the move `{}` twice",
                            p.name.value,
                            m.get_ref()
                        ),
                    )
                    .label("again")
                    .related(first, "first here")
                    .help("a move pattern once is enough: the same destinations give one move"),
                );
                continue;
            }
            let text = (self.text_of)(&loc.span);
            match parse_pattern(&loc, text) {
                Err(d) => self.err(d),
                Ok(ast) => {
                    let mut paths = Vec::new();
                    let mut ok = true;
                    let mut alternatives = Vec::new();
                    for path in &ast.paths {
                        let mut ids = Vec::new();
                        let mut alts = vec![Vec::new(); path.alternatives.len()];
                        let words = path.dirs.iter().map(|d| (None, d)).chain(
                            path.alternatives
                                .iter()
                                .enumerate()
                                .flat_map(|(ai, a)| a.iter().map(move |d| (Some(ai), d))),
                        );
                        for (alt, d) in words {
                            match board.direction(&d.value) {
                                Some(id) if alt.is_some() => alts[alt.unwrap_or_default()].push(id),
                                Some(id) => ids.push(id),
                                None => {
                                    ok = false;
                                    let help = suggest(&d.value, dir_names.iter().copied())
                                        .unwrap_or_else(|| {
                                            format!(
                                                "the board's directions: {}",
                                                dir_names.join(" ")
                                            )
                                        });
                                    self.err(
                                        Diagnostic::new(
                                            Code::PathUnknownDirection,
                                            d.span.clone(),
                                            format!(
                                                "piece `{}`: the board has no direction `{}`",
                                                p.name.value, d.value
                                            ),
                                        )
                                        .label("unknown direction")
                                        .help(help),
                                    );
                                }
                            }
                        }
                        paths.push((ids, path.stop));
                        alternatives.push(alts);
                    }
                    let mut avoid = TagSet::EMPTY;
                    for t in &ast.avoid {
                        match board.tag(&t.value) {
                            Some(bit) => avoid = avoid.union(bit),
                            None => {
                                // A tag no link carries forbids nothing; say so rather than ignore it.
                                ok = false;
                                let tags: Vec<&str> =
                                    board.tags().iter().map(String::as_str).collect();
                                let mut d = unknown(t.span.clone(), "tag", &t.value, &tags);
                                d.code = Code::PathBadModifier;
                                d.message = format!(
                                    "`avoid:{}`: no link of the board carries tag `{}`",
                                    t.value, t.value
                                );
                                self.err(d);
                            }
                        }
                    }
                    let from_zone = ast.from_zone.as_ref().map(&mut *intern_zone);
                    if ok {
                        patterns.push(Pattern {
                            mode: ast.mode,
                            kind: ast.kind,
                            paths,
                            alternatives,
                            from_zone,
                            creates_ep: ast.creates_ep,
                            en_passant: ast.en_passant,
                            avoid,
                            text: m.get_ref().trim().to_string(),
                        });
                    }
                }
            }
        }
        patterns
    }

    /// Promotion choices, now that every letter is known.
    fn promotions(&mut self, spec: &VariantSpec, kinds: &mut [PieceKind]) {
        // Promotion choices need every letter.
        for (i, p) in spec.pieces.iter().enumerate() {
            let Some(pr) = &p.promotion else { continue };
            let mut choices = Vec::new();
            for c in &pr.choices {
                let k = spec
                    .pieces
                    .iter()
                    .position(|q| q.letter.get_ref().eq_ignore_ascii_case(c.get_ref()));
                match k {
                    Some(k) if k == i => self.err(
                        Diagnostic::new(
                            Code::InvalidValue,
                            c.span(),
                            format!("piece `{}` promotes to itself", p.name.value),
                        )
                        .label("its own letter")
                        .help("a piece in its promotion zone must become another piece; list only those"),
                    ),
                    Some(k) if choices.contains(&KindId(k as u8)) => self.err(
                        Diagnostic::new(
                            Code::DuplicateName,
                            c.span(),
                            format!(
                                "piece `{}` lists the promotion `{}` twice",
                                p.name.value,
                                c.get_ref()
                            ),
                        )
                        .label("again")
                        .help("each choice once: the letters' case does not matter"),
                    ),
                    Some(k) => choices.push(KindId(k as u8)),
                    None => {
                        let letters: Vec<&str> = spec
                            .pieces
                            .iter()
                            .map(|q| q.letter.get_ref().as_str())
                            .collect();
                        let mut d = unknown(c.span(), "piece letter", c.get_ref(), &letters);
                        d.message = format!(
                            "piece `{}` promotes to `{}`, which is no piece's letter",
                            p.name.value,
                            c.get_ref()
                        );
                        self.err(d);
                    }
                }
            }
            if choices.is_empty() && !pr.choices.is_empty() {
                continue;
            }
            if pr.choices.is_empty() {
                self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        pr.zone.span(),
                        format!("piece `{}` promotes to nothing", p.name.value),
                    )
                    .label("empty `choices`")
                    .help(
                        "list the letters it may become: `choices = [\"Q\", \"R\", \"B\", \"N\"]`",
                    ),
                );
            }
            if let Some((z, _)) = kinds[i].promotion.take() {
                kinds[i].promotion = Some((z, choices));
            }
        }
    }

    /// Every interned zone, per player.
    fn zones(&mut self, spec: &VariantSpec, zone_keys: &ZoneKeys) -> Vec<Vec<NodeSet>> {
        let board = self.board;
        // Zones per player.
        let mut zones = Vec::new();
        for (key, span) in &zone_keys.0 {
            let mut per = Vec::new();
            for (pi, p) in spec.players.iter().enumerate() {
                let board_name = p
                    .zones
                    .get(key)
                    .map(|z| z.get_ref().as_str())
                    .unwrap_or(key);
                match self.board_zone(board_name) {
                    Some(s) => per.push(s),
                    None => {
                        let names: Vec<&str> =
                            board.zones().iter().map(|z| z.name.as_str()).collect();
                        let (span, msg) = match p.zones.get(key) {
                            Some(z) => (
                                z.span(),
                                format!(
                                    "player `{}` maps zone `{key}` to `{board_name}`, which the board does not have",
                                    p.name.get_ref()
                                ),
                            ),
                            None => (
                                span.clone(),
                                format!(
                                    "zone `{key}` is neither a zone of player {} (`{}`) nor of the board",
                                    pi + 1,
                                    p.name.get_ref()
                                ),
                            ),
                        };
                        let mut d = unknown(span, "zone", board_name, &names);
                        d.message = msg;
                        if !p.zones.contains_key(key) {
                            d.help = Some(format!(
                                "add `zones = {{ {key} = \"...\" }}` to player `{}`, or name a board zone",
                                p.name.get_ref()
                            ));
                        }
                        self.err(d);
                        per.push(NodeSet::default());
                    }
                }
            }
            zones.push(per);
        }

        zones
    }

    /// Frames reached through twists, and `after[frame * twists + twist]`.
    fn frames_through_twists(
        &mut self,
        spec: &VariantSpec,
        frames: &mut Vec<(String, Vec<DirId>)>,
    ) -> Option<Vec<u8>> {
        let board = self.board;
        let ntwists = board.twists().len();
        // Frames reached through twists.
        let mut after: Vec<u8> = Vec::new();
        let mut fi = 0;
        while fi < frames.len() {
            for t in 0..ntwists {
                let tw = &board.twists()[t].image;
                let image: Vec<DirId> = frames[fi].1.iter().map(|d| tw[d.index()]).collect();
                let id = match frames.iter().position(|(_, im)| *im == image) {
                    Some(i) => i,
                    None => {
                        if frames.len() == MAX_FRAMES {
                            self.err(
                                Diagnostic::new(
                                    Code::VariantTooLarge,
                                    spec.board.span.clone(),
                                    format!(
                                        "the board's twists give more than {MAX_FRAMES} frames"
                                    ),
                                )
                                .label("this board")
                                .help(
                                    "pieces can be in too many orientations; declare fewer twists",
                                ),
                            );
                            return None;
                        }
                        let name = format!("{}+{}", frames[fi].0, board.twists()[t].name);
                        frames.push((name, image));
                        frames.len() - 1
                    }
                };
                after.push(id as u8);
            }
            fi += 1;
        }
        Some(after)
    }

    /// Orientation (a kind whose tables are the same in every frame ignores its frame), then the
    /// compiled tables.
    fn tables(
        &mut self,
        spec: &VariantSpec,
        kinds: &mut [PieceKind],
        frames: &[(String, Vec<DirId>)],
        after: &[u8],
    ) -> Option<MoveTables> {
        let board = self.board;
        let ntwists = board.twists().len();
        // Orientation: a kind whose tables are the same in every frame ignores its frame.
        let images: Vec<Vec<DirId>> = frames.iter().map(|(_, im)| im.clone()).collect();
        let fd = FrameData {
            images: &images,
            after,
            twists: ntwists,
        };
        let probe = MoveTables::compile(board, &fd, &programs(kinds));
        for (ki, k) in kinds.iter_mut().enumerate() {
            let kid = KindId(ki as u8);
            let same = board.node_ids().all(|n| {
                let sig = |f: usize| {
                    let mut v: Vec<(u16, Vec<NodeId>)> = probe
                        .rays(kid, FrameId(f as u8), n)
                        .iter()
                        .map(|r| (r.pattern, probe.steps(r).iter().map(|s| s.node).collect()))
                        .collect();
                    v.sort();
                    v
                };
                let base = sig(0);
                (1..frames.len()).all(|f| sig(f) == base)
            });
            k.oriented = !same;
        }
        drop(probe);
        if MoveTables::attack_bit_count(&programs(kinds), frames.len()) > 64 {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.name.span.clone(),
                    "more than 64 (piece, orientation) combinations",
                )
                .label("this variant")
                .help("the attack tables keep one bit per oriented piece kind and frame"),
            );
            return None;
        }
        let tables = MoveTables::compile(board, &fd, &programs(kinds));

        Some(tables)
    }

    /// The castling entries, which ones move the king alike, and the rights each node clears.
    fn castling_entries(
        &mut self,
        spec: &VariantSpec,
        kinds: &[PieceKind],
    ) -> (Vec<Castling>, Vec<u32>) {
        let board = self.board;
        // Castling.
        let mut castling = self.castlings(spec, kinds);
        for i in 0..castling.len() {
            let amb = castling.iter().enumerate().any(|(j, o)| {
                j != i
                    && o.player == castling[i].player
                    && o.king_from == castling[i].king_from
                    && o.king_to == castling[i].king_to
            });
            castling[i].ambiguous = amb;
        }
        let mut castle_clear = vec![0u32; board.node_count()];
        for (i, c) in castling.iter().enumerate() {
            castle_clear[c.king_from.index()] |= 1 << i;
            castle_clear[c.rook_from.index()] |= 1 << i;
        }

        (castling, castle_clear)
    }

    /// The outcome policy.
    fn outcome(&mut self, spec: &VariantSpec, player_count: usize) -> OutcomePolicy {
        // Outcome.
        let mut by = vec![None; player_count + 1];
        for (k, p) in &spec.outcome.stalemate_by_players {
            match k.value.parse::<usize>() {
                Ok(n) if (2..=player_count).contains(&n) => by[n] = Some(p.value),
                _ => self.err(
                    Diagnostic::new(
                        Code::InvalidValue,
                        k.span.clone(),
                        format!(
                            "`{}` is not a number of players from 2 to {}",
                            k.value, player_count
                        ),
                    )
                    .label("expected a player count")
                    .help("write e.g. `\"3\" = \"eliminate\"`"),
                ),
            }
        }
        OutcomePolicy {
            checkmate: spec
                .outcome
                .checkmate
                .as_ref()
                .map_or(Policy::Eliminate, |p| p.value),
            stalemate: spec
                .outcome
                .stalemate
                .as_ref()
                .map_or(Policy::Draw, |p| p.value),
            stalemate_by_players: by,
        }
    }

    /// The gates and every gated tag.
    fn gates(&mut self, spec: &VariantSpec) -> (Vec<Gate>, TagSet) {
        let board = self.board;
        // Gates.
        let mut gates = Vec::new();
        let mut gate_tags = TagSet::EMPTY;
        if spec.gates.len() > 32 {
            self.err(
                Diagnostic::new(
                    Code::VariantTooLarge,
                    spec.gates[32].name.span(),
                    "more than 32 gates",
                )
                .label("one too many"),
            );
        }
        for g in &spec.gates {
            let tag = board.tag(g.tag.get_ref());
            if tag.is_none() {
                let tags: Vec<&str> = board.tags().iter().map(String::as_str).collect();
                let mut d = unknown(g.tag.span(), "tag", g.tag.get_ref(), &tags);
                d.message = format!(
                    "gate `{}`: no link of the board carries tag `{}`",
                    g.name.get_ref(),
                    g.tag.get_ref()
                );
                self.err(d);
            }
            if gates
                .iter()
                .any(|x: &super::Gate| x.name == *g.name.get_ref())
            {
                self.err(
                    Diagnostic::new(
                        Code::DuplicateName,
                        g.name.span(),
                        format!("two gates are named `{}`", g.name.get_ref()),
                    )
                    .label("repeated")
                    .help("position text names open gates; give each its own name"),
                );
            }
            if g.name.get_ref().is_empty() || g.name.get_ref().contains([',', ' ', ':']) {
                self.err(
                    Diagnostic::new(
                        Code::BadMark,
                        g.name.span(),
                        format!("`{}` cannot be a gate name", g.name.get_ref()),
                    )
                    .label("no spaces, commas or colons")
                    .help("position text lists open gates as `open:a,b`"),
                );
            }
            let mut conds = Vec::new();
            for c in &g.opens_when {
                let player = self.player(spec, &c.player);
                let zone = self.board_zone(c.no_piece_in.get_ref());
                if zone.is_none() {
                    let names: Vec<&str> = board.zones().iter().map(|z| z.name.as_str()).collect();
                    self.err(unknown(
                        c.no_piece_in.span(),
                        "zone",
                        c.no_piece_in.get_ref(),
                        &names,
                    ));
                }
                if let (Some(p), Some(z)) = (player, zone) {
                    conds.push((PlayerId(p as u8), z));
                }
            }
            if let Some(tag) = tag {
                gate_tags = gate_tags.union(tag);
                gates.push(super::Gate {
                    name: g.name.get_ref().clone(),
                    tags: tag,
                    opens_when: conds,
                    capture_when_open: g.capture_when_open,
                    check_when_open: g.check_when_open,
                });
            }
        }

        (gates, gate_tags)
    }

    /// The rules from their parts, with the start position checked.
    /// No player, piece or player-relative zone has an empty name: it would print as nothing.
    fn names_not_empty(&mut self, spec: &VariantSpec) {
        for p in &spec.players {
            if p.name.get_ref().is_empty() {
                self.err(Diagnostic::empty_name(
                    p.name.span(),
                    "player",
                    "`name = \"white\"`",
                ));
            }
            if let Some(target) = p.zones.get("") {
                self.err(Diagnostic::empty_name(
                    target.span(),
                    "zone",
                    "`zones = { promotion = \"rank_8\" }`",
                ));
            }
        }
        for piece in spec.pieces.iter().filter(|p| p.name.value.is_empty()) {
            self.err(Diagnostic::empty_name(
                piece.name.span.clone(),
                "piece",
                "`[pieces.knight]`",
            ));
        }
    }

    fn assemble(mut self, spec: &VariantSpec, parts: Parts) -> Option<Rules> {
        let board = self.board;
        let Parts {
            frames,
            after,
            players,
            kinds,
            zone_keys,
            zones,
            tables,
            castling,
            castle_clear,
            outcome,
            gates,
            gate_tags,
        } = parts;
        if self.has_errors() {
            return None;
        }
        let mut zone_names: Vec<String> = zone_keys.0.into_iter().map(|(n, _)| n).collect();
        zone_names.shrink_to_fit();
        let zobrist = crate::zobrist::ZobristKeys::new(
            board.node_count(),
            players.len(),
            kinds.len(),
            frames.len(),
        );
        let rules = Rules {
            name: spec.name.value.clone(),
            description: spec.description.clone(),
            board: board.clone(),
            players,
            frames,
            frame_after: after,
            kinds,
            zone_names,
            zones,
            castling,
            castle_clear,
            outcome,
            gates,
            gate_tags,
            start: spec.start.value.clone(),
            tables,
            zobrist,
            start_material: None,
            files: Vec::new(),
        };
        // The start position must be legal.
        let rules = std::sync::Arc::new(rules);
        let material = match (self.check_start)(&rules, &spec.start.value) {
            Ok(m) => m,
            Err(e) => {
                self.err(
                Diagnostic::new(Code::BadStart, spec.start.span.clone(), format!("the start position is not valid: {e}"))
                    .label("start position")
                    .help("position text: rows top first separated by `/`, then side to move, castling rights, en passant, clocks"),
            );
                return None;
            }
        };
        let mut rules = std::sync::Arc::try_unwrap(rules).unwrap_or_else(|a| (*a).clone());
        rules.start_material = Some(material);
        Some(rules)
    }
}

/// What the tables need of each piece kind.
fn programs(kinds: &[PieceKind]) -> Vec<KindProgram<'_>> {
    kinds
        .iter()
        .map(|k| KindProgram {
            patterns: &k.patterns,
            oriented: k.oriented,
        })
        .collect()
}
