//! A piece's move patterns: each string parsed by the path language, then its directions, tags
//! and zone resolved against the board.

use std::collections::HashMap;
use std::ops::Range;

use super::Builder;
use super::lookup::unknown;
use crate::board::{DirId, TagSet};
use crate::diagnostic::{Code, Diagnostic, suggest};
use crate::path::{PathAst, PatternAst, parse_pattern};
use crate::rules::Pattern;
use crate::spec::variant::PieceSpec;
use crate::spec::{Located, string_content_start};

impl Builder<'_> {
    /// The compiled move patterns of a piece; each written once.
    pub(super) fn piece_patterns(
        &mut self,
        p: &PieceSpec,
        dir_names: &[&str],
        intern_zone: &mut dyn FnMut(&Located<String>) -> usize,
    ) -> Vec<Pattern> {
        let mut patterns = Vec::new();
        let mut written: HashMap<String, Range<usize>> = HashMap::new();
        for m in &p.moves {
            if self.repeated_move(p, m, &mut written) {
                continue;
            }
            let loc = Located::from(m.clone());
            let text = (self.text_of)(&loc.span);
            match parse_pattern(&loc, text) {
                Err(d) => self.err(d),
                Ok(ast) => {
                    if let Some(pattern) = self.compile_pattern(p, m, &ast, dir_names, intern_zone)
                    {
                        patterns.push(pattern);
                    }
                }
            }
        }
        if let Some(b) = &p.betza {
            self.betza_patterns(p, b, dir_names, intern_zone, &mut patterns);
        }
        patterns
    }

    /// The patterns a piece's `betza` string compiles to, appended to `patterns`; a string that
    /// does not compile is reported at the offending character.
    fn betza_patterns(
        &mut self,
        p: &PieceSpec,
        b: &toml::Spanned<String>,
        dir_names: &[&str],
        intern_zone: &mut dyn FnMut(&Located<String>) -> usize,
        patterns: &mut Vec<Pattern>,
    ) {
        let literal = b.span();
        let start = string_content_start(&literal, (self.text_of)(&literal));
        // Offsets inside the string map onto the file only when the literal is the text verbatim.
        let span_of = |r: Range<usize>| match start {
            Some(s) => s + r.start..s + r.end,
            None => literal.clone(),
        };
        let board = self.board;
        let has = |d: &str| board.direction(d).is_some();
        let programs = match crate::betza::compile(b.get_ref(), &has, &span_of) {
            Ok(programs) => programs,
            Err(d) => return self.err(d),
        };
        for prog in programs {
            let span = span_of(prog.at.clone());
            let loc = Located::new(prog.text.clone(), span.clone());
            // The program is not in the file: every part of it is reported at its atom.
            match parse_pattern(&loc, "") {
                Err(d) => self.err(d),
                Ok(ast) => {
                    let m = toml::Spanned::new(span, prog.text);
                    if let Some(pattern) = self.compile_pattern(p, &m, &ast, dir_names, intern_zone)
                    {
                        patterns.push(pattern);
                    }
                }
            }
        }
    }

    /// Whether move `m` was `written` before (reported); records it otherwise. Patterns that
    /// differ only in spacing are the same.
    fn repeated_move(
        &mut self,
        p: &PieceSpec,
        m: &toml::Spanned<String>,
        written: &mut HashMap<String, Range<usize>>,
    ) -> bool {
        let normal = m.get_ref().split_whitespace().collect::<Vec<_>>().join(" ");
        let Some(first) = written.get(&normal).cloned() else {
            written.insert(normal, m.span());
            return false;
        };
        self.err(
            Diagnostic::new(
                Code::DuplicateName,
                m.span(),
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
        true
    }

    /// The pattern `ast` (parsed from `m`) with its names resolved, or `None` when a direction or
    /// tag is unknown (every one reported). Its zone is interned either way.
    fn compile_pattern(
        &mut self,
        p: &PieceSpec,
        m: &toml::Spanned<String>,
        ast: &PatternAst,
        dir_names: &[&str],
        intern_zone: &mut dyn FnMut(&Located<String>) -> usize,
    ) -> Option<Pattern> {
        let mut ok = true;
        let mut paths = Vec::new();
        let mut alternatives = Vec::new();
        for path in &ast.paths {
            match self.path_directions(p, path, dir_names) {
                Some((ids, alts)) => {
                    paths.push((ids, path.stop));
                    alternatives.push(alts);
                }
                None => ok = false,
            }
        }
        let avoid = self.avoided_tags(ast);
        let from_zone = ast.from_zone.as_ref().map(&mut *intern_zone);
        let within = ast.within.as_ref().map(&mut *intern_zone);
        let to_zone = ast.to_zone.as_ref().map(&mut *intern_zone);
        let (true, Some(avoid)) = (ok, avoid) else {
            return None;
        };
        Some(Pattern {
            mode: ast.mode,
            kind: ast.kind,
            paths,
            alternatives,
            from_zone,
            creates_ep: ast.creates_ep,
            en_passant: ast.en_passant,
            avoid,
            within,
            to_zone,
            over: ast.over.as_ref().map_or(0, |o| o.value),
            beyond: ast.beyond.as_ref().map_or(0, |b| b.value),
            first_move: ast.first_move,
            not_in_check: ast.not_in_check,
            text: m.get_ref().trim().to_string(),
        })
    }

    /// The directions of a path and of its other leg orders, or `None` when one is unknown
    /// (every unknown one reported).
    fn path_directions(
        &mut self,
        p: &PieceSpec,
        path: &PathAst,
        dir_names: &[&str],
    ) -> Option<(Vec<DirId>, Vec<Vec<DirId>>)> {
        let ids: Vec<Option<DirId>> = path
            .dirs
            .iter()
            .map(|d| self.pattern_direction(p, d, dir_names))
            .collect();
        let alts: Vec<Vec<Option<DirId>>> = path
            .alternatives
            .iter()
            .map(|a| {
                a.iter()
                    .map(|d| self.pattern_direction(p, d, dir_names))
                    .collect()
            })
            .collect();
        let ids: Option<Vec<DirId>> = ids.into_iter().collect();
        let alts: Option<Vec<Vec<DirId>>> =
            alts.into_iter().map(|a| a.into_iter().collect()).collect();
        Some((ids?, alts?))
    }

    /// The board direction `d` names, or `None` (reported).
    fn pattern_direction(
        &mut self,
        p: &PieceSpec,
        d: &Located<String>,
        dir_names: &[&str],
    ) -> Option<DirId> {
        let id = self.board.direction(&d.value);
        if id.is_none() {
            let help = suggest(&d.value, dir_names.iter().copied())
                .unwrap_or_else(|| format!("the board's directions: {}", dir_names.join(" ")));
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
        id
    }

    /// The tags the pattern's `avoid:` modifiers name, or `None` when one is carried by no link
    /// (every such one reported).
    fn avoided_tags(&mut self, ast: &PatternAst) -> Option<TagSet> {
        let board = self.board;
        let mut ok = true;
        let mut avoid = TagSet::EMPTY;
        for t in &ast.avoid {
            match board.tag(&t.value) {
                Some(bit) => avoid = avoid.union(bit),
                None => {
                    // A tag no link carries forbids nothing; say so rather than ignore it.
                    ok = false;
                    let tags: Vec<&str> = board.tags().iter().map(String::as_str).collect();
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
        ok.then_some(avoid)
    }
}
