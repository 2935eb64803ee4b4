//! Betza notation: a piece's moves from `betza = "..."` against pyffish's destinations (the data
//! `scripts/betza-oracle` writes into `tests/betza/moves.txt`), malformed strings reported at the
//! offending character (snapshotted), and random strings that compile or give a located error.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::diagnostic::FileReport;

const DATA: &str = "tests/betza/moves.txt";

/// A variant on the Betza test board `files`x8 whose piece `U` moves as `betza`, with pawns as
/// blockers and `initial` on the second rank (where pyffish's `i` moves start). Black's frame
/// turns the board half round, as Fairy-Stockfish turns Black's moves (and as `import fsf`
/// writes it): Black's left is White's right.
fn variant_text(betza: &str, board: &str) -> String {
    let board = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(format!("tests/betza/board_{board}.toml"))
        .display()
        .to_string()
        .replace('\\', "/");
    let row = if board.ends_with("10x8.toml") {
        "10"
    } else {
        "8"
    };
    let start = [row; 8].join("/");
    format!(
        r#"[variant]
name = "Betza test"
board = "{board}"
start = "{start} w - - 0 1"

[frames]
black = {{ n = "s", s = "n", e = "w", w = "e", ne = "sw", sw = "ne", nw = "se", se = "nw", nne = "ssw", ssw = "nne", nnw = "sse", sse = "nnw", nee = "sww", sww = "nee", nww = "see", see = "nww" }}

[[player]]
name = "white"
short = "w"
mark = "upper"
frame = "identity"
zones = {{ initial = "rank_2" }}

[[player]]
name = "black"
short = "b"
mark = "lower"
frame = "black"
zones = {{ initial = "rank_7" }}

[pieces.u]
letter = "U"
betza = "{betza}"

[pieces.pawn]
letter = "P"
moves = ["move step n"]
"#
    )
}

/// Loads the variant text from a file in a fresh temporary directory.
fn load_text(text: &str) -> (Option<Rules>, Vec<FileReport>, tempfile::TempDir) {
    let dir = crate::helpers::temp_dir();
    let path = dir.path().join("betza.toml");
    std::fs::write(&path, text).expect("written");
    let (rules, reports) = Rules::check_file(&path);
    (rules, reports, dir)
}

struct Case {
    line: usize,
    fen: String,
    square: String,
    want: String,
}

/// The data lines, grouped by (betza, board).
fn cases() -> BTreeMap<(String, String), Vec<Case>> {
    let text = std::fs::read_to_string(DATA).expect("the Betza oracle data");
    let mut out: BTreeMap<(String, String), Vec<Case>> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let [betza, board, fen, square, want, source] = f[..] else {
            panic!("{DATA}:{}: six fields expected", i + 1)
        };
        assert!(matches!(source, "pyffish" | "hand"), "{DATA}:{}", i + 1);
        out.entry((betza.to_string(), board.to_string()))
            .or_default()
            .push(Case {
                line: i + 1,
                fen: fen.to_string(),
                square: square.to_string(),
                want: want.to_string(),
            });
    }
    out
}

/// The destinations of the piece on `sq`, sorted, space-separated (`-` for none).
fn dests(pos: &Position, sq: &str) -> String {
    let b = pos.rules().board();
    let from = b.node(sq).expect("a square");
    let mut out: Vec<&str> = pos
        .piece_legal_moves(from)
        .into_iter()
        .map(|m| b.node_name(m.to()))
        .collect();
    out.sort();
    out.dedup();
    if out.is_empty() {
        "-".to_string()
    } else {
        out.join(" ")
    }
}

#[test]
fn betza_pieces_move_as_pyffish_moves_them() {
    let cases = cases();
    let strings: std::collections::BTreeSet<&str> = cases.keys().map(|k| k.0.as_str()).collect();
    assert!(strings.len() >= 60, "only {} strings", strings.len());
    let mut wrong = Vec::new();
    for ((betza, board), list) in &cases {
        let (rules, reports, _dir) = load_text(&variant_text(betza, board));
        let Some(rules) = rules else {
            let text: String = reports.iter().map(FileReport::render_short).collect();
            wrong.push(format!("{betza} on {board} does not load:\n{text}"));
            continue;
        };
        let rules = Arc::new(rules);
        for c in list {
            // `FEN b`: Black's piece, Black to move; White's otherwise.
            let side = if c.fen.contains(' ') { "" } else { " w" };
            let pos = Position::from_fen(&rules, &format!("{}{side} - - 0 1", c.fen))
                .unwrap_or_else(|e| panic!("{DATA}:{}: {e}", c.line));
            let got = dests(&pos, &c.square);
            if got != c.want {
                wrong.push(format!(
                    "{DATA}:{}: {betza} on {} at {}: want {}, got {got}",
                    c.line, c.fen, c.square, c.want
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} differences:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The directions of a board file, for compiling without a variant.
fn directions_of(board: &str) -> Vec<String> {
    let b = chessgraph::Board::load(board).expect("a shipped board");
    b.direction_ids()
        .map(|d| b.direction_name(d).to_string())
        .collect()
}

/// The report of one Betza string that does not compile on `board`, as `<betza>` source text.
fn error_report(text: &str, board: &str) -> String {
    let dirs = directions_of(board);
    let has = |d: &str| dirs.iter().any(|x| x == d);
    let d = match chessgraph::betza::compile(text, &has, &|r| r) {
        Ok(p) => panic!("`{text}` compiles on {board}: {p:?}"),
        Err(d) => d,
    };
    assert!(d.code().starts_with("betza::"), "{}", d.code());
    assert!(d.span.end <= text.len() && d.span.start <= d.span.end);
    assert!(d.help.is_some(), "`{text}`: every error has a help line");
    let source = chessgraph::diagnostic::SourceFile::new("<betza>", text.to_string());
    let r = FileReport::new(source, vec![d]);
    format!("--- {text:?} on {board}\n{}", r.render(false, 100))
}

#[test]
fn malformed_betza_strings_are_reported_at_the_offending_character() {
    let chess = "boards/chess.toml";
    let cases = [
        ("", chess),
        ("X", chess),
        ("fX", chess),
        ("WfcFx", chess),
        ("aW", chess),
        ("cafsW", chess),
        ("afsN", chess),
        ("afhW", chess),
        ("pafsW", chess),
        ("afsaiW", chess),
        ("abW", chess),
        ("jR", chess),
        ("W f", chess),
        ("R0", chess),
        ("R99", chess),
        ("fmW3c", chess),
        ("hN", chess),
        ("pgR", chess),
        ("pN", chess),
        ("nNN", chess),
        ("DD", chess),
        ("AA", chess),
        ("W(F)", chess),
        ("Wé", chess),
        ("W", "boards/circular.toml"),
        ("fN", "boards/circular.toml"),
    ];
    let text: String = cases.iter().map(|(s, b)| error_report(s, b)).collect();
    insta::assert_snapshot!("betza_errors", text);
}

#[test]
fn a_betza_error_in_a_variant_file_points_at_its_character() {
    let text = variant_text("WfcFifxD", "8x8");
    let (rules, reports, _dir) = load_text(&text);
    assert!(rules.is_none());
    let d = &reports[0].diagnostics[0];
    assert_eq!(d.code(), "betza::syntax");
    let at = text.find("WfcFifxD").expect("the string") + 6;
    assert_eq!(d.span, at..at + 1, "the span of `x`");
}

#[test]
fn a_betza_i_move_needs_the_initial_zone() {
    let text = variant_text("ifmW", "8x8").replace("initial = ", "start_rank = ");
    let (rules, reports, _dir) = load_text(&text);
    assert!(rules.is_none(), "a variant without `initial` zones");
    let short: String = reports.iter().map(FileReport::render_short).collect();
    assert!(short.contains("initial"), "{short}");
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(64))]
    /// A variant file with a random Betza string loads, or is refused with every problem located
    /// inside the file; loading never panics.
    #[test]
    fn variant_files_with_random_betza_strings_load_or_give_located_errors(
        text in "[WFDNABRQKHCZGfblrvshmcinpga0-9]{1,10}"
    ) {
        let file = variant_text(&text, "8x8");
        let (rules, reports, _dir) = load_text(&file);
        if rules.is_none() {
            let diags: Vec<_> = reports.iter().flat_map(|r| &r.diagnostics).collect();
            proptest::prop_assert!(!diags.is_empty());
            for d in diags {
                proptest::prop_assert!(d.span.end <= file.len(), "{}: {:?}", text, d.span);
            }
        }
    }
}

proptest::proptest! {
    /// Random strings over the Betza alphabet (and some strays) never panic: they compile into
    /// programs the path language reads, or give one error located inside the string.
    #[test]
    fn random_betza_strings_compile_or_give_a_located_error(
        text in "[WFDNABRQKHCZGfblrvshmcinpgaj0-9 (]{0,12}"
    ) {
        let dirs = directions_of("tests/betza/board_8x8.toml");
        let has = |d: &str| dirs.iter().any(|x| x == d);
        match chessgraph::betza::compile(&text, &has, &|r| r) {
            Ok(programs) => {
                proptest::prop_assert!(!programs.is_empty());
                for p in programs {
                    let loc = chessgraph::testing::Located::new(p.text.clone(), 0..0);
                    let parsed = chessgraph::testing::parse_pattern(&loc, "");
                    proptest::prop_assert!(parsed.is_ok(), "{} -> {}", text, p.text);
                    proptest::prop_assert!(p.at.end <= text.len());
                }
            }
            Err(d) => {
                proptest::prop_assert!(d.span.start <= d.span.end && d.span.end <= text.len());
                proptest::prop_assert!(d.help.is_some());
            }
        }
    }
}

#[test]
fn many_legs_stop_at_the_pattern_limit_rather_than_grow() {
    let text = format!("{}K", "avs".repeat(40));
    let has = |_: &str| true;
    let d = chessgraph::betza::compile(&text, &has, &|r| r).expect_err("too many ways");
    assert_eq!(d.code(), "betza::unsupported");
    assert!(d.message.contains("ways"), "{}", d.message);
}

#[test]
fn a_piece_needs_moves_or_betza() {
    let text = variant_text("W", "8x8").replace("betza = \"W\"\n", "");
    let (rules, reports, _dir) = load_text(&text);
    assert!(rules.is_none(), "a piece with no moves at all");
    let short: String = reports.iter().map(FileReport::render_short).collect();
    assert!(
        short.contains("schema::missing-key") && short.contains("neither `moves` nor `betza`"),
        "{short}"
    );
    // Betza alone is enough, and so is an explicit empty list.
    let (rules, reports, _dir) = load_text(&variant_text("W", "8x8"));
    assert!(rules.is_some(), "{reports:?}");
    let (rules, reports, _dir) =
        load_text(&text.replace("letter = \"U\"", "letter = \"U\"\nmoves = []"));
    assert!(rules.is_some(), "{reports:?}");
}
