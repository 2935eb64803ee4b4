//! `import fsf` on random and mutated ini text: never a panic or a hang; every problem is
//! located inside the file; an import that succeeds returns files that load.

use std::cell::RefCell;
use std::collections::BTreeMap;

use chessgraph::Rules;
use chessgraph::diagnostic::SourceFile;
use chessgraph::import::import_fsf;
use chessgraph::testing::known_keys;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use super::budget;
use super::mutation::{apply, mutation};

/// The seeds: the test sections and the broken files.
fn seeds() -> Vec<String> {
    let mut out = vec![std::fs::read_to_string("tests/import/sections.ini").unwrap()];
    let mut broken: Vec<_> = std::fs::read_dir("tests/import/broken")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    broken.sort();
    out.extend(broken.iter().map(|p| std::fs::read_to_string(p).unwrap()));
    out
}

/// Values that make the importer's readers work: letters, numbers, regions, Betza, FENs.
const VALUES: &[&str] = &[
    "true",
    "false",
    "-",
    "*",
    "j",
    "10",
    "0",
    "27",
    "99999999999999999999",
    "a",
    "k",
    "n",
    "u:NN",
    "x:afsW",
    "v:",
    ":",
    "*8",
    "a* d4",
    "*0",
    "z9",
    "qrbnu",
    "loss",
    "win",
    "draw",
    "8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
    "10/10/10/10/10/10/10/10 w - - 0 1",
    "K7/8/8/8/8/8/8/7k w KQkq - 0 1",
    "é",
    "\u{1b}[31m",
];

/// A random ini file: headers naming earlier sections and built-ins, keys the importer knows.
fn random_ini() -> impl Strategy<Value = String> {
    let keys = known_keys();
    let line =
        (0usize..keys.len(), 0usize..VALUES.len(), 0u8..8).prop_map(
            move |(k, v, kind)| match kind {
                0 => format!(
                    "[s{k}:{}]",
                    ["chess", "crazyhouse", "capablanca", "s1", "s2", "nope"][v % 6]
                ),
                1 => format!("[s{}:chess]", v % 4),
                _ => format!("{} = {}", keys[k], VALUES[v]),
            },
        );
    proptest::collection::vec(line, 0..30).prop_map(|lines| lines.join("\n"))
}

/// Imports `text`; on success writes and loads the files. Returns the outcome's name.
fn run(text: &str, dir: &std::path::Path) -> String {
    let source = SourceFile::new("fuzz.ini", text.to_string());
    // Each section is imported or refused on its own: what imports must load, refused or not.
    let (imported, refused) = import_fsf(&source, None);
    for i in &imported {
        let board = dir.join(&i.board_file);
        let variant = dir.join(&i.variant_file);
        std::fs::write(&board, &i.board_text).unwrap();
        std::fs::write(&variant, &i.variant_text).unwrap();
        // The importer loads what it writes before it returns it.
        let (rules, reports) = Rules::check_file(&variant);
        assert!(
            rules.is_some(),
            "{}\n{text}",
            reports.iter().map(|r| r.render_short()).collect::<String>()
        );
        std::fs::remove_file(board).unwrap();
        std::fs::remove_file(variant).unwrap();
    }
    match refused {
        None => "ok".into(),
        Some(e) => {
            assert!(e.0.has_errors());
            for d in &e.0.diagnostics {
                assert!(
                    d.span.start <= d.span.end && d.span.end <= text.len(),
                    "{d:?}"
                );
                assert!(
                    text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end),
                    "{d:?}"
                );
            }
            let _ = (e.0.render_short(), e.0.render(false, 100));
            e.0.diagnostics[0].code().to_string()
        }
    }
}

#[test]
fn mutated_ini_files_never_panic_and_every_problem_is_located() {
    let seeds = seeds();
    let dir = crate::helpers::temp_dir();
    let outcomes = RefCell::new(BTreeMap::<String, usize>::new());
    let strategy = (0..seeds.len(), proptest::collection::vec(mutation(), 1..4));
    TestRunner::new(budget::config(300))
        .run(&strategy, |(seed, mutations)| {
            let mut bytes = seeds[seed].as_bytes().to_vec();
            for m in &mutations {
                apply(&mut bytes, m);
            }
            let text = String::from_utf8_lossy(&bytes).into_owned();
            *outcomes
                .borrow_mut()
                .entry(run(&text, dir.path()))
                .or_default() += 1;
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let outcomes = outcomes.into_inner();
    assert!(
        outcomes.get("ok").is_some_and(|&n| n > 0),
        "no mutant imported: {outcomes:?}"
    );
    assert!(
        outcomes.len() > 3,
        "the mutants reach few stages: {outcomes:?}"
    );
}

#[test]
fn random_ini_files_never_panic_and_every_problem_is_located() {
    let dir = crate::helpers::temp_dir();
    TestRunner::new(budget::config(300))
        .run(&random_ini(), |text| {
            run(&text, dir.path());
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
}
