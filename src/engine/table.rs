//! The transposition table: one entry per slot, keyed by the position's Zobrist key, always
//! replaced by the newer search.

use crate::movegen::Move;

/// What a stored score says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this score (a cut of the maximising side).
    Lower,
    /// At most this score.
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    /// The full key, to tell slots' positions apart.
    pub(crate) key: u64,
    /// The best move found, if any.
    pub(crate) best: Option<Move>,
    /// The score (mate scores relative to this node, see `search::to_table`).
    pub(crate) score: i32,
    /// The depth searched.
    pub(crate) depth: i16,
    /// What the score says.
    pub(crate) bound: Bound,
}

/// A fixed-size table of entries.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> Table {
        let n = 1usize << bits;
        Table {
            slots: vec![None; n],
            mask: n - 1,
        }
    }

    /// The entry for `key`, if the slot holds it.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry (a shallower result for the same position keeps the older best move when
    /// it has none).
    #[inline]
    pub(crate) fn store(&mut self, mut e: Entry) {
        let slot = &mut self.slots[e.key as usize & self.mask];
        if let Some(old) = slot
            && old.key == e.key
        {
            if e.best.is_none() {
                e.best = old.best;
            }
            if old.depth > e.depth && old.bound == Bound::Exact {
                return;
            }
        }
        *slot = Some(e);
    }
}
