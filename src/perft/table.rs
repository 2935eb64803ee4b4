//! The transposition table of hashed perft (`perft --hash MB`): subtree counts by position and
//! remaining depth, shared by every worker thread without locks.
//!
//! **Keys.** An entry is found by the position's incremental Zobrist hash ([`Position::hash`],
//! the primary key) mixed with the remaining depth, and it holds a second, independent 64-bit key
//! ([`second_key`]) besides the primary one. A count is taken from the table only when the depth
//! and both keys are equal, so a wrong count needs two different positions whose primary keys
//! *and* second keys are equal: for keys that behave as independent random 64-bit values, about
//! 2^-128 per probe; a perft 10 of 3 Man Chess (about 10^14 probes) has a chance below 10^-24.
//! Both keys cover everything that changes the move tree below a position (pieces with their
//! frames, hands, numbers and stacks, side to move, players out, castling rights, en passant
//! entries, open gates, checks still to give, captured material); the clocks are not part of a
//! position's moves (perft applies no draw rule), so positions that differ only in them share
//! their counts, which is exact.
//!
//! **Where the second key comes from.** It is computed afresh at every probed node from the
//! position's public accessors with a different mixing function (MurmurHash3's 64-bit finaliser,
//! where the primary key uses SplitMix64's tables): so it does not depend on how `make` keeps the
//! primary key up to date, and a slip there cannot make two positions look alike. Its cost is one
//! pass over the board per probe; probes are made only where at least two plies remain (the last
//! ply is counted in bulk), that is at about one node in thirty of a chess tree, and a hit saves a
//! whole subtree.
//!
//! **Sharing between threads.** Each entry is three `AtomicU64` words written and read with
//! relaxed ordering: `k1 ^ data`, `k2 ^ data` and `data` (the count and the depth). A reader
//! accepts an entry only when both XORs give back its own keys, so an entry torn by two threads
//! writing at once (words of two different stores) is rejected like any other mismatch (Hyatt's
//! lockless hashing). No lock, no `unsafe`; one table serves any number of threads, and every
//! thread sees the others' results.
//!
//! **Replacement.** Buckets of two entries: the first keeps the deeper subtree (it is replaced by
//! an entry at least as deep), the second takes everything else.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, OnceLock, Weak};

use crate::board::NodeId;
use crate::ids::{KindId, PlayerId};
use crate::limits::MAX_HASH_MB;
use crate::position::Position;
use crate::rules::Rules;
use crate::zobrist::mix;

/// Words per entry: `k1 ^ data`, `k2 ^ data`, `data`.
const ENTRY_WORDS: usize = 3;
/// Entries per bucket: depth-preferred, always-replace.
const BUCKET_ENTRIES: usize = 2;
const BUCKET_WORDS: usize = ENTRY_WORDS * BUCKET_ENTRIES;
/// Bits of `data` holding the depth; the count takes the rest.
const DEPTH_BITS: u32 = 8;
/// Larger counts are not stored (no subtree of a perft that finishes comes near).
const MAX_STORED_COUNT: u64 = (1 << (64 - DEPTH_BITS)) - 1;

/// Why a table could not be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A size of 0 or past [`MAX_HASH_MB`].
    #[error("a hash table of {megabytes} MiB: the size must be 1 to {MAX_HASH_MB} MiB")]
    Size {
        /// The size asked for.
        megabytes: usize,
    },
    /// The memory could not be had.
    #[error("cannot allocate {megabytes} MiB for the hash table: ask for less with --hash")]
    OutOfMemory {
        /// The size asked for.
        megabytes: usize,
    },
    /// The table holds the counts of another variant (the keys do not say which variant a
    /// position is of, so one table serves one loaded variant).
    #[error("the hash table holds the counts of another variant: make one table per variant")]
    OtherVariant,
}

impl miette::Diagnostic for TableError {
    fn code<'a>(&'a self) -> Option<Box<dyn std::fmt::Display + 'a>> {
        Some(Box::new(match self {
            TableError::Size { .. } => "perft::hash_size",
            TableError::OutOfMemory { .. } => "perft::hash_memory",
            TableError::OtherVariant => "perft::hash_other_variant",
        }))
    }
}

/// How a hashed perft used its table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct HashStats {
    /// Nodes looked up (those with at least two plies below them).
    pub probes: u64,
    /// Lookups that found the subtree's count.
    pub hits: u64,
    /// Counts written.
    pub stores: u64,
}

impl std::ops::AddAssign for HashStats {
    fn add_assign(&mut self, o: HashStats) {
        self.probes += o.probes;
        self.hits += o.hits;
        self.stores += o.stores;
    }
}

/// A perft transposition table (see the module documentation), shared by reference between
/// threads.
#[derive(Debug)]
pub struct PerftTable {
    words: Box<[AtomicU64]>,
    buckets: usize,
    /// The variant whose counts the table holds, set by the first count (a weak reference keeps
    /// its address from being reused by another variant while the table lives).
    variant: OnceLock<Weak<Rules>>,
}

impl PerftTable {
    /// A table of `megabytes` MiB (1 to [`MAX_HASH_MB`]), cleared.
    pub fn new(megabytes: usize) -> Result<PerftTable, TableError> {
        if megabytes == 0 || megabytes > MAX_HASH_MB {
            return Err(TableError::Size { megabytes });
        }
        let bucket_bytes = BUCKET_WORDS * std::mem::size_of::<u64>();
        PerftTable::with_buckets(megabytes * 1024 * 1024 / bucket_bytes)
            .ok_or(TableError::OutOfMemory { megabytes })
    }

    /// A table of `buckets` buckets (two entries each), at least one; `None` when the memory
    /// cannot be had. Tiny tables are for tests: every bucket is fought over.
    pub(crate) fn with_buckets(buckets: usize) -> Option<PerftTable> {
        let buckets = buckets.max(1);
        let len = buckets.checked_mul(BUCKET_WORDS)?;
        let mut words = Vec::new();
        words.try_reserve_exact(len).ok()?;
        words.extend((0..len).map(|_| AtomicU64::new(0)));
        Some(PerftTable {
            words: words.into_boxed_slice(),
            buckets,
            variant: OnceLock::new(),
        })
    }

    /// How many counts the table holds at most.
    pub fn entries(&self) -> usize {
        self.buckets * BUCKET_ENTRIES
    }

    /// Binds the table to `rules` on its first use; refuses the rules of another variant after.
    pub(crate) fn bind(&self, rules: &Arc<Rules>) -> Result<(), TableError> {
        let mine = Arc::downgrade(rules);
        let bound = self.variant.get_or_init(|| mine.clone());
        if Weak::ptr_eq(bound, &mine) {
            Ok(())
        } else {
            Err(TableError::OtherVariant)
        }
    }

    /// The first word of the bucket for `k1` at `depth` (the depth is mixed in, so that the
    /// depths of one position do not compete for one bucket).
    #[inline]
    fn bucket(&self, k1: u64, depth: u32) -> usize {
        let h = k1 ^ mix(u64::from(depth));
        // Lemire's multiply-shift: any bucket count, no modulo.
        ((u128::from(h) * self.buckets as u128) >> 64) as usize * BUCKET_WORDS
    }

    /// The count stored for the keys at `depth`, if any.
    #[inline]
    pub(crate) fn probe(&self, k1: u64, k2: u64, depth: u32) -> Option<u64> {
        let b = self.bucket(k1, depth);
        let bucket = &self.words[b..b + BUCKET_WORDS];
        bucket.chunks_exact(ENTRY_WORDS).find_map(|e| {
            let data = e[2].load(Relaxed);
            (data & depth_mask() == u64::from(depth)
                && e[0].load(Relaxed) ^ data == k1
                && e[1].load(Relaxed) ^ data == k2)
                .then_some(data >> DEPTH_BITS)
        })
    }

    /// Stores a count; false when it is too large to be stored.
    #[inline]
    pub(crate) fn store(&self, k1: u64, k2: u64, depth: u32, count: u64) -> bool {
        if count > MAX_STORED_COUNT {
            return false;
        }
        let b = self.bucket(k1, depth);
        let data = count << DEPTH_BITS | u64::from(depth);
        let first_depth = self.words[b + 2].load(Relaxed) & depth_mask();
        let e = if u64::from(depth) >= first_depth {
            b
        } else {
            b + ENTRY_WORDS
        };
        self.words[e].store(k1 ^ data, Relaxed);
        self.words[e + 1].store(k2 ^ data, Relaxed);
        self.words[e + 2].store(data, Relaxed);
        true
    }
}

/// The bits of an entry's data that hold the depth.
#[inline]
const fn depth_mask() -> u64 {
    (1 << DEPTH_BITS) - 1
}

/// MurmurHash3's 64-bit finaliser (Appleby): a bijective mix independent of SplitMix64's.
#[inline]
fn fmix(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

/// Domain seeds of the second key's parts, so that a piece and a hand count never mix alike.
const PIECE_SEED: u64 = 0x2b7e_1516_28ae_d2a6;
const CELL_SEED: u64 = 0xabf7_1588_09cf_4f3c;
const HAND_SEED: u64 = 0x7637_2a0e_5c3f_b1d9;
const STATE_SEED: u64 = 0x1d4e_8f26_a3c5_0b97;

/// The second key of a position, independent of [`Position::hash`] (see the module
/// documentation): computed from the whole position, with its own mixing function.
pub fn second_key(pos: &Position) -> u64 {
    let rules = pos.rules();
    let mut h = 0;
    for i in 0..rules.board().node_count() {
        let n = NodeId(i as u16);
        if let Some(p) = pos.piece_at(n) {
            let packed = (i as u64) << 32
                | (p.owner.index() as u64) << 16
                | (p.kind.index() as u64) << 8
                | p.frame.index() as u64;
            h ^= fmix(PIECE_SEED ^ packed);
        }
        if let Some(c) = pos.numbers_at(n)
            && (c.value != 0 || !c.parts().is_empty())
        {
            let mut k = fmix(CELL_SEED ^ (i as u64) << 32 ^ u64::from(c.value));
            for part in c.parts() {
                k = fmix(k ^ (part.kind.index() as u64) << 16 ^ u64::from(part.value));
            }
            h ^= k;
        }
    }
    let players = rules.players().len();
    if rules.hands().is_some() {
        for p in (0..players).map(|p| PlayerId(p as u8)) {
            for k in (0..rules.kinds().len()).map(|k| KindId(k as u8)) {
                let count = pos.hand(p, k);
                if count > 0 {
                    let packed = (p.index() as u64) << 40 | (k.index() as u64) << 32;
                    h ^= fmix(HAND_SEED ^ packed ^ u64::from(count));
                }
            }
        }
    }
    h ^ state_key(pos, players)
}

/// The second key's part for everything but the pieces and hands.
fn state_key(pos: &Position, players: usize) -> u64 {
    let mut s = fmix(
        STATE_SEED
            ^ pos.to_move().index() as u64
            ^ u64::from(pos.players_in().bits()) << 8
            ^ u64::from(pos.castling_rights().bits()) << 16,
    );
    s = fmix(s ^ u64::from(pos.gates_open().bits()));
    for p in (0..players).map(|p| PlayerId(p as u8)) {
        if let Some(c) = pos.checks_to_give(p) {
            s = fmix(s ^ (p.index() as u64) << 32 ^ u64::from(c));
        }
        let m = pos.captured(p);
        if m.men != 0 || m.value != 0 {
            s = fmix(s ^ (p.index() as u64) << 56 ^ u64::from(m.men) << 32);
            s = fmix(s ^ m.value);
        }
    }
    for e in pos.ep_entries().iter() {
        let packed = (e.owner.index() as u64) << 32
            | (e.square.index() as u64) << 16
            | e.pawn.index() as u64;
        s = fmix(s ^ packed ^ 0xe9);
    }
    s
}
