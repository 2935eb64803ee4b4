//! `chessgraph import fsf`: a Fairy-Stockfish variants file (`variants.ini` format) read into
//! chessgraph board and variant files.
//!
//! `ini.rs` reads the file keeping where every key and value is; `props.rs` resolves
//! `[name:parent]` inheritance (an earlier section, or a built-in of `builtins.rs`); `model.rs`
//! (grid, pieces, start), `rules.rs` (pawn, drops), `castling.rs` and `ending.rs` read the keys
//! into a `model::Model` in chessgraph's terms; `board.rs` and `write.rs` write the commented
//! files. A key the importer cannot express is a located error (`import::unsupported-key`),
//! never dropped: see the README, "Importing Fairy-Stockfish variants".

mod blast;
mod board;
pub(crate) mod builtins;
mod castling;
mod ending;
mod error;
mod ini;
mod model;
mod props;
mod region;
mod rules;
mod shipped;
#[cfg(feature = "testing")]
pub(crate) use shipped::parents as shipped_parents;
mod write;

use std::collections::BTreeMap;

pub use board::{DIRECTIONS, KNIGHT_DIRECTIONS};
pub use error::ImportError;
pub(crate) use error::{Problem, ProblemKind};

use crate::diagnostic::{Diagnostic, FileReport, SourceFile, did_you_mean};
use model::{Cx, Model};
use props::{Origin, Props};

/// Keys that only change how Fairy-Stockfish shows, sizes or plays things (its engine's piece
/// values), not the rules: read and
/// named in the written file's comments.
const DISPLAY_KEYS: &[&str] = &[
    "pieceToCharTable",
    "variantTemplate",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// One imported variant: its two files' names and texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The section's name.
    pub name: String,
    /// The board file's name (`NAME.board.toml`), which the variant file names.
    pub board_file: String,
    /// The board file's text.
    pub board_text: String,
    /// The variant file's name (`NAME.toml`).
    pub variant_file: String,
    /// The variant file's text.
    pub variant_text: String,
    /// The shipped variant file (an absolute path) that the variant file `extends`, when the
    /// section's parent is a built-in that chessgraph ships (`xiangqi`, `shogi`, ...): the
    /// variant text names it as written here, and `import fsf -o DIR` rewrites it relative
    /// to DIR.
    pub extends: Option<std::path::PathBuf>,
}

/// Imports the sections of `source` (every one, or only `variant` and the sections it inherits
/// from): each section is imported or refused on its own. Returns the imported sections and,
/// when any section (or a line outside them) was refused, every problem found, located.
pub fn import_fsf(
    source: &SourceFile,
    variant: Option<&str>,
) -> (Vec<Imported>, Option<ImportError>) {
    let text = source.text();
    let (sections, problems) = ini::parse(text);
    let (resolved, resolve_problems) = props::resolve(text, &sections);
    // The section each line belongs to: its header up to the next header.
    let owner = |at: usize| sections.iter().rposition(|s| s.header.start <= at);
    let mut diags: Vec<Diagnostic> = Vec::new();
    let mut refused = vec![false; sections.len()];
    let chosen: Vec<usize> = match variant {
        Some(v) => match sections.iter().position(|s| s.name.text == v) {
            Some(i) => vec![i],
            None => {
                diags.push(no_such_variant(v, &sections));
                Vec::new()
            }
        },
        None => (0..sections.len()).collect(),
    };
    let needed = ancestors(&sections, &chosen);
    for p in problems.into_iter().chain(resolve_problems) {
        let o = owner(p.span.start);
        if let Some(i) = o {
            refused[i] = true;
        }
        if variant.is_none() || o.is_some_and(|i| needed.contains(&i)) {
            diags.push(p.into());
        }
    }
    if sections.is_empty() && variant.is_none() && diags.is_empty() {
        diags.push(
            Problem::new(
                ProblemKind::Syntax,
                0..0,
                "the file has no section",
                "a variant is a `[name:parent]` header followed by `key = value` lines",
            )
            .into(),
        );
    }
    let name = source
        .path()
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    let mut out: Vec<Imported> = Vec::new();
    for i in chosen {
        let Some(props) = resolved[i].as_ref().filter(|_| !refused[i]) else {
            continue;
        };
        let imported = match props.shipped {
            Some(_) => shipped::import(props, &name),
            None => interpret(props).map(|m| files(&m, &name)),
        };
        match imported {
            Ok(mut imp) => match verify(&mut imp, props).or_else(|| same_file(&imp, &out, props)) {
                None => out.push(imp),
                Some(d) => diags.push(d),
            },
            Err(d) => {
                // A child whose problems are all in its parents' lines says so at its header.
                if d.iter().all(|d| d.span.start < props.header.start) {
                    diags.push(refused_with_parent(props));
                }
                diags.extend(d);
            }
        }
    }
    // A child reads its parent's keys: a problem there is found for both, and shown once.
    let mut seen = std::collections::BTreeSet::new();
    diags.retain(|d| seen.insert((d.span.start, d.span.end, d.message.clone())));
    let error = (!diags.is_empty()).then(|| ImportError(FileReport::new(source.clone(), diags)));
    (out, error)
}

/// A section refused for its parents' keys, which it inherits.
fn refused_with_parent(props: &Props) -> Diagnostic {
    Problem::new(
        ProblemKind::BadValue,
        props.header.clone(),
        format!(
            "`[{}]` is not imported: it inherits the problems of `{}`, reported at their lines",
            props.name,
            props.lineage.first().map_or("its parent", String::as_str)
        ),
        "fix the parent, or give the keys other values in this section",
    )
    .into()
}

/// `chosen` and the earlier sections they inherit from.
fn ancestors(sections: &[ini::Section], chosen: &[usize]) -> std::collections::BTreeSet<usize> {
    let mut out = std::collections::BTreeSet::new();
    for &c in chosen {
        let mut at = Some(c);
        while let Some(i) = at.filter(|i| out.insert(*i)) {
            at = sections[i]
                .parent
                .as_ref()
                .and_then(|p| sections[..i].iter().position(|s| s.name.text == p.text));
        }
    }
    out
}

/// Two sections whose names make the same file name (`a b` and `a_b`): the later is refused.
fn same_file(imp: &Imported, out: &[Imported], props: &Props) -> Option<Diagnostic> {
    let first = out.iter().find(|o| o.variant_file == imp.variant_file)?;
    Some(
        Problem::new(
            ProblemKind::Duplicate,
            props.header.clone(),
            format!(
                "`[{}]` would be written as `{}`, as `[{}]` is",
                imp.name, imp.variant_file, first.name
            ),
            "rename one of the sections: a file name keeps letters, digits, `-` and `_` and makes the rest `_`",
        )
        .into(),
    )
}

/// `--variant NAME` that names no section.
fn no_such_variant(v: &str, sections: &[ini::Section]) -> Diagnostic {
    let names: Vec<&str> = sections.iter().map(|s| s.name.text.as_str()).collect();
    let mut help = format!("the file's sections: {}", names.join(", "));
    if let Some(c) = did_you_mean(v, names.iter().copied()) {
        help = format!("did you mean `{c}`? {help}");
    }
    Problem::new(
        ProblemKind::NoSuchVariant,
        0..0,
        format!("no section `[{v}]` or `[{v}:...]` in the file"),
        help,
    )
    .into()
}

/// Loads the written files (in a temporary folder): a combination of keys the importer did not
/// catch itself, which the files would not survive, is reported at the section's header with
/// the loader's first error, and nothing is written. What the lints would warn of but
/// Fairy-Stockfish plays on purpose (a start in contact, `immobile` pieces) gets its
/// `[lints] allow`.
fn verify(i: &mut Imported, props: &Props) -> Option<Diagnostic> {
    let failed = |why: String| {
        // A start position the loader refuses is shown at `startFen` when the file gives it.
        let at = match props.get("startFen") {
            Some(p) if why.contains("start position") && matches!(p.origin, Origin::Line(_)) => {
                p.span.clone()
            }
            _ => props.header.clone(),
        };
        Some(
            Problem::new(
                ProblemKind::BadValue,
                at,
                format!("`[{}]` makes files that do not load: {why}", props.name),
                "the keys combine into rules chessgraph refuses; change the section (the message names the written file's problem)",
            )
            .into(),
        )
    };
    let dir = match tempfile::tempdir() {
        Ok(d) => d,
        Err(e) => return failed(format!("no temporary folder to try them in ({e})")),
    };
    let variant = dir.path().join(&i.variant_file);
    for (path, text) in [
        (dir.path().join(&i.board_file), &i.board_text),
        (variant.clone(), &i.variant_text),
    ] {
        if let Err(e) = std::fs::write(&path, text) {
            return failed(format!("cannot write a temporary copy ({e})"));
        }
    }
    let (rules, reports) = crate::rules::Rules::check_file(&variant);
    if let Some(rules) = rules {
        let rules = std::sync::Arc::new(rules);
        // What Fairy-Stockfish plays on purpose, which the lints would warn of.
        let mut meant = Vec::new();
        if crate::lint::start_has_captures(&rules) {
            meant.push(("start-captures", "pieces can take from the first move"));
        }
        if rules.kinds().iter().any(|k| k.patterns.is_empty()) {
            meant.push(("immobile-piece", "its `immobile` pieces never move"));
        }
        if !meant.is_empty() {
            let (names, why): (Vec<_>, Vec<_>) = meant.into_iter().unzip();
            let names: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
            i.variant_text.push_str(&format!(
                "\n[lints]\n# As Fairy-Stockfish plays it: {}.\nallow = [{}]\n",
                why.join("; "),
                names.join(", ")
            ));
        }
        return None;
    }
    // A start position that does not read makes castling and other checks fail after it:
    // its own error says what to fix.
    let errors: Vec<&Diagnostic> = reports
        .iter()
        .flat_map(|r| &r.diagnostics)
        .filter(|d| d.severity() == crate::diagnostic::Severity::Error)
        .collect();
    let first = errors
        .iter()
        .find(|d| d.code == crate::diagnostic::Code::BadStart)
        .or(errors.first());
    failed(first.map_or_else(
        || "no reason given".to_string(),
        |d| format!("{} ({})", d.message, d.code),
    ))
}

/// A file name made of the section's name: letters, digits, `_` and `-`, the rest `_`.
pub(crate) fn file_stem(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The two files of a model.
fn files(m: &Model, ini_name: &str) -> Imported {
    let stem = file_stem(&m.name);
    let board_file = format!("{stem}.board.toml");
    Imported {
        name: m.name.clone(),
        board_text: board::board_text(m, &board_file),
        variant_text: write::variant_text(m, ini_name, &board_file),
        variant_file: format!("{stem}.toml"),
        board_file,
        extends: None,
    }
}

/// Reads a section's keys into a model, or its problems.
pub(crate) fn interpret(props: &Props) -> Result<Model, Vec<Diagnostic>> {
    let mut cx = Cx::new(props);
    // Each step builds on the ones before: after a bad grid or piece, the checks of the start
    // and the promotion would only repeat it in other words (`cx.shaky`).
    let grid = model::grid(&mut cx);
    let grid_problems = cx.problems.len();
    let pieces = model::pieces(&mut cx);
    // A piece type the importer does not map explains the start position's unknown letters.
    let (_, types) = FSF_KEYS_WITHOUT_RULE[0];
    if types.iter().any(|k| cx.props.get(k).is_some()) {
        let saved = cx.read.clone();
        cx.read.extend(
            cx.props
                .keys
                .keys()
                .filter(|k| !types.contains(&k.as_str()))
                .cloned(),
        );
        unsupported(&mut cx);
        cx.read = saved;
        cx.read.extend(types.iter().map(|k| k.to_string()));
    }
    let piece_problems = cx.problems.len();
    cx.shaky = piece_problems > 0;
    let (start, placed) = model::start(&mut cx, grid, &pieces);
    cx.shaky = piece_problems > grid_problems;
    let mut m = Model {
        name: props.name.clone(),
        lineage: props.lineage.clone(),
        line: props.line,
        grid,
        pieces,
        start,
        start_source: cx.source("startFen"),
        zones: Vec::new(),
        player_zones: [BTreeMap::new(), BTreeMap::new()],
        pawn: None,
        castling: Vec::new(),
        castling_sources: Vec::new(),
        hands: None,
        drop_loop: false,
        blast: None,
        ending: Default::default(),
        notes: std::mem::take(&mut cx.notes),
    };
    rules::pawn(&mut cx, &mut m);
    rules::drops(&mut cx, &mut m);
    castling::castling(&mut cx, &mut m, &placed);
    ending::ending(&mut cx, &mut m);
    blast::blast(&mut cx, &mut m);
    for key in DISPLAY_KEYS {
        if let Some(p) = cx.get(key) {
            m.notes.push(format!(
                "`{key}` ({}) only changes how Fairy-Stockfish shows or plays the game, not its rules: not needed here.",
                p.origin
            ));
        }
    }
    m.notes.append(&mut cx.notes);
    fix_start(&mut m);
    unsupported(&mut cx);
    if cx.problems.is_empty() {
        Ok(m)
    } else {
        Err(cx.problems)
    }
}

/// The start position as chessgraph reads it: castling rights only for the castlings that
/// exist, a hand group when the variant has hands.
fn fix_start(m: &mut Model) {
    let mut fields: Vec<String> = m.start.split_whitespace().map(String::from).collect();
    if fields.is_empty() {
        return;
    }
    if m.hands.is_some() && !fields[0].contains('[') {
        fields[0].push_str("[]");
    }
    if let Some(rights) = fields.get_mut(2) {
        let kept: String = rights
            .chars()
            .filter(|c| m.castling.iter().any(|k| k.right == *c))
            .collect();
        let kept = if kept.is_empty() {
            "-".to_string()
        } else {
            kept
        };
        if kept != *rights && rights != "-" {
            m.notes.push(format!("The start position's castling rights `{rights}` become `{kept}`: only those castlings exist here."));
        }
        *rights = kept;
    }
    m.start = fields.join(" ");
}

/// Every key of the file that nothing read: a located error.
fn unsupported(cx: &mut Cx<'_>) {
    let known = known_keys();
    for (key, p) in &cx.props.keys {
        if cx.read.contains(key) || !matches!(p.origin, Origin::Line(_)) {
            continue;
        }
        let capability = FSF_KEYS_WITHOUT_RULE
            .iter()
            .find(|(_, keys)| keys.iter().any(|k| names_key(k, key)));
        let (message, help) = if let Some((capability, _)) = capability {
            (
                format!("Fairy-Stockfish's `{key}` cannot be imported: the importer has no rule for {capability}"),
                "remove the line, or write the variant by hand: the README's \"Importing Fairy-Stockfish variants\" lists what is supported".to_string(),
            )
        } else {
            let mut help = "check the spelling (keys are case-sensitive); the README's \"Importing Fairy-Stockfish variants\" lists the keys the importer reads".to_string();
            if let Some(c) = did_you_mean(key, known.iter().map(String::as_str)) {
                help = format!("did you mean `{c}`? {help}");
            }
            (
                format!("`{key}` is not a Fairy-Stockfish key the importer knows"),
                help,
            )
        };
        cx.problems.push(
            Problem::new(
                ProblemKind::UnsupportedKey,
                p.key_span.clone(),
                message,
                help,
            )
            .into(),
        );
    }
}

/// Whether a key of `FSF_KEYS_WITHOUT_RULE` names `key`: itself, or (`name*`) every key that
/// starts with `name` (Fairy-Stockfish's keys made of a name, a colour and a piece type).
fn names_key(listed: &str, key: &str) -> bool {
    listed
        .strip_suffix('*')
        .map_or(listed == key, |stem| key.starts_with(stem))
}

/// Every key the importer reads.
pub(crate) fn known_keys() -> Vec<String> {
    let mut keys: Vec<String> = (SUPPORTED_KEYS.iter())
        .chain(&rules::PAWN_KEYS)
        .chain(&castling::CASTLING_KEYS)
        .map(|k| k.to_string())
        .collect();
    keys.extend(model::PIECE_TYPES.iter().map(|p| p.0.to_string()));
    keys.extend((1..=model::MAX_CUSTOM).map(|i| format!("customPiece{i}")));
    keys.extend(DISPLAY_KEYS.iter().map(|k| k.to_string()));
    keys
}

/// The rule keys the importer reads besides the pawn's (`rules::PAWN_KEYS`), castling's
/// (`castling::CASTLING_KEYS`), piece letters and custom pieces.
pub(crate) const SUPPORTED_KEYS: &[&str] = &[
    "maxRank",
    "maxFile",
    "startFen",
    "mandatoryPawnPromotion",
    "pieceDrops",
    "capturesToHand",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropLoop",
    "checkmateValue",
    "stalemateValue",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "flagPiece",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagRegion",
    "flagMove",
    "checkCounting",
    "mustCapture",
    "checking",
    "nMoveRule",
    "nFoldRule",
    "blastOnCapture",
    "blastImmuneTypes",
];

/// Fairy-Stockfish keys with no chessgraph rule (so far), grouped by the capability they need:
/// refused with that reason. Other unknown keys are refused as unknown, with a did-you-mean.
pub(crate) const FSF_KEYS_WITHOUT_RULE: &[(&str, &[&str])] = &[
    (
        "piece types chessgraph's importer does not map (its own move generation: shogi's knight, xiangqi's and janggi's pieces)",
        &["shogiKnight", "cannon", "soldier", "janggiCannon", "banner"],
    ),
    (
        "drop restrictions (which pieces, where, whether they may check or mate, doubling)",
        &[
            "dropChecks",
            "mustDrop",
            "mustDropType",
            "dropPromoted",
            "dropNoDoubled",
            "dropNoDoubledCount",
            "dropOnTop",
            "dropRegionWhite",
            "dropRegionBlack",
            "dropOppositeColoredBishop",
            "sittuyinRookDrop",
            "pieceDropTypes",
            "capturesToHandTypes",
            "shogiPawnDropMateIllegal",
            "enclosingDrop",
            "enclosingDropStart",
            "flipEnclosedPieces",
            "castlingDroppedPiece",
        ],
    ),
    (
        "gating (a piece from the hand entering as another leaves its square)",
        &["gating", "seirawanGating"],
    ),
    (
        "walls and pieces that block squares (duck, arrow, petrification)",
        &[
            "wallingRule",
            "wallingRegionWhite",
            "wallingRegionBlack",
            "wallOrMove",
            "petrifyOnCapture",
            "petrifyOnCaptureTypes",
            "petrifyBlastPieces",
        ],
    ),
    ("explosions on capture (atomic)", &["mutuallyImmuneTypes"]),
    (
        "promotion of other pieces than the pawn (promoted types, per-colour choices, limits, demotion)",
        &[
            "promotedPieceType",
            "piecePromotionOnCapture",
            "pieceDemotion",
            "promotionPawnTypes",
            "promotionPawnTypesWhite",
            "promotionPawnTypesBlack",
            "promotionPieceTypesWhite",
            "promotionPieceTypesBlack",
            "promotionLimit",
            "mandatoryPiecePromotion",
            "sittuyinPromotion",
            "soldierPromotionRank",
            "pawnTypes",
        ],
    ),
    (
        "pawn moves beyond the double step and en passant (triple steps, en passant for other types or regions)",
        &[
            "tripleStepRegionWhite",
            "tripleStepRegionBlack",
            "enPassantRegion",
            "enPassantTypes",
            "enPassantTypesWhite",
            "enPassantTypesBlack",
            "cambodianMoves",
            "diagonalLines",
        ],
    ),
    (
        "castling variants (other rook files and pieces, the king's file, winning by castling, 960 placement)",
        &[
            "castlingKingFile",
            "castlingRookKingsideFile",
            "castlingRookQueensideFile",
            "castlingRookPieces",
            "castlingWins",
            "oppositeCastling",
            "chess960",
            "checkmateValue960",
        ],
    ),
    (
        "counting and adjudication rules (makruk and janggi counting, material, full board)",
        &[
            "materialCounting",
            "countingRule",
            "adjudicateFullBoard",
            "bikjangRule",
            "makpongRule",
            "shatarMateRule",
        ],
    ),
    (
        "extinction variants (claims, pseudo-royal pieces, counting the opponent's pieces)",
        &[
            "extinctionClaim",
            "extinctionPseudoRoyal",
            "extinctionOpponentPieceCount",
            "dupleCheck",
            "stalematePieceCount",
        ],
    ),
    (
        "repetition and move-rule variants (repetition values, illegal repetition and perpetual check, chasing, per-type move rules)",
        &[
            "nFoldValue",
            "nFoldValueAbsolute",
            "nMoveRuleTypes",
            "nMoveRuleTypesWhite",
            "nMoveRuleTypesBlack",
            "perpetualCheckIllegal",
            "moveRepetitionIllegal",
            "chasingRule",
        ],
    ),
    (
        "connect-N wins (a line of pieces wins)",
        &[
            "connectN",
            "connectNxN",
            "connectHorizontal",
            "connectVertical",
            "connectDiagonal",
            "connectRegion1White",
            "connectRegion2White",
            "connectRegion1Black",
            "connectRegion2Black",
            "connectPieceTypes",
            "connectValue",
            "collinearN",
        ],
    ),
    (
        "flag variants (per-colour pieces, counts, a blocked or safe flag piece)",
        &[
            "flagPieceWhite",
            "flagPieceBlack",
            "flagPieceCount",
            "flagPieceBlockedWin",
            "flagPieceSafe",
        ],
    ),
    (
        "passing and immobility rules (a pass move, illegal immobility, the flying general)",
        &[
            "pass",
            "passWhite",
            "passBlack",
            "passOnStalemate",
            "passOnStalemateWhite",
            "passOnStalemateBlack",
            "immobilityIllegal",
            "flyingGeneral",
        ],
    ),
    (
        "mobility regions (squares a piece type may not enter, per colour: `mobilityRegionWhiteKing`, ...)",
        &["mobilityRegion*"],
    ),
    ("two boards (bughouse)", &["twoBoards"]),
];
