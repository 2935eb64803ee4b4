//! The static evaluation, from the variant's tables alone: material (a stack is worth the sum of
//! its parts), the mobility of each piece on its node, promotion progress, royal safety, material
//! in hand, and the distance to the victories by captured material of numbered games.

use super::values::Tables;
use crate::ids::{PlayerId, PlayerSet};
use crate::limits::MAX_PLAYERS;
use crate::position::Position;

/// Centipawns lost per node next to a royal that an opponent attacks.
const ROYAL_NEIGHBOUR_ATTACKED: i32 = 12;
/// What a reached victory by captured material is worth (a part of it for part of the way).
const CAPTURED_WIN_WORTH: f64 = 800.0;
/// A piece in hand is worth this much of its value on the board (per mille): it may go anywhere.
const HAND_PER_MILLE: i32 = 1100;

/// The evaluation of `pos` for `root`: his score less the average of the other live players'
/// (the paranoid view; for two players, his less his opponent's).
pub(crate) fn evaluate(pos: &Position, t: &Tables, root: PlayerId) -> i32 {
    relative(&raw_scores(pos, t), pos.players_in(), root)
}

/// The evaluation of `pos` for every live player at once, each as [`evaluate`] gives it (the
/// max-n view); players out of the game get nothing.
pub(crate) fn evaluate_all(pos: &Position, t: &Tables) -> [i32; MAX_PLAYERS] {
    let raw = raw_scores(pos, t);
    let alive = pos.players_in();
    let mut out = [0; MAX_PLAYERS];
    for p in alive.iter() {
        out[p.index()] = relative(&raw, alive, p);
    }
    out
}

/// Each player's own score: material, hand, captured material, less royal danger.
fn raw_scores(pos: &Position, t: &Tables) -> [i32; MAX_PLAYERS] {
    let mut score = [0i32; MAX_PLAYERS];
    material(pos, t, &mut score);
    hands(pos, t, &mut score);
    captured(pos, &mut score);
    for p in pos.players_in().iter() {
        score[p.index()] -= royal_danger(pos, t, p);
    }
    score
}

/// `p`'s score less the average of the other live players'.
fn relative(score: &[i32; MAX_PLAYERS], alive: PlayerSet, p: PlayerId) -> i32 {
    let others = alive.without(p);
    if others.is_empty() {
        return score[p.index()];
    }
    let sum: i32 = others.iter().map(|o| score[o.index()]).sum();
    score[p.index()] - sum / others.len() as i32
}

/// Material, mobility on the node and promotion progress of the pieces on the board.
fn material(pos: &Position, t: &Tables, score: &mut [i32; MAX_PLAYERS]) {
    let rules = pos.rules();
    for (i, sq) in pos.squares.iter().enumerate() {
        let Some(pc) = sq else { continue };
        let k = pc.kind.index();
        let kind = &rules.kinds()[k];
        let mut v = if kind.royal { 0 } else { t.value[k] };
        if kind.stack {
            v = pos.numbers.cells[i]
                .parts()
                .iter()
                .map(|p| t.value[p.kind.index()])
                .sum();
        }
        v += i32::from(t.centre[k * t.nodes + i]);
        if t.promo_gain[k] > 0 {
            let d = t.promo_dist[(pc.owner.index() * t.kinds + k) * t.nodes + i];
            if d != u8::MAX {
                v += t.promo_gain[k] / (8 * i32::from(d.max(1)));
            }
        }
        score[pc.owner.index()] += v;
    }
}

/// Pieces in hand.
fn hands(pos: &Position, t: &Tables, score: &mut [i32; MAX_PLAYERS]) {
    if pos.hands.is_empty() {
        return;
    }
    for p in pos.rules().player_ids() {
        for k in pos.rules().kind_ids() {
            let n = pos.hand(p, k) as i32;
            if n > 0 {
                score[p.index()] += n * t.value_of(k) * HAND_PER_MILLE / 1000;
            }
        }
    }
}

/// The way made to a victory by captured material (numbered games): the best fraction reached.
fn captured(pos: &Position, score: &mut [i32; MAX_PLAYERS]) {
    let wins = pos.rules().captured_wins();
    if wins.is_empty() {
        return;
    }
    for p in pos.rules().player_ids() {
        let m = pos.captured(p);
        let best = wins.iter().map(|w| w.progress(p, &m)).fold(0.0, f64::max);
        score[p.index()] += (best * CAPTURED_WIN_WORTH) as i32;
    }
}

/// The nodes next to `p`'s royals that a live opponent attacks, in centipawns.
fn royal_danger(pos: &Position, t: &Tables, p: PlayerId) -> i32 {
    let mut danger = 0;
    let by = pos.alive & !(1u8 << p.index());
    if by == 0 {
        return 0;
    }
    for n in pos.royals.iter() {
        if pos.squares[n.index()].is_some_and(|pc| pc.owner == p) {
            let attacked = t.neighbours[n.index()]
                .iter()
                .filter(|&&m| pos.attacked_by_bits(m, by))
                .count();
            danger += attacked as i32 * ROYAL_NEIGHBOUR_ATTACKED;
        }
    }
    danger
}
