//! The numbers of pieces in hand, in a variant whose numbered pieces join a hand when captured
//! (`[hands] captured = "to-hand"` with `numbered = true` kinds): a captured man keeps his
//! number in the capturer's hand (a stack's captured parts join it as their own kinds, each with
//! its number), and a drop puts one of those numbers back on the board (`C{16}@e5`).
//!
//! A hand's numbers of one kind are a sorted list beside its count (the count is the list's
//! length); `make` journals every change so that `unmake` restores them, and they are part of
//! the hash and of position text (`[C{16}c{3}]`). In every other variant the lists are empty.

use super::Position;
use super::numbers::{Cell, Numbers};
use crate::ids::{KindId, PlayerId};
use crate::limits::MAX_PIECE_VALUE;
use crate::rules::Rules;
use crate::setup::{Setup, SetupProblem};
use crate::zobrist::mix;

/// One change of a hand made by a move's numbers step, to undo.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandEntry {
    /// `player * kinds + kind`.
    slot: u16,
    /// The number added or taken (0: a piece without a number, only counted).
    value: u16,
    /// Added (a capture) or taken (a drop).
    added: bool,
    /// The step changed the hand's count too (a capture); a drop's count is the drop's own.
    counted: bool,
}

impl Numbers {
    /// Whether the hands keep numbers in this variant: it has hands and a numbered kind.
    pub(crate) fn hands_keep_numbers(rules: &Rules) -> bool {
        rules.hands().is_some() && rules.kinds().iter().any(|k| k.numbered && !k.stack)
    }

    /// The hands' numbers of a set-up, with every problem of them in `problems`: a numbered
    /// kind in hand needs one number per piece, and a stack is never in hand (its parts join
    /// the hand). (A number on a kind without numbers is reported with the hands.)
    pub(crate) fn hand_from_setup(
        &mut self,
        rules: &Rules,
        setup: &Setup,
        problems: &mut Vec<SetupProblem>,
    ) {
        let kinds = rules.kinds().len();
        if Numbers::hands_keep_numbers(rules) {
            self.hand = vec![Vec::new(); rules.players().len() * kinds];
        }
        let empty = Vec::new();
        for (&(p, k), &count) in &setup.hands {
            let numbers = setup.hand_numbers.get(&(p, k)).unwrap_or(&empty);
            let (Some(player), Some(kind)) =
                (rules.players().get(p.index()), rules.kinds().get(k.index()))
            else {
                continue; // (foreign ids are reported with the hands)
            };
            let bad = |reason: String| SetupProblem::BadHand {
                player: player.name.clone(),
                token: kind.token_for(&player.mark),
                reason,
            };
            if count == 0 {
                continue;
            }
            if kind.stack {
                problems.push(bad(
                    "a stack is never in hand: its captured parts join the hand as their own kinds"
                        .into(),
                ));
            } else if kind.numbered && numbers.len() != count as usize {
                problems.push(bad(format!(
                    "{count} in hand with {} number(s): each piece in hand carries its number, e.g. `C{{16}}`",
                    numbers.len()
                )));
            } else if let Some(v) = numbers.iter().find(|v| !(1..=MAX_PIECE_VALUE).contains(*v)) {
                problems.push(bad(format!("{v}: a number is from 1 to {MAX_PIECE_VALUE}")));
            } else if let Some(list) = self.hand.get_mut(p.index() * kinds + k.index()) {
                *list = numbers.iter().map(|&v| v as u16).collect();
                list.sort_unstable();
            }
        }
    }

    /// The hash of the hands' numbers (0 when no hand holds a number).
    pub(crate) fn hand_key(&self) -> u64 {
        self.hand.iter().enumerate().fold(0, |h, (slot, list)| {
            if list.is_empty() {
                return h;
            }
            let key = list
                .iter()
                .fold(mix(0x4a4d ^ (slot as u64) << 32), |k, &v| {
                    mix(k ^ u64::from(v))
                });
            h ^ key
        })
    }
}

impl Position {
    /// The numbers of player `p`'s pieces of kind `k` in hand, ascending (empty for a kind
    /// without numbers, or a variant whose hands keep none).
    pub(crate) fn hand_numbers(&self, p: PlayerId, k: KindId) -> &[u16] {
        let slot = p.index() * self.rules.kinds().len() + k.index();
        self.numbers.hand.get(slot).map_or(&[], |l| &l[..])
    }

    /// The pieces of a captured piece's `cell` that join `mover`'s hand: a simple piece as the
    /// kind it joins a hand as (`kind`'s), with its number; a stack its parts whose bits are set
    /// in `mask`, each as its own kind with its number. The counts change too; all is journaled.
    pub(crate) fn cell_to_hand<const HASH: bool>(
        &mut self,
        mover: PlayerId,
        kind: KindId,
        cell: &Cell,
        mask: u8,
    ) {
        if !self.rules.kind(kind).stack {
            let k = self.rules.hand_kind(kind);
            self.hand_change::<HASH>(mover, k, cell.value as u16, true, true);
            return;
        }
        for (i, part) in cell.parts().iter().enumerate() {
            if mask & (1 << i) != 0 {
                let k = self.rules.hand_kind(part.kind);
                self.hand_change::<HASH>(mover, k, part.value, true, true);
            }
        }
    }

    /// A dropped piece of kind `k` with number `value` leaves `p`'s list (its count is the
    /// drop's own).
    pub(crate) fn number_dropped<const HASH: bool>(&mut self, p: PlayerId, k: KindId, value: u16) {
        self.hand_change::<HASH>(p, k, value, false, false);
    }

    /// Adds `value` to (or takes it from) the list of `p`'s pieces of kind `k` in hand, a kind
    /// with numbers (a kind without keeps no list); with `counted`, the count too. Journaled.
    fn hand_change<const HASH: bool>(
        &mut self,
        p: PlayerId,
        k: KindId,
        value: u16,
        added: bool,
        counted: bool,
    ) {
        let slot = p.index() * self.rules.kinds().len() + k.index();
        let keeps = self.rules.kind(k).numbered && value > 0;
        let value = if keeps { value } else { 0 };
        if let Some(list) = self.numbers.hand.get_mut(slot).filter(|_| keeps) {
            list_change(list, value, added);
        }
        if counted {
            self.add_to_hand::<HASH>(p, k, added);
        }
        self.numbers.hand_journal.push(HandEntry {
            slot: slot as u16,
            value,
            added,
            counted,
        });
    }

    /// Takes back the hand changes journaled since entry `mark`, newest first.
    pub(crate) fn unmake_hand_numbers(&mut self, mark: usize) {
        let kinds = self.rules.kinds().len();
        while self.numbers.hand_journal.len() > mark {
            let Some(e) = self.numbers.hand_journal.pop() else {
                break;
            };
            if e.value > 0
                && let Some(list) = self.numbers.hand.get_mut(usize::from(e.slot))
            {
                list_change(list, e.value, !e.added);
            }
            if e.counted {
                let (p, k) = (usize::from(e.slot) / kinds, usize::from(e.slot) % kinds);
                self.add_to_hand::<false>(PlayerId(p as u8), KindId(k as u8), !e.added);
            }
        }
    }

    /// The tokens of player `p`'s pieces of kind `k` in hand as position text writes them:
    /// `C{3}C{16}` for a kind with numbers, `PP` for one without.
    pub(crate) fn hand_tokens(&self, p: PlayerId, k: KindId, count: u32) -> String {
        let rules = &*self.rules;
        let token = rules.kind(k).token_for(&rules.player(p).mark);
        let numbers = self.hand_numbers(p, k);
        if numbers.is_empty() {
            return token.repeat(count as usize);
        }
        numbers.iter().map(|v| format!("{token}{{{v}}}")).collect()
    }
}

/// Inserts `value` in the sorted `list` (`add`), or removes one of it.
fn list_change(list: &mut Vec<u16>, value: u16, add: bool) {
    let at = list.partition_point(|&v| v < value);
    if add {
        list.insert(at, value);
    } else if list.get(at) == Some(&value) {
        list.remove(at);
    }
}
