//! The built-in Fairy-Stockfish variants whose rules the importer takes from the variant files
//! chessgraph ships (`variants/NAME.toml`) instead of writing them as ini keys: xiangqi, shogi,
//! makruk, janggi, grand, ... (`builtins.rs` holds the few that are keys over chess). A section
//! `[x:NAME]` becomes a variant file that `extends` the shipped file, with the section's keys
//! mapped onto it one by one: the start position, drops (and the pawn's drop zone), and the
//! values the built-in already has (its board size, its hands). A key whose rule the shipped file
//! encodes its own way is refused, named, with the reason.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::board::quote;
use super::error::{Problem, ProblemKind};
use super::ini::Spanned;
use super::model::{Cx, full_fen};
use super::props::{Origin, Props};
use super::write::{comment, editor_note};
use super::{DISPLAY_KEYS, FSF_KEYS_WITHOUT_RULE, Imported, file_stem, known_keys};
use crate::diagnostic::Diagnostic;
use crate::rules::Rules;

/// A built-in of Fairy-Stockfish that chessgraph ships as a variant file.
#[derive(Debug)]
pub(crate) struct ShippedParent {
    /// The name a section header gives after `:` (pyffish's name).
    pub(crate) name: &'static str,
    /// The shipped variant file under `variants/` that plays it (checked against pyffish).
    pub(crate) file: &'static str,
}

/// Every shipped parent: Fairy-Stockfish's built-in name and the shipped file that plays it.
/// (Every name is its file's so far; the table allows others.)
const SHIPPED_PARENTS: &[ShippedParent] = &[
    shipped("5check", "5check.toml"),
    shipped("ai-wok", "ai-wok.toml"),
    shipped("armageddon", "armageddon.toml"),
    shipped("asean", "asean.toml"),
    shipped("atomar", "atomar.toml"),
    shipped("berolina", "berolina.toml"),
    shipped("cambodian", "cambodian.toml"),
    shipped("capahouse", "capahouse.toml"),
    shipped("caparandom", "caparandom.toml"),
    shipped("centaur", "centaur.toml"),
    shipped("chancellor", "chancellor.toml"),
    shipped("chaturanga", "chaturanga.toml"),
    shipped("checkshogi", "checkshogi.toml"),
    shipped("chessgi", "chessgi.toml"),
    shipped("chigorin", "chigorin.toml"),
    shipped("clobber", "clobber.toml"),
    shipped("clobber10", "clobber10.toml"),
    shipped("codrus", "codrus.toml"),
    shipped("coregal", "coregal.toml"),
    shipped("courier", "courier.toml"),
    shipped("dobutsu", "dobutsu.toml"),
    shipped("dragon", "dragon.toml"),
    shipped("duck", "duck.toml"),
    shipped("embassy", "embassy.toml"),
    shipped("euroshogi", "euroshogi.toml"),
    shipped("fairy", "fairy.toml"),
    shipped("fischerandom", "fischerandom.toml"),
    shipped("flipello", "flipello.toml"),
    shipped("georgian", "georgian.toml"),
    shipped("gorogoro", "gorogoro.toml"),
    shipped("grand", "grand.toml"),
    shipped("grasshopper", "grasshopper.toml"),
    shipped("gustav3", "gustav3.toml"),
    shipped("hoppelpoppel", "hoppelpoppel.toml"),
    shipped("horde", "horde.toml"),
    shipped("janggi", "janggi.toml"),
    shipped("janggicasual", "janggicasual.toml"),
    shipped("janggimodern", "janggimodern.toml"),
    shipped("janggitraditional", "janggitraditional.toml"),
    shipped("jesonmor", "jesonmor.toml"),
    shipped("judkins", "judkins.toml"),
    shipped("karouk", "karouk.toml"),
    shipped("kinglet", "kinglet.toml"),
    shipped("knightmate", "knightmate.toml"),
    shipped("koedem", "koedem.toml"),
    shipped("kyotoshogi", "kyotoshogi.toml"),
    shipped("legan", "legan.toml"),
    shipped("loop", "loop.toml"),
    shipped("losers", "losers.toml"),
    shipped("makpong", "makpong.toml"),
    shipped("makruk", "makruk.toml"),
    shipped("manchu", "manchu.toml"),
    shipped("micro", "micro.toml"),
    shipped("mini", "mini.toml"),
    shipped("minishogi", "minishogi.toml"),
    shipped("minixiangqi", "minixiangqi.toml"),
    shipped("misere", "misere.toml"),
    shipped("modern", "modern.toml"),
    shipped("newzealand", "newzealand.toml"),
    shipped("nightrider", "nightrider.toml"),
    shipped("normal", "normal.toml"),
    shipped("okisakishogi", "okisakishogi.toml"),
    shipped("omicron", "omicron.toml"),
    shipped("opulent", "opulent.toml"),
    shipped("paradigm", "paradigm.toml"),
    shipped("pawnback", "pawnback.toml"),
    shipped("pawnsideways", "pawnsideways.toml"),
    shipped("perfect", "perfect.toml"),
    shipped("petrified", "petrified.toml"),
    shipped("placement", "placement.toml"),
    shipped("pocketknight", "pocketknight.toml"),
    shipped("raazuvaa", "raazuvaa.toml"),
    shipped("seirawan", "seirawan.toml"),
    shipped("shako", "shako.toml"),
    shipped("shatar", "shatar.toml"),
    shipped("shatranj", "shatranj.toml"),
    shipped("shogi", "shogi.toml"),
    shipped("shoshogi", "shoshogi.toml"),
    shipped("shouse", "shouse.toml"),
    shipped("sittuyin", "sittuyin.toml"),
    shipped("sortofalmost", "sortofalmost.toml"),
    shipped("spartan", "spartan.toml"),
    shipped("suicide", "suicide.toml"),
    shipped("tencubed", "tencubed.toml"),
    shipped("threekings", "threekings.toml"),
    shipped("torishogi", "torishogi.toml"),
    shipped("torpedo", "torpedo.toml"),
    shipped("troitzky", "troitzky.toml"),
    shipped("wolf", "wolf.toml"),
    shipped("xiangqi", "xiangqi.toml"),
    shipped("yarishogi", "yarishogi.toml"),
];

/// A row of the table.
const fn shipped(name: &'static str, file: &'static str) -> ShippedParent {
    ShippedParent { name, file }
}

/// Fairy-Stockfish's built-ins that chessgraph does not ship (pyffish 0.0.90): no parent yet.
const NOT_SHIPPED: &[&str] = &[
    "amazons",
    "ataxx",
    "bughouse",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "isolation",
    "isolation7x7",
    "joust",
    "snailtrail",
    "supply",
];

/// The shipped parent called `name`.
pub(crate) fn parent(name: &str) -> Option<&'static ShippedParent> {
    SHIPPED_PARENTS.iter().find(|p| p.name == name)
}

/// Every shipped parent (for the tests, through the `testing` feature).
#[cfg_attr(not(feature = "testing"), allow(dead_code))]
pub(crate) fn parents() -> &'static [ShippedParent] {
    SHIPPED_PARENTS
}

/// A parent that is neither an earlier section nor a built-in the importer knows.
pub(crate) fn unknown_parent(parent: &Spanned) -> Problem {
    let message = if NOT_SHIPPED.contains(&parent.text.as_str()) {
        format!(
            "`{}` is a built-in variant of Fairy-Stockfish that chessgraph does not ship (no `variants/{}.toml`): it cannot be a parent yet",
            parent.text, parent.text
        )
    } else {
        format!(
            "`{}` is neither an earlier section of this file nor a built-in variant the importer knows",
            parent.text
        )
    };
    Problem::new(
        ProblemKind::UnknownParent,
        parent.span.clone(),
        message,
        format!(
            "a parent is a section above this one, one of {}, or a Fairy-Stockfish built-in that chessgraph ships as `variants/NAME.toml` (xiangqi, shogi, makruk, janggi, grand, ...)",
            super::builtins::names()
        ),
    )
}

/// The folder of the shipped variants: the checkout this chessgraph was built from.
fn shipped_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("variants")
}

/// The keys that add drops to a shipped file, read together.
const DROP_KEYS: &[&str] = &[
    "pieceDrops",
    "capturesToHand",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
];

/// What the section changes in the shipped file.
struct Changes {
    /// The start position (`startFen`), when given.
    start: Option<String>,
    /// `[hands] captured`, when the section adds drops.
    hands: Option<&'static str>,
    /// The pawn's drop squares per player (node names), when drops are added and some are left out.
    pawn_drops: Option<[Vec<String>; 2]>,
}

/// A section whose chain starts at a shipped parent: a variant file extending the shipped one
/// and a copy of its board, or the section's problems.
pub(crate) fn import(props: &Props, ini_name: &str) -> Result<Imported, Vec<Diagnostic>> {
    let parent = props.shipped.expect("a chain from a shipped parent");
    let path = shipped_dir().join(parent.file);
    let at_header = |why: String| -> Vec<Diagnostic> {
        vec![
            Problem::new(
                ProblemKind::UnknownParent,
                props.header.clone(),
                why,
                "the importer reads the shipped variants of the checkout chessgraph was built from",
            )
            .into(),
        ]
    };
    let Some(rules) = Rules::check_file(&path).0 else {
        return Err(at_header(format!(
            "the built-in parent `{}` is chessgraph's {}, which does not load",
            parent.name,
            path.display()
        )));
    };
    let mut cx = Cx::new(props);
    let changes = changes(&mut cx, &rules, parent);
    super::unsupported(&mut cx);
    if !cx.problems.is_empty() {
        return Err(cx.problems);
    }
    let board_path = rules.files().last().cloned().unwrap_or_default();
    let board = match std::fs::read_to_string(&board_path) {
        Ok(b) => b,
        Err(e) => {
            return Err(at_header(format!(
                "the board of `{}` ({}) cannot be read: {e}",
                parent.name,
                board_path.display()
            )));
        }
    };
    let stem = file_stem(&props.name);
    let board_file = format!("{stem}.board.toml");
    let board_text = board_copy(&board, &board_path, &rules, &changes);
    let variant_text = variant_text(
        props,
        ini_name,
        parent,
        &path,
        &board_file,
        &rules,
        &changes,
        &cx.notes,
    );
    Ok(Imported {
        name: props.name.clone(),
        board_file,
        board_text,
        variant_file: format!("{stem}.toml"),
        variant_text,
        extends: Some(path),
    })
}

/// The values a shipped parent has in Fairy-Stockfish's keys, read from its file: its board's
/// size and its hands. A section may restate them.
fn implied(rules: &Rules) -> BTreeMap<&'static str, String> {
    let mut out = BTreeMap::new();
    if let Some(g) = rules.board().grid() {
        out.insert("maxRank", g.ranks.to_string());
        out.insert(
            "maxFile",
            super::region::file_letter(g.files.len() - 1).to_string(),
        );
    }
    let hands = rules.hands().is_some();
    out.insert("pieceDrops", hands.to_string());
    out.insert(
        "capturesToHand",
        (hands && rules.captures_to_hand()).to_string(),
    );
    out
}

/// Reads the section's keys as changes to the shipped file; a key it cannot map is a problem.
fn changes(cx: &mut Cx<'_>, rules: &Rules, parent: &ShippedParent) -> Changes {
    let implied = implied(rules);
    let known = known_keys();
    let mut start = None;
    let own: Vec<(String, super::props::Prop)> = (cx.props.keys.iter())
        .filter(|(_, p)| matches!(p.origin, Origin::Line(_)))
        .map(|(k, p)| (k.clone(), p.clone()))
        .collect();
    for (key, p) in &own {
        let key = key.as_str();
        if DISPLAY_KEYS.contains(&key) {
            cx.read.insert(key.to_string());
            cx.notes.push(format!("`{key}` ({}) only changes how Fairy-Stockfish shows or plays the game, not its rules: not needed here.", p.origin));
        } else if implied.get(key) == Some(&p.value) {
            cx.read.insert(key.to_string());
            cx.notes.push(format!(
                "`{key} = {}` ({}) is what `{}` has already.",
                p.value, p.origin, parent.name
            ));
        } else if key == "startFen" {
            cx.read.insert(key.to_string());
            start = Some(full_fen(&p.value));
        } else if key == "immobilityIllegal" && p.value == "true" {
            cx.read.insert(key.to_string());
            cx.notes.push(format!("`immobilityIllegal = true` ({}): chessgraph never drops a piece, nor leaves one unpromoted, where it could not move again.", p.origin));
        } else if DROP_KEYS.contains(&key)
            || FSF_KEYS_WITHOUT_RULE
                .iter()
                .any(|(_, ks)| ks.iter().any(|k| super::names_key(k, key)))
        {
            // Drops are read below; keys without a rule are named by `unsupported`.
        } else if known.iter().any(|k| k == key) {
            cx.read.insert(key.to_string());
            let why = why_not(key, &implied);
            cx.problems.push(
                Problem::new(
                    ProblemKind::UnsupportedKey,
                    p.key_span.clone(),
                    format!(
                        "`{key}` cannot be changed on the built-in parent `{}` key by key: {why}",
                        parent.name
                    ),
                    format!(
                        "chessgraph plays `{}` from its shipped `variants/{}`; the importer maps only `startFen`, drops (`pieceDrops`, `capturesToHand`, `firstRankPawnDrops`, `promotionZonePawnDrops`) and the values it already has onto such a file",
                        parent.name, parent.file
                    ),
                )
                .into(),
            );
        }
    }
    let (hands, pawn_drops) = drops(cx, rules, &implied, parent);
    Changes {
        start,
        hands,
        pawn_drops,
    }
}

/// Why a key the importer reads for chess-like parents does not map onto a shipped file.
fn why_not(key: &str, implied: &BTreeMap<&'static str, String>) -> String {
    if key == "maxFile" || key == "maxRank" {
        let (f, r) = (
            implied.get("maxFile").map_or("?", String::as_str),
            implied.get("maxRank").map_or("?", String::as_str),
        );
        format!(
            "the shipped board is files a to {f} by {r} ranks, with its own zones (palace, river, promotion ranks) drawn on it"
        )
    } else if key.starts_with("customPiece") || super::model::PIECE_TYPES.iter().any(|p| p.0 == key)
    {
        "its pieces are the shipped file's, written as path programs and named for the game; a Fairy-Stockfish piece type added or taken away over them is not mapped".into()
    } else if key.starts_with("promotion") || key == "mandatoryPawnPromotion" {
        "the shipped file's promotion is its own (zones, choices and limits per piece)".into()
    } else if key.starts_with("castling") {
        "the shipped file's castling is written as its own entries".into()
    } else if key.starts_with("doubleStep") || key.starts_with("enPassant") {
        "the shipped file's pawn moves are path programs with their own zones".into()
    } else {
        "the shipped file writes this rule its own way (its ends, moves and outcome tables), which the key would have to replace".into()
    }
}

/// Drops added to a shipped file without hands: `[hands]` and the pawn's drop squares (Fairy-
/// Stockfish's `pawn` type is the piece the shipped file names `pawn`).
fn drops(
    cx: &mut Cx<'_>,
    rules: &Rules,
    implied: &BTreeMap<&'static str, String>,
    parent: &ShippedParent,
) -> (Option<&'static str>, Option<[Vec<String>; 2]>) {
    let given: Vec<&str> = DROP_KEYS
        .iter()
        .copied()
        .filter(|k| {
            !cx.read.contains(*k)
                && cx
                    .props
                    .get(k)
                    .is_some_and(|p| matches!(p.origin, Origin::Line(_)))
        })
        .collect();
    if given.is_empty() {
        return (None, None);
    }
    let had = implied["pieceDrops"] == "true";
    let drops = cx.boolean("pieceDrops", had);
    let to_hand = cx.boolean("capturesToHand", had && rules.captures_to_hand());
    let first_rank = cx.boolean("firstRankPawnDrops", false);
    let promotion_zone = cx.boolean("promotionZonePawnDrops", false);
    if had || !drops {
        let key = given[0];
        let span = cx.span_of(key);
        let why = if had {
            "the shipped file has its hands and drop rules already; changing them is not mapped"
        } else {
            "without `pieceDrops = true` there is nothing to drop"
        };
        cx.problems.push(
            Problem::new(
                ProblemKind::UnsupportedKey,
                cx.props.get(key).map_or(span, |p| p.key_span.clone()),
                format!(
                    "`{key}` cannot be changed on the built-in parent `{}` key by key: {why}",
                    parent.name
                ),
                "remove the line, or write the variant by hand",
            )
            .into(),
        );
        return (None, None);
    }
    let hands = if to_hand { "to-hand" } else { "out" };
    let Some(pawn) = rules.kinds().iter().position(|k| k.name == "pawn") else {
        return (Some(hands), None);
    };
    let promotion = rules.kinds()[pawn].promotion.as_ref().map(|p| p.zone);
    if promotion_zone && promotion.is_some() {
        let p = cx.props.get("promotionZonePawnDrops").cloned();
        cx.problems.push(
            Problem::new(
                ProblemKind::UnsupportedKey,
                p.map_or(cx.props.header.clone(), |p| p.key_span),
                format!(
                    "`promotionZonePawnDrops` cannot be changed on the built-in parent `{}` key by key: a pawn dropped in Fairy-Stockfish's promotion region promotes on its next move there, where the shipped file's promotion zone may be only the region's nearest rank (makruk's sixth)",
                    parent.name
                ),
                "remove the line (pawns are then not dropped in the promotion region), or write the variant by hand",
            )
            .into(),
        );
        return (None, None);
    }
    (
        Some(hands),
        pawn_drop_squares(rules, promotion, first_rank, promotion_zone),
    )
}

/// The pawn's drop squares per player (node names): not its first rank unless `first_rank`, not
/// Fairy-Stockfish's promotion region unless `promotion_zone`; `None` when none is left out.
fn pawn_drop_squares(
    rules: &Rules,
    promotion: Option<usize>,
    first_rank: bool,
    promotion_zone: bool,
) -> Option<[Vec<String>; 2]> {
    let board = rules.board();
    let ranks = board.grid().map_or(0, |g| g.ranks as usize);
    let rank_of = |name: &str| {
        name.trim_start_matches(|c: char| c.is_ascii_alphabetic())
            .parse::<usize>()
            .ok()
    };
    let mut left_out = false;
    let squares: Vec<Vec<String>> = rules
        .player_ids()
        .take(2)
        .enumerate()
        .map(|(i, p)| {
            // Ranks counted from the player's side; Fairy-Stockfish's promotion region is every
            // rank from the promotion zone's nearest on (makruk's zone is its sixth rank only).
            let relative =
                |name: &str| rank_of(name).map(|r| if i == 0 { r } else { ranks + 1 - r });
            let from = promotion.and_then(|z| {
                board
                    .node_ids()
                    .filter(|&n| rules.zone(z, p).contains(n))
                    .filter_map(|n| relative(board.node_name(n)))
                    .min()
            });
            board
                .node_ids()
                .filter(|&n| {
                    let r = relative(board.node_name(n));
                    let ok = (first_rank || r != Some(1))
                        && (promotion_zone || from.is_none_or(|f| r.is_none_or(|r| r < f)));
                    left_out |= !ok;
                    ok
                })
                .map(|n| board.node_name(n).to_string())
                .collect()
        })
        .collect();
    <[Vec<String>; 2]>::try_from(squares)
        .ok()
        .filter(|_| left_out)
}

/// The zone names of the pawn's drop squares in the board copy, per player.
const PAWN_DROP_ZONES: [&str; 2] = ["pawn_drops_first", "pawn_drops_second"];

/// The shipped board, copied (without its `#:schema` line), with the zones the changes need.
fn board_copy(board: &str, path: &Path, rules: &Rules, c: &Changes) -> String {
    let mut t = String::new();
    comment(&mut t, &editor_note("board"));
    comment(
        &mut t,
        &format!(
            "A copy of chessgraph's {} (the board of `{}`), made by `chessgraph import fsf`.",
            path.display(),
            rules.name()
        ),
    );
    let body: Vec<&str> = board
        .lines()
        .filter(|l| !l.starts_with("#:schema"))
        .collect();
    let Some(squares) = &c.pawn_drops else {
        t.push_str(&body.join("\n"));
        t.push('\n');
        return t;
    };
    let mut zones = String::from(
        "# The squares a pawn may be dropped on (firstRankPawnDrops, promotionZonePawnDrops).\n",
    );
    for (name, s) in PAWN_DROP_ZONES.iter().zip(squares) {
        let list: Vec<String> = s.iter().map(|n| quote(n)).collect();
        writeln!(zones, "{name} = [{}]", list.join(", ")).ok();
    }
    match body.iter().position(|l| l.trim() == "[zones]") {
        Some(i) => {
            t.push_str(&body[..=i].join("\n"));
            t.push('\n');
            t.push_str(&zones);
            t.push_str(&body[i + 1..].join("\n"));
            t.push('\n');
        }
        None => {
            t.push_str(&body.join("\n"));
            t.push_str("\n\n[zones]\n");
            t.push_str(&zones);
        }
    }
    t
}

/// The variant file: `extends` the shipped file, the section's changes over it.
#[allow(clippy::too_many_arguments)]
fn variant_text(
    props: &Props,
    ini: &str,
    parent: &ShippedParent,
    path: &Path,
    board_file: &str,
    rules: &Rules,
    c: &Changes,
    notes: &[String],
) -> String {
    let mut t = String::new();
    comment(&mut t, &editor_note("variant"));
    comment(
        &mut t,
        &format!(
            "`{}`, imported by `chessgraph import fsf` from {ini} (section on line {}; parents: {}). \
             Fairy-Stockfish's built-in `{}` is chessgraph's shipped `variants/{}`: this file \
             extends it, with the section's keys over it; the board is a copy of its board.",
            props.name,
            props.line,
            props.lineage.join(" <- "),
            parent.name,
            parent.file
        ),
    );
    for n in notes {
        comment(&mut t, n);
    }
    let shown = path.to_string_lossy().replace('\\', "/");
    writeln!(
        t,
        "extends = {}\n\n[variant]\nname = {}\ndescription = {}\nboard = {}   # relative to this file",
        quote(&shown),
        quote(&props.name),
        quote(&format!(
            "{} (imported from Fairy-Stockfish's variants.ini format)",
            props.name
        )),
        quote(board_file)
    )
    .ok();
    let mut start = c.start.clone();
    if c.hands.is_some() {
        let s = start.get_or_insert_with(|| rules.start_fen().to_string());
        let mut fields: Vec<String> = s.split(' ').map(String::from).collect();
        if !fields[0].contains('[') {
            fields[0].push_str("[]");
        }
        *s = fields.join(" ");
    }
    if let Some(s) = &start {
        writeln!(t, "start = {}   # startFen", quote(s)).ok();
    }
    if let Some(h) = c.hands {
        writeln!(t, "\n[hands]                   # pieceDrops = true\ncaptured = \"{h}\"    # capturesToHand = {}", h == "to-hand").ok();
    }
    if c.pawn_drops.is_some() {
        for (p, zone) in rules.player_ids().take(2).zip(PAWN_DROP_ZONES) {
            let name = &rules.player(p).name;
            writeln!(
                t,
                "\n[players.{name}]\nzones = {{ pawn_drops = {} }}",
                quote(zone)
            )
            .ok();
        }
        writeln!(t, "\n[pieces.pawn]\ndrop = {{ zone = \"pawn_drops\" }}   # firstRankPawnDrops, promotionZonePawnDrops").ok();
    }
    t
}
