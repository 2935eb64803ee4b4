//! `chessgraph import fsf`: Fairy-Stockfish ini sections written for this project
//! (`tests/import/sections.ini`) are imported and compared with pyffish's perft 1-3 from the
//! start and its legal move lists along seeded random games (`tests/import/expected.txt`,
//! written by `scripts/import-oracle`; no pyffish needed here); every built-in parent plays as
//! the shipped variant it names; broken and unsupported ini files get located errors (snapshots
//! of `tests/import/broken/*.ini`).

use std::path::Path;
use std::sync::Arc;

use chessgraph::Position;
use chessgraph::Rules;
use chessgraph::diagnostic::SourceFile;
use chessgraph::import::{ImportError, Imported, import_fsf};
use chessgraph::perft::perft;
use chessgraph::testing::BUILTINS;
use chessgraph::testing::Code;

use crate::helpers::oracle_games::{self, legal};

/// The import as all or nothing: the sections, or the problems when any section is refused.
fn import_all(source: &SourceFile, variant: Option<&str>) -> Result<Vec<Imported>, ImportError> {
    match import_fsf(source, variant) {
        (imported, None) => Ok(imported),
        (_, Some(e)) => Err(e),
    }
}

/// Imports `ini` and writes the files into `dir`; the imported sections.
fn import_into(dir: &Path, name: &str, ini: &str) -> Vec<Imported> {
    let source = SourceFile::new(name, ini.to_string());
    let imported = import_all(&source, None).unwrap_or_else(|e| panic!("{}", e.0.render_short()));
    for i in &imported {
        std::fs::write(dir.join(&i.board_file), &i.board_text).unwrap();
        std::fs::write(dir.join(&i.variant_file), &i.variant_text).unwrap();
    }
    imported
}

fn load(dir: &Path, i: &Imported) -> Arc<Rules> {
    let path = dir.join(&i.variant_file);
    let (rules, reports) = Rules::check_file(&path);
    let all: String = reports.iter().map(|r| r.render_short()).collect();
    // The written files load and `check` has nothing to say about them (no lint either).
    assert!(all.is_empty(), "{}:\n{all}\n{}", i.name, i.variant_text);
    Arc::new(rules.unwrap_or_else(|| panic!("{} does not load", i.name)))
}

#[test]
fn imported_sections_match_pyffish() {
    let dir = crate::helpers::temp_dir();
    let ini = std::fs::read_to_string("tests/import/sections.ini").unwrap();
    let imported = import_into(dir.path(), "sections.ini", &ini);
    let expected = oracle_games::read("tests/import/expected.txt");
    assert!(imported.len() >= 10, "at least ten sections");
    let mut names: Vec<String> = imported.iter().map(|i| i.name.clone()).collect();
    names.sort();
    assert_eq!(
        names,
        expected.keys().cloned().collect::<Vec<_>>(),
        "the oracle data is stale"
    );
    for i in &imported {
        let e = &expected[&i.name];
        let rules = load(dir.path(), i);
        let start = Position::start(&rules);
        for &(d, n) in &e.perft {
            assert_eq!(perft(&mut start.clone(), d), n, "{} perft {d}", i.name);
        }
        oracle_games::compare_games(&i.name, &start, e);
    }
}

#[test]
fn builtin_parents_play_as_the_shipped_variants() {
    let dir = crate::helpers::temp_dir();
    for b in BUILTINS {
        let ini = format!("[as-{0}:{0}]\n", b.name);
        let imported = import_into(dir.path(), "builtins.ini", &ini);
        let ours = load(dir.path(), &imported[0]);
        let shipped = crate::helpers::load(Path::new("variants").join(b.shipped));
        let (mut a, mut s) = (Position::start(&ours), Position::start(&shipped));
        assert_eq!(a.to_fen(), s.to_fen(), "{}", b.name);
        assert_eq!(legal(&a), legal(&s), "{}", b.name);
        for d in 1..=3 {
            assert_eq!(perft(&mut a, d), perft(&mut s, d), "{} perft {d}", b.name);
        }
    }
}

/// Every built-in that chessgraph ships but the importer does not write as keys (xiangqi,
/// shogi, makruk, janggi, ...) is a parent too: `[x:NAME]` extends the shipped file and plays as
/// it; its copy of the board is the shipped board.
#[test]
fn shipped_parents_are_parents_and_play_as_the_shipped_variants() {
    let dir = crate::helpers::temp_dir();
    let parents = chessgraph::testing::shipped_parents();
    assert!(parents.len() >= 90, "{} shipped parents", parents.len());
    for (name, file) in parents {
        let ini = format!("[as-{name}:{name}]\npieceToCharTable = -\n");
        let imported = import_into(dir.path(), "shipped.ini", &ini);
        let i = &imported[0];
        assert!(
            i.extends.as_ref().is_some_and(|e| e.ends_with(file)),
            "{name}"
        );
        let ours = load(dir.path(), i);
        let shipped = crate::helpers::load(Path::new("variants").join(file));
        let (mut a, mut s) = (Position::start(&ours), Position::start(&shipped));
        assert_eq!(a.to_fen(), s.to_fen(), "{name}");
        assert_eq!(legal(&a), legal(&s), "{name}");
        assert_eq!(perft(&mut a, 2), perft(&mut s, 2), "{name} perft 2");
        let _ = std::fs::remove_file(dir.path().join(&i.variant_file));
        let _ = std::fs::remove_file(dir.path().join(&i.board_file));
    }
}

/// A key whose rule a shipped parent encodes its own way is refused, named, with the reason;
/// a value the parent already has, and the drops, are mapped.
#[test]
fn shipped_parents_refuse_keys_they_cannot_take_key_by_key() {
    let text = "[small:xiangqi]\nmaxRank = 5\n[same:xiangqi]\nmaxRank = 10\nmaxFile = i\n\
                [mustcap:shogi]\nmustCapture = true\n[nodrops:shogi]\npieceDrops = false\n\
                [fox:ataxx]\n[anywhere:makruk]\npieceDrops = true\npromotionZonePawnDrops = true\n";
    let (imported, refused) = import_fsf(&SourceFile::new("k.ini", text.to_string()), None);
    let names: Vec<&str> = imported.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["same"]);
    let shown = refused.expect("refusals").0.render_short();
    for want in [
        "k.ini:2:1: error[import::unsupported-key]: `maxRank` cannot be changed on the built-in parent `xiangqi` key by key: the shipped board is files a to i by 10 ranks",
        "k.ini:7:1: error[import::unsupported-key]: `mustCapture` cannot be changed on the built-in parent `shogi` key by key",
        "k.ini:9:1: error[import::unsupported-key]: `pieceDrops` cannot be changed on the built-in parent `shogi` key by key: the shipped file has its hands",
        "k.ini:10:6: error[import::unknown-parent]: `ataxx` is a built-in variant of Fairy-Stockfish that chessgraph does not ship",
        "k.ini:13:1: error[import::unsupported-key]: `promotionZonePawnDrops` cannot be changed on the built-in parent `makruk` key by key",
    ] {
        assert!(shown.contains(want), "{want}\nin\n{shown}");
    }
}

#[test]
fn drop_loop_imports_as_promoted_keep_and_plays_as_the_shipped_loop_chess() {
    let dir = crate::helpers::temp_dir();
    let imported = import_into(
        dir.path(),
        "loop.ini",
        "[myloop:crazyhouse]\ndropLoop = true\n",
    );
    assert!(
        imported[0].variant_text.contains("promoted = \"keep\""),
        "{}",
        imported[0].variant_text
    );
    let ours = load(dir.path(), &imported[0]);
    let shipped = crate::helpers::load("variants/loop.toml");
    // A promoted queen about to be captured: in hand it stays a queen.
    let fen = "rnbqk2Q/ppppppbp/8/8/8/8/PPPPPP1P/RNBQKBNR[Rn] b KQq - 0 1";
    let mut a = Position::from_fen(&ours, fen).expect("the imported variant reads it");
    let mut s = Position::from_fen(&shipped, fen).expect("loop chess reads it");
    for d in 1..=2 {
        assert_eq!(perft(&mut a, d), perft(&mut s, d), "perft {d}");
    }
    let broken = SourceFile::new("bad.ini", "[bad:chess]\ndropLoop = true\n".to_string());
    let err = import_all(&broken, None).expect_err("a drop loop needs captures to hand");
    assert!(
        err.0
            .render_short()
            .contains("`dropLoop` without `capturesToHand = true`")
    );
}

/// The broken files: `# expect: CODE...` on the first line names the codes the import must
/// give; the rendered report is the snapshot.
#[test]
fn broken_ini_files_get_located_errors() {
    insta::glob!("../import/broken", "*.ini", |path| {
        let rel = path.strip_prefix(env!("CARGO_MANIFEST_DIR")).unwrap();
        let text = std::fs::read_to_string(rel).unwrap();
        let want: Vec<&str> = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# expect:"))
            .unwrap_or_else(|| panic!("{} lacks `# expect:`", rel.display()))
            .split_whitespace()
            .collect();
        let variant = text
            .lines()
            .nth(1)
            .and_then(|l| l.strip_prefix("# variant: "));
        let source = SourceFile::new(rel, text.clone());
        let err = import_all(&source, variant).expect_err("a broken file");
        let mut codes: Vec<&str> = err.0.diagnostics.iter().map(|d| d.code()).collect();
        codes.dedup();
        assert_eq!(codes, want, "{}", err.0.render_short());
        for d in &err.0.diagnostics {
            assert!(d.span.end <= text.len() && d.help.is_some(), "{d:?}");
        }
        insta::assert_snapshot!(
            "broken",
            format!("{}\n{}", err.0.render_short(), err.0.render(false, 100))
        );
    });
}

#[test]
fn every_import_code_has_a_broken_file() {
    let mut seen = std::collections::BTreeSet::new();
    for e in std::fs::read_dir("tests/import/broken").unwrap() {
        let path = e.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let variant = text
            .lines()
            .nth(1)
            .and_then(|l| l.strip_prefix("# variant: "));
        if let Err(err) = import_all(&SourceFile::new(&path, text.clone()), variant) {
            seen.extend(err.0.diagnostics.iter().map(|d| d.code()));
        }
    }
    let missing: Vec<&str> = Code::ALL
        .iter()
        .filter(|c| c.as_str().starts_with("import::") && !seen.contains(c.as_str()))
        .map(|c| c.as_str())
        .collect();
    assert!(missing.is_empty(), "no broken file gives {missing:?}");
}

/// What the written files look like (comments, grouping, zones), for review: one section with
/// drops, a custom piece and an inherited built-in.
#[test]
fn the_written_files_read_well() {
    let ini = std::fs::read_to_string("tests/import/sections.ini").unwrap();
    let source = SourceFile::new("sections.ini", ini);
    let imported = import_all(&source, Some("imp-house")).unwrap();
    assert_eq!(imported.len(), 1);
    let i = &imported[0];
    insta::assert_snapshot!("imp_house_variant", i.variant_text);
    insta::assert_snapshot!("imp_house_board", i.board_text);
}

/// The ini files the other oracles use (`tests/fixtures/fsf/`) import as the variants they check:
/// the same start, moves and perft 1-3. `chess_10x10.ini` is the exception, by Fairy-Stockfish's
/// versions: 11.1 (`scripts/fsf-oracle`, `variants/chess_10x10.toml`) counts the default
/// double-step ranks from each side, pyffish 0.0.90 (the importer's reference) takes them as
/// absolute ranks 2 and 7, so Black's pawns on rank 9 never double-step: 9352 at depth 3, as
/// pyffish counts, against 16028.
#[test]
fn the_oracle_ini_files_import_as_their_variants() {
    let dir = crate::helpers::temp_dir();
    for (ini, shipped) in [
        ("grasshopper.ini", "variants/grasshopper.toml"),
        (
            "betza_fairy.ini",
            "tests/fixtures/rule_variants/betza_fairy.toml",
        ),
    ] {
        let text = std::fs::read_to_string(Path::new("tests/fixtures/fsf").join(ini)).unwrap();
        let imported = import_into(dir.path(), ini, &text);
        let ours = load(dir.path(), &imported[0]);
        let theirs = crate::helpers::load(shipped);
        let (mut a, mut s) = (Position::start(&ours), Position::start(&theirs));
        assert_eq!(legal(&a), legal(&s), "{ini}");
        for d in 1..=3 {
            assert_eq!(perft(&mut a, d), perft(&mut s, d), "{ini} perft {d}");
        }
    }
    let text = std::fs::read_to_string("tests/fixtures/fsf/chess_10x10.ini").unwrap();
    let imported = import_into(dir.path(), "chess_10x10.ini", &text);
    let mut pos = Position::start(&load(dir.path(), &imported[0]));
    assert_eq!([1, 2, 3].map(|d| perft(&mut pos, d)), [24, 336, 9352]);
}

/// Sections that once imported wrongly or not at all (issue 37), each with pyffish 0.0.90's
/// legal moves from its start (castlings as the king's move, as `legal` writes them).
const FIXED: &str = "\u{feff}# a byte-order mark first, as some editors write
[steps:chess]
doubleStepRank = 3
startFen = 4k3/8/8/8/8/1P6/P7/4K3 w - - 0 1
[initial quiet:chess]
customPiece1 = u:iNmK
startFen = 4k3/8/8/8/p7/8/1U6/4K3 w - - 0 1
[no queen:chess]
queen = -
startFen = 4k3/P7/8/8/8/8/8/4K3 w - - 0 1
[letter reused:chess]
customPiece1 = q:mW
startFen = 4k3/8/8/8/8/8/8/3QK3 w - - 0 1
[board only:chess]
startFen = 4k3/8/8/8/8/8/8/R3K2R
[royal betza:chess]
king = k:KN
startFen = 4k3/8/8/8/8/8/8/4K3 w - - 0 1
[from defaults]
king = k
rook = r
startFen = 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1
[next to start:chess]
castlingKingsideFile = e
startFen = 3k4/8/8/8/8/8/8/R2K3R w KQ - 0 1
[flag both:chess]
flagPiece = k
flagRegion = a5 h5
startFen = 4k3/8/8/K7/8/8/8/8 b - - 0 1
[flag over:kingofthehill]
flagRegion = a4
startFen = 4k3/8/8/3K4/8/8/8/8 b - - 0 1
[region beyond:chess]
maxFile = j
promotionRegionWhite = *7 *8 *9 *10
promotionRegionWhite = *7 *8 *9 *10
startFen = 4k5/10/P9/10/10/10/10/4K5 w - - 0 1
[short checks:3check]
startFen = 4k3/8/8/8/8/8/8/4K2R w 1+1 0 1
";

const FIXED_MOVES: &[(&str, &str)] = &[
    ("steps", "a2a3 a2a4 b3b4 b3b5 e1d1 e1d2 e1e2 e1f1 e1f2"),
    (
        "initial quiet",
        "b2a1 b2a2 b2a3 b2b1 b2b3 b2c1 b2c2 b2c3 b2c4 b2d1 b2d3 e1d1 e1d2 e1e2 e1f1 e1f2",
    ),
    ("no queen", "a7a8b a7a8n a7a8r e1d1 e1d2 e1e2 e1f1 e1f2"),
    ("letter reused", "d1c1 d1d2 e1d2 e1e2 e1f1 e1f2"),
    (
        "board only",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 \
         h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    ),
    (
        "royal betza",
        "e1c2 e1d1 e1d2 e1d3 e1e2 e1f1 e1f2 e1f3 e1g2",
    ),
    (
        "from defaults",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 \
         e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    ),
    (
        "next to start",
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 d1c1 d1c1 d1c2 d1d2 d1e1 d1e1 d1e2 \
         h1e1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    ),
    // `flagRegion` is both players' region (White's king on a5 has won) ...
    ("flag both", ""),
    // ... over the parent's per-colour regions (king of the hill's centre is no goal here).
    ("flag over", "e8d7 e8d8 e8e7 e8f7 e8f8"),
    // Ranks of Fairy-Stockfish's largest board beyond this one hold nothing; a key given twice
    // with one value says it once.
    (
        "region beyond",
        "a6a7b a6a7n a6a7q a6a7r e1d1 e1d2 e1e2 e1f1 e1f2",
    ),
    // The checks to give in a short start position (`w 1+1 0 1`; rookmate's `7+7`).
    (
        "short checks",
        "e1d1 e1d2 e1e2 e1f1 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    ),
];

#[test]
fn fixed_sections_play_as_pyffish() {
    let dir = crate::helpers::temp_dir();
    let imported = import_into(dir.path(), "fixed.ini", FIXED);
    assert_eq!(imported.len(), FIXED_MOVES.len());
    for (i, (name, moves)) in imported.iter().zip(FIXED_MOVES) {
        assert_eq!(&i.name, name);
        let start = Position::start(&load(dir.path(), i));
        let want: Vec<&str> = moves.split_whitespace().collect();
        assert_eq!(legal(&start), want, "{name}");
    }
    // One rank (its board declares the vertical directions, which lead nowhere: a warning).
    let one = import_into(
        dir.path(),
        "one.ini",
        "[one-rank:chess]\nmaxRank = 1\nstartFen = k6K w - - 0 1\n",
    );
    let rules = Rules::check_file(dir.path().join(&one[0].variant_file)).0;
    assert_eq!(legal(&Position::start(&Arc::new(rules.unwrap()))), ["h1g1"]);
    // Names a file cannot hold become `_`.
    assert_eq!(imported[1].variant_file, "initial_quiet.toml");
    // One check to give: the check wins, as pyffish ends the game after `h1h8`.
    let checks = imported.iter().find(|i| i.name == "short checks").unwrap();
    let mut pos = Position::start(&load(dir.path(), checks));
    let check = chessgraph::notation::parse_move(&pos, "h1h8").unwrap();
    pos.play(&check).unwrap();
    assert!(legal(&pos).is_empty(), "{:?}", legal(&pos));
    // The castling whose king ends next to its start reads apart from the king's step.
    let next = imported.iter().find(|i| i.name == "next to start").unwrap();
    let start = Position::start(&load(dir.path(), next));
    let texts = chessgraph::notation::legal_move_texts(&start);
    for t in ["d1-e1", "d1-e1/h1", "d1-c1", "d1-c1/a1"] {
        assert!(texts.iter().any(|x| x == t), "{t} in {texts:?}");
        let m = chessgraph::notation::parse_move(&start, t).expect(t);
        assert_eq!(chessgraph::notation::move_text(&start, m), t);
    }
}

#[test]
fn each_section_is_imported_or_refused_on_its_own() {
    let text = "[good:chess]\nmaxFile = j\nstartFen = rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1\n\
                [bad:chess]\nrook = 33\n\
                [child:bad]\n\
                [grandchild:good]\ncastling = false\n\
                [:chess]\n";
    let source = SourceFile::new("mixed.ini", text.to_string());
    let (imported, refused) = import_fsf(&source, None);
    let names: Vec<&str> = imported.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(names, ["good", "grandchild"]);
    let report = refused.expect("two sections and a header are refused").0;
    let shown = report.render_short();
    // One bad value, one problem; the child names its refused parent; the nameless header.
    assert_eq!(report.diagnostics.len(), 3, "{shown}");
    assert!(shown.contains("mixed.ini:5:8"), "{shown}");
    assert!(
        shown.contains("`[child]` is not imported: it inherits the problems of `bad`"),
        "{shown}"
    );
    assert!(
        shown.contains("expected a variant name here, found nothing"),
        "{shown}"
    );
    // `--variant` needs only the section and its ancestors.
    let (one, none) = import_fsf(&source, Some("grandchild"));
    assert!(none.is_none(), "{}", none.unwrap().0.render_short());
    assert_eq!(one.len(), 1);
}

#[test]
fn documented_fsf_keys_without_a_rule_name_the_missing_capability() {
    for key in [
        "nFoldValue",
        "pawnTypes",
        "castlingWins",
        "mandatoryPiecePromotion",
    ] {
        let text = format!("[x:chess]\n{key} = true\n");
        let err = import_all(&SourceFile::new("k.ini", text), None).expect_err(key);
        let shown = err.0.render_short();
        assert!(
            shown.contains(&format!(
                "Fairy-Stockfish's `{key}` cannot be imported: the importer has no rule for"
            )),
            "{shown}"
        );
        assert!(!shown.contains("did you mean"), "{shown}");
    }
}

/// A whole foreign ini file against its oracle data, section by section; not run by default:
/// `scripts/import-oracle --ini PATH --out DATA` first, then
/// `CHESSGRAPH_IMPORT_INI=PATH CHESSGRAPH_IMPORT_EXPECTED=DATA cargo test --test library
/// foreign_ini -- --ignored --nocapture` prints each section's verdict (refused, with the first
/// reason; imported and exact; imported but different, with the first difference) and the
/// counts. The README's numbers for Fairy-Stockfish's own `variants.ini` come from it.
#[test]
#[ignore = "needs an ini file and its oracle data (CHESSGRAPH_IMPORT_INI, CHESSGRAPH_IMPORT_EXPECTED)"]
fn foreign_ini_against_its_oracle_data() {
    let (Ok(ini), Ok(data)) = (
        std::env::var("CHESSGRAPH_IMPORT_INI"),
        std::env::var("CHESSGRAPH_IMPORT_EXPECTED"),
    ) else {
        panic!("set CHESSGRAPH_IMPORT_INI and CHESSGRAPH_IMPORT_EXPECTED");
    };
    let text = std::fs::read_to_string(&ini).unwrap();
    let (imported, refused) = import_fsf(&SourceFile::new(&ini, text), None);
    let expected = oracle_games::read(&data);
    let dir = crate::helpers::temp_dir();
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut exact = Vec::new();
    for i in &imported {
        std::fs::write(dir.path().join(&i.board_file), &i.board_text).unwrap();
        std::fs::write(dir.path().join(&i.variant_file), &i.variant_text).unwrap();
        let Some(e) = expected.get(&i.name) else {
            println!("{}: imported, no oracle data", i.name);
            continue;
        };
        let path = dir.path().join(&i.variant_file);
        let verdict = std::panic::catch_unwind(|| {
            let rules = Arc::new(Rules::check_file(&path).0.expect("loads"));
            let start = Position::start(&rules);
            for &(d, n) in &e.perft {
                assert_eq!(perft(&mut start.clone(), d), n, "perft {d}");
            }
            oracle_games::compare_games(&i.name, &start, e);
        });
        match verdict {
            Ok(()) => exact.push(i.name.clone()),
            Err(p) => {
                let why = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                let first = why.lines().take(4).collect::<Vec<_>>().join(" / ");
                println!("{}: imported, differs: {first}", i.name);
            }
        }
    }
    std::panic::set_hook(quiet);
    if let Some(r) = refused {
        for d in &r.0.diagnostics {
            println!("refused: {}", d.message);
        }
    }
    println!(
        "{} sections in the oracle data; {} imported; {} exact: {}",
        expected.len(),
        imported.len(),
        exact.len(),
        exact.join(" ")
    );
}
