//! The compiled move tables agree with the reference walker (`chessgraph::testing::reference`), the slow
//! definition of path semantics: for every shipped variant, every piece kind, every frame and every
//! node on an otherwise empty board, and for every piece of positions met in random games. The
//! attack (reverse) tables that check detection uses are compared the same way.

use std::collections::BTreeMap;
use std::sync::Arc;

use chessgraph::NodeId;
use chessgraph::PlayerSet;
use chessgraph::SetupProblem;
use chessgraph::testing::reference::{self, Destination, Standing};
use chessgraph::{FrameId, KindId, Rules};
use chessgraph::{Move, Planned};
use chessgraph::{Piece, Position};

use crate::helpers::{load, playout_positions, position_with, royal_kind, swept_variant_files};
use chessgraph::testing::{
    PieceKindInternals, PlannedInternals, PlayerInternals, PositionInternals, RulesInternals,
};

/// One destination as the engine reports it: node, capture, and each move's promotion and frame.
type Dest = (NodeId, bool, Vec<(Option<KindId>, FrameId)>);

/// One destination as the reference reports it: node, capture, and the arrival frames.
type RefDest = (NodeId, bool, Vec<FrameId>);

/// The engine's moves of the piece on `from`, grouped by destination, after checking that promotion
/// gives one move per choice exactly where the piece must promote.
fn engine_destinations(pos: &Position, from: NodeId) -> Vec<Dest> {
    let rules = pos.rules();
    let mut moves: Vec<Planned> = Vec::new();
    pos.piece_moves(from, &mut moves);
    let pc = pos.piece_at(from).expect("a piece");
    let mut by_node: BTreeMap<NodeId, Vec<Planned>> = BTreeMap::new();
    for m in moves {
        assert_eq!(m.mv().from(), Some(from));
        by_node.entry(m.mv().to()).or_default().push(m);
    }
    let kind = rules.kind(pc.kind);
    by_node
        .into_iter()
        .map(|(to, ms)| {
            let promotes = kind.promotion().filter(|pr| {
                let zone = rules.zone(pr.zone, pc.owner);
                zone.contains(to) || (pr.leaving && zone.contains(from))
            });
            match promotes {
                Some(pr) => {
                    let got: Vec<Option<KindId>> = ms
                        .iter()
                        .map(|m| m.mv().promotion())
                        .filter(|p| p.is_some())
                        .collect();
                    // The first `by_zone` entry holding the destination, else the choices.
                    let mut choices = &pr.choices;
                    for (z, list) in &pr.by_zone {
                        if rules.zone(*z, pc.owner).contains(to) {
                            choices = list;
                            break;
                        }
                    }
                    let want: Vec<Option<KindId>> = choices
                        .iter()
                        .filter(|&&c| !pr.lost_only || pos.has_lost(pc.owner, c))
                        .filter(|&&c| within_limits(pos, pr, pc.owner, c))
                        .map(|&c| Some(c))
                        .collect();
                    assert_eq!(got, want, "promotion choices to {}", name(rules, to));
                    // Declining: only where allowed, and only where the piece can move on.
                    for m in ms.iter().filter(|m| m.mv().promotion().is_none()) {
                        assert!(
                            pr.optional,
                            "compulsory promotion declined to {}",
                            name(rules, to)
                        );
                        assert!(
                            rules.can_move_from(pc.kind, m.frame(), to),
                            "declined where stuck"
                        );
                    }
                }
                None => assert_eq!(ms.len(), 1, "one move to {}: {ms:?}", name(rules, to)),
            }
            let capture =
                pos.piece_at(to).is_some() || matches!(ms[0].mv(), Move::EnPassant { .. });
            (
                to,
                capture,
                ms.iter().map(|m| (m.mv().promotion(), m.frame())).collect(),
            )
        })
        .collect()
}

/// The reference's destinations, with each arrival frame as a frame id of the rules.
fn reference_destinations(rules: &Rules, ds: &[Destination]) -> Vec<RefDest> {
    ds.iter()
        .map(|d| {
            let frames = d
                .frames
                .iter()
                .map(|im| {
                    reference::frame_id(rules, im).unwrap_or_else(|| {
                        panic!(
                            "arrival frame {im:?} at {} is no frame of the rules",
                            name(rules, d.node)
                        )
                    })
                })
                .collect();
            (d.node, d.capture, frames)
        })
        .collect()
}

fn name(rules: &Rules, n: NodeId) -> &str {
    rules.board().node_name(n)
}

/// Compares the engine and the reference for the piece on `from`; `reference` was computed
/// separately (perhaps on a board without the helper king).
/// Whether a promotion's `limits` let `owner` choose `c`: he has fewer of it on the board than
/// its entry allows, or it has none.
fn within_limits(
    pos: &Position,
    pr: &chessgraph::testing::Promotion,
    owner: chessgraph::PlayerId,
    c: KindId,
) -> bool {
    let on_board = (pos.rules().board().node_ids())
        .filter(|&n| {
            pos.piece_at(n)
                .is_some_and(|p| p.owner == owner && p.kind == c)
        })
        .count() as u32;
    pr.limits.iter().all(|&(k, most)| k != c || on_board < most)
}

fn compare(pos: &Position, from: NodeId, reference: &[RefDest], what: &str) {
    let rules = pos.rules();
    let engine = engine_destinations(pos, from);
    let e: Vec<(NodeId, bool)> = engine.iter().map(|d| (d.0, d.1)).collect();
    let r: Vec<(NodeId, bool)> = reference.iter().map(|d| (d.0, d.1)).collect();
    if e != r {
        let show = |v: &[(NodeId, bool)]| {
            v.iter()
                .map(|(n, c)| format!("{}{}", if *c { "x" } else { "" }, name(rules, *n)))
                .collect::<Vec<_>>()
                .join(" ")
        };
        panic!(
            "{what}: tables and reference disagree for the piece on {} in {}\n  tables:    {}\n  reference: {}",
            name(rules, from),
            pos.to_fen(),
            show(&e),
            show(&r)
        );
    }
    // Frames: the engine stores the canonical frame of the kind the piece has after the move (the
    // promoted kind for a promotion), which must be one the reference arrives with.
    // A piece whose moves ignore its frame stands in the identity frame: the kind a flip
    // (`flip`, Kyoto shogi's bishop turning into a silver) makes of it takes its owner's frame.
    let piece = pos.piece_at(from).expect("a piece");
    let kind = piece.kind;
    let owner_frame = rules.player(piece.owner).frame();
    for ((n, _, moves), (_, _, fs)) in engine.iter().zip(reference) {
        for (promotion, f) in moves {
            let after = promotion.unwrap_or(kind);
            let flipped = promotion.is_some()
                && !rules.kind(kind).oriented
                && rules.canonical_frame(after, owner_frame) == *f;
            assert!(
                flipped || fs.iter().any(|r| rules.canonical_frame(after, *r) == *f),
                "{what}: piece on {} arrives at {} in frame `{}`, the reference says one of {:?} ({})",
                name(rules, from),
                name(rules, *n),
                rules.frame_name(*f),
                fs.iter().map(|f| rules.frame_name(*f)).collect::<Vec<_>>(),
                pos.to_fen()
            );
        }
    }
}

/// A position with `piece` on `from` as the only piece that matters: its owner to move, every other
/// player eliminated, and (when the variant has royals and the piece is not one) the owner's royal
/// on a node where it changes nothing the reference walker sees. `None` when position text cannot
/// hold the piece there (a pawn on its own promotion rank).
fn lone_piece(
    rules: &Arc<Rules>,
    from: NodeId,
    piece: Piece,
    alone: &[Destination],
) -> Option<Position> {
    let royal = royal_kind(rules).filter(|_| !rules.kind(piece.kind).royal);
    let canonical = Piece {
        frame: rules.canonical_frame(piece.kind, piece.frame),
        ..piece
    };
    let mut pieces = vec![(from, canonical)];
    if let Some(k) = royal {
        let frame = rules.player(piece.owner).frame();
        let king = Piece {
            owner: piece.owner,
            kind: k,
            frame: rules.canonical_frame(k, frame),
        };
        // The first node (farthest from `from` in id order first) where the king leaves the
        // piece's reference moves unchanged.
        let mut candidates: Vec<NodeId> = rules.board().node_ids().filter(|&n| n != from).collect();
        candidates.sort_by_key(|n| std::cmp::Reverse(n.index().abs_diff(from.index())));
        let spot = candidates
            .into_iter()
            .find(|&k_at| {
                let occ = |n: NodeId| {
                    if n == from {
                        Some(piece)
                    } else if n == k_at {
                        Some(king)
                    } else {
                        None
                    }
                };
                reference::destinations_in(
                    rules,
                    &occ,
                    &[],
                    u32::MAX,
                    Standing::default(),
                    from,
                    piece,
                ) == alone
            })
            .unwrap_or_else(|| panic!("no room for a royal beside {}", name(rules, from)));
        pieces.push((spot, king));
    }
    match position_with(rules, &pieces, piece.owner, &[piece.owner]) {
        Ok(pos) => Some(pos),
        Err(e)
            if e.0
                .iter()
                .all(|p| matches!(p, SetupProblem::UnpromotedInZone { .. })) =>
        {
            None
        }
        Err(e) => panic!("{pieces:?} does not load: {e}"),
    }
}

#[test]
fn tables_equal_the_reference_walker_on_an_empty_board() {
    for path in swept_variant_files() {
        let rules = load(&path);
        let what = path.display().to_string();
        let mut checked = 0usize;
        let mut skipped = 0usize;
        for kind in rules.kind_ids() {
            if rules.kind(kind).stack {
                // A stack moves as the kinds it holds, which a lone piece of its kind does not
                // say: stacks are compared in the positions of games and perft files.
                continue;
            }
            for frame in rules.frame_ids() {
                for from in rules.board().node_ids() {
                    let mut placed = false;
                    for owner in rules.player_ids() {
                        let piece = Piece { owner, kind, frame };
                        // The reference walks in the frame asked for, even for a kind the engine
                        // treats as frame-independent: so this also checks that such kinds really
                        // move alike in every frame.
                        let occ = |n: NodeId| (n == from).then_some(piece);
                        let alone = reference::destinations_in(
                            &rules,
                            &occ,
                            &[],
                            u32::MAX,
                            Standing::default(),
                            from,
                            piece,
                        );
                        let Some(pos) = lone_piece(&rules, from, piece, &alone) else {
                            continue;
                        };
                        placed = true;
                        let r = reference_destinations(&rules, &alone);
                        compare(&pos, from, &r, &what);
                        // Alone, nothing is captured.
                        assert!(alone.iter().all(|d| !d.capture));
                        checked += 1;
                    }
                    // A square in every player's promotion zone never holds this piece.
                    let promotes_everywhere =
                        rules.kind(kind).promotion().as_ref().is_some_and(|pr| {
                            rules
                                .player_ids()
                                .all(|o| rules.zone(pr.zone, o).contains(from))
                        });
                    if promotes_everywhere {
                        skipped += 1;
                    }
                    assert!(
                        placed || promotes_everywhere,
                        "{what}: no player can have a {} in frame `{}` on {}",
                        rules.kind(kind).name,
                        rules.frame_name(frame),
                        name(&rules, from)
                    );
                }
            }
        }
        let expected =
            rules.kinds().len() * rules.frame_count() * rules.board().node_count() - skipped;
        assert!(
            checked >= expected,
            "{what}: {checked} of {expected} cases checked"
        );
    }
}

/// The engine's and the reference's attack maps agree: for every node and every player, whether
/// that player's pieces attack it.
fn compare_attacks(pos: &Position, what: &str) {
    let rules = pos.rules();
    let players = rules.players().len();
    let mut attacked = vec![vec![false; players]; rules.board().node_count()];
    for from in rules.board().node_ids() {
        if let Some(pc) = pos.piece_at(from) {
            for n in reference::attacks_in(rules, &|x| pos.piece_at(x), from, pc) {
                attacked[n.index()][pc.owner.index()] = true;
            }
        }
    }
    for n in rules.board().node_ids() {
        for (p, &by_p) in attacked[n.index()].iter().enumerate() {
            assert_eq!(
                pos.attacked_by(n, PlayerSet::only(rules.player_id(p).expect("a seat"))),
                by_p,
                "{what}: is {} attacked by {}? tables and reference disagree in {}",
                name(rules, n),
                rules.players()[p].name,
                pos.to_fen()
            );
        }
    }
}

#[test]
fn tables_equal_the_reference_walker_in_random_games() {
    for (i, path) in swept_variant_files().iter().enumerate() {
        let rules = load(path);
        let what = path.display().to_string();
        let seed = 0x5eed_0000 + i as u64;
        let mut positions = playout_positions(&rules, seed, 12, 40);
        // Games that end within a few plies (dobutsu's lion is soon taken) play more games.
        for more in 1..=8u64 {
            if positions.len() >= 200 {
                break;
            }
            positions.extend(playout_positions(&rules, seed + (more << 32), 12, 40));
        }
        assert!(
            positions.len() >= 200,
            "{what}: only {} positions",
            positions.len()
        );
        for pos in &positions {
            for from in rules.board().node_ids() {
                if pos.piece_at(from).is_none() {
                    continue;
                }
                let r = reference_destinations(&rules, &reference::destinations(pos, from));
                compare(pos, from, &r, &what);
            }
            compare_attacks(pos, &what);
            // The reference's own check test says the same as the engine's.
            // With `check_all_royals` (spartan), every royal of the player must be attacked.
            let all = chessgraph::testing::checks_all_royals(&rules);
            for p in rules.player_ids() {
                let royals: Vec<_> = (rules.board().node_ids())
                    .filter(|&n| {
                        pos.piece_at(n)
                            .is_some_and(|x| x.owner == p && rules.kind(x.kind).royal)
                    })
                    .collect();
                let hit = |n: &chessgraph::NodeId| {
                    reference::attacked_by(pos, *n, pos.players_in().without(p))
                };
                let royal_attacked = if all {
                    !royals.is_empty() && royals.iter().all(hit)
                } else {
                    royals.iter().any(hit)
                };
                assert_eq!(
                    pos.royal_attacked(p),
                    royal_attacked,
                    "{what}: {}",
                    pos.to_fen()
                );
            }
        }
    }
}

#[test]
fn the_reference_walker_knows_the_orthodox_pieces() {
    // Hand-checked: the start position of chess, where only pawns and knights can move.
    let rules = load("variants/chess.toml");
    let pos = Position::start(&rules);
    let b = rules.board();
    let dests = |sq: &str| -> Vec<String> {
        reference::destinations(&pos, b.node(sq).expect("square"))
            .iter()
            .map(|d| {
                format!(
                    "{}{}",
                    if d.capture { "x" } else { "" },
                    b.node_name(d.node)
                )
            })
            .collect()
    };
    assert_eq!(dests("e2"), ["e3", "e4"]);
    assert_eq!(dests("b8"), ["a6", "c6"]);
    assert_eq!(dests("d1"), Vec::<String>::new());
    assert_eq!(
        dests("e4"),
        Vec::<String>::new(),
        "an empty square has no moves"
    );
    let black = rules.frame_by_name("black").expect("frame");
    let n = b.direction("n").expect("n");
    let s = b.direction("s").expect("s");
    assert_eq!(reference::frame_image(&rules, black)[n.index()], s);
    assert_eq!(
        reference::frame_id(&rules, &reference::frame_image(&rules, black)),
        Some(black)
    );
}

/// The positions of the perft files (read by their one reader, `perft::parse`) and every position
/// one move later: they hold the castlings, en passant captures and promotions that random games
/// seldom reach.
fn perft_positions() -> Vec<(String, Position)> {
    let mut files: Vec<_> = std::fs::read_dir("tests/perft")
        .expect("tests/perft")
        .map(|e| e.expect("directory entry").path())
        .filter(|f| f.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for f in files {
        for e in super::perft::parse(&f) {
            let rules = load(&e.variant);
            let pos = Position::from_fen(&rules, &e.read.fen).expect("perft position");
            // A finished game (koedem's count of kings) has no move to play.
            let moves = if pos.outcome().is_some() {
                Vec::new()
            } else {
                pos.legal_moves()
            };
            for m in moves {
                let mut child = pos.clone();
                child.play(&m).expect("a legal move plays");
                out.push((f.display().to_string(), child));
            }
            out.push((f.display().to_string(), pos));
        }
    }
    out
}

#[test]
fn tables_equal_the_reference_walker_in_the_perft_positions() {
    let positions = perft_positions();
    assert!(positions.len() > 200, "{} positions", positions.len());
    let mut ep_captures = 0;
    let mut promotions = 0;
    for (what, pos) in &positions {
        let rules = pos.rules();
        for from in rules.board().node_ids() {
            if pos.piece_at(from).is_some() {
                let r = reference_destinations(rules, &reference::destinations(pos, from));
                compare(pos, from, &r, what);
            }
        }
        compare_attacks(pos, what);
        for m in pos.legal_moves() {
            ep_captures += usize::from(matches!(m, Move::EnPassant { .. }));
            promotions += usize::from(m.promotion().is_some());
        }
    }
    // The comparison above met the special moves it is meant to cover.
    assert!(
        ep_captures > 0 && promotions > 0,
        "{ep_captures} en passant, {promotions} promotions"
    );
}

/// Regression: the attack tables ignored a pattern's `from:ZONE` condition, so a piece whose
/// capture only works from a zone was taken to attack from everywhere, and check detection (and so
/// legality) disagreed with the piece's own moves and with the reference walker. Here White's
/// guard on e4, off its home rank, can only step; Black's king on e5 is not in check, and d4 and
/// f4 are open to it. (`Position::attacks_along` now asks the attacker to stand in the zone.)
#[test]
fn a_capture_that_needs_a_zone_does_not_attack_from_elsewhere() {
    let rules = load("tests/fixtures/variants/capture_from_zone.toml");
    let pos = Position::from_fen(&rules, "8/8/8/4k3/4G3/8/8/4K3 b - - 0 1").expect("position");
    let e5 = rules.board().node("e5").expect("e5");
    let e4 = rules.board().node("e4").expect("e4");
    let mut guard = Vec::new();
    pos.piece_moves(e4, &mut guard);
    assert!(
        guard.iter().all(|m| m.mv().to() != e5),
        "the guard cannot take on e5"
    );
    assert!(!reference::attacked_by(
        &pos,
        e5,
        PlayerSet::only(rules.player_id(0).expect("white"))
    ));
    assert!(!pos.is_check(), "black is not in check");
    assert_eq!(
        chessgraph::notation::legal_move_texts(&pos),
        [
            "e5-d4", "e5-d5", "e5-d6", "e5-e4", "e5-e6", "e5-f4", "e5-f5", "e5-f6"
        ]
    );
}

/// Hand-checked: Cambodian chess's king leaps to b2 or f2 (`first-move not-in-check`) only while
/// its square holds the right `D` and it is not in check; the walker reads both from the position
/// itself (`reference::standing`), not from the engine's move generation.
#[test]
fn the_reference_walker_knows_first_move_and_not_in_check() {
    let rules = load("variants/cambodian.toml");
    let b = rules.board();
    let d1 = b.node("d1").expect("d1");
    let dests = |fen: &str| -> Vec<String> {
        let pos = Position::from_fen(&rules, fen).expect("position");
        let mut names: Vec<String> = reference::destinations(&pos, d1)
            .iter()
            .map(|d| b.node_name(d.node).to_string())
            .collect();
        names.sort();
        names
    };
    // The rook on h2 guards the second rank, not the king.
    assert_eq!(
        dests("4k3/8/8/8/8/8/7r/3K4 w D - 0 1"),
        ["b2", "c1", "c2", "d2", "e1", "e2", "f2"]
    );
    assert_eq!(
        dests("4k3/8/8/8/8/8/7r/3K4 w - - 0 1"),
        ["c1", "c2", "d2", "e1", "e2"]
    );
    // In check from the rook on h1: the right is held but the leap is not open.
    let in_check = "4k3/8/8/8/8/8/8/3K3r w D - 0 1";
    let pos = Position::from_fen(&rules, in_check).expect("position");
    assert_eq!(
        reference::standing(&pos, d1),
        Standing {
            first_move: true,
            in_check: true
        }
    );
    assert_eq!(dests(in_check), ["c1", "c2", "d2", "e1", "e2"]);
}
