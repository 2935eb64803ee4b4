//! `Position::from_setup`: the one checked way from plain data to a playable position.

use std::sync::Arc;

use super::{EpList, Piece, Position};
use crate::ids::{KindId, PlayerId};
use crate::limits::{MAX_EP, MAX_IN_HAND};
use crate::rules::Rules;
use crate::setup::{EpEntry, Setup, SetupErrors, SetupProblem, Waivers};

impl Position {
    /// Checks a [`Setup`] against the rules and returns the position, or every problem found.
    ///
    /// Always refused: ids of another variant, a player to move who is out, en passant entries no
    /// move can have made (duplicates, more than `MAX_EP`, a square that is not empty, a `pawn`
    /// that is not a piece of the entry's owner that can just have passed the square). Refused
    /// unless waived: see [`Waivers`].
    pub fn from_setup(
        rules: &Arc<Rules>,
        setup: Setup,
        waivers: Waivers,
    ) -> Result<Position, SetupErrors> {
        let mut pos = place_pieces(rules, &setup)?;
        let mut problems = Vec::new();
        if rules.has_numbers() {
            pos.numbers = super::numbers::Numbers::from_setup(rules, &setup, &mut problems);
            pos.pieces_hash ^= pos.numbers.cells_key();
        }
        pos.check_room(&setup, &mut problems);
        pos.set_checks(&setup, &mut problems);
        pos.set_count(&setup, &mut problems);
        pos.check_state(&setup, &mut problems);
        if problems.is_empty() {
            pos.check_en_passant(&setup.en_passant, &mut problems);
        }
        if problems.is_empty() {
            pos.check_waivable(waivers, &mut problems);
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(SetupErrors(problems))
        }
    }

    /// State the variant has no place for. (No shipped rules carry values, demoting pieces,
    /// hands or captured material yet: the issues that add them fill this in.)
    fn check_room(&self, setup: &Setup, problems: &mut Vec<SetupProblem>) {
        let board = self.rules.board();
        for (&n, pc) in &setup.pieces {
            let node = board.node_name(n);
            if pc.value.is_some() && !self.rules.has_numbers() {
                problems.push(SetupProblem::NotInThisVariant {
                    what: format!("a value on {node}"),
                    lacks: "no pieces that carry one",
                });
            }
            if pc.demotes && self.rules.twin_of(pc.kind).is_none() {
                problems.push(SetupProblem::NotInThisVariant {
                    what: format!("a demoting piece (`~`) on {node}"),
                    lacks: "no promoted pieces that turn back when captured",
                });
            }
        }
        if let Some(b) = self.rules.blocker.filter(|b| !b.stays) {
            let on: Vec<&str> = (setup.pieces.iter())
                .filter(|(_, pc)| pc.kind == b.kind)
                .map(|(&n, _)| board.node_name(n))
                .collect();
            if on.len() > 1 {
                problems.push(SetupProblem::NotInThisVariant {
                    what: format!(
                        "the {} on {}",
                        self.rules.kind(b.kind).name,
                        on.join(" and ")
                    ),
                    lacks: "one blocker, which every move moves",
                });
            }
        }
        if !self.rules.has_numbers() {
            for &n in setup.stacks.keys() {
                problems.push(SetupProblem::NotInThisVariant {
                    what: format!("a stack on {}", board.node_name(n)),
                    lacks: "no stacks",
                });
            }
        }
        if self.rules.hands().is_some() {
            self.check_hands(setup, problems);
        } else if setup.hands.values().any(|&c| c > 0) {
            problems.push(SetupProblem::NotInThisVariant {
                what: "pieces in hand".to_string(),
                lacks: "no hands",
            });
        }
        if !self.rules.has_numbers() && setup.captured.values().any(|c| c.men > 0 || c.value > 0) {
            problems.push(SetupProblem::NotInThisVariant {
                what: "captured material".to_string(),
                lacks: "no count of captured material",
            });
        } else if !self.rules.counts_digits() && setup.captured.values().any(|c| c.digits > 0) {
            problems.push(SetupProblem::NotInThisVariant {
                what: "captured digits".to_string(),
                lacks: "no victory that reads the digits of captured numbers",
            });
        }
    }

    /// The checks each player still has to give: the setup's counts, else the variant's number.
    fn set_checks(&mut self, setup: &Setup, problems: &mut Vec<SetupProblem>) {
        let most = self.rules.outcome().checks;
        for p in self.rules.player_ids() {
            let given = setup.checks.get(&p).copied();
            match (most, given) {
                (Some(n), Some(c)) if c <= n => self.checks[p.index()] = c as u8,
                (Some(n), None) => self.checks[p.index()] = n as u8,
                (_, Some(c)) => problems.push(SetupProblem::BadChecks(crate::setup::BadChecks {
                    player: self.rules.player(p).name.clone(),
                    count: c,
                    most,
                })),
                (None, None) => {}
            }
        }
    }

    /// Pieces in hand: no promoted piece, no more than [`MAX_IN_HAND`] of a kind, no number on
    /// a kind without numbers.
    fn check_hands(&self, setup: &Setup, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        for (&(p, k), numbers) in &setup.hand_numbers {
            let (Some(player), Some(kind)) =
                (rules.players().get(p.index()), rules.kinds().get(k.index()))
            else {
                continue;
            };
            if !kind.numbered && !numbers.is_empty() {
                problems.push(SetupProblem::BadHand {
                    player: player.name.clone(),
                    token: kind.token_for(&player.mark),
                    reason: format!("the {} carries no number", kind.name),
                });
            }
        }
        for (&(p, k), &count) in &setup.hands {
            let kind = rules.kind(k);
            let bad = |reason: String| SetupProblem::BadHand {
                player: rules.player(p).name.clone(),
                token: kind.token_for(&rules.player(p).mark),
                reason,
            };
            if count > 0 && kind.demotes_to.is_some() {
                let base = rules.kind(rules.hand_kind(k)).token();
                problems.push(bad(format!(
                    "is a promoted piece: a captured one joins the hand as `{base}`"
                )));
            } else if count > MAX_IN_HAND {
                problems.push(bad(format!(
                    "{count} times: a hand holds at most {MAX_IN_HAND} of a kind"
                )));
            }
        }
    }

    /// The state checks that no waiver lifts.
    fn check_state(&self, setup: &Setup, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        if self.alive == 0 {
            problems.push(SetupProblem::NobodyLeft);
        } else if !self.is_alive(setup.to_move) {
            problems.push(SetupProblem::PlayerToMoveIsOut {
                player: rules.player(setup.to_move).short.clone(),
            });
        }
    }

    /// Checks the en passant entries and adds them to the position.
    fn check_en_passant(&mut self, entries: &[EpEntry], problems: &mut Vec<SetupProblem>) {
        if entries.len() > MAX_EP {
            problems.push(SetupProblem::TooManyEnPassant {
                count: entries.len(),
            });
            return;
        }
        let mut list = EpList::default();
        for (i, e) in entries.iter().enumerate() {
            let square = self.rules.board().node_name(e.square).to_string();
            if entries[..i].contains(e) {
                problems.push(SetupProblem::DuplicateEnPassant { square });
            } else if let Err(reason) = self.ep_entry_possible(e) {
                problems.push(SetupProblem::BadEnPassant { square, reason });
            } else if super::en_passant_takeable(
                &self.rules,
                &self.squares,
                self.alive,
                e.square,
                e.owner,
            ) {
                // An entry nobody could take is no part of the position (Fairy-Stockfish writes
                // `-` there): it is read and then left out, like the move that made it leaves it out.
                list.push(*e);
            }
        }
        self.ep = list;
    }

    /// Whether some move of the entry's owner can just have made the entry: a `creates-ep`
    /// pattern of the piece on `pawn`, through `square`, to `pawn`.
    fn ep_entry_possible(&self, e: &EpEntry) -> Result<(), String> {
        let rules = &*self.rules;
        let board = rules.board();
        if self.squares[e.square.index()].is_some() {
            return Err(format!("{} is occupied", board.node_name(e.square)));
        }
        let Some(pc) = self.squares[e.pawn.index()].filter(|p| p.owner == e.owner) else {
            return Err(format!(
                "{} has no piece on {}",
                rules.player(e.owner).name,
                board.node_name(e.pawn)
            ));
        };
        let t = rules.tables();
        // The origin may be taken again since (another player moved there in a game of three).
        let made_it = rules.frame_ids().any(|frame| {
            board.node_ids().any(|origin| {
                t.rays(pc.kind, frame, origin).iter().any(|ray| {
                    let steps = t.steps(ray);
                    ray.creates_ep
                        && steps
                            .last()
                            .is_some_and(|l| l.node == e.pawn && l.frame == pc.frame)
                        && steps[..steps.len() - 1].iter().any(|s| s.node == e.square)
                })
            })
        });
        if made_it {
            Ok(())
        } else {
            Err(format!(
                "the {} on {} cannot just have passed {}",
                rules.kind(pc.kind).name,
                board.node_name(e.pawn),
                board.node_name(e.square)
            ))
        }
    }

    /// The checks a [`Waivers`] flag can lift.
    fn check_waivable(&self, waivers: Waivers, problems: &mut Vec<SetupProblem>) {
        if !waivers.castling_without_pieces {
            self.check_castling_pieces(problems);
            self.check_gating_pieces(problems);
        }
        if !waivers.unpromoted_in_zone {
            self.check_promotion_zones(problems);
        }
        if !waivers.excess_material {
            self.check_material(problems);
        }
        if !waivers.missing_royal {
            self.check_royals(problems);
        }
        if !waivers.opponent_in_check {
            let last = self.previous_alive(self.to_move);
            if last != self.to_move && self.royal_attacked(last) {
                problems.push(SetupProblem::OpponentInCheck {
                    player: self.rules.player(last).name.clone(),
                    to_move: self.rules.player(self.to_move).name.clone(),
                });
            }
        }
    }

    /// Every player in the game who starts with a royal piece still has one on the board (or
    /// in hand).
    fn check_royals(&self, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        let Some(start) = rules.start_material() else {
            return;
        };
        for p in rules.player_ids().filter(|&p| self.is_alive(p)) {
            let royal: Vec<_> = (rules.kind_ids())
                .filter(|&k| rules.is_royal(k) && start[p.index()][k.index()] > 0)
                .collect();
            let on_board =
                (self.squares.iter().flatten()).any(|pc| pc.owner == p && rules.is_royal(pc.kind));
            // A royal still in hand (placement chess, before it is placed) is kept too.
            let in_hand = royal.iter().any(|&k| self.hand(p, k) > 0);
            if !royal.is_empty() && !on_board && !in_hand {
                let names: Vec<&str> = royal.iter().map(|&k| rules.kind(k).name.as_str()).collect();
                problems.push(SetupProblem::MissingRoyal {
                    player: rules.player(p).name.clone(),
                    kinds: names.join(" or "),
                });
            }
        }
    }

    /// Every gating right held stands on a piece of its player.
    fn check_gating_pieces(&self, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        let base = rules.gating_base();
        for (i, g) in rules.gating.iter().enumerate() {
            let held = self.castling & (1 << (base + i)) != 0;
            if held && self.squares[g.square.index()].is_none_or(|p| p.owner != g.player) {
                problems.push(SetupProblem::GatingWithoutPiece {
                    right: g.right.clone(),
                    player: rules.player(g.player).name.clone(),
                    node: rules.board().node_name(g.square).to_string(),
                });
            }
        }
    }

    fn check_castling_pieces(&self, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        let board = rules.board();
        let missing = |c: &crate::rules::Castling| {
            [(c.king_from, c.king_kind), (c.rook_from, c.rook_kind)]
                .into_iter()
                .filter(|&(node, kind)| {
                    let here = self.squares[node.index()];
                    here.is_none_or(|p| p.owner != c.player || p.kind != kind)
                })
                .collect::<Vec<_>>()
        };
        for bit in 0..rules.castling_rights.len() {
            if self.castling & (1 << bit) == 0 {
                continue;
            }
            // A right of `[[free_castling]]` serves several entries: one must find its pieces.
            let mut entries = rules
                .castling()
                .iter()
                .filter(|c| usize::from(c.bit) == bit);
            let Some(c) = entries
                .clone()
                .find(|c| missing(c).is_empty())
                .or(entries.next())
            else {
                continue;
            };
            for (node, kind) in missing(c) {
                problems.push(SetupProblem::CastlingWithoutPiece {
                    right: c.right.clone(),
                    piece: format!(
                        "{}'s {}",
                        rules.player(c.player).name,
                        rules.kind(kind).name
                    ),
                    node: board.node_name(node).to_string(),
                });
            }
        }
    }

    fn check_promotion_zones(&self, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        for n in rules.board().node_ids() {
            let Some(pc) = self.squares[n.index()] else {
                continue;
            };
            // A piece that may decline stands unpromoted wherever it can still move; one that
            // could have been dropped there stands there unpromoted too (drops never promote).
            let dropped = (rules.kind(pc.kind).drop.as_ref())
                .is_some_and(|d| d.targets(pc.owner).contains(n));
            if let Some(pr) = &rules.kind(pc.kind).promotion
                && rules.zone(pr.zone, pc.owner).contains(n)
                && !(pr.optional && rules.can_move_from(pc.kind, pc.frame, n))
                && !dropped
            {
                problems.push(SetupProblem::UnpromotedInZone {
                    player: rules.player(pc.owner).name.clone(),
                    kind: rules.kind(pc.kind).name.clone(),
                    node: rules.board().node_name(n).to_string(),
                });
            }
        }
    }

    /// More material than the start position and promotions allow: per player, a promoting
    /// kind may not outnumber its start count, a kind no promotion reaches may not either, and
    /// the pieces beyond the start count of the kinds promotions reach may not outnumber the
    /// promoting pieces that are gone.
    fn check_material(&self, problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        let Some(start) = rules.start_material() else {
            return;
        };
        if rules.hands().is_some_and(|h| h.captured_to_hand) {
            return self.check_pooled_material(start, problems);
        }
        for p in rules.player_ids() {
            let mut count = vec![0usize; rules.kinds().len()];
            for pc in self.squares.iter().flatten().filter(|pc| pc.owner == p) {
                count[pc.kind.index()] += 1;
            }
            for k in over_start(rules, &count, &start[p.index()]) {
                problems.push(self.excess(p, k, count[k.index()]));
            }
        }
    }

    /// Material where captured pieces change sides: all players' pieces together, each counted
    /// as the kind it would join a hand as, on the board and in hand, may not outnumber the start.
    fn check_pooled_material(&self, start: &[Vec<usize>], problems: &mut Vec<SetupProblem>) {
        let rules = &*self.rules;
        let mut count = vec![0usize; rules.kinds().len()];
        let mut had = vec![0usize; rules.kinds().len()];
        for pc in self.squares.iter().flatten() {
            count[rules.hand_kind(pc.kind).index()] += 1;
        }
        for p in rules.player_ids() {
            for k in rules.kind_ids() {
                count[k.index()] += self.hand(p, k) as usize;
                had[rules.hand_kind(k).index()] += start[p.index()][k.index()];
            }
        }
        for k in over_start(rules, &count, &had) {
            problems.push(SetupProblem::ExcessMaterial {
                player: "the players together".to_string(),
                kind: rules.kind(k).name.clone(),
                count: count[k.index()],
            });
        }
    }

    fn excess(&self, p: PlayerId, k: KindId, count: usize) -> SetupProblem {
        SetupProblem::ExcessMaterial {
            player: self.rules.player(p).name.clone(),
            kind: self.rules.kind(k).name.clone(),
            count,
        }
    }
}

/// The kinds of which `count` holds more than `start` allows: a kind no promotion makes, or
/// one that promotes, may not pass its start count; the kinds promotions make may pass theirs
/// by as many pieces in all as the promoting kinds fall short of theirs (the first of them is
/// named when they pass it by more).
fn over_start(rules: &Rules, count: &[usize], start: &[usize]) -> Vec<KindId> {
    let mut over = Vec::new();
    let (mut made, mut possible) = (0usize, 0usize);
    for k in rules.kind_ids() {
        let (have, had) = (count[k.index()], start[k.index()]);
        let promotes = rules.kind(k).promotion.is_some();
        let reachable = rules.kinds().iter().any(|x| {
            x.promotion
                .as_ref()
                .is_some_and(|pr| pr.all_choices().any(|c| c == k))
        });
        if promotes {
            possible += had.saturating_sub(have);
        }
        let excess = have.saturating_sub(had);
        if excess > 0 && (promotes || !reachable) {
            over.push(k);
        } else {
            made += excess;
        }
    }
    if made > possible
        && let Some(k) = rules
            .kind_ids()
            .find(|k| count[k.index()] > start[k.index()] && !over.contains(k))
    {
        over.push(k);
    }
    over
}

/// The hand counts of a setup, `[player * kinds + kind]` (empty in a variant without hands, whose
/// setup hands are reported by `check_room`); `None` when a hand names a foreign player or kind.
/// Counts past [`MAX_IN_HAND`] are kept just past it, for `check_hands` to report.
fn hand_counts(rules: &Rules, setup: &Setup) -> Option<Vec<u32>> {
    let kinds = rules.kinds().len();
    let mut hands = match rules.hands() {
        Some(_) => vec![0; rules.players().len() * kinds],
        None => Vec::new(),
    };
    for (&(p, k), &count) in &setup.hands {
        if p.index() >= rules.players().len() || k.index() >= kinds {
            return None;
        }
        if let Some(slot) = hands.get_mut(p.index() * kinds + k.index()) {
            *slot = count.min(MAX_IN_HAND + 1);
        }
    }
    Some(hands)
}

/// A setup problem: an id of another variant in `what`.
fn foreign(what: &'static str) -> SetupErrors {
    SetupErrors(vec![SetupProblem::ForeignId { what }])
}

/// The squares with a setup's pieces, each in its frame; an error for an id (node, owner,
/// kind, frame) that does not belong to the rules.
fn placed_squares(rules: &Rules, setup: &Setup) -> Result<Vec<Option<Piece>>, SetupErrors> {
    let nodes = rules.board().node_count();
    let mut squares = vec![None; nodes];
    for (&n, pc) in &setup.pieces {
        if n.index() >= nodes {
            return Err(foreign("node of a piece"));
        }
        if rules.player_id(pc.owner.index()).is_none() {
            return Err(foreign("owner of a piece"));
        }
        if pc.kind.index() >= rules.kinds().len() {
            return Err(foreign("kind of a piece"));
        }
        // `Q~`: the promoted twin of the kind, where the rules have one (else reported later).
        let kind = match pc.demotes {
            true => rules.twin_of(pc.kind).unwrap_or(pc.kind),
            false => pc.kind,
        };
        // A neutral piece belongs to no player: the first keeps it, whoever the setup names (as
        // position text reads it), so a setup cannot make two of one blocker.
        let owner = match rules.kind(kind).neutral {
            true => PlayerId(0),
            false => pc.owner,
        };
        let frame = match pc.frame {
            Some(f) if f.index() >= rules.frame_count() => return Err(foreign("frame of a piece")),
            Some(f) => rules.canonical_frame(kind, f),
            None => rules.start_frame(owner, kind, n),
        };
        squares[n.index()] = Some(Piece { owner, kind, frame });
    }
    Ok(squares)
}

/// An error when an id of the setup's state (the player to move, a castling right, an open
/// gate, an en passant entry, a check count's player) does not belong to the rules.
fn state_ids_belong(rules: &Rules, setup: &Setup) -> Result<(), SetupErrors> {
    let nodes = rules.board().node_count();
    if rules.player_id(setup.to_move.index()).is_none() {
        return Err(foreign("player to move"));
    }
    if (setup.castling.iter()).any(|i| i >= rules.gating_base() + rules.gating.len()) {
        return Err(foreign("castling right"));
    }
    if setup.gates_open.iter().any(|i| i >= rules.gates().len()) {
        return Err(foreign("open gate"));
    }
    let e = &setup.en_passant;
    if e.iter().any(|e| {
        e.square.index() >= nodes
            || e.pawn.index() >= nodes
            || e.owner.index() >= rules.players().len()
    }) {
        return Err(foreign("en passant entry"));
    }
    if setup
        .checks
        .keys()
        .any(|p| p.index() >= rules.players().len())
    {
        return Err(foreign("player of a check count"));
    }
    Ok(())
}

/// The position of a setup's pieces and state, before any check but that every id belongs to
/// the rules.
pub(super) fn place_pieces(rules: &Arc<Rules>, setup: &Setup) -> Result<Position, SetupErrors> {
    let squares = placed_squares(rules, setup)?;
    state_ids_belong(rules, setup)?;
    let mut alive = ((1u16 << rules.players().len()) - 1) as u8;
    for p in setup.out.iter() {
        if p.index() >= rules.players().len() {
            return Err(foreign("player out"));
        }
        alive &= !(1 << p.index());
    }
    let hands = hand_counts(rules, setup).ok_or_else(|| foreign("piece in hand"))?;
    let mut pos = Position {
        rules: rules.clone(),
        squares,
        to_move: setup.to_move,
        alive,
        castling: setup.castling.bits(),
        ep: EpList::default(),
        halfmove: setup.halfmove,
        fullmove: setup.fullmove,
        gates_open: setup.gates_open.bits(),
        checks: [0; crate::limits::MAX_PLAYERS],
        passes: 0,
        series: 0,
        hands,
        numbers: super::numbers::Numbers::default(),
        turned: Vec::new(),
        pieces_hash: 0,
        by_owner: Default::default(),
        royals: Default::default(),
        count: None,
    };
    // Gating rights that can never be used (an empty hand that captures do not refill) are no
    // part of the position, as Fairy-Stockfish reads and writes it.
    for p in rules.player_ids() {
        pos.castling &= !pos.dead_gating_rights(p);
    }
    pos.by_owner = super::occupancy_of(&pos.squares);
    pos.royals = super::royals_of(&pos.rules, &pos.squares);
    pos.pieces_hash = pos.pieces_hash_from_scratch();
    pos.update_gates();
    Ok(pos)
}
