//! The built-in Fairy-Stockfish variants a section may name as its parent, each written as the ini
//! keys that make it from the importer's defaults (Fairy-Stockfish's `chess`). Every one is
//! checked against the shipped variant file of the same game (`tests/library/import.rs`): an
//! imported `[x:NAME]` and `variants/FILE.toml` have the same perft.

/// A built-in parent: its Fairy-Stockfish name, the shipped variant it equals, and its keys.
pub struct Builtin {
    /// The name a section header gives after `:`.
    pub name: &'static str,
    /// The shipped variant file (under `variants/`) that plays the same game (read by the
    /// tests, through the `testing` feature).
    #[cfg_attr(not(feature = "testing"), allow(dead_code))]
    pub shipped: &'static str,
    /// The keys, in the ini syntax, that make it from the defaults (chess).
    pub(crate) ini: &'static str,
}

/// Every supported built-in parent.
pub const BUILTINS: &[Builtin] = &[
    Builtin {
        name: "chess",
        shipped: "chess.toml",
        ini: "startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n",
    },
    Builtin {
        name: "nocastle",
        shipped: "nocastle.toml",
        ini: "castling = false\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n",
    },
    Builtin {
        name: "capablanca",
        shipped: "capablanca.toml",
        ini: "maxFile = j\narchbishop = a\nchancellor = c\n\
              startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
              promotionPieceTypes = qrbnac\ncastlingKingsideFile = i\ncastlingQueensideFile = c\n",
    },
    Builtin {
        name: "gothic",
        shipped: "gothic.toml",
        ini: "maxFile = j\narchbishop = a\nchancellor = c\n\
              startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1\n\
              promotionPieceTypes = qrbnac\ncastlingKingsideFile = i\ncastlingQueensideFile = c\n",
    },
    Builtin {
        name: "almost",
        shipped: "almost.toml",
        ini: "queen = -\nchancellor = c\n\
              startFen = rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBCKBNR w KQkq - 0 1\n\
              promotionPieceTypes = crbn\n",
    },
    Builtin {
        name: "amazon",
        shipped: "amazon.toml",
        ini: "queen = -\namazon = a\n\
              startFen = rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1\n\
              promotionPieceTypes = arbn\n",
    },
    Builtin {
        name: "crazyhouse",
        shipped: "crazyhouse.toml",
        ini: "pieceDrops = true\ncapturesToHand = true\n\
              startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\n",
    },
    Builtin {
        name: "3check",
        shipped: "3check.toml",
        ini: "checkCounting = true\n\
              startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1\n",
    },
    Builtin {
        name: "kingofthehill",
        shipped: "kingofthehill.toml",
        ini: "flagPiece = k\nflagRegionWhite = d4 e4 d5 e5\nflagRegionBlack = d4 e4 d5 e5\n",
    },
    Builtin {
        name: "giveaway",
        shipped: "giveaway.toml",
        ini: "king = -\ncommoner = k\ncastlingKingPiece = k\n\
              promotionPieceTypes = kqrbn\nmustCapture = true\nstalemateValue = win\n\
              extinctionValue = win\nextinctionPieceTypes = *\n",
    },
    Builtin {
        name: "gardner",
        shipped: "gardner.toml",
        ini: "maxRank = 5\nmaxFile = e\nstartFen = rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\n\
              promotionRank = 5\ndoubleStep = false\ncastling = false\n",
    },
    Builtin {
        name: "antichess",
        shipped: "antichess.toml",
        ini: "king = -\ncommoner = k\ncastling = false\n\
              startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n\
              promotionPieceTypes = kqrbn\nmustCapture = true\nstalemateValue = win\n\
              extinctionValue = win\nextinctionPieceTypes = *\n",
    },
    Builtin {
        name: "extinction",
        shipped: "extinction.toml",
        ini: "king = -\ncommoner = k\ncastlingKingPiece = k\npromotionPieceTypes = kqrbn\n\
              extinctionValue = loss\nextinctionPieceTypes = kqrbnp\n",
    },
    Builtin {
        name: "losalamos",
        shipped: "losalamos.toml",
        ini: "maxRank = 6\nmaxFile = f\nbishop = -\n\
              startFen = rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1\n\
              promotionRank = 6\npromotionPieceTypes = qrn\ndoubleStep = false\ncastling = false\n",
    },
    Builtin {
        name: "janus",
        shipped: "janus.toml",
        ini: "maxFile = j\narchbishop = j\n\
              startFen = rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1\n\
              promotionPieceTypes = jqrbn\ncastlingKingsideFile = i\ncastlingQueensideFile = b\n",
    },
    Builtin {
        name: "racingkings",
        shipped: "racingkings.toml",
        ini: "startFen = 8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1\ncastling = false\n\
              checking = false\nflagPiece = k\nflagRegionWhite = *8\nflagRegionBlack = *8\n\
              flagMove = true\n",
    },
    Builtin {
        name: "breakthrough",
        shipped: "breakthrough.toml",
        ini: "pawn = -\nknight = -\nbishop = -\nrook = -\nqueen = -\nking = -\nbreakthrough = p\n\
              startFen = pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP w - - 0 1\n\
              promotionPieceTypes = -\ncastling = false\nstalemateValue = loss\n\
              flagPiece = p\nflagRegionWhite = *8\nflagRegionBlack = *1\n",
    },
    Builtin {
        name: "atomic",
        shipped: "atomic.toml",
        ini: "blastOnCapture = true\n",
    },
    Builtin {
        name: "nocheckatomic",
        shipped: "nocheckatomic.toml",
        ini: "king = -\ncommoner = k\ncastlingKingPiece = k\nblastOnCapture = true\n\
              extinctionValue = loss\nextinctionPieceTypes = k\n",
    },
];

/// The built-in parent called `name`.
pub(crate) fn builtin(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// The names of the supported built-in parents, for help lines: `chess`, `capablanca`, ...
pub(crate) fn names() -> String {
    BUILTINS
        .iter()
        .map(|b| format!("`{}`", b.name))
        .collect::<Vec<_>>()
        .join(", ")
}
