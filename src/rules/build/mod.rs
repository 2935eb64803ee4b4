//! Variant spec -> validated [`Rules`], collecting every problem with its location.
//!
//! [`load`] reads the variant file and its board. The build is then a sequence of steps, each a
//! group of [`Builder`] methods in a file of its own: frames, players, pieces with their patterns
//! and promotions, zones, orientation and tables, castling, outcome, gates, and the assembly.
//! The steps are child modules so that the builder's state stays private to the build.

mod assemble;
mod blocker;
mod captured;
mod captures;
mod castling;
mod facing;
mod first_move;
mod frames;
mod free_castling;
mod gates;
mod gating;
mod hands;
mod lookup;
mod outcome;
mod patterns;
mod pieces;
mod play;
mod players;
mod progression;
mod promotion_limits;
mod tables;
mod zones;

use std::path::Path;

use super::{DirId, PieceKind, Rules};
use crate::board::Board;
use crate::diagnostic::{Code, Diagnostic, FileReport};
use crate::ids::{KindId, NodeId, PlayerId};
use crate::spec::variant::{VariantSpec, read_variant_spec};
use crate::tables::MoveTables;
use crate::zobrist::ZobristKeys;
use zones::ZoneKeys;

/// Who stands where in a start position text (node, owner, kind), read but not judged.
pub(crate) type StartPieces = Vec<(NodeId, PlayerId, KindId)>;

/// Pieces per player and kind in a start position.
pub(crate) type StartMaterial = Vec<Vec<usize>>;

/// Reads a start text against rules under construction.
pub(crate) type StartReader<'a, T> = &'a dyn Fn(&std::sync::Arc<Rules>, &str) -> Result<T, String>;

/// What the rules ask of the start position text: the front door (`crate::variant`) passes the
/// position parser, which `rules` may not name (it comes later in the data flow).
#[derive(Clone, Copy)]
pub(crate) struct StartCheck<'a> {
    /// Who stands where, read but not judged: what castling rooks are.
    pub(crate) read: StartReader<'a, StartPieces>,
    /// Judges the start against the finished rules and counts its pieces per player and kind.
    pub(crate) judge: StartReader<'a, StartMaterial>,
}

pub(super) fn load(path: &Path, check_start: StartCheck<'_>) -> (Option<Rules>, Vec<FileReport>) {
    let (sources, spec) = read_variant_spec(path, &super::ends::declared_keys());
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
        // A misspelt `[bord]` makes a board file with a problem of its own (a did-you-mean).
        Ok(t) if !t.get_ref().contains_key("board") && !misspelt_board(t.get_ref()) => {
            Some("it has no `[board]` table".into())
        }
        Ok(_) => None,
    }
}

/// Whether a table has a top-level key that is a misspelling of `board`.
fn misspelt_board(table: &toml::de::DeTable<'_>) -> bool {
    table
        .keys()
        .any(|k| crate::diagnostic::did_you_mean(k.get_ref(), ["board"]).is_some())
}

/// The rules under construction: the board they are for, and every diagnostic found so far.
struct Builder<'a> {
    board: &'a Board,
    diags: &'a mut Vec<Diagnostic>,
    text_of: &'a dyn Fn(&std::ops::Range<usize>) -> &'a str,
    check_start: StartCheck<'a>,
}

impl Builder<'_> {
    fn err(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    fn has_errors(&self) -> bool {
        !self.diags.is_empty()
    }

    /// The rules from the spec, step by step; `None` when any step found an error.
    fn build(mut self, spec: &VariantSpec) -> Option<Rules> {
        self.names_not_empty(spec);
        let mut frames = self.frames(spec);
        let players = self.players(spec, &frames);
        let mut zone_keys = ZoneKeys::default();
        let mut kinds = self.pieces(spec, &mut zone_keys);
        // Compiled now so that their zones are interned with the others; their problems are
        // reported after the steps that may stop the build early, or when one of them does.
        let before = self.diags.len();
        let declared = self.declared_ends(spec, &kinds, &mut zone_keys);
        let end_problems = self.diags.split_off(before);
        let progression_zones = progression_zones(spec, &mut zone_keys);
        self.promotions(spec, &mut kinds);
        let (hands, drop_zones) = self.hand_rules(spec, &mut zone_keys);
        self.demotions(spec, &mut kinds);
        let zones = self.zones(spec, &zone_keys);
        let built = self.frames_and_tables(spec, &mut kinds, &mut frames);
        let Some((after, mut tables)) = built else {
            self.diags.extend(end_problems);
            return None;
        };
        let mut castling = self.castling_entries(spec, &kinds);
        let rights = castling.rights.len();
        let (first_moves, first_move_aimers) =
            self.first_moves(spec, &kinds, rights, &mut castling.clear);
        let gating = self.gating_rights(spec, rights + first_moves.len(), &mut castling.clear);
        let blocker = self.blocker(spec, &kinds);
        self.diags.extend(end_problems);
        let play = self.play_rules(spec, players.len(), &kinds, declared);
        tables.build_count_plans(play.gate_tags);
        let numbers = self.number_rules(spec, &kinds, &players, &progression_zones, &zones);
        let (filters, facing) = self.legality(spec, &kinds, &numbers.effects);
        if self.has_errors() {
            return None;
        }
        let (any_royal, royal_kinds) = royal_bits(&kinds);
        let any_standing = kinds.iter().any(|k| k.standing.is_some());
        let board = self.board;
        let zobrist =
            ZobristKeys::new(board.node_count(), players.len(), kinds.len(), frames.len());
        let mut rules = Rules {
            name: spec.name.value.clone(),
            description: spec.description.clone(),
            board: board.clone(),
            players,
            frames,
            frame_after: after,
            kinds,
            zone_names: zone_keys.0.into_iter().map(|(n, _)| n).collect(),
            zones,
            castle_clear: castling.clear,
            castling_rights: castling.rights,
            castle_king_clear: castling.king_clear,
            castling: castling.entries,
            first_moves,
            first_move_aimers,
            second_part: !gating.is_empty() || blocker.is_some(),
            gating,
            blocker,
            outcome: play.outcome,
            moves: play.moves,
            filters,
            draws: play.draws,
            gates: play.gates,
            gate_tags: play.gate_tags,
            effects: numbers.effects,
            disarmed_kinds: 0,
            facing,
            numbers: numbers.numbers,
            any_royal,
            any_standing,
            checks_judged: false,
            royal_kinds,
            judged: numbers.judged,
            captured_wins: numbers.captured_wins,
            progressions: numbers.progressions,
            hands,
            start: spec.start.value.clone(),
            tables,
            zobrist,
            start_material: None,
            files: Vec::new(),
        };
        self.drop_rules(spec, &mut rules, &drop_zones);
        rules.disarmed_kinds = disarmed_kinds(&rules);
        rules.checks_judged =
            !rules.moves.may_check || !rules.gates.is_empty() || rules.any_standing;
        let may_check = rules.moves.may_check;
        for k in &mut rules.kinds {
            k.listed = k.stack || !may_check;
            k.arrives_plain = k.promotion.is_none() && k.flip.is_none();
        }
        self.with_start_material(spec, rules)
    }

    /// The frames after each twist, then the move tables; `None` when either step failed.
    fn frames_and_tables(
        &mut self,
        spec: &VariantSpec,
        kinds: &mut [PieceKind],
        frames: &mut Vec<(String, Vec<DirId>)>,
    ) -> Option<(Vec<u8>, MoveTables)> {
        let after = self.frames_through_twists(spec, frames)?;
        if self.has_errors() {
            return None;
        }
        let tables = self.tables(spec, kinds, frames, &after)?;
        Some((after, tables))
    }

    /// No player, piece or player-relative zone has an empty name: it would print as nothing.
    fn names_not_empty(&mut self, spec: &VariantSpec) {
        for p in &spec.players {
            if p.name.get_ref().is_empty() {
                let example = "`name = \"white\"`";
                self.err(Diagnostic::empty_name(p.name.span(), "player", example));
            }
            if let Some(target) = p.zones.get("") {
                let example = "`zones = { promotion = \"rank_8\" }`";
                self.err(Diagnostic::empty_name(target.span(), "zone", example));
            }
        }
        for piece in spec.pieces.iter().filter(|p| p.name.value.is_empty()) {
            let span = piece.name.span.clone();
            self.err(Diagnostic::empty_name(span, "piece", "`[pieces.knight]`"));
        }
    }
}

/// The zones of `[[outcome.progression]]`, interned with the others.
fn progression_zones(spec: &VariantSpec, zone_keys: &mut ZoneKeys) -> Vec<usize> {
    (spec.outcome.progression.iter())
        .map(|p| zone_keys.intern(&crate::spec::Located::from(p.zone.clone())))
        .collect()
}

/// Whether any kind is royal, and the royal kinds as bits (bit `k`: kind `k`).
fn royal_bits(kinds: &[PieceKind]) -> (bool, u32) {
    let bits = (kinds.iter().enumerate())
        .filter(|(_, k)| k.royal)
        .fold(0u32, |bits, (i, _)| bits | (1 << i));
    (bits != 0, bits)
}

/// Bit `k` for every kind an effect disarms ([`Rules::disarmed_kinds`]).
fn disarmed_kinds(rules: &Rules) -> u32 {
    (rules.kind_ids())
        .filter(|&k| rules.effects.iter().any(|e| e.disarms(rules, k)))
        .fold(0, |m, k| m | (1 << k.index()))
}
