//! The JSON Schema (draft-07, which taplo validates with) of board and variant files, derived
//! from the spec types, so that editors complete and check keys as an author types.
//!
//! The item types the loader deserializes whole (`[[node]]`, `[[player]]`, `[pieces.NAME]`, ...)
//! derive their schema; the tables the loader reads key by key are described by the file-shape
//! types below, whose keys a test compares with what the loader accepts. The description of every
//! key is the doc comment of its field.
//!
//! schemars writes draft-07; [`plain`] keeps to the keywords every editor's validator reads
//! (`const` -> `enum`, no `null` types, no `format`). A variant file with `extends` needs no other
//! key: the keys every complete file needs are moved out of the merged tables into the root's
//! `if` (no `extends`) / `then`, where each table requires its keys only when it holds no unknown
//! key. So a validator reports a mistake where it is, once: a misspelt `letter` is one unknown key
//! in its piece, not a missing key as well, and never a failed `anyOf` over the whole file (taplo
//! prints such an error once per key of the file, each with the whole file as JSON).

use std::collections::BTreeMap;

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::{Map, Value, json};

use super::board::{DirectionBody, LinkSpec, NodeSpec, Parity, TagSpec, UnlinkSpec};
use super::kind::FileKind;
use super::outcome::{CapturedWinSpec, DrawsSpec, MovesSpec, Policy, ProgressionSpec};
use super::variant::{
    CaptureSpec, CastlingSpec, FacingSpec, GateSpec, HandsSpec, PieceBody, PlayerSpec,
};

/// The meta-schema URI of draft-07.
const DRAFT07: &str = "http://json-schema.org/draft-07/schema#";

/// A key of `[outcome]` that an end-rule slice owns (the slices live with the rules, later in
/// the data flow, and hand their keys down): its name, its description, its value's schema.
#[derive(Clone, Copy)]
pub(crate) struct SliceKey {
    /// The key.
    pub(crate) key: &'static str,
    /// The key's description.
    pub(crate) about: &'static str,
    /// The schema of the key's value.
    pub(crate) schema: fn(&mut schemars::SchemaGenerator) -> schemars::Schema,
}

/// The draft-07 JSON Schema of a board or variant file, as pretty-printed JSON with a final
/// line break (the text of `schema/board.schema.json` and `schema/variant.schema.json`);
/// `outcome_keys` are the keys of the end-rule slices.
pub(crate) fn schema_text(kind: FileKind, outcome_keys: &[SliceKey]) -> String {
    let mut text = serde_json::to_string_pretty(&schema(kind, outcome_keys)).unwrap_or_default();
    text.push('\n');
    text
}

/// The draft-07 JSON Schema of a board or variant file; `outcome_keys` are the keys of the
/// end-rule slices.
pub(crate) fn schema(kind: FileKind, outcome_keys: &[SliceKey]) -> Value {
    let mut generator = SchemaSettings::draft07().into_generator();
    let root = match kind {
        FileKind::Board => generator.into_root_schema_for::<BoardFile>().to_value(),
        FileKind::Variant => {
            let slices: Vec<(&str, Value)> = (outcome_keys.iter())
                .map(|k| {
                    let mut v = (k.schema)(&mut generator).to_value();
                    if let Some(o) = v.as_object_mut() {
                        o.insert("description".into(), json!(k.about));
                    }
                    (k.key, v)
                })
                .collect();
            let mut root = generator.into_root_schema_for::<VariantFile>().to_value();
            let at = [
                "/definitions/OutcomeTable/properties",
                "/$defs/OutcomeTable/properties",
            ];
            let at = at.into_iter().find(|p| root.pointer(p).is_some());
            let outcome = at
                .and_then(|p| root.pointer_mut(p))
                .and_then(Value::as_object_mut);
            if let Some(properties) = outcome {
                properties.extend(slices.into_iter().map(|(k, v)| (k.to_string(), v)));
            }
            root
        }
    };
    let mut value = plain(root);
    let title = match kind {
        FileKind::Board => "chessgraph board file",
        FileKind::Variant => "chessgraph variant file",
    };
    value["title"] = json!(title);
    if kind == FileKind::Variant {
        value = extends_needs_nothing_else(value);
    }
    ref_siblings(&mut value);
    value
}

/// Draft-07 ignores the keys beside a `$ref`: a described reference becomes an `allOf` of one.
fn ref_siblings(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(ref_siblings),
        Value::Object(o) => {
            if o.len() > 1
                && let Some(r) = o.remove("$ref")
            {
                o.insert("allOf".into(), json!([{ "$ref": r }]));
            }
            o.values_mut().for_each(ref_siblings);
        }
        _ => {}
    }
}

/// The reference of `{"$ref": R}` or of `{"allOf": [{"$ref": R}]}` (a described reference).
fn reference(node: &Value) -> Option<&str> {
    let one = match node.get("allOf") {
        Some(Value::Array(all)) if all.len() == 1 => &all[0],
        _ => node,
    };
    one.get("$ref")?.as_str()
}

/// Rewrites schemars' draft-07 output with the plain keywords every editor's validator reads.
fn plain(mut v: Value) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.insert("$schema".into(), json!(DRAFT07));
    }
    rewrite(&mut v);
    v
}

/// The recursive part of [`plain`].
fn rewrite(v: &mut Value) {
    match v {
        Value::Array(items) => items.iter_mut().for_each(rewrite),
        Value::Object(o) => {
            if let Some(c) = o.remove("const") {
                o.insert("enum".into(), json!([c]));
            }
            // Paragraphs as one line each: editors wrap descriptions themselves.
            if let Some(Value::String(d)) = o.get_mut("description") {
                *d = d
                    .split("\n\n")
                    .map(|p| p.split('\n').map(str::trim).collect::<Vec<_>>().join(" "))
                    .collect::<Vec<_>>()
                    .join("\n\n");
            }
            o.remove("format");
            // TOML has no null: an omitted key is how a value is left out.
            if let Some(Value::Array(types)) = o.get_mut("type") {
                types.retain(|t| t != "null");
                if types.len() == 1 {
                    let only = types.remove(0);
                    o.insert("type".into(), only);
                }
            }
            for key in ["anyOf", "oneOf"] {
                if let Some(Value::Array(alts)) = o.get_mut(key) {
                    alts.retain(|a| a.get("type") != Some(&json!("null")));
                    if alts.len() == 1 {
                        let only = alts.remove(0);
                        o.remove(key);
                        if let Value::Object(inner) = only {
                            for (k, val) in inner {
                                o.entry(k).or_insert(val);
                            }
                        }
                    }
                }
            }
            if let Some(Value::String(r)) = o.get_mut("$ref") {
                *r = r.replace("#/$defs/", "#/definitions/");
            }
            o.values_mut().for_each(rewrite);
            // `#[serde(alias = "loss")]` on `Policy::Eliminate`: schemars lists no aliases.
            if let Some(Value::Array(alts)) = o.get_mut("oneOf")
                && alts
                    .iter()
                    .any(|a| a.get("enum") == Some(&json!(["eliminate"])))
            {
                alts.push(json!({
                    "description": "Another name for `eliminate`: the player is out (with two players, he loses).",
                    "enum": ["loss"],
                    "type": "string",
                }));
            }
        }
        _ => {}
    }
}

/// Makes every key of the merged tables optional, and requires them again (under the root's
/// `if` no `extends`, `then`) only of a file without `extends`: an `extends` child merges its
/// tables into its parent's, so `[pieces.queen] moves = [...]` alone is a whole change. Arrays of
/// tables replace the inherited ones whole, so their items keep their required keys.
fn extends_needs_nothing_else(mut root: Value) -> Value {
    let defs = root.get("definitions").cloned().unwrap_or(json!({}));
    let mut complete = relax(&mut root, &defs, true).unwrap_or_else(|| json!({}));
    // `[players.NAME]` changes inherited players: their keys are never all needed.
    if let Some(Value::Object(props)) = complete.get_mut("properties") {
        props.remove("players");
    }
    if let Some(o) = root.as_object_mut() {
        o.insert("if".into(), json!({ "not": { "required": ["extends"] } }));
        o.insert("then".into(), complete);
    }
    root
}

/// Removes `required` from a table schema and from the tables reachable through its keys
/// (inlining their definitions), and returns what was removed as a schema of its own, each
/// table's required keys behind the condition that the table has no unknown key (an unknown key
/// is already an error, and usually the required one misspelt).
fn relax(node: &mut Value, defs: &Value, top: bool) -> Option<Value> {
    if let Some(r) = reference(node) {
        let name = r.trim_start_matches("#/definitions/");
        let mut inlined = defs.get(name)?.clone();
        let overlay = relax(&mut inlined, defs, false);
        if let Some(desc) = node.get("description").cloned() {
            inlined["description"] = desc;
        }
        *node = inlined;
        return overlay;
    }
    let o = node.as_object_mut()?;
    if o.get("type") != Some(&json!("object")) && !top {
        return None;
    }
    let mut overlay = Map::new();
    if let Some(req) = o.remove("required") {
        let known: Map<String, Value> = match o.get("properties") {
            Some(Value::Object(p)) => p.keys().map(|k| (k.clone(), json!({}))).collect(),
            _ => Map::new(),
        };
        overlay.insert(
            "if".into(),
            json!({ "properties": known, "additionalProperties": false }),
        );
        overlay.insert("then".into(), json!({ "required": req }));
    }
    let mut props = Map::new();
    if let Some(Value::Object(p)) = o.get_mut("properties") {
        for (k, sub) in p.iter_mut() {
            if let Some(ov) = relax(sub, defs, false) {
                props.insert(k.clone(), ov);
            }
        }
    }
    if !props.is_empty() {
        overlay.insert("properties".into(), Value::Object(props));
    }
    if let Some(add) = o.get_mut("additionalProperties").filter(|a| a.is_object())
        && let Some(ov) = relax(add, defs, false)
    {
        overlay.insert("additionalProperties".into(), ov);
    }
    (!overlay.is_empty()).then_some(Value::Object(overlay))
}

/// A board file: a graph of named nodes joined by named direction links, with drawing positions.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct BoardFile {
    /// The board's name and how its nodes are drawn.
    board: BoardTable,
    /// A generator of files x ranks nodes named file + rank (`a1`), drawn as a grid.
    grid: Option<GridTable>,
    /// A generator of a hexagon of hexagonal cells in vertical files, named file + rank (`f6`),
    /// drawn as hexagons; its `[map]` offsets are axial `[q, r]`.
    hex: Option<HexTable>,
    /// A generator of a three-dimensional board: levels x files x ranks cells named by level,
    /// file and rank (`Aa1`), drawn as the levels side by side, with the 26 one-step directions
    /// (`u`/`d` up and down the levels, `n`/`s` along the ranks, `e`/`w` along the files, and
    /// their combinations such as `ne`, `un`, `dsw`) and the zones `level_X`, `file_x`, `rank_N`.
    cube: Option<CubeTable>,
    /// Nodes declared by hand, each with its drawing position.
    node: Option<Vec<NodeSpec>>,
    /// Every direction name links may have: plain (`n = { opposite = "s" }`, or `{}`) or
    /// composite (`nne = { path = "n n e" }`).
    directions: Option<BTreeMap<String, DirectionBody>>,
    /// Directions as offsets on the grid (Game Courier's `map`): every node gets a link in each
    /// direction whose offset lands on a node.
    map: Option<MapTable>,
    /// Named direction permutations that links carry (`center = { in = "out", out = "in" }`);
    /// directions a twist does not name stay as they are. Crossing a twisted link renames the
    /// mover's directions.
    twists: Option<BTreeMap<String, BTreeMap<String, String>>>,
    /// Explicit links: each node of `chain` to the next one, in direction `dir`. Links, rlinks
    /// and unlinks act in file order, after `[map]`.
    link: Option<Vec<LinkSpec>>,
    /// Explicit links the other way round: each node of `chain` to the previous one.
    rlink: Option<Vec<LinkSpec>>,
    /// Removes links: the link in `dir` of each of `nodes`.
    unlink: Option<Vec<UnlinkSpec>>,
    /// Tags existing links (moats, creeks), for gates and `avoid:TAG`.
    tag: Option<Vec<TagSpec>>,
    /// Named node sets (`white_back_rank = ["a1", "b1"]`), used by variants through their
    /// players' zone names, `within:`/`to:`/`from:` modifiers, promotion, drops and `reach`.
    zones: Option<BTreeMap<String, ZoneNodes>>,
    /// How pictures draw the board (drawing only: no rule reads it).
    style: Option<super::style::StyleTable>,
}

/// `[board]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct BoardTable {
    /// The board's name, shown by `check` and in pictures.
    name: String,
    /// A free text about the board.
    description: Option<String>,
    /// How nodes are drawn: `grid` (x, y; the default), `polar` (ring, sector) or `hex`
    /// (hexagons at x, y; the default with `[hex]`).
    layout: Option<super::board::Layout>,
}

/// `[hex]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct HexTable {
    /// Cells along each of the hexagon's six sides (1 to 9; 6 makes Gliński's 91 cells); or give
    /// `lengths` instead. Zones `top`, `bottom`, `edge` and the six sides (`edge_left`,
    /// `edge_top_left`, ...) are generated with `rank_N` and `file_X`.
    #[schemars(range(min = 1, max = 9))]
    side: Option<u32>,
    /// Instead of `side`: the number of cells of each file, left to right, each file centred on
    /// the middle height, so neighbouring lengths differ by an odd number (Shafran's board:
    /// `[6, 7, 8, 9, 10, 9, 8, 7, 6]`).
    lengths: Option<Vec<u32>>,
    /// The file names, left to right: a string of one-letter files or an array of names (default:
    /// letters from `a`, without `j`).
    files: Option<GridFiles>,
    /// How ranks run: `bent` (counted from 1 at the lowest cell of each file; the default),
    /// `falling` or `rising` (straight lines of cells falling or rising to the right, numbered
    /// from the lowest: Shafran's `falling`).
    rank_lines: Option<super::hex::RankLines>,
}

/// `[grid]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct GridTable {
    /// The file names, left to right: a string of one-letter files (`"abcdefgh"`) or an array of
    /// names.
    files: GridFiles,
    /// The number of ranks, named 1 up to it, bottom to top.
    #[schemars(range(min = 1))]
    ranks: u32,
    /// Which squares are light: `odd` (the default, a1 dark) or `even`.
    light: Option<Parity>,
    /// Cells left out of the board: cell names (`"a1"`) and rectangles between two cells
    /// (`"a1..c3"`); no node is made there and no `[map]` link leads there.
    omit: Option<Vec<String>>,
    /// The omitted cells are walls: position text writes each as `*` in its row (as
    /// Fairy-Stockfish writes walls) and reads one there; when false, omitted cells are not
    /// written (the four-player board).
    walls: Option<bool>,
}

/// `[cube]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct CubeTable {
    /// The level names, bottom to top: a string of one-letter levels (`"ABCDE"`) or an array of
    /// names.
    levels: GridFiles,
    /// The file names, left to right: a string of one-letter files (`"abcde"`) or an array of
    /// names.
    files: GridFiles,
    /// The number of ranks, named 1 up to it, front to back.
    #[schemars(range(min = 1))]
    ranks: u32,
    /// Which cells are light: `odd` (the default: a cell is light when its level, file and rank
    /// indices add up to an odd number, so `Aa1` is dark) or `even`.
    light: Option<Parity>,
}

/// Grid files: a string of letters or an array of names.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum GridFiles {
    /// One file per character.
    Letters(String),
    /// One name per file.
    Names(Vec<String>),
}

/// The nodes of a zone. The loader reads an array of node names today; a string is allowed by
/// the schema so that zone expressions can be written as one string.
#[derive(JsonSchema)]
#[serde(untagged)]
#[allow(dead_code)]
enum ZoneNodes {
    /// Node names.
    Nodes(Vec<String>),
    /// A zone written as one string.
    Expression(String),
}

/// `[map]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct MapTable {
    /// Joins the last file to the first: a cylinder (default false). The older spelling of
    /// `wrap = "cylinder"`; give one of the two.
    #[serde(default)]
    wrap_files: bool,
    /// Which edges the offsets cross: `none` (default), `cylinder` (the last file joined to the
    /// first), `torus` (files and ranks), `moebius` (files, upside down: a piece crossing turns
    /// by the twist `mirror`, which negates every offset's rank part), `klein` (files as
    /// `moebius`, ranks as a cylinder).
    wrap: Option<WrapValue>,
    /// Each direction's offset `[files, ranks]` (`n = [0, 1]`: no file across, one rank up).
    offsets: Option<BTreeMap<String, [i32; 2]>>,
}

/// `[map] wrap`: the loader's values, and `mobius`, the other spelling it accepts.
#[derive(JsonSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum WrapValue {
    /// No edge is crossed: a flat board.
    None,
    /// The last file is joined to the first.
    Cylinder,
    /// The last file is joined to the first and the last rank to the first.
    Torus,
    /// The last file is joined to the first upside down (a Möbius strip).
    Moebius,
    /// Another spelling of `moebius`.
    Mobius,
    /// The files are joined as on a Möbius strip and the ranks as on a cylinder: a Klein bottle.
    Klein,
}

/// A variant file: a board, players, pieces as path programs and the rules of the game.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct VariantFile {
    /// Another variant file this one starts from (relative to this file): tables merge key by
    /// key, everything else (arrays included) is replaced. A file with `extends` needs no other
    /// key.
    extends: Option<String>,
    /// The variant's name, board and start position.
    variant: VariantTable,
    /// Named orientations: how a player's (or piece's) directions map to the board's
    /// (`black = { n = "s", s = "n" }`); unnamed directions stay. `identity` is built in.
    frames: Option<BTreeMap<String, BTreeMap<String, String>>>,
    /// The players, in turn order.
    player: Option<Vec<PlayerSpec>>,
    /// The piece kinds, by name (`[pieces.pawn]`).
    pieces: Option<BTreeMap<String, PieceBody>>,
    /// Castling moves, each the king's move with a rook's.
    castling: Option<Vec<CastlingSpec>>,
    /// Rights a piece holds until it first moves or is taken, written with the castling rights;
    /// patterns marked `first-move` need them (Cambodian chess's king and met).
    first_move: Option<Vec<super::first_move::FirstMoveSpec>>,
    /// Castling from wherever the king and a rook start on a row (Chess960), one side each.
    free_castling: Option<Vec<crate::spec::free_castling::FreeCastlingSpec>>,
    /// Rights to gate: a piece leaving one of these squares may bring a piece of the hand onto
    /// it (Seirawan chess).
    gating: Option<Vec<crate::spec::gating::GatingSpec>>,
    /// How a game ends (defaults: checkmate eliminates, stalemate draws).
    outcome: Option<OutcomeTable>,
    /// What is legal besides the pieces' patterns.
    moves: Option<MovesSpec>,
    /// Draw rules that `play` and `show` apply (never perft or `moves`).
    draws: Option<DrawsSpec>,
    /// Links with a tag that stay closed until a condition opens them for good (3 Man Chess
    /// moats).
    gate: Option<Vec<GateSpec>>,
    /// Pieces removed after every move, besides what the move displaces.
    capture: Option<Vec<CaptureSpec>>,
    /// The players have hands, and pieces in hand may be dropped (`P@e4`).
    hands: Option<HandsSpec>,
    /// With `extends`: inherited entries taken out before the merge.
    remove: Option<RemoveTable>,
    /// With `extends`: keys merged into one inherited `[[player]]` (by name), after the merge.
    players: Option<BTreeMap<String, PlayerSpec>>,
    /// Two royals of different players may not stand alone on one line (xiangqi's flying
    /// general).
    facing_royals: Option<FacingSpec>,
    /// Every move has a second part that moves a neutral blocker to an empty square (duck
    /// chess's duck), or places a new one that stays (amazons' arrows, isolation's removed
    /// squares).
    blocker: Option<crate::spec::blocker::BlockerSpec>,
    /// Lints (warnings of `chessgraph check`) this file silences because what they warn of is
    /// meant.
    lints: Option<LintsTable>,
}

/// `[lints]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct LintsTable {
    /// The lints silenced, by name with or without `lint::` (`["start-captures"]`: Clobber, whose
    /// every move is a capture). Inherited through `extends`; `[]` brings them back.
    #[serde(default)]
    allow: Vec<String>,
}

/// `[variant]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct VariantTable {
    /// The variant's name, shown by `check`, `show`, `play` and in pictures.
    name: String,
    /// A free text about the variant.
    description: Option<String>,
    /// The board file, relative to the file that says it (`"../boards/chess.toml"`).
    board: String,
    /// The start position in position text (a generalized FEN:
    /// `ROWS SIDE CASTLING EP HALFMOVE FULLMOVE`).
    start: String,
    /// The seats in the order they move, by player name: every `[[player]]` once (default:
    /// the order of the `[[player]]` tables).
    turn_order: Option<Vec<String>>,
}

// The keys the engine judges itself; `schema` adds the keys of the end-rule slices.
/// `[outcome]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct OutcomeTable {
    /// What happens to a player to move who is in check with no legal move (default
    /// `eliminate`).
    checkmate: Option<Policy>,
    /// What happens to a player to move who is not in check with no legal move (default
    /// `draw`).
    stalemate: Option<Policy>,
    /// The stalemate policy by the number of players still in (`{ "3" = "eliminate" }`);
    /// overrides `stalemate`.
    stalemate_by_players: Option<BTreeMap<String, Policy>>,
    /// The score (0 to 1) a player keeps who loses by being stalemated (`stalemate =
    /// "eliminate"`); the winner scores the rest (Gliński's hexagonal chess: 0.25, so 3/4 to the
    /// stalemating player). Shown with the result; perft never sees it.
    #[schemars(range(min = 0, max = 1))]
    stalemate_score: Option<f64>,
    /// The player (by name) who wins every game that would end drawn: a drawn stalemate, a draw
    /// rule of `[draws]`, a draw an `[outcome]` rule declares (Armageddon: `"black"`, draw odds).
    /// Shown with the result; perft never sees it.
    draw_odds: Option<String>,
    /// A game that would end drawn (as for `draw_odds`) is decided on points instead: each
    /// player's pieces by `values` (by piece name) plus his `bonus` (by player name); the one
    /// player with the most points wins, equal points leave the draw (janggi's counting). Shown
    /// with the result; perft never sees it.
    draw_points: Option<super::points::DrawPointsSpec>,
    /// The number of checks (1 to 255) a player must give to win (3check).
    #[schemars(range(min = 1, max = 255))]
    checks: Option<u32>,
    /// Victories by captured material, checked in order (Rithmomachia).
    captured: Option<Vec<CapturedWinSpec>>,
    /// Numbers in progression on a line win (Rithmomachia's Victoria magna, major and
    /// excellentissima), checked in order (one table is read too).
    progression: Option<Vec<ProgressionSpec>>,
}

/// `[remove]`.
#[derive(JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct RemoveTable {
    /// Inherited pieces to take out, by name.
    pieces: Option<Vec<String>>,
    /// Inherited castlings to take out, by right token.
    castling: Option<Vec<String>>,
    /// Inherited zone names of a player to take out (`{ white = ["pawn_start"] }`).
    zones: Option<BTreeMap<String, Vec<String>>>,
}
