//! Colour-flip symmetry: in a two-player variant on a grid whose start is its own mirror image,
//! the rules treat both sides alike, so a position and its mirror (colours swapped, ranks flipped;
//! files too where the start is symmetric only under the half turn, as in makruk) have the same
//! perft (chigorin, knights against bishops, has no such start). Checked at depths 1-3 on random positions of every such shipped variant and on the
//! positions of its perft file.

use std::path::Path;
use std::sync::Arc;

use chessgraph::NodeId;
use chessgraph::perft::perft;
use chessgraph::{EpEntry, Setup, SetupPiece};
use chessgraph::{PlayerId, Rules};
use chessgraph::{Position, TEXT_WAIVERS};

use crate::helpers::{Rng, playout};
use chessgraph::testing::PlayerInternals;

/// A perft depth is skipped when the count one depth shallower is above this (debug builds).
const SHALLOWER_LIMIT: u64 = 20_000;

/// The shipped variants that must be found symmetric (a variant that stops being so is noticed).
const EXPECTED: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chess_10x10",
    "chessgi",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "cylindrical_chess",
    "cylindrical_chess_no_castling",
    "cylindrical_chess_wrong_rook",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fairy_pieces",
    "fischerandom",
    "flipello",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "moebius_chess",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "suicide",
    "tencubed",
    "threekings",
    "torishogi",
    "toroidal_chess",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

/// A mirror of the board: ranks flipped, and files too for a half turn.
struct Mirror {
    rules: Arc<Rules>,
    half_turn: bool,
}

impl Mirror {
    fn node(&self, n: NodeId) -> NodeId {
        let b = self.rules.board();
        let grid = b.grid().expect("a grid board");
        let name = b.node_name(n);
        let split = name
            .find(|c: char| c.is_ascii_digit())
            .expect("file + rank");
        let (file, rank) = name.split_at(split);
        let rank: u16 = rank.parse().expect("a rank number");
        let files = &grid.files;
        let fi = files.iter().position(|f| f == file).expect("a file");
        let file = if self.half_turn {
            &files[files.len() - 1 - fi]
        } else {
            &files[fi]
        };
        let mirrored = format!("{file}{}", grid.ranks + 1 - rank);
        b.node(&mirrored).unwrap_or_else(|| {
            panic!(
                "{}: {name} mirrors to {mirrored}, not a node",
                self.rules.name()
            )
        })
    }

    fn player(&self, p: PlayerId) -> PlayerId {
        let ids: Vec<PlayerId> = self.rules.player_ids().collect();
        if p == ids[0] { ids[1] } else { ids[0] }
    }

    /// The mirrored setup of a position (`None` if a castling right has no mirror image).
    fn setup(&self, pos: &Position) -> Option<Setup> {
        let rules = &self.rules;
        let text = Position::read_setup(rules, &pos.to_fen()).expect("its own text reads");
        let mut out = Setup::new(self.player(text.to_move));
        for (&n, pc) in &text.pieces {
            let mut piece = SetupPiece::new(self.player(pc.owner), pc.kind);
            // A piece in the other side's frame (a pawn turned over by a twisted seam) keeps
            // walking against its side: its mirror is in its new owner's opponent's frame.
            let frame = |p: PlayerId| rules.player(p).frame();
            if let Some(f) = pos.piece_at(n).map(|p| p.frame)
                && f != frame(pc.owner)
                && f == frame(self.player(pc.owner))
            {
                piece = piece.in_frame(frame(pc.owner));
            }
            piece.demotes = pc.demotes;
            out.place(self.node(n), piece);
        }
        for (&(p, k), &count) in &text.hands {
            out.hands.insert((self.player(p), k), count);
        }
        for (&p, &count) in &text.checks {
            out.checks.insert(self.player(p), count);
        }
        // Players out (a king blown up in atomic chess).
        for p in self.rules.player_ids().filter(|&p| text.out.contains(p)) {
            out.out.insert(self.player(p));
        }
        let (bits, castlings) = chessgraph::testing::castling_bits(rules);
        let square_rights = chessgraph::testing::square_rights(rules);
        for i in text.castling.iter().filter(|&i| i >= castlings) {
            // A first-move or gating right: the right of the mirrored piece on the mirrored square.
            let &(p, n) = &square_rights[i - castlings];
            let mirrored = (self.player(p), self.node(n));
            out.castling
                .insert(castlings + square_rights.iter().position(|&f| f == mirrored)?);
        }
        for i in text.castling.iter().filter(|&i| i < castlings) {
            // A right's mirror: the right of the mirror of an entry that needs it.
            let e = bits.iter().position(|&b| b == i)?;
            let c = &rules.castling()[e];
            let j = rules.castling().iter().position(|d| {
                d.player == self.player(c.player)
                    && d.king_from == self.node(c.king_from)
                    && d.king_to == self.node(c.king_to)
                    && d.rook_from == self.node(c.rook_from)
            });
            out.castling.insert(bits[j?]);
        }
        out.en_passant = text
            .en_passant
            .iter()
            .map(|e| EpEntry {
                owner: self.player(e.owner),
                square: self.node(e.square),
                pawn: self.node(e.pawn),
            })
            .collect();
        out.halfmove = text.halfmove;
        out.fullmove = text.fullmove;
        Some(out)
    }

    fn position(&self, pos: &Position) -> Position {
        let setup = self.setup(pos).expect("every castling right has a mirror");
        Position::from_setup(&self.rules, setup, TEXT_WAIVERS)
            .unwrap_or_else(|e| panic!("the mirror of {} does not load: {e:?}", pos.to_fen()))
    }
}

/// The mirror under which the variant's start is its own image, if any.
fn symmetric_mirror(rules: &Arc<Rules>) -> Option<Mirror> {
    // A hexagon's files have other lengths: flipping its ranks is not a mirror.
    let hex = rules.board().layout() == chessgraph::Layout::Hex;
    if rules.players().len() != 2 || rules.board().grid().is_none() || hex {
        return None;
    }
    let start = Position::start(rules);
    [false, true].into_iter().find_map(|half_turn| {
        let m = Mirror {
            rules: rules.clone(),
            half_turn,
        };
        let image = Position::from_setup(rules, m.setup(&start)?, TEXT_WAIVERS).ok()?;
        // The mirror of the start is the start with the other side to move.
        let fields = |p: &Position| {
            let text = p.to_fen();
            let mut f: Vec<String> = text.split_whitespace().map(String::from).collect();
            f.remove(1);
            f
        };
        (fields(&image) == fields(&start)).then_some(m)
    })
}

/// Positions of a seeded random game, every few plies.
fn random_positions(rules: &Arc<Rules>, seed: u64) -> Vec<Position> {
    let mut out = Vec::new();
    let mut ply = 0;
    // Besides every 12th position, those with few moves (checks, near ends) and the game's end.
    playout(
        Position::start(rules),
        &mut Rng::new(seed),
        60,
        |pos, moves, _| {
            if (ply > 0 && ply % 12 == 0) || moves.len() < 3 {
                out.push(pos.clone());
            }
            ply += 1;
        },
    );
    out
}

/// The positions of the perft files' entries for this variant file (read by the perft files'
/// one reader, `perft::parse`).
fn perft_file_positions(rules: &Arc<Rules>, variant: &Path) -> Vec<Position> {
    let mut out = Vec::new();
    for f in std::fs::read_dir("tests/perft").expect("tests/perft") {
        let f = f.expect("entry").path();
        if f.extension().is_none_or(|x| x != "perft") {
            continue; // chess.epd: the EPD suite
        }
        for e in super::perft::parse(&f) {
            if e.variant == variant {
                out.push(Position::from_fen(rules, &e.read.fen).expect("a perft position"));
            }
        }
    }
    out
}

fn assert_same_perft(m: &Mirror, pos: &Position, at: &str) {
    // The position as its text gives it, as the mirror is made: state the text does not hold
    // (janggi's passes in a row, as Fairy-Stockfish's FEN does not either) starts afresh in both.
    let mut a = Position::from_fen(pos.rules(), &pos.to_fen()).expect("its own text reads");
    let mut b = m.position(pos);
    let mut shallower = 1;
    for depth in 1..=3 {
        if shallower > SHALLOWER_LIMIT {
            break;
        }
        let n = perft(&mut a, depth);
        assert_eq!(
            n,
            perft(&mut b, depth),
            "{at}: perft {depth} of {} and of its mirror {}",
            pos.to_fen(),
            b.to_fen()
        );
        shallower = n;
    }
}

#[test]
fn mirrored_positions_have_the_same_perft() {
    let mut found = Vec::new();
    for path in crate::helpers::variant_files() {
        let rules = crate::helpers::load(&path);
        let Some(m) = symmetric_mirror(&rules) else {
            continue;
        };
        let name = path.file_stem().expect("a name").to_string_lossy();
        let mut positions = perft_file_positions(&rules, &path);
        positions.extend((1..=3).flat_map(|seed| random_positions(&rules, seed)));
        assert!(
            positions.len() >= 5,
            "{name}: only {} positions",
            positions.len()
        );
        for pos in &positions {
            assert_same_perft(&m, pos, &name);
        }
        found.push(name.to_string());
    }
    assert_eq!(found, EXPECTED, "the variants with a symmetric start");
}

#[test]
fn the_mirror_of_a_position_is_the_colour_flipped_text() {
    let rules = crate::helpers::load("variants/chess.toml");
    let m = symmetric_mirror(&rules).expect("chess is symmetric");
    assert!(!m.half_turn);
    let mirror = |text: &str| {
        let pos = Position::from_fen(&rules, text).expect("a chess position");
        m.position(&pos).to_fen()
    };
    // Kiwipete with two castling rights: K becomes k, q becomes Q.
    assert_eq!(
        mirror("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w Kq - 0 1"),
        "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b Qk - 0 1"
    );
    // The en passant square flips with the ranks.
    assert_eq!(
        mirror("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
        "rnbqkbnr/pppp1ppp/8/8/3PpP2/8/PPP1P1PP/RNBQKBNR b KQkq f3 0 3"
    );
    let makruk = crate::helpers::load("variants/makruk.toml");
    assert!(symmetric_mirror(&makruk).expect("a half turn").half_turn);
}
