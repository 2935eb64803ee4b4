//! The validated variant: players, frames, pieces with compiled path programs, castling, promotion,
//! en passant, outcome policy, and the compiled move tables.
//!
//! [`Rules::load`] reads a variant file (and the files it extends), loads its board, checks
//! everything, compiles the tables and checks the start position. Everything downstream trusts it.
//!
//! ```
//! use chessgraph::Rules;
//! let rules = Rules::load("variants/chess.toml").unwrap();
//! assert_eq!(rules.players().len(), 2);
//! assert_eq!(rules.kind_by_letter('N').map(|k| rules.kind(k).name.as_str()), Some("knight"));
//! ```

mod build;
pub(crate) mod draws;
mod drops;
pub(crate) mod effects;
mod ending;
pub(crate) mod ends;
pub(crate) mod filters;
pub(crate) mod flip;
mod frames;
mod judged;
mod points;
pub(crate) mod promotion;
pub(crate) mod relation;
#[cfg(feature = "schema")]
pub mod schema;
mod summary;

pub use drops::HandRules;
pub(crate) use drops::{Blocker, DropRule, GatingRight, LineLimit};
pub(crate) use promotion::Promotion;

pub(crate) use build::StartCheck;

use std::path::Path;

use crate::board::{Board, DirId, NodeId, TagSet};
use crate::diagnostic::FileReport;
use crate::tables::MoveTables;
use crate::zobrist::ZobristKeys;

pub(crate) use crate::spec::variant::Policy;
pub(crate) use ending::{DrawRules, EndCondition, MoveRules, OutcomePolicy};
pub(crate) use points::DrawPoints;

pub(crate) use crate::limits::MAX_PLAYERS;

pub(crate) use crate::ids::NodeSet;
pub use crate::ids::{FrameId, KindId, PlayerId};
pub(crate) use crate::path::Pattern;

/// How a player's pieces are written in position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Upper-case letters (`P`).
    Upper,
    /// Lower-case letters (`p`).
    Lower,
    /// A lower-case prefix before the upper-case letter (`gP`).
    Prefix(String),
}

/// A player.
#[derive(Clone, Debug)]
pub struct Player {
    /// Full name.
    pub name: String,
    /// Side-to-move token.
    pub short: String,
    /// Piece mark.
    pub mark: Mark,
    /// Default frame of the player's pieces.
    pub(crate) frame: FrameId,
    /// Frames by start zone: pieces placed there by position text start with that frame.
    pub(crate) start_frames: Vec<(NodeSet, FrameId)>,
    /// The colour of the player's pieces in pictures (red, green, blue), when the file gives one.
    pub colour: Option<[u8; 3]>,
}

/// A piece kind.
#[derive(Clone, Debug)]
pub struct PieceKind {
    /// Name, e.g. `knight`.
    pub name: String,
    /// Letter in position text (upper case).
    pub letter: char,
    /// The token is `+` and the letter: a promoted face (shogi's `+P`), which may share its
    /// letter with the piece it is the face of.
    pub(crate) promoted_face: bool,
    /// Check and mate are about royal pieces.
    pub royal: bool,
    /// Royal only while its owner's last piece of the `sole_royal` kinds (a legality filter,
    /// `rules::filters`; the engine's own royals are the `royal` kinds).
    pub(crate) sole_royal: bool,
    /// A move of this piece resets the halfmove clock (pawns in chess), as a capture does.
    pub(crate) resets_clock: bool,
    /// Only its moves it could not take back (and its promotions) reset the clock.
    pub(crate) resets_clock_if_irreversible: bool,
    /// Its promotions reset the clock.
    pub(crate) promotion_resets_clock: bool,
    /// The kinds it may not capture (bit `k`: kind `k`).
    pub(crate) cannot_capture: u32,
    /// The kinds its hops may not pass as screens (bit `k`: kind `k`).
    pub(crate) cannot_hop: u32,
    /// The piece belongs to no player (`neutral`): it never moves, no piece captures it, and
    /// position text writes its letter alike for every player (kept as the first player's).
    pub neutral: bool,
    /// Move patterns.
    pub(crate) patterns: Vec<Pattern>,
    /// Promotion, when the piece promotes.
    pub(crate) promotion: Option<Promotion>,
    /// The kind it turns into after its moves or captures (`flip`, [`flip`]).
    pub(crate) flip: Option<flip::Flip>,
    /// A promotion that is a move of its own (`promotion.standing`, sittuyin): from a node of
    /// its zone the piece turns into a choice where it stands, or stepping as the choice moves
    /// onto an empty node; then `promotion` is `None`.
    pub(crate) standing: Option<Promotion>,
    /// Whether the piece's moves depend on its frame (else its frame is always the identity).
    pub oriented: bool,
    /// Written with `~` in position text: a promoted piece that turns back into `demotes_to`
    /// when captured (crazyhouse's promoted queen, made by the rules from the queen).
    pub(crate) marked_promoted: bool,
    /// The kind a captured piece of this kind joins the capturer's hand as (its base kind);
    /// `None`: itself.
    pub(crate) demotes_to: Option<KindId>,
    /// Where and how the kind may be dropped (variants with hands).
    pub(crate) drop: Option<DropRule>,
    /// Every piece of the kind carries a number.
    pub numbered: bool,
    /// The kind holds parts and moves with the moves of the kinds it still holds.
    pub stack: bool,
    /// A count lists and judges this kind's moves one by one (a stack, or every kind where
    /// moves may not give check): set once the rules are built, as the count of every piece
    /// reads it.
    pub(crate) listed: bool,
    /// Every move of the kind that takes no piece en passant is one plain move (no promotion,
    /// no flip): set once the rules are built, as generation reads it for every arrival.
    pub(crate) arrives_plain: bool,
    /// The outline pictures draw it in.
    pub(crate) shape: crate::spec::variant::PieceShape,
    /// The piece's worth to the computer player from the file's `value` (a pawn is about 100);
    /// `None`: estimated from its mobility (`crate::engine::piece_values`).
    pub(crate) value: Option<u32>,
}

impl PieceKind {
    /// The piece's move patterns as path program text, one per pattern (a Betza string's as it
    /// compiles).
    #[cfg(feature = "testing")]
    pub(crate) fn pattern_texts(&self) -> impl Iterator<Item = &str> {
        self.patterns.iter().map(|p| p.text.as_str())
    }

    /// The token in position and move text, upper case: the letter, after `+` for a promoted
    /// face.
    ///
    /// ```
    /// # use chessgraph::Rules;
    /// let rules = Rules::load("variants/chess.toml").unwrap();
    /// let n = rules.kind_by_letter('n').unwrap();
    /// assert_eq!(rules.kind(n).token(), "N");
    /// ```
    pub fn token(&self) -> String {
        if self.promoted_face {
            format!("+{}", self.letter)
        } else {
            self.letter.to_string()
        }
    }

    /// The token as a player with this mark writes it (`+p` for a lower-case player).
    pub fn token_for(&self, mark: &Mark) -> String {
        if self.neutral {
            return self.token();
        }
        match mark {
            Mark::Lower => self.token().to_ascii_lowercase(),
            Mark::Upper => self.token(),
            Mark::Prefix(m) => format!("{m}{}", self.token()),
        }
    }
}

/// A castling move of one player.
#[derive(Clone, Debug)]
pub struct Castling {
    /// Who castles.
    pub player: PlayerId,
    /// The right's token in position text.
    pub right: String,
    /// King from.
    pub king_from: NodeId,
    /// King to.
    pub king_to: NodeId,
    /// Rook from.
    pub rook_from: NodeId,
    /// Rook to.
    pub(crate) rook_to: NodeId,
    /// The royal piece kind that castles.
    pub(crate) king_kind: KindId,
    /// The rook's piece kind.
    pub rook_kind: KindId,
    /// Must be empty (or hold the castling king or rook).
    pub empty: Vec<NodeId>,
    /// Must not be attacked by a live opponent.
    pub safe: Vec<NodeId>,
    /// Another castling moves the same king between the same squares: move text names the rook.
    pub(crate) ambiguous: bool,
    /// The file names no `rook_piece`: the rook is the piece on `rook_from` in the start
    /// position (read when the start is checked).
    pub(crate) rook_from_start: bool,
    /// The castling right this entry needs: an index into [`Rules::castling_rights`] (entries
    /// of `[[free_castling]]` share one per rook square).
    pub(crate) bit: u8,
}

/// A right a piece holds until it first moves or is taken (`[[first_move]]`), written in position
/// text after the castling rights; its bit in the rights follows the castlings'.
#[derive(Clone, Debug)]
pub(crate) struct FirstMove {
    /// Who holds it.
    pub(crate) player: PlayerId,
    /// The node whose piece holds it.
    pub(crate) square: NodeId,
    /// Its token in position text.
    pub(crate) right: String,
    /// Bit `k` for every kind whose arrival aiming at `square` takes the right away.
    pub(crate) aimed_by: u32,
}

pub(crate) use crate::spec::variant::CaptureRule;
pub use judged::CapturedWin;
pub(crate) use judged::{JudgedCapture, ProgressionWin};

/// Links carrying `tags` are closed until any of `opens_when` holds; then they stay open. Attacks
/// never cross a gated link.
#[derive(Clone, Debug)]
pub struct Gate {
    /// Name used in position text.
    pub name: String,
    /// The gated links' tag(s).
    pub(crate) tags: TagSet,
    /// (player, zone): the gate opens when the player has no own piece in the zone, or is out.
    pub(crate) opens_when: Vec<(PlayerId, NodeSet)>,
    /// Captures across the open gate are allowed.
    pub(crate) capture_when_open: bool,
    /// Moves across the open gate may give check.
    pub(crate) check_when_open: bool,
}

/// A validated variant with its board and compiled tables.
#[derive(Clone, Debug)]
pub struct Rules {
    pub(crate) name: String,
    pub(crate) description: Option<String>,
    pub(crate) board: Board,
    pub(crate) players: Vec<Player>,
    pub(crate) frames: Vec<(String, Vec<DirId>)>,
    pub(crate) frame_after: Vec<u8>,
    pub(crate) kinds: Vec<PieceKind>,
    pub(crate) zone_names: Vec<String>,
    /// `[zone][player]`.
    pub(crate) zones: Vec<Vec<NodeSet>>,
    pub(crate) castling: Vec<Castling>,
    pub(crate) castle_clear: Vec<u32>,
    /// `[[first_move]]` rights, their bits after the castlings'.
    pub(crate) first_moves: Vec<FirstMove>,
    /// Bit `k` for every kind some first-move right is lost to when it aims at its square.
    pub(crate) first_move_aimers: u32,
    /// `[[gating]]` rights, their bits after the first-move rights'.
    pub(crate) gating: Vec<GatingRight>,
    /// `[blocker]`: the neutral piece every move moves as its second part (duck chess).
    pub(crate) blocker: Option<Blocker>,
    /// Whether moves have second parts (`[[gating]]` or `[blocker]`): one test in make, unmake
    /// and the legal moves for the variants without.
    pub(crate) second_part: bool,
    /// The castling rights by bit: the token in position text and its player.
    pub(crate) castling_rights: Vec<(String, PlayerId)>,
    /// The rights a move of a castling king clears wherever it stands: (player, king kind,
    /// rights), for `[[free_castling]]`, whose king may start anywhere on its row.
    pub(crate) castle_king_clear: Vec<(PlayerId, KindId, u32)>,
    pub(crate) outcome: OutcomePolicy,
    pub(crate) moves: MoveRules,
    /// The legality filters (slices of [`filters`]), by stage.
    pub(crate) filters: filters::Filters,
    pub(crate) draws: DrawRules,
    pub(crate) gates: Vec<Gate>,
    pub(crate) gate_tags: TagSet,
    /// The effects after a move (`[[capture]]` slices), applied in order to the position a
    /// move produced.
    pub(crate) effects: Vec<std::sync::Arc<dyn effects::MoveEffect>>,
    /// Bit `k` for every kind that threatens nothing because an effect disarms it (a royal that a
    /// capture would petrify): computed once, as the attack test of every move reads it.
    pub(crate) disarmed_kinds: u32,
    /// `[facing_royals]`: board directions along which two royals may not face each other.
    pub(crate) facing: Vec<DirId>,
    /// The captures judged on the whole position after a move.
    pub(crate) judged: Vec<JudgedCapture>,
    /// Victories by captured material, checked in order.
    pub(crate) captured_wins: Vec<CapturedWin>,
    pub(crate) progressions: Vec<ProgressionWin>,
    /// Positions keep numbers, stacks and captured material (side tables; empty otherwise).
    pub(crate) numbers: bool,
    /// Some kind promotes by a move of its own (`promotion.standing`).
    pub(crate) any_standing: bool,
    /// Some kind is royal (without royals every pseudo-legal move is legal).
    pub(crate) any_royal: bool,
    /// Some move must be judged for the checks it gives or the gates it crosses even where
    /// the mover has no royal (moves may not give check, gates, standing promotions): computed
    /// once, as every turn's legality asks it.
    pub(crate) checks_judged: bool,
    /// Bit `k` for every royal kind `k` (the hot paths' form of [`PieceKind::royal`]).
    pub(crate) royal_kinds: u32,
    pub(crate) hands: Option<HandRules>,
    pub(crate) start: String,
    pub(crate) tables: MoveTables,
    pub(crate) zobrist: ZobristKeys,
    /// Pieces per player and kind in the start position (`None` while the start is checked).
    pub(crate) start_material: Option<Vec<Vec<usize>>>,
    /// The files the rules were read from: the variant, the files it extends, the board.
    pub(crate) files: Vec<std::path::PathBuf>,
}

/// A variant file that could not be loaded: a report per file involved (the variant, the files it
/// extends, its board).
#[derive(Debug, thiserror::Error)]
#[error("{}", summary(.0))]
pub struct RulesError(pub Vec<FileReport>);

fn summary(reports: &[FileReport]) -> String {
    reports
        .iter()
        .filter(|r| r.has_errors())
        .map(|r| {
            format!(
                "{} has {} error(s)",
                r.source.path().display(),
                r.error_count()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl Rules {
    /// Loads and validates a variant file, with `check_start` judging the start position text.
    /// The public front door is `Rules::load`, in `crate::variant`.
    pub(crate) fn load_checked(
        path: &Path,
        check_start: build::StartCheck<'_>,
    ) -> (Option<Rules>, Vec<FileReport>) {
        build::load(path, check_start)
    }

    /// The variant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The variant's description, if it has one.
    pub fn description(&self) -> Option<&str> {
        self.description.as_deref()
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Players in turn order.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// The player in seat `i`, if the variant has that many players.
    pub fn player_id(&self, i: usize) -> Option<PlayerId> {
        (i < self.players.len()).then_some(PlayerId(i as u8))
    }

    /// Every player, in turn order.
    pub fn player_ids(&self) -> impl Iterator<Item = PlayerId> + use<> {
        (0..self.players.len() as u8).map(PlayerId)
    }

    /// Every piece kind, in the order of the file.
    pub fn kind_ids(&self) -> impl Iterator<Item = KindId> + use<> {
        (0..self.kinds.len() as u8).map(KindId)
    }

    /// One player.
    pub fn player(&self, p: PlayerId) -> &Player {
        &self.players[p.index()]
    }

    /// Piece kinds.
    pub fn kinds(&self) -> &[PieceKind] {
        &self.kinds
    }

    /// One piece kind.
    pub fn kind(&self, k: KindId) -> &PieceKind {
        &self.kinds[k.index()]
    }

    /// The kind whose token is this letter alone (either case).
    pub fn kind_by_letter(&self, c: char) -> Option<KindId> {
        self.kind_by_token(false, c)
    }

    /// The kind whose token is this letter (either case), after a `+` when `plus`.
    pub(crate) fn kind_by_token(&self, plus: bool, c: char) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| {
                k.letter == c.to_ascii_uppercase() && k.promoted_face == plus && !k.marked_promoted
            })
            .map(|i| KindId(i as u8))
    }

    /// The kind whose whole token is `text` (`"P"`, `"+p"`; either case), as a user types it.
    pub fn kind_by_token_text(&self, text: &str) -> Option<KindId> {
        let (plus, letter) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => self.kind_by_token(plus, c),
            _ => None,
        }
    }

    /// The kind written with this token and, when `marked`, `~` (a promoted piece that demotes
    /// when captured).
    pub(crate) fn kind_by_marked_token(&self, plus: bool, c: char, marked: bool) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| {
                k.letter == c.to_ascii_uppercase()
                    && k.promoted_face == plus
                    && k.marked_promoted == marked
            })
            .map(|i| KindId(i as u8))
    }

    /// The `~` twin of kind `k`: the kind a promotion to `k` makes in a variant whose captures go
    /// to hand (written `Q~`), if there is one.
    pub(crate) fn twin_of(&self, k: KindId) -> Option<KindId> {
        let kind = &self.kinds[k.index()];
        self.kind_by_marked_token(kind.promoted_face, kind.letter, true)
    }

    /// Whether kind `k` is the promoted face of the piece with its letter (`+P` of `P`, which
    /// promotes to it): a promotion to it is written with the suffix `+`.
    pub(crate) fn is_own_face(&self, k: KindId) -> bool {
        let kind = &self.kinds[k.index()];
        (kind.promoted_face
            && self.kind_by_letter(kind.letter).is_some_and(|b| {
                self.kinds[b.index()]
                    .promotion
                    .as_ref()
                    .is_some_and(|pr| pr.all_choices().any(|c| c == k))
            }))
            || self.is_flipped_face(k)
    }

    /// The variant's hands, if the players have them.
    pub fn hands(&self) -> Option<&HandRules> {
        self.hands.as_ref()
    }

    /// Whether captured pieces join the capturer's hand (`[hands] captured = "to-hand"`).
    #[inline]
    pub(crate) fn captures_to_hand(&self) -> bool {
        self.hands.as_ref().is_some_and(|h| h.captured_to_hand)
    }

    /// The kind a captured piece of kind `k` joins a hand as.
    #[inline]
    pub(crate) fn hand_kind(&self, k: KindId) -> KindId {
        self.kinds[k.index()].demotes_to.unwrap_or(k)
    }

    /// The nodes of a player-relative zone for a player.
    pub fn zone(&self, zone: usize, p: PlayerId) -> &NodeSet {
        &self.zones[zone][p.index()]
    }

    /// Whether kind `k` is royal, from one word (the hot paths ask it of every square).
    #[inline(always)]
    pub(crate) fn is_royal(&self, k: KindId) -> bool {
        self.royal_kinds & (1 << k.index()) != 0
    }

    /// How many player-relative zones the variant names (patterns, promotions, drops).
    pub fn zone_count(&self) -> usize {
        self.zone_names.len()
    }

    /// The name of a player-relative zone (as patterns and promotions write it).
    pub fn zone_name(&self, zone: usize) -> &str {
        &self.zone_names[zone]
    }

    /// The index of the player-relative zone with this name, if a pattern, promotion or rule of
    /// the variant uses it.
    pub(crate) fn zone_by_name(&self, name: &str) -> Option<usize> {
        self.zone_names.iter().position(|z| z == name)
    }

    /// Castling moves.
    pub fn castling(&self) -> &[Castling] {
        &self.castling
    }

    /// Every right position text's castling field may hold, with its bit: the castlings', then
    /// the first-move rights', then the gating rights'.
    pub(crate) fn right_tokens(&self) -> impl Iterator<Item = (usize, &str)> {
        let castlings = self.castling_rights.iter().map(|(token, _)| token.as_str());
        castlings
            .chain(self.first_moves.iter().map(|f| f.right.as_str()))
            .chain(self.gating.iter().map(|g| g.right.as_str()))
            .enumerate()
    }

    /// The gating rights that the castling rights among `held` stand for in position text:
    /// those of each castling's king and rook squares (Fairy-Stockfish's `KQ` in Seirawan chess).
    pub(crate) fn gating_implied(&self, held: u32) -> u32 {
        let mut implied = 0;
        for c in self.castling.iter().filter(|c| held & (1 << c.bit) != 0) {
            for n in [c.king_from, c.rook_from] {
                if let Some(b) = self.gating_bit(c.player, n) {
                    implied |= 1 << b;
                }
            }
        }
        implied
    }

    /// The player of every right, by bit (see [`Rules::right_tokens`]).
    pub(crate) fn right_owners(&self) -> Vec<PlayerId> {
        (self.castling_rights.iter().map(|(_, p)| *p))
            .chain(self.first_moves.iter().map(|f| f.player))
            .chain(self.gating.iter().map(|g| g.player))
            .collect()
    }

    /// The bits of `player`'s gating rights.
    pub(crate) fn gating_mask(&self, player: PlayerId) -> u32 {
        let base = self.gating_base();
        (self.gating.iter().enumerate())
            .filter(|(_, g)| g.player == player)
            .fold(0, |m, (i, _)| m | (1 << (base + i)))
    }

    /// The bit of the first gating right in the rights.
    #[inline]
    pub(crate) fn gating_base(&self) -> usize {
        self.castling_rights.len() + self.first_moves.len()
    }

    /// The bit of `player`'s gating right on `square`, if the variant gives one.
    #[inline]
    pub(crate) fn gating_bit(&self, player: PlayerId, square: NodeId) -> Option<usize> {
        (self.gating.iter())
            .position(|g| g.player == player && g.square == square)
            .map(|i| self.gating_base() + i)
    }

    /// The gates.
    pub(crate) fn gates(&self) -> &[Gate] {
        &self.gates
    }

    /// Every gated tag.
    pub(crate) fn gate_tags(&self) -> TagSet {
        self.gate_tags
    }

    /// The outcome policy.
    pub(crate) fn outcome(&self) -> &OutcomePolicy {
        &self.outcome
    }

    /// The draw rules `play` and `show` apply (`[draws]`).
    pub(crate) fn draw_rules(&self) -> &DrawRules {
        &self.draws
    }

    /// The victories by captured material, in the order they are checked.
    pub(crate) fn captured_wins(&self) -> &[CapturedWin] {
        &self.captured_wins
    }

    /// Whether a victory reads the digits of captured numbers (then they are position state).
    pub(crate) fn counts_digits(&self) -> bool {
        self.captured_wins.iter().any(CapturedWin::reads_digits)
    }

    /// The victories by numbers in progression (`[outcome] progression`), in the order they
    /// are checked.
    pub(crate) fn progressions(&self) -> &[ProgressionWin] {
        &self.progressions
    }

    /// Whether positions of this variant carry numbers, stacks and captured material.
    #[inline]
    pub fn has_numbers(&self) -> bool {
        self.numbers
    }

    /// The start position text.
    pub fn start_fen(&self) -> &str {
        &self.start
    }

    /// The Zobrist keys of the position hash.
    #[inline]
    pub(crate) fn zobrist(&self) -> &ZobristKeys {
        &self.zobrist
    }

    /// How many pieces of each kind (`[player][kind]`) the start position has.
    pub(crate) fn start_material(&self) -> Option<&[Vec<usize>]> {
        self.start_material.as_deref()
    }

    /// The files the rules were read from: the variant, the files it extends, and the board.
    pub fn files(&self) -> &[std::path::PathBuf] {
        &self.files
    }

    /// The compiled move tables.
    pub(crate) fn tables(&self) -> &MoveTables {
        &self.tables
    }
}
