//! The small vocabulary every stage shares: dense ids of nodes, directions, twists, players, piece
//! kinds and frames, and the fixed-size sets built from them.
//!
//! This module depends on nothing else in the crate, so every stage can name these types without
//! importing another stage. An id's field is private to the crate: code outside gets ids only from
//! the board or rules that own them (`Board::node`, `Rules::player_id`, ...), so an id handed out is
//! valid for the board or rules that made it.

use crate::limits::{MAX_NODES, MAX_PLAYERS};

/// Declares a dense id type over an unsigned integer.
macro_rules! dense_id {
    ($(#[$doc:meta])* $name:ident($int:ty)) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name(pub(crate) $int);

        impl $name {
            /// The dense index (0 up to the count of the board or rules that made it).
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

dense_id!(
    /// A node (square) of one board.
    NodeId(u16)
);
dense_id!(
    /// A direction of one board.
    DirId(u8)
);
dense_id!(
    /// A twist of one board; [`TwistId::IDENTITY`] is the twist of every ordinary link.
    TwistId(u8)
);
dense_id!(
    /// A player (seat) of one variant, in turn order.
    PlayerId(u8)
);
dense_id!(
    /// A piece kind of one variant.
    KindId(u8)
);
dense_id!(
    /// An orientation a piece can have: a permutation of the board's directions.
    FrameId(u8)
);

impl PlayerId {
    /// The player in seat `i` (0 = the first to move in the variant's turn order). Any seat
    /// below `MAX_PLAYERS` is accepted: queries with a seat the variant does not have answer
    /// "no such player" (use `Rules::player_id` for an id checked against one variant).
    ///
    /// ```
    /// use chessgraph::PlayerId;
    /// const GRAY: PlayerId = PlayerId::seat(1);
    /// assert_eq!(GRAY.index(), 1);
    /// ```
    pub const fn seat(i: u8) -> PlayerId {
        assert!((i as usize) < MAX_PLAYERS, "a seat is below MAX_PLAYERS");
        PlayerId(i)
    }
}

impl TwistId {
    /// No change of frame.
    pub const IDENTITY: TwistId = TwistId(0);
}

impl FrameId {
    /// The identity frame.
    pub const IDENTITY: FrameId = FrameId(0);
}

/// A set of link tags, one bit per tag of the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TagSet(pub(crate) u32);

impl TagSet {
    /// No tag.
    pub(crate) const EMPTY: TagSet = TagSet(0);

    /// Whether no tag is set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union.
    pub(crate) fn union(self, other: TagSet) -> TagSet {
        TagSet(self.0 | other.0)
    }

    /// Whether the two share a tag.
    #[inline]
    pub fn intersects(self, other: TagSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The tag indices in the set, ascending.
    pub(crate) fn indices(self) -> impl Iterator<Item = usize> {
        (0..32).filter(move |i| self.0 & (1 << i) != 0)
    }
}

/// A set of nodes, as a fixed-size bit set (boards have at most [`MAX_NODES`] nodes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodeSet([u64; MAX_NODES / 64]);

impl NodeSet {
    /// Adds a node.
    #[inline]
    pub(crate) fn insert(&mut self, n: NodeId) {
        self.0[n.index() >> 6] |= 1 << (n.index() & 63);
    }

    /// Removes a node.
    #[inline]
    pub(crate) fn remove(&mut self, n: NodeId) {
        self.0[n.index() >> 6] &= !(1 << (n.index() & 63));
    }

    /// Whether the node is in the set.
    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        self.0[n.index() >> 6] & (1 << (n.index() & 63)) != 0
    }

    /// Whether the set is empty.
    pub(crate) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The nodes in the set, ascending.
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = NodeId> + '_ {
        let mut word = 0;
        let mut bits = self.0[0];
        std::iter::from_fn(move || {
            while bits == 0 {
                word += 1;
                if word >= self.0.len() {
                    return None;
                }
                bits = self.0[word];
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(NodeId((word * 64 + i) as u16))
        })
    }

    /// The nodes in both sets.
    #[inline(always)]
    pub(crate) fn and(self, o: NodeSet) -> NodeSet {
        let mut out = self.0;
        for (w, x) in out.iter_mut().zip(o.0) {
            *w &= x;
        }
        NodeSet(out)
    }

    /// The nodes in either set.
    #[inline(always)]
    pub(crate) fn or(self, o: NodeSet) -> NodeSet {
        let mut out = self.0;
        for (w, x) in out.iter_mut().zip(o.0) {
            *w |= x;
        }
        NodeSet(out)
    }

    /// The nodes of this set that are not in `o`.
    #[inline(always)]
    pub(crate) fn minus(self, o: NodeSet) -> NodeSet {
        let mut out = self.0;
        for (w, x) in out.iter_mut().zip(o.0) {
            *w &= !x;
        }
        NodeSet(out)
    }

    /// Every node not in the set (nodes past the board's last included: intersect with a set of
    /// the board's nodes).
    #[inline(always)]
    pub(crate) fn complement(self) -> NodeSet {
        NodeSet(self.0.map(|w| !w))
    }

    /// Whether the two sets share a node.
    #[inline(always)]
    pub(crate) fn intersects(self, o: NodeSet) -> bool {
        !self.and(o).is_empty()
    }

    /// The number of nodes in the set.
    #[inline]
    pub(crate) fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Word `i` of the set: the nodes `64 * i` to `64 * i + 63` as bits (none past the last word).
    #[inline(always)]
    pub(crate) fn word(&self, i: usize) -> u64 {
        self.0.get(i).copied().unwrap_or(0)
    }

    /// Adds the nodes `64 * i + b` for every bit `b` of `bits` (`i` below the number of words).
    #[inline(always)]
    pub(crate) fn add_word(&mut self, i: usize, bits: u64) {
        // Every word written with a constant index keeps the set in registers: a store into one
        // word of it on the stack, read back at once as a whole, would stall the load.
        let mut out = self.0;
        for (k, w) in out.iter_mut().enumerate() {
            *w |= if k == i { bits } else { 0 };
        }
        *self = NodeSet(out);
    }

    /// The set moved by `d` node numbers (node `n` becomes `n + d`); nodes moved past either end
    /// are dropped.
    #[inline(always)]
    pub(crate) fn shifted(self, d: i32) -> NodeSet {
        const N: usize = MAX_NODES / 64;
        let (words, bits) = ((d.unsigned_abs() / 64) as usize, d.unsigned_abs() % 64);
        let mut out = [0u64; N];
        for (i, w) in out.iter_mut().enumerate() {
            // Word `i` of the result comes from words `i - words` (and the one before it) up, or
            // `i + words` (and the one after it) down.
            let src = if d >= 0 {
                i.checked_sub(words)
            } else {
                Some(i + words).filter(|&s| s < N)
            };
            let Some(s) = src else { continue };
            let (main, spill) = if d >= 0 {
                (self.0[s] << bits, s.checked_sub(1).map(|t| self.0[t]))
            } else {
                (self.0[s] >> bits, self.0.get(s + 1).copied())
            };
            let carried = match spill {
                Some(x) if bits > 0 && d >= 0 => x >> (64 - bits),
                Some(x) if bits > 0 => x << (64 - bits),
                _ => 0,
            };
            *w = main | carried;
        }
        NodeSet(out)
    }

    /// The lowest node of the set.
    #[inline(always)]
    pub(crate) fn first(&self) -> Option<NodeId> {
        let w = self.0.iter().position(|&w| w != 0)?;
        Some(NodeId((w * 64) as u16 + self.0[w].trailing_zeros() as u16))
    }

    /// The highest node of the set.
    #[inline(always)]
    pub(crate) fn last(&self) -> Option<NodeId> {
        let w = self.0.iter().rposition(|&w| w != 0)?;
        Some(NodeId(
            (w * 64 + 63) as u16 - self.0[w].leading_zeros() as u16,
        ))
    }

    /// The nodes of this set below `n` (smaller index).
    #[cfg(test)]
    #[inline(always)]
    pub(crate) fn below(self, n: NodeId) -> NodeSet {
        let (w, b) = (n.index() >> 6, n.index() & 63);
        NodeSet(std::array::from_fn(|i| match i.cmp(&w) {
            std::cmp::Ordering::Less => self.0[i],
            std::cmp::Ordering::Equal => self.0[i] & ((1u64 << b) - 1),
            std::cmp::Ordering::Greater => 0,
        }))
    }

    /// The nodes of this set above `n` (greater index).
    #[cfg(test)]
    #[inline(always)]
    pub(crate) fn above(self, n: NodeId) -> NodeSet {
        let (w, b) = (n.index() >> 6, n.index() & 63);
        NodeSet(std::array::from_fn(|i| match i.cmp(&w) {
            std::cmp::Ordering::Less => 0,
            std::cmp::Ordering::Equal => self.0[i] & (!1u64 << b),
            std::cmp::Ordering::Greater => self.0[i],
        }))
    }

    /// A set from nodes.
    pub(crate) fn from_nodes(nodes: impl IntoIterator<Item = NodeId>) -> Self {
        let mut s = NodeSet::default();
        for n in nodes {
            s.insert(n);
        }
        s
    }
}

/// A set of players (at most `MAX_PLAYERS`): who is still in the game, who is in check.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(u8);

const _: () = assert!(MAX_PLAYERS <= 8, "PlayerSet is one byte");

impl PlayerSet {
    /// No player.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// The set with bit `i` for seat `i` (the position's own representation).
    #[inline]
    pub(crate) const fn from_bits(bits: u8) -> PlayerSet {
        PlayerSet(bits)
    }

    /// The set as bits (bit `i`: seat `i`).
    #[inline]
    pub(crate) const fn bits(self) -> u8 {
        self.0
    }

    /// Whether the player is in the set; false for an id of another variant's extra seats.
    #[inline]
    pub fn contains(self, p: PlayerId) -> bool {
        p.index() < 8 && self.0 & (1 << p.0) != 0
    }

    /// The set of one player.
    ///
    /// ```
    /// use chessgraph::{PlayerId, PlayerSet};
    /// let gray = PlayerSet::only(PlayerId::seat(1));
    /// assert!(gray.contains(PlayerId::seat(1)) && gray.len() == 1);
    /// ```
    pub fn only(p: PlayerId) -> PlayerSet {
        PlayerSet(1 << p.0)
    }

    /// Adds a player.
    #[inline]
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p.0;
    }

    /// Removes a player.
    #[inline]
    pub fn remove(&mut self, p: PlayerId) {
        self.0 &= !(1 << p.0);
    }

    /// The set without one player.
    #[inline]
    pub fn without(self, p: PlayerId) -> PlayerSet {
        PlayerSet(self.0 & !(1 << p.0))
    }

    /// Number of players in the set.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in the set, in seat order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        (0..8u8)
            .filter(move |i| self.0 & (1 << i) != 0)
            .map(PlayerId)
    }
}

/// A set of castling rights: bit `i` is castling entry `i` of the rules; the first-move rights
/// (`[[first_move]]`) follow the castlings'.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CastlingRights(u32);

impl CastlingRights {
    /// No right.
    pub(crate) const NONE: CastlingRights = CastlingRights(0);

    /// The set with bit `i` for castling entry `i` (the position's own representation).
    #[inline]
    pub(crate) const fn from_bits(bits: u32) -> CastlingRights {
        CastlingRights(bits)
    }

    /// Whether right `i` is held.
    #[inline]
    pub fn contains(self, i: usize) -> bool {
        i < 32 && self.0 & (1 << i) != 0
    }

    /// Adds right `i`.
    pub fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }

    /// The rights as bits (bit `i`: castling entry `i`).
    pub(crate) fn bits(self) -> u32 {
        self.0
    }

    /// Whether no right is held.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The indices of the rights held, ascending.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..32).filter(move |&i| self.0 & (1 << i) != 0)
    }
}

/// A set of gates: bit `i` is gate `i` of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GateSet(u32);

impl GateSet {
    /// No gate.
    pub const NONE: GateSet = GateSet(0);

    /// The set with bit `i` for gate `i` (the position's own representation).
    #[inline]
    pub(crate) const fn from_bits(bits: u32) -> GateSet {
        GateSet(bits)
    }

    /// Whether gate `i` is in the set.
    #[inline]
    pub fn contains(self, i: usize) -> bool {
        i < 32 && self.0 & (1 << i) != 0
    }

    /// Adds gate `i`.
    pub(crate) fn insert(&mut self, i: usize) {
        self.0 |= 1 << i;
    }

    /// The gates as bits (bit `i`: gate `i`).
    pub(crate) const fn bits(self) -> u32 {
        self.0
    }

    /// The indices in the set, ascending.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        (0..32).filter(move |&i| self.0 & (1 << i) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// About one node in `one_in`, in order, drawn by a xorshift generator from `seed`.
    fn random_nodes(seed: &mut u64, one_in: u64) -> impl Iterator<Item = u16> + '_ {
        (0..MAX_NODES as u16).filter(move |_| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            seed.is_multiple_of(one_in)
        })
    }

    /// `first`, `last`, `below` and `above` agree with a plain filter over the nodes, across
    /// word boundaries and at both ends.
    #[test]
    fn node_set_order_queries_match_a_filter() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200 {
            let nodes: Vec<NodeId> = random_nodes(&mut seed, 9).map(NodeId).collect();
            let s = NodeSet::from_nodes(nodes.iter().copied());
            assert_eq!(s.first(), nodes.first().copied());
            assert_eq!(s.last(), nodes.last().copied());
            for pivot in [0, 1, 63, 64, 65, 127, 128, 200, 255].map(NodeId) {
                let below = NodeSet::from_nodes(nodes.iter().copied().filter(|&n| n < pivot));
                let above = NodeSet::from_nodes(nodes.iter().copied().filter(|&n| n > pivot));
                assert_eq!(s.below(pivot), below);
                assert_eq!(s.above(pivot), above);
            }
        }
        assert_eq!(NodeSet::default().first(), None);
        assert_eq!(NodeSet::default().last(), None);
    }

    /// `shifted` moves every node by the offset and drops those past either end, for offsets
    /// within a word, of whole words and across words, both ways.
    #[test]
    fn node_set_shift_matches_moving_each_node() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..50 {
            let nodes: Vec<i32> = random_nodes(&mut seed, 5).map(i32::from).collect();
            let s = NodeSet::from_nodes(nodes.iter().map(|&n| NodeId(n as u16)));
            for d in [
                0, 1, -1, 7, -9, 63, -63, 64, -64, 65, -65, 130, -200, 255, -255,
            ] {
                let moved = NodeSet::from_nodes(
                    (nodes.iter().map(|&n| n + d))
                        .filter(|&n| (0..MAX_NODES as i32).contains(&n))
                        .map(|n| NodeId(n as u16)),
                );
                assert_eq!(s.shifted(d), moved, "offset {d}");
            }
        }
    }
}
