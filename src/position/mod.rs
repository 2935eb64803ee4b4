//! Positions: who stands where (with which frame), whose turn, castling rights, en passant entries,
//! eliminated players, clocks.
//!
//! A [`Position`] is built only by [`Position::from_fen`] (or [`Position::start`]), which checks the
//! text and the position and reports every problem at once; afterwards moves keep it legal.
//!
//! ```
//! use chessgraph::{Position, Rules};
//! let rules = chessgraph::load("variants/chess.toml").unwrap();
//! let pos = Position::start(&rules);
//! assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
//! assert_eq!(pos.legal_moves().len(), 20);
//! ```

mod attacks;
mod counting;
mod fen;
mod fen_ep;
mod fen_read;
mod from_setup;
mod hand_numbers;
pub(crate) mod numbers;
mod outcome;
mod text;
mod walls;

use std::sync::Arc;

use crate::board::NodeId;
use crate::ids::{CastlingRights, GateSet, NodeSet, PlayerSet};
use crate::rules::{FrameId, KindId, PlayerId, Rules};

pub use crate::setup::Material;
pub use fen::SetupError;
pub use fen_read::TEXT_WAIVERS;
pub(crate) use numbers::Cell;
pub(crate) use numbers::Mark;
pub use outcome::{EndRule, Outcome};

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Who owns it.
    pub owner: PlayerId,
    /// What it is.
    pub kind: KindId,
    /// Its orientation (identity for pieces whose moves do not depend on it).
    pub frame: FrameId,
}

pub use crate::setup::EpEntry;

pub(crate) use crate::limits::MAX_EP;

/// A fixed-capacity list of en passant entries (positions are copied in search; no heap here),
/// packed at the front in their order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EpList {
    items: [Option<EpEntry>; MAX_EP],
}

impl Default for EpList {
    fn default() -> Self {
        EpList {
            items: [None; MAX_EP],
        }
    }
}

impl EpList {
    /// The entries (they are packed at the front: the first empty slot ends them).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = &EpEntry> {
        self.items.iter().map_while(Option::as_ref)
    }

    /// Adds an entry (the oldest is dropped when full).
    pub(crate) fn push(&mut self, e: EpEntry) {
        if let Some(slot) = self.items.iter_mut().find(|s| s.is_none()) {
            *slot = Some(e);
        } else {
            self.items.rotate_left(1);
            self.items[MAX_EP - 1] = Some(e);
        }
    }

    /// Keeps the entries for which `f` is true, packed in their order, so that equal lists are
    /// equal slot for slot.
    pub(crate) fn retain(&mut self, mut f: impl FnMut(&EpEntry) -> bool) {
        let mut k = 0;
        for i in 0..MAX_EP {
            if let Some(e) = self.items[i]
                && f(&e)
            {
                self.items[k] = Some(e);
                k += 1;
            }
        }
        for s in &mut self.items[k..] {
            *s = None;
        }
    }

    /// Whether there is no entry.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items[0].is_none()
    }
}

/// A legal position of a variant.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) squares: Vec<Option<Piece>>,
    pub(crate) to_move: PlayerId,
    pub(crate) alive: u8,
    pub(crate) castling: u32,
    pub(crate) ep: EpList,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) gates_open: u32,
    /// Checks each player still has to give, by seat (variants with `checks`; zero otherwise).
    pub(crate) checks: [u8; crate::limits::MAX_PLAYERS],
    /// How many passes (`[moves] pass`) were played in a row just before this position.
    pub(crate) passes: u8,
    /// Bit `p`: player `p`'s unbroken series of checks has held a check by a kind of
    /// `[outcome] mate_series` (always 0 in other variants).
    pub(crate) series: u8,
    /// Pieces in hand, `[player * kinds + kind]`; empty in a variant without hands.
    pub(crate) hands: Vec<u32>,
    /// Numbers, stacks and captured material; empty in a variant without numbers.
    pub(crate) numbers: numbers::Numbers,
    /// The pieces the after-move effects turned over (`overturn`), as they were, the last
    /// move's last: unmake turns them back. Empty in a variant without such an effect, and no
    /// part of the position's identity (its equality or hash).
    pub(crate) turned: Vec<(crate::ids::NodeId, Piece)>,
    /// XOR of the Zobrist keys of the pieces on the board and in hand, kept by
    /// [`Position::put`], [`Position::take`] and [`Position::add_to_hand`].
    pub(crate) pieces_hash: u64,
    /// The occupied nodes of each seat: `squares` as bit sets, kept by every write to a square
    /// ([`Position::put`], [`Position::take`], [`Position::set_square`]), so that counting moves
    /// can read the occupancy at once.
    pub(crate) by_owner: [NodeSet; crate::limits::MAX_PLAYERS],
    /// The nodes of royal pieces, of any seat, kept like `by_owner`: finding the royals needs no
    /// search.
    pub(crate) royals: NodeSet,
    /// The running count of `[draws] counting` (`None` in other variants and while none runs):
    /// kept by [`Position::play`], not by `make`, and no part of the hash.
    pub(crate) count: Option<crate::rules::draws::counting::CountState>,
}

/// The occupied nodes of each seat, read from the squares (kept up to date afterwards by every
/// write to a square).
pub(crate) fn occupancy_of(squares: &[Option<Piece>]) -> [NodeSet; crate::limits::MAX_PLAYERS] {
    let mut sets = [NodeSet::default(); crate::limits::MAX_PLAYERS];
    for (i, p) in squares.iter().enumerate() {
        if let Some(p) = p {
            sets[p.owner.index()].insert(NodeId(i as u16));
        }
    }
    sets
}

/// The nodes of the royal pieces among `squares` (kept up to date afterwards by every write to
/// a square).
pub(crate) fn royals_of(rules: &Rules, squares: &[Option<Piece>]) -> NodeSet {
    NodeSet::from_nodes(
        squares
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_some_and(|p| rules.is_royal(p.kind)))
            .map(|(i, _)| NodeId(i as u16)),
    )
}

impl PartialEq for Position {
    fn eq(&self, o: &Self) -> bool {
        Arc::ptr_eq(&self.rules, &o.rules)
            && self.squares == o.squares
            && self.to_move == o.to_move
            && self.alive == o.alive
            && self.castling == o.castling
            && self.ep == o.ep
            && self.halfmove == o.halfmove
            && self.fullmove == o.fullmove
            && self.gates_open == o.gates_open
            && self.checks == o.checks
            && self.passes == o.passes
            && self.series == o.series
            && self.hands == o.hands
            && self.numbers.cells == o.numbers.cells
            && self.numbers.captured == o.numbers.captured
            && self.numbers.hand == o.numbers.hand
    }
}

impl Eq for Position {}

impl Position {
    /// The variant's start position.
    pub fn start(rules: &Arc<Rules>) -> Position {
        Position::from_fen(rules, rules.start_fen())
            .expect("the start position was checked at load")
    }

    /// The 64-bit hash of the position: everything that can change the legal moves or the
    /// outcome (pieces with their frames, side to move, players out, castling rights, en passant
    /// entries, open gates), not the clocks. Kept incrementally by `make`; equal positions of one
    /// variant have equal hashes.
    ///
    /// ```
    /// use chessgraph::{Position, Rules};
    /// let rules = chessgraph::load("variants/chess.toml").unwrap();
    /// let mut pos = Position::start(&rules);
    /// let start = pos.hash();
    /// let m = pos.legal_moves()[0];
    /// let undo = pos.play(&m).unwrap();
    /// assert_ne!(pos.hash(), start);
    /// // The same position read from its text has the same hash.
    /// assert_eq!(pos.hash(), Position::from_fen(&rules, &pos.to_fen()).unwrap().hash());
    /// pos.unmake(undo);
    /// assert_eq!(pos.hash(), start);
    /// ```
    #[inline]
    pub fn hash(&self) -> u64 {
        self.pieces_hash ^ self.state_hash()
    }

    /// The hash computed from the whole position rather than kept move by move: what the tests
    /// compare [`Position::hash`] with.
    #[cfg(any(test, feature = "testing"))]
    pub(crate) fn hash_from_scratch(&self) -> u64 {
        self.pieces_hash_from_scratch() ^ self.state_hash()
    }

    /// The piece part of the hash, from the board and the hands.
    pub(crate) fn pieces_hash_from_scratch(&self) -> u64 {
        let keys = self.rules.zobrist();
        let board = self
            .squares
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|p| keys.piece(NodeId(i as u16), p.owner, p.kind, p.frame)))
            .fold(0, |h, k| h ^ k);
        let kinds = self.rules.kinds().len();
        let board = board ^ self.numbers.cells_key();
        self.hands.iter().enumerate().fold(board, |h, (i, &c)| {
            h ^ keys.hand(PlayerId((i / kinds) as u8), KindId((i % kinds) as u8), c)
        })
    }

    /// How many pieces of kind `k` player `p` has in hand (0 in a variant without hands).
    #[inline]
    pub(crate) fn hand(&self, p: PlayerId, k: KindId) -> u32 {
        let kinds = self.rules.kinds().len();
        self.hands
            .get(p.index() * kinds + k.index())
            .copied()
            .unwrap_or(0)
    }

    /// Player `p`'s hand: the kinds held, with their counts, in the order of the variant's hand
    /// group (empty in a variant without hands).
    pub fn hand_of(&self, p: PlayerId) -> Vec<(KindId, u32)> {
        self.rules
            .hands()
            .map_or(&[][..], |h| &h.order[..])
            .iter()
            .map(|&k| (k, self.hand(p, k)))
            .filter(|&(_, c)| c > 0)
            .collect()
    }

    /// The hands in words, `white QP, black pp` (`-` for an empty hand); `None` in a variant
    /// without hands.
    pub(crate) fn hands_text(&self) -> Option<String> {
        let rules = &*self.rules;
        rules.hands()?;
        let each: Vec<String> = rules
            .player_ids()
            .map(|p| {
                let mut held = String::new();
                for (k, count) in self.hand_of(p) {
                    held.push_str(&self.hand_tokens(p, k, count));
                }
                if held.is_empty() {
                    held.push('-');
                }
                format!("{} {held}", rules.player(p).name)
            })
            .collect();
        Some(each.join(", "))
    }

    /// Adds one piece of kind `k` to `p`'s hand (`add`), or takes one out, keeping the hash when
    /// `HASH`. The variant has hands, and a piece taken out is there.
    #[inline]
    pub(crate) fn add_to_hand<const HASH: bool>(&mut self, p: PlayerId, k: KindId, add: bool) {
        let i = p.index() * self.rules.kinds().len() + k.index();
        let old = self.hands[i];
        let new = if add { old + 1 } else { old - 1 };
        self.hands[i] = new;
        if HASH {
            let keys = self.rules.zobrist();
            self.pieces_hash ^= keys.hand(p, k, old) ^ keys.hand(p, k, new);
        }
    }

    /// The hash of everything but the pieces: small, so mixed afresh when asked for.
    fn state_hash(&self) -> u64 {
        use crate::zobrist::mix;
        let mut h = mix(0x51de ^ self.to_move.index() as u64);
        h = mix(h ^ (u64::from(self.alive) << 8));
        h = mix(h ^ (u64::from(self.castling) << 16));
        h = mix(h ^ (u64::from(self.gates_open) << 24));
        let checks = u64::from_le_bytes(self.checks);
        if checks != 0 {
            h = mix(h ^ checks);
        }
        for e in self.ep.iter() {
            let packed = (e.owner.index() as u64) << 32
                | (e.square.index() as u64) << 16
                | e.pawn.index() as u64;
            h = mix(h ^ packed);
        }
        if self.series != 0 {
            h = mix(h ^ (0x5e41 << 40 | u64::from(self.series)));
        }
        if self.passes != 0 {
            h = mix(h ^ (0x9a55 << 40 | u64::from(self.passes)));
        }
        if !self.numbers.captured.is_empty() {
            h ^= self.numbers.captured_key();
        }
        if !self.numbers.hand.is_empty() {
            h ^= self.numbers.hand_key();
        }
        h
    }

    /// Puts a piece on an empty node, keeping the hash when `HASH`.
    #[inline(always)]
    pub(crate) fn put<const HASH: bool>(&mut self, n: NodeId, p: Piece) {
        debug_assert!(self.squares[n.index()].is_none(), "put on an occupied node");
        if HASH {
            self.pieces_hash ^= self.rules.zobrist().piece(n, p.owner, p.kind, p.frame);
        }
        self.squares[n.index()] = Some(p);
        self.by_owner[p.owner.index()].insert(n);
        if self.rules.is_royal(p.kind) {
            self.royals.insert(n);
        }
    }

    /// Takes the piece off a node (if any), keeping the hash when `HASH`.
    #[inline(always)]
    pub(crate) fn take<const HASH: bool>(&mut self, n: NodeId) -> Option<Piece> {
        let p = self.squares[n.index()].take()?;
        self.by_owner[p.owner.index()].remove(n);
        self.royals.remove(n);
        if HASH {
            self.pieces_hash ^= self.rules.zobrist().piece(n, p.owner, p.kind, p.frame);
        }
        Some(p)
    }

    /// Writes a node as it was (taking back a move): the hash is not kept, the occupancy sets are.
    #[inline(always)]
    pub(crate) fn set_square(&mut self, n: NodeId, p: Option<Piece>) {
        if let Some(old) = self.squares[n.index()] {
            self.by_owner[old.owner.index()].remove(n);
            self.royals.remove(n);
        }
        if let Some(new) = p {
            self.by_owner[new.owner.index()].insert(n);
            if self.rules.is_royal(new.kind) {
                self.royals.insert(n);
            }
        }
        self.squares[n.index()] = p;
    }

    /// The occupied nodes, of any seat.
    #[inline]
    pub(crate) fn occupied(&self) -> NodeSet {
        let mut all = NodeSet::default();
        for s in &self.by_owner[..self.rules.players().len()] {
            all = all.or(*s);
        }
        all
    }

    /// The rules this position belongs to.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The piece on a node.
    #[inline]
    pub fn piece_at(&self, n: NodeId) -> Option<Piece> {
        self.squares[n.index()]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> PlayerId {
        self.to_move
    }

    /// Whether a player is still in the game.
    #[inline]
    pub fn is_alive(&self, p: PlayerId) -> bool {
        self.alive & (1 << p.0) != 0
    }

    /// The players still in the game.
    pub fn players_in(&self) -> PlayerSet {
        PlayerSet::from_bits(self.alive)
    }

    /// Number of players still in the game.
    pub(crate) fn alive_count(&self) -> usize {
        self.alive.count_ones() as usize
    }

    /// Castling rights still held (by index into the rules' castlings).
    pub fn castling_rights(&self) -> CastlingRights {
        CastlingRights::from_bits(self.castling)
    }

    /// En passant entries.
    pub(crate) fn ep_entries(&self) -> &EpList {
        &self.ep
    }

    /// Open gates (by index into the rules' gates).
    pub(crate) fn gates_open(&self) -> GateSet {
        GateSet::from_bits(self.gates_open)
    }

    /// Opens every gate whose condition now holds (gates never close again).
    pub(crate) fn update_gates(&mut self) {
        open_gates(
            &self.rules,
            &self.by_owner,
            self.alive,
            &mut self.gates_open,
        );
    }

    /// The checks `p` still has to give to win (variants with `[outcome] checks`).
    pub fn checks_to_give(&self, p: PlayerId) -> Option<u32> {
        self.rules
            .outcome()
            .checks
            .map(|_| u32::from(self.checks[p.index()]))
    }

    /// Halfmove clock (moves since the last capture or pawn move); informational only.
    pub fn halfmove(&self) -> u32 {
        self.halfmove
    }

    /// Move number (increases when the turn wraps round to the first seat).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// The next live seat after `p` in turn order (`p` itself if it is the only one).
    pub(crate) fn next_alive(&self, p: PlayerId) -> PlayerId {
        let n = self.rules.players().len();
        for i in 1..=n {
            let q = PlayerId(((p.index() + i) % n) as u8);
            if self.is_alive(q) {
                return q;
            }
        }
        p
    }

    /// The live seat before `p` in turn order (who moved last, in an ordinary game).
    pub(crate) fn previous_alive(&self, p: PlayerId) -> PlayerId {
        let n = self.rules.players().len();
        for i in 1..=n {
            let q = PlayerId(((p.index() + n - i) % n) as u8);
            if self.is_alive(q) {
                return q;
            }
        }
        p
    }
}

/// Opens every gate whose condition now holds: a player of the condition is out, or has no piece
/// of his own in its zone. Gates never close again.
pub(crate) fn open_gates(
    rules: &Rules,
    by_owner: &[NodeSet; crate::limits::MAX_PLAYERS],
    alive: u8,
    gates_open: &mut u32,
) {
    for (i, g) in rules.gates().iter().enumerate() {
        if *gates_open & (1 << i) != 0 {
            continue;
        }
        let open = g
            .opens_when
            .iter()
            .any(|(p, zone)| alive & (1 << p.0) == 0 || !zone.intersects(by_owner[p.index()]));
        if open {
            *gates_open |= 1 << i;
        }
    }
}

/// Whether a piece of a player other than `owner`, still in the game, stands where its en
/// passant ray ends on `square` (gates aside): only then is an en passant entry there part of the
/// position.
pub(crate) fn en_passant_takeable(
    rules: &Rules,
    squares: &[Option<Piece>],
    alive: u8,
    square: NodeId,
    owner: PlayerId,
) -> bool {
    rules.tables().en_passant_takers(square).iter().any(|t| {
        squares[t.origin.index()].is_some_and(|p| {
            p.owner != owner
                && alive & (1 << p.owner.0) != 0
                && p.kind == t.kind
                && p.frame == t.frame
        })
    })
}
