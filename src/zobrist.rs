//! Zobrist keys for the incremental position hash.
//!
//! A position's hash is the XOR of one key per piece on the board (its node, owner, kind and
//! frame) and a key of the rest of its state (side to move, players out, castling rights, en
//! passant entries, open gates). Piece keys come from tables, because `make` updates them on every
//! move; the state key is mixed from the state itself when asked for, because it is small and
//! changes as a whole. Keys are drawn from a fixed seed, so a hash is the same on every machine
//! and in every run.

use crate::ids::{FrameId, KindId, NodeId, PlayerId};

/// SplitMix64's output function: a bijective mix of 64 bits (Steele, Lea and Flood, 2014).
#[inline]
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The piece keys of one variant: a key per (node, owner, kind), and a key per (node, frame) for
/// pieces that stand in a frame other than the identity.
#[derive(Clone, Debug, Default)]
pub(crate) struct ZobristKeys {
    pieces: Vec<u64>,
    frames: Vec<u64>,
    players: usize,
    kinds: usize,
    frame_count: usize,
}

impl ZobristKeys {
    /// The keys for a board of `nodes` nodes and a variant with these counts.
    pub(crate) fn new(nodes: usize, players: usize, kinds: usize, frame_count: usize) -> Self {
        let mut state = 0x5eed_c4e5_59a9_0001u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            mix(state)
        };
        let pieces = (0..nodes * players * kinds).map(|_| next()).collect();
        let frames = (0..nodes * frame_count)
            .map(|i| if i % frame_count == 0 { 0 } else { next() })
            .collect();
        ZobristKeys {
            pieces,
            frames,
            players,
            kinds,
            frame_count,
        }
    }

    /// The key of `count` pieces of `kind` in `owner`'s hand (0 for none): mixed, not tabled,
    /// since a hand changes only on captures and drops.
    #[inline]
    pub(crate) fn hand(&self, owner: PlayerId, kind: KindId, count: u32) -> u64 {
        if count == 0 {
            return 0;
        }
        let packed = 0x4a4e_0000_0000_0000
            | (owner.index() as u64) << 40
            | (kind.index() as u64) << 32
            | u64::from(count);
        mix(packed)
    }

    /// The key of a piece of `owner`, `kind`, in `frame`, standing on `n`.
    #[inline]
    pub(crate) fn piece(&self, n: NodeId, owner: PlayerId, kind: KindId, frame: FrameId) -> u64 {
        let p = (n.index() * self.players + owner.index()) * self.kinds + kind.index();
        self.pieces[p] ^ self.frames[n.index() * self.frame_count + frame.index()]
    }
}
