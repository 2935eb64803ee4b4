//! How a piece kind promotes, as compiled from its `promotion` table.

use super::KindId;

/// How a piece kind promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The player-relative zone (index into the rules' zones).
    pub zone: usize,
    /// The kinds it may become.
    pub choices: Vec<KindId>,
    /// The piece may decline, except where it could never move again.
    pub optional: bool,
    /// A move that starts in the zone promotes too.
    pub leaving: bool,
    /// Only to a kind of which the player has fewer on the board than in the start position.
    pub lost_only: bool,
    /// Other choices where the move ends in these zones (the first that holds it).
    pub by_zone: Vec<(usize, Vec<KindId>)>,
    /// Choices offered only while the player has fewer pieces of the kind on the board than
    /// the count (`limits`).
    pub limits: Vec<(KindId, u32)>,
    /// With `standing` (the promotion is a move of its own, [`PieceKind::standing`]): a
    /// player's only piece of the kind promotes from any node.
    pub(crate) last_anywhere: bool,
    /// With `standing`: the promotion may not give check.
    pub(crate) no_check: bool,
    /// With `standing`: the promoted piece may not attack an enemy piece where it lands.
    pub(crate) no_attack: bool,
}

impl Promotion {
    /// The choices of a promotion ending on a node: those of the first `by_zone` entry whose
    /// zone holds it (`in_zone` answers for a zone index), else [`Promotion::choices`].
    #[inline]
    pub(crate) fn choices_at(&self, in_zone: impl Fn(usize) -> bool) -> &[KindId] {
        self.by_zone
            .iter()
            .find(|(z, _)| in_zone(*z))
            .map_or(&self.choices, |(_, c)| c)
    }

    /// Whether a player with `count` pieces of kind `c` on the board may promote to it: the
    /// choice's `limits` entry allows it, or it has none.
    #[inline]
    pub(crate) fn within_limit(&self, c: KindId, count: impl FnOnce() -> u32) -> bool {
        (self.limits.iter().find(|(k, _)| *k == c)).is_none_or(|&(_, most)| count() < most)
    }

    /// Every kind some promotion of this piece can make.
    pub(crate) fn all_choices(&self) -> impl Iterator<Item = KindId> + '_ {
        self.choices
            .iter()
            .chain(self.by_zone.iter().flat_map(|(_, c)| c))
            .copied()
    }
}
