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
use chessgraph::import::{Imported, import_fsf};
use chessgraph::perft::perft;
use chessgraph::testing::BUILTINS;
use chessgraph::testing::Code;

use crate::helpers::oracle_games::{self, legal};

/// Imports `ini` and writes the files into `dir`; the imported sections.
fn import_into(dir: &Path, name: &str, ini: &str) -> Vec<Imported> {
    let source = SourceFile::new(name, ini.to_string());
    let imported = import_fsf(&source, None).unwrap_or_else(|e| panic!("{}", e.0.render_short()));
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
    let err = import_fsf(&broken, None).expect_err("a drop loop needs captures to hand");
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
        let err = import_fsf(&source, variant).expect_err("a broken file");
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
        if let Err(err) = import_fsf(&SourceFile::new(&path, text.clone()), variant) {
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
    let imported = import_fsf(&source, Some("imp-house")).unwrap();
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
